#!/usr/bin/env python3
"""The engine's speed, side by side in one run: this checkout against a baseline checkout, per
game, and classic random play against bingsoup/ticket-to-ride-ai (the fastest open Python engine
we know of).

    python3 scripts/bench_engine.py [--baseline PATH ...] [--bingsoup PATH] [--rounds 3] [--scale 1]

  --baseline PATH   a checkout of an older Railtrip (a directory holding ``pyengine/``), e.g.
                    ``git worktree add /tmp/base <commit>`` or ``git archive <commit> | tar -x``;
                    repeatable (a column and a ratio for each, named after the directory)
  --bingsoup PATH   a checkout of github.com/bingsoup/ticket-to-ride-ai (its code is run from
                    there, never copied into this repository)

Per game (classic 2 and 4 players, Rails & Sails 3 players, the card game 2 and 4 players):
  games/s       uniformly random legal actions from the deal to the end (``random_playout``),
                the same seeds for every engine;
  lists/s       legal-action lists per second over every position of a few random games;
  results       a digest of every game's length and scores: identical digests mean the engines
                played exactly the same games.
Each engine runs in a subprocess of its own (both packages are called ``pyengine``); the rounds
alternate between them and the best round counts. Times are the process's CPU time
(``time.process_time``), which keeps most of a busy machine's noise out of the ratios.

bingsoup: random games with 4 players on its North America map in ONE process with ours, the
same number of games on new seeds each round (no cache meets a deal twice), alternating rounds.
Its random player is its own ``RandomHeuristic`` driven as its ``main()`` drives it (its
opening-ticket heuristic included), with ``apply_action`` rather than ``apply_action_final``,
which only prints; output is silenced. Its game ends as soon as a player has 2 trains or fewer
(no final round) and draws two cards in one action, so its games are shorter than ours: the
ratio is per game, which favours it.
"""

from __future__ import annotations

import argparse
import contextlib
import hashlib
import io
import json
import os
import random
import subprocess
import sys
import time
import types
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
# (game, players, games per round, positions' games, list passes): about a second per cell.
CASES: list[tuple[str, int, int, int, int]] = [
    ("usa", 2, 200, 4, 4),
    ("usa", 4, 120, 4, 4),
    ("world", 3, 20, 2, 3),
    ("cardgame", 2, 100, 8, 6),
    ("cardgame", 4, 40, 4, 6),
]
BINGSOUP_PLAYERS = 4
BINGSOUP_PLY_LIMIT = 5000  # a stuck game is cut off (never happened in our runs)


# ---------------------------------------------------------------------- one engine (worker)
def measure_engine(game: str, players: int, games: int, position_games: int, passes: int) -> dict[str, Any]:
    """Time random games and legal-action lists of the ``pyengine`` on sys.path."""
    from pyengine.games import Settings, get_variant
    from pyengine.rng import Rng
    from pyengine.simulate import random_playout

    v = get_variant(game)
    random_playout(game, players, 0)  # warm up: boards loaded, caches primed
    digest = hashlib.sha256()
    t0 = time.process_time()
    finished = [random_playout(game, players, seed) for seed in range(1, games + 1)]
    play_seconds = time.process_time() - t0
    for state, plies in finished:
        digest.update(repr((plies, [s["total"] for s in v.scores(state)])).encode())

    positions = []
    for k in range(position_games):
        state = v.new_state(Settings(game, players, 7_000 + k))
        rng = Rng(k)
        while not v.is_over(state):
            positions.append(state.clone())
            legal = v.legal_actions(state)
            digest.update(b"%d" % len(legal))
            v.apply(state, legal[rng.randbelow(len(legal))])
    t0 = time.process_time()
    for _ in range(passes):
        for state in positions:
            v.legal_actions(state)
    list_seconds = time.process_time() - t0
    return {
        "games_per_second": games / play_seconds,
        "lists_per_second": passes * len(positions) / list_seconds,
        "digest": digest.hexdigest()[:10],
    }


def run_worker(root: Path, case: tuple[str, int, int, int, int]) -> dict[str, Any]:
    """``measure_engine`` in a fresh interpreter whose ``pyengine`` is the one under ``root``."""
    env = dict(os.environ, PYTHONPATH=str(root), PYTHONHASHSEED="0")
    out = subprocess.run(
        [sys.executable, __file__, "--worker", json.dumps(case)],
        env=env,
        cwd=root,
        check=True,
        capture_output=True,
        text=True,
    )
    return dict(json.loads(out.stdout))


# ---------------------------------------------------------------------- bingsoup
def load_bingsoup(path: Path) -> Callable[[int], int]:
    """Import bingsoup's engine from its checkout; return a function playing one random game
    (seeded) and returning its number of actions."""
    sys.path.insert(0, str(path))
    try:
        import rich  # noqa: F401  (its MCTS live console needs it; random play does not)
    except ImportError:
        console = types.ModuleType("console")
        console.is_pypy = False  # type: ignore[attr-defined]
        console.LiveConsole = object  # type: ignore[attr-defined]
        sys.modules["console"] = console
    with contextlib.redirect_stdout(io.StringIO()):
        import game as bingsoup_game  # type: ignore[import-not-found]
        from helper_classes import Colour, Player  # type: ignore[import-not-found]
        from heuristic_agents import RandomHeuristic  # type: ignore[import-not-found]

    def play(seed: int) -> int:
        random.seed(seed)
        players = [
            Player(
                name=f"Player {i + 1}",
                remaining_trains=45,
                train_cards={c: 0 for c in Colour},
                destinations=[],
                claimed_connections=[],
                claimed_cities=set(),
                points=0,
                turn=1,
            )
            for i in range(BINGSOUP_PLAYERS)
        ]
        with contextlib.redirect_stdout(io.StringIO()):
            g = bingsoup_game.GameEngine()
            g.map_type = "USA"
            g.init(players)
            plies = 0
            while not g.is_end() and plies < BINGSOUP_PLY_LIMIT:
                g.routes_cache_valid = {p.name: False for p in g.players}
                me = g.players[g.current_player_idx]
                if me.turn == 1:
                    g.remove_destination_tickets(me, g.select_initial_destinations(me))
                action = RandomHeuristic(g).choose_action()
                if action is None:
                    if me.remaining_trains == 3:
                        me.remaining_trains -= 1
                else:
                    g.apply_action(action)
                g.update_player_turn()
                me.turn += 1
                plies += 1
            g.game_result(0)
        return plies

    return play


