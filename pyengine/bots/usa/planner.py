"""The planning bot: tickets -> a route network -> the cards for it -> claims.

One policy, tuned by ``PlannerParams``, serves the "easy" level and is the base of the long-route
planner (``filler_planner.py``: "normal" and "hard"). It works on a ``Situation`` (the seat's knowledge), so it runs both on a real
view and on a sampled belief state inside the search.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from itertools import combinations
from typing import Any

from ...actions import Action, ClaimRoute, DrawCard, DrawTickets, KeepTickets, TakeCard
from ...games.usa.claims import MainMenu
from ...rng import Rng
from ..base import Bot
from .board_model import (
    BoardModel,
    Plan,
    RouteIndex,
    Situation,
    TicketIndex,
    board_model,
    claim_cards,
    payment_options,
    plan_tickets,
)

# Rough tempo of the game, used to judge whether a plan can be finished in time: a player who
# only builds places about this many trains per turn (2 cards a draw turn, 1 turn per claim).
TRAINS_PER_TURN = 1.2


@dataclass(frozen=True)
class PlannerParams:
    """Knobs of the planning policy (the levels differ only here)."""

    improve_plan: bool = True  # re-route each ticket once with the others fixed
    keep_min_only: bool = False  # keep the cheapest allowed tickets, never more
    train_cost: float = 0.25  # points a planned train costs (trains could score elsewhere)
    risk_scale: float = 4.0  # turns of slack that make a plan ~73% safe
    draw_tickets: bool = True  # draw more tickets once all are done
    ticket_min_trains: int = 14  # ... only with at least this many trains left
    ticket_min_other: int = 14  # ... and while every opponent has at least this many
    take_face_up_loco: bool = True
    endgame_trains: int = 4  # an opponent this low may end the game: grab points now
    long_route_min: int = 4  # in "points mode" claim routes at least this long
    sloppy: float = 0.0  # chance of a random card draw instead of a planned one
    spare_claims: bool = False  # spend cards the plan does not need on long routes (hurts: off)
    focus: bool = True  # collect cards for the ticket closest to completion first
    one_ticket: bool = False  # build only the path of the ticket closest to completion


class PlannerPolicy:
    """Decides one action from a ``Situation``; stateless apart from its parameters."""

    def __init__(self, params: PlannerParams | None = None) -> None:
        self.params = params or PlannerParams()

    # ------------------------------------------------------------------ entry point
    def decide(self, sit: Situation, legal: Sequence[Action], rng: Rng) -> Action:
        if sit.phase in ("setup_tickets", "keep_tickets"):
            return self.keep(sit, legal)
        if sit.phase == "second_card":
            return self.draw(sit, legal, self.plan(sit), rng, second=True)
        return self.main(sit, legal, rng)

    def plan(self, sit: Situation) -> Plan:
        return plan_tickets(sit, sit.open_tickets(), improve=self.params.improve_plan)

    # ------------------------------------------------------------------ tickets
    def keep(self, sit: Situation, legal: Sequence[Action]) -> Action:
        """Keep the subset of offered tickets with the best risk-weighted value."""
        model = sit.model
        offered = sorted(sit.offered)
        need = max(1, min(sit.min_keep, len(offered)))
        current = sit.open_tickets()
        best: tuple[float, tuple[int, ...]] | None = None
        sizes = [need] if self.params.keep_min_only else range(need, len(offered) + 1)
        for k in sizes:
            for sub in combinations(offered, k):
                value = self.tickets_value(sit, current, list(sub))
                if best is None or value > best[0] + 1e-9:
                    best = (value, sub)
        assert best is not None
        act = KeepTickets(tuple(model.ticket_ids[t] for t in best[1]))
        return _pick(act, legal)

    def tickets_value(self, sit: Situation, current: list[TicketIndex], extra: list[TicketIndex]) -> float:
        """Expected points of holding ``current + extra``: +value if done in time, -value if not."""
        return self.plan_value(sit, plan_tickets(sit, current + extra, improve=self.params.improve_plan))

    def plan_value(self, sit: Situation, plan: Plan) -> float:
        """Expected points of a ticket plan: each feasible ticket +value if done in time and -value
        if not, infeasible ones lost, the plan's route points, less ``train_cost`` a train."""
        model = sit.model
        p = self.completion_chance(sit, plan)
        value = 0.0
        for t in plan.feasible:
            value += model.tickets[t][2] * (2 * p - 1)
        for t in plan.infeasible:
            value -= model.tickets[t][2]
        value += p * len(plan.feasible) * sit.completed_ticket_value()
        value += p * sum(model.points(r) for r in plan.routes)
        value -= self.params.train_cost * plan.trains
        return value

    def completion_chance(self, sit: Situation, plan: Plan) -> float:
        """Chance to build ``plan`` before the game ends, from turns needed vs. turns left."""
        hand = sum(sit.hand)
        turns_needed = max(0, plan.trains - hand) / 2 + len(plan.routes)
        ender = min(sit.trains)
        turns_left = max(0.0, (ender - 2) / TRAINS_PER_TURN) + 1
        if sit.final_round:
            turns_left = 1
        return 1 / (1 + math.exp(-(turns_left - turns_needed) / self.params.risk_scale))

    # ------------------------------------------------------------------ main turn
    def main(self, sit: Situation, legal: Sequence[Action], rng: Rng) -> Action:
        params = self.params
        model = sit.model
        my_trains = sit.trains[sit.me]
        plan = self.plan(sit)
        if sit.final_round or sit.min_other_trains() <= params.endgame_trains or my_trains <= 3:
            act = self.best_points_claim(sit, plan, legal)
            if act is not None:
                return act
        if plan.routes:
            if params.one_ticket:
                focus = focus_routes(model, plan)
                plan = Plan(
                    focus, sum(model.routes[r].length for r in focus), plan.feasible, plan.infeasible, {}
                )
            act = self.claim_from(sit, plan.routes, plan.routes, legal)
            if act is not None:
                return act
            if params.spare_claims:
                act = self.spare_claim(sit, plan, legal)
                if act is not None:
                    return act
            return self.draw(sit, legal, plan, rng)
        if (
            params.draw_tickets
            and my_trains >= params.ticket_min_trains
            and sit.min_other_trains() >= params.ticket_min_other
            and sit.ticket_deck > 0
            and offered(DrawTickets(), legal)
        ):
            return DrawTickets()
        # Points mode: all tickets done (or hopeless); long routes score most per turn.
        targets = self.long_targets(sit)
        if targets:
            act = self.claim_from(sit, targets, [], legal)
            if act is not None:
                return act
            return self.draw(sit, legal, Plan(targets[:1], model.routes[targets[0]].length, [], []), rng)
        act = self.best_points_claim(sit, plan, legal)
        if act is not None:
            return act
        return self.draw(sit, legal, plan, rng)

    def long_targets(self, sit: Situation) -> list[RouteIndex]:
        """Free routes worth building for points, best first (long, affordable, near my network)."""
        model = sit.model
        trains = sit.trains[sit.me]
        minimum = min(self.params.long_route_min, trains)
        labels = sit.components()
        mine = {labels[model.routes[r].a] for r in range(len(sit.owner)) if sit.owner[r] == sit.me}
        scored: list[tuple[float, RouteIndex]] = []
        for r in model.routes:
            if r.length < minimum or r.length > trains or not sit.usable(r.index):
                continue
            short = (
                r.length
                - max((sit.hand[c] for c in ([r.color] if r.color >= 0 else model.colors)), default=0)
                - sit.hand[model.wild]
            )
            near = 1.0 if labels[r.a] in mine or labels[r.b] in mine else 0.0
            scored.append((model.points(r.index) + near - 1.5 * max(0, short), r.index))
        scored.sort(key=lambda x: (-x[0], x[1]))
        return [r for _, r in scored[:3]]

    def spare_claim(self, sit: Situation, plan: Plan, legal: Sequence[Action]) -> Action | None:
        """Turn cards the plan does not need into a long route, if the trains allow it.

        Waiting for one missing color while the hand fills up wastes turns; a long route paid
        with spare cards scores now and does not delay the plan.
        """
        model = sit.model
        spare_trains = sit.trains[sit.me] - plan.trains - 2
        if spare_trains < 3:
            return None
        demand = color_demand(model, plan.routes, sit.hand)
        best: tuple[float, Action] | None = None
        for a in legal:
            if not isinstance(a, ClaimRoute):
                continue
            r = model.route_index[a.route]
            length = model.routes[r].length
            if length < 3 or length > spare_trains or _locos(a, model):
                continue
            color = model.card_index[a.cards[0][0]]
            if sit.hand[color] - length < demand[color]:
                continue
            value = float(model.points(r))
            if best is None or value > best[0]:
                best = (value, a)
        return best[1] if best else None

    def best_points_claim(self, sit: Situation, plan: Plan, legal: Sequence[Action]) -> Action | None:
        """The claim worth most right now: route points plus any ticket it completes."""
        model = sit.model
        planned = set(plan.routes)
        return best_claim(
            model,
            legal,
            lambda r, a: model.points(r) + (3.0 if r in planned else 0.0) - 0.01 * _locos(a, model),
        )

    def claim_from(
        self,
        sit: Situation,
        candidates: list[RouteIndex],
        plan_routes: list[RouteIndex],
        legal: Sequence[Action],
    ) -> Action | None:
        """Claim the first affordable candidate, paying so the rest of the plan loses least."""
        model = sit.model
        for r in candidates:
            if not sit.usable(r) or model.routes[r].length > sit.trains[sit.me]:
                continue
            options = payment_options(sit, r)
            if not options:
                continue
            rest = [q for q in plan_routes if q != r]
            demand = color_demand(model, rest, sit.hand)
            best: tuple[float, int, int] | None = None
            for color, locos in options:
                used = model.routes[r].length - locos if color != model.wild else 0
                conflict = max(0, demand[color] - (sit.hand[color] - used)) if color != model.wild else 0
                cost = 2.0 * locos + conflict
                if best is None or cost < best[0]:
                    best = (cost, color, locos)
            assert best is not None
            act = ClaimRoute(model.routes[r].id, claim_cards(model, r, best[1], best[2]))
            if act in legal:
                return _pick(act, legal)
        return None

    # ------------------------------------------------------------------ cards
    def draw(
        self, sit: Situation, legal: Sequence[Action], plan: Plan, rng: Rng, second: bool = False
    ) -> Action:
        """Take a needed face-up card, a locomotive when nothing needed shows, else draw blind."""
        model = sit.model
        takes, blind = card_draws(legal)
        if self.params.sloppy and rng.random() < self.params.sloppy and (takes or blind):
            options: list[Action] = [a for a in takes if a.card != model.cards[model.wild]]
            if blind is not None:
                options.append(blind)
            if options:
                return options[rng.randbelow(len(options))]
        demand = color_demand(model, plan.routes, sit.hand)
        deficit = [max(0, demand[c] - sit.hand[c]) for c in range(len(model.cards))]
        deficit[model.wild] = 0
        total = sum(deficit) - sit.hand[model.wild]
        focus = [0] * len(model.cards)
        if self.params.focus:
            # Cards for the ticket closest to completion first: concentrated colors mean earlier
            # claims, so fewer routes get blocked while the hand fills up.
            fdemand = color_demand(model, focus_routes(model, plan), sit.hand)
            focus = [max(0, fdemand[c] - sit.hand[c]) for c in range(len(model.cards))]
        return take_or_draw(
            model,
            legal,
            takes,
            blind,
            lambda c: (2.0 if focus[c] > 0 else 0.0) + (1.0 + 0.01 * deficit[c] if deficit[c] > 0 else 0.0),
            total,
            not second and self.params.take_face_up_loco,
            lambda: sum(1 for d in deficit if d > 0),
        )


