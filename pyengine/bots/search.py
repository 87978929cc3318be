"""One information-set search for every game: the ``hard`` level of classic, Rails & Sails and the
card game (issue 16).

A bot sees only its view, so the search never looks at the real game: per decision it samples
complete worlds consistent with the view (the game's ``sample_state``, dealt with the bot's own
rng), applies each candidate move in each world and plays the world on with a fast policy for
every seat until the game ends or a cut-off, where a per-game evaluation estimates each seat's
final score. Every candidate sees the same worlds and the same playout seeds (common random
numbers), so the difference between two candidates is measured on paired games. The candidates
come from a per-game prior (the game's planner: its own move first, then its next best); an
alternative replaces the prior's move only by a clear paired gain (``prior_bonus`` points of mean
margin and, with ``min_z``, that many standard errors).

Everything a game knows lives in its ``SearchDomain`` (``bots/<game>/hard.py``): which decisions
to search with which candidates and parameters, how to sample a world, the playout policy and
the evaluation. This module is game-free.

Budget: a fixed number of simulated moves per decision (``step_budget``: worlds are added until
it is spent, between ``min_worlds`` and ``worlds``), never the clock, so a decision is the same
on every machine and tournaments replay exactly. The browser's wall-clock cap
(``base.time_limit``) stops adding worlds once it has passed (after at least one world; if it
passed before any, the prior's move is played).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Generic, Protocol, TypeVar

from ..actions import Action
from ..games.base import Variant
from ..mechanics.state import TableState
from ..rng import Rng
from .base import Bot, Comparison, Thinking, drive, time_up

State = TypeVar("State")
StateIn = TypeVar("StateIn", contravariant=True)


@dataclass(frozen=True)
class SearchParams:
    """The search's knobs for one kind of decision (the tuner fits these by name)."""

    candidates: int = 3  # the prior's best moves searched (its own move first)
    worlds: int = 6  # sampled worlds per decision, at most ...
    min_worlds: int = 3  # ... and at least (unless the clock cap stops it)
    step_budget: int = 480  # playout moves per decision: worlds are added until it is spent
    step_cap: int = 0  # no world is started once this many moves are spent (0: no cap)
    playout_steps: int = 400  # moves per playout at most, then the evaluation
    # Each playout gets at most step_budget // (candidates x min_worlds) moves, so a decision's
    # cost is fixed by the budget (short cut-off playouts, many worlds).
    split_budget: bool = False
    prior_bonus: float = 1.0  # an alternative must beat the prior's move by this mean margin ...
    min_z: float = 0.0  # ... and by this many standard errors of the paired gain (0: no test)
    win_bonus: float = 25.0  # a won playout is worth this many points of margin more

    def horizon(self, ncands: int) -> int:
        """Moves a playout may make after the candidate before it is evaluated."""
        if not self.split_budget:
            return self.playout_steps
        return max(1, min(self.playout_steps, self.step_budget // max(1, ncands * self.min_worlds)))


@dataclass
class Decision:
    """What the prior proposes at one decision: candidates (its own move first) and the
    parameters to search them with. One candidate: nothing to search."""

    candidates: list[Action]
    params: SearchParams


@dataclass(frozen=True)
class Outcome:
    """A playout's result for the searching seat: ``value`` is what the search maximises (the
    margin plus the win bonus, or the game's own objective); ``margin`` is the estimated final
    score minus the best opponent's, in points (what ``rank`` reports)."""

    value: float
    margin: float


class Rollout(Protocol[StateIn]):
    """The playout policy of one playout (it may cache plans between its moves)."""

    def act(self, state: StateIn, rng: Rng) -> Action | None:
        """The move of the seat to play, or None: stop here and evaluate (a cut-off)."""


class SearchDomain(Protocol[State]):
    """A game's knowledge for the search: prior, sampling, playout policy, evaluation."""

    def decision(
        self, view: dict[str, Any], legal: Sequence[Action], rng: Rng, board: dict[str, Any], ranking: bool
    ) -> Decision:
        """The prior's candidates at this decision (``ranking``: the wider set ``rank`` values)."""

    def sample(self, view: dict[str, Any], rng: Rng) -> State:
        """A complete world consistent with ``view`` (the game's ``sample_state``)."""

    def apply(self, state: State, action: Action) -> None: ...

    def clone(self, state: State) -> State: ...

    def is_over(self, state: State) -> bool: ...

    def rollout(self, state: State, me: int, params: SearchParams) -> Rollout[State]:
        """A fresh playout policy for one playout from ``state`` (the candidate applied)."""

    def outcome(self, state: State, me: int, params: SearchParams) -> Outcome:
        """The evaluation of a finished or cut-off playout for seat ``me``."""


Clonable = TypeVar("Clonable", bound=TableState)


class VariantDomain(Generic[Clonable]):
    """The state plumbing every game's domain shares: its variant applies moves and says when a
    game is over; states copy themselves."""

    variant: Variant[Clonable]

    def apply(self, state: Clonable, action: Action) -> None:
        self.variant.apply(state, action)

    def clone(self, state: Clonable) -> Clonable:
        return state.clone()

    def is_over(self, state: Clonable) -> bool:
        return self.variant.is_over(state)


def margin_outcome(totals: Sequence[float], me: int, win_bonus: float) -> Outcome:
    """The usual objective: the margin over the best other seat, plus ``win_bonus`` for a lead
    (minus it for a deficit)."""
    mine = totals[me]
    margin = mine - max(t for p, t in enumerate(totals) if p != me)
    bonus = win_bonus if margin > 0 else -win_bonus if margin < 0 else 0.0
    return Outcome(margin + bonus, margin)


@dataclass
class SearchResult:
    """Per candidate, the values and margins of its playouts (one per world, same worlds)."""

    candidates: list[Action]
    values: list[list[float]] = field(default_factory=list)
    margins: list[list[float]] = field(default_factory=list)
    worlds: int = 0
    steps: int = 0


def paired_gain(first: Sequence[float], second: Sequence[float]) -> Comparison:
    """The mean paired gain of ``first`` over ``second`` (one value per world) and its standard
    error (0 with fewer than two worlds)."""
    d = [a - b for a, b in zip(first, second)]
    n = len(d)
    if n == 0:
        return Comparison(0.0, 0.0, 0)
    mean = sum(d) / n
    se = (sum((x - mean) ** 2 for x in d) / (n - 1) / n) ** 0.5 if n > 1 else 0.0
    return Comparison(mean, se, n)


def paired_choice(values: Sequence[Sequence[float]], bonus: float, min_z: float) -> int:
    """The index of the chosen candidate: 0 (the prior's move) unless an alternative's mean
    paired gain over it exceeds ``bonus`` and, with ``min_z`` > 0, ``min_z`` standard errors;
    among those the largest gain (ties: the earlier candidate)."""
    n = len(values[0]) if values else 0
    if n == 0:
        return 0
    best, best_gain = 0, 0.0
    for i in range(1, len(values)):
        d = [a - b for a, b in zip(values[i], values[0])]
        mean = sum(d) / n
        if mean <= bonus or mean <= best_gain:
            continue
        if min_z > 0 and n > 1:
            var = sum((x - mean) ** 2 for x in d) / (n - 1)
            if mean <= min_z * (var / n) ** 0.5:
                continue
        best, best_gain = i, mean
    return best


class InformationSetSearch(Generic[State]):
    """Determinised search over sampled worlds with paired playouts (module docstring)."""

    def __init__(self, domain: SearchDomain[State]) -> None:
        self.domain = domain

    def run(self, view: dict[str, Any], decision: Decision, rng: Rng) -> SearchResult:
        """Play every candidate in the same sampled worlds until the budget is spent."""
        return drive(self.worlds(view, decision, rng))

    def worlds(self, view: dict[str, Any], decision: Decision, rng: Rng) -> Thinking[SearchResult]:
        """``run`` one sampled world at a time: yields after each world, returns the result. A
        caller may pause between worlds (pondering on a person's turn, ``bots/ponder.py``); the
        worlds and the result are the same as in one go."""
        dom = self.domain
        pr = decision.params
        cands = decision.candidates
        me = int(view["you"])
        horizon = pr.horizon(len(cands))
        res = SearchResult(cands, [[] for _ in cands], [[] for _ in cands])
        while (
            res.worlds < pr.worlds
            and (pr.step_cap <= 0 or res.steps < pr.step_cap)
            and (res.worlds < pr.min_worlds or res.steps < pr.step_budget)
        ):
            if res.worlds and time_up():  # the browser's wall-clock cap (slow devices)
                break
            world = dom.sample(view, rng)
            seed = rng.next64()
            for i, cand in enumerate(cands):
                s = dom.clone(world)
                dom.apply(s, cand)
                steps = self.playout(s, me, pr, horizon, Rng(seed))
                out = dom.outcome(s, me, pr)
                res.values[i].append(out.value)
                res.margins[i].append(out.margin)
                res.steps += steps
            res.worlds += 1
            yield
        return res

    def playout(self, s: State, me: int, pr: SearchParams, horizon: int, rng: Rng) -> int:
        """Play ``s`` on with the domain's policy; returns the moves made."""
        dom = self.domain
        policy = dom.rollout(s, me, pr)
        steps = 0
        while steps < horizon and not dom.is_over(s):
            act = policy.act(s, rng)
            if act is None:
                break
            dom.apply(s, act)
            steps += 1
        return steps


class SearchBot(Bot):
    """The ``hard`` level of every game: the domain's prior, checked by the shared search."""

    def __init__(
        self,
        name: str,
        description: str,
        domain: SearchDomain[Any],
        variants: tuple[str, ...],
        wants_log: bool = False,
    ) -> None:
        self.name = name
        self.description = description
        self.domain = domain
        self.variants = variants
        self.wants_log = wants_log
        self.search = InformationSetSearch(domain)
        self.last: SearchResult | None = None  # the last decision's search (tests, statistics)

    def thinking(
        self, view: dict[str, Any], legal: Sequence[Action], rng: Rng, board: dict[str, Any]
    ) -> Thinking[Action]:
        """``choose`` a sampled world at a time (``Bot.thinking``)."""
        if len(legal) == 1:
            return legal[0]
        self.last = None
        decision = self.domain.decision(view, legal, rng, board, False)
        if len(decision.candidates) <= 1 or time_up():
            return decision.candidates[0]
        res = yield from self.search.worlds(view, decision, rng)
        self.last = res
        return res.candidates[paired_choice(res.values, decision.params.prior_bonus, decision.params.min_z)]

    def guess(self, view: dict[str, Any], legal: Sequence[Action], rng: Rng, board: dict[str, Any]) -> Action:
        """The prior's move: what the search keeps unless an alternative beats it."""
        if len(legal) == 1:
            return legal[0]
        return self.domain.decision(view, legal, rng, board, False).candidates[0]

    def rank(
        self, view: dict[str, Any], legal: Sequence[Action], rng: Rng, board: dict[str, Any]
    ) -> list[tuple[Action, float]]:
        """The candidates, best first, each with its mean estimated final margin in points.
        First is the move ``choose`` would play: its own candidates judged by its own rule on
        these worlds (the prior's move where ``choose`` does not search); then the rest, wider
        candidates included, by mean value. A wider candidate never goes first: picking the best
        of many noisy estimates at every turn grabs claims that look good once and starves the
        plan (a seat that followed such a first move scored 19 and 56 where ``hard`` scored 104
        and 106, classic 4 players)."""
        self.last = None
        # The same generator state for both: the prior's move is the same in each.
        own = self.domain.decision(view, legal, rng.copy(), board, False)
        wide = self.domain.decision(view, legal, rng, board, True)
        decision = Decision(
            wide.candidates + [c for c in own.candidates if c not in wide.candidates], wide.params
        )
        if len(legal) == 1 or time_up():
            return [(own.candidates[0], 0.0)]
        res = self.last = self.search.run(view, decision, rng)
        if not res.worlds:
            return [(own.candidates[0], 0.0)]
        mine = [decision.candidates.index(c) for c in own.candidates]
        first = mine[paired_choice([res.values[i] for i in mine], own.params.prior_bonus, own.params.min_z)]
        mean_value = [sum(v) / len(v) for v in res.values]
        mean_margin = [sum(m) / len(m) for m in res.margins]
        order = sorted(range(len(res.candidates)), key=lambda i: (i != first, -mean_value[i], i))
        return [(res.candidates[i], round(mean_margin[i], 1)) for i in order]

    def compare(
        self,
        view: dict[str, Any],
        legal: Sequence[Action],
        rng: Rng,
        board: dict[str, Any],
        moves: tuple[Action, Action],
        worlds: int,
    ) -> Comparison | None:
        """How much better the first of ``moves`` does than the second, played in ``worlds`` fresh
        sampled worlds as ``rank`` plays its candidates (same playouts, evaluation and horizon).
        ``rank``'s own margins overstate the gap of its winner: it is the best of several noisy
        estimates on the same few worlds. Fresh worlds give an unbiased gain, with its error.
        None when the clock cap has passed."""
        if time_up():
            return None
        decision = self.domain.decision(view, legal, rng, board, True)
        horizon = decision.params.horizon(len(decision.candidates))
        params = replace(
            decision.params,
            worlds=worlds,
            min_worlds=worlds,
            step_cap=0,
            step_budget=horizon * len(moves) * worlds,
        )
        res = self.search.run(view, Decision(list(moves), params), rng)
        if not res.worlds:
            return None
        return paired_gain(res.margins[0], res.margins[1])


__all__ = [
    "Decision",
    "InformationSetSearch",
    "Outcome",
    "Rollout",
    "SearchBot",
    "SearchDomain",
    "SearchParams",
    "SearchResult",
    "VariantDomain",
    "margin_outcome",
    "paired_choice",
    "paired_gain",
]
