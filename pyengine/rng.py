"""The engine's own seeded random generator.

A seed gives the same deal on every Python version and in Pyodide because nothing here depends on
the standard library's ``random`` (whose algorithms may change between versions).
The generator is SplitMix64: tiny, fast in pure Python, statistically good for shuffling cards.
"""

from __future__ import annotations

from collections.abc import MutableSequence
from typing import TypeVar

_TWO64 = 1 << 64
_MASK64 = _TWO64 - 1
_GOLDEN = 0x9E3779B97F4A7C15
T = TypeVar("T")


def seed_to_int(seed: int | str) -> int:
    """Map an integer or a text seed to a 64-bit integer (text through FNV-1a, stable everywhere)."""
    if isinstance(seed, bool):
        raise TypeError("seed must be an integer or a string")
    if isinstance(seed, int):
        return seed & _MASK64
    h = 0xCBF29CE484222325
    for byte in seed.encode("utf-8"):
        h = ((h ^ byte) * 0x100000001B3) & _MASK64
    return h


def _mix(z: int) -> int:
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
    return z ^ (z >> 31)


class Rng:
    """SplitMix64 generator; its whole state is one integer, so copying and saving are trivial."""

    __slots__ = ("state",)

    def __init__(self, seed: int | str = 0) -> None:
        self.state = seed_to_int(seed)

    @classmethod
    def derive(cls, seed: int | str, *parts: int) -> Rng:
        """An independent generator for a purpose (e.g. a bot's seat and turn) from a game seed."""
        z = seed_to_int(seed)
        for part in parts:
            z = _mix((z + _GOLDEN * (part + 1)) & _MASK64)
        rng = cls()
        rng.state = z
        return rng

    def copy(self) -> Rng:
        other = Rng()
        other.state = self.state
        return other

    def next64(self) -> int:
        self.state = (self.state + _GOLDEN) & _MASK64
        return _mix(self.state)

    def randbelow(self, n: int) -> int:
        """Uniform integer in [0, n) without modulo bias."""
        if n <= 0:
            raise ValueError("randbelow needs a positive bound")
        limit = _TWO64 - _TWO64 % n
        while True:  # next64 and _mix, inlined: this is the engine's most called function
            self.state = z = (self.state + _GOLDEN) & _MASK64
            z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
            r = z ^ (z >> 31)
            if r < limit:
                return r % n

    def random(self) -> float:
        """Uniform float in [0, 1)."""
        return (self.next64() >> 11) * (1.0 / (1 << 53))

    def choice(self, items: list[T] | tuple[T, ...]) -> T:
        return items[self.randbelow(len(items))]

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Fisher–Yates shuffle in place: ``randbelow(i + 1)`` for i from the top down, inlined
        (decks are shuffled at every deal and reshuffle)."""
        z = self.state
        for i in range(len(items) - 1, 0, -1):
            n = i + 1
            limit = _TWO64 - _TWO64 % n
            while True:
                z = (z + _GOLDEN) & _MASK64
                r = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
                r = ((r ^ (r >> 27)) * 0x94D049BB133111EB) & _MASK64
                r ^= r >> 31
                if r < limit:
                    break
            j = r % n
            items[i], items[j] = items[j], items[i]
        self.state = z
