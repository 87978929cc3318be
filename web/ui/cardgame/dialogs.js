// Card game dialogs: choosing tickets (with the colours each needs) and the end of a half.
import { h } from "../dom.js";
import { t } from "../../i18n.js";
import { modal, close, initialTickets, ticketHint } from "../dialogs.js";
import { cardChips, cardCount, cityPair, cardsText, halvesKey } from "./parts.js";
import { playerDot } from "../seatmarks.js";

const sameSet = (a, b) => a.length === b.size && a.every((x) => b.has(x));

/**
 * Ticket choice. `keeps` are the legal keep actions: "Keep" is enabled only when the selection
 * is the ticket set of one of them (zero tickets included when the engine offers a bare "keep";
 * only then does the button say "Keep none"). The selection's total and the reason a keep is
 * not possible yet sit in the button band, beside the button: under a long list they were
 * scrolled out of view below the band, and a phone showed a greyed-out button alone.
 */
export function cardTicketDialog(parent, { offered, keeps, minKeep, halves, board, setup, onConfirm, chosen, onChange = () => {}, hand = null, askHint = null }) {
  const selected = initialTickets(offered, chosen);
  const confirm = h("button", { type: "button", class: "btn btn-primary", testid: "ticket-confirm" });
  const hint = h("p", { class: "dlg-hint", testid: "ticket-hint", "aria-live": "polite" });
  const items = offered.map((tk) => {
    const input = h("input", { type: "checkbox", checked: selected.has(tk.id), value: tk.id, testid: `ticket-check-${tk.id}`,
      on: { change: () => { input.checked ? selected.add(tk.id) : selected.delete(tk.id); onChange([...selected]); refresh(); } } });
    const label = h("label", { class: "ticket-option cg-ticket-option", testid: `ticket-option-${tk.id}`, dataset: { ticket: tk.id } },
      input,
      h("span", { class: "ticket-option-text" },
        h("span", { class: "ticket-cities", text: cityPair(board, tk.cities) }),
        h("span", { class: "cg-need-line" }, h("span", { class: "cg-need-label", text: t("cg.needs") }), cardChips(tk.need),
          h("span", { class: "cg-need-text", text: cardsText(tk.need) }))),
      h("span", { class: "cg-option-points", text: t("tickets.points", { n: tk.points }) }),
      h("span", { class: "ticket-check", "aria-hidden": "true" }));
    return { tk, input, label };
  });
  const legalKeep = () => keeps.find((k) => sameSet(k.tickets ?? [], selected));
  const keepsNone = keeps.some((k) => !(k.tickets ?? []).length);
  function refresh() {
    const k = legalKeep();
    confirm.disabled = !k;
    confirm.textContent = selected.size ? t("tickets.keepN", { n: selected.size }) : t(keepsNone ? "cg.keepNone" : "tickets.chooseFirst");
    // The rule while the selection is not a keep (the total then says what is chosen).
    hint.textContent = k ? "" : minKeep > 0 ? t("tickets.keepAtLeast", { n: minKeep }) : t("cg.keepAny");
    hint.classList.toggle("warn", !k);
    advice.check();
    const pts = offered.filter((tk) => selected.has(tk.id)).reduce((s, tk) => s + tk.points, 0);
    const cards = offered.filter((tk) => selected.has(tk.id)).reduce((s, tk) => s + cardCount(tk.need), 0);
    total.textContent = selected.size ? t("cg.keepTotal", { points: pts, cards }) : "";
    for (const it of items) {
      it.input.checked = selected.has(it.tk.id);
      it.label.classList.toggle("selected", selected.has(it.tk.id));
    }
  }
  const advice = ticketHint(askHint, selected, () => { onChange([...selected]); refresh(); });
  const total = h("p", { class: "cg-keep-total", testid: "ticket-total" });
  let dlg;
  confirm.addEventListener("click", () => {
    const k = legalKeep();
    if (!k) return;
    close(dlg);
    onConfirm(k.text);
  });
  refresh();
  dlg = modal(parent, { testid: "ticket-dialog", title: setup ? t("tickets.titleSetup") : t("tickets.title"),
    className: "dlg-tickets cg-dlg-tickets", cancellable: false },
  h("p", { class: "dlg-sub", text: t(halvesKey("cg.ticketsExplain", halves)) }),
  // The hand beside the colours each ticket needs: the dialog covers a phone's whole screen.
  hand && cardCount(hand) ? h("p", { class: "cg-need-line cg-dlg-hand", testid: "ticket-dialog-hand" },
    h("span", { class: "cg-need-label", text: t("hand.title") }), cardChips(hand), h("span", { class: "cg-need-text", text: cardsText(hand) })) : null,
  h("div", { class: "ticket-options", testid: "ticket-options" }, items.map((i) => i.label)),
  h("div", { class: "dlg-actions" }, h("div", { class: "dlg-reason" }, advice.reason, total, hint), advice.button, confirm));
  items[0]?.input.focus();
  return dlg;
}

/**
 * The end of a half: per player, the tickets completed with the cards that paid them, and what
 * was left in the on-the-way pile. `ev` is the engine's half_end event, `halves` the view's number
 * of halves (one: the title says the game is over, not "half 1").
 */
export function halfEndDialog(parent, { ev, halves, board, names, colors, marks = [], viewer, last, onContinue }) {
  let dlg;
  const blocks = ev.results.map((r) => h("section", { class: "cg-half-player", testid: `half-end-${r.seat}`,
    dataset: { seat: r.seat, points: r.points, completed: r.completed.length }, style: { "--pc": colors[r.seat] } },
  h("h3", { class: "cg-half-name" },
    playerDot({ color: colors[r.seat], mark: marks[r.seat] }),
    h("span", { text: r.seat === viewer ? t("cg.you", { name: names[r.seat] }) : names[r.seat] }),
    h("span", { class: "cg-half-points", text: `+${r.points}` })),
  r.completed.length
    ? h("ul", { class: "cg-half-list" }, r.completed.map((c) => {
      const tk = board.ticketById.get(c.id);
      return h("li", { class: "cg-half-ticket", dataset: { ticket: c.id } },
        h("span", { class: "cg-ticket-cities", text: tk ? cityPair(board, tk.cities) : c.id }),
        h("span", { class: "cg-half-pts", text: `+${c.points}` }),
        h("span", { class: "cg-half-cards" }, h("span", { class: "cg-paid-label", text: t("cg.paidWith") }), cardChips(c.cards)));
    }))
    : h("p", { class: "hint", text: t("cg.halfNone") }),
  h("p", { class: "hint cg-half-left", text: cardCount(r.pile_left)
    ? t("cg.halfLeft", { n: cardCount(r.pile_left), cards: cardsText(r.pile_left) }) : t("cg.halfLeftNone") })));
  const btn = h("button", { type: "button", class: "btn btn-primary", testid: "half-end-continue",
    text: last ? t("cg.toFinal") : t("cg.toSecondHalf"), on: { click: () => { close(dlg); onContinue(); } } });
  dlg = modal(parent, { testid: "half-end", title: t(halvesKey("cg.halfTitle", halves), { half: ev.half }), className: "cg-dlg-half", cancellable: false },
    h("p", { class: "dlg-sub", text: last ? t("cg.halfExplainLast") : t("cg.halfExplain") }),
    h("div", { class: "cg-half-grid" }, blocks),
    h("div", { class: "dlg-actions" }, btn));
  btn.focus();
  return dlg;
}
