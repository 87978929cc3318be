// The map: drawn on a canvas from the engine's `board` data (no images), with pan/zoom
// (wheel, drag, pinch, buttons), hover/tap route info, highlights and short animations.
import { drawEndTickets, drawLongestLabel, longestAnimating, longestProgress } from "./endmap.js";
import { h, reducedMotion } from "./dom.js";
import { CARD_COLORS, SYMBOLS, FORM_PATHS, inkOn } from "./cards.js";
import { t } from "../i18n.js";

/**
 * Sizes in map units: city dot radius, free space between a city centre and the first route
 * space, thickness of a space, gap between two spaces, longest space. The world map is denser
 * (more cities on a wider, lower map), so it draws everything smaller.
 */
const STYLES = {
  default: { cityR: 7.5, cityGap: 11, spaceW: 9.5, spaceGap: 2.2, maxSpaceLen: 30, maxZoom: 7 },
  world: { cityR: 4.4, cityGap: 6.6, spaceW: 6.2, spaceGap: 1.5, maxSpaceLen: 20, maxZoom: 9 },
};
const boardStyle = (board) => {
  const st = STYLES[board.variant] ?? STYLES.default;
  return { ...st, doubleOffset: st.spaceW / 2 + st.spaceW * 0.17 };
};
const FLASH_MS = 1400;

const PARCHMENT = "#efe3c4";
const INK = "#2b2418";
const GOLD = "#f0b429";

const SYMBOL_PATHS = Object.fromEntries(Object.entries(SYMBOLS).map(([k, d]) => [k, new Path2D(d)]));
const ANCHOR_PATH = new Path2D(FORM_PATHS.anchor);

/** Label placement tweaks (in label heights / widths) where the default spot is crowded. */
const LABEL_SIDE = {
  SF: "left", LA: "left", POR: "left", SEA: "left", VAN: "left", MIA: "below", BOS: "right",
  NY: "right", MTL: "above", WAS: "right", RAL: "right", CHS: "right", TOR: "above",
  PIT: "right", CHI: "above", SSM: "above", DUL: "left", WIN: "above", CAL: "right",
  HEL: "right", DEN: "right", KC: "below", OMA: "left", STL: "right", NAS: "right",
  ATL: "left", NO: "below", HOU: "below", DAL: "right", OKC: "left", LR: "right",
  ELP: "below", SFE: "right", PHX: "below", LV: "right", SLC: "right",
};
const LABEL_SIDE_WORLD = {};

