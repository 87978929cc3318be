// The card game on screen: opponents' rail yards, the market, big cities, your rail yard and
// on-the-way pile, your hand (select cards, then play them), your tickets, the log; dialogs for
// tickets, the end of a half and the final scores. Everything legal comes from the engine's
// `legal` list: the page matches a selection against the "play" entries, it never decides a rule.
import { h, sleep, reducedMotion } from "../dom.js";
import { t, tMaybe } from "../../i18n.js";
import { cardFace, cardName, PLAYER_COLORS } from "../cards.js";
import { passDeviceDialog, confirmDialog, modal, close } from "../dialogs.js";
import { SPEEDS, BOT_MAX_SECONDS } from "../newgame.js";
import { icon } from "../icons.js";
import { COLORS, CARD_ORDER, cardChips, cardsText, cardCount, yardView, pileView, ticketCard, cityPair } from "./parts.js";
import { logEntries } from "./logtext.js";
import { cardTicketDialog, halfEndDialog } from "./dialogs.js";
import { cardEndScreen } from "./endscreen.js";
import { saveGame, removeSave, downloadRecord } from "../saves.js";

const SAVE_KEY = "railtrip.saved.v1"; // the same slot as the map game (ui.js offers "Continue")
const FALLBACK_BOT = "random";

function botDelay(speed) {
  const q = new URLSearchParams(location.search).get("botDelay");
  if (q !== null && /^\d+$/.test(q)) return Number(q);
  return SPEEDS[speed] ?? SPEEDS.normal;
}

function clearSaved() {
  try { localStorage.removeItem(SAVE_KEY); } catch { /* ignore */ }
}

/** Same cards in both {card: n} maps (zero counts ignored). */
function sameCards(a, b) {
  for (const c of CARD_ORDER) if ((a?.[c] ?? 0) !== (b?.[c] ?? 0)) return false;
  return true;
}

/** The colour of a one-colour set ({red: 2, loco: 1} -> "red"), else null (three colours). */
function setColor(cards) {
  const colored = COLORS.filter((c) => (cards?.[c] ?? 0) > 0);
  return colored.length === 1 ? colored[0] : null;
}

export class CardGameScreen {
  /**
   * ctx: {engine, root, board, version, toast(msg, kind), langSwitch(), onNewGame(), startGame(settings)}
   * settings: {variant: "cardgame", players, seed, seats:[{name, kind, bot, color}], speed, options}
   */
  constructor(ctx, settings) {
    this.ctx = ctx;
    this.engine = ctx.engine;
    this.board = ctx.board;
    this.settings = settings;
    this.seats = settings.seats.map((s) => ({ ...s }));
    this.names = this.seats.map((s) => s.name);
    this.colors = this.seats.map((s) => PLAYER_COLORS[s.color] ?? "#888");
    this.humans = this.seats.filter((s) => s.kind === "human").length;
    this.viewer = this.humans > 1 ? null : this.seats.findIndex((s) => s.kind === "human");
    this.res = null;
    this.busy = false;
    this.alive = true;
    this.dialog = null;
    this.dialogKind = null;
    this.sel = {};
    this.halvesShown = 0;
    this.prevHand = {};
    this.finalAnnounced = false;
    this.pendingFx = [];
    this.lastLogLength = -1;
    this.delay = botDelay(settings.speed);
    this.#build();
  }

  // ------------------------------------------------------------------ lifecycle
  async start(record = null) {
    this.ctx.root.dataset.uiState = "playing";
    let res;
    try {
      res = record
        ? await this.engine.call("load", { record, player: this.viewer })
        : await this.engine.call("new_game", {
          variant: "cardgame", players: this.settings.players, seed: this.settings.seed,
          options: this.settings.options ?? {},
          seats: this.seats.map(({ name, kind, bot, color }) => ({ name, kind, bot, color })), player: this.viewer,
        });
    } catch (err) {
      this.ctx.toast(t("error.start", { message: err.message }), "error");
      this.ctx.onNewGame();
      return;
    }
    if (!this.alive) return;
    this.gameId = res.game_id;
    // A loaded game: half ends already in the record were seen before.
    if (record) this.halvesShown = this.#halfEnds(res.view.log).length;
    window.__railtripRecord = () => this.engine.call("record", { game_id: this.gameId });
    window.__railtripAct = (text) => this.act(text);
    window.__railtrip = { gameId: this.gameId, settings: this.settings, state: () => this.res, record: window.__railtripRecord };
    await this.#handle(res);
  }

