"""What a Rails & Sails bot knows and how it plans: the static board model, a seat's knowledge
(``Know``, from a view or a sampled state), ticket plans over train and ship routes and the cards a
plan still misses. The policy that uses them is in ``planner.py``."""

from __future__ import annotations

import heapq
from collections.abc import Sequence
from dataclasses import dataclass, field
from operator import add
from typing import Any

from ...games.world.state import (
    CARD_INDEX,
    DOUBLE,
    END_TRIGGER_PIECES,
    JOKER,
    NCARDS,
    NCOLORS,
    PIECES_IN_PLAY,
    ROUTE_POINTS,
    SHIP,
    TRAIN,
    TRAIN_H,
)
from ..base import ModelPerBoard

SETUP_TICKETS, SETUP_PIECES, MAIN, SECOND_CARD, KEEP_TICKETS, OVER = range(6)
PHASES = {
    "setup_tickets": SETUP_TICKETS,
    "setup_pieces": SETUP_PIECES,
    "main": MAIN,
    "second_card": SECOND_CARD,
    "keep_tickets": KEEP_TICKETS,
    "over": OVER,
}
SHIP_SPACES_PER_CARD = 1.6  # a colored ship card: 4 singles + 6 doubles -> 16 spaces / 10 cards
PIECES_PER_TURN = 1.6  # tempo: pieces a building player places per turn (turns-left estimate)
INF = float("inf")


# ---------------------------------------------------------------------- the static board
class WorldModel:
    """Integer tables of the static board (built once per board view)."""

    def __init__(self, board: dict[str, Any]) -> None:
        self.city_ids = [c["id"] for c in board["cities"]]
        self.city_index = {cid: i for i, cid in enumerate(self.city_ids)}
        self.port = [bool(c.get("port")) for c in board["cities"]]
        colors = list(board["colors"])
        self.route_ids = [r["id"] for r in board["routes"]]
        self.route_index = {rid: i for i, rid in enumerate(self.route_ids)}
        rs = board["routes"]
        self.ra = [self.city_index[r["a"]] for r in rs]
        self.rb = [self.city_index[r["b"]] for r in rs]
        self.length = [int(r["length"]) for r in rs]
        self.ship = [r["kind"] == "ship" for r in rs]
        self.color = [colors.index(r["color"]) if r["color"] in colors else -1 for r in rs]
        self.rough = [int(r.get("rough") or 0) for r in rs]
        self.partner = [self.route_index[r["double"]] if r.get("double") else -1 for r in rs]
        self.points = [ROUTE_POINTS[L] for L in self.length]
        self.nroutes = len(rs)
        self.adj: list[list[tuple[int, int]]] = [[] for _ in self.city_ids]
        for r in range(self.nroutes):
            self.adj[self.ra[r]].append((r, self.rb[r]))
            self.adj[self.rb[r]].append((r, self.ra[r]))
        # Turns a free route costs: cards to collect (2 a turn) plus the claiming turn.
        self.cards = [
            L / SHIP_SPACES_PER_CARD if s else float(L + ro)
            for L, s, ro in zip(self.length, self.ship, self.rough)
        ]
        self.base_cost = [c / 2.0 + 1.0 for c in self.cards]
        self.ticket_ids = [t["id"] for t in board["tickets"]]
        self.ticket_index = {tid: i for i, tid in enumerate(self.ticket_ids)}
        self.t_cities = [tuple(self.city_index[c] for c in t["cities"]) for t in board["tickets"]]
        # (value when done / in order, value when connected out of order, value when failed)
        self.t_values = [
            tuple(t["values"]) if t.get("itinerary") else (t["points"], t["points"], -t["points"])
            for t in board["tickets"]
        ]


world_model = ModelPerBoard(WorldModel)  # the model of a board view, made once per board


