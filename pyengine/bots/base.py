"""The bot interface: a bot sees the player's view and the legal actions, never the game state.

``choose(view, legal, rng)`` gets the same view a person in that seat gets (plain data), the
legal actions, the static board of the variant and its own random generator, derived from the
game seed, the seat and the number of actions so far, so bot games replay exactly.
"""
from __future__ import annotations

from typing import Any, Sequence

from ..actions import Action
from ..rng import Rng


class Bot:
    """Base class. Subclasses implement ``choose``; they must not keep state between calls
    except caches derived from public information (a bot may be reloaded at any point)."""

    name: str = "bot"
    description: str = ""
    variants: tuple[str, ...] = ("usa",)

    def choose(self, view: dict[str, Any], legal: Sequence[Action], rng: Rng,
               board: dict[str, Any]) -> Action:
        raise NotImplementedError


class RandomBot(Bot):
    """Plays a uniformly random legal action (the literature's 'Random' baseline)."""

    name = "random"
    description = "Random: any legal move, uniformly."
    variants = ("usa", "world", "cardgame")

    def choose(self, view: dict[str, Any], legal: Sequence[Action], rng: Rng,
               board: dict[str, Any]) -> Action:
        del view, board  # Unused.
        return legal[rng.randbelow(len(legal))]