def focus_routes(model: BoardModel, plan: Plan) -> list[RouteIndex]:
    """Unclaimed routes of the most valuable planned ticket (long tickets are the most at risk of
    being blocked, and shorter ones often ride along their network)."""
    best: tuple[int, int] | None = None
    routes: list[RouteIndex] = []
    for t, path in plan.paths.items():
        if not path:
            continue
        key = (-model.tickets[t][2], t)
        if best is None or key < best:
            best, routes = key, path
    return routes


def color_demand(model: BoardModel, routes: Sequence[RouteIndex], hand: Sequence[int]) -> list[int]:
    """Cards of each color the routes need; gray routes take the color with most spare cards."""
    demand = [0] * len(model.cards)
    grays: list[int] = []
    for r in routes:
        rt = model.routes[r]
        if rt.color >= 0:
            demand[rt.color] += rt.length
        else:
            grays.append(r)
    grays.sort(key=lambda r: -model.routes[r].length)
    for r in grays:
        length = model.routes[r].length
        c = max(model.colors, key=lambda c: (hand[c] - demand[c], -c))
        demand[c] += length
    return demand


def best_claim(
    model: BoardModel, legal: Sequence[Action], value: Callable[[RouteIndex, ClaimRoute], float]
) -> Action | None:
    """The legal claim ``value(route, claim)`` rates highest (the first of equals), or None."""
    best: tuple[float, Action] | None = None
    for a in legal:
        if not isinstance(a, ClaimRoute):
            continue
        v = value(model.route_index[a.route], a)
        if best is None or v > best[0]:
            best = (v, a)
    return best[1] if best else None


