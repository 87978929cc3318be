"""The classic game: the rules object, every concern's layer together."""

from __future__ import annotations

from .sample import UsaSampler


class UsaVariant(UsaSampler):
    """Ticket to Ride, North America."""
