"""What a bot knows: the static board as indexed tables and the public situation of one seat.

``BoardModel`` is built once per board dict (``variant.board_view()``). ``Situation`` is the part
of a position a seat may know, built either from the player's view (real play) or from a
simulated state (a bot's own sampled belief, used in look-ahead). Everything after that works on
plain integer lists, so planning is fast enough for rollouts in Pyodide.
"""

from __future__ import annotations

import heapq
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from ...mechanics.graph import components
from ...mechanics.routes import DOUBLE_ROUTES_BOTH_USABLE_FROM
from ..base import ModelPerBoard

RouteIndex = int
CityIndex = int
TicketIndex = int

INF = float("inf")
# Claiming a route costs a turn besides its cards: a small per-route cost makes the planner
# prefer fewer, longer routes (which also score more per train).
ROUTE_TURN_COST = 0.6
# Long routes score more per train (15 points for 6 vs 2 x 4 for 3 + 3), so the planner discounts a
# route by a share of its points: a detour over a long route is often worth it.
POINT_DISCOUNT = 0.15
END_TRIGGER_TRAINS = 2
# Globetrotter (USA 1910 ways of play): the bonus goes to the most completed tickets, so a ticket
# a bot expects to complete is worth a share of the bonus besides its own points. A third: a few
# more completed tickets than the rivals usually decide it.
GLOBETROTTER_SHARE_PER_TICKET = 1 / 3


@dataclass(frozen=True)
class Route:
    index: RouteIndex
    id: str
    a: CityIndex
    b: CityIndex
    length: int
    color: int  # card index, -1 for gray (any one color)
    partner: RouteIndex  # the other track of a double route, -1 if single


class BoardModel:
    """Static board tables (cities, routes, tickets, cards) indexed by small integers."""

    def __init__(self, board: dict[str, Any]) -> None:
        self.variant: str = board.get("variant", "")
        self.cards: list[str] = list(board["cards"])
        self.card_index = {c: i for i, c in enumerate(self.cards)}
        self.wild: int = self.card_index[board.get("wild", "loco")]
        self.colors: list[int] = [i for i in range(len(self.cards)) if i != self.wild]
        self.cities: list[str] = [c["id"] for c in board["cities"]]
        self.city_index = {c: i for i, c in enumerate(self.cities)}
        rid_index = {r["id"]: i for i, r in enumerate(board["routes"])}
        self.routes: list[Route] = []
        for i, r in enumerate(board["routes"]):
            color = -1 if r["color"] == "gray" else self.card_index[r["color"]]
            partner = rid_index[r["double"]] if r.get("double") else -1
            self.routes.append(
                Route(
                    i,
                    r["id"],
                    self.city_index[r["a"]],
                    self.city_index[r["b"]],
                    int(r["length"]),
                    color,
                    partner,
                )
            )
        self.route_index = rid_index
        self.route_points: dict[int, int] = {int(k): int(v) for k, v in board["route_points"].items()}
        self.max_trains: int = int(board.get("trains", 45))
        self.adj: list[list[tuple[RouteIndex, CityIndex]]] = [[] for _ in self.cities]
        for r in self.routes:
            self.adj[r.a].append((r.index, r.b))
            self.adj[r.b].append((r.index, r.a))
        self.tickets: list[tuple[CityIndex, CityIndex, int]] = []
        self.ticket_ids: list[str] = []
        for t in board["tickets"]:
            a, b = (self.city_index[c] for c in t["cities"][:2])
            self.tickets.append((a, b, int(t["points"])))
            self.ticket_ids.append(t["id"])
        self.ticket_index = {tid: i for i, tid in enumerate(self.ticket_ids)}
        # Planning cost of a free route (see route_costs), computed once.
        self.base_cost: list[float] = [
            r.length + ROUTE_TURN_COST - POINT_DISCOUNT * self.route_points[r.length] for r in self.routes
        ]
        self.cards_per_color = 12
        self.total_cards = 110

    def points(self, route: RouteIndex) -> int:
        return self.route_points[self.routes[route].length]


board_model = ModelPerBoard(BoardModel)  # the model of a board view, made once per board


