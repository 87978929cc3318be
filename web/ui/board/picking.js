// Which route is under a screen point.
import { toMap } from "./geometry.js";

/** The route under a screen point (claimable ones win near ties), or null. */
export function routeAt(geo, style, view, claimable, sx, sy, tolerancePx = 4) {
  if (!view) return null;
  const p = toMap(view, sx, sy);
  const tol = tolerancePx / view.scale;
  let best = null, bestD = Infinity;
  const half = style.spaceW / 2;
  for (const g of geo.values()) {
    for (const off of g.offsets) {
      const rx = p.x - off - g.ax, ry = p.y - g.ay;
      const u = rx * g.dx + ry * g.dy, v = rx * g.nx + ry * g.ny;
      if (u < g.start - tol || u > g.end + tol) continue;
      const dv = Math.abs(v) - half;
      if (dv > tol) continue;
      const score = Math.max(0, dv) - (claimable.has(g.route.id) ? 0.5 : 0);
      if (score < bestD) { bestD = score; best = g.route.id; }
    }
  }
  return best;
}
