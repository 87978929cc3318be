"""Perft for the classic game: count action sequences to a depth (regression check of legality).

``python tests/perft.py`` regenerates tests/data/usa.perft; the test compares against it.
"""
from __future__ import annotations

import sys
from pathlib import Path

from pyengine.rng import Rng
from pyengine.games import Settings, get_variant

DATA = Path(__file__).resolve().parent / "data" / "usa.perft"
# (seed, players, plies of random play before counting, depth)
POSITIONS = [(1, 2, 0, 3), (2, 3, 6, 2), (3, 4, 40, 3), (4, 2, 60, 3), (5, 5, 120, 3)]


def perft(v, state, depth: int) -> int:  # type: ignore[no-untyped-def]
    if depth == 0 or v.is_over(state):
        return 1
    total = 0
    for action in v.legal_actions(state):
        child = state.clone()
        v.apply(child, action)
        total += perft(v, child, depth - 1)
    return total


def position(seed: int, players: int, plies: int):  # type: ignore[no-untyped-def]
    v = get_variant("usa")
    state = v.new_state(Settings("usa", players, seed))
    rng = Rng(seed)
    for _ in range(plies):
        legal = v.legal_actions(state)
        v.apply(state, legal[rng.randbelow(len(legal))])
    return v, state


def lines() -> list[str]:
    out = []
    for seed, players, plies, depth in POSITIONS:
        v, state = position(seed, players, plies)
        out.append(f"usa seed={seed} players={players} plies={plies} depth={depth} "
                   f"count={perft(v, state, depth)}")
    return out


if __name__ == "__main__":
    DATA.write_text("\n".join(lines()) + "\n", encoding="utf-8")
    sys.stdout.write(DATA.read_text(encoding="utf-8"))
