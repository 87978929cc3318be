"""Shared card mechanics: a draw pile with its discard pile.

Cards are small integers (a variant names them); a pile is a list whose *end* is the top.
"""

from __future__ import annotations

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
