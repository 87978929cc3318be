"""Turn order shared by the map games: the end of a turn, the last round and the second card."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Generic, Protocol, TypeVar

from ..events import Event


class TurnState(Protocol):
    """The turn fields of a map game's state."""

    players: int
    current: int
    turn: int
    phase: int
    final_turns: int  # turns left in the last round; -1 before it starts
    passes: int  # players who passed in a row


class SetupState(Protocol):
    """The seat fields of a state during the setup choices."""

    players: int
    current: int
    start_player: int


def next_setup_seat(s: SetupState) -> bool:
    """After a seat's setup choice (tickets, pieces) the next seat chooses; True when every seat
    has chosen (the turn is back at the start player, who then plays first)."""
    s.current = (s.current + 1) % s.players
    return s.current == s.start_player


def end_turn(s: TurnState, *, starts_last_round: bool, last_round_turns: int, main: int, over: int) -> None:
    """Close the current player's turn.

    In the last round one turn fewer is left, and the game ends with the last. Otherwise, when
    ``starts_last_round`` (the player is low on pieces), ``last_round_turns`` more turns follow,
    this player's included. Every player passing in a row ends the game ([decision]); else the
    next seat plays.
    """
    s.turn += 1
    if s.final_turns > 0:
        s.final_turns -= 1
        if s.final_turns == 0:
            s.phase = over
            return
    elif starts_last_round:
        s.final_turns = last_round_turns
    if s.passes >= s.players:
        s.phase = over  # [decision] every player passed in a row
        return
    s.phase = main
    s.current = (s.current + 1) % s.players


def mark_turn_end(
    ev: Event, s: TurnState, *, was_in_last_round: bool, mid_turn_phases: tuple[int, ...]
) -> None:
    """Tell the action's event what the turn did: whether the action ended the player's turn
    (not when a second card or a ticket choice follows) and whether that turn started the last
    round (``was_in_last_round``: ``s.final_turns > 0`` before the action), so the log and the
    page say so without comparing states."""
    ev["ends_turn"] = s.phase not in mid_turn_phases
    if s.final_turns > 0 and not was_in_last_round:
        ev["starts_final_round"] = True


class HandState(TurnState, Protocol):
    """A map game's turn fields and hands."""

    hands: list[list[int]]


H = TypeVar("H", bound=HandState)
H_contra = TypeVar("H_contra", bound=HandState, contravariant=True)


class CardTurns(Protocol[H_contra]):
    """What the second-card rule asks of a game's rules."""

    def can_take_second(self, s: H_contra) -> bool: ...

    def finish_turn(self, s: H_contra) -> None: ...


class SecondCardRule(Generic[H]):
    """The second-card rule of the map games: the first card of a main turn is followed by a
    second one, unless it was a face-up wild or no card is left to take; else the turn ends."""

    def __init__(self, rules: CardTurns[H], *, main: int, second_card: int, wild: int) -> None:
        self.rules = rules
        self.main, self.second_card, self.wild = main, second_card, wild

    def card_gained(self, s: H, p: int, card: int, face_up: bool) -> None:
        """``card`` (taken face up, or drawn blind) goes to ``p``'s hand; then the second card
        or the end of the turn."""
        s.hands[p][card] += 1
        s.passes = 0
        if s.phase == self.main and not (face_up and card == self.wild) and self.rules.can_take_second(s):
            s.phase = self.second_card
        else:
            self.rules.finish_turn(s)


def another_card_available(can_draw: bool, market: Sequence[int], wild: int) -> bool:
    """The second-card rule's condition: a second card can be taken when a deck can be drawn
    from or a face-up card other than a wild one lies in the market (-1: an empty slot)."""
    return can_draw or any(c >= 0 and c != wild for c in market)
