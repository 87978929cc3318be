"""The four play-style baselines of de Mesentier Silva, Lee, Togelius and Nealen, "AI-based
Playtesting of Contemporary Board Games" (FDG 2017), for Rails & Sails (variant ``world``).

The classic versions live in ``baselines.py``; these follow the same definitions on the world
rules (trains and ships, harbors, exchanges, itineraries, two decks) and reuse the world
planner's machinery (``world_bots.py``): its route weights, Dijkstra, card scoring (``draw``),
payment choice (``pay``), harbor rule (``harbor_choice``) and exchange rule. What differs per
style is which tickets are kept, which routes are the targets and when tickets are drawn:

* Destination Hungry: keeps many tickets, draws more early while its one network is small,
  then builds that network (routes planned earlier are free for later tickets).
* Route Focus: one ticket at a time, the most valuable first, along its own shortest path
  (longest route on it first); new tickets when all are done.
* One Step Thinker: no plan; every legal action is scored by its immediate effect and the best
  is played (cards are chosen by the planner's per-card utility for its tickets' paths).
* Long Route Junkie: plans over long routes only (short ones are a last resort), hoards cards
  for the first two of its targets and claims only those; never draws extra tickets.

Simple rules shared by all four (the paper has no harbors, exchanges or piece mixes): the piece
mix is the style's network's train spaces + 3 (10..25 trains, rest ships); a harbor is built as
soon as a port city named by its tickets allows (any harbor in the last round: +4 saved);
pieces are exchanged when a target route is payable but its piece kind is short; on the very
last turn the best-scoring claim is taken.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from itertools import pairwise

from ...actions import Action, ClaimRoute, DrawCard, DrawTickets, KeepTickets, TakeCard
from ...games.world.actions import BuildHarbor, ExchangePieces
from ...games.world.state import HARBOR_VALUES, MAX_SHIPS, MAX_TRAINS, MIN_TRAINS, PIECES_IN_PLAY
from ...rng import Rng
from ..base import Bot
from .bot import WorldBot
from .planner import WorldPolicy
from .planning import (
    INF,
    PIECE_VALUE,
    Know,
    Plan,
    WorldModel,
    blocked,
    connected_sets,
    route_missing,
    route_weights,
    shortest_path,
    ticket_done,
)

LONG_TRAIN = 3  # train routes this long or longer are "long" for the Long Route Junkie ...
LONG_SHIP = 5  # ... and ship routes this long (the map's ship routes run to 8 spaces)
SHORT_PENALTY = 10.0  # planning cost added to a short route: usable only as a last resort


def route_plan(k: Know, m: WorldModel, tickets: Sequence[int], base: list[float], together: bool) -> Plan:
    """Each ticket's legs joined by shortest paths over ``base`` (most valuable ticket first).

    ``together``: routes planned for earlier tickets cost nothing for later ones (one network);
    otherwise every ticket gets its own shortest path. Unlike ``make_plan`` the weights are the
    caller's, so a style can bend them (the Long Route Junkie's short-route penalty)."""
    w = base[:]
    plan = Plan()
    planned: set[int] = set()
    for t in sorted(tickets, key=lambda t: (-m.t_values[t][0], t)):
        cs = m.t_cities[t]
        found: list[int] | None = []
        for a, b in pairwise(cs):
            res = shortest_path(m, w if together else base, a, b)
            if res is None or res[0] == INF or found is None:
                found = None
                break
            found.extend(res[1])
        if found is None:
            plan.failed.append(t)
            continue
        plan.tickets.append(t)
        for r in found:
            if r not in planned and k.owner[r] != k.me and base[r] > 0:
                planned.add(r)
                plan.routes.append(r)
            w[r] = 0.0
    return with_routes(m, plan, plan.routes, base)


def with_routes(m: WorldModel, plan: Plan, routes: list[int], base: list[float] | None = None) -> Plan:
    """``plan`` aimed at ``routes`` (in order), its turn/piece totals recounted for them."""
    out = replace(
        plan,
        routes=list(routes),
        turns=0.0,
        trains=0,
        ships=0,
        cost=sum(base[r] for r in routes) if base else plan.cost,
    )
    for r in routes:
        out.turns += m.base_cost[r]
        if m.ship[r]:
            out.ships += m.length[r]
        else:
            out.trains += m.length[r]
    return out


def my_pieces(k: Know, ship: bool) -> int:
    """My pieces of one kind (the most allowed while the mix is not chosen yet)."""
    have = k.ships[k.me] if ship else k.trains[k.me]
    if have < 0:
        return MAX_SHIPS if ship else MAX_TRAINS
    return have


def free_routes(k: Know, m: WorldModel, long_only: bool = False) -> list[int]:
    """Routes I can still claim with my pieces, best-scoring first (fewest missing cards next)."""
    out = []
    for r in range(m.nroutes):
        L = m.length[r]
        if blocked(k, m, r) or my_pieces(k, m.ship[r]) < L:
            continue
        if long_only and (LONG_SHIP if m.ship[r] else LONG_TRAIN) > L:
            continue
        out.append((-m.points[r], route_missing(m, r, k.hand), r))
    out.sort()
    return [r for _, _, r in out]


def split_legal(
    m: WorldModel, legal: Sequence[Action]
) -> tuple[dict[int, list[ClaimRoute]], list[BuildHarbor], list[ExchangePieces]]:
    """The claims by route, the harbor builds and the exchanges among ``legal``."""
    claims: dict[int, list[ClaimRoute]] = {}
    for claim in (a for a in legal if isinstance(a, ClaimRoute)):
        claims.setdefault(m.route_index[claim.route], []).append(claim)
    return (
        claims,
        [a for a in legal if isinstance(a, BuildHarbor)],
        [a for a in legal if isinstance(a, ExchangePieces)],
    )


@dataclass(frozen=True)
class Turn:
    """What a style's turn rule decides from: my knowledge, the model, the legal moves, the
    style's targets, and the legal claims (by route) and exchanges among them."""

    k: Know
    m: WorldModel
    legal: Sequence[Action]
    plan: Plan
    claims: dict[int, list[ClaimRoute]]
    exchanges: list[ExchangePieces]
    rng: Rng


