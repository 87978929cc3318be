// The card game on screen: opponents' rail yards, the market, big cities, your rail yard and
// on-the-way pile, your hand (select cards, then play them), your tickets, the log; dialogs for
// tickets, the end of a half and the final scores. Everything legal comes from the engine's
// `legal` list: the page matches a selection against the "play" entries, it never decides a rule.
import { h, reducedMotion } from "../dom.js";
import { t, tMaybe } from "../../i18n.js";
import { cardFace, cardName } from "../cards.js";
import { modal, close } from "../dialogs.js";
import { icon } from "../icons.js";
import { TurnScreen } from "../turnscreen.js";
import { renderSlots } from "../core/market.js";
import { COLORS, CARD_ORDER, cardChips, cardsText, cardCount, yardView, pileView, ticketCard, cityPair } from "./parts.js";
import { logEntries } from "./logtext.js";
import { cardTicketDialog, halfEndDialog } from "./dialogs.js";
import { cardEndScreen } from "./endscreen.js";
import { playerDot, seatSymbol } from "../seatmarks.js";


/** Same cards in both {card: n} maps (zero counts ignored). */
function sameCards(a, b) {
  for (const c of CARD_ORDER) if ((a?.[c] ?? 0) !== (b?.[c] ?? 0)) return false;
  return true;
}

export class CardGameScreen extends TurnScreen {
  /**
   * ctx: {engine, root, board, version, toast(msg, kind), langSwitch(), onNewGame(), startGame(settings)}
   * settings: {variant: "cardgame", players, seed, seats:[{name, kind, bot, color}], speed, options}
   */
  constructor(ctx, settings) {
    super(ctx, settings, settings.seats.map((s) => ({ ...s })));
    this.sel = {};
    this.halvesShown = 0;
    this.pendingFx = [];
    this._build();
  }

  /** A loaded or replayed game: the ends of halves already in its log were seen before. */
  _afterStart(res, loaded) {
    if (loaded) this.halvesShown = this.#halfEnds(res.view.log).length;
  }

  _reopen(kind) {
    if (kind === "choose-tickets") this.#openTickets();
    else if (kind === "half-end") this._handle(this.res);
    else return super._reopen(kind);
    return true;
  }

