// How each map looks: sizes in map units, the background, label sizes and label sides. Keyed by
// the board's `variant`; a map without an entry gets the classic look.
import { SYMBOLS, FORM_PATHS } from "../cards.js";

export const PARCHMENT = "#efe3c4";
export const INK = "#2b2418";
export const GOLD = "#f0b429";
/** How long a claimed route glows (ms). */
export const FLASH_MS = 1400;
/** How long claimable routes and pointed-out cities pulse after the map changes (ms); then they
 *  hold a steady glow and the map is not drawn again until something changes (an idle map costs
 *  no CPU: a phone's battery, a laptop's fan). */
export const PULSE_MS = 5000;
/** The pulse is slow (a 1.6 s cycle): 20 frames a second draw it smoothly at a third of the cost. */
export const PULSE_FRAME_MS = 50;

export const SYMBOL_PATHS = Object.fromEntries(Object.entries(SYMBOLS).map(([k, d]) => [k, new Path2D(d)]));
export const ANCHOR_PATH = new Path2D(FORM_PATHS.anchor);

/** Label placement tweaks where the default spot (below the dot) is crowded. */
const LABEL_SIDE_USA = {
  SF: "left", LA: "left", POR: "left", SEA: "left", VAN: "left", MIA: "below", BOS: "right",
  NY: "right", MTL: "above", WAS: "right", RAL: "right", CHS: "right", TOR: "above",
  PIT: "right", CHI: "above", SSM: "above", DUL: "left", WIN: "above", CAL: "right",
  HEL: "right", DEN: "right", KC: "below", OMA: "left", STL: "right", NAS: "right",
  ATL: "left", NO: "below", HOU: "below", DAL: "right", OKC: "left", LR: "right",
  ELP: "below", SFE: "right", PHX: "below", LV: "right", SLC: "right",
};

/**
 * cityR: city dot radius; cityGap: free space between a city centre and the first route space;
 * spaceW: thickness of a space; spaceGap: gap between two spaces; maxSpaceLen: longest space;
 * maxZoom: zoom limit over the fitted view; background: "parchment" (a framed land map) or "sea"
 * (land hinted around the railways); label: the label font size, in px,
 * min(max, max(fit.scale < 0.6 ? minSmall : min, size * sqrt(zoom) * clamp(fit.scale * fitK, 0.85, fitMax)));
 * labelSide: {cityId: side}. The world map is denser (more cities on a wider, lower map), so it
 * draws everything smaller.
 */
const STYLES = {
  default: {
    cityR: 7.5, cityGap: 11, spaceW: 9.5, spaceGap: 2.2, maxSpaceLen: 30, maxZoom: 7, background: "parchment",
    label: { max: 16, minSmall: 8, min: 9.5, size: 10.5, fitK: 1.2, fitMax: 1.25 }, labelSide: LABEL_SIDE_USA,
  },
  world: {
    cityR: 4.4, cityGap: 6.6, spaceW: 6.2, spaceGap: 1.5, maxSpaceLen: 20, maxZoom: 9, background: "sea",
    label: { max: 15, minSmall: 7.5, min: 8.5, size: 9.5, fitK: 1.1, fitMax: 1.2 }, labelSide: {},
  },
};

/** The look of `board`, with the offset of each track of a double route. */
export function boardStyle(board) {
  const st = STYLES[board.variant] ?? STYLES.default;
  return { ...st, doubleOffset: st.spaceW / 2 + st.spaceW * 0.17 };
}

/** A rounded rectangle as the current path. */
export function roundRect(ctx, x, y, w, hgt, r) {
  ctx.beginPath();
  ctx.roundRect(x, y, w, hgt, r);
}
