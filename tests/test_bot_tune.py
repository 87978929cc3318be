"""The self-play tuner (pyengine/bots/tune.py): SPSA improves a toy objective, a run is
deterministic and resumable, and training games never use a measuring seed."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from pyengine.bots import tune
from pyengine.bots.tournament import GAME_SEED_STRIDE, TRAINING_SEED_BASE, run_tournament
from pyengine.errors import EngineError
from pyengine.rng import Rng

TARGET = [0.8, 0.2, 0.65]


def toy_objective(plus: list[float], minus: list[float], k: int) -> tuple[float, float, dict[str, Any]]:
    """A noisy concave objective with its best point at TARGET; the noise is paired (the same for
    both sides of an iteration), as the game objective's shared deals are."""
    noise = Rng.derive(99, k).random() * 0.2

    def f(x: list[float]) -> float:
        return noise - sum((a - b) ** 2 for a, b in zip(x, TARGET))

    return f(plus), f(minus), {}


def toy_header(seed: int = 3) -> dict[str, Any]:
    return {
        "subject": "toy",
        "start_units": [0.2, 0.7, 0.3],
        "seed": seed,
        "spsa": {"a": 0.3, "c": 0.1, "big_a": 5.0},
    }


def distance(x: list[float]) -> float:
    return sum((a - b) ** 2 for a, b in zip(x, TARGET)) ** 0.5


def test_spsa_moves_a_toy_objective_towards_its_best_point(tmp_path: Path) -> None:
    records = tune.optimise(toy_header(), tmp_path / "toy.jsonl", 80, toy_objective)
    start = toy_header()["start_units"]
    fitted = tune.averaged(records)
    assert distance(fitted) < 0.25 * distance(start)


def test_a_run_is_deterministic_and_resumes_where_it_stopped(tmp_path: Path) -> None:
    whole = tmp_path / "whole.jsonl"
    cut = tmp_path / "cut.jsonl"
    tune.optimise(toy_header(), whole, 12, toy_objective)
    tune.optimise(toy_header(), cut, 5, toy_objective)
    with cut.open("a", encoding="utf-8") as fh:  # a run killed while writing a line
        fh.write('{"k": 5, "theta": [0.1')
    tune.optimise(toy_header(), cut, 12, toy_objective)
    assert cut.read_text(encoding="utf-8") == whole.read_text(encoding="utf-8")
    other = tmp_path / "other.jsonl"
    tune.optimise(toy_header(seed=4), other, 12, toy_objective)
    assert other.read_text(encoding="utf-8") != whole.read_text(encoding="utf-8")


def test_a_log_of_other_settings_is_not_resumed(tmp_path: Path) -> None:
    log = tmp_path / "run.jsonl"
    tune.optimise(toy_header(), log, 2, toy_objective)
    with pytest.raises(SystemExit):
        tune.optimise(toy_header(seed=5), log, 4, toy_objective)


class RecordingRunner(tune.Runner):
    """Plays nothing: records the game jobs and answers a share that favours larger piece slack."""

    def __init__(self) -> None:
        super().__init__(1)
        self.jobs: list[tune.GameJob] = []

    def play(self, jobs: Any) -> list[float]:
        self.jobs += list(jobs)
        return [dict(j[1])["piece_slack"] / 15 for j in jobs]


def test_training_deals_never_use_a_measuring_seed_and_are_paired(tmp_path: Path) -> None:
    runner = RecordingRunner()
    cells = tune.panel_cells(["zombie", "long_route_junkie"], [2, 4])
    objective = tune.game_objective("world-normal", cells, 2, 7, runner)
    header = tune.run_header("world-normal", cells, 2, 7, tune.Spsa())
    records = tune.optimise(header, tmp_path / "seeds.jsonl", 3, objective)
    # Measuring seeds are below TRAINING_SEED_BASE, so their games lie below this bound.
    lowest_training_game = TRAINING_SEED_BASE * GAME_SEED_STRIDE
    seeds = [job[4] for job in runner.jobs]
    assert min(seeds) >= lowest_training_game
    measured = [json.loads(p.read_text(encoding="utf-8")) for p in Path("docs/results").glob("*.json")]
    assert measured and all(c["seed"] < TRAINING_SEED_BASE for c in measured)
    # Each iteration: theta+ and theta- play the same deals at the same rotations.
    per_iteration = len(runner.jobs) // 3
    first = runner.jobs[:per_iteration]
    half = len(first) // 2
    assert [j[2:] for j in first[:half]] == [j[2:] for j in first[half:]]
    # Every deal at every seat rotation: 2 + 4 rotations per deal, 2 deals a cell.
    assert sorted({(j[2], j[3], j[5]) for j in first}) == sorted(
        {(o, p, r) for o, p in cells for r in range(p)}
    )
    # The recorded share grows with piece_slack, so SPSA must raise it.
    assert records[-1]["theta_next"][0] > header["start_units"][0]


