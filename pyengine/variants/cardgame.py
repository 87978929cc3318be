"""Ticket to Ride: The Card Game (rules: docs/rules-cardgame.md, from shared/rules/cardgame.md).

Zones per player: a secret hand, a face-up rail yard (at most one row per color, locomotives on
top), a face-down on-the-way pile and secret tickets. A turn has an automatic phase 1 (the top
card of every rail-yard row moves to the on-the-way pile; done inside ``apply`` as the turn
starts, so the state between turns is already the state the next player acts in) and one
phase-2 action: draw cards, play cards to the rail yard, or draw tickets. When the deck runs out
everyone gets one more turn; then every player completes tickets from the on-the-way pile (an
exact search picks the best set, see ``best_completion``). With 4 players a second half follows.
"""
from __future__ import annotations

from itertools import combinations
from typing import Any, Sequence

from ..actions import Action, DrawCard, DrawTickets, KeepTickets, Pass, TakeCard
from ..cardgame_actions import CARD_ORDER, PlayCards
from ..cardgame_data import CardData, CardTicket, load_card_data
from ..errors import DataError, SettingsError
from ..mechanics.cards import keep_choices
from ..rng import Rng
from ..mechanics.explain import why_turn_illegal
from ..mechanics.state import snapshot_slots
from ..boundary import excerpt, read_only
from .base import Settings, Variant, setup_list

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
SETUP_FIELDS = {"hands", "market", "deck", "deck_top", "discard", "yards", "piles", "tickets",
                "ticket_deck", "completed"}


class CardGameState:
    """One card game in progress. Piles of cards are lists whose end is the top; hands and
    on-the-way piles are counts per card kind; a rail-yard row of color c is ``yard_n[p][c]``
    colored cards under ``yard_k[p][c]`` locomotives."""

    __slots__ = ("players", "phase", "current", "turn", "half", "halves", "deck", "discard",
                 "market", "hands", "yard_n", "yard_k", "piles", "tickets", "offered",
                 "ticket_deck", "completed", "final_turns", "rng", "start_player", "look")

    def __init__(self) -> None:
        self.players = 0
        self.phase = SETUP_TICKETS
        self.current = 0
        self.turn = 0
        self.half = 1
        self.halves = 1
        self.deck: list[int] = []
        self.discard: list[int] = []
        self.market: list[int] = []
        self.hands: list[list[int]] = []
        self.yard_n: list[list[int]] = []
        self.yard_k: list[list[int]] = []
        self.piles: list[list[int]] = []
        self.tickets: list[list[int]] = []
        self.offered: list[list[int]] = []
        self.ticket_deck: list[int] = []
        # (ticket, half, cards used as counts per kind), in completion order
        self.completed: list[list[tuple[int, int, tuple[int, ...]]]] = []
        self.final_turns = -1  # turns left once the deck has run out
        self.rng = Rng(0)
        self.start_player = 0
        self.look = False  # option: players may look at their own on-the-way pile

    def clone(self) -> "CardGameState":
        c = CardGameState.__new__(CardGameState)
        c.players = self.players
        c.phase = self.phase
        c.current = self.current
        c.turn = self.turn
        c.half = self.half
        c.halves = self.halves
        c.deck = self.deck[:]
        c.discard = self.discard[:]
        c.market = self.market[:]
        c.hands = [h[:] for h in self.hands]
        c.yard_n = [y[:] for y in self.yard_n]
        c.yard_k = [y[:] for y in self.yard_k]
        c.piles = [x[:] for x in self.piles]
        c.tickets = [t[:] for t in self.tickets]
        c.offered = [o[:] for o in self.offered]
        c.ticket_deck = self.ticket_deck[:]
        c.completed = [x[:] for x in self.completed]
        c.final_turns = self.final_turns
        c.rng = self.rng.copy()
        c.start_player = self.start_player
        c.look = self.look
        return c

    def snapshot(self) -> tuple[Any, ...]:
        """Everything that defines the state, as a comparable value (for replay tests)."""
        return snapshot_slots(self)


# ---------------------------------------------------------------------- the ticket solver
def feasible(needs: Sequence[Sequence[int]], pile: Sequence[int]) -> bool:
    """Can these tickets (color counts each) all be paid from ``pile`` (counts, locos last)?"""
    deficit = 0
    for c in range(len(pile) - 1):
        need = sum(n[c] for n in needs)
        if need > pile[c]:
            deficit += need - pile[c]
    return deficit <= pile[-1]


def completion_key(tickets: Sequence[CardTicket], chosen: Sequence[int],
                   goals: Sequence[int] = (), bonus: Sequence[int] = ()) -> tuple[int, int, int]:
    """The value ``best_completion`` maximises, for the tickets at positions ``chosen``:
    (2 × points + bonuses of the goals reached, tickets, goals reached). Goal b (> 0) is reached
    when the set names big city b at least goals[b] times."""
    counts = [0] * len(goals)
    for i in chosen:
        for b in tickets[i].big:
            if b < len(counts):
                counts[b] += 1
    won = [b for b, g in enumerate(goals) if 0 < g <= counts[b]]
    return (2 * sum(tickets[i].points for i in chosen) + sum(bonus[b] for b in won),
            len(chosen), len(won))


