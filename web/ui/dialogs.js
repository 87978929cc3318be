// The games' dialogs (ticket choice, payment chooser, pass-the-device). The plain modal, the
// yes/no question and toasts live in core/modal.js (the start screen needs them without the board).
import { h } from "./dom.js";
import { t, tMaybe } from "../i18n.js";
import { cardFace, cardName } from "./cards.js";
import { drawTicketMap } from "./board/index.js";
import { ticketName } from "./logtext.js";
import { swatch } from "./mappicture.js";
import { modal, close } from "./core/modal.js";

export { modal, close, confirmDialog, toast } from "./core/modal.js";

const sameSet = (a, b) => a.length === b.size && a.every((x) => b.has(x));

/**
 * The tickets ticked when a ticket dialog opens, the same in every game: none (so one click can
 * never keep them all by accident), or those the person had ticked before a reload (`chosen`).
 */
export function initialTickets(offered, chosen) {
  const ids = new Set(offered.map((tk) => tk.id));
  return new Set((Array.isArray(chosen) ? chosen : []).filter((id) => ids.has(id)));
}

/**
 * The Hint inside a dialog that is itself the person's move (tickets, Rails & Sails' piece mix):
 * the dialog's backdrop covers the top bar's Hint button. `askHint()` resolves to the bot's move,
 * `{ action, reason }`, or to `{ error }`; `take(action)` sets the dialog to it (the person still
 * confirms it) and says whether it could. The reason stays in the button band until the dialog
 * shows something else (`clear`). No button where `askHint` is null (a tutorial).
 */
export function dialogHint(askHint, take) {
  const reason = h("p", { class: "dlg-hint dlg-hint-reason", testid: "dialog-hint-reason", "aria-live": "polite" });
  let proposal = null;  // the hinted action while the dialog shows it
  const clear = () => { proposal = null; reason.textContent = ""; };
  if (!askHint) return { button: null, reason, proposal: () => null, clear };
  const button = h("button", { type: "button", class: "btn btn-secondary hint-btn", testid: "dialog-hint-button",
    title: t("hint.title"), text: t("hint.button") });
  button.addEventListener("click", async () => {
    button.disabled = true;
    reason.textContent = `${t("hint.label")} ${t("hint.thinking")}`;
    try {
      const out = await askHint();
      if (!button.isConnected) return;
      if (out.error) {
        reason.textContent = out.error;
        return;
      }
      proposal = out.action;
      if (!take(out.action)) proposal = null;
      reason.textContent = `${t("hint.label")} ${out.reason}`;
    } finally {
      button.disabled = false;
    }
  });
  return { button, reason, proposal: () => proposal, clear };
}

/** `dialogHint` for a ticket dialog: the proposed keep is ticked in `selected` (then `changed()`
 *  redraws), and its reason goes once the ticks are another selection (`check` on each redraw). */
export function ticketHint(askHint, selected, changed) {
  const hint = dialogHint(askHint, (action) => {
    if (action.kind !== "keep") return false;
    selected.clear();
    for (const id of action.tickets ?? []) selected.add(id);
    changed();
    return true;
  });
  const check = () => {
    const keep = hint.proposal();
    if (keep && !sameSet(keep.tickets ?? [], selected)) hint.clear();
  };
  return { ...hint, check };
}

/**
 * Ticket choice. `keeps` are the legal keep actions; "Keep" is enabled only when the selection
 * equals the ticket set of one of them (the page never decides the minimum itself).
 * `chosen`: the ids ticked before a reload; `onChange(ids)` hears every tick.
 * `picture` (mappicture.js ticketPicture): the person's network with the offered tickets as
 * numbered lines, shown beside the list (each ticket then carries its number instead of a mini-map).
 * The reason a keep is not possible yet sits in the button band, beside "Keep", never scrolled
 * out of view under the band.
 */
