"""Pondering on a person's setup turn (``pyengine/bots/ponder.py``, the API's ``ponder``): the
bots' answers are worked out ahead, in slices, and each is exactly the move the bot would make."""

from __future__ import annotations

import json
from typing import Any

import pytest

from pyengine import api
from pyengine.actions import Action, KeepTickets
from pyengine.bots import bot_action
from pyengine.bots.ponder import Ponder
from pyengine.game import Game


def call(name: str, **args: Any) -> Any:
    reply = json.loads(api.call(name, json.dumps(args)))
    if "error" in reply:
        raise AssertionError(reply["error"])
    return reply["ok"]


def error(name: str, **args: Any) -> dict[str, str]:
    reply = json.loads(api.call(name, json.dumps(args)))
    assert "error" in reply, reply
    return dict(reply["error"])


def ponder_all(gid: str, bots: list[str | None]) -> int:
    """Ponder until nothing is left; the number of calls."""
    for calls in range(1, 500):
        if not call("ponder", game_id=gid, bots=bots, max_seconds=0.05)["more"]:
            return calls
    raise AssertionError("pondering never ended")


@pytest.mark.parametrize("variant", ["usa", "world"])
def test_every_setup_choice_finds_the_bots_answers_ready(variant: str) -> None:
    """Whatever the person keeps, the bots after them answer from the ponder, with the moves they
    would have made without it."""
    bots: list[str | None] = [None, "normal", "normal"]
    start = Game.new(variant, players=3, seed=41)
    options = start.legal_actions()
    assert len(options) > 1
    for option in options:
        gid = call("new_game", variant=variant, players=3, seed=41)["game_id"]
        ponder_all(gid, bots)
        call("apply", game_id=gid, action=option.text(), seat=0)
        expected = start.clone().apply(option)
        for seat in (1, 2):
            res = call("bot_move", game_id=gid, bot="normal", player=0)
            assert res["pondered"], (option.text(), seat)
            assert res["applied"] == bot_action(expected, "normal").text()
            expected.apply(res["applied"])
        call("drop", game_id=gid)


def test_a_search_is_pondered_in_slices_and_gives_the_same_move() -> None:
    """Classic hard's opening keep (a search of many sampled worlds) is worked out a world at a
    time, and the pondered keep is the one hard makes when asked at its turn."""
    game = Game.new("usa", players=2, seed=8)
    ponder = Ponder()
    steps = 0
    while ponder.step(game, {1: "hard"}, 0.0):
        steps += 1
        assert steps < 200
    assert ponder.slices > 2 * 4  # two scenarios (2 or 3 tickets kept), each of several worlds
    for option in game.legal_actions():
        after = game.clone().apply(option)
        pondered = ponder.answer(after, "hard")
        assert pondered is not None
        assert pondered == bot_action(after, "hard")


def test_an_answer_is_used_only_where_it_was_worked_out() -> None:
    game = Game.new("usa", players=2, seed=8)
    ponder = Ponder()
    while ponder.step(game, {1: "normal"}, 0.0):
        pass
    after = game.clone().apply(game.legal_actions()[0])
    assert ponder.answer(after, "normal") is not None
    assert ponder.answer(after, "easy") is None  # another bot
    other = Game.new("usa", players=2, seed=9).apply(Game.new("usa", players=2, seed=9).legal_actions()[0])
    assert ponder.answer(other, "normal") is None  # another deal: another view
    assert ponder.answer(game, "normal") is None  # the person's own turn
    assert len(ponder.answers) == 2  # the bot's keep after a keep of 2 tickets and of 3
    answer = ponder.answer(after, "normal")
    assert answer is not None
    after.apply(answer)
    assert ponder.answer(after, "normal") is None and not ponder.answers  # passed: forgotten


def test_nothing_is_pondered_off_the_setup_or_on_a_bots_turn() -> None:
    # On the bot's own turn there is nothing to think ahead of.
    game = Game.new("usa", players=2, seed=3)
    game.apply(game.legal_actions()[0])
    assert Ponder().step(game, {1: "normal"}, 0.0) is False
    # In the main game neither.
    while game.phase.startswith("setup_"):
        game.apply(bot_action(game, "normal"))
    assert game.current_player == 0
    assert Ponder().step(game, {1: "normal"}, 0.0) is False


