"""A game: settings + seed + actions, with legality checks, views, scores, a log and a record."""

from __future__ import annotations

from typing import Any

from .actions import Action
from .boundary import copy_json, excerpt, is_int
from .errors import EngineError, IllegalActionError, InvalidActionError, RecordError, SettingsError
from .events import Event, redact
from .games import Settings, Variant, get_variant
from .mechanics.stats import play_stats
from .notation import parse_action

RECORD_FORMAT = "railtrip-record"
RECORD_VERSION = 1
MAX_ACTIONS = 20000  # a record longer than any real game is refused
MAX_SEED_CHARS = 200  # a text seed is a phrase, not a file


def check_seed(seed: object) -> None:
    """Refuse a seed that no record carries (SettingsError): an integer of at most 64 bits (a
    negative one counts modulo 2^64) or a short text."""
    if not ((is_int(seed) and abs(seed) < 2**64) or (isinstance(seed, str) and len(seed) <= MAX_SEED_CHARS)):
        raise SettingsError(
            f"the seed must be an integer below 2^64 or a text of at most {MAX_SEED_CHARS} characters"
        )


class Game:
    """One game. ``legal_actions()`` is the only source of what is legal; ``apply`` checks it.

    >>> g = Game.new("usa", players=2, seed=7)
    >>> g.current_player, g.phase
    (0, 'setup_tickets')
    >>> g.apply(g.legal_actions()[0]).current_player
    1
    """

    __slots__ = ("_legal", "_seen_log", "actions", "log", "revealed", "settings", "state", "variant")

    def __init__(
        self,
        variant: Variant[Any],
        settings: Settings,
        state: Any,
        actions: list[Action] | None = None,
        log: list[Event] | None = None,
        revealed: list[bool] | None = None,
    ) -> None:
        self.variant = variant
        self.settings = settings
        self.state = state
        self.actions: list[Action] = actions if actions is not None else []
        self.log: list[Event] = log if log is not None else []
        # Per action: did it show anyone hidden information (a card drawn blind, tickets, ...)?
        self.revealed: list[bool] = revealed if revealed is not None else []
        self._legal: list[Action] | None = None
        # Per seat (None: a spectator): the log as that seat sees it, copied once per event.
        # The log only grows, so a view copies only the events that are new since the last.
        self._seen_log: dict[int | None, list[Event]] = {}

    @classmethod
    def new(
        cls,
        variant: str = "usa",
        players: int = 2,
        seed: int | str = 0,
        start_player: int = 0,
        options: dict[str, Any] | None = None,
        setup: dict[str, Any] | None = None,
    ) -> Game:
        """Start a game from a seed (or an explicit ``setup`` of deck orders)."""
        v = get_variant(variant)
        check_seed(seed)
        if options is not None and not isinstance(options, dict):
            raise SettingsError("the options must be an object (name: value)")
        settings = Settings(v.name, players, seed, start_player, dict(options or {}), setup)
        state = v.new_state(settings)
        if setup is not None:
            v.check_setup(state)
        return cls(v, settings, state)

    # ------------------------------------------------------------------ queries
    @property
    def current_player(self) -> int:
        return self.variant.current_player(self.state)

    @property
    def phase(self) -> str:
        return self.variant.phase(self.state)

    @property
    def is_over(self) -> bool:
        return self.variant.is_over(self.state)

    def legal_actions(self) -> list[Action]:
        """Legal actions of the player to move, in a deterministic sorted order."""
        if self._legal is None:
            self._legal = self.variant.legal_actions(self.state)
        return self._legal

    def check_seat(self, player: object, spectator: bool = True) -> None:
        """Refuse a seat that is not at this table (EngineError); None is a spectator, where
        ``spectator`` allows one."""
        if player is None and spectator:
            return
        if not is_int(player) or not 0 <= player < self.settings.players:
            raise EngineError(f"there is no seat {excerpt(player)} in this game")

    def view(self, player: int | None, log: bool = True, log_from: int = 0) -> dict[str, Any]:
        """What ``player`` may know (None: a spectator), plus the log as that player sees it
        (from event ``log_from`` on: the events a page already has are not sent again).

        Editing a view never changes the game: the game's view builds new lists and dicts on
        every call (tests/test_boundary.py holds it to that, so no second copy is made here). Its
        log events are copied once per seat and shared by that seat's later views (a bot reading
        the log every turn costs only the new events), so treat them as read-only."""
        self.check_seat(player)
        view: dict[str, Any] = self.variant.view(self.state, player)
        if log:
            seen = self._seen_log.setdefault(player, [])
            seen.extend(copy_json(redact(ev, player)) for ev in self.log[len(seen) :])
            view["log"] = seen[log_from:]
        return view

    def event(self, index: int, player: int | None) -> dict[str, Any]:
        """Log event ``index`` (negative: from the end) as ``player`` may see it (a copy)."""
        self.check_seat(player)
        if not is_int(index) or not -len(self.log) <= index < len(self.log):
            raise EngineError(
                f"there is no event {excerpt(index)} in this game's log ({len(self.log)} events)"
            )
        copied: dict[str, Any] = copy_json(redact(self.log[index], player))
        return copied

    def scores(self) -> list[dict[str, Any]]:
        return self.variant.scores(self.state)

    def stats(self) -> list[dict[str, Any]]:
        """Per-player statistics of the game so far (``mechanics.stats.play_stats``): routes and
        their lengths, cards face up / blind, ticket draws, points by source. Points include
        hidden tickets, so the page asks for them only once the game is over."""
        return play_stats(self.log, self.scores(), self.variant.point_sources)

    # ------------------------------------------------------------------ changing
    def parse(self, action: Action | str) -> Action:
        if isinstance(action, str):
            return parse_action(action)
        if not isinstance(action, Action):
            raise InvalidActionError(
                f"an action is an Action or its text (e.g. 'draw'), not {type(action).__name__}"
            )
        return action

    def apply(self, action: Action | str) -> Game:
        """Apply a legal action (an Action or its text); raises IllegalActionError with the reason."""
        act = self.parse(action)
        if self.is_over:
            raise IllegalActionError(f"cannot play {act.text()!r}: the game is over")
        legal = self.legal_actions()
        if act not in legal:
            raise IllegalActionError(
                f"cannot play {act.text()!r}: {self.variant.why_illegal(self.state, act)}"
            )
        # Use the canonical legal object (it carries precomputed details).
        act = legal[legal.index(act)]
        hidden = self.variant.hidden_marker(self.state)
        event = self.variant.apply(self.state, act)
        event["action"] = act.text()
        self.revealed.append(self.variant.reveals(hidden, self.state))
        self._legal = None
        self.actions.append(act)
        self.log.append(event)
        return self

    def clone(self) -> Game:
        """An independent copy (the legal-action list is shared: actions are immutable)."""
        other = Game(
            self.variant,
            self.settings,
            self.state.clone(),
            list(self.actions),
            list(self.log),
            list(self.revealed),
        )
        other._legal = self._legal
        return other

    # ------------------------------------------------------------------ undo
    def undo_point(self, player: int) -> int | None:
        """How many actions stay if ``player`` takes back their last action (with everything
        played after it), or None when that is not allowed: the game is over, or an action since
        (theirs included) revealed hidden information — a blind draw, a ticket draw, a refill of
        the market, secret choices made public — or ``player`` has not acted yet."""
        if self.is_over:
            return None
        for i in range(len(self.actions) - 1, -1, -1):
            if self.revealed[i]:
                return None
            if self.log[i].get("player") == player:
                return i
        return None

    def can_undo(self, player: int) -> bool:
        return self.undo_point(player) is not None

    def undo(self, player: int) -> Game:
        """A new game: this one replayed without ``player``'s last action and what followed it.
        The record keeps only what was played; the deal is the same (same seed and setup)."""
        keep = self.undo_point(player)
        if keep is None:
            raise IllegalActionError(
                "nothing to take back: the game is over, nothing of yours is left "
                "to undo, or something hidden has been revealed since"
            )
        # The replay of the record's first ``keep`` actions (record.replay), without the text round trip.
        other = Game(self.variant, self.settings, self.variant.new_state(self.settings))
        for act in self.actions[:keep]:
            other.apply(act)
        return other

    # ------------------------------------------------------------------ records
    def record(self, meta: dict[str, Any] | None = None) -> dict[str, Any]:
        """The versioned record (settings + seed + actions) that replays this game exactly."""
        rec: dict[str, Any] = {
            "format": RECORD_FORMAT,
            "version": RECORD_VERSION,
            "rules": f"{self.variant.name}/{self.variant.rules_version}",
            **self.settings.to_json(),
            "actions": [a.text() for a in self.actions],
        }
        if meta is not None and not isinstance(meta, dict):
            raise RecordError(f"a record's meta is an object (name: value), not {type(meta).__name__}")
        if meta:
            rec["meta"] = meta
        return rec


__all__ = ["RECORD_FORMAT", "RECORD_VERSION", "Game", "IllegalActionError", "InvalidActionError"]
