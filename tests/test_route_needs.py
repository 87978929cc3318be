"""What a player lacks to claim a route (the route tip's "needs 2 more blue"): worked out by the
engine with the game's own payment rule (mechanics.routes.cards_short / route_needs)."""

from __future__ import annotations

import json

from pyengine import api
from pyengine.game import Game

USA_HAND = ["blue", "blue", "red", "loco"]


def usa(hand: list[str] = USA_HAND, trains: int = 45, routes: dict[str, int] | None = None) -> Game:
    return Game.new(
        "usa",
        players=2,
        seed=1,
        setup={
            "tickets": [["DEN-ELP"], ["SEA-LA"]],
            "hands": [hand, ["red"] * 4],
            "trains": [trains, 45 - sum(4 for _ in (routes or {}))],
            "routes": routes or {},
        },
    )


def needs(game: Game, route: str, seat: int = 0):
    return game.variant.route_needs(game.state, route, seat)


def test_a_colored_route_names_the_cards_it_lacks() -> None:
    # DEN-KC-1 is black, 4 long: no black card and one locomotive leave 3 black cards to find.
    assert needs(usa(), "DEN-KC-1") == {"reason": "cards", "more": 3, "cards": ["black"]}
    # Two blue and a locomotive: a blue route of 4 lacks 1 blue.
    game = usa()
    blue4 = next(r.id for r in game.variant.board.routes if r.color == "blue" and r.length == 4)
    assert needs(game, blue4) == {"reason": "cards", "more": 1, "cards": ["blue"]}


def test_a_gray_route_names_every_color_that_needs_the_fewest() -> None:
    game = usa()
    gray3 = next(r.id for r in game.variant.board.routes if r.color == "gray" and r.length == 3)
    assert needs(game, gray3) is None  # two blue + a locomotive pay it
    gray4 = next(r.id for r in game.variant.board.routes if r.color == "gray" and r.length == 4)
    assert needs(game, gray4) == {"reason": "cards", "more": 1, "cards": ["blue"]}
    gray2 = next(r.id for r in game.variant.board.routes if r.color == "gray" and r.length == 2)
    lone = needs(usa(["loco"]), gray2)  # one more card of any color will do
    assert lone["more"] == 1 and sorted(lone["cards"]) == [
        "black",
        "blue",
        "green",
        "orange",
        "purple",
        "red",
        "white",
        "yellow",
    ]


def test_too_few_trains_come_before_cards_and_claimed_routes_need_nothing() -> None:
    assert needs(usa(trains=3), "DEN-KC-1") == {"reason": "pieces", "pieces": "trains", "need": 4, "have": 3}
    assert needs(usa(routes={"DEN-KC-1": 1}), "DEN-KC-1") is None  # claimed: the tip names the owner
    assert needs(usa(routes={"DEN-KC-1": 1}), "DEN-KC-2") is None  # closed by its twin at 2 players
    assert needs(usa(), "KC-OMA-1") is None  # claimable now


def test_rails_and_sails_counts_double_ships_and_jokers() -> None:
    game = Game.new(
        "world",
        players=2,
        seed=1,
        setup={
            "tickets": [["NYC-MRS", "EDI-SYD", "NYC-MUM"], ["MOS-TOA", "BUE-MRS", "JKT-SYD"]],
            "pieces": [[20, 40], [20, 40]],
            "hands": [["black-ship", "black-double", "joker"], ["red-train"]],
        },
    )
    # ANC-CAM: a black ship route of 6; a single ship, a double (2) and a joker cover 4 spaces.
    assert needs(game, "ANC-CAM") == {"reason": "cards", "more": 2, "cards": ["black-ship"]}
    assert needs(game, "ATH-HAM") == {
        "reason": "cards",
        "more": 1,
        "cards": ["green-train"],
    }  # the joker pays 1 of 2


def test_the_api_answers_for_the_page() -> None:
    game_id = json.loads(
        api.call(
            "new_game",
            json.dumps(
                {
                    "variant": "usa",
                    "players": 2,
                    "seed": 1,
                    "setup": {"tickets": [["DEN-ELP"], ["SEA-LA"]], "hands": [USA_HAND, ["red"] * 4]},
                }
            ),
        )
    )["ok"]["game_id"]
    out = json.loads(
        api.call("route_needs", json.dumps({"game_id": game_id, "route": "DEN-KC-1", "player": 0}))
    )
    assert out == {"ok": {"route": "DEN-KC-1", "needs": {"reason": "cards", "more": 3, "cards": ["black"]}}}
    bad = json.loads(
        api.call("route_needs", json.dumps({"game_id": game_id, "route": "DEN-KC-1", "player": 7}))
    )
    assert "no seat" in bad["error"]["message"]