def test_a_bot_call_drops_an_unfinished_search_and_pondering_starts_it_again() -> None:
    gid = call("new_game", variant="usa", players=2, seed=8)["game_id"]
    first = call("ponder", game_id=gid, bots=[None, "hard"], max_seconds=0)
    assert first["more"] and first["answers"] == 0
    call("hint", game_id=gid, player=0, bot="normal")  # runs a bot: the half-done search is dropped
    ponder_all(gid, [None, "hard"])
    game = Game.new("usa", players=2, seed=8)
    keep = game.legal_actions()[-1]
    call("apply", game_id=gid, action=keep.text(), seat=0)
    res = call("bot_move", game_id=gid, bot="hard", player=0)
    assert res["pondered"]
    assert res["applied"] == bot_action(game.apply(keep), "hard").text()


def test_bad_ponder_arguments_are_refused_clearly() -> None:
    gid = call("new_game", variant="usa", players=2, seed=3)["game_id"]
    assert "each of the 2 seats" in error("ponder", game_id=gid, bots=["hard"])["message"]
    assert "each of the 2 seats" in error("ponder", game_id=gid, bots=[None, 3])["message"]
    assert "max_seconds" in error("ponder", game_id=gid, bots=[None, "hard"], max_seconds=-1)["message"]
    assert "no game" in error("ponder", game_id="nope", bots=[None, "hard"])["message"]
    assert "likely must be" in error("ponder", game_id=gid, bots=[None, "hard"], likely=3)["message"]
    # A likely choice that is not legal is only a wrong guess: pondering goes on without it.
    assert (
        call("ponder", game_id=gid, bots=[None, "normal"], likely="keep nothing", max_seconds=0)["answers"]
        == 1
    )
    assert "unknown bot 'nobody'" in error("ponder", game_id=gid, bots=[None, "nobody"])["message"]


def test_the_persons_choice_so_far_is_worked_out_first() -> None:
    """Every bot after the choice the person has ticked comes before the other choices' bots, and
    a half-done search for another choice is dropped when the person turns to a new one."""
    game = Game.new("usa", players=3, seed=12)
    keeps = game.legal_actions()
    two, three = keeps[0], keeps[-1]
    assert len(two.text().split()) == 3 and len(three.text().split()) == 4  # keep 2 / keep 3
    ponder = Ponder()
    ponder.step(game, {1: "normal", 2: "normal"}, 0.0, likely=three)
    ponder.step(game, {1: "normal", 2: "normal"}, 0.0, likely=three)
    after = game.clone().apply(three)
    first = ponder.answer(after, "normal")
    assert first is not None
    assert ponder.answer(after.apply(first), "normal") is not None  # both bots after "keep 3"
    assert ponder.answer(game.clone().apply(two), "normal") is None  # not yet those after "keep 2"

    search = Ponder()
    search.step(game, {1: "hard", 2: "hard"}, 0.0, likely=two)
    assert search.job is not None and search.job.scenario == _scenario_of(game, two)
    search.step(game, {1: "hard", 2: "hard"}, 0.0, likely=three)
    assert search.job is not None and search.job.scenario == _scenario_of(game, three)
    assert not search.answers


def _scenario_of(game: Game, option: Action) -> str:
    from pyengine.bots.ponder import _scenario

    return _scenario(game, {1: "hard", 2: "hard"}, option)


def test_a_secret_piece_mix_is_pondered_whatever_the_person_picks() -> None:
    """Rails & Sails' piece mix is secret: the bots after the person see the same whatever mix
    they pick, so one set of answers serves every mix."""
    bots = {1: "normal", 2: "normal"}
    game = Game.new("world", players=3, seed=5)
    game.apply(game.legal_actions()[0])
    while game.current_player in bots:
        game.apply(bot_action(game, "normal"))
    assert game.phase == "setup_pieces" and game.current_player == 0
    mixes = game.legal_actions()
    assert len(mixes) > 4
    ponder = Ponder()
    while ponder.step(game, bots, 0.0):
        pass
    assert len(ponder.answers) == 2
    for mix in mixes:  # the first bot's answer fits every mix
        after = game.clone().apply(mix)
        assert ponder.answer(after, "normal") == bot_action(after, "normal")
    for _ in bots:  # and the second bot's follows it (answers passed are forgotten as it goes)
        pondered = ponder.answer(after, "normal")
        assert pondered is not None and pondered == bot_action(after, "normal")
        after.apply(pondered)


