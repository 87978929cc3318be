"""What the games' states share: the fields of a table of card players, and snapshots."""

from __future__ import annotations

from typing import Any, Self

from ..rng import Rng


def freeze(value: Any) -> Any:
    """Nested lists as nested tuples, so a state compares as one value."""
    if isinstance(value, (list, tuple)):
        return tuple(freeze(v) for v in value)
    return value


_SLOTS: dict[type, tuple[str, ...]] = {}


def _all_slots(cls: type) -> tuple[str, ...]:
    """Every ``__slots__`` field of ``cls`` and its bases, sorted by name."""
    if cls not in _SLOTS:
        _SLOTS[cls] = tuple(sorted({k for c in cls.__mro__ for k in c.__dict__.get("__slots__", ())}))
    return _SLOTS[cls]


def snapshot_slots(state: Any) -> tuple[Any, ...]:
    """Every ``__slots__`` field of a state (the generator by its internal state), for replay tests.

    States keep hand-written ``clone`` methods: search bots clone millions of times and a
    generic copy would be several times slower.
    """
    return tuple(
        state.rng.state if k == "rng" else freeze(getattr(state, k)) for k in _all_slots(type(state))
    )


class TableState:
    """The fields every game's state has: seats and turns, hands and the face-up market (card
    indices, -1 an empty slot), tickets kept, offered and left in the pile, the final round's
    countdown and the game's own generator. A game's state adds its own fields and copies them
    in its ``clone`` after ``copy_table_into``."""

    __slots__ = (
        "current",
        "final_turns",
        "hands",
        "market",
        "offered",
        "phase",
        "players",
        "rng",
        "start_player",
        "ticket_deck",
        "tickets",
        "turn",
    )

    def __init__(self, phase: int) -> None:
        self.players = 0
        self.phase = phase
        self.current = 0
        self.turn = 0
        self.start_player = 0
        self.market: list[int] = []
        self.hands: list[list[int]] = []
        self.tickets: list[list[int]] = []
        self.offered: list[list[int]] = []
        self.ticket_deck: list[int] = []
        self.final_turns = -1  # turns left once the final round has been triggered
        self.rng = Rng(0)

    def clone(self) -> Self:
        """A copy that shares nothing mutable (each game's state copies its own fields)."""
        raise NotImplementedError

    def copy_table_into(self, c: TableState) -> None:
        """Copy the shared fields into ``c`` (a new, empty state of the same game)."""
        c.players = self.players
        c.phase = self.phase
        c.current = self.current
        c.turn = self.turn
        c.start_player = self.start_player
        c.market = self.market[:]
        c.hands = [h[:] for h in self.hands]
        c.tickets = [t[:] for t in self.tickets]
        c.offered = [o[:] for o in self.offered]
        c.ticket_deck = self.ticket_deck[:]
        c.final_turns = self.final_turns
        c.rng = self.rng.copy()

    def snapshot(self) -> tuple[Any, ...]:
        """Everything that defines the state, as a comparable value (for replay tests)."""
        return snapshot_slots(self)
