// What every game screen shares (the map games in core/mapscreen.js with their panels, the card game in
// cardgame/screen.js): starting or loading a game, the turn loop (a bot's move, a person's move,
// passing the device in hotseat games), autosave, download, the speed menu and the root's data-*
// attributes the tests read. A screen extends TurnScreen, builds its DOM in _build(), draws in
// render() and animates events in _animateEvent(); the hooks below (_prompt, _reopen, _interrupt,
// ...) are where a screen differs. No rule is decided here: what is legal always comes from the
// engine's `legal` list, what happened from its events. Engine calls that answer a state go
// through this.session (core/session.js: the log arrives incrementally, autosave needs no call).
import { h, menuInWindow, sleep } from "./dom.js";
import { t } from "../i18n.js";
import { PLAYER_COLORS } from "./cards.js";
import { passDeviceDialog, confirmDialog, close, modal } from "./dialogs.js";
import { SPEEDS, botMaxSeconds } from "./newgame.js";
import { downloadRecord } from "./saves.js";
import { Autosave } from "./core/autosave.js";
import { isolate } from "./names.js";
import { icon } from "./icons.js";
import { Coach } from "./tutorial.js";
import { GameSession } from "./core/session.js";
import { HintControl } from "./hint.js";
import { recordResult, readHistory, historyPanel } from "./history.js";
import { statsPanel, reviewPanel, endTabs } from "./endextras.js";
import { winnersText } from "./endscreen.js";
import { openSettings } from "./settings.js";
import { markOf } from "./seatmarks.js";
import { SetupPonder } from "./core/ponder.js";

/** Delay before showing a bot's action, from the URL (?botDelay=ms, for tests) or the chosen speed. */
export function botDelay(speed) {
  const q = new URLSearchParams(location.search).get("botDelay");
  if (q !== null && /^\d+$/.test(q)) return Number(q);
  return SPEEDS[speed] ?? SPEEDS.normal;
}

/** The headings of a seat's own panels: [for the one person, for a named seat, for no seat]. */
const OWN_TITLES = {
  hand: ["hand.title", "hand.titleOf", "hand.titleNone"],
  tickets: ["tickets.mine", "tickets.titleOf", "tickets.titleNone"],
  yard: ["cg.myYard", "cg.yardOf", "cg.yardNone"],
};
export class TurnScreen {
  /**
   * ctx: {engine, root, board, version, toast(msg, kind), langSwitch(), onNewGame(), startGame(settings), share?}
   * settings: {variant, players, seed, seats:[{name, kind, bot, color}], speed, options?, saveId?}
   * A subclass calls this._build() at the end of its constructor.
   */
  /** The seat the log and the status line call "you": the one person playing against bots (none
   *  in hotseat, where the device passes between people, nor in the replay viewer). */
  get you() {
    return this.frozen || this.humans !== 1 ? null : this.viewer;
  }

  constructor(ctx, settings, seats = settings.seats) {
    this.ctx = ctx;
    this.engine = ctx.engine;
    this.session = new GameSession(ctx.engine);  // state calls: incremental log, record for autosave
    this.board = ctx.board;
    this.settings = settings;
    this.seats = seats;
    // Names for running text, isolated so a right-to-left name cannot reorder the sentence.
    this.names = this.seats.map((s) => isolate(s.name));
    this.colors = this.seats.map((s) => PLAYER_COLORS[s.color] ?? "#888");
    this.marks = this.seats.map((s) => markOf(s.color));  // each player's symbol (seatmarks.js)
    this.humans = this.seats.filter((s) => s.kind === "human").length;
    this.viewer = this.humans > 1 ? null : this.seats.findIndex((s) => s.kind === "human");
    this.res = null;
    this.busy = false;
    this.alive = true;
    // The action an open setup dialog points to so far (the tickets ticked, the piece mix shown),
    // or null: the engine ponders the bots' replies to it first (core/ponder.js).
    this.choiceSoFar = null;
    this.ponder = new SetupPonder(this);
    this.dialog = null;
    this.dialogKind = null;
    this.prevHand = {};
    this.finalAnnounced = false;
    this.lastLogLength = -1;
    this.delay = botDelay(settings.speed);
    this.coach = ctx.tutorial ? new Coach(this, ctx.tutorial) : null;  // a tutorial's script
    this.autosave = new Autosave(this);  // saved after every move; a lasting bar when it cannot be
  }

