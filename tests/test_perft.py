"""Perft counts of the classic game against the stored golden file (tests/data/usa.perft)."""
from __future__ import annotations

from perft import DATA, perft, position


def test_perft_counts_match_golden_file() -> None:
    for line in DATA.read_text(encoding="utf-8").splitlines():
        fields = dict(part.split("=") for part in line.split()[1:])
        v, state = position(int(fields["seed"]), int(fields["players"]), int(fields["plies"]))
        got = perft(v, state, int(fields["depth"]))
        if got != int(fields["count"]):
            divide = {a.text(): perft(v, _child(v, state, a), int(fields["depth"]) - 1)
                      for a in v.legal_actions(state)}
            raise AssertionError(f"{line}: got {got}; per first action: {divide}")


def _child(v, state, action):  # type: ignore[no-untyped-def]
    child = state.clone()
    v.apply(child, action)
    return child
