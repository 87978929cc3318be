"""Scenario tests for every rule of the classic game (shared/rules/usa.md), from explicit setups."""

from __future__ import annotations

import pytest
from helpers import cards_except, hand, texts, usa_game

from pyengine.errors import IllegalActionError, SettingsError
from pyengine.game import Game
from pyengine.games import Settings, get_variant
from pyengine.mechanics.graph import components
from pyengine.mechanics.routes import OpenRoutes, twin_closure
from pyengine.rng import Rng

FIVE = ["red", "blue", "green", "yellow", "black"]


# --- drawing train cards ---------------------------------------------------------------------
def test_face_up_locomotive_as_first_card_is_the_whole_turn() -> None:
    g = usa_game(market=["loco", "red", "blue", "green", "black"], train_deck=["white"] * 5)
    g.apply("take 0 loco")
    assert g.current_player == 1 and g.phase == "main"
    assert hand(g, 0) == {"loco": 1}
    assert g.view(None)["market"][0] == "white"  # refilled from the deck top


def test_face_up_locomotive_not_allowed_as_second_card() -> None:
    g = usa_game(market=["red", "loco", "blue", "green", "black"], train_deck=["white"] * 5)
    g.apply("take 0 red")
    assert g.phase == "second_card"
    assert "take 1 loco" not in texts(g)
    with pytest.raises(IllegalActionError, match="locomotive can only be taken as the first card"):
        g.apply("take 1 loco")
    g.apply("take 2 blue")
    assert hand(g, 0) == {"red": 1, "blue": 1}


def test_locomotive_turned_up_by_the_first_pick_is_not_a_second_card() -> None:
    g = usa_game(market=["red", "blue", "green", "yellow", "black"], train_deck=["loco", "white"])
    g.apply("take 0 red")
    assert g.view(None)["market"][0] == "loco"
    assert "take 0 loco" not in texts(g)


def test_blind_locomotive_counts_as_a_normal_card() -> None:
    g = usa_game(market=FIVE, train_deck=["loco", "white"])
    g.apply("draw")
    assert g.phase == "second_card" and g.current_player == 0
    g.apply("draw")
    assert hand(g, 0) == {"loco": 1, "white": 1}
    assert g.current_player == 1


def test_three_face_up_locomotives_reset_the_market() -> None:
    g = usa_game(
        market=["loco", "loco", "red", "blue", "green"],
        train_deck=["loco", "white", "white", "white", "white", "white"],
    )
    g.apply("take 2 red")  # replaced by a locomotive: three locomotives face up
    market = g.view(None)["market"]
    assert market == ["white"] * 5
    assert g.view(None)["discard"] == 5
    assert g.state.market_redeals == 1


def test_market_reset_is_bounded_when_only_locomotives_are_left() -> None:
    # Everything but locomotives sits in the two hands: no market without 3 locomotives exists.
    colors = ["red", "orange", "yellow", "green", "blue", "purple", "black", "white"]
    hands = [[c for c in colors for _ in range(6)], [c for c in colors for _ in range(6)]]
    g = usa_game(hands=hands, market=["loco"] * 5)
    assert g.view(None)["market"] == ["loco"] * 5  # left as is, no endless loop
    g.apply("take 0 loco")  # still playable
    assert g.current_player == 1


def test_empty_deck_is_replaced_by_the_shuffled_discard_pile() -> None:
    market = ["red", "orange", "yellow", "green", "blue"]
    discard = ["purple", "black", "white", "loco", "loco", "loco"]
    rest = cards_except(market, discard)
    g = usa_game(hands=[rest[:50], rest[50:]], market=market, discard=discard)
    assert g.view(None)["deck"] == 0 and g.view(None)["discard"] == 6
    g.apply("draw")
    view = g.view(None)
    assert view["deck"] == 5 and view["discard"] == 0
    g.variant.check_invariants(g.state)  # no card lost in the reshuffle


def test_no_cards_to_draw_from_the_deck_but_face_up_cards_remain() -> None:
    market = ["blue", "purple", "black", "white", "loco"]
    rest = cards_except(market)
    g = usa_game(hands=[rest[:50], rest[50:]], market=market)
    assert "draw" not in texts(g)
    g.apply("take 0 blue")  # the slot stays empty
    assert g.view(None)["market"][0] is None
    assert g.phase == "second_card"
    assert "take 4 loco" not in texts(g)
    g.apply("take 1 purple")
    assert g.current_player == 1


