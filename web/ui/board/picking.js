// Which route is under a screen point, and how far from a track a pointer still hits it.
import { toMap } from "./geometry.js";

/** A mouse hits a route this many screen px beside its track (the hover glow and a click). */
export const MOUSE_REACH_PX = 6;
/** A finger's hit band around a track's centre line is at least this wide (px): the 44 px touch target. */
export const TOUCH_TARGET_PX = 44;

/** How far (screen px) beside a track `pointerType` still hits it at the current zoom. */
export function reachPx(pointerType, style, view) {
  if (pointerType === "mouse") return MOUSE_REACH_PX;
  const halfTrack = (style.spaceW / 2) * (view?.scale ?? 1);
  return Math.max(MOUSE_REACH_PX, TOUCH_TARGET_PX / 2 - halfTrack);
}

/**
 * The route nearest to a screen point within `tolerancePx` of its track, or null. Fair: the
 * nearest track's centre line wins (a point on a track always picks that track); a route that
 * can be claimed is preferred only on a tie (half a screen pixel), never over a nearer one.
 */
export function routeAt(geo, style, view, claimable, sx, sy, tolerancePx = MOUSE_REACH_PX) {
  if (!view) return null;
  const p = toMap(view, sx, sy);
  const tol = tolerancePx / view.scale;
  const tie = 0.5 / view.scale;
  let best = null, bestD = Infinity;
  const half = style.spaceW / 2;
  for (const g of geo.values()) {
    for (const off of g.offsets) {
      const rx = p.x - off - g.ax, ry = p.y - g.ay;
      const u = rx * g.dx + ry * g.dy, v = rx * g.nx + ry * g.ny;
      if (u < g.start - tol || u > g.end + tol) continue;
      const dv = Math.abs(v) - half;
      if (dv > tol) continue;
      const beyondEnd = Math.max(0, g.start - u, u - g.end);  // past the track's first or last space
      const score = Math.abs(v) + beyondEnd - (claimable.has(g.route.id) ? tie : 0);
      if (score < bestD) { bestD = score; best = g.route.id; }
    }
  }
  return best;
}
