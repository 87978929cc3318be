"""Every game replays its golden playthrough (tests/data/<game>.golden) line for line."""

from __future__ import annotations

import pytest
from golden import golden_file, playthrough

from pyengine.games import variant_names


@pytest.mark.parametrize("game", variant_names())
def test_golden_playthrough(game: str) -> None:
    expected = golden_file(game).read_text(encoding="utf-8").splitlines()
    got = playthrough(game)
    for i, (want, have) in enumerate(zip(expected, got)):
        assert have == want, f"{game} golden line {i + 1} differs (regenerate only for an intended change)"
    assert len(got) == len(expected)