  // ------------------------------------------------------------------ lifecycle
  async start(record = null) {
    // "starting" until the engine has the game: "playing" means the game and its test hooks exist.
    this.ctx.root.dataset.uiState = "starting";
    this.ctx.root.dataset.myTurn = "false";
    let res;
    try {
      res = record
        ? await this.session.call("load", { record, player: this.viewer })
        : await this.session.call("new_game", {
          variant: this.settings.variant, players: this.settings.players, seed: this.settings.seed,
          options: this.settings.options ?? {}, setup: this.settings.setup,
          seats: this.seats.map(({ name, kind, bot, color }) => ({ name, kind, bot, color })), player: this.viewer,
        });
    } catch (err) {
      this.ctx.toast(t("error.start", { message: err.message }), "error");
      this.ctx.onNewGame();
      return;
    }
    if (!this.alive) return;
    this.gameId = res.game_id;
    try {
      await this.session.fetchRecord(this.gameId);
    } catch {
      // autosave then waits for the next move's record (the engine said why, if anything failed)
    }
    if (!this.alive) return;
    this.autosave.watch();
    this._afterStart(res, record);
    window.__railtripRecord = () => this.engine.call("record", { game_id: this.gameId });
    window.__railtripAct = (text) => this.act(text);
    window.__railtrip = { gameId: this.gameId, settings: this.settings, state: () => this.res,
      record: window.__railtripRecord, helpers: () => this.ponder.status, ...this._testInfo() };
    await this._handle(res);
  }

  /** The status line's words for whose move it is, the same in every game: over, a replay, a
   *  bot or another person to move, the second card, a ticket choice, a forced pass, else your
   *  turn (`yourTurn` / `yourTurnName`: the game's own words for it, the name when several play). */
  _turnStatus(r, legal, yourTurn = "status.yourTurn", yourTurnName = "status.yourTurnName") {
    const name = this.names[r.current];
    if (r.over) {
      const won = (r.scores ?? []).some((sc) => sc.winner);
      return won ? t("status.overWon", { headline: winnersText(r.scores, this.names, this.you) }) : t("status.over");
    }
    if (this.frozen) return t("status.replayTurn", { name });
    if (this._isBot(r.current)) return t("status.botThinking", { name });
    if (r.current !== this.viewer) return t("status.waitingHuman", { name });
    if (r.phase === "second_card") return t("status.secondCard");
    if (r.phase === "setup_tickets" || r.phase === "keep_tickets") return t("status.chooseTickets");
    if (legal.some((a) => a.kind === "pass")) return t("status.mustPass");
    return this.humans > 1 ? t(yourTurnName, { name }) : t(yourTurn);
  }

  /** Opens the end-of-game dialog with `panel`; closing it shows the Scores button, which opens
   *  it again. `className` sizes it for the game. */
  _openEndDialog(panel, className) {
    this.dialogKind = "game-over";
    this.dialog = modal(this.ctx.root, { testid: "game-over", title: t("end.title"), className,
      onCancel: () => this._closeEnd() }, panel);
    this._updateRoot();
  }

  /** The end screen closed (to see the map or table): the Scores button opens it again. */
  _closeEnd() {
    close(this.dialog);
    this.dialog = null;
    this.dialogKind = null;
    this._updateRoot();
  }

  /** For the replay viewer (replay.js): shows an engine state read-only (no bots, saves or dialogs). */
  showFrozen(gameId, res) {
    this.frozen = true;
    this.gameId = gameId;
    this.res = res;
    this.busy = false;
    this.lastLogLength = -1;
    this._afterStart(res, true);
    // At a finished game's last move the scores can be opened, as at the end of a game played.
    if (!res.over) this._leaveEnd();
    this.render();
    window.__railtrip = { gameId, settings: this.settings, state: () => this.res, ...this._testInfo() };  // the tests' hook
  }

  /** "Same deal": a new game of these settings and seed. A replay of computer players alone
   *  (a record written by the CLI) gives its first seat to the person. */
  _playSameDeal() {
    const seats = this.seats.some((s) => s.kind === "human") ? this.seats
      : this.seats.map((s, i) => (i === 0 ? { ...s, kind: "human", bot: null } : s));
    this.ctx.startGame({ ...this.settings, seats });
  }

  /** A replay stepped back from the end: what the end screen drew goes (a map draws its longest
   *  path and tickets). */
  _leaveEnd() {}

  /** The screen rebuilt after the end (another language): what the end screen drew is drawn
   *  again (a map's longest path and tickets). */
  _redrawEnd() {}

