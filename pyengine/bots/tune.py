"""Self-play tuning of a bot's numeric parameters (SPSA), and the paired check of a result.

    python -m pyengine.bots.tune run --subject world-normal --log tune-world-normal.jsonl \\
        --iterations 60 --seed 1 [--jobs 1]
    python -m pyengine.bots.tune show --log tune-world-normal.jsonl          # the fitted values
    python -m pyengine.bots.tune compare --subject world-normal --log tune-world-normal.jsonl \\
        --seed 2027 --games 200 --out compare.jsonl                        # fitted vs hand-set

A *subject* is a bot built from a parameter dataclass (``SUBJECTS`` in ``tune_subjects.py``: which
fields are tuned, in which range); its hand-set values are the starting point. The objective is the subject's win
rate (a tie counts 1/k) over a panel of opponents at 2 and 4 players (at 4, against three
copies), every deal played at every seat rotation, and both perturbed parameter sets of an
iteration play the *same* deals (paired), so deal luck and seat order cancel out of the
gradient estimate. SPSA (Spall): each iteration perturbs all parameters at once by +-c_k in
normalised units (every range mapped to 0..1), plays theta+ and theta-, and steps along
(f+ - f-) / (2 c_k) * delta; the fitted values are the mean of the iterates of the second half
(Polyak averaging: one noisy iteration does not decide).

Seeds: training deals come only from tournament seeds >= ``TRAINING_SEED_BASE`` (10^6); the
iteration k of a run with seed s plays game seeds ``game_seed(10^6 + s * 100_000 + k, i)``.
Tournaments, report cells and ``compare`` measure only on seeds below it (``run_tournament``
refuses the others), so a fitted value is never measured on a game it was fitted on.
A run is deterministic given its settings and seed (``--jobs`` does not change it), logs every
iteration to its file as one JSON line at once, and resumes from the file when started again
with the same settings (a run cut short loses at most the iteration being played).
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from collections.abc import Callable, Iterable, Sequence
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from ..game import Game
from ..rng import Rng
from . import ask_bot, get_variant_bot
from .base import Bot
from .tournament import TRAINING_SEED_BASE, Z95, check_measuring_seed, game_seed, wilson, worker_pool
from .tune_subjects import SUBJECTS, Knob, Subject, subject

RUN_SEED_STRIDE = 100_000  # iterations per run seed (run seed s uses 10^6 + s * 100_000 + k)
MAX_RUN_SEED = 9_999  # keeps every training seed an integer of a few digits over the base


DEFAULT_PANEL = ("shortest_path", "zombie", "long_route_junkie", "route_focus")


# ------------------------------------------------------------------ playing
# A game job: (subject name, tuned values as sorted pairs, opponent, players, game seed, rotation).
GameJob = tuple[str, tuple[tuple[str, Any], ...], str, int, int, int]
_BOT_CACHE: dict[tuple[str, tuple[tuple[str, Any], ...]], Bot] = {}


def _tuned_bot(name: str, values: tuple[tuple[str, Any], ...]) -> Bot:
    key = (name, values)
    if key not in _BOT_CACHE:
        if len(_BOT_CACHE) > 64:  # a long run would otherwise keep every iterate's planner caches
            _BOT_CACHE.clear()
        s = subject(name)
        _BOT_CACHE[key] = s.make(s.params(dict(values)))
    return _BOT_CACHE[key]


def play_job(job: GameJob) -> float:
    """One game: the subject against ``opponent`` in every other seat; the subject's win share.
    Rotation ``rot`` seats the subject where ``run_tournament`` seats its first bot in game g with
    g % players == rot, so a measuring ``compare`` plays a report cell's games."""
    name, values, opponent, players, seed, rot = job
    variant = subject(name).variant
    tuned = _tuned_bot(name, values)
    other = get_variant_bot(variant, opponent)
    mine = (-rot) % players
    bots = [tuned if seat == mine else other for seat in range(players)]
    game = Game.new(variant, players=players, seed=seed)
    while not game.is_over:
        game.apply(ask_bot(game, bots[game.current_player]))
    scores = game.scores()
    winners = [sc["seat"] for sc in scores if sc["winner"]]
    return 1.0 / len(winners) if mine in winners else 0.0


