"""Rails & Sails: which routes a hand could pay for at all, as a bit mask (bit r = route r).

Working out a route's payments is the costly part of the legal list, and most routes cannot be
paid by the hand in play. A route needs, in one color (its own, or any for gray), at least its
length in cards: train cards (plain or harbor-symbol) plus jokers for a train route, single ships
+ 2 × double ships + jokers for a ship route. Routes below that reach have no payment, so only
the others are looked at; rough-terrain routes (a handful, paid in pairs of any color) always are.
The masks are a necessary condition only: the payment search decides.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from .state import DOUBLE, JOKER, NCOLORS, SHIP, TRAIN, TRAIN_H


class RouteReach:
    """Masks of a map's routes by kind, color and length, and the candidate routes of a hand."""

    def __init__(
        self, colors: Sequence[int], lengths: Sequence[int], ships: Sequence[bool], rough: Sequence[int]
    ) -> None:
        self.nroutes = len(lengths)
        top = self.top = max(lengths)
        span = range(top + 1)

        def upto(keep: Callable[[int], bool]) -> list[int]:
            """Per n: the mask of routes ``keep`` selects that are no longer than n."""
            return [sum(1 << r for r in range(self.nroutes) if keep(r) and lengths[r] <= n) for n in span]

        def plain_train(r: int) -> bool:
            return not ships[r] and not rough[r]

        self.train_colored = [upto(lambda r: plain_train(r) and colors[r] == c) for c in range(NCOLORS)]
        self.train_gray = upto(lambda r: plain_train(r) and colors[r] < 0)
        self.ship_colored = [upto(lambda r: ships[r] and colors[r] == c) for c in range(NCOLORS)]
        self.ship_gray = upto(lambda r: ships[r] and colors[r] < 0)
        self.trains_upto = upto(lambda r: not ships[r])
        self.ships_upto = upto(lambda r: ships[r])
        self.rough = sum(1 << r for r in range(self.nroutes) if rough[r])

    def candidates(self, hand: Sequence[int], trains: int, ships: int) -> int:
        """Routes the hand may pay for and the player's trains or ships can cover."""
        top = self.top
        jokers = hand[JOKER]
        train_mask = self.rough
        ship_mask = 0
        train_gray = ship_gray = 0
        for c in range(NCOLORS):
            base = 4 * c
            reach = hand[base + TRAIN] + hand[base + TRAIN_H] + jokers
            if reach > top:
                reach = top
            train_mask |= self.train_colored[c][reach]
            if reach > train_gray:
                train_gray = reach
            reach = hand[base + SHIP] + 2 * hand[base + DOUBLE] + jokers
            if reach > top:
                reach = top
            ship_mask |= self.ship_colored[c][reach]
            if reach > ship_gray:
                ship_gray = reach
        train_mask |= self.train_gray[train_gray]
        ship_mask |= self.ship_gray[ship_gray]
        return (
            train_mask & self.trains_upto[trains if trains < top else top]
            | ship_mask & self.ships_upto[ships if ships < top else top]
        )
