#!/usr/bin/env python3
"""Rails & Sails bot ladder: seat-rotated head-to-head games in parallel worker processes.

    nice -n 10 python3 scripts/world_ladder.py normal easy --games 200 --players 2 --jobs 2
    python3 scripts/world_ladder.py "normal:piece_value=2.0" normal --games 100

A bot is a level name (``easy``, ``normal``, ``hard``, ``random``) or ``level:key=value,...``
overriding fields of that level's ``WorldParams`` (and, for ``hard``, of ``WorldSearchConfig`` and its
``search`` parameters).
At 3-4 players the first bot plays against copies of the second. Game ``g`` uses seed
``seed * 1_000_003 + g`` and rotation ``g % players`` like ``run_tournament``. Prints the first
bot's win rate with its Wilson 95% interval, mean scores, and per-bot decision times: wall clock
(perf_counter) and CPU time of the worker process (process_time, less inflated by a loaded
machine), mean / p95 / max in ms. Times never influence play.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from dataclasses import fields, replace
from multiprocessing import Pool
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from pyengine.bots import bot_rng, get_variant_bot
from pyengine.bots.base import Bot
from pyengine.bots.tournament import wilson
from pyengine.game import Game

_CACHE: dict[str, Bot] = {}


def _value(text: str) -> Any:
    if text in ("True", "False"):
        return text == "True"
    if text == "None":
        return None
    try:
        return int(text)
    except ValueError:
        pass
    try:
        return float(text)
    except ValueError:
        return text


def make_bot(spec: str) -> Bot:
    if spec in _CACHE:
        return _CACHE[spec]
    level, _, rest = spec.partition(":")
    base = get_variant_bot("world", level)
    if rest:
        from pyengine.bots.search import SearchBot
        from pyengine.bots.world.bot import WorldBot
        from pyengine.bots.world.hard import WorldSearchDomain, world_hard_bot

        over = dict(kv.split("=", 1) for kv in rest.split(","))
        if isinstance(base, SearchBot):
            # Hard: fields of its planner's WorldParams, of WorldSearchConfig, or of the
            # strategic decisions' SearchParams (``search``).
            assert isinstance(base.domain, WorldSearchDomain)
            cfg, params0 = base.domain.config, base.domain.params
            pnames = {f.name for f in fields(params0)}
            cnames = {f.name for f in fields(cfg)} - {"search", "endgame"}
            snames = {f.name for f in fields(cfg.search)}
            params = replace(params0, **{k: _value(v) for k, v in over.items() if k in pnames})
            cfg = replace(cfg, **{k: _value(v) for k, v in over.items() if k in cnames})
            cfg = replace(
                cfg, search=replace(cfg.search, **{k: _value(v) for k, v in over.items() if k in snames})
            )
            unknown = set(over) - pnames - cnames - snames
            if unknown:
                raise SystemExit(f"unknown fields {unknown}")
            bot: Bot = world_hard_bot(cfg, spec, params)
        else:
            assert isinstance(base, WorldBot)
            params = replace(base.policy.params, **{k: _value(v) for k, v in over.items()})
            bot = WorldBot(spec, "", params)
    else:
        bot = base
    _CACHE[spec] = bot
    return bot


def play(job: tuple[list[str], int, int]) -> dict[str, Any]:
    specs, seed, rot = job
    n = len(specs)
    seats = [specs[(k + rot) % n] for k in range(n)]
    game = Game.new("world", players=n, seed=seed)
    times: dict[str, list[tuple[float, float]]] = {}
    board = game.variant.board_view()
    while not game.is_over:
        name = seats[game.current_player]
        bot = make_bot(name)
        legal = game.legal_actions()
        t0, c0 = time.perf_counter(), time.process_time()
        if len(legal) == 1:
            action = legal[0]
        else:
            view = game.view(game.current_player, log=False)
            action = bot.choose(view, list(legal), bot_rng(game), board)
        times.setdefault(name, []).append((time.perf_counter() - t0, time.process_time() - c0))
        game.apply(action)
    scores = game.scores()
    winners = [sc for sc in scores if sc["winner"]]
    wins = [0.0] * n
    score = [0.0] * n
    for sc in scores:
        e = (sc["seat"] + rot) % n
        score[e] += sc["total"]
        if sc["winner"]:
            wins[e] += 1.0 / len(winners)
    return {"wins": wins, "score": score, "times": times, "plies": len(game.actions)}


def stats(xs: list[float]) -> str:
    xs = sorted(xs)
    if not xs:
        return "-"
    return (
        f"{1000 * sum(xs) / len(xs):.1f} / {1000 * xs[min(len(xs) - 1, int(0.95 * len(xs)))]:.0f}"
        f" / {1000 * xs[-1]:.0f}"
    )


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("first")
    ap.add_argument("second")
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--json", action="store_true")
    a = ap.parse_args()
    specs = [a.first] + [a.second] * (a.players - 1)
    jobs = [(specs, a.seed * 1_000_003 + g, g % a.players) for g in range(a.games)]
    start = time.perf_counter()
    if a.jobs > 1:
        with Pool(a.jobs) as pool:
            results = pool.map(play, jobs, chunksize=1)
    else:
        results = [play(j) for j in jobs]
    n = len(specs)
    wins = [sum(r["wins"][i] for r in results) for i in range(n)]
    score = [sum(r["score"][i] for r in results) / a.games for i in range(n)]
    lo, hi = wilson(wins[0], a.games)
    times: dict[str, list[tuple[float, float]]] = {}
    for r in results:
        for k, v in r["times"].items():
            times.setdefault(k, []).extend(v)
    out = {
        "first": a.first,
        "second": a.second,
        "players": a.players,
        "games": a.games,
        "seed": a.seed,
        "wins": wins[0],
        "win_rate": wins[0] / a.games,
        "ci95": [lo, hi],
        "mean_score": score[0],
        "mean_score_opp": sum(score[1:]) / (n - 1),
        "elapsed_s": time.perf_counter() - start,
    }
    print(
        f"{a.first} vs {a.second} ({a.players}p, {a.games} games, seed {a.seed}): "
        f"{100 * wins[0] / a.games:.1f}% [{100 * lo:.1f}-{100 * hi:.1f}]  "
        f"score {score[0]:.1f} vs {out['mean_score_opp']:.1f}  "
        f"({out['elapsed_s']:.0f} s, {sum(r['plies'] for r in results) / a.games:.0f} plies/game)"
    )
    for k, v in sorted(times.items()):
        print(
            f"  {k}: {len(v)} decisions; ms mean/p95/max wall {stats([x[0] for x in v])}; "
            f"cpu {stats([x[1] for x in v])}"
        )
        out.setdefault("timing", {})[k] = {
            "decisions": len(v),
            "wall": stats([x[0] for x in v]),
            "cpu": stats([x[1] for x in v]),
        }
    if a.json:
        print(json.dumps(out))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
