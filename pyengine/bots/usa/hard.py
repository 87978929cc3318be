"""Classic ``hard``: the shared information-set search (``bots/search.py``) with the classic
game's knowledge -- the tuned long-route planner (``filler_planner.HARD_PARAMS``) as prior and
playout policy, sampled worlds from ``sample_state`` and the final margin as evaluation.

Searched decisions: the opening ticket keep (the best-valued keeps, with a budget of its own,
``UsaSearchConfig.keep`` / ``keep_many``) and the end game (once some seat has at most
``endgame_trains`` trains: the planner's move against the claims worth most, its card draw and
the claim that lengthens its longest trail most).
Everything else is the planner's move. ``rank`` (the Hint, the review) also values every main
turn and the keeps of a ticket draw in the game. Playouts run to the end of the game (at most
``playout_steps`` moves), where the score is exact.

The playout policy caches its plans by (routes owned, seat, tickets, trains): a plan depends only
on those, and in playouts the same position is planned again and again (94% hits, same moves).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from itertools import combinations
from typing import Any

from ...actions import Action, ClaimRoute, DrawCard, KeepTickets, TakeCard
from ...games import variant_as
from ...games.usa.rules import MAIN, UsaState
from ...games.usa.variant import UsaVariant
from ...mechanics.graph import longest_trail
from ...rng import Rng
from ..base import Bot
from ..search import Decision, Outcome, SearchBot, SearchParams, VariantDomain, margin_outcome
from .board_model import BoardModel, Plan, Situation, board_model
from .filler_planner import HARD_PARAMS, FillerParams, FillerPolicy
from .planner import _locos, _pick

OPPONENT_TICKET_BIAS = 2.0  # an opponent's tickets lean towards cities its routes touch
PLAN_CACHE_SIZE = 20_000  # plans kept by the playout policy (cleared when full)


SEARCH = SearchParams(
    candidates=3,
    worlds=16,
    min_worlds=2,
    step_budget=2400,
    playout_steps=400,
    prior_bonus=1.0,
    win_bonus=25.0,
)
# The opening ticket keep at 2 players: the decision the whole game is planned around, made once a
# game, with playouts of the whole game. 2,400 moves gave it 7 worlds; 6,000 moves give it 12, and
# every allowed keep is tried (4 when 3 tickets are offered): ~0.9 s in the browser.
KEEP_SEARCH = replace(SEARCH, candidates=4, min_worlds=4, step_budget=6000)
# ... at 3+ players (``keep_many``): the planner's 3 best-valued keeps, at least 6 worlds, 6,000
# moves (whole games with more seats are dearer: 9-10 worlds, ~1 s CPython). With the end game's
# 2,400 moves (4 worlds) the search was worth almost nothing over the planner's keep; with 6,000,
# +19 wins in 600 trial games and +5.5 in the cell's 1,040 against three long_route_junkies
# (session 45, docs/bots.md). The page gives setup decisions a 2.5 s cap for it.
KEEP_MANY_SEARCH = replace(SEARCH, min_worlds=6, step_budget=6000)


@dataclass(frozen=True)
class UsaSearchConfig:
    """Classic hard: which decisions are searched, and the search parameters."""

    search: SearchParams = SEARCH  # the end game (and, when searched, later keeps)
    keep: SearchParams = KEEP_SEARCH  # the opening ticket keep at 2 players
    keep_many: SearchParams = KEEP_MANY_SEARCH  # ... at 3+ players
    search_keep: bool = True  # setup ticket keeps
    # Ticket keeps after a draw in the game: hard's planner never draws more (``HARD_PARAMS``),
    # so only ``rank`` (the Hint of a person who drew) values these keeps by default.
    search_later_keep: bool = False
    keep_gap: float = 1e9  # search keeps only when the runner-up is within this many points
    search_endgame: bool = True  # end game: the best claims vs. the planner's move
    endgame_trains: int = 10  # ... once some seat has at most this many trains
    # ... and the claim that lengthens the bot's longest trail most, when it adds this many trains
    # (0: not tried; nor in a way of play without the Longest Path bonus). The claims worth most
    # now rarely build the 10-point longest path. Session 20 (docs/bots.md, "Classic: open
    # points"): +28.5 wins of 1,000 at 2 players against long_route_junkie (seed 7171), +17.5 of
    # 800 at 4 players (seeds 4242, 6262, 7171), +34 on the 1,464 games of the 4-player cells.
    trail_gain: int = 2
    rank_candidates: int = 6  # moves valued by ``rank`` (the Hint button, the review)


class CachedFillerPolicy(FillerPolicy):
    """The filler planner with its plans cached by what they depend on."""

    def __init__(self, params: FillerParams | None = None) -> None:
        super().__init__(params)
        self._plans: dict[tuple[Any, ...], Plan] = {}

    def plan(self, sit: Situation) -> Plan:
        key = (sit.me, sit.trains[sit.me], tuple(sit.tickets), tuple(sit.owner))
        hit = self._plans.get(key)
        if hit is None:
            if len(self._plans) >= PLAN_CACHE_SIZE:
                self._plans.clear()
            hit = self._plans[key] = super().plan(sit)
        return hit


def sample_world(view: dict[str, Any], rng: Rng) -> UsaState:
    """A full game state consistent with ``view`` (the game's ``sample_state``), opponents'
    tickets drawn with a bias towards tickets whose cities their routes touch."""
    return variant_as(view["variant"], UsaVariant).sample_state(view, rng, ticket_bias=OPPONENT_TICKET_BIAS)


def situation_from_state(s: UsaState, model: BoardModel, p: int) -> Situation:
    """Seat ``p``'s knowledge of a (sampled) state, for the playout policy."""
    phase = ("setup_tickets", "main", "second_card", "keep_tickets", "over")[s.phase]
    return Situation(
        model=model,
        me=p,
        players=s.players,
        phase=phase,
        owner=s.owner,
        hand=s.hands[p],
        trains=s.trains,
        scores=s.points,
        tickets=s.tickets[p],
        offered=sorted(s.offered[p]),
        min_keep=s.way.keep_min(s.phase == 0),
        market=s.market,
        deck=len(s.deck),
        discard=len(s.discard),
        ticket_deck=len(s.ticket_deck),
        final_round=s.final_turns > 0,
        turn=s.turn,
        globetrotter=s.way.globetrotter_points or 0,
        longest_path=s.way.longest_path_points or 0,
    )


class UsaRollout:
    """The planner for every seat of a playout (``SearchDomain.rollout``)."""

    def __init__(self, variant: UsaVariant, model: BoardModel, policy: FillerPolicy) -> None:
        self.variant = variant
        self.model = model
        self.policy = policy

    def act(self, s: UsaState, rng: Rng) -> Action:
        # A main turn's claims are listed only if the planner reads them all (``MainMenu``).
        legal: Sequence[Action]
        if s.phase == MAIN:
            menu = self.variant.main_menu(s)
            legal, only = menu, menu.single()
        else:
            legal = self.variant.legal_actions(s)
            only = legal[0] if len(legal) == 1 else None
        if only is not None:
            return only
        return self.policy.decide(situation_from_state(s, self.model, s.current), legal, rng)


class UsaSearchDomain(VariantDomain[UsaState]):
    """The classic game's knowledge for the shared search."""

    variant: UsaVariant

    def __init__(self, config: UsaSearchConfig | None = None, params: FillerParams | None = None) -> None:
        self.config = config or UsaSearchConfig()
        self.policy = CachedFillerPolicy(params or HARD_PARAMS)
        self.model: BoardModel | None = None
        self.variant = variant_as("usa", UsaVariant)

    # ---------------------------------------------------------------- prior
    def decision(
        self, view: dict[str, Any], legal: Sequence[Action], rng: Rng, board: dict[str, Any], ranking: bool
    ) -> Decision:
        model = self.model = board_model(board)
        sit = Situation.from_view(view, model)
        default = _pick(self.policy.decide(sit, legal, rng), legal)
        cfg = self.config
        params = cfg.search
        if sit.phase == "setup_tickets":
            params = cfg.keep if sit.players <= 2 else cfg.keep_many
        width = cfg.rank_candidates if ranking else params.candidates
        return Decision(self.candidates(sit, legal, default, width, ranking), params)

    def candidates(
        self, sit: Situation, legal: Sequence[Action], default: Action, width: int, ranking: bool = False
    ) -> list[Action]:
        """The planner's move first, then: the best-valued ticket keeps at setup; in the end
        game (or for ``rank``, at any main turn) the claims worth most and the planner's draw."""
        cfg = self.config
        out: list[Action] = [default]
        if sit.phase == "setup_tickets":
            if not cfg.search_keep and not ranking:
                return out
            return self.keep_candidates(sit, legal, out, width)
        if sit.phase == "keep_tickets":
            if not cfg.search_later_keep and not ranking:
                return out
            return self.keep_candidates(sit, legal, out, width)
        if sit.phase != "main":
            return out
        late = min(sit.trains) <= cfg.endgame_trains or sit.final_round
        if not ranking and not (late and cfg.search_endgame):
            return out
        model = sit.model
        # The best claim per route (fewest locomotives), most points first (planned +3).
        per_route: dict[int, ClaimRoute] = {}
        for a in legal:
            if isinstance(a, ClaimRoute):
                r = model.route_index[a.route]
                if r not in per_route or _locos(a, model) < _locos(per_route[r], model):
                    per_route[r] = a
        policy = self.policy.at(sit)
        plan = policy.plan(sit)
        planned = set(plan.routes)
        claims = sorted(
            per_route.items(), key=lambda x: (-model.points(x[0]) - (3 if x[0] in planned else 0), x[0])
        )
        default_route = default.route if isinstance(default, ClaimRoute) else None
        for r, a in claims:
            if len(out) >= width:
                break
            if a not in out and default_route != model.routes[r].id:
                out.append(a)
        if default_route is not None and len(out) < width + 1:
            # The planner would claim: also try drawing as it would.
            draw = _pick(policy.draw(sit, legal, plan, Rng(0)), legal)
            if isinstance(draw, (DrawCard, TakeCard)) and draw not in out:
                out.append(draw)
        trail = self.trail_claim(sit, per_route) if cfg.trail_gain > 0 and sit.longest_path else None
        if trail is not None and all(not (isinstance(a, ClaimRoute) and a.route == trail.route) for a in out):
            out.append(trail)
        return out

    def trail_claim(self, sit: Situation, per_route: dict[int, ClaimRoute]) -> ClaimRoute | None:
        """The claim that adds most to the seat's longest trail (then the most points), if it adds
        at least ``trail_gain`` trains."""
        model = sit.model
        mine = [(rt.a, rt.b, rt.length) for rt in model.routes if sit.owner[rt.index] == sit.me]
        now = longest_trail(mine)
        best: tuple[tuple[int, int], ClaimRoute] | None = None
        for r, a in per_route.items():
            rt = model.routes[r]
            key = (longest_trail([*mine, (rt.a, rt.b, rt.length)]) - now, model.points(r))
            if best is None or key > best[0]:
                best = (key, a)
        if best is None or best[0][0] < self.config.trail_gain:
            return None
        return best[1]

    def keep_candidates(
        self, sit: Situation, legal: Sequence[Action], out: list[Action], width: int
    ) -> list[Action]:
        current = sit.open_tickets()
        offered = sorted(sit.offered)
        need = max(1, min(sit.min_keep, len(offered)))
        scored = []
        for k in range(need, len(offered) + 1):
            for sub in combinations(offered, k):
                scored.append((self.policy.at(sit).tickets_value(sit, current, list(sub)), sub))
        scored.sort(key=lambda x: -x[0])
        top = scored[0][0]
        for value, sub in scored:
            if len(out) >= width or top - value > self.config.keep_gap:
                break
            act = _pick(KeepTickets(tuple(sit.model.ticket_ids[t] for t in sub)), legal)
            if act not in out:
                out.append(act)
        return out

    # ---------------------------------------------------------------- worlds and playouts
    def sample(self, view: dict[str, Any], rng: Rng) -> UsaState:
        return sample_world(view, rng)

    def rollout(self, s: UsaState, me: int, params: SearchParams) -> UsaRollout:
        assert self.model is not None
        return UsaRollout(self.variant, self.model, self.policy)

    def outcome(self, s: UsaState, me: int, params: SearchParams) -> Outcome:
        """The margin at the end of the game (or as it stands after ``playout_steps``)."""
        totals = [float(sc["total"]) for sc in self.variant.scores(s)]
        return margin_outcome(totals, me, params.win_bonus)


def usa_hard_bot(
    config: UsaSearchConfig | None = None, name: str = "hard", params: FillerParams | None = None
) -> Bot:
    """Classic ``hard``; ``params`` replaces the planner's values (its moves and its playouts)."""
    return SearchBot(
        name,
        "Plans its tickets over long routes, then checks its ticket choice and "
        "end-game moves by playing sampled worlds to the end.",
        UsaSearchDomain(config, params),
        ("usa",),
    )


__all__ = [
    "CachedFillerPolicy",
    "UsaSearchConfig",
    "UsaSearchDomain",
    "sample_world",
    "situation_from_state",
    "usa_hard_bot",
]