export function ticketDialog(parent, { offered, keeps, minKeep, board, onHover, onConfirm, setup, chosen, onChange = () => {}, picture = null, askHint = null }) {
  const selected = initialTickets(offered, chosen);
  const confirm = h("button", { type: "button", class: "btn btn-primary", testid: "ticket-confirm" });
  const hint = h("p", { class: "dlg-hint", testid: "ticket-hint", "aria-live": "polite" });
  let pointed = null;
  const hover = (tk) => { pointed = tk?.id ?? null; picture?.show(selected, pointed); onHover(tk); };
  const items = offered.map((tk, i) => {
    const input = h("input", { type: "checkbox", checked: selected.has(tk.id), value: tk.id, testid: `ticket-check-${tk.id}`,
      on: { change: () => { input.checked ? selected.add(tk.id) : selected.delete(tk.id); onChange([...selected]); refresh(); } } });
    let mini;
    if (picture) mini = swatch(i);
    else {
      mini = h("canvas", { class: "ticket-mini", "aria-hidden": "true" });
      drawTicketMap(mini, board, tk.cities, { width: 112, height: 76 });
    }
    const label = h("label", { class: ["ticket-option", tk.itinerary && "itinerary"], testid: `ticket-option-${tk.id}`, dataset: { ticket: tk.id },
      on: { pointerenter: () => hover(tk), pointerleave: () => hover(null), focusin: () => hover(tk), focusout: () => hover(null) } },
    input, mini,
    h("span", { class: "ticket-option-text" },
      h("span", { class: "ticket-cities", text: ticketName(board, tk) }),
      h("span", { class: "ticket-points", text: tk.itinerary ? t("tickets.itineraryValues", { a: tk.values[0], b: tk.values[1], c: tk.values[2] }) : t("tickets.points", { n: tk.points }) })),
    h("span", { class: "ticket-check", "aria-hidden": "true" }));
    return { tk, input, label };
  });
  function legalKeep() {
    return keeps.find((k) => sameSet(k.tickets, selected));
  }
  function refresh() {
    const k = legalKeep();
    confirm.disabled = !k;
    // Nothing ticked: "Choose tickets" (a disabled "Keep 0 tickets" beside "Keep at least 2" read oddly).
    confirm.textContent = selected.size ? t("tickets.keepN", { n: selected.size }) : t("tickets.chooseFirst");
    // The minimum while the selection is not a keep (beside "Keep 3 tickets" it said nothing new).
    hint.textContent = k ? "" : t("tickets.keepAtLeast", { n: minKeep });
    hint.classList.toggle("warn", !k);
    advice.check();
    for (const it of items) {
      it.input.checked = selected.has(it.tk.id);
      it.label.classList.toggle("selected", selected.has(it.tk.id));
    }
    picture?.show(selected, pointed);
  }
  const advice = ticketHint(askHint, selected, () => { onChange([...selected]); refresh(); });
  let dlg;
  confirm.addEventListener("click", () => {
    const k = legalKeep();
    if (!k) return;
    onHover(null);
    close(dlg);
    onConfirm(k.text);
  });
  refresh();
  const list = h("div", { class: "ticket-options", testid: "ticket-options" }, items.map((i) => i.label));
  dlg = modal(parent, { testid: "ticket-dialog", title: setup ? t("tickets.titleSetup") : t("tickets.title"),
    className: picture ? "dlg-tickets dlg-with-map" : "dlg-tickets", cancellable: false },
    h("p", { class: "dlg-sub", text: tMaybe(`tickets.explain.${board.variant}`, t("tickets.explain")) }),
    picture ? h("div", { class: "dlg-map-layout" }, picture.el, h("div", { class: "dlg-map-side" }, list)) : list,
    h("div", { class: "dlg-actions" }, h("div", { class: "dlg-reason" }, advice.reason, hint), advice.button, confirm));
  if (picture) dlg.addEventListener("close", () => picture.destroy());
  items[0]?.input.focus();
  return dlg;
}

/**
 * Payment chooser for a route with several legal payments. Fewest wild cards first, otherwise in
 * the engine's order (it lists each route's payments cheapest first), so the first is the proposal;
 * it is tagged "cheapest" only when it costs less than the next.
 * `hand` (the view's own hand, {card: n}): each option also says what stays in hand after it.
 * `picture` (mappicture.js routePicture): the route being paid for, shown above the options.
 * `hinted`: the action text of the current Hint's move, when it is one of `options`.
 */
