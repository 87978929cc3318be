// Tiny DOM helpers. Text is always inserted with textContent (never innerHTML), so names and
// other text from outside cannot inject markup.

const SVG_NS = "http://www.w3.org/2000/svg";

/**
 * Creates an element: h("button", {class: "x", type: "button", on: {click: fn}}, "text", child).
 * Attribute values of null/undefined/false are skipped; `dataset` and `on` are objects.
 */
export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  setAttrs(el, attrs);
  append(el, children);
  return el;
}

/** Like h() but for SVG elements. */
export function s(tag, attrs = {}, ...children) {
  const el = document.createElementNS(SVG_NS, tag);
  setAttrs(el, attrs);
  append(el, children);
  return el;
}

function setAttrs(el, attrs) {
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "on") {
      for (const [ev, fn] of Object.entries(value)) el.addEventListener(ev, fn);
    } else if (key === "dataset") {
      for (const [k, v] of Object.entries(value)) if (v !== null && v !== undefined) el.dataset[k] = String(v);
    } else if (key === "text") {
      el.textContent = String(value);
    } else if (key === "testid") {
      el.setAttribute("data-testid", String(value));
    } else if (key === "class" && Array.isArray(value)) {
      el.setAttribute("class", value.filter(Boolean).join(" "));
    } else if (key === "style") {
      for (const [k, v] of Object.entries(value)) el.style.setProperty(k, String(v));
    } else if (value === true) {
      el.setAttribute(key, "");
    } else {
      el.setAttribute(key, String(value));
    }
  }
}

function append(el, children) {
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
}

/** Resolves after `ms` milliseconds. */
export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Whether the person asked for less motion. */
export function reducedMotion() {
  return window.matchMedia?.("(prefers-reduced-motion: reduce)").matches ?? false;
}

/**
 * Fills a list: it keeps the role "list" while it holds list items only (a summary line after
 * them is aria-hidden and describes the list instead), and becomes a labelled "group" around a
 * placeholder line such as "Hidden." -- a screen reader's list holds nothing but items.
 */
export function fillList(el, children) {
  const shown = children.filter((c) => c !== null && c !== undefined && c !== false);
  el.replaceChildren(...shown);
  el.setAttribute("role", listRole(shown));
}

/** "list" when `children` (elements) are list items, apart from aria-hidden ones; else "group". */
export function listRole(children) {
  const read = children.filter((c) => c.getAttribute?.("aria-hidden") !== "true");
  return read.length && read.every((c) => c.getAttribute?.("role") === "listitem") ? "list" : "group";
}

/** Moves a popup placed beside its button (position: absolute) sideways, just enough to keep it
 *  inside the window: a menu opened from a button in the middle of a phone's top bar ran off the
 *  left edge. Call it once the popup shows. */
export function keepInWindow(el, margin = 8) {
  el.style.removeProperty("translate");
  const box = el.getBoundingClientRect();
  const dx = box.left < margin ? margin - box.left
    : box.right > window.innerWidth - margin ? window.innerWidth - margin - box.right : 0;
  if (dx) el.style.setProperty("translate", `${Math.round(dx)}px 0`);
}

/** Keeps a <details> menu's panel (its last child) inside the window while it is open: placed
 *  when it opens and again whenever the window changes size (a phone turned sideways moved the
 *  button and left the panel 170 px off the edge). */
export function menuInWindow(details) {
  const place = () => {
    if (!details.isConnected) window.removeEventListener("resize", place);
    else keepInWindow(details.lastElementChild);
  };
  details.addEventListener("toggle", () => {
    window.removeEventListener("resize", place);
    if (!details.open) return;
    place();
    window.addEventListener("resize", place);
  });
  return details;
}