class Runner:
    """Plays game jobs in this process or in ``jobs`` worker processes (same results)."""

    def __init__(self, jobs: int = 1) -> None:
        self.pool = None
        if jobs > 1:
            self.pool = worker_pool(jobs)

    def play(self, jobs: Sequence[GameJob]) -> list[float]:
        if self.pool is None:
            return [play_job(j) for j in jobs]
        return list(self.pool.imap(play_job, jobs, chunksize=1))

    def close(self) -> None:
        if self.pool is not None:
            self.pool.terminate()


def panel_cells(opponents: Sequence[str], players: Sequence[int]) -> list[tuple[str, int]]:
    return [(opp, p) for p in players for opp in opponents]


def deal_jobs(
    name: str, values: dict[str, Any], cells: Sequence[tuple[str, int]], seed: int, deals: int
) -> list[GameJob]:
    """Every cell's ``deals`` deals of tournament seed ``seed``, each at every seat rotation."""
    frozen = tuple(sorted(values.items()))
    jobs: list[GameJob] = []
    g = 0
    for opp, players in cells:
        for _ in range(deals):
            for rot in range(players):
                jobs.append((name, frozen, opp, players, game_seed(seed, g), rot))
            g += 1
    return jobs


def cell_means(jobs: Sequence[GameJob], shares: Sequence[float]) -> dict[str, float]:
    """Win share per cell ("opponent@players")."""
    acc: dict[str, list[float]] = {}
    for job, share in zip(jobs, shares):
        acc.setdefault(f"{job[2]}@{job[3]}", []).append(share)
    return {k: sum(v) / len(v) for k, v in acc.items()}


def training_seed(run_seed: int, k: int) -> int:
    """The tournament seed of iteration ``k`` of a run: always >= TRAINING_SEED_BASE."""
    if not 0 <= run_seed <= MAX_RUN_SEED or not 0 <= k < RUN_SEED_STRIDE:
        raise ValueError("run seed 0..9999 and fewer than 100,000 iterations")
    return TRAINING_SEED_BASE + run_seed * RUN_SEED_STRIDE + k


# ------------------------------------------------------------------ SPSA
@dataclass(frozen=True)
class Spsa:
    """SPSA gains (Spall's standard exponents): a_k = a / (k + 1 + A)^0.602, c_k = c / (k + 1)^0.101."""

    a: float = 0.15
    c: float = 0.15
    big_a: float = 10.0

    def gains(self, k: int) -> tuple[float, float]:
        return self.a / (k + 1 + self.big_a) ** 0.602, self.c / (k + 1) ** 0.101


Objective = Callable[[list[float], list[float], int], tuple[float, float, dict[str, Any]]]


def spsa_step(theta: list[float], k: int, run_seed: int, gains: Spsa, objective: Objective) -> dict[str, Any]:
    """One SPSA iteration from ``theta`` (units 0..1): the log record, with ``theta_next``.

    ``objective(plus, minus, k)`` plays both parameter vectors on iteration k's deals (paired)
    and returns (f_plus, f_minus, details)."""
    a_k, c_k = gains.gains(k)
    rng = Rng.derive(run_seed, 0x5B5A, k)
    delta = [1 if rng.randbelow(2) else -1 for _ in theta]
    plus = [min(1.0, max(0.0, t + c_k * d)) for t, d in zip(theta, delta)]
    minus = [min(1.0, max(0.0, t - c_k * d)) for t, d in zip(theta, delta)]
    f_plus, f_minus, details = objective(plus, minus, k)
    # (f+ - f-) / (2 c_k delta_i), with the clipped distance so a bound does not inflate the step
    step = [(f_plus - f_minus) / (p - m) if abs(p - m) > 1e-9 else 0.0 for p, m in zip(plus, minus)]
    nxt = [min(1.0, max(0.0, t + a_k * g)) for t, g in zip(theta, step)]
    return {
        "k": k,
        "theta": theta,
        "delta": delta,
        "f_plus": f_plus,
        "f_minus": f_minus,
        "a_k": a_k,
        "c_k": c_k,
        "theta_next": nxt,
        **details,
    }


