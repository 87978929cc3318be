"""Rails & Sails: which payments are legal for a route or a harbor.

Canonical payments (which payments are listed as legal actions)
----------------------------------------------------------------
Every payment the rules allow is *possible*, but only payments that no other legal payment
dominates are listed, so the list stays small. "A dominates B" means: A spends cards that are
never worth more than B's, for the same effect. The value order used (each is a "worth at least"
relation for the holder, true in every position):

* joker ≥ any single card (it replaces it everywhere, harbors included);
* a harbor-symbol train card ≥ the same color's plain train card;
* two single-ship cards ≥ one double-ship card of that color (they cover the same two spaces and
  can also build harbors), so a double is spent before two singles/jokers where it fits.

Consequences, per route (or harbor) and per color chosen:

* Train route, colored or gray (per color): as many cards of the color as needed, plain ones
  before harbor-symbol ones, jokers only for what is missing. All jokers only when no color card
  can take part. One action per usable color.
* Rough terrain (pairs of one color per rough space): all card-count vectors that form valid
  pairs are enumerated and those where some jokers could be swapped for color cards (with every
  other card kept) are dropped; plain before harbor-symbol cards within a color.
* Ship route (per color): as many doubles as fit into the length (``min(doubles, L // 2)``), the
  rest in single ships, then jokers. For an odd length, paying ``(L + 1) / 2`` doubles (one ship
  over, the rulebook's own example) is a second option when the player holds that many doubles.
  **[decision]** no card may be superfluous: a payment is legal only if it covers the length and
  removing any card would not; a joker counts as one space.
* Harbor (per color): harbor-symbol train cards and single ships of the color first (2 + 2), the
  rest jokers; 4 jokers only when no color card can take part.

Every listed payment is a distinct action; a payment written differently (a dominated one) is
refused by ``why_illegal`` with the canonical form to use.
"""
from __future__ import annotations


from ...actions import ClaimRoute
from .state import (NCOLORS, TRAIN, TRAIN_H, SHIP, DOUBLE, JOKER, CARD_NAMES, Payment,
                    payment_order)
from .market import WorldMarket


# ---------------------------------------------------------------------- payments
def _split_color(hand: list[int], color: int, n: int, out: list[tuple[int, int]]) -> None:
    """Add n train cards of ``color``: plain ones first, then harbor-symbol ones."""
    plain = hand[4 * color + TRAIN]
    a = n if n <= plain else plain
    if a:
        out.append((4 * color + TRAIN, a))
    if n - a:
        out.append((4 * color + TRAIN_H, n - a))


def _rough_vectors(length: int, rough: int, color: int, have: tuple[int, ...],
                   jokers: int) -> list[tuple[tuple[int, ...], int]]:
    """Undominated (color counts, jokers) payments for a train route with rough spaces."""
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
            counts = [0] * NCOLORS

            def rec(c: int, left: int) -> None:
                if c == NCOLORS:
                    jr = left
                    odd = sum(m & 1 for m in counts)
                    if jr < odd or jn + jr > jokers:
                        return
                    found.add((tuple(base[k] + counts[k] for k in range(NCOLORS)), jn + jr))
                    return
                top = min(rem[c], left)
                for m in range(top + 1):
                    counts[c] = m
                    rec(c + 1, left - m)
                counts[c] = 0

            rec(0, pairs_cards)
    vecs = list(found)
    out = []
    for n_a, j_a in vecs:
        dominated = False
        for n_b, j_b in vecs:
            if j_b < j_a and all(x >= y for x, y in zip(n_b, n_a)):
                dominated = True
                break
        if not dominated:
            out.append((n_a, j_a))
    return out



