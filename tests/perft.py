"""Perft for every game: count action sequences to a depth (regression check of legality).

``python tests/perft.py`` regenerates tests/data/<game>.perft; the test compares against them.
"""

from __future__ import annotations

import sys
from pathlib import Path

from pyengine.games import Settings, get_variant, variant_names
from pyengine.rng import Rng

DATA_DIR = Path(__file__).resolve().parent / "data"
# game -> (seed, players, plies of random play before counting, depth)
POSITIONS = {
    "usa": [(1, 2, 0, 3), (2, 3, 6, 2), (3, 4, 40, 3), (4, 2, 60, 3), (5, 5, 120, 3)],
    "world": [(1, 2, 0, 2), (2, 3, 8, 2), (3, 4, 40, 2), (4, 2, 80, 2), (5, 5, 150, 2)],
    "cardgame": [(1, 2, 0, 3), (2, 3, 6, 2), (3, 4, 40, 2), (4, 2, 60, 3), (5, 4, 100, 2)],
}


def data_file(game: str) -> Path:
    return DATA_DIR / f"{game}.perft"


def perft(v, state, depth: int) -> int:  # type: ignore[no-untyped-def]
    if depth == 0 or v.is_over(state):
        return 1
    total = 0
    for action in v.legal_actions(state):
        child = state.clone()
        v.apply(child, action)
        total += perft(v, child, depth - 1)
    return total


def position(seed: int, players: int, plies: int, game: str = "usa"):  # type: ignore[no-untyped-def]
    v = get_variant(game)
    state = v.new_state(Settings(game, players, seed))
    rng = Rng(seed)
    for _ in range(plies):
        if v.is_over(state):
            break
        legal = v.legal_actions(state)
        v.apply(state, legal[rng.randbelow(len(legal))])
    return v, state


def lines(game: str) -> list[str]:
    out = []
    for seed, players, plies, depth in POSITIONS[game]:
        v, state = position(seed, players, plies, game)
        out.append(
            f"{game} seed={seed} players={players} plies={plies} depth={depth} count={perft(v, state, depth)}"
        )
    return out


if __name__ == "__main__":
    for name in variant_names():
        data_file(name).write_text("\n".join(lines(name)) + "\n", encoding="utf-8")
        sys.stdout.write(data_file(name).read_text(encoding="utf-8"))
