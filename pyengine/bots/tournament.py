"""Bot tournaments: seat-rotated games, win rates with Wilson 95% intervals, scores, timings.

``run_tournament`` is what ``python -m pyengine tournament`` calls. Game ``g`` uses seed
``seed * 1_000_003 + g`` (``game_seed``; measuring seeds are below ``TRAINING_SEED_BASE``) and seats the bots rotated by ``g``, so every
bot plays every seat equally often and the whole run is deterministic given the seed. A shared
win (tie after all tie-breaks) counts as 1/k of a win for each of the k winners.
Decision times (CPU time of the playing process) are measured but never influence play.
"""

from __future__ import annotations

import hashlib
import math
import signal
import time
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import multiprocessing.pool

from ..errors import EngineError, SettingsError
from ..game import Game
from ..record import bot_seats, records_dir, write_record
from . import bot_action, bot_names_for, get_variant_bot

Progress = Callable[[int, int], None]
Z95 = 1.959963984540054
# Seeds at or above this are the tuner's training seeds (pyengine/bots/tune.py); tournaments and
# report cells measure on seeds below it, so no game a parameter was fitted on is ever measured:
# game seeds ``game_seed(seed, g)`` of a measuring seed stay below 10^6 * 1_000_003 (g < 1_000_003).
TRAINING_SEED_BASE = 10**6
GAME_SEED_STRIDE = 1_000_003


def game_seed(seed: int, g: int) -> int:
    """The seed of game ``g`` of a tournament (or tuning batch) with seed ``seed``."""
    if not 0 <= g < GAME_SEED_STRIDE:
        raise ValueError(f"game index {g} out of range 0..{GAME_SEED_STRIDE - 1}")
    return seed * GAME_SEED_STRIDE + g


def _leave_interrupts_to_the_parent() -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def worker_pool(jobs: int) -> multiprocessing.pool.Pool:
    """``jobs`` worker processes that leave Ctrl-C to the parent, which stops them: one
    "interrupted", not a traceback from every worker. (Imported here: no browser needs it.)"""
    from multiprocessing import Pool

    return Pool(jobs, initializer=_leave_interrupts_to_the_parent)


def check_measuring_seed(seed: int) -> None:
    """Refuse a training seed for a measurement (the ranges are kept apart on purpose)."""
    if not 0 <= seed < TRAINING_SEED_BASE:
        raise EngineError(
            f"the seed must be from 0 to {TRAINING_SEED_BASE - 1:,}: larger seeds are kept for "
            "fitting the bots' parameters (pyengine.bots.tune), so that no measured game is one "
            "they were fitted on"
        )


