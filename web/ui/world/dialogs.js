// Rails & Sails dialogs: which deck refills a taken slot, where to build a harbor (and how to
// pay), a piece exchange, the secret piece mix. Each is opened by the world's panels or prompt on
// the map screen (`screen`: ../core/mapscreen.js) and offers only the engine's legal actions.
import { h } from "../dom.js";
import { t } from "../../i18n.js";
import { cardFace, cardName } from "../cards.js";
import { modal, close, paymentDialog, dialogHint } from "../dialogs.js";
import { icon } from "../icons.js";
import { ticketPicture } from "../mappicture.js";

/** The legal takes of a face-up slot (one per deck that may refill it). */
export function slotTakes(screen, slot) {
  return screen._legal().filter((x) => x.kind === "take" && x.slot === slot);
}

/** A click on a face-up card: take it at once if there is one way, else ask which deck refills the slot. */
export function chooseRefill(screen, slot) {
  const takes = slotTakes(screen, slot);
  if (!takes.length) return;
  if (takes.length === 1) {
    screen.act(takes[0].text);
    return;
  }
  const card = takes[0].card;
  const v = screen.res.view;
  let dlg;
  const done = () => { screen.dialog = null; screen.dialogKind = null; screen.autosave.keepChoice(null); screen._updateRoot(); };
  const buttons = takes.map((a) => h("button", { type: "button", class: "refill-choice", testid: `refill-choice-${a.refill ?? "none"}`,
    dataset: { action: a.text }, on: { click: () => { close(dlg); done(); screen.act(a.text); } } },
  icon(a.refill ?? "cards", 26),
  h("span", { class: "refill-choice-text" },
    h("strong", { text: a.refill ? t(`wmarket.refillFrom.${a.refill}`) : t("wmarket.noRefill") }),
    a.refill ? h("small", { text: t("wmarket.left", { n: v.decks[a.refill] + v.discards[a.refill] }) }) : null)));
  screen.dialogKind = "choose-refill";
  screen.autosave.keepChoice({ kind: "refill", slot });  // a reload reopens this question
  dlg = screen.dialog = modal(screen.ctx.root, { testid: "refill-dialog", title: t("wmarket.refillTitle", { card: cardName(card) }),
    className: "dlg-refill", onCancel: done },
  h("div", { class: "refill-card" }, cardFace(card, { size: "md" })),
  h("p", { class: "dlg-sub", text: t("wmarket.refillExplain") }),
  h("div", { class: "refill-choices" }, buttons),
  h("div", { class: "dlg-actions" }, h("button", { type: "button", class: "btn btn-ghost", testid: "refill-cancel",
    text: t("common.cancel"), on: { click: () => { close(dlg); done(); } } })));
  buttons[0]?.focus();
  screen._updateRoot();
}

/** Reopens the refill question the person left open (before a reload or a language change), if it
 *  still stands; returns whether it did. */
export function reopenRefill(screen) {
  const slot = screen.autosave.pendingChoice("refill")?.slot;
  if (!Number.isInteger(slot) || slotTakes(screen, slot).length < 2) return false;
  chooseRefill(screen, slot);
  return true;
}

/** Build a harbor: pick a port city (those with a legal harbor action), then the payment. */
export function openHarbor(screen) {
  const acts = screen._legal().filter((a) => a.kind === "harbor");
  if (!acts.length) return;
  const byCity = new Map();
  for (const a of acts) byCity.set(a.city, [...(byCity.get(a.city) ?? []), a]);
  const cities = [...byCity.keys()].sort((a, b) => screen.board.cityName(a).localeCompare(screen.board.cityName(b)));
  let dlg;
  const done = () => {
    screen.dialog = null; screen.dialogKind = null;
    screen.boardView.update({ harborTargets: null });
    screen._updateRoot();
  };
  const mine = screen.res.view.players[screen.viewer];
  const ticketsNaming = (city) => (screen.res.view.me?.tickets ?? []).filter((tk) => tk.cities.includes(city));
  const items = cities.map((city) => {
    const naming = ticketsNaming(city);
    return h("button", { type: "button", class: "harbor-city", testid: `harbor-city-${city}`, dataset: { city },
      on: {
        click: () => { close(dlg); done(); payHarbor(screen, city, byCity.get(city)); },
        pointerenter: () => screen.boardView.update({ harborTargets: new Set([city]) }),
        pointerleave: () => screen.boardView.update({ harborTargets: new Set(cities) }),
      } },
    icon("anchor", 18),
    h("span", { class: "harbor-city-name", text: screen.board.cityName(city) }),
    h("small", { text: naming.length ? t("wharbor.tickets", { n: naming.length }) : t("wharbor.noTickets") }));
  });
  screen.dialogKind = "choose-harbor";
  screen.boardView.update({ harborTargets: new Set(cities) });
  dlg = screen.dialog = modal(screen.ctx.root, { testid: "harbor-dialog", title: t("wharbor.title"), className: "dlg-harbor", onCancel: done },
    h("p", { class: "dlg-sub", text: t("wharbor.explain", { left: mine?.harbors_left ?? 0 }) }),
    h("div", { class: "harbor-cities" }, items),
    h("div", { class: "dlg-actions" }, h("button", { type: "button", class: "btn btn-ghost", testid: "harbor-cancel",
      text: t("common.cancel"), on: { click: () => { close(dlg); done(); } } })));
  items[0]?.focus();
  screen._updateRoot();
}

