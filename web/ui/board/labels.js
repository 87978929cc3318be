// City names, in screen space so they stay legible at every zoom, placed greedily without overlaps.
// `m` is the map: {board, style, view, fit (the fitted view)}.
import { INK } from "./style.js";

const LABEL_SIDES = ["below", "above", "right", "left"];

/**
 * Draws the labels: cities in focus first, then the best-connected ones; each label tries its
 * preferred side, then the others, and is left out (until the player zooms in) when every side
 * would cover a label already placed. Returns {boxes, hidden}: the boxes drawn (screen pixels)
 * and the cities whose labels were left out.
 */
export function drawLabels(ctx, m, focusCities) {
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
  for (const c of labelOrder(m.board, focusCities)) {
    const hot = focusCities?.has(c.id);
    const size = hot ? base + 2 : base;
    ctx.font = `${hot ? 700 : 600} ${size}px system-ui, -apple-system, "Segoe UI", Roboto, sans-serif`;
    const x = c.x * v.scale + v.tx, y = c.y * v.scale + v.ty;
    const rr = CITY_R * v.scale + 3;
    const tw = ctx.measureText(c.name).width;
    const preferred = sides[c.id] ?? "below";
    let spot = null;
    for (const side of [preferred, ...LABEL_SIDES.filter((s) => s !== preferred)]) {
      const box = labelBox(side, x, y, rr, size, tw, minX, maxX);
      if (hot || !placed.some((b) => boxesOverlap(b, box))) { spot = box; break; }
    }
    if (!spot) { hidden.push(c.id); continue; }
    placed.push(spot);
    ctx.textAlign = "left";
    ctx.lineWidth = 3.5;
    ctx.strokeStyle = hot ? "rgba(255,248,225,1)" : "rgba(250,242,220,0.92)";
    ctx.strokeText(c.name, spot.x0, spot.cy);
    ctx.fillStyle = hot ? "#a4161a" : INK;
    ctx.fillText(c.name, spot.x0, spot.cy);
  }
  return { boxes: placed, hidden };
}

// Cities with a label, by board, in placement order without focus.
const ranks = new WeakMap();

/** Cities with a label, in placement order: those in focus, then by number of routes (ties: by id). */
function labelOrder(board, focusCities) {
  let rank = ranks.get(board);
  if (!rank) {
    const degree = new Map();
    for (const r of board.routes) for (const id of [r.a, r.b]) degree.set(id, (degree.get(id) ?? 0) + 1);
    rank = board.cities.filter((c) => !c.junction)
      .sort((p, q) => (degree.get(q.id) ?? 0) - (degree.get(p.id) ?? 0) || (p.id < q.id ? -1 : 1));
    ranks.set(board, rank);
  }
  if (!focusCities?.size) return rank;
  return [...rank.filter((c) => focusCities.has(c.id)), ...rank.filter((c) => !focusCities.has(c.id))];
}

/** A label's box beside its city dot (screen pixels), kept inside the map's width. */
function labelBox(side, x, y, rr, size, tw, minX, maxX) {
  let x0 = x - tw / 2, cy = y;
  if (side === "below") cy = y + rr + size * 0.6;
  else if (side === "above") cy = y - rr - size * 0.6;
  else if (side === "left") x0 = x - rr - 1 - tw;
  else x0 = x + rr + 1;
  if (x0 < minX) x0 = minX;
  else if (x0 + tw > maxX) x0 = maxX - tw;
  const half = size * 0.55;
  return { x0, x1: x0 + tw, y0: cy - half, y1: cy + half, cy };
}

function boxesOverlap(a, b) {
  return a.x0 < b.x1 + 2 && b.x0 < a.x1 + 2 && a.y0 < b.y1 && b.y0 < a.y1;
}
