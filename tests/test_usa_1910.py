"""Scenario tests for the USA 1910 ways of play (shared/rules/usa-1910.md): the ``tickets`` option."""

from __future__ import annotations

import json
from typing import Any

import pytest
from helpers import texts

from pyengine import cli
from pyengine.errors import RecordError, SettingsError
from pyengine.game import Game
from pyengine.games import get_variant
from pyengine.games.usa.tickets import WAYS_OF_PLAY
from pyengine.links import deal_link, decode_link, game_link
from pyengine.record import replay

WAYS = ["classic", "classic1910", "1910", "mega", "bigcities"]


def way_game(way: str, players: int = 2, seed: int = 0, **setup: Any) -> Game:
    """A game of one way of play; with a setup, hands start empty and tickets 'already chosen'."""
    if setup:
        setup.setdefault("tickets", [[] for _ in range(players)])
        setup.setdefault("hands", [[] for _ in range(players)])
    return Game.new("usa", players=players, seed=seed, options={"tickets": way}, setup=setup or None)


def deck_ids(way: str) -> list[str]:
    v = get_variant("usa")
    return [v.board.tickets[t].id for t in v.decks[way]]  # type: ignore[attr-defined]


# --- the ticket decks -----------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("way", "count", "points"),
    [
        ("classic", 30, 349),
        ("classic1910", 30, 344),
        ("1910", 35, 391),
        ("mega", 69, 754),
        ("bigcities", 35, 389),
    ],
)
def test_deck_size_and_points(way: str, count: int, points: int) -> None:
    board = get_variant("usa").board
    ids = deck_ids(way)
    assert len(ids) == len(set(ids)) == count
    assert sum(board.tickets[board.ticket_index[t]].points for t in ids) == points
    g = way_game(way, players=5, seed=4)
    s = g.state
    assert len(s.ticket_deck) + sum(len(o) for o in s.offered) == count  # every card in play once


def test_the_reprinted_cards_carry_the_lower_1910_values() -> None:
    board = get_variant("usa").board
    points = {t.id: t.points for t in board.tickets}
    assert {t: points[t] for t in ("LA-MIA", "LA-NY", "SSM-OKC", "SEA-NY")} == {
        "LA-MIA": 20,
        "LA-NY": 21,
        "SSM-OKC": 9,
        "SEA-NY": 22,
    }
    for way in ("classic1910", "mega"):
        ids = deck_ids(way)
        assert {"LA-MIA-1910", "LA-NY-1910", "SSM-OKC-1910", "SEA-NY-1910"} <= set(ids)
        assert not {"LA-MIA", "LA-NY", "SSM-OKC", "SEA-NY"} & set(ids)  # no 2004 card in 1910 ways
    assert points["LA-MIA-1910"] == 19 and points["SEA-NY-1910"] == 20
    assert "MTL-CHI" not in deck_ids("classic1910")  # [decision] no Mystery Train tickets there
    assert "MTL-CHI" in deck_ids("mega") and "CHI-NY" in deck_ids("mega")


def test_big_cities_deck_is_the_35_tickets_of_the_rule_sheet() -> None:
    # The spec's list (usa-1910.md, "Big Cities"), in its order: 15 reprints, 1 Mystery Train, 19 new.
    expected = [
        "BOS-MIA",
        "CHI-NO",
        "CHI-SFE",
        "DAL-NY",
        "DUL-HOU",
        "HEL-LA",
        "KC-HOU",
        "LA-CHI",
        "LA-MIA-1910",
        "LA-NY-1910",
        "NY-ATL",
        "SEA-LA",
        "SEA-NY-1910",
        "TOR-MIA",
        "WIN-HOU",
        "MTL-CHI",
        "CHI-ATL",
        "CHI-BOS",
        "CHI-NY",
        "DUL-DAL",
        "HOU-WAS",
        "LV-MIA",
        "LV-NY",
        "LA-ATL",
        "LA-CAL",
        "LA-OKC",
        "MTL-DAL",
        "NAS-NY",
        "NY-MIA",
        "POR-HOU",
        "SLC-CHI",
        "SSM-MIA",
        "SEA-LV",
        "SEA-OKC",
        "STL-MIA",
    ]
    assert sorted(deck_ids("bigcities")) == sorted(expected)
    board = get_variant("usa").board
    per_city = {
        c: sum(1 for t in expected if c in board.tickets[board.ticket_index[t]].id.split("-")[:2])
        for c in ("CHI", "LA", "NY", "MIA", "HOU", "SEA", "DAL")
    }
    assert per_city == {"CHI": 8, "LA": 8, "NY": 8, "MIA": 7, "HOU": 5, "SEA": 4, "DAL": 3}
    assert "SSM-OKC-1910" not in deck_ids("bigcities")  # no big city on it


