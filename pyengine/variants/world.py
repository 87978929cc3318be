"""Rails & Sails on the world map (rules: shared/rules/world.md; notation: docs/rules-world.md).

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

Payments (every payment the rules allow is a legal action)
----------------------------------------------------------
A payment is a multiset of cards, written as ``<count><card>`` items in card order; each distinct
multiset is one action, so the list stays finite. Jokers replace any number of cards.

* Train route (colored, or gray in one color of the player's choice): any mix of the color's plain
  and harbor-symbol train cards plus jokers, as many cards as spaces; all jokers once.
* Rough terrain: each rough space costs a pair of one color (a joker may replace either card);
  the other spaces follow the route's color rule; every plain/harbor-symbol mix.
* Ship route (one color): singles, doubles and jokers covering the length.
  **[decision]** no card may be superfluous: a payment is legal only if it covers the length and
  removing any card would not, so only an all-double payment overshoots (odd length,
  ``(L + 1) / 2`` doubles, the rulebook's own example); a joker counts as one space.
* Harbor (one color): up to 2 harbor-symbol train cards and up to 2 single ships, jokers for the
  rest of the 4; 4 jokers once.

Each route's (and each harbor city's) payments are listed cheapest first (``payment_rank``:
fewest jokers, then least card worth: plain train < harbor-symbol card < double ship), so the
page proposes the cheapest and offers the rest; bots choose by their own costs.

Other decisions (named constants / options below)
-------------------------------------------------
* ``joker_reset`` option: "three" (default, printed rulebook) or "six" face-up jokers discard
  and re-deal the market (3 train + 3 ship cards).
* An empty market slot (its deck and discard were empty) is refilled at the end of a turn from
  the slot's natural deck (slots 0–2 train, 3–5 ship), else from the other deck.
* Setup: every player keeps tickets (5, keep ≥ 3) in turn, then every player chooses the piece
  mix in turn; nobody sees another's mix until all have chosen (views and log hide it).
* An itinerary is "in order" if a trail (no route used twice) over the player's routes visits
  its cities in the listed order; "completed" (for harbors and the tie-break) means its cities
  are connected, in order or not.
* Every player passing in a row (nothing else possible) ends the game.
"""
from __future__ import annotations

from typing import Any

from ..actions import Action, ClaimRoute, DrawCard, DrawTickets, KeepTickets, Pass, TakeCard
from ..errors import SettingsError
from ..mapdata import Board, load_board
from ..mechanics.cards import draw_card, keep_choices
from ..mechanics.graph import components
from ..rng import Rng
from ..world_actions import BuildHarbor, ChoosePieces, ExchangePieces
from ..mechanics.explain import why_keep_illegal
from ..mechanics.state import snapshot_slots
from ..boundary import excerpt, is_int, read_only
from .base import Settings, Variant, setup_list

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
DECK_OF = tuple(TRAIN_DECK if (i == JOKER or i % 4 in (TRAIN, TRAIN_H)) else SHIP_DECK
                for i in range(NCARDS))
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
DOUBLE_ROUTES_BOTH_USABLE_FROM = 4

SETUP_TICKETS, SETUP_PIECES, MAIN, SECOND_CARD, KEEP_TICKETS, OVER = range(6)
PHASE_NAMES = ("setup_tickets", "setup_pieces", "main", "second_card", "keep_tickets", "over")

Payment = tuple[tuple[int, int], ...]  # (card index, count), by card index


class WorldState:
    """One Rails & Sails game in progress. Piles are lists whose end is the top."""

    __slots__ = ("players", "phase", "current", "turn", "start_player", "joker_limit",
                 "train_deck", "train_discard", "ship_deck", "ship_discard", "market", "hands",
                 "trains", "ships", "box_trains", "box_ships", "chosen",
                 "owner", "points", "exchanged", "harbor_owner", "harbors_left",
                 "tickets", "offered", "ticket_deck", "final_turns", "passes", "rng",
                 "market_resets", "reshuffles")

    def __init__(self) -> None:
        self.players = 0
        self.phase = SETUP_TICKETS
        self.current = 0
        self.turn = 0
        self.start_player = 0
        self.joker_limit = 3
        self.train_deck: list[int] = []
        self.train_discard: list[int] = []
        self.ship_deck: list[int] = []
        self.ship_discard: list[int] = []
        self.market: list[int] = []
        self.hands: list[list[int]] = []
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
        self.tickets: list[list[int]] = []
        self.offered: list[list[int]] = []
        self.ticket_deck: list[int] = []
        self.final_turns = -1
        self.passes = 0
        self.rng = Rng(0)
        self.market_resets = 0
        self.reshuffles = 0

    def clone(self) -> "WorldState":
        c = WorldState.__new__(WorldState)
        c.players = self.players
        c.phase = self.phase
        c.current = self.current
        c.turn = self.turn
        c.start_player = self.start_player
        c.joker_limit = self.joker_limit
        c.train_deck = self.train_deck[:]
        c.train_discard = self.train_discard[:]
        c.ship_deck = self.ship_deck[:]
        c.ship_discard = self.ship_discard[:]
        c.market = self.market[:]
        c.hands = [h[:] for h in self.hands]
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
        c.tickets = [t[:] for t in self.tickets]
        c.offered = [o[:] for o in self.offered]
        c.ticket_deck = self.ticket_deck[:]
        c.final_turns = self.final_turns
        c.passes = self.passes
        c.rng = self.rng.copy()
        c.market_resets = self.market_resets
        c.reshuffles = self.reshuffles
        return c

    def snapshot(self) -> tuple[Any, ...]:
        """Everything that defines the state, as a comparable value (for replay tests)."""
        return snapshot_slots(self)


# ---------------------------------------------------------------------- payments
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


def _color_splits(hand: list[int], color: int, n: int) -> list[list[tuple[int, int]]]:
    """Every way to give n train cards of ``color``: plain and harbor-symbol cards in any mix."""
    plain = hand[4 * color + TRAIN]
    marked = hand[4 * color + TRAIN_H]
    out = []
    for a in range(min(n, plain), max(0, n - marked) - 1, -1):
        pay = []
        if a:
            pay.append((4 * color + TRAIN, a))
        if n - a:
            pay.append((4 * color + TRAIN_H, n - a))
        out.append(pay)
    return out


def _train_payments(counts: tuple[int, ...], jokers: int, hand: list[int]) -> list[Payment]:
    """Expand (train cards per color, jokers) into every plain/harbor-symbol mix the hand allows."""
    pays: list[list[tuple[int, int]]] = [[]]
    for c in range(NCOLORS):
        if counts[c]:
            pays = [pay + split for pay in pays for split in _color_splits(hand, c, counts[c])]
    if jokers:
        pays = [pay + [(JOKER, jokers)] for pay in pays]
    return [tuple(pay) for pay in pays]


def _rough_vectors(length: int, rough: int, color: int, have: tuple[int, ...],
                   jokers: int) -> list[tuple[tuple[int, ...], int]]:
    """Every (color counts, jokers) payment for a train route with rough spaces (sorted)."""
    normal = length - rough
    pairs_cards = 2 * rough
    found: set[tuple[tuple[int, ...], int]] = set()
    normal_colors = [None] if normal == 0 else ([color] if color >= 0 else list(range(NCOLORS)))
    for nc in normal_colors:
        for a in range(0, normal + 1):
            base = [0] * NCOLORS
            jn = normal - a
            if nc is not None:
                if a > have[nc]:
                    break
                base[nc] = a
            elif a:
                break
            if jn > jokers:
                continue
            rem = [have[c] - base[c] for c in range(NCOLORS)]
            # rough part: per color m_c cards, jr jokers; odd m_c need one joker each
            counts = [0] * NCOLORS

            def rec(c: int, left: int) -> None:
                if c == NCOLORS:
                    jr = left
                    odd = sum(m & 1 for m in counts)
                    if jr < odd or jn + jr > jokers:
                        return
                    found.add((tuple(base[k] + counts[k] for k in range(NCOLORS)), jn + jr))
                    return
                top = min(rem[c], left)
                for m in range(top + 1):
                    counts[c] = m
                    rec(c + 1, left - m)
                counts[c] = 0

            rec(0, pairs_cards)
    return sorted(found)


