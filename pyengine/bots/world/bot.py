"""The Rails & Sails planning bot: a seat's view turned into what it knows, and the planner's
decision (``planner.py``); the easy and normal levels are this bot with their parameters."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ...actions import Action
from ...rng import Rng
from ..base import Bot
from .params import EASY_PARAMS, NORMAL_PARAMS, WorldParams
from .planner import WorldPolicy
from .planning import Know, world_model


class WorldBot(Bot):
    """A planning bot for Rails & Sails (see the module docstring)."""

    variants = ("world",)

    def __init__(self, name: str, description: str, params: WorldParams | None = None) -> None:
        self.name = name
        self.description = description
        self.policy = WorldPolicy(params)

    def choose(
        self, view: dict[str, Any], legal: Sequence[Action], rng: Rng, board: dict[str, Any]
    ) -> Action:
        m = world_model(board)
        k = Know.from_view(view, m)
        return self.policy.decide(k, m, legal, rng)


def world_normal_bot() -> Bot:
    return WorldBot(
        "world_normal",
        "Rails & Sails planner: tickets that fit together, a piece mix "
        "for their network, cards for it, harbors in its port cities.",
        NORMAL_PARAMS,
    )


def world_easy_bot() -> Bot:
    return WorldBot(
        "world_easy",
        "Rails & Sails, simple: each ticket on its own path, most of its "
        "draws blind at random, tickets chosen without regard to harbors, no "
        "harbor cards, no exchanges.",
        EASY_PARAMS,
    )
