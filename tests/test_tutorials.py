"""The tutorials' scripts (web/tutorials/*.json) play in the engine: every scripted move is legal
for the seat the page expects (0: the person, 1: the computer), and each script walks through
every kind of move of its game."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pyengine.game import Game

TUTORIALS = Path(__file__).resolve().parent.parent / "web" / "tutorials"
SCRIPTS = sorted(TUTORIALS.glob("*.json"))
# The kinds of move a first game should show, per game (pass is for degenerate positions only).
KINDS = {
    "usa": {"take", "draw", "claim", "tickets", "keep"},
    "world": {"take", "draw", "claim", "tickets", "keep", "pieces", "harbor", "exchange"},
    "cardgame": {"take", "draw", "play", "tickets", "keep"},
}


def play_script(script: dict) -> tuple[Game, list[str]]:
    """Plays the script through the engine; returns the game and the kinds the person played."""
    game = Game.new(script["variant"], players=2, seed=script["seed"], setup=script["setup"])
    kinds: list[str] = []
    for i, step in enumerate(script["steps"]):
        text = step.get("play") or step["bot"]
        seat = 0 if "play" in step else 1
        assert game.current_player == seat, f"step {i} ({text}) expects seat {seat}"
        legal = {a.text(): a for a in game.legal_actions()}
        assert text in legal, f"step {i}: {text!r} is not legal; legal: {sorted(legal)[:30]}"
        if seat == 0:
            kinds.append(legal[text].to_json()["kind"])
        game.apply(text)
    return game, kinds


def test_every_game_has_a_tutorial() -> None:
    assert {p.stem for p in SCRIPTS} == set(KINDS)


@pytest.mark.parametrize("path", SCRIPTS, ids=lambda p: p.stem)
def test_script_plays_and_shows_every_kind_of_move(path: Path) -> None:
    script = json.loads(path.read_text(encoding="utf-8"))
    assert script["variant"] == path.stem
    game, kinds = play_script(script)
    assert not game.is_over
    assert game.current_player in (0, 1)
    assert KINDS[path.stem] <= set(kinds), f"the tutorial never shows {KINDS[path.stem] - set(kinds)}"
    for step in script["steps"]:
        if "play" in step:  # the person is told, in both languages, what to do
            assert step["say"]["en"] and step["say"]["de"]
    assert script["done"]["en"] and script["done"]["de"]
