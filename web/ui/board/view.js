// The map view: a canvas drawn from the engine's `board` data (no images), with pan/zoom (wheel,
// drag, pinch, buttons), hover/tap route info, highlights and short animations. The drawing, the
// geometry, the input and the labels live in the modules beside this one.
import { h } from "../dom.js";
import { t, tMaybe } from "../../i18n.js";
import { GOLD, PULSE_FRAME_MS, PULSE_MS, boardStyle } from "./style.js";
import { routeGeometry, seamMarks, fitView, clampView, mapWraps, spareRoom } from "./geometry.js";
import { routeAt } from "./picking.js";
import { bindInput, showTip, hideTip } from "./interaction.js";
import { renderBoard } from "./render.js";
import { getPref, subscribe } from "../core/prefs.js";

/** The map view. `el` is its element; call update() with what to show. */
export class BoardView {
  /** `frame`: city ids the view fits instead of the whole map, with `interactive` false for a still
   *  picture (no pan, zoom, tips or buttons: the rules pages draw their examples this way). */
  /** `confirmClicks()`: whether a mouse click on a route only selects it (its tip offers Claim);
   *  a tap always does. */
  constructor(board, { onRouteActivate = () => {}, describeRoute = () => null, onEmptyTap = () => {}, title = null,
    frame = null, interactive = true, confirmClicks = () => false } = {}) {
    this.board = board;
    this.frameCities = frame;
    this.title = title ?? tMaybe(`variant.${board.variant}.title`, board.name ?? "");  // in the page's language
    this.cities = new Map(board.cities.map((c) => [c.id, c]));
    this.style = boardStyle(board);
    this.geo = routeGeometry(board, this.style);
    this.seamMarks = seamMarks(this.geo);
    this.wraps = mapWraps(board);
    this.onRouteActivate = onRouteActivate;
    this.describeRoute = describeRoute;
    this.onEmptyTap = onEmptyTap;
    this.confirmClicks = confirmClicks;
    this.state = { owners: {}, playerColors: [], playerMarks: [], claimable: new Set(), focus: null, longest: null, mine: null,
      harbors: {}, harborTargets: null, colorBlind: getPref("colorBlind") };
    // Colour-blind mode (Settings) applies to every map at once, the rules pages' pictures too.
    this.unsubscribe = subscribe((prefs) => this.update({ colorBlind: prefs.colorBlind }));
    this.flashes = [];
    this.hover = null;
    this.pinned = null;
    this.view = null;   // {scale, tx, ty}
    this.userMoved = false;
    this.size = { w: 0, h: 0, dpr: 1 };
    this.reserveBottom = 0;  // px under the zoom buttons kept free of the map (see mapBox)
    this.reserveRight = 0;   // px beside the zoom buttons kept free of the map (see mapBox)
    this.frame = 0;
    this.pulseTimer = 0;
    this.pulseUntil = 0;  // performance.now() until which highlights pulse (render.js)
    /** For tests: the label boxes drawn last frame (screen pixels) and the cities left out. */
    this.labels = null;
    /** For tests: {colorBlind, seats: each seat's mark, drawn: {seat: pieces drawn with its mark}, routeSymbolPx:
     *  the size of the route colours' symbols on screen, routeSymbolsShown: whether they are drawn at this zoom} of the last frame. */
    this.marks = null;
    /** For tests: the ticket line pieces drawn last frame at the end of a game, [{seat, ax, ay, bx, by}] in map units. */
    this.ticketLines = [];
    /** For tests: the compass rose's box last frame, {x0, y0, x1, y1} in canvas pixels. */
    this.compass = null;

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
    this.el = h("div", { class: "board-wrap", testid: interactive ? "board" : "board-picture", dataset: { mapTitle: this.title } }, this.canvas,
      interactive ? this.tooltip : null, interactive ? this.controls : null);
    if (interactive) bindInput(this);
    this.resizeObserver = new ResizeObserver(() => this.#resize());
    this.resizeObserver.observe(this.el);
  }

  destroy() {
    this.unsubscribe();
    this.resizeObserver.disconnect();
    cancelAnimationFrame(this.frame);
    clearTimeout(this.pulseTimer);
    this.destroyed = true;
  }

  /**
   * owners: {routeId: seat}; playerColors: [css]; playerMarks: [mark per seat] (seatmarks.js); claimable: Set of route ids; focus: {cities, routes}|null;
   * longest: Set|null; harbors: {cityId: seat} (world); harborTargets: Set of city ids to point out, or null;
   * bigCities: Set of city ids ringed as big cities (North America's Big Cities way of play), or null;
   * ticketLines: tickets being chosen as lines [{cities, color, label, chosen, active}] (ticketlines.js);
   * at the end (endgame.js endOverlay): longestOrder, longestT0, longestLabel, endTickets, endSeat.
   */
  update(state) {
    Object.assign(this.state, state);
    this.pulseUntil = performance.now() + PULSE_MS;
    if (this.pinned) showTip(this, this.pinned.id, this.pinned.sx, this.pinned.sy, true);
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
    clampView(this.view, this.board, this.mapBox);
    hideTip(this);
    this.requestRender();
  }

  /** Moves the map by (dx, dy) screen pixels (a drag). */
  panBy(dx, dy) {
    this.view.tx += dx;
    this.view.ty += dy;
    clampView(this.view, this.board, this.mapBox);
    this.userMoved = true;
    hideTip(this);
    this.requestRender();
  }

  /** The route nearest to a screen point (claimable ones win ties), or null. */
  routeAt(sx, sy, tolerancePx) {
    return routeAt(this.geo, this.style, this.view, this.state.claimable, sx, sy, tolerancePx);
  }

  hideTip() { hideTip(this); }

  /** For tests: the screen point (canvas pixels) of the middle of route `id`'s track, or null. */
  routePoint(id) {
    const g = this.geo.get(id);
    if (!g || !this.view) return null;
    const m = g.spaces[Math.floor(g.spaces.length / 2)];
    return { x: m.x * this.view.scale + this.view.tx, y: m.y * this.view.scale + this.view.ty };
  }

  requestRender() {
    if (this.frame || this.destroyed) return;
    this.frame = requestAnimationFrame(() => {
      this.frame = 0;
      this.#render();
    });
  }

  /** The fitted view (whole map or frame), which the labels size themselves by. */
  get fit() {
    return this.#fitView();
  }

  #fitView() {
    return fitView(this.board, this.mapBox, { frame: this.frameCities, cities: this.cities, cityR: this.style.cityR });
  }