  /** For the replay viewer (replay.js): shows an engine state read-only (no bots, saves or dialogs). */
  showFrozen(gameId, res) {
    this.frozen = true;
    this.gameId = gameId;
    this.res = res;
    this.busy = false;
    this.lastLogLength = -1;
    this.halvesShown = this.#halfEnds(res.view.log).length;
    this.render();
  }

  destroy() {
    this.alive = false;
    close(this.dialog);
    document.removeEventListener("keydown", this.keyHandler);
    if (this.gameId) this.engine.call("drop", { game_id: this.gameId }).catch(() => {});
  }

  relocalize() {
    const oldEl = this.el;
    const kind = this.dialogKind;
    close(this.dialog);
    this.dialog = null;
    this.dialogKind = null;
    document.removeEventListener("keydown", this.keyHandler);
    this.lastLogLength = -1;
    this.#build();
    oldEl.replaceWith(this.el);
    this.render();
    if (kind === "choose-tickets") this.#openTickets();
    else if (kind === "pass-device") this.#showPass(this.res.current);
    else if (kind === "half-end") this.#handle(this.res);
    else if (kind === "game-over") this.#showEnd();
    this.#updateRoot();
  }

  // ------------------------------------------------------------------ building
  #build() {
    this.statusMain = h("span", { class: "status-main", testid: "turn-status" });
    this.statusLast = h("span", { class: "status-last", testid: "last-action" });
    this.halfBadge = h("span", { class: "cg-half-badge", testid: "half", hidden: true });
    this.finalBadge = h("span", { class: "final-badge", testid: "final-round", role: "status", hidden: true });
    this.passBtn = h("button", { type: "button", class: "btn btn-secondary btn-small", testid: "pass-turn", hidden: true,
      text: t("game.pass"), on: { click: () => this.#actKind("pass") } });
    this.scoresBtn = h("button", { type: "button", class: "btn btn-secondary btn-small", testid: "show-scores", hidden: true,
      text: t("end.showScores"), on: { click: () => this.#showEnd() } });
    const menu = h("details", { class: "menu" },
      h("summary", { class: "menu-btn", "aria-label": t("menu.title"), title: t("menu.title"), testid: "menu" }, icon("menu", 20)),
      h("div", { class: "menu-panel" },
        h("button", { type: "button", testid: "menu-new-game", text: t("menu.newGame"), on: { click: () => { menu.open = false; this.#confirmNewGame(); } } }),
        h("button", { type: "button", testid: "menu-download", text: t("menu.download"), on: { click: () => { menu.open = false; this.download(); } } }),
        this.ctx.share ? h("button", { type: "button", testid: "menu-share", text: t("menu.share"), on: { click: () => { menu.open = false; this.ctx.share(this); } } }) : null,
        h("button", { type: "button", testid: "menu-rules", text: t("cg.rulesTitle"), on: { click: () => { menu.open = false; this.#showRules(); } } }),
        h("div", { class: "menu-row" }, h("span", { text: t("menu.speed") }), this.#speedSelect())));
    const top = h("header", { class: "topbar" },
      h("span", { class: "brand-sm", text: "Railtrip" }),
      h("div", { class: "status", "aria-live": "polite" }, this.statusMain, this.statusLast),
      this.halfBadge, this.finalBadge, this.passBtn, this.scoresBtn, this.ctx.langSwitch(), menu);

    // Opponents.
    this.oppsEl = h("section", { class: "cg-opps", testid: "opponents-area", "aria-label": t("cg.opponents") });

    // Market: deck, five face-up cards, ticket deck.
    this.deckBtn = h("button", { type: "button", class: "pile deck-pile", testid: "deck", on: { click: () => this.#actKind("draw") } },
      h("span", { class: "pile-art deck-art" }, icon("train", 26)),
      h("span", { class: "pile-label", text: t("market.deck") }), h("span", { class: "pile-count" }));
    this.slots = [0, 1, 2, 3, 4].map((i) => h("button", { type: "button", class: "slot", testid: `market-slot-${i}`,
      dataset: { slot: i }, on: { click: () => this.#takeSlot(i) } }));
    this.ticketBtn = h("button", { type: "button", class: "pile ticket-pile", testid: "ticket-deck", on: { click: () => this.#actKind("tickets") } },
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
        this.suggestEl,
        h("details", { class: "cg-howto", open: true },
          h("summary", { class: "mini-title", text: t("cg.rulesTitle") }),
          h("ol", { class: "cg-rules cg-rules-small" }, ["cg.rule1", "cg.rule2", "cg.rule3", "cg.rule4", "cg.rule5", "cg.rule6"].map((k) => h("li", { text: t(k) }))))),
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

  #speedSelect() {
    return h("select", { testid: "menu-speed", "aria-label": t("menu.speed"), on: { change: (e) => {
      this.settings.speed = e.target.value;
      this.delay = botDelay(e.target.value);
    } } }, Object.keys(SPEEDS).map((k) => h("option", { value: k, selected: k === this.settings.speed, text: t(`speed.${k}`) })));
  }

  // ------------------------------------------------------------------ the flow
  #isBot(seat) {
    return this.seats[seat]?.kind === "bot";
  }

  #halfEnds(log) {
    const out = [];
    for (const ev of log ?? []) for (const a of ev.auto ?? []) if (a.kind === "half_end") out.push(a);
    return out;
  }

  async #handle(res) {
    if (!this.alive) return;
    this.res = res;
    this.busy = false;
    // A half that just ended is shown first; the game goes on when the person continues.
    const ends = this.#halfEnds(res.view.log);
    if (ends.length > this.halvesShown) {
      this.render();
      this.#showHalfEnd(ends[this.halvesShown], res.over);
      return;
    }
    if (res.over) {
      removeSave(this.settings.saveId);
      this.render();
      this.#showEnd();
      return;
    }
    this.#save();
    const cur = res.current;
    if (this.#isBot(cur)) {
      this.render();
      this.#runBot();
      return;
    }
    if (this.viewer !== cur) {
      if (this.humans > 1) {
        this.viewer = null;
        this.res = await this.engine.call("state", { game_id: this.gameId, player: null });
        this.render();
        this.#showPass(cur);
        this.#updateRoot();
        return;
      }
      this.viewer = cur;
      this.res = await this.engine.call("state", { game_id: this.gameId, player: cur });
    }
    this.render();
    if (this.res.legal.some((a) => a.kind === "keep")) this.#openTickets();
  }

  #showHalfEnd(ev, last) {
    this.dialogKind = "half-end";
    this.dialog = halfEndDialog(this.ctx.root, {
      ev, board: this.board, names: this.names, colors: this.colors, viewer: this.viewer, last,
      onContinue: () => {
        this.dialog = null;
        this.dialogKind = null;
        this.halvesShown += 1;
        this.#handle(this.res);
      },
    });
    this.#updateRoot();
  }

  #showPass(cur) {
    this.dialogKind = "pass-device";
    this.dialog = passDeviceDialog(this.ctx.root, { name: this.names[cur], color: this.colors[cur], onReady: async () => {
      this.dialog = null;
      this.dialogKind = null;
      this.viewer = cur;
      this.sel = {};
      const mine = await this.engine.call("state", { game_id: this.gameId, player: cur });
      this.prevHand = mine.view.me?.hand ?? {};
      this.#handle(mine);
    } });
  }

  async #runBot() {
    const seat = this.res.current;
    const t0 = performance.now();
    if (this.humans > 1) this.viewer = null;
    let res;
    const wish = this.seats[seat].bot || FALLBACK_BOT;
    try {
      res = await this.engine.call("bot_move", { game_id: this.gameId, bot: wish, player: this.viewer, max_seconds: BOT_MAX_SECONDS });
    } catch (err) {
      if (!this.alive) return;
      if (wish !== FALLBACK_BOT) {
        // This bot level does not play the card game (yet): the random bot takes the seat.
        console.warn(`Railtrip: bot ${wish} failed in the card game (${err.message}); using ${FALLBACK_BOT}`);
        this.ctx.toast(t("cg.botFallback", { name: this.names[seat], level: tMaybe(`level.${wish}`, wish) }), "warn", 6000);
        this.seats[seat].bot = FALLBACK_BOT;
        this.render();
        return this.#runBot();
      }
      this.ctx.toast(t("error.bot", { name: this.names[seat], message: err.message }), "error");
      return;
    }
    if (!this.alive) return;
    const quick = res.event?.kind === "keep" && res.event?.setup;
    const wait = (quick ? this.delay * 0.4 : this.delay) - (performance.now() - t0);
    if (wait > 0) await sleep(wait);
    if (!this.alive) return;
    this.#animateEvent(res.event);
    this.#handle(res);
  }

  async act(text) {
    if (this.busy || !this.gameId) return;
    this.busy = true;
    this.render();
    let res;
    try {
      res = await this.engine.call("apply", { game_id: this.gameId, action: text, player: this.viewer });
    } catch (err) {
      if (!this.alive) return;
      this.ctx.toast(err.message, "error");
      try {
        res = await this.engine.call("state", { game_id: this.gameId, player: this.viewer });
      } catch (err2) {
        this.ctx.toast(err2.message, "error");
        this.busy = false;
        this.render();
        return;
      }
    }
    if (!this.alive) return;
    if (res.event) this.#animateEvent(res.event);
    this.#handle(res);
  }

  #legal() {
    if (this.frozen) return [];
    const r = this.res;
    if (!r || r.over || this.busy || this.viewer === null || r.current !== this.viewer || this.dialogKind) return [];
    return r.legal;
  }

  #actKind(kind) {
    const a = this.#legal().find((x) => x.kind === kind);
    if (a) this.act(a.text);
  }

  #takeSlot(i) {
    const a = this.#legal().find((x) => x.kind === "take" && x.slot === i);
    if (a) this.act(a.text);
  }

  /** The legal play that is exactly the selection, or undefined. */
  #matchingPlay() {
    return this.#legal().find((a) => a.kind === "play" && sameCards(a.cards, this.sel));
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
      onConfirm: (text) => { this.dialog = null; this.dialogKind = null; this.#updateRoot(); this.act(text); },
    });
    this.#updateRoot();
  }

  #confirmNewGame() {
    if (this.res?.over) return this.ctx.onNewGame();
    confirmDialog(this.ctx.root, { title: t("menu.newGame"), text: t("menu.newGameConfirm"), yes: t("menu.newGameYes"),
      onYes: () => this.ctx.onNewGame() });
  }

  #showRules() {
    let dlg;
    const items = ["cg.rule1", "cg.rule2", "cg.rule3", "cg.rule4", "cg.rule5", "cg.rule6"].map((k) => h("li", { text: t(k) }));
    dlg = modal(this.ctx.root, { testid: "rules-dialog", title: t("cg.rulesTitle"), className: "cg-dlg-rules" },
      h("ol", { class: "cg-rules" }, items),
      h("div", { class: "dlg-actions" }, h("button", { type: "button", class: "btn btn-primary", testid: "rules-close",
        text: t("cg.ok"), on: { click: () => close(dlg) } })));
  }

  async download() {
    if (!this.gameId) return;
    try {
      const rec = await this.engine.call("record", { game_id: this.gameId });
      downloadRecord(rec);
    } catch (err) {
      this.ctx.toast(err.message, "error");
    }
  }

  async #save() {
    try {
      const rec = await this.engine.call("record", { game_id: this.gameId });
      if (!this.alive || this.res?.over) return;
      saveGame({ record: rec, settings: { ...this.settings, seats: this.seats }, turn: this.res.view.turn });
    } catch { /* storage full or private mode: the game goes on */ }
  }

  #showEnd() {
    const res = this.res;
    if (!res?.scores) return;
    close(this.dialog);
    const players = this.seats.map((s, i) => ({ name: s.name, color: this.colors[i] }));
    const panel = cardEndScreen({
      scores: res.scores, players, board: this.board, actions: {
        onNewGame: () => this.ctx.onNewGame(),
        onSameDeal: () => this.ctx.startGame({ ...this.settings }),
        onDownload: () => this.download(),
        onShare: this.ctx.share ? () => this.ctx.share(this) : null,
        onViewTable: () => { close(this.dialog); this.dialog = null; this.dialogKind = null; this.scoresBtn.hidden = false; this.#updateRoot(); },
      },
    });
    this.dialogKind = "game-over";
    this.scoresBtn.hidden = true;
    this.dialog = modal(this.ctx.root, { testid: "game-over", title: t("end.title"), className: "dlg-end cg-dlg-end",
      onCancel: () => { this.dialog = null; this.dialogKind = null; this.scoresBtn.hidden = false; } }, panel);
    this.#updateRoot();
  }

  // ------------------------------------------------------------------ rendering
  #updateRoot() {
    const r = this.res;
    const root = this.ctx.root;
    let state = "playing";
    if (r?.over && this.dialogKind !== "half-end") state = "game-over";
    else if (this.dialogKind && this.dialogKind !== "game-over") state = this.dialogKind;
    else if (r && this.#isBot(r.current)) state = "waiting-bot";
    root.dataset.uiState = state;
    root.dataset.currentPlayer = r && !r.over ? String(r.current) : "";
    root.dataset.viewer = this.viewer === null ? "" : String(this.viewer);
    root.dataset.myTurn = String(this.#legal().length > 0);
    root.dataset.busy = String(this.busy);
    root.dataset.ply = String(r?.ply ?? 0);
    root.dataset.phase = r?.phase ?? "";
  }

  render() {
    const r = this.res;
    if (!r || !this.alive) return;
    const v = r.view;
    const legal = this.#legal();
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
    this.#updateRoot();
    const fx = this.pendingFx;
    this.pendingFx = [];
    for (const fn of fx) fn();
  }

  #renderStatus(r, legal) {
    const v = r.view;
    let text;
    if (r.over) text = t("status.over");
    else if (this.frozen) text = t("status.replayTurn", { name: this.names[r.current] });
    else if (this.#isBot(r.current)) text = t("status.botThinking", { name: this.names[r.current] });
    else if (r.current !== this.viewer) text = t("status.waitingHuman", { name: this.names[r.current] });
    else if (r.phase === "second_card") text = t("status.secondCard");
    else if (r.phase === "setup_tickets" || r.phase === "keep_tickets") text = t("status.chooseTickets");
    else if (legal.some((a) => a.kind === "pass")) text = t("status.mustPass");
    else text = this.humans > 1 ? t("cg.status.yourTurnName", { name: this.names[r.current] }) : t("cg.status.yourTurn");
    this.statusMain.textContent = text;
    this.statusMain.parentElement.style.setProperty("--pc", r.over ? "transparent" : this.colors[r.current]);
    const entries = logEntries(v.log, { names: this.names, board: this.board, viewer: this.viewer });
    this.statusLast.textContent = entries.at(-1)?.text ?? "";
    this.halfBadge.hidden = v.halves < 2;
    this.halfBadge.textContent = t("cg.halfOf", { half: v.half, halves: v.halves });
    this.finalBadge.hidden = !v.final_round || r.over;
    this.finalBadge.textContent = t("status.finalRound", { n: v.final_turns_left });
    if (v.final_round && !this.finalAnnounced && !r.over) {
      this.finalAnnounced = true;
      this.ctx.toast(t("cg.finalToast"), "warn", 6000);
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
      h("span", { class: "player-color" }),
      h("span", { class: "player-name" },
        h("span", { class: "pname", text: seat.name }),
        h("span", { class: "pkind", text: seat.kind === "bot" ? t("players.bot", { level: tMaybe(`level.${seat.bot}`, seat.bot) }) : t("players.human") }),
        active && this.#isBot(p.seat) ? h("span", { class: "thinking", "aria-hidden": "true" }, h("i"), h("i"), h("i")) : null),
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
    const takes = new Map(legal.filter((a) => a.kind === "take").map((a) => [a.slot, a]));
    v.market.forEach((card, i) => {
      const btn = this.slots[i];
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
        ? b.leaders.map((s) => h("span", { class: "pc-dot", title: this.names[s], style: { "--pc": this.colors[s] } }))
        : h("span", { class: "cg-city-none", text: "—" })));
    });
    this.citiesEl.replaceChildren(...items);
  }

  #renderMine(v) {
    const seat = this.viewer;
    if (seat === null) {
      this.myYardEl.replaceChildren(h("p", { class: "hand-hidden", text: t("hand.hidden") }));
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
      this.handEl.replaceChildren(h("p", { class: "hand-hidden", testid: "hand-hidden", text: t("hand.hidden") }));
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
    const legal = this.#legal();
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
      verdict = match.cards && setColor(match.cards)
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
    this.ticketsEl.replaceChildren(...items,
      me.tickets.length ? h("p", { class: "ticket-sum cg-need-sum", testid: "ticket-sum" },
        h("span", { text: t("cg.ticketSum", { n: me.tickets.length, points: open }) }), cardChips(need)) : null);
  }

  #renderLog(v) {
    if (v.log.length === this.lastLogLength) return;
    this.lastLogLength = v.log.length;
    const entries = logEntries(v.log, { names: this.names, board: this.board, viewer: this.viewer });
    const items = entries.slice().reverse().slice(0, 250).map((e) => h("li", {
      class: ["log-entry", e.auto && "auto", e.raid && "raid"], testid: "log-entry",
      dataset: { player: e.player ?? "", kind: e.kind }, style: { "--pc": e.player === null ? "#888" : this.colors[e.player] } },
    h("span", { class: "log-dot", "aria-hidden": "true" }),
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

  #animateEvent(ev) {
    if (!ev) return;
    const color = this.colors[ev.player];
    if (ev.kind === "take") this.#flash(this.slots[Number((ev.action ?? "").split(/\s+/)[1])], color);
    else if (ev.kind === "draw") this.#flash(this.deckBtn, color);
    else if (ev.kind === "tickets") this.#flash(this.ticketBtn, color);
    if (ev.kind === "play") {
      const color0 = setColor(ev.cards);
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
          this.ctx.toast(t("cg.raidToast", { name: this.names[ev.player], victim: this.names[r.victim], color: cardName(r.color), n: r.discarded }), "warn", 5000);
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
    if (ev.key >= "1" && ev.key <= "5") this.#takeSlot(Number(ev.key) - 1);
    else if (ev.key === "d" || ev.key === "D") this.#actKind("draw");
    else if (ev.key === "t" || ev.key === "T") this.#actKind("tickets");
    else if (ev.key === "p" || ev.key === "P") this.#playSelection();
    else if (ev.key === "Escape" && cardCount(this.sel)) { this.sel = {}; this.#renderHand(); }
    else return;
    ev.preventDefault();
  }
}

export { cityPair };
