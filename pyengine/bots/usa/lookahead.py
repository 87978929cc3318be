"""Look-ahead on top of the long-route planner (``filler_planner.py``): determinised playouts at the
decisions that matter.

At a key decision the planner's own move and a few alternatives (the best-valued ticket keeps; the
long claims on offer and the planner's draw; in the end game the most valuable claims) are
compared by playing sampled worlds to the end: hidden cards and tickets are dealt consistently
with the view (``sampling.sample_world``), each candidate is applied and every seat then plays the
planner (``FillerPolicy``) until the game ends. Every candidate sees the same worlds and the same
playout generator (common random numbers); the best mean final margin (plus a bonus for a win)
wins, and the planner's move keeps a small tie-break.

Budget: a count of simulated playout steps per decision (never the clock), so games replay
exactly; worlds are added while the count allows (all candidates in each world).
"""
from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations
from typing import Any, Sequence

from ...actions import Action, ClaimRoute, DrawCard, KeepTickets, TakeCard
from ...rng import Rng
from ...games import get_variant
from ..base import time_up
from .planner import _locos, _pick
from .board_model import BoardModel, Situation, board_model
from .sampling import sample_world, situation_from_state
from .filler_planner import HARD_PARAMS, FillerPlannerBot, FillerParams

WIN_BONUS = 25.0  # a win is worth this many points of margin in the playout evaluation


@dataclass(frozen=True)
class LookaheadParams:
    step_budget: int = 2400  # simulated playout steps per searched decision
    min_worlds: int = 2
    max_worlds: int = 16
    max_candidates: int = 3
    search_keep: bool = True  # setup ticket keeps
    keep_gap: float = 1e9  # search keeps only when the runner-up is within this many points
    search_claims: bool = False  # mid-game: an off-plan filler claim vs. drawing, or a long
    # off-plan claim vs. the planner's draw (measured: no gain, and many searched turns)
    claim_min_length: int = 5  # mid-game alternatives: off-plan claims at least this long
    search_endgame: bool = True  # end game: the best claims vs. the planner's move
    endgame_trains: int = 10  # ... once some seat has at most this many trains
    default_bonus: float = 1.0  # tie-break for the planner's move (points of mean margin)