def wilson(wins: float, n: int, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval for a proportion (fractional wins allowed)."""
    if n <= 0:
        return (0.0, 1.0)
    p = wins / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def play_game(
    variant: str,
    bots: list[str],
    seed: int,
    times: dict[str, list[float]] | None = None,
    options: dict[str, Any] | None = None,
) -> Game:
    """One game with ``bots[i]`` in seat i; appends decision times (seconds of this process's CPU
    time, so a busy machine does not inflate them) per bot."""
    game = Game.new(variant, players=len(bots), seed=seed, options=options)
    while not game.is_over:
        name = bots[game.current_player]
        start = time.process_time()
        action = bot_action(game, name)
        if times is not None:
            times.setdefault(name, []).append(time.process_time() - start)
        game.apply(action)
    return game


def game_digest(game: Game) -> str:
    """A short fingerprint of a game's moves. The same bots on the same seed play the same game,
    so a stored result whose first game no longer gives its fingerprint was measured with bots
    that have changed since (``report check``)."""
    text = "\n".join(a.text() for a in game.actions)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


def _play_one(
    job: tuple[str, list[str], int, int, dict[str, Any], Path | None],
) -> tuple[int, list[dict[str, Any]], int, dict[str, list[float]], str]:
    """Game ``g`` of a tournament: (rotation, scores, plies, decision times, moves' fingerprint).
    With a records directory the game's record is written there (by the process that played it)."""
    variant, bots, seed, g, options, records = job
    n = len(bots)
    rot = g % n
    seats = [bots[(k + rot) % n] for k in range(n)]  # seat k plays entry (k + rot) % n
    times: dict[str, list[float]] = {}
    game = play_game(variant, seats, game_seed(seed, g), times, options)
    if records is not None:
        meta = {**bot_seats(seats), "tournament": {"seed": seed, "game": g}}
        write_record(records, record_name(variant, n, seed, g), game, meta)
    return rot, game.scores(), len(game.actions), times, game_digest(game)


def lineup(players: int, bots: list[str]) -> list[str]:
    """One bot per seat: ``bots`` as given, or a bot and its opponent ("hard,random" at 4
    players: the first bot against copies of the second)."""
    if len(bots) == players:
        return list(bots)
    if len(bots) == 2 and players > 2:
        return [bots[0]] + [bots[1]] * (players - 1)
    raise SettingsError(
        f"{len(bots)} bots for {players} players: give {players} (one per seat), or two (a bot and its opponent)"
    )


def first_game_digest(variant: str, bots: list[str], seed: int, options: dict[str, Any] | None = None) -> str:
    """The fingerprint of game 0 of a tournament of ``bots`` (one per seat) on ``seed``."""
    return _play_one((variant, bots, seed, 0, dict(options or {}), None))[4]


def record_name(variant: str, players: int, seed: int, game: int) -> str:
    """The name of game ``game``'s record (``--records``): ``usa-4p-1-00042``."""
    return f"{variant}-{players}p-{seed}-{game:05d}"


def run_tournament(
    variant: str,
    players: int,
    bots: list[str],
    games: int,
    seed: int = 1,
    progress: Progress | None = None,
    jobs: int = 1,
    options: dict[str, Any] | None = None,
    records: str | Path | None = None,
) -> dict[str, Any]:
    """Play ``games`` seat-rotated games; ``bots`` lists one bot per seat (names may repeat).

    Returns a JSON-able dict: per line-up entry (``entries``) wins, win rate with its Wilson 95%
    interval, mean score and mean decision time / p95 per bot name. ``jobs`` > 1 plays the games
    in that many processes; the results are the same (every game depends only on its seed).
    With ``records`` (a directory) every game's record is written there as
    ``<variant>-<players>p-<seed>-<game>.railtrip.json``, its seats' bots in its ``meta``.
    """
    bots = lineup(players, bots)
    check_measuring_seed(seed)
    if games > GAME_SEED_STRIDE:
        raise SettingsError(f"at most {GAME_SEED_STRIDE:,} games per seed")
    supported = bot_names_for(variant)
    for name in bots:
        get_variant_bot(variant, name)  # fail early on unknown names ...
        if name not in supported:  # ... and on bots that do not play this variant
            raise EngineError(f"bot {name!r} does not play {variant!r}; bots for it: {', '.join(supported)}")
    n = len(bots)
    wins = [0.0] * n
    score_sum = [0.0] * n
    times: dict[str, list[float]] = {}
    plies = 0
    options = dict(options or {})
    Game.new(variant, players=players, seed=seed, options=options)  # bad options fail here, once
    directory = None
    if records is not None:
        directory = records_dir(records, (record_name(variant, n, seed, g) for g in range(games)))
    jobs_list = [(variant, bots, seed, g, options, directory) for g in range(games)]
    pool = None
    results: Iterable[tuple[int, list[dict[str, Any]], int, dict[str, list[float]], str]]
    if jobs > 1 and games > 1:
        pool = worker_pool(jobs)
        results = pool.imap(_play_one, jobs_list, chunksize=1)
    else:
        results = map(_play_one, jobs_list)
    try:
        first_game = ""
        for g, (rot, scores, used, game_times, digest) in enumerate(results):
            if g == 0:
                first_game = digest
            plies += used
            for name, xs in game_times.items():
                times.setdefault(name, []).extend(xs)
            winners = [sc for sc in scores if sc["winner"]]
            for sc in scores:
                entry = (sc["seat"] + rot) % n
                score_sum[entry] += sc["total"]
                if sc["winner"]:
                    wins[entry] += 1.0 / len(winners)
            if progress is not None:
                progress(g + 1, games)
    finally:
        if pool is not None:
            pool.terminate()
    entries = []
    for i, name in enumerate(bots):
        lo, hi = wilson(wins[i], games)
        entries.append(
            {
                "entry": i,
                "bot": name,
                "wins": wins[i],
                "win_rate": wins[i] / max(1, games),
                "ci95": [lo, hi],
                "mean_score": score_sum[i] / max(1, games),
            }
        )
    timing = {}
    for name, ts in sorted(times.items()):
        ts_sorted = sorted(ts)
        timing[name] = {
            "decisions": len(ts),
            "mean_ms": 1000 * sum(ts) / len(ts),
            "p95_ms": 1000 * ts_sorted[min(len(ts) - 1, int(0.95 * len(ts)))],
            "max_ms": 1000 * ts_sorted[-1],
        }
    return {
        "variant": variant,
        "players": players,
        "bots": bots,
        "games": games,
        "seed": seed,
        **({"options": options} if options else {}),
        "entries": entries,
        "timing": timing,
        "mean_plies": plies / max(1, games),
        "first_game": first_game,
        "shared_wins": "a tie counts 1/k of a win for each of the k winners",
    }


def format_table(result: dict[str, Any]) -> str:
    """A plain-text table of a tournament result."""
    opts = "".join(f" {k}={v}" for k, v in result.get("options", {}).items())
    lines = [
        f"{result['variant']}{opts}, {result['players']} players, {result['games']} games, "
        f"seed {result['seed']} (seats rotated; ties split)",
        f"{'#':>2} {'bot':<20} {'wins':>8} {'win rate':>9} {'95% CI':>15} {'mean score':>11}"
        f" {'ms/decision':>12} {'p95 ms':>8}",
    ]
    for e in result["entries"]:
        t = result["timing"].get(e["bot"], {})
        lines.append(
            f"{e['entry']:>2} {e['bot']:<20} {e['wins']:>8.1f} {100 * e['win_rate']:>8.1f}%"
            f" {100 * e['ci95'][0]:>6.1f}–{100 * e['ci95'][1]:>5.1f}% {e['mean_score']:>11.1f}"
            f" {t.get('mean_ms', 0.0):>12.2f} {t.get('p95_ms', 0.0):>8.1f}"
        )
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    """``python -m pyengine.bots.tournament --bots hard,random --players 2 --games 100``."""
    import argparse
    import json
    import sys

    ap = argparse.ArgumentParser(prog="python -m pyengine.bots.tournament", description=__doc__)
    ap.add_argument("--variant", default="usa")
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--bots", default="hard,random", help="comma-separated, one per seat (or two)")
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--jobs", type=int, default=1, help="processes (same results)")
    args = ap.parse_args(argv)

    def progress(done: int, total: int) -> None:
        if done % max(1, total // 20) == 0 or done == total:
            print(f"  {done}/{total} games", file=sys.stderr, flush=True)

    result = run_tournament(
        args.variant,
        args.players,
        args.bots.split(","),
        args.games,
        args.seed,
        progress=progress,
        jobs=args.jobs,
    )
    print(json.dumps(result, indent=1) if args.json else format_table(result))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
