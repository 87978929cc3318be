"""Computer opponents. ``bot_action(game, level)`` is how every caller asks a bot for a move:
it hands the bot only the current player's view and the legal actions."""
from __future__ import annotations

from typing import Any, Callable

from ..actions import Action
from ..errors import EngineError
from ..game import Game
from ..rng import Rng, seed_to_int
from .base import Bot, RandomBot, time_limit, time_up

_BOTS: dict[str, Callable[[], Bot]] = {"random": RandomBot}
_LEVEL_ALIASES: dict[str, str] = {}
_INSTANCES: dict[str, Bot] = {}
# Per-variant bots behind the level names: (variant, level) -> factory. The card game plays
# with its own bots (cardgame_bots.py); other variants use the level bots directly.
_VARIANT_LEVELS: dict[tuple[str, str], Callable[[], Bot]] = {}
_VARIANT_INSTANCES: dict[tuple[str, str], Bot] = {}


def register_bot(name: str, factory: Callable[[], Bot], *aliases: str) -> None:
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


def bot_rng(game: Game) -> Rng:
    """The bot's generator: derived from the game seed, the seat and the number of actions."""
    return Rng.derive(seed_to_int(game.settings.seed) ^ 0x5EED_B075, game.current_player,
                      len(game.actions))


def bot_action(game: Game, name: str, max_seconds: float | None = None) -> Action:
    """Ask bot ``name`` for the current player's move, showing it only that player's view.

    ``max_seconds`` caps a searching bot's thinking by the clock (the browser's slow-device
    guard, see ``base.time_limit``); without it every bot's choice depends only on the game."""
    bot = get_variant_bot(game.variant.name, name)
    # A bot plays only the variants it declares (Bot.variants): refuse the others clearly.
    if game.variant.name not in bot.variants:
        raise EngineError(f"bot {name!r} does not play {game.variant.name!r}; bots for this game: "
                          f"{', '.join(bot_names_for(game.variant.name))}")
    legal = game.legal_actions()
    if len(legal) == 1:
        return legal[0]
    # A bot may ask for the log (the card game's bots remember the public moves).
    view = game.view(game.current_player, log=getattr(bot, "wants_log", False))
    board = game.variant.board_view()
    with time_limit(max_seconds):
        return bot.choose(view, list(legal), bot_rng(game), board)


def _register_builtin() -> None:
    """Register the bundled bots and the level names the UI offers (easy < normal < hard)."""
    from .baselines import (destination_hungry_bot, long_route_junkie_bot, one_step_thinker_bot,
                            route_focus_bot)
    from .heuristic import easy_bot, normal_bot
    from .search import hard_bot
    register_bot("destination_hungry", destination_hungry_bot)
    register_bot("route_focus", route_focus_bot)
    register_bot("one_step_thinker", one_step_thinker_bot)
    register_bot("long_route_junkie", long_route_junkie_bot)
    register_bot("easy", easy_bot)
    register_bot("normal", normal_bot)
    register_bot("hard", hard_bot)
    # The card game: its own bots behind the level names (see bot_action).
    from .cardgame_bots import cardgame_easy_bot, cardgame_normal_bot
    from .cardgame_search import cardgame_hard_bot
    register_variant_bot("cardgame", "easy", cardgame_easy_bot)
    register_variant_bot("cardgame", "normal", cardgame_normal_bot)
    register_variant_bot("cardgame", "hard", cardgame_hard_bot)
    # The FDG 2017 play styles mapped onto the card game (cardgame_baselines.py).
    from . import cardgame_baselines as cg_styles
    register_variant_bot("cardgame", "destination_hungry", cg_styles.destination_hungry_bot)
    register_variant_bot("cardgame", "route_focus", cg_styles.route_focus_bot)
    register_variant_bot("cardgame", "one_step_thinker", cg_styles.one_step_thinker_bot)
    register_variant_bot("cardgame", "long_route_junkie", cg_styles.long_route_junkie_bot)
    # Rails & Sails (world map): its own bots behind the level names (world_bots.py, world_search.py).
    from .world_bots import world_easy_bot, world_normal_bot
    from .world_search import world_hard_bot
    register_variant_bot("world", "easy", world_easy_bot)
    register_variant_bot("world", "normal", world_normal_bot)
    register_variant_bot("world", "hard", world_hard_bot)
    # The FDG 2017 baselines on the world map (world_baselines.py).
    from .world_baselines import (destination_hungry_world_bot, long_route_junkie_world_bot,
                                  one_step_thinker_world_bot, route_focus_world_bot)
    register_variant_bot("world", "destination_hungry", destination_hungry_world_bot)
    register_variant_bot("world", "route_focus", route_focus_world_bot)
    register_variant_bot("world", "one_step_thinker", one_step_thinker_world_bot)
    register_variant_bot("world", "long_route_junkie", long_route_junkie_world_bot)
    # Issue 16's reference opponents, one module per game (reference.py, world_reference.py,
    # cardgame_reference.py).
    from . import cardgame_reference, reference, world_reference
    register_bot("shortest_path", reference.shortest_path_bot)
    register_bot("zombie", reference.zombie_bot)
    register_variant_bot("world", "shortest_path", world_reference.shortest_path_world_bot)
    register_variant_bot("world", "zombie", world_reference.zombie_world_bot)
    register_variant_bot("cardgame", "shortest_path", cardgame_reference.shortest_path_cardgame_bot)
    register_variant_bot("cardgame", "zombie", cardgame_reference.zombie_cardgame_bot)


_register_builtin()

__all__ = ["Bot", "bot_action", "bot_names", "get_bot", "register_bot", "bot_rng",
           "get_variant_bot", "register_variant_bot", "bot_names_for", "time_limit", "time_up"]
