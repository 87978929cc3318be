"""The "hard" level for Rails & Sails: its own planner plus determinised look-ahead.

The planner is normal's ``WorldPolicy`` with ``HARD_PARAMS``: a turn is worth 5 points instead
of 2 when routes are costed, so plans prefer routes the hand can pay soon and long routes that
score many points per turn over short hops and colors still to gather; and its piece mix keeps 9
trains beyond the plan's train spaces (normal: 3), and it draws more tickets while every opponent
still has 12 pieces (normal: 18).

At the decisions that shape a whole game -- which tickets to keep (at setup and after drawing
more), the piece mix, and, once its tickets are done, whether to draw more tickets -- the bot
takes the planner's choice and a few alternatives, samples complete worlds consistent with its
view (its own rng: unseen cards dealt to the opponents' hands in the train/ship counts the view
shows, to the discard piles and the decks; unseen tickets to opponents and the ticket deck;
an unrevealed piece mix guessed), applies each candidate in each world and plays the
world on with hard's planner for every seat (the same worlds and rollout seeds for every
candidate: common random numbers). A playout stops at the game's end or after its share of the
decision's ply budget; a cut-off position is scored by the score as it stands plus the
planner's value of each seat's open tickets (done-in-time chance, plan cost, harbor potential)
plus what spare pieces and cards may still make. The value is the margin over the best rival
(+25 for a lead). An alternative replaces the planner's choice only by a clear paired gain
(``default_bonus``, ``min_z``).

End game: once some seat is within ``endgame_pieces`` of running out, playouts mostly reach
the real end and are scored exactly, so every main turn is searched the same way -- the
planner's move against the claims worth most now (route points plus the tickets they
complete), the best harbor and the planner's card draw -- with a looser switch test. Every
other decision is the normal policy's.

The sampled state is the bot's belief, built only from the view; the real game is never touched.
Budget: a fixed number of worlds per searched decision (``samples``) and a fixed number of
simulated plies for all its playouts together (``ply_budget``), so decisions never depend on
the clock, their cost is bounded, and bot games replay exactly.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Sequence

from ...actions import Action, DrawCard, DrawTickets, TakeCard
from ...rng import Rng
from ...games import get_variant
from ...games.world.state import CARD_NAMES, WorldState
from ...games.world.actions import BuildHarbor, ChoosePieces
from ...games.world.variant import WorldVariant
from ..base import Bot, time_up
from .planner import NORMAL_PARAMS, WorldParams, WorldPolicy, group_moves
from .planning import (KEEP_TICKETS, MAIN, OVER, SECOND_CARD, SETUP_PIECES, SETUP_TICKETS, Know,
                       Plan, WorldModel, blocked, can_pay, connected_sets, ticket_done,
                       world_model)

WIN_BONUS = 25.0
# Hard's own planner: a turn is worth 5 points, not 2, so routes that take many turns to gather
# cards for (short hops, colored routes the hand lacks) cost more and long routes the hand can
# pay nearly nothing -- fewer cards hoarded for slow plans, more points per turn. As a planner
# alone it beat normal 60.5% (200 games) and the Long Route Junkie 60% (normal: 46%).
# Piece mix: the plan's train spaces + 9 trains (normal: + 3). In lost games against the Long
# Route Junkie the planner ran out of trains with 10-20 ships left, unused at the end; with 9
# spare trains it won 67.0% of 400 games against it (62.5% before, same seeds). More tickets
# while every opponent has 12 pieces (normal: 18): 69.0% of 400 (planner alone).
HARD_PARAMS = replace(NORMAL_PARAMS, turn_value=5.0, piece_slack=9, tickets_min_other=12)


@dataclass(frozen=True)
class WorldSearchParams:
    samples: int = 6  # sampled worlds per searched decision (each candidate plays each)
    max_candidates: int = 3
    max_rollout_plies: int = 600  # plies per playout at most (then the position is evaluated)
    ply_budget: int = 480  # simulated plies per searched decision, all playouts together
    mix_step: int = 5  # piece-mix candidates: the planner's trains, -step and +step
    search_keeps: bool = True
    search_mix: bool = True
    search_more_tickets: bool = True
    default_bonus: float = 8.0  # the planner's own choice is kept unless beaten by this much
    min_z: float = 1.5  # ... and unless the paired gain is this many standard errors above 0
    win_bonus: float = WIN_BONUS
    piece_value: float = 1.5  # evaluation of a cut-off playout: points a spare piece may still make
    card_value: float = 0.3  # ... and a card in hand
    # End-game search: once some seat is this close to the end (pieces), every main-turn move is
    # checked against the best claims now, a harbor and a draw by playouts to the real end.
    search_endgame: bool = True
    endgame_pieces: int = 12
    endgame_candidates: int = 5
    endgame_samples: int = 6
    endgame_ply_budget: int = 600
    endgame_bonus: float = 1.0  # default_bonus / min_z of the end-game choice (exact playouts)
    endgame_min_z: float = 1.0


def sample_world(view: dict[str, Any], rng: Rng) -> WorldState:
    """A full WorldState consistent with ``view`` (the game's ``sample_state``)."""
    variant = get_variant(view["variant"])
    assert isinstance(variant, WorldVariant)
    return variant.sample_state(view, rng)


def rollout_actions(variant: Any, s: WorldState, m: WorldModel, policy: WorldPolicy,
                    k: Know, plan: Plan | None) -> list[Action]:
    """The main-phase moves the planner can pick, without the engine's full list (whose rough
    terrain payments are costly to enumerate for big hands): card moves, claims of the plan's
    payable routes and of the three best-scoring payable routes, harbors, exchanges, tickets.
    Every action here is one of the engine's legal actions."""
    p = s.current
    hand = s.hands[p]
    out: list[Action] = list(variant._card_actions(s, False))
    payable = []
    want = set(plan.routes) if plan is not None else set()
    for r in range(m.nroutes):
        if (m.length[r] < 3 and r not in want) or blocked(k, m, r):
            continue
        if m.length[r] > (s.ships[p] if m.ship[r] else s.trains[p]):
            continue
        if can_pay(m, r, hand):
            payable.append(r)
    best = sorted(payable, key=lambda r: (-m.points[r], r))[:3]
    for r in payable:
        if r in want or r in best:
            out.extend(variant._pay_actions_for_route(r, hand))
    if s.ticket_deck:
        out.append(variant.tickets_action)
    if s.harbors_left[p] > 0:
        pays = None
        for city in variant.ports:
            if s.harbor_owner[city] >= 0 or not any(s.owner[r] == p for r in variant.routes_at[city]):
                continue
            if pays is None:
                pays = variant.harbor_payments(hand)
                if not pays:
                    break
            cid = m.city_ids[city]
            for pay in pays:
                out.append(BuildHarbor(cid, tuple((CARD_NAMES[c], n) for c, n in pay)))
    ex = variant.exchange_actions
    for n in range(1, min(s.box_ships[p], s.trains[p]) + 1):
        out.append(ex[("ships", n)])
    for n in range(1, min(s.box_trains[p], s.ships[p]) + 1):
        out.append(ex[("trains", n)])
    return out


class RolloutPolicy:
    """The normal policy with plans cached per seat (replanned when a planned route is lost or
    the tickets change), so a playout costs a few planning passes instead of one per ply."""

    def __init__(self, params: WorldParams) -> None:
        self.policy = WorldPolicy(params)
        self.cache: dict[int, tuple[int, Plan]] = {}

    def act(self, variant: Any, s: WorldState, m: WorldModel, rng: Rng) -> Action:
        """The policy's move in a sampled state (the engine's full list only where it is cheap)."""
        if s.phase != MAIN:
            legal = variant.legal_actions(s)
            return legal[0] if len(legal) == 1 else self.decide(s, m, legal, rng)
        p = s.current
        k = Know.from_state(s, p)
        plan = self.plan_for(s, m, k)
        legal = rollout_actions(variant, s, m, self.policy, k, plan)
        if not legal:
            first: Action = variant.legal_actions(s)[0]
            return first
        action: Action = self.policy.decide(k, m, legal, rng, plan)
        return action

    def plan_for(self, s: WorldState, m: WorldModel, k: Know) -> Plan:
        p = s.current
        hit = self.cache.get(p)
        if hit is not None and hit[0] == len(s.tickets[p]) and not any(
                blocked(k, m, r) and s.owner[r] != p for r in hit[1].routes):
            plan = hit[1]
            plan.routes = [r for r in plan.routes if s.owner[r] < 0]
            return plan
        plan = self.policy.plan(k, m)
        self.cache[p] = (len(s.tickets[p]), plan)
        return plan

    def decide(self, s: WorldState, m: WorldModel, legal: Sequence[Action], rng: Rng) -> Action:
        p = s.current
        k = Know.from_state(s, p)
        plan = None
        if k.phase not in (SETUP_TICKETS, KEEP_TICKETS, SETUP_PIECES):
            plan = self.plan_for(s, m, k)
        return self.policy.decide(k, m, legal, rng, plan)


class WorldSearchBot(Bot):
    """Normal planner + determinised playouts at the strategic decisions (module docstring)."""

    variants = ("world",)

    def __init__(self, name: str, description: str, search: WorldSearchParams | None = None,
                 params: WorldParams | None = None) -> None:
        self.name = name
        self.description = description
        self.search = search or WorldSearchParams()
        self.params = params or HARD_PARAMS
        self.policy = WorldPolicy(self.params)
        self.last_plies = 0  # simulated plies of the last searched decision (for tests)

    def choose(self, view: dict[str, Any], legal: Sequence[Action], rng: Rng,
               board: dict[str, Any]) -> Action:
        m = world_model(board)
        k = Know.from_view(view, m)
        default = self.policy.decide(k, m, legal, rng)
        cands = self.candidates(k, m, legal, default)
        if len(cands) <= 1 or time_up():
            return default
        return self.evaluate(view, m, cands, rng, self.in_endgame(k))

    def samples_for(self, players: int, endgame: bool = False) -> int:
        """Worlds per searched decision: fewer with more players (each cut-off playout is
        evaluated for every seat), so a decision's cost stays about the same."""
        samples = self.search.endgame_samples if endgame else self.search.samples
        return samples if players <= 2 else max(2, samples * 2 // players)

    def horizon(self, ncands: int, players: int = 2, endgame: bool = False) -> int:
        """Plies per playout: the cap, or the decision's budget shared by all playouts."""
        budget = self.search.endgame_ply_budget if endgame else self.search.ply_budget
        return max(1, min(self.search.max_rollout_plies,
                          budget // max(1, ncands * self.samples_for(players, endgame))))

    def in_endgame(self, k: Know) -> bool:
        """Whether the end is near enough for playouts to the real end (some seat's pieces)."""
        return self.search.search_endgame and k.phase == MAIN and (
            k.final_round or min(k.pieces(p) for p in range(k.n)) <= self.search.endgame_pieces)

    def endgame_candidates(self, k: Know, m: WorldModel, legal: Sequence[Action],
                           default: Action) -> list[Action]:
        """The planner's move, the claims worth most now (route points plus the tickets they
        complete), the best harbor and the planner's card draw."""
        pol = self.policy
        plan = pol.plan(k, m)
        claims, harbors, _ = group_moves(m, legal)
        open_t = pol.open_tickets(k, m)
        scored = []
        for r in claims:
            owner = list(k.owner)
            owner[r] = k.me
            roots = connected_sets(replace(k, owner=owner), m, k.me)
            gain = m.points[r] + sum(m.t_values[t][0] - m.t_values[t][2] for t in open_t
                                     if ticket_done(m, roots, t))
            scored.append((-gain, r))
        scored.sort()
        out = [default]
        limit = self.search.endgame_candidates
        extra: list[Action] = []
        if harbors:
            h = pol.harbor_choice(k, m, plan, harbors, True)
            if h is not None:
                extra.append(h)
        if not isinstance(default, (DrawCard, TakeCard)):
            draw = pol.draw(k, m, legal, plan, Rng(0), second=False)
            if isinstance(draw, (DrawCard, TakeCard)):
                extra.append(draw)
        for _, r in scored:
            if len(out) + len(extra) >= limit:
                break
            a = pol.pay(k, m, plan, claims[r])
            if a not in out:
                out.append(a)
        for a in extra:
            if a not in out and len(out) < limit:
                out.append(a)
        return out

    def candidates(self, k: Know, m: WorldModel, legal: Sequence[Action], default: Action) -> list[Action]:
        if self.in_endgame(k):
            return self.endgame_candidates(k, m, legal, default)
        out = [default]
        limit = self.search.max_candidates
        if k.phase in (SETUP_TICKETS, KEEP_TICKETS) and self.search.search_keeps:
            for a in self.policy.ranked_keeps(k, m, legal):
                if len(out) >= limit:
                    break
                if a not in out:
                    out.append(a)
        elif k.phase == SETUP_PIECES and isinstance(default, ChoosePieces) and self.search.search_mix:
            step = self.search.mix_step
            for a in legal:
                if isinstance(a, ChoosePieces) and abs(a.trains - default.trains) == step:
                    out.append(a)
        elif k.phase == MAIN and isinstance(default, DrawTickets) and self.search.search_more_tickets:
            # Drawing more tickets is the gamble worth checking: against the planner's next
            # best move without tickets.
            rest = [a for a in legal if not isinstance(a, DrawTickets)]
            if rest:
                alt = WorldPolicy(replace(self.params, more_tickets=False))
                out.append(alt.decide(k, m, rest, Rng(0)))
        return out[:limit]

    def evaluate(self, view: dict[str, Any], m: WorldModel, cands: list[Action], rng: Rng,
                 endgame: bool = False) -> Action:
        variant = get_variant("world")
        me = int(view["you"])
        vals: list[list[float]] = [[] for _ in cands]
        n_players = len(view["players"])
        horizon = self.horizon(len(cands), n_players, endgame)
        self.last_plies = 0
        for w in range(self.samples_for(n_players, endgame)):
            if w and time_up():  # the browser's wall-clock cap (slow devices)
                break
            world = sample_world(view, rng)
            seed = rng.next64()
            for i, cand in enumerate(cands):
                s = world.clone()
                variant.apply(s, cand)
                vals[i].append(self.playout(variant, m, s, me, Rng(seed), horizon))
        # An alternative replaces the planner's choice only by a clear paired gain (the same
        # worlds and seeds for every candidate): mean gain above default_bonus and, with
        # min_z, above min_z standard errors.
        n = len(vals[0])
        bonus = self.search.endgame_bonus if endgame else self.search.default_bonus
        min_z = self.search.endgame_min_z if endgame else self.search.min_z
        best, best_gain = 0, 0.0
        for i in range(1, len(cands)):
            d = [a - b for a, b in zip(vals[i], vals[0])]
            mean = sum(d) / n
            if mean <= bonus or mean <= best_gain:
                continue
            if min_z > 0 and n > 1:
                var = sum((x - mean) ** 2 for x in d) / (n - 1)
                if mean <= min_z * (var / n) ** 0.5:
                    continue
            best, best_gain = i, mean
        return cands[best]

    def playout(self, variant: Any, m: WorldModel, s: WorldState, me: int, rng: Rng,
                horizon: int | None = None) -> float:
        policy = RolloutPolicy(self.params)
        for _ in range(horizon or self.search.max_rollout_plies):
            if s.phase == OVER:
                break
            variant.apply(s, policy.act(variant, s, m, rng))
            self.last_plies += 1
        if s.phase == OVER:
            scores = variant.scores(s)
            totals = [float(sc["total"]) for sc in scores]
        else:
            totals = [self.estimate(variant, m, policy.policy, s, p) for p in range(s.players)]
        mine = totals[me]
        rival = max(t for p, t in enumerate(totals) if p != me)
        margin = mine - rival
        wb = self.search.win_bonus
        return margin + (wb if margin > 0 else -wb if margin < 0 else 0.0)

    def estimate(self, variant: Any, m: WorldModel, policy: WorldPolicy, s: WorldState, p: int) -> float:
        """Final score estimate of seat p in a cut-off playout: the score as it stands (open
        tickets count their penalty, harbors their current value, unbuilt ones -4), plus the
        planner's value of the open tickets over that penalty (done-in-time chance, plan cost,
        harbor potential), plus what the spare pieces and cards may still score."""
        sc = variant.scores(s)[p]
        total = float(sc["total"])
        if s.phase != MAIN and s.phase != SECOND_CARD:
            return total
        k = Know.from_state(s, p)
        open_t = policy.open_tickets(k, m)
        if open_t:
            tv, plan = policy.tickets_value(k, m, open_t)
            total += tv - sum(m.t_values[t][2] for t in open_t)
        else:
            plan = None
        spare = k.pieces(p) - (plan.trains + plan.ships if plan is not None else 0)
        total += self.search.piece_value * max(0, spare) + self.search.card_value * sum(k.hand)
        return total


def world_hard_bot() -> Bot:
    return WorldSearchBot("world_hard", "Rails & Sails: plans like normal, then checks its ticket "
                          "choices, piece mix and extra tickets by playing out sampled hidden "
                          "worlds (determinised Monte Carlo, fixed budget).")


__all__ = ["HARD_PARAMS", "WorldSearchBot", "WorldSearchParams", "sample_world", "world_hard_bot"]
