"""The classic game on the North America map (rules: docs/rules-usa.md, from shared/rules/usa.md)."""
from __future__ import annotations

from typing import Any

from ..actions import Action, ClaimRoute, DrawCard, DrawTickets, KeepTickets, Pass, TakeCard
from ..errors import SettingsError
from ..mapdata import Board, load_board
from ..mechanics.cards import draw_card, keep_choices
from ..mechanics.graph import components, longest_trail, longest_trail_edges
from ..rng import Rng
from ..mechanics.explain import why_turn_illegal
from ..mechanics.state import snapshot_slots
from ..boundary import excerpt, is_int, read_only
from .base import Settings, Variant, setup_list

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
TICKETS_DEALT = 3
TICKETS_KEEP_AT_START = 2
TICKETS_DRAWN = 3
TICKETS_KEEP_LATER = 1
END_TRIGGER_TRAINS = 2  # ending a turn with this many trains or fewer starts the final round
ROUTE_POINTS = {1: 1, 2: 2, 3: 4, 4: 7, 5: 10, 6: 15}
LONGEST_PATH_BONUS = 10
DOUBLE_ROUTES_BOTH_USABLE_FROM = 4  # with fewer players only one track of a double route is usable

SETUP_TICKETS, MAIN, SECOND_CARD, KEEP_TICKETS, OVER = range(5)
PHASE_NAMES = ("setup_tickets", "main", "second_card", "keep_tickets", "over")


class UsaState:
    """One classic game in progress. Piles are lists whose end is the top."""

    __slots__ = ("players", "phase", "current", "turn", "deck", "discard", "market", "hands",
                 "trains", "owner", "points", "tickets", "offered", "ticket_deck", "final_turns",
                 "passes", "rng", "market_redeals", "reshuffles", "start_player")

    def __init__(self) -> None:
        self.players = 0
        self.phase = SETUP_TICKETS
        self.current = 0
        self.turn = 0
        self.deck: list[int] = []
        self.discard: list[int] = []
        self.market: list[int] = []
        self.hands: list[list[int]] = []
        self.trains: list[int] = []
        self.owner: list[int] = []
        self.points: list[int] = []
        self.tickets: list[list[int]] = []
        self.offered: list[list[int]] = []
        self.ticket_deck: list[int] = []
        self.final_turns = -1  # turns left once the final round has been triggered
        self.passes = 0  # consecutive passes
        self.rng = Rng(0)
        self.market_redeals = 0  # total market re-deals (the log reports new ones)
        self.reshuffles = 0
        self.start_player = 0

    def clone(self) -> "UsaState":
        c = UsaState.__new__(UsaState)
        c.players = self.players
        c.phase = self.phase
        c.current = self.current
        c.turn = self.turn
        c.deck = self.deck[:]
        c.discard = self.discard[:]
        c.market = self.market[:]
        c.hands = [h[:] for h in self.hands]
        c.trains = self.trains[:]
        c.owner = self.owner[:]
        c.points = self.points[:]
        c.tickets = [t[:] for t in self.tickets]
        c.offered = [o[:] for o in self.offered]
        c.ticket_deck = self.ticket_deck[:]
        c.final_turns = self.final_turns
        c.passes = self.passes
        c.rng = self.rng.copy()
        c.market_redeals = self.market_redeals
        c.reshuffles = self.reshuffles
        c.start_player = self.start_player
        return c

    def snapshot(self) -> tuple[Any, ...]:
        """Everything that defines the state, as a comparable value (for replay tests)."""
        return snapshot_slots(self)


