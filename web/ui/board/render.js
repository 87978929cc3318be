// One frame of the map: background, highlights, tracks and trains, seam markers, cities, labels.
// `m` is a BoardView (view.js); it keeps the frame's label boxes in `m.labels` for tests.
import { reducedMotion } from "../dom.js";
import { FLASH_MS } from "./style.js";
import { compassBox, drawBackground } from "./background.js";
import { drawGlow, drawTrack, drawShips, drawTrains, eachCopy, routeSymbolPx, routeSymbolSize } from "./tracks.js";
import { drawCities, drawSeamMarks } from "./cities.js";
import { drawLabels } from "./labels.js";
import { drawEndTickets, drawLongestLabel, longestAnimating, longestProgress } from "./endgame.js";
import { BADGE_R, drawTicketLines } from "./ticketlines.js";

/** Draws the map as `m.state` says; returns what is animated: "smooth" (a claim's flash, the longest
 *  path drawing itself: ask for the next frame), "pulse" (only the slow pulse: a frame in a while
 *  will do) or "" (nothing: draw again when something changes). */
export function renderBoard(m) {
  const ctx = m.canvas.getContext("2d");
  const { w, h: hh, dpr } = m.size;
  const now = performance.now();
  const v = m.view;
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  ctx.clearRect(0, 0, w, hh);
  ctx.fillStyle = "#1b2536";
  ctx.fillRect(0, 0, w, hh);
  ctx.setTransform(dpr * v.scale, 0, 0, dpr * v.scale, dpr * v.tx, dpr * v.ty);
  drawBackground(ctx, m);

  const st = m.state;
  const focus = st.focus;
  const pulsing = !reducedMotion() && now < m.pulseUntil;
  const pulse = pulsing ? 0.55 + 0.45 * Math.sin(now / 260) : 0.75;

  // Highlights under the tracks.
  for (const g of m.geo.values()) {
    const id = g.route.id;
    if (st.longest?.has(id)) {  // at the end, the longest path draws itself once (endgame.js)
      const k = longestProgress(st, id, now);
      if (k > 0) drawGlow(ctx, m, g, "rgba(255,255,255,0.95)", 7, k);
    }
    if (focus?.routes?.has(id)) drawGlow(ctx, m, g, "rgba(255,214,92,0.95)", 6);
    if (st.claimable.has(id) && !(id in st.owners)) drawGlow(ctx, m, g, `rgba(255,190,30,${0.35 + 0.5 * pulse})`, 2.6);
    if (id === m.hover) drawGlow(ctx, m, g, "rgba(255,255,255,0.8)", 4);
    if (id === m.pinned?.id) drawGlow(ctx, m, g, "rgba(255,255,255,0.95)", 7);  // selected: its tip holds the Claim button
  }
  for (const f of m.flashes) {
    const g = m.geo.get(f.routeId);
    const k = (now - f.t0) / FLASH_MS;
    if (k < 1) drawGlow(ctx, m, g, f.color, 4 + 10 * (1 - k), 1 - k * 0.8);
  }
  m.flashes = m.flashes.filter((f) => now - f.t0 < FLASH_MS);

  // Tracks and trains; the player marks drawn are counted for the tests (m.marks).
  const dimmed = (id) => focus && !focus.routes?.has(id);
  const drawn = {};
  for (const g of m.geo.values()) {
    const owner = st.owners[g.route.id];
    ctx.globalAlpha = dimmed(g.route.id) ? (owner === undefined ? 0.35 : 0.55) : 1;
    eachCopy(ctx, m, g, () => {
      if (owner === undefined) return drawTrack(ctx, m, g);
      const color = st.playerColors[owner] ?? "#888", mark = st.playerMarks?.[owner] ?? null;
      const n = g.ship ? drawShips(ctx, m, g, color, mark) : drawTrains(ctx, m, g, color, mark);
      drawn[owner] = (drawn[owner] ?? 0) + n;
    });
  }
  ctx.globalAlpha = 1;
  m.marks = { colorBlind: Boolean(st.colorBlind), seats: st.playerMarks ?? [], drawn,
    routeSymbolPx: routeSymbolPx(m), routeSymbolsShown: routeSymbolSize(m) > 0 };

  if (m.seamMarks.length) drawSeamMarks(ctx, m);
  m.ticketLines = drawEndTickets(ctx, m.cities, st.endTickets, { seat: st.endSeat ?? null, cityR: m.style.cityR,
    width: m.board.width, height: m.board.height, wraps: m.wraps });
  drawCities(ctx, m, pulse);
  // Tickets being chosen (dialog pictures).
  const badges = drawTicketLines(ctx, m.cities, st.ticketLines, v.scale,
    { width: m.board.width, height: m.board.height, wraps: m.wraps, dotR: cityDotRadius(m) });

  // Labels in screen space, so they stay legible at every zoom.
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  m.labels = drawLabels(ctx, m, focus?.cities, ticketLineMarkers(m, badges));
  drawLongestLabel(ctx, st, m.geo, v, now);
  m.compass = compassBox(m, v);

  if (m.flashes.length || longestAnimating(st, now)) return "smooth";
  return pulsing && (st.claimable.size || focus?.cities?.size || st.harborTargets?.size) ? "pulse" : "";
}

/** A city dot's radius on screen, its dark ring included (px). */
function cityDotRadius(m) {
  return m.style.cityR * m.view.scale * (1 + 2.1 / 7.5);
}

/**
 * Where tickets are drawn as lines (a dialog's picture), the city names keep clear of what marks
 * them: the lines' number badges and the city dots (a ticket's city may cover another city's dot
 * rather than go unnamed), and the tickets' cities are named first. Screen boxes, as drawLabels
 * takes them.
 */
function ticketLineMarkers(m, badges) {
  const lines = m.state.ticketLines;
  if (!lines?.length) return {};
  const v = m.view;
  const box = (x, y, r, extra) => ({ x0: x - r, y0: y - r, x1: x + r, y1: y + r, ...extra });
  const dotR = cityDotRadius(m);
  const first = new Set(lines.flatMap((ln) => ln.cities));
  return {
    markers: [
      ...badges.map((b) => box(b.x * v.scale + v.tx, b.y * v.scale + v.ty, BADGE_R, { badge: b.label })),
      ...m.board.cities.map((c) => box(c.x * v.scale + v.tx, c.y * v.scale + v.ty, dotR,
        { city: c.id, minor: !first.has(c.id) })),
    ],
    first,
  };
}
