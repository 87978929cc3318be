"""End-of-game statistics (mechanics/stats.py, Game.stats, the API's ``stats`` once over)."""

from __future__ import annotations

import json

import pytest

from pyengine import api
from pyengine.actions import ClaimRoute, DrawCard, DrawTickets, TakeCard
from pyengine.bots import bot_action
from pyengine.game import Game


def _finished(variant: str, players: int, seed: int) -> Game:
    game = Game.new(variant, players=players, seed=seed)
    while not game.is_over:
        game.apply(bot_action(game, "normal"))
    return game


def _seat_of(game: Game, i: int) -> int:
    return int(game.log[i]["player"])


@pytest.mark.parametrize("variant", ["usa", "world", "cardgame"])
@pytest.mark.parametrize("players", [2, 4])
def test_stats_count_the_actions_and_points_add_up(variant: str, players: int) -> None:
    game = _finished(variant, players, seed=21 + players)
    stats, scores = game.stats(), game.scores()
    assert [st["seat"] for st in stats] == list(range(players))
    for seat, (st, sc) in enumerate(zip(stats, scores)):
        mine = [a for i, a in enumerate(game.actions) if _seat_of(game, i) == seat]
        claims = [a for a in mine if isinstance(a, ClaimRoute)]
        assert st["routes"] == len(claims)
        assert st["face_up"] == sum(isinstance(a, TakeCard) for a in mine)
        assert st["face_up_wild"] == sum(
            isinstance(a, TakeCard) and a.card in ("loco", "joker") for a in mine
        )
        assert st["blind"] == sum(isinstance(a, DrawCard) for a in mine)
        assert st["ticket_draws"] == sum(isinstance(a, DrawTickets) for a in mine)
        assert sum(st["route_lengths"].values()) == st["routes"]
        assert sum(int(k) * n for k, n in st["route_lengths"].items()) == st["route_length"]
        if st["routes"]:
            assert st["average_length"] == pytest.approx(st["route_length"] / st["routes"], abs=0.01)
        assert sum(x["points"] for x in st["points"]) == sc["total"]
        if variant != "cardgame":
            assert st["points"][0] == {"source": "routes", "points": sc["routes"]}
    assert sum(st["face_up"] + st["blind"] for st in stats) > 0


def test_api_sends_stats_only_when_the_game_is_over() -> None:
    game = _finished("usa", 2, seed=8)
    started = json.loads(api.call("new_game", json.dumps({"variant": "usa", "seed": 8})))["ok"]
    assert "stats" not in started and "scores" not in started
    loaded = json.loads(api.call("load", json.dumps({"record": game.record()})))["ok"]
    assert loaded["over"] and loaded["stats"] == game.stats()
