"""Railtrip engine: rules, bots and tools for the Ticket to Ride family of train games."""

from __future__ import annotations

__version__ = "0.1.0"
