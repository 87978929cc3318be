"""The bot results of docs/bots.md: every game, 2 and 4 players, one cell per line-up.

    nice python -m pyengine.bots.report all --jobs 2          # every cell, then the tables
    python -m pyengine.bots.report run --variant world --bot hard --jobs 2   # some cells
    python -m pyengine.bots.report render                     # tables + chart from the cells
    python -m pyengine.bots.report plan                       # list the cells and game counts
    python -m pyengine.bots.report check --variant cardgame   # are the stored cells still current?
    python -m pyengine.bots.report run --variant usa --bot hard --opponent normal \
        --option tickets=mega --seed 1910                     # cells of a way of play (options)

A cell is a seat-rotated tournament (``run_tournament``, seed 1 unless told): a ladder level
against one opponent at 2 players, or against three copies of it at 4 players. The opponents of
a level are the variant's baselines (every bot that plays the variant and is not a level:
``random`` and the FDG 2017 styles) and the levels below it. Each cell is stored as its own
JSON file in ``docs/results/`` (so cells can be rerun one at a time, in parallel, by different
people); ``render`` writes ``docs/bots-results.md`` and ``docs/bots-chart.svg`` from them and copies the
tables into docs/bots.md between its ``results:begin`` / ``results:end`` markers.
Results do not depend on ``--jobs`` (every game is deterministic given its seed).
A cell stores the fingerprint of its first game's moves (``first_game``); ``check`` plays that
game again and says which stored cells the bots of today would no longer reproduce (a bot or an
opponent changed since): those are the cells to run again.
Cells of a game played with options (``--option key=value``, e.g. the USA 1910 ways of play) carry
them in their settings and file name (``usa+tickets=mega-2p-hard-vs-normal.json``) and render in a
table of their own under their game.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from ..errors import EngineError
from . import bot_names_for
from .tournament import first_game_digest, lineup, run_tournament

LADDER = ["easy", "normal", "hard"]
VARIANTS = ["usa", "world", "cardgame"]
TITLES = {"usa": "Classic (North America)", "world": "Rails & Sails (world map)", "cardgame": "The card game"}
RESULTS = Path("docs") / "results"

# Games per cell. The issue asks for 1,000; the cheap line-ups get that where one run of `all`
# affords it on a 2-core machine in an afternoon. Four-player games cost about three times as much,
# the world planner ~5x the classic one, the card game's normal samples ticket offers, and the
# searching `hard` costs 1-3 s of CPU per game, so those cells get fewer games (raise them with
# --games when there is time; the first games of a bigger run are the same games).
GAMES = {
    ("usa", 2): {"easy": 1000, "normal": 1000, "hard": 200},
    ("usa", 4): {"easy": 200, "normal": 200, "hard": 40},
    ("world", 2): {"easy": 200, "normal": 200, "hard": 100},
    ("world", 4): {"easy": 100, "normal": 100, "hard": 30},
    ("cardgame", 2): {"easy": 500, "normal": 100, "hard": 60},
    ("cardgame", 4): {"easy": 200, "normal": 50, "hard": 24},
}


def baselines(variant: str) -> list[str]:
    """The baselines of a variant: the bots that play it and are not ladder levels."""
    names = [n for n in bot_names_for(variant) if n not in LADDER]
    return sorted(names, key=lambda n: (n != "random", n))


def default_games(variant: str, players: int, bot: str, opponent: str) -> int:
    n = GAMES.get((variant, players), {}).get(bot, 100)
    return max(40, n // 2) if bot == "hard" and opponent == "random" else n


def plan(
    variants: list[str] | None = None,
    players: list[int] | None = None,
    bots: list[str] | None = None,
    opponents: list[str] | None = None,
) -> list[tuple[str, int, str, str]]:
    """Every cell (variant, players, bot, opponent), filtered."""
    cells = []
    for variant in variants or VARIANTS:
        levels = [lv for lv in LADDER if lv in bot_names_for(variant)]
        for p in players or [2, 4]:
            for bot in levels:
                if bots and bot not in bots:
                    continue
                below = levels[: levels.index(bot)]
                for opp in baselines(variant) + below:
                    if opponents and opp not in opponents:
                        continue
                    cells.append((variant, p, bot, opp))
    return cells


def options_text(options: dict[str, Any] | None, sep: str = "+") -> str:
    """Game options as they appear in a cell's file name and command ("+tickets=mega")."""
    return "".join(
        f"{sep}{k}={str(v).lower() if isinstance(v, bool) else v}" for k, v in sorted((options or {}).items())
    )


