"""Helpers shared by the variants' state classes."""
from __future__ import annotations

from typing import Any


def freeze(value: Any) -> Any:
    """Nested lists as nested tuples, so a state compares as one value."""
    if isinstance(value, (list, tuple)):
        return tuple(freeze(v) for v in value)
    return value


def snapshot_slots(state: Any) -> tuple[Any, ...]:
    """Every ``__slots__`` field of a state (the generator by its internal state), for replay tests.

    States keep hand-written ``clone`` methods: search bots clone millions of times and a
    generic copy would be several times slower.
    """
    return tuple(state.rng.state if k == "rng" else freeze(getattr(state, k))
                 for k in type(state).__slots__)