def compare_bingsoup(path: Path, games: int, rounds: int) -> dict[str, float]:
    """Random 4-player classic games of ours and bingsoup's, alternating, in this process (each
    round on new seeds, the same for both)."""
    sys.path.insert(0, str(ROOT))
    from pyengine.simulate import random_playout

    play = load_bingsoup(path)
    play(0)
    random_playout("usa", BINGSOUP_PLAYERS, 0)
    best_ours = best_theirs = float("inf")
    plies_ours = plies_theirs = 0
    for r in range(rounds):
        # Fresh seeds every round: a cache kept across games (ours or theirs) must not meet the
        # same deals again, as it never would in real play.
        seeds = range(r * games + 1, (r + 1) * games + 1)
        t0 = time.process_time()
        plies_theirs = sum(play(seed) for seed in seeds)
        best_theirs = min(best_theirs, time.process_time() - t0)
        t0 = time.process_time()
        plies_ours = sum(random_playout("usa", BINGSOUP_PLAYERS, seed)[1] for seed in seeds)
        best_ours = min(best_ours, time.process_time() - t0)
    return {
        "ours": games / best_ours,
        "theirs": games / best_theirs,
        "ours_plies": plies_ours / games,
        "theirs_plies": plies_theirs / games,
    }


# ---------------------------------------------------------------------- the report
def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument(
        "--baseline",
        type=Path,
        action="append",
        default=[],
        help="an older checkout (directory with pyengine/); repeatable",
    )
    ap.add_argument("--bingsoup", type=Path, help="a checkout of bingsoup/ticket-to-ride-ai")
    ap.add_argument("--rounds", type=int, default=3, help="rounds per engine; the best counts")
    ap.add_argument("--scale", type=float, default=1.0, help="multiplies the number of games")
    ap.add_argument("--only", help="comma-separated games to run (usa, world, cardgame)")
    ap.add_argument("--worker", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.worker:
        game, players, games, position_games, passes = json.loads(args.worker)
        print(json.dumps(measure_engine(game, players, games, position_games, passes)))
        return

    engines = {"now": ROOT}
    for base in args.baseline:
        if not (base / "pyengine").is_dir():
            sys.exit(f"--baseline {base}: no pyengine/ there")
        engines[base.resolve().name] = base.resolve()
    bases = [name for name in engines if name != "now"]
    only = set(args.only.split(",")) if args.only else None
    print(f"load average at start: {os.getloadavg()[0]:.2f}; best of {args.rounds} rounds")
    width = {name: max(12, len(name) + 2) for name in engines}  # engine columns
    ratio = {name: len(name) + 6 for name in bases}  # "now/<name>" columns
    print(
        f"{'game':<14}{'':>8}"
        + "".join(f"{name:>{width[name]}}" for name in engines)
        + "".join(f"{'now/' + name:>{ratio[name]}}" for name in bases)
    )
    for game, players, games, position_games, passes in CASES:
        if only and game not in only:
            continue
        case = (game, players, max(1, round(games * args.scale)), position_games, passes)
        best: dict[str, dict[str, Any]] = {}
        for _ in range(args.rounds):
            for name, root in engines.items():
                got = run_worker(root, case)
                old = best.setdefault(name, got)
                for key in ("games_per_second", "lists_per_second"):
                    old[key] = max(old[key], got[key])
        label = f"{game} {players}p"
        for key, unit in (("games_per_second", "games/s"), ("lists_per_second", "lists/s")):
            print(
                f"{label:<14}{unit:>8}"
                + "".join(f"{best[n][key]:>{width[n]}.1f}" for n in engines)
                + "".join(f"{best['now'][key] / best[n][key]:>{ratio[n] - 1}.2f}x" for n in bases)
            )
            label = ""
        print(
            f"{'':<14}{'results':>8}"
            + "".join(f"{best[n]['digest']:>{width[n]}}" for n in engines)
            + "".join(
                f"{'same' if best[n]['digest'] == best['now']['digest'] else 'DIFFER':>{ratio[n]}}"
                for n in bases
            )
        )
    if args.bingsoup:
        games = max(1, round(60 * args.scale))
        got = compare_bingsoup(args.bingsoup, games, args.rounds)
        print(f"\nclassic random play, {BINGSOUP_PLAYERS} players, {games} games per round, one process:")
        print(f"  Railtrip now  {got['ours']:8.1f} games/s  ({got['ours_plies']:.0f} actions a game)")
        print(f"  bingsoup      {got['theirs']:8.1f} games/s  ({got['theirs_plies']:.0f} actions a game)")
        print(f"  ratio         {got['ours'] / got['theirs']:8.1f}x")
    print(f"load average at end: {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
