"""Typed errors: every failure a user can cause has a class and a message a person understands."""

from __future__ import annotations

MAX_MESSAGE_CHARS = 400  # a message stays readable whatever text it was built from


class EngineError(ValueError):
    """Base class of every error the engine raises on purpose. The message is cut to
    MAX_MESSAGE_CHARS: a message never repeats a whole hostile input."""

    def __init__(self, message: object = "", *args: object) -> None:
        text = str(message)
        if len(text) > MAX_MESSAGE_CHARS:
            text = text[: MAX_MESSAGE_CHARS - 1] + "…"
        super().__init__(text, *args)


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


class DataError(EngineError):
    """A map or card data file is malformed."""
