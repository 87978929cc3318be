"""Computer opponents for Rails & Sails (variant ``world``): the "easy" and "normal" levels.

``bot_action(game, "normal")`` on a world game reaches ``world_normal`` through the per-variant
dispatch in ``bots/__init__.py``. Like every bot, these see only the seat's view, the legal
actions, their own rng and the static board (``variant.board_view()``).

The policy (``WorldPolicy``) works on ``Know`` -- what a seat knows -- built either from a view
(the real bot) or from a sampled state (the rollouts of ``world_search.py``). Its steps:

* **Plan.** Tickets -> a route network: each ticket's legs (an itinerary's cities in order) are
  joined by shortest paths over train and ship routes, where routes already owned or planned cost
  nothing and a free route costs the turns it takes (cards to collect / 2 + one turn to claim,
  a ship card covering ~1.6 spaces, a rough space 2 cards) minus a little for its points; routes
  others own (or the blocked track of a double route) are impassable.
* **Tickets.** Every allowed subset is valued: Σ value × (2p − 1) (itineraries: in-order value
  against the penalty), plus route points of the plan × p, plus the harbors the subset can feed
  (port cities named by its tickets: 20/30/40 by ticket count, best three), minus a small cost
  per planned piece; p is a logistic "done in time" chance from the plan's turns against the
  turns left (from the fewest pieces of any player).
* **Pieces.** The mix fits the plan: trains for its train spaces plus slack (10..25), the rest
  ships. Later, when a planned route is payable but its piece kind is short, pieces are exchanged
  (−1 point each) if the other kind has a surplus over the plan.
* **Cards.** Each face-up card and each blind deck is scored by how much it cuts the cards the
  plan still misses (a greedy allocation of the hand to the planned routes: doubles first on
  ship routes), plus harbor cards (harbor-symbol train cards and single ships of the best color)
  while harbors remain to be built in the plan's port cities.
* **Claims / harbors.** A payable planned route is claimed (longest first) with the payment that
  hurts the rest of the plan and the harbor set least. A harbor is built in a port city named by
  its tickets as soon as it can (most tickets first); in the last round any harbor (+4 saved).
* **After the tickets.** More tickets while pieces last, else long routes for points; when an
  opponent is near the end (≤ 6 pieces triggers two more turns each) the best points now.
"""
from __future__ import annotations

import heapq
import math
from dataclasses import dataclass, field, replace
from itertools import combinations
from typing import Any, Sequence

from ...actions import Action, ClaimRoute, DrawCard, DrawTickets, KeepTickets, Pass, TakeCard
from ...rng import Rng
from ...games.world.state import (CARD_COUNTS, CARD_INDEX, DECK_OF, DOUBLE, END_TRIGGER_PIECES,
                              HARBOR_VALUES, JOKER, MAX_SHIPS, MAX_TRAINS, MIN_TRAINS, NCARDS,
                              NCOLORS, PIECES_IN_PLAY, ROUTE_POINTS, SHIP, SHIP_DECK, TRAIN,
                              TRAIN_DECK, TRAIN_H, UNBUILT_HARBOR_PENALTY)
from ...games.world.actions import BuildHarbor, ChoosePieces, ExchangePieces
from ..base import Bot

SETUP_TICKETS, SETUP_PIECES, MAIN, SECOND_CARD, KEEP_TICKETS, OVER = range(6)
PHASES = {"setup_tickets": SETUP_TICKETS, "setup_pieces": SETUP_PIECES, "main": MAIN,
          "second_card": SECOND_CARD, "keep_tickets": KEEP_TICKETS, "over": OVER}
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
        self.cards = [L / SHIP_SPACES_PER_CARD if s else float(L + ro)
                      for L, s, ro in zip(self.length, self.ship, self.rough)]
        self.base_cost = [c / 2.0 + 1.0 for c in self.cards]
        self.ticket_ids = [t["id"] for t in board["tickets"]]
        self.ticket_index = {tid: i for i, tid in enumerate(self.ticket_ids)}
        self.t_cities = [tuple(self.city_index[c] for c in t["cities"]) for t in board["tickets"]]
        # (value when done / in order, value when connected out of order, value when failed)
        self.t_values = [tuple(t["values"]) if t.get("itinerary") else (t["points"], t["points"], -t["points"])
                         for t in board["tickets"]]


