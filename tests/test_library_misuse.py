"""What a Python user can get wrong with the library and the CLI (found by a user's audit): each
is one of the engine's own errors with a message that says what to do, never a traceback from
deep inside, and a file is refused after reading only as much as a record may hold."""

from __future__ import annotations

import json
import signal
from pathlib import Path

import pytest

from pyengine import cli, links
from pyengine.actions import ClaimRoute, TakeCard
from pyengine.bots import bot_action, bot_comparison, bot_ranking
from pyengine.bots import report as bot_report
from pyengine.bots.tournament import worker_pool
from pyengine.boundary import MAX_JSON_CHARS
from pyengine.errors import (
    EngineError,
    IllegalActionError,
    InvalidActionError,
    LinkError,
    RecordError,
    SettingsError,
)
from pyengine.game import Game
from pyengine.notation import parse_action
from pyengine.record import replay
from pyengine.simulate import bench, simulate


def _finished(variant: str = "usa") -> Game:
    game = Game.new(variant, players=2, seed=3)
    while not game.is_over:
        game.apply(bot_action(game, "random"))
    return game


@pytest.mark.parametrize("bot", ["random", "easy", "hard"])
def test_a_bot_asked_about_a_finished_game_says_so(bot: str) -> None:
    game = _finished()
    with pytest.raises(IllegalActionError, match="the game is over"):
        bot_action(game, bot)
    with pytest.raises(IllegalActionError, match="the game is over"):
        bot_ranking(game, bot)
    with pytest.raises(IllegalActionError, match="the game is over"):
        bot_comparison(game, bot, (game.actions[0], game.actions[1]), 2)


def test_seats_events_and_actions_of_the_wrong_kind_are_refused() -> None:
    game = Game.new("usa", players=2, seed=1)
    for bad in (None, 5, 2.5, ["draw"]):
        with pytest.raises(InvalidActionError, match="an action is an Action or its text"):
            game.apply(bad)  # type: ignore[arg-type]
    for seat in ("0", 2, -1, 5, True):
        with pytest.raises(EngineError, match="there is no seat"):
            game.view(seat)  # type: ignore[arg-type]
    assert game.view(None)["you"] is None and game.view(1)["you"] == 1
    game.apply(game.legal_actions()[0])
    assert game.event(0, 0)["action"] == game.actions[0].text()
    assert game.event(-1, 0) == game.event(0, 0)
    for index in (1, -2, "0", 999):
        with pytest.raises(EngineError, match="there is no event"):
            game.event(index, 0)  # type: ignore[arg-type]
    with pytest.raises(EngineError, match="there is no seat"):
        game.event(0, 7)


def test_a_record_or_link_is_made_only_of_what_reads_back() -> None:
    game = Game.new("usa", players=2, seed=1)
    for meta in ("Anna vs Bot", [1], 3):
        with pytest.raises(RecordError, match="meta is an object"):
            game.record(meta)  # type: ignore[arg-type]
        with pytest.raises(RecordError, match="meta is an object"):
            links.game_link(game, meta)  # type: ignore[arg-type]
    rec = game.record({"title": "Anna vs Bot"})
    assert replay(rec).record({"title": "Anna vs Bot"}) == rec
    for bad in (None, "usa", rec):
        with pytest.raises(EngineError, match="a link is made from a Game"):
            links.deal_link(bad)  # type: ignore[arg-type]
        with pytest.raises(EngineError, match="a link is made from a Game"):
            links.game_link(bad)  # type: ignore[arg-type]
    for seats in ("x", [1], [{}] * 9):
        with pytest.raises(EngineError, match="the seats are a list"):
            links.deal_link(game, seats)  # type: ignore[arg-type]
    seats = [{"name": "Anna", "kind": "human"}]
    assert links.decode_link(links.deal_link(game, seats))["record"]["meta"]["seats"] == seats
    assert issubclass(LinkError, EngineError) and LinkError.area == "link"


