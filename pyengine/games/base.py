"""The contract every game variant fulfils, and the settings that start one game."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

from ..actions import Action
from ..boundary import excerpt, is_int, read_only
from ..errors import SettingsError
from ..events import Event
from ..mechanics.state import TableState
from ..rng import Rng


@dataclass(frozen=True)
class Settings:
    """Everything that, with the actions, defines a game: variant, seats, seed, options, setup."""

    variant: str
    players: int
    seed: int | str = 0
    start_player: int = 0
    options: dict[str, Any] = field(default_factory=dict)
    setup: dict[str, Any] | None = None  # explicit deck orders instead of shuffling (tests, puzzles)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"variant": self.variant, "players": self.players, "seed": self.seed}
        if self.start_player:
            out["start_player"] = self.start_player
        if self.options:
            out["options"] = dict(self.options)
        if self.setup is not None:
            out["setup"] = self.setup
        return out


S = TypeVar("S", bound=TableState)


class Variant(Generic[S]):
    """Static game definition plus rules. One instance per variant, shared by all its games.

    A variant's state is a plain mutable object; ``apply`` changes it in place. ``legal_actions``
    is the only source of what is legal; ``apply`` trusts its caller (``Game`` checks first).
    """

    name: str = ""
    title: str = ""
    rules_version: int = 1
    min_players: int = 2
    max_players: int = 5
    option_defaults: dict[str, Any] = {}
    option_values: dict[str, tuple[Any, ...]] = {}  # the allowed values of each option
    phase_names: tuple[str, ...] = ()  # the state's phase numbers by name ('main', ...)
    over_phase: int = -1  # the phase number of a finished game
    _board_view: dict[str, Any] | None = None  # board_view, made once

    def options_info(self) -> dict[str, dict[str, Any]]:
        """Each option with its default and allowed values (for ``variants`` and the page)."""
        return {
            key: {"default": default, "values": list(self.option_values.get(key, ()))}
            for key, default in self.option_defaults.items()
        }

    def check_settings(self, settings: Settings) -> None:
        if not is_int(settings.players) or not (self.min_players <= settings.players <= self.max_players):
            raise SettingsError(
                f"{self.title} is for {self.min_players}–{self.max_players} players, "
                f"not {excerpt(settings.players)}"
            )
        if not is_int(settings.start_player) or not (0 <= settings.start_player < settings.players):
            raise SettingsError(
                f"start player must be a seat from 0 to {settings.players - 1}, "
                f"not {excerpt(settings.start_player)}"
            )
        unknown = set(settings.options) - set(self.option_defaults)
        if unknown:
            raise SettingsError(
                f"unknown option(s) for {self.name}: {excerpt(', '.join(sorted(map(str, unknown))))}"
            )

    def seated(self, state: S, settings: Settings) -> S:
        """A new game's state with its table set from checked ``settings``: the seats, the
        start player and the game's own generator (seeded from the settings)."""
        state.players = settings.players
        state.rng = Rng(settings.seed)
        state.start_player = settings.start_player
        return state

    def table_from_view(self, state: S, view: dict[str, Any], rng: Rng | None) -> S:
        """``sample_state``'s first step: the table as ``view`` shows it (the seats, the phase,
        whose turn, the turn count) and a generator of the state's own, drawn from ``rng``
        (None: a fixed one)."""
        state.players = len(view["players"])
        state.phase = self.phase_names.index(view["phase"])
        state.current = int(view["current"])
        state.turn = int(view.get("turn", 0))
        state.rng = Rng.derive(rng.next64() if rng is not None else 0x5A3D)
        return state

    def check_setup(self, state: S) -> None:
        """Refuse a state built from an explicit setup (a record, a link) that no game could
        reach: the same invariants the tests check after every action, as a SettingsError."""
        try:
            self.check_invariants(state)
        except AssertionError as exc:
            reason = str(exc).split(": ")[0] or "no game can reach this position"
            raise SettingsError(f"the setup breaks a rule: {reason}") from exc

    def option(self, settings: Settings, key: str) -> Any:
        return settings.options.get(key, self.option_defaults[key])

    # --- the rules -------------------------------------------------------------------------
    def new_state(self, settings: Settings) -> S:
        raise NotImplementedError

    def legal_actions(self, state: S) -> list[Action]:
        raise NotImplementedError

    def apply(self, state: S, action: Action) -> Event:
        """Apply a legal action once, in place; returns its log event (``pyengine.events``)
        without the ``action`` text, which ``Game.apply`` adds."""
        raise NotImplementedError

    def why_illegal(self, state: S, action: Action) -> str:
        """A sentence saying why ``action`` is not legal now (called only when it is not)."""
        return "it is not one of the legal actions now"

    def route_needs(self, state: S, route: str, seat: int) -> dict[str, Any] | None:
        """What ``seat`` lacks to claim ``route`` (the map games: mechanics.routes.route_needs),
        or None: claimable now, closed whatever the cards, or a game without routes."""
        del state, route, seat  # Unused.
        return None

    def is_over(self, state: S) -> bool:
        return state.phase == self.over_phase

    def current_player(self, state: S) -> int:
        return state.current

    def phase(self, state: S) -> str:
        """The name of the (sub-)phase the game is in, e.g. 'main' or 'keep_tickets'."""
        return self.phase_names[state.phase]

    # --- hidden information (what undo may not take back) ------------------------------------
    def hidden_piles(self, state: S) -> tuple[list[int], ...]:
        """The face-down piles whose order nobody knows (lists whose end is the top)."""
        raise NotImplementedError

    def secret_choices_public(self, state: S) -> bool:
        """Whether choices made in secret (e.g. a piece mix) have been revealed; default: none exist."""
        del state  # Unused.
        return False

    def hidden_marker(self, state: S) -> tuple[Any, ...]:
        """What ``reveals`` compares: copies of the hidden piles, the generator, the secrets' state."""
        return (
            tuple(p[:] for p in self.hidden_piles(state)),
            state.rng.state,
            self.secret_choices_public(state),
        )

    def reveals(self, before: tuple[Any, ...], state: S) -> bool:
        """Whether the action that led from ``before`` (a ``hidden_marker``) to ``state`` showed
        anyone something nobody knew: a card or ticket from the top of a face-down pile, a shuffle,
        or secret choices made public. Cards put *under* a pile (returned tickets) show nothing."""
        piles, rng_state, secrets_public = before
        if state.rng.state != rng_state or self.secret_choices_public(state) != secrets_public:
            return True
        for old, new in zip(piles, self.hidden_piles(state)):
            if len(new) < len(old) or new[len(new) - len(old) :] != old:
                return True
        return False

    # --- what people and bots see ------------------------------------------------------------
    def view(self, state: S, player: int | None) -> dict[str, Any]:
        """Plain JSON-able data with only what ``player`` may know (None: a spectator)."""
        raise NotImplementedError

    def view_head(self, state: S, player: int | None) -> dict[str, Any]:
        """The first fields of every game's view: which game, phase, turn, whose turn, for whom."""
        return {
            "variant": self.name,
            "phase": self.phase(state),
            "turn": state.turn,
            "current": state.current,
            "you": player,
        }

    def sample_state(self, view: dict[str, Any], rng: Rng) -> S:
        """A full state consistent with ``view`` (what one seat knows): the inverse of ``view``,
        hidden parts dealt at random with ``rng``; ``view(sample_state(v), seat) == v``."""
        raise NotImplementedError

    def action_order(self, action: Action) -> tuple[object, ...]:
        """The key ``legal_actions`` lists actions by (ascending). Default: the action's own
        context-free ``sort_key``; a game orders its payments and ticket choices by its indices."""
        return action.sort_key()

    def action_details(self, state: S, action: Action) -> dict[str, Any]:
        """Extra facts about a legal action the page may show before it is chosen (e.g. whom a
        play raids). Only public consequences; default: none."""
        del state, action  # Unused.
        return {}

    def scores(self, state: S) -> list[dict[str, Any]]:
        """Score breakdown per player (final when the game is over)."""
        raise NotImplementedError

    def point_sources(self, score: dict[str, Any]) -> list[tuple[str, int]]:
        """Where a seat's final points came from, ``[(source, points)]`` summing to its total
        (read from its ``scores`` entry; the end-of-game statistics show them)."""
        raise NotImplementedError

    def board_view(self) -> dict[str, Any]:
        """Static data the page draws (map, card names, colors): made once, shared, read-only."""
        if self._board_view is None:
            self._board_view = read_only(self.make_board_view())
        return self._board_view

    def board_view_head(self) -> dict[str, Any]:
        """The first fields of every game's board view: which game, its title."""
        return {"variant": self.name, "title": self.title}

    def make_board_view(self) -> dict[str, Any]:
        """The data ``board_view`` returns (called once)."""
        raise NotImplementedError

    def check_invariants(self, state: S) -> None:
        """Raise AssertionError if the state breaks a conservation law (used by the tests)."""
