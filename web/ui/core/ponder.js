// Thinking ahead on a person's setup turn (the engine's `ponder`, pyengine/bots/ponder.py): the
// page's engine works on the bots' replies while the person chooses, and on devices with cores to
// spare helper engines (more workers) work on the later bots' decisions in parallel.
//
// At a table of several `hard` bots each bot's opening keep is a search of a second or two, made
// one after the other once the person has kept their tickets. The person's choice shows the bots
// little (how many tickets were kept), so the page's engine ponders them while the person reads
// (SetupPonder.run). The helpers load a copy of the game from
// its record and work on the later bots' decisions at the same time: helper i works `ahead` i+1
// bots, guessing the earlier bots' moves by their prior. Every answer passes between the engines
// under its decision's id, and an engine plays a received answer only where the id matches the
// decision in front of it (the bot, the seat, the move number and the seat's whole view) and the
// move is legal there: exactly the move it would have made. A wrong guess costs nothing but
// the helper's time. Nothing depends on the helpers: if one fails, the page's engine thinks.

import { spareEngines, startEngine } from "../../engine-client.js";

/** How long the page's engine waits for a helper that is working on the bot's next decision. */
const WAIT_FOR_HELPER_MS = 20_000;

/** How many helpers a setup round with `botsAfter` bots after the person gets on this device:
 *  one per bot after the first (the page's engine takes the first), as many as the device has
 *  room for (`spareEngines`). */
export function helperCount(botsAfter) {
  return Math.max(0, Math.min(botsAfter - 1, spareEngines()));
}

/** Helper engines started before a game asks for them: while the new-game form shows a table of
 *  several `hard` bots (`want`), once the page's own engine has loaded. A helper's start (its
 *  runtime, 1-2 s) takes longer than a person's quick keep, so a helper started with the game
 *  came late. The game's helpers take them (`take`); the rest are stopped. */
class HelperPool {
  constructor() {
    this.spares = [];   // [{controller, promise}]: helpers starting or ready
    this.target = 0;
    this.gate = null;   // the latest `want`'s wait for the page's engine
  }

  /** Keep `count` spare helpers (started once `ready`, the page engine's load, has settled). */
  want(count, ready = Promise.resolve()) {
    this.target = count;
    if (count <= this.spares.length) return this._fill();  // fewer: at once
    const gate = this.gate = ready.then(() => { if (gate === this.gate) this._fill(); }, () => {});
  }

  /** A spare helper's start, {controller, promise}, or null. */
  take() {
    const spare = this.spares.shift() ?? null;
    if (spare) this.target = Math.max(0, this.target - 1);
    return spare;
  }

  _fill() {
    while (this.spares.length > this.target) this.spares.pop().controller.abort();  // stops its worker
    while (this.spares.length < this.target) {
      const controller = new AbortController();
      const promise = startEngine({ signal: controller.signal });
      promise.catch(() => {});  // a spare that cannot start: its game's helper starts its own
      this.spares.push({ controller, promise });
    }
  }
}

export const helperPool = new HelperPool();

/** How many helpers a table needs: `variant`'s setup with one person and `hardBots` `hard` bots
 *  (the card game's setup has nothing to ponder). */
export function helpersFor({ variant, humans, hardBots }) {
  return variant !== "cardgame" && humans === 1 ? helperCount(hardBots) : 0;
}

/** A turn screen's pondering: the page's engine's loop while the person chooses, the helpers,
 *  and the hand-over of their answers around each bot's setup move. */
export class SetupPonder {
  constructor(screen) {
    this.screen = screen;
    this.helpers = null;  // PonderHelpers while a setup round has them
    this.choice = null;   // what the person chose on this setup turn (an action's text), or null
  }

  /** While a person makes a setup choice (tickets, a piece mix), the engine works ahead on the
   *  bots' replies, a slice of ~0.1 s a call, so the person's click waits at most one slice and
   *  the bots after them answer at once. Only a head start: nothing depends on it. */
  async run() {
    const s = this.screen;
    const bots = s.seats.map((seat) => (seat.kind === "bot" ? seat.bot : null));
    const ply = s.res.ply;
    if (s.frozen || s.coach || !bots.some(Boolean) || !s.res.phase?.startsWith("setup_")) {
      helperPool.want(0);
      return;
    }
    this.choice = null;
    // The game as it stands, for helpers (read before the person's choice can reach the engine).
    const needed = helpersFor({ variant: s.settings.variant, humans: s.humans,
      hardBots: bots.filter((b) => b === "hard").length });
    const record = needed > 0
      ? await s.engine.call("record", { game_id: s.gameId }).catch(() => null) : null;
    if (record) this._startHelpers(bots, ply, record);  // starting takes a while: at once
    helperPool.want(0);  // spares the helpers did not take
    let first = true;
    while (s.alive && !s.busy && s.res?.ply === ply && !s.res.over) {
      this.helpers?.setLikely(s.choiceSoFar);
      let res;
      try {
        res = await s.engine.call("ponder", { game_id: s.gameId, bots, likely: s.choiceSoFar,
          skip: this.helpers?.busy ?? [] });
      } catch {
        return;  // the bots will think when it is their turn
      }
      if (first && !res.more) this.stop();  // nothing to ponder here (the card game's setup, say)
      first = false;
      if (this.helpers) {
        this.helpers.mainWorking = res.more ? res.working : null;
        await this.helpers.shareMain(res.answers);
      }
      if (!res.more) return;
    }
  }