def test_first_card_ends_the_turn_when_no_second_card_exists() -> None:
    market = ["white", "loco", "loco", None, None]
    rest = cards_except(market)
    g = usa_game(hands=[rest[:50], rest[50:]], market=market)
    g.apply("take 0 white")
    assert g.current_player == 1, "with no second card available the action ends with one card"


# --- claiming routes ----------------------------------------------------------------------------
def test_rulebook_example_colored_and_gray_routes() -> None:
    # "Montréal–New York needs a set of three blue cards; Montréal–Toronto any three of one color."
    g = usa_game(hands=[["blue"] * 3 + ["red"] * 3 + ["green"] * 2, []], market=FIVE)
    legal = texts(g)
    assert "claim MTL-NY 3blue" in legal
    assert not any(t.startswith("claim MTL-NY 3red") for t in legal)
    assert {"claim MTL-TOR 3blue", "claim MTL-TOR 3red"} <= set(legal)
    assert not any(t.startswith("claim MTL-TOR") and "green" in t for t in legal)
    with pytest.raises(IllegalActionError, match="one color"):
        g.apply("claim MTL-TOR 2red 1blue")
    g.apply("claim MTL-NY 3blue")
    assert g.view(None)["routes"] == {"MTL-NY": 0}
    assert g.view(None)["players"][0]["score"] == 4
    assert g.view(None)["players"][0]["trains"] == 42
    assert g.view(None)["discard"] == 3


def test_locomotives_replace_any_card_and_all_locomotive_sets_are_legal() -> None:
    g = usa_game(hands=[["black"] * 2 + ["loco"] * 4, []], market=FIVE)
    legal = texts(g)
    assert "claim DEN-KC-1 2black 2loco" in legal
    assert "claim DEN-KC-1 4loco" in legal
    assert "claim DEN-KC-1 1black 3loco" in legal
    g.apply("claim DEN-KC-1 4loco")
    assert hand(g, 0) == {"black": 2}


def test_not_enough_cards_or_trains() -> None:
    g = usa_game(hands=[["red"] * 6, []], market=FIVE, trains=[5, 45])
    assert "claim ELP-LA 6red" not in texts(g)  # gray length 6 needs 6 trains
    with pytest.raises(IllegalActionError, match="needs 6 trains and you have 5"):
        g.apply("claim ELP-LA 6red")
    with pytest.raises(IllegalActionError, match="you have 0 blue"):
        g.apply("claim MTL-NY 3blue")


def test_last_trains_are_spendable() -> None:
    g = usa_game(hands=[["blue"] * 3, []], market=FIVE, trains=[3, 45])
    g.apply("claim MTL-NY 3blue")
    assert g.view(None)["players"][0]["trains"] == 0


def test_claimed_route_cannot_be_claimed_again() -> None:
    g = usa_game(hands=[[], ["blue"] * 3], market=FIVE, routes={"MTL-NY": 0})
    g.apply("draw")
    g.apply("draw")
    with pytest.raises(IllegalActionError, match="already claimed"):
        g.apply("claim MTL-NY 3blue")


@pytest.mark.parametrize("players", [2, 3])
def test_double_route_with_two_or_three_players_only_one_track_is_usable(players: int) -> None:
    hands = [["red"] * 2 + ["yellow"] * 2] + [["yellow"] * 2] * (players - 1)
    g = usa_game(players, hands=hands, market=FIVE)
    g.apply("claim BOS-NY-1 2red")
    assert not any(t.startswith("claim BOS-NY-2") for t in texts(g))
    with pytest.raises(IllegalActionError, match="only one track"):
        g.apply("claim BOS-NY-2 2yellow")


@pytest.mark.parametrize("players", [4, 5])
def test_double_route_with_four_or_five_players(players: int) -> None:
    hands = [["red"] * 2 + ["yellow"] * 2] + [["yellow"] * 2] * (players - 1)
    g = usa_game(players, hands=hands, market=FIVE)
    g.apply("claim BOS-NY-1 2red")
    g.apply("claim BOS-NY-2 2yellow")  # another player may take the other track
    assert g.view(None)["routes"] == {"BOS-NY-1": 0, "BOS-NY-2": 1}


def test_one_player_never_claims_both_tracks() -> None:
    g = usa_game(4, hands=[["red"] * 2 + ["yellow"] * 2, [], [], []], market=FIVE, routes={"BOS-NY-1": 0})
    assert not any(t.startswith("claim BOS-NY-2") for t in texts(g))
    with pytest.raises(IllegalActionError, match="already own the other track"):
        g.apply("claim BOS-NY-2 2yellow")


