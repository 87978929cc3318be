"""Who wins: every game ranks its seats by a key of its own (total points, then its tie-breaks)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any


def rank_scores(scores: list[dict[str, Any]], keys: Sequence[tuple[int, ...]]) -> list[dict[str, Any]]:
    """Mark each seat's score row with ``winner`` (it has the best key; ties share the win) and
    ``rank`` (1 + how many seats have a better key); returns ``scores``."""
    top = max(keys)
    for sc, key in zip(scores, keys):
        sc["winner"] = key == top
        sc["rank"] = 1 + sum(1 for other in keys if other > key)
    return scores
