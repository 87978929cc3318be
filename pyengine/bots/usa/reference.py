"""Two reference opponents of issue 16 on the classic map (the Rails & Sails versions are in
``bots/world/reference.py``, the card game's in ``bots/cardgame/reference.py``; see docs/bots.md).

* Shortest Path: plans the cheapest network that joins all its open tickets (``plan_tickets``
  with the re-routing pass), claims a route of it as soon as it can pay, otherwise draws the
  colours that network needs. In a public 5,130-game North America tournament of 19 agents this
  simple kind of agent came first. New tickets once every ticket is done (while trains last),
  else long routes for points.
* Zombie: each turn, the first that applies: claim a route on a shortest path to an unfinished
  ticket; with no unfinished ticket it can still reach, draw tickets while every player has at
  least 8 trains; else draw two blind cards. It keeps the fewest tickets it may.

Both decide on the ``Situation`` parsed from the seat's view (``_StyleBot``) and reuse the
planner's claim and draw helpers.
"""

from __future__ import annotations

from collections.abc import Sequence

from ...actions import Action, DrawTickets
from ...rng import Rng
from ..base import Bot, blind_card
from .baselines import _StyleBot
from .board_model import INF, RouteIndex, Situation, plan_tickets, shortest_path

NEW_TICKETS_MIN_TRAINS = 12  # Shortest Path: more tickets only while every player has this many
ZOMBIE_TICKET_TRAINS = 8  # Zombie: more tickets only while every player has this many


class ShortestPathBot(_StyleBot):
    """Claims routes of the cheapest network joining its tickets; draws the colours it needs."""

    name = "shortest_path"
    description = (
        "Shortest Path: claims routes of the cheapest network that joins its tickets "
        "and draws the colours that network needs."
    )
    keep_margin = 8  # keep tickets whose network leaves this many trains spare

    def keep(self, sit: Situation, legal: Sequence[Action]) -> Action:
        return self.keep_by_ratio(sit, sit.trains[sit.me] - self.keep_margin)

    def decide(self, sit: Situation, legal: Sequence[Action], rng: Rng) -> Action:
        plan = plan_tickets(sit, sit.open_tickets(), improve=True)
        if plan.routes:
            return self.build(sit, legal, plan.routes, rng)
        if (
            sit.phase == "main"
            and sit.min_trains() >= NEW_TICKETS_MIN_TRAINS
            and sit.ticket_deck > 0
            and DrawTickets() in legal
        ):
            return DrawTickets()
        return self.build(sit, legal, self.longest_free(sit), rng)


class ZombieBot(_StyleBot):
    """Claim on a shortest path to an unfinished ticket, else tickets, else two blind cards."""

    name = "zombie"
    description = (
        "Zombie: claims a route on a shortest path to an unfinished ticket; with none "
        "left to reach, draws tickets while every player has 8 trains; else draws two "
        "blind cards."
    )

    def keep(self, sit: Situation, legal: Sequence[Action]) -> Action:
        return self.keep_by_ratio(sit, sit.trains[sit.me], sizes=[max(1, sit.min_keep)])

    def ticket_paths(self, sit: Situation) -> list[RouteIndex]:
        """Free routes on each unfinished ticket's own shortest path, longest first."""
        model = sit.model
        costs = sit.route_costs()
        on_path: set[RouteIndex] = set()
        for t in sit.open_tickets():
            a, b, _ = model.tickets[t]
            d, path = shortest_path(model, costs, a, b)
            if d < INF:
                on_path.update(r for r in path if sit.owner[r] < 0)
        return sorted(on_path, key=lambda r: (-model.routes[r].length, r))

    def decide(self, sit: Situation, legal: Sequence[Action], rng: Rng) -> Action:
        paths = self.ticket_paths(sit)
        act = self.helper.claim_from(sit, paths, paths, legal)
        if act is not None:
            return act
        if (
            not paths
            and sit.phase == "main"
            and sit.min_trains() >= ZOMBIE_TICKET_TRAINS
            and sit.ticket_deck > 0
            and DrawTickets() in legal
        ):
            return DrawTickets()
        return blind_card(legal)


def shortest_path_bot() -> Bot:
    return ShortestPathBot()


def zombie_bot() -> Bot:
    return ZombieBot()


__all__ = ["ShortestPathBot", "ZombieBot", "shortest_path_bot", "zombie_bot"]
