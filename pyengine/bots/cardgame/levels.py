"""The card game's bots by name: the levels (easy < normal < hard) and the four FDG 2017 play
styles mapped onto the card game."""

from __future__ import annotations

from collections.abc import Callable

from ..base import Bot
from .baselines import destination_hungry_bot, long_route_junkie_bot, one_step_thinker_bot, route_focus_bot
from .easy import cardgame_easy_bot
from .hard import cardgame_hard_bot
from .planner import cardgame_normal_bot
from .reference import shortest_path_cardgame_bot, zombie_cardgame_bot

LEVELS: dict[str, Callable[[], Bot]] = {
    "easy": cardgame_easy_bot,
    "normal": cardgame_normal_bot,
    "hard": cardgame_hard_bot,
    "destination_hungry": destination_hungry_bot,
    "route_focus": route_focus_bot,
    "one_step_thinker": one_step_thinker_bot,
    "long_route_junkie": long_route_junkie_bot,
    # Issue 16's reference opponents (reference.py).
    "shortest_path": shortest_path_cardgame_bot,
    "zombie": zombie_cardgame_bot,
}