def test_the_data_file_is_checked_set_by_set_on_load() -> None:
    import copy

    from pyengine.errors import DataError
    from pyengine.mechanics.mapdata import parse_board

    raw = copy.deepcopy(get_variant("usa").board.raw)
    parse_board(raw)  # as shipped
    raw["tickets"][-1]["points"] = 21  # SEA-NY-1910 printed 20
    with pytest.raises(DataError, match="ticket set 'base30_1910' should have 30 tickets worth 344"):
        parse_board(raw)
    raw = copy.deepcopy(get_variant("usa").board.raw)
    raw["tickets"][0]["sets"] = "base30"
    with pytest.raises(DataError, match="must list its sets"):
        parse_board(raw)


# --- dealing and keeping --------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("way", "deal", "keep", "start_choices", "draw", "draw_choices"),
    [
        ("classic", 3, 2, 4, 3, 7),
        ("classic1910", 3, 2, 4, 3, 7),
        ("1910", 3, 2, 4, 3, 7),
        ("mega", 5, 3, 16, 4, 15),
        ("bigcities", 4, 2, 11, 4, 15),
    ],
)
def test_deal_keep_and_draw_counts(
    way: str, deal: int, keep: int, start_choices: int, draw: int, draw_choices: int
) -> None:
    g = way_game(way, players=3, seed=11)
    for seat in range(3):
        me = g.view(seat, log=False)["me"]
        assert len(me["offered"]) == deal and me["min_keep"] == keep
        assert len(g.legal_actions()) == start_choices
        assert all(len(a.tickets) >= keep for a in g.legal_actions())  # type: ignore[attr-defined]
        g.apply(g.legal_actions()[0])  # keeps the minimum
        assert len(g.view(seat, log=False)["me"]["tickets"]) == keep
    assert g.phase == "main"
    g.apply("tickets")
    offered = g.state.offered[0]
    assert len(offered) == draw and len(g.legal_actions()) == draw_choices
    assert g.log[-1]["count"] == draw
    keep_one = g.legal_actions()[0]
    g.apply(keep_one)
    kept = {g.variant.board.ticket_index[t] for t in keep_one.tickets}  # type: ignore[attr-defined]
    returned = sorted(t for t in offered if t not in kept)
    assert g.state.ticket_deck[: draw - 1] == returned[::-1]  # unkept tickets go to the bottom


def test_a_short_ticket_deck_deals_what_is_left_and_keep_one_still_applies() -> None:
    ids = deck_ids("mega")
    g = way_game("mega", tickets=[ids[:33], ids[33:67]])
    assert len(g.state.ticket_deck) == 2
    g.apply("tickets")
    assert len(g.state.offered[0]) == 2
    assert [len(a.tickets) for a in g.legal_actions()] == [1, 1, 2]  # type: ignore[attr-defined]


def test_unknown_way_and_foreign_tickets_are_refused() -> None:
    with pytest.raises(SettingsError, match="tickets must be one of classic, classic1910, 1910"):
        way_game("mega2")
    with pytest.raises(SettingsError, match="tickets must be one of"):
        Game.new("usa", players=2, options={"tickets": 1910})
    with pytest.raises(SettingsError, match="not in the classic deck"):
        way_game("classic", tickets=[["CHI-NY"], []])  # a 1910 card
    with pytest.raises(SettingsError, match="not in the 1910 deck"):
        way_game("1910", tickets=[["BOS-MIA"], []])


# --- bonuses --------------------------------------------------------------------------------------
# Seat 0 completes Chicago–New York (Chicago–Pittsburgh 3, Pittsburgh–New York 2); seat 1 completes
# Denver–Saint Louis (Denver–Kansas City 4, Kansas City–Saint Louis 2; longest path 6).
ONE_EACH = {
    "tickets": [["CHI-NY"], ["DEN-STL"]],
    "routes": {"CHI-PIT-1": 0, "NY-PIT-1": 0, "DEN-KC-1": 1, "KC-STL-1": 1},
}