def test_measuring_refuses_training_seeds() -> None:
    with pytest.raises(EngineError):
        run_tournament("usa", 2, ["random", "random"], 1, seed=TRAINING_SEED_BASE)
    with pytest.raises(EngineError):
        tune.compare("world-normal", {}, [("zombie", 2)], 1, TRAINING_SEED_BASE + 5, tune.Runner(1))
    assert tune.training_seed(0, 0) == TRAINING_SEED_BASE


def test_subjects_start_from_the_levels_hand_set_values() -> None:
    from pyengine.bots import get_variant_bot

    for name, level in (("world-normal", "normal"), ("usa-normal", "normal")):
        s = tune.subject(name)
        bot = get_variant_bot(s.variant, level)
        params = getattr(bot.policy, "sp", None) or bot.policy.params
        assert params == s.base
        assert all(k.low <= v <= k.high for k, v in zip(s.knobs, s.start().values()))


@pytest.mark.parametrize("name", ["world-normal", "cardgame-hard-planner"])
def test_values_fitted_at_many_players_start_a_many_player_run_and_tuned_values_replace_them(
    name: str,
) -> None:
    """Levels that play other values at 3+ players (``many_players``): a run at 4 players
    starts from those, a 2-player run from the 2-player ones, and tuned values hold at every
    player count (their overrides are dropped; the other overrides stay)."""
    s = tune.subject(name)
    over = dict(s.base.many_players)
    knob = next(k.name for k in s.knobs if k.name in over)
    assert tune.run_header(name, [("zombie", 4)], 1, 1, tune.Spsa())["start"][knob] == over[knob]
    assert tune.run_header(name, [("zombie", 2)], 1, 1, tune.Spsa())["start"][knob] == getattr(s.base, knob)
    assert over[knob] != getattr(s.base, knob)
    tuned = s.params({knob: over[knob]})
    assert knob not in dict(tuned.many_players)
    assert set(dict(tuned.many_players)) == set(over) - {knob}


def test_one_real_iteration_plays_paired_games() -> None:
    cells = tune.panel_cells(["zombie"], [2])
    objective = tune.game_objective("world-normal", cells, 1, 0, tune.Runner(1))
    start = tune.run_header("world-normal", cells, 1, 0, tune.Spsa())["start_units"]
    rec = tune.spsa_step(start, 0, 0, tune.Spsa(), objective)
    assert rec["games"] == 4 and rec["seed"] == TRAINING_SEED_BASE
    assert set(rec["cells_plus"]) == {"zombie@2"}
    assert all(0.0 <= rec[f] <= 1.0 for f in ("f_plus", "f_minus"))


def test_compare_plays_the_games_of_a_report_cell() -> None:
    from pyengine.bots.report import run_cell

    cell = run_cell("world", 4, "normal", "zombie", 4, 3)
    rows = tune.compare(
        "world-normal",
        tune.subject("world-normal").start(many_players=True),
        [("zombie", 4)],
        4,
        3,
        tune.Runner(1),
    )
    assert rows[0]["current"]["win_rate"] == rows[0]["fitted"]["win_rate"] == cell["win_rate"]
    assert 0 < cell["win_rate"] < 1 and rows[0]["diff"] == 0.0  # seed 3: one win in four


def test_a_run_may_tune_some_fields_only() -> None:
    header = tune.run_header(
        "world-normal", [("zombie", 2)], 1, 0, tune.Spsa(), ["turn_value", "piece_slack"]
    )
    assert [k[0] for k in header["knobs"]] == ["piece_slack", "turn_value"]
    from pyengine.bots.world.params import NORMAL_PARAMS

    assert header["start"] == {
        "piece_slack": NORMAL_PARAMS.piece_slack,
        "turn_value": NORMAL_PARAMS.turn_value,
    }
    with pytest.raises(SystemExit):
        tune.chosen_knobs("world-normal", ["no_such_field"])


