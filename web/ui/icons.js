// Small line icons (inline SVG), so nothing depends on emoji fonts.
import { s } from "./dom.js";

const PATHS = {
  menu: "M4 6h16M4 12h16M4 18h16",
  train: "M7 3h10a3 3 0 0 1 3 3v8a3 3 0 0 1-3 3H7a3 3 0 0 1-3-3V6a3 3 0 0 1 3-3ZM4 10h16M8 21l2-4M16 21l-2-4M8 13.5h.01M16 13.5h.01",
  cards: "M8 3h10a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2H8a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2ZM6 7H5a2 2 0 0 0-2 2v10a2 2 0 0 0 2 2h9",
  ticket: "M3 7a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2v2.5a2.5 2.5 0 0 0 0 5V17a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2v-2.5a2.5 2.5 0 0 0 0-5ZM14 5v14",
  star: "M12 3l2.7 5.6 6.1.9-4.4 4.3 1 6.1L12 17l-5.4 2.9 1-6.1-4.4-4.3 6.1-.9Z",
  ship: "M3 15h18l-3 5H6ZM12 3v12M12 4l6 9h-6M11 6l-5 7h5",
  anchor: "M12 3a2 2 0 1 0 0 4a2 2 0 1 0 0-4ZM12 7v14M8 10h8M4 13c0 4.5 3.6 8 8 8s8-3.5 8-8M4 13l-1.5 2M4 13l2 1M20 13l1.5 2M20 13l-2 1",
  exchange: "M4 8h14l-3-3M20 16H6l3 3",
  globe: "M12 3a9 9 0 1 0 0 18a9 9 0 1 0 0-18ZM3 12h18M12 3c2.5 2.6 3.8 5.6 3.8 9s-1.3 6.4-3.8 9c-2.5-2.6-3.8-5.6-3.8-9S9.5 5.6 12 3Z",
};

export function icon(name, size = 18) {
  return s("svg", { viewBox: "0 0 24 24", width: size, height: size, class: `icon icon-${name}`, "aria-hidden": "true", focusable: "false" },
    s("path", { d: PATHS[name] ?? "", fill: "none", stroke: "currentColor", "stroke-width": 1.8, "stroke-linecap": "round", "stroke-linejoin": "round" }));
}