def averaged(records: Sequence[dict[str, Any]]) -> list[float]:
    """Polyak average of the iterates of the second half of a run (the fitted point)."""
    if not records:
        raise ValueError("no iterations yet")
    tail = records[len(records) // 2 :]
    dim = len(tail[0]["theta_next"])
    return [sum(r["theta_next"][i] for r in tail) / len(tail) for i in range(dim)]


def read_log(path: Path) -> tuple[dict[str, Any] | None, list[dict[str, Any]]]:
    """Header and iteration records of a log; a torn last line (a run killed mid-write) is dropped."""
    if not path.exists():
        return None, []
    header = None
    records = []
    for line in path.read_text(encoding="utf-8").splitlines():
        try:
            rec = json.loads(line)
        except json.JSONDecodeError:
            break
        if "header" in rec:
            header = rec["header"]
        else:
            records.append(rec)
    return header, records


def optimise(
    header: dict[str, Any],
    log: Path,
    iterations: int,
    objective: Objective,
    echo: Callable[[str], None] = lambda s: None,
) -> list[dict[str, Any]]:
    """Run (or resume) SPSA to ``iterations`` iterations, appending each record to ``log``."""
    old, records = read_log(log)
    if old is not None and old != header:
        raise SystemExit(f"{log} was written with other settings; use a new --log file")
    if old is None:
        log.parent.mkdir(parents=True, exist_ok=True)
        log.write_text(json.dumps({"header": header}) + "\n", encoding="utf-8")
    else:  # rewrite without a torn tail so appends stay line-aligned
        log.write_text(
            "".join(json.dumps(r) + "\n" for r in [{"header": header}, *records]), encoding="utf-8"
        )
    theta = records[-1]["theta_next"] if records else list(header["start_units"])
    gains = Spsa(**header["spsa"])
    for k in range(len(records), iterations):
        rec = spsa_step(theta, k, header["seed"], gains, objective)
        with log.open("a", encoding="utf-8") as fh:
            fh.write(json.dumps(rec) + "\n")
        records.append(rec)
        theta = rec["theta_next"]
        echo(f"iteration {k}: f+ {rec['f_plus']:.3f} f- {rec['f_minus']:.3f}")
    return records


def chosen_knobs(name: str, only: Sequence[str] = ()) -> tuple[Knob, ...]:
    """The subject's knobs, or those named in ``only`` (a smaller search where it matters)."""
    knobs = subject(name).knobs
    unknown = set(only) - {k.name for k in knobs}
    if unknown:
        raise SystemExit(
            f"{name} has no knobs {sorted(unknown)}; its knobs: {', '.join(k.name for k in knobs)}"
        )
    return tuple(k for k in knobs if not only or k.name in only)


def game_objective(
    name: str,
    cells: Sequence[tuple[str, int]],
    deals: int,
    run_seed: int,
    runner: Runner,
    only: Sequence[str] = (),
) -> Objective:
    """The tuning objective: mean win share over the panel cells, theta+ and theta- on the same
    training deals of the iteration (fields not tuned keep the level's values)."""
    knobs = chosen_knobs(name, only)

    def values(units: Sequence[float]) -> dict[str, Any]:
        return {kn.name: kn.value(u) for kn, u in zip(knobs, units)}

    def objective(plus: list[float], minus: list[float], k: int) -> tuple[float, float, dict[str, Any]]:
        seed = training_seed(run_seed, k)
        jp = deal_jobs(name, values(plus), cells, seed, deals)
        jm = deal_jobs(name, values(minus), cells, seed, deals)
        shares = runner.play(jp + jm)
        cp, cm = cell_means(jp, shares[: len(jp)]), cell_means(jm, shares[len(jp) :])
        fp, fm = sum(cp.values()) / len(cp), sum(cm.values()) / len(cm)
        return fp, fm, {"seed": seed, "games": len(jp) + len(jm), "cells_plus": cp, "cells_minus": cm}

    return objective


def run_header(
    name: str, cells: Sequence[tuple[str, int]], deals: int, seed: int, gains: Spsa, only: Sequence[str] = ()
) -> dict[str, Any]:
    s = subject(name)
    knobs = chosen_knobs(name, only)
    many = bool(cells) and all(p >= 3 for _, p in cells)
    start = {k: v for k, v in s.start(many).items() if k in {kn.name for kn in knobs}}
    return {
        "subject": name,
        "variant": s.variant,
        "knobs": [[k.name, k.low, k.high, k.integer] for k in knobs],
        "start": start,
        "start_units": [k.unit(start[k.name]) for k in knobs],
        "panel": [[o, p] for o, p in cells],
        "deals": deals,
        "seed": seed,
        "spsa": asdict(gains),
        "training_seeds": f"tournament seeds {training_seed(seed, 0)}.. (>= {TRAINING_SEED_BASE})",
    }


def fitted_values(header: dict[str, Any], records: Sequence[dict[str, Any]]) -> dict[str, Any]:
    knobs = [Knob(n, lo, hi, bool(i)) for n, lo, hi, i in header["knobs"]]
    return {k.name: k.value(u) for k, u in zip(knobs, averaged(records))}


# ------------------------------------------------------------------ measuring
def compare(
    name: str,
    fitted: dict[str, Any],
    cells: Sequence[tuple[str, int]],
    games: int,
    seed: int,
    runner: Runner,
    out: Path | None = None,
    echo: Callable[[str], None] = lambda s: None,
) -> list[dict[str, Any]]:
    """Fitted against the level's current (hand-set) values on a measuring seed: per cell the
    same ``games`` games (``game_seed(seed, g)``, seats rotated by g like ``run_tournament``) for
    both; win rates with Wilson intervals and the paired difference with its normal 95% interval.
    Each finished cell is appended to ``out`` at once."""
    check_measuring_seed(seed)
    s = subject(name)
    done = {(r["opponent"], r["players"]) for r in _read_lines(out)} if out else set()
    rows = []
    for opp, players in cells:
        if (opp, players) in done:
            continue
        jobs = {
            label: [
                (name, tuple(sorted(v.items())), opp, players, game_seed(seed, g), g % players)
                for g in range(games)
            ]
            for label, v in (("fitted", fitted), ("current", s.start(players >= 3)))
        }
        shares = runner.play(jobs["fitted"] + jobs["current"])
        fit, cur = shares[:games], shares[games:]
        diffs = [a - b for a, b in zip(fit, cur)]
        mean = sum(diffs) / games
        sd = math.sqrt(sum((d - mean) ** 2 for d in diffs) / max(1, games - 1))
        half = Z95 * sd / math.sqrt(games)
        row = {
            "subject": name,
            "variant": s.variant,
            "opponent": opp,
            "players": players,
            "games": games,
            "seed": seed,
            "fitted": {"win_rate": sum(fit) / games, "ci95": list(wilson(sum(fit), games))},
            "current": {"win_rate": sum(cur) / games, "ci95": list(wilson(sum(cur), games))},
            "diff": mean,
            "diff_ci95": [mean - half, mean + half],
            "values": fitted,
        }
        rows.append(row)
        if out is not None:
            with out.open("a", encoding="utf-8") as fh:
                fh.write(json.dumps(row) + "\n")
        echo(format_compare(row))
    return rows


def _read_lines(path: Path | None) -> list[dict[str, Any]]:
    if path is None or not path.exists():
        return []
    rows = []
    for line in path.read_text(encoding="utf-8").splitlines():
        try:
            rows.append(json.loads(line))
        except json.JSONDecodeError:
            break
    return rows


def format_compare(r: dict[str, Any]) -> str:
    f, h = r["fitted"], r["current"]
    return (
        f"{r['players']}p vs {r['opponent']:18} {r['games']} games seed {r['seed']}: fitted "
        f"{100 * f['win_rate']:.1f}% ({100 * f['ci95'][0]:.1f}–{100 * f['ci95'][1]:.1f}), current "
        f"{100 * h['win_rate']:.1f}% ({100 * h['ci95'][0]:.1f}–{100 * h['ci95'][1]:.1f}), paired "
        f"difference {100 * r['diff']:+.1f} points ({100 * r['diff_ci95'][0]:+.1f} to "
        f"{100 * r['diff_ci95'][1]:+.1f})"
    )


# ------------------------------------------------------------------ command line
def _split(text: str) -> list[str]:
    return [x for x in text.split(",") if x]


def main(argv: Iterable[str] | None = None) -> int:
    ap = argparse.ArgumentParser(
        prog="python -m pyengine.bots.tune",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    ap.add_argument("command", choices=["run", "show", "compare", "subjects"])
    ap.add_argument("--subject", default="world-normal")
    ap.add_argument("--log", default="", help="the run's log file (JSON lines; resumed if it exists)")
    ap.add_argument("--iterations", type=int, default=60)
    ap.add_argument(
        "--seed",
        type=int,
        default=1,
        help="run: the run's seed (0..9999; training deals from 10^6 on); "
        "compare: the measuring seed (< 10^6)",
    )
    ap.add_argument("--opponents", default=",".join(DEFAULT_PANEL))
    ap.add_argument("--players", default="2,4")
    ap.add_argument("--knobs", default="", help="run: tune only these fields (comma-separated)")
    ap.add_argument(
        "--deals", type=int, default=2, help="deals per cell and iteration (each at every rotation)"
    )
    ap.add_argument("--a", type=float, default=Spsa.a)
    ap.add_argument("--c", type=float, default=Spsa.c)
    ap.add_argument("--games", type=int, default=200, help="compare: games per cell")
    ap.add_argument("--out", default="", help="compare: JSON lines file, one finished cell a line")
    ap.add_argument("--jobs", type=int, default=1, help="worker processes (same results)")
    args = ap.parse_args(None if argv is None else list(argv))

    def echo(text: str) -> None:
        print(text, file=sys.stderr, flush=True)

    if args.command == "subjects":
        for key in sorted(SUBJECTS):
            s = subject(key)
            two, many = s.start(), s.start(many_players=True)
            print(f"{key:20} {s.variant:6} " + ", ".join(f"{k}={v}" for k, v in two.items()))
            if many != two:
                print(f"{'':20} {'3+':6} " + ", ".join(f"{k}={v}" for k, v in many.items() if v != two[k]))
        return 0
    cells = panel_cells(_split(args.opponents), [int(p) for p in _split(args.players)])
    log = Path(args.log) if args.log else None
    if args.command == "run":
        if log is None:
            raise SystemExit("run needs --log FILE")
        runner = Runner(args.jobs)
        try:
            only = _split(args.knobs)
            header = run_header(args.subject, cells, args.deals, args.seed, Spsa(args.a, args.c), only)
            optimise(
                header,
                log,
                args.iterations,
                game_objective(args.subject, cells, args.deals, args.seed, runner, only),
                echo,
            )
        finally:
            runner.close()
        args.command = "show"
    if args.command == "show":
        if log is None:
            raise SystemExit("show needs --log FILE")
        saved, records = read_log(log)
        if saved is None or not records:
            raise SystemExit(f"{log}: no iterations")
        print(
            json.dumps(
                {
                    "subject": saved["subject"],
                    "iterations": len(records),
                    "hand_set": saved["start"],
                    "fitted": fitted_values(saved, records),
                },
                indent=1,
            )
        )
        return 0
    if args.command == "compare":
        if log is None:
            raise SystemExit("compare needs --log FILE (its fitted values)")
        saved, records = read_log(log)
        if saved is None or not records or saved["subject"] != args.subject:
            raise SystemExit(f"{log}: no iterations of {args.subject}")
        runner = Runner(args.jobs)
        try:
            rows = compare(
                args.subject,
                fitted_values(saved, records),
                cells,
                args.games,
                args.seed,
                runner,
                Path(args.out) if args.out else None,
                echo,
            )
        finally:
            runner.close()
        for r in rows:
            print(format_compare(r))
    return 0


__all__ = [
    "TRAINING_SEED_BASE",
    "Knob",
    "Spsa",
    "Subject",
    "averaged",
    "compare",
    "deal_jobs",
    "main",
    "optimise",
    "spsa_step",
    "training_seed",
]


if __name__ == "__main__":
    raise SystemExit(main())
