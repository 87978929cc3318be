"""Bot.rank and bots.bot_ranking: the ranking the Hint button and the end-of-game review read."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest

from pyengine.actions import Action
from pyengine.bots import Bot, bot_action, bot_ranking, register_bot
from pyengine.errors import EngineError
from pyengine.game import Game
from pyengine.rng import Rng


def _midgame(variant: str, plies: int = 12) -> Game:
    game = Game.new(variant, players=2, seed=5)
    while len(game.actions) < plies and not game.is_over:
        game.apply(bot_action(game, "normal"))
    return game


@pytest.mark.parametrize("variant", ["usa", "world", "cardgame"])
def test_default_ranking_is_the_bots_own_choice(variant: str) -> None:
    game = _midgame(variant)
    ranked = bot_ranking(game, "normal")
    assert ranked[0][0] == bot_action(game, "normal")
    assert all(a in game.legal_actions() and isinstance(v, float) for a, v in ranked)


class _Peeker(Bot):
    """Ranks every legal move, records what it was shown, and ranks one illegal action."""

    name = "peeker"
    variants = ("usa",)
    seen: list[dict[str, Any]] = []

    def choose(
        self, view: dict[str, Any], legal: Sequence[Action], rng: Rng, board: dict[str, Any]
    ) -> Action:
        return legal[0]

    def rank(
        self, view: dict[str, Any], legal: Sequence[Action], rng: Rng, board: dict[str, Any]
    ) -> list[tuple[Action, float]]:
        self.seen.append(view)
        from pyengine.actions import Pass

        return [(Pass(), 99.0)] + [(a, float(-i)) for i, a in enumerate(legal)]


def test_ranking_sees_only_the_seat_view_and_keeps_only_legal_moves() -> None:
    register_bot("peeker", _Peeker)
    game = _midgame("usa")
    ranked = bot_ranking(game, "peeker")
    assert [a for a, _ in ranked] == list(game.legal_actions())  # the illegal Pass is dropped
    assert _Peeker.seen[-1] == game.view(game.current_player, log=False)


def test_a_single_legal_move_and_a_finished_game() -> None:
    game = Game.new("usa", players=2, seed=1)
    while len(game.legal_actions()) != 1 and not game.is_over:
        game.apply(bot_action(game, "normal"))
    if not game.is_over:
        assert bot_ranking(game, "normal") == [(game.legal_actions()[0], 0.0)]
    while not game.is_over:
        game.apply(bot_action(game, "normal"))
    with pytest.raises(EngineError, match="over"):
        bot_ranking(game, "normal")
