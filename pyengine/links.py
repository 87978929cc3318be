"""Share links: a game's deal or its whole record, as a compact string for a URL fragment.

Two kinds, each starting with a tag that names the kind and the link format version:

* ``d1.<base64url JSON>`` — **same deal**: settings + seed (+ seats: names, humans, bot levels).
  Opening it starts the same game from the same deal.
* ``g1.<base64url deflate(JSON record)>`` — **whole game**: the full record, for the replay viewer.

Decoding never raises anything but :class:`LinkError` (a clear message), whatever the input.
"""

from __future__ import annotations

import base64
import binascii
import json
import zlib
from typing import Any

from .boundary import is_number_text, load_json
from .errors import EngineError, LinkError
from .game import RECORD_FORMAT, RECORD_VERSION, Game
from .record import parse_record, replay

DEAL_TAG = "d1"
GAME_TAG = "g1"
MAX_LINK_CHARS = 200_000  # far above any real game; refuse before doing any work
MAX_JSON_BYTES = 1_000_000  # a decompression bomb stops here
MAX_SEATS = 8  # a deal link's seats: more than any game has
_KNOWN_TAGS = {"d", "g"}


def _b64encode(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).decode("ascii").rstrip("=")


def _b64decode(text: str) -> bytes:
    if any(c not in "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_" for c in text):
        raise LinkError(
            "the link contains characters that do not belong in it (was it cut or changed?)", kind="changed"
        )
    try:
        return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
    except (binascii.Error, ValueError) as exc:
        raise LinkError("the link is not complete (its data cannot be decoded)", kind="cut") from exc


def _deflate(data: bytes) -> bytes:
    comp = zlib.compressobj(9, zlib.DEFLATED, -15)
    return comp.compress(data) + comp.flush()


def _inflate(data: bytes) -> bytes:
    decomp = zlib.decompressobj(-15)
    try:
        out = decomp.decompress(data, MAX_JSON_BYTES)
        if decomp.unconsumed_tail:
            raise LinkError("the link's game is too large to be a real game", kind="too_large")
        out += decomp.flush()
    except zlib.error as exc:
        raise LinkError("the link is damaged (its compressed data is broken)", kind="damaged") from exc
    if not decomp.eof:
        raise LinkError("the link is not complete (it seems to have been cut off)", kind="cut")
    if decomp.unused_data:
        raise LinkError("the link is damaged (it has extra data at its end)", kind="damaged")
    return out


def _check_game(game: object) -> None:
    if not isinstance(game, Game):
        raise EngineError(f"a link is made from a Game, not {type(game).__name__}")


def deal_link(game: Game, seats: list[dict[str, Any]] | None = None) -> str:
    """The same-deal link: settings and seed (and seats: a list of objects, as ``decode_link``
    reads them), without any action."""
    _check_game(game)
    if seats is not None and not (
        isinstance(seats, list) and len(seats) <= MAX_SEATS and all(isinstance(s, dict) for s in seats)
    ):
        raise EngineError(f"the seats are a list of at most {MAX_SEATS} objects (name, kind, ...)")
    data: dict[str, Any] = {k: v for k, v in game.settings.to_json().items() if k != "setup"}
    if game.settings.setup is not None:
        data["setup"] = game.settings.setup
    data["rules"] = f"{game.variant.name}/{game.variant.rules_version}"
    if seats:
        data["seats"] = seats
    return f"{DEAL_TAG}.{_b64encode(json.dumps(data, separators=(',', ':'), ensure_ascii=False).encode())}"


def game_link(game: Game, meta: dict[str, Any] | None = None) -> str:
    """The whole-game link: the full record, compressed."""
    _check_game(game)
    rec = game.record(meta)
    del rec["format"]  # implied by the tag
    raw = json.dumps(rec, separators=(",", ":"), ensure_ascii=False).encode("utf-8")
    return f"{GAME_TAG}.{_b64encode(_deflate(raw))}"


def decode_link(link: str) -> dict[str, Any]:
    """Decode a link (with or without a leading '#' or URL) into ``{"kind", "record"}``.

    For a deal link the record has no actions and ``meta.seats`` holds the seats. The record is
    checked by replaying it, so an impossible action or setting is reported here.
    """
    if not isinstance(link, str):
        raise LinkError("a link must be text", kind="not_railtrip")
    if len(link) > MAX_LINK_CHARS:
        raise LinkError("the link is far too long to be a Railtrip link", kind="too_large")
    text = link.strip()
    if "#" in text:
        text = text.split("#", 1)[1]
    for prefix in ("deal=", "game=", "g=", "d="):
        if text.startswith(prefix):
            text = text[len(prefix) :]
    tag, dot, body = text.partition(".")
    if not dot or not tag or tag[0] not in _KNOWN_TAGS or not is_number_text(tag[1:]):
        raise LinkError("this is not a Railtrip game link", kind="not_railtrip")
    version = int(tag[1:])
    if version != 1:
        raise LinkError(
            f"this link was made by a newer version of Railtrip (link format {tag}); "
            "open it with an up-to-date Railtrip",
            kind="newer",
        )
    raw = _b64decode(body)
    if tag[0] == "g":
        raw = _inflate(raw)
    if len(raw) > MAX_JSON_BYTES:
        raise LinkError("the link's game is too large to be a real game", kind="too_large")
    data = load_json(raw, "the link's content", LinkError)
    if not isinstance(data, dict):
        raise LinkError("the link is damaged (unexpected content)", kind="damaged")
    if tag[0] == "d":
        seats = data.pop("seats", None)
        if seats is not None and (
            not isinstance(seats, list)
            or len(seats) > MAX_SEATS
            or not all(isinstance(s, dict) for s in seats)
        ):
            raise LinkError("the link's seats are malformed", kind="damaged")
        data = {**data, "actions": [], "meta": {"seats": seats or []}}
    data["format"] = RECORD_FORMAT
    data.setdefault("version", RECORD_VERSION)
    try:
        record = parse_record(data)
        replay(record)  # proves every action is legal
    except EngineError as exc:
        kind = exc.code.partition(".")[2] or "damaged"
        raise LinkError(f"the link's game cannot be opened: {exc}", kind=kind, params=exc.params) from exc
    except (TypeError, ValueError, KeyError, AttributeError, IndexError, RecursionError) as exc:
        raise LinkError(f"the link's game is malformed ({type(exc).__name__})", kind="damaged") from exc
    return {"kind": "deal" if tag[0] == "d" else "game", "record": record}
