// The face-up card slots every game shows (the classic and card game markets use them as they
// are; Rails & Sails adds refill buttons): each enabled exactly when the engine offers to take it.
import { h } from "../dom.js";
import { t } from "../../i18n.js";
import { cardFace, cardName } from "../cards.js";

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
