"""The bot interface: a bot sees the player's view and the legal actions, never the game state.

``choose(view, legal, rng)`` gets the same view a person in that seat gets (plain data), the
legal actions, the static board of the variant and its own random generator, derived from the
game seed, the seat and the number of actions so far, so bot games replay exactly.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Generator, Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from ..actions import Action, DrawCard, TakeCard
from ..rng import Rng

Model = TypeVar("Model")
Result = TypeVar("Result")
# Work done in slices: a generator that yields (nothing) between units of work and returns its
# result, so a caller can pause it (the page's pondering, ``bots/ponder.py``).
Thinking = Generator[None, None, Result]


def drive(work: Thinking[Result]) -> Result:
    """Run sliced work to its end and return its result."""
    while True:
        try:
            next(work)
        except StopIteration as done:
            return done.value  # type: ignore[no-any-return]


class ModelPerBoard(Generic[Model]):
    """A game's bot model of a board view, built once per board view object: the variant hands
    out one board view, so every decision of a game (and of every game) reuses its model. The
    cache keeps the board alive, so an id is never reused for another board."""

    def __init__(self, make: Callable[[dict[str, Any]], Model]) -> None:
        self._make = make
        self._models: dict[int, tuple[dict[str, Any], Model]] = {}

    def __call__(self, board: dict[str, Any]) -> Model:
        hit = self._models.get(id(board))
        if hit is None or hit[0] is not board:
            hit = self._models[id(board)] = (board, self._make(board))
        return hit[1]


# The wall-clock cap of the decision being made (perf_counter value), or None: no cap.
_DEADLINE: ContextVar[float | None] = ContextVar("railtrip_bot_deadline", default=None)


@contextmanager
def time_limit(seconds: float | None) -> Iterator[None]:
    """Cap the searching bots' thinking at ``seconds`` of wall clock for the calls inside.

    Search bots spend a fixed count of simulated steps (so a decision is the same on every
    machine and tournaments replay exactly); on a slow device that count could take too long, so
    the browser also passes a time limit: a search stops adding sampled worlds once it passes
    (after at least one world), and falls back to its planner's move if none fit. Without a
    limit (the default: CLI, tournaments, tests) nothing reads the clock.
    """
    if seconds is None:
        yield
        return
    token = _DEADLINE.set(time.perf_counter() + max(0.0, float(seconds)))
    try:
        yield
    finally:
        _DEADLINE.reset(token)


def time_up() -> bool:
    """True once the current decision's time limit (if any) has passed."""
    deadline = _DEADLINE.get()
    return deadline is not None and time.perf_counter() >= deadline


@dataclass(frozen=True)
class Comparison:
    """How much better one move did than another on the same fresh worlds: the mean gain of final
    margin in points, its standard error and the worlds played (``SearchBot.compare``)."""

    gain: float
    se: float
    worlds: int


class Bot:
    """Base class. Subclasses implement ``choose``; they must not keep state between calls
    except caches derived from public information (a bot may be reloaded at any point)."""

    name: str = "bot"
    description: str = ""
    variants: tuple[str, ...] = ("usa",)

    def choose(
        self, view: dict[str, Any], legal: Sequence[Action], rng: Rng, board: dict[str, Any]
    ) -> Action:
        return drive(self.thinking(view, legal, rng, board))

    def thinking(
        self, view: dict[str, Any], legal: Sequence[Action], rng: Rng, board: dict[str, Any]
    ) -> Thinking[Action]:
        """``choose`` in slices: yields between units of work and returns the same action, so a
        long decision can be paused and resumed (the searching bots yield after each sampled
        world). Quick bots decide in one slice. A bot implements ``choose`` or this."""
        return self.choose(view, legal, rng, board)
        yield  # A generator: the work above is its one slice.

    def guess(self, view: dict[str, Any], legal: Sequence[Action], rng: Rng, board: dict[str, Any]) -> Action:
        """A quick guess at ``choose``'s move, for working ahead on the decisions that follow it
        before it is known (another engine pondering in parallel, ``bots/ponder.py``). Quick bots
        guess by choosing; a searching bot overrides this with its prior's move."""
        return self.choose(view, legal, rng, board)

    def rank(
        self, view: dict[str, Any], legal: Sequence[Action], rng: Rng, board: dict[str, Any]
    ) -> list[tuple[Action, float]]:
        """Candidate moves, best first, each with its estimated final score margin for the seat
        (points ahead of the best opponent at the end); the Hint button and the end-of-game review
        read it. Bots that weigh their options override this; the default is the chosen move
        alone, valued 0.0 (a ranking that says which move, not by how much)."""
        return [(self.choose(view, legal, rng, board), 0.0)]

    def compare(
        self,
        view: dict[str, Any],
        legal: Sequence[Action],
        rng: Rng,
        board: dict[str, Any],
        moves: tuple[Action, Action],
        worlds: int,
    ) -> Comparison | None:
        """How much better the first of ``moves`` is than the second for the seat, measured afresh
        (the review's cost); None from a bot that does not measure (the default)."""
        return None


class RandomBot(Bot):
    """Plays a uniformly random legal action (the literature's 'Random' baseline)."""

    name = "random"
    description = "Random: any legal move, uniformly."
    variants = ("usa", "world", "cardgame")

    def choose(
        self, view: dict[str, Any], legal: Sequence[Action], rng: Rng, board: dict[str, Any]
    ) -> Action:
        del view, board  # Unused.
        return legal[rng.randbelow(len(legal))]


def blind_card(legal: Sequence[Action]) -> Action:
    """The first blind draw among ``legal``; with the deck empty, the first face-up card; else the
    first legal action (the reference opponents' "draw two blind cards")."""
    for kind in (DrawCard, TakeCard):
        for a in legal:
            if isinstance(a, kind):
                return a
    return legal[0]
