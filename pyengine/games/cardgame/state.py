"""The card game: card kinds, the constants of the rules and the state of one game."""

from __future__ import annotations

from ...mechanics.state import TableState
from .actions import CARD_ORDER

COLORS = CARD_ORDER[:-1]  # red orange yellow green blue purple black white
LOCO = len(COLORS)
CARD_NAMES = CARD_ORDER
CARD_INDEX = {name: i for i, name in enumerate(CARD_NAMES)}
NKINDS = len(CARD_NAMES)

START_LOCOS = 1  # each player first takes one locomotive
HAND_SIZE = 7  # then 7 cards are dealt
MARKET_SIZE = 5  # no 3-locomotive reset in this game
TICKETS_DEALT = 6
TICKETS_KEEP_AT_START = 1
TICKETS_DRAWN = 4
TICKETS_KEEP_LATER = 0  # keep any number, zero included
SET_MIN_CARDS = 2  # a set of one color: 2 or more cards ...
SET_MIN_NATURAL = 1  # [decision] ... locomotives count towards the 2, but a set needs one colored card
MIXED_SET_SIZE = 3  # exactly 3 cards of 3 different colors, no locomotives
TWO_HALVES_FROM = 4  # with this many players the game has a second half
SECOND_HALF_CARDS = 4  # each player draws 4 cards at the start of the second half
MARKET_TO_NEW_DECK = True  # [decision] leftover face-up cards also join the second half's deck
BEST_RESPONSE_PASSES = 6  # [decision] bound on the bonus-aware ticket-choice refinement

SETUP_TICKETS, MAIN, SECOND_CARD, KEEP_TICKETS, OVER = range(5)
PHASE_NAMES = ("setup_tickets", "main", "second_card", "keep_tickets", "over")
SETUP_FIELDS = {
    "hands",
    "market",
    "deck",
    "deck_top",
    "discard",
    "yards",
    "piles",
    "tickets",
    "ticket_deck",
    "completed",
}


class CardGameState(TableState):
    """One card game in progress. Piles of cards are lists whose end is the top; hands and
    on-the-way piles are counts per card kind; a rail-yard row of color c is ``yard_n[p][c]``
    colored cards under ``yard_k[p][c]`` locomotives."""

    __slots__ = (
        "completed",
        "deck",
        "discard",
        "half",
        "halves",
        "look",
        "piles",
        "yard_k",
        "yard_n",
    )

    def __init__(self) -> None:
        super().__init__(SETUP_TICKETS)
        self.half = 1
        self.halves = 1
        self.deck: list[int] = []
        self.discard: list[int] = []
        self.yard_n: list[list[int]] = []
        self.yard_k: list[list[int]] = []
        self.piles: list[list[int]] = []
        # (ticket, half, cards used as counts per kind), in completion order
        self.completed: list[list[tuple[int, int, tuple[int, ...]]]] = []
        self.look = False  # option: players may look at their own on-the-way pile

    def clone(self) -> CardGameState:
        c = CardGameState.__new__(CardGameState)
        self.copy_table_into(c)
        c.half = self.half
        c.halves = self.halves
        c.deck = self.deck[:]
        c.discard = self.discard[:]
        c.yard_n = [y[:] for y in self.yard_n]
        c.yard_k = [y[:] for y in self.yard_k]
        c.piles = [x[:] for x in self.piles]
        c.completed = [x[:] for x in self.completed]
        c.look = self.look
        return c