# ---------------------------------------------------------------------- what a seat knows
@dataclass
class Know:
    """One seat's knowledge (no hidden information of the others)."""

    me: int
    n: int
    phase: int
    owner: list[int]
    hand: list[int]
    trains: list[int]  # -1: not known yet
    ships: list[int]
    box_trains: int
    box_ships: int
    tickets: list[int]
    offered: list[int]
    min_keep: int
    harbor_owner: dict[int, int]  # city -> seat
    harbors_left: list[int]
    market: list[int]
    ticket_deck: int
    final_round: bool
    scores: list[int]
    chosen: list[bool]

    @classmethod
    def from_view(cls, view: dict[str, Any], m: WorldModel) -> Know:
        players = view["players"]
        me = int(view["you"])
        mine = view["me"]
        hand = [0] * NCARDS
        for name, k in mine["hand"].items():
            hand[CARD_INDEX[name]] = int(k)
        owner = [-1] * m.nroutes
        for rid, p in view["routes"].items():
            owner[m.route_index[rid]] = int(p)
        pieces = mine.get("pieces") or {}
        return cls(
            me=me,
            n=len(players),
            phase=PHASES[view["phase"]],
            owner=owner,
            hand=hand,
            trains=[-1 if p["trains"] is None else int(p["trains"]) for p in players],
            ships=[-1 if p["ships"] is None else int(p["ships"]) for p in players],
            box_trains=int(pieces.get("box_trains", 0)),
            box_ships=int(pieces.get("box_ships", 0)),
            tickets=[m.ticket_index[t["id"]] for t in mine["tickets"]],
            offered=[m.ticket_index[t["id"]] for t in mine["offered"]],
            min_keep=int(mine.get("min_keep", 1)),
            harbor_owner={m.city_index[c]: int(p) for c, p in view["harbors"].items()},
            harbors_left=[int(p["harbors_left"]) for p in players],
            market=[CARD_INDEX[c] if c is not None else -1 for c in view["market"]],
            ticket_deck=int(view["ticket_deck"]),
            final_round=bool(view["final_round"]),
            scores=[int(p["score"]) for p in players],
            chosen=[bool(p["chose_pieces"]) for p in players],
        )

    @classmethod
    def from_state(cls, s: Any, p: int) -> Know:
        """Seat ``p``'s knowledge of a (sampled) WorldState, for rollouts."""
        revealed = all(s.chosen)
        return cls(
            me=p,
            n=s.players,
            phase=s.phase,
            owner=s.owner,
            hand=s.hands[p],
            trains=[s.trains[q] if (revealed or q == p) and s.chosen[q] else -1 for q in range(s.players)],
            ships=[s.ships[q] if (revealed or q == p) and s.chosen[q] else -1 for q in range(s.players)],
            box_trains=s.box_trains[p],
            box_ships=s.box_ships[p],
            tickets=s.tickets[p],
            offered=sorted(s.offered[p]),
            min_keep=3 if s.phase == SETUP_TICKETS else 1,
            harbor_owner={c: o for c, o in enumerate(s.harbor_owner) if o >= 0},
            harbors_left=s.harbors_left,
            market=s.market,
            ticket_deck=len(s.ticket_deck),
            final_round=s.final_turns > 0,
            scores=s.points,
            chosen=s.chosen,
        )

    def pieces(self, p: int) -> int:
        """Pieces in seat p's supply (60 while the mix is unknown)."""
        if self.trains[p] < 0:
            return PIECES_IN_PLAY
        return self.trains[p] + self.ships[p]

    def turns_left(self) -> float:
        """Rough number of my turns before the game ends."""
        if self.final_round:
            return 1.0
        fewest = min(self.pieces(p) for p in range(self.n))
        return max(1.0, (fewest - END_TRIGGER_PIECES) / PIECES_PER_TURN) + 2.0


# ---------------------------------------------------------------------- planning
@dataclass
class Plan:
    routes: list[int] = field(default_factory=list)  # free routes to claim (in planning order)
    tickets: list[int] = field(default_factory=list)  # tickets the plan serves
    failed: list[int] = field(default_factory=list)  # tickets it cannot reach
    turns: float = 0.0  # turns to build it (cards to collect / 2 + claims)
    cost: float = 0.0  # planning cost of its free routes (points their pieces/turns could make)
    trains: int = 0  # train spaces of the free routes
    ships: int = 0


def blocked(k: Know, m: WorldModel, r: int) -> bool:
    """Whether seat k.me can no longer claim route r (owned, or the closed track of a double)."""
    if k.owner[r] >= 0:
        return True
    q = m.partner[r]
    return q >= 0 and k.owner[q] >= 0 and (k.n < 4 or k.owner[q] == k.me)


def long_claims_table(k: Know, m: WorldModel, min_len: float, min_count: int) -> bool:
    """Whether the other seats claim long routes: their claimed routes average at least
    ``min_len`` pieces over ``min_count`` claims or more (three long_route_junkies average 4.2--5.0
    at the end of a game; zombies, shortest_paths and route_focus 3.1--4.8, mostly under 4)."""
    n = total = 0
    for r, o in enumerate(k.owner):
        if o >= 0 and o != k.me:
            n += 1
            total += m.length[r]
    return n >= min_count and total >= min_len * n


