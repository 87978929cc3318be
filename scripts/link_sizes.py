#!/usr/bin/env python3
"""Sizes of share links for whole games, per variant, played by the engine's bots.

    python3 scripts/link_sizes.py [--bot easy] [--seeds 3]

For each variant and player count: the same-deal link (d1.…), the whole-game link (g1.…) after
the full game, the record as JSON, and the number of actions. Median over the seeds.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from pyengine.bots import bot_action
from pyengine.game import Game
from pyengine.links import deal_link, game_link

CASES = (("usa", 2), ("usa", 4), ("usa", 5), ("world", 4), ("cardgame", 4))


def seats(n: int) -> list[dict]:
    colors = ["red", "blue", "green", "yellow", "black"]
    return [
        {
            "name": "Player" if i == 0 else f"Bot {i}",
            "kind": "human" if i == 0 else "bot",
            "bot": None if i == 0 else "normal",
            "color": colors[i],
        }
        for i in range(n)
    ]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bot", default="easy")
    parser.add_argument("--seeds", type=int, default=3)
    args = parser.parse_args()
    print(
        f"{'variant':<10}{'players':>8}{'actions':>9}{'deal link':>11}{'game link':>11}{'record JSON':>13}{'chars/action':>14}"
    )
    for variant, players in CASES:
        rows = []
        for seed in range(1, args.seeds + 1):
            t0 = time.time()
            game = Game.new(variant, players=players, seed=seed)
            while not game.is_over:
                game.apply(bot_action(game, args.bot))
            meta = {"seats": seats(players)}
            rows.append(
                (
                    len(game.actions),
                    len(deal_link(game, meta["seats"])),
                    len(game_link(game, meta)),
                    len(json.dumps(game.record(meta), separators=(",", ":"))),
                )
            )
            del t0
        med = [int(statistics.median(col)) for col in zip(*rows)]
        print(
            f"{variant:<10}{players:>8}{med[0]:>9}{med[1]:>11}{med[2]:>11}{med[3]:>13}{med[2] / med[0]:>14.1f}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
