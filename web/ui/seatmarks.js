// Player marks, so that players never differ by colour alone (red and green pieces look alike
// under deuteranopia). Each player colour carries the symbol of the card colour of the same name
// (cards.js SYMBOLS: red circle, blue diamond, green square, yellow star, black hexagon): one shape
// means one colour everywhere on the page, on cards, routes and pieces alike.
//
// What is always on, and what colour-blind mode (Settings, core/prefs.js) adds:
// - always: the symbol in every player dot outside the map (player panel, log, score tables, the
//   card game's opponents), where it costs no room, and on the middle car or ship of every claimed
//   route, so an owner can always be looked up on the map;
// - colour-blind mode: the symbol on every car, ship and built harbor, with a light inner outline
//   that sets neighbouring pieces apart, and the route colours' symbols larger and from a lower
//   zoom. Marks on every piece would crowd the map for the players who do not need them.
import { h } from "./dom.js";
import { PLAYER_COLOR_NAMES, symbolSvg } from "./cards.js";

/** The mark of a player colour name ("red"), or null for a colour we have no symbol for. */
export function markOf(colorName) {
  return PLAYER_COLOR_NAMES.includes(colorName) ? colorName : null;
}

/** The player's symbol as an inline SVG for a player dot (`data-mark` = the colour name, for tests). */
export function seatSymbol(colorName, size = 10) {
  const mark = markOf(colorName);
  if (!mark) return null;
  const svg = symbolSvg(mark, { size });
  svg.classList.add("seat-mark");
  svg.dataset.mark = mark;
  return svg;
}

/** A round player dot in the player's colour with the player's symbol: `player` is {color, mark}. */
export function playerDot(player, attrs = {}) {
  return h("span", { class: "pc-dot", ...attrs, style: { "--pc": player.color } }, seatSymbol(player.mark));
}
