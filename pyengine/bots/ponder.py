"""Thinking ahead on a person's setup turn, so the bots after them answer at once.

At the start of a game each player keeps tickets (and in Rails & Sails picks a piece mix), and
``hard`` spends its largest budget there: three ``hard`` bots after a person made them wait 6-7 s
in the browser. Yet what the person chooses shows the next bots very little -- in the ticket keep
only how many tickets they kept -- so the bots' next decisions can be worked out while the person
is still choosing: for each view the next bot may see, its whole decision, then the next bot's.

An answer is stored under everything the bot's choice depends on: the bot, the seat, the move
number (the bot's generator derives from it and the game seed) and the seat's whole view. A stored
answer is therefore exactly the move the bot would make there, and it is used only where all of
these match. Pondered decisions run without the browser's clock cap: where the cap would cut a
search short on a slow device, the pondered move is the full search's.

The work is done in slices (``Bot.thinking``: a searching bot yields after each sampled world),
so the page can ask for a fraction of a second at a time and a person's click waits at most one
slice.

Several engines can share the work (the page's helper workers, each with a copy of the game
loaded from its record): an answer is known by its decision's id (a digest of its key), so
answers pass between engines as ``{id, ply, action}`` (``export`` / ``learn``). A helper works
``ahead``: it guesses the moves of the first bots after the person (``Bot.guess``: a searching
bot's prior) and works on the decisions after them, which the first bots' real moves usually
lead to; ``skip`` names decisions another engine is working on, and ``taken`` those the page's
engine has taken up itself (a helper that started one drops it: the page's engine does not wait).
"""

from __future__ import annotations

import hashlib
import json
import re
import time
from dataclasses import dataclass, field
from typing import Any

from ..actions import Action
from ..errors import EngineError, InvalidActionError
from ..game import Game
from ..notation import parse_action
from . import bot_action, bot_rng, playing_bot, seat_view
from .base import Thinking, drive, time_limit

# Pondered only while the person's options show the next bot at most this many different views
# (a ticket keep shows how many tickets were kept; a piece mix or a card draw shows more).
MAX_SCENARIOS = 4
MAX_LEARNED = 64  # answers taken in one ``learn`` (a setup round has a few per bot)
MAX_ANSWERS = 256  # answers one game's ponder holds at a time (learned ones included)
_DECISION_ID = re.compile(r"[0-9a-f]{32}")


@dataclass
class _Job:
    """One bot decision being worked out: its key, the real game's ply when it was planned, the
    decision's own ply (after the person's move and the bots' before it), the work, and the
    scenario it belongs to (the key of the first bot's decision after the person's choice)."""

    key: str  # the decision's id
    origin: int
    ply: int
    work: Thinking[Action]
    scenario: str
    guessed: dict[str, Action] = field(default_factory=dict)  # the guesses on its way: id -> move
    root: Game | None = None  # the position after the person's choice
    path: list[tuple[str, Action]] = field(default_factory=list)  # the bots' moves from there on
    name: str = ""  # the bot whose decision it is


