"""Rails & Sails' bots by name: the levels (easy < normal < hard) and the four FDG 2017 play styles."""

from __future__ import annotations

from collections.abc import Callable

from ..base import Bot
from .baselines import STYLES, style_bots
from .bot import world_easy_bot, world_normal_bot
from .hard import world_hard_bot
from .reference import POLICIES

LEVELS: dict[str, Callable[[], Bot]] = {
    "easy": world_easy_bot,
    "normal": world_normal_bot,
    "hard": world_hard_bot,
    **style_bots(STYLES),  # the four FDG 2017 styles
    **style_bots(POLICIES),  # issue 16's reference opponents (reference.py)
}