/** Precomputed geometry of the routes: every space as a rotated rectangle. */
export function routeGeometry(board, style = boardStyle(board)) {
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

function roundRect(ctx, x, y, w, hgt, r) {
  ctx.beginPath();
  ctx.roundRect(x, y, w, hgt, r);
}

/** The map view. `el` is its element; call update() with what to show. */
export class BoardView {
  /** `frame`: city ids the view fits instead of the whole map, with `interactive` false for a still
   *  picture (no pan, zoom, tips or buttons: the rules pages draw their examples this way). */
  constructor(board, { onRouteActivate = () => {}, describeRoute = () => null, onEmptyTap = () => {}, title = null,
    frame = null, interactive = true } = {}) {
    this.board = board;
    this.frameCities = frame;
    this.title = title ?? board.name ?? "";
    this.cities = new Map(board.cities.map((c) => [c.id, c]));
    this.style = boardStyle(board);
    this.world = Boolean(board.wraps);
    this.geo = routeGeometry(board, this.style);
    this.seamMarks = this.#seamMarks();
    this.onRouteActivate = onRouteActivate;
    this.describeRoute = describeRoute;
    this.onEmptyTap = onEmptyTap;
    this.state = { owners: {}, playerColors: [], claimable: new Set(), focus: null, longest: null, mine: null,
      harbors: {}, harborTargets: null };
    this.flashes = [];
    this.hover = null;
    this.pinned = null;
    this.view = null;   // {scale, tx, ty}
    this.userMoved = false;
    this.size = { w: 0, h: 0, dpr: 1 };
    this.pointers = new Map();
    this.frame = 0;

    this.canvas = h("canvas", { class: "board-canvas", testid: "board-canvas", role: "img",
      "aria-label": t("board.aria") });
    this.tooltip = h("div", { class: "board-tip", role: "status", hidden: true, testid: "route-tip" });
    const zoomBtn = (label, key, fn, testid) => h("button", {
      type: "button", class: "zoom-btn", "aria-label": t(key), title: t(key), testid,
      on: { click: fn } }, label);
    this.controls = h("div", { class: "zoom-controls" },
      zoomBtn("+", "board.zoomIn", () => this.zoomBy(1.4), "zoom-in"),
      zoomBtn("−", "board.zoomOut", () => this.zoomBy(1 / 1.4), "zoom-out"),
      zoomBtn("⟲", "board.zoomReset", () => this.resetView(), "zoom-reset"));
    this.el = h("div", { class: "board-wrap", testid: interactive ? "board" : "board-picture" }, this.canvas,
      interactive ? this.tooltip : null, interactive ? this.controls : null);
    if (interactive) this.#bindEvents();
    this.resizeObserver = new ResizeObserver(() => this.#resize());
    this.resizeObserver.observe(this.el);
  }

  destroy() {
    this.resizeObserver.disconnect();
    cancelAnimationFrame(this.frame);
    this.destroyed = true;
  }

  /**
   * owners: {routeId: seat}; playerColors: [css]; claimable: Set of route ids; focus: {cities, routes}|null;
   * longest: Set|null; harbors: {cityId: seat} (world); harborTargets: Set of city ids to point out, or null;
   * bigCities: Set of city ids ringed as big cities (North America's Big Cities way of play), or null;
   * at the end (endmap.js endOverlay): longestOrder, longestT0, longestLabel, endTickets, endSeat.
   */
  update(state) {
    Object.assign(this.state, state);
    if (this.pinned) this.#showTip(this.pinned.id, this.pinned.sx, this.pinned.sy, true);
    this.requestRender();
  }

  /** Briefly highlights a route (a claim) in `color`. */
  flash(routeId, color = GOLD) {
    if (!this.geo.has(routeId)) return;
    this.flashes.push({ routeId, color, t0: performance.now() });
    this.requestRender();
  }

  resetView() {
    this.userMoved = false;
    this.view = this.#fitView();
    this.requestRender();
  }

  zoomBy(factor, cx = this.size.w / 2, cy = this.size.h / 2) {
    if (!this.view) return;
    const fit = this.#fitView();
    const scale = Math.min(fit.scale * this.style.maxZoom, Math.max(fit.scale, this.view.scale * factor));
    const k = scale / this.view.scale;
    this.view = { scale, tx: cx - (cx - this.view.tx) * k, ty: cy - (cy - this.view.ty) * k };
    this.userMoved = scale > fit.scale * 1.001;
    this.#clampView();
    this.#hideTip();
    this.requestRender();
  }

  requestRender() {
    if (this.frame || this.destroyed) return;
    this.frame = requestAnimationFrame(() => {
      this.frame = 0;
      this.#render();
    });
  }

  // ------------------------------------------------------------------ layout
  #fitView() {
    const { w, h: hh } = this.size;
    if (this.frameCities) return this.#fitFrame();
    const pad = 6;
    const scale = Math.max(0.05, Math.min((w - 2 * pad) / this.board.width, (hh - 2 * pad) / this.board.height));
    return { scale, tx: (w - this.board.width * scale) / 2, ty: (hh - this.board.height * scale) / 2 };
  }

  /** The view that shows the `frame` cities (with room for their labels) as large as fits. */
  #fitFrame() {
    const { w, h: hh } = this.size;
    const pts = this.frameCities.map((id) => this.cities.get(id)).filter(Boolean);
    const margin = this.style.cityR * 7;
    const x0 = Math.min(...pts.map((c) => c.x)) - margin, x1 = Math.max(...pts.map((c) => c.x)) + margin;
    const y0 = Math.min(...pts.map((c) => c.y)) - margin, y1 = Math.max(...pts.map((c) => c.y)) + margin;
    const scale = Math.max(0.05, Math.min(w / (x1 - x0), hh / (y1 - y0)));
    return { scale, tx: w / 2 - scale * (x0 + x1) / 2, ty: hh / 2 - scale * (y0 + y1) / 2 };
  }

  #clampView() {
    const v = this.view, { w, h: hh } = this.size;
    const mw = this.board.width * v.scale, mh = this.board.height * v.scale;
    const clampAxis = (tpos, mapLen, viewLen) =>
      mapLen <= viewLen ? (viewLen - mapLen) / 2 : Math.min(0, Math.max(viewLen - mapLen, tpos));
    v.tx = clampAxis(v.tx, mw, w);
    v.ty = clampAxis(v.ty, mh, hh);
  }

  #resize() {
    const rect = this.el.getBoundingClientRect();
    const dpr = Math.min(3, window.devicePixelRatio || 1);
    const w = Math.max(1, Math.round(rect.width)), hh = Math.max(1, Math.round(rect.height));
    if (w === this.size.w && hh === this.size.h && dpr === this.size.dpr) return;
    const old = this.size, oldView = this.view;
    this.size = { w, h: hh, dpr };
    this.canvas.width = Math.round(w * dpr);
    this.canvas.height = Math.round(hh * dpr);
    this.canvas.style.setProperty("width", `${w}px`);
    this.canvas.style.setProperty("height", `${hh}px`);
    if (!oldView || !this.userMoved) {
      this.view = this.#fitView();
    } else {
      // Keep the same map point in the middle.
      const mx = (old.w / 2 - oldView.tx) / oldView.scale, my = (old.h / 2 - oldView.ty) / oldView.scale;
      this.view = { scale: oldView.scale, tx: w / 2 - mx * oldView.scale, ty: hh / 2 - my * oldView.scale };
      this.#clampView();
    }
    this.#render();
  }

  // ------------------------------------------------------------------ input
  #toMap(sx, sy) {
    const v = this.view;
    return { x: (sx - v.tx) / v.scale, y: (sy - v.ty) / v.scale };
  }

  /** The route under a screen point (claimable ones win near ties). */
  routeAt(sx, sy, tolerancePx = 4) {
    if (!this.view) return null;
    const p = this.#toMap(sx, sy);
    const tol = tolerancePx / this.view.scale;
    let best = null, bestD = Infinity;
    const half = this.style.spaceW / 2;
    for (const g of this.geo.values()) {
      for (const off of g.offsets) {
        const rx = p.x - off - g.ax, ry = p.y - g.ay;
        const u = rx * g.dx + ry * g.dy, v = rx * g.nx + ry * g.ny;
        if (u < g.start - tol || u > g.end + tol) continue;
        const dv = Math.abs(v) - half;
        if (dv > tol) continue;
        const score = Math.max(0, dv) - (this.state.claimable.has(g.route.id) ? 0.5 : 0);
        if (score < bestD) { bestD = score; best = g.route.id; }
      }
    }
    return best;
  }

  #local(ev) {
    const r = this.canvas.getBoundingClientRect();
    return { x: ev.clientX - r.left, y: ev.clientY - r.top };
  }

  #bindEvents() {
    const c = this.canvas;
    c.addEventListener("wheel", (ev) => {
      ev.preventDefault();
      const p = this.#local(ev);
      this.zoomBy(Math.exp(-ev.deltaY * (ev.deltaMode === 1 ? 0.05 : 0.0016)), p.x, p.y);
    }, { passive: false });
    c.addEventListener("pointerdown", (ev) => {
      c.setPointerCapture?.(ev.pointerId);
      const p = this.#local(ev);
      this.pointers.set(ev.pointerId, { ...p, sx: p.x, sy: p.y, type: ev.pointerType });
      this.gesture = { moved: false, pinch: this.pointers.size >= 2 ? this.#pinchInfo() : null };
    });
    c.addEventListener("pointermove", (ev) => {
      const p = this.#local(ev);
      const ptr = this.pointers.get(ev.pointerId);
      if (!ptr) {
        if (ev.pointerType === "mouse") this.#hoverAt(p.x, p.y);
        return;
      }
      const dx = p.x - ptr.x, dy = p.y - ptr.y;
      ptr.x = p.x; ptr.y = p.y;
      if (this.pointers.size >= 2) {
        const info = this.#pinchInfo();
        const prev = this.gesture?.pinch;
        if (prev) {
          this.view.tx += info.cx - prev.cx;
          this.view.ty += info.cy - prev.cy;
          this.zoomBy(info.dist / prev.dist, info.cx, info.cy);
        }
        this.gesture = { moved: true, pinch: info };
        return;
      }
      if (!this.gesture.moved && Math.hypot(p.x - ptr.sx, p.y - ptr.sy) < 6) return;
      this.gesture.moved = true;
      this.view.tx += dx;
      this.view.ty += dy;
      this.#clampView();
      this.userMoved = true;
      this.#hideTip();
      this.requestRender();
    });
    const end = (ev) => {
      const ptr = this.pointers.get(ev.pointerId);
      if (!ptr) return;
      this.pointers.delete(ev.pointerId);
      if (ev.type === "pointerup" && !this.gesture.moved && this.pointers.size === 0) {
        const p = this.#local(ev);
        const id = this.routeAt(p.x, p.y, ev.pointerType === "mouse" ? 3 : 10);
        if (id) {
          if (ev.pointerType !== "mouse") this.#showTip(id, p.x, p.y, true);
          this.onRouteActivate(id, { pointerType: ev.pointerType });
        } else {
          this.#hideTip();
          this.onEmptyTap();
        }
      }
      if (this.pointers.size < 2 && this.gesture) this.gesture.pinch = null;
    };
    c.addEventListener("pointerup", end);
    c.addEventListener("pointercancel", end);
    c.addEventListener("pointerleave", (ev) => {
      if (ev.pointerType === "mouse" && !this.pinned) {
        this.hover = null;
        this.#hideTip();
        this.requestRender();
      }
    });
  }

  #pinchInfo() {
    const [a, b] = [...this.pointers.values()];
    return { cx: (a.x + b.x) / 2, cy: (a.y + b.y) / 2, dist: Math.max(10, Math.hypot(a.x - b.x, a.y - b.y)) };
  }

  #hoverAt(x, y) {
    const id = this.routeAt(x, y, 3);
    this.canvas.style.setProperty("cursor", id && this.state.claimable.has(id) ? "pointer" : id ? "help" : "grab");
    if (id !== this.hover) {
      this.hover = id;
      this.requestRender();
    }
    if (id) this.#showTip(id, x, y, false);
    else if (!this.pinned) this.#hideTip();
  }

  #showTip(id, sx, sy, pinned) {
    const content = this.describeRoute(id, { pinned });
    if (!content) return this.#hideTip();
    this.pinned = pinned ? { id, sx, sy } : null;
    this.tooltip.replaceChildren(content);
    this.tooltip.hidden = false;
    this.tooltip.classList.toggle("pinned", pinned);
    const tw = this.tooltip.offsetWidth, th = this.tooltip.offsetHeight;
    let x = sx + 14, y = sy + 14;
    if (x + tw > this.size.w - 4) x = Math.max(4, sx - tw - 14);
    if (y + th > this.size.h - 4) y = Math.max(4, sy - th - 14);
    this.tooltip.style.setProperty("left", `${x}px`);
    this.tooltip.style.setProperty("top", `${y}px`);
  }

  #hideTip() {
    this.pinned = null;
    this.tooltip.hidden = true;
    if (this.hover) {
      this.hover = null;
      this.requestRender();
    }
  }

  hideTip() { this.#hideTip(); }

  // ------------------------------------------------------------------ drawing
  #render() {
    if (!this.view || this.destroyed) return;
    const ctx = this.canvas.getContext("2d");
    const { w, h: hh, dpr } = this.size;
    const now = performance.now();
    const v = this.view;
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    ctx.clearRect(0, 0, w, hh);
    ctx.fillStyle = "#1b2536";
    ctx.fillRect(0, 0, w, hh);
    ctx.setTransform(dpr * v.scale, 0, 0, dpr * v.scale, dpr * v.tx, dpr * v.ty);
    this.#drawBackground(ctx);

    const st = this.state;
    const focus = st.focus;
    const pulse = reducedMotion() ? 0.75 : 0.55 + 0.45 * Math.sin(now / 260);

    // Highlights under the tracks.
    for (const g of this.geo.values()) {
      const id = g.route.id;
      if (st.longest?.has(id)) {
        const k = longestProgress(st, id, now);
        if (k > 0) this.#drawGlow(ctx, g, "rgba(255,255,255,0.95)", 7, k);
      }
      if (focus?.routes?.has(id)) this.#drawGlow(ctx, g, "rgba(255,214,92,0.95)", 6);
      if (st.claimable.has(id) && !(id in st.owners)) this.#drawGlow(ctx, g, `rgba(255,190,30,${0.35 + 0.5 * pulse})`, 2.6);
      if (id === this.hover) this.#drawGlow(ctx, g, "rgba(255,255,255,0.8)", 4);
    }
    for (const f of this.flashes) {
      const g = this.geo.get(f.routeId);
      const k = (now - f.t0) / FLASH_MS;
      if (k < 1) this.#drawGlow(ctx, g, f.color, 4 + 10 * (1 - k), 1 - k * 0.8);
    }
    this.flashes = this.flashes.filter((f) => now - f.t0 < FLASH_MS);

    // Tracks and trains.
    const dimmed = (id) => focus && !focus.routes?.has(id);
    for (const g of this.geo.values()) {
      const owner = st.owners[g.route.id];
      ctx.globalAlpha = dimmed(g.route.id) ? (owner === undefined ? 0.35 : 0.55) : 1;
      this.#copies(ctx, g, () => {
        if (owner === undefined) this.#drawTrack(ctx, g);
        else if (g.ship) this.#drawShips(ctx, g, st.playerColors[owner] ?? "#888");
        else this.#drawTrains(ctx, g, st.playerColors[owner] ?? "#888");
      });
    }
    ctx.globalAlpha = 1;

    if (this.world) this.#drawSeamMarks(ctx);
    drawEndTickets(ctx, this.cities, st.endTickets, { seat: st.endSeat ?? null, cityR: this.style.cityR });

    // Cities.
    const focusCities = focus?.cities;
    const CITY_R = this.style.cityR;
    for (const c of this.board.cities) {
      const hot = focusCities?.has(c.id);
      if (hot) {
        ctx.beginPath();
        ctx.arc(c.x, c.y, CITY_R + 5 + 2 * pulse, 0, Math.PI * 2);
        ctx.fillStyle = "rgba(230,57,70,0.35)";
        ctx.fill();
      }
      if (st.harborTargets?.has(c.id)) {
        ctx.beginPath();
        ctx.arc(c.x, c.y, CITY_R + 4 + 2.5 * pulse, 0, Math.PI * 2);
        ctx.fillStyle = "rgba(255,190,30,0.55)";
        ctx.fill();
      }
      if (c.junction) {
        this.#drawJunction(ctx, c);
        continue;
      }
      ctx.beginPath();
      ctx.arc(c.x, c.y, CITY_R, 0, Math.PI * 2);
      ctx.fillStyle = hot ? "#e63946" : "#c0392b";
      ctx.fill();
      ctx.lineWidth = 2.2 * CITY_R / 7.5;
      ctx.strokeStyle = "#fdf6e3";
      ctx.stroke();
      ctx.beginPath();
      ctx.arc(c.x, c.y, CITY_R + 1.6 * CITY_R / 7.5, 0, Math.PI * 2);
      ctx.lineWidth = CITY_R / 7.5;
      ctx.strokeStyle = "rgba(43,36,24,0.8)";
      ctx.stroke();
      if (c.port) this.#drawPort(ctx, c, st.harbors?.[c.id]);
      if (st.bigCities?.has(c.id)) {  // a gold ring, as the Big Cities cards mark these cities
        ctx.beginPath();
        ctx.arc(c.x, c.y, CITY_R * 1.75, 0, Math.PI * 2);
        ctx.lineWidth = CITY_R / 3;
        ctx.strokeStyle = GOLD;
        ctx.stroke();
      }
    }

    // Labels in screen space, so they stay legible at every zoom.
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    this.#drawLabels(ctx, focusCities);
    drawLongestLabel(ctx, st, this.geo, this.view, now);

    if (this.flashes.length || (st.claimable.size && !reducedMotion()) || focusCities?.size || st.harborTargets?.size
      || longestAnimating(st, now)) this.requestRender();
  }

  /** Runs `fn` once, or for a route across the seam once per copy, clipped to the map. */
  #copies(ctx, g, fn) {
    if (g.offsets.length === 1) return fn();
    for (const off of g.offsets) {
      ctx.save();
      ctx.beginPath();
      ctx.rect(0, -20, this.board.width, this.board.height + 40);
      ctx.clip();
      ctx.translate(off, 0);
      fn();
      ctx.restore();
    }
  }

  /** Numbered markers where routes cross the east/west seam: the same number at both edges. */
  #seamMarks() {
    const marks = [];
    for (const g of this.geo.values()) {
      if (!g.seam) continue;
      const near = marks.find((m) => Math.abs(m.y - g.seam.y) < 9);
      if (near) { near.routes.push(g.route.id); continue; }
      marks.push({ y: g.seam.y, dir: g.seam.dir, routes: [g.route.id], ship: g.ship });
    }
    marks.sort((a, b) => a.y - b.y);
    marks.forEach((m, i) => { m.label = String.fromCharCode(65 + i); });
    return marks;
  }

  #drawSeamMarks(ctx) {
    const W = this.board.width;
    for (const m of this.seamMarks) {
      for (const edge of [0, W]) {
        // Arrows point along the way out of the map (east at the east edge, west at the west edge).
        const out = edge === 0 ? -1 : 1;
        const x = edge === 0 ? 7 : W - 7;
        ctx.save();
        ctx.translate(x, m.y);
        ctx.beginPath();
        ctx.moveTo(out * 6.5, 0);
        ctx.lineTo(-out * 2, -5.5);
        ctx.lineTo(-out * 2, 5.5);
        ctx.closePath();
        ctx.fillStyle = "rgba(43,36,24,0.85)";
        ctx.fill();
        ctx.beginPath();
        ctx.arc(-out * 7, 0, 5.2, 0, Math.PI * 2);
        ctx.fillStyle = "#fdf6e3";
        ctx.fill();
        ctx.lineWidth = 1.1;
        ctx.strokeStyle = "rgba(43,36,24,0.9)";
        ctx.stroke();
        ctx.fillStyle = "#2b2418";
        ctx.font = "bold 6.5px system-ui, sans-serif";
        ctx.textAlign = "center";
        ctx.textBaseline = "middle";
        ctx.fillText(m.label, -out * 7, 0.3);
        ctx.restore();
      }
    }
  }

  #drawPort(ctx, c, owner) {
    const r = this.style.cityR;
    const x = c.x + r * 0.95, y = c.y - r * 0.95;
    ctx.save();
    ctx.translate(x, y);
    if (owner !== undefined) {
      // A built harbor: a square flag in its owner's colour with an anchor.
      const s2 = r * 1.25;
      ctx.beginPath();
      ctx.roundRect(-s2, -s2, 2 * s2, 2 * s2, 1.4);
      ctx.fillStyle = this.state.playerColors[owner] ?? "#888";
      ctx.shadowColor = "rgba(0,0,0,0.5)";
      ctx.shadowBlur = 2;
      ctx.fill();
      ctx.shadowColor = "transparent";
      ctx.lineWidth = 1;
      ctx.strokeStyle = "#fff";
      ctx.stroke();
      const k = (s2 * 1.6) / 24;
      ctx.scale(k, k);
      ctx.translate(-12, -12);
      ctx.fillStyle = "#fff";
      ctx.fill(ANCHOR_PATH, "evenodd");
    } else {
      // A port: a small anchor on a light disc.
      ctx.beginPath();
      ctx.arc(0, 0, r * 0.78, 0, Math.PI * 2);
      ctx.fillStyle = "rgba(253,246,227,0.95)";
      ctx.fill();
      ctx.lineWidth = 0.6;
      ctx.strokeStyle = "rgba(30,60,90,0.8)";
      ctx.stroke();
      const k = (r * 1.3) / 24;
      ctx.scale(k, k);
      ctx.translate(-12, -12);
      ctx.fillStyle = "#1f4e79";
      ctx.fill(ANCHOR_PATH, "evenodd");
    }
    ctx.restore();
  }

  #drawJunction(ctx, c) {
    const r = this.style.cityR * 0.7;
    ctx.save();
    ctx.translate(c.x, c.y);
    ctx.rotate(Math.PI / 4);
    ctx.beginPath();
    ctx.rect(-r, -r, 2 * r, 2 * r);
    ctx.fillStyle = "#5b6b7a";
    ctx.fill();
    ctx.lineWidth = 1.2;
    ctx.strokeStyle = "#fdf6e3";
    ctx.stroke();
    ctx.restore();
  }

  /** Sea with land masses hinted around the cities and railways (the data has no coastlines). */
  #drawWorldBackground(ctx) {
    const { width: W, height: H } = this.board;
    const sea = ctx.createLinearGradient(0, 0, 0, H);
    sea.addColorStop(0, "#b9d3da");
    sea.addColorStop(0.5, "#a9c9d3");
    sea.addColorStop(1, "#b9d3da");
    ctx.fillStyle = sea;
    ctx.fillRect(0, 0, W, H);
    ctx.save();
    ctx.beginPath();
    ctx.rect(0, 0, W, H);
    ctx.clip();
    // Graticule.
    ctx.strokeStyle = "rgba(40,80,110,0.12)";
    ctx.lineWidth = 0.8;
    for (let i = 1; i < 12; i++) {
      ctx.beginPath();
      ctx.moveTo((i * W) / 12, 0);
      ctx.lineTo((i * W) / 12, H);
      ctx.stroke();
    }
    for (let j = 1; j < 6; j++) {
      ctx.beginPath();
      ctx.moveTo(0, (j * H) / 6);
      ctx.lineTo(W, (j * H) / 6);
      ctx.stroke();
    }
    // Land: thick soft strokes along the train routes and discs around the cities.
    const land = (width, color, blur) => {
      ctx.save();
      ctx.strokeStyle = color;
      ctx.fillStyle = color;
      ctx.lineCap = "round";
      ctx.lineJoin = "round";
      ctx.lineWidth = width;
      ctx.shadowColor = color;
      ctx.shadowBlur = blur;
      for (const g of this.geo.values()) {
        if (g.ship) continue;
        this.#copies(ctx, g, () => {
          const a = this.cities.get(g.route.a);
          ctx.beginPath();
          ctx.moveTo(a.x, a.y);
          ctx.lineTo(g.ax + g.dx * (g.end + this.style.cityGap), g.ay + g.dy * (g.end + this.style.cityGap));
          ctx.stroke();
        });
      }
      for (const c of this.board.cities) {
        if (c.junction) continue;
        ctx.beginPath();
        ctx.arc(c.x, c.y, width * 0.62, 0, Math.PI * 2);
        ctx.fill();
      }
      ctx.restore();
    };
    land(34, "rgba(222,206,164,0.9)", 10);
    land(24, "#efe3c4", 4);
    ctx.restore();
    // Frame: only top and bottom; east and west are the seam.
    ctx.strokeStyle = "rgba(40,70,95,0.55)";
    ctx.lineWidth = 2;
    ctx.beginPath();
    ctx.moveTo(0, 1); ctx.lineTo(W, 1);
    ctx.moveTo(0, H - 1); ctx.lineTo(W, H - 1);
    ctx.stroke();
    ctx.setLineDash([4, 4]);
    ctx.strokeStyle = "rgba(40,70,95,0.45)";
    ctx.beginPath();
    ctx.moveTo(0.5, 0); ctx.lineTo(0.5, H);
    ctx.moveTo(W - 0.5, 0); ctx.lineTo(W - 0.5, H);
    ctx.stroke();
    ctx.setLineDash([]);
    this.#drawCompass(ctx, 955, 395, 22);
    ctx.fillStyle = "rgba(40,60,80,0.7)";
    ctx.font = "italic 600 19px Georgia, 'Times New Roman', serif";
    ctx.textAlign = "left";
    ctx.textBaseline = "alphabetic";
    ctx.fillText(this.title, 22, H - 22);
    ctx.font = "9px Georgia, serif";
    ctx.fillStyle = "rgba(40,60,80,0.6)";
    ctx.fillText("RAILTRIP", 24, H - 10);
  }

  #drawBackground(ctx) {
    if (this.world) {
      // Drawn once into an image: the soft land shapes are too slow to redraw every frame.
      if (!this.bgCache) {
        const k = 2.5;
        const c = document.createElement("canvas");
        c.width = Math.round(this.board.width * k);
        c.height = Math.round(this.board.height * k);
        const bctx = c.getContext("2d");
        bctx.scale(k, k);
        this.#drawWorldBackground(bctx);
        this.bgCache = c;
      }
      ctx.drawImage(this.bgCache, 0, 0, this.board.width, this.board.height);
      return;
    }
    const { width: W, height: H } = this.board;
    const grad = ctx.createRadialGradient(W * 0.5, H * 0.45, W * 0.1, W * 0.5, H * 0.5, W * 0.75);
    grad.addColorStop(0, "#f6ecd2");
    grad.addColorStop(0.7, PARCHMENT);
    grad.addColorStop(1, "#d9c79c");
    ctx.fillStyle = grad;
    roundRect(ctx, 0, 0, W, H, 14);
    ctx.fill();
    // Graticule.
    ctx.save();
    ctx.clip();
    ctx.strokeStyle = "rgba(120,96,60,0.13)";
    ctx.lineWidth = 1;
    for (let i = -2; i <= 12; i++) {
      ctx.beginPath();
      ctx.moveTo(i * 100 - 60, -10);
      ctx.quadraticCurveTo(i * 100 + 10, H / 2, i * 100 - 60, H + 10);
      ctx.stroke();
    }
    for (let j = 1; j < 7; j++) {
      ctx.beginPath();
      ctx.moveTo(-10, j * 100);
      ctx.quadraticCurveTo(W / 2, j * 100 - 40, W + 10, j * 100);
      ctx.stroke();
    }
    ctx.restore();
    // Frame.
    ctx.strokeStyle = "rgba(92,70,38,0.55)";
    ctx.lineWidth = 3;
    roundRect(ctx, 1.5, 1.5, W - 3, H - 3, 13);
    ctx.stroke();
    ctx.strokeStyle = "rgba(92,70,38,0.3)";
    ctx.lineWidth = 1;
    roundRect(ctx, 7, 7, W - 14, H - 14, 10);
    ctx.stroke();
    // Compass rose in the empty south-west.
    this.#drawCompass(ctx, 78, 600, 34);
    // Title cartouche in the empty north-east.
    ctx.fillStyle = "rgba(92,70,38,0.75)";
    ctx.font = "italic 600 30px Georgia, 'Times New Roman', serif";
    ctx.textAlign = "right";
    ctx.textBaseline = "alphabetic";
    ctx.fillText(this.title, W - 30, 58);
    ctx.font = "13px Georgia, serif";
    ctx.fillStyle = "rgba(92,70,38,0.6)";
    ctx.fillText("RAILTRIP", W - 32, 80);
  }

  #drawCompass(ctx, x, y, r) {
    ctx.save();
    ctx.translate(x, y);
    ctx.strokeStyle = "rgba(92,70,38,0.5)";
    ctx.lineWidth = 1.2;
    ctx.beginPath();
    ctx.arc(0, 0, r, 0, Math.PI * 2);
    ctx.stroke();
    ctx.beginPath();
    ctx.arc(0, 0, r * 0.78, 0, Math.PI * 2);
    ctx.stroke();
    for (let i = 0; i < 4; i++) {
      ctx.rotate(Math.PI / 2);
      ctx.beginPath();
      ctx.moveTo(0, -r * 1.1);
      ctx.lineTo(r * 0.16, 0);
      ctx.lineTo(-r * 0.16, 0);
      ctx.closePath();
      ctx.fillStyle = i === 3 ? "rgba(160,50,40,0.75)" : "rgba(92,70,38,0.6)";
      ctx.fill();
    }
    ctx.restore();
    ctx.fillStyle = "rgba(92,70,38,0.8)";
    ctx.font = "bold 12px Georgia, serif";
    ctx.textAlign = "center";
    ctx.textBaseline = "bottom";
    ctx.fillText("N", x, y - r * 1.12);
  }

  #drawGlow(ctx, g, color, extra, alpha = 1) {
    const k = this.style.spaceW / 9.5;
    this.#copies(ctx, g, () => {
      ctx.save();
      ctx.globalAlpha = alpha;
      ctx.strokeStyle = color;
      ctx.lineCap = "round";
      ctx.lineWidth = this.style.spaceW + extra * 2 * k;
      ctx.beginPath();
      ctx.moveTo(g.ax + g.dx * (g.start + 2), g.ay + g.dy * (g.start + 2));
      ctx.lineTo(g.ax + g.dx * (g.end - 2), g.ay + g.dy * (g.end - 2));
      ctx.stroke();
      ctx.restore();
    });
  }

  #eachSpace(ctx, g, fn) {
    g.spaces.forEach((sp, i) => {
      ctx.save();
      ctx.translate(sp.x, sp.y);
      ctx.rotate(g.angle);
      fn(i);
      ctx.restore();
    });
  }

  #drawTrack(ctx, g) {
    const SPACE_W = this.style.spaceW;
    const color = g.route.color;
    const fill = CARD_COLORS[color] ?? CARD_COLORS.gray;
    const showSym = color !== "gray" && this.view.scale * SPACE_W >= 7;
    const sym = SYMBOL_PATHS[color];
    const base = ctx.globalAlpha;
    this.#eachSpace(ctx, g, (i) => {
      if (g.ship) {
        // Ship spaces are ovals (train spaces are rectangles).
        ctx.beginPath();
        ctx.ellipse(0, 0, g.len / 2 + 0.3, SPACE_W / 2 + 0.2, 0, 0, Math.PI * 2);
      } else {
        roundRect(ctx, -g.len / 2, -SPACE_W / 2, g.len, SPACE_W, 1.8 * SPACE_W / 9.5);
      }
      ctx.globalAlpha = base * 0.72;  // free track is muted; trains on it are full colour
      ctx.fillStyle = fill;
      ctx.shadowColor = "rgba(40,30,10,0.35)";
      ctx.shadowBlur = 2;
      ctx.shadowOffsetY = 0.8;
      ctx.fill();
      ctx.shadowColor = "transparent";
      ctx.globalAlpha = base;
      ctx.lineWidth = 0.8;
      ctx.strokeStyle = color === "white" ? "rgba(60,50,30,0.75)" : "rgba(30,24,14,0.55)";
      if (g.ship) {
        ctx.lineWidth = 0.9;
        ctx.strokeStyle = "rgba(20,50,80,0.85)";
      }
      ctx.stroke();
      if (g.rough(i)) {
        // Rough terrain: a mountain mark (this space costs two cards).
        ctx.save();
        ctx.rotate(-g.angle);
        const m = SPACE_W * 0.55;
        ctx.beginPath();
        ctx.moveTo(-m, m * 0.55);
        ctx.lineTo(-m * 0.3, -m * 0.6);
        ctx.lineTo(0, -m * 0.05);
        ctx.lineTo(m * 0.35, -m * 0.75);
        ctx.lineTo(m, m * 0.55);
        ctx.closePath();
        ctx.fillStyle = "rgba(70,45,20,0.9)";
        ctx.fill();
        ctx.lineWidth = 0.5;
        ctx.strokeStyle = "#fff";
        ctx.stroke();
        ctx.restore();
        return;
      }
      if (showSym && sym) {
        const k = (SPACE_W * 0.62) / 24;
        ctx.rotate(-g.angle);
        ctx.scale(k, k);
        ctx.translate(-12, -12);
        ctx.globalAlpha *= 0.8;
        ctx.fillStyle = inkOn(color);
        ctx.fill(sym);
      }
    });
  }

  /** Claimed ship route: little boats in the owner's colour. */
  #drawShips(ctx, g, color) {
    const SPACE_W = this.style.spaceW;
    this.#eachSpace(ctx, g, () => {
      const L = g.len + 0.8, W = SPACE_W + 1.4;
      ctx.beginPath();
      ctx.moveTo(-L / 2, -W * 0.22);
      ctx.quadraticCurveTo(0, -W * 0.62, L / 2, -W * 0.22);
      ctx.quadraticCurveTo(L * 0.42, W * 0.5, 0, W * 0.5);
      ctx.quadraticCurveTo(-L * 0.42, W * 0.5, -L / 2, -W * 0.22);
      ctx.closePath();
      ctx.fillStyle = color;
      ctx.shadowColor = "rgba(0,0,0,0.45)";
      ctx.shadowBlur = 2;
      ctx.shadowOffsetY = 0.8;
      ctx.fill();
      ctx.shadowColor = "transparent";
      ctx.lineWidth = 1.1;
      ctx.strokeStyle = "rgba(10,8,4,0.9)";
      ctx.stroke();
      ctx.fillStyle = "rgba(255,255,255,0.8)";
      ctx.beginPath();
      ctx.ellipse(0, -W * 0.05, L * 0.22, W * 0.13, 0, 0, Math.PI * 2);
      ctx.fill();
    });
  }

  #drawTrains(ctx, g, color) {
    const SPACE_W = this.style.spaceW;
    const k = SPACE_W / 9.5;
    const detail = this.view.scale * SPACE_W >= 5.5;
    // A dark coupling line under the cars: claimed routes read as one train.
    ctx.save();
    ctx.strokeStyle = "rgba(20,16,10,0.85)";
    ctx.lineWidth = 3 * k;
    ctx.beginPath();
    ctx.moveTo(g.ax + g.dx * g.start, g.ay + g.dy * g.start);
    ctx.lineTo(g.ax + g.dx * g.end, g.ay + g.dy * g.end);
    ctx.stroke();
    ctx.restore();
    this.#eachSpace(ctx, g, () => {
      const L = g.len + k, W = SPACE_W + 2 * k;
      roundRect(ctx, -L / 2, -W / 2, L, W, 2.6 * k);
      ctx.fillStyle = color;
      ctx.shadowColor = "rgba(0,0,0,0.45)";
      ctx.shadowBlur = 3;
      ctx.shadowOffsetY = 1.2;
      ctx.fill();
      ctx.shadowColor = "transparent";
      ctx.lineWidth = 1.8 * k;
      ctx.strokeStyle = "rgba(10,8,4,0.9)";
      ctx.stroke();
      if (detail) {
        // Windows and a highlight: it reads as a little train car.
        ctx.fillStyle = "rgba(255,255,255,0.28)";
        roundRect(ctx, -L / 2 + 1.5, -W / 2 + 1.2, L - 3, W * 0.28, 1.2);
        ctx.fill();
        ctx.fillStyle = "rgba(255,255,255,0.75)";
        const n = Math.max(1, Math.floor((L - 4) / 6));
        const ww = (L - 4) / n;
        for (let i = 0; i < n; i++) {
          ctx.fillRect(-L / 2 + 2 + i * ww + ww * 0.22, -W * 0.12, ww * 0.56, W * 0.3);
        }
      }
    });
  }

  #drawLabels(ctx, focusCities) {
    const v = this.view;
    const fit = this.#fitView();
    const zoom = v.scale / fit.scale;
    const base = this.world
      ? Math.min(15, Math.max(fit.scale < 0.6 ? 7.5 : 8.5, 9.5 * Math.sqrt(zoom) * Math.min(1.2, Math.max(0.85, fit.scale * 1.1))))
      : Math.min(16, Math.max(fit.scale < 0.6 ? 8 : 9.5, 10.5 * Math.sqrt(zoom) * Math.min(1.25, Math.max(0.85, fit.scale * 1.2))));
    const CITY_R = this.style.cityR;
    const sides = this.world ? LABEL_SIDE_WORLD : LABEL_SIDE;
    ctx.textBaseline = "middle";
    ctx.lineJoin = "round";
    const minX = v.tx + 10 * v.scale, maxX = v.tx + (this.board.width - 10) * v.scale;
    // Greedy placement without overlaps: cities in focus first, then the best-connected ones; each
    // label tries its preferred side, then the others, and is left out (until the player zooms in)
    // when every side would cover a label already placed.
    const placed = [];
    const hidden = [];
    for (const c of this.#labelOrder(focusCities)) {
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
    /** For tests: the label boxes drawn (screen pixels) and the cities whose labels were left out. */
    this.labels = { boxes: placed, hidden };
  }

  /** Cities with a label, in placement order: those in focus, then by number of routes (ties: by id). */
  #labelOrder(focusCities) {
    if (!this.labelRank) {
      const degree = new Map();
      for (const r of this.board.routes) for (const id of [r.a, r.b]) degree.set(id, (degree.get(id) ?? 0) + 1);
      this.labelRank = this.board.cities.filter((c) => !c.junction)
        .sort((p, q) => (degree.get(q.id) ?? 0) - (degree.get(p.id) ?? 0) || (p.id < q.id ? -1 : 1));
    }
    if (!focusCities?.size) return this.labelRank;
    return [...this.labelRank.filter((c) => focusCities.has(c.id)), ...this.labelRank.filter((c) => !focusCities.has(c.id))];
  }
}

