// Card colours, colour-blind symbols and card elements, shared by the panels and the map.
import { h, s } from "./dom.js";
import { t } from "../i18n.js";

/** Fill colours of the train cards (and coloured routes). */
export const CARD_COLORS = {
  red: "#d8363d",
  orange: "#ee8a22",
  yellow: "#f1cb2f",
  green: "#3b9a4a",
  blue: "#2d72d6",
  purple: "#a553c4",
  black: "#2a2b33",
  white: "#f3efe4",
  loco: "#7a5cc8",
  gray: "#a8a095",
};

/** Colours whose symbol is drawn dark (light backgrounds). */
const LIGHT = new Set(["yellow", "white", "orange", "gray"]);

/** The colour to draw a symbol or a count on top of `card`. */
export function inkOn(card) {
  return LIGHT.has(card) ? "#1d1d24" : "#ffffff";
}

/**
 * Colour-blind symbols: SVG path data in a 24×24 box. Every card colour has its own shape, used
 * on cards, on route spaces and in the payment chooser.
 */
export const SYMBOLS = {
  red: "M12 4a8 8 0 1 1 0 16a8 8 0 1 1 0-16Z",
  orange: "M12 3L21.5 19.5H2.5Z",
  yellow: "M12 2.2l2.95 6.2 6.8.85-5 4.7 1.3 6.75L12 17.35 5.95 20.7l1.3-6.75-5-4.7 6.8-.85Z",
  green: "M4.5 4.5h15v15h-15Z",
  blue: "M12 1.8L22.2 12 12 22.2 1.8 12Z",
  purple: "M8.8 2.5h6.4v6.3h6.3v6.4h-6.3v6.3H8.8v-6.3H2.5V8.8h6.3Z",
  black: "M12 2.2l8.5 4.9v9.8L12 21.8l-8.5-4.9V7.1Z",
  white: "M12 21.2S3 15.6 3 9.4A4.9 4.9 0 0 1 12 6.6 4.9 4.9 0 0 1 21 9.4C21 15.6 12 21.2 12 21.2Z",
  loco: "M1.5 16.5V9h2.5V5h7v4h3V6.5h2.5V9h1.8l4.2 4.2v3.3Z" +
    "M6 17.2a2.4 2.4 0 1 1 0 4.8a2.4 2.4 0 1 1 0-4.8Z" +
    "M12.5 17.2a2.4 2.4 0 1 1 0 4.8a2.4 2.4 0 1 1 0-4.8Z" +
    "M19 17.2a2.4 2.4 0 1 1 0 4.8a2.4 2.4 0 1 1 0-4.8Z",
};

/** Player (train piece) colours offered on the new-game screen. */
export const PLAYER_COLORS = {
  red: "#e0413f",
  blue: "#2f6fe0",
  green: "#2f9e54",
  yellow: "#f2c230",
  black: "#2b2e36",
};
export const PLAYER_COLOR_NAMES = Object.keys(PLAYER_COLORS);

/** An inline SVG symbol for `card`. */
export function symbolSvg(card, { size = 18, color } = {}) {
  const path = SYMBOLS[card];
  const svg = s("svg", { viewBox: "0 0 24 24", width: size, height: size, class: "sym", "aria-hidden": "true", focusable: "false" });
  if (path) svg.append(s("path", { d: path, fill: color ?? inkOn(card) }));
  return svg;
}

/** Rails & Sails card names: "<colour>-<form>" (train, train-h, ship, double) or "joker". */
export function worldCard(card) {
  if (card === "joker") return { color: null, form: "joker", harbor: true, deck: "train" };
  const m = /^([a-z]+)-(train-h|train|ship|double)$/.exec(card ?? "");
  if (!m) return null;
  return { color: m[1], form: m[2], harbor: m[2] === "train-h" || m[2] === "ship", deck: m[2].startsWith("train") ? "train" : "ship" };
}

/** The localized name of a card ("red", "locomotive", "red double ship", ...). */
export function cardName(card) {
  const w = card === "joker" || card?.includes("-") ? worldCard(card) : null;
  if (w) return w.form === "joker" ? t("card.joker") : t("wcard.name", { color: t(`card.${w.color}`), form: t(`wform.${w.form}`) });
  return t(`card.${card}`);
}

