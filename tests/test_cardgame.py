"""The card game (issue 5): data, the 'play' action, every rule from explicit setups, the exact
ticket solver, views without hidden information, and random full games with invariants."""

from __future__ import annotations

import json
from collections.abc import Iterator
from itertools import combinations
from typing import Any

import pytest

from pyengine.errors import DataError, IllegalActionError, SettingsError
from pyengine.game import Game
from pyengine.games import get_variant
from pyengine.games.cardgame.actions import PlayCards
from pyengine.games.cardgame.data import CardTicket, load_card_data, parse_card_data
from pyengine.games.cardgame.solver import (
    CompletionSearch,
    assign_cards,
    best_completion,
    completion_key,
    feasible,
)
from pyengine.notation import parse_action
from pyengine.record import replay
from pyengine.rng import Rng

FULL_MARKET = ["black", "black", "white", "white", "orange"]


def cg(
    players: int = 2,
    seed: int = 0,
    options: dict[str, Any] | None = None,
    start_player: int = 0,
    **setup: Any,
) -> Game:
    """A card game from an explicit setup; hands start empty and tickets 'already chosen'."""
    setup.setdefault("tickets", [[] for _ in range(players)])
    setup.setdefault("hands", [[] for _ in range(players)])
    return Game.new(
        "cardgame", players=players, seed=seed, setup=setup, options=options, start_player=start_player
    )


def texts(game: Game) -> list[str]:
    return [a.text() for a in game.legal_actions()]


def me(game: Game, player: int) -> dict[str, Any]:
    return game.view(player, log=False)["me"]


def seat(game: Game, player: int, viewer: int | None = None) -> dict[str, Any]:
    return game.view(viewer, log=False)["players"][player]


# ---------------------------------------------------------------------- data
def test_data_file_counts_and_bonus_values() -> None:
    d = load_card_data()
    assert len(d.tickets) == 46 and d.total_cards == 96 and len(d.big_cities) == 6
    bonus = {d.city_ids[b.city]: b.bonus for b in d.big_cities}
    assert bonus == {"CHI": 12, "DAL": 10, "LA": 12, "MIA": 8, "NY": 15, "SEA": 8}
    assert sum(t.points for t in d.tickets) == 581
    assert sum(t.size for t in d.tickets) == 132
    lapit = d.tickets[d.ticket_index["LA-PIT"]]
    assert lapit.points == 18 and dict(zip(d.colors, lapit.need)) == {
        "red": 0,
        "orange": 0,
        "yellow": 0,
        "green": 0,
        "blue": 2,
        "purple": 1,
        "black": 0,
        "white": 1,
    }
    assert {t.id for t in d.tickets} >= {"CHI-NY", "NY-CHI"}  # the mirrored pair stays distinct


def _raw() -> dict[str, Any]:
    from importlib import resources

    return json.loads(resources.files("pyengine.games.cardgame").joinpath("cardgame.json").read_text("utf-8"))


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda r: r.update(format="railtrip-map/1"), "not a railtrip card data file"),
        (lambda r: r.update(format="railtrip-cards/9"), "unsupported format version"),
        (lambda r: r["tickets"][0].update(need=["red", "mauve"]), "unknown color 'mauve'"),
        (lambda r: r["tickets"][0].update(need=[]), "1 to 5 card colors"),
        (lambda r: r["tickets"][1].update(id=r["tickets"][0]["id"]), "duplicate ticket id"),
        (lambda r: r["tickets"][0].update(a="XXX"), "unknown city 'XXX'"),
        (lambda r: r["tickets"][0].update(points=0), "points"),
        (lambda r: r["tickets"].pop(), "expected 46 tickets, found 45"),
        (lambda r: r["cards"].update(locomotives=14), "expected 96 cards, found 94"),
        (lambda r: r["big_cities"][1].update(city="CHI"), "two bonus cards"),
        (lambda r: r.pop("tickets"), "missing field 'tickets'"),
    ],
)
def test_malformed_data_is_refused_clearly(change: Any, message: str) -> None:
    raw = _raw()
    change(raw)
    with pytest.raises(DataError, match=message):
        parse_card_data(raw, "test")


