"""Rails & Sails payments: every payment the rules allow is legal, cheapest first.

Scenario tests from the rulebook (shared/rules/world.md, "Claim a route" and "Build a harbor"),
and an independent model of the payment rules checked against ``legal_actions()`` over random
hands: the legal payments are exactly the sub-multisets of the hand the rules accept.
"""

from __future__ import annotations

import itertools
from collections import Counter

import pytest
from test_world import claims, texts, wgame

from pyengine.game import Game
from pyengine.games import get_variant
from pyengine.games.world import state as W
from pyengine.rng import Rng

V = get_variant("world")


def test_rulebook_white_ship_route_two_doubles_or_four_singles_or_a_mix() -> None:
    # "A white 4-space ship route: 2 double ships, or 4 single ships, or 2 singles + 1 double."
    g = wgame(hands=[["white-double"] * 2 + ["white-ship"] * 4, []])
    assert claims(g, "DAR-MUM") == [
        "claim DAR-MUM 2white-double",
        "claim DAR-MUM 2white-ship 1white-double",
        "claim DAR-MUM 4white-ship",
    ]
    g.apply("claim DAR-MUM 4white-ship")
    assert g.view(0)["me"]["hand"] == {"white-double": 2}


def test_rulebook_jokers_replace_any_number_of_cards() -> None:
    # 3 purple train cards and 3 jokers pay a purple 3-route in every mix, all jokers included.
    g = wgame(hands=[["purple-train"] * 3 + ["joker"] * 3, []])
    assert claims(g, "MUM-THR-1") == [
        "claim MUM-THR-1 3purple-train",
        "claim MUM-THR-1 2purple-train 1joker",
        "claim MUM-THR-1 1purple-train 2joker",
        "claim MUM-THR-1 3joker",
    ]
    g.apply("claim MUM-THR-1 2purple-train 1joker")
    assert g.view(0)["me"]["hand"] == {"purple-train": 1, "joker": 2}


def test_harbor_symbol_cards_and_jokers_in_a_harbor() -> None:
    cards = ["green-train-h"] * 2 + ["green-train"] + ["green-ship"] * 2 + ["joker"] * 4
    g = wgame(hands=[cards, []], routes={"CCS-LIM-2": 0}, pieces=[[18, 40], [20, 40]])
    lima = [t for t in texts(g) if t.startswith("harbor LIM")]
    assert lima[0] == "harbor LIM 2green-train-h 2green-ship"  # the cheapest is proposed
    assert lima[-1] == "harbor LIM 4joker"
    assert "harbor LIM 1green-train-h 3joker" in lima and len(lima) == 9
    assert not any("green-train " in t + " " for t in lima)  # never a card without the symbol


def test_legal_claims_are_sorted_cheapest_first_per_route() -> None:
    g = wgame(hands=[["red-train", "red-train-h"] * 3 + ["joker"] * 4 + ["red-double", "red-ship"] * 3, []])
    by_route: dict[str, list[tuple[int, int]]] = {}
    for a in g.legal_actions():
        if a.keyword == "claim":
            pay = tuple((W.CARD_INDEX[name], n) for name, n in a.cards)
            by_route.setdefault(a.route, []).append(W.payment_rank(pay))
    assert by_route and all(ranks == sorted(ranks) for ranks in by_route.values())