_MODELS: dict[int, tuple[dict[str, Any], WorldModel]] = {}


def world_model(board: dict[str, Any]) -> WorldModel:
    """The model of a board view (cached; the variant hands out one board view object)."""
    hit = _MODELS.get(id(board))
    if hit is None or hit[0] is not board:
        hit = (board, WorldModel(board))
        _MODELS[id(board)] = hit
    return hit[1]


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
    decks: tuple[int, int]
    ticket_deck: int
    final_round: bool
    scores: list[int]
    chosen: list[bool]

    @classmethod
    def from_view(cls, view: dict[str, Any], m: WorldModel) -> "Know":
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
            me=me, n=len(players), phase=PHASES[view["phase"]], owner=owner, hand=hand,
            trains=[-1 if p["trains"] is None else int(p["trains"]) for p in players],
            ships=[-1 if p["ships"] is None else int(p["ships"]) for p in players],
            box_trains=int(pieces.get("box_trains", 0)), box_ships=int(pieces.get("box_ships", 0)),
            tickets=[m.ticket_index[t["id"]] for t in mine["tickets"]],
            offered=[m.ticket_index[t["id"]] for t in mine["offered"]],
            min_keep=int(mine.get("min_keep", 1)),
            harbor_owner={m.city_index[c]: int(p) for c, p in view["harbors"].items()},
            harbors_left=[int(p["harbors_left"]) for p in players],
            market=[CARD_INDEX[c] if c is not None else -1 for c in view["market"]],
            decks=(int(view["decks"]["train"]) + int(view["discards"]["train"]),
                   int(view["decks"]["ship"]) + int(view["discards"]["ship"])),
            ticket_deck=int(view["ticket_deck"]), final_round=bool(view["final_round"]),
            scores=[int(p["score"]) for p in players],
            chosen=[bool(p["chose_pieces"]) for p in players])

    @classmethod
    def from_state(cls, s: Any, p: int) -> "Know":
        """Seat ``p``'s knowledge of a (sampled) WorldState, for rollouts."""
        revealed = all(s.chosen)
        return cls(
            me=p, n=s.players, phase=s.phase, owner=s.owner, hand=s.hands[p],
            trains=[s.trains[q] if (revealed or q == p) and s.chosen[q] else -1 for q in range(s.players)],
            ships=[s.ships[q] if (revealed or q == p) and s.chosen[q] else -1 for q in range(s.players)],
            box_trains=s.box_trains[p], box_ships=s.box_ships[p], tickets=s.tickets[p],
            offered=sorted(s.offered[p]), min_keep=3 if s.phase == SETUP_TICKETS else 1,
            harbor_owner={c: o for c, o in enumerate(s.harbor_owner) if o >= 0},
            harbors_left=s.harbors_left, market=s.market,
            decks=(len(s.train_deck) + len(s.train_discard), len(s.ship_deck) + len(s.ship_discard)),
            ticket_deck=len(s.ticket_deck), final_round=s.final_turns > 0, scores=s.points,
            chosen=s.chosen)

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
    key: tuple[Any, ...] = ()


def blocked(k: Know, m: WorldModel, r: int) -> bool:
    """Whether seat k.me can no longer claim route r (owned, or the closed track of a double)."""
    if k.owner[r] >= 0:
        return True
    q = m.partner[r]
    return q >= 0 and k.owner[q] >= 0 and (k.n < 4 or k.owner[q] == k.me)