def test_open_twin_at_four_players_is_refused_for_its_real_reason() -> None:
    """With 4+ players a twin owned by someone else does not close the track: a claim without the
    cards is refused for the cards, and the view closes the track only to its twin's owner."""
    g = usa_game(4, hands=[["red"], ["yellow"] * 2, [], []], market=FIVE, routes={"BOS-NY-1": 1})
    with pytest.raises(IllegalActionError) as refused:
        g.apply("claim BOS-NY-2 2yellow")
    assert "double route" not in str(refused.value)
    assert "BOS-NY-2" not in g.view(0)["closed_routes"]
    assert g.view(1)["closed_routes"]["BOS-NY-2"] == "twin_yours"


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_open_route_masks_follow_the_claims(players: int) -> None:
    """The state's per-seat open routes (updated claim by claim) always equal those worked out
    from the owners afresh, through random games with both double-route rules."""
    v = get_variant("usa")
    for seed in range(3):
        s = v.new_state(Settings("usa", players, seed, options={}))
        rng = Rng(seed)
        while not v.is_over(s):
            legal = v.legal_actions(s)
            v.apply(s, legal[rng.randbelow(len(legal))])
            assert s.open == OpenRoutes(v.route_partner).seat_masks(s.owner, players)


@pytest.mark.parametrize("players", [2, 3])
def test_view_names_tracks_the_double_route_rule_closes(players: int) -> None:
    g = usa_game(players, routes={"BOS-NY-1": 1})
    assert g.view(0)["closed_routes"] == {"BOS-NY-2": "twin_taken"}
    assert g.view(1)["closed_routes"] == {"BOS-NY-2": "twin_yours"}
    assert g.view(None)["closed_routes"] == {"BOS-NY-2": "twin_taken"}


@pytest.mark.parametrize("variant", ["usa", "world"])
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_every_view_lists_exactly_the_tracks_twin_closure_closes(variant: str, players: int) -> None:
    """The views' closed routes (from the board position's masks) are, route for route and in
    route order, what the rule's own ``twin_closure`` says, for every seat and a spectator."""
    g = Game.new(variant, players=players, seed=players)
    v, rng = g.variant, Rng(players)
    while not g.is_over:
        for seat in [*range(players), None]:
            expected = {
                rid: why
                for r, rid in enumerate(v.route_ids)
                if g.state.owner[r] < 0
                and (why := twin_closure(g.state.owner, v.route_partner, r, seat, players)) is not None
            }
            assert list(g.view(seat, log=False)["closed_routes"].items()) == list(expected.items())
        g.apply(rng.choice(g.legal_actions()))


@pytest.mark.parametrize("players", [2, 4])
def test_remembered_networks_complete_the_same_tickets_as_a_fresh_union_find(players: int) -> None:
    """The views and scores read each seat's network from ``NetworkLabels`` (remembered by its
    routes): through random games its ticket checks equal a union-find over the owners afresh."""
    g = Game.new("usa", players=players, seed=11 + players)
    v, rng = g.variant, Rng(players)
    while not g.is_over:
        for seat in range(players):
            owned = [v.route_ends[r] for r, o in enumerate(g.state.owner) if o == seat]
            labels = components(len(v.board.cities), owned)
            fresh = [
                labels[v.ticket_cities[t][0]] == labels[v.ticket_cities[t][1]] for t in g.state.tickets[seat]
            ]
            assert v.ticket_done(g.state, seat) == fresh
            if seat == g.current_player:
                assert [t["completed"] for t in g.view(seat, log=False)["me"]["tickets"]] == fresh
        g.apply(rng.choice(g.legal_actions()))
    assert [sc["completed"] for sc in sorted(g.scores(), key=lambda sc: sc["seat"])] == [
        sum(v.ticket_done(g.state, seat)) for seat in range(players)
    ]


