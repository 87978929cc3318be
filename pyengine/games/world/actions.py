"""The action kinds only Rails & Sails (the world map) has, with their stable text forms.

    harbor CAI 2red-train-h 2red-ship      build a harbor in CAI paying these cards
    exchange trains 3                      take 3 trains from the box, returning 3 ships (−3 points)
    exchange ships 2                       take 2 ships from the box, returning 2 trains (−2 points)
    pieces 20 40                           the secret mix of pieces at setup (trains, ships)

The shared kinds (``draw train``, ``take 2 red-train ship``, ``claim ...``, ``tickets``,
``keep ...``, ``pass``) live in :mod:`pyengine.actions`. See docs/rules-world.md.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import ClassVar

from ...actions import Action, parse_count_card
from ...boundary import is_number_text
from ...errors import InvalidActionError


@dataclass(frozen=True, slots=True)
class BuildHarbor(Action):
    """Build a harbor in ``city``, paying ``cards``: (card name, count) pairs in canonical order."""

    city: str
    cards: tuple[tuple[str, int], ...]
    keyword: ClassVar[str] = "harbor"
    order: ClassVar[int] = 6

    def __eq__(self, other: object) -> bool:
        return isinstance(other, BuildHarbor) and self.city == other.city and self.cards == other.cards

    def __hash__(self) -> int:
        return hash(("harbor", self.city, self.cards))

    def text(self) -> str:
        return "harbor " + self.city + "".join(f" {n}{card}" for card, n in self.cards)

    def sort_key(self) -> tuple[object, ...]:
        return (self.order, self.city, self.cards)


PIECE_KINDS = ("ships", "trains")


@dataclass(frozen=True, slots=True)
class ExchangePieces(Action):
    """Take ``count`` pieces of kind ``want`` ('trains' or 'ships') from the box, giving back as
    many of the other kind."""

    want: str
    count: int
    keyword: ClassVar[str] = "exchange"
    order: ClassVar[int] = 7

    def text(self) -> str:
        return f"exchange {self.want} {self.count}"

    def sort_key(self) -> tuple[object, ...]:
        return (self.order, self.want, self.count)


@dataclass(frozen=True, slots=True)
class ChoosePieces(Action):
    """The setup choice of pieces to play with (the rest goes to the player's box)."""

    trains: int
    ships: int
    keyword: ClassVar[str] = "pieces"
    order: ClassVar[int] = 8

    def text(self) -> str:
        return f"pieces {self.trains} {self.ships}"

    def sort_key(self) -> tuple[object, ...]:
        return (self.order, self.trains, self.ships)


def _parse_harbor(args: list[str]) -> Action:
    if len(args) < 2:
        raise InvalidActionError(
            "'harbor' needs a city and a payment, e.g. 'harbor LIM 2yellow-train-h 2yellow-ship'"
        )
    return BuildHarbor(args[0], tuple(parse_count_card(t) for t in args[1:]))


def _parse_exchange(args: list[str]) -> Action:
    if len(args) != 2 or args[0] not in PIECE_KINDS or not is_number_text(args[1]):
        raise InvalidActionError(
            "'exchange' needs 'trains' or 'ships' and a number, e.g. 'exchange trains 3'"
        )
    count = int(args[1])
    if count < 1:
        raise InvalidActionError("exchange at least 1 piece")
    return ExchangePieces(args[0], count)


def _parse_pieces(args: list[str]) -> Action:
    if len(args) != 2 or not all(is_number_text(a) for a in args):
        raise InvalidActionError("'pieces' needs two numbers (trains, ships), e.g. 'pieces 20 40'")
    return ChoosePieces(int(args[0]), int(args[1]))


PARSERS: dict[str, Callable[[list[str]], Action]] = {
    "harbor": _parse_harbor,
    "exchange": _parse_exchange,
    "pieces": _parse_pieces,
}
"""Parsers of Rails & Sails' own action kinds, by keyword (read by ``pyengine.notation``)."""

__all__ = ["BuildHarbor", "ChoosePieces", "ExchangePieces"]
