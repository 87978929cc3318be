#!/usr/bin/env python3
"""Bot decision times inside the browser (Pyodide in the Web Worker), and main-thread long tasks.

    python3 scripts/bench_bots_browser.py [--moves 1000] [--games 1] [--max-seconds 1.2]
                                          [--setup-max-seconds 2.5]
                                          [--no-build] [--levels easy,normal,hard]
                                          [--variants usa,world,cardgame] [--opponent NAME]

Serves dist/ with build.py's server, opens the app in headless Chromium and, for every game and
level, plays 2- and 4-player games of bots through the page's engine client (whole games by
default, so the end-game searches count) and times each ``bot_move`` round trip (worker thinking +
messages) with performance.now(), passing the same wall-clock caps the page passes
(``max_seconds``; on a setup decision the page's longer setup cap; 0 = none). A
PerformanceObserver records main-thread long tasks (> 50 ms) while the bots think. Prints
p50/p95/max per cell and how many decisions reached their cap. After
the load it first waits, as a player reading the start screen would, for the worker's idle
warm-up of the bots (worker.js, ``warmUpWhenIdle``: their import and one capped search) and
prints how long that took. The slowest decision of a cell is named by game and move.
With ``--opponent`` (e.g. long_route_junkie) the other seats play that bot and only the level's
own decisions are timed: a level's cost at the table it meets (four hard bots never make the
table of long claims where hard's 4-player cells are missed).
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
_spec = importlib.util.spec_from_file_location("railtrip_build", ROOT / "build.py")
assert _spec and _spec.loader
railtrip_build = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(railtrip_build)

MEASURE = """async ({variant, players, level, opponent, moves, seed, maxSeconds, setupMaxSeconds}) => {
  const engine = globalThis.railtrip.engine;
  const bots = Array.from({length: players}, (_, i) => (opponent && i > 0 ? opponent : level));
  const seats = bots.map((bot, i) => ({name: `Bot ${i}`, kind: "bot", bot}));
  const game = await engine.call("new_game", {variant, players, seed, seats, player: null});
  const times = [];
  let res = game;
  for (let i = 0; i < moves && !res.over; ) {
    const mover = res.current;
    const args = {game_id: game.game_id, bot: bots[mover], player: null};
    const cap = String(res.phase ?? "").startsWith("setup_") ? setupMaxSeconds : maxSeconds;
    if (cap > 0) args.max_seconds = cap;
    const t0 = performance.now();
    res = await engine.call("bot_move", args);
    if (!opponent || mover === 0) {  // with an opponent, only the level's own decisions
      times.push([performance.now() - t0, cap]);
      i++;
    }
  }
  await engine.call("drop", {game_id: game.game_id});
  return times;  // [ms, the cap passed (seconds; 0: none)] per timed decision
}"""


LONG_TASKS = """(() => {
  window.__longTasks = [];
  new PerformanceObserver((list) => { for (const e of list.getEntries()) window.__longTasks.push(e.duration); })
    .observe({type: "longtask", buffered: true});
})();"""


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=1000, help="bot moves timed per game (at most)")
    parser.add_argument("--games", type=int, default=1, help="games per cell (seeds 7, 8, ...)")
    parser.add_argument(
        "--max-seconds",
        type=float,
        default=1.2,
        help="wall-clock cap per decision, as the page passes (0: none)",
    )
    parser.add_argument(
        "--setup-max-seconds",
        type=float,
        default=2.5,
        help="... on a setup decision (opening keep, piece mix), as the page passes (0: none)",
    )
    parser.add_argument("--levels", default="easy,normal,hard")
    parser.add_argument("--variants", default="usa,world,cardgame")
    parser.add_argument(
        "--opponent",
        default="",
        help="a bot for every seat but the first, whose decisions alone are timed (default: the level at every seat)",
    )
    parser.add_argument("--no-build", action="store_true")
    args = parser.parse_args()
    if not args.no_build:
        railtrip_build.build()
    from playwright.sync_api import sync_playwright

    chromium = os.environ.get("RAILTRIP_CHROMIUM", "/usr/bin/chromium")
    rows = []
    with railtrip_build.Server(railtrip_build.DIST, port=0) as server, sync_playwright() as pw:
        browser = pw.chromium.launch(
            executable_path=chromium,
            args=[
                "--no-sandbox",
                "--disable-gpu",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
            ],
        )
        page = browser.new_page()
        page.add_init_script(LONG_TASKS)
        page.goto(server.url + "?botDelay=0")
        page.wait_for_function("() => document.documentElement.dataset.appState === 'ready'", timeout=120_000)
        # A player reads the start screen first: meanwhile the worker warms the bots up (worker.js,
        # warmUpWhenIdle), which the first bot move would otherwise pay for.
        warm_up = None
        for _ in range(100):
            warm_up = page.evaluate("() => railtrip.engine.timings.warmUp ?? null")
            if warm_up is not None:
                break
            page.wait_for_timeout(100)
        print(
            f"bots warmed up while the page was idle: {warm_up} ms" if warm_up is not None else "no warm-up"
        )
        page.evaluate("() => { window.__longTasks = []; }")
        for variant in args.variants.split(","):
            for players in (2, 4):
                for level in args.levels.split(","):
                    times: list[float] = []
                    capped = 0  # decisions that took their whole cap (the search was cut short)
                    slowest = (0.0, 0, 0)  # (ms, game, move): is the slowest a keep, a cold start?
                    for g in range(args.games):
                        game_times = page.evaluate(
                            MEASURE,
                            {
                                "variant": variant,
                                "players": players,
                                "level": level,
                                "opponent": args.opponent or None,
                                "moves": args.moves,
                                "seed": 7 + g,
                                "maxSeconds": args.max_seconds,
                                "setupMaxSeconds": args.setup_max_seconds,
                            },
                        )
                        for i, (t, cap) in enumerate(game_times):
                            times.append(t)
                            capped += cap > 0 and t >= 1000 * cap
                            slowest = max(slowest, (t, g + 1, i + 1))
                    rows.append(
                        {
                            "variant": variant,
                            "players": players,
                            "level": level,
                            "opponent": args.opponent or level,
                            "moves": len(times),
                            "p50_ms": round(pct(times, 0.5)),
                            "p95_ms": round(pct(times, 0.95)),
                            "max_ms": round(max(times)),
                            "at_cap": capped,
                            "slowest_game_move": [slowest[1], slowest[2]],
                        }
                    )
                    print(
                        f"{variant:9} {players}p {level:7} moves {len(times):4}  "
                        f"p50 {rows[-1]['p50_ms']:5} ms  p95 {rows[-1]['p95_ms']:5} ms  "
                        f"max {rows[-1]['max_ms']:5} ms (game {slowest[1]}, move {slowest[2]})  "
                        f"at the cap {capped}",
                        flush=True,
                    )
        long_tasks = page.evaluate("() => window.__longTasks")
        browser.close()
    print(
        f"main-thread long tasks (> 50 ms) while bots thought: {len(long_tasks)}"
        + (f", longest {max(long_tasks):.0f} ms" if long_tasks else "")
    )
    print(json.dumps({"cells": rows, "long_tasks": long_tasks}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
