"""What a card-game bot believes: a full ``CardGameState`` whose public and own parts are exact and
whose hidden parts are filled in (the game's ``sample_state``, with the piles it remembers from the
log; see ``planner.py``)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ...actions import Action, DrawTickets
from ...games import variant_as
from ...games.cardgame.sample import PileKnowledge
from ...games.cardgame.state import COLORS, CardGameState
from ...games.cardgame.variant import CardGameVariant
from ...rng import Rng

NCOL = len(COLORS)


def cardgame_variant() -> CardGameVariant:
    return variant_as("cardgame", CardGameVariant)


def belief_state(
    view: dict[str, Any], variant: CardGameVariant, rng: Rng | None = None, piles: PileKnowledge | None = None
) -> CardGameState:
    """The seat's belief: ``variant.sample_state`` (random with ``rng``, fixed without)."""
    return variant.sample_state(view, rng, piles)


# Finished rounds of passes after which a card-game table counts as stalled: more than a table
# needs to see the whole ticket deck (46 tickets, 4 a draw), and more than a bot fishing for
# tickets passes in ordinary play (at most 7 turns in a row seen in 2-player games of normal).
STALL_ROUNDS = 12


def table_stalled(view: dict[str, Any], rounds: int = STALL_ROUNDS) -> bool:
    """True when each of the last ``rounds`` x players finished turns was a pass: tickets drawn
    and none kept. Such a turn leaves the card deck, the game's clock, where it was, so a table
    whose policies all prefer it to any card never ends (seen in self-play: four bots passing
    for thousands of turns in a second half)."""
    n = len(view["players"]) * rounds
    current = view.get("turn")
    seen: set[int] = set()  # finished turns, newest first, all passes so far
    for ev in reversed(view.get("log") or ()):
        turn = ev.get("turn")
        if turn is None or turn == current:
            continue
        if turn not in seen:
            if len(seen) == n:
                break
            seen.add(turn)
        kind = ev.get("kind")
        if kind != "tickets" and not (kind == "keep" and not ev.get("setup") and ev.get("count") == 0):
            return False
    return len(seen) == n


def without_stalling_draw(view: dict[str, Any], legal: Sequence[Action]) -> Sequence[Action]:
    """``legal`` less the ticket draw when the table has stalled (``table_stalled``) and the seat
    can do something else: more passes would only repeat the last rounds."""
    if not any(type(a) is DrawTickets for a in legal) or not table_stalled(view):
        return legal
    rest = [a for a in legal if type(a) is not DrawTickets]
    return rest or legal