class WorldVariant(Variant[WorldState]):
    """Ticket to Ride: Rails & Sails, the world map."""

    name = "world"
    title = "Ticket to Ride: Rails & Sails — World"
    rules_version = 1
    min_players = 2
    max_players = 5
    option_defaults: dict[str, Any] = {"joker_reset": "three"}

    def __init__(self, board: Board | None = None) -> None:
        self.board = board or load_board("world.json")
        b = self.board
        color_index = {c: i for i, c in enumerate(COLORS)}
        for r in b.routes:
            if r.color not in color_index and r.color != "gray":
                raise SettingsError(f"route {r.id} has unknown color {r.color!r}")
            if r.kind not in ("train", "ship"):
                raise SettingsError(f"route {r.id} has unknown kind {r.kind!r}")
            if r.rough and (r.kind != "train" or r.rough > r.length):
                raise SettingsError(f"route {r.id}: rough terrain only on train routes, at most its length")
        self.route_color = [color_index.get(r.color, -1) for r in b.routes]
        self.route_length = [r.length for r in b.routes]
        self.route_ship = [r.kind == "ship" for r in b.routes]
        self.route_rough = [r.rough for r in b.routes]
        self.route_partner = [r.double_partner for r in b.routes]
        self.route_ends = [(r.a, r.b) for r in b.routes]
        # Routes with the same kind, color, length and rough spaces accept the same payments.
        classes: dict[tuple[Any, ...], int] = {}
        self.route_class = [classes.setdefault((r.kind, r.color, r.length, r.rough), len(classes))
                            for r in b.routes]
        self.class_route = [0] * len(classes)
        for r in b.routes:
            self.class_route[self.route_class[r.index]] = r.index
        self.route_acts: list[dict[int, list[ClaimRoute]]] = [{} for _ in b.routes]
        self.pay_ids: dict[tuple[Payment, ...], int] = {}  # interned payment lists
        self.pay_lists: list[tuple[Payment, ...]] = []
        self.routes_at: list[list[int]] = [[] for _ in b.cities]
        for r in b.routes:
            self.routes_at[r.a].append(r.index)
            self.routes_at[r.b].append(r.index)
        self.ports = [i for i, c in enumerate(b.cities) if c.port]
        self.ticket_cities = [t.cities for t in b.tickets]
        self.ticket_values = [t.values if len(t.cities) > 2 else (t.points, t.points, -t.points)
                              for t in b.tickets]
        self.draw_actions = [DrawCard("train"), DrawCard("ship")]
        self.take_actions: dict[tuple[int, int, str], TakeCard] = {}
        for s in range(MARKET_SIZE):
            for c in range(NCARDS):
                for refill in ("", "ship", "train"):
                    self.take_actions[(s, c, refill)] = TakeCard(s, CARD_NAMES[c], refill)
        self.tickets_action = DrawTickets()
        self.pass_action = Pass()
        self.piece_actions = [ChoosePieces(t, PIECES_IN_PLAY - t) for t in range(MIN_TRAINS, MAX_TRAINS + 1)]
        self.exchange_actions = {(w, n): ExchangePieces(w, n) for w in ("ships", "trains")
                                 for n in range(1, MAX_SHIPS + 1)}
        self.keep_cache: dict[tuple[tuple[int, ...], int], list[Action]] = {}
        self.claim_cache: dict[tuple[int, Payment], ClaimRoute] = {}
        self.class_pay_cache: dict[tuple[int, ...], int] = {}
        self.harbor_cache: dict[tuple[int, Payment], BuildHarbor] = {}
        self.rough_cache: dict[tuple[Any, ...], list[tuple[tuple[int, ...], int]]] = {}
        self.order_cache: dict[tuple[Any, ...], bool] = {}
        self._board_view: dict[str, Any] | None = None

    # ------------------------------------------------------------------ setup
    def new_state(self, settings: Settings) -> WorldState:
        self.check_settings(settings)
        reset = self.option(settings, "joker_reset")
        if reset not in JOKER_RESET:
            raise SettingsError(f"option joker_reset must be one of {', '.join(JOKER_RESET)}, not {reset!r}")
        n = settings.players
        b = self.board
        s = WorldState()
        s.players = n
        s.rng = Rng(settings.seed)
        s.start_player = settings.start_player
        s.joker_limit = JOKER_RESET[reset]
        setup = settings.setup or {}
        if not isinstance(setup, dict):
            raise SettingsError("an explicit setup must be an object")
        unknown = set(setup) - {"train_deck", "ship_deck", "train_discard", "ship_discard", "hands",
                                "market", "ticket_deck", "tickets", "pieces", "routes", "harbors"}
        if unknown:
            raise SettingsError(f"unknown setup field(s): {', '.join(sorted(unknown))}")
        s.owner = [-1] * len(b.routes)
        s.points = [0] * n
        s.exchanged = [0] * n
        s.trains = [0] * n
        s.ships = [0] * n
        s.box_trains = [MAX_TRAINS] * n
        s.box_ships = [MAX_SHIPS] * n
        s.chosen = [False] * n
        s.hands = [[0] * NCARDS for _ in range(n)]
        s.tickets = [[] for _ in range(n)]
        s.offered = [[] for _ in range(n)]
        s.harbor_owner = [-1] * len(b.cities)
        s.harbors_left = [HARBORS_PER_PLAYER] * n

        remaining = list(CARD_COUNTS)

        def take_cards(names: Any, what: str, allow_none: bool = False) -> list[int]:
            if not isinstance(names, list):
                raise SettingsError(f"setup {what} must be a list of card names")
            out = []
            for name in names:
                if name is None and allow_none:
                    out.append(-1)
                    continue
                if not isinstance(name, str) or name not in CARD_INDEX:
                    raise SettingsError(f"setup {what}: unknown card {name!r} "
                                        f"(cards are named like 'red-train', 'red-train-h', "
                                        f"'red-ship', 'red-double', 'joker')")
                c = CARD_INDEX[name]
                if remaining[c] == 0:
                    raise SettingsError(f"setup {what}: more {name} cards than the game has")
                remaining[c] -= 1
                out.append(c)
            return out

        def one_deck(cards: list[int], deck: int, what: str) -> list[int]:
            for c in cards:
                if DECK_OF[c] != deck:
                    raise SettingsError(f"setup {what}: {CARD_NAMES[c]} is not a {DECK_NAMES[deck]} card")
            return cards

        hands_given = setup.get("hands")
        if hands_given is not None:
            if not isinstance(hands_given, list) or len(hands_given) != n:
                raise SettingsError(f"setup hands must list {n} hands")
            for p, h in enumerate(hands_given):
                for c in take_cards(h, f"hand {p}"):
                    s.hands[p][c] += 1
        market_given = take_cards(setup["market"], "market", True) if "market" in setup else None
        if market_given is not None and len(market_given) != MARKET_SIZE:
            raise SettingsError(f"setup market must have {MARKET_SIZE} cards (null for an empty slot)")
        s.train_discard = one_deck(take_cards(setup.get("train_discard", []), "train discard"),
                                   TRAIN_DECK, "train discard")
        s.ship_discard = one_deck(take_cards(setup.get("ship_discard", []), "ship discard"),
                                  SHIP_DECK, "ship discard")
        top_train = one_deck(take_cards(setup.get("train_deck", []), "train deck"), TRAIN_DECK, "train deck")
        top_ship = one_deck(take_cards(setup.get("ship_deck", []), "ship deck"), SHIP_DECK, "ship deck")
        rest_train = [c for c in range(NCARDS) if DECK_OF[c] == TRAIN_DECK for _ in range(remaining[c])]
        rest_ship = [c for c in range(NCARDS) if DECK_OF[c] == SHIP_DECK for _ in range(remaining[c])]
        s.rng.shuffle(rest_train)
        s.rng.shuffle(rest_ship)
        s.train_deck = rest_train + top_train[::-1]
        s.ship_deck = rest_ship + top_ship[::-1]

        # Tickets.
        placed: list[int] = []
        kept_given = setup.get("tickets")
        if kept_given is not None:
            if not isinstance(kept_given, list) or len(kept_given) != n:
                raise SettingsError(f"setup tickets must list {n} ticket lists")
            for p, ids in enumerate(kept_given):
                s.tickets[p] = [self._ticket(t) for t in setup_list(ids, f"tickets {p}")]
                placed.extend(s.tickets[p])
        top_tickets = [self._ticket(t) for t in setup_list(setup.get("ticket_deck", []), "ticket_deck")]
        placed.extend(top_tickets)
        if len(set(placed)) != len(placed):
            raise SettingsError("setup uses a ticket twice")
        placed_set = set(placed)
        rest_t = [t for t in range(len(b.tickets)) if t not in placed_set]
        s.rng.shuffle(rest_t)
        s.ticket_deck = rest_t + top_tickets[::-1]

        # Routes, harbors and pieces.
        board_trains = [0] * n
        board_ships = [0] * n
        routes_given = setup.get("routes") or {}
        if not isinstance(routes_given, dict):
            raise SettingsError("setup routes must map route ids to seats")
        for rid, p in routes_given.items():
            if rid not in b.route_index or not is_int(p) or not 0 <= p < n:
                raise SettingsError(f"setup routes: bad entry {rid!r}: {p!r}")
            r = b.route_index[rid]
            s.owner[r] = p
            s.points[p] += ROUTE_POINTS[self.route_length[r]]
            if self.route_ship[r]:
                board_ships[p] += self.route_length[r]
            else:
                board_trains[p] += self.route_length[r]
        harbors_given = setup.get("harbors") or {}
        if not isinstance(harbors_given, dict):
            raise SettingsError("setup harbors must map city ids to seats")
        for cid, p in harbors_given.items():
            if cid not in b.city_index or not b.cities[b.city_index[cid]].port:
                raise SettingsError(f"setup harbors: {cid!r} is not a port city")
            if not is_int(p) or not 0 <= p < n or s.harbors_left[p] == 0:
                raise SettingsError(f"setup harbors: bad seat {p!r} for {cid}")
            s.harbor_owner[b.city_index[cid]] = p
            s.harbors_left[p] -= 1
        pieces_given = setup.get("pieces")
        if pieces_given is not None:
            if not isinstance(pieces_given, list) or len(pieces_given) != n:
                raise SettingsError(f"setup pieces must list [trains, ships] in supply for {n} players")
            for p, pair in enumerate(pieces_given):
                if (not isinstance(pair, list) or len(pair) != 2
                        or not all(is_int(x) and x >= 0 for x in pair)):
                    raise SettingsError(f"setup pieces {p}: expected [trains, ships]")
                t, sh = pair
                if t + board_trains[p] > MAX_TRAINS or sh + board_ships[p] > MAX_SHIPS:
                    raise SettingsError(f"setup pieces {p}: more than {MAX_TRAINS} trains or "
                                        f"{MAX_SHIPS} ships with those on the board")
                s.trains[p], s.ships[p] = t, sh
                s.box_trains[p] = MAX_TRAINS - t - board_trains[p]
                s.box_ships[p] = MAX_SHIPS - sh - board_ships[p]
                s.chosen[p] = True
        elif routes_given:
            raise SettingsError("setup routes need setup pieces (the supply after those routes)")

        if hands_given is None:
            for p in range(n):
                for _ in range(DEAL_TRAIN_CARDS):
                    s.hands[p][self._draw(s, TRAIN_DECK)] += 1
                for _ in range(DEAL_SHIP_CARDS):
                    s.hands[p][self._draw(s, SHIP_DECK)] += 1
        if market_given is not None:
            s.market = market_given
        else:
            s.market = [self._draw(s, TRAIN_DECK) for _ in range(MARKET_TRAIN_SLOTS)] + \
                       [self._draw(s, SHIP_DECK) for _ in range(MARKET_SIZE - MARKET_TRAIN_SLOTS)]
        self._fix_market(s)
        s.market_resets = 0
        s.reshuffles = 0
        s.current = settings.start_player
        if kept_given is None:
            for p in range(n):
                s.offered[p] = [s.ticket_deck.pop() for _ in range(min(TICKETS_DEALT, len(s.ticket_deck)))]
            s.phase = SETUP_TICKETS
        elif pieces_given is None:
            s.phase = SETUP_PIECES
        else:
            s.phase = MAIN
        return s

    def _ticket(self, tid: Any) -> int:
        if not isinstance(tid, str) or tid not in self.board.ticket_index:
            raise SettingsError(f"setup names unknown ticket {excerpt(tid)}")
        return self.board.ticket_index[tid]

    # ------------------------------------------------------------------ decks and market
    @staticmethod
    def _piles(s: WorldState, deck: int) -> tuple[list[int], list[int]]:
        return (s.train_deck, s.train_discard) if deck == TRAIN_DECK else (s.ship_deck, s.ship_discard)

    def _draw(self, s: WorldState, deck: int) -> int:
        pile, discard = self._piles(s, deck)
        if not pile and discard:
            s.reshuffles += 1
        return draw_card(pile, discard, s.rng)

    @staticmethod
    def _has(s: WorldState, deck: int) -> bool:
        if deck == TRAIN_DECK:
            return bool(s.train_deck or s.train_discard)
        return bool(s.ship_deck or s.ship_discard)

    def _discard(self, s: WorldState, c: int, n: int = 1) -> None:
        (s.train_discard if DECK_OF[c] == TRAIN_DECK else s.ship_discard).extend([c] * n)

    def _fill_slot(self, s: WorldState, i: int) -> None:
        first = TRAIN_DECK if i < MARKET_TRAIN_SLOTS else SHIP_DECK
        for deck in (first, 1 - first):
            if self._has(s, deck):
                s.market[i] = self._draw(s, deck)
                return
        s.market[i] = -1

    def _fix_market(self, s: WorldState) -> None:
        """Discard and re-deal the market while it shows too many jokers and a better one can come."""
        limit = s.joker_limit
        for _ in range(MAX_MARKET_RESETS):
            if s.market.count(JOKER) < limit:
                return
            on_train = [c for c in s.market if c >= 0 and DECK_OF[c] == TRAIN_DECK]
            train_pool = len(s.train_deck) + len(s.train_discard) + len(on_train)
            train_jokers = s.train_deck.count(JOKER) + s.train_discard.count(JOKER) + on_train.count(JOKER)
            ship_pool = (len(s.ship_deck) + len(s.ship_discard)
                         + sum(1 for c in s.market if c >= 0 and DECK_OF[c] == SHIP_DECK))
            drawn_train = min(train_pool, MARKET_TRAIN_SLOTS + max(0, MARKET_SIZE - MARKET_TRAIN_SLOTS - ship_pool))
            if drawn_train - (train_pool - train_jokers) >= limit:
                return  # [decision] no market with fewer jokers can come out: leave it
            for c in s.market:
                if c >= 0:
                    self._discard(s, c)
            s.market = [-1] * MARKET_SIZE
            for i in range(MARKET_SIZE):
                self._fill_slot(s, i)
            s.market_resets += 1

    def _refill_market(self, s: WorldState) -> None:
        for i, c in enumerate(s.market):
            if c < 0:
                self._fill_slot(s, i)
        self._fix_market(s)

    def _can_take_second(self, s: WorldState) -> bool:
        if self._has(s, TRAIN_DECK) or self._has(s, SHIP_DECK):
            return True
        return any(c >= 0 and c != JOKER for c in s.market)

    # ------------------------------------------------------------------ queries
    def current_player(self, state: WorldState) -> int:
        return state.current

    def phase(self, state: WorldState) -> str:
        return PHASE_NAMES[state.phase]

    def is_over(self, state: WorldState) -> bool:
        return state.phase == OVER

    # ------------------------------------------------------------------ payments
    def _pay_actions_for_route(self, r: int, hand: list[int]) -> list[ClaimRoute]:
        """The canonical payments the hand allows for route r (sorted), as actions."""
        payments = self.ship_payments(r, hand) if self.route_ship[r] else self.train_payments(r, hand)
        return self._route_actions(r, self._pay_id(tuple(payments)))

    def _class_pay_id(self, k: int, hand: list[int]) -> int:
        """The interned payments of route class k for ``hand`` (-1: none), memoized on the only
        cards that matter: the route's card forms per usable color and the jokers, capped."""
        r = self.class_route[k]
        need = self.route_length[r] + self.route_rough[r]
        col = self.route_color[r]
        f0, f1 = (SHIP, DOUBLE) if self.route_ship[r] else (TRAIN, TRAIN_H)
        key: tuple[int, ...] = (k, hand[JOKER] if hand[JOKER] < need else need)
        for c in ((col,) if col >= 0 and not self.route_rough[r] else range(NCOLORS)):  # rough pairs: any color
            a, b = hand[4 * c + f0], hand[4 * c + f1]
            key += (a if a < need else need, b if b < need else need)
        pid = self.class_pay_cache.get(key)
        if pid is None:
            pays = tuple(self.ship_payments(r, hand) if self.route_ship[r] else self.train_payments(r, hand))
            pid = self.class_pay_cache[key] = self._pay_id(pays) if pays else -1
        return pid

    def _pay_id(self, payments: tuple[Payment, ...]) -> int:
        pid = self.pay_ids.get(payments)
        if pid is None:
            pid = self.pay_ids[payments] = len(self.pay_lists)
            self.pay_lists.append(payments)
        return pid

    def _route_actions(self, r: int, pid: int) -> list[ClaimRoute]:
        acts = self.route_acts[r].get(pid)
        if acts is None:
            payments = self.pay_lists[pid]
            rid = self.board.routes[r].id
            acts = []
            for pay in payments:
                act = self.claim_cache.get((r, pay))
                if act is None:
                    act = ClaimRoute(rid, tuple((CARD_NAMES[c], k) for c, k in pay),
                                     (r, *payment_rank(pay), *(x for ck in pay for x in ck)))
                    self.claim_cache[(r, pay)] = act
                acts.append(act)
            acts.sort(key=lambda a: a.sort_hint)
            self.route_acts[r][pid] = acts
        return acts

    def train_payments(self, r: int, hand: list[int]) -> list[Payment]:
        """Every payment the hand allows for train route r: per usable color any mix of plain and
        harbor-symbol cards, jokers replacing any number of them (all jokers once)."""
        length = self.route_length[r]
        col = self.route_color[r]
        jokers = hand[JOKER]
        rough = self.route_rough[r]
        if rough:
            have = tuple(min(hand[4 * c + TRAIN] + hand[4 * c + TRAIN_H], length + rough) for c in range(NCOLORS))
            key = (length, rough, col, have, min(jokers, length + rough))
            vecs = self.rough_cache.get(key)
            if vecs is None:
                vecs = _rough_vectors(length, rough, col, have, min(jokers, length + rough))
                self.rough_cache[key] = vecs
        else:
            vecs = []
            for c in ((col,) if col >= 0 else range(NCOLORS)):
                count = hand[4 * c + TRAIN] + hand[4 * c + TRAIN_H]
                for n in range(max(1, length - jokers), min(count, length) + 1):
                    vecs.append((tuple(n if k == c else 0 for k in range(NCOLORS)), length - n))
            if jokers >= length:
                vecs.append(((0,) * NCOLORS, length))
        out: list[Payment] = []
        for color_counts, j in vecs:
            out.extend(_train_payments(color_counts, j, hand))
        return out

    def ship_payments(self, r: int, hand: list[int]) -> list[Payment]:
        """Every payment the hand allows for ship route r: singles, doubles and jokers of one
        color covering the length with no superfluous card (so only all-double payments overshoot,
        by one space on an odd length); all jokers once."""
        length = self.route_length[r]
        col = self.route_color[r]
        jokers = hand[JOKER]
        half = length // 2
        out: list[Payment] = []
        for c in ((col,) if col >= 0 else range(NCOLORS)):
            singles = hand[4 * c + SHIP]
            doubles = hand[4 * c + DOUBLE]
            for d in range(min(doubles, half) + 1):
                rest = length - 2 * d
                for sg in range(max(0, rest - jokers), min(singles, rest) + 1):
                    if d == 0 and sg == 0:
                        continue
                    pay: list[tuple[int, int]] = []
                    if sg:
                        pay.append((4 * c + SHIP, sg))
                    if d:
                        pay.append((4 * c + DOUBLE, d))
                    if rest - sg:
                        pay.append((JOKER, rest - sg))
                    out.append(tuple(pay))
            if length & 1 and doubles > half:
                out.append(((4 * c + DOUBLE, half + 1),))
        if jokers >= length:
            out.append(((JOKER, length),))
        return out

    def harbor_payments(self, hand: list[int]) -> list[Payment]:
        """Every harbor payment: up to 2 harbor-symbol train cards and 2 single ships of one color,
        jokers for the rest (4 jokers once)."""
        jokers = hand[JOKER]
        out: list[Payment] = []
        for c in range(NCOLORS):
            for t in range(min(2, hand[4 * c + TRAIN_H]) + 1):
                for sh in range(min(2, hand[4 * c + SHIP]) + 1):
                    j = 4 - t - sh
                    if t + sh == 0 or j > jokers:
                        continue
                    pay: list[tuple[int, int]] = []
                    if t:
                        pay.append((4 * c + TRAIN_H, t))
                    if sh:
                        pay.append((4 * c + SHIP, sh))
                    if j:
                        pay.append((JOKER, j))
                    out.append(tuple(pay))
        if jokers >= 4:
            out.append(((JOKER, 4),))
        return out

    # ------------------------------------------------------------------ legal actions
    def legal_actions(self, s: WorldState) -> list[Action]:
        phase = s.phase
        if phase == MAIN:
            return self._main_actions(s)
        if phase == SECOND_CARD:
            return self._card_actions(s, True)
        if phase in (KEEP_TICKETS, SETUP_TICKETS):
            return self._keep_actions(s)
        if phase == SETUP_PIECES:
            return list(self.piece_actions)
        return []

    def _card_actions(self, s: WorldState, second: bool) -> list[Action]:
        out: list[Action] = []
        has_train = self._has(s, TRAIN_DECK)
        has_ship = self._has(s, SHIP_DECK)
        if has_ship:
            out.append(self.draw_actions[SHIP_DECK])
        if has_train:
            out.append(self.draw_actions[TRAIN_DECK])
        take = self.take_actions
        for i, c in enumerate(s.market):
            if c < 0 or (second and c == JOKER):
                continue
            if has_ship:
                out.append(take[(i, c, "ship")])
            if has_train:
                out.append(take[(i, c, "train")])
            if not has_ship and not has_train:
                out.append(take[(i, c, "")])
        return out

    def _keep_actions(self, s: WorldState) -> list[Action]:
        offered = tuple(sorted(s.offered[s.current]))
        need = TICKETS_KEEP_AT_START if s.phase == SETUP_TICKETS else TICKETS_KEEP_LATER
        key = (offered, need)
        cached = self.keep_cache.get(key)
        if cached is None:
            ids = self.board.tickets
            cached = [KeepTickets(tuple(ids[t].id for t in sub), sub)
                      for sub in keep_choices(offered, need)]
            self.keep_cache[key] = cached
        return cached

    def _main_actions(self, s: WorldState) -> list[Action]:
        if len(self.pay_lists) > 100000:  # bound the caches in very long sessions
            self.pay_ids.clear()
            self.pay_lists.clear()
            self.claim_cache.clear()
            self.class_pay_cache.clear()
            for acts in self.route_acts:
                acts.clear()
        p = s.current
        out = self._card_actions(s, False)
        hand = s.hands[p]
        trains = s.trains[p]
        ships = s.ships[p]
        owner = s.owner
        partner = self.route_partner
        few_players = s.players < DOUBLE_ROUTES_BOTH_USABLE_FROM
        lengths = self.route_length
        is_ship = self.route_ship
        jokers = hand[JOKER]
        train_cards = jokers + sum(hand[4 * c + TRAIN] + hand[4 * c + TRAIN_H] for c in range(NCOLORS))
        ship_cover = jokers + sum(hand[4 * c + SHIP] + 2 * hand[4 * c + DOUBLE] for c in range(NCOLORS))
        rough = self.route_rough
        route_class = self.route_class
        class_pays: dict[int, int] = {}  # route class -> interned payments (-1: none)
        route_actions = self._route_actions
        for r in range(len(owner)):
            if owner[r] >= 0:
                continue
            length = lengths[r]
            if is_ship[r]:
                if length > ships or length > ship_cover:
                    continue
            elif length > trains or length + rough[r] > train_cards:
                continue
            q = partner[r]
            if q >= 0 and owner[q] >= 0 and (few_players or owner[q] == p):
                continue
            k = route_class[r]
            pid = class_pays.get(k)
            if pid is None:
                pid = class_pays[k] = self._class_pay_id(k, hand)
            if pid >= 0:
                out.extend(route_actions(r, pid))
        if s.ticket_deck:
            out.append(self.tickets_action)
        if s.harbors_left[p] > 0:
            harbor_pays: list[Any] | None = None  # computed once, for the first eligible port
            for city in self.ports:
                if s.harbor_owner[city] >= 0:
                    continue
                if not any(owner[r] == p for r in self.routes_at[city]):
                    continue
                if harbor_pays is None:
                    harbor_pays = self.harbor_payments(hand)
                    if not harbor_pays:
                        break
                    harbor_pays.sort(key=lambda pay: (*payment_rank(pay), *(x for ck in pay for x in ck)))
                cid = self.board.cities[city].id
                for pay in harbor_pays:
                    act = self.harbor_cache.get((city, pay))
                    if act is None:
                        act = BuildHarbor(cid, tuple((CARD_NAMES[c], k) for c, k in pay),
                                          (city, *payment_rank(pay), *(x for ck in pay for x in ck)))
                        self.harbor_cache[(city, pay)] = act
                    out.append(act)
        ex = self.exchange_actions
        for n in range(1, min(s.box_ships[p], trains) + 1):
            out.append(ex[("ships", n)])
        for n in range(1, min(s.box_trains[p], ships) + 1):
            out.append(ex[("trains", n)])
        if not out:
            out.append(self.pass_action)
        return out

    # ------------------------------------------------------------------ applying
    @staticmethod
    def _payment(action: ClaimRoute | BuildHarbor) -> list[tuple[int, int]]:
        return [(CARD_INDEX[name], n) for name, n in action.cards]

    def apply(self, s: WorldState, action: Action) -> None:
        """Apply a legal action (the caller has checked legality)."""
        p = s.current
        kind = type(action)
        if kind is ClaimRoute:
            r = self.board.route_index[action.route]  # type: ignore[attr-defined]
            hand = s.hands[p]
            for c, n in self._payment(action):  # type: ignore[arg-type]
                hand[c] -= n
                self._discard(s, c, n)
            length = self.route_length[r]
            s.owner[r] = p
            if self.route_ship[r]:
                s.ships[p] -= length
            else:
                s.trains[p] -= length
            s.points[p] += ROUTE_POINTS[length]
            s.passes = 0
            self._end_turn(s)
        elif kind is DrawCard:
            deck = DECK_NAMES.index(action.deck)  # type: ignore[attr-defined]
            c = self._draw(s, deck)
            s.hands[p][c] += 1
            s.passes = 0
            if s.phase == MAIN and self._can_take_second(s):
                s.phase = SECOND_CARD
            else:
                self._end_turn(s)
        elif kind is TakeCard:
            slot = action.slot  # type: ignore[attr-defined]
            c = s.market[slot]
            s.hands[p][c] += 1
            refill = action.refill  # type: ignore[attr-defined]
            s.market[slot] = self._draw(s, DECK_NAMES.index(refill)) if refill else -1
            self._fix_market(s)
            s.passes = 0
            if s.phase == MAIN and c != JOKER and self._can_take_second(s):
                s.phase = SECOND_CARD
            else:
                self._end_turn(s)
        elif kind is DrawTickets:
            s.offered[p] = [s.ticket_deck.pop() for _ in range(min(TICKETS_DRAWN, len(s.ticket_deck)))]
            s.phase = KEEP_TICKETS
            s.passes = 0
        elif kind is KeepTickets:
            keep = list(action.sort_hint) if action.sort_hint else [  # type: ignore[attr-defined]
                self.board.ticket_index[t] for t in action.tickets]  # type: ignore[attr-defined]
            returned = sorted(t for t in s.offered[p] if t not in keep)
            s.tickets[p].extend(keep)
            s.offered[p] = []
            s.ticket_deck[0:0] = returned[::-1]  # returned tickets go under the deck
            if s.phase == SETUP_TICKETS:
                nxt = (p + 1) % s.players
                if nxt == s.start_player:
                    s.phase = MAIN if all(s.chosen) else SETUP_PIECES
                s.current = nxt
            else:
                self._end_turn(s)
        elif kind is BuildHarbor:
            city = self.board.city_index[action.city]  # type: ignore[attr-defined]
            hand = s.hands[p]
            for c, n in self._payment(action):  # type: ignore[arg-type]
                hand[c] -= n
                self._discard(s, c, n)
            s.harbor_owner[city] = p
            s.harbors_left[p] -= 1
            s.passes = 0
            self._end_turn(s)
        elif kind is ExchangePieces:
            n = action.count  # type: ignore[attr-defined]
            if action.want == "trains":  # type: ignore[attr-defined]
                s.box_trains[p] -= n
                s.trains[p] += n
                s.ships[p] -= n
                s.box_ships[p] += n
            else:
                s.box_ships[p] -= n
                s.ships[p] += n
                s.trains[p] -= n
                s.box_trains[p] += n
            s.exchanged[p] += n
            s.points[p] -= EXCHANGE_PENALTY * n
            s.passes = 0
            self._end_turn(s)
        elif kind is ChoosePieces:
            t, sh = action.trains, action.ships  # type: ignore[attr-defined]
            s.trains[p], s.ships[p] = t, sh
            s.box_trains[p] = MAX_TRAINS - t
            s.box_ships[p] = MAX_SHIPS - sh
            s.chosen[p] = True
            nxt = (p + 1) % s.players
            if nxt == s.start_player:
                s.phase = MAIN
            s.current = nxt
        elif kind is Pass:
            s.passes += 1
            self._end_turn(s)
        else:
            raise TypeError(f"{type(action).__name__} is not an action of Rails & Sails")

    def _end_turn(self, s: WorldState) -> None:
        self._refill_market(s)
        s.turn += 1
        p = s.current
        if s.final_turns > 0:
            s.final_turns -= 1
            if s.final_turns == 0:
                s.phase = OVER
                return
        elif s.trains[p] + s.ships[p] <= END_TRIGGER_PIECES:
            s.final_turns = FINAL_TURNS_EACH * s.players  # everyone, this player too, plays twice more
        if s.passes >= s.players:
            s.phase = OVER  # [decision] every player passed in a row
            return
        s.phase = MAIN
        s.current = (p + 1) % s.players

    # ------------------------------------------------------------------ explanations
    def why_illegal(self, s: WorldState, action: Action) -> str:
        phase = s.phase
        if phase == OVER:
            return "the game is over"
        if phase in (SETUP_TICKETS, KEEP_TICKETS):
            need = TICKETS_KEEP_AT_START if phase == SETUP_TICKETS else TICKETS_KEEP_LATER
            if not isinstance(action, KeepTickets):
                return f"you must first choose which tickets to keep (at least {need})"
            offered = {self.board.tickets[t].id for t in s.offered[s.current]}
            return why_keep_illegal(action, offered, need)
        if phase == SETUP_PIECES:
            if not isinstance(action, ChoosePieces):
                return "you must first choose your pieces, e.g. 'pieces 20 40'"
            if action.trains + action.ships != PIECES_IN_PLAY:
                return f"choose {PIECES_IN_PLAY} pieces in all, not {action.trains + action.ships}"
            return (f"at most {MAX_TRAINS} trains and {MAX_SHIPS} ships "
                    f"(so {MIN_TRAINS}–{MAX_TRAINS} trains)")
        if isinstance(action, ChoosePieces):
            return "the pieces are chosen only at the start of the game"
        if isinstance(action, KeepTickets):
            return "no tickets are being offered to you now"
        if phase == SECOND_CARD and not isinstance(action, (DrawCard, TakeCard)):
            return "you have taken one card and must take a second one"
        if isinstance(action, DrawCard):
            if action.deck not in DECK_NAMES:
                return "name the deck: 'draw train' or 'draw ship'"
            return f"the {action.deck} deck and its discard pile are empty"
        if isinstance(action, TakeCard):
            if not 0 <= action.slot < MARKET_SIZE:
                return f"there is no face-up slot {action.slot} (slots are 0–{MARKET_SIZE - 1})"
            c = s.market[action.slot]
            if c < 0:
                return f"face-up slot {action.slot} is empty"
            if CARD_NAMES[c] != action.card:
                return f"face-up slot {action.slot} holds {CARD_NAMES[c]}, not {action.card}"
            if c == JOKER and phase == SECOND_CARD:
                return "a face-up joker can only be taken as the first card"
            if action.refill not in DECK_NAMES:
                if self._has(s, TRAIN_DECK) or self._has(s, SHIP_DECK):
                    return "say which deck refills the slot, e.g. 'take 2 red-train ship'"
                return "this card cannot be taken now"
            if not self._has(s, DECK_NAMES.index(action.refill)):
                return f"the {action.refill} deck and its discard pile are empty: refill from the other deck"
            return "this card cannot be taken now"
        if isinstance(action, DrawTickets):
            return "the ticket deck is empty"
        if isinstance(action, Pass):
            return "you can still act, so you may not pass"
        if isinstance(action, ClaimRoute):
            return self._why_claim_illegal(s, action)
        if isinstance(action, BuildHarbor):
            return self._why_harbor_illegal(s, action)
        if isinstance(action, ExchangePieces):
            p = s.current
            box = s.box_trains[p] if action.want == "trains" else s.box_ships[p]
            give = s.ships[p] if action.want == "trains" else s.trains[p]
            other = "ships" if action.want == "trains" else "trains"
            if action.count > box:
                return f"your box holds only {box} {action.want}"
            if action.count > give:
                return f"you have only {give} {other} to give back"
            return "this exchange is not possible"
        return "it is not an action of Rails & Sails"

    @staticmethod
    def _check_names(cards: tuple[tuple[str, int], ...]) -> str:
        seen = set()
        for name, _ in cards:
            if name not in CARD_INDEX:
                return (f"unknown card {name!r} (cards are named like 'red-train', 'red-train-h', "
                        f"'red-ship', 'red-double', 'joker')")
            if name in seen:
                return f"card {name} is listed twice"
            seen.add(name)
        return ""

    @staticmethod
    def _check_hand(s: WorldState, cards: tuple[tuple[str, int], ...]) -> str:
        for name, n in cards:
            have = s.hands[s.current][CARD_INDEX[name]]
            if have < n:
                return f"you have {have} {name} card(s), not {n}"
        return ""

    def _why_claim_illegal(self, s: WorldState, action: ClaimRoute) -> str:
        b = self.board
        if action.route not in b.route_index:
            return f"there is no route {action.route!r}"
        r = b.route_index[action.route]
        p = s.current
        length = self.route_length[r]
        if s.owner[r] >= 0:
            return f"route {action.route} is already claimed"
        q = self.route_partner[r]
        if q >= 0 and s.owner[q] >= 0:
            if s.owner[q] == p:
                return "you already own the other track of this double route"
            return "with 2 or 3 players only one track of a double route can be used"
        ship = self.route_ship[r]
        if ship and s.ships[p] < length:
            return f"route {action.route} needs {length} ships and you have {s.ships[p]}"
        if not ship and s.trains[p] < length:
            return f"route {action.route} needs {length} trains and you have {s.trains[p]}"
        bad = self._check_names(action.cards)
        if bad:
            return bad
        pay = self._payment(action)
        kinds = {DECK_OF[c] for c, _ in pay if c != JOKER}
        if ship and TRAIN_DECK in kinds:
            return "a ship route is paid with ship cards (and jokers), never train cards"
        if not ship and SHIP_DECK in kinds:
            return "a train route is paid with train cards (and jokers), never ship cards"
        colors = {c // 4 for c, _ in pay if c != JOKER}
        need = self.route_color[r]
        if need >= 0 and colors - {need}:
            return f"route {action.route} is {COLORS[need]}; it cannot be paid with {COLORS[min(colors - {need})]}"
        bad = self._check_hand(s, action.cards)
        if bad:
            return bad
        if ship:
            cover = sum(n * (2 if c % 4 == DOUBLE and c != JOKER else 1) for c, n in pay)
            if cover < length:
                return f"the payment covers {cover} of the {length} spaces"
            if len(colors) > 1:
                return "a route is paid with cards of one color (plus jokers)"
            smallest = min(2 if c % 4 == DOUBLE and c != JOKER else 1 for c, _ in pay)
            if cover - smallest >= length:
                return ("a card in this payment is superfluous: the route would still be covered "
                        "without it (double ships count 2, jokers 1)")
        else:
            total = sum(n for _, n in pay)
            rough = self.route_rough[r]
            if total != length + rough:
                if rough:
                    return (f"route {action.route} has {rough} rough-terrain space(s): it costs "
                            f"{length + rough} cards (2 of one color per rough space), not {total}")
                return f"route {action.route} has length {length}; the payment has {total} cards"
            if not rough and len(colors) > 1:
                return "a route is paid with cards of one color (plus jokers)"
            if rough:
                jokers = sum(n for c, n in pay if c == JOKER)
                per: dict[int, int] = {}
                for c, n in pay:
                    if c != JOKER:
                        per[c // 4] = per.get(c // 4, 0) + n
                if jokers < sum(n & 1 for n in per.values()):
                    return "each rough-terrain space needs 2 cards of one color (a joker may replace either)"
        canon = self._pay_actions_for_route(r, s.hands[p])
        if canon:
            return ("this payment does not fit the route's spaces; pay as in the legal actions, "
                    f"e.g. '{canon[0].text()}'")
        return "you cannot pay for this route"

    def _why_harbor_illegal(self, s: WorldState, action: BuildHarbor) -> str:
        b = self.board
        p = s.current
        if action.city not in b.city_index:
            return f"there is no city {action.city!r}"
        city = b.city_index[action.city]
        if not b.cities[city].port:
            return f"{b.cities[city].name} is not a port city"
        if s.harbor_owner[city] >= 0:
            return f"{b.cities[city].name} already has a harbor"
        if s.harbors_left[p] == 0:
            return f"you have built all {HARBORS_PER_PLAYER} of your harbors"
        if not any(s.owner[r] == p for r in self.routes_at[city]):
            return f"you need a route of your own into {b.cities[city].name} first"
        bad = self._check_names(action.cards) or self._check_hand(s, action.cards)
        if bad:
            return bad
        pay = self._payment(action)
        trains = sum(n for c, n in pay if c != JOKER and DECK_OF[c] == TRAIN_DECK)
        ships = sum(n for c, n in pay if c != JOKER and DECK_OF[c] == SHIP_DECK)
        jokers = sum(n for c, n in pay if c == JOKER)
        if any(c != JOKER and c % 4 in (TRAIN, DOUBLE) for c, _ in pay):
            return "all harbor cards must carry the harbor symbol (train-h, single ships, or jokers)"
        if trains + ships + jokers != 4 or trains > 2 or ships > 2:
            return "a harbor costs 2 train cards and 2 ship cards (jokers may replace any)"
        if len({c // 4 for c, _ in pay if c != JOKER}) > 1:
            return "all 4 harbor cards must be of the same color"
        return "you cannot pay for a harbor"

    # ------------------------------------------------------------------ networks and tickets
    def _owned(self, s: WorldState, p: int) -> list[int]:
        return [r for r, o in enumerate(s.owner) if o == p]

    def _labels(self, owned: list[int]) -> list[int]:
        ends = self.route_ends
        return components(len(self.board.cities), (ends[r] for r in owned))

    def in_order(self, owned: list[int], cities: tuple[int, ...]) -> bool:
        """Whether a trail over the routes ``owned`` visits ``cities`` in this order."""
        key = (tuple(owned), cities)
        hit = self.order_cache.get(key)
        if hit is not None:
            return hit
        if len(self.order_cache) > 20000:
            self.order_cache.clear()
        result = _trail_in_order([self.route_ends[r] for r in owned], cities)
        self.order_cache[key] = result
        return result

    def ticket_status(self, s: WorldState, p: int) -> list[tuple[str, int]]:
        """Per ticket of player p: (status, points) with status 'done'/'failed' for two-city tickets
        and 'in_order'/'connected'/'failed' for itineraries."""
        owned = self._owned(s, p)
        labels = self._labels(owned)
        out = []
        for t in s.tickets[p]:
            cities = self.ticket_cities[t]
            values = self.ticket_values[t]
            connected = all(labels[c] == labels[cities[0]] for c in cities[1:])
            if len(cities) == 2:
                out.append(("done", values[0]) if connected else ("failed", values[2]))
            elif not connected:
                out.append(("failed", values[2]))
            elif self.in_order(owned, cities):
                out.append(("in_order", values[0]))
            else:
                out.append(("connected", values[1]))
        return out

    def _ticket_json(self, t: int, status: tuple[str, int] | None = None) -> dict[str, Any]:
        tk = self.board.tickets[t]
        cities = self.board.cities
        out: dict[str, Any] = {"id": tk.id, "cities": [cities[c].id for c in tk.cities],
                               "points": tk.points}
        if len(tk.cities) > 2:
            out["values"] = list(tk.values)
            out["itinerary"] = True
        if status is not None:
            out["status"] = status[0]
            out["completed"] = status[0] != "failed"
            out["value"] = status[1]
        return out

    # ------------------------------------------------------------------ views
    def _revealed(self, s: WorldState) -> bool:
        return all(s.chosen)

    def view(self, s: WorldState, player: int | None) -> dict[str, Any]:
        b = self.board
        routes = b.routes
        revealed = self._revealed(s)
        players = []
        for p in range(s.players):
            visible = revealed or (p == player and s.chosen[p])
            hand = s.hands[p]
            players.append({
                "seat": p,
                "score": s.points[p],
                "trains": s.trains[p] if visible else None,
                "ships": s.ships[p] if visible else None,
                "box_trains": s.box_trains[p] if visible else None,
                "box_ships": s.box_ships[p] if visible else None,
                "chose_pieces": s.chosen[p],
                "train_cards": sum(hand[c] for c in range(NCARDS) if DECK_OF[c] == TRAIN_DECK),
                "ship_cards": sum(hand[c] for c in range(NCARDS) if DECK_OF[c] == SHIP_DECK),
                "hand": sum(hand),
                "tickets": len(s.tickets[p]),
                "choosing_tickets": bool(s.offered[p]),
                "harbors": [b.cities[c].id for c, o in enumerate(s.harbor_owner) if o == p],
                "harbors_left": s.harbors_left[p],
                "exchanged": s.exchanged[p],
            })
        v: dict[str, Any] = {
            "variant": self.name,
            "phase": PHASE_NAMES[s.phase],
            "turn": s.turn,
            "current": s.current,
            "you": player,
            "market": [CARD_NAMES[c] if c >= 0 else None for c in s.market],
            "decks": {"train": len(s.train_deck), "ship": len(s.ship_deck)},
            "discards": {"train": len(s.train_discard), "ship": len(s.ship_discard)},
            "ticket_deck": len(s.ticket_deck),
            "routes": {routes[r].id: o for r, o in enumerate(s.owner) if o >= 0},
            "harbors": {b.cities[c].id: o for c, o in enumerate(s.harbor_owner) if o >= 0},
            "pieces_revealed": revealed,
            "final_round": s.final_turns > 0,
            "final_turns_left": max(s.final_turns, 0),
            "market_resets": s.market_resets,
            "joker_reset": s.joker_limit,
            "players": players,
        }
        if player is not None and 0 <= player < s.players:
            status = self.ticket_status(s, player)
            need = TICKETS_KEEP_AT_START if s.phase == SETUP_TICKETS else TICKETS_KEEP_LATER
            v["me"] = {
                "hand": {CARD_NAMES[c]: n for c, n in enumerate(s.hands[player]) if n},
                "tickets": [self._ticket_json(t, st) for t, st in zip(s.tickets[player], status)],
                "offered": [self._ticket_json(t) for t in sorted(s.offered[player])],
                "min_keep": min(need, len(s.offered[player])),
                "pieces": ({"trains": s.trains[player], "ships": s.ships[player],
                            "box_trains": s.box_trains[player], "box_ships": s.box_ships[player]}
                           if s.chosen[player] else None),
            }
        if s.phase == OVER:
            v["scores"] = self.scores(s)
        return v

    def describe(self, s: WorldState, action: Action) -> dict[str, Any]:
        p = s.current
        ev: dict[str, Any] = {"player": p, "turn": s.turn, "kind": type(action).keyword}
        if isinstance(action, TakeCard):
            ev.update(card=CARD_NAMES[s.market[action.slot]], slot=action.slot,
                      refill=action.refill or None, second=s.phase == SECOND_CARD)
        elif isinstance(action, DrawCard):
            ev.update(deck=action.deck, second=s.phase == SECOND_CARD)
        elif isinstance(action, ClaimRoute):
            r = self.board.route_index[action.route]
            ev.update(route=action.route, cards={n: k for n, k in action.cards},
                      route_kind="ship" if self.route_ship[r] else "train",
                      length=self.route_length[r], points=ROUTE_POINTS[self.route_length[r]])
        elif isinstance(action, DrawTickets):
            ev["count"] = min(TICKETS_DRAWN, len(s.ticket_deck))
        elif isinstance(action, KeepTickets):
            ev["count"] = len(action.tickets)
            ev["offered"] = len(s.offered[p])
            ev["setup"] = s.phase == SETUP_TICKETS
        elif isinstance(action, BuildHarbor):
            ev.update(city=action.city, cards={n: k for n, k in action.cards})
        elif isinstance(action, ExchangePieces):
            ev.update(want=action.want, count=action.count, penalty=-EXCHANGE_PENALTY * action.count)
        elif isinstance(action, ChoosePieces):
            ev["secret"] = True  # the mix stays hidden from the others (the log hides the text)
        return ev

    def scores(self, s: WorldState) -> list[dict[str, Any]]:
        b = self.board
        out: list[dict[str, Any]] = []
        for p in range(s.players):
            owned = self._owned(s, p)
            status = self.ticket_status(s, p)
            route_points = sum(ROUTE_POINTS[self.route_length[r]] for r in owned)
            tickets = [self._ticket_json(t, st) for t, st in zip(s.tickets[p], status)]
            two = [tj for tj in tickets if not tj.get("itinerary")]
            its = [tj for tj in tickets if tj.get("itinerary")]
            completed_cities = [set(self.ticket_cities[t]) for t, st in zip(s.tickets[p], status)
                                if st[0] != "failed"]
            harbors: list[dict[str, Any]] = []
            for c, o in enumerate(s.harbor_owner):
                if o != p:
                    continue
                k = sum(1 for cs in completed_cities if c in cs)
                harbors.append({"city": b.cities[c].id, "completed": k, "value": HARBOR_VALUES[min(k, 3)]})
            harbor_points = sum(h["value"] for h in harbors)
            unbuilt = HARBORS_PER_PLAYER - len(harbors)
            sc = {
                "seat": p,
                "routes": route_points,
                "routes_claimed": len(owned),
                "tickets": tickets,
                "tickets_won": sum(tj["value"] for tj in two if tj["value"] > 0),
                "tickets_lost": -sum(tj["value"] for tj in two if tj["value"] < 0),
                "itineraries": sum(tj["value"] for tj in its),
                "ticket_points": sum(tj["value"] for tj in tickets),
                "completed": len(completed_cities),
                "harbors": harbors,
                "harbor_points": harbor_points,
                "unbuilt_harbors": unbuilt,
                "unbuilt_penalty": -UNBUILT_HARBOR_PENALTY * unbuilt,
                "exchanged": s.exchanged[p],
                "exchange_penalty": -EXCHANGE_PENALTY * s.exchanged[p],
            }
            sc["total"] = (route_points + sc["exchange_penalty"] + sc["ticket_points"]
                           + harbor_points + sc["unbuilt_penalty"])
            out.append(sc)
        rank_key = [(sc["total"], sc["completed"]) for sc in out]
        top = max(rank_key)
        for sc, key in zip(out, rank_key):
            sc["winner"] = key == top
            sc["rank"] = 1 + sum(1 for other in rank_key if other > key)
        return out

    def board_view(self) -> dict[str, Any]:
        if self._board_view is None:
            self._board_view = read_only(self._make_board_view())  # shared: never changed
        return self._board_view

    def _make_board_view(self) -> dict[str, Any]:
        b = self.board
        cities = []
        for c in b.cities:
            entry: dict[str, Any] = {"id": c.id, "name": c.name, "x": c.x, "y": c.y, "port": c.port}
            if c.junction:
                entry["junction"] = True
            cities.append(entry)
        return {
            "variant": self.name,
            "title": self.title,
            "name": b.name,
            "width": b.width,
            "height": b.height,
            "wraps": True,
            "cities": cities,
            "routes": [{"id": r.id, "a": b.cities[r.a].id, "b": b.cities[r.b].id, "length": r.length,
                        "color": r.color, "kind": r.kind, "rough": r.rough, "wraps": r.wraps,
                        "double": b.routes[r.double_partner].id if r.double_partner >= 0 else None}
                       for r in b.routes],
            "tickets": [self._ticket_json(t.index) for t in b.tickets],
            "cards": list(CARD_NAMES),
            "card_info": {name: {"deck": DECK_NAMES[DECK_OF[i]],
                                 "color": None if i == JOKER else COLORS[i // 4],
                                 "form": "joker" if i == JOKER else FORMS[i % 4],
                                 "harbor_symbol": i == JOKER or i % 4 in (TRAIN_H, SHIP),
                                 "spaces": 2 if i != JOKER and i % 4 == DOUBLE else 1,
                                 "count": CARD_COUNTS[i]}
                          for i, name in enumerate(CARD_NAMES)},
            "colors": list(COLORS),
            "wild": "joker",
            "route_points": ROUTE_POINTS,
            "trains": MAX_TRAINS,
            "ships": MAX_SHIPS,
            "pieces_in_play": PIECES_IN_PLAY,
            "recommended_pieces": list(RECOMMENDED_MIX),
            "harbors": HARBORS_PER_PLAYER,
            "harbor_values": [HARBOR_VALUES[k] for k in (1, 2, 3)],
            "market_size": MARKET_SIZE,
            "min_players": self.min_players,
            "max_players": self.max_players,
        }

    def check_invariants(self, s: WorldState) -> None:
        counts = [0] * NCARDS
        for c in s.market:
            if c >= 0:
                counts[c] += 1
        for pile, deck in ((s.train_deck, TRAIN_DECK), (s.train_discard, TRAIN_DECK),
                           (s.ship_deck, SHIP_DECK), (s.ship_discard, SHIP_DECK)):
            pc = [0] * NCARDS
            for c in pile:
                pc[c] += 1
            for c in range(NCARDS):
                if pc[c]:
                    assert DECK_OF[c] == deck, "a card is in the other deck's pile"
                    counts[c] += pc[c]
        for h in s.hands:
            assert min(h) >= 0, "negative card count in a hand"
            for c, n in enumerate(h):
                counts[c] += n
        assert counts == list(CARD_COUNTS), f"cards not conserved: {counts} != {list(CARD_COUNTS)}"
        assert sum(counts[c] for c in range(NCARDS) if DECK_OF[c] == TRAIN_DECK) == TRAIN_CARDS
        assert sum(counts[c] for c in range(NCARDS) if DECK_OF[c] == SHIP_DECK) == SHIP_CARDS
        held = [t for ts in s.tickets for t in ts] + [t for o in s.offered for t in o] + s.ticket_deck
        assert sorted(held) == list(range(len(self.board.tickets))), "tickets not conserved"
        board_trains = [0] * s.players
        board_ships = [0] * s.players
        route_points = [0] * s.players
        lengths = self.route_length
        for r, o in enumerate(s.owner):
            if o >= 0:
                if self.route_ship[r]:
                    board_ships[o] += lengths[r]
                else:
                    board_trains[o] += lengths[r]
                route_points[o] += ROUTE_POINTS[lengths[r]]
        for p in range(s.players):
            assert min(s.trains[p], s.ships[p], s.box_trains[p], s.box_ships[p]) >= 0, "negative pieces"
            if s.chosen[p]:
                assert s.trains[p] + s.box_trains[p] + board_trains[p] == MAX_TRAINS, "trains not conserved"
                assert s.ships[p] + s.box_ships[p] + board_ships[p] == MAX_SHIPS, "ships not conserved"
            built = s.harbor_owner.count(p)
            assert built + s.harbors_left[p] == HARBORS_PER_PLAYER, "harbors not conserved"
            assert s.points[p] == route_points[p] - EXCHANGE_PENALTY * s.exchanged[p], "points differ"
        for c, o in enumerate(s.harbor_owner):
            if o >= 0:
                assert self.board.cities[c].port, "harbor outside a port city"
                assert any(s.owner[r] == o for r in self.routes_at[c]), \
                    f"seat {o} has a harbor in {self.board.cities[c].id} without a route of its own there"
        for r, q in enumerate(self.route_partner):
            if q >= 0 and s.owner[r] >= 0 and s.owner[q] >= 0:
                assert s.players >= DOUBLE_ROUTES_BOTH_USABLE_FROM, \
                    f"both tracks of a double route are claimed with fewer than {DOUBLE_ROUTES_BOTH_USABLE_FROM} players"
                assert s.owner[r] != s.owner[q], "one player owns both tracks of a double route"


def _trail_in_order(edges: list[tuple[int, int]], targets: tuple[int, ...]) -> bool:
    """Whether some trail (each edge at most once) over ``edges`` visits ``targets`` in order.

    Depth-first search over (node, next target, used edges) with memoised failures, pruned when
    the remaining targets are no longer reachable over unused edges.
    """
    adj: dict[int, list[tuple[int, int]]] = {}
    for i, (a, b) in enumerate(edges):
        adj.setdefault(a, []).append((b, i))
        adj.setdefault(b, []).append((a, i))
    start = targets[0]
    if start not in adj or any(t not in adj for t in targets):
        return False
    n = len(targets)
    failed: set[tuple[int, int, int]] = set()

    def reachable(node: int, k: int, used: int) -> bool:
        need = set(targets[k:])
        need.discard(node)
        if not need:
            return True
        seen = {node}
        stack = [node]
        while stack:
            x = stack.pop()
            for y, e in adj[x]:
                if not used >> e & 1 and y not in seen:
                    seen.add(y)
                    need.discard(y)
                    if not need:
                        return True
                    stack.append(y)
        return False

    def dfs(node: int, k: int, used: int) -> bool:
        if k == n:
            return True
        key = (node, k, used)
        if key in failed:
            return False
        if reachable(node, k, used):
            for nxt, e in adj[node]:
                bit = 1 << e
                if used & bit:
                    continue
                if dfs(nxt, k + 1 if nxt == targets[k] else k, used | bit):
                    return True
        failed.add(key)
        return False

    return dfs(start, 1, 0)