  destroy() {
    this.alive = false;
    this.ponder.stop();
    this.coach?.dispose();
    this.finalToast?.remove();  // a "final round" notice belongs to this game only
    close(this.dialog);
    this.autosave.dispose();
    this._unbuild();
    if (this.gameId) this.engine.call("drop", { game_id: this.gameId }).catch(() => {});
  }

  /** Rebuilds the screen in the current language (the game state stays). */
  relocalize() {
    const oldEl = this.el;
    const kind = this.dialogKind;
    const hint = this.hintCtl;
    close(this.dialog);
    this.dialog = null;
    this.dialogKind = null;
    this._unbuild();
    this.lastLogLength = -1;
    this.endExtras = null;  // rebuilt in the new language
    this._build();
    oldEl.replaceWith(this.el);
    this.render();
    this.hintCtl?.adopt(hint);
    if (this.res?.over) this._redrawEnd();
    if (window.__railtrip?.gameId === this.gameId) Object.assign(window.__railtrip, this._testInfo());  // the new board
    if (kind) this._reopen(kind);
    this.autosave.show(this.autosave.problem);
    this._updateRoot();
  }

  /** Undoes what _build() hooked up outside this.el (a subclass adds its own, then calls super). */
  _unbuild() {
    document.removeEventListener("keydown", this.keyHandler);
  }

  /** A started or loaded game (`loaded`: from a record, so earlier events count as seen). */
  _afterStart(res, loaded) { void res; void loaded; }

  /** The players as the end screens and statistics show them: {name, color, mark}. */
  _players() {
    return this.seats.map((s, i) => ({ name: this.names[i], color: this.colors[i], mark: this.marks[i] }));
  }

  /** Extra fields of window.__railtrip for the browser tests. */
  _testInfo() { return {}; }

  /** The top bar: status line, badges, pass / scores buttons, language switch and the menu
   *  (new game, download, share, the screen's own `menuItems` [{testid, label, run}], speed). */
  _topbar({ badges = [], menuItems = [] } = {}) {
    this.statusMain = h("span", { class: "status-main", testid: "turn-status" });
    this.statusLast = h("span", { class: "status-last", testid: "last-action" });
    // In the status's second line, so that the rule text of the turn keeps the bar's width
    // (beside it, it cut a Rails & Sails turn's words short at 1280 px, and a phone's bar took a row more).
    this.finalBadge = h("span", { class: "final-badge", testid: "final-round", hidden: true });
    this.passBtn = h("button", { type: "button", class: "btn btn-secondary btn-small", testid: "pass-turn", hidden: true,
      text: t("game.pass"), on: { click: () => this._actKind("pass") } });
    this.undoBtn = h("button", { type: "button", class: "btn btn-secondary btn-small undo-btn", testid: "undo", hidden: true,
      title: t("undo.title"), text: t("undo.button"), on: { click: () => this.undo() } });
    this.hintCtl = new HintControl(this);
    this.scoresBtn = h("button", { type: "button", class: "btn btn-secondary btn-small", testid: "show-scores", hidden: true,
      text: t("end.showScores"), on: { click: () => this._showEnd() } });
    const item = (testid, label, run) => h("button", { type: "button", testid, text: label,
      on: { click: () => { menu.open = false; run(); } } });
    const menu = menuInWindow(h("details", { class: "menu" },
      h("summary", { class: "menu-btn", "aria-label": t("menu.title"), title: t("menu.title"), testid: "menu" }, icon("menu", 20)),
      h("div", { class: "menu-panel" },
        item("menu-new-game", t("menu.newGame"), () => this._confirmNewGame()),
        item("menu-download", t("menu.download"), () => this.download()),
        this.ctx.share ? item("menu-share", t("menu.share"), () => this.ctx.share(this)) : null,
        menuItems.map((m) => item(m.testid, m.label, m.run)),
        this.ctx.showRules ? item("menu-rules-page", t("menu.rules"), () => this.ctx.showRules()) : null,
        item("menu-settings", t("prefs.open"), () => openSettings(this.ctx.root)),
        this.humans > 1 ? h("label", { class: "menu-row menu-check" }, h("span", { text: t("undo.hotseat") }),
          h("input", { type: "checkbox", testid: "menu-allow-undo", checked: Boolean(this.settings.allowUndo),
            on: { change: (e) => { this.settings.allowUndo = e.target.checked; this._updateRoot(); } } })) : null,
        h("div", { class: "menu-row" }, h("span", { text: t("menu.speed") }), this._speedSelect()))));
    return h("header", { class: "topbar" },
      h("span", { class: "brand-sm", text: "Railtrip" }),
      h("div", { class: "status", "aria-live": "polite" }, this.statusMain,
        h("div", { class: "status-sub" }, this.finalBadge, this.statusLast)),
      ...badges, this.hintCtl.button, this.passBtn, this.undoBtn, this.scoresBtn, this.ctx.langSwitch(), menu);
  }

