// Where things are: every route space as a rotated rectangle, the seam markers of a wrapping map,
// and the fitted / clamped view (map units <-> screen pixels).

/** Precomputed geometry of the routes: every space as a rotated rectangle. */
export function routeGeometry(board, style) {
  const { cityGap, spaceGap, maxSpaceLen, doubleOffset } = style;
  const cities = new Map(board.cities.map((c) => [c.id, c]));
  const geo = new Map();
  for (const r of board.routes) {
    const a = cities.get(r.a), b = cities.get(r.b);
    // A route across the map's east/west seam runs to b's copy one map width away; it is drawn
    // twice (shifted by `shift`), each copy clipped to the map, so it leaves one edge and
    // arrives at the other.
    const shift = r.wraps ? (b.x < a.x ? board.width : -board.width) : 0;
    let dx = b.x + shift - a.x, dy = b.y - a.y;
    const d = Math.hypot(dx, dy) || 1;
    dx /= d; dy /= d;
    const nx = -dy, ny = dx;
    let off = 0;
    if (r.double) off = r.id < r.double ? -doubleOffset : doubleOffset;
    const ax = a.x + nx * off, ay = a.y + ny * off;
    const avail = d - 2 * cityGap;
    let len = (avail - spaceGap * (r.length - 1)) / r.length;
    len = Math.max(4, Math.min(maxSpaceLen, len));
    const chain = len * r.length + spaceGap * (r.length - 1);
    const start = (d - chain) / 2;
    const spaces = [];
    for (let i = 0; i < r.length; i++) {
      const u = start + i * (len + spaceGap) + len / 2;
      spaces.push({ x: ax + dx * u, y: ay + dy * u });
    }
    // Rough-terrain spaces (world): the middle ones of the route.
    const firstRough = Math.floor((r.length - (r.rough ?? 0)) / 2);
    const g = {
      route: r, ax, ay, dx, dy, nx, ny, start, end: start + chain, len, spaces,
      angle: Math.atan2(dy, dx), mid: { x: ax + dx * d / 2, y: ay + dy * d / 2 },
      ship: r.kind === "ship", rough: (i) => i >= firstRough && i < firstRough + (r.rough ?? 0),
      offsets: shift ? [0, -shift] : [0],
    };
    if (shift) {
      // Where the line crosses the seam (same height at both edges).
      const edgeX = shift > 0 ? board.width : 0;
      const u = (edgeX - ax) / (dx || 1e-9);
      g.seam = { y: ay + dy * u, dir: shift > 0 ? 1 : -1 };
    }
    geo.set(r.id, g);
  }
  return geo;
}

/** Whether the map wraps east–west (some route crosses its seam, as on the world map). */
export function mapWraps(board) {
  return (board.routes ?? []).some((r) => r.wraps);
}

/**
 * The straight line from city `a` to city `b` as drawn on the map: one copy, or, on a map that
 * wraps (`wraps`) when the shorter way crosses the east/west seam, two copies one map width apart
 * (draw both clipped to the map: the line leaves one edge and arrives at the other, as the routes
 * across the seam do). Each copy is {ax, ay, bx, by} in map units.
 */
export function legCopies(a, b, width, wraps) {
  if (!wraps || Math.abs(b.x - a.x) <= width / 2) return [{ ax: a.x, ay: a.y, bx: b.x, by: b.y }];
  const shift = b.x < a.x ? width : -width;
  return [{ ax: a.x, ay: a.y, bx: b.x + shift, by: b.y }, { ax: a.x - shift, ay: a.y, bx: b.x, by: b.y }];
}

/** Lettered markers where routes cross the east/west seam: the same letter at both edges. */
export function seamMarks(geo) {
  const marks = [];
  for (const g of geo.values()) {
    if (!g.seam) continue;
    const near = marks.find((m) => Math.abs(m.y - g.seam.y) < 9);
    if (near) { near.routes.push(g.route.id); continue; }
    marks.push({ y: g.seam.y, dir: g.seam.dir, routes: [g.route.id], ship: g.ship });
  }
  marks.sort((a, b) => a.y - b.y);
  marks.forEach((m, i) => { m.label = String.fromCharCode(65 + i); });
  return marks;
}

/** The view {scale, tx, ty} that shows the whole map in a `size` box, or only the `frame` cities
 *  (with room for their labels) as large as fits. */
export function fitView(board, size, { frame = null, cities = null, cityR = 0 } = {}) {
  const { w, h } = size;
  if (frame) return fitFrame(frame.map((id) => cities.get(id)).filter(Boolean), size, cityR * 7);
  const scale = fitScale(board, size);
  return { scale, tx: (w - board.width * scale) / 2, ty: (h - board.height * scale) / 2 };
}

const FIT_PAD = 6;

function fitScale(board, { w, h }) {
  return Math.max(0.05, Math.min((w - 2 * FIT_PAD) / board.width, (h - 2 * FIT_PAD) / board.height));
}

/** The room {w, h} a `size` box has beside and above/below the whole fitted map (0 on the axis the
 *  map fills): what can be taken off the box without making the map smaller. */
export function spareRoom(board, size) {
  const scale = fitScale(board, size);
  return { w: Math.max(0, Math.floor(size.w - 2 * FIT_PAD - board.width * scale)),
    h: Math.max(0, Math.floor(size.h - 2 * FIT_PAD - board.height * scale)) };
}

function fitFrame(pts, { w, h }, margin) {
  const x0 = Math.min(...pts.map((c) => c.x)) - margin, x1 = Math.max(...pts.map((c) => c.x)) + margin;
  const y0 = Math.min(...pts.map((c) => c.y)) - margin, y1 = Math.max(...pts.map((c) => c.y)) + margin;
  const scale = Math.max(0.05, Math.min(w / (x1 - x0), h / (y1 - y0)));
  return { scale, tx: w / 2 - scale * (x0 + x1) / 2, ty: h / 2 - scale * (y0 + y1) / 2 };
}

/** Keeps the map in the box: centred on an axis where it is smaller, else no empty margin. */
export function clampView(view, board, { w, h }) {
  const mw = board.width * view.scale, mh = board.height * view.scale;
  const clampAxis = (tpos, mapLen, viewLen) =>
    mapLen <= viewLen ? (viewLen - mapLen) / 2 : Math.min(0, Math.max(viewLen - mapLen, tpos));
  view.tx = clampAxis(view.tx, mw, w);
  view.ty = clampAxis(view.ty, mh, h);
}

/** A screen point in map units. */
export function toMap(view, sx, sy) {
  return { x: (sx - view.tx) / view.scale, y: (sy - view.ty) / view.scale };
}