def test_variant_is_registered_with_aliases() -> None:
    assert get_variant("cardgame") is get_variant("card") is get_variant("Card-Game")
    v = get_variant("cardgame")
    assert (v.min_players, v.max_players) == (2, 4)
    board = v.board_view()
    assert board["cards"][-1] == "loco" and len(board["tickets"]) == 46
    assert sum(board["card_counts"].values()) == 96
    json.dumps(board)
    with pytest.raises(SettingsError):
        Game.new("cardgame", players=5)
    with pytest.raises(SettingsError):
        Game.new("cardgame", players=2, options={"look_at_own_pile": "yes"})


# ---------------------------------------------------------------------- the action
def test_play_text_is_canonical_and_round_trips() -> None:
    a = parse_action("play 1blue 1red 1green")
    assert isinstance(a, PlayCards) and a.text() == "play 1red 1green 1blue"
    assert parse_action("play 1loco 2red 1red").text() == "play 3red 1loco"
    assert a.to_json() == {
        "text": "play 1red 1green 1blue",
        "kind": "play",
        "cards": {"red": 1, "green": 1, "blue": 1},
    }
    for bad in ("play", "play red", "play 0red", "play 3"):
        with pytest.raises(Exception, match=r"play|card item|count"):
            parse_action(bad)
    assert parse_action("keep").text() == "keep"


# ---------------------------------------------------------------------- setup
def test_default_setup_deals_loco_seven_cards_market_and_six_tickets() -> None:
    g = Game.new("cardgame", players=3, seed=5)
    assert g.phase == "setup_tickets"
    for p in range(3):
        m = me(g, p)
        assert sum(m["hand"].values()) == 8 and m["hand"].get("loco", 0) >= 1
        assert len(m["offered"]) == 6 and m["min_keep"] == 1
    v = g.view(0, log=False)
    assert len([c for c in v["market"] if c]) == 5
    assert v["deck"] == 96 - 3 * 8 - 5
    assert "keep" not in texts(g)  # at least one ticket must be kept at the start
    assert len(g.legal_actions()) == 63
    g.apply(g.legal_actions()[0])  # keep one ticket, five are shuffled back
    assert g.view(0, log=False)["ticket_deck"] == 46 - 18 + 5
    for _ in range(2):
        g.apply(g.legal_actions()[-1])  # keep all six
    assert g.phase == "main" and g.current_player == 0
    assert [seat(g, p)["tickets"] for p in range(3)] == [1, 6, 6]
    g.variant.check_invariants(g.state)


# ---------------------------------------------------------------------- drawing
def test_face_up_locomotive_only_as_first_card_and_no_market_reset() -> None:
    g = cg(market=["loco", "loco", "loco", "red", "blue"], deck_top=["green", "white", "loco"])
    assert g.view(0, log=False)["market"] == ["loco", "loco", "loco", "red", "blue"]  # no reset
    g.apply("take 0 loco")
    assert g.current_player == 1 and me(g, 0)["hand"] == {"loco": 1}
    assert g.view(0, log=False)["market"][0] == "green"  # refilled from the deck
    g.apply("take 3 red")
    assert g.phase == "second_card"
    assert "take 1 loco" not in texts(g) and "take 0 green" in texts(g)
    with pytest.raises(IllegalActionError, match="only be taken as the first card"):
        g.apply("take 1 loco")
    g.apply("draw")  # a blind locomotive is a normal card
    assert me(g, 1)["hand"] == {"red": 1, "loco": 1} and g.current_player == 0


