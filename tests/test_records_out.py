"""Game records out of the CLI (``--records DIR`` on ``simulate`` and ``tournament``): every game
played is written as a record that replays to the same game, with its seats' bots named, so a
person who studies the bots can watch any game in the page or read it with ``replay``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pyengine.bots.tournament import game_seed, run_tournament
from pyengine.cli import main
from pyengine.errors import EngineError
from pyengine.record import replay
from pyengine.simulate import simulate


def _records(directory: Path) -> dict[str, dict]:
    return {p.name: json.loads(p.read_text(encoding="utf-8")) for p in sorted(directory.iterdir())}


def test_a_tournament_writes_every_game_as_a_record_that_replays_it(tmp_path: Path) -> None:
    out = tmp_path / "games"  # made by the run
    result = run_tournament("usa", 3, ["normal", "easy"], 3, seed=21, records=out)
    records = _records(out)
    assert list(records) == [f"usa-3p-21-{g:05d}.railtrip.json" for g in range(3)]
    wins = {"normal": 0.0, "easy": 0.0}
    for g, record in enumerate(records.values()):
        assert record["seed"] == game_seed(21, g) and record["meta"]["tournament"] == {"seed": 21, "game": g}
        seats = record["meta"]["seats"]
        bots = [s["bot"] for s in seats]
        assert sorted(bots) == ["easy", "easy", "normal"] and bots.index("normal") == (-g) % 3  # rotated
        assert [s["name"] for s in seats if s["bot"] == "easy"] == ["easy 1", "easy 2"]
        game = replay(record)
        assert game.is_over
        winners = [sc for sc in game.scores() if sc["winner"]]
        for sc in winners:
            wins[bots[sc["seat"]]] += 1 / len(winners)
    assert wins["normal"] == result["entries"][0]["wins"]
    assert wins["easy"] == result["entries"][1]["wins"] + result["entries"][2]["wins"]


def test_records_are_the_same_from_one_process_or_two(tmp_path: Path) -> None:
    run_tournament("cardgame", 2, ["normal", "easy"], 4, seed=3, records=tmp_path / "one")
    run_tournament("cardgame", 2, ["normal", "easy"], 4, seed=3, records=tmp_path / "two", jobs=2)
    one, two = _records(tmp_path / "one"), _records(tmp_path / "two")
    assert len(one) == 4 and one == two


def test_simulate_writes_random_and_bot_games_without_changing_them(tmp_path: Path) -> None:
    plain = simulate("world", 2, 2, seed=4)
    kept = simulate("world", 2, 2, seed=4, records=tmp_path / "random")
    assert {k: v for k, v in kept.items() if k not in ("seconds", "games_per_second")} == {
        k: v for k, v in plain.items() if k not in ("seconds", "games_per_second")
    }
    records = _records(tmp_path / "random")
    assert list(records) == [f"world-2p-{4 * 1_000_003 + i}.railtrip.json" for i in range(2)]
    mean = sum(sum(sc["total"] for sc in replay(r).scores()) / 2 for r in records.values()) / 2
    assert mean == pytest.approx(plain["mean_score"], abs=0.01)
    assert all(replay(r).is_over for r in records.values())
    assert [s["bot"] for s in next(iter(records.values()))["meta"]["seats"]] == ["random", "random"]
    simulate("usa", 2, 1, seed=9, bots=["easy", "normal"], records=tmp_path / "bots")
    (record,) = _records(tmp_path / "bots").values()
    assert [s["name"] for s in record["meta"]["seats"]] == ["easy", "normal"] and replay(record).is_over


def test_a_records_path_that_cannot_be_a_directory_is_refused_before_any_game(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    taken = tmp_path / "taken.json"
    taken.write_text("{}")
    with pytest.raises(EngineError, match="it is a file, not a directory"):
        run_tournament("usa", 2, ["normal", "easy"], 2, seed=1, records=taken)
    code = main(["simulate", "--games", "1", "--records", str(taken / "below")])
    assert code == 2 and "cannot write records to" in capsys.readouterr().err
    code = main(["tournament", "--bots", "easy,random", "--games", "1", "--records", str(taken), "--json"])
    err = capsys.readouterr()
    assert code == 2 and "it is a file" in err.err and err.out == ""  # no result: no game was played
    assert taken.read_text() == "{}"


def test_a_run_never_overwrites_a_record_it_would_write(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Two runs into one directory: another seed's records go beside the first run's; a run
    that would write a name already there (another line-up on the same seed) is refused before
    any game, and the records there stay as they were."""
    run_tournament("cardgame", 2, ["normal", "easy"], 2, seed=3, records=tmp_path)
    first = _records(tmp_path)
    run_tournament("cardgame", 2, ["normal", "easy"], 1, seed=4, records=tmp_path)
    assert len(_records(tmp_path)) == 3
    with pytest.raises(EngineError, match=r"already holds cardgame-2p-3-00000\.railtrip\.json and 1 more"):
        run_tournament("cardgame", 2, ["hard", "random"], 3, seed=3, records=tmp_path)
    code = main(
        [
            "tournament",
            "--variant",
            "cardgame",
            "--bots",
            "random,easy",
            "--games",
            "1",
            "--seed",
            "3",
            "--records",
            str(tmp_path),
            "--json",
        ]
    )
    err = capsys.readouterr()
    assert code == 2 and "never overwritten" in err.err and err.out == ""
    simulate("cardgame", 2, 1, seed=5, records=tmp_path)
    with pytest.raises(EngineError, match=r"already holds cardgame-2p-5000015\.railtrip\.json;"):
        simulate("cardgame", 2, 1, seed=5, bots=["easy"], records=tmp_path)
    after = _records(tmp_path)
    assert len(after) == 4 and all(after[name] == record for name, record in first.items())