class StylePolicy(WorldPolicy):
    """The world planner's plumbing with a style's own tickets, targets and turn rule.

    ``plan`` returns the style's *targets* (routes in the order it wants them): the card draws,
    the claims and the exchanges all serve that list."""

    together = True  # the style's network: one Steiner-like network or a path per ticket

    def weights(self, k: Know, m: WorldModel) -> list[float]:
        return route_weights(k, m)

    def network(self, k: Know, m: WorldModel, tickets: Sequence[int] | None = None) -> Plan:
        """The style's network for ``tickets`` (default: the open ones)."""
        todo = self.open_tickets(k, m) if tickets is None else tickets
        return route_plan(k, m, todo, self.weights(k, m), self.together)

    def plan(self, k: Know, m: WorldModel) -> Plan:
        net = self.network(k, m)
        return net if net.routes else with_routes(m, net, free_routes(k, m)[:2])

    def mix_for(self, k: Know, m: WorldModel) -> int:
        trains = self.network(k, m).trains + self.params.piece_slack
        return max(MIN_TRAINS, min(MAX_TRAINS, trains))

    def keep_by_ratio(
        self, k: Know, m: WorldModel, legal: Sequence[Action], budget: int, fewest: bool
    ) -> Action:
        """Keep the subset with the most ticket points per planned piece within ``budget``
        pieces (``fewest``: only subsets of the allowed minimum size); if none fits, the subset
        with the fewest points at stake."""
        keeps = [a for a in legal if isinstance(a, KeepTickets)]
        if not keeps:
            return legal[0]
        size = min(len(a.tickets) for a in keeps)
        current = self.open_tickets(k, m)
        weights = self.weights(k, m)
        best: tuple[float, int, Action] | None = None
        fallback: tuple[float, int, Action] | None = None
        for i, a in enumerate(keeps):
            if fewest and len(a.tickets) > size:
                continue
            sub = [m.ticket_index[t] for t in a.tickets]
            plan = route_plan(k, m, current + sub, weights, self.together)
            points = float(sum(m.t_values[t][0] for t in sub))
            fits = (
                not plan.failed
                and plan.trains + plan.ships <= budget
                and (k.trains[k.me] >= 0 or (plan.trains <= MAX_TRAINS and plan.ships <= MAX_SHIPS))
            )
            if fits:
                key = points / max(1, plan.trains + plan.ships)
                if best is None or key > best[0]:
                    best = (key, -i, a)
            elif fallback is None or -points > fallback[0]:
                fallback = (-points, -i, a)
        chosen = best or fallback
        assert chosen is not None
        return chosen[2]

    def main(self, k: Know, m: WorldModel, legal: Sequence[Action], plan: Plan, rng: Rng) -> Action:
        claims, harbors, exchanges = split_legal(m, legal)
        if harbors:
            act = self.harbor_choice(k, m, plan, harbors, k.final_round)
            if act is not None:
                return act
        if k.final_round and claims:
            # One of my last turns: points now beat cards for later.
            act = self.best_points(k, m, plan, claims)
            if act is not None:
                return act
        return self.turn(Turn(k, m, legal, plan, claims, exchanges, rng))

    def turn(self, turn: Turn) -> Action:
        """The style's own move (default: build the targets)."""
        return self.build(turn)

    def build(self, turn: Turn) -> Action:
        """Claim the longest payable target, else exchange pieces for one, else draw cards."""
        k, m, plan, claims, exchanges = turn.k, turn.m, turn.plan, turn.claims, turn.exchanges
        payable = [r for r in plan.routes if r in claims]
        if payable:
            r = max(payable, key=lambda r: (m.length[r], -plan.routes.index(r)))
            return self.pay(k, m, plan, claims[r])
        if plan.routes and exchanges:
            act = self.exchange_choice(k, m, plan, exchanges)
            if act is not None:
                return act
        return self.draw(k, m, turn.legal, plan, turn.rng, second=False)

    def may_draw_tickets(self, k: Know, legal: Sequence[Action], min_pieces: int) -> bool:
        """More tickets only while I and every opponent keep ``min_pieces`` pieces."""
        return (
            k.ticket_deck > 0
            and DrawTickets() in legal
            and min(k.pieces(p) for p in range(k.n)) >= min_pieces
        )