# --- tickets ------------------------------------------------------------------------------------
def test_initial_tickets_keep_at_least_two_of_three() -> None:
    g = Game.new(
        "usa",
        players=2,
        seed=0,
        setup={"ticket_deck": ["BOS-MIA", "DEN-ELP", "LA-NY", "SEA-NY", "DUL-HOU", "CHI-NO"]},
    )
    assert g.phase == "setup_tickets" and g.current_player == 0
    offered = [t["id"] for t in g.view(0)["me"]["offered"]]
    assert sorted(offered) == ["BOS-MIA", "DEN-ELP", "LA-NY"]
    keeps = [a for a in g.legal_actions()]
    assert all(len(a.tickets) >= 2 for a in keeps) and len(keeps) == 4
    with pytest.raises(IllegalActionError, match="at least 2"):
        g.apply("keep BOS-MIA")
    g.apply("keep BOS-MIA DEN-ELP")
    assert g.current_player == 1
    g.apply("keep CHI-NO DUL-HOU SEA-NY")
    assert g.phase == "main" and g.current_player == 0
    # The returned ticket went to the bottom of the ticket deck.
    assert g.state.ticket_deck[0] == g.variant.board.ticket_index["LA-NY"]


def test_later_ticket_draw_keeps_at_least_one_and_returns_to_bottom() -> None:
    g = usa_game(market=FIVE, ticket_deck=["BOS-MIA", "DEN-ELP", "LA-NY", "SEA-NY"])
    g.apply("tickets")
    assert g.phase == "keep_tickets"
    assert len(g.legal_actions()) == 7  # every non-empty subset of 3
    g.apply("keep LA-NY")
    assert [t["id"] for t in g.view(0)["me"]["tickets"]] == ["LA-NY"]
    bottom = [g.variant.board.tickets[t].id for t in g.state.ticket_deck[:2]]
    assert sorted(bottom) == ["BOS-MIA", "DEN-ELP"]
    assert g.variant.board.tickets[g.state.ticket_deck[-1]].id == "SEA-NY"  # still on top


def test_fewer_than_three_tickets_left() -> None:
    board = Game.new("usa", players=2).variant.board
    all_ids = [board.tickets[t].id for t in board.ticket_sets["base30"]]  # the classic deck
    g = usa_game(market=FIVE, tickets=[all_ids[:14], all_ids[14:28]])
    assert g.view(None)["ticket_deck"] == 2
    g.apply("tickets")
    assert len(g.view(0)["me"]["offered"]) == 2
    g.apply(g.legal_actions()[0])
    g.apply("draw")
    g.apply("draw")
    g.apply(g.legal_actions()[-1] if texts(g)[-1] == "tickets" else "tickets")
    assert g.view(None)["ticket_deck"] >= 0


def test_ticket_deck_empty_means_no_ticket_draw() -> None:
    board = Game.new("usa", players=2).variant.board
    all_ids = [board.tickets[t].id for t in board.ticket_sets["base30"]]  # the classic deck
    g = usa_game(market=FIVE, tickets=[all_ids[:15], all_ids[15:]])
    assert "tickets" not in texts(g)
    with pytest.raises(IllegalActionError, match="ticket deck is empty"):
        g.apply("tickets")


# --- end of the game -----------------------------------------------------------------------------
def test_two_trains_left_gives_everyone_exactly_one_more_turn() -> None:
    g = usa_game(3, hands=[["blue"] * 3, [], []], market=FIVE, trains=[5, 45, 45])
    g.apply("claim MTL-NY 3blue")  # seat 0 ends its turn with 2 trains
    view = g.view(None)
    assert view["final_round"] and view["final_turns_left"] == 3
    for _ in range(2):  # seats 1 and 2
        g.apply("draw")
        g.apply("draw")
        assert not g.is_over
    g.apply("draw")  # seat 0's last turn
    g.apply("draw")
    assert g.is_over
    with pytest.raises(IllegalActionError, match="game is over"):
        g.apply("draw")


def test_three_trains_do_not_trigger_the_end() -> None:
    g = usa_game(hands=[["blue"] * 3, []], market=FIVE, trains=[6, 45])
    g.apply("claim MTL-NY 3blue")
    assert not g.view(None)["final_round"]


def test_everyone_passing_ends_a_degenerate_game() -> None:
    board = Game.new("usa", players=2).variant.board
    all_ids = [board.tickets[t].id for t in board.ticket_sets["base30"]]  # the classic deck
    # No cards to draw, no tickets, no trains to claim anything: both players can only pass.
    market = [None] * 5
    rest = cards_except()
    g = usa_game(
        hands=[rest[:55], rest[55:]], market=market, tickets=[all_ids[:15], all_ids[15:]], trains=[0, 0]
    )
    assert texts(g) == ["pass"]
    with pytest.raises(IllegalActionError):
        g.apply("draw")
    g.apply("pass")
    assert not g.is_over
    g.apply("pass")
    assert g.is_over


