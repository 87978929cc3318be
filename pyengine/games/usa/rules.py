"""The classic game on the North America map (rules: docs/rules-usa.md, from shared/rules/usa.md):
the cards, the state, setup, the market, legal actions and their effect. Views, log events and
scores are in ``view.py``."""

from __future__ import annotations

from typing import Any

from ...actions import Action, ClaimRoute, DrawCard, DrawTickets, KeepTickets, Pass, TakeCard
from ...boundary import excerpt, is_int
from ...errors import SettingsError
from ...events import Event
from ...mechanics.cards import draw_card
from ...mechanics.explain import why_turn_illegal
from ...mechanics.graph import NetworkLabels
from ...mechanics.mapdata import Board, load_board
from ...mechanics.routes import OpenRoutes, cards_short, route_needs, why_route_unavailable
from ...mechanics.setup import CardSupply, setup_fields, setup_list, setup_tickets, ticket_deck
from ...mechanics.state import TableState
from ...mechanics.tickets import draw_tickets, keep_actions, keep_offered, offer_tickets
from ...mechanics.turns import (
    SecondCardRule,
    another_card_available,
    end_turn,
    mark_turn_end,
    next_setup_seat,
)
from ..base import Settings, Variant
from .claims import ClaimTable, MainMenu
from .tickets import DEFAULT_WAY, WAYS_OF_PLAY, WayOfPlay, way_of_play
from .tickets import ticket_deck as way_ticket_deck

COLORS = ("red", "orange", "yellow", "green", "blue", "purple", "black", "white")
LOCO = 8
CARD_NAMES = COLORS + ("loco",)
CARD_INDEX = {name: i for i, name in enumerate(CARD_NAMES)}
CARDS_PER_COLOR = 12
LOCOMOTIVES = 14
TRAINS_PER_PLAYER = 45
HAND_SIZE = 4
MARKET_SIZE = 5
MARKET_LOCO_LIMIT = 3  # 3 face-up locomotives: discard the market and deal a new one
MAX_MARKET_REDEALS = 50  # [decision] safety bound on consecutive re-deals besides the feasibility check
END_TRIGGER_TRAINS = 2  # ending a turn with this many trains or fewer starts the final round
ROUTE_POINTS = {1: 1, 2: 2, 3: 4, 4: 7, 5: 10, 6: 15}

SETUP_TICKETS, MAIN, SECOND_CARD, KEEP_TICKETS, OVER = range(5)
PHASE_NAMES = ("setup_tickets", "main", "second_card", "keep_tickets", "over")


class UsaState(TableState):
    """One classic game in progress. Piles are lists whose end is the top."""

    __slots__ = (
        "deck",
        "discard",
        "market_redeals",
        "open",
        "owner",
        "passes",
        "points",
        "reshuffles",
        "trains",
        "way",
    )

    def __init__(self) -> None:
        super().__init__(SETUP_TICKETS)
        self.deck: list[int] = []
        self.discard: list[int] = []
        self.trains: list[int] = []
        self.owner: list[int] = []
        self.open: list[int] = []  # per seat, the routes it may claim (OpenRoutes.seat_masks of owner)
        self.points: list[int] = []
        self.passes = 0  # consecutive passes
        self.market_redeals = 0  # total market re-deals (the log reports new ones)
        self.reshuffles = 0
        self.way: WayOfPlay = WAYS_OF_PLAY[DEFAULT_WAY]  # the ``tickets`` option (immutable)

    def clone(self) -> UsaState:
        c = UsaState.__new__(UsaState)
        self.copy_table_into(c)
        c.deck = self.deck[:]
        c.discard = self.discard[:]
        c.trains = self.trains[:]
        c.owner = self.owner[:]
        c.open = self.open[:]
        c.points = self.points[:]
        c.passes = self.passes
        c.market_redeals = self.market_redeals
        c.reshuffles = self.reshuffles
        c.way = self.way
        return c


