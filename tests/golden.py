"""Golden playthroughs: one seeded game of every game, dumped as text (who moves, in which phase,
how many legal actions, the action chosen; the final scores) and compared by test_golden.py.

``PYTHONPATH=. python tests/golden.py`` regenerates tests/data/<game>.golden after an intended
rules change (read the diff: it shows where play changed).
"""

from __future__ import annotations

import sys
from pathlib import Path

from pyengine.game import Game
from pyengine.games import variant_names
from pyengine.rng import Rng

DATA_DIR = Path(__file__).resolve().parent / "data"
SEED = 2026
PLAYERS = 3


def golden_file(game: str) -> Path:
    return DATA_DIR / f"{game}.golden"


def playthrough(game: str) -> list[str]:
    """Random play from the seed (the chooser's generator is separate from the game's)."""
    g = Game.new(game, players=PLAYERS, seed=SEED)
    chooser = Rng(SEED)
    out = [f"{game} players={PLAYERS} seed={SEED}"]
    while not g.is_over:
        legal = g.legal_actions()
        action = legal[chooser.randbelow(len(legal))]
        out.append(f"{len(g.actions)} p{g.current_player} {g.phase} legal={len(legal)} {action.text()}")
        g.apply(action)
    out.append("scores " + " ".join(str(row["total"]) for row in g.scores()))
    return out


if __name__ == "__main__":
    for name in variant_names():
        golden_file(name).write_text("\n".join(playthrough(name)) + "\n", encoding="utf-8")
        sys.stdout.write(f"{golden_file(name)}: {len(playthrough(name))} lines\n")