  /** The person chose `text`: the helpers go on with the bots after that choice. */
  chosen(text) {
    this.choice = text;
    this.helpers?.setLikely(text);
  }

  /** Before bot `bot` moves on a setup turn: if a helper is working on that decision, its answer
   *  comes first. Returns what `afterBot` needs, or null. */
  async beforeBot(bot) {
    const s = this.screen;
    if (!this.helpers?.alive) return null;
    const shared = await s.engine.call("ponder_id", { game_id: s.gameId, bot });
    if (!shared.ready) await this.helpers?.before(shared.id);
    return shared;
  }

  /** The bot's move `applied` was made: the helpers take it in place of their guess. */
  afterBot(shared, applied) {
    if (shared) this.helpers?.made(shared.id, shared.ply, applied);
  }

  /** A new state: the helpers stop once the setup is over. */
  update(res) {
    if (this.helpers && (res.over || !res.phase?.startsWith("setup_"))) this.stop();
  }

  stop() {
    this.helpers?.stop();
    this.helpers = null;
    helperPool.want(0);
  }

  /** For the browser tests: per helper, whether it holds its copy of the game and what it works on. */
  get status() {
    return (this.helpers?.helpers ?? []).map((h) => ({ loaded: h.gameId !== null, working: h.working }));
  }

  /** With two or more `hard` bots and cores to spare, helper engines ponder the later bots'
   *  setup decisions in parallel (from `record`, the game at the person's turn `ply`); they
   *  stop when the setup is over. */
  _startHelpers(bots, ply, record) {
    this.helpers ??= new PonderHelpers(this.screen.engine, bots, helperCount(bots.filter((b) => b === "hard").length));
    this.helpers.follow(this.screen.gameId, record, ply);
    this.helpers.setLikely(this.choice ?? this.screen.choiceSoFar);
  }
}

class Helper {
  constructor(ahead) {
    this.ahead = ahead;       // bots after the person this helper leaves to others (guessed)
    this.engine = null;       // its Engine once loaded
    this.gameId = null;       // its copy of the game
    this.origin = -1;         // the ply of the person's setup turn the copy is at
    this.working = null;      // the decision id it works on, or null
    this.answers = 0;         // answers it has worked out (its ponder's count)
    this.idle = false;        // nothing left until something changes
    this.starting = new AbortController();  // stops its worker's start
  }
}

export class PonderHelpers {
  /**
   * @param {object} main the page's engine (call(name, args))
   * @param {(number|null)[]} bots a bot name or null per seat, as `ponder` takes them
   * @param {number} count how many helpers (helperCount)
   */
  constructor(main, bots, count) {
    this.main = main;
    this.bots = bots;
    this.helpers = Array.from({ length: count }, (_, i) => new Helper(i + 1));
    this.alive = true;
    this.mainGameId = null;
    this.record = null;
    this.origin = -1;
    this.likely = null;       // the person's choice so far (or made)
    this.known = new Set();   // decision ids whose answers every engine has
    this.waiters = [];        // [{id, resolve}] waiting for an answer
    this.wakers = [];         // resolves of idle helper loops
    this.mainWorking = null;  // the decision id the page's engine works on, or null
    this.mainAnswers = 0;     // answers the page's engine had worked out when last asked
    for (const h of this.helpers) this._run(h);
  }

  /** The person's setup turn at `origin` in the page's game `gameId`, whose record is `record`. */
  follow(gameId, record, origin) {
    if (origin === this.origin && gameId === this.mainGameId) return;
    this.mainGameId = gameId;
    this.record = record;
    this.origin = origin;
    this.likely = null;
    this.mainAnswers = 0;
    this._wake();
  }

  /** What the person has chosen so far (an action's text or null), or has chosen. */
  setLikely(text) {
    if (text === this.likely) return;
    this.likely = text;
    this._wake();
  }

  /** The decision ids the helpers are working on (for the page engine's `ponder` skip list). */
  get busy() {
    return this.helpers.map((h) => h.working).filter(Boolean);
  }

