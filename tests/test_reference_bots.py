"""Issue 16's reference opponents, ``shortest_path`` and ``zombie``, in all three games: registered
as baselines, full legal games at 2 and 4 players, exact replays, decisions from the seat's view
alone (and, in the card game, the same move whatever the hidden cards of the belief state)."""

from __future__ import annotations

import copy
from collections.abc import Callable, Sequence
from typing import Any

import pytest

import pyengine.bots as bots
from pyengine.actions import Action
from pyengine.bots import Bot, bot_action, bot_names_for, bot_rng, get_variant_bot, report
from pyengine.bots.cardgame import reference as cardgame_reference
from pyengine.bots.cardgame.belief import belief_state, cardgame_variant
from pyengine.bots.cardgame.planner import CardGameBot
from pyengine.bots.usa import reference
from pyengine.bots.world.baselines import WorldBaselineBot
from pyengine.bots.world.levels import LEVELS as WORLD_LEVELS
from pyengine.game import Game
from pyengine.rng import Rng

VARIANTS = ["usa", "world", "cardgame"]
NAMES = ["shortest_path", "zombie"]
FACTORIES: dict[tuple[str, str], Callable[[], Bot]] = {
    ("usa", "shortest_path"): reference.shortest_path_bot,
    ("usa", "zombie"): reference.zombie_bot,
    ("world", "shortest_path"): WORLD_LEVELS["shortest_path"],
    ("world", "zombie"): WORLD_LEVELS["zombie"],
    ("cardgame", "shortest_path"): cardgame_reference.shortest_path_cardgame_bot,
    ("cardgame", "zombie"): cardgame_reference.zombie_cardgame_bot,
}
BOT_TYPES = {
    "usa": (reference.ShortestPathBot, reference.ZombieBot),
    "world": (WorldBaselineBot,),
    "cardgame": (CardGameBot,),
}


def _play(variant: str, bots: list[str], seed: int) -> Game:
    game = Game.new(variant, players=len(bots), seed=seed)
    while not game.is_over:
        action = bot_action(game, bots[game.current_player])
        assert action in game.legal_actions()
        game.apply(action)
    return game


@pytest.mark.parametrize("variant", VARIANTS)
def test_registered_as_baselines_of_every_game(variant: str) -> None:
    assert set(NAMES) <= set(bot_names_for(variant))
    assert set(NAMES) <= set(report.baselines(variant))  # so the report plans their cells
    for name in NAMES:
        bot = get_variant_bot(variant, name)
        assert isinstance(bot, BOT_TYPES[variant]) and bot.name == name
        assert variant in bot.variants
    assert get_variant_bot("world", "zombie") is not get_variant_bot("usa", "zombie")
    assert get_variant_bot("cardgame", "shortest_path") is not get_variant_bot("usa", "shortest_path")


@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("players", [2, 4])
def test_full_games_are_legal_and_complete_tickets(variant: str, name: str, players: int) -> None:
    other = NAMES[1 - NAMES.index(name)]
    bots = [name, "random"] if players == 2 else [name, other, "random", "normal"]
    game = _play(variant, bots, seed=60 + players)
    game.variant.check_invariants(game.state)
    assert game.is_over
    assert game.scores()[0]["completed"] > 0  # it plays for its tickets


@pytest.mark.parametrize("variant", ["usa", "world"])
@pytest.mark.parametrize("name", NAMES)
def test_map_versions_beat_random(variant: str, name: str) -> None:
    for seed in (3, 4):
        assert _play(variant, [name, "random"], seed).scores()[0]["winner"]


@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("players", [2, 4])
def test_games_replay_identically(variant: str, players: int) -> None:
    bots = (NAMES * 2)[:players]
    a = _play(variant, bots, seed=8)
    b = _play(variant, bots, seed=8)
    assert [x.text() for x in a.actions] == [x.text() for x in b.actions]
    assert a.record() == b.record()


class _Spy(Bot):
    """Records the views the wrapped bot is shown."""

    def __init__(self, inner: Bot) -> None:
        self.inner = inner
        self.name = inner.name
        self.variants = inner.variants
        self.wants_log = getattr(inner, "wants_log", False)
        self.seen: list[dict[str, Any]] = []

    def choose(
        self, view: dict[str, Any], legal: Sequence[Action], rng: Rng, board: dict[str, Any]
    ) -> Action:
        self.seen.append(copy.deepcopy(view))
        return self.inner.choose(view, legal, rng, board)


@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("name", NAMES)
def test_decisions_come_from_the_view_alone(variant: str, name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The bot is shown exactly the seat's view (others' hands and tickets as counts), and that
    view, handed to a fresh instance, gives the same move."""
    spy = _Spy(get_variant_bot(variant, name))
    # Registered for this test only (other tests list the registered bots).
    monkeypatch.setitem(bots._VARIANT_LEVELS, (variant, "reference_spy"), lambda: spy)
    monkeypatch.setitem(bots._VARIANT_INSTANCES, (variant, "reference_spy"), spy)
    game = Game.new(variant, players=3, seed=13)
    asked = 0
    while not game.is_over and len(game.actions) < 150:
        legal = game.legal_actions()
        if game.current_player != 0 or len(legal) == 1:
            game.apply(bot_action(game, "random"))
            continue
        expected = game.view(0, log=spy.wants_log)
        action = bot_action(game, "reference_spy")
        view = spy.seen[-1]
        assert view == expected and view["you"] == 0
        for other in view["players"]:
            assert isinstance(other["hand"], int) and isinstance(other["tickets"], int)
        fresh = FACTORIES[(variant, name)]()
        again = fresh.choose(copy.deepcopy(view), list(legal), bot_rng(game), game.variant.board_view())
        assert again == action
        asked += 1
        game.apply(action)
    assert asked >= 10


@pytest.mark.parametrize("name", NAMES)
def test_card_game_moves_ignore_the_hidden_cards(name: str) -> None:
    """The card-game policies decide on a belief state; filled with other hidden cards (deck,
    opponents' hands and tickets) it must give the same move."""
    v = cardgame_variant()
    bot = get_variant_bot("cardgame", name)
    assert isinstance(bot, CardGameBot)
    policy = bot.policy()
    game = Game.new("cardgame", players=3, seed=21)
    checked = 0
    while not game.is_over and checked < 40:
        legal = game.legal_actions()
        if game.current_player == 0 and len(legal) > 1:
            view = game.view(0, log=True)
            moves = {
                policy.choose(belief_state(view, v, Rng(k) if k else None), 0, list(legal), Rng(99))
                for k in range(4)
            }
            assert len(moves) == 1
            checked += 1
        game.apply(bot_action(game, name if game.current_player == 0 else "random"))
    assert checked >= 20
