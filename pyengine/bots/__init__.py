"""Computer opponents. ``bot_action(game, level)`` is how every caller asks a bot for a move:
it hands the bot only the current player's view and the legal actions."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..actions import Action
from ..errors import EngineError, IllegalActionError
from ..game import Game
from ..rng import Rng, seed_to_int
from .base import Bot, Comparison, RandomBot, time_limit, time_up
from .cardgame.levels import LEVELS as CARDGAME_LEVELS
from .usa.levels import LEVELS as USA_LEVELS
from .world.levels import LEVELS as WORLD_LEVELS

# The bundled bots, a static table: name -> factory. The plain names are the classic game's bots
# (and "random", which plays every game); Rails & Sails and the card game play with their own
# bots behind the same names (``_VARIANT_LEVELS``, see ``get_variant_bot``).
_BOTS: dict[str, Callable[[], Bot]] = {"random": RandomBot, **USA_LEVELS}
_LEVEL_ALIASES: dict[str, str] = {}
_INSTANCES: dict[str, Bot] = {}
_VARIANT_LEVELS: dict[tuple[str, str], Callable[[], Bot]] = {
    **{("world", name): factory for name, factory in WORLD_LEVELS.items()},
    **{("cardgame", name): factory for name, factory in CARDGAME_LEVELS.items()},
}
_VARIANT_INSTANCES: dict[tuple[str, str], Bot] = {}


def register_bot(name: str, factory: Callable[[], Bot], *aliases: str) -> None:
    """Add a bot by name (experiments and tests; the bundled bots are in the tables above)."""
    _BOTS[name] = factory
    _INSTANCES.pop(name, None)
    for alias in aliases:
        _LEVEL_ALIASES[alias] = name


def bot_names() -> list[str]:
    return sorted(_BOTS)


def get_bot(name: str) -> Bot:
    key = _LEVEL_ALIASES.get(name, name)
    if key not in _BOTS:
        raise EngineError(f"unknown bot {name!r}; known bots: {', '.join(bot_names())}")
    if key not in _INSTANCES:
        _INSTANCES[key] = _BOTS[key]()
    return _INSTANCES[key]


def register_variant_bot(variant: str, level: str, factory: Callable[[], Bot]) -> None:
    """Make ``level`` (e.g. "hard") mean ``factory``'s bot in games of ``variant``."""
    _VARIANT_LEVELS[(variant, level)] = factory
    _VARIANT_INSTANCES.pop((variant, level), None)


def get_variant_bot(variant: str, name: str) -> Bot:
    """The bot ``name`` plays as in ``variant``: its own bot if registered, else ``get_bot``."""
    key = (variant, name)
    if key not in _VARIANT_LEVELS:
        return get_bot(name)
    if key not in _VARIANT_INSTANCES:
        _VARIANT_INSTANCES[key] = _VARIANT_LEVELS[key]()
    return _VARIANT_INSTANCES[key]


def bot_names_for(variant: str) -> list[str]:
    """The registered bot names that play ``variant`` (level names included, see ``Bot.variants``)."""
    names = set(bot_names()) | {lv for (v, lv) in _VARIANT_LEVELS if v == variant}
    return sorted(n for n in names if variant in get_variant_bot(variant, n).variants)


def bot_rng(game: Game, stream: int = 0) -> Rng:
    """The bot's generator: derived from the game seed, the seat and the number of actions
    (``stream``: another generator for the same decision, e.g. the review's fresh worlds)."""
    return Rng.derive(
        seed_to_int(game.settings.seed) ^ 0x5EED_B075 ^ stream, game.current_player, len(game.actions)
    )


def playing_bot(game: Game, name: str) -> Bot:
    """Bot ``name`` as it plays this game's variant; refuses a bot that does not play it."""
    return _check_plays(game, get_variant_bot(game.variant.name, name), name)