def options_order(variant: str, options: dict[str, Any] | None) -> tuple[Any, ...]:
    """Sort key of a cell's options: none first, then in the order the variant lists the values."""
    from ..games import get_variant

    info = get_variant(variant).options_info() if options else {}
    key = []
    for name, value in sorted((options or {}).items()):
        values = list(info.get(name, {}).get("values", []))
        key.append((name, values.index(value) if value in values else len(values), str(value)))
    return (len(key), tuple(key))


def cell_path(
    results: Path, variant: str, players: int, bot: str, opponent: str, options: dict[str, Any] | None = None
) -> Path:
    return results / f"{variant}{options_text(options)}-{players}p-{bot}-vs-{opponent}.json"


def run_cell(
    variant: str,
    players: int,
    bot: str,
    opponent: str,
    games: int,
    seed: int,
    jobs: int = 1,
    options: dict[str, Any] | None = None,
) -> dict[str, Any]:
    res = run_tournament(variant, players, [bot, opponent], games, seed, jobs=jobs, options=options)
    e = res["entries"][0]
    others = res["entries"][1:]
    t = res["timing"].get(bot, {})
    return {
        "variant": variant,
        "players": players,
        "bot": bot,
        "opponent": opponent,
        "games": games,
        "seed": seed,
        "wins": e["wins"],
        "win_rate": e["win_rate"],
        "ci95": e["ci95"],
        "score": e["mean_score"],
        "opp_score": sum(x["mean_score"] for x in others) / len(others),
        "ms": t.get("mean_ms", 0.0),
        "p95_ms": t.get("p95_ms", 0.0),
        "max_ms": t.get("max_ms", 0.0),
        "clock": "cpu",
        "first_game": res["first_game"],
        **({"options": dict(options)} if options else {}),
        "command": f"python -m pyengine tournament --variant {variant} --players {players} "
        f"--bots {bot},{opponent} --games {games} --seed {seed}"
        f"{options_text(options, ' --option ')}",
    }


