"""Perft counts of every game against the stored golden files (tests/data/<game>.perft)."""

from __future__ import annotations

import pytest
from perft import data_file, perft, position

from pyengine.games import variant_names


@pytest.mark.parametrize("game", variant_names())
def test_perft_counts_match_golden_file(game: str) -> None:
    for line in data_file(game).read_text(encoding="utf-8").splitlines():
        fields = dict(part.split("=") for part in line.split()[1:])
        v, state = position(int(fields["seed"]), int(fields["players"]), int(fields["plies"]), game)
        got = perft(v, state, int(fields["depth"]))
        if got != int(fields["count"]):
            divide = {
                a.text(): perft(v, _child(v, state, a), int(fields["depth"]) - 1)
                for a in v.legal_actions(state)
            }
            raise AssertionError(f"{line}: got {got}; per first action: {divide}")


def _child(v, state, action):  # type: ignore[no-untyped-def]
    child = state.clone()
    v.apply(child, action)
    return child