class UsaRules(Variant[UsaState]):
    """Setup, the market, legal actions, their effect and why an action is refused (views and
    scores: view.py)."""

    name = "usa"
    phase_names = PHASE_NAMES
    over_phase = OVER
    title = "Ticket to Ride: North America"
    rules_version = 1
    min_players = 2
    max_players = 5
    option_defaults: dict[str, Any] = {"tickets": DEFAULT_WAY}
    option_values: dict[str, tuple[str, ...]] = {"tickets": tuple(WAYS_OF_PLAY)}

    def __init__(self, board: Board | None = None) -> None:
        self.board = board or load_board("pyengine.games.usa", "usa.json")
        b = self.board
        for r in b.routes:
            if r.color not in COLORS and r.color != "gray":
                raise SettingsError(f"route {r.id} has unknown color {r.color!r}")
        self.route_color = [CARD_INDEX[r.color] if r.color != "gray" else -1 for r in b.routes]
        self.route_length = [r.length for r in b.routes]
        self.route_partner = [r.double_partner for r in b.routes]
        self.route_ids = tuple(r.id for r in b.routes)
        self.route_ends = tuple((r.a, r.b) for r in b.routes)
        # Every possible payment is one pre-built action; claim_info maps it back to numbers.
        self.claim_table = ClaimTable(
            [r.id for r in b.routes], self.route_color, self.route_length, CARD_NAMES, LOCO
        )
        self.claim_info = self.claim_table.info
        self.open_routes = OpenRoutes(self.route_partner)
        self.networks = NetworkLabels(len(b.cities), self.route_ends)
        self.second_card_rule = SecondCardRule[UsaState](self, main=MAIN, second_card=SECOND_CARD, wild=LOCO)
        self.draw_action = DrawCard()
        self.take_actions = [
            [TakeCard(s, CARD_NAMES[c]) for c in range(len(CARD_NAMES))] for s in range(MARKET_SIZE)
        ]
        self.tickets_action = DrawTickets()
        self.pass_action = Pass()
        self.keep_cache: dict[tuple[tuple[int, ...], int], list[Action]] = {}
        self.ticket_ids = [t.id for t in b.tickets]
        self.ticket_cities = [t.cities for t in b.tickets]
        # Each way of play's ticket deck, in data order (the classic one is the first 30 tickets).
        self.decks = {name: way_ticket_deck(b, way) for name, way in WAYS_OF_PLAY.items()}

    # ------------------------------------------------------------------ setup
    def new_state(self, settings: Settings) -> UsaState:
        self.check_settings(settings)
        n = settings.players
        s = self.seated(UsaState(), settings)
        s.way = way_of_play(self.option(settings, "tickets"))
        setup = setup_fields(
            settings.setup,
            {"train_deck", "hands", "market", "ticket_deck", "tickets", "trains", "routes", "discard"},
        )
        s.owner = [-1] * len(self.board.routes)
        s.points = [0] * n
        s.trains = [TRAINS_PER_PLAYER] * n
        s.hands = [[0] * len(CARD_NAMES) for _ in range(n)]
        s.tickets = [[] for _ in range(n)]
        s.offered = [[] for _ in range(n)]

        # Cards: those the setup places, then the rest shuffled underneath the listed deck.
        pool = [c for c in range(len(COLORS)) for _ in range(CARDS_PER_COLOR)] + [LOCO] * LOCOMOTIVES
        supply = CardSupply([pool.count(c) for c in range(len(CARD_NAMES))], CARD_INDEX)
        take_cards = supply.take

        hands_given = supply.take_hands(setup.get("hands"), s.hands)
        market_given: list[int] | None = None
        if "market" in setup:  # null marks an empty slot (a market the deck could not fill)
            slots = setup["market"]
            if not isinstance(slots, list) or len(slots) != MARKET_SIZE:
                raise SettingsError(f"setup market must list {MARKET_SIZE} slots")
            market_given = [take_cards([c], "market")[0] if c is not None else -1 for c in slots]
        s.discard = take_cards(setup.get("discard", []), "discard")
        top = take_cards(setup.get("train_deck", []), "train deck")
        rest = supply.rest()
        s.rng.shuffle(rest)
        s.deck = rest + top[::-1]

        routes_given = setup.get("routes") or {}
        if not isinstance(routes_given, dict):
            raise SettingsError("setup routes must map route ids to seats")
        for rid, p in routes_given.items():
            if rid not in self.board.route_index or not is_int(p) or not 0 <= p < n:
                raise SettingsError(f"setup routes: bad entry {excerpt(rid)}: {excerpt(p)}")
            r = self.board.route_index[rid]
            s.owner[r] = p
            s.trains[p] -= self.route_length[r]
            s.points[p] += ROUTE_POINTS[self.route_length[r]]
        if "trains" in setup:
            trains = setup["trains"]
            if (
                not isinstance(trains, list)
                or len(trains) != n
                or not all(is_int(t) and 0 <= t <= TRAINS_PER_PLAYER for t in trains)
            ):
                raise SettingsError(f"setup trains must list {n} numbers from 0 to {TRAINS_PER_PLAYER}")
            s.trains = list(trains)
        s.open = self.open_routes.seat_masks(s.owner, n)

        # Tickets.
        kept_given = setup_tickets(setup.get("tickets"), n, lambda t: self._ticket(t, s.way))
        if kept_given is not None:
            s.tickets = kept_given
        placed = [t for kept in s.tickets for t in kept]
        top_tickets = [
            self._ticket(t, s.way) for t in setup_list(setup.get("ticket_deck", []), "ticket_deck")
        ]
        s.ticket_deck = ticket_deck(self.decks[s.way.name], placed, top_tickets, s.rng)

        if not hands_given:
            for _ in range(HAND_SIZE):
                for p in range(n):
                    c = draw_card(s.deck, s.discard, s.rng)
                    if c >= 0:
                        s.hands[p][c] += 1
        if market_given is not None:
            s.market = market_given
        else:
            s.market = [draw_card(s.deck, s.discard, s.rng) for _ in range(MARKET_SIZE)]
        self._fix_market(s)
        s.market_redeals = 0
        s.current = settings.start_player
        if kept_given is None:
            for p in range(n):
                s.offered[p] = draw_tickets(s.ticket_deck, s.way.start_deal)
            s.phase = SETUP_TICKETS
        else:
            s.phase = MAIN
        return s

    def _ticket(self, tid: Any, way: WayOfPlay) -> int:
        if not isinstance(tid, str) or tid not in self.board.ticket_index:
            raise SettingsError(f"setup names unknown ticket {excerpt(tid)}")
        t = self.board.ticket_index[tid]
        if t not in self.decks[way.name]:
            raise SettingsError(f"setup names ticket {excerpt(tid)}, which is not in the {way.name} deck")
        return t

    # ------------------------------------------------------------------ market
    def _fix_market(self, s: UsaState) -> None:
        """Re-deal the market while it shows 3+ locomotives and a better one is possible."""
        if s.market.count(LOCO) < MARKET_LOCO_LIMIT:
            return  # the usual case, without starting the loop
        for _ in range(MAX_MARKET_REDEALS):
            if s.market.count(LOCO) < MARKET_LOCO_LIMIT:
                return
            pool = len(s.deck) + len(s.discard) + sum(1 for c in s.market if c >= 0)
            locos = s.deck.count(LOCO) + s.discard.count(LOCO) + s.market.count(LOCO)
            if pool - locos < min(MARKET_SIZE, pool) - (MARKET_LOCO_LIMIT - 1):
                return  # [decision] no market without 3 locomotives can come out: leave it
            s.discard.extend(c for c in s.market if c >= 0)
            s.market = [self._draw(s) for _ in range(MARKET_SIZE)]
            s.market_redeals += 1

    def _draw(self, s: UsaState) -> int:
        deck = s.deck
        if deck:
            return deck.pop()  # the usual case; draw_card reshuffles the discard pile
        if s.discard:
            s.reshuffles += 1
        return draw_card(deck, s.discard, s.rng)

    def _refill_market(self, s: UsaState) -> None:
        market = s.market
        if -1 in market:  # an empty slot: only after the deck and the discard pile ran out
            for i, c in enumerate(market):
                if c < 0 and (s.deck or s.discard):
                    market[i] = self._draw(s)
        self._fix_market(s)

    def can_take_second(self, s: UsaState) -> bool:
        return another_card_available(bool(s.deck or s.discard), s.market, LOCO)

    # ------------------------------------------------------------------ legal actions
    def legal_actions(self, s: UsaState) -> list[Action]:
        phase = s.phase
        if phase == MAIN:
            return self._main_actions(s)
        if phase == SECOND_CARD:
            out: list[Action] = []
            if s.deck or s.discard:
                out.append(self.draw_action)
            for i, c in enumerate(s.market):
                if c >= 0 and c != LOCO:
                    out.append(self.take_actions[i][c])
            return out
        if phase in (KEEP_TICKETS, SETUP_TICKETS):
            return self._keep_actions(s)
        return []

    def _keep_actions(self, s: UsaState) -> list[Action]:
        need = s.way.keep_min(s.phase == SETUP_TICKETS)
        return keep_actions(self.keep_cache, self.ticket_ids, s.offered[s.current], need)

    def _main_actions(self, s: UsaState) -> list[Action]:
        return self.main_menu(s).listed()

    def main_menu(self, s: UsaState) -> MainMenu:
        """The main turn's legal actions as a ``MainMenu``: listed only when read in full (for
        playouts, which mostly ask about a few of them). Valid until the state changes."""
        p = s.current
        draws: list[Action] = []
        if s.deck or s.discard:
            draws.append(self.draw_action)
        take = self.take_actions
        for i, c in enumerate(s.market):
            if c >= 0:
                draws.append(take[i][c])
        hand = s.hands[p]
        table = self.claim_table
        payable = table.payable(hand, s.trains[p], s.open[p])
        last: list[Action] = [self.tickets_action] if s.ticket_deck else []
        return MainMenu(table, hand, payable, draws, last, self.pass_action)

    def action_order(self, action: Action) -> tuple[object, ...]:
        """Claims by route index, color, locomotives; ticket keeps by size, then ticket indices."""
        if isinstance(action, ClaimRoute):
            return (action.order, *self.claim_info[action])
        if isinstance(action, KeepTickets):
            return (action.order, len(action.tickets), *(self.board.ticket_index[t] for t in action.tickets))
        return action.sort_key()

    # ------------------------------------------------------------------ applying
    def apply(self, s: UsaState, action: Action) -> Event:
        """Apply a legal action (the caller has checked legality); returns its log event.
        Dispatched on the exact type, the most frequent kinds first (random play and search
        apply millions of actions)."""
        p = s.current
        kind = type(action)
        ev: Event = {"player": p, "turn": s.turn, "kind": action.keyword}
        in_last_round = s.final_turns > 0
        if kind is TakeCard:
            slot = action.slot  # type: ignore[attr-defined]
            c = s.market[slot]
            ev["card"] = CARD_NAMES[c]
            ev["slot"] = slot
            ev["second"] = s.phase == SECOND_CARD
            s.market[slot] = self._draw(s)
            self._fix_market(s)
            self.second_card_rule.card_gained(s, p, c, face_up=True)
        elif kind is ClaimRoute:
            r, c, k = self.claim_info[action]  # type: ignore[index]
            length = self.route_length[r]
            ev["route"] = action.route  # type: ignore[attr-defined]
            ev["cards"] = dict(action.cards)  # type: ignore[attr-defined]
            ev["length"] = length
            ev["points"] = ROUTE_POINTS[length]
            hand = s.hands[p]
            if c != LOCO:
                hand[c] -= length - k
                s.discard.extend([c] * (length - k))
            hand[LOCO] -= k
            s.discard.extend([LOCO] * k)
            s.owner[r] = p
            self.open_routes.claim(s.open, r, p)
            s.trains[p] -= length
            s.points[p] += ROUTE_POINTS[length]
            s.passes = 0
            self.finish_turn(s)
        elif kind is DrawCard:
            ev["second"] = s.phase == SECOND_CARD
            c = self._draw(s)
            ev["private_card"] = CARD_NAMES[c]  # only the drawer sees it (events.redact)
            self.second_card_rule.card_gained(s, p, c, face_up=False)
        elif kind is DrawTickets:
            offer_tickets(s, s.way.draw, ev, KEEP_TICKETS)
            s.passes = 0
        elif kind is KeepTickets:
            setup = s.phase == SETUP_TICKETS
            keep_offered(s, action.tickets, self.board.ticket_index, ev, setup)  # type: ignore[attr-defined]
            if not setup:
                self.finish_turn(s)
            elif next_setup_seat(s):
                s.phase = MAIN
        elif kind is Pass:
            s.passes += 1
            self.finish_turn(s)
        else:
            raise TypeError(f"{kind.__name__} is not an action of the classic game")
        mark_turn_end(ev, s, was_in_last_round=in_last_round, mid_turn_phases=(SECOND_CARD, KEEP_TICKETS))
        return ev

    def finish_turn(self, s: UsaState) -> None:
        self._refill_market(s)
        # Ending a turn with 2 trains or fewer: everyone, this player included, plays once more.
        end_turn(
            s,
            starts_last_round=s.trains[s.current] <= END_TRIGGER_TRAINS,
            last_round_turns=s.players,
            main=MAIN,
            over=OVER,
        )

    # ------------------------------------------------------------------ explanations
    def _can_pay(self, r: int, hand: list[int]) -> bool:
        """Whether ``hand`` pays route r: its length in one color (the route's, if it has one)
        plus locomotives, as _main_actions generates the claims."""
        length, col = self.route_length[r], self.route_color[r]
        return any(hand[c] + hand[LOCO] >= length for c in ((col,) if col >= 0 else range(len(COLORS))))

    def route_needs(self, s: UsaState, route: str, seat: int) -> dict[str, Any] | None:
        unavailable = why_route_unavailable(
            self.board.route_index, s.owner, self.route_partner, route, seat, s.players
        )
        r = self.board.route_index.get(route, -1)
        hand = s.hands[seat]
        col = self.route_color[r]
        return route_needs(
            unavailable=unavailable,
            claimable=unavailable is None
            and self._can_pay(r, hand)
            and s.trains[seat] >= self.route_length[r],
            pieces="trains",
            need_pieces=self.route_length[r],
            have_pieces=s.trains[seat],
            short=None
            if unavailable is not None
            else cards_short(
                lambda h: self._can_pay(r, h),
                hand,
                (col,) if col >= 0 else range(len(COLORS)),
                self.route_length[r],
            ),
            card_names=CARD_NAMES,
        )

    def why_illegal(self, s: UsaState, action: Action) -> str:
        phase = s.phase
        choosing = phase in (SETUP_TICKETS, KEEP_TICKETS)
        common = why_turn_illegal(
            action,
            game="classic game",
            over=phase == OVER,
            keep_need=s.way.keep_min(phase == SETUP_TICKETS) if choosing else None,
            offered={self.board.tickets[t].id for t in s.offered[s.current]},
            second_card=phase == SECOND_CARD,
            market=s.market,
            card_names=CARD_NAMES,
            wild=LOCO,
            empty_deck="the deck and the discard pile are empty",
        )
        if common is not None:
            return common
        if isinstance(action, ClaimRoute):
            return self._why_claim_illegal(s, action)
        return "it is not an action of the classic game"

    def _why_claim_illegal(self, s: UsaState, action: ClaimRoute) -> str:
        p = s.current
        unavailable = why_route_unavailable(
            self.board.route_index, s.owner, self.route_partner, action.route, p, s.players
        )
        if unavailable is not None:
            return unavailable
        r = self.board.route_index[action.route]
        length = self.route_length[r]
        if s.trains[p] < length:
            return f"route {action.route} needs {length} trains and you have {s.trains[p]}"
        counts: dict[str, int] = {}
        for name, n in action.cards:
            if name not in CARD_INDEX:
                return f"unknown card {name!r}"
            counts[name] = counts.get(name, 0) + n
        if sum(counts.values()) != length:
            return f"route {action.route} has length {length}; the payment has {sum(counts.values())} cards"
        colored = [name for name in counts if name != "loco"]
        if len(colored) > 1:
            return "a route is paid with cards of one color (plus locomotives)"
        need_color = self.route_color[r]
        if colored and need_color >= 0 and colored[0] != COLORS[need_color]:
            return f"route {action.route} is {COLORS[need_color]}; it cannot be paid with {colored[0]}"
        for name, n in counts.items():
            if s.hands[p][CARD_INDEX[name]] < n:
                return f"you have {s.hands[p][CARD_INDEX[name]]} {name} card(s), not {n}"
        return "write the payment as in the legal actions, e.g. 'claim DEN-KC-1 3black 1loco'"
