"""The Rails & Sails planner's knobs (``WorldParams``) and the values the easy and normal levels
play with (hand-set, and fitted by self-play: docs/bots.md)."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from .planning import PIECE_VALUE, TURN_VALUE


@dataclass(frozen=True)
class WorldParams:
    together: bool = True  # plan the tickets as one network (False: each on its own)
    keep_best_subset: bool = True  # value every allowed subset (False: the minimum, best singly)
    piece_slack: int = 3  # trains beyond the plan's train spaces
    fixed_mix: tuple[int, int] | None = None  # a fixed piece mix (ignores the plan)
    exchange: bool = True
    harbor_cards: float = 1.0  # a card towards a harbor, in route cards (0: none)
    harbors: bool = True  # build harbors in the plan's port cities
    more_tickets: bool = True
    tickets_min_pieces: int = 22  # draw more tickets only with this many pieces left ...
    tickets_min_other: int = 18  # ... and while every opponent has this many
    sloppy: float = 0.0  # chance a card draw ignores the plan (random deck)
    endgame: bool = True  # grab points when an opponent is close to the end
    endgame_pieces: int = 9
    piece_value: float = PIECE_VALUE
    turn_value: float = TURN_VALUE
    risk_scale: float = 3.0
    block_risk: float = 0.015  # chance per planned route and opponent that it gets blocked
    harbor_pot: float = 0.6  # weight of the harbor potential in a ticket subset's value
    filler_min_len: int = 1  # no plan and not late: claim only routes at least this long
    ticket_bonus: float = 0.0  # per kept ticket (a ticket is points without pieces when it fits)
    color_ship: float = 1.0  # cards to collect for a colored ship route count this many times
    color_train: float = 1.0  # ... for a colored train route (one color of six is slow to gather)
    stall_hand: int = 0  # with this many cards (0: never) and no payable planned route, claim
    stall_min_len: int = 4  # ... the best payable route this long the spare pieces allow
    filler_guide: int = 0  # while the plan is open, this many routes beyond it also guide draws
    filler_weight: float = 0.5  # ... a card towards them counts this much (towards the plan: 1)
    filler_guide_len: int = 3  # ... routes at least this long, within the pieces the plan leaves
    late_harbor: float = 0.0  # once an opponent is down to late_harbor_pieces, a harbor card is
    late_harbor_pieces: int = 25  # ... worth at least this many route cards (0: no change)
    # Field overrides at 3+ players (the 2-player game stays as tuned): ((field, value), ...).
    many_players: tuple[tuple[str, Any], ...] = ()
    # Field overrides at a table of long claims (``long_claims_table``), from the moment the other
    # seats' claims show it; give them in ``many_players`` to keep them off the 2-player game.
    long_claims: tuple[tuple[str, Any], ...] = ()
    long_claim_len: float = 4.0  # ... the other seats' claimed routes average this many pieces
    long_claim_count: int = 3  # ... over at least this many claims


# At 4 players the end-game hurry (best points now once an opponent is near the end) cost
# normal ~8 points a game against three easys (200 games): the game ends at the trigger anyway.
# These are normal's values as set by hand; hard's planner (world/hard.py) builds on them.
HAND_SET_NORMAL_PARAMS = WorldParams(many_players=(("endgame", False),))
# Fitted by self-play on 2-player training deals (docs/bots.md, "Tuning by self-play"):
#   python -m pyengine.bots.tune run --subject world-normal --players 2 --deals 3 --iterations 27 \
#       --seed 2 --a 0.5 --c 0.2 --knobs turn_value,piece_value,piece_slack,tickets_min_pieces,\
#       tickets_min_other,endgame_pieces,risk_scale --log docs/tuning/world-normal-2p.jsonl
#   python -m pyengine.bots.tune show --log docs/tuning/world-normal-2p.jsonl
# The run was stopped after 27 of 60 iterations (--iterations 27 replays it). Against the
# hand-set values on the fresh seed 2027 (tune compare, 200 paired games a cell,
# docs/tuning/world-normal-2p-compare-2027.jsonl): +10.4 points pooled (95% 5.9 to 14.8).
# At 3+ players normal keeps the hand-set values (the fit saw 2-player games only).
FITTED_NORMAL_2P: dict[str, Any] = {
    "piece_slack": 4,
    "tickets_min_pieces": 21,
    "tickets_min_other": 16,
    "endgame_pieces": 7,
    "piece_value": 2.3228,
    "turn_value": 2.7733,
    "risk_scale": 3.4226,
}
NORMAL_PARAMS = replace(
    HAND_SET_NORMAL_PARAMS,
    **FITTED_NORMAL_2P,
    many_players=(("endgame", False), *((k, getattr(HAND_SET_NORMAL_PARAMS, k)) for k in FITTED_NORMAL_2P)),
)
EASY_PARAMS = WorldParams(
    together=False,
    keep_best_subset=False,
    fixed_mix=None,
    exchange=False,
    harbor_cards=0.0,
    harbor_pot=0.0,
    more_tickets=False,
    sloppy=0.7,
    endgame=False,
    piece_slack=5,
)