  // ------------------------------------------------------------------ building
  _build() {
    this.halfBadge = h("span", { class: "cg-half-badge", testid: "half", hidden: true });
    const top = this._topbar({ badges: [this.halfBadge] });

    // Opponents.
    this.oppsEl = h("section", { class: "cg-opps", testid: "opponents-area", "aria-label": t("cg.opponents") });

    // Market: deck, five face-up cards, ticket deck.
    this.deckBtn = h("button", { type: "button", class: "pile deck-pile", testid: "deck", on: { click: () => this._actKind("draw") } },
      h("span", { class: "pile-art deck-art" }, icon("train", 26)),
      h("span", { class: "pile-label", text: t("market.deck") }), h("span", { class: "pile-count" }));
    this.slots = [0, 1, 2, 3, 4].map((i) => h("button", { type: "button", class: "slot", testid: `market-slot-${i}`,
      dataset: { slot: i }, on: { click: () => this._takeSlot(i) } }));
    this.ticketBtn = h("button", { type: "button", class: "pile ticket-pile", testid: "ticket-deck", on: { click: () => this._actKind("tickets") } },
      h("span", { class: "pile-art ticket-art" }, icon("ticket", 26)),
      h("span", { class: "pile-label", text: t("market.tickets") }), h("span", { class: "pile-count" }));
    this.discardEl = h("span", { class: "cg-discard", testid: "discard" });
    this.market = h("section", { class: "cg-market", testid: "market", "aria-label": t("market.title") },
      this.deckBtn, h("div", { class: "cg-slots" }, this.slots), this.ticketBtn);

    // Big cities.
    this.citiesEl = h("div", { class: "cg-cities", testid: "bonus-cards", role: "list", "aria-label": t("cg.cities") });

    // Mine: rail yard + on-the-way pile, hand + play bar, tickets.
    this.myYardEl = h("div", { class: "cg-my-yard" });
    this.myPileEl = h("div", { class: "cg-my-pile" });
    this.handEl = h("div", { class: "hand cg-hand", testid: "hand", role: "group", "aria-label": t("hand.title") });
    this.selEl = h("div", { class: "cg-sel", testid: "play-selection" });
    this.verdictEl = h("p", { class: "cg-verdict", testid: "play-verdict", "aria-live": "polite" });
    this.suggestEl = h("div", { class: "cg-suggest", testid: "play-suggestions" });
    this.clearBtn = h("button", { type: "button", class: "btn btn-ghost btn-small", testid: "play-clear", text: t("cg.clear"),
      on: { click: () => { this.sel = {}; this.#renderHand(); } } });
    this.playBtn = h("button", { type: "button", class: "btn btn-primary", testid: "play-cards", text: t("cg.play"),
      on: { click: () => this.#playSelection() } });
    this.ticketsEl = h("div", { class: "cg-my-tickets", testid: "my-tickets", role: "list", "aria-label": t("tickets.mine") });
    this.mine = h("section", { class: "cg-mine", testid: "my-area", "aria-label": t("hand.area") },
      h("div", { class: "cg-mine-yard" },
        h("div", { class: "cg-block" }, h("h2", { class: "mini-title", text: t("cg.myYard") }), this.myYardEl),
        h("div", { class: "cg-block cg-block-pile" }, h("h2", { class: "mini-title", text: t("cg.onTheWay") }), this.myPileEl)),
      h("div", { class: "cg-mine-hand" },
        h("h2", { class: "mini-title", text: t("hand.title") }), this.handEl,
        h("div", { class: "cg-playbar" }, this.selEl, this.verdictEl, h("div", { class: "cg-play-btns" }, this.clearBtn, this.playBtn)),
        this.suggestEl),
      h("div", { class: "cg-mine-tickets" }, h("h2", { class: "mini-title", text: t("tickets.mine") }), this.ticketsEl));

    this.logEl = h("ol", { class: "log", testid: "game-log", "aria-label": t("log.title") });
    this.side = h("aside", { class: "cg-side" },
      h("div", { class: "cg-block" }, h("h2", { class: "mini-title", text: t("cg.cities") }), this.citiesEl),
      h("div", { class: "cg-block cg-log-block" }, h("h2", { class: "mini-title", text: t("log.title") }), h("div", { class: "tab-panel" }, this.logEl)));

    this.el = h("div", { class: "cg-game", testid: "cardgame" }, top, this.oppsEl,
      h("div", { class: "cg-center" }, this.market, this.discardEl), this.mine, this.side);
    this.keyHandler = (ev) => this.#onKey(ev);
    document.addEventListener("keydown", this.keyHandler);
  }

  // ------------------------------------------------------------------ the flow
  #halfEnds(log) {
    const out = [];
    for (const ev of log ?? []) for (const a of ev.auto ?? []) if (a.kind === "half_end") out.push(a);
    return out;
  }

  /** A half that just ended is shown first; the game goes on when the person continues. */
  _interrupt(res) {
    const ends = this.#halfEnds(res.view.log);
    if (ends.length <= this.halvesShown) return false;
    this.render();
    this.#showHalfEnd(ends[this.halvesShown], res.over);
    return true;
  }

  _prompt(legal) {
    if (legal.some((a) => a.kind === "keep")) this.#openTickets();
  }

  #showHalfEnd(ev, last) {
    this.finalToast?.remove();  // "the deck is empty" is over once the half is scored
    this.finalToast = null;
    this.dialogKind = "half-end";
    this.dialog = halfEndDialog(this.ctx.root, {
      ev, board: this.board, names: this.names, colors: this.colors, marks: this.marks, viewer: this.viewer, last,
      onContinue: () => {
        this.dialog = null;
        this.dialogKind = null;
        this.halvesShown += 1;
        this._handle(this.res);
      },
    });
    this.render();  // the status line must not tell the result behind the dialog
  }

  _newViewer() {
    this.sel = {};
  }

  /** An open dialog (a half's end, passing the device, the scores) holds the table; the ticket
   * dialog is the person's move itself, so it is still their turn (data-my-turn stays true). */
  _dialogBlocks() {
    return Boolean(this.dialogKind) && this.dialogKind !== "choose-tickets";
  }

  /** The legal play that is exactly the selection, or undefined. */
  #matchingPlay() {
    return this._legal().find((a) => a.kind === "play" && sameCards(a.cards, this.sel));
  }

  /** Whom a play raids: the engine lists it on the legal action (the UI decides no rule). */
  #raidsOf(play) {
    return play.raids ?? [];
  }

  #playSelection() {
    const play = this.#matchingPlay();
    if (!play) return;
    this.sel = {};
    this.act(play.text);
  }

  #openTickets() {
    const me = this.res.view.me;
    const keeps = this.res.legal.filter((a) => a.kind === "keep");
    this.dialogKind = "choose-tickets";
    this.dialog = cardTicketDialog(this.ctx.root, {
      offered: me.offered, keeps, minKeep: me.min_keep, board: this.board, setup: this.res.phase === "setup_tickets",
      chosen: this._pendingChoice("tickets")?.ids, onChange: (ids) => this._keepChoice({ kind: "tickets", ids }),
      onConfirm: (text) => { this.dialog = null; this.dialogKind = null; this._updateRoot(); this.act(text); },
    });
    this._updateRoot();
  }

  _showEnd() {
    const res = this.res;
    if (!res?.scores) return;
    close(this.dialog);
    const players = this._players();
    const panel = cardEndScreen({
      scores: res.scores, players, board: this.board, extras: this._endExtras(), actions: {
        onNewGame: () => this.ctx.onNewGame(),
        onSameDeal: () => this.ctx.startGame({ ...this.settings }),
        onDownload: () => this.download(),
        onShare: this.ctx.share ? () => this.ctx.share(this) : null,
        onViewTable: () => { close(this.dialog); this.dialog = null; this.dialogKind = null; this.scoresBtn.hidden = false; this._updateRoot(); },
      },
    });
    this.dialogKind = "game-over";
    this.scoresBtn.hidden = true;
    this.dialog = modal(this.ctx.root, { testid: "game-over", title: t("end.title"), className: "dlg-end cg-dlg-end",
      onCancel: () => { this.dialog = null; this.dialogKind = null; this.scoresBtn.hidden = false; } }, panel);
    this._updateRoot();
  }

  // ------------------------------------------------------------------ rendering
  render() {
    const r = this.res;
    if (!r || !this.alive) return;
    const v = r.view;
    const legal = this._legal();
    this.#renderStatus(r, legal);
    this.#renderOpponents(v, r);
    this.#renderMarket(v, legal);
    this.#renderCities(v);
    this.#renderMine(v);
    this.#renderHand();
    this.#renderTickets(v);
    this.#renderLog(v);
    this.el.classList.toggle("is-my-turn", legal.length > 0);
    this.el.classList.toggle("is-busy", this.busy);
    this._updateRoot();
    const fx = this.pendingFx;
    this.pendingFx = [];
    for (const fn of fx) fn();
  }

  #renderStatus(r, legal) {
    const v = r.view;
    let text;
    const scoring = this.dialogKind === "half-end";
    if (scoring) text = t("cg.status.scoring");
    else if (r.over) text = t("status.over");
    else if (this.frozen) text = t("status.replayTurn", { name: this.names[r.current] });
    else if (this._isBot(r.current)) text = t("status.botThinking", { name: this.names[r.current] });
    else if (r.current !== this.viewer) text = t("status.waitingHuman", { name: this.names[r.current] });
    else if (r.phase === "second_card") text = t("status.secondCard");
    else if (r.phase === "setup_tickets" || r.phase === "keep_tickets") text = t("status.chooseTickets");
    else if (legal.some((a) => a.kind === "pass")) text = t("status.mustPass");
    else text = this.humans > 1 ? t("cg.status.yourTurnName", { name: this.names[r.current] }) : t("cg.status.yourTurn");
    this.statusMain.textContent = text;
    this.statusMain.parentElement.style.setProperty("--pc", r.over ? "transparent" : this.colors[r.current]);
    const entries = logEntries(v.log, { names: this.names, board: this.board, viewer: this.viewer });
    this.statusLast.textContent = scoring ? "" : entries.at(-1)?.text ?? "";
    this.halfBadge.hidden = v.halves < 2;
    this.halfBadge.textContent = t("cg.halfOf", { half: v.half, halves: v.halves });
    this.finalBadge.hidden = !v.final_round || r.over;
    this.finalBadge.textContent = t("status.finalRound", { n: v.final_turns_left });
    if (v.final_round && !this.finalAnnounced && !r.over) {
      this.finalAnnounced = true;
      this.finalToast = this.ctx.toast(t("cg.finalToast"), "warn", 6000);
    }
    if (!v.final_round) this.finalAnnounced = false;
    this.passBtn.hidden = !legal.some((a) => a.kind === "pass");
  }