def test_the_cli_writes_records_the_replay_command_reads(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "t"
    assert (
        main(
            [
                "tournament",
                "--bots",
                "easy,random",
                "--games",
                "2",
                "--seed",
                "8",
                "--records",
                str(out),
                "--json",
            ]
        )
        == 0
    )
    capsys.readouterr()
    files = sorted(out.iterdir())
    assert len(files) == 2
    assert main(["replay", str(files[1]), "--json"]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["over"] and summary["players"] == 2
    assert [s["name"] for s in summary["scores"]] == ["random", "easy"]  # game 1: seats rotated
    assert main(["replay", str(files[0])]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[1].startswith("  seat 0 (easy):") and lines[2].startswith("  seat 1 (random):")
    totals = [int(line.split(":")[1].split()[0]) for line in lines[1:]]
    assert totals == [sc["total"] for sc in replay(json.loads(files[0].read_text())).scores()]


def test_replay_prints_a_records_names_cleaned_and_skips_what_is_not_a_name(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    run_tournament("cardgame", 3, ["easy", "random"], 1, seed=2, records=tmp_path)
    (path,) = tmp_path.iterdir()
    record = json.loads(path.read_text())
    record["meta"] = {"seats": [{"name": "\x1b[31mEve\x07" + "x" * 100}, {"name": 7}, "Bob"]}
    path.write_text(json.dumps(record))
    assert main(["replay", str(path), "--json"]) == 0
    scores = json.loads(capsys.readouterr().out)["scores"]
    assert scores[0]["name"] == "[31mEve" + "x" * 33  # no control characters, 40 at most
    assert "name" not in scores[1] and "name" not in scores[2]
    assert main(["replay", str(path)]) == 0
    out = capsys.readouterr().out
    assert "\x1b" not in out and "seat 1:" in out and "big cities" in out and "routes" not in out


@pytest.mark.parametrize(
    ("variant", "options"), [("usa", {"tickets": "1910"}), ("usa", {}), ("world", {}), ("cardgame", {})]
)
def test_replay_shows_every_part_of_a_total(
    variant: str, options: dict, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The parts `replay` prints for a seat add up to its total, in every game and way of play."""
    simulate(variant, 3, 1, seed=5, bots=["normal"], options=options, records=tmp_path)
    (path,) = tmp_path.iterdir()
    assert main(["replay", str(path)]) == 0
    for line in capsys.readouterr().out.splitlines()[1:]:
        total = int(line.split(":")[1].split()[0])
        inside = line[line.index("(", line.index(":")) + 1 : line.rindex(")")]
        parts = 0
        for part in inside.split(", "):
            words = part.split()
            if words[0] == "routes":
                parts += int(words[1])
            elif words[0] == "tickets":
                parts += int(words[1]) + int(words[2])
            elif words[0] == "longest":
                parts += int(words[3].strip("(+)"))
            else:
                parts += int(words[-1])
        assert parts == total, line
