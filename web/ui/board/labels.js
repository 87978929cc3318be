// City names, in screen space so they stay legible at every zoom, placed greedily without overlaps.
// `m` is the map: {board, style, view, fit (the fitted view)}.
import { INK } from "./style.js";

const LABEL_SIDES = ["below", "above", "right", "left"];
/** Where else a ticket's city in a picture may be named: at the dot's corners. */
const CORNERS = ["below-right", "below-left", "above-right", "above-left"];
/** The size, against the usual, of a ticket city's name in a picture where the usual size finds no room. */
const SMALLER_NAME = 0.8;

/**
 * Draws the labels: cities in focus first, then those of `first` (a picture's ticket cities), then
 * the best-connected ones; each label tries its preferred side, then the others, and is left out
 * (until the player zooms in) when every side would cover a label already placed or one of
 * `markers` (screen boxes {x0, y0, x1, y1, city?, minor?}: a ticket line's number, a city dot; a
 * city's own dot never counts against its label). A label of `first` also tries the dot's corners;
 * where nothing else is free, a label in focus or of `first` may cover a `minor` marker (the dot
 * of a city no ticket names) and come closer to another label than the usual 2 px. One in focus
 * is always drawn, on its preferred side if no side is free. Returns {boxes, hidden, markers}:
 * the boxes drawn (screen pixels, with their `city`), the cities whose labels were left out and
 * the markers.
 */
export function drawLabels(ctx, m, focusCities, { markers = [], first = null } = {}) {
  const v = m.view;
  const fit = m.fit;
  const zoom = v.scale / fit.scale;
  const L = m.style.label;
  const base = Math.min(L.max, Math.max(fit.scale < 0.6 ? L.minSmall : L.min,
    L.size * Math.sqrt(zoom) * Math.min(L.fitMax, Math.max(0.85, fit.scale * L.fitK))));
  const CITY_R = m.style.cityR;
  const sides = m.style.labelSide;
  ctx.textBaseline = "middle";
  ctx.lineJoin = "round";
  const minX = v.tx + 10 * v.scale, maxX = v.tx + (m.board.width - 10) * v.scale;
  const placed = [];
  const hidden = [];
  for (const c of labelOrder(m.board, focusCities, first)) {
    const hot = focusCities?.has(c.id);
    const x = c.x * v.scale + v.tx, y = c.y * v.scale + v.ty;
    const rr = CITY_R * v.scale + 3;
    const preferred = sides[c.id] ?? "below";
    const free = (strict) => (box) => !placed.some((b) => boxesOverlap(b, box, strict ? 2 : 0))
      && !markers.some((mk) => mk.city !== c.id && (strict || !mk.minor) && markerCovered(mk, box));
    const font = (size) => `${hot ? 700 : 600} ${size}px system-ui, -apple-system, "Segoe UI", Roboto, sans-serif`;
    const spotAt = (size) => {
      ctx.font = font(size);
      const tw = ctx.measureText(c.name).width;
      const boxes = [preferred, ...LABEL_SIDES.filter((s) => s !== preferred), ...(first?.has(c.id) ? CORNERS : [])]
        .map((side) => labelBox(side, x, y, rr, size, tw, minX, maxX));
      return boxes.find(free(true)) ?? ((hot || first?.has(c.id)) && boxes.find(free(false))) ?? (hot ? boxes[0] : null);
    };
    // A picture's ticket city that finds no room at the usual size is named a size smaller.
    let size = hot ? base + 2 : base;
    let spot = spotAt(size);
    if (!spot && first?.has(c.id)) spot = spotAt(size = Math.max(7, Math.round(size * SMALLER_NAME * 10) / 10));
    if (!spot) { hidden.push(c.id); continue; }
    ctx.font = font(size);
    placed.push({ ...spot, city: c.id });
    ctx.textAlign = "left";
    ctx.lineWidth = 3.5;
    ctx.strokeStyle = hot ? "rgba(255,248,225,1)" : "rgba(250,242,220,0.92)";
    ctx.strokeText(c.name, spot.x0, spot.cy);
    ctx.fillStyle = hot ? "#a4161a" : INK;
    ctx.fillText(c.name, spot.x0, spot.cy);
  }
  return { boxes: placed, hidden, markers };
}

// Cities with a label, by board, in placement order without focus.
const ranks = new WeakMap();

/** Cities with a label, in placement order: those in focus, then those of `first`, then by number
 *  of routes (ties: by id). */
function labelOrder(board, focusCities, first) {
  let rank = ranks.get(board);
  if (!rank) {
    const degree = new Map();
    for (const r of board.routes) for (const id of [r.a, r.b]) degree.set(id, (degree.get(id) ?? 0) + 1);
    rank = board.cities.filter((c) => !c.junction)
      .sort((p, q) => (degree.get(q.id) ?? 0) - (degree.get(p.id) ?? 0) || (p.id < q.id ? -1 : 1));
    ranks.set(board, rank);
  }
  if (!focusCities?.size && !first?.size) return rank;
  const tier = (c) => (focusCities?.has(c.id) ? 0 : first?.has(c.id) ? 1 : 2);
  return [0, 1, 2].flatMap((k) => rank.filter((c) => tier(c) === k));
}

/** A label's box beside its city dot (screen pixels), kept inside the map's width. */
function labelBox(side, x, y, rr, size, tw, minX, maxX) {
  const half = size * 0.55;
  let x0 = x - tw / 2, cy = y;
  if (side === "below") cy = y + rr + size * 0.6;
  else if (side === "above") cy = y - rr - size * 0.6;
  else if (side === "left") x0 = x - rr - 1 - tw;
  else if (side === "right") x0 = x + rr + 1;
  else {  // a corner: the box's near corner just off the dot
    const d = rr * 0.7;
    x0 = side.endsWith("right") ? x + d : x - d - tw;
    cy = side.startsWith("below") ? y + d + half : y - d - half;
  }
  if (x0 < minX) x0 = minX;
  else if (x0 + tw > maxX) x0 = maxX - tw;
  return { x0, x1: x0 + tw, y0: cy - half, y1: cy + half, cy };
}

/** Whether a label's box (with 1 px for the letters' halo) covers any of a marker's box. */
function markerCovered(mk, box) {
  return mk.x0 < box.x1 + 1 && box.x0 - 1 < mk.x1 && mk.y0 < box.y1 && box.y0 < mk.y1;
}

/** Whether two labels' boxes come closer than `gap` px side by side (or overlap). */
function boxesOverlap(a, b, gap = 2) {
  return a.x0 < b.x1 + gap && b.x0 < a.x1 + gap && a.y0 < b.y1 && b.y0 < a.y1;
}