# ---------------------------------------------------------------------- the rail yard
def test_set_play_locomotives_on_top_and_phase_one_moves_top_cards() -> None:
    g = cg(hands=[["red", "red", "red", "red", "loco", "loco", "blue"], ["green"]])
    legal = texts(g)
    assert "play 1red 1loco" in legal and "play 4red 2loco" in legal and "play 2red" in legal
    assert "play 1red" not in legal and "play 1blue 1loco" in legal
    assert not any(t.startswith("play") and "loco" in t and t.count(" ") > 2 for t in legal)
    g.apply("play 2red 1loco")
    assert seat(g, 0)["yard"] == {"red": {"cards": 2, "locos": 1}}
    g.apply("draw")
    g.apply("draw")
    # Phase 1 happened as player 0's turn started: the locomotive on top moved first.
    assert g.current_player == 0
    assert seat(g, 0)["yard"] == {"red": {"cards": 2, "locos": 0}}
    assert seat(g, 0)["pile"] == 1
    assert g.log[-1]["auto"] == [
        {"kind": "phase1", "player": 0, "rows": ["red"], "moved": ["loco"], "cards": 1}
    ]
    # Own row: red is blocked until the row is empty.
    assert not any(t.startswith("play") and "red" in t for t in texts(g))
    with pytest.raises(IllegalActionError, match="already have a red row"):
        g.apply("play 1red 1loco")
    g.variant.check_invariants(g.state)


def test_phase_one_at_game_start_and_row_empties_after_enough_turns() -> None:
    g = cg(yards=[{"red": ["red", "red", "loco"], "blue": ["blue"]}, {}], hands=[["red", "red"], []])
    # The start player's phase 1 has already run: loco (red row) and blue moved.
    assert seat(g, 0)["yard"] == {"red": {"cards": 2, "locos": 0}} and seat(g, 0)["pile"] == 2
    assert "play 2red" not in texts(g)
    g.apply("draw")
    g.apply("draw")
    g.apply("draw")
    g.apply("draw")
    assert seat(g, 0)["yard"] == {"red": {"cards": 1, "locos": 0}}
    g.apply("draw")
    g.apply("draw")
    g.apply("draw")
    g.apply("draw")
    assert seat(g, 0)["yard"] == {} and seat(g, 0)["pile"] == 4
    assert "play 2red" in texts(g)  # the row is empty again


def test_raid_discards_the_whole_row_and_is_logged() -> None:
    g = cg(
        yards=[{}, {"blue": ["blue", "blue", "loco"]}], hands=[["blue", "blue", "blue", "loco", "red"], []]
    )
    legal = texts(g)
    # Player 1's blue row holds 3 cards: 4 or more blue cards (locomotives count) are needed.
    assert "play 3blue" not in legal and "play 2blue 1loco" not in legal
    assert "play 3blue 1loco" in legal
    with pytest.raises(IllegalActionError, match="player 1 has a blue row of 3 card"):
        g.apply("play 2blue 1loco")
    discard = g.view(0, log=False)["discard"]
    g.apply("play 3blue 1loco")
    ev = g.log[-1]
    assert ev["raids"] == [{"victim": 1, "color": "blue", "discarded": 3, "played": 4}]
    assert seat(g, 1)["yard"] == {} and seat(g, 0)["yard"] == {"blue": {"cards": 3, "locos": 1}}
    assert g.view(0, log=False)["discard"] == discard + 3
    g.variant.check_invariants(g.state)


def test_rulebook_example_three_blue_raid_one_blue() -> None:
    # Johannes laid blue, red, yellow; Paul plays 3 blue; Johannes discards his blue card.
    g = cg(hands=[["blue", "red", "yellow"], ["blue", "blue", "blue"]])
    g.apply("play 1red 1yellow 1blue")
    assert seat(g, 0)["yard"] == {c: {"cards": 1, "locos": 0} for c in ("red", "yellow", "blue")}
    assert "play 2blue" in texts(g)  # 2 > 1 already raids
    g.apply("play 3blue")
    assert g.log[-1]["raids"] == [{"victim": 0, "color": "blue", "discarded": 1, "played": 3}]
    # Then Johannes' turn starts: his red and yellow cards move to his on-the-way pile.
    assert g.log[-1]["auto"] == [
        {"kind": "phase1", "player": 0, "rows": ["red", "yellow"], "moved": ["red", "yellow"], "cards": 2}
    ]
    assert seat(g, 0)["yard"] == {} and seat(g, 0)["pile"] == 2


