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

/** The localized name of a card colour ("red", "locomotive", ...). */
export function cardName(card) {
  return t(`card.${card}`);
}

/**
 * A card face: <span class="card card--red"> with the symbol and an optional count badge.
 * `size` is "sm" | "md" | "lg".
 */
export function cardFace(card, { count = null, size = "md", label = true } = {}) {
  const face = h("span", { class: ["card", `card--${card}`, `card--${size}`], "data-card": card },
    h("span", { class: "card-shine" }),
    symbolSvg(card, { size: size === "sm" ? 14 : size === "lg" ? 30 : 22 }),
    label ? h("span", { class: "card-name", text: card === "loco" ? t("card.locoShort") : cardName(card) }) : null,
  );
  if (count !== null) face.append(h("span", { class: "card-count", text: String(count) }));
  return face;
}