/** Pictures of the Rails & Sails card forms (24×24 boxes). */
export const FORM_PATHS = {
  train: "M1.5 16.5V9h2.5V5h7v4h3V6.5h2.5V9h1.8l4.2 4.2v3.3Z" +
    "M6 17.2a2.4 2.4 0 1 1 0 4.8a2.4 2.4 0 1 1 0-4.8Z" +
    "M12.5 17.2a2.4 2.4 0 1 1 0 4.8a2.4 2.4 0 1 1 0-4.8Z" +
    "M19 17.2a2.4 2.4 0 1 1 0 4.8a2.4 2.4 0 1 1 0-4.8Z",
  ship: "M2 14.5h20l-3.6 5.5H5.4Z M11 3h1.6v10.5H11Z M13.4 4.2l6.4 8.3h-6.4Z M10.2 6l-5.6 6.5h5.6Z",
  anchor: "M12 2.2a2.6 2.6 0 1 1 0 5.2a2.6 2.6 0 1 1 0-5.2Zm0 1.7a.9.9 0 1 0 0 1.8a.9.9 0 1 0 0-1.8Z" +
    "M10.9 7.2h2.2v2h3.4v2h-3.4v8.2c2.5-.4 4.4-2 5.1-4.3l-2 .5 3.2-3.8 1.4 4.8-1.5-1C18.3 19.2 15.5 21.8 12 21.8S5.7 19.2 4.7 15.6l-1.5 1L4.6 11.8l3.2 3.8-2-.5c.7 2.3 2.6 3.9 5.1 4.3v-8.2H7.5v-2h3.4Z",
  joker: "M12 2.5l2.6 6.2 6.7.5-5.1 4.4 1.6 6.5L12 16.6l-5.8 3.5 1.6-6.5-5.1-4.4 6.7-.5Z",
};

function formSvg(name, { size, color }) {
  const svg = s("svg", { viewBox: "0 0 24 24", width: size, height: size, class: `form form-${name}`, "aria-hidden": "true", focusable: "false" });
  svg.append(s("path", { d: FORM_PATHS[name], fill: color, "fill-rule": "evenodd" }));
  return svg;
}

/**
 * A Rails & Sails card: the colour with its colour-blind symbol in the corner, a train, a ship or
 * two ships (double), and an anchor badge when it carries the harbor symbol.
 */
export function worldCardFace(card, { count = null, size = "md", label = true } = {}) {
  const w = worldCard(card);
  const ink = w.color ? inkOn(w.color) : "#fff";
  const big = size === "lg" ? 26 : size === "sm" ? 15 : 22;
  const pics = w.form === "joker" ? [formSvg("joker", { size: big, color: "#fff" })]
    : w.form === "double" ? [formSvg("ship", { size: big * 0.8, color: ink }), formSvg("ship", { size: big * 0.8, color: ink })]
      : [formSvg(w.form.startsWith("train") ? "train" : "ship", { size: big, color: ink })];
  const face = h("span", { class: ["card", "wcard", `card--${w.color ?? "joker"}`, `card--${size}`, `wcard--${w.form}`], "data-card": card },
    h("span", { class: "card-shine" }),
    w.color ? h("span", { class: "wcard-sym" }, symbolSvg(w.color, { size: size === "sm" ? 10 : 12 })) : null,
    h("span", { class: "wcard-pics" }, pics),
    label ? h("span", { class: "card-name", text: w.form === "joker" ? t("card.joker") : t(`wform.short.${w.form}`) }) : null,
    w.harbor ? h("span", { class: "wcard-harbor", title: t("wcard.harborSymbol") }, formSvg("anchor", { size: size === "sm" ? 9 : 11, color: "#1d1d24" })) : null,
    // A double ship covers two spaces: it says so in writing, at every size, not only by its picture.
    w.form === "double" ? h("span", { class: "wcard-x2", title: t("wform.double"), text: "×2" }) : null,
  );
  if (count !== null) face.append(h("span", { class: "card-count", text: String(count) }));
  return face;
}

/**
 * A card face: <span class="card card--red"> with the symbol and an optional count badge.
 * `size` is "sm" | "md" | "lg".
 */
export function cardFace(card, { count = null, size = "md", label = true } = {}) {
  if (worldCard(card)) return worldCardFace(card, { count, size, label });
  const face = h("span", { class: ["card", `card--${card}`, `card--${size}`], "data-card": card },
    h("span", { class: "card-shine" }),
    symbolSvg(card, { size: size === "sm" ? 14 : size === "lg" ? 30 : 22 }),
    label ? h("span", { class: "card-name", text: card === "loco" ? t("card.locoShort") : cardName(card) }) : null,
  );
  if (count !== null) face.append(h("span", { class: "card-count", text: String(count) }));
  return face;
}