def test_three_different_colors_without_locomotives() -> None:
    g = cg(yards=[{}, {"green": ["green"]}], hands=[["red", "orange", "green", "blue", "loco"], []])
    plays = [t for t in texts(g) if t.startswith("play")]
    # Green lies in player 1's yard: a single green card cannot raid it.
    assert [t for t in plays if t.count(" ") == 3] == ["play 1red 1orange 1blue"]
    # A set of two may be one colored card and a locomotive (green needs more than 1 card).
    assert [t for t in plays if t.count(" ") < 3] == [
        "play 1red 1loco",
        "play 1orange 1loco",
        "play 1green 1loco",
        "play 1blue 1loco",
    ]
    for bad, why in [
        ("play 1red 1orange 1loco", "colored card|without locomotives"),
        ("play 1red 1orange", "exactly 3 cards"),
        ("play 1red 1orange 1green", "one card cannot raid"),
        ("play 2red", "you have 1 red"),
    ]:
        with pytest.raises(IllegalActionError, match=why):
            g.apply(bad)
    g.apply("play 1blue 1red 1orange")  # any order parses
    assert set(seat(g, 0)["yard"]) == {"red", "orange", "blue"}


def test_pure_locomotive_set_is_not_a_play() -> None:
    g = cg(hands=[["loco", "loco", "loco"], []])
    assert not any(t.startswith("play") for t in texts(g))
    with pytest.raises(IllegalActionError, match="at least one colored card"):
        g.apply("play 3loco")


# ---------------------------------------------------------------------- tickets
def test_draw_four_tickets_keep_any_number_including_zero() -> None:
    g = cg(ticket_deck=["CHI-NY", "NY-CHI", "SEA-LA", "DAL-MIA", "LA-NY"])
    g.apply("tickets")
    legal = texts(g)
    assert len(legal) == 16 and legal[0] == "keep"
    assert me(g, 0)["min_keep"] == 0 and len(me(g, 0)["offered"]) == 4
    g.apply("keep")
    assert seat(g, 0)["tickets"] == 0 and g.current_player == 1
    # Returned tickets went under the deck: the fifth is on top now.
    g.apply("tickets")
    assert "keep LA-NY" in texts(g)
    g.apply("keep LA-NY")
    assert [t["id"] for t in me(g, 1)["tickets"]] == ["LA-NY"]
    assert "action" not in g.event(-1, 0) and g.event(-1, 1)["action"] == "keep LA-NY"


# ---------------------------------------------------------------------- end of a half
def test_final_round_after_the_deck_runs_out() -> None:
    g = cg(
        deck=["red", "blue", "green"],
        market=list(FULL_MARKET),
        tickets=[["CHI-NY"], ["NY-CHI"]],
        piles=[["yellow"], []],
    )
    g.apply("draw")
    g.apply("draw")
    g.apply("draw")  # player 1 draws the last card ...
    assert g.phase == "second_card" and "draw" not in texts(g)
    g.apply("take 0 black")  # ... and the face-up card is not replaced
    assert g.view(0, log=False)["market"][0] is None
    assert g.log[-1]["auto"][0] == {"kind": "final_round", "player": 1, "turns": 2}
    v = g.view(0, log=False)
    assert v["final_round"] and v["final_turns_left"] == 2
    assert "draw" not in texts(g)
    g.apply("take 1 black")
    g.apply("take 2 white")
    assert g.current_player == 1 and not g.is_over  # the drawer gets a last turn too
    g.apply("take 3 white")
    g.apply("take 4 orange")
    assert g.is_over
    kinds = [a["kind"] for a in g.log[-1]["auto"]]
    assert kinds == ["half_end", "game_over"]
    sc = g.scores()
    assert sc[0]["tickets_won"] == 5 and sc[0]["halves"][0]["tickets"][0]["cards"] == {"yellow": 1}
    assert sc[1]["tickets_lost"] == 5 and sc[1]["total"] == -5
    # Chicago and New York bonuses: player 0 completed one ticket naming each.
    assert sc[0]["bonus_points"] == 27 and sc[0]["total"] == 32 and sc[0]["winner"]
    g.variant.check_invariants(g.state)


