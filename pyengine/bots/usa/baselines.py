"""The four play-style baselines of de Mesentier Silva, Lee, Togelius and Nealen, "AI-based
Playtesting of Contemporary Board Games" (FDG 2017), rebuilt on this engine (see docs/bots.md).

* Destination Hungry: draws tickets early until its network is big, then builds one network.
* Route Focus: completes one ticket at a time, the most valuable first, by its shortest path.
* One Step Thinker: no plan; takes the action whose immediate evaluation is best.
* Long Route Junkie: tickets and routes through long routes only; hoards cards for them.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations
from typing import Any

from ...actions import Action, ClaimRoute, DrawCard, DrawTickets, KeepTickets, TakeCard
from ...rng import Rng
from ..base import Bot
from .board_model import (
    INF,
    Plan,
    RouteIndex,
    Situation,
    TicketIndex,
    board_model,
    plan_tickets,
    shortest_path,
)
from .planner import PlannerPolicy, _pick, color_demand


class _StyleBot(Bot):
    """Common plumbing: parse the view, then ``decide`` on the Situation."""

    def __init__(self) -> None:
        self.helper = PlannerPolicy()

    def choose(
        self, view: dict[str, Any], legal: Sequence[Action], rng: Rng, board: dict[str, Any]
    ) -> Action:
        sit = Situation.from_view(view, board_model(board))
        if sit.phase in ("setup_tickets", "keep_tickets"):
            return _pick(self.keep(sit, legal), legal)
        return _pick(self.decide(sit, legal, rng), legal)

    def keep(self, sit: Situation, legal: Sequence[Action]) -> Action:
        raise NotImplementedError

    def decide(self, sit: Situation, legal: Sequence[Action], rng: Rng) -> Action:
        raise NotImplementedError

    def keep_by_ratio(
        self,
        sit: Situation,
        max_trains: int,
        costs: list[float] | None = None,
        sizes: Sequence[int] | None = None,
    ) -> Action:
        """Keep the subset with the most ticket points per planned train within ``max_trains``;
        if none fits, the allowed subset with the fewest points (least to lose)."""
        model = sit.model
        offered = sorted(sit.offered)
        need = max(1, min(sit.min_keep, len(offered)))
        current = sit.open_tickets()
        best: tuple[float, tuple[int, ...]] | None = None
        fallback: tuple[float, tuple[int, ...]] | None = None
        for k in sizes or range(need, len(offered) + 1):
            if k < need or k > len(offered):
                continue
            for sub in combinations(offered, k):
                plan = plan_tickets(sit, current + list(sub), costs=costs)
                pts = sum(model.tickets[t][2] for t in sub)
                if not plan.infeasible and plan.trains <= max_trains:
                    ratio = pts / max(1, plan.trains)
                    if best is None or ratio > best[0]:
                        best = (ratio, sub)
                elif fallback is None or -pts > fallback[0]:
                    fallback = (-pts, sub)
        chosen = best or fallback
        assert chosen is not None
        return KeepTickets(tuple(model.ticket_ids[t] for t in chosen[1]))

    def build(self, sit: Situation, legal: Sequence[Action], routes: list[RouteIndex], rng: Rng) -> Action:
        """Claim the first affordable of ``routes`` (ordered), else draw cards for them."""
        act = self.helper.claim_from(sit, routes, routes, legal)
        if act is not None:
            return act
        return self.helper.draw(sit, legal, Plan(routes, 0, [], []), rng, second=sit.phase == "second_card")

    def longest_free(self, sit: Situation, min_length: int = 1) -> list[RouteIndex]:
        """Usable routes, longest first, ties broken by how many matching cards are in hand."""
        model = sit.model
        trains = sit.trains[sit.me]
        out = []
        for r in model.routes:
            if r.length > trains or r.length < min_length or not sit.usable(r.index):
                continue
            colors = [r.color] if r.color >= 0 else model.colors
            have = max(sit.hand[c] for c in colors) + sit.hand[model.wild]
            out.append((-r.length, -min(have, r.length), r.index))
        out.sort()
        return [r for _, _, r in out]


class DestinationHungryBot(_StyleBot):
    """Destination Hungry: hoards tickets at the start, then builds one network for all of them."""

    name = "destination_hungry"
    description = (
        "Destination Hungry (de Mesentier Silva et al. 2017): draws tickets early until "
        "its network needs most of its trains, then builds that one network."
    )
    network_target = 30  # keep drawing tickets while the network needs fewer trains than this

    def keep(self, sit: Situation, legal: Sequence[Action]) -> Action:
        return self.keep_by_ratio(sit, sit.trains[sit.me] - 5)

    def decide(self, sit: Situation, legal: Sequence[Action], rng: Rng) -> Action:
        plan = plan_tickets(sit, sit.open_tickets())
        if sit.phase == "main":
            early = sit.min_trains() >= 35
            if early and plan.trains < self.network_target and sit.ticket_deck > 0 and DrawTickets() in legal:
                return DrawTickets()
            if (
                not plan.routes
                and sit.trains[sit.me] >= 12
                and sit.min_other_trains() >= 12
                and DrawTickets() in legal
            ):
                return DrawTickets()
        routes = plan.routes or self.longest_free(sit)
        return self.build(sit, legal, routes, rng)


class RouteFocusBot(_StyleBot):
    """Route Focus: one ticket at a time (most valuable first), along its shortest path."""

    name = "route_focus"
    description = (
        "Route Focus (de Mesentier Silva et al. 2017): completes one ticket at a time, "
        "the most valuable first, along its shortest path."
    )

    def keep(self, sit: Situation, legal: Sequence[Action]) -> Action:
        return self.keep_by_ratio(sit, sit.trains[sit.me], sizes=[max(1, sit.min_keep)])

    def focus_path(self, sit: Situation) -> list[RouteIndex]:
        costs = sit.route_costs()
        model = sit.model
        for t in sorted(sit.open_tickets(), key=lambda t: -model.tickets[t][2]):
            a, b, _ = model.tickets[t]
            d, path = shortest_path(model, costs, a, b)
            if d < INF:
                todo = [r for r in path if sit.owner[r] < 0]
                todo.sort(key=lambda r: -model.routes[r].length)
                if todo:
                    return todo
        return []

    def decide(self, sit: Situation, legal: Sequence[Action], rng: Rng) -> Action:
        path = self.focus_path(sit)
        if (
            not path
            and sit.phase == "main"
            and sit.trains[sit.me] >= 12
            and sit.min_other_trains() >= 12
            and DrawTickets() in legal
        ):
            return DrawTickets()
        return self.build(sit, legal, path or self.longest_free(sit), rng)


class OneStepThinkerBot(_StyleBot):
    """One Step Thinker: scores every legal action by its immediate effect and takes the best."""

    name = "one_step_thinker"
    description = (
        "One Step Thinker (de Mesentier Silva et al. 2017): no plan; takes the action "
        "with the best immediate evaluation."
    )

    def keep(self, sit: Situation, legal: Sequence[Action]) -> Action:
        # Immediate view: the allowed minimum, most points per train of each ticket alone.
        model = sit.model
        costs = sit.route_costs()
        ranked = sorted(
            sit.offered,
            key=lambda t: (
                -model.tickets[t][2]
                / max(1.0, shortest_path(model, costs, model.tickets[t][0], model.tickets[t][1])[0])
            ),
        )
        k = max(1, min(sit.min_keep, len(ranked)))
        return KeepTickets(tuple(model.ticket_ids[t] for t in sorted(ranked[:k])))

    def decide(self, sit: Situation, legal: Sequence[Action], rng: Rng) -> Action:
        model = sit.model
        costs = sit.route_costs()
        on_path: set[RouteIndex] = set()
        labels = sit.components()
        open_t = [t for t in sit.tickets if not sit.ticket_done(t, labels)]
        for t in open_t:
            a, b, _ = model.tickets[t]
            on_path.update(r for r in shortest_path(model, costs, a, b)[1] if sit.owner[r] < 0)
        demand = color_demand(model, sorted(on_path), sit.hand)
        wild = model.cards[model.wild]
        best: tuple[float, int, Action] | None = None
        for i, action in enumerate(legal):
            value = self.evaluate(sit, action, on_path, open_t, labels, demand, wild)
            if best is None or value > best[0]:
                best = (value, -i, action)
        assert best is not None
        return best[2]

    def evaluate(
        self,
        sit: Situation,
        a: Action,
        on_path: set[RouteIndex],
        open_t: list[TicketIndex],
        labels: list[int],
        demand: list[int],
        wild: str,
    ) -> float:
        """Immediate value: points scored now, tickets completed now, useful cards gained."""
        model = sit.model
        if isinstance(a, ClaimRoute):
            r = model.route_index[a.route]
            rt = model.routes[r]
            value = float(model.points(r))
            if r in on_path:
                value += rt.length
                la, lb = labels[rt.a], labels[rt.b]
                for t in open_t:
                    ta, tb, pts = model.tickets[t]
                    ends = {labels[ta], labels[tb]}
                    if ends == {la, lb}:
                        value += pts
            else:
                value -= 0.8 * rt.length  # trains and cards spent off every ticket path
            value -= 0.5 * sum(n for name, n in a.cards if name == wild)
            return value
        if isinstance(a, TakeCard):
            if a.card == wild:
                return 1.6 if on_path else 0.4
            c = model.card_index[a.card]
            return 1.0 if demand[c] > sit.hand[c] else 0.3
        if isinstance(a, DrawCard):
            return 0.7
        if isinstance(a, DrawTickets):
            return 2.0 if not open_t and sit.trains[sit.me] >= 15 and sit.min_other_trains() >= 15 else -5.0
        return 0.0


class LongRouteJunkieBot(_StyleBot):
    """Long Route Junkie: plans tickets through long routes only and hoards cards to claim them."""

    name = "long_route_junkie"
    description = (
        "Long Route Junkie (de Mesentier Silva et al. 2017): routes its tickets over "
        "long routes, hoards cards and claims the longest routes it can."
    )
    min_length = 3  # routes shorter than this are avoided when planning

    def long_costs(self, sit: Situation) -> list[float]:
        costs = sit.route_costs()
        for r in sit.model.routes:
            if sit.owner[r.index] < 0 and r.length < self.min_length and costs[r.index] < INF:
                costs[r.index] = r.length + 10.0  # usable only as a last resort
        return costs

    def keep(self, sit: Situation, legal: Sequence[Action]) -> Action:
        return self.keep_by_ratio(
            sit, sit.trains[sit.me], costs=self.long_costs(sit), sizes=[max(1, sit.min_keep)]
        )

    def decide(self, sit: Situation, legal: Sequence[Action], rng: Rng) -> Action:
        plan = plan_tickets(sit, sit.open_tickets(), costs=self.long_costs(sit))
        longest = self.longest_free(sit, min_length=min(5, sit.trains[sit.me]))
        routes = plan.routes + longest if plan.routes else longest or self.longest_free(sit)
        # Hoard: only the head of the target list may be claimed, the rest only guides drawing.
        return self.build(sit, legal, routes[:2] if routes else [], rng)


def destination_hungry_bot() -> Bot:
    return DestinationHungryBot()


def route_focus_bot() -> Bot:
    return RouteFocusBot()


def one_step_thinker_bot() -> Bot:
    return OneStepThinkerBot()


def long_route_junkie_bot() -> Bot:
    return LongRouteJunkieBot()