class DestinationHungryPolicy(StylePolicy):
    """Many tickets early, one network for all of them."""

    early_pieces = 50  # "early": every player still has this many of the 60 pieces
    network_target = 30  # draw tickets early while the network needs fewer pieces than this
    keep_margin = 15  # keep tickets whose network leaves this many pieces spare (40/8 was
    # worse: 12% vs 22% against three easy bots, its bigger networks blocked or unfinished)

    def keep(self, k: Know, m: WorldModel, legal: Sequence[Action]) -> Action:
        budget = (k.pieces(k.me) if k.trains[k.me] >= 0 else PIECES_IN_PLAY) - self.keep_margin
        return self.keep_by_ratio(k, m, legal, budget, fewest=False)

    def turn(self, turn: Turn) -> Action:
        k, m, legal = turn.k, turn.m, turn.legal
        net = self.network(k, m)
        if (
            net.routes
            and net.trains + net.ships < self.network_target
            and self.may_draw_tickets(k, legal, self.early_pieces)
        ):
            return DrawTickets()
        if not net.routes and self.may_draw_tickets(k, legal, 15):
            return DrawTickets()
        return self.build(turn)


class RouteFocusPolicy(StylePolicy):
    """One ticket at a time, the most valuable first, along its own shortest path."""

    together = False

    def keep(self, k: Know, m: WorldModel, legal: Sequence[Action]) -> Action:
        return self.keep_by_ratio(k, m, legal, k.pieces(k.me), fewest=True)

    def plan(self, k: Know, m: WorldModel) -> Plan:
        weights = self.weights(k, m)
        for t in sorted(self.open_tickets(k, m), key=lambda t: (-m.t_values[t][0], t)):
            focus = route_plan(k, m, [t], weights, together=False)
            if focus.routes:
                todo = sorted(focus.routes, key=lambda r: (-m.length[r], r))
                return with_routes(m, focus, todo)
        return with_routes(m, Plan(), free_routes(k, m)[:2])

    def turn(self, turn: Turn) -> Action:
        if not turn.plan.tickets and self.may_draw_tickets(turn.k, turn.legal, 15):
            return DrawTickets()
        return self.build(turn)