def test_player_who_cannot_draw_must_play_or_take_tickets() -> None:
    g = cg(deck=[], market=[None] * 5, hands=[["red", "red"], []])
    assert g.view(0, log=False)["final_round"]
    assert texts(g) == ["play 2red", "tickets"]
    g.apply("tickets")
    g.apply("keep")
    # Player 1 has nothing to play; tickets remain possible.
    assert texts(g) == ["tickets"]


def test_pass_only_when_nothing_is_possible() -> None:
    names = [t.id for t in load_card_data().tickets]
    g = cg(deck=[], market=[None] * 5, tickets=[names[:23], names[23:]])
    assert texts(g) == ["pass"]
    g.apply("pass")
    g.apply("pass")
    assert g.is_over


def test_second_half_with_four_players() -> None:
    g = cg(
        players=4,
        deck=["red"],
        market=list(FULL_MARKET),
        hands=[["red", "red", "loco"], ["purple", "purple"], ["green"], ["yellow", "yellow"]],
        tickets=[["CHI-NY", "SEA-LA"], ["DAL-MIA"], [], []],
        piles=[["yellow"], ["green", "red"], [], []],
        yards=[{}, {"blue": ["blue", "blue"]}, {}, {}],
    )
    g.apply("draw")  # the last card
    g.apply("take 0 black")
    g.apply("take 1 black")
    g.apply("take 2 white")  # player 1 (phase 1 moved a blue)
    g.apply("take 3 white")
    g.apply("take 4 orange")  # player 2
    g.apply("play 2yellow")  # player 3
    assert g.current_player == 0 and not g.is_over
    hands_before = [seat(g, p)["hand"] for p in range(4)]
    g.apply("play 3red 1loco")  # player 0: the last turn of the half
    assert not g.is_over and g.view(0, log=False)["half"] == 2
    kinds = [a["kind"] for a in g.log[-1]["auto"]]
    assert kinds == ["half_end", "second_half"]
    end = g.log[-1]["auto"][0]
    assert end["results"][0]["completed"] == [{"id": "CHI-NY", "points": 5, "cards": {"yellow": 1}}]
    assert end["results"][1]["completed"] == [{"id": "DAL-MIA", "points": 9, "cards": {"green": 1, "red": 1}}]
    # The left neighbour of the last player starts; hand cards stay, 4 new cards each.
    assert g.current_player == 1 and g.log[-1]["auto"][1]["start"] == 1
    hands_after = [seat(g, p)["hand"] for p in range(4)]
    assert hands_after == [hands_before[0] - 4 + 4] + [h + 4 for h in hands_before[1:]]
    assert [t["id"] for t in me(g, 0)["tickets"]] == ["SEA-LA"]  # uncompleted ticket kept
    v = g.view(None, log=False)
    assert all(p["yard"] == {} and p["pile"] == 0 for p in v["players"])
    assert v["discard"] == 0 and len([c for c in v["market"] if c]) == 5
    assert v["deck"] == 96 - sum(hands_after) - 5
    g.variant.check_invariants(g.state)
    rng = Rng(3)
    while not g.is_over:
        legal = g.legal_actions()
        g.apply(legal[rng.randbelow(len(legal))])
        g.variant.check_invariants(g.state)
    sc = g.scores()
    assert [h["half"] for h in sc[0]["halves"]] == [1, 2]
    assert sc[0]["halves"][0]["tickets"][0]["id"] == "CHI-NY"
    assert all(s["total"] == s["tickets_won"] - s["tickets_lost"] + s["bonus_points"] for s in sc)


# ---------------------------------------------------------------------- the solver
def _tickets(*ids: str) -> list[Any]:
    d = load_card_data()
    return [d.tickets[d.ticket_index[i]] for i in ids]


