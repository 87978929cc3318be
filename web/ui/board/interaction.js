// Input on the map: wheel and pinch zoom, drag to pan, hover and tap on routes, and the route tip.
// Works on a BoardView (view.js): its canvas, view, size, hover and pinned tip.

/** Binds the canvas's wheel and pointer events of `bv`. */
export function bindInput(bv) {
  const c = bv.canvas;
  const pointers = new Map();
  let gesture = null;
  const local = (ev) => {
    const r = c.getBoundingClientRect();
    return { x: ev.clientX - r.left, y: ev.clientY - r.top };
  };
  const pinchInfo = () => {
    const [a, b] = [...pointers.values()];
    return { cx: (a.x + b.x) / 2, cy: (a.y + b.y) / 2, dist: Math.max(10, Math.hypot(a.x - b.x, a.y - b.y)) };
  };
  c.addEventListener("wheel", (ev) => {
    ev.preventDefault();
    const p = local(ev);
    bv.zoomBy(Math.exp(-ev.deltaY * (ev.deltaMode === 1 ? 0.05 : 0.0016)), p.x, p.y);
  }, { passive: false });
  c.addEventListener("pointerdown", (ev) => {
    c.setPointerCapture?.(ev.pointerId);
    const p = local(ev);
    pointers.set(ev.pointerId, { ...p, sx: p.x, sy: p.y, type: ev.pointerType });
    gesture = { moved: false, pinch: pointers.size >= 2 ? pinchInfo() : null };
  });
  c.addEventListener("pointermove", (ev) => {
    const p = local(ev);
    const ptr = pointers.get(ev.pointerId);
    if (!ptr) {
      if (ev.pointerType === "mouse") hoverAt(bv, p.x, p.y);
      return;
    }
    const dx = p.x - ptr.x, dy = p.y - ptr.y;
    ptr.x = p.x; ptr.y = p.y;
    if (pointers.size >= 2) {
      const info = pinchInfo();
      const prev = gesture?.pinch;
      if (prev) {
        bv.view.tx += info.cx - prev.cx;
        bv.view.ty += info.cy - prev.cy;
        bv.zoomBy(info.dist / prev.dist, info.cx, info.cy);
      }
      gesture = { moved: true, pinch: info };
      return;
    }
    if (!gesture.moved && Math.hypot(p.x - ptr.sx, p.y - ptr.sy) < 6) return;
    gesture.moved = true;
    bv.panBy(dx, dy);
  });
  const end = (ev) => {
    const ptr = pointers.get(ev.pointerId);
    if (!ptr) return;
    pointers.delete(ev.pointerId);
    if (ev.type === "pointerup" && !gesture.moved && pointers.size === 0) {
      const p = local(ev);
      const id = bv.routeAt(p.x, p.y, ev.pointerType === "mouse" ? 3 : 10);
      if (id) {
        if (ev.pointerType !== "mouse") showTip(bv, id, p.x, p.y, true);
        bv.onRouteActivate(id, { pointerType: ev.pointerType });
      } else {
        hideTip(bv);
        bv.onEmptyTap();
      }
    }
    if (pointers.size < 2 && gesture) gesture.pinch = null;
  };
  c.addEventListener("pointerup", end);
  c.addEventListener("pointercancel", end);
  c.addEventListener("pointerleave", (ev) => {
    if (ev.pointerType === "mouse" && !bv.pinned) {
      bv.hover = null;
      hideTip(bv);
      bv.requestRender();
    }
  });
}

/** A mouse over the map: the cursor says what a click does; a route glows and shows its tip. */
function hoverAt(bv, x, y) {
  const id = bv.routeAt(x, y, 3);
  bv.canvas.style.setProperty("cursor", id && bv.state.claimable.has(id) ? "pointer" : id ? "help" : "grab");
  if (id !== bv.hover) {
    bv.hover = id;
    bv.requestRender();
  }
  if (id) showTip(bv, id, x, y, false);
  else if (!bv.pinned) hideTip(bv);
}

/** Shows the route's tip (from `describeRoute`) beside a screen point; a pinned one stays. */
export function showTip(bv, id, sx, sy, pinned) {
  const tip = bv.tooltip;
  const content = bv.describeRoute(id, { pinned });
  if (!content) return hideTip(bv);
  bv.pinned = pinned ? { id, sx, sy } : null;
  tip.replaceChildren(content);
  tip.hidden = false;
  tip.classList.toggle("pinned", pinned);
  const tw = tip.offsetWidth, th = tip.offsetHeight;
  let x = sx + 14, y = sy + 14;
  if (x + tw > bv.size.w - 4) x = Math.max(4, sx - tw - 14);
  if (y + th > bv.size.h - 4) y = Math.max(4, sy - th - 14);
  tip.style.setProperty("left", `${x}px`);
  tip.style.setProperty("top", `${y}px`);
}

/** Hides the route tip (and the hover glow). */
export function hideTip(bv) {
  bv.pinned = null;
  bv.tooltip.hidden = true;
  if (bv.hover) {
    bv.hover = null;
    bv.requestRender();
  }
}
