#!/usr/bin/env python3
"""The bots' thinking time per decision, side by side in one run: this checkout against older
checkouts, per game and level (CPython; ``bench_bots_browser.py`` measures the page's Pyodide).

    python3 scripts/bench_bots.py --baseline PATH [--baseline PATH ...] [--rounds 2] [--scale 1]
                                  [--players 2]

  --baseline PATH   a checkout of an older Railtrip (a directory holding ``pyengine/``), e.g.
                    ``git archive <commit> | tar -x -C /tmp/old``; repeatable
  --only GAMES      comma-separated games (usa, world, cardgame)
  --levels LEVELS   comma-separated levels (default easy,normal,hard)
  --players N       players a game (default 2; at 4 the hands, and so the claims, are larger)

Each cell plays whole games (2 players unless told) of one level against itself from the same seeds in every
checkout, asking ``bot_action`` for every move (a move with one legal action is not a decision
and is not timed). Times are CPU time (``time.process_time``) of each call, in a fresh
interpreter per checkout and round; rounds alternate between checkouts and the round with the
lowest mean counts. ``speed-up`` is the older checkout's mean over this one's (above 1: this
checkout decides faster). ``moves`` says whether the checkouts' bots played the same games (a bot
that was tuned since plays other games, so its time is then not for the same decisions).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
GAMES = ("usa", "world", "cardgame")
# Games per cell and level: a hard game costs seconds of CPU, an easy one a fraction.
GAMES_PER_LEVEL = {"easy": 12, "normal": 12, "hard": 3}
FIRST_SEED = 4_100


def time_decisions(game: str, level: str, games: int, players: int = 2) -> dict[str, Any]:
    """Plays ``games`` games of ``level`` at every seat with the ``pyengine`` on sys.path."""
    from pyengine.bots import bot_action
    from pyengine.game import Game

    seconds: list[float] = []
    digest = hashlib.sha256()
    for seed in range(FIRST_SEED, FIRST_SEED + games):
        g = Game.new(game, players=players, seed=seed)
        while not g.is_over:
            several = len(g.legal_actions()) > 1
            t0 = time.process_time()
            action = bot_action(g, level)
            if several:
                seconds.append(time.process_time() - t0)
            g.apply(action)
            digest.update(str(action).encode())
    seconds.sort()
    return {
        "decisions": len(seconds),
        "mean_ms": 1000 * statistics.fmean(seconds),
        "median_ms": 1000 * seconds[len(seconds) // 2],
        "p95_ms": 1000 * seconds[min(len(seconds) - 1, int(0.95 * len(seconds)))],
        "moves": digest.hexdigest()[:10],
    }


def in_checkout(root: Path, cell: tuple[str, str, int, int]) -> dict[str, Any]:
    """``time_decisions`` in a fresh interpreter whose ``pyengine`` is the one under ``root``."""
    done = subprocess.run(
        [sys.executable, __file__, "--cell", json.dumps(cell)],
        env=dict(os.environ, PYTHONPATH=str(root), PYTHONHASHSEED="0"),
        cwd=root,
        check=True,
        capture_output=True,
        text=True,
    )
    return dict(json.loads(done.stdout))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument(
        "--baseline", type=Path, action="append", default=[], help="an older checkout; repeatable"
    )
    ap.add_argument("--rounds", type=int, default=2, help="rounds per checkout; the lowest mean counts")
    ap.add_argument("--scale", type=float, default=1.0, help="multiplies the number of games")
    ap.add_argument("--only", help="comma-separated games (usa, world, cardgame)")
    ap.add_argument("--levels", default="easy,normal,hard", help="comma-separated levels")
    ap.add_argument("--players", type=int, default=2, help="players a game (default 2)")
    ap.add_argument("--cell", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.cell:
        game, level, games, players = json.loads(args.cell)
        print(json.dumps(time_decisions(game, level, games, players)))
        return

    checkouts = {"now": ROOT}
    for base in args.baseline:
        if not (base / "pyengine").is_dir():
            sys.exit(f"--baseline {base}: no pyengine/ there")
        checkouts[base.resolve().name] = base.resolve()
    games = args.only.split(",") if args.only else list(GAMES)
    levels = args.levels.split(",")
    print(
        f"load average at start: {os.getloadavg()[0]:.2f}; {args.players} players; "
        f"lowest mean of {args.rounds} rounds; ms of CPU"
    )
    print(
        f"{'cell':<18}{'checkout':<16}{'decisions':>10}{'mean':>9}{'median':>9}{'p95':>9}{'speed-up':>10}  moves"
    )
    for game in games:
        for level in levels:
            cell = (game, level, max(1, round(GAMES_PER_LEVEL.get(level, 3) * args.scale)), args.players)
            best: dict[str, dict[str, Any]] = {}
            for _ in range(args.rounds):
                for name, root in checkouts.items():
                    got = in_checkout(root, cell)
                    if name not in best or got["mean_ms"] < best[name]["mean_ms"]:
                        best[name] = got
            now = best["now"]
            for name, r in best.items():
                ratio = "" if name == "now" else f"{r['mean_ms'] / now['mean_ms']:.2f}x"
                same = "" if name == "now" else ("same" if r["moves"] == now["moves"] else "other games")
                label = f"{game} {level}" if name == "now" else ""
                print(
                    f"{label:<18}{name:<16}{r['decisions']:>10}{r['mean_ms']:>9.2f}{r['median_ms']:>9.2f}"
                    f"{r['p95_ms']:>9.2f}{ratio:>10}  {r['moves']} {same}",
                    flush=True,
                )
    print(f"load average at end: {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
