// The rules pages: one per game, opened from the new-game screen and the game menu. The text
// lives in web/rules/ (EN and DE); the pictures are drawn here with the game's own renderers (a
// still BoardView framed on a few cities, card faces, rail-yard rows, ticket maps), so they look
// exactly like the game. No rule is decided here: the pictures show fixed examples.
import { h } from "./dom.js";
import { getLang } from "../i18n.js";
import { rulesText } from "../rules/index.js";
import { BoardView, drawTicketMap } from "./board/index.js";
import { cardFace, PLAYER_COLORS } from "./cards.js";
import { modal, close } from "./dialogs.js";
import { ticketName } from "./logtext.js";
import { yardRow, pileView, ticketCard } from "./cardgame/parts.js";

const YOU = "red";
const OTHER = "blue";

/** A still map picture: the `frame` cities, `owners` {routeId: 0|1}, `harbors` {city: 0|1}. */
function mapPicture(board, { frame, owners = {}, harbors = {} }, pictures) {
  const view = new BoardView(board, { frame, interactive: false });
  view.update({ owners, harbors, playerColors: [PLAYER_COLORS[YOU], PLAYER_COLORS[OTHER]], playerMarks: [YOU, OTHER] });
  pictures.push(view);
  return h("div", { class: "rules-map" }, view.el);
}

const cards = (names) => h("div", { class: "rules-cards" }, names.map((c) => cardFace(c, { size: "md" })));
// The arrow goes with what it points at: where a row wraps (a narrow window, the map beside the
// harbor's cards at 1280 px) they move to the next line together, and no arrow ends a line.
const then = (el) => h("div", { class: "rules-then" }, h("span", { class: "rules-arrow", "aria-hidden": "true", text: "→" }), el);

function ticketPicture(board, tk) {
  const canvas = h("canvas", { class: "ticket-mini", "aria-hidden": "true" });
  drawTicketMap(canvas, board, tk.cities, { width: 150, height: 100 });
  return h("div", { class: "rules-ticket" }, canvas, h("span", { class: "ticket-cities", text: ticketName(board, tk) }));
}

/** The picture of each section that has one: (board, pictures) -> element. */
const PICTURES = {
  usa: {
    goal: (b, p) => mapPicture(b, { frame: ["DEN", "KC", "OMA", "OKC"], owners: { "DEN-KC-2": 0 } }, p),
    cards: () => h("div", { class: "rules-row" }, cardFace("loco", { size: "md" }),
      then(cards(["red", "loco", "blue", "green", "yellow"]))),
    claim: (b, p) => h("div", { class: "rules-row" }, cards(["orange", "orange", "orange", "loco"]),
      then(mapPicture(b, { frame: ["DEN", "KC"], owners: { "DEN-KC-2": 0 } }, p))),
    doubles: (b, p) => mapPicture(b, { frame: ["KC", "STL", "OMA"], owners: { "KC-STL-1": 1 } }, p),
    tickets: (b) => ticketPicture(b, b.tickets.find((tk) => tk.id === "DEN-ELP") ?? b.tickets[0]),
  },
  world: {
    cards: () => cards(["red-train", "red-train-h", "red-ship", "red-double", "joker"]),
    claim: (b, p) => mapPicture(b, { frame: ["EDI", "HAM", "MRS", "CAS"], owners: { "EDI-HAM-1": 0, "HAM-MRS-1": 0, "ATH-MRS": 1 } }, p),
    harbor: (b, p) => h("div", { class: "rules-row" },
      cards(["green-train-h", "green-train-h", "green-ship", "joker"]),
      then(mapPicture(b, { frame: ["EDI", "HAM", "MRS"], owners: { "EDI-HAM-1": 0 }, harbors: { HAM: 0 } }, p))),
    tickets: (b) => ticketPicture(b, b.tickets.find((tk) => tk.itinerary) ?? b.tickets[0]),
  },
  cardgame: {
    goal: (b) => h("div", { class: "rules-cg", role: "list" }, ticketCard(b, b.tickets.find((tk) => Object.keys(tk.need).length > 1) ?? b.tickets[0])),
    move: () => h("div", { class: "rules-row" },
      h("div", { class: "yard", role: "list" }, yardRow(0, "red", { cards: 3, locos: 1 }), yardRow(0, "green", { cards: 2, locos: 0 })),
      then(pileView(0, 2, { label: true }))),
    play: () => h("div", { class: "yard", role: "list" }, yardRow(0, "red", { cards: 3, locos: 1 }, { size: "md" })),
    raid: () => h("div", { class: "rules-row" }, cards(["blue", "blue", "blue"]),
      then(h("div", { class: "yard rules-raided", role: "list" }, yardRow(1, "blue", { cards: 2, locos: 0 }, { size: "md" })))),
  },
};

/**
 * The rules page of `variant` as an element (for the dialog). `pictures` collects the map views,
 * which the caller destroys when the page goes.
 */
export function rulesPage(variant, board, pictures = []) {
  const text = rulesText(variant, getLang());
  const pics = PICTURES[variant] ?? {};
  const sections = Object.entries(text.sections).map(([key, sec]) => {
    const pic = pics[key] && board ? pics[key](board, pictures) : null;
    return h("section", { class: "rules-section", testid: `rules-${key}`, dataset: { section: key } },
      h("h3", { class: "rules-h", text: sec.title }),
      h("ul", { class: "rules-list" }, sec.items.map((item) => h("li", { text: item }))),
      pic ? h("figure", { class: "rules-figure", testid: `rules-pic-${key}` }, pic,
        text.captions?.[key] ? h("figcaption", { text: text.captions[key] }) : null) : null);
  });
  return h("div", { class: "rules-page", testid: "rules-page", dataset: { variant } },
    h("p", { class: "rules-intro", text: text.intro }), sections);
}

/** Opens the rules of `variant` in a dialog over `parent`; `labels` {close}. */
export function showRules(parent, variant, board, { closeLabel, onClose = () => {} } = {}) {
  const pictures = [];
  const text = rulesText(variant, getLang());
  let dlg = null;
  const done = () => { pictures.forEach((p) => p.destroy()); onClose(); };
  dlg = modal(parent, { testid: "rules-page-dialog", title: text.title, className: "dlg-rules", onCancel: done },
    rulesPage(variant, board, pictures),
    h("div", { class: "dlg-actions" }, h("button", { type: "button", class: "btn btn-primary", testid: "rules-page-close",
      text: closeLabel, on: { click: () => { close(dlg); done(); } } })));
  return dlg;
}