  /** Before the page's engine makes decision `id`: if a helper is working on it, wait for its
   *  answer (it then reaches the page's engine first), rather than think the same twice. */
  async before(id) {
    if (this.known.has(id) || !this.helpers.some((h) => h.working === id)) {
      this.mainWorking = id;  // the helpers leave it to the page's engine (one that has just begun
      // it, before saying so, drops it on its next slice and goes on with a later bot)
      return;
    }
    await new Promise((resolve) => {
      const waiter = { id, resolve };
      this.waiters.push(waiter);
      setTimeout(() => this._settle(waiter), WAIT_FOR_HELPER_MS);
    });
  }

  /** The page's engine made decision `id` at `ply`: the helpers take it in place of their guess. */
  made(id, ply, action) {
    const answer = { id, ply, action };
    this.mainWorking = null;
    this.known.add(id);
    for (const h of this.helpers) {
      if (h.gameId !== null) h.engine.call("ponder_learn", { game_id: h.gameId, answers: [answer] }).catch(() => {});
    }
    this._wake();
  }

  /** The page's engine has worked out more answers (its `ponder` count): the helpers take them
   *  in place of their guesses. */
  async shareMain(count) {
    if (count <= this.mainAnswers) return;
    this.mainAnswers = count;
    let answers;
    try {
      ({ answers } = await this.main.call("ponder_answers", { game_id: this.mainGameId }));
    } catch {
      return;
    }
    const fresh = answers.filter((a) => !this.known.has(a.id));
    if (!fresh.length || !this.alive) return;
    for (const a of fresh) this.known.add(a.id);
    for (const h of this.helpers) {
      if (h.gameId !== null) h.engine.call("ponder_learn", { game_id: h.gameId, answers: fresh }).catch(() => {});
    }
    this._wake();
  }

  /** Stops the helper workers. */
  stop() {
    this.alive = false;
    for (const h of this.helpers) {
      h.starting.abort();
      h.engine?.terminate();
    }
    this._wake();
    for (const w of this.waiters.splice(0)) w.resolve();
  }

  _settle(waiter) {
    const i = this.waiters.indexOf(waiter);
    if (i >= 0) this.waiters.splice(i, 1);
    waiter.resolve();
  }

  _wake() {
    for (const h of this.helpers) h.idle = false;
    for (const resolve of this.wakers.splice(0)) resolve();
  }

  async _sleep() {
    await new Promise((resolve) => this.wakers.push(resolve));
  }

  async _run(h) {
    const spare = helperPool.take();  // started on the new-game form, if it was
    if (spare) h.starting = spare.controller;
    try {
      h.engine = await (spare?.promise ?? startEngine({ signal: h.starting.signal }));
    } catch {
      return;  // a helper that cannot start leaves the work to the page's engine
    }
    if (!this.alive) {
      h.engine.terminate();
      return;
    }
    while (this.alive) {
      if (this.record === null || h.idle) {
        await this._sleep();
        continue;
      }
      try {
        if (h.origin !== this.origin) await this._load(h);
        const res = await h.engine.call("ponder", {
          game_id: h.gameId, bots: this.bots, likely: this.likely, ahead: h.ahead,
          skip: this.helpers.filter((o) => o !== h).map((o) => o.working).filter(Boolean),
          taken: this.mainWorking ? [this.mainWorking] : [],  // dropped if this helper had begun it
        });
        h.working = res.more ? res.working : null;
        if (res.answers > h.answers) await this._share(h);
        h.answers = res.answers;
        h.idle = !res.more;
        this._releaseWaiters();
      } catch {
        h.working = null;
        if (!this.alive) return;
        h.idle = true;  // tried again when something changes
        this._releaseWaiters();  // the page's engine does not wait for it
      }
    }
  }

  async _load(h) {
    if (h.gameId !== null) await h.engine.call("drop", { game_id: h.gameId });
    h.gameId = null;
    h.working = null;
    h.answers = 0;
    const origin = this.origin;
    const res = await h.engine.call("load", { record: this.record });
    h.gameId = res.game_id;
    h.origin = origin;
  }

  /** Passes helper `h`'s answers to the page's engine and the other helpers. */
  async _share(h) {
    const { answers } = await h.engine.call("ponder_answers", { game_id: h.gameId });
    const fresh = answers.filter((a) => !this.known.has(a.id));
    if (!fresh.length || !this.alive) return;
    for (const o of this.helpers) {
      if (o !== h && o.gameId !== null) o.engine.call("ponder_learn", { game_id: o.gameId, answers: fresh }).catch(() => {});
    }
    try {
      await this.main.call("ponder_learn", { game_id: this.mainGameId, answers: fresh });
    } catch {
      return;  // the page's game has moved on (or ended): nothing to pass
    }
    for (const a of fresh) this.known.add(a.id);
    this._releaseWaiters();
  }

  /** Lets the page's engine go on where no helper works on what it waits for any more. */
  _releaseWaiters() {
    for (const w of [...this.waiters]) {
      if (this.known.has(w.id) || !this.helpers.some((h) => h.working === w.id)) this._settle(w);
    }
  }
}
