"""Rails & Sails: which payments are legal for a route or a harbor.

Payments (every payment the rules allow is a legal action)
----------------------------------------------------------
A payment is a multiset of cards, written as ``<count><card>`` items in card order; each distinct
multiset is one action, so the list stays finite. Jokers replace any number of cards.

* Train route (colored, or gray in one color of the player's choice): any mix of the color's plain
  and harbor-symbol train cards plus jokers, as many cards as spaces; all jokers once.
* Rough terrain: each rough space costs a pair of one color (a joker may replace either card);
  the other spaces follow the route's color rule; every plain/harbor-symbol mix.
* Ship route (one color): singles, doubles and jokers covering the length.
  **[decision]** no card may be superfluous: a payment is legal only if it covers the length and
  removing any card would not, so only an all-double payment overshoots (odd length,
  ``(L + 1) / 2`` doubles, the rulebook's own example); a joker counts as one space.
* Harbor (one color): up to 2 harbor-symbol train cards and up to 2 single ships, jokers for the
  rest of the 4; 4 jokers once.

Each route's (and each harbor city's) payments are listed cheapest first (``payment_rank``:
fewest jokers, then least card worth: plain train < harbor-symbol card < double ship), so the
page proposes the cheapest and offers the rest; bots choose by their own costs.
"""

from __future__ import annotations

from operator import add

from ...actions import ClaimRoute
from .actions import BuildHarbor
from .market import WorldMarket
from .state import CARD_NAMES, DOUBLE, JOKER, NCOLORS, SHIP, TRAIN, TRAIN_H, Payment, payment_order


# ---------------------------------------------------------------------- payments
def _color_splits(hand: list[int], color: int, n: int) -> list[list[tuple[int, int]]]:
    """Every way to give n train cards of ``color``: plain and harbor-symbol cards in any mix."""
    plain = hand[4 * color + TRAIN]
    marked = hand[4 * color + TRAIN_H]
    out = []
    for a in range(min(n, plain), max(0, n - marked) - 1, -1):
        pay = []
        if a:
            pay.append((4 * color + TRAIN, a))
        if n - a:
            pay.append((4 * color + TRAIN_H, n - a))
        out.append(pay)
    return out


def _train_payments(counts: tuple[int, ...], jokers: int, hand: list[int]) -> list[Payment]:
    """Expand (train cards per color, jokers) into every plain/harbor-symbol mix the hand allows."""
    pays: list[list[tuple[int, int]]] = [[]]
    for c in range(NCOLORS):
        if counts[c]:
            pays = [pay + split for pay in pays for split in _color_splits(hand, c, counts[c])]
    if jokers:
        pays = [pay + [(JOKER, jokers)] for pay in pays]
    return [tuple(pay) for pay in pays]


def _rough_vectors(
    length: int, rough: int, color: int, have: tuple[int, ...], jokers: int
) -> list[tuple[tuple[int, ...], int]]:
    """Every (color counts, jokers) payment for a train route with rough spaces (sorted)."""
    normal = length - rough
    pairs_cards = 2 * rough
    found: set[tuple[tuple[int, ...], int]] = set()
    normal_colors = [None] if normal == 0 else ([color] if color >= 0 else list(range(NCOLORS)))
    for nc in normal_colors:
        for a in range(0, normal + 1):
            base = [0] * NCOLORS
            jn = normal - a
            if nc is not None:
                if a > have[nc]:
                    break
                base[nc] = a
            elif a:
                break
            if jn > jokers:
                continue
            rem = [have[c] - base[c] for c in range(NCOLORS)]
            # rough part: per color m_c cards, jr jokers; odd m_c need one joker each
            rem_after = [sum(rem[c + 1 :]) for c in range(NCOLORS)]  # cards of the later colors
            spare = jokers - jn  # jokers left for the rough part
            counts = [0] * NCOLORS

            def rec(c: int, left: int, odd: int) -> None:
                # ``left`` cards still to give; whatever the colors do not give is jokers, so
                # at least ``left - spare`` must still come from colors c.. (else no payment).
                top = min(rem[c], left)
                for m in range(top + 1):
                    rest = left - m
                    if rest - spare > rem_after[c]:
                        continue
                    counts[c] = m
                    if c + 1 == NCOLORS:
                        if rest >= odd + (m & 1):  # rest are the jokers: one per odd count
                            found.add((tuple(map(add, base, counts)), jn + rest))
                    else:
                        rec(c + 1, rest, odd + (m & 1))  # noqa: F821 (ruff misreads the del below)
                counts[c] = 0

            rec(0, pairs_cards, 0)
            del rec  # a recursive closure is a reference cycle: freed at once, not by the GC
    return sorted(found)


