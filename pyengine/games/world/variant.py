"""Rails & Sails: the rules object, every concern's layer together."""

from __future__ import annotations

from .explain import WorldExplain
from .sample import WorldSampler


class WorldVariant(WorldExplain, WorldSampler):
    """Ticket to Ride: Rails & Sails, the world map."""