def test_a_helper_engine_works_ahead_and_the_bots_play_its_answers() -> None:
    """A helper engine with a copy of the game (loaded from its record) works on the second bot's
    keep, guessing the first bot's by its prior; the page's engine takes the answers and plays
    them where the guess held -- the moves the bots make without help."""
    bots: list[str | None] = [None, "hard", "hard"]
    gid = call("new_game", variant="usa", players=3, seed=21)["game_id"]
    helper = call("load", record=call("record", game_id=gid))["game_id"]
    first = call("ponder", game_id=helper, bots=bots, ahead=1, max_seconds=0)
    main_first = call("ponder_id", game_id=gid, bot="hard")  # the person's turn: not a bot's decision
    assert first["more"] and first["working"] not in (None, main_first["id"])
    while call("ponder", game_id=helper, bots=bots, ahead=1, max_seconds=0.05)["more"]:
        pass
    shared = call("ponder_answers", game_id=helper)["answers"]
    assert shared and all(set(a) == {"id", "ply", "action"} for a in shared)
    assert all(a["ply"] == 2 for a in shared)  # only the second bot's keeps: the first's are left
    assert call("ponder_learn", game_id=gid, answers=shared)["new"] == len(shared)
    assert call("ponder_learn", game_id=gid, answers=shared)["new"] == 0  # known already

    expected = Game.new("usa", players=3, seed=21)
    keep = expected.legal_actions()[0]
    expected.apply(keep)
    call("apply", game_id=gid, action=keep.text(), seat=0)
    made = call("bot_move", game_id=gid, bot="hard", player=0)
    assert not made["pondered"]  # the first bot's keep is the page engine's own work
    expected.apply(bot_action(expected, "hard"))
    assert made["applied"] == expected.actions[-1].text()
    ready = call("ponder_id", game_id=gid, bot="hard")
    assert ready["ready"] and ready["ply"] == 2
    second = call("bot_move", game_id=gid, bot="hard", player=0)
    assert second["pondered"]  # the helper's guess of the first bot's keep held
    assert second["applied"] == bot_action(expected, "hard").text()
    for game_id in (gid, helper):
        call("drop", game_id=game_id)


def test_a_learned_answer_is_played_only_where_it_fits() -> None:
    game = Game.new("usa", players=2, seed=8)
    keep = game.legal_actions()[0]
    after = game.clone().apply(keep)
    ponder = Ponder()
    from pyengine.bots.ponder import decision_id

    key = decision_id(after, "normal")
    claim = "draw"  # a move, but not one the keep allows
    assert ponder.learn(game, [{"id": key, "ply": 1, "action": claim}]) == 1
    assert ponder.answer(after, "normal") is None  # not legal there: the bot thinks for itself
    other = "0" * 32
    assert ponder.learn(game, [{"id": other, "ply": 1, "action": keep.text()}]) == 1
    assert ponder.answer(after, "normal") is None  # no decision has that id
    assert ponder.learn(after, [{"id": other, "ply": 0, "action": keep.text()}]) == 0  # passed


def test_a_wrong_guess_drops_the_work_that_followed_it() -> None:
    """A helper's search that rests on a guessed move stops once the real move is learned and
    differs; the work that does fit then starts."""
    game = Game.new("usa", players=3, seed=12)
    bots = {1: "hard", 2: "hard"}
    ponder = Ponder()
    ponder.step(game, bots, 0.0, ahead=1)
    job = ponder.job
    assert job is not None and len(job.guessed) == 1
    ((first, guess),) = job.guessed.items()
    ply = job.ply - 1
    assert ponder.learn(game, [{"id": first, "ply": ply, "action": guess.text()}]) == 1
    assert ponder.job is job  # the guess held: the work goes on
    after = game.clone().apply(game.legal_actions()[0])
    options = [a for a in after.legal_actions() if isinstance(a, KeepTickets)]
    assert isinstance(guess, KeepTickets)
    alike = next(a for a in options if a != guess and len(a.tickets) == len(guess.tickets))
    unlike = next(a for a in options if len(a.tickets) != len(guess.tickets))
    # Another keep of as many tickets shows the next bot the same: its decision still comes.
    assert ponder.learn(game, [{"id": first, "ply": ply, "action": alike.text()}]) == 0
    assert ponder.job is job
    # A keep of another size does not.
    assert ponder.learn(game, [{"id": first, "ply": ply, "action": unlike.text()}]) == 0
    assert ponder.job is None
    ponder.step(game, bots, 0.0, ahead=1)
    assert ponder.job is not None and ponder.job.key != job.key