@dataclass
class Situation:
    """What seat ``me`` knows now. Lists are indexed by route, card, seat or ticket index."""

    model: BoardModel
    me: int
    players: int
    phase: str
    owner: list[int]
    hand: list[int]
    trains: list[int]
    scores: list[int]
    tickets: list[TicketIndex]
    offered: list[TicketIndex]
    min_keep: int
    market: list[int]
    deck: int
    discard: int
    ticket_deck: int
    final_round: bool
    turn: int = 0
    globetrotter: int = 0  # the bonus for the most completed tickets (0: not in this game)
    longest_path: int = 0  # the bonus for the longest continuous path (0: not in this game)

    @classmethod
    def from_view(cls, view: dict[str, Any], model: BoardModel) -> Situation:
        me = int(view["you"])
        owner = [-1] * len(model.routes)
        for rid, p in view["routes"].items():
            owner[model.route_index[rid]] = int(p)
        mine = view["me"]
        hand = [0] * len(model.cards)
        for name, n in mine["hand"].items():
            hand[model.card_index[name]] = int(n)
        players = view["players"]
        return cls(
            model=model,
            me=me,
            players=len(players),
            phase=view["phase"],
            owner=owner,
            hand=hand,
            trains=[int(p["trains"]) for p in players],
            scores=[int(p["score"]) for p in players],
            tickets=[model.ticket_index[t["id"]] for t in mine["tickets"]],
            offered=[model.ticket_index[t["id"]] for t in mine["offered"]],
            min_keep=int(mine.get("min_keep", 1)),
            market=[model.card_index[c] if c is not None else -1 for c in view["market"]],
            deck=int(view["deck"]),
            discard=int(view["discard"]),
            ticket_deck=int(view["ticket_deck"]),
            final_round=bool(view["final_round"]),
            turn=int(view.get("turn", 0)),
            globetrotter=int(view.get("bonuses", {}).get("globetrotter", 0)),
            longest_path=int(view.get("bonuses", {}).get("longest_path", 0)),
        )

    # ------------------------------------------------------------------ route access
    def usable(self, r: RouteIndex, p: int | None = None) -> bool:
        """Whether seat ``p`` (default: me) could still claim route ``r`` (ignoring cards)."""
        if p is None:
            p = self.me
        if self.owner[r] >= 0:
            return False
        q = self.model.routes[r].partner
        if q >= 0 and self.owner[q] >= 0:
            return self.players >= DOUBLE_ROUTES_BOTH_USABLE_FROM and self.owner[q] != p
        return True

    def route_costs(self, p: int | None = None) -> list[float]:
        """Planning cost per route for seat ``p``: 0 if owned, length + turn cost if free, INF."""
        if p is None:
            p = self.me
        trains = self.trains[p]
        owner = self.owner
        base = self.model.base_cost
        both_usable = self.players >= DOUBLE_ROUTES_BOTH_USABLE_FROM
        out = [INF] * len(owner)
        for r in self.model.routes:
            i = r.index
            o = owner[i]
            if o == p:
                out[i] = 0.0
            elif o < 0 and r.length <= trains:
                q = r.partner
                if q < 0 or owner[q] < 0 or (both_usable and owner[q] != p):
                    out[i] = base[i]
        return out

    def components(self, p: int | None = None) -> list[int]:
        """Component label per city in seat ``p``'s own network."""
        if p is None:
            p = self.me
        owner = self.owner
        return components(
            len(self.model.cities), ((r.a, r.b) for r in self.model.routes if owner[r.index] == p)
        )

    def completed_ticket_value(self) -> float:
        """What completing one more ticket adds besides its points (a share of Globetrotter)."""
        return self.globetrotter * GLOBETROTTER_SHARE_PER_TICKET

    def ticket_done(self, t: TicketIndex, labels: list[int]) -> bool:
        a, b, _ = self.model.tickets[t]
        return labels[a] == labels[b]

    def open_tickets(self) -> list[TicketIndex]:
        labels = self.components()
        return [t for t in self.tickets if not self.ticket_done(t, labels)]

    def min_trains(self) -> int:
        return min(self.trains)

    def min_other_trains(self) -> int:
        return min((t for p, t in enumerate(self.trains) if p != self.me), default=self.model.max_trains)


def shortest_path(
    model: BoardModel, costs: Sequence[float], src: CityIndex, dst: CityIndex
) -> tuple[float, list[RouteIndex]]:
    """Dijkstra over route costs; returns (cost, routes on the path) or (INF, [])."""
    if src == dst:
        return 0.0, []
    dist = [INF] * len(model.cities)
    via: list[RouteIndex] = [-1] * len(model.cities)
    dist[src] = 0.0
    heap: list[tuple[float, int]] = [(0.0, src)]
    adj = model.adj
    push, pop = heapq.heappush, heapq.heappop
    while heap:
        d, u = pop(heap)
        if d > dist[u]:
            continue
        if u == dst:
            break
        for r, v in adj[u]:
            c = costs[r]
            if c == INF:
                continue
            nd = d + c
            if nd < dist[v]:
                dist[v] = nd
                via[v] = r
                push(heap, (nd, v))
    if dist[dst] == INF:
        return INF, []
    path: list[RouteIndex] = []
    routes = model.routes
    v = dst
    while v != src:
        r = via[v]
        path.append(r)
        rt = routes[r]
        v = rt.a if rt.b == v else rt.b
    return dist[dst], path


