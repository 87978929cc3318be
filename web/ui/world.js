// Rails & Sails (the world map): the classic game screen with two decks and a six-card market
// (the player picks the deck that refills a taken slot), a hand split into train and ship cards,
// the secret piece mix, harbors, piece exchanges and itinerary tickets. Everything offered comes
// from the engine's legal actions; this module never decides what is legal.
import { h } from "./dom.js";
import { t, tMaybe } from "../i18n.js";
import { GameScreen } from "./game.js";
import { cardFace, cardName, symbolSvg, CARD_COLORS } from "./cards.js";
import { ticketName } from "./logtext.js";
import { modal, close, paymentDialog } from "./dialogs.js";
import { icon } from "./icons.js";

const DECKS = ["train", "ship"];

export class WorldScreen extends GameScreen {
  // ------------------------------------------------------------------ building
  _buildMarket() {
    const pile = (deck) => h("button", { type: "button", class: ["pile", "deck-pile", `deck-${deck}`], testid: `deck-${deck}`,
      dataset: { deck }, on: { click: () => this.#draw(deck) } },
    h("span", { class: ["pile-art", "deck-art", `deck-art-${deck}`] }, icon(deck, 24)),
    h("span", { class: "pile-label", text: t(`wmarket.deck.${deck}`) }), h("span", { class: "pile-count" }));
    this.deckBtns = { train: pile("train"), ship: pile("ship") };
    this.takeBtns = [];
    this.slots = [0, 1, 2, 3, 4, 5].map((i) => {
      const cardBtn = h("button", { type: "button", class: "slot-card", testid: `market-card-${i}`,
        on: { click: () => this.#chooseRefill(i) } });
      const refill = DECKS.map((deck) => h("button", { type: "button", class: ["refill-btn", `refill-${deck}`],
        testid: `market-take-${i}-${deck}`, dataset: { refill: deck }, on: { click: () => this.#take(i, deck) } },
      icon(deck, 14), h("span", { class: "refill-arrow", "aria-hidden": "true", text: "↻" })));
      this.takeBtns[i] = { card: cardBtn, train: refill[0], ship: refill[1] };
      return h("div", { class: "slot wslot", testid: `market-slot-${i}`, dataset: { slot: i } },
        cardBtn, h("div", { class: "refill-row" }, refill));
    });
    this.ticketBtn = h("button", { type: "button", class: "pile ticket-pile", testid: "ticket-deck",
      on: { click: () => this._actKind("tickets") } }, h("span", { class: "pile-art ticket-art" }, icon("ticket", 24)),
    h("span", { class: "pile-label", text: t("market.tickets") }), h("span", { class: "pile-count" }));
    this.harborBtn = h("button", { type: "button", class: "wact", testid: "build-harbor",
      on: { click: () => this.#openHarbor() } }, icon("anchor", 18), h("span", { text: t("wact.harbor") }));
    this.exchangeBtn = h("button", { type: "button", class: "wact", testid: "exchange-pieces",
      on: { click: () => this.#openExchange() } }, icon("exchange", 18), h("span", { text: t("wact.exchange") }));
    this.market = h("section", { class: "market wmarket", testid: "market", "aria-label": t("market.title") },
      h("div", { class: "wdecks" }, this.deckBtns.train, this.deckBtns.ship),
      h("div", { class: "wslots-wrap" },
        h("p", { class: "wslots-hint", id: "wslots-hint", text: t("wmarket.hint") }),
        h("div", { class: "slots wslots", "aria-describedby": "wslots-hint" }, this.slots)),
      h("div", { class: "wmore" }, this.ticketBtn, h("div", { class: "wacts" }, this.harborBtn, this.exchangeBtn)));
    return this.market;
  }

  _buildHandArea() {
    super._buildHandArea();
    this.handArea.classList.add("whand-area");
    return this.handArea;
  }

  // ------------------------------------------------------------------ actions
  #draw(deck) {
    const a = this._legal().find((x) => x.kind === "draw" && x.deck === deck);
    if (a) this.act(a.text);
  }

  #takes(slot) {
    return this._legal().filter((x) => x.kind === "take" && x.slot === slot);
  }

  #take(slot, deck) {
    const a = this.#takes(slot).find((x) => (x.refill ?? null) === deck) ?? this.#takes(slot).find((x) => !x.refill);
    if (a) this.act(a.text);
  }

  _takeSlot(i) {
    this.#chooseRefill(i);
  }

  _routesHelp() {
    return t("wroutes.help");
  }

  /** Keys: the map screen's (1–6, T), with D for the train deck and S for the ship deck. */
  _keyAction(key) {
    const deck = { d: "train", s: "ship" }[key.toLowerCase()];
    if (!deck) return super._keyAction(key);
    this.#draw(deck);
    return true;
  }

  /** A click on a face-up card: take it at once if there is one way, else ask which deck refills the slot. */
  #chooseRefill(slot) {
    const takes = this.#takes(slot);
    if (!takes.length) return;
    if (takes.length === 1) {
      this.act(takes[0].text);
      return;
    }
    const card = takes[0].card;
    const v = this.res.view;
    let dlg;
    const done = () => { this.dialog = null; this.dialogKind = null; this._updateRoot(); };
    const buttons = takes.map((a) => h("button", { type: "button", class: "refill-choice", testid: `refill-choice-${a.refill ?? "none"}`,
      dataset: { action: a.text }, on: { click: () => { close(dlg); done(); this.act(a.text); } } },
    icon(a.refill ?? "cards", 26),
    h("span", { class: "refill-choice-text" },
      h("strong", { text: a.refill ? t(`wmarket.refillFrom.${a.refill}`) : t("wmarket.noRefill") }),
      a.refill ? h("small", { text: t("wmarket.left", { n: v.decks[a.refill] + v.discards[a.refill] }) }) : null)));
    this.dialogKind = "choose-refill";
    dlg = this.dialog = modal(this.ctx.root, { testid: "refill-dialog", title: t("wmarket.refillTitle", { card: cardName(card) }),
      className: "dlg-refill", onCancel: done },
    h("div", { class: "refill-card" }, cardFace(card, { size: "md" })),
    h("p", { class: "dlg-sub", text: t("wmarket.refillExplain") }),
    h("div", { class: "refill-choices" }, buttons),
    h("div", { class: "dlg-actions" }, h("button", { type: "button", class: "btn btn-ghost", testid: "refill-cancel",
      text: t("common.cancel"), on: { click: () => { close(dlg); done(); } } })));
    buttons[0]?.focus();
    this._updateRoot();
  }

  /** Build a harbor: pick a port city (those with a legal harbor action), then the payment. */
  #openHarbor() {
    const acts = this._legal().filter((a) => a.kind === "harbor");
    if (!acts.length) return;
    const byCity = new Map();
    for (const a of acts) byCity.set(a.city, [...(byCity.get(a.city) ?? []), a]);
    const cities = [...byCity.keys()].sort((a, b) => this.board.cityName(a).localeCompare(this.board.cityName(b)));
    let dlg;
    const done = () => {
      this.dialog = null; this.dialogKind = null;
      this.boardView.update({ harborTargets: null });
      this._updateRoot();
    };
    const mine = this.res.view.players[this.viewer];
    const ticketsNaming = (city) => (this.res.view.me?.tickets ?? []).filter((tk) => tk.cities.includes(city));
    const items = cities.map((city) => {
      const naming = ticketsNaming(city);
      return h("button", { type: "button", class: "harbor-city", testid: `harbor-city-${city}`, dataset: { city },
        on: {
          click: () => { close(dlg); done(); this.#payHarbor(city, byCity.get(city)); },
          pointerenter: () => this.boardView.update({ harborTargets: new Set([city]) }),
          pointerleave: () => this.boardView.update({ harborTargets: new Set(cities) }),
        } },
      icon("anchor", 18),
      h("span", { class: "harbor-city-name", text: this.board.cityName(city) }),
      h("small", { text: naming.length ? t("wharbor.tickets", { n: naming.length }) : t("wharbor.noTickets") }));
    });
    this.dialogKind = "choose-harbor";
    this.boardView.update({ harborTargets: new Set(cities) });
    dlg = this.dialog = modal(this.ctx.root, { testid: "harbor-dialog", title: t("wharbor.title"), className: "dlg-harbor", onCancel: done },
      h("p", { class: "dlg-sub", text: t("wharbor.explain", { left: mine?.harbors_left ?? 0 }) }),
      h("div", { class: "harbor-cities" }, items),
      h("div", { class: "dlg-actions" }, h("button", { type: "button", class: "btn btn-ghost", testid: "harbor-cancel",
        text: t("common.cancel"), on: { click: () => { close(dlg); done(); } } })));
    items[0]?.focus();
    this._updateRoot();
  }

  #payHarbor(city, options) {
    if (options.length === 1) {
      this.act(options[0].text);
      return;
    }
    this.dialogKind = "choose-payment";
    this.dialog = paymentDialog(this.ctx.root, {
      title: t("wharbor.pay", { city: this.board.cityName(city) }), options,
      onChoose: (text) => { this.dialog = null; this.dialogKind = null; this._updateRoot(); this.act(text); },
      onCancel: () => { this.dialog = null; this.dialogKind = null; this._updateRoot(); },
    });
    this._updateRoot();
  }

  /** Exchange pieces: the direction and the count, from the legal exchange actions. */
  #openExchange() {
    const acts = this._legal().filter((a) => a.kind === "exchange");
    if (!acts.length) return;
    const p = this.res.view.players[this.viewer];
    let want = acts.some((a) => a.want === "trains") ? "trains" : "ships";
    let dlg;
    const done = () => { this.dialog = null; this.dialogKind = null; this._updateRoot(); };
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
      this.act(a.text);
    });
    fillCounts();
    refresh();
    this.dialogKind = "choose-exchange";
    dlg = this.dialog = modal(this.ctx.root, { testid: "exchange-dialog", title: t("wexchange.title"), className: "dlg-exchange", onCancel: done },
      h("p", { class: "dlg-sub", text: t("wexchange.explain", { trains: p.trains ?? 0, ships: p.ships ?? 0, bt: p.box_trains ?? 0, bs: p.box_ships ?? 0 }) }),
      h("div", { class: "exchange-dirs", role: "radiogroup", "aria-label": t("wexchange.direction") }, dirs),
      h("div", { class: "exchange-count-row" }, h("label", { for: "exchange-count", text: t("wexchange.count") }), countSel),
      summary,
      h("div", { class: "dlg-actions" },
        h("button", { type: "button", class: "btn btn-ghost", testid: "exchange-cancel", text: t("common.cancel"), on: { click: () => { close(dlg); done(); } } }),
        confirm));
    countSel.focus();
    this._updateRoot();
  }

  /** The secret piece mix at the start: trains vs ships out of 60, from the legal `pieces` actions. */
  #openPieces(acts) {
    const opts = acts.slice().sort((a, b) => a.trains - b.trains);
    const [recT, recS] = this.board.recommended_pieces ?? [20, 40];
    let idx = Math.max(0, opts.findIndex((a) => a.trains === recT));
    const slider = h("input", { type: "range", min: 0, max: opts.length - 1, step: 1, value: idx, testid: "pieces-slider",
      id: "pieces-slider", "aria-label": t("wpieces.slider"), on: { input: (e) => { idx = Number(e.target.value); refresh(); } } });
    const trainsOut = h("strong", { class: "pieces-n", testid: "pieces-trains" });
    const shipsOut = h("strong", { class: "pieces-n", testid: "pieces-ships" });
    const bar = h("div", { class: "pieces-bar", "aria-hidden": "true" }, h("span", { class: "pieces-bar-trains" }), h("span", { class: "pieces-bar-ships" }));
    const note = h("p", { class: "pieces-note", testid: "pieces-note" });
    const confirm = h("button", { type: "button", class: "btn btn-primary", testid: "pieces-confirm" });
    const step = (d) => { idx = Math.min(opts.length - 1, Math.max(0, idx + d)); slider.value = String(idx); refresh(); };
    const refresh = () => {
      const a = opts[idx];
      trainsOut.textContent = String(a.trains);
      shipsOut.textContent = String(a.ships);
      slider.setAttribute("aria-valuetext", t("wpieces.value", { trains: a.trains, ships: a.ships }));
      bar.style.setProperty("--tr", String(a.trains / (a.trains + a.ships)));
      const rec = a.trains === recT && a.ships === recS;
      note.textContent = rec ? t("wpieces.isRecommended") : t("wpieces.box", { bt: (this.board.trains ?? 25) - a.trains, bs: (this.board.ships ?? 50) - a.ships });
      confirm.textContent = t("wpieces.confirm", { trains: a.trains, ships: a.ships });
    };
    let dlg;
    confirm.addEventListener("click", () => {
      close(dlg);
      this.dialog = null; this.dialogKind = null; this._updateRoot();
      this.act(opts[idx].text);
    });
    refresh();
    this.dialogKind = "choose-pieces";
    dlg = this.dialog = modal(this.ctx.root, { testid: "pieces-dialog", title: t("wpieces.title"), className: "dlg-pieces", cancellable: false },
      h("p", { class: "dlg-sub", text: t("wpieces.explain", { n: this.board.pieces_in_play ?? 60, min: opts[0].trains, max: opts.at(-1).trains }) }),
      h("div", { class: "pieces-row" },
        h("div", { class: "pieces-side" }, icon("train", 26), trainsOut, h("span", { text: t("wpieces.trains") })),
        h("div", { class: "pieces-mid" }, bar,
          h("div", { class: "pieces-stepper" },
            h("button", { type: "button", class: "step-btn", testid: "pieces-minus", "aria-label": t("wpieces.fewer"), text: "−", on: { click: () => step(-1) } }),
            slider,
            h("button", { type: "button", class: "step-btn", testid: "pieces-plus", "aria-label": t("wpieces.more"), text: "+", on: { click: () => step(1) } }))),
        h("div", { class: "pieces-side" }, icon("ship", 26), shipsOut, h("span", { text: t("wpieces.ships") }))),
      note,
      h("p", { class: "dlg-hint", text: t("wpieces.recommended", { trains: recT, ships: recS }) }),
      h("div", { class: "dlg-actions" },
        h("button", { type: "button", class: "btn btn-ghost", testid: "pieces-recommended", text: t("wpieces.useRecommended"),
          on: { click: () => { idx = Math.max(0, opts.findIndex((a) => a.trains === recT)); slider.value = String(idx); refresh(); } } }),
        confirm));
    slider.focus();
    this._updateRoot();
  }

  _prompt(legal) {
    const pieces = legal.filter((a) => a.kind === "pieces");
    if (pieces.length) this.#openPieces(pieces);
    else super._prompt(legal);
  }

  _reopen(kind) {
    if (kind === "choose-pieces") {
      this.#openPieces(this.res.legal.filter((a) => a.kind === "pieces"));
      return true;
    }
    return super._reopen(kind);
  }

  // ------------------------------------------------------------------ rendering
  _statusText(r, legal) {
    if (r.over || this._isBot(r.current) || r.current !== this.viewer) return null;
    if (r.phase === "setup_pieces") return t("wstatus.pieces");
    if (r.phase === "second_card") return t("wstatus.secondCard");
    if (r.phase === "main" && !legal.some((a) => a.kind === "pass")) {
      return this.humans > 1 ? t("wstatus.yourTurnName", { name: this.names[r.current] }) : t("wstatus.yourTurn");
    }
    return null;
  }

  _renderMarket(v, legal) {
    const takes = legal.filter((a) => a.kind === "take");
    v.market.forEach((card, i) => {
      const slot = this.slots[i];
      const mine = takes.filter((a) => a.slot === i);
      const btns = this.takeBtns[i];
      slot.dataset.card = card ?? "";
      slot.classList.toggle("can-take", mine.length > 0);
      const key = `${card}|${mine.length > 0}`;
      if (btns.card.dataset.key !== key) {
        btns.card.dataset.key = key;
        btns.card.replaceChildren(card ? cardFace(card, { size: "md" }) : h("span", { class: "slot-empty", text: t("market.empty") }));
      }
      btns.card.disabled = !mine.length;
      btns.card.setAttribute("aria-label", card ? (mine.length ? t("market.take", { card: cardName(card) }) : t("market.cannotTake", { card: cardName(card) })) : t("market.empty"));
      for (const deck of DECKS) {
        const a = mine.find((x) => x.refill === deck) ?? (deck === "train" ? mine.find((x) => !x.refill) : null);
        btns[deck].disabled = !a;
        btns[deck].dataset.action = a?.text ?? "";
        const label = card ? t(`wmarket.takeRefill.${deck}`, { card: cardName(card) }) : t("market.empty");
        btns[deck].setAttribute("aria-label", label);
        btns[deck].title = label;
      }
    });
    for (const deck of DECKS) {
      const btn = this.deckBtns[deck];
      btn.disabled = !legal.some((a) => a.kind === "draw" && a.deck === deck);
      btn.querySelector(".pile-count").textContent = String(v.decks[deck]);
      btn.setAttribute("aria-label", t(`wmarket.drawAria.${deck}`, { n: v.decks[deck], d: v.discards[deck] }));
      btn.title = t("market.discardInfo", { d: v.discards[deck] });
    }
    this.ticketBtn.disabled = !legal.some((a) => a.kind === "tickets");
    this.ticketBtn.querySelector(".pile-count").textContent = String(v.ticket_deck);
    this.ticketBtn.setAttribute("aria-label", t("market.ticketsAria", { n: v.ticket_deck }));
    this.harborBtn.disabled = !legal.some((a) => a.kind === "harbor");
    this.exchangeBtn.disabled = !legal.some((a) => a.kind === "exchange");
    const me = this.viewer === null ? null : v.players[this.viewer];
    this.harborBtn.querySelector("span").textContent = me ? t("wact.harborN", { n: me.harbors_left }) : t("wact.harbor");
    this.boardView.update({ harbors: v.harbors });
  }

  _renderHand(v) {
    const me = v.me;
    if (!me) {
      this.handEl.replaceChildren(h("p", { class: "hand-hidden", testid: "hand-hidden", text: t(this.frozen ? "hand.hiddenReplay" : "hand.hidden") }));
      this.prevHand = {};
      return;
    }
    const rows = DECKS.map((deck) => {
      const items = [];
      let total = 0;
      for (const card of this.board.cards) {
        const n = me.hand[card] ?? 0;
        if (!n || this.board.card_info?.[card]?.deck !== deck) continue;
        total += n;
        const bump = n > (this.prevHand[card] ?? 0) && Object.keys(this.prevHand).length > 0;
        items.push(h("div", { class: ["hand-group", bump && "bump"], role: "listitem", testid: `hand-${card}`,
          dataset: { card, count: n }, "aria-label": t("hand.group", { n, card: cardName(card) }) },
        cardFace(card, { count: n, size: "sm" })));
      }
      if (!items.length) items.push(h("span", { class: "hint whand-empty", text: t("whand.none") }));
      return h("div", { class: ["whand-row", `whand-${deck}`], testid: `hand-${deck}`, dataset: { count: total } },
        h("span", { class: "whand-label" }, icon(deck, 16), h("span", { text: t(`whand.${deck}`, { n: total }) })),
        h("div", { class: "whand-cards", role: "list", "aria-label": t(`whand.${deck}`, { n: total }) }, items));
    });
    const pieces = me.pieces;
    const mix = pieces ? h("p", { class: "whand-pieces", testid: "my-pieces" },
      icon("train", 15), h("span", { text: String(pieces.trains) }), icon("ship", 15), h("span", { text: String(pieces.ships) }),
      h("small", { text: t("whand.box", { bt: pieces.box_trains, bs: pieces.box_ships }) })) : null;
    this.handEl.replaceChildren(...rows, mix ?? "");
    this.prevHand = { ...me.hand };
  }

  _renderTickets(v) {
    const me = v.me;
    if (!me || !me.tickets.length) {
      super._renderTickets(v);
      return;
    }
    const mine = this._routesOf(this.viewer);
    const items = me.tickets.map((tk) => {
      const focusOn = () => this._setFocus({ cities: new Set(tk.cities), routes: mine });
      const focusOff = () => { if (this.pinnedTicket !== tk.id) this._setFocus(this.pinnedTicket ? this.focus : null); };
      const status = tk.status ?? (tk.completed ? "done" : "failed");
      const state = status === "in_order" || status === "done" ? "✓" : status === "connected" ? "≈" : "";
      const name = ticketName(this.board, tk);
      const cities = tk.itinerary
        ? h("span", { class: "ticket-cities itin" }, tk.cities.map((c, i) => [i ? h("span", { class: "itin-arrow", text: "→" }) : null,
          h("span", { class: "itin-stop", text: this.board.cityName(c) })]))
        : h("span", { class: "ticket-cities", text: name });
      return h("button", { type: "button", class: ["ticket", tk.completed && "done", status === "connected" && "partial", tk.itinerary && "itinerary",
        this.pinnedTicket === tk.id && "pinned"],
      role: "listitem", testid: `my-ticket-${tk.id}`, dataset: { completed: String(tk.completed), status },
      "aria-pressed": String(this.pinnedTicket === tk.id),
      "aria-label": t(`wtickets.aria.${status}`, { route: name, n: tk.value ?? tk.points }),
      title: tk.itinerary ? t("wtickets.itinTitle", { a: tk.values[0], b: tk.values[1], c: tk.values[2] }) : null,
      on: {
        pointerenter: (e) => e.pointerType === "mouse" && focusOn(), pointerleave: focusOff, focus: focusOn, blur: focusOff,
        click: () => {
          this.pinnedTicket = this.pinnedTicket === tk.id ? null : tk.id;
          if (this.pinnedTicket) focusOn(); else this._setFocus(null);
          this._renderTickets(this.res.view);
        },
      } },
      cities,
      h("span", { class: "ticket-points", text: tk.itinerary ? `${tk.values[0]}/${tk.values[1]}/${tk.values[2]}` : String(tk.points) }),
      h("span", { class: "ticket-state", text: state }),
      tk.itinerary ? h("span", { class: "ticket-status", testid: `my-ticket-status-${tk.id}`, text: t(`wtickets.status.${status}`) }) : null);
    });
    const done = me.tickets.filter((tk) => tk.completed);
    const sum = me.tickets.reduce((s2, tk) => s2 + (tk.value ?? 0), 0);
    this.ticketsEl.replaceChildren(...items, h("p", { class: "ticket-sum", testid: "ticket-sum",
      text: t("wtickets.summary", { done: done.length, n: me.tickets.length, sum: sum > 0 ? `+${sum}` : String(sum) }) }));
  }

  _playerStats(p, stat) {
    const q = (x) => (x === null || x === undefined ? "?" : x);
    return [
      stat("train", q(p.trains), t("wplayers.trains")),
      stat("ship", q(p.ships), t("wplayers.ships")),
      stat("cards", `${p.train_cards}+${p.ship_cards}`, t("wplayers.cards")),
      stat("ticket", p.tickets, t("players.tickets")),
      stat("anchor", `${p.harbors.length}/${p.harbors.length + p.harbors_left}`, t("wplayers.harbors")),
    ];
  }

  _tipLine(r) {
    const kind = r.kind === "ship" ? "ship" : "train";
    return h("span", { class: "tip-lines" },
      h("span", { class: "tip-line" },
        h("span", { class: ["chip", kind === "ship" && "chip-ship"], style: { "--chip": CARD_COLORS[r.color] ?? CARD_COLORS.gray } },
          r.color !== "gray" ? symbolSvg(r.color, { size: 12 }) : null),
        t(`wtip.${kind}`, { n: r.length, color: tMaybe(`card.${r.color}`, r.color), points: this.board.route_points[r.length] })),
      r.rough ? h("span", { class: "tip-hint tip-rough", text: t("wtip.rough", { n: r.rough }) }) : null,
      r.wraps ? h("span", { class: "tip-hint tip-wrap", text: t("wtip.wraps") }) : null);
  }
}
