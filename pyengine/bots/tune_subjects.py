"""What the self-play tuner (``tune.py``) can tune: a *subject* is a bot built from a parameter
dataclass, with the knobs (fields and their ranges) the search moves; its hand-set values are
the starting point."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from .base import Bot


@dataclass(frozen=True)
class Knob:
    """One tuned field: its range (the search is in 0..1 over it) and whether it is whole."""

    name: str
    low: float
    high: float
    integer: bool = False

    def value(self, unit: float) -> float | int:
        x = self.low + min(1.0, max(0.0, unit)) * (self.high - self.low)
        return round(x) if self.integer else round(x, 4)

    def unit(self, value: float) -> float:
        return min(1.0, max(0.0, (float(value) - self.low) / (self.high - self.low)))


@dataclass(frozen=True)
class Subject:
    """A bot made from a parameter dataclass: ``make(params)``; ``base`` holds the hand-set values."""

    variant: str
    base: Any
    knobs: tuple[Knob, ...]
    make: Callable[[Any], Bot]

    def params(self, values: dict[str, Any]) -> Any:
        """The base with ``values`` at every player count: a tuned field loses its 3+ player
        override (``many_players``), if the parameter class has them."""
        over = getattr(self.base, "many_players", None)
        if over is None:
            return replace(self.base, **values)
        kept = tuple((k, v) for k, v in over if k not in values)
        return replace(self.base, **values, many_players=kept)

    def start(self, many_players: bool = False) -> dict[str, Any]:
        """The knobs' values as the level plays them (at 3+ players with ``many_players``)."""
        over = dict(getattr(self.base, "many_players", ())) if many_players else {}
        return {k.name: over.get(k.name, getattr(self.base, k.name)) for k in self.knobs}


@dataclass(frozen=True)
class OverrideSubject(Subject):
    """A subject whose knobs are fields of a nested override set inside ``many_players``, named
    ``<set>.<field>`` (Rails & Sails' ``long_claims.turn_value``): a tuned value goes into that
    set; every other value plays as the level plays it."""

    def params(self, values: dict[str, Any]) -> Any:
        many = dict(self.base.many_players)
        sets: dict[str, dict[str, Any]] = {}
        for name, v in values.items():
            group, field = name.split(".", 1)
            sets.setdefault(group, dict(many.get(group, ())))[field] = v
        many.update({group: tuple(fields.items()) for group, fields in sets.items()})
        return replace(self.base, many_players=tuple(many.items()))

    def start(self, many_players: bool = False) -> dict[str, Any]:
        """The knobs' values as the level plays them at such a table (3+ players)."""
        many = dict(self.base.many_players)
        out = {}
        for k in self.knobs:
            group, field = k.name.split(".", 1)
            out[k.name] = dict(many.get(group, ())).get(field, many.get(field, getattr(self.base, field)))
        return out


def _world_planner(base: Any) -> tuple[Knob, ...]:
    """The numeric knobs of Rails & Sails' ``WorldParams`` (ranges around the hand-set values)."""
    del base
    return (
        Knob("piece_slack", 0, 15, True),
        Knob("tickets_min_pieces", 10, 40, True),
        Knob("tickets_min_other", 6, 36, True),
        Knob("endgame_pieces", 3, 20, True),
        Knob("piece_value", 0.5, 3.0),
        Knob("turn_value", 0.5, 8.0),
        Knob("risk_scale", 1.0, 6.0),
        Knob("block_risk", 0.0, 0.05),
        Knob("harbor_pot", 0.0, 1.5),
        Knob("harbor_cards", 0.0, 2.0),
        Knob("ticket_bonus", -4.0, 6.0),
        Knob("color_ship", 1.0, 3.0),
        Knob("color_train", 1.0, 2.0),
    )


_USA_FILLER = (
    Knob("discount", 0.1, 0.8),
    Knob("turn_cost", 0.0, 2.0),
    Knob("train_value", 0.0, 5.0),
    Knob("risk_scale", 1.0, 8.0),
    Knob("filler_min", 2, 6, True),
    Knob("ticket_min_trains", 8, 35, True),
    Knob("ticket_min_other", 8, 35, True),
    Knob("endgame_trains", 2, 10, True),
    Knob("near_bonus", 0.0, 5.0),
    Knob("contest_bonus", 0.0, 4.0),
    Knob("spare_reserve", 0, 6, True),
)


def _world_normal() -> Subject:
    from .world.bot import WorldBot
    from .world.params import NORMAL_PARAMS

    return Subject("world", NORMAL_PARAMS, _world_planner(NORMAL_PARAMS), lambda p: WorldBot("tuned", "", p))


def _world_hard_planner() -> Subject:
    """Hard's planner played alone (cheap); hard's search on top is measured afterwards."""
    from .world.bot import WorldBot
    from .world.hard import HARD_PARAMS

    return Subject("world", HARD_PARAMS, _world_planner(HARD_PARAMS), lambda p: WorldBot("tuned", "", p))


