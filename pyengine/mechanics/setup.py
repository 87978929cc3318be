"""Explicit setups (tests, puzzles, shared positions): the checks and placements every game shares.

A setup names the cards and tickets it places; everything else is shuffled underneath, with the
game's own generator, so a setup plus a seed is still one exact game.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from typing import Any

from ..errors import SettingsError
from ..rng import Rng


def setup_fields(setup: Any, allowed: Collection[str]) -> dict[str, Any]:
    """The setup object ({} for none), refused when it is not an object or names unknown fields."""
    if setup is None:
        return {}
    if not isinstance(setup, dict):
        raise SettingsError("an explicit setup must be an object")
    unknown = set(setup) - set(allowed)
    if unknown:
        raise SettingsError(f"unknown setup field(s): {', '.join(sorted(unknown))}")
    return setup


def setup_list(value: Any, what: str) -> list[Any]:
    """A setup field that must be a list (of card names, ticket ids...)."""
    if not isinstance(value, list):
        raise SettingsError(f"setup {what} must be a list")
    return value


class CardSupply:
    """The cards a setup may still place: each named card is taken out once, so a setup can never
    hold more cards of a kind than the game has."""

    def __init__(self, counts: Sequence[int], card_index: dict[str, int], names_hint: str = "") -> None:
        self.remaining = list(counts)
        self.card_index = card_index
        self.names_hint = names_hint  # appended to the unknown-card message, e.g. how cards are named

    def take(self, names: Any, what: str, allow_none: bool = False) -> list[int]:
        """The cards ``names`` lists (None: an empty slot, -1, where ``allow_none``)."""
        if not isinstance(names, list):
            raise SettingsError(f"setup {what} must be a list of card names")
        out = []
        for name in names:
            if name is None and allow_none:
                out.append(-1)
                continue
            if not isinstance(name, str) or name not in self.card_index:
                raise SettingsError(f"setup {what}: unknown card {name!r}{self.names_hint}")
            c = self.card_index[name]
            if self.remaining[c] == 0:
                raise SettingsError(f"setup {what}: more {name} cards than the game has")
            self.remaining[c] -= 1
            out.append(c)
        return out

    def take_hands(self, given: Any, hands: list[list[int]]) -> bool:
        """Place the setup's ``hands`` (one list of card names per seat) into ``hands`` (counts
        per card kind); False when the setup gives none (the game deals them)."""
        if given is None:
            return False
        if not isinstance(given, list) or len(given) != len(hands):
            raise SettingsError(f"setup hands must list {len(hands)} hands")
        for p, names in enumerate(given):
            for c in self.take(names, f"hand {p}"):
                hands[p][c] += 1
        return True

    def rest(self) -> list[int]:
        """Every card not placed, in card order (the caller shuffles)."""
        return [c for c, k in enumerate(self.remaining) for _ in range(k)]


def ticket_deck(tickets: Sequence[int], placed: list[int], top: list[int], rng: Rng) -> list[int]:
    """The ticket deck: ``top`` (listed top first) over the shuffled rest of ``tickets`` (the
    game's deck, in data order) that nobody holds.

    ``placed`` are the tickets the setup gave players; a ticket used twice is refused."""
    used = placed + top
    if len(set(used)) != len(used):
        raise SettingsError("setup uses a ticket twice")
    used_set = set(used)
    rest = [t for t in tickets if t not in used_set]
    rng.shuffle(rest)
    return rest + top[::-1]


def setup_tickets(given: Any, players: int, ticket: Callable[[Any], int]) -> list[list[int]] | None:
    """The tickets the setup gives each seat (``tickets``: one list of ids per seat, each read by
    the game's ``ticket``), or None when it gives none (the game offers them)."""
    if given is None:
        return None
    if not isinstance(given, list) or len(given) != players:
        raise SettingsError(f"setup tickets must list {players} ticket lists")
    return [[ticket(t) for t in setup_list(ids, f"tickets {p}")] for p, ids in enumerate(given)]