class LookaheadBot(FillerPlannerBot):
    """The long-route planner, with key decisions checked by determinised playouts."""

    def __init__(self, name: str, description: str, params: FillerParams | None = None,
                 look: LookaheadParams | None = None) -> None:
        super().__init__(name, description, params or HARD_PARAMS)
        self.look = look or LookaheadParams()
        # Counters for development only (never read by the play).
        self.stats = {"decisions": 0, "searched": 0, "changed": 0, "steps": 0}

    def choose(self, view: dict[str, Any], legal: Sequence[Action], rng: Rng,
               board: dict[str, Any]) -> Action:
        return self.rank(view, legal, rng, board)[0][0]

    def rank(self, view: dict[str, Any], legal: Sequence[Action], rng: Rng,
             board: dict[str, Any]) -> list[tuple[Action, float]]:
        """The searched candidates, best first, each with its mean playout margin (points ahead of
        the best rival at the end); the planner's move alone (0.0) where nothing is searched."""
        model = board_model(board)
        sit = Situation.from_view(view, model)
        default = _pick(self.policy.decide(sit, legal, rng), legal)
        self.stats["decisions"] += 1
        candidates = self.candidates(sit, legal, default)
        if len(candidates) <= 1 or time_up():
            return [(default, 0.0)]
        self.stats["searched"] += 1
        ranked = self.evaluate(view, model, candidates, rng)
        if ranked[0][0] != default:
            self.stats["changed"] += 1
        return ranked

    # ------------------------------------------------------------------ candidates
    def candidates(self, sit: Situation, legal: Sequence[Action], default: Action) -> list[Action]:
        look = self.look
        out: list[Action] = [default]
        if sit.phase == "setup_tickets":
            if not look.search_keep:
                return out
            current = sit.open_tickets()
            offered = sorted(sit.offered)
            need = max(1, min(sit.min_keep, len(offered)))
            scored = []
            for k in range(need, len(offered) + 1):
                for sub in combinations(offered, k):
                    value = self.policy.tickets_value(sit, current, list(sub))
                    scored.append((value, sub))
            scored.sort(key=lambda x: -x[0])
            top = scored[0][0]
            for value, sub in scored:
                if len(out) >= look.max_candidates:
                    break
                if top - value > look.keep_gap:
                    break
                act = _pick(KeepTickets(tuple(sit.model.ticket_ids[t] for t in sub)), legal)
                if act not in out:
                    out.append(act)
            return out
        if sit.phase != "main":
            return out
        model = sit.model
        late = min(sit.trains) <= look.endgame_trains or sit.final_round
        if late and not look.search_endgame:
            return out
        if not late and not look.search_claims:
            return out
        # The best claim per route (fewest locomotives), most points first.
        per_route: dict[int, Action] = {}
        for a in legal:
            if isinstance(a, ClaimRoute):
                r = model.route_index[a.route]
                if r not in per_route or _locos(a, model) < _locos(per_route[r], model):  # type: ignore[arg-type]
                    per_route[r] = a
        plan = self.policy.plan(sit)
        planned = set(plan.routes)
        claims = sorted(per_route.items(), key=lambda x: (-model.points(x[0]) - (3 if x[0] in planned else 0), x[0]))
        default_is_claim = isinstance(default, ClaimRoute)
        if not late:
            claims = [(r, a) for r, a in claims
                      if model.routes[r].length >= look.claim_min_length and r not in planned]
            if default_is_claim:
                # Only a filler (off-plan) claim is questioned: claim now or keep drawing?
                if model.route_index[default.route] in planned:  # type: ignore[attr-defined]
                    return out
                claims = []
            elif not claims:
                return out
        for _, a in claims:
            if len(out) >= look.max_candidates:
                break
            if a not in out and not (default_is_claim and default.route == model.routes[_].id):  # type: ignore[attr-defined]
                out.append(a)
        if default_is_claim and len(out) < look.max_candidates + 1:
            # The planner would claim: also try drawing as it would.
            fill = self.policy.fillers(sit, plan)
            draw = self.policy.draw2(sit, legal, plan.routes,
                                     fill[: max(1, self.policy.sp.filler_guide)] if not plan.routes
                                     else fill[: self.policy.sp.filler_guide], Rng(0))
            draw = _pick(draw, legal)
            if isinstance(draw, (DrawCard, TakeCard)) and draw not in out:
                out.append(draw)
        return out

    # ------------------------------------------------------------------ playouts
    def evaluate(self, view: dict[str, Any], model: BoardModel, candidates: list[Action],
                 rng: Rng) -> list[tuple[Action, float]]:
        """Candidates best first (by playout totals with the win bonus and the planner's bonus),
        each valued by its mean final score margin over the sampled worlds."""
        look = self.look
        variant = get_variant(view["variant"])
        me = int(view["you"])
        totals = [0.0] * len(candidates)
        margins = [0.0] * len(candidates)
        steps = 0
        worlds = 0
        while worlds < look.max_worlds and (worlds < look.min_worlds or steps < look.step_budget):
            if worlds and time_up():  # the browser's wall-clock cap (slow devices)
                break
            world = sample_world(view, rng)
            seed = rng.next64()
            for i, cand in enumerate(candidates):
                s = world.clone()
                variant.apply(s, cand)
                margin, used = self.playout(variant, model, s, me, Rng(seed))
                totals[i] += margin
                margins[i] += margin - _win_bonus(margin)
                steps += used
            worlds += 1
        self.stats["steps"] += steps
        totals[0] += look.default_bonus * worlds
        order = sorted(range(len(candidates)), key=lambda i: (-totals[i], i))
        return [(candidates[i], round(margins[i] / max(1, worlds), 2)) for i in order]

    def playout(self, variant: Any, model: BoardModel, s: Any, me: int, rng: Rng
                ) -> tuple[float, int]:
        policy = self.policy
        steps = 0
        while not variant.is_over(s) and steps < 400:
            legal = variant.legal_actions(s)
            if len(legal) == 1:
                act = legal[0]
            else:
                act = policy.decide(situation_from_state(s, model, s.current), legal, rng)
            variant.apply(s, act)
            steps += 1
        scores = variant.scores(s)
        mine = scores[me]["total"]
        rival = max(sc["total"] for sc in scores if sc["seat"] != me)
        margin = mine - rival
        return margin + _win_bonus(margin), steps


def _win_bonus(margin: float) -> float:
    """The playouts' extra value of a win (and cost of a loss) on top of the score margin."""
    return WIN_BONUS if margin > 0 else -WIN_BONUS if margin < 0 else 0.0