# The fields a table of long claims may set for Rails & Sails hard (``WorldParams.long_claims``):
# those that act after the first claims (not the setup's piece mix).
LONG_CLAIMS_FIELDS = (
    "tickets_min_pieces",
    "tickets_min_other",
    "piece_value",
    "turn_value",
    "risk_scale",
    "block_risk",
    "harbor_pot",
    "harbor_cards",
    "ticket_bonus",
    "color_ship",
    "color_train",
    "filler_weight",
)


def _world_hard_planner_long_claims() -> Subject:
    """Hard's planner alone, only its values at a table of long claims (3+ players) tuned."""
    from .world.bot import WorldBot
    from .world.hard import HARD_PARAMS

    ranges = {k.name: k for k in _world_planner(HARD_PARAMS)} | {
        "filler_weight": Knob("filler_weight", 0.0, 2.0)
    }
    knobs = tuple(replace(ranges[f], name=f"long_claims.{f}") for f in LONG_CLAIMS_FIELDS)
    return OverrideSubject("world", HARD_PARAMS, knobs, lambda p: WorldBot("tuned", "", p))


def _world_hard() -> Subject:
    """Rails & Sails hard as it plays (its planner under the shared search): ~10x dearer a game."""
    from .world.hard import HARD_PARAMS, world_hard_bot

    return Subject(
        "world", HARD_PARAMS, _world_planner(HARD_PARAMS), lambda p: world_hard_bot(None, "tuned", p)
    )


def _usa_normal() -> Subject:
    from .usa.filler_planner import NORMAL_FILLER_PARAMS, FillerPlannerBot

    return Subject("usa", NORMAL_FILLER_PARAMS, _USA_FILLER, lambda p: FillerPlannerBot("tuned", "", p))


def _filler_knobs(params: Any) -> tuple[Knob, ...]:
    """The planner's knobs that act for these values: the ticket thresholds only where the planner
    draws tickets (hard's leaves ticket draws to its search, so tuning them would be noise)."""
    if params.draw_tickets:
        return _USA_FILLER
    return tuple(k for k in _USA_FILLER if k.name not in {"ticket_min_trains", "ticket_min_other"})


def _usa_hard_planner() -> Subject:
    from .usa.filler_planner import HARD_PARAMS, FillerPlannerBot

    return Subject("usa", HARD_PARAMS, _filler_knobs(HARD_PARAMS), lambda p: FillerPlannerBot("tuned", "", p))


def _usa_hard() -> Subject:
    """Classic hard as it plays (its planner under the shared search, in its own moves and in
    every seat of its playouts): ~40x dearer a game than the planner alone."""
    from .usa.filler_planner import HARD_PARAMS
    from .usa.hard import usa_hard_bot

    knobs = _filler_knobs(HARD_PARAMS) + (Knob("filler_guide", 0, 4, True),)
    return Subject("usa", HARD_PARAMS, knobs, lambda p: usa_hard_bot(name="tuned", params=p))


def _cardgame_hard_planner() -> Subject:
    """The card game hard's planner played alone (its search on top is measured afterwards)."""
    from .cardgame.hard import HARD_CARD_PARAMS
    from .cardgame.planner import CardGameBot, Planner

    knobs = (
        Knob("cards_per_turn", 0.8, 1.6),
        Knob("hand_weight", 0.4, 1.0),
        Knob("hand_ramp", 2.0, 12.0),
        Knob("capacity_per_turn", 0.3, 1.2),
        Knob("capacity_skip", 0.0, 6.0),
        Knob("capacity_weight", 0.2, 1.0),
        Knob("spare_value", 0.0, 2.0),
        Knob("city_value", 0.0, 4.0),
        Knob("raid_value", 0.0, 5.0),
        Knob("second_half_turns", 8.0, 24.0),
        Knob("early_ticket_draw_cost", 0.0, 12.0),
        Knob("split_complete", 0.5, 1.0),
        Knob("spare_pile_value", 0.0, 1.5),
    )
    return Subject(
        "cardgame",
        HARD_CARD_PARAMS,
        knobs,
        lambda p: CardGameBot("tuned", "", lambda v: Planner(v, p)),
    )


# The tunable bots by name; each imported only when asked for (the engine's import does not pay).
SUBJECTS: dict[str, Callable[[], Subject]] = {
    "world-normal": _world_normal,
    "world-hard-planner": _world_hard_planner,
    "world-hard": _world_hard,
    "world-hard-planner-long-claims": _world_hard_planner_long_claims,
    "usa-normal": _usa_normal,
    "usa-hard-planner": _usa_hard_planner,
    "usa-hard": _usa_hard,
    "cardgame-hard-planner": _cardgame_hard_planner,
}
_SUBJECT_CACHE: dict[str, Subject] = {}


def subject(name: str) -> Subject:
    if name not in SUBJECTS:
        raise SystemExit(f"unknown subject {name!r}; known: {', '.join(sorted(SUBJECTS))}")
    if name not in _SUBJECT_CACHE:
        _SUBJECT_CACHE[name] = SUBJECTS[name]()
    return _SUBJECT_CACHE[name]
