"""Game records: the versioned JSON that is the save file, the share-link payload and a test fixture.

A record is settings + seed + actions (see docs/record-format.md). Replaying it re-applies every
action with full legality checks, so a tampered record is refused with the failing step named.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from .boundary import MAX_JSON_DEPTH, excerpt, is_int, is_number_text, load_json, value_depth
from .errors import EngineError, RecordError
from .game import MAX_ACTIONS, RECORD_FORMAT, RECORD_VERSION, Game
from .games import Variant, get_variant

_KNOWN_KEYS = {
    "format",
    "version",
    "rules",
    "variant",
    "players",
    "seed",
    "start_player",
    "options",
    "setup",
    "actions",
    "meta",
}


def parse_record(data: str | bytes | dict[str, Any]) -> dict[str, Any]:
    """Accept a record as JSON text or a dict and check its outer shape (see docs/record-format.md)."""
    if isinstance(data, (str, bytes)):
        data = load_json(data, "the record", RecordError)
    if not isinstance(data, dict):
        raise RecordError("a record must be a JSON object", kind="not_railtrip")
    if value_depth(data) > MAX_JSON_DEPTH:
        raise RecordError(f"the record is nested more than {MAX_JSON_DEPTH} levels deep", kind="too_large")
    if data.get("format") != RECORD_FORMAT:
        raise RecordError(
            f"not a Railtrip game record (format should be {RECORD_FORMAT!r})", kind="not_railtrip"
        )
    version = data.get("version")
    if not is_int(version):
        raise RecordError("the record has no version number", kind="damaged")
    if version > RECORD_VERSION:
        raise RecordError(
            f"the record is from a newer version of Railtrip (format {excerpt(version)}); "
            f"this one reads up to {RECORD_VERSION}",
            kind="newer",
        )
    if version < 1:
        raise RecordError(f"unknown record version {excerpt(version)}", kind="damaged")
    unknown = set(data) - _KNOWN_KEYS
    if unknown:
        raise RecordError(
            f"unknown field(s) in the record: {excerpt(', '.join(sorted(unknown)))}", kind="damaged"
        )
    if not isinstance(data.get("meta", {}), dict):
        raise RecordError("the record's meta must be an object", kind="damaged")
    if "actions" not in data:
        raise RecordError('the record has no actions (an empty game has "actions": [])', kind="damaged")
    actions = data["actions"]
    if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
        raise RecordError("the record's actions must be a list of texts", kind="damaged")
    if len(actions) > MAX_ACTIONS:
        raise RecordError(
            f"the record has {len(actions)} actions, more than any game ({MAX_ACTIONS})", kind="too_large"
        )
    return data


def _rules_version(rec: dict[str, Any], variant: Variant[Any]) -> None:
    """Check the record's ``rules`` tag, ``<variant>/<version>``, against what this engine knows."""
    rules = rec.get("rules", f"{variant.name}/{variant.rules_version}")
    if not isinstance(rules, str) or "/" not in rules:
        raise RecordError("the record's rules tag is malformed (it looks like 'usa/1')", kind="damaged")
    rules_name, _, rules_version = rules.partition("/")
    if rules_name != variant.name:
        raise RecordError(
            f"the record's rules ({excerpt(rules_name)}) do not match its variant ({variant.name})",
            kind="damaged",
        )
    if not is_number_text(rules_version):
        raise RecordError(
            f"the record's rules tag {excerpt(rules)} is malformed (it looks like "
            f"'{variant.name}/{variant.rules_version}')",
            kind="damaged",
        )
    if int(rules_version) > variant.rules_version:
        raise RecordError(
            f"the record uses rules version {rules_version} of {variant.name}; "
            f"this version of Railtrip knows up to {variant.rules_version}",
            kind="newer",
        )


