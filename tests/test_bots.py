"""Bots: legal full games, exact replays, view-only interface, strength sanity, tournaments."""

from __future__ import annotations

import inspect
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

import pytest

from pyengine.actions import Action
from pyengine.bots import Bot, bot_action, bot_names, get_bot, register_bot
from pyengine.bots.search import SearchBot
from pyengine.bots.tournament import format_table, lineup, run_tournament, wilson
from pyengine.bots.usa.hard import UsaSearchConfig, usa_hard_bot
from pyengine.game import Game
from pyengine.rng import Rng

FAST_BOTS = [b for b in bot_names() if b not in ("hard_small", "spy")]
# The hard bot's algorithm with a small budget keeps the tests quick.
SMALL = UsaSearchConfig(
    search=replace(UsaSearchConfig().search, step_budget=300, worlds=2),
    keep=replace(UsaSearchConfig().keep, step_budget=300, worlds=2, min_worlds=2),
    keep_many=replace(UsaSearchConfig().keep_many, step_budget=300, worlds=2),
)
register_bot("hard_small", lambda: usa_hard_bot(SMALL, "hard_small"))


def _play(bots: list[str], seed: int) -> Game:
    game = Game.new("usa", players=len(bots), seed=seed)
    while not game.is_over:
        action = bot_action(game, bots[game.current_player])
        assert action in game.legal_actions()
        game.apply(action)
    return game


@pytest.mark.parametrize("name", FAST_BOTS)
@pytest.mark.parametrize("players", [2, 4])
def test_bot_plays_full_games_legally(name: str, players: int) -> None:
    bots = [name] + ["random" if name != "random" else "normal"] * (players - 1)
    game = _play(bots, seed=11 + players)
    game.variant.check_invariants(game.state)
    assert game.is_over


@pytest.mark.parametrize("players", [2, 4])
def test_search_bot_plays_a_full_game(players: int) -> None:
    game = _play(["hard_small"] + ["normal"] * (players - 1), seed=3)
    assert game.is_over


def test_levels_are_registered() -> None:
    for level in (
        "easy",
        "normal",
        "hard",
        "random",
        "destination_hungry",
        "route_focus",
        "one_step_thinker",
        "long_route_junkie",
    ):
        assert isinstance(get_bot(level), Bot)


def test_normal_is_the_weaker_long_route_planner() -> None:
    """normal = strong.py's planner with NORMAL_FILLER_PARAMS (the plain planner was hardly
    better than easy at 4 players); easy stays the sloppy plain planner."""
    from pyengine.bots.usa.filler_planner import NORMAL_FILLER_PARAMS, FillerPlannerBot, FillerPolicy
    from pyengine.bots.usa.planner import PlannerPolicy

    normal = get_bot("normal")
    assert isinstance(normal, FillerPlannerBot) and normal.policy.sp == NORMAL_FILLER_PARAMS
    easy = get_bot("easy")
    assert type(easy.policy) is PlannerPolicy and not isinstance(easy.policy, FillerPolicy)  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    "bots", [["normal", "route_focus"], ["hard_small", "one_step_thinker"], ["hard", "long_route_junkie"]]
)
def test_bot_games_replay_identically(bots: list[str]) -> None:
    a = _play(bots, seed=5)
    b = _play(bots, seed=5)
    assert [x.text() for x in a.actions] == [x.text() for x in b.actions]
    assert a.record() == b.record()


class _Spy(Bot):
    """Records what a bot is shown, then plays like normal."""

    def __init__(self) -> None:
        self.calls: list[tuple[dict[str, Any], dict[str, Any]]] = []

    def choose(
        self, view: dict[str, Any], legal: Sequence[Action], rng: Rng, board: dict[str, Any]
    ) -> Action:
        self.calls.append((view, board))
        return get_bot("normal").choose(view, legal, rng, board)


def test_bots_see_only_their_own_view() -> None:
    spy = _Spy()
    register_bot("spy", lambda: spy)
    game = Game.new("usa", players=3, seed=9)
    for _ in range(60):
        seat = game.current_player
        expected = game.view(seat, log=False)
        n_before = len(spy.calls)
        game.apply(bot_action(game, "spy"))
        if len(spy.calls) == n_before:
            continue  # a single legal action: the bot was not asked
        view, board = spy.calls[-1]
        assert view == expected  # exactly what a person in that seat sees
        assert view["you"] == seat
        assert "state" not in view and "deck_order" not in view
        # Only the seat's own hand and tickets; other seats appear as public counts.
        assert set(view["me"]) >= {"hand", "tickets", "offered"}
        for other in view["players"]:
            assert set(other) == {"seat", "score", "trains", "hand", "tickets", "choosing_tickets"}
            assert isinstance(other["hand"], int) and isinstance(other["tickets"], int)
        assert "log" not in view
        assert "routes" in board and "hands" not in board


def test_bot_interface_gets_no_game_object() -> None:
    params = list(inspect.signature(Bot.choose).parameters)
    assert params == ["self", "view", "legal", "rng", "board"]


def test_search_bot_beats_random() -> None:
    res = run_tournament("usa", 2, ["hard_small", "random"], 2, seed=2)
    assert res["entries"][0]["wins"] == 2


def test_hard_is_the_long_route_planner_and_wins_a_small_match() -> None:
    from pyengine.bots.usa.filler_planner import HARD_PARAMS

    hard = get_bot("hard")
    assert isinstance(hard, SearchBot) and hard.domain.policy.sp == HARD_PARAMS
    res = run_tournament("usa", 2, ["hard", "long_route_junkie"], 4, seed=3)
    assert res["entries"][0]["wins"] >= 3  # deterministic; ~80% over hundreds of games


@pytest.mark.parametrize("variant", ["usa", "world", "cardgame"])
def test_bot_action_with_a_time_limit_stays_legal(variant: str) -> None:
    game = Game.new(variant, players=2, seed=5)
    for _ in range(30):
        if game.is_over:
            break
        action = bot_action(game, "hard", max_seconds=0.0)
        assert action in game.legal_actions()
        game.apply(action)


def test_tournament_is_deterministic_and_rotates_seats() -> None:
    a = run_tournament("usa", 2, ["normal", "easy"], 4, seed=7)
    b = run_tournament("usa", 2, ["normal", "easy"], 4, seed=7)
    strip = lambda r: {k: v for k, v in r.items() if k != "timing"}  # noqa: E731
    assert strip(a) == strip(b)
    assert sum(e["wins"] for e in a["entries"]) == pytest.approx(4)
    assert "normal" in format_table(a)


def test_lineup_puts_a_bot_against_copies_of_its_opponent() -> None:
    assert lineup(4, ["hard", "random"]) == ["hard", "random", "random", "random"]
    assert lineup(2, ["hard", "random"]) == ["hard", "random"]
    assert lineup(3, ["a", "b", "c"]) == ["a", "b", "c"]
    with pytest.raises(ValueError, match="one per seat"):
        lineup(4, ["a", "b", "c"])


def test_wilson_interval() -> None:
    lo, hi = wilson(80, 100)
    assert 0.70 < lo < 0.72 and 0.86 < hi < 0.88
    assert wilson(0, 0) == (0.0, 1.0)
