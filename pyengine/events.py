"""Log events: what one action did, as the page and the log show it (``Variant.apply`` returns it).

Every event has ``player``, ``turn``, ``kind`` (the action's keyword), ``action`` (its text,
added by ``Game.apply``) and ``ends_turn`` (whether the player's turn is over after it: a first
card, a ticket draw and a setup choice in progress leave it open). The other fields depend on
the kind; those named ``private_*`` are for the acting player only, and the text of a ``keep`` or
``secret`` event is hidden from the others too (``redact``).
"""

from __future__ import annotations

from typing import TypedDict, cast


class Pieces(TypedDict):
    """A player's trains and ships in play (Rails & Sails)."""

    trains: int
    ships: int


class Raid(TypedDict):
    """A card-game play that discarded another player's rail-yard row of its colour."""

    victim: int
    color: str
    discarded: int
    played: int


class AutoEvent(TypedDict, total=False):
    """An automatic step after an action (the card game: phase 1, final round, end of a half,
    second half, game over; a raid, which the play's event lists under ``raids``)."""

    kind: str
    player: int
    victim: int
    color: str
    discarded: int
    played: int
    rows: list[str]
    moved: list[str]
    cards: int
    turns: int
    half: int
    results: list[dict[str, object]]
    start: int
    deck: int
    cards_each: int
    winners: list[int]
    totals: list[int]


class Event(TypedDict, total=False):
    """One action's log event (see the module docstring for the common fields)."""

    player: int
    turn: int
    kind: str
    action: str
    ends_turn: bool
    starts_final_round: bool  # the map games: this turn left its player low on pieces
    # draw / take
    card: str  # take: the face-up card taken
    slot: int  # take: its market slot
    second: bool  # the second card of a turn
    refill: str | None  # take (Rails & Sails): the deck that refilled the slot
    deck: str  # draw (Rails & Sails): the deck drawn from
    deck_left: int  # draw (card game): cards left in the deck
    private_card: str  # draw: the card drawn blind (only its drawer sees it)
    # claim / harbor
    route: str
    cards: dict[str, int]  # the cards paid (claim, harbor) or played (card game)
    route_kind: str  # "train" | "ship" (Rails & Sails)
    length: int
    points: int
    city: str  # harbor: its city
    # tickets / keep
    count: int  # tickets: drawn; keep: kept; exchange: pieces exchanged
    offered: int  # keep: tickets offered
    setup: bool  # keep: the choice at the start of the game
    private_tickets: list[str]  # keep: the ids kept (only their owner sees them)
    # Rails & Sails pieces
    want: str  # exchange: "trains" | "ships"
    penalty: int  # exchange: points lost
    pieces: Pieces  # exchange: the player's pieces in play after it
    private_pieces: Pieces  # pieces (setup): the mix chosen, secret until all have chosen
    secret: bool  # the action's text stays hidden from the others
    # card game
    set: str  # play: "one_color" | "three_colors"
    color: str  # play of one colour: that colour
    raids: list[Raid]
    auto: list[AutoEvent]


def redact(event: Event, player: int | None) -> Event:
    """``event`` as ``player`` (None: a spectator) may see it: another player's ``private_*``
    fields are left out, and so is the text of their ticket keep or secret choice."""
    if event.get("player") == player:
        return event
    hide_action = event.get("kind") == "keep" or event.get("secret")
    if hide_action or any(k.startswith("private") for k in event):
        return cast(
            Event,
            {
                k: v
                for k, v in event.items()
                if not k.startswith("private") and not (hide_action and k == "action")
            },
        )
    return event


__all__ = ["AutoEvent", "Event", "Pieces", "Raid", "redact"]