  _speedSelect() {
    return h("select", { testid: "menu-speed", "aria-label": t("menu.speed"), on: { change: (e) => {
      this.settings.speed = e.target.value;
      this.delay = botDelay(e.target.value);
    } } }, Object.keys(SPEEDS).map((k) => h("option", { value: k, selected: k === this.settings.speed, text: t(`speed.${k}`) })));
  }

  // ------------------------------------------------------------------ the turn loop
  _isBot(seat) {
    return this.seats[seat]?.kind === "bot";
  }

  /** The dots beside a bot's name while it thinks: its turn of a game in play (none in a replay). */
  _thinkingDots(r, seat) {
    if (r.over || r.current !== seat || !this._isBot(seat) || this.frozen) return null;
    return h("span", { class: "thinking", "aria-hidden": "true" }, h("i"), h("i"), h("i"));
  }

  async _handle(res) {
    if (!this.alive) return;
    this.res = res;
    this.busy = false;
    if (this._interrupt(res)) return;
    this.ponder.update(res);
    if (res.over) {
      await this._finish(res);
      this.render();
      this._showEnd();
      return;
    }
    this.autosave.save();
    const cur = res.current;
    if (this._isBot(cur)) {
      this.render();
      this._runBot();
      return;
    }
    if (this.viewer !== cur) {
      if (this.humans > 1) {
        this.viewer = null;
        this.res = await this.session.call("state", { game_id: this.gameId, player: null });
        this.render();
        this._showPass(cur);
        this._updateRoot();
        return;
      }
      this.viewer = cur;
      this.res = await this.session.call("state", { game_id: this.gameId, player: cur });
    }
    this.render();
    this._prompt(this.res.legal);
    this.ponder.run();
  }

  /** Something to show before the game goes on (the card game's end of a half): true = wait. */
  _interrupt(res) { void res; return false; }

  /** Opens the dialog a pending choice needs (tickets to keep, ...). */
  _prompt(legal) { void legal; }

  /** Reopens a dialog after a language change; returns whether `kind` was handled. */
  _reopen(kind) {
    if (kind === "pass-device") this._showPass(this.res.current);
    else if (kind === "game-over") this._showEnd();
    else return false;
    return true;
  }

  /** The final scores (a subclass shows its own end screen). */
  _showEnd() {}

  /** A new person takes the device: whatever was selected for the last one is dropped. */
  _newViewer() {}

  _showPass(cur) {
    this.dialogKind = "pass-device";
    this.dialog = passDeviceDialog(this.ctx.root, { name: this.names[cur], color: this.colors[cur], onReady: async () => {
      this.dialog = null;
      this.dialogKind = null;
      this.viewer = cur;
      this._newViewer();
      const mine = await this.session.call("state", { game_id: this.gameId, player: cur });
      this.prevHand = mine.view.me?.hand ?? {};
      this._handle(mine);
    } });
  }

  async _runBot() {
    const seat = this.res.current;
    const t0 = performance.now();
    if (this.humans > 1) this.viewer = null;
    let res;
    const scripted = this.coach?.botAction();
    const bot = this.seats[seat].bot;
    try {
      const shared = scripted ? null : await this.ponder.beforeBot(bot);  // a helper's answer first
      res = scripted
        ? await this.session.call("apply", { game_id: this.gameId, action: scripted, player: this.viewer })
        : await this.session.call("bot_move", { game_id: this.gameId, bot, player: this.viewer,
          max_seconds: botMaxSeconds(this.res.phase) });
      this.ponder.afterBot(shared, res.applied);
    } catch (err) {
      if (!this.alive) return;
      this.ctx.toast(t("error.bot", { name: this.names[seat], message: err.message }), "error");
      return;
    }
    if (!this.alive) return;
    const quick = res.event?.kind === "keep" && res.event?.setup;
    const wait = (quick ? this.delay * 0.4 : this.delay) - (performance.now() - t0);
    if (wait > 0) await sleep(wait);
    if (!this.alive) return;
    if (scripted) this.coach.applied(scripted);
    this._animateEvent(res.event, false);
    this._handle(res);
  }

