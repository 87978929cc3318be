"""Sampled worlds for the classic bots: the game's ``sample_state`` (deck order, discard pile,
opponents' hands and tickets dealt with the bot's own rng, see games/usa/sample.py), and a seat's
``Situation`` in a sampled state. The look-ahead (lookahead.py) plays candidates out in them.
"""
from __future__ import annotations

from typing import Any

from ...games import get_variant
from ...games.usa.rules import UsaState
from ...games.usa.variant import UsaVariant
from ...rng import Rng
from .board_model import BoardModel, Situation

OPPONENT_TICKET_BIAS = 2.0  # an opponent's tickets lean towards cities its routes touch


def sample_world(view: dict[str, Any], rng: Rng) -> UsaState:
    """A full game state consistent with ``view`` (the game's ``sample_state``), opponents'
    tickets drawn with a bias towards tickets whose cities their routes touch, which is what
    their claims suggest."""
    variant = get_variant(view["variant"])
    assert isinstance(variant, UsaVariant)
    return variant.sample_state(view, rng, ticket_bias=OPPONENT_TICKET_BIAS)


def situation_from_state(s: Any, model: BoardModel, p: int) -> Situation:
    """Seat ``p``'s knowledge of a (sampled) state, for the rollout policy."""
    phase = ("setup_tickets", "main", "second_card", "keep_tickets", "over")[s.phase]
    return Situation(
        model=model, me=p, players=s.players, phase=phase, owner=s.owner, hand=s.hands[p],
        trains=s.trains, scores=s.points, tickets=s.tickets[p], offered=sorted(s.offered[p]),
        min_keep=s.way.keep_min(s.phase == 0), market=s.market, deck=len(s.deck),
        discard=len(s.discard), ticket_deck=len(s.ticket_deck), final_round=s.final_turns > 0,
        turn=s.turn, globetrotter=s.way.globetrotter_points or 0)
