"""The policy of Rails & Sails' "easy" and "normal" levels (variant ``world``).

``bot_action(game, "normal")`` on a world game reaches ``world_normal`` (``bot.py``: this policy
with the level's ``params.py`` values) through the per-variant dispatch in ``bots/__init__.py``.
Like every bot, these see only the seat's view, the legal actions, their own rng and the static
board (``variant.board_view()``).

The policy (``WorldPolicy``) works on ``Know`` -- what a seat knows -- built either from a view
(the real bot) or from a sampled state (the rollouts of ``search.py``); the board model,
knowledge and plans it works on are in ``planning.py``. Its steps:

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
  while harbors remain to be built in the plan's port cities. With ``filler_guide`` (hard, 3+
  players) the cards the plan leaves also count, at ``filler_weight``, towards the best routes
  beyond it that the spare pieces can claim.
* **Claims / harbors.** A payable planned route is claimed (longest first) with the payment that
  hurts the rest of the plan and the harbor set least. A harbor is built in a port city named by
  its tickets as soon as it can (most tickets first); in the last round any harbor (+4 saved).
* **After the tickets.** More tickets while pieces last, else long routes for points; when an
  opponent is near the end (≤ 6 pieces triggers two more turns each) the best points now.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import replace

from ...actions import Action, ClaimRoute, DrawCard, DrawTickets, KeepTickets, TakeCard
from ...games.world.actions import BuildHarbor, ChoosePieces, ExchangePieces
from ...games.world.state import (
    CARD_COUNTS,
    CARD_INDEX,
    DECK_OF,
    HARBOR_VALUES,
    JOKER,
    MAX_SHIPS,
    MAX_TRAINS,
    MIN_TRAINS,
    NCARDS,
    NCOLORS,
    PIECES_IN_PLAY,
    SHIP,
    SHIP_DECK,
    TRAIN_DECK,
    TRAIN_H,
)
from ...rng import Rng
from .params import WorldParams
from .planning import (
    INF,
    KEEP_TICKETS,
    MAIN,
    SECOND_CARD,
    SETUP_PIECES,
    SETUP_TICKETS,
    Know,
    Plan,
    WorldModel,
    alloc_order,
    blocked,
    can_pay,
    color_factor,
    connected_sets,
    harbor_missing,
    long_claims_table,
    make_plan,
    missing_cards,
    ticket_done,
)

# ---------------------------------------------------------------------- the policy


def group_moves(
    m: WorldModel, legal: Sequence[Action]
) -> tuple[dict[int, list[ClaimRoute]], list[BuildHarbor], list[ExchangePieces]]:
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
            type(self)(replace(self.params, many_players=(), **over)) if over else None
        )
        long = {} if over else dict(self.params.long_claims)
        self.long: WorldPolicy | None = (
            type(self)(replace(self.params, long_claims=(), **long)) if long else None
        )

    def at(self, k: Know, m: WorldModel) -> WorldPolicy:
        """The policy for this game's player count (``many_players`` overrides at 3+ players) and
        table (``long_claims`` overrides once the other seats' claims are long)."""
        pol = self.many if self.many is not None and k.n >= 3 else self
        return pol.long if pol.long is not None and pol.long_table(k, m) else pol

    def long_table(self, k: Know, m: WorldModel) -> bool:
        prm = self.params
        return long_claims_table(k, m, prm.long_claim_len, prm.long_claim_count)

    # ------------------------------------------------------------ entry
    def decide(
        self, k: Know, m: WorldModel, legal: Sequence[Action], rng: Rng, plan: Plan | None = None
    ) -> Action:
        if len(legal) == 1:
            return legal[0]
        if self.many is not None and k.n >= 3:
            return self.many.decide(k, m, legal, rng, plan)
        if self.long is not None and self.long_table(k, m):
            return self.long.decide(k, m, legal, rng, plan)
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
        prm = self.at(k, m).params
        return make_plan(
            k,
            m,
            self.open_tickets(k, m),
            prm.together,
            prm.piece_value,
            prm.turn_value,
            prm.color_ship,
            prm.color_train,
        )

    # ------------------------------------------------------------ tickets
    def chance(self, k: Know, m: WorldModel, plan: Plan) -> float:
        """A logistic 'built in time' chance from the plan's turns against the turns left."""
        missing = missing_cards(m, plan.routes, k.hand)
        prm = self.params
        if plan.routes and (prm.color_ship != 1.0 or prm.color_train != 1.0):
            tot = sum(m.cards[r] for r in plan.routes)
            missing *= sum(
                m.cards[r] * color_factor(m, r, prm.color_ship, prm.color_train) for r in plan.routes
            ) / max(1e-9, tot)
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
        plan = make_plan(
            k, m, open_t, prm.together, prm.piece_value, prm.turn_value, prm.color_ship, prm.color_train
        )
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

    def harbor_potential(self, k: Know, m: WorldModel, tickets: Sequence[int], plan: Plan, p: float) -> float:
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
            best = max(
                (a for a in keeps if len(a.tickets) == fewest),
                key=lambda a: sum(single[idx[t]] for t in a.tickets),
            )
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
        scored = [
            (self.tickets_value(k, m, k.tickets + [idx[t] for t in a.tickets])[0], i, a)
            for i, a in enumerate(keeps)
        ]
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
            if (
                tick is not None
                and prm.more_tickets
                and k.pieces(me) >= prm.tickets_min_pieces
                and others_low >= prm.tickets_min_other
            ):
                return tick
            long_claims = {r: a for r, a in claims.items() if m.length[r] >= prm.filler_min_len}
            act = self.best_points(k, m, plan, long_claims)
            if act is not None:
                return act
        return self.draw(k, m, legal, plan, rng, second=False)

    def harbor_choice(
        self, k: Know, m: WorldModel, plan: Plan, harbors: list[BuildHarbor], late: bool
    ) -> Action | None:
        roots = connected_sets(k, m, k.me)
        best = None
        for a in harbors:
            c = m.city_index[a.city]
            named = 0.0
            for t in k.tickets:
                if c in m.t_cities[t]:
                    named += 1.0 if ticket_done(m, roots, t) else (0.0 if t in plan.failed else 0.7)
            value = HARBOR_VALUES[min(3, round(named))] if named >= 0.7 else 0
            if value == 0 and not (late or k.pieces(k.me) <= 12):
                continue
            cost = self.pay_cost(k, m, plan, a)
            key = (value - cost, -cost)
            if best is None or key > best[0]:
                best = (key, a)
        return best[1] if best else None

    def stall_claim(
        self, k: Know, m: WorldModel, plan: Plan, claims: dict[int, list[ClaimRoute]]
    ) -> Action | None:
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
            if self.params.stall_min_len > L or (spare_s if m.ship[r] else spare_t) < L:
                continue
            key = (m.points[r], -r)
            if best is None or key > best[0]:
                best = (key, r)
        if best is None:
            return None
        return self.pay(k, m, plan, claims[best[1]])

    def best_points(
        self, k: Know, m: WorldModel, plan: Plan, claims: dict[int, list[ClaimRoute]]
    ) -> Action | None:
        if not claims:
            return None
        in_plan = set(plan.routes)
        r = max(claims, key=lambda r: (m.points[r] + (2 if r in in_plan else 0), -r))
        return self.pay(k, m, plan, claims[r])

    def exchange_choice(
        self, k: Know, m: WorldModel, plan: Plan, exchanges: list[ExchangePieces]
    ) -> Action | None:
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
        # Ties go to the first payment in the legal list's order.
        return min(options, key=lambda a: self.pay_cost(k, m, plan, a))

    # ------------------------------------------------------------ cards
    def targets(self, k: Know, m: WorldModel, plan: Plan) -> list[int]:
        """Routes the cards are collected for: the plan, or (no plan) the best long routes."""
        if plan.routes:
            return plan.routes
        me = k.me
        trains = k.trains[me] if k.trains[me] >= 0 else MAX_TRAINS
        ships = k.ships[me] if k.ships[me] >= 0 else MAX_SHIPS
        return self.best_free(k, m, trains, ships, 2)

    def fillers(self, k: Know, m: WorldModel, plan: Plan) -> list[int]:
        """Routes beyond the plan that its spare pieces could still claim: the cards the plan
        leaves are drawn towards them (``filler_guide``)."""
        prm = self.params
        me = k.me
        spare_t = (k.trains[me] if k.trains[me] >= 0 else MAX_TRAINS) - plan.trains
        spare_s = (k.ships[me] if k.ships[me] >= 0 else MAX_SHIPS) - plan.ships
        best = self.best_free(
            k, m, spare_t, spare_s, prm.filler_guide, prm.filler_guide_len, set(plan.routes)
        )
        return alloc_order(m, best)

    @staticmethod
    def best_free(
        k: Know,
        m: WorldModel,
        trains: int,
        ships: int,
        n: int,
        min_len: int = 1,
        skip: set[int] | None = None,
    ) -> list[int]:
        """The ``n`` free routes of ``min_len`` or more these pieces can claim, best points per
        card first."""
        free = [
            r
            for r in range(m.nroutes)
            if min_len <= m.length[r] <= (ships if m.ship[r] else trains)
            and not (skip and r in skip)
            and not blocked(k, m, r)
        ]
        free.sort(key=lambda r: (-m.points[r] / (m.cards[r] + 1.0), r))
        return free[:n]

    def harbor_weight(self, k: Know, m: WorldModel, plan: Plan) -> float:
        """How much a card towards a harbor is worth (per card), 0 when no harbor is wanted; at
        least ``late_harbor`` once an opponent is down to ``late_harbor_pieces``."""
        prm = self.params
        if k.harbors_left[k.me] <= 0:
            return 0.0
        late = 0.0
        if prm.late_harbor and min(k.pieces(p) for p in range(k.n) if p != k.me) <= prm.late_harbor_pieces:
            late = prm.late_harbor
        if not prm.harbor_cards:
            return late
        for t in k.tickets:
            if t in plan.failed:
                continue
            for c in m.t_cities[t]:
                if m.port[c] and c not in k.harbor_owner:
                    return max(late, prm.harbor_cards)
        return max(late, 0.25 * prm.harbor_cards)  # only the −4 for an unbuilt harbor is at stake

    def card_utility(
        self,
        k: Know,
        m: WorldModel,
        targets: list[int],
        base_miss: float,
        base_harbor: int,
        hw: float,
        c: int,
        relevant: bool = True,
        fillers: Sequence[int] = (),
        base_both: float = 0.0,
    ) -> float:
        h = list(k.hand)
        h[c] += 1
        u = base_miss - missing_cards(m, targets, h, ordered=True) if relevant else 0.0
        if fillers and relevant:  # the cards the plan leaves, towards the fillers
            both_gain = base_both - missing_cards(m, [*targets, *fillers], h, ordered=True)
            u += self.params.filler_weight * (both_gain - u)
        if hw and (c == JOKER or c % 4 in (TRAIN_H, SHIP)):
            u += hw * max(0, base_harbor - harbor_missing(h)[0])
        if c == JOKER:
            u = max(u, 0.25)
        return u + 0.01  # any card beats nothing

    def draw(
        self, k: Know, m: WorldModel, legal: Sequence[Action], plan: Plan, rng: Rng, second: bool
    ) -> Action:
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
        fillers = self.fillers(k, m, plan) if plan.routes and self.params.filler_guide else []
        base_both = missing_cards(m, [*targets, *fillers], k.hand, ordered=True) if fillers else 0.0
        base_harbor = harbor_missing(k.hand)[0]
        hw = self.harbor_weight(k, m, plan)
        # A card matters for the routes only if some target of its kind takes its color.
        rel_train = [False] * NCOLORS
        rel_ship = [False] * NCOLORS
        for r in (*targets, *fillers):
            rel = rel_ship if m.ship[r] else rel_train
            if m.color[r] < 0:
                rel[:] = [True] * NCOLORS
            else:
                rel[m.color[r]] = True
        util = [
            self.card_utility(
                k,
                m,
                targets,
                base_miss,
                base_harbor,
                hw,
                c,
                c == JOKER or (rel_ship if DECK_OF[c] == SHIP_DECK else rel_train)[c // 4],
                fillers,
                base_both,
            )
            for c in range(NCARDS)
        ]
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


__all__ = [
    "WorldPolicy",
    "group_moves",
]
