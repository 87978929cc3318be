// What the map shows when a game ends: the longest path (drawn route by route once, then labelled
// with its owner and length) and every player's tickets as lines between their cities (solid with
// ✓ when completed, dashed with ✗ when failed), all from the engine's final scores. BoardView calls
// these while drawing (render.js); the screen passes the data (endOverlay below) with BoardView.update.
import { t } from "../../i18n.js";
import { reducedMotion } from "../dom.js";
import { legCopies } from "./geometry.js";

/** How long the longest path takes to draw itself, route after route. */
export const LONGEST_DRAW_MS = 1600;

/**
 * The board state of the end of a game from the engine's scores: {longestOrder: [route ids of the
 * winner's path, in path order], longestLabel: {text, routeId}, endTickets: [{seat, cities, done,
 * color}], longestT0}. `names` and `colors` per seat.
 */
export function endOverlay(scores, names, colors, now = performance.now()) {
  const best = scores.filter((sc) => sc.longest_bonus_won && sc.longest_path_routes?.length);
  const owner = best[0] ?? null;
  const routes = owner?.longest_path_routes ?? [];
  return {
    longest: new Set(best.flatMap((sc) => sc.longest_path_routes)),
    longestOrder: routes,
    longestT0: reducedMotion() ? null : now,
    longestLabel: owner ? { routeId: routes[Math.floor(routes.length / 2)],
      text: t("map.longest", { name: best.map((sc) => names[sc.seat]).join(" & "), n: owner.longest_path }) } : null,
    endTickets: scores.flatMap((sc) => (sc.tickets ?? []).map((tk) => ({
      seat: sc.seat, cities: tk.cities, color: colors[sc.seat],
      done: tk.status ? tk.status !== "failed" : Boolean(tk.completed),
    }))),
  };
}

/** 0..1: how much of route `id` of the longest path is drawn at `now` (1 without animation). */
export function longestProgress(state, id, now) {
  const order = state.longestOrder ?? [];
  const i = order.indexOf(id);
  if (state.longestT0 === null || state.longestT0 === undefined || i < 0) return 1;
  const k = ((now - state.longestT0) / LONGEST_DRAW_MS) * order.length - i;
  return Math.max(0, Math.min(1, k));
}

/** True while the longest path is still drawing itself (the board keeps redrawing). */
export function longestAnimating(state, now) {
  return state.longestT0 !== null && state.longestT0 !== undefined && now - state.longestT0 < LONGEST_DRAW_MS + 50;
}

/**
 * Ticket lines in map space (under the cities): `seat` null shows every player's tickets. On a map
 * that wraps, a leg whose shorter way crosses the seam leaves one edge and arrives at the other
 * (geometry.js legCopies). Returns the line pieces drawn, [{seat, ax, ay, bx, by}] (for tests).
 */
export function drawEndTickets(ctx, cities, tickets, { seat = null, cityR, width, height, wraps = false }) {
  const drawn = [];
  if (!tickets?.length) return drawn;
  for (const tk of tickets) {
    if (seat !== null && tk.seat !== seat) continue;
    const pts = tk.cities.map((id) => cities.get(id)).filter(Boolean);
    if (pts.length < 2) continue;
    const legs = pts.slice(1).map((b, i) => legCopies(pts[i], b, width, wraps));
    ctx.save();
    ctx.beginPath();
    ctx.rect(0, -cityR * 4, width, height + cityR * 8);  // a copy across the seam ends at the edge
    ctx.clip();
    ctx.lineCap = "round";
    ctx.setLineDash(tk.done ? [] : [cityR * 1.2, cityR * 0.9]);
    ctx.beginPath();
    for (const copy of legs.flat()) {
      ctx.moveTo(copy.ax, copy.ay);
      ctx.lineTo(copy.bx, copy.by);
      drawn.push({ seat: tk.seat, ...copy });
    }
    ctx.lineWidth = cityR * 0.95;
    ctx.strokeStyle = "rgba(20,24,32,0.55)";
    ctx.stroke();
    ctx.lineWidth = cityR * 0.5;
    ctx.strokeStyle = tk.color;
    ctx.stroke();
    ctx.setLineDash([]);
    // The ✓ / ✗ badge in the middle of the first leg (of its copy that lies on the map).
    const mids = legs[0].map((c) => ({ x: (c.ax + c.bx) / 2, y: (c.ay + c.by) / 2 }));
    const { x: mx, y: my } = mids.find((p) => p.x >= 0 && p.x <= width) ?? mids[0];
    ctx.beginPath();
    ctx.arc(mx, my, cityR * 1.25, 0, Math.PI * 2);
    ctx.fillStyle = tk.done ? "#2a9d4b" : "#c0392b";
    ctx.fill();
    ctx.lineWidth = cityR * 0.3;
    ctx.strokeStyle = tk.color;
    ctx.stroke();
    ctx.fillStyle = "#fff";
    ctx.font = `700 ${cityR * 1.6}px system-ui, sans-serif`;
    ctx.textAlign = "center";
    ctx.textBaseline = "middle";
    ctx.fillText(tk.done ? "✓" : "✗", mx, my + cityR * 0.08);
    ctx.restore();
  }
  return drawn;
}

/** The longest path's label in screen space, at the middle route of the path (once it is drawn). */
export function drawLongestLabel(ctx, state, geo, view, now) {
  const label = state.longestLabel;
  const g = label && geo.get(label.routeId);
  if (!g || longestAnimating(state, now)) return;
  const x = g.mid.x * view.scale + view.tx, y = g.mid.y * view.scale + view.ty;
  ctx.save();
  ctx.font = "700 13px system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif";
  const w = ctx.measureText(label.text).width + 16;
  const bx = Math.max(4, Math.min(x - w / 2, ctx.canvas.width / (window.devicePixelRatio || 1) - w - 4)), by = y - 34;
  ctx.fillStyle = "rgba(20,24,32,0.9)";
  ctx.strokeStyle = "#fff";
  ctx.lineWidth = 1.5;
  ctx.beginPath();
  ctx.roundRect(bx, by, w, 22, 11);
  ctx.fill();
  ctx.stroke();
  ctx.fillStyle = "#fff";
  ctx.textAlign = "left";
  ctx.textBaseline = "middle";
  ctx.fillText(label.text, bx + 8, by + 11);
  ctx.restore();
}
