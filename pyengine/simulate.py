"""Simulation of many games (random play or bots) and the benchmark figures."""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from .actions import Action
from .bots import bot_action
from .errors import SettingsError
from .game import Game, check_seed
from .games import Settings, get_variant
from .mechanics.graph import longest_trail
from .record import bot_seats, records_dir, write_record
from .rng import Rng

ProgressFn = Callable[[int, int], None]
MAX_PLIES = 20000  # no real game comes near; a runaway game is reported, not looped forever


def random_playout(
    variant_name: str,
    players: int,
    seed: int | str,
    policy_seed: int | None = None,
    options: dict[str, Any] | None = None,
    actions: list[Action] | None = None,
) -> tuple[Any, int]:
    """Play one game with uniformly random legal actions straight on the variant (fast path).

    Returns the final state and the number of actions (appended to ``actions`` when given). The
    policy's generator is separate from the game's own, so the deal depends only on ``seed``.
    """
    v = get_variant(variant_name)
    state = v.new_state(Settings(v.name, players, seed, options=dict(options or {})))
    rng = Rng.derive(seed if policy_seed is None else policy_seed, 0xA11CE)
    legal_actions, apply, is_over = v.legal_actions, v.apply, v.is_over
    plies = 0
    while not is_over(state):
        legal = legal_actions(state)
        action = legal[rng.randbelow(len(legal))]
        apply(state, action)
        if actions is not None:
            actions.append(action)
        plies += 1
        if plies > MAX_PLIES:
            raise RuntimeError(f"game {variant_name}/{players}/{seed} did not end in {MAX_PLIES} actions")
    return state, plies


def _tickets_held(score: dict[str, Any]) -> int:
    """Tickets a player ended with: a list of tickets, or completed + uncompleted (card game)."""
    if isinstance(score.get("tickets"), list):
        return len(score["tickets"])
    return int(score.get("completed", 0)) + len(score.get("uncompleted", []))


def _game_seed(seed: int, game: int) -> int:
    return seed * 1_000_003 + game


def _record_name(variant: str, players: int, game_seed: int) -> str:
    """The name of a simulated game's record (``--records``): ``world-2p-4000012``."""
    return f"{variant}-{players}p-{game_seed}"


def simulate(
    variant_name: str = "usa",
    players: int = 4,
    games: int = 100,
    seed: int = 1,
    bots: list[str] | None = None,
    progress: ProgressFn | None = None,
    options: dict[str, Any] | None = None,
    records: str | Path | None = None,
) -> dict[str, Any]:
    """Play ``games`` games (random legal moves, or the named bots per seat) and summarise them.

    With ``records`` (a directory) every game's record is written there as
    ``<variant>-<players>p-<game seed>.railtrip.json``; the games are the same with or without."""
    v = get_variant(variant_name)
    options = dict(options or {})
    v.new_state(Settings(v.name, players, seed, options=options))  # bad settings fail here, once
    try:  # the first and the last game's seeds bound the others
        for game in (0, games - 1):
            check_seed(_game_seed(seed, game))
    except SettingsError:
        raise SettingsError(
            f"the seed {seed} is too large: game g of a run is dealt from seed × 1,000,003 + g, "
            "which must stay below 2^64"
        ) from None
    directory = None
    if records is not None:
        directory = records_dir(
            records, (_record_name(v.name, players, _game_seed(seed, i)) for i in range(games))
        )
    totals = {"turns": 0, "plies": 0, "score": 0.0, "tickets": 0, "completed": 0}
    wins = [0.0] * players
    start = time.perf_counter()
    for i in range(games):
        game_seed = _game_seed(seed, i)
        if bots:
            g = Game.new(v.name, players=players, seed=game_seed, options=options)
            while not g.is_over:
                g.apply(bot_action(g, bots[g.current_player % len(bots)]))
            state, plies = g.state, len(g.actions)
        else:
            played: list[Action] | None = [] if directory is not None else None
            state, plies = random_playout(v.name, players, game_seed, options=options, actions=played)
            if directory is not None:
                g = Game(v, Settings(v.name, players, game_seed, options=options), state, played)
        if directory is not None:
            seats = [bots[p % len(bots)] for p in range(players)] if bots else ["random"] * players
            write_record(directory, _record_name(v.name, players, game_seed), g, bot_seats(seats))
        scores = v.scores(state)
        totals["turns"] += state.turn
        totals["plies"] += plies
        totals["score"] += sum(s["total"] for s in scores) / players
        totals["tickets"] += sum(_tickets_held(s) for s in scores)
        totals["completed"] += sum(s["completed"] for s in scores)
        winners = [s["seat"] for s in scores if s["winner"]]
        for w in winners:
            wins[w] += 1 / len(winners)
        if progress:
            progress(i + 1, games)
    elapsed = time.perf_counter() - start
    return {
        "variant": v.name,
        "players": players,
        "games": games,
        "seed": seed,
        "policy": ",".join(bots) if bots else "random",
        "seconds": round(elapsed, 3),
        "games_per_second": round(games / elapsed, 2) if elapsed > 0 else None,
        "mean_turns": round(totals["turns"] / games, 2) if games else 0,
        "mean_actions": round(totals["plies"] / games, 2) if games else 0,
        "mean_score": round(totals["score"] / games, 2) if games else 0,
        "ticket_completion_rate": round(totals["completed"] / totals["tickets"], 4)
        if totals["tickets"]
        else 0,
        "win_share_by_seat": [round(w / games, 4) for w in wins] if games else [],
    }