@dataclass
class Ponder:
    """One game's pondered bot decisions (kept by the API with the game)."""

    answers: dict[str, tuple[int, Action]] = field(default_factory=dict)  # decision id -> (ply, move)
    guesses: dict[str, tuple[int, Action]] = field(default_factory=dict)  # ... the bots' guessed moves
    job: _Job | None = None
    likely: Action | None = None  # the person's choice as last told
    slices: int = 0  # slices of work done (how finely a decision was cut: tests)

    @property
    def working(self) -> str | None:
        """The id of the decision being worked on, if any."""
        return None if self.job is None else self.job.key

    def step(
        self,
        game: Game,
        bots: dict[int, str],
        seconds: float,
        likely: Action | None = None,
        ahead: int = 0,
        skip: frozenset[str] = frozenset(),
        taken: frozenset[str] = frozenset(),
    ) -> bool:
        """Work for about ``seconds`` (at least one slice) on the decisions the bots in ``bots``
        (seat -> bot name) will face after the person to move; False once nothing is left.
        ``likely``: the person's choice as it stands (what they have ticked so far), whose bots
        are worked out first. ``ahead``: the first this many bots after the person are left to
        others (their moves guessed where not known); ``skip``: the ids of decisions others are
        working on (guessed too); ``taken``: the ids of decisions an engine that goes first has taken
        up (guessed, and dropped if being worked on here: the work would be done twice)."""
        deadline = time.perf_counter() + max(0.0, seconds)
        ply = len(game.actions)
        self._forget_before(ply)
        if self.job is not None and self.job.origin != ply:
            self.job = None  # planned for a position the game has left
        if self.job is not None and self.job.key in taken:
            self.job = None  # the page's engine thinks this one itself: leave it to it
        skip = skip | taken
        if likely is not None and likely != self.likely:
            self.likely = likely
            if self.job is not None and self.job.scenario != _scenario(game, bots, likely):
                self.job = None  # the person has turned to another choice: its bots come first
        while True:
            if self.job is None:
                self.job = self._next_job(game, bots, likely, ahead, skip)
                if self.job is None:
                    return False
            try:
                next(self.job.work)
            except StopIteration as done:
                action: Action = done.value
                self.answers[self.job.key] = (self.job.ply, action)
                self.job = None
            self.slices += 1
            if time.perf_counter() >= deadline:
                return True

    def finish(self, game: Game, name: str, seconds: float | None = None) -> Action | None:
        """Bot ``name``'s move for the player to move, finishing the decision being worked on if
        it is exactly this one (else that work is dropped: None). The rest runs under the clock cap
        ``seconds``, as the bot's own search would: the worlds pondered so far count."""
        job = self.job
        self.job = None
        if job is None or job.ply != len(game.actions) or job.key != decision_id(game, name):
            return None
        with time_limit(seconds):
            action = drive(job.work)
        self.answers[job.key] = (job.ply, action)
        return action if action in game.legal_actions() else None

    def cancel(self) -> None:
        """Drop the decision being worked on (another decision is about to use the same bot
        objects, whose searches keep per-decision state); finished answers stay."""
        self.job = None

    def answer(self, game: Game, name: str) -> Action | None:
        """The pondered move of bot ``name`` for the player to move, if it was worked out for
        exactly this position and view."""
        self._forget_before(len(game.actions))
        if not self.answers or game.is_over:
            return None
        hit = self.answers.get(decision_id(game, name))
        if hit is None or hit[1] not in game.legal_actions():
            return None
        return hit[1]

    def export(self) -> list[dict[str, Any]]:
        """The answers worked out so far, for another engine's ``learn``."""
        return [{"id": k, "ply": ply, "action": a.text()} for k, (ply, a) in self.answers.items()]

    def learn(self, game: Game, answers: Any) -> int:
        """Take answers another engine worked out for a copy of ``game`` (``export``'s list; the
        made moves of its bots count as well). An answer is used only where its decision's id
        matches, and only if legal there, so a stale or wrong one is never played. Returns how
        many were new."""
        if not isinstance(answers, list) or len(answers) > MAX_LEARNED:
            raise EngineError(f"answers must be a list of at most {MAX_LEARNED} {{id, ply, action}} objects")
        ply = len(game.actions)
        learned: dict[str, tuple[int, Action]] = {}
        for item in answers:
            if not isinstance(item, dict) or set(item) != {"id", "ply", "action"}:
                raise EngineError("each answer must be an object with exactly id, ply and action")
            key, at, text = item["id"], item["ply"], item["action"]
            if not isinstance(key, str) or not _DECISION_ID.fullmatch(key):
                raise EngineError("an answer's id must be a decision id (32 hex digits)")
            if type(at) is not int or not 0 <= at < 100_000:
                raise EngineError("an answer's ply must be a move number")
            try:
                action = parse_action(text)
            except InvalidActionError as exc:
                raise EngineError(f"an answer's action is not a move: {exc}") from None
            if at >= ply:
                learned[key] = (at, action)
        new = sum(1 for k in learned if k not in self.answers)
        if len(self.answers) + new > MAX_ANSWERS:
            raise EngineError(f"a game holds at most {MAX_ANSWERS} pondered answers; these are not taken")
        self.answers.update(learned)
        job = self.job
        wrong = job is not None and any(k in learned and learned[k][1] != a for k, a in job.guessed.items())
        if job is not None and wrong and not self._still_ahead(job):
            self.job = None  # a guess on its way was wrong: the decision will not come
        return new

    def _still_ahead(self, job: _Job) -> bool:
        """Whether the bots' moves known now still lead to ``job``'s decision (a wrong guess may
        show the next bots the same: another keep of as many tickets)."""
        if job.root is None:
            return False
        game = job.root.clone()
        for key, move in job.path:
            known = self.answers.get(key) if key else None
            if known is not None:
                move = known[1]
            if move not in game.legal_actions():
                return False
            game.apply(move)
        return not game.is_over and decision_id(game, job.name) == job.key

    def _forget_before(self, ply: int) -> None:
        """Drop the answers (and guesses) for decisions the game has passed."""
        for table in (self.answers, self.guesses):
            for key in [k for k, (at, _) in table.items() if at < ply]:
                del table[key]

    def _guess(self, game: Game, name: str, key: str) -> Action:
        """A bot's likely move where it is not known yet (``Bot.guess``), remembered."""
        hit = self.guesses.get(key)
        if hit is None:
            bot = playing_bot(game, name)
            move = bot.guess(
                seat_view(game, bot), game.legal_actions(), bot_rng(game), game.variant.board_view()
            )
            hit = self.guesses[key] = (len(game.actions), move)
        return hit[1]

    def _next_job(
        self,
        game: Game,
        bots: dict[int, str],
        likely: Action | None,
        ahead: int = 0,
        skip: frozenset[str] = frozenset(),
    ) -> _Job | None:
        """The next bot decision to work out after the person's setup choice: every bot after the
        likely choice first (the person's as it stands, else what ``normal`` would choose), then
        the other choices' bots, the earliest first. Decisions ``skip`` names, and those of the
        first ``ahead`` bots, are passed over with a guessed move."""
        if game.is_over or game.current_player in bots or not game.phase.startswith("setup_"):
            return None
        legal = game.legal_actions()
        if likely not in legal:
            likely = bot_action(game, "normal") if len(legal) > 1 else legal[0]
        starts: dict[str, Game] = {}
        for option in [likely, *(a for a in legal if a != likely)]:
            after = game.clone().apply(option)
            key = _scenario(game, bots, option, after)
            if key and key not in starts:
                if len(starts) == MAX_SCENARIOS:
                    return None
                starts[key] = after
        # Follow the bots that set up after the person, each with its answer once known.
        best: tuple[int, _Job] | None = None
        for rank, (scenario, after) in enumerate(starts.items()):
            depth = 0
            guessed: dict[str, Action] = {}
            root = after.clone()
            path: list[tuple[str, Action]] = []
            while not after.is_over and after.current_player in bots and after.phase.startswith("setup_"):
                name = bots[after.current_player]
                options = after.legal_actions()
                key = decision_id(after, name) if len(options) > 1 else ""
                known = self.answers.get(key) if key else (len(after.actions), options[0])
                if known is None and (depth < ahead or key in skip):
                    known = (len(after.actions), self._guess(after, name, key))
                    guessed[key] = known[1]
                if known is None:
                    order = -1 if rank == 0 else depth  # the likely choice's bots before all others
                    if best is None or order < best[0]:
                        bot = playing_bot(after, name)
                        view = seat_view(after, bot)
                        work = bot.thinking(view, list(options), bot_rng(after), after.variant.board_view())
                        job = _Job(
                            key,
                            len(game.actions),
                            len(after.actions),
                            work,
                            scenario,
                            guessed,
                            root,
                            path,
                            name,
                        )
                        best = (order, job)
                    break
                path.append((key, known[1]))
                after.apply(known[1])
                depth += 1
        return None if best is None else best[1]


def _scenario(game: Game, bots: dict[int, str], option: Action, after: Game | None = None) -> str:
    """What the first bot after the person sees of the person's ``option``: the key of its
    decision ("" when a person or the end comes next). Choices with one scenario look alike to
    every bot after them."""
    if after is None:
        after = game.clone().apply(option)
    if after.is_over or after.current_player not in bots:
        return ""
    return decision_id(after, bots[after.current_player])


def decision_id(game: Game, name: str) -> str:
    """The id of bot ``name``'s decision in ``game``: a digest of what the decision depends on --
    the bot, the seat, the game's seed and move number (its generator's) and the seat's view."""
    bot = playing_bot(game, name)
    view: dict[str, Any] = seat_view(game, bot)
    key = json.dumps(
        [bot.name, game.current_player, str(game.settings.seed), len(game.actions), view], sort_keys=True
    )
    return hashlib.sha256(key.encode()).hexdigest()[:32]


__all__ = ["MAX_ANSWERS", "MAX_LEARNED", "MAX_SCENARIOS", "Ponder", "decision_id"]