def _pile(**counts: int) -> list[int]:
    order = ["red", "orange", "yellow", "green", "blue", "purple", "black", "white", "loco"]
    return [counts.get(c, 0) for c in order]


def test_solver_finds_the_best_combination_not_the_greedy_one() -> None:
    # SEA-MIA (22) takes red, red, orange, black, white. Greedy by value takes it and nothing
    # else fits; DAL-MIA (9) + NY-MIA (10) + SEA-LA (9) = 28 uses the same cards better.
    hand = _tickets("SEA-MIA", "DAL-MIA", "NY-MIA", "SEA-LA")
    pile = _pile(red=2, orange=1, black=1, white=1, green=1, blue=1)
    key, chosen = best_completion(hand, pile)
    assert [hand[i].id for i in chosen] == ["DAL-MIA", "NY-MIA", "SEA-LA"]
    assert key == (56, 3, 0)
    used = assign_cards([hand[i].need + (0,) for i in chosen], pile)
    assert [sum(u) for u in used] == [2, 2, 2]


def test_solver_uses_locomotives_for_any_color() -> None:
    hand = _tickets("LA-PIT")  # blue, blue, purple, white
    assert best_completion(hand, _pile(blue=1, purple=1, white=1, loco=1))[1] == (0,)
    assert best_completion(hand, _pile(blue=1, purple=1, white=1, red=5))[1] == ()
    assert assign_cards([hand[0].need + (0,)], _pile(blue=1, purple=1, white=1, loco=1)) == [
        tuple(_pile(blue=1, purple=1, white=1, loco=1))
    ]


def _random_hands(rng: Rng, count: int, most: int) -> Iterator[tuple[list[CardTicket], list[int]]]:
    """``count`` random hands of 1 to ``most`` tickets, each with a random on-the-way pile."""
    d = load_card_data()
    for _ in range(count):
        ids = list(range(46))
        rng.shuffle(ids)
        hand = [d.tickets[i] for i in ids[: rng.randbelow(most) + 1]]
        yield hand, [rng.randbelow(4) for _ in range(8)] + [rng.randbelow(4)]


def test_solver_is_exact_against_brute_force() -> None:
    rng = Rng(11)
    for trial, (hand, pile) in enumerate(_random_hands(rng, 150, 9)):
        goals = [rng.randbelow(3) for _ in range(6)] if trial % 2 else []
        bonus = [12, 10, 12, 8, 15, 8] if goals else []
        best = max(
            completion_key(hand, sub, goals, bonus)
            for k in range(len(hand) + 1)
            for sub in combinations(range(len(hand)), k)
            if feasible([hand[i].need for i in sub], pile)
        )
        key, chosen = best_completion(hand, pile, goals, bonus)
        assert key == best, (trial, [t.id for t in hand], pile, goals)
        assert feasible([hand[i].need for i in chosen], pile)
        assert completion_key(hand, chosen, goals, bonus) == key


def test_one_search_serves_every_goal_vector_as_a_fresh_one() -> None:
    """A CompletionSearch asked bonus-blind, then for several goals and incumbents (as the end
    of a half asks it), answers each exactly as a fresh best_completion would."""
    rng = Rng(7)
    for hand, pile in _random_hands(rng, 60, 10):
        search = CompletionSearch(hand, pile)
        _, incumbent = search.best()
        for _ in range(3):
            goals = [rng.randbelow(3) for _ in range(6)]
            bonus = [12, 10, 12, 8, 15, 8]
            got = search.best(goals, bonus, incumbent)
            assert got == best_completion(hand, pile, goals, bonus, incumbent)
            incumbent = got[1]