@dataclass
class Plan:
    """Routes to claim for a set of tickets, and which tickets the plan can still complete."""

    routes: list[RouteIndex]  # unclaimed routes to claim, most valuable first
    trains: int  # trains those routes need
    feasible: list[TicketIndex]
    infeasible: list[TicketIndex]
    paths: dict[TicketIndex, list[RouteIndex]] = field(default_factory=dict)  # unclaimed routes

    @property
    def empty(self) -> bool:
        return not self.routes


def plan_tickets(
    sit: Situation,
    tickets: Iterable[TicketIndex],
    p: int | None = None,
    costs: list[float] | None = None,
    improve: bool = False,
    fit: bool = True,
) -> Plan:
    """A Steiner-tree-like network joining every ticket's cities, built greedily.

    Tickets are connected longest-first by shortest paths in which owned and already planned
    routes are free, so later tickets reuse the network. With ``improve`` every ticket is then
    re-routed once with the others fixed, which removes detours the greedy order left. With
    ``fit`` the least valuable tickets are given up until the plan fits the trains left.
    """
    model = sit.model
    if p is None:
        p = sit.me
    base = costs if costs is not None else sit.route_costs(p)
    work = list(base)
    order = sorted(set(tickets), key=lambda t: -model.tickets[t][2])
    paths: dict[TicketIndex, list[RouteIndex]] = {}
    infeasible: list[TicketIndex] = []
    planned: dict[RouteIndex, int] = {}  # route -> how many ticket paths use it
    for t in order:
        a, b, _ = model.tickets[t]
        d, path = shortest_path(model, work, a, b)
        if d == INF:
            infeasible.append(t)
            continue
        paths[t] = path
        for r in path:
            planned[r] = planned.get(r, 0) + 1
            work[r] = 0.0
    if improve and len(paths) > 1:
        for t in list(paths):
            for r in paths[t]:
                planned[r] -= 1
                if planned[r] == 0:
                    del planned[r]
                    work[r] = base[r]
            a, b, _ = model.tickets[t]
            _, path = shortest_path(model, work, a, b)
            paths[t] = path
            for r in path:
                planned[r] = planned.get(r, 0) + 1
                work[r] = 0.0
    owner = sit.owner
    routes = [r for r in planned if owner[r] < 0]
    routes.sort(key=lambda r: (-model.routes[r].length, r))
    trains = sum(model.routes[r].length for r in routes)
    feasible = [t for t in order if t in paths]
    if trains > sit.trains[p] and feasible and fit:
        # Too long for the trains left: drop the cheapest tickets until it fits.
        keep = list(feasible)
        while keep:
            keep.pop()
            sub = plan_tickets(sit, keep, p, base, improve, fit=False)
            if sub.trains <= sit.trains[p]:
                return Plan(
                    sub.routes,
                    sub.trains,
                    sub.feasible,
                    infeasible + [t for t in feasible if t not in sub.feasible],
                    sub.paths,
                )
        return Plan([], 0, [], infeasible + feasible)
    return Plan(
        routes,
        trains,
        feasible,
        infeasible,
        {t: [r for r in path if owner[r] < 0] for t, path in paths.items()},
    )


def payment_options(
    sit: Situation, r: RouteIndex, hand: Sequence[int] | None = None
) -> list[tuple[int, int]]:
    """Ways to pay route ``r`` as (color card index, locomotives used), cheapest in locos first."""
    model = sit.model
    if hand is None:
        hand = sit.hand
    route = model.routes[r]
    length = route.length
    locos = hand[model.wild]
    colors = [route.color] if route.color >= 0 else model.colors
    out: list[tuple[int, int]] = []
    for c in colors:
        have = hand[c]
        if have == 0:
            continue  # all-locomotive payments are listed once, below
        if have + locos >= length:
            out.append((c, max(0, length - have)))
    if locos >= length:
        out.append((model.wild, length))
    out.sort(key=lambda x: x[1])
    return out


def claim_cards(model: BoardModel, r: RouteIndex, color: int, locos: int) -> tuple[tuple[str, int], ...]:
    """The canonical payment tuple of a ClaimRoute: (color, n) then (wild, k)."""
    length = model.routes[r].length
    wild = model.cards[model.wild]
    if color == model.wild:
        return ((wild, length),)
    cards: tuple[tuple[str, int], ...] = ((model.cards[color], length - locos),)
    if locos:
        cards += ((wild, locos),)
    return cards