def test_1910_globetrotter_tie_gives_every_tied_player_15_and_no_longest_path() -> None:
    s = way_game("1910", **json.loads(json.dumps(ONE_EACH))).scores()
    assert [sc["completed"] for sc in s] == [1, 1]
    assert [sc["globetrotter_bonus"] for sc in s] == [15, 15]
    assert [sc["globetrotter_won"] for sc in s] == [True, True]
    assert [sc["longest_bonus"] for sc in s] == [0, 0]  # seat 1 has the longest path: no bonus
    assert [sc["total"] for sc in s] == [4 + 2 + 5 + 15, 7 + 2 + 6 + 15]


def test_globetrotter_at_zero_completed_goes_to_everyone() -> None:
    s = way_game("1910", routes={"ELP-LA": 0}).scores()
    assert [sc["globetrotter_bonus"] for sc in s] == [15, 15]  # [decision] a plain maximum


def test_mega_scores_both_bonuses_one_player_may_win_both() -> None:
    setup = json.loads(json.dumps(ONE_EACH))
    setup["tickets"][0].append("NAS-NY")
    setup["routes"]["NAS-PIT"] = 0  # seat 0: Chicago–Pittsburgh–Nashville is 7 long
    s = way_game("mega", **setup).scores()
    assert [sc["completed"] for sc in s] == [2, 1]
    assert (s[0]["globetrotter_bonus"], s[0]["longest_bonus"]) == (15, 10)
    assert (s[1]["globetrotter_bonus"], s[1]["longest_bonus"]) == (0, 0)
    assert s[0]["total"] == 4 + 2 + 7 + 5 + 6 + 15 + 10


def test_big_cities_scores_no_bonus() -> None:
    s = way_game(
        "bigcities", tickets=[["CHI-NY"], []], routes={"CHI-PIT-1": 0, "NY-PIT-1": 0, "ELP-LA": 1}
    ).scores()
    assert [sc["completed"] for sc in s] == [1, 0]
    assert all(sc["globetrotter_bonus"] == 0 and sc["longest_bonus"] == 0 for sc in s)
    assert [sc["total"] for sc in s] == [4 + 2 + 5, 15]


def test_classic_with_1910_cards_scores_longest_path_only() -> None:
    s = way_game("classic1910", tickets=[["LA-MIA-1910"], []], routes={"ELP-LA": 1}).scores()
    assert [sc["longest_bonus"] for sc in s] == [0, 10]
    assert all(sc["globetrotter_bonus"] == 0 for sc in s)
    assert s[0]["tickets_lost"] == 19  # the reprint's value


@pytest.mark.parametrize("way", ["1910", "bigcities"])
def test_longest_path_breaks_ties_where_it_scores_no_bonus(way: str) -> None:
    # Seat 0: El Paso–Los Angeles (6 long, 15 points). Seat 1: 5 + 3 + 1 apart (15 points, path 5).
    s = way_game(way, routes={"ELP-LA": 0, "ATL-MIA": 1, "CAL-VAN": 1, "KC-OMA-1": 1}).scores()
    assert s[0]["total"] == s[1]["total"] and s[0]["completed"] == s[1]["completed"] == 0
    assert [sc["longest_bonus"] for sc in s] == [0, 0]
    assert s[0]["winner"] and not s[1]["winner"]  # [decision] the path still breaks the tie


def test_most_completed_tickets_break_a_tie_before_the_longest_path() -> None:
    # Seat 0: Chicago–New York done (4 + 2 + 5 = 11, path 5). Seat 1: Denver–Helena–Salt Lake City
    # (7 + 4 = 11, path 7). Equal totals: the completed ticket decides, not the longer path.
    s = way_game(
        "bigcities",
        tickets=[["CHI-NY"], []],
        routes={"CHI-PIT-1": 0, "NY-PIT-1": 0, "DEN-HEL": 1, "HEL-SLC": 1},
    ).scores()
    assert s[0]["total"] == s[1]["total"] == 11
    assert s[1]["longest_path"] > s[0]["longest_path"]
    assert s[0]["winner"] and not s[1]["winner"]


# --- what players see ---------------------------------------------------------------------------
def _play_to_the_end(g: Game) -> None:
    while not g.is_over:
        g.apply(g.legal_actions()[0])


def test_opponents_completed_counts_stay_hidden_until_the_end() -> None:
    g = way_game(
        "1910",
        trains=[2, 2],
        market=["red", "blue", "green", "yellow", "black"],
        **json.loads(json.dumps(ONE_EACH)),
    )
    for seat in (0, 1, None):
        view = g.view(seat)
        assert view["bonuses"] == {"globetrotter": 15}  # shown from the start
        assert view["tickets_option"] == "1910"
        assert all("completed" not in p for p in view["players"])
        assert "scores" not in view
        if seat is not None:
            assert view["me"]["completed"] == 1
            others = json.dumps({k: v for k, v in view.items() if k != "me"})
            assert "DEN-STL" not in others and "CHI-NY" not in others
    _play_to_the_end(g)
    final = g.view(1)["scores"]
    assert [sc["completed"] for sc in final] == [1, 1]
    assert [sc["globetrotter_won"] for sc in final] == [True, True]


