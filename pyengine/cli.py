"""Command line: ``python -m pyengine simulate | replay | bench | tournament | variants``."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from . import __version__
from .boundary import MAX_JSON_CHARS
from .errors import EngineError, RecordError


class _Progress:
    """A one-line progress bar on stderr, shown only on a terminal."""

    def __init__(self, label: str, enabled: bool) -> None:
        self.label = label
        self.enabled = enabled and sys.stderr.isatty()
        self.last = -1

    def __call__(self, done: int, total: int) -> None:
        if not self.enabled or total <= 0:
            return
        pct = int(100 * done / total)
        if pct == self.last and done != total:
            return
        self.last = pct
        bar = "#" * (pct // 4) + "-" * (25 - pct // 4)
        sys.stderr.write(f"\r{self.label} [{bar}] {done}/{total} ({pct}%)")
        if done == total:
            sys.stderr.write("\n")
        sys.stderr.flush()


def _print_table(rows: list[tuple[str, Any]]) -> None:
    width = max(len(k) for k, _ in rows)
    for key, value in rows:
        print(f"{key.ljust(width)}  {value}")


def parse_options(items: list[str] | None) -> dict[str, Any]:
    """``--option key=value`` items as a dict; ``true``/``false`` become booleans."""
    out: dict[str, Any] = {}
    for item in items or []:
        key, eq, value = item.partition("=")
        if not eq or not key.strip():
            raise EngineError(f"--option wants key=value, e.g. --option tickets=mega; not {item!r}")
        low = value.strip().lower()
        out[key.strip()] = {"true": True, "false": False}.get(low, value.strip())
    return out


def _add_option_argument(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--option",
        action="append",
        metavar="KEY=VALUE",
        help="a variant option, e.g. tickets=mega (repeatable; see 'variants')",
    )


def _cmd_simulate(args: argparse.Namespace) -> int:
    from .simulate import simulate

    bots = [b for b in args.bots.split(",") if b] if args.bots else None
    if bots:
        from .bots import get_bot

        for b in bots:
            get_bot(b)
    if args.games < 1:
        raise EngineError("--games must be at least 1")
    options = parse_options(args.option)
    summary = simulate(
        args.variant,
        args.players,
        args.games,
        args.seed,
        bots,
        _Progress("simulating", not args.json),
        options=options,
        records=args.records,
    )
    if options:
        summary["options"] = options
    if args.json:
        print(json.dumps(summary))
    else:
        _print_table(
            [
                ("variant", summary["variant"]),
                *([("options", " ".join(f"{k}={v}" for k, v in options.items()))] if options else []),
                ("players", summary["players"]),
                ("policy", summary["policy"]),
                ("games", summary["games"]),
                ("games per second", summary["games_per_second"]),
                ("mean turns", summary["mean_turns"]),
                ("mean actions", summary["mean_actions"]),
                ("mean score", summary["mean_score"]),
                ("ticket completion rate", f"{100 * summary['ticket_completion_rate']:.1f}%"),
                ("win share by seat", ", ".join(f"{100 * w:.1f}%" for w in summary["win_share_by_seat"])),
            ]
        )
    return 0


def _read_record(source: str) -> str:
    """The record's text from a file, standard input ('-') or the argument itself; never more
    than a record may hold (``MAX_JSON_CHARS`` bytes): a huge file or an endless stream is
    refused after reading that much."""
    if source.lstrip().startswith("{"):
        return source
    try:
        if source == "-":
            data = sys.stdin.buffer.read(MAX_JSON_CHARS + 1)
        else:
            path = Path(source)
            if not path.exists():
                raise EngineError(f"no such record file: {source}")
            with path.open("rb") as f:
                data = f.read(MAX_JSON_CHARS + 1)
        if len(data) > MAX_JSON_CHARS:
            raise RecordError(
                f"the record is far too long (more than {MAX_JSON_CHARS:,} bytes)", kind="too_large"
            )
        return data.decode("utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise EngineError(f"cannot read the record {source}: {exc}") from exc


# The other parts of a total that ``replay`` prints, by score key: (key, words, shown when 0).
SCORE_PARTS = (
    ("globetrotter_bonus", "globetrotter", False),  # the 1910 ways of play
    ("itineraries", "itineraries", False),  # Rails & Sails
    ("harbor_points", "harbors", True),
    ("unbuilt_penalty", "unbuilt harbors", False),
    ("exchange_penalty", "exchanges", False),
    ("bonus_points", "big cities", True),  # the card game
)


def _cmd_replay(args: argparse.Namespace) -> int:
    from .record import parse_record, replay, seat_names

    data = parse_record(_read_record(args.record))
    game = replay(data)
    scores = game.scores()
    names = seat_names(data, game.settings.players)
    result = {
        "variant": game.variant.name,
        "players": game.settings.players,
        "actions": len(game.actions),
        "over": game.is_over,
        "scores": [
            {
                "seat": s["seat"],
                **({"name": names[s["seat"]]} if names[s["seat"]] else {}),
                "total": s["total"],
                "winner": s["winner"],
            }
            for s in scores
        ],
    }
    if args.json:
        result["breakdown"] = scores
        print(json.dumps(result))
        return 0
    print(
        f"{game.variant.title}: {result['players']} players, {result['actions']} actions"
        + ("" if game.is_over else " (game not finished: scores so far)")
    )
    labels = [
        f"seat {s['seat']}" + (f" ({names[s['seat']]})" if names[s["seat"]] else "") + ":" for s in scores
    ]
    width = max(map(len, labels), default=0)
    for s, label in zip(scores, labels, strict=True):
        parts = [f"routes {s['routes']}"] if "routes" in s else []  # the card game has none
        if "tickets_won" in s:
            parts.append(f"tickets +{s['tickets_won']} -{s['tickets_lost']}")
        if "longest_bonus" in s:
            parts.append(f"longest path {s['longest_path']} (+{s['longest_bonus']})")
        for key, words, always in SCORE_PARTS:
            if key in s and (always or s[key]):
                parts.append(f"{words} {s[key]:+}")
        star = "  winner" if s["winner"] else ""
        print(f"  {label:<{width}} {s['total']:>4}  ({', '.join(parts)}){star}")
    return 0


def _cmd_bench(args: argparse.Namespace) -> int:
    from .simulate import bench

    figures = bench(args.seconds)
    if args.json:
        print(json.dumps(figures))
    else:
        _print_table([(k.replace("_", " "), v) for k, v in figures.items()])
    return 0


def _cmd_tournament(args: argparse.Namespace) -> int:
    try:
        from .bots.tournament import format_table, run_tournament
    except ImportError as exc:  # pragma: no cover - the bots package ships it
        raise EngineError(f"tournaments are not available: {exc}") from exc
    bots = [b for b in args.bots.split(",") if b]
    if len(bots) < 2:
        raise EngineError("--bots needs at least two bot names, e.g. --bots hard,route_focus")
    if args.games < 1:
        raise EngineError("--games must be at least 1")
    if args.jobs < 1:
        raise EngineError("--jobs must be at least 1")
    result = run_tournament(
        args.variant,
        args.players,
        bots,
        args.games,
        args.seed,
        progress=_Progress("tournament", not args.json),
        jobs=args.jobs,
        options=parse_options(args.option),
        records=args.records,
    )
    print(json.dumps(result) if args.json else format_table(result))
    return 0


def _cmd_variants(args: argparse.Namespace) -> int:
    from .bots import bot_names, bot_names_for
    from .games import get_variant, variant_names

    data: list[dict[str, Any]] = [
        {
            "name": n,
            "title": get_variant(n).title,
            "players": [get_variant(n).min_players, get_variant(n).max_players],
            "bots": bot_names_for(n),  # only the bots that play this variant
            "options": get_variant(n).options_info(),
        }
        for n in variant_names()
    ]
    if args.json:
        print(json.dumps({"variants": data, "bots": bot_names()}))
    else:
        for d in data:
            print(
                f"{d['name']:10} {d['title']} ({d['players'][0]}–{d['players'][1]} players); "
                f"bots: {', '.join(str(b) for b in d['bots'])}"
            )
            for key, info in d["options"].items():
                values = ", ".join(_option_text(v) for v in info["values"])
                print(f"{'':10} option {key}: {values} (default {_option_text(info['default'])})")
        print("bots: " + ", ".join(bot_names()))
    return 0


def _option_text(value: Any) -> str:
    return json.dumps(value) if isinstance(value, bool) else str(value)


def _add_table_arguments(
    parser: argparse.ArgumentParser, players: int, seed_help: str = "the seed every game derives from"
) -> None:
    """The game, the table's size, how many games and the seed: the same words for every command."""
    parser.add_argument(
        "--variant", default="usa", help="the game: usa, world or cardgame (default: usa; see 'variants')"
    )
    parser.add_argument(
        "--players", type=int, default=players, help=f"players at the table (default: {players})"
    )
    parser.add_argument("--games", type=int, default=100, help="games to play (default: 100)")
    parser.add_argument("--seed", type=int, default=1, help=f"{seed_help} (default: 1)")