class OneStepThinkerPolicy(StylePolicy):
    """No plan beyond this move: the legal action with the best immediate evaluation."""

    together = False
    card_value = 0.8  # a good card now (drawing beats claiming short routes off every path)

    def keep(self, k: Know, m: WorldModel, legal: Sequence[Action]) -> Action:
        return self.keep_by_ratio(k, m, legal, k.pieces(k.me), fewest=True)

    def plan(self, k: Know, m: WorldModel) -> Plan:
        # The routes on each open ticket's current shortest path (no network, no order).
        return self.network(k, m)

    def turn(self, turn: Turn) -> Action:
        k, m, legal, plan, claims = turn.k, turn.m, turn.legal, turn.plan, turn.claims
        roots = connected_sets(k, m, k.me)
        open_t = [t for t in k.tickets if not ticket_done(m, roots, t)]
        on_path = set(plan.routes)
        options: list[tuple[float, Action]] = []
        if any(isinstance(a, (DrawCard, TakeCard)) for a in legal):
            options.append((self.card_value, self.draw(k, m, legal, plan, turn.rng, second=False)))
        if DrawTickets() in legal:
            fresh = not open_t and self.may_draw_tickets(k, legal, 15)
            options.append((2.0 if fresh else -5.0, DrawTickets()))
        if turn.exchanges and plan.routes:
            ex = self.exchange_choice(k, m, plan, turn.exchanges)
            if ex is not None:  # it makes a payable route on a path claimable
                options.append((self.card_value + 0.1, ex))
        # Claims: the value before its payment's costs bounds the value, so payments are only
        # priced for claims that can still win (ties go to the claim first in legal order).
        best: tuple[float, int, Action] | None = None
        if options:
            i = max(range(len(options)), key=lambda i: (options[i][0], -i))
            best = (options[i][0], -len(claims) - i, options[i][1])
        bounds = sorted(
            ((self.claim_value(k, m, r, on_path, open_t, roots), -i, r) for i, r in enumerate(claims)),
            reverse=True,
        )
        for bound, neg_i, r in bounds:
            if best is not None and (bound, neg_i) < best[:2]:
                break
            for a in claims[r]:
                value = bound - self.spend_cost(k, m, plan, a)
                if best is None or (value, neg_i) > best[:2]:
                    best = (value, neg_i, a)
        return best[2] if best is not None else legal[0]

    def spend_cost(self, k: Know, m: WorldModel, plan: Plan, a: ClaimRoute | BuildHarbor) -> float:
        """What paying ``a`` costs now: the cards the paths lose (the planner's ``pay_cost``)
        and half a point a joker."""
        return self.pay_cost(k, m, plan, a) + 0.5 * sum(n for name, n in a.cards if name == "joker")

    def claim_value(
        self, k: Know, m: WorldModel, r: int, on_path: set[int], open_t: list[int], roots: list[int]
    ) -> float:
        """Points now, tickets this claim completes, a route on a ticket path; pieces spent off
        every path count against it (the payment's costs come on top: ``spend_cost``)."""
        L = m.length[r]
        value = float(m.points[r])
        if r in on_path:
            value += L
            ra, rb = roots[m.ra[r]], roots[m.rb[r]]
            for t in open_t:
                joined = {rb if roots[c] == ra else roots[c] for c in m.t_cities[t]}
                if len(joined) == 1:
                    value += m.t_values[t][0] - m.t_values[t][2]  # from the penalty to the value
        else:
            # Pieces spent off every path could score elsewhere (the planner's 1.5 a piece);
            # leaving too few of that kind for the paths puts the open tickets at risk.
            value -= PIECE_VALUE * L
            need = sum(m.length[x] for x in on_path if m.ship[x] == m.ship[r])
            if my_pieces(k, m.ship[r]) - L < need:
                value -= sum(m.t_values[t][0] for t in open_t)
        return value

    def main(self, k: Know, m: WorldModel, legal: Sequence[Action], plan: Plan, rng: Rng) -> Action:
        claims, harbors, exchanges = split_legal(m, legal)
        best_harbor: tuple[float, BuildHarbor] | None = None
        for h in harbors:
            v = self.harbor_value(k, m, plan, h)
            if best_harbor is None or v > best_harbor[0]:
                best_harbor = (v, h)
        move = self.turn(Turn(k, m, legal, plan, claims, exchanges, rng))
        if best_harbor is not None and best_harbor[0] > self.move_value(k, m, move, plan):
            return best_harbor[1]
        return move

    def move_value(self, k: Know, m: WorldModel, move: Action, plan: Plan) -> float:
        if isinstance(move, ClaimRoute):
            roots = connected_sets(k, m, k.me)
            open_t = [t for t in k.tickets if not ticket_done(m, roots, t)]
            return self.claim_value(
                k, m, m.route_index[move.route], set(plan.routes), open_t, roots
            ) - self.spend_cost(k, m, plan, move)
        return self.card_value

    def harbor_value(self, k: Know, m: WorldModel, plan: Plan, h: BuildHarbor) -> float:
        """Its value with the tickets done now (open ones naming the city count half), else the
        −4 it saves late in the game; cards it takes from the paths count against it."""
        c = m.city_index[h.city]
        roots = connected_sets(k, m, k.me)
        done = sum(1 for t in k.tickets if c in m.t_cities[t] and ticket_done(m, roots, t))
        named = sum(1 for t in k.tickets if c in m.t_cities[t] and t not in plan.failed)
        now = HARBOR_VALUES[min(3, done)]
        value = now + 0.5 * (HARBOR_VALUES[min(3, named)] - now)
        if value <= 0:
            value = 4.0 if k.final_round or k.pieces(k.me) <= 12 else -1.0
        return value - self.spend_cost(k, m, plan, h)