def route_missing(m: WorldModel, r: int, hand: Sequence[int]) -> float:
    """Cards missing to pay route r alone with ``hand`` (ship cards in ~1.6-space units)."""
    L = m.length[r]
    col = m.color[r]
    cols = (col,) if col >= 0 else range(NCOLORS)
    jokers = hand[JOKER]
    if m.ship[r]:
        best = INF
        for c in cols:
            d = min(hand[4 * c + DOUBLE], L // 2)
            rest = L - 2 * d - hand[4 * c + SHIP]
            if rest == 1 and hand[4 * c + DOUBLE] > d:
                rest = 0
            rest = max(0, rest - jokers)
            if rest < best:
                best = rest
        return best / SHIP_SPACES_PER_CARD
    have = max(hand[4 * c + TRAIN] + hand[4 * c + TRAIN_H] for c in cols) + jokers
    return float(max(0, L + m.rough[r] - have))


PIECE_VALUE = 1.5  # points a piece could score elsewhere (long ship routes score ~2.5 a piece)
TURN_VALUE = 2.0  # points a turn could score elsewhere


def color_factor(m: WorldModel, r: int, color_ship: float, color_train: float) -> float:
    """How much slower the cards of route r come in than its card count says (colored routes)."""
    if m.color[r] < 0:
        return 1.0
    return color_ship if m.ship[r] else color_train


def route_weights(k: Know, m: WorldModel, piece_value: float = PIECE_VALUE,
                  turn_value: float = TURN_VALUE, color_ship: float = 1.0,
                  color_train: float = 1.0) -> list[float]:
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


def make_plan(k: Know, m: WorldModel, tickets: Sequence[int], together: bool = True,
              piece_value: float = PIECE_VALUE, turn_value: float = TURN_VALUE,
              color_ship: float = 1.0, color_train: float = 1.0) -> Plan:
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
        for strict in ((True, False) if len(cs) > 2 else (False,)):
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
def missing_cards(m: WorldModel, routes: Sequence[int], hand: Sequence[int],
                  ordered: bool = False) -> float:
    """Cards still to collect for ``routes`` after a greedy allocation of ``hand``
    (``ordered``: the routes are already in allocation order, see ``alloc_order``)."""
    h = list(hand)
    miss = 0.0
    # Colored routes first, then gray ones (they take the best remaining color).
    for r in (routes if ordered else alloc_order(m, routes)):
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
            cols = (col,) if col >= 0 else range(NCOLORS)
            c = max(cols, key=lambda c: h[4 * c + TRAIN] + h[4 * c + TRAIN_H])
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


# ---------------------------------------------------------------------- the policy
@dataclass(frozen=True)
class WorldParams:
    together: bool = True  # plan the tickets as one network (False: each on its own)
    keep_best_subset: bool = True  # value every allowed subset (False: the minimum, best singly)
    piece_slack: int = 3  # trains beyond the plan's train spaces
    fixed_mix: tuple[int, int] | None = None  # a fixed piece mix (ignores the plan)
    exchange: bool = True
    harbor_cards: float = 1.0  # a card towards a harbor, in route cards (0: none)
    harbors: bool = True  # build harbors in the plan's port cities
    more_tickets: bool = True
    tickets_min_pieces: int = 22  # draw more tickets only with this many pieces left ...
    tickets_min_other: int = 18  # ... and while every opponent has this many
    sloppy: float = 0.0  # chance a card draw ignores the plan (random deck)
    endgame: bool = True  # grab points when an opponent is close to the end
    endgame_pieces: int = 9
    piece_value: float = PIECE_VALUE
    turn_value: float = TURN_VALUE
    risk_scale: float = 3.0
    block_risk: float = 0.015  # chance per planned route and opponent that it gets blocked
    harbor_pot: float = 0.6  # weight of the harbor potential in a ticket subset's value
    filler_min_len: int = 1  # no plan and not late: claim only routes at least this long
    ticket_bonus: float = 0.0  # per kept ticket (a ticket is points without pieces when it fits)
    color_ship: float = 1.0  # cards to collect for a colored ship route count this many times
    color_train: float = 1.0  # ... for a colored train route (one color of six is slow to gather)
    stall_hand: int = 0  # with this many cards (0: never) and no payable planned route, claim
    stall_min_len: int = 4  # ... the best payable route this long the spare pieces allow
    # Field overrides at 3+ players (the 2-player game stays as tuned): ((field, value), ...).
    many_players: tuple[tuple[str, Any], ...] = ()


def group_moves(m: WorldModel, legal: Sequence[Action]) -> tuple[
        dict[int, list[ClaimRoute]], list[BuildHarbor], list[ExchangePieces]]:
    """The building moves of a main turn: claims by route (one per payment), harbors, exchanges."""
    claims: dict[int, list[ClaimRoute]] = {}
    harbors: list[BuildHarbor] = []
    exchanges: list[ExchangePieces] = []
    for a in legal:
        if isinstance(a, ClaimRoute):
            claims.setdefault(m.route_index[a.route], []).append(a)
        elif isinstance(a, BuildHarbor):
            harbors.append(a)
        elif isinstance(a, ExchangePieces):
            exchanges.append(a)
    return claims, harbors, exchanges


def _logistic(x: float) -> float:
    if x > 30:
        return 1.0
    if x < -30:
        return 0.0
    return 1.0 / (1.0 + math.exp(-x))


class WorldPolicy:
    """Decides one action from ``Know``; stateless apart from its parameters."""

    def __init__(self, params: WorldParams | None = None) -> None:
        self.params = params or WorldParams()
        over = dict(self.params.many_players)
        self.many: WorldPolicy | None = (
            type(self)(replace(self.params, many_players=(), **over)) if over else None)

    def at(self, k: Know) -> "WorldPolicy":
        """The policy for this game's player count (``many_players`` overrides at 3+ players)."""
        return self.many if self.many is not None and k.n >= 3 else self

    # ------------------------------------------------------------ entry
    def decide(self, k: Know, m: WorldModel, legal: Sequence[Action], rng: Rng,
               plan: Plan | None = None) -> Action:
        if len(legal) == 1:
            return legal[0]
        if self.many is not None and k.n >= 3:
            return self.many.decide(k, m, legal, rng, plan)
        if k.phase in (SETUP_TICKETS, KEEP_TICKETS):
            return self.keep(k, m, legal)
        if k.phase == SETUP_PIECES:
            return self.pieces(k, m, legal)
        if plan is None:
            plan = self.plan(k, m)
        if k.phase == SECOND_CARD:
            return self.draw(k, m, legal, plan, rng, second=True)
        return self.main(k, m, legal, plan, rng)

    def open_tickets(self, k: Know, m: WorldModel) -> list[int]:
        roots = connected_sets(k, m, k.me)
        return [t for t in k.tickets if not ticket_done(m, roots, t)]

    def plan(self, k: Know, m: WorldModel) -> Plan:
        prm = self.at(k).params
        return make_plan(k, m, self.open_tickets(k, m), prm.together, prm.piece_value, prm.turn_value,
                         prm.color_ship, prm.color_train)

    # ------------------------------------------------------------ tickets
    def chance(self, k: Know, m: WorldModel, plan: Plan) -> float:
        """A logistic 'built in time' chance from the plan's turns against the turns left."""
        missing = missing_cards(m, plan.routes, k.hand)
        prm = self.params
        if plan.routes and (prm.color_ship != 1.0 or prm.color_train != 1.0):
            tot = sum(m.cards[r] for r in plan.routes)
            missing *= sum(m.cards[r] * color_factor(m, r, prm.color_ship, prm.color_train)
                           for r in plan.routes) / max(1e-9, tot)
        need = missing / 2.0 + len(plan.routes)
        p = _logistic((k.turns_left() - need) / self.params.risk_scale)
        # Opponents may block planned routes: more routes and more opponents, more risk.
        p *= max(0.2, 1.0 - self.params.block_risk * (k.n - 1) * len(plan.routes))
        if k.trains[k.me] >= 0:  # pieces chosen: the plan must fit (exchanges cost a point each)
            total = k.trains[k.me] + k.ships[k.me]
            if plan.trains + plan.ships > total:
                p *= 0.3
        elif plan.trains > MAX_TRAINS or plan.ships > MAX_SHIPS or plan.trains + plan.ships > PIECES_IN_PLAY:
            p *= 0.3
        return p

    def tickets_value(self, k: Know, m: WorldModel, tickets: Sequence[int]) -> tuple[float, Plan]:
        if self.many is not None and k.n >= 3:
            return self.many.tickets_value(k, m, tickets)
        prm = self.params
        roots = connected_sets(k, m, k.me)
        open_t = [t for t in tickets if not ticket_done(m, roots, t)]
        plan = make_plan(k, m, open_t, prm.together, prm.piece_value, prm.turn_value,
                         prm.color_ship, prm.color_train)
        p = self.chance(k, m, plan)
        value = 0.0
        for t in tickets:
            hi, _, lo = m.t_values[t]
            if t in plan.failed:
                value += lo
            elif t in open_t:
                value += p * hi + (1 - p) * lo
            else:
                value += hi
        value -= p * plan.cost
        value += prm.ticket_bonus * len(tickets)
        value += self.harbor_potential(k, m, tickets, plan, p)
        return value, plan

    def harbor_potential(self, k: Know, m: WorldModel, tickets: Sequence[int], plan: Plan,
                         p: float) -> float:
        """Harbors the tickets can feed: by port city, the tickets naming it (best three)."""
        if not self.params.harbors:
            return 0.0
        counts: dict[int, float] = {}
        for t in tickets:
            if t in plan.failed:
                continue
            for c in set(m.t_cities[t]):
                if m.port[c] and k.harbor_owner.get(c, k.me) == k.me:
                    counts[c] = counts.get(c, 0.0) + 1.0
        left = k.harbors_left[k.me] + sum(1 for o in k.harbor_owner.values() if o == k.me)
        vals = sorted((HARBOR_VALUES[min(3, int(v))] for v in counts.values()), reverse=True)[:left]
        return self.params.harbor_pot * p * sum(vals)

    def keep(self, k: Know, m: WorldModel, legal: Sequence[Action]) -> Action:
        keeps = [a for a in legal if isinstance(a, KeepTickets)]
        if not keeps:
            return legal[0]
        idx = m.ticket_index
        if not self.params.keep_best_subset:
            fewest = min(len(a.tickets) for a in keeps)
            single = {t: self.tickets_value(k, m, k.tickets + [t])[0] for t in k.offered}
            best = max((a for a in keeps if len(a.tickets) == fewest),
                       key=lambda a: sum(single[idx[t]] for t in a.tickets))
            return best
        best_a, best_v = keeps[0], -INF
        for a in keeps:
            v, _ = self.tickets_value(k, m, k.tickets + [idx[t] for t in a.tickets])
            if v > best_v + 1e-9:
                best_a, best_v = a, v
        return best_a

    def ranked_keeps(self, k: Know, m: WorldModel, legal: Sequence[Action]) -> list[Action]:
        keeps = [a for a in legal if isinstance(a, KeepTickets)]
        idx = m.ticket_index
        scored = [(self.tickets_value(k, m, k.tickets + [idx[t] for t in a.tickets])[0], i, a)
                  for i, a in enumerate(keeps)]
        scored.sort(key=lambda x: (-x[0], x[1]))
        return [a for _, _, a in scored]

    # ------------------------------------------------------------ pieces
    def mix_for(self, k: Know, m: WorldModel) -> int:
        """Trains for the plan's train spaces plus slack (the rest ships)."""
        if self.params.fixed_mix is not None:
            return self.params.fixed_mix[0]
        plan = self.plan(k, m)
        trains = plan.trains + self.params.piece_slack
        return max(MIN_TRAINS, min(MAX_TRAINS, trains))

    def pieces(self, k: Know, m: WorldModel, legal: Sequence[Action]) -> Action:
        want = self.mix_for(k, m)
        opts = [a for a in legal if isinstance(a, ChoosePieces)]
        if not opts:
            return legal[0]
        return min(opts, key=lambda a: abs(a.trains - want))

    # ------------------------------------------------------------ main turn
    def main(self, k: Know, m: WorldModel, legal: Sequence[Action], plan: Plan, rng: Rng) -> Action:
        prm = self.params
        me = k.me
        claims, harbors, exchanges = group_moves(m, legal)
        others_low = min((k.pieces(p) for p in range(k.n) if p != me), default=99)
        late = k.final_round or (prm.endgame and others_low <= prm.endgame_pieces)
        # Harbors first: they are worth 20-40 points (and −4 each when left unbuilt).
        if harbors and prm.harbors:
            act = self.harbor_choice(k, m, plan, harbors, late)
            if act is not None:
                return act
        planned = [r for r in plan.routes if r in claims]
        if late:
            # The end is near: the most points now (planned routes first when they pay as much).
            act = self.best_points(k, m, plan, claims)
            if act is not None:
                return act
        if planned:
            r = max(planned, key=lambda r: (m.length[r], -plan.routes.index(r)))
            return self.pay(k, m, plan, claims[r])
        if plan.routes and prm.stall_hand and sum(k.hand) >= prm.stall_hand:
            act = self.stall_claim(k, m, plan, claims)
            if act is not None:
                return act
        if plan.routes and exchanges and prm.exchange:
            act = self.exchange_choice(k, m, plan, exchanges)
            if act is not None:
                return act
        if not plan.routes:
            tick = next((a for a in legal if isinstance(a, DrawTickets)), None)
            if (tick is not None and prm.more_tickets and k.pieces(me) >= prm.tickets_min_pieces
                    and others_low >= prm.tickets_min_other):
                return tick
            long_claims = {r: a for r, a in claims.items() if m.length[r] >= prm.filler_min_len}
            act = self.best_points(k, m, plan, long_claims)
            if act is not None:
                return act
        return self.draw(k, m, legal, plan, rng, second=False)

    def harbor_choice(self, k: Know, m: WorldModel, plan: Plan, harbors: list[BuildHarbor],
                      late: bool) -> Action | None:
        roots = connected_sets(k, m, k.me)
        best = None
        for a in harbors:
            c = m.city_index[a.city]
            named = 0.0
            for t in k.tickets:
                if c in m.t_cities[t]:
                    named += 1.0 if ticket_done(m, roots, t) else (0.0 if t in plan.failed else 0.7)
            value = HARBOR_VALUES[min(3, int(round(named)))] if named >= 0.7 else 0
            if value == 0 and not (late or k.pieces(k.me) <= 12):
                continue
            cost = self.pay_cost(k, m, plan, a)
            key = (value - cost, -cost)
            if best is None or key > best[0]:
                best = (key, a)
        return best[1] if best else None

    def stall_claim(self, k: Know, m: WorldModel, plan: Plan,
                    claims: dict[int, list[ClaimRoute]]) -> Action | None:
        """A big hand and no payable planned route: pieces, not cards, are short, so turn spare
        pieces into points now -- the best long payable route the plan's pieces allow."""
        me = k.me
        if k.trains[me] < 0:
            return None
        spare_t = k.trains[me] - plan.trains
        spare_s = k.ships[me] - plan.ships
        best = None
        for r in claims:
            L = m.length[r]
            if L < self.params.stall_min_len or L > (spare_s if m.ship[r] else spare_t):
                continue
            key = (m.points[r], -r)
            if best is None or key > best[0]:
                best = (key, r)
        if best is None:
            return None
        return self.pay(k, m, plan, claims[best[1]])

    def best_points(self, k: Know, m: WorldModel, plan: Plan,
                    claims: dict[int, list[ClaimRoute]]) -> Action | None:
        if not claims:
            return None
        in_plan = set(plan.routes)
        r = max(claims, key=lambda r: (m.points[r] + (2 if r in in_plan else 0), -r))
        return self.pay(k, m, plan, claims[r])

    def exchange_choice(self, k: Know, m: WorldModel, plan: Plan,
                        exchanges: list[ExchangePieces]) -> Action | None:
        me = k.me
        trains, ships = k.trains[me], k.ships[me]
        if trains < 0:
            return None
        # Only when a planned route is payable now but its piece kind is short.
        want = None
        for r in plan.routes:
            if can_pay(m, r, k.hand):
                if m.ship[r] and m.length[r] > ships:
                    want = "ships"
                elif not m.ship[r] and m.length[r] > trains:
                    want = "trains"
                if want:
                    break
        if want is None:
            return None
        if want == "trains":
            deficit, surplus = plan.trains - trains, ships - plan.ships
        else:
            deficit, surplus = plan.ships - ships, trains - plan.trains
        n = min(deficit, surplus)
        if n <= 0:
            return None
        opts = [a for a in exchanges if a.want == want and a.count <= n]
        return max(opts, key=lambda a: a.count) if opts else None

    # ------------------------------------------------------------ payments
    def pay_cost(self, k: Know, m: WorldModel, plan: Plan, a: ClaimRoute | BuildHarbor) -> float:
        """What spending these cards costs the rest of the plan (and the harbor set)."""
        h = list(k.hand)
        spent = 0
        for name, n in a.cards:
            h[CARD_INDEX[name]] -= n
            spent += n
        rest = plan.routes
        if isinstance(a, ClaimRoute):
            r = m.route_index[a.route]
            rest = [x for x in plan.routes if x != r]
        cost = missing_cards(m, rest, h) - missing_cards(m, rest, k.hand)
        hw = self.harbor_weight(k, m, plan)
        if hw and isinstance(a, ClaimRoute):
            cost += hw * (harbor_missing(h)[0] - harbor_missing(k.hand)[0])
        return cost + 0.1 * spent + 0.4 * (k.hand[JOKER] - h[JOKER])

    def pay(self, k: Know, m: WorldModel, plan: Plan, options: list[ClaimRoute]) -> Action:
        if len(options) == 1:
            return options[0]
        return min(options, key=lambda a: (self.pay_cost(k, m, plan, a), a.sort_key()))

    # ------------------------------------------------------------ cards
    def targets(self, k: Know, m: WorldModel, plan: Plan) -> list[int]:
        """Routes the cards are collected for: the plan, or (no plan) the best long routes."""
        if plan.routes:
            return plan.routes
        me = k.me
        trains = k.trains[me] if k.trains[me] >= 0 else MAX_TRAINS
        ships = k.ships[me] if k.ships[me] >= 0 else MAX_SHIPS
        free = [r for r in range(m.nroutes) if not blocked(k, m, r)
                and m.length[r] <= (ships if m.ship[r] else trains)]
        free.sort(key=lambda r: (-m.points[r] / (m.cards[r] + 1.0), r))
        return free[:2]

    def harbor_weight(self, k: Know, m: WorldModel, plan: Plan) -> float:
        """How much a card towards a harbor is worth (per card), 0 when no harbor is wanted."""
        if not self.params.harbor_cards or k.harbors_left[k.me] <= 0:
            return 0.0
        for t in k.tickets:
            if t in plan.failed:
                continue
            for c in m.t_cities[t]:
                if m.port[c] and c not in k.harbor_owner:
                    return self.params.harbor_cards
        return 0.25 * self.params.harbor_cards  # only the −4 for an unbuilt harbor is at stake

    def card_utility(self, k: Know, m: WorldModel, targets: list[int], base_miss: float,
                     base_harbor: int, hw: float, c: int, relevant: bool = True) -> float:
        h = list(k.hand)
        h[c] += 1
        u = base_miss - missing_cards(m, targets, h, ordered=True) if relevant else 0.0
        if hw and (c == JOKER or c % 4 in (TRAIN_H, SHIP)):
            u += hw * max(0, base_harbor - harbor_missing(h)[0])
        if c == JOKER:
            u = max(u, 0.25)
        return u + 0.01  # any card beats nothing

    def draw(self, k: Know, m: WorldModel, legal: Sequence[Action], plan: Plan, rng: Rng,
             second: bool) -> Action:
        cards = [a for a in legal if isinstance(a, (DrawCard, TakeCard))]
        if not cards:
            tick = next((a for a in legal if isinstance(a, DrawTickets)), None)
            if tick is not None and k.phase == MAIN:
                return tick
            non_ex = [a for a in legal if not isinstance(a, ExchangePieces)]
            return non_ex[0] if non_ex else legal[0]
        draws = [a for a in cards if isinstance(a, DrawCard)]
        if self.params.sloppy and draws and rng.random() < self.params.sloppy:
            return draws[rng.randbelow(len(draws))]
        targets = alloc_order(m, self.targets(k, m, plan))
        base_miss = missing_cards(m, targets, k.hand, ordered=True)
        base_harbor = harbor_missing(k.hand)[0]
        hw = self.harbor_weight(k, m, plan)
        # A card matters for the routes only if some target of its kind takes its color.
        rel_train = [False] * NCOLORS
        rel_ship = [False] * NCOLORS
        for r in targets:
            rel = rel_ship if m.ship[r] else rel_train
            if m.color[r] < 0:
                rel[:] = [True] * NCOLORS
            else:
                rel[m.color[r]] = True
        util = [self.card_utility(k, m, targets, base_miss, base_harbor, hw, c,
                                  c == JOKER or (rel_ship if DECK_OF[c] == SHIP_DECK else rel_train)[c // 4])
                for c in range(NCARDS)]
        # Expected value of a blind draw per deck (unseen = all cards minus my hand and the market).
        blind = [0.0, 0.0]
        for deck in (TRAIN_DECK, SHIP_DECK):
            tot = 0.0
            acc = 0.0
            for c in range(NCARDS):
                if DECK_OF[c] != deck:
                    continue
                n = CARD_COUNTS[c] - k.hand[c] - k.market.count(c)
                if n > 0:
                    tot += n
                    acc += n * util[c]
            blind[deck] = acc / tot if tot else 0.0
        refill_pref = "train" if blind[TRAIN_DECK] > blind[SHIP_DECK] else "ship"
        best: tuple[float, int, Action] | None = None
        second_est = max(blind)
        for i, a in enumerate(cards):
            if isinstance(a, DrawCard):
                v = blind[TRAIN_DECK if a.deck == "train" else SHIP_DECK]
            else:
                c = CARD_INDEX[a.card]
                v = util[c]
                if c == JOKER and not second:
                    v -= second_est  # a face-up joker is the whole turn
                if a.refill and a.refill != refill_pref:
                    v -= 0.001
            if best is None or v > best[0] + 1e-12:
                best = (v, i, a)
        assert best is not None
        return best[2]


# ---------------------------------------------------------------------- the bots
class WorldBot(Bot):
    """A planning bot for Rails & Sails (see the module docstring)."""

    variants = ("world",)

    def __init__(self, name: str, description: str, params: WorldParams | None = None) -> None:
        self.name = name
        self.description = description
        self.policy = WorldPolicy(params)

    def choose(self, view: dict[str, Any], legal: Sequence[Action], rng: Rng,
               board: dict[str, Any]) -> Action:
        m = world_model(board)
        k = Know.from_view(view, m)
        return self.policy.decide(k, m, legal, rng)


# At 4 players the end-game hurry (best points now once an opponent is near the end) cost
# normal ~8 points a game against three easys (200 games): the game ends at the trigger anyway.
NORMAL_PARAMS = WorldParams(many_players=(("endgame", False),))
EASY_PARAMS = WorldParams(together=False, keep_best_subset=False, fixed_mix=None, exchange=False,
                          harbor_cards=0.0, harbor_pot=0.0, more_tickets=False, sloppy=0.7,
                          endgame=False, piece_slack=5)


def world_normal_bot() -> Bot:
    return WorldBot("world_normal", "Rails & Sails planner: tickets that fit together, a piece mix "
                    "for their network, cards for it, harbors in its port cities.", NORMAL_PARAMS)


def world_easy_bot() -> Bot:
    return WorldBot("world_easy", "Rails & Sails, simple: each ticket on its own path, most of its "
                    "draws blind at random, tickets chosen without regard to harbors, no "
                    "harbor cards, no exchanges.", EASY_PARAMS)


__all__ = ["Know", "Plan", "WorldBot", "WorldModel", "WorldParams", "WorldPolicy", "EASY_PARAMS",
           "NORMAL_PARAMS", "group_moves", "make_plan", "world_easy_bot", "world_model", "world_normal_bot"]