def replay(data: str | bytes | dict[str, Any], upto: int | None = None) -> Game:
    """Rebuild the game a record describes (optionally only its first ``upto`` actions; an
    ``upto`` beyond the record's length replays all of them)."""
    if upto is not None and (not is_int(upto) or upto < 0):
        raise RecordError(
            f"upto must be a number of actions (0 or more), not {excerpt(upto)}", kind="damaged"
        )
    rec = parse_record(data)
    name = rec.get("variant", "")
    try:
        variant = get_variant(name)
    except EngineError as exc:
        # A game named but unknown (from a later Railtrip?), or no game named at all.
        if isinstance(name, str) and name:
            raise RecordError(str(exc), kind="game", params={"variant": excerpt(name)}) from exc
        raise RecordError(str(exc), kind="damaged") from exc
    _rules_version(rec, variant)
    options = rec.get("options", {})
    if not isinstance(options, dict):
        raise RecordError("the record's options must be an object", kind="damaged")
    try:
        game = Game.new(
            variant.name,
            players=rec.get("players"),  # type: ignore[arg-type]
            seed=rec.get("seed", 0),
            start_player=rec.get("start_player", 0),
            options=options,
            setup=rec.get("setup"),
        )
    except EngineError as exc:
        raise RecordError(f"the record's settings are invalid: {exc}", kind="damaged") from exc
    except (TypeError, KeyError, AttributeError, IndexError) as exc:
        raise RecordError(
            f"the record's settings are malformed ({type(exc).__name__})", kind="damaged"
        ) from exc
    actions = rec["actions"]
    for i, text in enumerate(actions if upto is None else actions[:upto]):
        try:
            game.apply(text)
        except EngineError as exc:
            raise RecordError(
                f"action {i + 1} ({excerpt(text)}) does not replay: {exc}",
                kind="move",
                params={"number": str(i + 1), "action": excerpt(text)},
            ) from exc
    return game


def dumps(game: Game, meta: dict[str, Any] | None = None) -> str:
    """A record as compact JSON text."""
    return json.dumps(game.record(meta), separators=(",", ":"), ensure_ascii=False)


RECORD_SUFFIX = ".railtrip.json"


def records_dir(path: str | Path, names: Iterable[str] = ()) -> Path:
    """The directory that game records are written to (``--records``), made if it is missing.
    Checked once, before any game is played, so a bad path costs no games; a record already
    there under one of ``names`` (the run's records) is never overwritten: the run is refused."""
    directory = Path(path)
    try:
        directory.mkdir(parents=True, exist_ok=True)
    except FileExistsError as exc:
        raise EngineError(f"cannot write records to {path}: it is a file, not a directory") from exc
    except OSError as exc:
        raise EngineError(f"cannot write records to {path}: {exc.strerror or exc}") from exc
    taken = [name + RECORD_SUFFIX for name in names if (directory / (name + RECORD_SUFFIX)).exists()]
    if taken:
        more = f" and {len(taken) - 1} more of this run's records" if len(taken) > 1 else ""
        raise EngineError(
            f"cannot write records to {path}: it already holds {taken[0]}{more}; "
            "records are never overwritten, so choose another directory or move them away"
        )
    return directory


def write_record(directory: Path, name: str, game: Game, meta: dict[str, Any] | None = None) -> Path:
    """Write ``game``'s record as ``<directory>/<name>.railtrip.json``: the file the page opens
    (its saves' Import, then the replay viewer) and ``python -m pyengine replay`` reads. A file
    of that name is never overwritten (``records_dir`` checks the run's names beforehand)."""
    path = directory / (name + RECORD_SUFFIX)
    try:
        with path.open("x", encoding="utf-8") as out:
            out.write(dumps(game, meta))
    except FileExistsError as exc:
        raise EngineError(f"cannot write the record {path}: a file of that name is there already") from exc
    except OSError as exc:
        raise EngineError(f"cannot write the record {path}: {exc.strerror or exc}") from exc
    return path


def bot_seats(bots: list[str]) -> dict[str, Any]:
    """A record's ``meta`` naming each seat's bot, as the page writes it for its own games (a bot
    that plays several seats is numbered: "zombie 1", "zombie 2")."""
    seats = []
    for i, bot in enumerate(bots):
        name = bot
        if bots.count(bot) > 1:
            name = f"{bot} {bots[: i + 1].count(bot)}"
        seats.append({"name": name, "kind": "bot", "bot": bot})
    return {"seats": seats}


MAX_SEAT_NAME_CHARS = 40  # a name printed from a record is cut here


def seat_names(record: dict[str, Any], players: int) -> list[str | None]:
    """Each seat's name from a (parsed) record's ``meta.seats``, printable characters only and
    cut to ``MAX_SEAT_NAME_CHARS``, or None where the record names none: ``meta`` is free data."""
    seats = record.get("meta", {}).get("seats")
    out: list[str | None] = [None] * players
    if not isinstance(seats, list):
        return out
    for i, seat in enumerate(seats[:players]):
        name = seat.get("name") if isinstance(seat, dict) else None
        if isinstance(name, str):
            clean = "".join(ch for ch in name if ch.isprintable()).strip()[:MAX_SEAT_NAME_CHARS]
            out[i] = clean or None
    return out