  /** Shows what an event did (`mine`: the viewer's own move). */
  _animateEvent(ev, mine) { void ev; void mine; }

  /** Called before a person's move is sent (e.g. to hide a tooltip). */
  _beforeAct() {}

  async act(text) {
    if (this.busy || !this.gameId) return;
    // Only the person whose turn it is acts from this page (never on a bot's or another seat's turn).
    if (this.frozen || !this.res || this.res.over || this.viewer === null || this.res.current !== this.viewer) {
      this.ctx.toast(t("error.notYourTurn"), "warn");
      return;
    }
    if (this.coach && !this.coach.allows(text)) {
      this.coach.refuse();
      this.render();
      this._prompt(this._legal());
      return;
    }
    // A move answers whatever a dialog asked: its own buttons close it first, and a move made
    // another way (the test hook) must not leave a stale dialog under the next one.
    if (this.dialog) {
      close(this.dialog);
      this.dialog = null;
      this.dialogKind = null;
    }
    this.busy = true;
    this.choiceSoFar = null;
    this.ponder.chosen(text);
    this._beforeAct();
    this.render();
    let res;
    try {
      res = await this.session.call("apply", { game_id: this.gameId, action: text, player: this.viewer, seat: this.viewer });
    } catch (err) {
      if (!this.alive) return;
      this.ctx.toast(err.message, "error");
      try {
        res = await this.session.call("state", { game_id: this.gameId, player: this.viewer });
      } catch (err2) {
        this.ctx.toast(err2.message, "error");
        this.busy = false;
        this.render();
        return;
      }
    }
    if (!this.alive) return;
    if (res.event) {
      this.coach?.applied(text);
      this._animateEvent(res.event, true);
    }
    this._handle(res);
  }

  /** Whether an open dialog keeps the person from moving on the screen behind it. */
  _dialogBlocks() {
    return this.dialogKind === "pass-device";
  }

  /** The legal actions the person on the device may take now (none while it is not their turn). */
  _legal() {
    if (this.frozen) return [];
    const r = this.res;
    if (!r || r.over || this.busy || this.viewer === null || r.current !== this.viewer || this._dialogBlocks()) return [];
    return r.legal;
  }

  _actKind(kind) {
    const a = this._legal().find((x) => x.kind === kind);
    if (a) this.act(a.text);
  }

  _takeSlot(i) {
    const a = this._legal().find((x) => x.kind === "take" && x.slot === i);
    if (a) this.act(a.text);
  }

  /** Whether the Undo button is offered: the engine allows it (nothing hidden revealed since),
   *  against computer players, or in hotseat when all players agreed (the menu's setting). */
  _undoOffered() {
    const r = this.res;
    if (!r?.can_undo || r.over || this.frozen || this.busy || this.coach?.active || this.viewer === null
      || r.current !== this.viewer) return false;
    if (this.dialogKind && !["choose-tickets", "choose-payment"].includes(this.dialogKind)) return false;
    return this.humans === 1 || Boolean(this.settings.allowUndo);
  }

  /** Takes back the person's last move (and the computer moves after it) through the engine. */
  async undo() {
    if (!this._undoOffered()) return;
    this.busy = true;
    close(this.dialog);
    this.dialog = null;
    this.dialogKind = null;
    this.render();
    let res;
    this.session.log.reset();
    try {
      res = await this.session.call("undo", { game_id: this.gameId, player: this.viewer });
    } catch (err) {
      if (!this.alive) return;
      this.ctx.toast(err.message, "error");
      res = await this.session.call("state", { game_id: this.gameId, player: this.viewer });
    }
    try {
      await this.session.fetchRecord(this.gameId);  // the record is shorter now
    } catch {
      // the next autosave keeps the last record until one comes
    }
    if (!this.alive) return;
    this.lastLogLength = -1;
    this.prevHand = {};
    this.ctx.toast(t("undo.done"), "info");
    this._handle(res);
  }

