"""Game records: the versioned JSON that is the save file, the share-link payload and a test fixture.

A record is settings + seed + actions (see docs/record-format.md). Replaying it re-applies every
action with full legality checks, so a tampered record is refused with the failing step named.
"""
from __future__ import annotations

import json
from typing import Any

from .errors import EngineError, RecordError
from .game import MAX_ACTIONS, RECORD_FORMAT, RECORD_VERSION, Game
from .games import get_variant

_KNOWN_KEYS = {"format", "version", "rules", "variant", "players", "seed", "start_player",
               "options", "setup", "actions", "meta"}


def parse_record(data: str | bytes | dict[str, Any]) -> dict[str, Any]:
    """Accept a record as JSON text or a dict and check its outer shape."""
    if isinstance(data, (str, bytes)):
        try:
            data = json.loads(data)
        except ValueError as exc:
            raise RecordError(f"the record is not valid JSON: {exc}") from exc
    if not isinstance(data, dict):
        raise RecordError("a record must be a JSON object")
    if data.get("format") != RECORD_FORMAT:
        raise RecordError(f"not a Railtrip game record (format should be {RECORD_FORMAT!r})")
    version = data.get("version")
    if not isinstance(version, int) or isinstance(version, bool):
        raise RecordError("the record has no version number")
    if version > RECORD_VERSION:
        raise RecordError(f"the record is from a newer version of Railtrip (format {version}); "
                          f"this one reads up to {RECORD_VERSION}")
    if version < 1:
        raise RecordError(f"unknown record version {version}")
    unknown = set(data) - _KNOWN_KEYS
    if unknown:
        raise RecordError(f"unknown field(s) in the record: {', '.join(sorted(unknown))}")
    actions = data.get("actions", [])
    if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
        raise RecordError("the record's actions must be a list of texts")
    if len(actions) > MAX_ACTIONS:
        raise RecordError(f"the record has {len(actions)} actions, more than any game ({MAX_ACTIONS})")
    return data


def replay(data: str | bytes | dict[str, Any], upto: int | None = None) -> Game:
    """Rebuild the game a record describes (optionally only its first ``upto`` actions)."""
    rec = parse_record(data)
    try:
        variant = get_variant(rec.get("variant", ""))
    except EngineError as exc:
        raise RecordError(str(exc)) from exc
    rules = rec.get("rules", f"{variant.name}/{variant.rules_version}")
    if not isinstance(rules, str) or "/" not in rules:
        raise RecordError("the record's rules tag is malformed")
    rules_name, _, rules_version = rules.partition("/")
    if rules_name != variant.name:
        raise RecordError(f"the record's rules ({rules_name}) do not match its variant ({variant.name})")
    if not rules_version.isdigit() or int(rules_version) > variant.rules_version:
        raise RecordError(f"the record uses rules version {rules_version} of {variant.name}; "
                          f"this version of Railtrip knows up to {variant.rules_version}")
    options = rec.get("options", {})
    if not isinstance(options, dict):
        raise RecordError("the record's options must be an object")
    try:
        game = Game.new(variant.name, players=rec.get("players"),  # type: ignore[arg-type]
                        seed=rec.get("seed", 0), start_player=rec.get("start_player", 0),
                        options=options, setup=rec.get("setup"))
    except EngineError as exc:
        raise RecordError(f"the record's settings are invalid: {exc}") from exc
    except (TypeError, KeyError, AttributeError) as exc:
        raise RecordError(f"the record's settings are malformed: {exc}") from exc
    actions = rec.get("actions", [])
    for i, text in enumerate(actions if upto is None else actions[:upto]):
        try:
            game.apply(text)
        except EngineError as exc:
            raise RecordError(f"action {i + 1} ({text!r}) does not replay: {exc}") from exc
    return game


def dumps(game: Game, meta: dict[str, Any] | None = None) -> str:
    """A record as compact JSON text."""
    return json.dumps(game.record(meta), separators=(",", ":"), ensure_ascii=False)
