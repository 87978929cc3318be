"""The card game: the rules object, every concern's layer together."""

from __future__ import annotations

from .explain import CardGameExplain
from .sample import CardGameSampler


class CardGameVariant(CardGameExplain, CardGameSampler):
    """Ticket to Ride: The Card Game."""
