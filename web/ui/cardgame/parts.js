// Small building blocks of the card game screen: rail-yard rows, ticket chips, card lists.
import { h, listRole } from "../dom.js";
import { t } from "../../i18n.js";
import { cardFace, cardName, symbolSvg, CARD_COLORS } from "../cards.js";

export const COLORS = ["red", "orange", "yellow", "green", "blue", "purple", "black", "white"];
export const CARD_ORDER = [...COLORS, "loco"];

/** "2 red + 1 locomotive" for a {card: n} map, in card order. */
export function cardsText(cards) {
  return CARD_ORDER.filter((c) => (cards?.[c] ?? 0) > 0)
    .map((c) => t("log.payPart", { n: cards[c], card: cardName(c) })).join(" + ");  // "2 × locomotive", as the map games' log
}

/**
 * A string key for a game of `halves` halves (the view's `halves`: 2 with four players, else 1):
 * a one-half game's wording ends at the end of the game and never mentions halves ("…Game" keys).
 */
export function halvesKey(key, halves) {
  return halves > 1 ? key : `${key}Game`;
}

/** Total number of cards in a {card: n} map. */
export function cardCount(cards) {
  return Object.values(cards ?? {}).reduce((a, b) => a + b, 0);
}

/** Small coloured chips with symbols (and counts above 1) for a {card: n} map. */
export function cardChips(cards, { testid } = {}) {
  const chips = [];
  for (const c of CARD_ORDER) {
    const n = cards?.[c] ?? 0;
    if (!n) continue;
    chips.push(h("span", { class: ["cg-chip", `cg-chip--${c}`], title: t("log.payPart", { n, card: cardName(c) }),
      dataset: { card: c, count: n }, style: { "--chip": CARD_COLORS[c] } },
    symbolSvg(c, { size: 12 }), n > 1 ? h("span", { class: "cg-chip-n", text: String(n) }) : null));
  }
  return h("span", { class: "cg-chips", testid, "aria-label": cardsText(cards) || t("cg.none") }, chips);
}

/**
 * One rail-yard row: the coloured cards with the locomotives lying on top of them.
 * `row` is {cards, locos}; the element carries data-color, data-cards and data-locos.
 */
export function yardRow(seat, color, row, { size = "sm" } = {}) {
  const label = row.locos
    ? t("cg.rowAriaLocos", { color: cardName(color), n: row.cards, k: row.locos })
    : t("cg.rowAria", { color: cardName(color), n: row.cards });
  return h("div", { class: ["yrow", `yrow--${size}`], testid: `yard-${seat}-${color}`, role: "listitem", "aria-label": label, title: label,
    dataset: { color, cards: row.cards, locos: row.locos } },
  cardFace(color, { count: row.cards, size, label: false }),
  row.locos ? h("span", { class: "yrow-locos" }, cardFace("loco", { count: row.locos, size, label: false })) : null);
}

/** A player's whole rail yard (rows in card order), or a hint when it is empty. */
export function yardView(seat, yard, { size = "sm", empty } = {}) {
  const rows = COLORS.filter((c) => yard?.[c]).map((c) => yardRow(seat, c, yard[c], { size }));
  const shown = rows.length ? rows : [h("span", { class: "yard-empty", text: empty ?? t("cg.yardEmpty") })];
  return h("div", { class: "yard", role: listRole(shown), testid: `yard-${seat}`, "aria-label": t("cg.yard"), dataset: { rows: rows.length } },
    shown);
}

/** The face-down on-the-way pile with its size. */
export function pileView(seat, count, { contents = null, label = false } = {}) {
  return h("div", { class: "otw", testid: `pile-${seat}`, dataset: { count }, title: t("cg.pileAria", { n: count }),
    "aria-label": t("cg.pileAria", { n: count }) },
  h("span", { class: "otw-art", "aria-hidden": "true" }, h("span", { class: "otw-n", text: String(count) })),
  label ? h("span", { class: "otw-label", text: t("cg.onTheWay") }) : null,
  contents ? cardChips(contents, { testid: "my-pile-cards" }) : null);
}

/** "Seattle – Dallas" */
export function cityPair(board, cities) {
  return `${board.cityName(cities[0])} – ${board.cityName(cities[1])}`;
}

/** A ticket: cities, points and the colours it needs. */
export function ticketCard(board, tk, { testid, cards = null, cls = "" } = {}) {
  return h("div", { class: ["cg-ticket", cls], testid, dataset: { ticket: tk.id }, role: "listitem",
    "aria-label": t("cg.ticketAria", { route: cityPair(board, tk.cities), n: tk.points, need: cardsText(tk.need) }) },
  h("span", { class: "cg-ticket-cities", text: cityPair(board, tk.cities) }),
  h("span", { class: "cg-ticket-points", text: String(tk.points) }),
  h("span", { class: "cg-ticket-need" }, cardChips(tk.need)),
  cards ? h("span", { class: "cg-ticket-paid" }, h("span", { class: "cg-paid-label", text: t("cg.paidWith") }), cardChips(cards)) : null);
}
