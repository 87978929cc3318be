"""The card game's own action: playing cards from the hand to the rail yard.

Text form (card kinds with counts, in the canonical card order red orange yellow green blue
purple black white loco):

    play 3red 1loco           a set of one color: 3 red cards with 1 locomotive on top
    play 1red 1green 1blue    exactly three cards of three different colors

The parser accepts the items in any order (and repeated kinds) and writes them canonically.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import ClassVar

from ...actions import Action, parse_count_card
from ...errors import InvalidActionError

CARD_ORDER = ("red", "orange", "yellow", "green", "blue", "purple", "black", "white", "loco")
_RANK = {name: i for i, name in enumerate(CARD_ORDER)}


@dataclass(frozen=True, slots=True)
class PlayCards(Action):
    """Play ``cards`` ((card name, count) pairs in canonical order) to the own rail yard."""

    cards: tuple[tuple[str, int], ...]
    keyword: ClassVar[str] = "play"
    order: ClassVar[int] = 3

    def __eq__(self, other: object) -> bool:
        return isinstance(other, PlayCards) and self.cards == other.cards

    def __hash__(self) -> int:
        return hash(("play", self.cards))

    def text(self) -> str:
        return "play" + "".join(f" {n}{card}" for card, n in self.cards)

    def sort_key(self) -> tuple[object, ...]:
        return (self.order, tuple((_RANK.get(c, 99), c, n) for c, n in self.cards))

    @property
    def count(self) -> int:
        return sum(n for _, n in self.cards)


def canonical_cards(items: list[tuple[str, int]]) -> tuple[tuple[str, int], ...]:
    """Merge repeated kinds and order them canonically (unknown names last, alphabetically)."""
    total: dict[str, int] = {}
    for name, n in items:
        total[name] = total.get(name, 0) + n
    return tuple(sorted(total.items(), key=lambda kv: (_RANK.get(kv[0], len(_RANK)), kv[0])))


def _parse_play(args: list[str]) -> Action:
    if not args:
        raise InvalidActionError("'play' needs cards, e.g. 'play 3red 1loco' or 'play 1red 1green 1blue'")
    items = [parse_count_card(t, "card item") for t in args]
    return PlayCards(canonical_cards(items))


PARSERS: dict[str, Callable[[list[str]], Action]] = {"play": _parse_play}
"""Parsers of the card game's own action kinds, by keyword (read by ``pyengine.notation``)."""
