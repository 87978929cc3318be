"""Shared card mechanics: a draw pile with its discard pile, and ticket-keeping choices.

Cards are small integers (a variant names them); a pile is a list whose *end* is the top.
"""
from __future__ import annotations

from itertools import combinations

from ..rng import Rng


def draw_card(deck: list[int], discard: list[int], rng: Rng) -> int:
    """Take the top card; an empty deck is first replaced by its shuffled discard pile.

    Returns -1 when both are empty. Reshuffling only when a card is needed keeps every card in
    exactly one place at every moment, which the conservation tests check.
    """
    if not deck:
        if not discard:
            return -1
        deck.extend(discard)
        discard.clear()
        rng.shuffle(deck)
    return deck.pop()


def keep_choices(offered: tuple[int, ...], min_keep: int) -> list[tuple[int, ...]]:
    """Every subset of the offered tickets that keeps at least ``min_keep`` (all if fewer offered)."""
    need = min(min_keep, len(offered))
    out: list[tuple[int, ...]] = []
    ordered = tuple(sorted(offered))
    for size in range(need, len(ordered) + 1):
        out.extend(combinations(ordered, size))
    return out