class UsaVariant(Variant[UsaState]):
    """Ticket to Ride, North America."""

    name = "usa"
    title = "Ticket to Ride: North America"
    rules_version = 1
    min_players = 2
    max_players = 5
    option_defaults: dict[str, Any] = {}

    def __init__(self, board: Board | None = None) -> None:
        self.board = board or load_board("usa.json")
        b = self.board
        for r in b.routes:
            if r.color not in COLORS and r.color != "gray":
                raise SettingsError(f"route {r.id} has unknown color {r.color!r}")
        self.route_color = [CARD_INDEX[r.color] if r.color != "gray" else -1 for r in b.routes]
        self.route_length = [r.length for r in b.routes]
        self.route_partner = [r.double_partner for r in b.routes]
        # Every possible payment is one pre-built action; claim_info maps it back to numbers.
        self.claims: list[list[list[ClaimRoute | None]]] = []
        self.claim_loco: list[ClaimRoute] = []
        self.claim_info: dict[ClaimRoute, tuple[int, int, int]] = {}
        for r in b.routes:
            per_color: list[list[ClaimRoute | None]] = []
            for c in range(len(COLORS)):
                row: list[ClaimRoute | None] = []
                for k in range(r.length):
                    if self.route_color[r.index] in (-1, c):
                        cards = ((COLORS[c], r.length - k),) + ((("loco", k),) if k else ())
                        act = ClaimRoute(r.id, cards, (r.index, c, k))
                        self.claim_info[act] = (r.index, c, k)
                        row.append(act)
                    else:
                        row.append(None)
                per_color.append(row)
            self.claims.append(per_color)
            loco = ClaimRoute(r.id, (("loco", r.length),), (r.index, LOCO, r.length))
            self.claim_info[loco] = (r.index, LOCO, r.length)
            self.claim_loco.append(loco)
        self.draw_action = DrawCard()
        self.take_actions = [[TakeCard(s, CARD_NAMES[c]) for c in range(len(CARD_NAMES))]
                             for s in range(MARKET_SIZE)]
        self.tickets_action = DrawTickets()
        self.pass_action = Pass()
        self.keep_cache: dict[tuple[tuple[int, ...], int], list[Action]] = {}
        self.ticket_cities = [t.cities for t in b.tickets]
        self._board_view: dict[str, Any] | None = None

    # ------------------------------------------------------------------ setup
    def new_state(self, settings: Settings) -> UsaState:
        self.check_settings(settings)
        n = settings.players
        s = UsaState()
        s.players = n
        s.rng = Rng(settings.seed)
        s.start_player = settings.start_player
        setup = settings.setup or {}
        if not isinstance(setup, dict):
            raise SettingsError("an explicit setup must be an object")
        unknown = set(setup) - {"train_deck", "hands", "market", "ticket_deck", "tickets",
                                "trains", "routes", "discard"}
        if unknown:
            raise SettingsError(f"unknown setup field(s): {', '.join(sorted(unknown))}")
        s.owner = [-1] * len(self.board.routes)
        s.points = [0] * n
        s.trains = [TRAINS_PER_PLAYER] * n
        s.hands = [[0] * len(CARD_NAMES) for _ in range(n)]
        s.tickets = [[] for _ in range(n)]
        s.offered = [[] for _ in range(n)]

        # Cards: those the setup places, then the rest shuffled underneath the listed deck.
        pool = [c for c in range(len(COLORS)) for _ in range(CARDS_PER_COLOR)] + [LOCO] * LOCOMOTIVES
        remaining = [pool.count(c) for c in range(len(CARD_NAMES))]

        def take_cards(names: Any, what: str) -> list[int]:
            if not isinstance(names, list):
                raise SettingsError(f"setup {what} must be a list of card names")
            out = []
            for name in names:
                if not isinstance(name, str) or name not in CARD_INDEX:
                    raise SettingsError(f"setup {what}: unknown card {name!r}")
                c = CARD_INDEX[name]
                if remaining[c] == 0:
                    raise SettingsError(f"setup {what}: more {name} cards than the game has")
                remaining[c] -= 1
                out.append(c)
            return out

        hands_given = setup.get("hands")
        if hands_given is not None:
            if not isinstance(hands_given, list) or len(hands_given) != n:
                raise SettingsError(f"setup hands must list {n} hands")
            for p, h in enumerate(hands_given):
                for c in take_cards(h, f"hand {p}"):
                    s.hands[p][c] += 1
        market_given: list[int] | None = None
        if "market" in setup:  # null marks an empty slot (a market the deck could not fill)
            slots = setup["market"]
            if not isinstance(slots, list) or len(slots) != MARKET_SIZE:
                raise SettingsError(f"setup market must list {MARKET_SIZE} slots")
            market_given = [take_cards([c], "market")[0] if c is not None else -1 for c in slots]
        s.discard = take_cards(setup.get("discard", []), "discard")
        top = take_cards(setup.get("train_deck", []), "train deck")
        rest = [c for c in range(len(CARD_NAMES)) for _ in range(remaining[c])]
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
            if not isinstance(trains, list) or len(trains) != n or not all(
                    is_int(t) and 0 <= t <= TRAINS_PER_PLAYER for t in trains):
                raise SettingsError(f"setup trains must list {n} numbers from 0 to {TRAINS_PER_PLAYER}")
            s.trains = list(trains)

        # Tickets.
        tickets_all = list(range(len(self.board.tickets)))
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
        rest_t = [t for t in tickets_all if t not in set(placed)]
        s.rng.shuffle(rest_t)
        s.ticket_deck = rest_t + top_tickets[::-1]

        if hands_given is None:
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
                s.offered[p] = [s.ticket_deck.pop() for _ in range(min(TICKETS_DEALT, len(s.ticket_deck)))]
            s.phase = SETUP_TICKETS
        else:
            s.phase = MAIN
        return s

    def _ticket(self, tid: Any) -> int:
        if not isinstance(tid, str) or tid not in self.board.ticket_index:
            raise SettingsError(f"setup names unknown ticket {excerpt(tid)}")
        return self.board.ticket_index[tid]

    # ------------------------------------------------------------------ market
    def _fix_market(self, s: UsaState) -> None:
        """Re-deal the market while it shows 3+ locomotives and a better one is possible."""
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
        if not s.deck and s.discard:
            s.reshuffles += 1
        return draw_card(s.deck, s.discard, s.rng)

    def _refill_market(self, s: UsaState) -> None:
        for i, c in enumerate(s.market):
            if c < 0 and (s.deck or s.discard):
                s.market[i] = self._draw(s)
        self._fix_market(s)

    def _can_take_second(self, s: UsaState) -> bool:
        if s.deck or s.discard:
            return True
        return any(c >= 0 and c != LOCO for c in s.market)

    # ------------------------------------------------------------------ legal actions
    def current_player(self, state: UsaState) -> int:
        return state.current

    def phase(self, state: UsaState) -> str:
        return PHASE_NAMES[state.phase]

    def is_over(self, state: UsaState) -> bool:
        return state.phase == OVER

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

    def _main_actions(self, s: UsaState) -> list[Action]:
        p = s.current
        out: list[Action] = []
        if s.deck or s.discard:
            out.append(self.draw_action)
        take = self.take_actions
        for i, c in enumerate(s.market):
            if c >= 0:
                out.append(take[i][c])
        hand = s.hands[p]
        locos = hand[LOCO]
        trains = s.trains[p]
        owner = s.owner
        partner = self.route_partner
        few_players = s.players < DOUBLE_ROUTES_BOTH_USABLE_FROM
        colors = self.route_color
        lengths = self.route_length
        claims = self.claims
        claim_loco = self.claim_loco
        ncolors = len(COLORS)
        for r in range(len(owner)):
            if owner[r] >= 0:
                continue
            length = lengths[r]
            if length > trains:
                continue
            q = partner[r]
            if q >= 0 and owner[q] >= 0 and (few_players or owner[q] == p):
                continue
            col = colors[r]
            if col >= 0:
                have = hand[col]
                if have + locos < length:
                    continue
                row = claims[r][col]
                k0 = length - have if have < length else 0
                k1 = locos if locos < length else length - 1
                for k in range(k0, k1 + 1):
                    out.append(row[k])  # type: ignore[arg-type]
            else:
                per = claims[r]
                for c in range(ncolors):
                    have = hand[c]
                    if have == 0 or have + locos < length:
                        continue
                    row = per[c]
                    k0 = length - have if have < length else 0
                    k1 = locos if locos < length else length - 1
                    for k in range(k0, k1 + 1):
                        out.append(row[k])  # type: ignore[arg-type]
            if locos >= length:
                out.append(claim_loco[r])
        if s.ticket_deck:
            out.append(self.tickets_action)
        if not out:
            out.append(self.pass_action)
        return out

    # ------------------------------------------------------------------ applying
    def apply(self, s: UsaState, action: Action) -> None:
        """Apply a legal action (the caller has checked legality)."""
        p = s.current
        kind = type(action)
        if kind is ClaimRoute:
            r, c, k = self.claim_info[action]  # type: ignore[index]
            length = self.route_length[r]
            hand = s.hands[p]
            if c != LOCO:
                hand[c] -= length - k
                s.discard.extend([c] * (length - k))
            hand[LOCO] -= k
            s.discard.extend([LOCO] * k)
            s.owner[r] = p
            s.trains[p] -= length
            s.points[p] += ROUTE_POINTS[length]
            s.passes = 0
            self._end_turn(s)
        elif kind is DrawCard:
            c = self._draw(s)
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
            s.market[slot] = self._draw(s)
            self._fix_market(s)
            s.passes = 0
            if s.phase == MAIN and c != LOCO and self._can_take_second(s):
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
            # Returned tickets go under the deck (index 0 is the bottom).
            s.ticket_deck[0:0] = returned[::-1]
            if s.phase == SETUP_TICKETS:
                nxt = (p + 1) % s.players
                if nxt == s.start_player:
                    s.phase = MAIN
                s.current = nxt
            else:
                self._end_turn(s)
        elif kind is Pass:
            s.passes += 1
            self._end_turn(s)
        else:
            raise TypeError(f"{type(action).__name__} is not an action of the classic game")

    def _end_turn(self, s: UsaState) -> None:
        self._refill_market(s)
        s.turn += 1
        if s.final_turns > 0:
            s.final_turns -= 1
            if s.final_turns == 0:
                s.phase = OVER
                return
        elif s.trains[s.current] <= END_TRIGGER_TRAINS:
            s.final_turns = s.players  # everyone, this player included, gets one more turn
        if s.passes >= s.players:
            s.phase = OVER  # [decision] every player passed in a row
            return
        s.phase = MAIN
        s.current = (s.current + 1) % s.players

    # ------------------------------------------------------------------ explanations
    def why_illegal(self, s: UsaState, action: Action) -> str:
        phase = s.phase
        choosing = phase in (SETUP_TICKETS, KEEP_TICKETS)
        wild = (isinstance(action, TakeCard) and 0 <= action.slot < MARKET_SIZE
                and s.market[action.slot] == LOCO)
        common = why_turn_illegal(
            action, game="classic game", over=phase == OVER,
            keep_need=(TICKETS_KEEP_AT_START if phase == SETUP_TICKETS else TICKETS_KEEP_LATER)
            if choosing else None,
            offered={self.board.tickets[t].id for t in s.offered[s.current]},
            second_card=phase == SECOND_CARD,
            market_names=[CARD_NAMES[c] if c >= 0 else None for c in s.market],
            wild_at_slot=wild,
            empty_deck="the deck and the discard pile are empty")
        if common is not None:
            return common
        if isinstance(action, ClaimRoute):
            return self._why_claim_illegal(s, action)
        return "it is not an action of the classic game"

    def _why_claim_illegal(self, s: UsaState, action: ClaimRoute) -> str:
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

    # ------------------------------------------------------------------ views
    def ticket_done(self, s: UsaState, p: int, labels: list[int] | None = None) -> list[bool]:
        if labels is None:
            labels = self._labels(s, p)
        return [labels[self.ticket_cities[t][0]] == labels[self.ticket_cities[t][1]] for t in s.tickets[p]]

    def _labels(self, s: UsaState, p: int) -> list[int]:
        routes = self.board.routes
        return components(len(self.board.cities),
                          ((routes[r].a, routes[r].b) for r, o in enumerate(s.owner) if o == p))

    def network_edges(self, s: UsaState, p: int) -> list[tuple[int, int, int]]:
        routes = self.board.routes
        return [(routes[r].a, routes[r].b, routes[r].length) for r, o in enumerate(s.owner) if o == p]

    def _ticket_json(self, t: int, done: bool | None = None) -> dict[str, Any]:
        tk = self.board.tickets[t]
        cities = self.board.cities
        out: dict[str, Any] = {"id": tk.id, "cities": [cities[c].id for c in tk.cities],
                               "points": tk.points}
        if done is not None:
            out["completed"] = done
        return out

    def view(self, s: UsaState, player: int | None) -> dict[str, Any]:
        routes = self.board.routes
        v: dict[str, Any] = {
            "variant": self.name,
            "phase": PHASE_NAMES[s.phase],
            "turn": s.turn,
            "current": s.current,
            "you": player,
            "market": [CARD_NAMES[c] if c >= 0 else None for c in s.market],
            "deck": len(s.deck),
            "discard": len(s.discard),
            "ticket_deck": len(s.ticket_deck),
            "routes": {routes[r].id: o for r, o in enumerate(s.owner) if o >= 0},
            "final_round": s.final_turns > 0,
            "final_turns_left": max(s.final_turns, 0),
            "players": [{
                "seat": p,
                "score": s.points[p],
                "trains": s.trains[p],
                "hand": sum(s.hands[p]),
                "tickets": len(s.tickets[p]),
                "choosing_tickets": bool(s.offered[p]),
            } for p in range(s.players)],
        }
        if player is not None and 0 <= player < s.players:
            done = self.ticket_done(s, player)
            need = TICKETS_KEEP_AT_START if s.phase == SETUP_TICKETS else TICKETS_KEEP_LATER
            v["me"] = {
                "hand": {CARD_NAMES[c]: n for c, n in enumerate(s.hands[player]) if n},
                "tickets": [self._ticket_json(t, d) for t, d in zip(s.tickets[player], done)],
                "offered": [self._ticket_json(t) for t in sorted(s.offered[player])],
                "min_keep": min(need, len(s.offered[player])),
            }
        if s.phase == OVER:
            v["scores"] = self.scores(s)
        return v

    def describe(self, s: UsaState, action: Action) -> dict[str, Any]:
        p = s.current
        ev: dict[str, Any] = {"player": p, "turn": s.turn, "kind": type(action).keyword}
        if isinstance(action, TakeCard):
            ev["card"] = CARD_NAMES[s.market[action.slot]]
            ev["slot"] = action.slot
            ev["second"] = s.phase == SECOND_CARD
        elif isinstance(action, DrawCard):
            ev["second"] = s.phase == SECOND_CARD
            # The card the player will draw: only they see it (Game hides private_* fields).
            deck, discard, rng = s.deck, s.discard[:], s.rng.copy()
            card = draw_card(deck[:], discard, rng) if deck or discard else -1
            if card >= 0:
                ev["private_card"] = CARD_NAMES[card]
        elif isinstance(action, ClaimRoute):
            r = self.board.route_index[action.route]
            ev.update(route=action.route, cards={n: k for n, k in action.cards},
                      length=self.route_length[r], points=ROUTE_POINTS[self.route_length[r]])
        elif isinstance(action, DrawTickets):
            ev["count"] = min(TICKETS_DRAWN, len(s.ticket_deck))
        elif isinstance(action, KeepTickets):
            ev["count"] = len(action.tickets)
            ev["offered"] = len(s.offered[p])
            ev["setup"] = s.phase == SETUP_TICKETS
        return ev

    def scores(self, s: UsaState) -> list[dict[str, Any]]:
        out: list[dict[str, Any]] = []
        routes = self.board.routes
        for p in range(s.players):
            labels = self._labels(s, p)
            done = self.ticket_done(s, p, labels)
            owned = [r for r, o in enumerate(s.owner) if o == p]
            route_points = sum(ROUTE_POINTS[routes[r].length] for r in owned)
            won = sum(self.board.tickets[t].points for t, d in zip(s.tickets[p], done) if d)
            lost = sum(self.board.tickets[t].points for t, d in zip(s.tickets[p], done) if not d)
            edges = self.network_edges(s, p)
            out.append({
                "seat": p,
                "routes": route_points,
                "routes_claimed": len(owned),
                "tickets": [self._ticket_json(t, d) for t, d in zip(s.tickets[p], done)],
                "tickets_won": won,
                "tickets_lost": lost,
                "completed": sum(done),
                "longest_path": longest_trail(edges),
                "longest_path_routes": [routes[owned[i]].id for i in longest_trail_edges(edges)],
            })
        best = max(sc["longest_path"] for sc in out)
        for sc in out:
            sc["longest_bonus"] = LONGEST_PATH_BONUS if best > 0 and sc["longest_path"] == best else 0
            sc["total"] = sc["routes"] + sc["tickets_won"] - sc["tickets_lost"] + sc["longest_bonus"]
        rank_key = [(sc["total"], sc["completed"], sc["longest_path"]) for sc in out]
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
        return {
            "variant": self.name,
            "title": self.title,
            "name": b.name,
            "width": b.width,
            "height": b.height,
            "cities": [{"id": c.id, "name": c.name, "x": c.x, "y": c.y} for c in b.cities],
            "routes": [{"id": r.id, "a": b.cities[r.a].id, "b": b.cities[r.b].id, "length": r.length,
                        "color": r.color, "double": b.routes[r.double_partner].id if r.double_partner >= 0 else None}
                       for r in b.routes],
            "tickets": [self._ticket_json(t.index) for t in b.tickets],
            "cards": list(CARD_NAMES),
            "wild": "loco",
            "route_points": ROUTE_POINTS,
            "trains": TRAINS_PER_PLAYER,
            "min_players": self.min_players,
            "max_players": self.max_players,
        }

    def check_invariants(self, s: UsaState) -> None:
        counts = [0] * len(CARD_NAMES)
        for pile in (s.deck, s.discard, [c for c in s.market if c >= 0]):
            for c in pile:
                counts[c] += 1
        for h in s.hands:
            assert min(h) >= 0, "negative card count in a hand"
            for c, n in enumerate(h):
                counts[c] += n
        expected = [CARDS_PER_COLOR] * len(COLORS) + [LOCOMOTIVES]
        assert counts == expected, f"train cards not conserved: {counts} != {expected}"
        held = [t for ts in s.tickets for t in ts] + [t for o in s.offered for t in o] + s.ticket_deck
        assert sorted(held) == list(range(len(self.board.tickets))), "tickets not conserved"
        on_board = [0] * s.players
        for r, o in enumerate(s.owner):
            if o >= 0:
                on_board[o] += self.route_length[r]
        for p in range(s.players):
            assert 0 <= s.trains[p] and s.trains[p] + on_board[p] <= TRAINS_PER_PLAYER, \
                (f"seat {p} has more trains on the board and in stock ({on_board[p]} + {s.trains[p]}) "
                 f"than the {TRAINS_PER_PLAYER} a player has")
            assert s.points[p] == sum(ROUTE_POINTS[self.route_length[r]]
                                      for r, o in enumerate(s.owner) if o == p), "route points differ"
        for r, q in enumerate(self.route_partner):
            if q >= 0 and s.owner[r] >= 0 and s.owner[q] >= 0:
                assert s.players >= DOUBLE_ROUTES_BOTH_USABLE_FROM, \
                    f"both tracks of a double route are claimed with fewer than {DOUBLE_ROUTES_BOTH_USABLE_FROM} players"
                assert s.owner[r] != s.owner[q], "one player owns both tracks of a double route"
