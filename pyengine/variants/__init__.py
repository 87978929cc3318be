"""Registry of game variants, by name (with aliases)."""
from __future__ import annotations

from typing import Any, Callable

from ..boundary import excerpt
from ..errors import UnknownVariantError
from .base import Settings, Variant

_FACTORIES: dict[str, Callable[[], Variant[Any]]] = {}
_ALIASES: dict[str, str] = {"classic": "usa", "north-america": "usa", "na": "usa"}
_INSTANCES: dict[str, Variant[Any]] = {}


def _usa() -> Variant[Any]:
    from .usa import UsaVariant
    return UsaVariant()


_FACTORIES["usa"] = _usa


def _world() -> Variant[Any]:
    from .world import WorldVariant
    return WorldVariant()


_FACTORIES["world"] = _world
_ALIASES["rails-and-sails"] = "world"
from .. import world_actions as _world_actions  # noqa: E402,F401  (registers 'harbor', 'exchange', 'pieces')


def register_variant(name: str, factory: Callable[[], Variant[Any]], *aliases: str) -> None:
    _FACTORIES[name] = factory
    for alias in aliases:
        _ALIASES[alias] = name


def variant_names() -> list[str]:
    return sorted(_FACTORIES)


def get_variant(name: str) -> Variant[Any]:
    """The (shared, stateless) variant object for ``name``; raises UnknownVariantError."""
    if not isinstance(name, str):
        raise UnknownVariantError(f"a variant name must be text, not {type(name).__name__}")
    key = _ALIASES.get(name.lower(), name.lower())
    if key not in _FACTORIES:
        raise UnknownVariantError(
            f"unknown variant {excerpt(name)}; known variants: {', '.join(variant_names())}")
    if key not in _INSTANCES:
        _INSTANCES[key] = _FACTORIES[key]()
    return _INSTANCES[key]


__all__ = ["Settings", "Variant", "get_variant", "register_variant", "variant_names"]


def _cardgame() -> Variant[Any]:
    from .cardgame import CardGameVariant
    return CardGameVariant()


register_variant("cardgame", _cardgame, "card", "card-game")
from .. import cardgame_actions as _cardgame_actions  # noqa: E402,F401  (registers the 'play' parser)
