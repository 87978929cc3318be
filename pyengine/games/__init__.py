"""The games, one home each (``games/usa``, ``games/world``, ``games/cardgame``), and their
static registry: name (with aliases) -> the game's rules object.

``base.py`` holds the contract every game fulfils (``Variant``) and the settings of one game.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from ..boundary import excerpt
from ..errors import UnknownVariantError
from .base import Settings, Variant
from .cardgame.variant import CardGameVariant
from .usa.variant import UsaVariant
from .world.variant import WorldVariant

V = TypeVar("V", bound=Variant[Any])

# name -> the class of its rules object (made once, on first use: it loads the game's data).
_GAMES: dict[str, Callable[[], Variant[Any]]] = {
    "usa": UsaVariant,
    "world": WorldVariant,
    "cardgame": CardGameVariant,
}
_ALIASES: dict[str, str] = {
    "classic": "usa",
    "north-america": "usa",
    "na": "usa",
    "rails-and-sails": "world",
    "card": "cardgame",
    "card-game": "cardgame",
}
_INSTANCES: dict[str, Variant[Any]] = {}


def variant_names() -> list[str]:
    return sorted(_GAMES)


def get_variant(name: str) -> Variant[Any]:
    """The (shared, stateless) variant object for ``name``; raises UnknownVariantError."""
    if not isinstance(name, str):
        raise UnknownVariantError(f"a variant name must be text, not {type(name).__name__}")
    key = _ALIASES.get(name.lower(), name.lower())
    if key not in _GAMES:
        raise UnknownVariantError(
            f"unknown variant {excerpt(name)}; known variants: {', '.join(variant_names())}"
        )
    if key not in _INSTANCES:
        _INSTANCES[key] = _GAMES[key]()
    return _INSTANCES[key]


def variant_as(name: str, kind: type[V]) -> V:
    """``get_variant(name)`` as the game's own class ``kind``, for code that needs that game's
    methods (a bot's search domain); a wrong pairing is a programming error."""
    variant = get_variant(name)
    if not isinstance(variant, kind):
        raise TypeError(f"variant {name!r} is a {type(variant).__name__}, not a {kind.__name__}")
    return variant


__all__ = ["Settings", "Variant", "get_variant", "variant_as", "variant_names"]
