"""The input boundary: checks shared by every reader of text from outside (links, records, saves,
action texts, setups, API arguments).

Whatever such text holds, the readers answer with one of the engine's own errors and a short
message, in bounded time (see docs/record-format.md, "Hostile input"). The rules here:

* numbers in texts are ASCII digits only, at most ``MAX_NUMBER_DIGITS`` of them (``int()`` would
  take '²' or '٣', and 5,000 digits take long and then fail);
* JSON is read only below a size and a nesting depth (deep nesting overflows the stack);
* a number in JSON is an ``int`` and never a boolean (``True == 1`` in Python);
* a message quotes at most ``MAX_EXCERPT`` characters of what it was given.
"""

from __future__ import annotations

import json
import re
from typing import Any, TypeGuard

from .errors import EngineError

MAX_NUMBER_DIGITS = 6  # no count, slot, seat or version in any game needs more
MAX_EXCERPT = 40  # characters of hostile text a message may repeat
MAX_JSON_DEPTH = 40  # a record nests 5 levels (record > setup > hands > hand > card); meta a few more
MAX_JSON_CHARS = 4_000_000  # far above the longest record (20,000 actions)
_DIGITS = frozenset("0123456789")
_STRING = re.compile(r'"(?:[^"\\]|\\.)*"', re.DOTALL)
_BRACKETS = re.compile(r"[\[\]{}]")


def excerpt(value: Any) -> str:
    """A short quotation of ``value`` for a message: its repr, cut to MAX_EXCERPT characters."""
    text = repr(value[: MAX_EXCERPT + 1] if isinstance(value, (str, bytes)) else value)
    if len(text) > MAX_EXCERPT:
        text = text[: MAX_EXCERPT - 1] + "…"
    return text


def is_number_text(text: str) -> bool:
    """Whether ``text`` is a plain non-negative number: 1 to MAX_NUMBER_DIGITS ASCII digits."""
    return 0 < len(text) <= MAX_NUMBER_DIGITS and all(c in _DIGITS for c in text)


def leading_number(token: str) -> tuple[int, str] | None:
    """Split '3red' into (3, 'red'); None unless it starts with an ASCII number and has a rest."""
    digits = 0
    while digits < len(token) and token[digits] in _DIGITS:
        digits += 1
    if digits == 0 or digits == len(token) or digits > MAX_NUMBER_DIGITS:
        return None
    return int(token[:digits]), token[digits:]


def is_int(value: Any) -> TypeGuard[int]:
    """Whether a JSON value is an integer (booleans are not numbers here)."""
    return isinstance(value, int) and not isinstance(value, bool)


def json_depth(text: str) -> int:
    """The deepest nesting of arrays and objects in JSON ``text`` (strings skipped), without
    parsing it: the parser's recursion would overflow first."""
    depth = deepest = 0
    for bracket in _BRACKETS.findall(_STRING.sub("", text)):
        if bracket in "[{":
            depth += 1
            if depth > deepest:
                deepest = depth
        else:
            depth -= 1
    return deepest


def value_depth(value: Any, limit: int = MAX_JSON_DEPTH) -> int:
    """The nesting depth of a JSON-like value (lists and dicts), counted up to ``limit + 1``."""
    deepest = 0
    stack: list[tuple[Any, int]] = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, (list, dict)):
            deepest = max(deepest, depth)
            if depth > limit:
                break
            stack.extend((x, depth + 1) for x in (item.values() if isinstance(item, dict) else item))
    return deepest


def load_json(
    text: str | bytes,
    what: str,
    error: type[EngineError],
    max_chars: int = MAX_JSON_CHARS,
    max_depth: int = MAX_JSON_DEPTH,
) -> Any:
    """Parse JSON from outside, refusing (with ``error``) text too long, too deep or invalid."""
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise error(f"{what} is not readable text (UTF-8)", kind="damaged") from exc
    if len(text) > max_chars:
        raise error(f"{what} is far too long ({len(text):,} characters)", kind="too_large")
    if json_depth(text) > max_depth:
        raise error(f"{what} is nested more than {max_depth} levels deep", kind="too_large")
    try:
        return json.loads(text)
    except (ValueError, RecursionError) as exc:
        raise error(f"{what} is not valid JSON ({_short_reason(exc)})", kind="damaged") from exc


def _short_reason(exc: BaseException) -> str:
    """The parser's reason in a few words: where the text broke, or why it could not be read."""
    if isinstance(exc, json.JSONDecodeError):
        return str(exc).split(":", 1)[0][:80]
    if isinstance(exc, RecursionError):
        return "nested too deeply"
    if "digits" in str(exc):  # Python's cap on reading long integers
        return "a number in it has too many digits"
    return "it cannot be read"


def copy_json(value: Any) -> Any:
    """A deep copy of JSON-like data (dicts, lists, scalars): what a view hands out, so editing
    it never reaches the game."""
    if isinstance(value, dict):
        return {k: copy_json(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [copy_json(v) for v in value]
    return value


class _ReadOnlyDict(dict):  # type: ignore[type-arg]
    """A dict that refuses changes (shared static data such as a board view)."""

    def _refuse(self, *args: Any, **kwargs: Any) -> None:
        raise TypeError("this engine data is shared and read-only; copy it to change it")

    __setitem__ = __delitem__ = clear = pop = popitem = setdefault = update = _refuse  # type: ignore[assignment]
    __ior__ = _refuse  # type: ignore[assignment]


class _ReadOnlyList(list):  # type: ignore[type-arg]
    """A list that refuses changes (shared static data such as a board view)."""

    def _refuse(self, *args: Any, **kwargs: Any) -> None:
        raise TypeError("this engine data is shared and read-only; copy it to change it")

    __setitem__ = __delitem__ = append = extend = insert = pop = remove = clear = _refuse
    sort = reverse = __iadd__ = __imul__ = _refuse  # type: ignore[assignment]


def read_only(value: Any) -> Any:
    """JSON-like data made read-only all the way down (still equal to, and encoded as, the
    original): shared static data can be handed out without a copy per call."""
    if isinstance(value, dict):
        return _ReadOnlyDict({k: read_only(v) for k, v in value.items()})
    if isinstance(value, (list, tuple)):
        return _ReadOnlyList(read_only(v) for v in value)
    return value