export function paymentDialog(parent, { title, options, onChoose, onCancel, hand = null, picture = null, hinted = null }) {
  let dlg;
  const wild = (opt) => opt.cards.loco ?? opt.cards.joker ?? 0;
  const count = (opt) => Object.values(opt.cards).reduce((sum, n) => sum + n, 0);
  // "Cheapest" only where it is: fewer wild cards, or as many and fewer cards (4 × yellow and
  // 4 × purple for a gray route are two ways to pay the same).
  const cheaper = (a, b) => wild(a) < wild(b) || (wild(a) === wild(b) && count(a) < count(b));
  const sorted = options.map((opt, i) => ({ opt, i })).sort((a, b) => wild(a.opt) - wild(b.opt) || a.i - b.i).map((x) => x.opt);
  // The current Hint's payment (its action text, one of the engine's options) leads, marked as the
  // hint's: taking the first option then plays what the hint said. "Cheapest" then tags the first of
  // the others only where it takes fewer wild cards than the hint's.
  const hint = sorted.find((opt) => opt.text === hinted) ?? null;
  const ordered = hint ? [hint, ...sorted.filter((opt) => opt !== hint)] : sorted;
  const buttons = ordered.map((opt, i) => {
    const faces = [];
    for (const [card, n] of Object.entries(opt.cards)) {
      if (n > 0) faces.push(cardFace(card, { count: n, size: "sm" }));
    }
    const parts = Object.entries(opt.cards).filter(([, n]) => n > 0).map(([c, n]) => t("log.payPart", { n, card: cardName(c) }));
    const isHint = opt === hint;
    const proposed = hint ? i === 1 && cheaper(opt, hint) && (!ordered[2] || cheaper(opt, ordered[2]))
      : i === 0 && ordered.length > 1 && cheaper(opt, ordered[1]);
    const label = isHint ? "pay.optionHinted" : proposed ? "pay.optionCheapest" : "pay.option";
    const left = hand ? leftInHand(hand, opt.cards) : null;
    return h("button", { type: "button", class: ["pay-option", isHint && "is-hinted"], testid: `payment-option-${i}`, dataset: { action: opt.text },
      "aria-label": t(label, { list: parts.join(" + ") }) + (left ? `. ${left.text}` : ""),
      on: { click: () => { close(dlg); onChoose(opt.text); } } }, faces,
    h("span", { class: "pay-text" }, h("span", { text: parts.join(" + ") }),
      left && h("small", { class: "pay-left", testid: `payment-left-${i}`, text: left.text, dataset: { left: left.cards } })),
    isHint && h("span", { class: "pay-tag pay-tag-hint", testid: "payment-hinted", text: t("pay.hinted") }),
    proposed && h("span", { class: "pay-tag", testid: "payment-cheapest", text: t("pay.cheapest") }));
  });
  dlg = modal(parent, { testid: "payment-dialog", title, className: picture ? "dlg-pay dlg-with-map" : "dlg-pay", onCancel },
    picture?.el,
    h("p", { class: "dlg-sub", text: t("pay.explain") }),
    h("div", { class: "pay-options" }, buttons),
    h("div", { class: "dlg-actions" },
      h("button", { type: "button", class: "btn btn-ghost", testid: "payment-cancel", text: t("common.cancel"),
        on: { click: () => { close(dlg); onCancel(); } } })));
  if (picture) dlg.addEventListener("close", () => picture.destroy());
  buttons[0]?.focus();
  return dlg;
}

/** What stays in `hand` after paying `cards` (both the engine's {card: n}): {text: "Left in hand:
 *  2 × red, 1 × locomotive", cards: "red:2,loco:1"}. */
function leftInHand(hand, cards) {
  const left = Object.entries(hand).map(([card, n]) => [card, n - (cards[card] ?? 0)]).filter(([, n]) => n > 0);
  const text = left.length ? t("pay.left", { list: left.map(([card, n]) => t("log.payPart", { n, card: cardName(card) })).join(", ") }) : t("pay.leftNone");
  return { text, cards: left.map(([card, n]) => `${card}:${n}`).join(",") };
}

/** The hotseat screen that hides the previous hand until the next player is ready. */
export function passDeviceDialog(parent, { name, color, onReady }) {
  let dlg;
  const btn = h("button", { type: "button", class: "btn btn-primary btn-big", testid: "pass-device-ready",
    text: t("pass.ready", { name }), on: { click: () => { close(dlg); onReady(); } } });
  dlg = modal(parent, { testid: "pass-device", title: t("pass.title", { name }), className: "dlg-pass", cancellable: false },
    h("div", { class: "pass-avatar", style: { "--pc": color } }),
    h("p", { class: "dlg-sub", text: t("pass.explain", { name }) }),
    h("div", { class: "dlg-actions" }, btn));
  btn.focus();
  return dlg;
}
