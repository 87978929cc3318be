"""Typed errors: every failure a user can cause has a class and a message a person understands."""

from __future__ import annotations

MAX_MESSAGE_CHARS = 400  # a message stays readable whatever text it was built from


# What went wrong with a link or a record, in words a page can say in its own language (the
# message stays the engine's English, with the details). ``<area>.<kind>``: the area is the
# error class's (a link, a record or save file), the kind one of these.
ERROR_KINDS = (
    "not_railtrip",  # not a Railtrip link / game record at all
    "newer",  # made by a newer Railtrip (format, link or rules version)
    "cut",  # a link that was cut short
    "changed",  # a link with characters that do not belong in it
    "damaged",  # broken in some other way (invalid JSON, wrong shapes, bad settings)
    "too_large",  # far longer or deeper than any real game
    "game",  # a game this version does not know (params: variant)
    "move",  # a move that does not replay (params: number, action)
)
# Every code the engine gives (a page words each one): a record is not a URL, so it is never
# cut or changed in the way a link is.
ERROR_CODES = tuple(f"link.{k}" for k in ERROR_KINDS) + tuple(
    f"record.{k}" for k in ERROR_KINDS if k not in ("cut", "changed")
)


class EngineError(ValueError):
    """Base class of every error the engine raises on purpose. The message is cut to
    MAX_MESSAGE_CHARS: a message never repeats a whole hostile input. ``kind`` (one of
    ERROR_KINDS) and ``params`` say what went wrong for a page to word it (``code``)."""

    area = ""  # "link" or "record" where the error class reports bad input of that kind

    def __init__(
        self, message: object = "", *args: object, kind: str = "", params: dict[str, str] | None = None
    ) -> None:
        text = str(message)
        if len(text) > MAX_MESSAGE_CHARS:
            text = text[: MAX_MESSAGE_CHARS - 1] + "…"
        super().__init__(text, *args)
        self.code = f"{self.area}.{kind}" if self.area and kind else ""
        assert not self.code or self.code in ERROR_CODES, self.code
        self.params = dict(params or {})

    def to_json(self) -> dict[str, object]:
        """What the API answers: the class, the message, and the code and its params if any."""
        out: dict[str, object] = {"type": type(self).__name__, "message": str(self)}
        if self.code:
            out["code"] = self.code
            out["params"] = self.params
        return out


class UnknownVariantError(EngineError):
    """The variant name is not one the engine knows."""


class SettingsError(EngineError):
    """Game settings are invalid (player count, start player, options, explicit setup)."""


class InvalidActionError(EngineError):
    """An action's text cannot be parsed."""


class IllegalActionError(EngineError):
    """A well-formed action that is not legal in the current state."""


class RecordError(EngineError):
    """A game record (save file, share link payload) is malformed or does not replay."""

    area = "record"


class LinkError(EngineError):
    """A share link is broken, truncated, tampered with or from an unknown version."""

    area = "link"


class DataError(EngineError):
    """A map or card data file is malformed."""