class WorldPayments(WorldMarket):
    """The payments of routes and harbors, interned as action lists per route class."""

    # ------------------------------------------------------------------ payments
    def _pay_actions_for_route(self, r: int, hand: list[int]) -> list[ClaimRoute]:
        """The canonical payments the hand allows for route r (sorted), as actions."""
        payments = self.ship_payments(r, hand) if self.route_ship[r] else self.train_payments(r, hand)
        return self._route_actions(r, self._pay_id(tuple(payments)))

    def _class_pay_id(self, k: int, hand: list[int]) -> int:
        """The interned payments of route class k for ``hand`` (-1: none), memoized on the only
        cards that matter: the route's card forms per usable color and the jokers, capped."""
        r = self.class_route[k]
        need = self.route_length[r] + self.route_rough[r]
        col = self.route_color[r]
        f0, f1 = (SHIP, DOUBLE) if self.route_ship[r] else (TRAIN, TRAIN_H)
        key: tuple[int, ...] = (k, hand[JOKER] if hand[JOKER] < need else need)
        for c in (col,) if col >= 0 and not self.route_rough[r] else range(NCOLORS):  # rough pairs: any color
            a, b = hand[4 * c + f0], hand[4 * c + f1]
            key += (a if a < need else need, b if b < need else need)
        pid = self.class_pay_cache.get(key)
        if pid is None:
            pays = tuple(self.ship_payments(r, hand) if self.route_ship[r] else self.train_payments(r, hand))
            pid = self.class_pay_cache[key] = self._pay_id(pays) if pays else -1
        return pid

    def _pay_id(self, payments: tuple[Payment, ...]) -> int:
        pid = self.pay_ids.get(payments)
        if pid is None:
            pid = self.pay_ids[payments] = len(self.pay_lists)
            self.pay_lists.append(payments)
        return pid

    def _route_actions(self, r: int, pid: int) -> list[ClaimRoute]:
        acts = self.route_acts[r].get(pid)
        if acts is None:
            payments = self.pay_lists[pid]
            rid = self.board.routes[r].id
            acts = []
            for pay in sorted(payments, key=payment_order):
                act = self.claim_cache.get((r, pay))
                if act is None:
                    act = ClaimRoute(rid, tuple((CARD_NAMES[c], k) for c, k in pay))
                    self.claim_cache[(r, pay)] = act
                acts.append(act)
            self.route_acts[r][pid] = acts
        return acts

    def _harbor_pay_id(self, hand: list[int]) -> int:
        """The interned harbor payments of ``hand``, cheapest first (-1: none), memoized on the
        only cards that matter: harbor-symbol trains and single ships (2 at most count) per
        color, and the jokers (4 at most)."""
        key: tuple[int, ...] = (hand[JOKER] if hand[JOKER] < 4 else 4,)
        for c in range(NCOLORS):
            a, b = hand[4 * c + TRAIN_H], hand[4 * c + SHIP]
            key += (a if a < 2 else 2, b if b < 2 else 2)
        pid = self.harbor_pay_cache.get(key)
        if pid is None:
            pays = sorted(self.harbor_payments(hand), key=payment_order)
            pid = self.harbor_pay_cache[key] = self._pay_id(tuple(pays)) if pays else -1
        return pid

    def _harbor_actions(self, city: int, pid: int) -> list[BuildHarbor]:
        acts = self.harbor_acts[city].get(pid)
        if acts is None:
            cid = self.board.cities[city].id
            acts = []
            for pay in self.pay_lists[pid]:
                act = self.harbor_cache.get((city, pay))
                if act is None:
                    act = BuildHarbor(cid, tuple((CARD_NAMES[c], k) for c, k in pay))
                    self.harbor_cache[(city, pay)] = act
                acts.append(act)
            self.harbor_acts[city][pid] = acts
        return acts

    def train_payments(self, r: int, hand: list[int]) -> list[Payment]:
        """Every payment the hand allows for train route r: per usable color any mix of plain and
        harbor-symbol cards, jokers replacing any number of them (all jokers once)."""
        length = self.route_length[r]
        col = self.route_color[r]
        jokers = hand[JOKER]
        rough = self.route_rough[r]
        if rough:
            have = tuple(
                min(hand[4 * c + TRAIN] + hand[4 * c + TRAIN_H], length + rough) for c in range(NCOLORS)
            )
            key = (length, rough, col, have, min(jokers, length + rough))
            vecs = self.rough_cache.get(key)
            if vecs is None:
                vecs = _rough_vectors(length, rough, col, have, min(jokers, length + rough))
                self.rough_cache[key] = vecs
        else:
            vecs = []
            for c in (col,) if col >= 0 else range(NCOLORS):
                count = hand[4 * c + TRAIN] + hand[4 * c + TRAIN_H]
                for n in range(max(1, length - jokers), min(count, length) + 1):
                    vecs.append((tuple(n if k == c else 0 for k in range(NCOLORS)), length - n))
            if jokers >= length:
                vecs.append(((0,) * NCOLORS, length))
        out: list[Payment] = []
        for color_counts, j in vecs:
            out.extend(_train_payments(color_counts, j, hand))
        return out

    def ship_payments(self, r: int, hand: list[int]) -> list[Payment]:
        """Every payment the hand allows for ship route r: singles, doubles and jokers of one
        color covering the length with no superfluous card (so only all-double payments overshoot,
        by one space on an odd length); all jokers once."""
        length = self.route_length[r]
        col = self.route_color[r]
        jokers = hand[JOKER]
        half = length // 2
        out: list[Payment] = []
        for c in (col,) if col >= 0 else range(NCOLORS):
            singles = hand[4 * c + SHIP]
            doubles = hand[4 * c + DOUBLE]
            for d in range(min(doubles, half) + 1):
                rest = length - 2 * d
                for sg in range(max(0, rest - jokers), min(singles, rest) + 1):
                    if d == 0 and sg == 0:
                        continue
                    pay: list[tuple[int, int]] = []
                    if sg:
                        pay.append((4 * c + SHIP, sg))
                    if d:
                        pay.append((4 * c + DOUBLE, d))
                    if rest - sg:
                        pay.append((JOKER, rest - sg))
                    out.append(tuple(pay))
            if length & 1 and doubles > half:
                out.append(((4 * c + DOUBLE, half + 1),))
        if jokers >= length:
            out.append(((JOKER, length),))
        return out

    def harbor_payments(self, hand: list[int]) -> list[Payment]:
        """Every harbor payment: up to 2 harbor-symbol train cards and 2 single ships of one color,
        jokers for the rest (4 jokers once)."""
        jokers = hand[JOKER]
        out: list[Payment] = []
        for c in range(NCOLORS):
            for t in range(min(2, hand[4 * c + TRAIN_H]) + 1):
                for sh in range(min(2, hand[4 * c + SHIP]) + 1):
                    j = 4 - t - sh
                    if t + sh == 0 or j > jokers:
                        continue
                    pay: list[tuple[int, int]] = []
                    if t:
                        pay.append((4 * c + TRAIN_H, t))
                    if sh:
                        pay.append((4 * c + SHIP, sh))
                    if j:
                        pay.append((JOKER, j))
                    out.append(tuple(pay))
        if jokers >= 4:
            out.append(((JOKER, 4),))
        return out