def test_a_helper_drops_a_decision_the_page_engine_takes_up_and_goes_on_with_the_next() -> None:
    """A helper that has begun the second bot's keep, when the page's engine reaches that keep
    first and thinks it itself (``taken``), drops it and works on the third bot's: the decision is
    not worked out twice, and the helper's work is ready for the bot after."""
    game = Game.new("usa", players=4, seed=11)
    bots = {1: "hard", 2: "hard", 3: "hard"}
    ponder = Ponder()
    ponder.step(game, bots, 0.0, ahead=1)
    second = ponder.job
    assert second is not None and second.ply == 2  # the first bot's keep is guessed
    ponder.step(game, bots, 0.0, ahead=1, skip=frozenset({"0" * 32}))
    assert ponder.job is second  # another engine's work elsewhere: this one goes on
    ponder.step(game, bots, 0.0, ahead=1, taken=frozenset({second.key}))
    third = ponder.job
    assert third is not None and third.key != second.key and third.ply == 3
    assert second.key in third.guessed  # the second bot's keep is now guessed as well
    # Through the API: the page's engine passes what it works on, and the helper says what it took.
    gid = call("new_game", variant="usa", players=4, seed=11)["game_id"]
    names = [None, "hard", "hard", "hard"]
    first = call("ponder", game_id=gid, bots=names, ahead=1, max_seconds=0)["working"]
    assert first == second.key
    then = call("ponder", game_id=gid, bots=names, ahead=1, max_seconds=0, taken=[first])["working"]
    assert then == third.key
    call("drop", game_id=gid)


def test_bad_helper_arguments_are_refused_clearly() -> None:
    gid = call("new_game", variant="usa", players=2, seed=3)["game_id"]
    bots = [None, "hard"]
    assert "ahead must be" in error("ponder", game_id=gid, bots=bots, ahead=-1)["message"]
    assert "ahead must be" in error("ponder", game_id=gid, bots=bots, ahead=True)["message"]
    assert "skip must list" in error("ponder", game_id=gid, bots=bots, skip="abc")["message"]
    assert "skip must list" in error("ponder", game_id=gid, bots=bots, skip=["a"] * 17)["message"]
    assert "taken must list" in error("ponder", game_id=gid, bots=bots, taken=[1])["message"]
    assert "taken must list" in error("ponder", game_id=gid, bots=bots, taken=None)["message"]
    good = {"id": "a" * 32, "ply": 1, "action": "draw"}
    assert "a list of at most 64" in error("ponder_learn", game_id=gid, answers={"id": 1})["message"]
    assert "a list of at most 64" in error("ponder_learn", game_id=gid, answers=[good] * 65)["message"]
    for bad, words in [
        ({"id": "a" * 32, "ply": 1}, "exactly id, ply and action"),
        ({**good, "extra": 1}, "exactly id, ply and action"),
        ({**good, "id": "A" * 32}, "decision id"),
        ({**good, "id": 5}, "decision id"),
        ({**good, "ply": -1}, "move number"),
        ({**good, "ply": 1.5}, "move number"),
        ({**good, "action": ""}, "not a move"),
        ({**good, "action": 7}, "not a move"),
    ]:
        assert words in error("ponder_learn", game_id=gid, answers=[bad])["message"], bad
    batch = [{**good, "id": f"{i:032x}"} for i in range(64)]
    for first in range(0, 256, 64):
        call(
            "ponder_learn",
            game_id=gid,
            answers=[{**a, "id": f"{first + i:032x}"} for i, a in enumerate(batch)],
        )
    assert call("ponder_learn", game_id=gid, answers=batch)["new"] == 0  # known ones still fit
    fresh = [{**good, "id": "f" * 32}]
    assert "at most 256 pondered answers" in error("ponder_learn", game_id=gid, answers=fresh)["message"]
    assert "no game" in error("ponder_answers", game_id="nope")["message"]
    assert "no game" in error("ponder_id", game_id="nope")["message"]


def test_a_half_done_pondered_search_is_finished_by_the_bots_move() -> None:
    """A person who chooses before the bot's search is done does not throw the work away: the
    bot's move finishes that search (the same move as a search from scratch), and a search for
    another decision is dropped."""
    start = Game.new("usa", players=2, seed=8)
    keep = start.legal_actions()[-1]
    gid = call("new_game", variant="usa", players=2, seed=8)["game_id"]
    for _ in range(3):
        assert call("ponder", game_id=gid, bots=[None, "hard"], likely=keep.text(), max_seconds=0)["more"]
    call("apply", game_id=gid, action=keep.text(), seat=0)
    res = call("bot_move", game_id=gid, bot="hard", player=0)
    assert res["pondered"]
    assert res["applied"] == bot_action(start.clone().apply(keep), "hard").text()

    other = next(a for a in start.legal_actions() if len(a.text().split()) != len(keep.text().split()))
    gid = call("new_game", variant="usa", players=2, seed=8)["game_id"]
    call("ponder", game_id=gid, bots=[None, "hard"], likely=keep.text(), max_seconds=0)
    call("apply", game_id=gid, action=other.text(), seat=0)  # the search was for the other keep
    res = call("bot_move", game_id=gid, bot="hard", player=0)
    assert not res["pondered"]
    assert res["applied"] == bot_action(start.clone().apply(other), "hard").text()