def test_end_of_half_prefers_a_lower_ticket_that_wins_bonuses() -> None:
    # One black and one white card: LA-VAN (10, names Los Angeles) or SEA-LA (9, names Seattle
    # and Los Angeles). Points alone say LA-VAN; the player's score says SEA-LA:
    # 9 - 10 + 12 + 8 = 19 against 10 - 9 + 12 = 13.
    g = cg(deck=[], market=[None] * 5, tickets=[["LA-VAN", "SEA-LA"], []], piles=[["black", "white"], []])
    g.apply("tickets")
    g.apply("keep")
    g.apply("tickets")
    g.apply("keep")
    sc = g.scores()
    assert [t["id"] for t in sc[0]["halves"][0]["tickets"]] == ["SEA-LA"]
    assert sc[0]["total"] == 19 and {b["city"] for b in sc[0]["bonuses"]} == {"SEA", "LA"}


def test_end_of_half_bonus_choice_reacts_to_the_other_player() -> None:
    # Player 1 completes two Los Angeles and two Seattle tickets, so player 0 can win neither
    # bonus with one ticket: then the points decide, and LA-VAN (10) beats SEA-LA (9).
    g = cg(
        deck=[],
        market=[None] * 5,
        tickets=[["LA-VAN", "SEA-LA"], ["LA-DAL", "LA-HOU", "SEA-DEN", "SEA-PHX"]],
        piles=[
            ["black", "white"],
            ["white", "green", "white", "green", "orange", "black", "green", "black", "orange", "white"],
        ],
    )
    g.apply("tickets")
    g.apply("keep")
    g.apply("tickets")
    g.apply("keep")
    sc = g.scores()
    assert {t["id"] for t in sc[1]["halves"][0]["tickets"]} == {"LA-DAL", "LA-HOU", "SEA-DEN", "SEA-PHX"}
    assert [t["id"] for t in sc[0]["halves"][0]["tickets"]] == ["LA-VAN"]


def test_big_city_ties_give_every_tied_player_the_bonus() -> None:
    g = cg(
        deck=[],
        market=[None] * 5,
        tickets=[["CHI-DAL"], ["CHI-MIA"]],
        piles=[["yellow", "green"], ["yellow", "red"]],
    )
    g.apply("tickets")
    g.apply("keep")
    g.apply("tickets")
    g.apply("keep")
    sc = g.scores()
    assert sc[0]["bonuses"] == [{"city": "CHI", "bonus": 12}, {"city": "DAL", "bonus": 10}]
    assert sc[1]["bonuses"] == [{"city": "CHI", "bonus": 12}, {"city": "MIA", "bonus": 8}]
    assert (sc[0]["total"], sc[1]["total"]) == (6 + 22, 10 + 20)
    v = g.view(None, log=False)
    assert [b["leaders"] for b in v["bonus_cards"] if b["city"] == "CHI"] == [[0, 1]]


def test_tiebreak_most_completed_tickets_then_bonus_cards() -> None:
    v = get_variant("cardgame")
    g = cg(completed=[["DAL-WIN"], ["NY-CHI", "CHI-DAL"]], tickets=[[], ["LA-CHI", "SEA-PHX"]])
    sc = v.scores(g.state)
    # 11 + Dallas 10 (tied) = 21 against 5 + 6 + Dallas 10 + Chicago 12 + New York 15 - 27 = 21:
    # two completed tickets beat one.
    assert [s["total"] for s in sc] == [21, 21]
    assert [s["winner"] for s in sc] == [False, True] and [s["rank"] for s in sc] == [2, 1]
    # Equal points and tickets: more bonus cards wins. Player 0: 5 + Chicago 12 + New York 15
    # - 11 (DAL-WIN left in hand) = 21 with 2 bonus cards; player 1: 6 + New York 15 = 21 with 1.
    g2 = cg(completed=[["CHI-NY"], ["NY-SSM"]], tickets=[["DAL-WIN"], []])
    sc2 = v.scores(g2.state)
    assert [s["total"] for s in sc2] == [21, 21] and [s["completed"] for s in sc2] == [1, 1]
    assert [s["bonus_cards"] for s in sc2] == [2, 1]
    assert [s["winner"] for s in sc2] == [True, False] and [s["rank"] for s in sc2] == [1, 2]
    # Everything equal: both win.
    g3 = cg(completed=[["DAL-WIN", "NY-CHI"], ["DAL-RAL", "CHI-NY"]], tickets=[["SEA-LA"], ["CHI-DAL"]])
    sc3 = v.scores(g3.state)
    assert [s["total"] for s in sc3] == [44, 44] and [s["winner"] for s in sc3] == [True, True]


