"""Actions every game shares: small immutable values with a stable, human-readable text form that parses back.

Text forms (one action per line in a record; see docs/notation.md):

    draw                      draw the top card of the (train) deck
    draw ship                 draw the top card of the ship deck (Rails & Sails)
    take 2 red                take face-up card in slot 2 (a red card)
    take 2 red ship           ... and refill the slot from the ship deck (Rails & Sails)
    claim DEN-KC-1 3black 1loco   claim a route paying 3 black cards and 1 locomotive
    tickets                   draw destination tickets
    keep BOS-MIA DEN-ELP      keep these of the offered tickets
    pass                      nothing is possible (degenerate positions only)

Equivalent card combinations are one action: a payment lists card kinds with counts, in the
variant's canonical card order. A game's own kinds live in its home (``games/<game>/actions.py``);
``pyengine.notation.parse_action`` parses every kind.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, fields
from typing import ClassVar

from .boundary import excerpt, is_number_text, leading_number
from .errors import InvalidActionError


class Action:
    """Base class of all actions."""

    __slots__ = ()
    keyword: ClassVar[str] = ""
    order: ClassVar[int] = 0  # rank of the action kind in the sorted legal list

    def text(self) -> str:
        raise NotImplementedError

    def sort_key(self) -> tuple[object, ...]:
        return (self.order,)

    def __str__(self) -> str:
        return self.text()

    def to_json(self) -> dict[str, object]:
        """The action as plain data for the page: its text, its kind and its fields."""
        out: dict[str, object] = {"text": self.text(), "kind": self.keyword}
        for f in fields(self):  # type: ignore[arg-type]
            value = getattr(self, f.name)
            if f.name == "cards" and isinstance(value, tuple):
                value = {name: n for name, n in value}
            elif isinstance(value, tuple):
                value = list(value)
            if value != "" and value is not None:
                out[f.name] = value
        return out


@dataclass(frozen=True, slots=True)
class DrawCard(Action):
    """Draw the top card of a deck, unseen ('' = the only/train deck)."""

    deck: str = ""
    keyword: ClassVar[str] = "draw"
    order: ClassVar[int] = 1

    def text(self) -> str:
        return f"draw {self.deck}" if self.deck else "draw"

    def sort_key(self) -> tuple[object, ...]:
        return (self.order, self.deck)


@dataclass(frozen=True, slots=True)
class TakeCard(Action):
    """Take the face-up card in ``slot`` (named, so a record reads well and is checked)."""

    slot: int
    card: str
    refill: str = ""  # deck that refills the slot, where the player chooses (Rails & Sails)
    keyword: ClassVar[str] = "take"
    order: ClassVar[int] = 2

    def text(self) -> str:
        base = f"take {self.slot} {self.card}"
        return f"{base} {self.refill}" if self.refill else base

    def sort_key(self) -> tuple[object, ...]:
        return (self.order, self.slot, self.refill)


@dataclass(frozen=True, slots=True)
class ClaimRoute(Action):
    """Claim a route, paying ``cards``: (card name, count) pairs in canonical order."""

    route: str
    cards: tuple[tuple[str, int], ...]
    keyword: ClassVar[str] = "claim"
    order: ClassVar[int] = 3

    def __eq__(self, other: object) -> bool:
        return isinstance(other, ClaimRoute) and self.route == other.route and self.cards == other.cards

    def __hash__(self) -> int:
        return hash((self.route, self.cards))

    def text(self) -> str:
        return "claim " + self.route + "".join(f" {n}{card}" for card, n in self.cards)

    def sort_key(self) -> tuple[object, ...]:
        return (self.order, self.route, self.cards)

    @property
    def count(self) -> int:
        return sum(n for _, n in self.cards)


@dataclass(frozen=True, slots=True)
class DrawTickets(Action):
    """Draw destination tickets (how many depends on the variant)."""

    keyword: ClassVar[str] = "tickets"
    order: ClassVar[int] = 4

    def text(self) -> str:
        return "tickets"


@dataclass(frozen=True, slots=True)
class KeepTickets(Action):
    """Keep these of the offered tickets (ids in the variant's ticket order)."""

    tickets: tuple[str, ...]
    keyword: ClassVar[str] = "keep"
    order: ClassVar[int] = 5

    def __eq__(self, other: object) -> bool:
        return isinstance(other, KeepTickets) and self.tickets == other.tickets

    def __hash__(self) -> int:
        return hash(self.tickets)

    def text(self) -> str:
        return "keep" + "".join(" " + t for t in self.tickets)

    def sort_key(self) -> tuple[object, ...]:
        return (self.order, len(self.tickets), self.tickets)


@dataclass(frozen=True, slots=True)
class Pass(Action):
    """No action is possible; the turn passes (degenerate positions only)."""

    keyword: ClassVar[str] = "pass"
    order: ClassVar[int] = 9

    def text(self) -> str:
        return "pass"


def parse_count_card(token: str, item: str = "payment item") -> tuple[str, int]:
    """``'3red'`` -> ``('red', 3)``: one counted card of a payment (``item`` names it in errors);
    card names are lower case in every game, so ``3RED`` reads as ``3red``."""
    split = leading_number(token)
    if split is None:
        raise InvalidActionError(f"{item} {excerpt(token)} should look like '3red' (count, then card)")
    count, card = split
    if count < 1:
        raise InvalidActionError(f"{item} {excerpt(token)} has a zero count")
    return card.lower(), count


def _parse_draw(args: list[str]) -> Action:
    if len(args) > 1:
        raise InvalidActionError("'draw' takes at most one word (the deck)")
    return DrawCard(args[0] if args else "")


def _parse_take(args: list[str]) -> Action:
    if len(args) not in (2, 3) or not is_number_text(args[0]):
        raise InvalidActionError("'take' needs a slot number and a card, e.g. 'take 2 red'")
    return TakeCard(int(args[0]), args[1].lower(), args[2] if len(args) == 3 else "")


def _parse_claim(args: list[str]) -> Action:
    if len(args) < 2:
        raise InvalidActionError("'claim' needs a route and a payment, e.g. 'claim DEN-KC-1 3black 1loco'")
    return ClaimRoute(args[0], tuple(parse_count_card(t) for t in args[1:]))


def _parse_none(cls: type[Action]) -> Callable[[list[str]], Action]:
    def parse(args: list[str]) -> Action:
        if args:
            raise InvalidActionError(f"'{cls.keyword}' takes no arguments")
        return cls()

    return parse


# Parsers of the action kinds every game shares, by keyword; each game adds its own kinds and
# ``pyengine.notation.parse_action`` reads them all.
SHARED_PARSERS: dict[str, Callable[[list[str]], Action]] = {
    "draw": _parse_draw,
    "take": _parse_take,
    "claim": _parse_claim,
    "tickets": _parse_none(DrawTickets),
    "keep": lambda args: KeepTickets(tuple(args)),
    "pass": _parse_none(Pass),
}