function payHarbor(screen, city, options) {
  if (options.length === 1) {
    screen.act(options[0].text);
    return;
  }
  screen.dialogKind = "choose-payment";
  screen.dialog = paymentDialog(screen.ctx.root, {
    title: t("wharbor.pay", { city: screen.board.cityName(city) }), options, hand: screen.res.view.me?.hand ?? null,
    hinted: screen.hintCtl?.current()?.text,
    onChoose: (text) => { screen.dialog = null; screen.dialogKind = null; screen._updateRoot(); screen.act(text); },
    onCancel: () => { screen.dialog = null; screen.dialogKind = null; screen._updateRoot(); },
  });
  screen._updateRoot();
}

/** Exchange pieces: the direction and the count, from the legal exchange actions. */
export function openExchange(screen) {
  const acts = screen._legal().filter((a) => a.kind === "exchange");
  if (!acts.length) return;
  const p = screen.res.view.players[screen.viewer];
  let want = acts.some((a) => a.want === "trains") ? "trains" : "ships";
  let dlg;
  const done = () => { screen.dialog = null; screen.dialogKind = null; screen._updateRoot(); };
  const countSel = h("select", { testid: "exchange-count", id: "exchange-count", on: { change: () => refresh() } });
  const summary = h("p", { class: "exchange-summary", testid: "exchange-summary" });
  const confirm = h("button", { type: "button", class: "btn btn-primary", testid: "exchange-confirm" });
  const dirs = ["trains", "ships"].map((w) => {
    const enabled = acts.some((a) => a.want === w);
    const input = h("input", { type: "radio", name: "exchange-want", value: w, checked: w === want, disabled: !enabled,
      testid: `exchange-want-${w}`, on: { change: () => { want = w; fillCounts(); refresh(); } } });
    return h("label", { class: ["exchange-dir", !enabled && "disabled"] }, input,
      h("span", { class: "exchange-dir-body" }, icon(w === "trains" ? "train" : "ship", 22),
        h("span", { text: t(`wexchange.want.${w}`) })));
  });
  const fillCounts = () => {
    const counts = acts.filter((a) => a.want === want).map((a) => a.count).sort((a, b) => a - b);
    countSel.replaceChildren(...counts.map((n) => h("option", { value: n, text: String(n) })));
  };
  const chosen = () => acts.find((a) => a.want === want && a.count === Number(countSel.value));
  const refresh = () => {
    const a = chosen();
    const n = a?.count ?? 0;
    const after = a?.pieces_after ?? { trains: p.trains ?? 0, ships: p.ships ?? 0 };  // from the engine
    summary.textContent = t("wexchange.summary", { trains: after.trains, ships: after.ships, n });
    confirm.textContent = t("wexchange.confirm", { n });
    confirm.disabled = !a;
  };
  confirm.addEventListener("click", () => {
    const a = chosen();
    if (!a) return;
    close(dlg);
    done();
    screen.act(a.text);
  });
  fillCounts();
  refresh();
  screen.dialogKind = "choose-exchange";
  dlg = screen.dialog = modal(screen.ctx.root, { testid: "exchange-dialog", title: t("wexchange.title"), className: "dlg-exchange", onCancel: done },
    h("p", { class: "dlg-sub", text: t("wexchange.explain", { trains: p.trains ?? 0, ships: p.ships ?? 0, bt: p.box_trains ?? 0, bs: p.box_ships ?? 0 }) }),
    h("div", { class: "exchange-dirs", role: "radiogroup", "aria-label": t("wexchange.direction") }, dirs),
    h("div", { class: "exchange-count-row" }, h("label", { for: "exchange-count", text: t("wexchange.count") }), countSel),
    summary,
    h("div", { class: "dlg-actions" },
      h("button", { type: "button", class: "btn btn-ghost", testid: "exchange-cancel", text: t("common.cancel"), on: { click: () => { close(dlg); done(); } } }),
      confirm));
  countSel.focus();
  screen._updateRoot();
}

