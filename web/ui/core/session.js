// A game's conversation with the engine, kept small: the engine sends only the log events the page
// does not have yet (`log_from`), and the record the page autosaves grows by the action texts the
// engine answers with (`applied`) instead of being asked for after every move.

/** The log as one seat sees it, kept on the page between engine answers. */
export class LogCache {
  constructor() {
    this.reset();
  }

  /** Forget the log (after an undo: the engine's log is shorter). */
  reset() {
    this.player = undefined;
    this.events = [];
  }

  /** The `log_from` to ask with for a state as `player` sees it (another seat's view: from 0). */
  from(player) {
    return player === this.player ? this.events.length : 0;
  }

  /** Completes `res.view.log` (the events from `res.log_start` on) with those the page had. */
  merge(res, player) {
    if (!res?.view) return res;
    const start = player === this.player ? Math.min(res.log_start ?? 0, this.events.length) : 0;
    this.events = this.events.slice(0, start).concat(res.view.log ?? []);
    this.player = player;
    res.view.log = this.events;
    return res;
  }
}

/** Engine calls that answer a state (new_game, load, state, apply, bot_move, undo), with the log
 *  sent incrementally, and the record (settings + seed + actions) kept for autosave. */
export class GameSession {
  constructor(engine) {
    this.engine = engine;
    this.log = new LogCache();
    this.record = null;
  }

  /** Calls `name` for a state as `args.player` sees it; the answer's view.log is the whole log. */
  async call(name, args) {
    const player = args.player ?? null;
    const res = await this.engine.call(name, { ...args, log_from: this.log.from(player) });
    if (res?.applied !== undefined && this.record) this.record.actions.push(res.applied);
    return this.log.merge(res, player);
  }

  /** Asks the engine for the record once (at the start, after an undo); moves then append to it. */
  async fetchRecord(gameId) {
    this.record = await this.engine.call("record", { game_id: gameId });
    return this.record;
  }
}