# --- scoring ---------------------------------------------------------------------------------------
def _final(g: Game) -> list[dict]:
    return g.variant.scores(g.state)


def test_ticket_scoring_plus_and_minus() -> None:
    g = usa_game(tickets=[["DEN-ELP", "BOS-MIA"], []], routes={"DEN-SFE": 0, "ELP-SFE": 0})
    s = _final(g)[0]
    assert s["tickets_won"] == 4 and s["tickets_lost"] == 12
    assert [t["completed"] for t in s["tickets"]] == [True, False]
    assert s["routes"] == 4 and s["total"] == 4 + 4 - 12 + 10


def test_longest_path_tie_gives_both_players_ten() -> None:
    # Seat 0: Seattle–Portland–San Francisco (1 + 5); seat 1: Denver–Kansas City–Saint Louis (4 + 2).
    g = usa_game(routes={"POR-SEA-1": 0, "POR-SF-1": 0, "DEN-KC-1": 1, "KC-STL-1": 1})
    s = _final(g)
    assert s[0]["longest_path"] == s[1]["longest_path"] == 6
    assert s[0]["longest_bonus"] == s[1]["longest_bonus"] == 10


def test_longest_path_counts_loops_and_branches_correctly() -> None:
    # A loop Seattle–Portland (1, twice: both tracks impossible; use a real triangle instead):
    # Helena–Seattle 6, Seattle–Portland 1, Portland–Salt Lake City 6, Salt Lake City–Helena 3,
    # plus a branch Helena–Duluth 6. A trail may pass Helena twice: 6+6+1+6+3 = 22.
    g = usa_game(4, routes={"HEL-SEA": 0, "POR-SEA-1": 0, "POR-SLC": 0, "HEL-SLC": 0, "DUL-HEL": 0})
    s = _final(g)
    assert s[0]["longest_path"] == 22
    assert sorted(s[0]["longest_path_routes"]) == sorted(
        ["HEL-SEA", "POR-SEA-1", "POR-SLC", "HEL-SLC", "DUL-HEL"]
    )


def test_longest_path_branch_does_not_count() -> None:
    # Star around Denver: only two arms can be in one trail.
    g = usa_game(4, routes={"DEN-SFE": 0, "DEN-KC-1": 0, "DEN-OMA": 0})
    assert _final(g)[0]["longest_path"] == 4 + 4


def test_winner_tiebreak_most_completed_tickets() -> None:
    # Seat 0: 7 + 1 route points, longest 4 (+10) = 18. Seat 1: 2 + 2 points, ticket +4,
    # longest 4 (+10) = 18. Equal totals: seat 1 completed more tickets and wins alone.
    g = usa_game(
        tickets=[[], ["DEN-ELP"]], routes={"DEN-KC-1": 0, "SEA-VAN-1": 0, "DEN-SFE": 1, "ELP-SFE": 1}
    )
    s = _final(g)
    assert s[0]["total"] == s[1]["total"] == 18
    assert s[1]["winner"] and not s[0]["winner"]


def test_winner_tiebreak_longest_path_then_shared() -> None:
    # Seat 0: one length-6 route, 15 + 10 = 25. Seat 1: 5 + 5 + 3 + 1, disconnected: 25, path 5.
    g = usa_game(routes={"ELP-LA": 0, "ATL-MIA": 1, "MTL-SSM": 1, "CAL-VAN": 1, "KC-OMA-1": 1})
    s = _final(g)
    assert s[0]["total"] == s[1]["total"] == 25
    assert s[0]["longest_path"] == 6 and s[1]["longest_path"] == 5
    assert s[0]["winner"] and not s[1]["winner"]
    g = usa_game(routes={"DEN-SFE": 0, "ELP-SFE": 1})
    s = _final(g)
    assert s[0]["total"] == s[1]["total"] == 12
    assert s[0]["winner"] and s[1]["winner"]  # still tied: shared win


def test_explicit_setup_is_validated() -> None:
    with pytest.raises(SettingsError, match="more red cards"):
        Game.new("usa", players=2, setup={"hands": [["red"] * 13, []]})
    with pytest.raises(SettingsError, match="unknown card"):
        Game.new("usa", players=2, setup={"market": ["pink"] * 5})
    with pytest.raises(SettingsError, match="unknown ticket"):
        Game.new("usa", players=2, setup={"ticket_deck": ["X-Y"]})
    with pytest.raises(SettingsError, match="2–5 players"):
        Game.new("usa", players=6)
