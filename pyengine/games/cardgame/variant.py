"""The card game: the rules object, every concern's layer together."""
from __future__ import annotations

from .explain import CardGameExplain
from .view import CardGameView


class CardGameVariant(CardGameExplain, CardGameView):
    """Ticket to Ride: The Card Game."""
