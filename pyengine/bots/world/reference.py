"""The two reference opponents of issue 16 for Rails & Sails (variant ``world``); the classic
versions are in ``bots/usa/reference.py`` (see there and docs/bots.md).

They run on the FDG styles' plumbing (``baselines.StylePolicy``): route weights that know
trains from ships, the piece mix fitted to the network (its train spaces + slack, the rest
ships), harbors built in port cities its tickets name, exchanges when a payable target lacks its
piece kind, and the best-scoring claim in the last round.

* Shortest Path: the cheapest network joining all its open tickets (one network: routes planned
  for one ticket are free for the next), its longest payable route claimed, else the cards that
  network misses drawn (the planner's per-card utility, both decks); new tickets when every
  ticket is done while pieces last.
* Zombie: claims a route on an unfinished ticket's own shortest path; with no unfinished ticket
  it can still reach, draws tickets while every player has at least 8 pieces; else draws two blind
  cards, from the deck of the piece kind its paths need most.
"""

from __future__ import annotations

from collections.abc import Sequence

from ...actions import Action, DrawCard, DrawTickets
from ...games.world.state import PIECES_IN_PLAY
from ...rng import Rng
from .baselines import StylePolicy, Turn
from .planning import Know, Plan, WorldModel

NEW_TICKETS_MIN_PIECES = 15  # Shortest Path: more tickets while every player has this many
ZOMBIE_TICKET_PIECES = 8  # Zombie: more tickets while every player has this many


class ShortestPathPolicy(StylePolicy):
    """One cheapest network for all open tickets; cards for it; tickets once it is built."""

    keep_margin = 10  # keep tickets whose network leaves this many pieces spare

    def keep(self, k: Know, m: WorldModel, legal: Sequence[Action]) -> Action:
        budget = (k.pieces(k.me) if k.trains[k.me] >= 0 else PIECES_IN_PLAY) - self.keep_margin
        return self.keep_by_ratio(k, m, legal, budget, fewest=False)

    def turn(self, turn: Turn) -> Action:
        if not turn.plan.tickets and self.may_draw_tickets(turn.k, turn.legal, NEW_TICKETS_MIN_PIECES):
            return DrawTickets()
        return self.build(turn)


class ZombiePolicy(StylePolicy):
    """A route on a ticket's shortest path, else tickets, else two blind cards."""

    together = False  # every ticket on its own shortest path

    def keep(self, k: Know, m: WorldModel, legal: Sequence[Action]) -> Action:
        budget = k.pieces(k.me) if k.trains[k.me] >= 0 else PIECES_IN_PLAY
        return self.keep_by_ratio(k, m, legal, budget, fewest=True)

    def plan(self, k: Know, m: WorldModel) -> Plan:
        return self.network(k, m)  # no filler routes: without a ticket path it draws

    def turn(self, turn: Turn) -> Action:
        if not turn.plan.routes and self.may_draw_tickets(turn.k, turn.legal, ZOMBIE_TICKET_PIECES):
            return DrawTickets()
        return self.build(turn)

    def draw(
        self, k: Know, m: WorldModel, legal: Sequence[Action], plan: Plan, rng: Rng, second: bool
    ) -> Action:
        """A blind card from the deck of the piece kind the paths need most (trains on a tie or
        without paths); the other deck if that one is out; face-up cards only if both are."""
        order = ("ship", "train") if plan.ships > plan.trains else ("train", "ship")
        for deck in order:
            for a in legal:
                if isinstance(a, DrawCard) and a.deck == deck:
                    return a
        return super().draw(k, m, legal, plan, rng, second)


_ISSUE = " (issue 16's reference opponent) for Rails & Sails: "
POLICIES: dict[str, tuple[str, type[StylePolicy]]] = {
    "shortest_path": (
        "Shortest Path" + _ISSUE + "claims routes of the cheapest network that joins "
        "its tickets, draws the cards it needs.",
        ShortestPathPolicy,
    ),
    "zombie": (
        "Zombie" + _ISSUE + "a route on a ticket's shortest path, else tickets while "
        "every player has 8 pieces, else two blind cards.",
        ZombiePolicy,
    ),
}


__all__ = ["POLICIES", "ShortestPathPolicy", "ZombiePolicy"]
