"""Card-game baselines (the FDG 2017 styles): registered for the card game only, full legal
games at 2 and 4 players, exact replays, decisions from the view alone."""

from __future__ import annotations

import copy
from collections.abc import Callable

import pytest
from test_cardgame_bots import _play, _Spy  # the same game loop and spy

from pyengine.bots import Bot, bot_action, bot_names_for, bot_rng, get_variant_bot, register_variant_bot
from pyengine.bots.cardgame import baselines as styles
from pyengine.bots.cardgame.planner import CardGameBot
from pyengine.game import Game

STYLES = ["destination_hungry", "route_focus", "one_step_thinker", "long_route_junkie"]
_STYLE_FACTORIES: dict[str, Callable[[], Bot]] = {
    "destination_hungry": styles.destination_hungry_bot,
    "route_focus": styles.route_focus_bot,
    "one_step_thinker": styles.one_step_thinker_bot,
    "long_route_junkie": styles.long_route_junkie_bot,
}


def test_styles_are_card_game_bots() -> None:
    names = bot_names_for("cardgame")
    for name in STYLES:
        assert name in names
        bot = get_variant_bot("cardgame", name)
        assert isinstance(bot, CardGameBot) and bot.name == name and bot.variants == ("cardgame",)
        assert get_variant_bot("usa", name) is not bot  # the classic map keeps its own


@pytest.mark.parametrize("name", STYLES)
@pytest.mark.parametrize("players", [2, 4])
def test_styles_play_full_games_legally(name: str, players: int) -> None:
    others = ["random", "easy", "normal"] if players == 4 else ["random"]
    game = _play([name] + others, seed=40 + players)
    assert game.is_over
    mine = game.variant.scores(game.state)[0]
    assert mine["completed"]  # a style that plays for tickets completes some


@pytest.mark.parametrize("players", [2, 4])
def test_style_games_replay_identically(players: int) -> None:
    bots = STYLES[:players] if players == 4 else STYLES[2:]
    a = _play(bots, seed=3)
    b = _play(bots, seed=3)
    assert [x.text() for x in a.actions] == [x.text() for x in b.actions]
    assert a.record() == b.record()


@pytest.mark.parametrize("name", STYLES)
def test_styles_decide_from_the_view(name: str) -> None:
    """The bot is shown only the seat's view (sizes for hidden cards), and that view alone,
    replayed into a fresh instance, gives the same choice."""
    spy = _Spy(get_variant_bot("cardgame", name))
    register_variant_bot("cardgame", "cg_style_spy", lambda: spy)
    game = Game.new("cardgame", players=3, seed=11)
    for _ in range(60):
        if game.is_over:
            break
        seat = "cg_style_spy" if game.current_player == 0 else "random"
        if seat == "cg_style_spy" and len(game.legal_actions()) > 1:
            action = bot_action(game, seat)
            view = copy.deepcopy(spy.seen[-1][0])
            assert view["you"] == 0 and "'deck': [" not in repr(view)
            assert all(isinstance(p["hand"], int) and isinstance(p["pile"], int) for p in view["players"])
            fresh = _STYLE_FACTORIES[name]()
            again = fresh.choose(view, game.legal_actions(), bot_rng(game), game.variant.board_view())
            assert again == action
            game.apply(action)
        else:
            game.apply(bot_action(game, seat))
    assert spy.seen