/** The secret piece mix at the start: trains vs ships out of 60, from the legal `pieces` actions. */
export function openPieces(screen, acts) {
  const opts = acts.slice().sort((a, b) => a.trains - b.trains);
  const [recT, recS] = screen.board.recommended_pieces ?? [20, 40];
  let idx = Math.max(0, opts.findIndex((a) => a.trains === recT));
  const slider = h("input", { type: "range", min: 0, max: opts.length - 1, step: 1, value: idx, testid: "pieces-slider",
    id: "pieces-slider", "aria-label": t("wpieces.slider"), on: { input: (e) => { idx = Number(e.target.value); refresh(); } } });
  const trainsOut = h("strong", { class: "pieces-n", testid: "pieces-trains" });
  const shipsOut = h("strong", { class: "pieces-n", testid: "pieces-ships" });
  const bar = h("div", { class: "pieces-bar", "aria-hidden": "true" }, h("span", { class: "pieces-bar-trains" }), h("span", { class: "pieces-bar-ships" }));
  const note = h("p", { class: "pieces-note", testid: "pieces-note" });
  const confirm = h("button", { type: "button", class: "btn btn-primary", testid: "pieces-confirm" });
  const step = (d) => { idx = Math.min(opts.length - 1, Math.max(0, idx + d)); slider.value = String(idx); refresh(); };
  // The recommendation and the button back to it are one control under the numbers (pressed while
  // they are the recommended mix): a line saying it and a button in the band said it twice, and in
  // the tutorial on a phone the line lay under the band.
  const recommended = h("button", { type: "button", class: "btn btn-ghost btn-small pieces-rec", testid: "pieces-recommended",
    text: t("wpieces.recommended", { trains: recT, ships: recS }),
    on: { click: () => { idx = Math.max(0, opts.findIndex((a) => a.trains === recT)); slider.value = String(idx); refresh(); } } });
  const refresh = () => {
    const a = opts[idx];
    trainsOut.textContent = String(a.trains);
    shipsOut.textContent = String(a.ships);
    slider.setAttribute("aria-valuetext", t("wpieces.value", { trains: a.trains, ships: a.ships }));
    bar.style.setProperty("--tr", String(a.trains / (a.trains + a.ships)));
    const rec = a.trains === recT && a.ships === recS;
    recommended.setAttribute("aria-pressed", String(rec));
    note.textContent = rec ? "" : t("wpieces.box", { bt: (screen.board.trains ?? 25) - a.trains, bs: (screen.board.ships ?? 50) - a.ships });
    confirm.textContent = t("wpieces.confirm", { trains: a.trains, ships: a.ships });
    if (advice.proposal() && advice.proposal().text !== a.text) advice.clear();  // moved off the hint's mix
  };
  // The Hint sets the slider to the mix it proposes.
  const advice = dialogHint(screen.hintCtl.available() ? () => screen.hintCtl.forDialog() : null, (action) => {
    const i = opts.findIndex((o) => o.text === action.text);
    if (i < 0) return false;
    idx = i;
    slider.value = String(idx);
    refresh();
    return true;
  });
  let dlg;
  confirm.addEventListener("click", () => {
    close(dlg);
    screen.dialog = null; screen.dialogKind = null; screen._updateRoot();
    screen.act(opts[idx].text);
  });
  refresh();
  screen.dialogKind = "choose-pieces";
  // The kept tickets on the map: which need ships and which trains decides the mix.
  const picture = ticketPicture(screen, screen.res.view.me?.tickets ?? [], { legend: true });
  dlg = screen.dialog = modal(screen.ctx.root, { testid: "pieces-dialog", title: t("wpieces.title"), className: "dlg-pieces dlg-with-map", cancellable: false },
    h("p", { class: "dlg-sub", text: t("wpieces.explain", { n: screen.board.pieces_in_play ?? 60, min: opts[0].trains, max: opts.at(-1).trains }) }),
    picture.el,
    h("div", { class: "pieces-row" },
      h("div", { class: "pieces-side" }, icon("train", 26), trainsOut, h("span", { text: t("wpieces.trains") })),
      h("div", { class: "pieces-mid" }, bar,
        h("div", { class: "pieces-stepper" },
          h("button", { type: "button", class: "step-btn", testid: "pieces-minus", "aria-label": t("wpieces.fewer"), text: "−", on: { click: () => step(-1) } }),
          slider,
          h("button", { type: "button", class: "step-btn", testid: "pieces-plus", "aria-label": t("wpieces.more"), text: "+", on: { click: () => step(1) } }))),
      h("div", { class: "pieces-side" }, icon("ship", 26), shipsOut, h("span", { text: t("wpieces.ships") }))),
    recommended,
    note,
    h("div", { class: "dlg-actions" }, h("div", { class: "dlg-reason" }, advice.reason), advice.button, confirm));
  dlg.addEventListener("close", () => picture.destroy());
  slider.focus();
  screen._updateRoot();
}
