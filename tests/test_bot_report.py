"""The results report: its plan covers every game and player count; cells render to tables."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pyengine.bots import report


def run_two_games(tmp_path: Path, opponent: str, *extra: str) -> Path:
    """``report run`` of a 2-game cell, classic, 2 players, normal against ``opponent`` (``extra``:
    more options); returns the results folder."""
    results = tmp_path / "results"
    cell = ["--variant", "usa", "--players", "2", "--bot", "normal", "--opponent", opponent]
    out = ["--games", "2", *extra, "--results", str(results), "--out", str(tmp_path)]
    assert report.main(["run", *cell, *out]) == 0
    return results


def test_plan_covers_every_game_both_player_counts_and_the_ladder() -> None:
    cells = report.plan()
    for variant in report.VARIANTS:
        for players in (2, 4):
            mine = [c for c in cells if c[0] == variant and c[1] == players]
            assert (variant, players, "hard", "random") in mine
            assert (variant, players, "normal", "easy") in mine
            assert (variant, players, "hard", "normal") in mine
    assert {"destination_hungry", "route_focus", "one_step_thinker", "long_route_junkie"} <= set(
        report.baselines("usa")
    )
    assert report.baselines("usa")[0] == "random"


def test_run_and_render_cells(tmp_path: Path) -> None:
    results = run_two_games(tmp_path, "easy")
    files = list(results.glob("*.json"))
    assert [f.name for f in files] == ["usa-2p-normal-vs-easy.json"]
    cell = json.loads(files[0].read_text())
    assert cell["games"] == 2 and 0 <= cell["win_rate"] <= 1 and cell["wins"] == 2 * cell["win_rate"]
    (tmp_path / "bots.md").write_text(f"# Bots\n\n{report.BEGIN}\nstale table\n{report.END}\n\nAfter.\n")
    assert report.main(["render", "--results", str(results), "--out", str(tmp_path)]) == 0
    page = (tmp_path / "bots.md").read_text()
    assert "stale table" not in page and "| normal | easy | 2 |" in page and page.endswith("After.\n")
    md = (tmp_path / "bots-results.md").read_text()
    assert "| normal | easy | 2 |" in md and "Classic" in md
    assert (tmp_path / "bots-chart.svg").read_text().startswith("<svg")


def test_tournament_in_processes_gives_the_same_results() -> None:
    from pyengine.bots.tournament import run_tournament

    one = run_tournament("usa", 2, ["normal", "easy"], 4, seed=11)
    two = run_tournament("usa", 2, ["normal", "easy"], 4, seed=11, jobs=2)
    strip = lambda r: {k: v for k, v in r.items() if k != "timing"}  # noqa: E731
    assert strip(one) == strip(two)
    assert two["timing"]["normal"]["decisions"] == one["timing"]["normal"]["decisions"]


def test_cells_on_another_seed_say_so(tmp_path: Path) -> None:
    results = run_two_games(tmp_path, "zombie", "--seed", "2026")
    assert json.loads((results / "usa-2p-normal-vs-zombie.json").read_text())["seed"] == 2026
    assert report.main(["render", "--results", str(results), "--out", str(tmp_path)]) == 0
    assert "| normal | zombie | 2 (seed 2026) |" in (tmp_path / "bots-results.md").read_text()


def test_cells_with_game_options_carry_them_and_render_apart(tmp_path: Path) -> None:
    results = run_two_games(tmp_path, "easy", "--seed", "1910", "--option", "tickets=mega")
    path = results / "usa+tickets=mega-2p-normal-vs-easy.json"
    cell = json.loads(path.read_text())
    assert cell["options"] == {"tickets": "mega"} and cell["command"].endswith("--option tickets=mega")
    plain = report.run_cell("usa", 2, "normal", "easy", 2, 1910)
    assert "options" not in plain and (plain["wins"], plain["score"]) != (cell["wins"], cell["score"])
    copied = dict(cell, options={"tickets": "1910"}, transcribed="figures of an earlier run")
    (results / "usa+tickets=1910-2p-normal-vs-easy.json").write_text(json.dumps(copied))
    assert report.main(["render", "--results", str(results), "--out", str(tmp_path)]) == 0
    md = (tmp_path / "bots-results.md").read_text()
    assert "**Game options**" in md and "| tickets=mega | 2 | normal | easy | 2 (seed 1910) |" in md
    # Copied figures are marked; ways sort in the variant's order (1910 before mega).
    assert md.index("| tickets=1910 | 2 | normal | easy | 2 (seed 1910) \u2021 |") < md.index(
        "| tickets=mega |"
    )
    assert "tickets=mega" in (tmp_path / "bots-chart.svg").read_text()


def test_check_says_which_cells_todays_bots_no_longer_reproduce(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A cell keeps its first game's fingerprint; ``check`` plays that game again."""
    results = run_two_games(tmp_path, "easy")
    cell_args = ["--variant", "usa", "--players", "2", "--bot", "normal", "--opponent", "easy"]
    path = results / "usa-2p-normal-vs-easy.json"
    cell = json.loads(path.read_text())
    assert len(cell["first_game"]) == 16
    capsys.readouterr()
    assert report.main(["check", *cell_args, "--results", str(results)]) == 0
    assert capsys.readouterr().out.split() == ["current", "usa-2p-normal-vs-easy.json"]
    # The same seed with other bots plays another first game.
    other = report.run_cell("usa", 2, "normal", "random", 1, 1)
    assert other["first_game"] != cell["first_game"]
    path.write_text(json.dumps({**cell, "first_game": other["first_game"]}))
    assert report.main(["check", *cell_args, "--results", str(results)]) == 1
    assert capsys.readouterr().out.split()[0] == "changed"
    path.write_text(json.dumps({k: v for k, v in cell.items() if k != "first_game"}))
    assert report.main(["check", *cell_args, "--results", str(results)]) == 0
    assert capsys.readouterr().out.split()[0] == "unknown"


@pytest.mark.parametrize(
    ("players", "opponent", "wins", "games", "verdict"),
    [
        (4, "zombie", 176, 260, "yes"),  # 67.7%, 61.8-73.1
        (4, "route_focus", 25, 40, "not sure"),  # 62.5%, lower end 47.0: too few games
        (4, "route_focus", 148, 260, "no"),  # 56.9%
        (2, "route_focus", 812, 1000, "yes"),  # 81.2%, lower end 78.7
        (2, "normal", 23, 40, "not sure"),  # 57.5%: the interval includes 50%
        (2, "normal", 138, 200, "yes"),
    ],
)
def test_a_target_is_met_only_with_enough_games(
    players: int, opponent: str, wins: int, games: int, verdict: str
) -> None:
    from pyengine.bots.tournament import wilson

    cell = {
        "bot": "hard",
        "opponent": opponent,
        "players": players,
        "win_rate": wins / games,
        "ci95": list(wilson(wins, games)),
    }
    assert report.met(cell) == verdict