def route_missing(m: WorldModel, r: int, hand: Sequence[int]) -> float:
    """Cards missing to pay route r alone with ``hand`` (ship cards in ~1.6-space units).

    The planners ask this hundreds of thousands of times a game (every route's weight, every
    payability test): a colored route reads its own color's counts, a gray one takes the best
    color in one pass (jokers are subtracted after the best color: the shortfall only grows
    with what a color lacks)."""
    L = m.length[r]
    col = m.color[r]
    if m.ship[r]:
        half = L // 2
        best = L
        for c in (4 * col,) if col >= 0 else _COLOR_BASES:
            doubles = hand[c + DOUBLE]
            used = doubles if doubles < half else half
            rest = L - 2 * used - hand[c + SHIP]
            if rest == 1 and doubles > used:
                rest = 0  # a spare double covers the last single space
            if rest < best:
                best = rest
        return max(0, best - hand[JOKER]) / SHIP_SPACES_PER_CARD
    if col >= 0:
        have = hand[4 * col + TRAIN] + hand[4 * col + TRAIN_H]
    else:
        have = max(map(add, hand[TRAIN : 4 * NCOLORS : 4], hand[TRAIN_H : 4 * NCOLORS : 4]))
    return float(max(0, L + m.rough[r] - have - hand[JOKER]))


_COLOR_BASES = tuple(range(0, 4 * NCOLORS, 4))  # each color's first card kind


PIECE_VALUE = 1.5  # points a piece could score elsewhere (long ship routes score ~2.5 a piece)
TURN_VALUE = 2.0  # points a turn could score elsewhere


def color_factor(m: WorldModel, r: int, color_ship: float, color_train: float) -> float:
    """How much slower the cards of route r come in than its card count says (colored routes)."""
    if m.color[r] < 0:
        return 1.0
    return color_ship if m.ship[r] else color_train


def route_weights(
    k: Know,
    m: WorldModel,
    piece_value: float = PIECE_VALUE,
    turn_value: float = TURN_VALUE,
    color_ship: float = 1.0,
    color_train: float = 1.0,
) -> list[float]:
    """Planning cost of each route for seat k.me, in points: 0 if owned, inf if closed, else
    what its pieces and turns could score elsewhere minus its own points (at least 0.3)."""
    me = k.me
    out = []
    hand = k.hand
    for r in range(m.nroutes):
        o = k.owner[r]
        if o == me:
            out.append(0.0)
            continue
        if o >= 0:
            out.append(INF)
            continue
        q = m.partner[r]
        if q >= 0 and k.owner[q] >= 0:
            if k.owner[q] == me:
                out.append(0.0)
                continue
            if k.n < 4:
                out.append(INF)
                continue
        f = color_factor(m, r, color_ship, color_train)
        turns = 0.5 * (m.base_cost[r] + f * route_missing(m, r, hand) / 2.0 + 1.0)
        cost = piece_value * m.length[r] + turn_value * turns - m.points[r]
        out.append(max(0.3, cost))
    return out


def shortest_path(m: WorldModel, w: list[float], a: int, b: int) -> tuple[float, list[int]] | None:
    """Dijkstra from a to b; returns (cost, routes) or None."""
    if a == b:
        return 0.0, []
    dist = {a: 0.0}
    prev: dict[int, tuple[int, int]] = {}
    heap = [(0.0, a)]
    adj = m.adj
    while heap:
        d, x = heapq.heappop(heap)
        if x == b:
            path = []
            while x != a:
                r, x = prev[x]
                path.append(r)
            return d, path
        if d > dist.get(x, INF):
            continue
        for r, y in adj[x]:
            nd = d + w[r]
            if nd < dist.get(y, INF):
                dist[y] = nd
                prev[y] = (r, x)
                heapq.heappush(heap, (nd, y))
    return None


def connected_sets(k: Know, m: WorldModel, p: int) -> list[int]:
    """Union-find root per city over seat p's routes."""
    parent = list(range(len(m.city_ids)))

    def find(x: int) -> int:
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    for r, o in enumerate(k.owner):
        if o == p:
            parent[find(m.ra[r])] = find(m.rb[r])
    return [find(x) for x in range(len(parent))]


def ticket_done(m: WorldModel, roots: list[int], t: int) -> bool:
    cs = m.t_cities[t]
    return all(roots[c] == roots[cs[0]] for c in cs)