MAX_BENCH_SECONDS = 600.0


def bench(seconds: float = 2.0) -> dict[str, Any]:
    """Benchmark figures for every game (``<game>_...``): random-play games/s, legal-action lists
    over positions of real games (with every payment listed), and the classic longest path.
    ``seconds`` is the time of each measurement."""
    if isinstance(seconds, bool) or not isinstance(seconds, (int, float)):
        raise SettingsError("the time per measurement must be a number of seconds")
    if not 0 < seconds <= MAX_BENCH_SECONDS:
        raise SettingsError(
            f"the time per measurement must be more than 0 and at most {MAX_BENCH_SECONDS:g} s"
        )
    out: dict[str, Any] = {}
    for name, random_players, position_players in (
        ("usa", (2, 4), 4),
        ("world", (2,), 3),
        ("cardgame", (2, 4), 4),
    ):
        for players in random_players:
            out[f"{name}_random_games_per_second_{players}p"] = _random_games_per_second(
                name, players, seconds
            )
        states = _positions(name, position_players, 5)
        out.update({f"{name}_{key}": value for key, value in _legal_figures(name, states, seconds).items()})
        if name == "usa":
            out.update(_longest_path_figures(states, seconds))
    return out


def _random_games_per_second(variant: str, players: int, seconds: float) -> float:
    n, t0 = 0, time.perf_counter()
    while time.perf_counter() - t0 < seconds:
        random_playout(variant, players, 1000 + n)
        n += 1
    return round(n / (time.perf_counter() - t0), 1)


def _positions(variant: str, players: int, games: int) -> list[Any]:
    """Every position of ``games`` random games (seeds 77, 78, ...): real positions to list."""
    v = get_variant(variant)
    states = []
    for k in range(games):
        g = v.new_state(Settings(variant, players, 77 + k))
        rng = Rng(k)
        while not v.is_over(g):
            states.append(g.clone())
            legal = v.legal_actions(g)
            v.apply(g, legal[rng.randbelow(len(legal))])
    return states


def _legal_figures(variant: str, states: list[Any], seconds: float) -> dict[str, Any]:
    v = get_variant(variant)
    count = reps = 0
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < seconds:
        for s in states:
            count += len(v.legal_actions(s))
        reps += 1
    el = time.perf_counter() - t0
    return {
        "legal_action_lists_per_second": round(reps * len(states) / el),
        "legal_actions_per_second": round(count / el),
        "mean_legal_actions": round(count / (reps * len(states)), 1),
        "max_legal_actions": max(len(v.legal_actions(s)) for s in states),
    }


def _longest_path_figures(states: list[Any], seconds: float) -> dict[str, Any]:
    """Longest path: the densest 45-train network that classic games produced."""
    v = get_variant("usa")
    best_edges: list[tuple[int, int, int]] = []
    for s in states[-200:]:
        for p in range(4):
            edges = v.network_edges(s, p)  # type: ignore[attr-defined]
            if len(edges) > len(best_edges):
                best_edges = edges
    reps, t0 = 0, time.perf_counter()
    while time.perf_counter() - t0 < seconds / 2:
        longest_trail(best_edges)
        reps += 1
    return {
        "longest_path_ms_player_network": round(1000 * (time.perf_counter() - t0) / reps, 3),
        "longest_path_network_routes": len(best_edges),
    }