def take_or_draw(
    model: BoardModel,
    legal: Sequence[Action],
    takes: Sequence[TakeCard],
    blind: Action | None,
    score: Callable[[int], float],
    total: int,
    loco_ok: bool,
    needed_colors: Callable[[], int],
) -> Action:
    """A card draw: the face-up card (not a locomotive) with the best positive ``score`` while
    ``total`` cards are still missing; else a face-up locomotive, where ``loco_ok`` and 2+ are
    missing, when a blind draw is unlikely to give one of the ``needed_colors``; else blind."""
    wild_name = model.cards[model.wild]
    best_take: TakeCard | None = None
    best_score = 0.0
    for a in takes:
        if a.card == wild_name:
            continue
        s = score(model.card_index[a.card])
        if s > best_score:
            best_take, best_score = a, s
    if best_take is not None and total > 0:
        return best_take
    if loco_ok and total >= 2 and any(a.card == wild_name for a in takes):
        p_blind = (model.cards_per_color * needed_colors() + 14) / model.total_cards
        if 2 * p_blind < 1.0:
            return next(a for a in takes if a.card == wild_name)
    if blind is not None:
        return blind
    if takes:
        return next((a for a in takes if a.card != wild_name), takes[0])
    return legal[0]


def _locos(a: ClaimRoute, model: BoardModel) -> int:
    wild = model.cards[model.wild]
    return sum(n for name, n in a.cards if name == wild)