def test_card_names_read_in_any_case_and_keeps_say_the_order() -> None:
    assert parse_action("take 0 GREEN") == TakeCard(0, "green")
    assert parse_action("claim DEN-KC-1 3BLACK 1Loco") == ClaimRoute("DEN-KC-1", (("black", 3), ("loco", 1)))
    game = Game.new("usa", players=2, seed=1)
    first, second = game.legal_actions()[0].text().split()[1:]
    with pytest.raises(IllegalActionError, match="in the order they were offered"):
        game.apply(f"keep {second} {first}")
    game.apply(f"keep {first} {second}")


def test_simulate_refuses_a_seed_whose_games_no_record_can_carry(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    big = 2**64 // 1_000_003
    with pytest.raises(SettingsError, match=r"the seed \d+ is too large"):
        simulate("usa", 2, 1, seed=big + 1, records=tmp_path)
    with pytest.raises(SettingsError, match="too large"):
        simulate("usa", 2, 3, seed=-big - 1)
    assert not list(tmp_path.iterdir())  # refused before any game or file
    assert cli.main(["simulate", "--seed", str(big + 1), "--games", "1", "--players", "2"]) == 2
    assert "too large" in capsys.readouterr().err
    # The largest seed that fits writes a record that replays.
    simulate("usa", 2, 1, seed=big - 1, records=tmp_path)
    (record,) = tmp_path.iterdir()
    assert replay(record.read_text()).settings.seed == (big - 1) * 1_000_003


def test_replay_reads_no_more_than_a_record_may_hold(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    huge = tmp_path / "huge.railtrip.json"
    huge.write_bytes(b" " * (MAX_JSON_CHARS + 1))
    assert cli.main(["replay", str(huge)]) == 2
    assert "far too long" in capsys.readouterr().err
    assert cli.main(["replay", "/dev/zero"]) == 2  # an endless stream: refused after the limit
    assert "far too long" in capsys.readouterr().err
    (tmp_path / "utf16.json").write_bytes("{}".encode("utf-16"))
    assert cli.main(["replay", str(tmp_path / "utf16.json")]) == 2
    assert "cannot read the record" in capsys.readouterr().err
    fine = tmp_path / "fine.json"
    fine.write_text(json.dumps(Game.new("usa", players=2, seed=1).record()))
    assert cli.main(["replay", str(fine)]) == 0


def test_bench_measures_every_game_and_refuses_no_time(capsys: pytest.CaptureFixture[str]) -> None:
    for seconds in (0, -1, float("nan"), True):
        with pytest.raises(SettingsError, match="time per measurement"):
            bench(seconds)
    assert cli.main(["bench", "--seconds", "0"]) == 2
    assert "time per measurement" in capsys.readouterr().err
    figures = bench(0.01)
    for game in ("usa", "world", "cardgame"):
        assert figures[f"{game}_random_games_per_second_2p"] > 0
        assert figures[f"{game}_legal_action_lists_per_second"] > 0


def test_worker_processes_leave_ctrl_c_to_the_parent() -> None:
    """A tournament's or tuner's workers ignore SIGINT: the parent stops them and prints one
    'interrupted' (each worker printed a traceback of its own)."""
    pool = worker_pool(2)
    try:
        assert pool.apply(signal.getsignal, (signal.SIGINT,)) == signal.SIG_IGN
    finally:
        pool.terminate()
    assert signal.getsignal(signal.SIGINT) != signal.SIG_IGN


def test_the_report_says_what_is_wrong_with_its_results_folder(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    missing = tmp_path / "nowhere"
    assert bot_report.main(["check", "--results", str(missing)]) == 2
    assert "no results folder" in capsys.readouterr().err
    tmp_path.joinpath("usa-2p-hard-vs-easy.json").write_text("{broken")
    assert bot_report.main(["check", "--results", str(tmp_path)]) == 2
    assert "is not a results cell" in capsys.readouterr().err
    tmp_path.joinpath("usa-2p-hard-vs-easy.json").unlink()
    assert bot_report.main(["check", "--results", str(tmp_path)]) == 2
    assert "no stored cell" in capsys.readouterr().err