  #playerHead(p, r) {
    const seat = this.seats[p.seat];
    const active = !r.over && r.current === p.seat;
    const stat = (name, value, label, testid) => h("span", { class: "stat", title: label, "aria-label": `${label}: ${value}`, testid },
      icon(name, 15), h("span", { text: String(value) }));
    return h("div", { class: "cg-phead" },
      h("span", { class: "player-color" }, seatSymbol(this.marks[p.seat], 11)),
      h("span", { class: "player-name" },
        h("span", { class: "pname", text: seat.name }),
        h("span", { class: "pkind", text: seat.kind === "bot" ? t("players.bot", { level: tMaybe(`level.${seat.bot}`, seat.bot) }) : t("players.human") }),
        active && this._isBot(p.seat) ? h("span", { class: "thinking", "aria-hidden": "true" }, h("i"), h("i"), h("i")) : null),
      h("span", { class: "player-stats" },
        stat("cards", p.hand, t("players.cards"), `player-hand-${p.seat}`),
        stat("ticket", p.tickets, t("players.tickets"), `player-tickets-${p.seat}`),
        p.completed.length ? stat("star", `${p.completed.length} · ${p.completed_points}`, t("cg.completedStat"), `player-completed-${p.seat}`) : null));
  }

  #renderOpponents(v, r) {
    const others = v.players.filter((p) => p.seat !== this.viewer);
    const panels = others.map((p) => {
      const active = !r.over && r.current === p.seat;
      return h("article", { class: ["cg-opp", "player", active && "active"], testid: `player-${p.seat}`,
        dataset: { seat: p.seat, hand: p.hand, tickets: p.tickets, pile: p.pile }, style: { "--pc": this.colors[p.seat] },
        "aria-current": active ? "true" : null, "aria-label": this.names[p.seat] },
      this.#playerHead(p, r),
      h("div", { class: "cg-opp-body" }, yardView(p.seat, p.yard), pileView(p.seat, p.pile, { label: true })));
    });
    this.oppsEl.replaceChildren(...panels);
    this.oppsEl.dataset.count = String(others.length);
  }

  #renderMarket(v, legal) {
    renderSlots(this.slots, v.market, legal);
    this.deckBtn.disabled = !legal.some((a) => a.kind === "draw");
    this.deckBtn.querySelector(".pile-count").textContent = String(v.deck);
    this.deckBtn.dataset.count = String(v.deck);
    this.deckBtn.setAttribute("aria-label", t("market.drawAria", { n: v.deck, d: v.discard }));
    this.ticketBtn.disabled = !legal.some((a) => a.kind === "tickets");
    this.ticketBtn.querySelector(".pile-count").textContent = String(v.ticket_deck);
    this.ticketBtn.setAttribute("aria-label", t("market.ticketsAria", { n: v.ticket_deck }));
    this.discardEl.textContent = t("cg.discard", { n: v.discard });
  }

  #renderCities(v) {
    const items = v.bonus_cards.map((b) => {
      const info = this.board.bonus_cards.find((x) => x.city === b.city);
      return h("div", { class: ["cg-city", b.leaders.includes(this.viewer) && "mine"], role: "listitem", testid: `bonus-${b.city}`,
        dataset: { city: b.city, leaders: b.leaders.join(",") },
        "aria-label": t("cg.cityAria", { city: info?.name ?? b.city, n: b.bonus,
          who: b.leaders.length ? b.leaders.map((s) => this.names[s]).join(", ") : t("cg.nobody") }) },
      h("span", { class: "cg-city-name", text: info?.name ?? b.city }),
      h("span", { class: "cg-city-bonus", text: `+${b.bonus}` }),
      h("span", { class: "cg-city-leaders", title: t("cg.leaders") }, b.leaders.length
        ? b.leaders.map((s) => playerDot({ color: this.colors[s], mark: this.marks[s] }, { title: this.names[s] }))
        : h("span", { class: "cg-city-none", text: "—" })));
    });
    this.citiesEl.replaceChildren(...items);
  }

  #renderMine(v) {
    const seat = this.viewer;
    if (seat === null) {
      this.myYardEl.replaceChildren(h("p", { class: "hand-hidden", text: t(this.frozen ? "hand.hiddenReplay" : "hand.hidden") }));
      this.myPileEl.replaceChildren();
      return;
    }
    const p = v.players[seat];
    this.myYardEl.replaceChildren(yardView(seat, p.yard, { size: "lg", empty: t("cg.myYardEmpty") }));
    const pile = v.me?.pile;
    this.myPileEl.replaceChildren(pileView(seat, p.pile, { contents: v.look_at_own_pile && pile ? pile : null }),
      h("p", { class: "hint cg-pile-hint", text: v.look_at_own_pile ? t("cg.pileLook") : t("cg.pileSecret") }));
  }

  #renderHand() {
    const me = this.res?.view.me;
    if (!me) {
      this.handEl.replaceChildren(h("p", { class: "hand-hidden", testid: "hand-hidden", text: t(this.frozen ? "hand.hiddenReplay" : "hand.hidden") }));
      this.selEl.replaceChildren();
      this.verdictEl.textContent = "";
      this.suggestEl.replaceChildren();
      this.playBtn.disabled = true;
      this.clearBtn.hidden = true;
      this.prevHand = {};
      return;
    }
    // Keep the selection within the hand.
    for (const c of Object.keys(this.sel)) {
      const n = Math.min(this.sel[c], me.hand[c] ?? 0);
      if (n > 0) this.sel[c] = n; else delete this.sel[c];
    }
    const items = [];
    for (const card of CARD_ORDER) {
      const n = me.hand[card] ?? 0;
      if (!n) continue;
      const chosen = this.sel[card] ?? 0;
      const bump = n > (this.prevHand[card] ?? 0) && Object.keys(this.prevHand).length > 0;
      const btn = h("button", { type: "button", class: ["hand-group", "cg-hand-card", chosen && "chosen", bump && "bump"], testid: `hand-${card}`,
        dataset: { card, count: n, selected: chosen },
        "aria-label": t("cg.handAria", { n, card: cardName(card), k: chosen }), "aria-pressed": String(chosen > 0),
        on: { click: () => this.#select(card, ((this.sel[card] ?? 0) + 1) % (n + 1)) } },
      cardFace(card, { count: n, size: "lg" }),
      chosen ? h("span", { class: "cg-chosen", "aria-hidden": "true", text: `✓${chosen}` }) : null);
      const minus = chosen ? h("button", { type: "button", class: "cg-minus", testid: `hand-${card}-minus`,
        "aria-label": t("cg.unselect", { card: cardName(card) }), text: "−",
        on: { click: () => this.#select(card, chosen - 1) } }) : null;
      items.push(h("div", { class: "cg-hand-slot", role: "listitem" }, btn, minus));
    }
    if (!items.length) items.push(h("p", { class: "hint", text: t("hand.empty") }));
    this.handEl.replaceChildren(...items);
    this.prevHand = { ...me.hand };
    this.#renderPlayBar();
  }

  #select(card, n) {
    if (n > 0) this.sel[card] = n; else delete this.sel[card];
    this.#renderHand();
    this.handEl.querySelector(`[data-testid=hand-${card}]`)?.focus();
  }

  #renderPlayBar() {
    const legal = this._legal();
    const plays = legal.filter((a) => a.kind === "play");
    const n = cardCount(this.sel);
    const match = this.#matchingPlay();
    this.selEl.replaceChildren(n ? cardChips(this.sel) : h("span", { class: "cg-sel-empty", text: t("cg.selectHint") }));
    this.playBtn.disabled = !match;
    this.clearBtn.hidden = !n;
    let verdict = "";
    let cls = "";
    const raids = match ? this.#raidsOf(match) : [];
    if (!n) {
      verdict = plays.length ? t("cg.playsAvailable", { n: plays.length }) : legal.length ? t("cg.noPlays") : "";
    } else if (match) {
      verdict = match.set === "one_color"
        ? t("cg.legalSet", { cards: cardsText(match.cards) }) : t("cg.legalThree", { cards: cardsText(match.cards) });
      for (const r of raids) verdict += ` ${t("cg.raidsWho", { name: this.names[r.victim], color: cardName(r.color), n: r.discarded })}`;
      cls = raids.length ? "raid" : "ok";
    } else if (!legal.length) {
      verdict = t("cg.notYourTurn");
      cls = "wait";
    } else {
      verdict = t("cg.notLegal");
      cls = "bad";
    }
    this.verdictEl.textContent = verdict;
    this.verdictEl.className = ["cg-verdict", cls].filter(Boolean).join(" ");
    this.verdictEl.dataset.legal = String(Boolean(match));
    this.verdictEl.dataset.raids = raids.map((r) => r.victim).join(",");
    this.playBtn.textContent = raids.length ? t("cg.playRaid") : t("cg.play");
    // Suggestions: legal plays with the selected colours (from the legal list only).
    const picked = COLORS.filter((c) => this.sel[c]);
    const wantsLoco = (this.sel.loco ?? 0) > 0;
    let sugg = [];
    if (n && !match) {
      sugg = plays.filter((a) => picked.every((c) => a.cards[c]) && (!wantsLoco || a.cards.loco)).slice(0, 6);
    }
    this.suggestEl.replaceChildren(...(sugg.length ? [h("span", { class: "hint", text: t("cg.suggest") }),
      ...sugg.map((a, i) => h("button", { type: "button", class: "cg-sugg", testid: `play-suggestion-${i}`, dataset: { action: a.text },
        "aria-label": t("cg.suggestAria", { cards: cardsText(a.cards) }),
        on: { click: () => { this.sel = { ...a.cards }; this.#renderHand(); } } }, cardChips(a.cards)))] : []));
  }

  #renderTickets(v) {
    const me = v.me;
    if (!me) {
      this.ticketsEl.replaceChildren(h("p", { class: "hint", text: t("tickets.hidden") }));
      return;
    }
    const items = me.tickets.map((tk) => ticketCard(this.board, tk, { testid: `my-ticket-${tk.id}` }));
    const done = v.players[this.viewer]?.completed ?? [];
    for (const tk of done) items.push(ticketCard(this.board, tk, { testid: `my-done-${tk.id}`, cards: tk.cards, cls: "done" }));
    if (!items.length) items.push(h("p", { class: "hint", text: t("tickets.none") }));
    const open = me.tickets.reduce((s, tk) => s + tk.points, 0);
    const need = {};
    for (const tk of me.tickets) for (const [c, k] of Object.entries(tk.need)) need[c] = (need[c] ?? 0) + k;
    // (replaceChildren would write a null out as the text "null")
    if (me.tickets.length) {
      items.push(h("p", { class: "ticket-sum cg-need-sum", testid: "ticket-sum" },
        h("span", { text: t("cg.ticketSum", { n: me.tickets.length, points: open }) }), cardChips(need)));
    }
    this.ticketsEl.replaceChildren(...items);
  }

  #renderLog(v) {
    if (v.log.length === this.lastLogLength) return;
    this.lastLogLength = v.log.length;
    const entries = logEntries(v.log, { names: this.names, board: this.board, viewer: this.viewer });
    const items = entries.slice().reverse().slice(0, 250).map((e) => h("li", {
      class: ["log-entry", e.auto && "auto", e.raid && "raid"], testid: "log-entry",
      dataset: { player: e.player ?? "", kind: e.kind }, style: { "--pc": e.player === null ? "#888" : this.colors[e.player] } },
    h("span", { class: "log-dot", "aria-hidden": "true" }, e.player === null ? null : seatSymbol(this.marks[e.player], 8)),
    h("span", { text: e.text })));
    if (!items.length) items.push(h("li", { class: "log-entry hint", text: t("log.empty") }));
    this.logEl.replaceChildren(...items);
  }

  // ------------------------------------------------------------------ animation
  #flash(target, color) {
    if (!target || reducedMotion()) return;
    target.style.setProperty("--pc", color);
    target.classList.remove("flash");
    void target.offsetWidth;
    target.classList.add("flash");
    setTimeout(() => target.classList.remove("flash"), 900);
  }

  _animateEvent(ev) {
    if (!ev) return;
    const color = this.colors[ev.player];
    if (ev.kind === "take") this.#flash(this.slots[ev.slot], color);
    else if (ev.kind === "draw") this.#flash(this.deckBtn, color);
    else if (ev.kind === "tickets") this.#flash(this.ticketBtn, color);
    if (ev.kind === "play") {
      const color0 = ev.color ?? null;  // a set of one colour (the engine names it)
      // Raided rows fly off the table before the screen shows the new state.
      for (const r of ev.raids ?? []) {
        const row = this.el.querySelector(`[data-testid=yard-${r.victim}-${r.color}]`);
        if (row && !reducedMotion()) {
          const box = row.getBoundingClientRect();
          const ghost = row.cloneNode(true);
          ghost.removeAttribute("data-testid");
          ghost.classList.add("raid-ghost");
          Object.assign(ghost.style, { left: `${box.left}px`, top: `${box.top}px`, width: `${box.width}px`, height: `${box.height}px` });
          document.body.append(ghost);
          setTimeout(() => ghost.remove(), 1300);
        }
        if (r.victim === this.viewer || ev.player === this.viewer) {
          // Speak to the person on the device: "Ada raided you", "You raided Ada".
          const key = this.humans > 1 ? "cg.raidToast" : r.victim === this.viewer ? "cg.raidToastYou" : "cg.raidToastMine";
          this.ctx.toast(t(key, { name: this.names[ev.player], victim: this.names[r.victim], color: cardName(r.color), n: r.discarded }), "warn", 5000);
        }
      }
      this.pendingFx.push(() => {
        const cols = color0 ? [color0] : COLORS.filter((c) => ev.cards[c]);
        for (const c of cols) this.el.querySelector(`[data-testid=yard-${ev.player}-${c}]`)?.classList.add("cg-new");
        for (const r of ev.raids ?? []) {
          const panel = this.el.querySelector(r.victim === this.viewer ? ".cg-mine-yard" : `[data-testid=player-${r.victim}]`);
          if (!panel) continue;
          const burst = h("span", { class: "raid-burst", testid: "raid-burst", dataset: { victim: r.victim, color: r.color },
            text: t("cg.raidBurst", { name: this.names[ev.player], n: r.discarded, color: cardName(r.color) }) });
          panel.classList.add("raided");
          panel.append(burst);
          setTimeout(() => { burst.remove(); panel.classList.remove("raided"); }, 2600);
        }
      });
    }
    for (const a of ev.auto ?? []) {
      if (a.kind !== "phase1") continue;
      this.pendingFx.push(() => {
        const pile = this.el.querySelector(`[data-testid=pile-${a.player}]`);
        if (!pile || reducedMotion()) return;
        pile.classList.add("cg-pile-bump");
        pile.append(h("span", { class: "cg-pile-plus", text: `+${a.cards}` }));
        setTimeout(() => pile.classList.remove("cg-pile-bump"), 1000);
      });
    }
  }

  #onKey(ev) {
    if (this.dialogKind || ev.ctrlKey || ev.metaKey || ev.altKey) return;
    const tag = document.activeElement?.tagName;
    if (tag === "INPUT" || tag === "SELECT" || tag === "TEXTAREA") return;
    if (ev.key >= "1" && ev.key <= "5") this._takeSlot(Number(ev.key) - 1);
    else if (ev.key === "d" || ev.key === "D") this._actKind("draw");
    else if (ev.key === "t" || ev.key === "T") this._actKind("tickets");
    else if (ev.key === "p" || ev.key === "P") this.#playSelection();
    else if (ev.key === "Escape" && cardCount(this.sel)) { this.sel = {}; this.#renderHand(); }
    else return;
    ev.preventDefault();
  }
}

export { cityPair };
