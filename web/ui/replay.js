// The replay viewer of a whole game (a #g1.… link, or a finished imported game): the game's own
// screen, read-only, at any move of the record, with step back/forward, a slider, autoplay,
// whose cards to show, and "take over from here" (play on from that move as one seat, with
// computer players for the others).
//
// Positions come from the engine: one step forward applies the next action of the record to the
// shown game; any other jump replays the record up to that move (`load {record, upto}`). The log
// comes incrementally (core/session.js): a replay of the same record shows the same events, so the
// engine sends only those past what the page has (`log_from`); a jump back keeps the prefix.
import { h, sleep } from "./dom.js";
import { t } from "../i18n.js";
import { newSaveId, sanitizeSeats } from "./saves.js";
import { resolveBot } from "./newgame.js";
import { LogCache } from "./core/session.js";

/** Pause between moves while playing (?botDelay=ms shortens it, as for the bots). */
function autoplayDelay() {
  const q = new URLSearchParams(location.search).get("botDelay");
  if (q !== null && /^\d+$/.test(q)) return Math.max(Number(q), 30);
  return 700;
}

export class ReplayScreen {
  /**
   * ctx: the screens' ctx (engine, root, toast, startGame(settings, record), onNewGame(), version)
   * record: a checked record (from open_link); Screen: the variant's screen class; board: its board
   */
  constructor(ctx, { record, Screen, board }) {
    this.ctx = ctx;
    this.engine = ctx.engine;
    this.record = record;
    this.actions = record.actions ?? [];
    this.total = this.actions.length;
    this.bots = ctx.version.bots ?? [];
    this.seats = sanitizeSeats(record.meta?.seats, Number(record.players), this.bots, { needHuman: false });
    this.viewer = null;
    this.pos = -1;
    this.gameId = null;
    this.token = 0;
    this.playing = false;
    this.alive = true;
    this.log = new LogCache();  // the events the page has, for the seat whose cards are shown
    const settings = { variant: record.variant, players: Number(record.players), seed: record.seed,
      seats: this.seats, speed: "normal", options: record.options };
    this.screen = new Screen({ ...ctx, board, share: null }, settings);
    this.screen.viewer = null;
    this.#build();
  }