def make_plan(
    k: Know,
    m: WorldModel,
    tickets: Sequence[int],
    together: bool = True,
    piece_value: float = PIECE_VALUE,
    turn_value: float = TURN_VALUE,
    color_ship: float = 1.0,
    color_train: float = 1.0,
) -> Plan:
    """A network joining every ticket's cities (legs in order), most valuable ticket first.

    ``together``: routes planned for earlier tickets are free for later ones (a Steiner-like
    network); otherwise each ticket gets its own shortest path. An itinerary's legs form a trail
    where possible (a leg does not reuse the routes of the legs before it).
    """
    base = route_weights(k, m, piece_value, turn_value, color_ship, color_train)
    w = base[:]
    plan = Plan()
    planned: set[int] = set()
    me = k.me
    for t in sorted(tickets, key=lambda t: (-m.t_values[t][0], t)):
        cs = m.t_cities[t]
        found: list[int] | None = None
        for strict in (True, False) if len(cs) > 2 else (False,):
            cur = (w if together else base)[:] if strict else (w if together else base)
            found = []
            for i in range(len(cs) - 1):
                res = shortest_path(m, cur, cs[i], cs[i + 1])
                if res is None or res[0] == INF:
                    found = None
                    break
                found.extend(res[1])
                if strict:
                    for r in res[1]:
                        cur[r] = INF
            if found is not None:
                break
        if found is None:
            plan.failed.append(t)
            continue
        plan.tickets.append(t)
        for r in found:
            if r not in planned and k.owner[r] != me and base[r] > 0:
                planned.add(r)
                plan.routes.append(r)
            w[r] = 0.0
    for r in plan.routes:
        plan.turns += m.base_cost[r]
        plan.cost += base[r]
        if m.ship[r]:
            plan.ships += m.length[r]
        else:
            plan.trains += m.length[r]
    return plan


# ---------------------------------------------------------------------- cards
def missing_cards(m: WorldModel, routes: Sequence[int], hand: Sequence[int], ordered: bool = False) -> float:
    """Cards still to collect for ``routes`` after a greedy allocation of ``hand``
    (``ordered``: the routes are already in allocation order, see ``alloc_order``)."""
    h = list(hand)
    miss = 0.0
    # Colored routes first, then gray ones (they take the best remaining color).
    for r in routes if ordered else alloc_order(m, routes):
        L = m.length[r]
        col = m.color[r]
        if m.ship[r]:
            cols = (col,) if col >= 0 else range(NCOLORS)
            best = None
            for c in cols:
                d = min(h[4 * c + DOUBLE], L // 2)
                rest = L - 2 * d
                sg = min(h[4 * c + SHIP], rest)
                rest -= sg
                extra_d = 1 if rest == 1 and h[4 * c + DOUBLE] > d else 0
                if extra_d:
                    rest = 0
                covered = 2 * d + sg
                key = (rest, -(covered))
                if best is None or key < best[0]:
                    best = (key, c, d + extra_d, sg, rest)
            assert best is not None
            _, c, d, sg, rest = best
            h[4 * c + DOUBLE] -= d
            h[4 * c + SHIP] -= sg
            j = min(h[JOKER], rest)
            h[JOKER] -= j
            miss += (rest - j) / SHIP_SPACES_PER_CARD
        else:
            need = L + m.rough[r]
            c = col
            if col < 0:  # a gray route: the color with the most train cards (the first on a tie)
                top = -1
                for k in range(NCOLORS):
                    if h[4 * k + TRAIN] + h[4 * k + TRAIN_H] > top:
                        top, c = h[4 * k + TRAIN] + h[4 * k + TRAIN_H], k
            have_plain = h[4 * c + TRAIN]
            have_h = h[4 * c + TRAIN_H]
            use = min(have_plain + have_h, need)
            a = min(have_plain, use)
            h[4 * c + TRAIN] -= a
            h[4 * c + TRAIN_H] -= use - a
            rest = need - use
            j = min(h[JOKER], rest)
            h[JOKER] -= j
            miss += rest - j
    return miss


def alloc_order(m: WorldModel, routes: Sequence[int]) -> list[int]:
    return sorted(routes, key=lambda r: (m.color[r] < 0, -m.length[r], r))


def harbor_missing(hand: Sequence[int]) -> tuple[int, int]:
    """(cards missing for one harbor in the best color, that color)."""
    best = (5, 0)
    for c in range(NCOLORS):
        have = min(hand[4 * c + TRAIN_H], 2) + min(hand[4 * c + SHIP], 2)
        miss = max(0, 4 - have - hand[JOKER])
        if (miss, -have) < (best[0], -(4 - best[0])):
            best = (miss, c)
    return best


def can_pay(m: WorldModel, r: int, hand: Sequence[int]) -> bool:
    """Whether ``hand`` (roughly) pays route r alone."""
    return route_missing(m, r, hand) <= 1e-9