# ---------------------------------------------------------------------- views
def test_views_hide_hands_tickets_and_piles() -> None:
    a = cg(
        hands=[["red", "red", "blue"], ["green"]],
        tickets=[["CHI-NY"], ["SEA-LA"]],
        piles=[["yellow", "loco"], ["black"]],
        market=list(FULL_MARKET),
    )
    b = cg(
        hands=[["white", "loco", "orange"], ["green"]],
        tickets=[["LA-NY"], ["SEA-LA"]],
        piles=[["purple", "purple"], ["black"]],
        market=list(FULL_MARKET),
    )
    # What player 1 and spectators see does not depend on player 0's secrets.
    for viewer in (1, None):
        va, vb = a.view(viewer, log=False), b.view(viewer, log=False)
        va.pop("deck"), vb.pop("deck")
        assert va == vb
    v0 = a.view(0, log=False)
    assert "pile" not in v0["me"] and v0["players"][0]["pile"] == 2
    assert v0["players"][1]["hand"] == 1 and v0["players"][1]["tickets"] == 1
    look = cg(options={"look_at_own_pile": True}, piles=[["yellow", "loco"], ["black"]])
    assert look.view(0, log=False)["me"]["pile"] == {"yellow": 1, "loco": 1}
    assert "me" not in look.view(None, log=False)
    text = json.dumps(look.view(1, log=False))
    assert "yellow" not in text


# ---------------------------------------------------------------------- random full games
@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_with_every_check(players: int) -> None:
    v = get_variant("cardgame")
    for seed in range(8):
        g = Game.new("cardgame", players=players, seed=seed, options={"look_at_own_pile": seed % 2 == 1})
        rng = Rng.derive(seed, players, 7)
        while not g.is_over:
            legal = g.legal_actions()
            assert legal
            assert legal == sorted(legal, key=v.action_order)
            assert len({a.text() for a in legal}) == len(legal)
            for a in legal:
                assert parse_action(a.text()) == a
            clone = g.clone()
            assert clone.state.snapshot() == g.state.snapshot()
            p = g.current_player
            view = g.view(p)
            json.dumps(view)
            for info in view["players"]:
                assert set(info) == {
                    "seat",
                    "hand",
                    "tickets",
                    "yard",
                    "pile",
                    "completed",
                    "completed_points",
                    "choosing_tickets",
                }
                assert isinstance(info["hand"], int) and isinstance(info["pile"], int)
            assert ("pile" in view["me"]) == (seed % 2 == 1)
            g.apply(legal[rng.randbelow(len(legal))])
            v.check_invariants(g.state)
            assert len(g.actions) < 3000
        again = replay(json.loads(json.dumps(g.record())))
        assert again.state.snapshot() == g.state.snapshot()
        assert again.scores() == g.scores()
        assert again.log == g.log
        sc = g.scores()
        assert any(s["winner"] for s in sc) and sorted(s["rank"] for s in sc)[0] == 1
        assert g.log[-1]["auto"][-1]["kind"] == "game_over"
        assert len([e for e in g.log for a in e.get("auto", []) if a["kind"] == "half_end"]) == (
            2 if players == 4 else 1
        )


def test_docs_example_replays() -> None:
    import re
    from pathlib import Path

    text = (Path(__file__).resolve().parent.parent / "docs" / "rules-cardgame.md").read_text("utf-8")
    block = text.split("### Example")[1].split("```")[1]
    g = cg(
        deck=["red", "blue", "green"],
        market=list(FULL_MARKET),
        tickets=[["CHI-NY"], []],
        piles=[["yellow"], []],
    )
    for line in block.strip().splitlines():
        g.apply(re.split(r"\s{2,}", line.strip())[0])
    assert g.is_over and g.scores()[0]["halves"][0]["tickets"][0]["id"] == "CHI-NY"
