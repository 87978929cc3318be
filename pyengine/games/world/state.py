"""Rails & Sails: the cards, the constants of the rules and the state of one game.

Cards
-----
Card kinds are small integers ``4 * color + form`` (colors in the rulebook's order purple,
yellow, green, red, black, white), plus the joker (24). Their stable names:

    purple-train    train card without the harbor symbol (7 per color)
    purple-train-h  train card with the harbor symbol (4 per color)
    purple-ship     single-ship card (4 per color; every single ship carries the harbor symbol)
    purple-double   double-ship card (6 per color; never a harbor symbol; covers 2 spaces)
    joker           wild card of the train deck (14)

Train deck: the ``*-train``, ``*-train-h`` and ``joker`` cards (80); ship deck: ``*-ship`` and
``*-double`` (60). Each deck has its own discard pile; cards go back to their own deck's pile.
"""

from __future__ import annotations

from ...mechanics.state import TableState

COLORS = ("purple", "yellow", "green", "red", "black", "white")
NCOLORS = len(COLORS)
TRAIN, TRAIN_H, SHIP, DOUBLE = range(4)
FORMS = ("train", "train-h", "ship", "double")
JOKER = 4 * NCOLORS
NCARDS = JOKER + 1
CARD_NAMES = tuple(f"{c}-{f}" for c in COLORS for f in FORMS) + ("joker",)
CARD_INDEX = {name: i for i, name in enumerate(CARD_NAMES)}
TRAIN_DECK, SHIP_DECK = 0, 1
DECK_NAMES = ("train", "ship")
DECK_OF = tuple(TRAIN_DECK if (i == JOKER or i % 4 in (TRAIN, TRAIN_H)) else SHIP_DECK for i in range(NCARDS))
CARD_COUNTS = tuple(14 if i == JOKER else (7, 4, 4, 6)[i % 4] for i in range(NCARDS))
TRAIN_CARDS = 80
SHIP_CARDS = 60

DEAL_TRAIN_CARDS = 3
DEAL_SHIP_CARDS = 7
MARKET_SIZE = 6
MARKET_TRAIN_SLOTS = 3  # slots 0-2 are laid from the train deck, 3-5 from the ship deck
JOKER_RESET = {"three": 3, "six": 6}
MAX_MARKET_RESETS = 50  # [decision] safety bound on consecutive re-deals besides the feasibility check

TICKETS_DEALT = 5
TICKETS_KEEP_AT_START = 3
TICKETS_DRAWN = 4
TICKETS_KEEP_LATER = 1

MAX_TRAINS = 25
MAX_SHIPS = 50
PIECES_IN_PLAY = 60
MIN_TRAINS = PIECES_IN_PLAY - MAX_SHIPS  # 10
RECOMMENDED_MIX = (20, 40)
HARBORS_PER_PLAYER = 3
HARBOR_VALUES = {0: 0, 1: 20, 2: 30, 3: 40}  # by completed tickets naming the city (3 = 3 or more)
UNBUILT_HARBOR_PENALTY = 4
EXCHANGE_PENALTY = 1  # per piece exchanged
END_TRIGGER_PIECES = 6  # ending a turn with this many pieces or fewer starts the last two rounds
FINAL_TURNS_EACH = 2
ROUTE_POINTS = {1: 1, 2: 2, 3: 4, 4: 7, 5: 10, 6: 15, 7: 18, 8: 21}

SETUP_TICKETS, SETUP_PIECES, MAIN, SECOND_CARD, KEEP_TICKETS, OVER = range(6)
PHASE_NAMES = ("setup_tickets", "setup_pieces", "main", "second_card", "keep_tickets", "over")

Payment = tuple[tuple[int, int], ...]  # (card index, count), by card index


# What a card is worth to its holder, to list the cheapest payments first (the page proposes the
# first one; bots choose by their own costs): a harbor-symbol card is worth more than a plain one
# of its color (it also builds harbors), a double ship covers two spaces, a joker replaces anything.
_WORTH = {TRAIN: 5, TRAIN_H: 6, SHIP: 6, DOUBLE: 10}
_JOKER_WORTH = 15


def payment_rank(pay: Payment) -> tuple[int, int]:
    """(jokers spent, worth spent): smaller is cheaper; the legal list orders payments by it."""
    jokers = worth = 0
    for c, n in pay:
        if c == JOKER:
            jokers += n
            worth += _JOKER_WORTH * n
        else:
            worth += _WORTH[c % 4] * n
    return jokers, worth


def payment_order(pay: Payment) -> tuple[int, ...]:
    """The order payments are listed in (the legal list's order): cheapest first
    (``payment_rank``), then by card index and count."""
    return (*payment_rank(pay), *(x for ck in pay for x in ck))


class WorldState(TableState):
    """One Rails & Sails game in progress. Piles are lists whose end is the top."""

    __slots__ = (
        "box_ships",
        "box_trains",
        "chosen",
        "exchanged",
        "harbor_owner",
        "harbors_left",
        "joker_limit",
        "market_resets",
        "owner",
        "passes",
        "points",
        "reshuffles",
        "ship_deck",
        "ship_discard",
        "ships",
        "train_deck",
        "train_discard",
        "trains",
    )

    def __init__(self) -> None:
        super().__init__(SETUP_TICKETS)
        self.joker_limit = 3
        self.train_deck: list[int] = []
        self.train_discard: list[int] = []
        self.ship_deck: list[int] = []
        self.ship_discard: list[int] = []
        self.trains: list[int] = []  # pieces in each player's supply
        self.ships: list[int] = []
        self.box_trains: list[int] = []  # pieces in each player's box
        self.box_ships: list[int] = []
        self.chosen: list[bool] = []  # piece mix chosen (hidden until all have chosen)
        self.owner: list[int] = []
        self.points: list[int] = []  # route points minus exchange penalties
        self.exchanged: list[int] = []
        self.harbor_owner: list[int] = []  # per city
        self.harbors_left: list[int] = []
        self.passes = 0
        self.market_resets = 0
        self.reshuffles = 0

    def clone(self) -> WorldState:
        c = WorldState.__new__(WorldState)
        self.copy_table_into(c)
        c.joker_limit = self.joker_limit
        c.train_deck = self.train_deck[:]
        c.train_discard = self.train_discard[:]
        c.ship_deck = self.ship_deck[:]
        c.ship_discard = self.ship_discard[:]
        c.trains = self.trains[:]
        c.ships = self.ships[:]
        c.box_trains = self.box_trains[:]
        c.box_ships = self.box_ships[:]
        c.chosen = self.chosen[:]
        c.owner = self.owner[:]
        c.points = self.points[:]
        c.exchanged = self.exchanged[:]
        c.harbor_owner = self.harbor_owner[:]
        c.harbors_left = self.harbors_left[:]
        c.passes = self.passes
        c.market_resets = self.market_resets
        c.reshuffles = self.reshuffles
        return c
