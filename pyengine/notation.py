"""Reading an action's text form, for every game: the shared kinds and each game's own.

The table is static: ``parse_action`` knows every game's action kinds in a fresh interpreter,
without any module having to be imported first to register them.
"""

from __future__ import annotations

from collections.abc import Callable

from .actions import SHARED_PARSERS, Action
from .boundary import excerpt
from .errors import InvalidActionError
from .games.cardgame.actions import PARSERS as CARDGAME_PARSERS
from .games.world.actions import PARSERS as WORLD_PARSERS

PARSERS: dict[str, Callable[[list[str]], Action]] = {**SHARED_PARSERS, **WORLD_PARSERS, **CARDGAME_PARSERS}
MAX_ACTION_CHARS = 200  # the longest action of any game is far shorter


def parse_action(text: str) -> Action:
    """Parse an action's text form; raises InvalidActionError with the reason."""
    if not isinstance(text, str):
        raise InvalidActionError(f"an action must be text, not {type(text).__name__}")
    if len(text) > MAX_ACTION_CHARS:
        raise InvalidActionError(f"an action is a short text; this one has {len(text):,} characters")
    words = text.split()
    if not words:
        raise InvalidActionError("empty action text")
    parser = PARSERS.get(words[0].lower())
    if parser is None:
        raise InvalidActionError(
            f"unknown action {excerpt(words[0])}; expected one of: {', '.join(sorted(PARSERS))}"
        )
    return parser(words[1:])
