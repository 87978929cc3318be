"""Undo: a player takes back their last action(s) only while nothing hidden has been revealed
since (Game.undo_point); the undone game is the record replayed without those actions."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pyengine.errors import IllegalActionError
from pyengine.game import Game

TUTORIALS = Path(__file__).resolve().parent.parent / "web" / "tutorials"


def tutorial_game(variant: str, steps: int) -> Game:
    """A game from a tutorial's setup, after its first ``steps`` scripted moves."""
    script = json.loads((TUTORIALS / f"{variant}.json").read_text(encoding="utf-8"))
    game = Game.new(variant, players=2, seed=script["seed"], setup=script["setup"])
    for step in script["steps"][:steps]:
        game.apply(step.get("play") or step["bot"])
    return game


def test_a_claim_and_a_silent_bot_answer_are_taken_back_together() -> None:
    game = tutorial_game("usa", 6)  # tickets kept, cards drawn; seat 0 to claim
    before = game.state.snapshot()
    game.apply("claim DEN-KC-2 3orange 1loco")
    game.apply("claim DAL-OKC-1 2green")  # seat 1 answers without seeing anything new
    assert game.undo_point(1) == 7 and game.undo_point(0) == 6
    undone = game.undo(0)
    assert [a.text() for a in undone.actions] == [a.text() for a in game.actions[:6]]
    assert undone.state.snapshot() == before
    assert undone.current_player == 0
    assert "claim DEN-KC-2 3orange 1loco" in [a.text() for a in undone.legal_actions()]


@pytest.mark.parametrize("action", ["draw", "take 0 orange", "tickets"])
def test_nothing_revealed_may_be_taken_back(action: str) -> None:
    game = tutorial_game("usa", 2)  # both kept their tickets; seat 0 to move
    assert game.can_undo(0)  # keeping tickets showed nothing new
    game.apply(action)
    assert game.revealed[-1]
    assert not game.can_undo(0)
    with pytest.raises(IllegalActionError, match="nothing to take back"):
        game.undo(0)


def test_a_bot_move_that_saw_hidden_cards_blocks_undo() -> None:
    game = tutorial_game("usa", 7)  # seat 0 claimed its route (no reveal)
    assert game.can_undo(0)
    game.apply("draw")  # seat 1 draws blind
    assert not game.can_undo(0)


def test_returning_tickets_under_the_pile_reveals_nothing() -> None:
    game = tutorial_game("usa", 9)  # seat 0 drew tickets: the draw revealed them
    game.apply("keep CHI-SFE")  # two go under the pile
    assert not game.revealed[-1]
    assert game.undo_point(0) == 9  # back to the choice, the same three tickets offered
    undone = game.undo(0)
    assert undone.phase == "keep_tickets"
    assert {t["id"] for t in undone.view(0)["me"]["offered"]} == {"CHI-SFE", "DUL-HOU", "NY-ATL"}


def test_secret_piece_mixes_become_public_when_the_last_is_chosen() -> None:
    game = tutorial_game("world", 3)  # seat 0 chose its mix, seat 1 has not
    assert not game.revealed[-1] and game.can_undo(0)
    game.apply("pieces 20 40")  # seat 1 chooses: both mixes are shown
    assert game.revealed[-1]
    assert not game.can_undo(0) and not game.can_undo(1)


def test_card_game_plays_and_raids_can_be_undone_but_draws_cannot() -> None:
    game = tutorial_game("cardgame", 7)  # seat 0 to raid Ada's blue row
    game.apply("play 3blue")
    assert game.can_undo(0)
    undone = game.undo(0)
    assert undone.view(1)["players"][1]["yard"]["blue"]["cards"] == 1
    game.apply("draw")
    assert not game.can_undo(0)


def test_nothing_to_undo_before_the_first_own_action() -> None:
    game = Game.new("usa", players=2, seed=3)
    assert not game.can_undo(0) and not game.can_undo(1)
    game.apply(game.legal_actions()[0])
    assert game.can_undo(0) and not game.can_undo(1)


def test_the_record_after_undo_replays_and_keeps_only_what_was_played() -> None:
    from pyengine.record import replay

    game = tutorial_game("world", 12)  # harbor built; the exchange is next
    game.apply("exchange trains 1")
    undone = game.undo(0)
    rec = undone.record()
    assert rec["actions"] == [a.text() for a in game.actions[:12]]
    assert replay(rec).state.snapshot() == undone.state.snapshot()
