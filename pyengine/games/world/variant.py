"""Rails & Sails: the rules object, every concern's layer together."""
from __future__ import annotations

from .explain import WorldExplain
from .view import WorldView


class WorldVariant(WorldExplain, WorldView):
    """Ticket to Ride: Rails & Sails, the world map."""