def test_every_way_shows_its_bonuses_and_deal_from_the_start() -> None:
    board = get_variant("usa").board_view()
    for way in WAYS:
        info = board["ticket_options"][way]
        assert len(info["deck"]) == len(deck_ids(way))
        assert way_game(way).view(0)["bonuses"] == info["bonuses"]
    assert board["ticket_options"]["bigcities"]["big_cities"] == [
        "CHI",
        "DAL",
        "HOU",
        "LA",
        "MIA",
        "NY",
        "SEA",
    ]
    assert board["ticket_options"]["mega"]["bonuses"] == {"longest_path": 10, "globetrotter": 15}
    assert set(board["ticket_options"]) == set(WAYS_OF_PLAY) == set(WAYS)


# --- records, links, command line ----------------------------------------------------------------
@pytest.mark.parametrize("way", WAYS[1:])
def test_records_and_links_carry_the_way_of_play(way: str) -> None:
    g = way_game(way, players=3, seed="links")
    for _ in range(12):
        g.apply(g.legal_actions()[-1])
    rec = g.record()
    assert rec["options"] == {"tickets": way}
    again = replay(json.loads(json.dumps(rec)))
    assert again.state.snapshot() == g.state.snapshot() and again.state.way.name == way
    assert decode_link(game_link(g))["record"]["options"] == {"tickets": way}
    deal = decode_link(deal_link(g))["record"]
    fresh = Game.new("usa", players=3, seed=deal["seed"], options=deal["options"])
    assert (
        fresh.view(0)["me"]["offered"]
        == Game.new("usa", players=3, seed="links", options={"tickets": way}).view(0)["me"]["offered"]
    )


def test_an_old_record_opens_as_the_classic_game() -> None:
    old = {
        "format": "railtrip-record",
        "version": 1,
        "rules": "usa/1",
        "variant": "usa",
        "players": 2,
        "seed": 1,
        "actions": ["keep CAL-PHX CAL-SLC HEL-LA"],
    }
    g = replay(old)
    assert g.state.way.name == "classic" and g.view(0)["bonuses"] == {"longest_path": 10}
    with pytest.raises(RecordError, match="option tickets must be one of"):
        replay({**old, "options": {"tickets": "huge"}})


def test_cli_takes_options_and_lists_them(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["simulate", "--games", "2", "--players", "3", "--option", "tickets=mega", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["options"] == {"tickets": "mega"} and out["games"] == 2
    assert cli.main(["simulate", "--games", "1", "--option", "tickets"]) == 2
    assert "key=value" in capsys.readouterr().err
    assert (
        cli.main(
            ["tournament", "--bots", "normal,easy", "--games", "1", "--option", "tickets=1910", "--json"]
        )
        == 0
    )
    assert json.loads(capsys.readouterr().out)["options"] == {"tickets": "1910"}
    assert cli.main(["variants", "--json"]) == 0
    usa = next(v for v in json.loads(capsys.readouterr().out)["variants"] if v["name"] == "usa")
    assert usa["options"]["tickets"] == {"default": "classic", "values": WAYS}


# --- bots ------------------------------------------------------------------------------------------
@pytest.mark.parametrize("way", WAYS[1:])
def test_bots_play_every_way_to_the_end(way: str) -> None:
    from pyengine.bots import bot_action

    g = way_game(way, players=2, seed=5)
    seats = ["hard", "normal"]
    while not g.is_over:
        g.apply(bot_action(g, seats[g.current_player]))
    kept = [len(sc["tickets"]) for sc in g.scores()]
    assert min(kept) >= WAYS_OF_PLAY[way].start_keep_min


def test_globetrotter_makes_a_completed_ticket_worth_more_to_the_bots() -> None:
    from pyengine.bots.usa.board_model import Situation, board_model

    model = board_model(get_variant("usa").board_view())
    values = {way: Situation.from_view(way_game(way).view(0), model).completed_ticket_value() for way in WAYS}
    assert values["1910"] == values["mega"] > 0
    assert values["classic"] == values["classic1910"] == values["bigcities"] == 0
    assert "keep" in texts(way_game("mega"))[0]