class LongRouteJunkiePolicy(StylePolicy):
    """Tickets over long routes, cards hoarded for them, only long routes claimed."""

    hoard = 2  # only this many targets (the longest) are drawn for and may be claimed

    def weights(self, k: Know, m: WorldModel) -> list[float]:
        w = route_weights(k, m)
        for r in range(m.nroutes):
            if 0 < w[r] < INF and m.length[r] < (LONG_SHIP if m.ship[r] else LONG_TRAIN):
                w[r] += SHORT_PENALTY
        return w

    def keep(self, k: Know, m: WorldModel, legal: Sequence[Action]) -> Action:
        budget = k.pieces(k.me) if k.trains[k.me] >= 0 else PIECES_IN_PLAY
        return self.keep_by_ratio(k, m, legal, budget, fewest=True)

    def plan(self, k: Know, m: WorldModel) -> Plan:
        # Ticket routes longest first, else the longest free routes; only the head is claimed
        # (and drawn for): the hand is hoarded for it.
        net = self.network(k, m)
        if net.routes:
            head = sorted(net.routes, key=lambda r: (-m.length[r], r))
        else:
            head = free_routes(k, m, long_only=True) or free_routes(k, m)
        return with_routes(m, net, head[: self.hoard])


class WorldBaselineBot(WorldBot):
    """A world bot driven by one of the FDG 2017 style policies."""

    variants = ("world",)

    def __init__(self, name: str, description: str, policy: StylePolicy) -> None:
        super().__init__(name, description)
        self.policy = policy


_PAPER = "(de Mesentier Silva et al. 2017) for Rails & Sails: "
STYLES: dict[str, tuple[str, type[StylePolicy]]] = {
    "destination_hungry": (
        "Destination Hungry " + _PAPER + "many tickets early, then one network for all of them.",
        DestinationHungryPolicy,
    ),
    "route_focus": (
        "Route Focus " + _PAPER + "one ticket at a time, the most valuable first, along its shortest path.",
        RouteFocusPolicy,
    ),
    "one_step_thinker": (
        "One Step Thinker " + _PAPER + "the action with the best immediate evaluation.",
        OneStepThinkerPolicy,
    ),
    "long_route_junkie": (
        "Long Route Junkie " + _PAPER + "tickets over long routes, cards hoarded for them.",
        LongRouteJunkiePolicy,
    ),
}


def style_bots(table: Mapping[str, tuple[str, type[StylePolicy]]]) -> dict[str, Callable[[], Bot]]:
    """A bot factory for each style of ``table`` (name -> description, policy class): the FDG
    styles here (``STYLES``) and the reference opponents (``reference.POLICIES``)."""

    def factory(name: str, description: str, policy: type[StylePolicy]) -> Callable[[], Bot]:
        return lambda: WorldBaselineBot(name, description, policy())  # a fresh policy per bot

    return {name: factory(name, description, policy) for name, (description, policy) in table.items()}


__all__ = ["STYLES", "StylePolicy", "Turn", "WorldBaselineBot", "style_bots"]