def _pick(act: Action, legal: Sequence[Action]) -> Action:
    """The legal list's own object equal to ``act`` (falls back to the first legal action)."""
    if isinstance(legal, MainMenu):
        got = legal.pick(act)
        return got if got is not None else legal[0]
    try:
        return legal[list(legal).index(act)]
    except ValueError:
        return legal[0]


def card_draws(legal: Sequence[Action]) -> tuple[list[TakeCard], Action | None]:
    """The legal face-up takes and the blind draw (or None), without listing a menu's claims."""
    draws = legal.draws() if isinstance(legal, MainMenu) else legal
    takes = [a for a in draws if isinstance(a, TakeCard)]
    return takes, next((a for a in draws if isinstance(a, DrawCard)), None)


def offered(act: Action, legal: Sequence[Action]) -> bool:
    """Whether ``act`` (a draw, not a claim) is legal, without listing a menu's claims."""
    return legal.offers(act) if isinstance(legal, MainMenu) else act in legal


class PlannerBot(Bot):
    """A bot driven by ``PlannerPolicy`` on the seat's view."""

    def __init__(self, name: str, description: str, params: PlannerParams | None = None) -> None:
        self.name = name
        self.description = description
        self.policy = PlannerPolicy(params)

    def choose(
        self, view: dict[str, Any], legal: Sequence[Action], rng: Rng, board: dict[str, Any]
    ) -> Action:
        sit = Situation.from_view(view, board_model(board))
        return _pick(self.policy.decide(sit, legal, rng), legal)


# Measured (docs/bots.md): keeping the fewest tickets and then building long routes beats
# drawing more tickets on this map, because long routes score well and end the game fast.
NORMAL_PARAMS = PlannerParams(keep_min_only=True, draw_tickets=False, focus=False)
EASY_PARAMS = replace(
    NORMAL_PARAMS, improve_plan=False, take_face_up_loco=False, endgame_trains=0, sloppy=0.5, long_route_min=2
)