def best_completion(tickets: Sequence[CardTicket], pile: Sequence[int],
                    goals: Sequence[int] = (), bonus: Sequence[int] = (),
                    incumbent: Sequence[int] | None = None) -> tuple[tuple[int, int, int], tuple[int, ...]]:
    """The best set of ``tickets`` payable from ``pile`` (counts per card kind, locomotives
    last): its ``completion_key`` and the positions of its tickets in ``tickets``, ascending.

    Without goals this is "most points, then most tickets". With goals (per big city, the
    number of tickets naming it that wins its bonus, 0 = not in play) a bonus counts like
    half its value in ticket points, since a completed ticket is worth twice its value
    against leaving it in hand.

    Exact branch and bound: tickets by decreasing points, include before exclude. A node is
    cut when (a) a bound on everything below it is no better than the best set found (points:
    fractional knapsack over the cards that can still serve; tickets: the smallest that fit;
    bonuses: goals the remaining tickets can still reach), or (b) the same remaining tickets
    and cards were reached before with at least as many points, tickets and goal counts
    (dominance). A set replaces the best only when strictly better, so ties go to
    ``incumbent`` (positions), then to the first set found. Each card pays one ticket only,
    and a set is payable exactly when the locomotives cover the summed shortfall of all colors.
    """
    ncol = len(pile) - 1
    order = sorted((i for i, t in enumerate(tickets) if feasible([t.need], pile)),
                   key=lambda i: (-tickets[i].points, tickets[i].index))
    items = [tickets[i] for i in order]
    n = len(items)
    naming = [0] * len(goals)
    for t in items:
        for b in t.big:
            if b < len(naming):
                naming[b] += 1
    live = [b for b, g in enumerate(goals) if 0 < g <= naming[b]]  # goals that can be reached
    pos = {b: k for k, b in enumerate(live)}
    big_of = [[pos[b] for b in t.big if b in pos] for t in items]
    goal = [goals[b] for b in live]
    value = [bonus[b] for b in live]
    nlive = len(live)
    by_density = [sorted(items[j:], key=lambda t: (-t.points / t.size, t.size)) for j in range(n + 1)]
    by_size = [sorted(t.size for t in items[j:]) for j in range(n + 1)]
    city_suffix = [[0] * nlive for _ in range(n + 1)]
    need_suffix = [[0] * ncol for _ in range(n + 1)]
    for j in range(n - 1, -1, -1):
        row = city_suffix[j + 1][:]
        for b in big_of[j]:
            row[b] += 1
        city_suffix[j] = row
        need_suffix[j] = [a + b for a, b in zip(need_suffix[j + 1], items[j].need)]
    have = list(pile[:ncol])
    locos = [pile[ncol]]
    cities = [0] * nlive
    chosen: list[int] = []
    start = tuple(sorted(incumbent)) if incumbent is not None else ()
    best: list[Any] = [completion_key(tickets, start, goals, bonus), start]
    seen: dict[tuple[int, ...], list[tuple[int, ...]]] = {}

    def bound(j: int, points: int, count: int) -> tuple[int, int, int]:
        # Cards that can still serve: locomotives, and colored cards some later ticket needs.
        still = need_suffix[j]
        cap = locos[0] + sum(h if h < w else w for h, w in zip(have, still))
        pts_ub = 0
        room = cap
        for t in by_density[j]:
            if room <= 0:
                break
            if t.size <= room:
                pts_ub += t.points
                room -= t.size
            else:
                pts_ub += -(-t.points * room // t.size)
                room = 0
        cnt_ub = 0
        room = cap
        for size in by_size[j]:
            if size > room:
                break
            room -= size
            cnt_ub += 1
        won = 0
        extra = 0
        suffix = city_suffix[j]
        for b in range(nlive):
            if cities[b] + suffix[b] >= goal[b]:
                won += 1
                extra += value[b]
        return 2 * (points + pts_ub) + extra, count + cnt_ub, won

    def walk(j: int, points: int, count: int) -> None:
        if j == n or bound(j, points, count) <= best[0]:
            return
        mine = tuple(c if c < g else g for c, g in zip(cities, goal))
        state = (j, locos[0], *have)
        entries = seen.get(state)
        if entries is None:
            seen[state] = [(points, count, *mine)]
        else:
            for e in entries:
                if e[0] >= points and e[1] >= count and all(a >= b for a, b in zip(e[2:], mine)):
                    return
            entries.append((points, count, *mine))
        t = items[j]
        need = t.need
        short = 0
        for c in range(ncol):
            if need[c] > have[c]:
                short += need[c] - have[c]
        if short <= locos[0]:
            saved = have[:]
            for c in range(ncol):
                have[c] = max(0, have[c] - need[c])
            locos[0] -= short
            for b in big_of[j]:
                cities[b] += 1
            chosen.append(order[j])
            won = 0
            extra = 0
            for b in range(nlive):
                if cities[b] >= goal[b]:
                    won += 1
                    extra += value[b]
            key = (2 * (points + t.points) + extra, count + 1, won)
            if key > best[0]:
                best[0] = key
                best[1] = tuple(sorted(chosen))
            walk(j + 1, points + t.points, count + 1)
            chosen.pop()
            for b in big_of[j]:
                cities[b] -= 1
            locos[0] += short
            have[:] = saved
        walk(j + 1, points, count)

    walk(0, 0, 0)
    return best[0], best[1]


def assign_cards(needs: Sequence[Sequence[int]], pile: Sequence[int]) -> list[tuple[int, ...]]:
    """Which cards pay which ticket (in the given order): own-color cards first, then locos."""
    left = list(pile)
    out = []
    for need in needs:
        used = [0] * len(pile)
        for c, k in enumerate(need):
            natural = min(k, left[c])
            used[c] += natural
            left[c] -= natural
            used[-1] += k - natural
            left[-1] -= k - natural
        assert left[-1] >= 0, "assign_cards called with an unpayable set"
        out.append(tuple(used))
    return out


# ---------------------------------------------------------------------- the variant
class CardGameVariant(Variant[CardGameState]):
    """Ticket to Ride: The Card Game."""

    name = "cardgame"
    title = "Ticket to Ride: The Card Game"
    rules_version = 1
    min_players = 2
    max_players = 4
    option_defaults: dict[str, Any] = {"look_at_own_pile": False}

    def __init__(self, data: CardData | None = None) -> None:
        self.data = data or load_card_data("cardgame.json")
        d = self.data
        if tuple(d.colors) != COLORS or d.wild != "loco":
            raise DataError(f"card data colors {d.colors} / {d.wild!r} differ from the engine's "
                            f"card order {CARD_NAMES}")
        self.tickets = d.tickets
        self.nbig = len(d.big_cities)
        self.bonus_values = tuple(b.bonus for b in d.big_cities)
        self.expected_cards = [d.per_color] * len(COLORS) + [d.locomotives]
        self.draw_action = DrawCard()
        self.take_actions = [[TakeCard(s, CARD_NAMES[c]) for c in range(NKINDS)]
                             for s in range(MARKET_SIZE)]
        self.tickets_action = DrawTickets()
        self.pass_action = Pass()
        # Every possible play is one pre-built action; play_info maps it back to numbers:
        # ("set", color, colored count, loco count) or ("mixed", (c1, c2, c3)).
        self.play_info: dict[PlayCards, tuple[Any, ...]] = {}
        self.set_actions: list[list[list[PlayCards]]] = []
        for c in range(len(COLORS)):
            per_n: list[list[PlayCards]] = [[]]
            for n in range(1, d.per_color + 1):
                row = []
                for k in range(d.locomotives + 1):
                    cards = ((COLORS[c], n),) + ((("loco", k),) if k else ())
                    act = PlayCards(cards, (0, c, n, k))
                    self.play_info[act] = ("set", c, n, k)
                    row.append(act)
                per_n.append(row)
            self.set_actions.append(per_n)
        self.mixed_actions: dict[tuple[int, ...], PlayCards] = {}
        for trio in combinations(range(len(COLORS)), MIXED_SET_SIZE):
            act = PlayCards(tuple((COLORS[c], 1) for c in trio), (1, *trio))
            self.play_info[act] = ("mixed", trio)
            self.mixed_actions[trio] = act
        self.keep_cache: dict[tuple[tuple[int, ...], int], list[Action]] = {}
        self._board_view: dict[str, Any] | None = None
        self._solved: tuple[Any, list[tuple[int, ...]]] | None = None

    # ------------------------------------------------------------------ setup
    def check_settings(self, settings: Settings) -> None:
        super().check_settings(settings)
        look = settings.options.get("look_at_own_pile", False)
        if not isinstance(look, bool):
            raise SettingsError("option look_at_own_pile must be true or false")

    def new_state(self, settings: Settings) -> CardGameState:
        self.check_settings(settings)
        n = settings.players
        s = CardGameState()
        s.players = n
        s.rng = Rng(settings.seed)
        s.start_player = settings.start_player
        s.look = bool(self.option(settings, "look_at_own_pile"))
        s.halves = 2 if n >= TWO_HALVES_FROM else 1
        setup = settings.setup if settings.setup is not None else {}
        if not isinstance(setup, dict):
            raise SettingsError("an explicit setup must be an object")
        unknown = set(setup) - SETUP_FIELDS
        if unknown:
            raise SettingsError(f"unknown setup field(s): {', '.join(sorted(unknown))}")
        if "deck" in setup and "deck_top" in setup:
            raise SettingsError("setup gives either 'deck' (the whole deck) or 'deck_top', not both")
        s.hands = [[0] * NKINDS for _ in range(n)]
        s.yard_n = [[0] * len(COLORS) for _ in range(n)]
        s.yard_k = [[0] * len(COLORS) for _ in range(n)]
        s.piles = [[0] * NKINDS for _ in range(n)]
        s.tickets = [[] for _ in range(n)]
        s.offered = [[] for _ in range(n)]
        s.completed = [[] for _ in range(n)]
        remaining = self.expected_cards[:]

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

        def per_player(key: str) -> list[Any] | None:
            value = setup.get(key)
            if value is None:
                return None
            if not isinstance(value, list) or len(value) != n:
                raise SettingsError(f"setup {key} must list {n} entries, one per player")
            return value

        hands_given = per_player("hands")
        if hands_given is not None:
            for p, h in enumerate(hands_given):
                for c in take_cards(h, f"hand {p}"):
                    s.hands[p][c] += 1
        else:
            if remaining[LOCO] < START_LOCOS * n:
                raise SettingsError("setup leaves too few locomotives for the starting hands")
            remaining[LOCO] -= START_LOCOS * n
            for p in range(n):
                s.hands[p][LOCO] += START_LOCOS
        yards = per_player("yards")
        if yards is not None:
            for p, yard in enumerate(yards):
                if not isinstance(yard, dict):
                    raise SettingsError(f"setup yard {p} must map colors to rows of card names")
                for color, row in yard.items():
                    if color not in COLORS:
                        raise SettingsError(f"setup yard {p}: unknown color {color!r}")
                    cards = take_cards(row, f"yard {p} {color} row")
                    c = COLORS.index(color)
                    nat = sum(1 for x in cards if x == c)
                    if not cards or cards != [c] * nat + [LOCO] * (len(cards) - nat) or nat < 1:
                        raise SettingsError(f"setup yard {p}: the {color} row must be {color} cards "
                                            "(at least one) with any locomotives on top (last)")
                    s.yard_n[p][c] = nat
                    s.yard_k[p][c] = len(cards) - nat
        for p in range(n):
            for c in range(len(COLORS)):
                if s.yard_n[p][c] and any(s.yard_n[q][c] for q in range(n) if q != p):
                    raise SettingsError(f"setup yards: two players have a {COLORS[c]} row")
        piles = per_player("piles")
        if piles is not None:
            for p, pile in enumerate(piles):
                for c in take_cards(pile, f"pile {p}"):
                    s.piles[p][c] += 1
        market_given = None
        if "market" in setup:
            m = setup["market"]
            if not isinstance(m, list) or len(m) != MARKET_SIZE:
                raise SettingsError(f"setup market must list {MARKET_SIZE} cards (null: empty slot)")
            market_given = [-1 if x is None else take_cards([x], "market")[0] for x in m]
        s.discard = take_cards(setup.get("discard", []), "discard")
        if "deck" in setup:
            s.deck = take_cards(setup["deck"], "deck")[::-1]
            s.discard.extend(c for c in range(NKINDS) for _ in range(remaining[c]))
        else:
            top = take_cards(setup.get("deck_top", []), "deck top")
            rest = [c for c in range(NKINDS) for _ in range(remaining[c])]
            s.rng.shuffle(rest)
            s.deck = rest + top[::-1]
        if hands_given is None:
            for _ in range(HAND_SIZE):
                for p in range(n):
                    if s.deck:
                        s.hands[p][s.deck.pop()] += 1
        if market_given is not None:
            s.market = market_given
        else:
            s.market = [s.deck.pop() if s.deck else -1 for _ in range(MARKET_SIZE)]

        # Tickets.
        placed: list[int] = []
        kept = per_player("tickets")
        if kept is not None:
            for p, ids in enumerate(kept):
                s.tickets[p] = [self._ticket(t) for t in setup_list(ids, f"tickets {p}")]
                placed.extend(s.tickets[p])
        done = per_player("completed")
        if done is not None:
            for p, ids in enumerate(done):
                s.completed[p] = [(self._ticket(t), 1, ()) for t in setup_list(ids, f"completed {p}")]
                placed.extend(t for t, _, _ in s.completed[p])
        top_tickets = [self._ticket(t) for t in setup_list(setup.get("ticket_deck", []), "ticket_deck")]
        placed.extend(top_tickets)
        if len(set(placed)) != len(placed):
            raise SettingsError("setup uses a ticket twice")
        placed_set = set(placed)
        rest_t = [t for t in range(len(self.tickets)) if t not in placed_set]
        s.rng.shuffle(rest_t)
        s.ticket_deck = rest_t + top_tickets[::-1]
        s.current = settings.start_player
        if kept is None:
            for p in range(n):
                s.offered[p] = [s.ticket_deck.pop() for _ in range(min(TICKETS_DEALT, len(s.ticket_deck)))]
            s.phase = SETUP_TICKETS
            if not any(s.offered):
                raise SettingsError("no tickets left to deal")
        else:
            self._enter_main(s, None)
        return s

    def _ticket(self, tid: Any) -> int:
        if not isinstance(tid, str) or tid not in self.data.ticket_index:
            raise SettingsError(f"setup names unknown ticket {excerpt(tid)}")
        return self.data.ticket_index[tid]

    # ------------------------------------------------------------------ queries
    def current_player(self, state: CardGameState) -> int:
        return state.current

    def phase(self, state: CardGameState) -> str:
        return PHASE_NAMES[state.phase]

    def is_over(self, state: CardGameState) -> bool:
        return state.phase == OVER

    def _row(self, s: CardGameState, p: int, c: int) -> int:
        return s.yard_n[p][c] + s.yard_k[p][c]

    def _can_take_second(self, s: CardGameState) -> bool:
        return bool(s.deck) or any(c >= 0 and c != LOCO for c in s.market)

    # ------------------------------------------------------------------ legal actions
    def legal_actions(self, s: CardGameState) -> list[Action]:
        phase = s.phase
        if phase == MAIN:
            out = self._main_actions(s)
            return out if out else [self.pass_action]
        if phase == SECOND_CARD:
            out2: list[Action] = [self.draw_action] if s.deck else []
            for i, c in enumerate(s.market):
                if c >= 0 and c != LOCO:
                    out2.append(self.take_actions[i][c])
            return out2
        if phase in (KEEP_TICKETS, SETUP_TICKETS):
            return self._keep_actions(s)
        return []

    def _keep_actions(self, s: CardGameState) -> list[Action]:
        offered = tuple(sorted(s.offered[s.current]))
        need = TICKETS_KEEP_AT_START if s.phase == SETUP_TICKETS else TICKETS_KEEP_LATER
        key = (offered, need)
        cached = self.keep_cache.get(key)
        if cached is None:
            ids = self.tickets
            cached = [KeepTickets(tuple(ids[t].id for t in sub), sub)
                      for sub in keep_choices(offered, need)]
            self.keep_cache[key] = cached
        return cached

    def _main_actions(self, s: CardGameState) -> list[Action]:
        p = s.current
        out: list[Action] = []
        if s.deck:
            out.append(self.draw_action)
        for i, c in enumerate(s.market):
            if c >= 0:
                out.append(self.take_actions[i][c])
        out.extend(self._play_actions(s, p))
        if s.ticket_deck:
            out.append(self.tickets_action)
        return out

    def _play_actions(self, s: CardGameState, p: int) -> list[Action]:
        hand = s.hands[p]
        locos = hand[LOCO]
        out: list[Action] = []
        free: list[int] = []  # colors with no row in any yard
        for c in range(len(COLORS)):
            if s.yard_n[p][c]:
                continue  # own row of this color: blocked until it is empty
            others = max((self._row(s, q, c) for q in range(s.players) if q != p), default=0)
            if not others:
                free.append(c)
            have = hand[c]
            if have < SET_MIN_NATURAL:
                continue
            least = max(SET_MIN_CARDS, others + 1)
            rows = self.set_actions[c]
            for n in range(max(1, SET_MIN_NATURAL), have + 1):
                k0 = max(0, least - n)
                if k0 <= locos:
                    out.extend(rows[n][k0:locos + 1])
        for trio in combinations([c for c in free if hand[c] > 0], MIXED_SET_SIZE):
            out.append(self.mixed_actions[trio])
        return out

    # ------------------------------------------------------------------ applying
    def apply(self, state: CardGameState, action: Action) -> None:
        self._do(state, action, None)

    def _do(self, s: CardGameState, action: Action, ev: list[dict[str, Any]] | None) -> None:
        """Apply ``action``; automatic follow-ups (raids, phase 1, end of a half) are appended
        to ``ev`` as log events when it is a list."""
        p = s.current
        kind = type(action)
        if kind is DrawCard:
            s.hands[p][s.deck.pop()] += 1
            if s.phase == MAIN and self._can_take_second(s):
                s.phase = SECOND_CARD
            else:
                self._end_turn(s, ev)
        elif kind is TakeCard:
            slot = action.slot  # type: ignore[attr-defined]
            c = s.market[slot]
            s.hands[p][c] += 1
            s.market[slot] = s.deck.pop() if s.deck else -1
            if s.phase == MAIN and c != LOCO and self._can_take_second(s):
                s.phase = SECOND_CARD
            else:
                self._end_turn(s, ev)
        elif kind is PlayCards:
            info = self.play_info[action]  # type: ignore[index]
            hand = s.hands[p]
            if info[0] == "set":
                _, c, n, k = info
                hand[c] -= n
                hand[LOCO] -= k
                for q in range(s.players):
                    if q != p and s.yard_n[q][c]:
                        lost = self._row(s, q, c)
                        s.discard.extend([c] * s.yard_n[q][c] + [LOCO] * s.yard_k[q][c])
                        s.yard_n[q][c] = 0
                        s.yard_k[q][c] = 0
                        if ev is not None:
                            ev.append({"kind": "raid", "player": p, "victim": q, "color": COLORS[c],
                                       "discarded": lost, "played": n + k})
                s.yard_n[p][c] = n
                s.yard_k[p][c] = k
            else:
                for c in info[1]:
                    hand[c] -= 1
                    s.yard_n[p][c] = 1
            self._end_turn(s, ev)
        elif kind is DrawTickets:
            s.offered[p] = [s.ticket_deck.pop() for _ in range(min(TICKETS_DRAWN, len(s.ticket_deck)))]
            s.phase = KEEP_TICKETS
        elif kind is KeepTickets:
            keep = list(action.sort_hint) if action.sort_hint else [  # type: ignore[attr-defined]
                self.data.ticket_index[t] for t in action.tickets]  # type: ignore[attr-defined]
            returned = sorted(t for t in s.offered[p] if t not in keep)
            s.tickets[p].extend(keep)
            s.offered[p] = []
            if s.phase == SETUP_TICKETS:
                # Returned tickets are shuffled back into the ticket deck.
                s.ticket_deck.extend(returned)
                s.rng.shuffle(s.ticket_deck)
                nxt = (p + 1) % s.players
                s.current = nxt
                if nxt == s.start_player:
                    self._enter_main(s, ev)
            else:
                # Returned tickets go under the deck (index 0 is the bottom).
                s.ticket_deck[0:0] = returned[::-1]
                self._end_turn(s, ev)
        elif kind is Pass:
            self._end_turn(s, ev)
        else:
            raise TypeError(f"{type(action).__name__} is not an action of the card game")

    def _enter_main(self, s: CardGameState, ev: list[dict[str, Any]] | None) -> None:
        """The first turn after the setup."""
        s.phase = MAIN
        if not s.deck:
            s.final_turns = s.players  # [decision] a (test) setup without a deck: one round
            if ev is not None:
                ev.append({"kind": "final_round", "player": s.current, "turns": s.players})
        self._begin_turn(s, ev)

    def _begin_turn(self, s: CardGameState, ev: list[dict[str, Any]] | None) -> None:
        """Phase 1: the top card of each rail-yard row goes to the on-the-way pile."""
        p = s.current
        yn, yk, pile = s.yard_n[p], s.yard_k[p], s.piles[p]
        moved = []
        for c in range(len(COLORS)):
            if yk[c]:
                yk[c] -= 1
                pile[LOCO] += 1
                moved.append(c)
            elif yn[c]:
                yn[c] -= 1
                pile[c] += 1
                moved.append(c)
        if moved and ev is not None:
            ev.append({"kind": "phase1", "player": p, "rows": [COLORS[c] for c in moved],
                       "cards": len(moved)})

    def _end_turn(self, s: CardGameState, ev: list[dict[str, Any]] | None) -> None:
        s.turn += 1
        if s.final_turns > 0:
            s.final_turns -= 1
            if s.final_turns == 0:
                self._end_half(s, ev)
                return
        elif not s.deck:
            s.final_turns = s.players  # everyone, this player included, gets one more turn
            if ev is not None:
                ev.append({"kind": "final_round", "player": s.current, "turns": s.players})
        s.phase = MAIN
        s.current = (s.current + 1) % s.players
        self._begin_turn(s, ev)

    # ------------------------------------------------------------------ end of a half
    def choose_completions(self, s: CardGameState) -> list[tuple[int, ...]]:
        """For every player, the tickets in hand (ticket indices) completed from the on-the-way
        pile at the end of this half.

        [decision] Each player's set maximises that player's standing as if the game ended now:
        score (tickets completed in all halves, minus tickets left in hand, plus big-city
        bonuses), then completed tickets, then bonus cards (the rulebook's tiebreaks). The
        tickets in hand are fixed, so the score is 2 × completed points − hand total + bonuses:
        without bonuses this is "most ticket points, then most tickets". Bonuses depend on the
        other players' choices: every player starts from the bonus-blind best set; then players
        in seat order switch to a strictly better set given the others' current choices, until
        nobody switches (at most BEST_RESPONSE_PASSES rounds). Each step is an exact search
        (``best_completion``); ties keep the current choice.
        """
        n = s.players
        nbig = self.nbig
        bonus = self.bonus_values
        hands = [[self.tickets[t] for t in s.tickets[p]] for p in range(n)]
        banked = [[0] * nbig for _ in range(n)]
        for p in range(n):
            for t, _, _ in s.completed[p]:
                for b in self.tickets[t].big:
                    banked[p][b] += 1
        choice = [best_completion(hands[p], s.piles[p])[1] for p in range(n)]

        def cities_of(p: int) -> list[int]:
            row = banked[p][:]
            for i in choice[p]:
                for b in hands[p][i].big:
                    row[b] += 1
            return row

        solved: dict[tuple[Any, ...], tuple[int, ...]] = {}
        for _ in range(BEST_RESPONSE_PASSES):
            changed = False
            for p in range(n):
                others = [0] * nbig
                for q in range(n):
                    if q != p:
                        others = [max(a, b) for a, b in zip(others, cities_of(q))]
                # Tickets still needed to win each bonus (0: won anyway or not winnable now is
                # handled by best_completion; a city already won without new tickets adds the
                # same bonus to every set, so it is left out).
                goals = [max(1, others[b]) - banked[p][b] for b in range(nbig)]
                goals = [g if g > 0 else 0 for g in goals]
                key = (p, tuple(goals), choice[p])
                if key not in solved:
                    solved[key] = best_completion(hands[p], s.piles[p], goals, bonus, choice[p])[1]
                best = solved[key]
                if best != choice[p]:
                    choice[p] = best
                    changed = True
            if not changed:
                break
        return [tuple(s.tickets[p][i] for i in choice[p]) for p in range(n)]

    def _completions(self, s: CardGameState) -> list[tuple[int, ...]]:
        """``choose_completions``, remembered for the last position (``describe`` applies the
        action to a copy first, so the search would otherwise run twice)."""
        key = (tuple(tuple(t) for t in s.tickets), tuple(tuple(x) for x in s.piles),
               tuple(tuple(t for t, _, _ in c) for c in s.completed))
        if self._solved is None or self._solved[0] != key:
            self._solved = (key, self.choose_completions(s))
        return self._solved[1]

    def _end_half(self, s: CardGameState, ev: list[dict[str, Any]] | None) -> None:
        chosen = self._completions(s)
        results = []
        for p in range(s.players):
            done = sorted(chosen[p])
            used = assign_cards([self.tickets[t].need + (0,) for t in done], s.piles[p])
            pile = s.piles[p]
            entries: list[dict[str, Any]] = []
            for t, cards in zip(done, used):
                s.tickets[p].remove(t)
                s.completed[p].append((t, s.half, cards))
                for c, k in enumerate(cards):
                    pile[c] -= k
                    s.discard.extend([c] * k)
                entries.append({"id": self.tickets[t].id, "points": self.tickets[t].points,
                                "cards": _cards_json(cards)})
            left = pile[:]
            for c, k in enumerate(pile):
                s.discard.extend([c] * k)
                pile[c] = 0
            yard = 0
            for c in range(len(COLORS)):
                yard += self._row(s, p, c)
                s.discard.extend([c] * s.yard_n[p][c] + [LOCO] * s.yard_k[p][c])
                s.yard_n[p][c] = 0
                s.yard_k[p][c] = 0
            results.append({"seat": p, "completed": entries,
                            "points": sum(e["points"] for e in entries),
                            "pile_left": _cards_json(left), "yard_discarded": yard})
        if ev is not None:
            ev.append({"kind": "half_end", "half": s.half, "results": results})
        s.final_turns = -1
        if s.half < s.halves:
            # Second half: hands and uncompleted tickets stay; every other train card forms
            # the new deck; 4 cards each; the left neighbour of the last player starts.
            if MARKET_TO_NEW_DECK:
                s.discard.extend(c for c in s.market if c >= 0)
                s.market = [-1] * MARKET_SIZE
            s.deck = s.discard
            s.discard = []
            s.rng.shuffle(s.deck)
            s.half += 1
            s.current = (s.current + 1) % s.players
            for _ in range(SECOND_HALF_CARDS):
                for i in range(s.players):
                    if s.deck:
                        s.hands[(s.current + i) % s.players][s.deck.pop()] += 1
            for i in range(MARKET_SIZE):
                if s.market[i] < 0 and s.deck:
                    s.market[i] = s.deck.pop()
            s.phase = MAIN
            if ev is not None:
                ev.append({"kind": "second_half", "half": s.half, "start": s.current,
                           "deck": len(s.deck), "cards_each": SECOND_HALF_CARDS})
            if not s.deck:
                s.final_turns = s.players  # [decision] the new deck is already used up
                if ev is not None:
                    ev.append({"kind": "final_round", "player": s.current, "turns": s.players})
            self._begin_turn(s, ev)
        else:
            s.phase = OVER
            if ev is not None:
                sc = self.scores(s)
                ev.append({"kind": "game_over", "winners": [x["seat"] for x in sc if x["winner"]],
                           "totals": [x["total"] for x in sc]})

    # ------------------------------------------------------------------ explanations
    def action_details(self, s: CardGameState, action: Action) -> dict[str, Any]:
        """For a set of one color: the rows it raids (every other player's row of that color)."""
        if not isinstance(action, PlayCards):
            return {}
        info = self.play_info.get(action)
        if info is None or info[0] != "set":
            return {}
        c = info[1]
        raids = [{"victim": q, "color": COLORS[c], "discarded": self._row(s, q, c)}
                 for q in range(s.players) if q != s.current and s.yard_n[q][c]]
        return {"raids": raids} if raids else {}

    def why_illegal(self, s: CardGameState, action: Action) -> str:
        phase = s.phase
        choosing = phase in (SETUP_TICKETS, KEEP_TICKETS)
        wild = (isinstance(action, TakeCard) and 0 <= action.slot < MARKET_SIZE
                and s.market[action.slot] == LOCO)
        common = why_turn_illegal(
            action, game="card game", over=phase == OVER,
            keep_need=(TICKETS_KEEP_AT_START if phase == SETUP_TICKETS else TICKETS_KEEP_LATER)
            if choosing else None,
            offered={self.tickets[t].id for t in s.offered[s.current]},
            second_card=phase == SECOND_CARD,
            market_names=[CARD_NAMES[c] if c >= 0 else None for c in s.market],
            wild_at_slot=wild,
            empty_deck="the deck is used up (it is not reshuffled); take a face-up card, "
                       "play cards or draw tickets")
        if common is not None:
            return common
        if isinstance(action, PlayCards):
            return self._why_play_illegal(s, action)
        return f"'{action.text()}' is not an action of the card game"

    def _why_play_illegal(self, s: CardGameState, action: PlayCards) -> str:
        p = s.current
        counts: dict[str, int] = {}
        for name, k in action.cards:
            if name not in CARD_INDEX:
                return f"unknown card {name!r} (cards: {', '.join(CARD_NAMES)})"
            counts[name] = counts.get(name, 0) + k
        for name, k in counts.items():
            if s.hands[p][CARD_INDEX[name]] < k:
                return f"you have {s.hands[p][CARD_INDEX[name]]} {name} card(s), not {k}"
        colored = [name for name in counts if name != "loco"]
        locos = counts.get("loco", 0)
        if not colored:
            return "a set needs at least one colored card (locomotives go on top of a color)"
        if len(colored) > 1:
            if locos:
                return "three cards of different colors are played without locomotives"
            if len(colored) != MIXED_SET_SIZE or any(counts[c] != 1 for c in colored):
                return ("play either 2 or more cards of one color (locomotives may be added) "
                        "or exactly 3 cards of 3 different colors")
            for name in colored:
                c = COLORS.index(name)
                if s.yard_n[p][c]:
                    return f"you already have a {name} row in your rail yard; it must be empty first"
                for q in range(s.players):
                    if q != p and s.yard_n[q][c]:
                        return (f"player {q} has a {name} row of {self._row(s, q, c)} card(s); "
                                "one card cannot raid it")
            return "write the cards in the canonical order, e.g. 'play 1red 1green 1blue'"
        name = colored[0]
        c = COLORS.index(name)
        total = counts[name] + locos
        if total < SET_MIN_CARDS:
            return (f"a set of one color needs at least {SET_MIN_CARDS} cards "
                    "(or play exactly 3 cards of 3 different colors)")
        if s.yard_n[p][c]:
            return f"you already have a {name} row in your rail yard; it must be empty first"
        for q in range(s.players):
            if q != p and s.yard_n[q][c] and total <= self._row(s, q, c):
                return (f"player {q} has a {name} row of {self._row(s, q, c)} card(s); to raid it "
                        f"play more than {self._row(s, q, c)} {name} cards (locomotives count)")
        return "write the cards as in the legal actions, e.g. 'play 3red 1loco'"

    # ------------------------------------------------------------------ views
    def _ticket_json(self, t: int) -> dict[str, Any]:
        tk = self.tickets[t]
        d = self.data
        return {"id": tk.id, "cities": [d.city_ids[tk.a], d.city_ids[tk.b]], "points": tk.points,
                "need": {COLORS[c]: k for c, k in enumerate(tk.need) if k}}

    def _yard_json(self, s: CardGameState, p: int) -> dict[str, Any]:
        return {COLORS[c]: {"cards": s.yard_n[p][c], "locos": s.yard_k[p][c]}
                for c in range(len(COLORS)) if s.yard_n[p][c]}

    def _completed_json(self, s: CardGameState, p: int) -> list[dict[str, Any]]:
        return [{**self._ticket_json(t), "half": h, "cards": _cards_json(cards)}
                for t, h, cards in s.completed[p]]

    def _city_counts(self, s: CardGameState) -> list[list[int]]:
        out = []
        for p in range(s.players):
            row = [0] * self.nbig
            for t, _, _ in s.completed[p]:
                for b in self.tickets[t].big:
                    row[b] += 1
            out.append(row)
        return out

    def _bonus_holders(self, s: CardGameState) -> list[list[int]]:
        """Per big city, the seats with the most completed tickets naming it (at least one)."""
        counts = self._city_counts(s)
        holders = []
        for b in range(self.nbig):
            best = max(counts[p][b] for p in range(s.players))
            holders.append([p for p in range(s.players) if best >= 1 and counts[p][b] == best])
        return holders

    def view(self, s: CardGameState, player: int | None) -> dict[str, Any]:
        d = self.data
        holders = self._bonus_holders(s)
        v: dict[str, Any] = {
            "variant": self.name,
            "phase": PHASE_NAMES[s.phase],
            "turn": s.turn,
            "current": s.current,
            "you": player,
            "half": s.half,
            "halves": s.halves,
            "market": [CARD_NAMES[c] if c >= 0 else None for c in s.market],
            "deck": len(s.deck),
            "discard": len(s.discard),
            "ticket_deck": len(s.ticket_deck),
            "final_round": s.final_turns > 0,
            "final_turns_left": max(s.final_turns, 0),
            "look_at_own_pile": s.look,
            "bonus_cards": [{"city": d.city_ids[b.city], "bonus": b.bonus, "leaders": holders[b.index]}
                            for b in d.big_cities],
            "players": [{
                "seat": p,
                "hand": sum(s.hands[p]),
                "tickets": len(s.tickets[p]),
                "yard": self._yard_json(s, p),
                "pile": sum(s.piles[p]),
                "completed": self._completed_json(s, p),
                "completed_points": sum(self.tickets[t].points for t, _, _ in s.completed[p]),
                "choosing_tickets": bool(s.offered[p]),
            } for p in range(s.players)],
        }
        if player is not None and 0 <= player < s.players:
            need = TICKETS_KEEP_AT_START if s.phase == SETUP_TICKETS else TICKETS_KEEP_LATER
            me: dict[str, Any] = {
                "hand": _cards_json(s.hands[player]),
                "tickets": [self._ticket_json(t) for t in s.tickets[player]],
                "offered": [self._ticket_json(t) for t in sorted(s.offered[player])],
                "min_keep": min(need, len(s.offered[player])),
            }
            if s.look:
                me["pile"] = _cards_json(s.piles[player])
            v["me"] = me
        if s.phase == OVER:
            v["scores"] = self.scores(s)
        return v

    def describe(self, s: CardGameState, action: Action) -> dict[str, Any]:
        p = s.current
        ev: dict[str, Any] = {"player": p, "turn": s.turn, "kind": type(action).keyword}
        if isinstance(action, TakeCard):
            ev["card"] = CARD_NAMES[s.market[action.slot]]
            ev["second"] = s.phase == SECOND_CARD
        elif isinstance(action, DrawCard):
            ev["second"] = s.phase == SECOND_CARD
            ev["deck_left"] = len(s.deck) - 1
        elif isinstance(action, PlayCards):
            info = self.play_info[action]
            ev["cards"] = {name: k for name, k in action.cards}
            ev["set"] = "one_color" if info[0] == "set" else "three_colors"
        elif isinstance(action, DrawTickets):
            ev["count"] = min(TICKETS_DRAWN, len(s.ticket_deck))
        elif isinstance(action, KeepTickets):
            ev["count"] = len(action.tickets)
            ev["offered"] = len(s.offered[p])
            ev["setup"] = s.phase == SETUP_TICKETS
        # Automatic consequences, found by applying the action to a copy.
        auto: list[dict[str, Any]] = []
        self._do(s.clone(), action, auto)
        raids = [a for a in auto if a["kind"] == "raid"]
        if isinstance(action, PlayCards):
            ev["raids"] = [{k: v for k, v in a.items() if k not in ("kind", "player")} for a in raids]
        rest = [a for a in auto if a["kind"] != "raid"]
        if rest:
            ev["auto"] = rest
        return ev

    def scores(self, s: CardGameState) -> list[dict[str, Any]]:
        counts = self._city_counts(s)
        holders = self._bonus_holders(s)
        d = self.data
        out: list[dict[str, Any]] = []
        for p in range(s.players):
            halves = []
            for h in range(1, s.halves + 1):
                done = [x for x in self._completed_json(s, p) if x["half"] == h]
                halves.append({"half": h, "tickets": done, "points": sum(x["points"] for x in done)})
            won = sum(self.tickets[t].points for t, _, _ in s.completed[p])
            lost = sum(self.tickets[t].points for t in s.tickets[p])
            bonuses: list[dict[str, Any]] = [{"city": d.city_ids[b.city], "bonus": b.bonus}
                       for b in d.big_cities if p in holders[b.index]]
            bonus_points = sum(b["bonus"] for b in bonuses)
            out.append({
                "seat": p,
                "halves": halves,
                "tickets_won": won,
                "completed": len(s.completed[p]),
                "uncompleted": [self._ticket_json(t) for t in s.tickets[p]],
                "tickets_lost": lost,
                "city_counts": {d.city_ids[b.city]: counts[p][b.index] for b in d.big_cities},
                "bonuses": bonuses,
                "bonus_points": bonus_points,
                "bonus_cards": len(bonuses),
                "total": won - lost + bonus_points,
                "final": s.phase == OVER,
            })
        rank_key = [(sc["total"], sc["completed"], sc["bonus_cards"]) for sc in out]
        top = max(rank_key)
        for sc, key in zip(out, rank_key):
            sc["winner"] = key == top
            sc["rank"] = 1 + sum(1 for other in rank_key if other > key)
        return out

    def board_view(self) -> dict[str, Any]:
        if self._board_view is None:
            d = self.data
            self._board_view = {
                "variant": self.name,
                "title": self.title,
                "name": d.name,
                "cards": list(CARD_NAMES),
                "colors": list(COLORS),
                "wild": "loco",
                "card_counts": {name: k for name, k in zip(CARD_NAMES, self.expected_cards)},
                "cities": [{"id": i, "name": n} for i, n in zip(d.city_ids, d.city_names)],
                "tickets": [{**self._ticket_json(t.index),
                             "big": [d.city_ids[d.big_cities[b].city] for b in t.big],
                             "size": t.size} for t in d.tickets],
                "bonus_cards": [{"city": d.city_ids[b.city], "name": d.city_names[b.city],
                                 "bonus": b.bonus, "gem": b.gem} for b in d.big_cities],
                "market_size": MARKET_SIZE,
                "min_players": self.min_players,
                "max_players": self.max_players,
                "two_halves_from": TWO_HALVES_FROM,
                "options": dict(self.option_defaults),
            }
            self._board_view = read_only(self._board_view)  # shared: never changed
        return self._board_view

    def check_invariants(self, s: CardGameState) -> None:
        counts = [0] * NKINDS
        for pile in (s.deck, s.discard, [c for c in s.market if c >= 0]):
            for c in pile:
                counts[c] += 1
        for zone in (s.hands, s.piles):
            for h in zone:
                assert len(h) == NKINDS and min(h) >= 0, "bad card counts in a hand or pile"
                for c, k in enumerate(h):
                    counts[c] += k
        for p in range(s.players):
            for c in range(len(COLORS)):
                n, k = s.yard_n[p][c], s.yard_k[p][c]
                assert n >= 0 and k >= 0, "negative rail-yard row"
                assert n or not k, "a row of locomotives without a colored card"
                counts[c] += n
                counts[LOCO] += k
        assert counts == self.expected_cards, f"train cards not conserved: {counts} != {self.expected_cards}"
        for c in range(len(COLORS)):
            assert sum(1 for p in range(s.players) if s.yard_n[p][c]) <= 1, \
                f"two rail yards hold a {COLORS[c]} row"
        held = ([t for ts in s.tickets for t in ts] + [t for o in s.offered for t in o] + s.ticket_deck
                + [t for cs in s.completed for t, _, _ in cs])
        assert sorted(held) == list(range(len(self.tickets))), "tickets not conserved"
        for p in range(s.players):
            for t, half, cards in s.completed[p]:
                assert 1 <= half <= s.halves
                if cards:
                    assert sum(cards) == self.tickets[t].size, "cards used do not match a ticket"
        assert 1 <= s.half <= s.halves
        assert len(s.market) == MARKET_SIZE
        if s.phase in (MAIN, SECOND_CARD, KEEP_TICKETS):
            assert not any(s.offered[q] for q in range(s.players) if q != s.current)
        if s.final_turns > 0:
            assert not s.deck, "final round while the deck has cards"


def _cards_json(counts: Sequence[int]) -> dict[str, int]:
    return {CARD_NAMES[c]: k for c, k in enumerate(counts) if k}
