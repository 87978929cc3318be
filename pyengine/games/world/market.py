"""Rails & Sails: the rules object's static tables (routes, ports, ticket values, the action
objects it hands out), the two decks with their discard piles and the face-up market."""

from __future__ import annotations

from typing import Any

from ...actions import Action, ClaimRoute, DrawCard, DrawTickets, Pass, TakeCard
from ...errors import SettingsError
from ...mechanics.cards import draw_card
from ...mechanics.mapdata import Board, load_board
from ...mechanics.routes import OpenRoutes
from ...mechanics.turns import another_card_available
from ..base import Variant
from .actions import BuildHarbor, ChoosePieces, ExchangePieces
from .reach import RouteReach
from .state import (
    CARD_NAMES,
    COLORS,
    DECK_OF,
    JOKER,
    JOKER_RESET,
    MARKET_SIZE,
    MARKET_TRAIN_SLOTS,
    MAX_MARKET_RESETS,
    MAX_SHIPS,
    MAX_TRAINS,
    MIN_TRAINS,
    NCARDS,
    OVER,
    PHASE_NAMES,
    PIECES_IN_PLAY,
    SHIP_DECK,
    TRAIN_DECK,
    Payment,
    WorldState,
)


class WorldMarket(Variant[WorldState]):
    """The game's static tables, decks and market (the base of the rules object's layers)."""

    name = "world"
    phase_names = PHASE_NAMES
    over_phase = OVER
    title = "Ticket to Ride: Rails & Sails — World"
    rules_version = 1
    min_players = 2
    max_players = 5
    option_defaults: dict[str, Any] = {"joker_reset": "three"}
    option_values: dict[str, tuple[Any, ...]] = {"joker_reset": tuple(JOKER_RESET)}

    def __init__(self, board: Board | None = None) -> None:
        self.board = board or load_board("pyengine.games.world", "world.json")
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
        self.route_ids = tuple(r.id for r in b.routes)
        self.route_ends = [(r.a, r.b) for r in b.routes]
        self.open_routes = OpenRoutes(self.route_partner)
        self.reach = RouteReach(self.route_color, self.route_length, self.route_ship, self.route_rough)
        # Routes with the same kind, color, length and rough spaces accept the same payments.
        classes: dict[tuple[Any, ...], int] = {}
        self.route_class = [
            classes.setdefault((r.kind, r.color, r.length, r.rough), len(classes)) for r in b.routes
        ]
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
        self.routes_at_mask = [sum(1 << r for r in at) for at in self.routes_at]
        self.ticket_cities = [t.cities for t in b.tickets]
        self.ticket_values = [
            t.values if len(t.cities) > 2 else (t.points, t.points, -t.points) for t in b.tickets
        ]
        self.draw_actions = [DrawCard("train"), DrawCard("ship")]
        self.take_actions: dict[tuple[int, int, str], TakeCard] = {}
        for s in range(MARKET_SIZE):
            for c in range(NCARDS):
                for refill in ("", "ship", "train"):
                    self.take_actions[(s, c, refill)] = TakeCard(s, CARD_NAMES[c], refill)
        self.tickets_action = DrawTickets()
        self.pass_action = Pass()
        self.piece_actions = [ChoosePieces(t, PIECES_IN_PLAY - t) for t in range(MIN_TRAINS, MAX_TRAINS + 1)]
        self.exchange_actions = {
            (w, n): ExchangePieces(w, n) for w in ("ships", "trains") for n in range(1, MAX_SHIPS + 1)
        }
        # Per kind, the exchanges of 1, 2, ... pieces (a turn offers a prefix of the list).
        self.exchange_lists = {
            w: [self.exchange_actions[(w, n)] for n in range(1, MAX_SHIPS + 1)] for w in ("ships", "trains")
        }
        self.keep_cache: dict[tuple[tuple[int, ...], int], list[Action]] = {}
        self.ticket_ids = [t.id for t in b.tickets]
        self.claim_cache: dict[tuple[int, Payment], ClaimRoute] = {}
        self.class_pay_cache: dict[tuple[int, ...], int] = {}
        self.harbor_cache: dict[tuple[int, Payment], BuildHarbor] = {}
        self.harbor_pay_cache: dict[tuple[int, ...], int] = {}  # capped hand -> interned payments
        self.harbor_acts: list[dict[int, list[BuildHarbor]]] = [{} for _ in b.cities]
        self.rough_cache: dict[tuple[Any, ...], list[tuple[tuple[int, ...], int]]] = {}
        self.order_cache: dict[tuple[Any, ...], bool] = {}

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
            ship_pool = (
                len(s.ship_deck)
                + len(s.ship_discard)
                + sum(1 for c in s.market if c >= 0 and DECK_OF[c] == SHIP_DECK)
            )
            drawn_train = min(
                train_pool, MARKET_TRAIN_SLOTS + max(0, MARKET_SIZE - MARKET_TRAIN_SLOTS - ship_pool)
            )
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

    def can_take_second(self, s: WorldState) -> bool:
        return another_card_available(self._has(s, TRAIN_DECK) or self._has(s, SHIP_DECK), s.market, JOKER)

    # ------------------------------------------------------------------ queries