const LABEL_SIDES = ["below", "above", "right", "left"];

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

/** Draws a small overview map for a ticket: all cities faint, the ticket's two cities marked. */
export function drawTicketMap(canvas, board, cityIds, { width = 120, height = 82, color = "#e63946" } = {}) {
  const dpr = Math.min(3, window.devicePixelRatio || 1);
  canvas.width = Math.round(width * dpr);
  canvas.height = Math.round(height * dpr);
  canvas.style.setProperty("width", `${width}px`);
  canvas.style.setProperty("height", `${height}px`);
  const ctx = canvas.getContext("2d");
  const k = Math.min((width - 8) / board.width, (height - 8) / board.height);
  const ox = (width - board.width * k) / 2, oy = (height - board.height * k) / 2;
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  ctx.fillStyle = PARCHMENT;
  ctx.beginPath();
  ctx.roundRect(0, 0, width, height, 6);
  ctx.fill();
  const cities = new Map(board.cities.map((c) => [c.id, c]));
  ctx.strokeStyle = "rgba(90,70,40,0.22)";
  ctx.lineWidth = 1;
  for (const r of board.routes) {
    const a = cities.get(r.a), b = cities.get(r.b);
    ctx.beginPath();
    ctx.moveTo(ox + a.x * k, oy + a.y * k);
    ctx.lineTo(ox + b.x * k, oy + b.y * k);
    ctx.stroke();
  }
  ctx.fillStyle = "rgba(90,70,40,0.45)";
  for (const c of board.cities) {
    ctx.beginPath();
    ctx.arc(ox + c.x * k, oy + c.y * k, 1.6, 0, Math.PI * 2);
    ctx.fill();
  }
  const pts = cityIds.map((id) => cities.get(id));
  if (pts.length < 2 || pts.some((c) => !c)) return;
  ctx.strokeStyle = color;
  ctx.lineWidth = 1.6;
  ctx.setLineDash([3, 2]);
  ctx.beginPath();
  pts.forEach((c, i) => (i ? ctx.lineTo(ox + c.x * k, oy + c.y * k) : ctx.moveTo(ox + c.x * k, oy + c.y * k)));
  ctx.stroke();
  ctx.setLineDash([]);
  const numbered = pts.length > 2;  // an itinerary: its stops in order
  pts.forEach((c, i) => {
    ctx.beginPath();
    ctx.arc(ox + c.x * k, oy + c.y * k, numbered ? 4.6 : 3.6, 0, Math.PI * 2);
    ctx.fillStyle = color;
    ctx.fill();
    ctx.lineWidth = 1.2;
    ctx.strokeStyle = "#fff";
    ctx.stroke();
    if (numbered) {
      ctx.fillStyle = "#fff";
      ctx.font = "bold 6.5px system-ui, sans-serif";
      ctx.textAlign = "center";
      ctx.textBaseline = "middle";
      ctx.fillText(String(i + 1), ox + c.x * k, oy + c.y * k + 0.3);
    }
  });
}