def _add_records_argument(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--records",
        metavar="DIR",
        help="write every game's record to DIR (made if missing): open one in the page, "
        "or read it with 'replay'; a record already there is never overwritten (the run is refused)",
    )


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m pyengine",
        description="Railtrip engine: simulate games, run bot tournaments, replay records, benchmark.",
    )
    parser.add_argument("--version", action="version", version=f"railtrip-engine {__version__}")
    sub = parser.add_subparsers(dest="command", required=True)

    sim = sub.add_parser(
        "simulate",
        help="play many games and summarise them",
        description="Play games with random legal moves, or with the named bots, and print a summary\n"
        "(speed, turns, scores, ticket completion, wins by seat). Every game depends only on the seed.",
        epilog="example:\n  python -m pyengine simulate --variant world --players 3 --games 200 --bots hard,normal",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    _add_table_arguments(sim, players=4)
    sim.add_argument(
        "--bots",
        default="",
        help="bot per seat, comma separated; fewer names than seats repeat in turn (none: random moves)",
    )
    sim.add_argument("--json", action="store_true", help="print the summary as one JSON object")
    _add_option_argument(sim)
    _add_records_argument(sim)
    sim.set_defaults(func=_cmd_simulate)

    rep = sub.add_parser(
        "replay",
        help="replay a game record and print the scores",
        description="Check a game record (a save file, an exported game, a --records file) by replaying\n"
        "every move, then print each seat's score and its parts.",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    rep.add_argument("record", help="a record file, '-' for standard input, or the JSON itself")
    rep.add_argument("--json", action="store_true", help="print the scores as one JSON object")
    rep.set_defaults(func=_cmd_replay)

    ben = sub.add_parser(
        "bench",
        help="print engine speed figures",
        description="Measure random play and legal-move listing per game.",
    )
    ben.add_argument("--seconds", type=float, default=2.0, help="time per measurement (default: %(default)s)")
    ben.add_argument("--json", action="store_true", help="print the figures as one JSON object")
    ben.set_defaults(func=_cmd_bench)

    tour = sub.add_parser(
        "tournament",
        help="seat-rotated games between bots",
        description="Play bots against each other with the seats rotated game by game, and print each bot's\n"
        "wins with the 95% Wilson interval, mean score and thinking time. The results depend only on\n"
        "the seed, not on --jobs.",
        epilog="example (hard against three long_route_junkies):\n"
        "  python -m pyengine tournament --players 4 --bots hard,long_route_junkie --games 200 --jobs 2",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    _add_table_arguments(
        tour,
        players=2,
        seed_help="the seed every game derives from, 0 to 999,999 (larger ones are kept for fitting the bots)",
    )
    tour.add_argument(
        "--bots",
        required=True,
        help="one bot per seat, comma separated, or two: a bot against copies of the second",
    )
    tour.add_argument("--json", action="store_true", help="print the results as one JSON object")
    tour.add_argument(
        "--jobs", type=int, default=1, help="processes to play games in, with the same results (default: 1)"
    )
    _add_option_argument(tour)
    _add_records_argument(tour)
    tour.set_defaults(func=_cmd_tournament)

    var = sub.add_parser("variants", help="list the games and bots")
    var.add_argument("--json", action="store_true", help="print the list as one JSON object")
    var.set_defaults(func=_cmd_variants)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return int(args.func(args))
    except EngineError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 0
