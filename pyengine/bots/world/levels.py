"""Rails & Sails' bots by name: the levels (easy < normal < hard) and the four FDG 2017 play styles."""

from __future__ import annotations

from collections.abc import Callable

from ..base import Bot
from .baselines import (
    destination_hungry_world_bot,
    long_route_junkie_world_bot,
    one_step_thinker_world_bot,
    route_focus_world_bot,
)
from .bot import world_easy_bot, world_normal_bot
from .hard import world_hard_bot
from .reference import shortest_path_world_bot, zombie_world_bot

LEVELS: dict[str, Callable[[], Bot]] = {
    "easy": world_easy_bot,
    "normal": world_normal_bot,
    "hard": world_hard_bot,
    "destination_hungry": destination_hungry_world_bot,
    "route_focus": route_focus_world_bot,
    "one_step_thinker": one_step_thinker_world_bot,
    "long_route_junkie": long_route_junkie_world_bot,
    # Issue 16's reference opponents (reference.py).
    "shortest_path": shortest_path_world_bot,
    "zombie": zombie_world_bot,
}
