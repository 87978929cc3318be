"""The documentation's examples are tests."""

from __future__ import annotations

import doctest
import json
import re
from pathlib import Path

import pyengine.game
from pyengine.game import Game
from pyengine.record import parse_record, replay

DOCS = Path(__file__).resolve().parent.parent / "docs"


def test_notation_example_replays() -> None:
    text = (DOCS / "notation.md").read_text(encoding="utf-8")
    block = text.split("## Example")[1].split("```")[1]
    game = Game.new("usa", players=2, seed=1)
    for line in block.strip().splitlines():
        game.apply(re.split(r"\s{2,}", line.strip())[0])
    assert game.phase == "keep_tickets"


def test_record_format_example_is_a_valid_record() -> None:
    text = (DOCS / "record-format.md").read_text(encoding="utf-8")
    example = json.loads(text.split("```json")[1].split("```")[0])
    parse_record(example)
    game = replay(example)
    assert len(game.actions) == 6 and game.current_player == 2


def test_engine_doctests() -> None:
    result = doctest.testmod(pyengine.game)
    assert result.attempted > 0 and result.failed == 0