class WorldPayments(WorldMarket):
    """The payments of routes and harbors, interned as action lists per route class."""

    # ------------------------------------------------------------------ payments
    def _pay_actions_for_route(self, r: int, hand: list[int]) -> list[ClaimRoute]:
        """The canonical payments the hand allows for route r (sorted), as actions."""
        payments = self.ship_payments(r, hand) if self.route_ship[r] else self.train_payments(r, hand)
        return self._route_actions(r, self._pay_id(tuple(payments)))

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

    def train_payments(self, r: int, hand: list[int]) -> list[Payment]:
        length = self.route_length[r]
        col = self.route_color[r]
        jokers = hand[JOKER]
        rough = self.route_rough[r]
        out: list[Payment] = []
        if rough:
            have = tuple(min(hand[4 * c + TRAIN] + hand[4 * c + TRAIN_H], length + rough) for c in range(NCOLORS))
            key = (length, rough, col, have, min(jokers, length + rough))
            vecs = self.rough_cache.get(key)
            if vecs is None:
                vecs = _rough_vectors(length, rough, col, have, min(jokers, length + rough))
                self.rough_cache[key] = vecs
            for counts, j in vecs:
                pay: list[tuple[int, int]] = []
                for c in range(NCOLORS):
                    if counts[c]:
                        _split_color(hand, c, counts[c], pay)
                if j:
                    pay.append((JOKER, j))
                out.append(tuple(pay))
            return out
        if col >= 0:
            count = hand[4 * col + TRAIN] + hand[4 * col + TRAIN_H]
            n = count if count < length else length
            if length - n > jokers:
                return out
            pay = []
            if n:
                _split_color(hand, col, n, pay)
            if length - n:
                pay.append((JOKER, length - n))
            out.append(tuple(pay))
            return out
        any_color = False
        for c in range(NCOLORS):
            count = hand[4 * c + TRAIN] + hand[4 * c + TRAIN_H]
            if count == 0:
                continue
            any_color = True
            n = count if count < length else length
            if length - n > jokers:
                continue
            pay = []
            _split_color(hand, c, n, pay)
            if length - n:
                pay.append((JOKER, length - n))
            out.append(tuple(pay))
        if not any_color and jokers >= length:
            out.append(((JOKER, length),))
        return out

    def ship_payments(self, r: int, hand: list[int]) -> list[Payment]:
        length = self.route_length[r]
        col = self.route_color[r]
        jokers = hand[JOKER]
        half = length // 2
        out: list[Payment] = []
        all_jokers = False
        colored_exact = False
        for c in ((col,) if col >= 0 else range(NCOLORS)):
            singles = hand[4 * c + SHIP]
            doubles = hand[4 * c + DOUBLE]
            d = doubles if doubles < half else half
            u = length - 2 * d
            sg = singles if singles < u else u
            j = u - sg
            if j <= jokers:
                if d == 0 and sg == 0:
                    all_jokers = True
                else:
                    colored_exact = True
                    pay: list[tuple[int, int]] = []
                    if sg:
                        pay.append((4 * c + SHIP, sg))
                    if d:
                        pay.append((4 * c + DOUBLE, d))
                    if j:
                        pay.append((JOKER, j))
                    out.append(tuple(pay))
            if length & 1 and doubles > half:
                out.append(((4 * c + DOUBLE, half + 1),))
        if all_jokers and not colored_exact:
            out.append(((JOKER, length),))
        return out

    def harbor_payments(self, hand: list[int]) -> list[Payment]:
        jokers = hand[JOKER]
        out: list[Payment] = []
        any_color = False
        for c in range(NCOLORS):
            t = hand[4 * c + TRAIN_H]
            sh = hand[4 * c + SHIP]
            t = t if t < 2 else 2
            sh = sh if sh < 2 else 2
            if t + sh == 0:
                continue
            any_color = True
            j = 4 - t - sh
            if j > jokers:
                continue
            pay: list[tuple[int, int]] = []
            if t:
                pay.append((4 * c + TRAIN_H, t))
            if sh:
                pay.append((4 * c + SHIP, sh))
            if j:
                pay.append((JOKER, j))
            out.append(tuple(pay))
        if not any_color and jokers >= 4:
            out.append(((JOKER, 4),))
        return out