def _check_plays(game: Game, bot: Bot, name: str) -> Bot:
    # A bot plays only the variants it declares (Bot.variants): refuse the others clearly.
    if game.variant.name not in bot.variants:
        raise EngineError(
            f"bot {name!r} does not play {game.variant.name!r}; bots for this game: "
            f"{', '.join(bot_names_for(game.variant.name))}"
        )
    return bot


def _check_in_progress(game: Game) -> None:
    """A bot is asked about a game in progress: a finished one has no move to choose."""
    if game.is_over:
        raise IllegalActionError("the game is over: there is no move to choose")


def seat_view(game: Game, bot: Bot) -> dict[str, Any]:
    """The current player's view, the only thing a bot sees (with the log if it asks for it:
    the card game's bots remember the public moves)."""
    return game.view(game.current_player, log=getattr(bot, "wants_log", False))


def bot_action(game: Game, name: str, max_seconds: float | None = None) -> Action:
    """Ask bot ``name`` for the current player's move, showing it only that player's view.

    ``max_seconds`` caps a searching bot's thinking by the clock (the browser's slow-device
    guard, see ``base.time_limit``); without it every bot's choice depends only on the game."""
    return ask_bot(game, playing_bot(game, name), max_seconds)


def ask_bot(game: Game, bot: Bot, max_seconds: float | None = None) -> Action:
    """``bot_action`` for a bot object that is not registered by name (e.g. the tuner's
    parameter sets): the current player's move, from that player's view only."""
    _check_in_progress(game)
    _check_plays(game, bot, bot.name)
    legal = game.legal_actions()
    if len(legal) == 1:
        return legal[0]
    with time_limit(max_seconds):
        return bot.choose(seat_view(game, bot), list(legal), bot_rng(game), game.variant.board_view())


def bot_ranking(game: Game, name: str, max_seconds: float | None = None) -> list[tuple[Action, float]]:
    """Bot ``name``'s ranking of the current player's moves (``Bot.rank``: best first, each with
    its estimated final score margin), from that player's view only. Never empty: a bot that ranks
    nothing legal is read as preferring its own choice. A single legal move is ranked alone."""
    _check_in_progress(game)
    bot = playing_bot(game, name)
    legal = game.legal_actions()
    if len(legal) == 1:
        return [(legal[0], 0.0)]
    view, board, rng = seat_view(game, bot), game.variant.board_view(), bot_rng(game)
    with time_limit(max_seconds):
        ranked = [(a, float(v)) for a, v in bot.rank(view, list(legal), rng, board) if a in legal]
        if not ranked:
            ranked = [(bot.choose(view, list(legal), bot_rng(game), board), 0.0)]
    return ranked


# The review's own worlds: another generator than the decision's (bot_rng stream).
_COMPARE_STREAM = 0xC0_4BA2E


def bot_comparison(
    game: Game, name: str, moves: tuple[Action, Action], worlds: int, max_seconds: float | None = None
) -> Comparison | None:
    """How much better the first of ``moves`` (both legal now) is than the second for the current
    player, by bot ``name``'s own measure on ``worlds`` fresh worlds (``Bot.compare``; None from a
    bot that does not measure, or when the clock cap left no world)."""
    _check_in_progress(game)
    bot = playing_bot(game, name)
    legal = game.legal_actions()
    if any(m not in legal for m in moves):
        raise EngineError("a compared move is not legal here")
    view, board = seat_view(game, bot), game.variant.board_view()
    with time_limit(max_seconds):
        return bot.compare(view, list(legal), bot_rng(game, _COMPARE_STREAM), board, moves, worlds)


__all__ = [
    "Bot",
    "Comparison",
    "ask_bot",
    "bot_action",
    "bot_comparison",
    "bot_names",
    "bot_names_for",
    "bot_ranking",
    "bot_rng",
    "get_bot",
    "get_variant_bot",
    "playing_bot",
    "register_bot",
    "register_variant_bot",
    "seat_view",
    "time_limit",
    "time_up",
]
