"""The classic game: the rules object, every concern's layer together."""
from __future__ import annotations

from .view import UsaView


class UsaVariant(UsaView):
    """Ticket to Ride, North America."""