def test_each_games_policy_plays_its_many_player_values_only_there() -> None:
    """``many_players`` overrides reach the classic filler policy at 3+ players and the card
    game's planner in a game with a second half (4 players), never the 2-player game."""
    from types import SimpleNamespace
    from typing import cast

    from pyengine.bots.cardgame.planner import NORMAL_CARD_PARAMS, Planner
    from pyengine.bots.usa.board_model import Situation
    from pyengine.bots.usa.filler_planner import HARD_PARAMS, FillerPolicy
    from pyengine.game import Game

    filler = FillerPolicy(replace(HARD_PARAMS, many_players=(("train_value", 1.25),)))
    for players, value in ((2, HARD_PARAMS.train_value), (3, 1.25), (4, 1.25)):
        sit = cast(Situation, SimpleNamespace(players=players))
        assert filler.at(sit).sp.train_value == value
    planner = Planner(
        Game.new("cardgame", players=2).variant,
        replace(NORMAL_CARD_PARAMS, many_players=(("raid_value", 4.5),)),
    )
    for players, value in ((2, NORMAL_CARD_PARAMS.raid_value), (3, NORMAL_CARD_PARAMS.raid_value), (4, 4.5)):
        assert planner.at(Game.new("cardgame", players=players, seed=1).state).params.raid_value == value


def test_an_override_subject_tunes_only_its_nested_set() -> None:
    """The long-claims subject starts from the values hard plays at 3+ players and puts a tuned
    value into ``long_claims`` (inside ``many_players``), leaving every other value as it is."""
    from pyengine.bots.tune_subjects import subject
    from pyengine.bots.world.hard import HARD_PARAMS

    s = subject("world-hard-planner-long-claims")
    many = dict(HARD_PARAMS.many_players)
    start = s.start(True)
    assert start["long_claims.filler_weight"] == many["filler_weight"]
    assert start["long_claims.turn_value"] == HARD_PARAMS.turn_value
    params = s.params({"long_claims.turn_value": 7.25, "long_claims.harbor_cards": 0.5})
    tuned = dict(params.many_players)
    assert dict(tuned.pop("long_claims")) == {
        **dict(many.get("long_claims", ())),
        "turn_value": 7.25,
        "harbor_cards": 0.5,
    }
    assert tuned == {k: v for k, v in many.items() if k != "long_claims"}
    assert replace(params, many_players=HARD_PARAMS.many_players) == HARD_PARAMS


def test_the_subjects_command_lists_every_subject_with_its_starting_values(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Override subjects (knobs named ``<set>.<field>``) are listed too, and the values a level
    plays at 3+ players show on a line of their own."""
    from pyengine.bots.tune_subjects import SUBJECTS

    assert tune.main(["subjects"]) == 0
    out = capsys.readouterr().out
    for name in SUBJECTS:
        assert any(line.startswith(name + " ") for line in out.splitlines())
    assert "long_claims.turn_value=" in out
    from pyengine.bots.usa.filler_planner import HARD_PARAMS

    lines = out.splitlines()
    row = lines[next(i for i, line in enumerate(lines) if line.startswith("usa-hard ")) + 1]
    at_many = [word.rstrip(",") for word in row.split()]
    assert at_many[0] == "3+"
    assert f"filler_guide={dict(HARD_PARAMS.many_players)['filler_guide']}" in at_many


def test_the_classic_hard_subject_plays_its_values_in_its_moves_and_its_playouts() -> None:
    from pyengine.bots.usa.filler_planner import HARD_PARAMS

    s = tune.subject("usa-hard")
    assert s.start(many_players=True)["filler_guide"] == dict(HARD_PARAMS.many_players)["filler_guide"]
    bot = s.make(s.params({"train_value": 2.25, "filler_guide": 3}))
    assert bot.domain.policy.sp.train_value == 2.25
    assert bot.domain.policy.sp.filler_guide == 3
    assert "filler_guide" not in dict(bot.domain.policy.sp.many_players)


def test_a_subject_offers_the_ticket_thresholds_only_where_its_planner_draws_tickets() -> None:
    """Hard's planner leaves ticket draws to the search, so its thresholds would be tuned blind;
    normal's planner draws tickets by them."""
    names = {
        name: {k.name for k in tune.subject(name).knobs}
        for name in ("usa-hard", "usa-hard-planner", "usa-normal")
    }
    assert "ticket_min_trains" in names["usa-normal"] and "ticket_min_other" in names["usa-normal"]
    for name in ("usa-hard", "usa-hard-planner"):
        assert not {"ticket_min_trains", "ticket_min_other"} & names[name]
        assert {"train_value", "turn_cost", "spare_reserve"} <= names[name]
    with pytest.raises(SystemExit):
        tune.chosen_knobs("usa-hard", ["ticket_min_trains"])
    # the session-37 run's settings still resume: its knobs are all still offered
    log = Path(__file__).resolve().parent.parent / "docs" / "tuning" / "usa-hard-4p.jsonl"
    header = json.loads(log.read_text(encoding="utf-8").splitlines()[0])["header"]
    assert {k[0] for k in header["knobs"]} <= names["usa-hard"]
