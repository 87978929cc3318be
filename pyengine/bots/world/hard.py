"""Rails & Sails ``hard``: the shared information-set search (``bots/search.py``) with this
game's knowledge -- its own planner as prior and playout policy, sampled worlds from
``sample_state`` and a cut-off evaluation.

The planner is normal's ``WorldPolicy`` with ``HARD_PARAMS`` (fitted by self-play): a turn is worth
about 6 points instead of 2 when routes are costed, so plans prefer routes the hand can pay soon and
long routes that score many points per turn over short hops and colors still to gather; its piece
mix keeps 13 trains beyond the plan's train spaces at 2 players and 9 at 3+ (normal: 3), and it
draws more tickets while every opponent still has 8 pieces (normal: 18). At 3+ players the cards
the plan leaves are drawn towards the two best routes beyond it (``filler_guide``), and at a table
of long claims (``long_claims``: three long_route_junkies end the game early) harbor cards count
more once an opponent nears the end.

Searched decisions (``WorldSearchConfig``): which tickets to keep (at setup and after drawing
more), the piece mix, and, once its tickets are done, whether to draw more tickets -- the
planner's choice against a few alternatives, by short playouts (``search``: the decision's
budget shared by all playouts) whose cut-off position is scored by the score as it stands plus
the planner's value of each seat's open tickets (done-in-time chance, plan cost, harbor
potential) plus what spare pieces and cards may still make. End game: once some seat is within
``endgame_pieces`` of running out, playouts mostly reach the real end and are scored exactly, so
every main turn is searched (``endgame``) -- the planner's move against the claims worth most now
(route points plus the tickets they complete), the best harbor and the planner's card draw --
with a looser switch test. Every other decision is the planner's.

Playouts play every seat with hard's planner. An opponent model is there to try
(``junkie_playouts``, off): at 3+ players at a table of long claims (``long_claims_table``, the
planner's own test) the opponents' seats play the long_route_junkie policy, the style such a
table shows.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from ...actions import Action, DrawCard, DrawTickets, TakeCard
from ...games import variant_as
from ...games.world.actions import BuildHarbor, ChoosePieces
from ...games.world.state import CARD_NAMES, WorldState
from ...games.world.variant import WorldVariant
from ...rng import Rng
from ..base import Bot
from ..search import Decision, Outcome, SearchBot, SearchParams, VariantDomain, margin_outcome
from .baselines import LongRouteJunkiePolicy, StylePolicy
from .params import HAND_SET_NORMAL_PARAMS, WorldParams
from .planner import WorldPolicy, group_moves
from .planning import (
    KEEP_TICKETS,
    MAIN,
    OVER,
    SECOND_CARD,
    SETUP_PIECES,
    SETUP_TICKETS,
    Know,
    Plan,
    WorldModel,
    blocked,
    can_pay,
    connected_sets,
    long_claims_table,
    ticket_done,
    world_model,
)

WIN_BONUS = 25.0
# Hard's hand-set planner before the fit (turn value 5, 9 spare trains, tickets while opponents
# have 12 pieces), for the record: a turn is worth 5 points, not 2, so routes that take many turns to gather
# cards for (short hops, colored routes the hand lacks) cost more and long routes the hand can
# pay nearly nothing -- fewer cards hoarded for slow plans, more points per turn. As a planner
# alone it beat normal 60.5% (200 games) and the Long Route Junkie 60% (normal: 46%).
# Piece mix: the plan's train spaces + 9 trains (normal: + 3). In lost games against the Long
# Route Junkie the planner ran out of trains with 10-20 ships left, unused at the end; with 9
# spare trains it won 67.0% of 400 games against it (62.5% before, same seeds). More tickets
# while every opponent has 12 pieces (normal: 18): 69.0% of 400 (planner alone).
# The planner plays values fitted by self-play at 4 players against the panel shortest_path,
# zombie, long_route_junkie, route_focus (three copies each; docs/bots.md):
#   python -m pyengine.bots.tune run --subject world-hard-planner --players 4 --deals 2 \
#       --iterations 60 --seed 4 --a 0.5 --c 0.2 --knobs piece_slack,tickets_min_pieces,\
#       tickets_min_other,piece_value,turn_value,risk_scale,block_risk,harbor_pot,harbor_cards,\
#       ticket_bonus,color_ship,color_train --log docs/tuning/world-hard-planner-4p.jsonl
# More spare trains, more tickets while pieces last, longer routes, harbors valued more.
# Planner against planner on the fresh seed 2027 (tune compare, 100 paired games a cell), at 4
# players: +18.0 points against shortest_path, +28.0 zombie, +11.5 long_route_junkie, +17.5
# route_focus; at 2 players (the same values): +16.0, +14.0, +21.0, +5.0. So they hold at every
# player count (the end-game hurry stays off at 3+ players, as normal's).
FITTED_HARD_4P: dict[str, Any] = {
    "piece_slack": 13,
    "tickets_min_pieces": 13,
    "tickets_min_other": 8,
    "piece_value": 1.4693,
    "turn_value": 6.0799,
    "risk_scale": 4.3368,
    "block_risk": 0.0077,
    "harbor_pot": 1.2803,
    "harbor_cards": 0.0289,
    "ticket_bonus": 1.1517,
    "color_ship": 1.3284,
    "color_train": 1.1446,
}
# At 3+ players, while the plan is open, the two best routes beyond it (points per card, within
# the pieces the plan leaves) also guide the card draws, a card towards them worth as much as one
# towards the plan (served first): screened on the planner alone (400 games a line, seed 777,
# against three zombies / long_route_junkies / shortest_paths: 210/227/246 -> 253/243/264 wins),
# then under the search: +81 wins of 800 (docs/bots.md, session 23).
# At a table of long claims (the other seats' claimed routes average 4+ pieces: three
# long_route_junkies, rarely others), once an opponent is down to 25 pieces a card towards a harbor
# is worth at least 2 route cards: the junkies end the game early and the lost games ended with
# harbors unbuilt. +10 wins of 660 against long_route_junkies, +2 of 520 against zombies and
# shortest_paths (the same games; docs/bots.md, session 28). The values this table might take
# besides, fitted for the planner alone (docs/tuning/world-hard-planner-4p-long-claims.jsonl),
# lost 17 of 400 games under the search and are not used.
# At 3+ players the piece mix keeps 9 trains beyond the plan's train spaces, not 13 (more ships):
# against three long_route_junkies +6, +6 and +34 wins on 200, 200 and the report cell's 1,040
# games (seeds 9191, 6061, 1; docs/bots.md, session 44).
HARD_PARAMS = replace(
    HAND_SET_NORMAL_PARAMS,
    **FITTED_HARD_4P,
    many_players=(
        *HAND_SET_NORMAL_PARAMS.many_players,
        ("piece_slack", 9),
        ("filler_guide", 2),
        ("filler_weight", 1.0),
        ("long_claims", (("late_harbor", 2.0),)),
    ),
)


STRATEGIC_SEARCH = SearchParams(
    candidates=3,
    worlds=6,
    min_worlds=6,
    step_budget=480,
    playout_steps=600,
    split_budget=True,
    prior_bonus=8.0,
    min_z=1.5,
    win_bonus=WIN_BONUS,
)
ENDGAME_SEARCH = replace(STRATEGIC_SEARCH, candidates=5, step_budget=600, prior_bonus=1.0, min_z=1.0)


@dataclass(frozen=True)
class WorldSearchConfig:
    """Rails & Sails hard: which decisions are searched, with which search parameters, and the
    cut-off evaluation's weights."""

    # Strategic decisions: 6 worlds (fewer with more players, ``worlds_for``), the budget shared
    # by all playouts (cut-off playouts, evaluated); an alternative needs a clear paired gain.
    search: SearchParams = STRATEGIC_SEARCH
    # End game: playouts to the real end, more candidates, a looser switch test.
    endgame: SearchParams = ENDGAME_SEARCH
    mix_step: int = 5  # piece-mix candidates: the planner's trains, -step and +step
    search_keeps: bool = True
    search_mix: bool = True
    search_more_tickets: bool = True
    search_endgame: bool = True
    endgame_pieces: int = 12  # the end game: some seat has at most this many pieces
    piece_value: float = 1.5  # evaluation of a cut-off playout: points a spare piece may still make
    card_value: float = 0.3  # ... and a card in hand
    rank_candidates: int = 6  # moves valued by ``rank`` (the Hint button, the review)
    # At 3+ players, once the other seats' claims are long (``long_claims_table``), the playouts
    # play the opponents' seats with the long_route_junkie policy instead of hard's planner:
    # +19.5 wins in 1,260 games against three junkies on six seeds (session 41), but 604 of
    # 1,040 against 603 in the cell itself (seed 1, session 42), at 1.5x the CPU a decision
    # (it picks from the engine's full legal list): off (docs/bots.md).
    junkie_playouts: bool = False

    def worlds_for(self, params: SearchParams, players: int) -> SearchParams:
        """Fewer worlds with more players (each cut-off playout is evaluated for every seat),
        so a decision's cost stays about the same."""
        if players <= 2:
            return params
        w = max(2, params.worlds * 2 // players)
        return replace(params, worlds=w, min_worlds=min(w, params.min_worlds))


def sample_world(view: dict[str, Any], rng: Rng) -> WorldState:
    """A full WorldState consistent with ``view`` (the game's ``sample_state``)."""
    return variant_as(view["variant"], WorldVariant).sample_state(view, rng)


def rollout_actions(
    variant: Any, s: WorldState, m: WorldModel, policy: WorldPolicy, k: Know, plan: Plan | None
) -> list[Action]:
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
    the tickets change), so a playout costs a few planning passes instead of one per ply.
    With ``opponents``, every seat but ``me`` plays that policy instead (an opponent model)."""

    def __init__(
        self,
        params: WorldParams,
        variant: WorldVariant,
        m: WorldModel,
        me: int = -1,
        opponents: StylePolicy | None = None,
    ) -> None:
        self.policy = WorldPolicy(params)
        self.variant = variant
        self.m = m
        self.me = me
        self.opponents = opponents
        self.cache: dict[int, tuple[int, Plan]] = {}

    def act(self, s: WorldState, rng: Rng) -> Action:
        """The policy's move in a sampled state (the engine's full list only where it is cheap)."""
        variant = self.variant
        m = self.m
        if self.opponents is not None and s.current != self.me:
            moves = variant.legal_actions(s)
            if len(moves) == 1:
                return moves[0]
            return self.opponents.decide(Know.from_state(s, s.current), m, moves, rng)
        if s.phase != MAIN:
            legal = variant.legal_actions(s)
            return legal[0] if len(legal) == 1 else self.decide(s, m, legal, rng)
        p = s.current
        k = Know.from_state(s, p)
        policy = self.policy.at(k, m)
        plan = self.plan_for(s, m, k)
        legal = rollout_actions(variant, s, m, policy, k, plan)
        if not legal:
            first: Action = variant.legal_actions(s)[0]
            return first
        action: Action = policy.decide(k, m, legal, rng, plan)
        return action

    def plan_for(self, s: WorldState, m: WorldModel, k: Know) -> Plan:
        p = s.current
        hit = self.cache.get(p)
        if (
            hit is not None
            and hit[0] == len(s.tickets[p])
            and not any(blocked(k, m, r) and s.owner[r] != p for r in hit[1].routes)
        ):
            plan = hit[1]
            plan.routes = [r for r in plan.routes if s.owner[r] < 0]
            return plan
        plan = self.policy.at(k, m).plan(k, m)
        self.cache[p] = (len(s.tickets[p]), plan)
        return plan

    def decide(self, s: WorldState, m: WorldModel, legal: Sequence[Action], rng: Rng) -> Action:
        p = s.current
        k = Know.from_state(s, p)
        plan = None
        if k.phase not in (SETUP_TICKETS, KEEP_TICKETS, SETUP_PIECES):
            plan = self.plan_for(s, m, k)
        return self.policy.at(k, m).decide(k, m, legal, rng, plan)


class WorldSearchDomain(VariantDomain[WorldState]):
    """Rails & Sails' knowledge for the shared search."""

    variant: WorldVariant

    def __init__(self, config: WorldSearchConfig | None = None, params: WorldParams | None = None) -> None:
        self.config = config or WorldSearchConfig()
        self.params = params or HARD_PARAMS
        self.policy = WorldPolicy(self.params)
        self.model: WorldModel | None = None
        self.variant = variant_as("world", WorldVariant)
        self.junkie = LongRouteJunkiePolicy()

    # ---------------------------------------------------------------- prior
    def decision(
        self, view: dict[str, Any], legal: Sequence[Action], rng: Rng, board: dict[str, Any], ranking: bool
    ) -> Decision:
        m = self.model = world_model(board)
        k = Know.from_view(view, m)
        default = self.policy.decide(k, m, legal, rng)
        cfg = self.config
        if self.in_endgame(k) or (ranking and k.phase == MAIN):
            width = cfg.rank_candidates if ranking else cfg.endgame.candidates
            cands = self.endgame_candidates(k, m, legal, default, width)
            params = cfg.endgame
        else:
            cands = self.candidates(k, m, legal, default)
            params = cfg.search
        return Decision(cands, cfg.worlds_for(params, k.n))

    def in_endgame(self, k: Know) -> bool:
        """Whether the end is near enough for playouts to the real end (some seat's pieces)."""
        return (
            self.config.search_endgame
            and k.phase == MAIN
            and (k.final_round or min(k.pieces(p) for p in range(k.n)) <= self.config.endgame_pieces)
        )

    def endgame_candidates(
        self, k: Know, m: WorldModel, legal: Sequence[Action], default: Action, limit: int
    ) -> list[Action]:
        """The planner's move, the claims worth most now (route points plus the tickets they
        complete), the best harbor and the planner's card draw."""
        pol = self.policy.at(k, m)
        plan = pol.plan(k, m)
        claims, harbors, _ = group_moves(m, legal)
        open_t = pol.open_tickets(k, m)
        scored = []
        for r in claims:
            owner = list(k.owner)
            owner[r] = k.me
            roots = connected_sets(replace(k, owner=owner), m, k.me)
            gain = m.points[r] + sum(
                m.t_values[t][0] - m.t_values[t][2] for t in open_t if ticket_done(m, roots, t)
            )
            scored.append((-gain, r))
        scored.sort()
        out = [default]
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
        """The planner's choice and its alternatives at the strategic decisions."""
        cfg = self.config
        out = [default]
        limit = cfg.search.candidates
        if k.phase in (SETUP_TICKETS, KEEP_TICKETS) and cfg.search_keeps:
            for a in self.policy.at(k, m).ranked_keeps(k, m, legal):
                if len(out) >= limit:
                    break
                if a not in out:
                    out.append(a)
        elif k.phase == SETUP_PIECES and isinstance(default, ChoosePieces) and cfg.search_mix:
            step = cfg.mix_step
            for a in legal:
                if isinstance(a, ChoosePieces) and abs(a.trains - default.trains) == step:
                    out.append(a)
        elif k.phase == MAIN and isinstance(default, DrawTickets) and cfg.search_more_tickets:
            # Drawing more tickets is the gamble worth checking: against the planner's next
            # best move without tickets.
            rest = [a for a in legal if not isinstance(a, DrawTickets)]
            if rest:
                alt = WorldPolicy(replace(self.params, more_tickets=False))
                out.append(alt.decide(k, m, rest, Rng(0)))
        return out[:limit]

    # ---------------------------------------------------------------- worlds and playouts
    def sample(self, view: dict[str, Any], rng: Rng) -> WorldState:
        return sample_world(view, rng)

    def rollout(self, s: WorldState, me: int, params: SearchParams) -> RolloutPolicy:
        """Hard's planner at every seat, or the junkie policy at the opponents' seats at a
        table of long claims (``junkie_playouts``; the claims are public, so the sampled world
        shows the table as ``me`` sees it)."""
        m = self.model
        assert m is not None
        return RolloutPolicy(self.params, self.variant, m, me, self.opponent_model(s, me))

    def opponent_model(self, s: WorldState, me: int) -> StylePolicy | None:
        """The policy the playouts give the opponents' seats, if not hard's planner."""
        m = self.model
        assert m is not None
        prm = self.params
        if (
            self.config.junkie_playouts
            and s.players >= 3
            and long_claims_table(Know.from_state(s, me), m, prm.long_claim_len, prm.long_claim_count)
        ):
            return self.junkie
        return None

    def outcome(self, s: WorldState, me: int, params: SearchParams) -> Outcome:
        """Exact at the end; at a cut-off every seat's estimated final score (``estimate``)."""
        if s.phase == OVER:
            totals = [float(sc["total"]) for sc in self.variant.scores(s)]
        else:
            assert self.model is not None
            totals = [self.estimate(s, p) for p in range(s.players)]
        return margin_outcome(totals, me, params.win_bonus)

    def estimate(self, s: WorldState, p: int) -> float:
        """Final score estimate of seat p in a cut-off playout: the score as it stands (open
        tickets count their penalty, harbors their current value, unbuilt ones -4), plus the
        planner's value of the open tickets over that penalty (done-in-time chance, plan cost,
        harbor potential), plus what the spare pieces and cards may still score."""
        m = self.model
        assert m is not None
        sc = self.variant.scores(s)[p]
        total = float(sc["total"])
        if s.phase != MAIN and s.phase != SECOND_CARD:
            return total
        k = Know.from_state(s, p)
        policy = self.policy.at(k, m)
        open_t = policy.open_tickets(k, m)
        if open_t:
            tv, plan = policy.tickets_value(k, m, open_t)
            total += tv - sum(m.t_values[t][2] for t in open_t)
        else:
            plan = None
        spare = k.pieces(p) - (plan.trains + plan.ships if plan is not None else 0)
        total += self.config.piece_value * max(0, spare) + self.config.card_value * sum(k.hand)
        return total


def world_hard_bot(
    config: WorldSearchConfig | None = None, name: str = "world_hard", params: WorldParams | None = None
) -> Bot:
    return SearchBot(
        name,
        "Rails & Sails: plans like normal, then checks its ticket choices, piece "
        "mix, extra tickets and end-game moves by playing out sampled hidden worlds "
        "(determinised Monte Carlo, fixed budget).",
        WorldSearchDomain(config, params),
        ("world",),
    )


__all__ = ["HARD_PARAMS", "WorldSearchConfig", "WorldSearchDomain", "sample_world", "world_hard_bot"]