  #build() {
    const btn = (testid, label, text, onClick) => h("button", { type: "button", class: "btn btn-secondary btn-small replay-btn",
      testid, title: label, "aria-label": label, text, on: { click: onClick } });
    this.firstBtn = btn("replay-first", t("replay.first"), "|◀", () => this.go(0));
    // One step is a chevron; ▶ is play, as on every media player (▶▶ read as "fast forward").
    this.backBtn = btn("replay-back", t("replay.back"), "‹", () => this.go(this.pos - 1));
    this.playBtn = btn("replay-play", t("replay.play"), "▶", () => this.toggleAutoplay());
    this.fwdBtn = btn("replay-forward", t("replay.forward"), "›", () => this.go(this.pos + 1));
    this.lastBtn = btn("replay-last", t("replay.last"), "▶|", () => this.go(this.total));
    this.slider = h("input", { type: "range", min: 0, max: this.total, step: 1, value: this.total, class: "replay-slider",
      testid: "replay-slider", "aria-label": t("replay.slider"),
      on: { input: (e) => { const n = Number(e.target.value); this.stopAutoplay(); this.go(n); } } });
    this.posText = h("span", { class: "replay-pos", testid: "replay-position", "aria-live": "polite" });
    this.viewSelect = h("select", { testid: "replay-viewer", "aria-label": t("replay.showCards"),
      on: { change: (e) => this.setViewer(e.target.value === "" ? null : Number(e.target.value)) } },
    h("option", { value: "", text: t("replay.cardsHidden") }),
    this.seats.map((s, i) => h("option", { value: i, text: s.name })));
    this.seatSelect = h("select", { testid: "takeover-seat", "aria-label": t("replay.takeOverAs") },
      this.seats.map((s, i) => h("option", { value: i, selected: i === Math.max(0, this.seats.findIndex((x) => x.kind === "human")),
        text: s.name })));
    this.takeBtn = h("button", { type: "button", class: "btn btn-primary btn-small", testid: "takeover",
      text: t("replay.takeOver"), on: { click: () => this.takeOver() } });
    const closeBtn = h("button", { type: "button", class: "btn btn-ghost btn-small replay-close", testid: "replay-close",
      text: t("replay.close"), on: { click: () => this.ctx.onNewGame() } });
    this.bar = h("section", { class: "replay-bar", testid: "replay-bar", "aria-label": t("replay.title") },
      h("span", { class: "replay-badge", text: t("replay.title") }),
      h("div", { class: "replay-controls" }, this.firstBtn, this.backBtn, this.playBtn, this.fwdBtn, this.lastBtn),
      h("div", { class: "replay-track" }, this.slider, this.posText),
      h("label", { class: "replay-field" }, h("span", { text: t("replay.showCards") }), this.viewSelect),
      h("div", { class: "replay-field replay-take" }, h("span", { text: t("replay.takeOverAs") }), this.seatSelect, this.takeBtn),
      closeBtn);
    this.el = h("div", { class: "replay", testid: "replay" }, this.bar, this.screen.el);
  }

  async start(at = this.total) {
    await this.go(at);
  }

  /** Shows the position after `n` actions. */
  async go(n) {
    n = Math.max(0, Math.min(this.total, Math.round(n)));
    if (n === this.pos && this.gameId) return;
    const token = ++this.token;
    this.#setBusy(true);
    let res;
    let gameId = this.gameId;
    const player = this.viewer;
    const logFrom = this.log.from(player);
    try {
      if (this.gameId && n === this.pos + 1) {
        res = await this.engine.call("apply", { game_id: this.gameId, action: this.actions[n - 1], player, log_from: logFrom });
      } else {
        res = await this.engine.call("load", { record: this.record, upto: n, player, log_from: logFrom });
        gameId = res.game_id;
      }
    } catch (err) {
      if (token === this.token) this.#setBusy(false);
      this.ctx.toast(err.message, "error");
      return;
    }
    if (!this.alive || token !== this.token) {
      if (gameId !== this.gameId) this.engine.call("drop", { game_id: gameId }).catch(() => {});
      return;
    }
    if (gameId !== this.gameId && this.gameId) this.engine.call("drop", { game_id: this.gameId }).catch(() => {});
    this.gameId = gameId;
    this.pos = n;
    this.res = this.log.merge(res, player);
    this.screen.showFrozen(gameId, res);
    this.#setBusy(false);
    this.#update();
  }

  async setViewer(seat) {
    this.viewer = seat;
    if (!this.gameId) return;
    const token = ++this.token;  // a move still in flight was asked for the other seat: dropped
    const res = await this.engine.call("state", { game_id: this.gameId, player: seat, log_from: this.log.from(seat) });
    if (!this.alive || token !== this.token) return;
    this.screen.viewer = seat;
    this.res = this.log.merge(res, seat);
    this.screen.showFrozen(this.gameId, res);
    this.#update();
  }

  toggleAutoplay() {
    if (this.playing) this.stopAutoplay();
    else this.#autoplay();
  }

  stopAutoplay() {
    this.playing = false;
    this.#update();
  }

  async #autoplay() {
    if (this.pos >= this.total) await this.go(0);
    this.playing = true;
    this.#update();
    while (this.playing && this.alive && this.pos < this.total) {
      await sleep(autoplayDelay());
      if (!this.playing || !this.alive) break;
      await this.go(this.pos + 1);
    }
    this.playing = false;
    if (this.alive) this.#update();
  }

  /** Plays on from the shown move as the chosen seat; the other seats become computer players. */
  takeOver() {
    if (this.res?.over) return;
    this.stopAutoplay();
    const seat = Number(this.seatSelect.value);
    const bot = resolveBot("normal", this.bots);
    const seats = this.seats.map((s, i) => (i === seat ? { ...s, kind: "human", bot: null } : { ...s, kind: "bot", bot: s.bot ?? bot }));
    const record = { ...this.record, actions: this.actions.slice(0, this.pos), meta: { ...(this.record.meta ?? {}), seats } };
    const settings = { variant: record.variant, players: Number(record.players), seed: record.seed, seats,
      speed: "normal", options: record.options, saveId: newSaveId() };
    this.ctx.startGame(settings, record);
  }

  #setBusy(busy) {
    this.el.classList.toggle("is-loading", busy);
    this.ctx.root.dataset.replayBusy = String(busy);
  }

  #update() {
    const r = this.res;
    const root = this.ctx.root;
    root.dataset.uiState = "replay";
    root.dataset.replayPos = String(this.pos);
    root.dataset.replayTotal = String(this.total);
    root.dataset.replayPlaying = String(this.playing);
    this.slider.value = String(this.pos);
    const turn = (r?.view?.turn ?? 0) + 1;
    this.posText.textContent = r?.over && this.pos === this.total ? t("replay.positionOver", { n: this.pos, total: this.total })
      : t("replay.position", { n: this.pos, total: this.total, turn });
    this.firstBtn.disabled = this.backBtn.disabled = this.pos <= 0;
    this.fwdBtn.disabled = this.lastBtn.disabled = this.pos >= this.total;
    this.playBtn.textContent = this.playing ? "❚❚" : "▶";
    this.playBtn.setAttribute("aria-label", this.playing ? t("replay.pause") : t("replay.play"));
    this.playBtn.title = this.playing ? t("replay.pause") : t("replay.play");
    this.playBtn.setAttribute("aria-pressed", String(this.playing));
    this.takeBtn.disabled = Boolean(r?.over);
    this.seatSelect.disabled = Boolean(r?.over);
  }

  relocalize() {
    // Rebuild the bar and the screen in the new language at the same move.
    const old = this.el;
    this.screen.relocalize?.();
    this.#build();
    old.replaceWith(this.el);
    this.screen.showFrozen(this.gameId, this.res);
    this.#update();
  }

  destroy() {
    this.alive = false;
    this.playing = false;
    delete this.ctx.root.dataset.replayPos;
    delete this.ctx.root.dataset.replayTotal;
    delete this.ctx.root.dataset.replayPlaying;
    delete this.ctx.root.dataset.replayBusy;
    this.screen.destroy();
  }
}