def load_cells(results: Path) -> list[dict[str, Any]]:
    """Every cell file in ``results``, in the report's order; a missing folder or a file that is
    not a cell is an EngineError that names it."""
    if not results.is_dir():
        raise EngineError(
            f"no results folder {results}: run this in the repository's top folder, or give --results DIR"
        )
    cells = []
    for p in sorted(results.glob("*.json")):
        try:
            cell = json.loads(p.read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
            raise EngineError(f"{p} is not a results cell: {exc}") from exc
        if not isinstance(cell, dict) or not {"variant", "players", "bot", "opponent"} <= set(cell):
            raise EngineError(f"{p} is not a results cell (variant, players, bot and opponent)")
        cells.append(cell)
    order = {b: i for i, b in enumerate(LADDER)}

    def key(c: dict[str, Any]) -> tuple[Any, ...]:
        opp = c["opponent"]
        return (
            VARIANTS.index(c["variant"]) if c["variant"] in VARIANTS else 9,
            options_order(c["variant"], c.get("options")),
            c["players"],
            order.get(c["bot"], 9),
            opp in LADDER,
            order.get(opp, 0),
            opp != "random",
            opp,
        )

    return sorted(cells, key=key)


def cell_status(c: dict[str, Any]) -> str:
    """Whether today's bots still play the stored cell's first game: "current", "changed" (run
    the cell again), "unknown" (stored before cells had a fingerprint) or "copied" (transcribed)."""
    if c.get("transcribed"):
        return "copied"
    stored = c.get("first_game")
    if not stored:
        return "unknown"
    bots = lineup(c["players"], [c["bot"], c["opponent"]])
    now = first_game_digest(c["variant"], bots, c.get("seed", 1), c.get("options"))
    return "current" if now == stored else "changed"


def check(
    results: Path, cells: list[tuple[str, int, str, str]], options: dict[str, Any] | None
) -> tuple[int, int]:
    """Print each stored cell's status (``cell_status``); (changed cells, cells checked)."""
    wanted = {cell_path(results, *cell, options).name for cell in cells}
    changed = checked = 0
    for c in load_cells(results):
        path = cell_path(results, c["variant"], c["players"], c["bot"], c["opponent"], c.get("options"))
        if path.name not in wanted:
            continue
        status = cell_status(c)
        changed += status == "changed"
        checked += 1
        print(f"{status:8} {path.name}", flush=True)
    return changed, checked


def target_of(c: dict[str, Any]) -> str:
    """What the issue asks of this cell ('' if nothing)."""
    if c["bot"] == "hard" and c["opponent"] not in LADDER:
        return "≥ 80%" if c["players"] == 2 else "≥ 60%"
    if c["opponent"] in LADDER:
        return "> 50%" if c["players"] == 2 else "> 25%"
    return ""


# A win-rate target is met by the point figure with enough games that the 95% interval's lower
# end is at most this far under the target (the rule; ~260 games for a 4-player cell near 60%).
TARGET_SLACK = 0.06


def met(c: dict[str, Any]) -> str:
    """The verdict, "yes", "no" or "not sure": a level against the one below needs its whole
    interval above the even share; a ``hard`` target, the point figure and the interval's lower
    end within ``TARGET_SLACK`` of it (else too few games: "not sure")."""
    goal = target_of(c)
    if not goal:
        return ""
    need = {"≥ 80%": 0.8, "≥ 60%": 0.6, "> 50%": 0.5, "> 25%": 0.25}[goal]
    lo = c["ci95"][0]
    if goal.startswith(">"):
        return "yes" if lo > need else ("no" if c["win_rate"] <= need else "not sure")
    if c["win_rate"] < need:
        return "no"
    return "yes" if lo >= need - TARGET_SLACK - 1e-9 else "not sure"


def seed_note(c: dict[str, Any]) -> str:
    """The seed of a cell measured on another seed than the default 1 (e.g. " (seed 2026)")."""
    return "" if c.get("seed", 1) == 1 else f" (seed {c['seed']})"


def copied(c: dict[str, Any]) -> str:
    """A double dagger for a cell whose figures were copied from an earlier run (``transcribed``)."""
    return " \u2021" if c.get("transcribed") else ""


def mark(c: dict[str, Any]) -> str:
    """A dagger for cells timed by the wall clock (before CPU time was measured)."""
    return "" if c.get("clock") == "cpu" else " \u2020"


def markdown(cells: list[dict[str, Any]]) -> str:
    lines = [
        "Made by `python -m pyengine.bots.report render` from the cells in `docs/results/` "
        "(each cell: `python -m pyengine tournament …` with the line shown in its file). "
        "Win rate of the row bot over seat-rotated games (a tie counts 1/k), 95% Wilson "
        "interval; at 4 players against three copies of the opponent (an even share is 25%). "
        "Games: seed 1 unless another is shown. Target: the issue's goal for the cell (`hard` ≥ 80% / ≥ 60% against each baseline, "
        'for "yes" with the interval\'s lower end at most 6 points under the target, else "not sure": too few games; '
        "a level against the one below: better than an even share, with the whole interval "
        'above it for "yes"). Times: CPython per decision, CPU time of the playing process '
        "(single-choice turns not timed); \u2020 = wall clock on the shared, heavily loaded "
        "machine (older cells), which inflates them several-fold; \u2021 = figures copied from an "
        "earlier run of the cell's command (its file says which), not yet re-run. Browser times: see "
        '"Thinking time" above.',
        "",
    ]
    for variant in VARIANTS:
        vc = [c for c in cells if c["variant"] == variant and not c.get("options")]
        ways = [c for c in cells if c["variant"] == variant and c.get("options")]
        if not vc and not ways:
            continue
        lines += [f"### {TITLES[variant]} (`{variant}`)", ""]
        for players in (2, 4):
            pc = [c for c in vc if c["players"] == players]
            if not pc:
                continue
            lines += [
                f"**{players} players**",
                "",
                "| bot | opponent | games | win rate | 95% CI | target | met | mean score (opp.) "
                "| ms/decision | p95 ms |",
                "|---|---|---:|---:|---|---|---|---:|---:|---:|",
            ]
            for c in pc:
                lines.append(
                    f"| {c['bot']} | {c['opponent']} | {c['games']}{seed_note(c)} | {100 * c['win_rate']:.1f}% | "
                    f"{100 * c['ci95'][0]:.1f}–{100 * c['ci95'][1]:.1f}% | {target_of(c)} | {met(c)} | "
                    f"{c['score']:.1f} ({c['opp_score']:.1f}) | {c['ms']:.1f}{mark(c)} | {c['p95_ms']:.0f}{mark(c)} |"
                )
            lines.append("")
        if ways:
            lines += [
                "**Game options** (ways of play; the option is in each cell's file name)",
                "",
                "| options | players | bot | opponent | games | win rate | 95% CI | target | met "
                "| mean score (opp.) | ms/decision | p95 ms |",
                "|---|---:|---|---|---:|---:|---|---|---|---:|---:|---:|",
            ]
            for c in ways:
                lines.append(
                    f"| {options_text(c['options'], ' ').strip()} | {c['players']} | {c['bot']} | {c['opponent']} | "
                    f"{c['games']}{seed_note(c)}{copied(c)} | {100 * c['win_rate']:.1f}% | "
                    f"{100 * c['ci95'][0]:.1f}–{100 * c['ci95'][1]:.1f}% | {target_of(c)} | {met(c)} | "
                    f"{c['score']:.1f} ({c['opp_score']:.1f}) | {c['ms']:.1f}{mark(c)} | {c['p95_ms']:.0f}{mark(c)} |"
                )
            lines.append("")
    return "\n".join(lines)


def svg_chart(cells: list[dict[str, Any]]) -> str:
    """Horizontal bars per cell (win rate) with the 95% interval, a panel per game."""
    bar_h, gap, left, width, head = 13, 3, 250, 400, 22
    rows: list[tuple[str, dict[str, Any] | None]] = []
    for variant in VARIANTS:
        vc = [c for c in cells if c["variant"] == variant]
        if vc:
            rows.append((TITLES[variant], None))
            rows += [("", c) for c in vc]
    height = 40 + sum(head if c is None else bar_h + gap for _, c in rows) + 30
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{left + width + 60}" height="{height}" '
        'font-family="sans-serif" font-size="10">',
        '<rect width="100%" height="100%" fill="#fff"/>',
        '<text x="10" y="18" font-size="13">Win rate of the ladder bots (bars) with 95% interval '
        "(red); 2 players vs one opponent, 4 players vs three</text>",
    ]
    y = 34
    for title, c in rows:
        if c is None:
            out.append(f'<text x="10" y="{y + 15}" font-size="12" font-weight="bold">{title}</text>')
            y += head
            continue
        label = f"{c['players']}p {c['bot']} vs {c['opponent']}{options_text(c.get('options'), ' ')}"
        w = width * c["win_rate"]
        lo, hi = (left + width * c["ci95"][0], left + width * c["ci95"][1])
        color = {"easy": "#9bc", "normal": "#58a", "hard": "#235"}.get(c["bot"], "#888")
        out.append(f'<text x="{left - 6}" y="{y + 10}" text-anchor="end">{label}</text>')
        out.append(f'<rect x="{left}" y="{y}" width="{w:.1f}" height="{bar_h}" fill="{color}"/>')
        out.append(
            f'<line x1="{lo:.1f}" y1="{y + bar_h / 2}" x2="{hi:.1f}" y2="{y + bar_h / 2}" '
            'stroke="#c33" stroke-width="2"/>'
        )
        out.append(
            f'<text x="{left + max(w, hi - left) + 4:.1f}" y="{y + 10}">'
            f"{100 * c['win_rate']:.0f}% ({c['games']})</text>"
        )
        y += bar_h + gap
    for frac in (0.25, 0.5, 0.6, 0.8):
        x = left + width * frac
        out.append(f'<line x1="{x:.1f}" y1="30" x2="{x:.1f}" y2="{y}" stroke="#aaa" stroke-dasharray="3,3"/>')
        out.append(f'<text x="{x:.1f}" y="{y + 14}" text-anchor="middle">{int(frac * 100)}%</text>')
    out.append("</svg>")
    return "\n".join(out)


