// The face-up card slots every game shows (the classic and card game markets use them as they
// are; Rails & Sails adds refill buttons): each enabled exactly when the engine offers to take it.
import { h } from "../dom.js";
import { t } from "../../i18n.js";
import { cardFace, cardName } from "../cards.js";
import { icon } from "../icons.js";

/** Draws `market` (card names, null = empty) into the slot buttons `slots`. */
export function renderSlots(slots, market, legal) {
  const takes = new Set(legal.filter((a) => a.kind === "take").map((a) => a.slot));
  market.forEach((card, i) => {
    const btn = slots[i];
    const key = `${card}|${takes.has(i)}`;
    btn.disabled = !takes.has(i);
    if (btn.dataset.key === key) return;
    btn.dataset.key = key;
    btn.dataset.card = card ?? "";
    if (card) {
      btn.replaceChildren(cardFace(card, { size: "md" }));
      btn.setAttribute("aria-label", takes.has(i) ? t("market.take", { card: cardName(card) }) : t("market.cannotTake", { card: cardName(card) }));
    } else {
      btn.replaceChildren(h("span", { class: "slot-empty", text: t("market.empty") }));
      btn.setAttribute("aria-label", t("market.empty"));
    }
  });
}

/** The ticket deck button (all games). */
export function ticketPile(onClick, iconEl) {
  return h("button", { type: "button", class: "pile ticket-pile", testid: "ticket-deck", on: { click: onClick } },
    h("span", { class: "pile-art ticket-art" }, iconEl), h("span", { class: "pile-label", text: t("market.tickets") }),
    h("span", { class: "pile-count" }));
}

/** Updates the ticket deck button: enabled when the engine offers a ticket draw; its count. */
export function renderTicketPile(btn, v, legal) {
  btn.disabled = !legal.some((a) => a.kind === "tickets");
  btn.querySelector(".pile-count").textContent = String(v.ticket_deck);
  btn.setAttribute("aria-label", t("market.ticketsAria", { n: v.ticket_deck }));
}

/** The market of one deck (the classic and card games): deck, five face-up cards, ticket deck.
 *  `config`: {className, slotsClass} (the card game's own layout classes). */
export class MarketPanel {
  constructor(screen, { className = "market", slotsClass = "slots" } = {}) {
    this.deckBtn = h("button", { type: "button", class: "pile deck-pile", testid: "deck",
      on: { click: () => screen._actKind("draw") } }, h("span", { class: "pile-art deck-art" }, icon("train", 26)),
    h("span", { class: "pile-label", text: t("market.deck") }), h("span", { class: "pile-count" }));
    this.slots = [0, 1, 2, 3, 4].map((i) => h("button", { type: "button", class: "slot", testid: `market-slot-${i}`,
      dataset: { slot: i }, on: { click: () => screen._takeSlot(i) } }));
    this.ticketBtn = ticketPile(() => screen._actKind("tickets"), icon("ticket", 26));
    this.el = h("section", { class: className, testid: "market", "aria-label": t("market.title") },
      this.deckBtn, h("div", { class: slotsClass }, this.slots), this.ticketBtn);
    this.screen = screen;
  }

  update(v, legal) {
    renderSlots(this.slots, v.market, legal);
    this.deckBtn.disabled = !legal.some((a) => a.kind === "draw");
    this.deckBtn.querySelector(".pile-count").textContent = String(v.deck);
    this.deckBtn.dataset.count = String(v.deck);
    this.deckBtn.setAttribute("aria-label", t("market.drawAria", { n: v.deck, d: v.discard }));
    this.deckBtn.title = t("market.discardInfo", { d: v.discard });
    renderTicketPile(this.ticketBtn, v, legal);
  }

  /** The element an event came from (it flashes in the player's colour). */
  source(ev) {
    if (ev.kind === "take") return this.slots[ev.slot];
    if (ev.kind === "draw") return this.deckBtn;
    if (ev.kind === "tickets") return this.ticketBtn;
    return null;
  }

  /** Keys 1–5 take a face-up card, D draws, T draws tickets; true if the key was used. */
  key(key) {
    const s = this.screen;
    if (key >= "1" && key <= String(this.slots.length)) s._takeSlot(Number(key) - 1);
    else if (key === "d" || key === "D") s._actKind("draw");
    else if (key === "t" || key === "T") s._actKind("tickets");
    else return false;
    return true;
  }
}
