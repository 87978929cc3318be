"""Rails & Sails, world map: one scenario test per rule (explicit setups) and random full games."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from pyengine.errors import IllegalActionError, SettingsError
from pyengine.game import Game
from pyengine.games import Settings, get_variant
from pyengine.games.world import state as W
from pyengine.notation import parse_action
from pyengine.record import replay
from pyengine.rng import Rng

V = get_variant("world")


def wgame(players: int = 2, seed: int = 0, options: dict[str, Any] | None = None, **setup: Any) -> Game:
    """A world game from an explicit setup: no tickets, empty hands, 20/40 pieces unless given."""
    setup.setdefault("tickets", [[] for _ in range(players)])
    setup.setdefault("hands", [[] for _ in range(players)])
    setup.setdefault("pieces", [[20, 40] for _ in range(players)])
    return Game.new("world", players=players, seed=seed, options=options, setup=setup)


def texts(game: Game) -> list[str]:
    return [a.text() for a in game.legal_actions()]


def claims(game: Game, route: str) -> list[str]:
    return [t for t in texts(game) if t.startswith(f"claim {route} ")]


def hand(game: Game, player: int) -> dict[str, int]:
    return dict(game.view(player, log=False)["me"]["hand"])


def illegal(game: Game, action: str) -> str:
    with pytest.raises(IllegalActionError) as exc:
        game.apply(action)
    return str(exc.value)


def score_of(game: Game, seat: int) -> dict[str, Any]:
    return game.scores()[seat]


# ---------------------------------------------------------------------------- data
def test_map_data_counts_and_geometry() -> None:
    b = V.board
    cities = [c for c in b.cities if not c.junction]
    assert len(cities) == 47 and sum(c.port for c in cities) == 38
    junctions = [c for c in b.cities if c.junction]
    assert [c.id for c in junctions] == ["SIO"] and not junctions[0].port
    assert len(b.routes) == 130
    assert sum(r.kind == "train" for r in b.routes) == 71
    assert sum(r.kind == "ship" for r in b.routes) == 59
    assert sum(r.double_partner >= 0 for r in b.routes) == 68
    assert sum(r.wraps for r in b.routes) == 10
    assert sorted(r.id for r in b.routes if r.rough) == [
        "ANC-VAN",
        "BEI-LHE",
        "CAS-MRS",
        "DAR-LAD",
        "LHE-THR",
    ]
    assert len(b.tickets) == 65 and sum(len(t.cities) > 2 for t in b.tickets) == 8
    junction = b.city_index["SIO"]
    assert all(junction not in t.cities for t in b.tickets)
    x = {c.id: c.x for c in b.cities}
    assert x["VAN"] < 100 and x["LAX"] < 100 and x["ANC"] > 900 and x["HNL"] > 900
    it = b.tickets[b.ticket_index["MMK-TIK-NOV-YAK-PET"]]
    assert it.values == (30, 20, -36) and it.points == 30
    bv = V.board_view()
    assert bv["cards"][:4] == ["purple-train", "purple-train-h", "purple-ship", "purple-double"]
    assert bv["cards"][-1] == "joker"
    route = next(r for r in bv["routes"] if r["id"] == "ANC-VAN")
    assert route["kind"] == "train" and route["rough"] == 2 and route["wraps"]
    assert next(c for c in bv["cities"] if c["id"] == "SIO")["junction"]


def test_deck_composition() -> None:
    counts = W.CARD_COUNTS
    assert sum(n for i, n in enumerate(counts) if W.DECK_OF[i] == W.TRAIN_DECK) == 80
    assert sum(n for i, n in enumerate(counts) if W.DECK_OF[i] == W.SHIP_DECK) == 60
    assert counts[W.CARD_INDEX["red-train"]] + counts[W.CARD_INDEX["red-train-h"]] == 11
    assert counts[W.CARD_INDEX["red-train-h"]] == 4
    assert counts[W.CARD_INDEX["red-ship"]] == 4 and counts[W.CARD_INDEX["red-double"]] == 6
    assert counts[W.JOKER] == 14


# ---------------------------------------------------------------------------- setup
def test_setup_deal_tickets_then_secret_piece_mix() -> None:
    g = Game.new("world", players=3, seed=5)
    for p in range(3):
        me = g.view(p, log=False)["me"]
        train = sum(n for c, n in me["hand"].items() if "train" in c or c == "joker")
        assert train == 3 and sum(me["hand"].values()) == 10
        assert len(me["offered"]) == 5 and me["min_keep"] == 3
    market = g.view(0)["market"]
    assert all(W.DECK_OF[W.CARD_INDEX[c]] == W.TRAIN_DECK for c in market[:3])
    assert all(W.DECK_OF[W.CARD_INDEX[c]] == W.SHIP_DECK for c in market[3:])
    assert g.phase == "setup_tickets" and len(g.legal_actions()) == 16  # keep 3, 4 or 5 of 5
    for _ in range(3):
        g.apply(g.legal_actions()[0])
    assert g.phase == "setup_pieces"
    assert texts(g)[0] == "pieces 10 50" and texts(g)[-1] == "pieces 25 35" and len(texts(g)) == 16
    assert "pieces 26 34" not in texts(g)
    assert "at most 25 trains" in illegal(g, "pieces 26 34")
    g.apply("pieces 25 35")
    # Seat 1 must not see seat 0's mix, in the view or in the log.
    v1 = g.view(1)
    assert v1["players"][0]["trains"] is None and v1["players"][0]["chose_pieces"]
    assert all("pieces" not in ev.get("action", "") for ev in v1["log"])
    assert g.view(0)["me"]["pieces"] == {"trains": 25, "ships": 35, "box_trains": 0, "box_ships": 15}
    g.apply("pieces 20 40")
    g.apply("pieces 10 50")
    assert g.phase == "main" and g.current_player == 0
    v2 = g.view(2)
    assert [pl["trains"] for pl in v2["players"]] == [25, 20, 10]
    assert [pl["box_ships"] for pl in v2["players"]] == [15, 10, 0]


# ---------------------------------------------------------------------------- taking cards
def test_take_face_up_card_and_choose_refill_deck() -> None:
    g = wgame(
        market=["red-train", "black-train", "white-train-h", "red-ship", "red-double", "green-ship"],
        train_deck=["yellow-train"],
        ship_deck=["purple-double"],
    )
    assert "take 0 red-train ship" in texts(g) and "take 0 red-train train" in texts(g)
    g.apply("take 0 red-train ship")
    assert g.view(0)["market"][0] == "purple-double"
    assert g.phase == "second_card"
    g.apply("take 0 purple-double train")
    assert g.view(0)["market"][0] == "yellow-train"
    assert hand(g, 0) == {"red-train": 1, "purple-double": 1}
    assert g.current_player == 1


def test_face_up_joker_only_as_first_card_and_blind_joker_allows_second() -> None:
    g = wgame(
        market=["joker", "black-train", "white-train", "red-ship", "red-double", "green-ship"],
        train_deck=["joker", "red-train", "yellow-train"],
    )
    g.apply("take 0 joker ship")  # a face-up joker is the whole action
    assert g.current_player == 1 and hand(g, 0) == {"joker": 1}
    g.apply("draw train")  # seat 1 draws a joker blind
    assert hand(g, 1) == {"joker": 1} and g.phase == "second_card"
    g.apply("draw train")
    assert hand(g, 1) == {"joker": 1, "red-train": 1}
    # A face-up joker is not offered as a second card.
    g2 = wgame(market=["joker", "black-train", "white-train", "red-ship", "red-double", "green-ship"])
    g2.apply("take 1 black-train ship")
    assert not any(t.startswith("take 0 joker") for t in texts(g2))
    assert "only be taken as the first card" in illegal(g2, "take 0 joker ship")


def test_three_face_up_jokers_reset_the_market() -> None:
    market = ["joker", "joker", "white-train", "red-ship", "red-double", "green-ship"]
    g = wgame(
        market=market,
        train_deck=["joker", "red-train", "black-train", "green-train"],
        ship_deck=["white-ship", "white-double", "yellow-ship"],
    )
    g.apply("take 2 white-train train")  # refilled with a joker: 3 jokers → discard all 6, re-deal
    v = g.view(0)
    assert v["market"] == [
        "red-train",
        "black-train",
        "green-train",
        "white-ship",
        "white-double",
        "yellow-ship",
    ]
    assert v["discards"] == {"train": 3, "ship": 3} and v["market_resets"] == 1
    V.check_invariants(g.state)
    # Option "six": three jokers stay.
    g6 = wgame(options={"joker_reset": "six"}, market=market, train_deck=["joker", "red-train"])
    g6.apply("take 2 white-train train")
    assert g6.view(0)["market"][:3] == ["joker", "joker", "joker"]
    with pytest.raises(SettingsError):
        wgame(options={"joker_reset": "four"})


def test_each_deck_reshuffles_its_own_discard_pile() -> None:
    everything = [name for i, name in enumerate(W.CARD_NAMES) for _ in range(W.CARD_COUNTS[i])]
    market = ["red-train", "black-train", "white-train", "red-ship", "red-double", "green-ship"]
    rest = list(everything)
    for c in market + ["purple-train"] * 2:
        rest.remove(c)
    trains = [c for c in rest if W.DECK_OF[W.CARD_INDEX[c]] == W.TRAIN_DECK]
    ships = [c for c in rest if W.DECK_OF[W.CARD_INDEX[c]] == W.SHIP_DECK]
    g = wgame(
        market=market,
        hands=[trains, ships[:-1]],
        ship_deck=[ships[-1]],
        train_discard=["purple-train", "purple-train"],
    )
    assert g.view(0)["decks"] == {"train": 0, "ship": 1}
    g.apply("draw train")  # the train discard pile becomes the train deck
    assert g.view(0)["decks"]["train"] == 1 and g.view(0)["discards"]["train"] == 0
    g.apply("draw train")
    assert g.view(0)["decks"]["train"] == 0 and g.view(0)["decks"]["ship"] == 1
    # Nothing left in the train deck or its discard: only the ship deck can be drawn or refill.
    assert "draw train" not in texts(g) and "draw ship" in texts(g)
    assert "take 0 red-train ship" in texts(g) and "take 0 red-train train" not in texts(g)
    V.check_invariants(g.state)


# ---------------------------------------------------------------------------- claiming routes
def test_colored_train_route_every_payment_cheapest_first() -> None:
    g = wgame(hands=[["red-train", "red-train", "red-train-h", "joker", "joker"], []])
    # Any mix of plain and harbor-symbol cards, jokers for any number of them; fewest jokers
    # first, then plain cards before harbor-symbol ones (the page proposes the first).
    assert claims(g, "BKK-MUM-1") == [
        "claim BKK-MUM-1 2red-train 1red-train-h",
        "claim BKK-MUM-1 2red-train 1joker",
        "claim BKK-MUM-1 1red-train 1red-train-h 1joker",
        "claim BKK-MUM-1 1red-train 2joker",
        "claim BKK-MUM-1 1red-train-h 2joker",
    ]
    assert claims(g, "CCS-RIO-1") == []  # black: only 2 jokers
    assert claims(g, "CCS-MEX-2") == [t.replace("BKK-MUM-1", "CCS-MEX-2") for t in claims(g, "BKK-MUM-1")]
    assert claims(g, "CAI-THR-1") == ["claim CAI-THR-1 1joker"]
    assert "has length 3" in illegal(g, "claim BKK-MUM-1 1red-train 1joker")
    assert "you have 2 joker" in illegal(g, "claim BKK-MUM-1 3joker")
    assert "cannot be paid with red" in illegal(g, "claim BKK-MUM-2 2red-train 1red-train-h")
    assert "never ship cards" in illegal(g, "claim BKK-MUM-1 1red-ship 2red-train")
    g.apply("claim BKK-MUM-1 2red-train 1red-train-h")
    sc = score_of(g, 0)
    assert sc["routes"] == 4 and g.view(0)["players"][0]["trains"] == 17
    assert hand(g, 0) == {"joker": 2}
    assert g.view(0)["discards"]["train"] == 3


def test_gray_train_route_one_color_of_choice() -> None:
    g = wgame(hands=[["red-train", "red-train", "black-train-h", "joker"], []])
    assert claims(g, "CAI-CAS") == ["claim CAI-CAS 2red-train 1joker"]
    g1 = wgame(hands=[["red-train", "red-train", "black-train-h", "joker", "joker", "joker"], []])
    # Every payment of one color (plus jokers), and all jokers too.
    assert claims(g1, "CAI-CAS") == [
        "claim CAI-CAS 2red-train 1joker",
        "claim CAI-CAS 1red-train 2joker",
        "claim CAI-CAS 1black-train-h 2joker",
        "claim CAI-CAS 3joker",
    ]
    assert "one color" in illegal(g, "claim CAI-CAS 2red-train 1black-train-h")
    g2 = wgame(hands=[["joker"] * 3, []])
    assert claims(g2, "CAI-CAS") == ["claim CAI-CAS 3joker"]


def test_rough_terrain_costs_a_pair_of_one_color_per_space() -> None:
    g = wgame(hands=[["red-train", "red-train", "black-train", "green-train", "joker"], []])
    # DAR-LAD: 2 rough spaces → 4 cards in 2 one-color pairs (a joker may replace either card).
    assert claims(g, "DAR-LAD") == [
        "claim DAR-LAD 1green-train 2red-train 1joker",
        "claim DAR-LAD 2red-train 1black-train 1joker",
    ]
    assert "costs 4 cards" in illegal(g, "claim DAR-LAD 2red-train")
    assert "2 cards of one color" in illegal(g, "claim DAR-LAD 2red-train 1black-train 1green-train")
    g.apply("claim DAR-LAD 2red-train 1black-train 1joker")
    assert score_of(g, 0)["routes"] == 2 and g.view(0)["players"][0]["trains"] == 18
    # Marseille–Casablanca: one rough space = one pair.
    g2 = wgame(hands=[["white-train", "white-train-h", "yellow-train"], []])
    assert claims(g2, "CAS-MRS") == ["claim CAS-MRS 1white-train 1white-train-h"]


def test_double_ships_count_two_and_no_card_may_be_superfluous() -> None:
    g = wgame(hands=[["green-double"] * 3 + ["green-ship"] * 2 + ["joker"], []])
    # Length 5: 2 doubles + 1 single, or 3 doubles (one ship over, as in the rulebook's example).
    assert claims(g, "CPT-SIO-1")[:2] == [
        "claim CPT-SIO-1 1green-ship 2green-double",
        "claim CPT-SIO-1 3green-double",
    ]
    assert "superfluous" in illegal(g, "claim CPT-SIO-1 2green-ship 2green-double")
    assert "superfluous" in illegal(g, "claim CPT-SIO-1 1green-ship 2green-double 1joker")
    assert "covers 4 of the 5" in illegal(g, "claim CPT-SIO-1 2green-double")
    assert "claim CPT-SIO-1 2green-ship 1green-double 1joker" in claims(g, "CPT-SIO-1")
    assert claims(g, "CPT-SIO-1") == [
        "claim CPT-SIO-1 1green-ship 2green-double",
        "claim CPT-SIO-1 3green-double",
        "claim CPT-SIO-1 2green-double 1joker",
        "claim CPT-SIO-1 2green-ship 1green-double 1joker",
    ]
    g.apply("claim CPT-SIO-1 3green-double")
    assert g.view(0)["players"][0]["ships"] == 35 and score_of(g, 0)["routes"] == 10
    assert hand(g, 0) == {"green-ship": 2, "joker": 1}
    # Length 4 white with 2 doubles; a joker stands for one space only.
    g2 = wgame(hands=[["white-double", "white-double", "joker", "white-ship"], []])
    assert claims(g2, "DAR-MUM") == [
        "claim DAR-MUM 2white-double",
        "claim DAR-MUM 1white-ship 1white-double 1joker",
    ]
    assert "superfluous" in illegal(g2, "claim DAR-MUM 2white-double 1joker")
    assert claims(g2, "CHC-SYD-2") == [
        "claim CHC-SYD-2 1white-ship",
        "claim CHC-SYD-2 1white-double",
        "claim CHC-SYD-2 1joker",
    ]
    g3 = wgame(hands=[["joker", "joker", "joker"], []])
    assert claims(g3, "CPT-TOA") == ["claim CPT-TOA 3joker"]


def test_gray_ship_route_and_enough_pieces_of_the_kind() -> None:
    g = wgame(
        hands=[["red-double", "red-ship", "black-double", "black-double"], []], pieces=[[20, 3], [20, 40]]
    )
    assert claims(g, "CPT-TOA") == ["claim CPT-TOA 1red-ship 1red-double", "claim CPT-TOA 2black-double"]
    assert claims(g, "DAR-MUM") == []  # 4 ships needed, 3 in supply
    assert "needs 4 ships" in illegal(g, "claim DAR-MUM 2black-double")


def test_double_routes_with_few_and_many_players() -> None:
    cards = ["red-train", "yellow-train"] * 3
    g = wgame(
        players=3, hands=[cards, cards, []], routes={"BKK-MUM-1": 0}, pieces=[[17, 40], [20, 40], [20, 40]]
    )
    g.state.current = 1
    g._legal = None
    assert claims(g, "BKK-MUM-2") == []
    assert "only one track" in illegal(g, "claim BKK-MUM-2 3yellow-train")
    g4 = wgame(
        players=4,
        hands=[cards, cards, [], []],
        routes={"BKK-MUM-1": 0},
        pieces=[[17, 40], [20, 40], [20, 40], [20, 40]],
    )
    assert claims(g4, "BKK-MUM-2") == []  # never both tracks to one player
    g4.apply("draw train")
    g4.apply("draw train")
    assert claims(g4, "BKK-MUM-2") == ["claim BKK-MUM-2 3yellow-train"]


# ---------------------------------------------------------------------------- harbors
def test_harbor_conditions_and_the_rulebook_payment() -> None:
    cards = ["yellow-train-h", "yellow-train-h", "yellow-ship", "joker", "yellow-train", "yellow-train"]
    g = wgame(hands=[cards, []], routes={"CCS-LIM-2": 0}, pieces=[[18, 40], [20, 40]])
    harbors = [t for t in texts(g) if t.startswith("harbor")]
    # The rulebook's example: a joker, a yellow ship and two yellow train cards build Lima's harbor.
    # Caracas is a port too; plain yellow train cards (no harbor symbol) never count.
    assert harbors == [
        "harbor CCS 2yellow-train-h 1yellow-ship 1joker",
        "harbor LIM 2yellow-train-h 1yellow-ship 1joker",
    ]
    assert "harbor symbol" in illegal(g, "harbor LIM 2yellow-train 1yellow-ship 1joker")
    assert "not a port" in illegal(g, "harbor MEX 2yellow-train-h 1yellow-ship 1joker")
    assert "route of your own" in illegal(g, "harbor MIA 2yellow-train-h 1yellow-ship 1joker")
    g.apply("harbor LIM 2yellow-train-h 1yellow-ship 1joker")
    assert g.view(1)["harbors"] == {"LIM": 0}
    assert g.view(1)["players"][0]["harbors_left"] == 2
    assert hand(g, 0) == {"yellow-train": 2}
    g.apply("draw train")
    g.apply("draw train")
    assert "already has a harbor" in illegal(g, "harbor LIM 2yellow-train-h 1yellow-ship 1joker")


def test_harbor_needs_one_color_and_at_most_three() -> None:
    cards = ["red-train-h", "red-train-h", "red-ship", "black-ship", "joker"] * 2
    g = wgame(
        hands=[cards, []],
        routes={"EDI-HAM-1": 0, "EDI-MRS-1": 0},
        harbors={"HAM": 0, "MRS": 0},
        pieces=[[20, 38], [20, 40]],
    )
    # Jokers may replace any of the 4 cards: every mix is offered, fewest jokers first.
    assert [t for t in texts(g) if t.startswith("harbor")] == [
        "harbor EDI 2red-train-h 2red-ship",
        "harbor EDI 1red-train-h 2red-ship 1joker",
        "harbor EDI 2red-train-h 1red-ship 1joker",
        "harbor EDI 1red-train-h 1red-ship 2joker",
        "harbor EDI 2red-train-h 2joker",
        "harbor EDI 2red-ship 2joker",
        "harbor EDI 2black-ship 2joker",
    ]
    assert "same color" in illegal(g, "harbor EDI 2red-train-h 1red-ship 1black-ship")
    g.apply("harbor EDI 2red-train-h 2red-ship")
    assert g.view(0)["players"][0]["harbors_left"] == 0
    g.apply("draw train")
    g.apply("draw train")
    assert not any(t.startswith("harbor") for t in texts(g))


def test_rulebook_harbor_example_scores_30_each() -> None:
    routes = {
        r: 0
        for r in [
            "BUE-CPT-1",
            "CPT-DAR-1",
            "DAR-JKT-1",
            "JKT-MNL",
            "JKT-PER",
            "PER-SYD-1",
            "HAM-MRS-1",
            "CAS-MRS",
            "CAS-LAG",
            "LAD-LAG-1",
            "DAR-LAD",
            "DAR-DJI-1",
        ]
    }
    g = wgame(
        routes=routes,
        pieces=[[5, 21], [20, 40]],
        harbors={"BUE": 0, "DAR": 0},
        tickets=[["BUE-MNL", "BUE-SYD", "HAM-DAR", "LAG-LAD-DAR-DJI"], []],
    )
    sc = score_of(g, 0)
    assert sc["harbors"] == [
        {"city": "BUE", "completed": 2, "value": 30},
        {"city": "DAR", "completed": 2, "value": 30},
    ]
    assert sc["harbor_points"] == 60 and sc["unbuilt_harbors"] == 1 and sc["unbuilt_penalty"] == -4
    status = {t["id"]: (t["status"], t["value"]) for t in sc["tickets"]}
    assert status == {
        "BUE-MNL": ("done", 17),
        "BUE-SYD": ("done", 13),
        "HAM-DAR": ("done", 8),
        "LAG-LAD-DAR-DJI": ("in_order", 9),
    }
    assert sc["completed"] == 4
    assert sc["total"] == sc["routes"] + 17 + 13 + 8 + 9 + 60 - 4
    assert score_of(g, 1)["total"] == -12  # three unbuilt harbors


def test_harbor_values_by_completed_tickets() -> None:
    routes = {"CAI-THR-1": 0, "ATH-CAI": 0, "ATH-MRS": 0}
    base = dict(routes=routes, pieces=[[19, 37], [20, 40]], harbors={"CAI": 0})
    assert score_of(wgame(**base, tickets=[[], []]), 0)["harbors"][0]["value"] == 0
    assert score_of(wgame(**base, tickets=[["MRS-CAI"], []]), 0)["harbors"][0]["value"] == 20
    # Failed tickets naming the city do not count; three or more completed give 40.
    g = wgame(**base, tickets=[["MRS-CAI", "CAS-CAI-THR", "CCS-CAI", "CAI-SYD"], []])
    assert score_of(g, 0)["harbors"][0] == {"city": "CAI", "completed": 1, "value": 20}
    g = wgame(
        routes=dict(routes, **{"CAI-CAS": 0}),
        pieces=[[16, 37], [20, 40]],
        harbors={"CAI": 0},
        tickets=[["MRS-CAI", "CAS-CAI-THR", "CCS-CAI"], []],
    )
    assert score_of(g, 0)["harbors"][0] == {"city": "CAI", "completed": 2, "value": 30}
    g = wgame(
        routes=dict(routes, **{"CAI-CAS": 0, "CCS-LAG": 0, "CAS-LAG": 0}),
        pieces=[[12, 30], [20, 40]],
        harbors={"CAI": 0},
        tickets=[["MRS-CAI", "CAS-CAI-THR", "CCS-CAI"], []],
    )
    assert score_of(g, 0)["harbors"][0] == {"city": "CAI", "completed": 3, "value": 40}


# ---------------------------------------------------------------------------- itineraries
def test_itinerary_in_order_connected_and_penalty() -> None:
    ticket = [["CAS-CAI-THR"], []]
    in_order = wgame(routes={"CAI-CAS": 0, "CAI-THR-1": 0}, pieces=[[16, 40], [20, 40]], tickets=ticket)
    assert score_of(in_order, 0)["tickets"][0]["status"] == "in_order"
    assert score_of(in_order, 0)["itineraries"] == 9
    # Casablanca → Marseille → Athina → Tehran → Cairo: all connected, but Cairo is reached last.
    connected = wgame(
        routes={"CAS-MRS": 0, "ATH-MRS": 0, "ATH-THR": 0, "CAI-THR-1": 0},
        pieces=[[16, 38], [20, 40]],
        tickets=ticket,
    )
    assert score_of(connected, 0)["tickets"][0]["status"] == "connected"
    assert score_of(connected, 0)["itineraries"] == 6
    assert score_of(connected, 0)["completed"] == 1
    failed = wgame(routes={"CAI-CAS": 0}, pieces=[[17, 40], [20, 40]], tickets=ticket)
    assert score_of(failed, 0)["itineraries"] == -15 and score_of(failed, 0)["completed"] == 0


def test_itinerary_in_order_is_a_trail() -> None:
    ticket = [["THR-LHE-MUM-BKK"], []]
    # Tehran → Mumbai → Lahore and back to Mumbai would use Lahore–Mumbai twice: not in order.
    spur = {"MUM-THR-1": 0, "LHE-MUM-1": 0, "BKK-MUM-1": 0}
    g = wgame(routes=spur, pieces=[[13, 40], [20, 40]], tickets=ticket)
    assert score_of(g, 0)["tickets"][0]["status"] == "connected"
    assert score_of(g, 0)["itineraries"] == 9
    # With Tehran–Lahore the trail Tehran → Lahore → Mumbai → Bangkok exists.
    g = wgame(routes=dict(spur, **{"LHE-THR": 0}), pieces=[[11, 40], [20, 40]], tickets=ticket)
    assert score_of(g, 0)["tickets"][0]["status"] == "in_order"
    assert score_of(g, 0)["itineraries"] == 13
    # Revisiting a city over different routes is fine (a trail, not a path).
    loop = {"CAI-DJI-1": 0, "DAR-DJI-1": 0, "CPT-DAR-1": 0, "CPT-LAD": 0, "LAD-LAG-1": 0}
    g = wgame(routes=loop, pieces=[[11, 40], [20, 40]], tickets=[["LAG-LAD-DAR-DJI"], []])
    assert score_of(g, 0)["tickets"][0]["status"] == "in_order"


def test_in_order_search_handles_dense_networks() -> None:
    rng = random.Random(3)
    n_routes = len(V.board.routes)
    tickets = [t for t in V.board.tickets if len(t.cities) > 2]
    for _ in range(30):
        owned = sorted(rng.sample(range(n_routes), 45))
        for t in tickets:
            V.in_order(owned, t.cities)  # must finish quickly


# ---------------------------------------------------------------------------- tickets
def test_draw_four_tickets_keep_at_least_one() -> None:
    g = wgame(ticket_deck=["MRS-JKT", "LAG-THR", "JKT-SYD", "HAM-BEI", "MOS-PET"])
    g.apply("tickets")
    assert g.phase == "keep_tickets"
    offered = [t["id"] for t in g.view(0)["me"]["offered"]]
    assert sorted(offered) == sorted(["MRS-JKT", "LAG-THR", "JKT-SYD", "HAM-BEI"])
    assert len(g.legal_actions()) == 15
    g.apply(g.legal_actions()[0])
    assert g.current_player == 1 and g.view(0)["players"][0]["tickets"] == 1
    g.apply("tickets")
    assert "MOS-PET" in [t["id"] for t in g.view(1)["me"]["offered"]]


def test_two_city_ticket_plus_or_minus() -> None:
    g = wgame(
        routes={"CAI-THR-1": 0, "ATH-CAI": 0, "ATH-MRS": 0},
        pieces=[[19, 37], [20, 40]],
        tickets=[["MRS-CAI", "NYC-MRS"], []],
    )
    sc = score_of(g, 0)
    assert sc["tickets_won"] == 5 and sc["tickets_lost"] == 10 and sc["ticket_points"] == -5


# ---------------------------------------------------------------------------- exchange
def test_exchange_limits_and_penalty() -> None:
    g = wgame()
    ex = [t for t in texts(g) if t.startswith("exchange")]
    assert ex == [f"exchange ships {n}" for n in range(1, 11)] + [f"exchange trains {n}" for n in range(1, 6)]
    assert "box holds only 5 trains" in illegal(g, "exchange trains 6")
    g.apply("exchange trains 3")
    p0 = g.view(1)["players"][0]
    assert (p0["trains"], p0["ships"], p0["box_trains"], p0["box_ships"]) == (23, 37, 2, 13)
    assert p0["score"] == -3 and p0["exchanged"] == 3
    assert score_of(g, 0)["exchange_penalty"] == -3
    g2 = wgame(pieces=[[2, 40], [20, 40]])  # the supply limits too (18 trains on the box)
    assert [t for t in texts(g2) if t.startswith("exchange ships")] == [
        "exchange ships 1",
        "exchange ships 2",
    ]


# ---------------------------------------------------------------------------- end of the game
def test_six_pieces_or_fewer_give_everyone_two_more_turns() -> None:
    g = wgame(hands=[["black-train"], []], pieces=[[3, 4], [20, 40]])
    g.apply("claim CAI-THR-1 1black-train")  # 6 pieces left
    assert g.view(0)["final_round"] and g.view(0)["final_turns_left"] == 4
    seats = []
    while not g.is_over:
        if g.phase == "main":
            seats.append(g.current_player)
        g.apply(g.legal_actions()[0])
    assert seats == [1, 0, 1, 0]


def test_end_not_triggered_above_six_pieces() -> None:
    g = wgame(hands=[["black-train"], []], pieces=[[3, 5], [20, 40]])
    g.apply("claim CAI-THR-1 1black-train")
    assert not g.view(0)["final_round"]


def test_winner_ties_most_completed_tickets_then_shared() -> None:
    routes = {"CPT-DAR-1": 0, "BKK-MUM-1": 0, "CAI-THR-1": 0, "CAS-MRS": 1, "ATH-MRS": 1, "ATH-CAI": 1}
    g = wgame(routes=routes, pieces=[[13, 40], [19, 37]], tickets=[[], ["MRS-CAI"]])
    s0, s1 = g.scores()
    assert s0["total"] == s1["total"] == -3
    assert not s0["winner"] and s1["winner"] and (s0["rank"], s1["rank"]) == (2, 1)
    g = wgame(routes={"CPT-DAR-1": 0, "BKK-MUM-1": 1}, pieces=[[17, 40], [17, 40]])
    assert [s["winner"] for s in g.scores()] == [True, True]


def test_no_longest_path_bonus() -> None:
    g = wgame(routes={"LAX-NYC-1": 0}, pieces=[[16, 40], [20, 40]])
    assert score_of(g, 0)["total"] == 7 - 12 and "longest_bonus" not in score_of(g, 0)


# ---------------------------------------------------------------------------- notation
def test_action_texts_round_trip() -> None:
    for text in [
        "draw train",
        "draw ship",
        "take 2 red-train ship",
        "claim CPT-SIO-1 3green-double",
        "claim DAR-LAD 2red-train 1black-train 1joker",
        "harbor LIM 2yellow-train-h 1yellow-ship 1joker",
        "exchange trains 3",
        "exchange ships 2",
        "pieces 20 40",
        "tickets",
        "keep JKT-SYD",
    ]:
        assert parse_action(text).text() == text
    a = parse_action("harbor LIM 2yellow-train-h 1yellow-ship 1joker")
    assert a.to_json() == {
        "text": "harbor LIM 2yellow-train-h 1yellow-ship 1joker",
        "kind": "harbor",
        "city": "LIM",
        "cards": {"yellow-train-h": 2, "yellow-ship": 1, "joker": 1},
    }
    assert Game.new("rails-and-sails", players=2).variant.name == "world"


def test_bad_setups_are_refused() -> None:
    with pytest.raises(SettingsError):
        wgame(hands=[["red-ship"] * 5, []])
    with pytest.raises(SettingsError):
        wgame(train_deck=["red-ship"])
    with pytest.raises(SettingsError):
        wgame(harbors={"MEX": 0})
    with pytest.raises(SettingsError):
        Game.new("world", players=2, setup={"routes": {"CAI-THR-1": 0}})


# ---------------------------------------------------------------------------- random games
def _scramble(state: W.WorldState, viewer: int, rng: random.Random) -> W.WorldState:
    """The same position as ``viewer`` knows it, with everything hidden from them reshuffled."""
    s = state.clone()
    others = [p for p in range(s.players) if p != viewer]
    for deck, pile in ((W.TRAIN_DECK, s.train_deck), (W.SHIP_DECK, s.ship_deck)):
        pool = list(pile)
        sizes = []
        for p in others:
            cards = [c for c in range(W.NCARDS) if W.DECK_OF[c] == deck for _ in range(s.hands[p][c])]
            sizes.append(len(cards))
            pool.extend(cards)
            for c in range(W.NCARDS):
                if W.DECK_OF[c] == deck:
                    s.hands[p][c] = 0
        rng.shuffle(pool)
        for p, k in zip(others, sizes):
            for c in pool[:k]:
                s.hands[p][c] += 1
            pool = pool[k:]
        pile[:] = pool
    pool = list(s.ticket_deck)
    for p in others:
        pool += s.tickets[p] + s.offered[p]
    rng.shuffle(pool)
    for p in others:
        k = len(s.tickets[p])
        s.tickets[p], pool = pool[:k], pool[k:]
        k = len(s.offered[p])
        s.offered[p], pool = pool[:k], pool[k:]
    s.ticket_deck = pool
    if not all(s.chosen):
        for p in others:
            if s.chosen[p]:
                t = rng.randrange(10, 26)
                s.trains[p], s.ships[p], s.box_trains[p], s.box_ships[p] = t, 60 - t, 25 - t, t - 10
    return s


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_random_games_invariants_views_and_replays(players: int) -> None:
    for seed in range(2):
        game = Game.new("world", players=players, seed=seed)
        rng = Rng.derive(seed, players, 7)
        prng = random.Random(seed)
        while not game.is_over:
            legal = game.legal_actions()
            assert legal
            assert legal == sorted(legal, key=game.variant.action_order)
            assert len({a.text() for a in legal}) == len(legal)
            for a in legal:
                assert parse_action(a.text()) == a
            clone = game.clone()
            assert clone.state.snapshot() == game.state.snapshot()
            if len(game.actions) % 7 == 0:
                viewer = prng.randrange(players)
                other = _scramble(game.state, viewer, prng)
                V.check_invariants(other)
                assert V.view(other, viewer) == V.view(game.state, viewer)
            game.apply(legal[rng.randbelow(len(legal))])
            V.check_invariants(game.state)
            assert len(game.actions) < 3000
        again = replay(json.loads(json.dumps(game.record())))
        assert again.state.snapshot() == game.state.snapshot()
        assert again.scores() == game.scores()
        assert any(s["winner"] for s in game.scores())


def test_random_games_with_greedy_claims_end_by_pieces() -> None:
    """Players who prefer claiming routes run out of pieces, and the final turns follow."""
    for players in (2, 4):
        game = Game.new("world", players=players, seed=11)
        rng = Rng(players)
        triggered = False
        while not game.is_over:
            legal = game.legal_actions()
            claim = [a for a in legal if a.keyword in ("claim", "harbor")]
            draws = [a for a in legal if a.keyword in ("draw", "take")]
            pool = claim or draws or legal
            game.apply(pool[rng.randbelow(len(pool))])
            triggered = triggered or game.view(None)["final_round"]
        assert triggered
        pieces = [p["trains"] + p["ships"] for p in game.view(None)["players"]]
        assert min(pieces) <= 6


def test_same_seed_same_deal() -> None:
    a = Game.new("world", players=4, seed="x")
    b = Game.new("world", players=4, seed="x")
    assert a.state.snapshot() == b.state.snapshot()
    s = V.new_state(Settings("world", 2, 1))
    assert len(s.train_deck) == 80 - 6 - 3 and len(s.ship_deck) == 60 - 14 - 3


def test_docs_example_replays() -> None:
    import re
    from pathlib import Path

    text = (Path(__file__).resolve().parent.parent / "docs" / "rules-world.md").read_text(encoding="utf-8")
    block = text.split("## Example")[1].split("```")[1]
    game = Game.new("world", players=2, seed=1)
    for line in block.strip().splitlines():
        game.apply(re.split(r"\s{2,}", line.strip())[0])
    assert game.view(1)["harbors"] == {"MUM": 0}
    assert game.scores()[1]["exchange_penalty"] == -2
