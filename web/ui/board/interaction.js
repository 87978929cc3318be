// Input on the map: wheel and pinch zoom, drag to pan, hover and tap on routes, and the route tip.
// Works on a BoardView (view.js): its canvas, view, size, hover and pinned tip.
//
// A route is claimed in two steps unless the player asked for one: a tap (touch, pen), or a mouse
// click with "confirm claims" on (`bv.confirmClicks()`), selects the route (it glows) and pins its
// tip with the Claim button; only a mouse click with the preference off activates it at once.
import { reachPx } from "./picking.js";

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
      const id = bv.routeAt(p.x, p.y, reachPx(ev.pointerType, bv.style, bv.view));
      if (id) {
        const direct = ev.pointerType === "mouse" && !bv.confirmClicks();
        if (!direct) showTip(bv, id, p.x, p.y, true);
        bv.onRouteActivate(id, { pointerType: ev.pointerType, direct });
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

/** A mouse over the map: the cursor says what a click does; a route glows and shows its tip
 *  (a pinned tip, a selected route, stays until the next click). */
function hoverAt(bv, x, y) {
  const id = bv.routeAt(x, y, reachPx("mouse", bv.style, bv.view));
  bv.canvas.style.setProperty("cursor", id && bv.state.claimable.has(id) ? "pointer" : id ? "help" : "grab");
  if (id !== bv.hover) {
    bv.hover = id;
    bv.requestRender();
  }
  if (bv.pinned) return;
  if (id) showTip(bv, id, x, y, false);
  else hideTip(bv);
}

/** Maps narrower than this (px) dock a pinned tip to an edge. */
const DOCK_BELOW_PX = 560;

/** Shows the route's tip (from `describeRoute`) beside a screen point; a pinned one stays. */
export function showTip(bv, id, sx, sy, pinned) {
  const tip = bv.tooltip;
  const content = bv.describeRoute(id, { pinned });
  if (!content) return hideTip(bv);
  if (bv.pinned?.id !== (pinned ? id : undefined)) bv.requestRender();  // the selected route glows
  bv.pinned = pinned ? { id, sx, sy } : null;
  tip.replaceChildren(content);
  tip.hidden = false;
  tip.classList.toggle("pinned", pinned);
  // On a small map a pinned tip would hide the route it is about: it docks to the map's top or
  // bottom edge, the one farther from the route -- unless it would lie under the finger that tapped
  // (a long route tapped near its end): a second tap there would land on its Claim. The tip's body
  // lets taps through to the map (game.css), so a route under it can still be tapped; its Claim
  // takes them, so it goes to the tip's end where it covers less of the map's tracks.
  const docked = pinned && bv.size.w < DOCK_BELOW_PX;
  tip.classList.toggle("docked", docked);
  tip.classList.remove("claim-start");
  if (docked) {
    const mid = bv.routePoint(id) ?? { y: sy };
    const th = tip.offsetHeight;
    const top = 4, bottom = Math.max(4, bv.size.h - th - 4);
    const under = (y) => sy >= y - 4 && sy <= y + th + 4;
    let y = mid.y > bv.size.h / 2 ? top : bottom;
    if (under(y)) y = y === top ? bottom : top;
    tip.style.setProperty("left", "4px");
    tip.style.setProperty("top", `${y}px`);
    placeClaim(bv, tip);
    return;
  }
  const tw = tip.offsetWidth, th = tip.offsetHeight;
  let x = sx + 14, y = sy + 14;
  if (x + tw > bv.size.w - 4) x = Math.max(4, sx - tw - 14);
  if (y + th > bv.size.h - 4) y = Math.max(4, sy - th - 14);
  tip.style.setProperty("left", `${x}px`);
  tip.style.setProperty("top", `${y}px`);
}

/**
 * A docked tip's Claim button takes the taps on its ~88×44 px of the map: it goes to the tip's
 * right end or its left (class `claim-start`), whichever covers fewer points of the map's tracks
 * (on the classic map's bottom edge: the compass, not Miami's routes); right on a tie.
 */
function placeClaim(bv, tip) {
  const btn = tip.querySelector(".tip > .btn");
  if (!btn) return;
  const canvas = bv.canvas.getBoundingClientRect();
  const covered = () => {
    const r = btn.getBoundingClientRect();
    const x0 = Math.max(0, r.left - canvas.left), x1 = Math.min(bv.size.w, r.right - canvas.left);
    const y0 = Math.max(0, r.top - canvas.top), y1 = Math.min(bv.size.h, r.bottom - canvas.top);
    let n = 0;
    for (let y = y0 + 2; y < y1; y += 4) for (let x = x0 + 2; x < x1; x += 4) if (bv.routeAt(x, y, 0)) n++;
    return n;
  };
  const right = covered();
  if (!right) return;
  tip.classList.add("claim-start");
  if (covered() >= right) tip.classList.remove("claim-start");
}

/** Hides the route tip (and the hover and selection glows). */
export function hideTip(bv) {
  if (bv.pinned) bv.requestRender();
  bv.pinned = null;
  bv.tooltip.hidden = true;
  if (bv.hover) {
    bv.hover = null;
    bv.requestRender();
  }
}