  /**
   * The part of the canvas the map is fitted and kept in: all of it, except the band under the
   * zoom buttons when they lie in a row (phones), so they never cover a city (Charleston, Miami).
   * When they stand in a column and the map has room to spare, the strip beside them (the world
   * map at desktop sizes, whose right edge holds the seam letters) or else the band under them.
   */
  get mapBox() {
    return { w: Math.max(1, this.size.w - this.reserveRight), h: Math.max(1, this.size.h - this.reserveBottom) };
  }

  /** The room the zoom buttons take from the box's bottom and right edges, and whether they lie
   *  in a row (read from the layout). */
  #controlsRoom() {
    if (!this.controls.isConnected) return { bottom: 0, right: 0, row: false };
    const c = this.controls.getBoundingClientRect(), box = this.el.getBoundingClientRect();
    return { bottom: Math.max(0, Math.round(box.bottom - c.top + 2)), right: Math.max(0, Math.round(box.right - c.left + 2)),
      row: c.width > c.height };
  }

  /** The band {bottom, right} of the box kept free of the fitted map (see mapBox). */
  #reserved(w, hh) {
    const room = this.#controlsRoom();
    if (room.row) return { bottom: room.bottom, right: 0 };
    if (this.frameCities) return { bottom: 0, right: 0 };
    // A column: beside it where the map has that width to spare, else under it where it has that
    // height, else as much width as it has; a map that fills the box keeps its size.
    const spare = spareRoom(this.board, { w, h: hh });
    if (spare.w >= room.right) return { bottom: 0, right: room.right };
    if (spare.h >= room.bottom) return { bottom: room.bottom, right: 0 };
    return { bottom: 0, right: spare.w };
  }

  #resize() {
    const rect = this.el.getBoundingClientRect();
    const dpr = Math.min(3, window.devicePixelRatio || 1);
    const w = Math.max(1, Math.round(rect.width)), hh = Math.max(1, Math.round(rect.height));
    const { bottom: band, right: strip } = this.#reserved(w, hh);
    if (w === this.size.w && hh === this.size.h && dpr === this.size.dpr && band === this.reserveBottom
      && strip === this.reserveRight) return;
    const old = this.size, oldView = this.view;
    this.size = { w, h: hh, dpr };
    this.reserveBottom = band;
    this.reserveRight = strip;
    this.canvas.width = Math.round(w * dpr);
    this.canvas.height = Math.round(hh * dpr);
    this.canvas.style.setProperty("width", `${w}px`);
    this.canvas.style.setProperty("height", `${hh}px`);
    // A hover tip points at where the route was before the resize: it goes. A pinned one (a route
    // the player selected, its Claim button) follows the route to where the new view puts it below.
    const pinned = this.pinned?.id ?? null;
    if (this.tooltip && !this.tooltip.hidden && !pinned) hideTip(this);
    if (!oldView || !this.userMoved) {
      this.view = this.#fitView();
    } else {
      // Keep the same map point in the middle.
      const mx = (old.w / 2 - oldView.tx) / oldView.scale, my = (old.h / 2 - oldView.ty) / oldView.scale;
      this.view = { scale: oldView.scale, tx: w / 2 - mx * oldView.scale, ty: hh / 2 - my * oldView.scale };
      clampView(this.view, this.board, this.mapBox);
    }
    this.#render();
    if (pinned) {
      // Out of the new view (zoomed in, or a box squeezed for a moment) the tip waits, the route
      // still selected, until a resize or a redraw brings the route back into view.
      const p = this.routePoint(pinned);
      if (p && p.x >= 0 && p.y >= 0 && p.x <= w && p.y <= hh) showTip(this, pinned, p.x, p.y, true);
      else this.tooltip.hidden = true;
    }
  }

  #render() {
    if (!this.view || this.destroyed) return;
    const animated = renderBoard(this);
    if (animated === "smooth") this.requestRender();
    else if (animated === "pulse" && !this.pulseTimer) {
      this.pulseTimer = setTimeout(() => {
        this.pulseTimer = 0;
        this.requestRender();
      }, PULSE_FRAME_MS);
    }
  }
}
