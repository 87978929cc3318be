"""The two reference opponents of issue 16 in the card game (the classic versions are in
``bots/usa/reference.py``; see docs/bots.md). The card game has no map, so "the cheapest path that joins a
ticket" becomes the cards a ticket still misses once the cards on their way (the pile and what the
rail-yard rows will still move) are counted, and "claiming a route" becomes playing a set of a
colour the ticket needs to the rail yard (from where it reaches the pile).

* Shortest Path: keeps the cheapest tickets (fewest cards) its card capacity allows; works on the
  cheapest open ticket (fewest cards missing): takes and plays its colours; when every ticket is
  on its way and the half has time, draws tickets; otherwise draws the colours it needs.
* Zombie: the first that applies: play a set of a colour an unfinished ticket needs; with every
  ticket on its way, draw tickets while it still has 8 own turns (the card game's "every player
  has 8 trains": the deck is the clock); else draw two blind cards. Keeps the cheapest ticket
  of each draw.

Like the FDG styles (``baselines.py``, whose plumbing they use), they decide on
``belief_state`` and never read its hidden parts.
"""

from __future__ import annotations

from collections.abc import Sequence

from ...actions import Action
from ...games.cardgame.state import LOCO, MAIN, CardGameState
from ...rng import Rng
from ..base import Bot, blind_card
from .baselines import RouteFocus, StylePolicy
from .planner import CardGameBot

ZOMBIE_TICKET_TURNS = 8.0  # Zombie: more tickets while it has this many own turns left


class ShortestPath(RouteFocus):
    """Route Focus's one-ticket-at-a-time plumbing, aimed at the cheapest ticket instead of the
    most valuable one, and keeping the cheapest tickets that fit its capacity."""

    def keep(self, s: CardGameState, p: int) -> list[int]:
        f, arr, have = self.supply_state(s, p)
        budget = self.capacity(s, f) + sum(self.spare(s.tickets[p], have))
        order = sorted(s.offered[p], key=lambda t: (self.size[t], -self.points[t], t))
        return self.greedy_keep(order, budget, self.min_keep(s))

    def focus_order(self, s: CardGameState, p: int, arr: Sequence[int]) -> list[int]:
        """Fewest cards missing after the cards on their way first (then the most points)."""

        def missing(t: int) -> tuple[int, int, int]:
            return (self.shortfall([t], arr)[LOCO], -self.points[t], t)

        return sorted(s.tickets[p], key=missing)


class Zombie(StylePolicy):
    """A set for an unfinished ticket, else tickets while turns last, else two blind cards."""

    def keep(self, s: CardGameState, p: int) -> list[int]:
        order = sorted(s.offered[p], key=lambda t: (self.size[t], -self.points[t], t))
        return order[:1]

    def decide(self, s: CardGameState, p: int, legal: Sequence[Action], rng: Rng) -> Action:
        f, arr, _ = self.supply_state(s, p)
        short = self.shortfall(s.tickets[p], arr)
        if s.phase == MAIN:
            if f >= 1:
                play = self.play_needed(s, p, legal, short)
                if play is not None:
                    return play
            if short[LOCO] == 0 and f >= ZOMBIE_TICKET_TURNS:
                act = self.draw_tickets(s, legal)
                if act is not None:
                    return act
        return blind_card(legal)


def shortest_path_cardgame_bot() -> Bot:
    return CardGameBot(
        "shortest_path",
        "Card game, Shortest Path (issue 16's reference opponent): "
        "works on the cheapest open ticket, collects and plays its colours.",
        ShortestPath,
    )


def zombie_cardgame_bot() -> Bot:
    return CardGameBot(
        "zombie",
        "Card game, Zombie (issue 16's reference opponent): a set for an "
        "unfinished ticket, else tickets while 8 turns are left, else two blind "
        "cards.",
        Zombie,
    )


__all__ = ["ShortestPath", "Zombie", "shortest_path_cardgame_bot", "zombie_cardgame_bot"]