  _confirmNewGame() {
    if (this.res?.over) return this.ctx.onNewGame();
    confirmDialog(this.ctx.root, { title: t("menu.newGame"), text: t("menu.newGameConfirm"), yes: t("menu.newGameYes"),
      onYes: () => this.ctx.onNewGame() });
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

  /** A finished game stays in the saved list as a replay, and counts once in the local history. */
  async _finish(res) {
    if (this.coach?.active) return;
    const human = this.seats.findIndex((s) => s.kind === "human");
    this.history = recordResult({ id: this.settings.saveId, variant: this.settings.variant, seats: this.seats,
      seat: human >= 0 ? human : null, scores: res.scores });
    this.autosave.saveFinished(res);
  }

  /** The end screen's tabs: statistics, the review of the person's moves, the local history
   *  (built once per finished game, so a running review survives closing the scores). */
  _endExtras() {
    const res = this.res;
    if (!res?.stats) return null;
    if (this.endExtras) return this.endExtras;
    const players = this._players();
    const human = this.viewer ?? this.seats.findIndex((s) => s.kind === "human");
    this.endExtras = endTabs([
      { key: "stats", label: t("stats.title"), body: statsPanel(res.stats, players, this.settings.variant) },
      human >= 0 ? { key: "review", label: t("review.title"), body: this._reviewPanel(human) } : null,
      { key: "history", label: t("history.title"), body: historyPanel(this.history === undefined ? readHistory() : this.history,
        { variant: this.settings.variant }) },
    ]);
    return this.endExtras;
  }

  /** The review of `seat`'s moves: the one kept with the save when there is one, else a new one
   *  (kept with the save once done). */
  _reviewPanel(seat) {
    const plies = this.session.record?.actions?.length ?? -1;
    const key = { seat, plies, bot: "hard" };
    return reviewPanel({ engine: this.engine, gameId: this.gameId, seat, bot: key.bot, hintsUsed: this.settings.hintsUsed ?? 0,
      stored: this.autosave.storedReview(key), onDone: (steps) => this.autosave.keepReview(key, steps) });
  }

  // ------------------------------------------------------------------ root state for tests and CSS
  _updateRoot() {
    const r = this.res;
    const root = this.ctx.root;
    let state = "playing";
    if (r?.over && this.dialogKind !== "half-end") state = "game-over";
    else if (this.dialogKind && this.dialogKind !== "game-over") state = this.dialogKind;
    else if (r && this._isBot(r.current)) state = "waiting-bot";
    root.dataset.uiState = state;
    root.dataset.currentPlayer = r && !r.over ? String(r.current) : "";
    root.dataset.viewer = this.viewer === null ? "" : String(this.viewer);
    root.dataset.myTurn = String(this._legal().length > 0);
    root.dataset.busy = String(this.busy);
    root.dataset.ply = String(r?.ply ?? 0);
    root.dataset.phase = r?.phase ?? "";
    if (this.undoBtn) this.undoBtn.hidden = !this._undoOffered();
    // After the end, the scores stay one click away while the end screen is closed.
    if (this.scoresBtn) this.scoresBtn.hidden = !r?.over || this.dialogKind === "game-over";
    this.hintCtl?.update();
    this.coach?.update();
  }

  render() {}

  /** The heading over one of the shown seat's own panels (`kind`: a key of OWN_TITLES): "Your
   *  cards" for the one person at a table of bots, the seat's name in a replay or a hotseat game,
   *  where the shown hand is not the reader's, and no owner while every hand is hidden. */
  _ownTitle(kind) {
    const [yours, named, nobody] = OWN_TITLES[kind];
    if (this.you !== null) return t(yours);
    const name = this.viewer === null ? undefined : this.names[this.viewer];
    return name === undefined ? t(nobody) : t(named, { name });
  }

  /** Renames the own panels (headings marked `data-own-title`, labels `data-own-label`) for the
   *  seat shown now. */
  _renderOwnTitles() {
    for (const el of this.el?.querySelectorAll("[data-own-title]") ?? []) {
      const text = this._ownTitle(el.dataset.ownTitle);
      if (el.textContent !== text) el.textContent = text;
    }
    for (const el of this.el?.querySelectorAll("[data-own-label]") ?? []) el.setAttribute("aria-label", this._ownTitle(el.dataset.ownLabel));
  }

  /** The Hint button points out its move (null: none): here the face-up card it takes, the deck
   *  it draws from or the ticket pile (the market's element for the move, as for a move's event:
   *  `source`); where the page scrolls (a phone), that element is kept in view (`keepInView`). */
  _pointOut(action) {
    const market = this.panels?.market;  // every game's Market panel
    market?.el.querySelectorAll(".is-hinted").forEach((el) => el.classList.remove("is-hinted"));
    const el = ["take", "draw", "tickets"].includes(action?.kind) ? market?.source(action) : null;
    if (!el) return;
    el.classList.add("is-hinted");
    this.hintCtl?.keepInView([el.getBoundingClientRect()]);
  }
}