BEGIN, END = "<!-- results:begin -->", "<!-- results:end -->"


def render(results: Path, out: Path) -> int:
    """Write the tables and the chart; also refresh the marked block of ``out/bots.md``."""
    cells = load_cells(results)
    out.mkdir(parents=True, exist_ok=True)
    text = markdown(cells)
    (out / "bots-results.md").write_text(text + "\n", encoding="utf-8")
    (out / "bots-chart.svg").write_text(svg_chart(cells) + "\n", encoding="utf-8")
    doc = out / "bots.md"
    if doc.exists():
        page = doc.read_text(encoding="utf-8")
        if BEGIN in page and END in page:
            head, rest = page.split(BEGIN, 1)
            tail = rest.split(END, 1)[1]
            doc.write_text(f"{head}{BEGIN}\n{text}\n{END}{tail}", encoding="utf-8")
    return len(cells)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(
        prog="python -m pyengine.bots.report",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    ap.add_argument("command", choices=["all", "run", "render", "plan", "check"])
    ap.add_argument("--variant", default="", help="comma-separated variants (default: all)")
    ap.add_argument("--players", default="", help="comma-separated player counts (default: 2,4)")
    ap.add_argument("--bot", default="", help="comma-separated ladder levels (default: all)")
    ap.add_argument("--opponent", default="", help="comma-separated opponents (default: all)")
    ap.add_argument("--games", type=int, default=0, help="games per cell (default: the plan's)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--jobs", type=int, default=1, help="worker processes per cell")
    ap.add_argument("--results", default=str(RESULTS), help="folder of the cell files")
    ap.add_argument("--out", default="docs", help="folder for bots-results.md and bots-chart.svg")
    ap.add_argument("--missing", action="store_true", help="run only cells without a file")
    ap.add_argument(
        "--option",
        action="append",
        metavar="KEY=VALUE",
        help="a game option for the cells, e.g. tickets=mega (repeatable)",
    )
    args = ap.parse_args(argv)
    from ..cli import parse_options  # the CLI's own --option parsing

    options = parse_options(args.option)

    def split(text: str) -> list[str]:
        return [x for x in text.split(",") if x]

    results = Path(args.results)
    cells = plan(
        split(args.variant) or None,
        [int(p) for p in split(args.players)] or None,
        split(args.bot) or None,
        split(args.opponent) or None,
    )
    if args.command == "plan":
        for variant, players, bot, opp in cells:
            n = args.games or default_games(variant, players, bot, opp)
            done = "done" if cell_path(results, variant, players, bot, opp, options).exists() else ""
            print(f"{variant:9} {players}p {bot:7} vs {opp:20} {n:5} games {done}")
        return 0
    try:
        return _command(args, results, cells, options)
    except EngineError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2


def _command(
    args: argparse.Namespace, results: Path, cells: list[tuple[str, int, str, str]], options: dict[str, Any]
) -> int:
    if args.command == "check":
        changed, checked = check(results, cells, options)
        if not checked:
            raise EngineError(f"no stored cell in {results} matches the cells asked for")
        print(
            f"{changed} of {checked} cell(s) changed: run them again"
            if changed
            else f"{checked} cell(s) checked, none changed",
            file=sys.stderr,
        )
        return 1 if changed else 0
    if args.command in ("all", "run"):
        results.mkdir(parents=True, exist_ok=True)
        for i, (variant, players, bot, opp) in enumerate(cells):
            path = cell_path(results, variant, players, bot, opp, options)
            if args.missing and path.exists():
                continue
            n = args.games or default_games(variant, players, bot, opp)
            print(
                f"[{i + 1}/{len(cells)}] {variant}{options_text(options)} {players}p {bot} vs {opp}: "
                f"{n} games",
                file=sys.stderr,
                flush=True,
            )
            cell = run_cell(variant, players, bot, opp, n, args.seed, args.jobs, options)
            path.write_text(json.dumps(cell, indent=1) + "\n", encoding="utf-8")
            print(
                f"    {100 * cell['win_rate']:.1f}% ({100 * cell['ci95'][0]:.1f}–"
                f"{100 * cell['ci95'][1]:.1f}%)",
                file=sys.stderr,
                flush=True,
            )
    if args.command in ("all", "render"):
        n = render(results, Path(args.out))
        print(f"{n} cells -> {args.out}/bots-results.md, {args.out}/bots-chart.svg", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
