"""What a card-game bot believes: a full ``CardGameState`` whose public and own parts are exact and
whose hidden parts are filled in (the game's ``sample_state``, with the piles it remembers from the
log; see ``planner.py``)."""

from __future__ import annotations

from typing import Any

from ...games import variant_as
from ...games.cardgame.sample import PileKnowledge
from ...games.cardgame.state import COLORS, CardGameState
from ...games.cardgame.variant import CardGameVariant
from ...rng import Rng

NCOL = len(COLORS)


def cardgame_variant() -> CardGameVariant:
    return variant_as("cardgame", CardGameVariant)


def belief_state(
    view: dict[str, Any], variant: CardGameVariant, rng: Rng | None = None, piles: PileKnowledge | None = None
) -> CardGameState:
    """The seat's belief: ``variant.sample_state`` (random with ``rng``, fixed without)."""
    return variant.sample_state(view, rng, piles)