# ---------------------------------------------------------------------- an independent model
def _one_color(cards: Counter[int]) -> set[int]:
    return {c // 4 for c in cards if c != W.JOKER}


def _rules_accept_route(r: int, cards: Counter[int]) -> bool:
    """The rulebook's payment rules, written from world.md without the engine's enumeration."""
    length, color, rough = V.route_length[r], V.route_color[r], V.route_rough[r]
    jokers = cards[W.JOKER]
    if V.route_ship[r]:
        if any(c != W.JOKER and c % 4 not in (W.SHIP, W.DOUBLE) for c in cards):
            return False
        if len(_one_color(cards)) > 1 or (color >= 0 and _one_color(cards) - {color}):
            return False
        sizes = [2 if c != W.JOKER and c % 4 == W.DOUBLE else 1 for c in cards.elements()]
        return sum(sizes) >= length and sum(sizes) - min(sizes) < length
    if any(c != W.JOKER and c % 4 not in (W.TRAIN, W.TRAIN_H) for c in cards):
        return False
    if sum(cards.values()) != length + rough:
        return False
    per_color = Counter({k: 0 for k in range(W.NCOLORS)})
    for c, n in cards.items():
        if c != W.JOKER:
            per_color[c // 4] += n
    normal = length - rough
    for nc in [color] if color >= 0 else range(W.NCOLORS):
        for from_color in range(min(per_color[nc], normal) + 1):
            if normal - from_color > jokers:
                continue
            rest = per_color.copy()
            rest[nc] -= from_color
            if rough == 0:
                if not any(rest.values()):
                    return True
                continue
            if jokers - (normal - from_color) >= sum(n & 1 for n in rest.values()):
                return True
    return False


def _rules_accept_harbor(cards: Counter[int]) -> bool:
    if sum(cards.values()) != 4 or len(_one_color(cards)) > 1:
        return False
    if any(c != W.JOKER and c % 4 not in (W.TRAIN_H, W.SHIP) for c in cards):
        return False
    trains = sum(n for c, n in cards.items() if c != W.JOKER and c % 4 == W.TRAIN_H)
    ships = sum(n for c, n in cards.items() if c != W.JOKER and c % 4 == W.SHIP)
    return trains <= 2 and ships <= 2


def _sub_multisets(hand: list[int], most: int) -> list[Counter[int]]:
    kinds = [c for c in range(W.NCARDS) if hand[c]]
    out = []
    for counts in itertools.product(*(range(min(hand[c], most) + 1) for c in kinds)):
        if 0 < sum(counts) <= most:
            out.append(Counter({c: n for c, n in zip(kinds, counts) if n}))
    return out


def _random_hand(rng: Rng, colors: tuple[int, ...]) -> list[str]:
    pool = [W.CARD_NAMES[4 * c + f] for c in colors for f in range(4) for _ in range(3)] + ["joker"] * 4
    rng.shuffle(pool)
    return pool[:9]


@pytest.mark.parametrize("seed", range(6))
def test_legal_payments_are_exactly_what_the_rules_allow(seed: int) -> None:
    rng = Rng(seed)
    hand_names = _random_hand(rng, (seed % 6, (seed + 3) % 6))
    g = wgame(hands=[hand_names, []], routes={"CCS-LIM-2": 0}, pieces=[[18, 40], [20, 40]])
    hand = g.state.hands[0]
    subs = _sub_multisets(hand, 9)
    legal: dict[str, set[tuple[tuple[int, int], ...]]] = {}
    for a in g.legal_actions():
        if a.keyword in ("claim", "harbor"):
            key = a.route if a.keyword == "claim" else "harbor " + a.city
            legal.setdefault(key, set()).add(tuple(sorted((W.CARD_INDEX[n], k) for n, k in a.cards)))
    checked = 0
    for r in range(len(V.board.routes)):
        rid = V.board.routes[r].id
        if g.state.owner[r] >= 0 or (V.route_partner[r] >= 0 and g.state.owner[V.route_partner[r]] >= 0):
            continue
        want = {tuple(sorted(c.items())) for c in subs if _rules_accept_route(r, c)}
        assert legal.get(rid, set()) == want, rid
        checked += len(want)
    assert checked > 20  # the hands pay many routes in many ways
    harbor = {tuple(sorted(c.items())) for c in subs if _rules_accept_harbor(c)}
    assert legal.get("harbor LIM", set()) == harbor
    assert legal.get("harbor CCS", set()) == harbor


def test_payments_apply_and_random_games_stay_valid() -> None:
    # Random legal payments (cheap or dear) apply, conserve cards and replay exactly.
    for seed in range(3):
        g = Game.new("world", players=3, seed=seed)
        rng = Rng(seed)
        while not g.is_over and len(g.actions) < 400:
            legal = g.legal_actions()
            g.apply(legal[rng.randbelow(len(legal))])
            V.check_invariants(g.state)
        from pyengine.record import replay

        assert replay(g.record()).state.snapshot() == g.state.snapshot()
