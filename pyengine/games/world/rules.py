"""Rails & Sails on the world map (rules: shared/rules/world.md; notation: docs/rules-world.md):
setup, the legal actions and applying them. The cards and the state are in ``state.py``, payments
in ``payments.py``, explanations in ``explain.py``, views and scores in ``view.py``.

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

from ...actions import Action, ClaimRoute, DrawCard, DrawTickets, KeepTickets, Pass, TakeCard
from ...boundary import excerpt, is_int
from ...errors import SettingsError
from ...events import Event
from ...mechanics.mapdata import Board
from ...mechanics.setup import CardSupply, setup_fields, setup_list, setup_tickets, ticket_deck
from ...mechanics.tickets import draw_tickets, keep_actions, keep_offered, offer_tickets
from ...mechanics.turns import SecondCardRule, end_turn, mark_turn_end, next_setup_seat
from ..base import Settings
from .actions import BuildHarbor, ChoosePieces, ExchangePieces
from .payments import WorldPayments
from .state import (
    CARD_COUNTS,
    CARD_INDEX,
    CARD_NAMES,
    DEAL_SHIP_CARDS,
    DEAL_TRAIN_CARDS,
    DECK_NAMES,
    DECK_OF,
    END_TRIGGER_PIECES,
    EXCHANGE_PENALTY,
    FINAL_TURNS_EACH,
    HARBORS_PER_PLAYER,
    JOKER,
    JOKER_RESET,
    KEEP_TICKETS,
    MAIN,
    MARKET_SIZE,
    MARKET_TRAIN_SLOTS,
    MAX_SHIPS,
    MAX_TRAINS,
    NCARDS,
    NCOLORS,
    OVER,
    ROUTE_POINTS,
    SECOND_CARD,
    SETUP_PIECES,
    SETUP_TICKETS,
    SHIP_DECK,
    TICKETS_DEALT,
    TICKETS_DRAWN,
    TICKETS_KEEP_AT_START,
    TICKETS_KEEP_LATER,
    TRAIN,
    TRAIN_DECK,
    TRAIN_H,
    WorldState,
    payment_order,
)


class WorldRules(WorldPayments):
    """Setup, legal actions and their effect."""

    def __init__(self, board: Board | None = None) -> None:
        super().__init__(board)
        self.second_card_rule = SecondCardRule[WorldState](
            self, main=MAIN, second_card=SECOND_CARD, wild=JOKER
        )

    # ------------------------------------------------------------------ setup
    def new_state(self, settings: Settings) -> WorldState:
        self.check_settings(settings)
        reset = self.option(settings, "joker_reset")
        if reset not in JOKER_RESET:
            raise SettingsError(f"option joker_reset must be one of {', '.join(JOKER_RESET)}, not {reset!r}")
        n = settings.players
        b = self.board
        s = self.seated(WorldState(), settings)
        s.joker_limit = JOKER_RESET[reset]
        setup = setup_fields(
            settings.setup,
            {
                "train_deck",
                "ship_deck",
                "train_discard",
                "ship_discard",
                "hands",
                "market",
                "ticket_deck",
                "tickets",
                "pieces",
                "routes",
                "harbors",
            },
        )
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

        supply = CardSupply(
            CARD_COUNTS,
            CARD_INDEX,
            " (cards are named like 'red-train', 'red-train-h', 'red-ship', 'red-double', 'joker')",
        )
        take_cards = supply.take
        remaining = supply.remaining

        def one_deck(cards: list[int], deck: int, what: str) -> list[int]:
            for c in cards:
                if DECK_OF[c] != deck:
                    raise SettingsError(f"setup {what}: {CARD_NAMES[c]} is not a {DECK_NAMES[deck]} card")
            return cards

        hands_given = supply.take_hands(setup.get("hands"), s.hands)
        market_given = take_cards(setup["market"], "market", True) if "market" in setup else None
        if market_given is not None and len(market_given) != MARKET_SIZE:
            raise SettingsError(f"setup market must have {MARKET_SIZE} cards (null for an empty slot)")
        s.train_discard = one_deck(
            take_cards(setup.get("train_discard", []), "train discard"), TRAIN_DECK, "train discard"
        )
        s.ship_discard = one_deck(
            take_cards(setup.get("ship_discard", []), "ship discard"), SHIP_DECK, "ship discard"
        )
        top_train = one_deck(take_cards(setup.get("train_deck", []), "train deck"), TRAIN_DECK, "train deck")
        top_ship = one_deck(take_cards(setup.get("ship_deck", []), "ship deck"), SHIP_DECK, "ship deck")
        rest_train = [c for c in range(NCARDS) if DECK_OF[c] == TRAIN_DECK for _ in range(remaining[c])]
        rest_ship = [c for c in range(NCARDS) if DECK_OF[c] == SHIP_DECK for _ in range(remaining[c])]
        s.rng.shuffle(rest_train)
        s.rng.shuffle(rest_ship)
        s.train_deck = rest_train + top_train[::-1]
        s.ship_deck = rest_ship + top_ship[::-1]

        # Tickets.
        kept_given = setup_tickets(setup.get("tickets"), n, self._ticket)
        if kept_given is not None:
            s.tickets = kept_given
        placed = [t for kept in s.tickets for t in kept]
        top_tickets = [self._ticket(t) for t in setup_list(setup.get("ticket_deck", []), "ticket_deck")]
        s.ticket_deck = ticket_deck(range(len(b.tickets)), placed, top_tickets, s.rng)

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
                if (
                    not isinstance(pair, list)
                    or len(pair) != 2
                    or not all(is_int(x) and x >= 0 for x in pair)
                ):
                    raise SettingsError(f"setup pieces {p}: expected [trains, ships]")
                t, sh = pair
                if t + board_trains[p] > MAX_TRAINS or sh + board_ships[p] > MAX_SHIPS:
                    raise SettingsError(
                        f"setup pieces {p}: more than {MAX_TRAINS} trains or "
                        f"{MAX_SHIPS} ships with those on the board"
                    )
                s.trains[p], s.ships[p] = t, sh
                s.box_trains[p] = MAX_TRAINS - t - board_trains[p]
                s.box_ships[p] = MAX_SHIPS - sh - board_ships[p]
                s.chosen[p] = True
        elif routes_given:
            raise SettingsError("setup routes need setup pieces (the supply after those routes)")

        if not hands_given:
            for p in range(n):
                for _ in range(DEAL_TRAIN_CARDS):
                    s.hands[p][self._draw(s, TRAIN_DECK)] += 1
                for _ in range(DEAL_SHIP_CARDS):
                    s.hands[p][self._draw(s, SHIP_DECK)] += 1
        if market_given is not None:
            s.market = market_given
        else:
            s.market = [self._draw(s, TRAIN_DECK) for _ in range(MARKET_TRAIN_SLOTS)] + [
                self._draw(s, SHIP_DECK) for _ in range(MARKET_SIZE - MARKET_TRAIN_SLOTS)
            ]
        self._fix_market(s)
        s.market_resets = 0
        s.reshuffles = 0
        s.current = settings.start_player
        if kept_given is None:
            for p in range(n):
                s.offered[p] = draw_tickets(s.ticket_deck, TICKETS_DEALT)
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
        need = TICKETS_KEEP_AT_START if s.phase == SETUP_TICKETS else TICKETS_KEEP_LATER
        return keep_actions(self.keep_cache, self.ticket_ids, s.offered[s.current], need)

    def _main_actions(self, s: WorldState) -> list[Action]:
        if len(self.pay_lists) > 100000:  # bound the caches in very long sessions
            self.pay_ids.clear()
            self.pay_lists.clear()
            self.claim_cache.clear()
            self.class_pay_cache.clear()
            self.harbor_pay_cache.clear()
            for acts in self.route_acts + self.harbor_acts:
                acts.clear()
        p = s.current
        out = self._card_actions(s, False)
        hand = s.hands[p]
        trains = s.trains[p]
        ships = s.ships[p]
        owner = s.owner
        board = self.open_routes.position(owner)
        lengths = self.route_length
        rough = self.route_rough
        route_class = self.route_class
        class_pays: dict[int, int] = {}  # route class -> interned payments (-1: none)
        route_actions = self._route_actions
        routes = self.reach.candidates(hand, trains, ships) & board.open_to(p, s.players)
        while routes:  # ascending route index
            low = routes & -routes
            r = low.bit_length() - 1
            routes ^= low
            if rough[r] and lengths[r] + rough[r] > self._train_cards(hand):
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
            mine = board.routes_by_seat.get(p, 0)
            harbor_pid: int | None = None  # worked out for the first eligible port
            for city in self.ports:
                if s.harbor_owner[city] >= 0 or not self.routes_at_mask[city] & mine:
                    continue
                if harbor_pid is None:
                    harbor_pid = self._harbor_pay_id(hand)
                if harbor_pid < 0:
                    break
                out.extend(self._harbor_actions(city, harbor_pid))
        out.extend(self.exchange_lists["ships"][: min(s.box_ships[p], trains)])
        out.extend(self.exchange_lists["trains"][: min(s.box_trains[p], ships)])
        if not out:
            out.append(self.pass_action)
        return out

    @staticmethod
    def _train_cards(hand: list[int]) -> int:
        """Train cards and jokers in a hand (a rough route needs one more card per rough space)."""
        return hand[JOKER] + sum(hand[4 * c + TRAIN] + hand[4 * c + TRAIN_H] for c in range(NCOLORS))

    def action_order(self, action: Action) -> tuple[object, ...]:
        """Claims by route index, harbors by city index, then the payment (``payment_order``);
        ticket keeps by size, then ticket indices."""
        if isinstance(action, (ClaimRoute, BuildHarbor)):
            where = (
                self.board.route_index[action.route]
                if isinstance(action, ClaimRoute)
                else self.board.city_index[action.city]
            )
            pay = tuple(sorted((CARD_INDEX[c], n) for c, n in action.cards))
            return (action.order, where, *payment_order(pay))
        if isinstance(action, KeepTickets):
            return (action.order, len(action.tickets), *(self.board.ticket_index[t] for t in action.tickets))
        return action.sort_key()

    # ------------------------------------------------------------------ applying
    @staticmethod
    def _payment(action: ClaimRoute | BuildHarbor) -> list[tuple[int, int]]:
        return [(CARD_INDEX[name], n) for name, n in action.cards]

    def apply(self, s: WorldState, action: Action) -> Event:
        """Apply a legal action (the caller has checked legality); returns its log event."""
        p = s.current
        ev: Event = {"player": p, "turn": s.turn, "kind": action.keyword}
        in_last_round = s.final_turns > 0
        match action:
            case ClaimRoute():
                r = self.board.route_index[action.route]
                length = self.route_length[r]
                ev.update(
                    {
                        "route": action.route,
                        "cards": dict(action.cards),
                        "route_kind": "ship" if self.route_ship[r] else "train",
                        "length": length,
                        "points": ROUTE_POINTS[length],
                    }
                )
                hand = s.hands[p]
                for c, n in self._payment(action):
                    hand[c] -= n
                    self._discard(s, c, n)
                s.owner[r] = p
                if self.route_ship[r]:
                    s.ships[p] -= length
                else:
                    s.trains[p] -= length
                s.points[p] += ROUTE_POINTS[length]
                s.passes = 0
                self.finish_turn(s)
            case DrawCard(deck=deck):
                ev.update({"deck": deck, "second": s.phase == SECOND_CARD})
                c = self._draw(s, DECK_NAMES.index(deck))
                ev["private_card"] = CARD_NAMES[c]  # only the drawer sees it (events.redact)
                self.second_card_rule.card_gained(s, p, c, face_up=False)
            case TakeCard(slot=slot, refill=refill):
                c = s.market[slot]
                ev.update(
                    {
                        "card": CARD_NAMES[c],
                        "slot": slot,
                        "refill": refill or None,
                        "second": s.phase == SECOND_CARD,
                    }
                )
                s.market[slot] = self._draw(s, DECK_NAMES.index(refill)) if refill else -1
                self._fix_market(s)
                self.second_card_rule.card_gained(s, p, c, face_up=True)
            case DrawTickets():
                offer_tickets(s, TICKETS_DRAWN, ev, KEEP_TICKETS)
                s.passes = 0
            case KeepTickets(tickets=tickets):
                keep_offered(s, tickets, self.board.ticket_index, ev, s.phase == SETUP_TICKETS)
                if s.phase == SETUP_TICKETS:
                    if next_setup_seat(s):
                        s.phase = MAIN if all(s.chosen) else SETUP_PIECES
                else:
                    self.finish_turn(s)
            case BuildHarbor():
                ev.update({"city": action.city, "cards": dict(action.cards)})
                city = self.board.city_index[action.city]
                hand = s.hands[p]
                for c, n in self._payment(action):
                    hand[c] -= n
                    self._discard(s, c, n)
                s.harbor_owner[city] = p
                s.harbors_left[p] -= 1
                s.passes = 0
                self.finish_turn(s)
            case ExchangePieces(want=want, count=n):
                if want == "trains":
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
                ev.update(
                    {
                        "want": want,
                        "count": n,
                        "penalty": -EXCHANGE_PENALTY * n,
                        "pieces": {"trains": s.trains[p], "ships": s.ships[p]},
                    }
                )
                self.finish_turn(s)
            case ChoosePieces(trains=t, ships=sh):
                # The mix stays hidden from the others until all have chosen (the log hides the text).
                ev.update({"secret": True, "private_pieces": {"trains": t, "ships": sh}})
                s.trains[p], s.ships[p] = t, sh
                s.box_trains[p] = MAX_TRAINS - t
                s.box_ships[p] = MAX_SHIPS - sh
                s.chosen[p] = True
                if next_setup_seat(s):
                    s.phase = MAIN
            case Pass():
                s.passes += 1
                self.finish_turn(s)
            case _:
                raise TypeError(f"{type(action).__name__} is not an action of Rails & Sails")
        mark_turn_end(ev, s, was_in_last_round=in_last_round, mid_turn_phases=(SECOND_CARD, KEEP_TICKETS))
        return ev

    def finish_turn(self, s: WorldState) -> None:
        self._refill_market(s)
        # Ending a turn with 6 pieces or fewer: everyone, this player too, plays twice more.
        p = s.current
        end_turn(
            s,
            starts_last_round=s.trains[p] + s.ships[p] <= END_TRIGGER_PIECES,
            last_round_turns=FINAL_TURNS_EACH * s.players,
            main=MAIN,
            over=OVER,
        )
