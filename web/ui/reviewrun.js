// Running the end screen's review: the engine's review_move, one decision a call, shared with
// helper engines where the device has cores to spare. A review of 60 decisions takes the page's
// engine 20-40 s; each decision is measured on its own, so k engines take every k-th decision
// (review_move's `skip`) and the review takes about 1/k of the time, less a helper's start
// (~1-2 s). The steps are the same whichever engine measured them (each is seeded by the game
// and its ply). Nothing depends on a helper: if one fails, the page's engine reviews its share.
import { spareEngines, startEngine } from "../engine-client.js";

/**
 * The review's steps of `seat` in the page engine's game `gameId`, in game order.
 * `cancelled()`: stop asking; `progress(fraction)`: how far the slowest engine has come;
 * `engines(n)`: how many engines share it (told once the helpers are known).
 */
export async function runReview({ engine, gameId, seat, bot, maxSeconds, cancelled, progress, engines = () => {} }) {
  const wanted = spareEngines();  // helper engines: as many as the device has room for
  const record = wanted ? await engine.call("record", { game_id: gameId }).catch(() => null) : null;
  const every = record ? 1 + wanted : 1;
  const steps = [];
  let failed = false;
  const stopped = () => failed || cancelled();
  const walkers = Array.from({ length: every }, (_, i) => ({ offset: i, ply: -1, done: false }));
  const report = (plies) => progress(Math.min(...walkers.map((w) => (w.done ? plies : w.ply + 1))) / Math.max(1, plies));

  // Reviews walker w's share: its decisions from `from` on, the first after `skip` others.
  async function walk(eng, id, w, from, skip) {
    while (!stopped()) {
      const step = await eng.call("review_move", { game_id: id, seat, from, skip, bot, max_seconds: maxSeconds });
      if (step.next === null || step.next === undefined) {
        w.done = true;
        report(step.plies);
        return;
      }
      steps.push(step);
      w.ply = step.ply;
      report(step.plies);
      from = step.next;
      skip = every - 1;
    }
  }

  async function helper(w) {
    let eng = null;
    try {
      eng = await startEngine();
      if (stopped()) return;
      const loaded = await eng.call("load", { record });
      await walk(eng, loaded.game_id, w, 0, w.offset);
    } catch {
      // The page's engine reviews what is left of this share (below).
    } finally {
      eng?.terminate();
    }
  }

  const helpers = walkers.slice(1).map((w) => ({ w, run: helper(w) }));
  engines(every);
  try {
    await walk(engine, gameId, walkers[0], 0, 0);
    for (const { w, run } of helpers) {
      await run;
      // A helper that failed: its next decision is `every` after its last one (or its offset).
      if (!w.done && !stopped()) await walk(engine, gameId, w, w.ply < 0 ? 0 : w.ply + 1, w.ply < 0 ? w.offset : every - 1);
    }
  } catch (err) {
    failed = true;  // the page's engine failed: the helpers stop after their call
    throw err;
  }
  return steps.sort((a, b) => a.ply - b.ply);
}
