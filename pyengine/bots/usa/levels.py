"""The classic game's bots by name: the levels the page offers (easy < normal < hard) and the four
FDG 2017 play styles the report measures them against."""

from __future__ import annotations

from collections.abc import Callable

from ..base import Bot
from .baselines import destination_hungry_bot, long_route_junkie_bot, one_step_thinker_bot, route_focus_bot
from .filler_planner import NORMAL_FILLER_PARAMS, FillerPlannerBot
from .hard import usa_hard_bot
from .planner import EASY_PARAMS, PlannerBot
from .reference import shortest_path_bot, zombie_bot


def easy_bot() -> Bot:
    return PlannerBot(
        "easy",
        "Like normal, but half its card draws ignore the plan and it does not hurry at the end.",
        EASY_PARAMS,
    )


def normal_bot() -> Bot:
    """The long-route planner with weaker choices (NORMAL_FILLER_PARAMS): at 4 players the plain
    planner (planner.NORMAL_PARAMS) was hardly better than easy (27-31% against three easys)."""
    return FillerPlannerBot(
        "normal",
        "Plans its tickets over long routes, collects its colors, claims "
        "as soon as it can and spends the trains left on long routes.",
        NORMAL_FILLER_PARAMS,
    )


def hard_bot() -> Bot:
    """The strongest level: the tuned long-route planner (filler_planner.py) checked by the shared
    information-set search at the opening ticket keep and in the end game (hard.py)."""
    return usa_hard_bot()


LEVELS: dict[str, Callable[[], Bot]] = {
    "easy": easy_bot,
    "normal": normal_bot,
    "hard": hard_bot,
    "destination_hungry": destination_hungry_bot,
    "route_focus": route_focus_bot,
    "one_step_thinker": one_step_thinker_bot,
    "long_route_junkie": long_route_junkie_bot,
    # Issue 16's reference opponents (reference.py).
    "shortest_path": shortest_path_bot,
    "zombie": zombie_bot,
}
