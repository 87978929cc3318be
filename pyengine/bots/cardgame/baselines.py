"""The four play styles of de Mesentier Silva, Lee, Togelius and Nealen, "AI-based Playtesting
of Contemporary Board Games" (FDG 2017), mapped onto the card game (see docs/bots.md,
"Card-game baselines"). The classic-map versions are in ``baselines.py``.

The card game has no map: a ticket is paid by cards of its colors that reach the on-the-way
pile, and a card gets there only through a rail-yard row, one card per row and own turn. So a
"route" becomes a set played to the yard, a "network" the colors the kept tickets need, and a
"long route" a big set of one color (which is also safe from raids).

* Destination Hungry: draws tickets early and often, keeps many, then collects for all of them.
* Route Focus: works on one ticket at a time, the most valuable open one, collecting and playing
  only its colors.
* One Step Thinker: no plan; every legal action is scored by its immediate effect.
* Long Route Junkie: keeps the biggest tickets and hoards cards to play big sets.

Like the levels, they decide on ``belief_state`` (the view and its public log) and never read
its hidden parts.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ...actions import Action, DrawCard, DrawTickets, TakeCard
from ...games.cardgame.actions import PlayCards
from ...games.cardgame.state import COLORS, KEEP_TICKETS, LOCO, MAIN, NKINDS, SETUP_TICKETS, CardGameState
from ...games.cardgame.variant import CardGameVariant
from ...rng import Rng
from ..base import Bot
from .planner import CardGameBot, _pick_keep

NCOL = len(COLORS)
CARDS_PER_TURN = 1.15  # deck cards a turn uses up on average (the clock, as the planner's)


class StylePolicy:
    """What the four styles share: the clock, the cards on the way, shortfalls, card picks and
    set choices. A style says which tickets to keep and what to do in the main phase."""

    blind_weight = 0.5  # worth of an unseen card against a needed face-up one (1.0)

    def __init__(self, variant: CardGameVariant) -> None:
        self.v = variant
        self.need = [t.need for t in variant.tickets]
        self.points = [t.points for t in variant.tickets]
        self.size = [t.size for t in variant.tickets]

    # ------------------------------------------------------------ entry point
    def choose(self, s: CardGameState, p: int, legal: Sequence[Action], rng: Rng) -> Action:
        if len(legal) == 1:
            return legal[0]
        if s.phase in (SETUP_TICKETS, KEEP_TICKETS):
            return _pick_keep(self.keep(s, p), legal)
        return self.decide(s, p, legal, rng)

    def keep(self, s: CardGameState, p: int) -> list[int]:
        raise NotImplementedError

    def decide(self, s: CardGameState, p: int, legal: Sequence[Action], rng: Rng) -> Action:
        raise NotImplementedError

    # ------------------------------------------------------------ the clock and the supply
    @staticmethod
    def turns_left(s: CardGameState) -> float:
        """Own turns (each moving one card of every row) the current player still gets."""
        if s.final_turns > 0:
            return 0.0
        return len(s.deck) / (s.players * CARDS_PER_TURN) + 1.0

    @staticmethod
    def arriving(s: CardGameState, p: int, turns: float) -> list[int]:
        """Cards in the pile now plus those the rows will still move (locomotives first)."""
        out = s.piles[p][:]
        f = int(turns)
        for c in range(NCOL):
            n, k = s.yard_n[p][c], s.yard_k[p][c]
            lk = min(k, f)
            out[LOCO] += lk
            out[c] += min(n, f - lk)
        return out

    def shortfall(self, tickets: Sequence[int], have: Sequence[int]) -> list[int]:
        """Colored cards still missing for ``tickets`` after ``have`` (locomotives cover the
        rest: the last entry is the number of cards even the locomotives leave open)."""
        short = [0] * NKINDS
        for c in range(NCOL):
            want = sum(self.need[t][c] for t in tickets)
            short[c] = max(0, want - have[c])
        short[LOCO] = max(0, sum(short[:NCOL]) - have[LOCO])
        return short

    def covered(self, tickets: Sequence[int], have: Sequence[int]) -> bool:
        return self.shortfall(tickets, have)[LOCO] == 0

    def spare(self, tickets: Sequence[int], have: Sequence[int]) -> list[int]:
        """``have`` less what ``tickets`` use (colors first, locomotives for the rest)."""
        short = self.shortfall(tickets, have)
        left = list(have)
        for c in range(NCOL):
            left[c] = max(0, have[c] - sum(self.need[t][c] for t in tickets))
        left[LOCO] = max(0, have[LOCO] - sum(short[:NCOL]))
        return left

    # ------------------------------------------------------------ actions
    def pick_card(self, s: CardGameState, legal: Sequence[Action], weight: Sequence[float]) -> Action:
        """The card (face-up by slot, or blind) with the best ``weight``; a face-up locomotive
        ends the turn, any other first card leaves a second pick."""
        second = max((weight[c] for c in s.market if 0 <= c != LOCO), default=0.0)
        second = max(second, self.blind_weight if s.deck else 0.0)
        first = s.phase == MAIN
        best: tuple[float, int] | None = None
        for i, a in enumerate(legal):
            if type(a) is TakeCard:
                c = s.market[a.slot]
                q = weight[c] + (second if first and c != LOCO else 0.0)
            elif type(a) is DrawCard:
                q = self.blind_weight + (second if first else 0.0)
            else:
                continue
            if best is None or q > best[0] + 1e-9:
                best = (q, i)
        if best is None:  # no card to get: any play, else the first legal action
            plays = [a for a in legal if type(a) is PlayCards]
            return plays[-1] if plays else legal[0]
        return legal[best[1]]

    def card_weights(self, short: Sequence[int], hand: Sequence[int], hoard: float = 0.0) -> list[float]:
        """1 per needed color not yet in hand (more for colors ``hoard``ed), a little for others."""
        w = [0.15] * NKINDS
        for c in range(NCOL):
            if short[c] > hand[c]:
                w[c] = 1.0 + hoard * hand[c]
        w[LOCO] = 1.3 if short[LOCO] > hand[LOCO] else 0.4
        return w

    def raid_size(self, s: CardGameState, p: int, c: int) -> int:
        return sum(s.yard_n[q][c] + s.yard_k[q][c] for q in range(s.players) if q != p)

    def sets(
        self, s: CardGameState, p: int, legal: Sequence[Action]
    ) -> list[tuple[PlayCards, int, int, int]]:
        """The legal sets of one color as (action, color, colored cards, locomotives)."""
        out = []
        for a in legal:
            if type(a) is PlayCards:
                info = self.v.play_info[a]
                if info[0] == "set":
                    out.append((a, info[1], info[2], info[3]))
        return out

    def mixed(self, legal: Sequence[Action]) -> list[tuple[PlayCards, tuple[int, ...]]]:
        out = []
        for a in legal:
            if type(a) is PlayCards:
                info = self.v.play_info[a]
                if info[0] == "mixed":
                    out.append((a, tuple(info[1])))
        return out

    def best_set(
        self,
        s: CardGameState,
        p: int,
        legal: Sequence[Action],
        colors: Sequence[int],
        least: int = 2,
        locos: bool = True,
    ) -> PlayCards | None:
        """The biggest set of one of ``colors`` with at least ``least`` cards: all colored cards
        of that color, locomotives only to reach ``least`` or to raid. Ties: the earlier color."""
        best: tuple[tuple[int, int, int], PlayCards] | None = None
        hand = s.hands[p]
        for a, c, n, k in self.sets(s, p, legal):
            if c not in colors or n != hand[c] or n + k < least or (k and not locos):
                continue
            if k and n + k - 1 >= max(least, 2, self.raid_size(s, p, c) + 1):
                continue  # a locomotive only where it is needed
            key = (n + k, -k, -colors.index(c))
            if best is None or key > best[0]:
                best = (key, a)
        return best[1] if best else None

    def play_needed(
        self, s: CardGameState, p: int, legal: Sequence[Action], short: Sequence[int]
    ) -> PlayCards | None:
        """The biggest set of a color ``short`` still misses (most missing first), else three
        colors of which at least two are missing; None if neither can be played."""
        needed = sorted((c for c in range(NCOL) if short[c] > 0), key=lambda c: (-short[c], c))
        play = self.best_set(s, p, legal, needed)
        if play is not None:
            return play
        for a, trio in self.mixed(legal):
            if sum(1 for c in trio if short[c] > 0) >= 2:
                return a
        return None

    def draw_tickets(self, s: CardGameState, legal: Sequence[Action]) -> Action | None:
        if len(s.ticket_deck) < 4:
            return None
        for a in legal:
            if type(a) is DrawTickets:
                return a
        return None

    def greedy_keep(self, order: Sequence[int], budget: float, least: int) -> list[int]:
        """Offered tickets in ``order`` while their cards fit ``budget``; at least ``least``."""
        keep: list[int] = []
        used = 0.0
        for t in order:
            if len(keep) < least or used + self.size[t] <= budget:
                keep.append(t)
                used += self.size[t]
        return keep

    @staticmethod
    def min_keep(s: CardGameState) -> int:
        return 1 if s.phase == SETUP_TICKETS else 0

    def supply_state(self, s: CardGameState, p: int) -> tuple[float, list[int], list[int]]:
        """Turns left, the cards arriving and those plus the hand."""
        f = self.turns_left(s)
        arr = self.arriving(s, p, f)
        if f < 1:
            return f, arr, arr
        return f, arr, [a + h for a, h in zip(arr, s.hands[p])]

    @staticmethod
    def capacity(s: CardGameState, f: float) -> float:
        """Cards the seat can still bring to its pile this half and, with 4 players in the first
        half, the next one: a bit under one per own turn."""
        later = 13.0 if s.half < s.halves else 0.0
        return 0.8 * max(0.0, f - 2.0 + later)


# ---------------------------------------------------------------------- the styles
class DestinationHungry(StylePolicy):
    """Takes many tickets early (ticket draws while its demand is small and the half young),
    keeps those whose colors overlap what it already collects, then collects for all."""

    hunger = 1.3  # keeps tickets worth up to this many times its expected card capacity
    early = 0.55  # draws tickets while at least this share of the half's turns is left

    def keep(self, s: CardGameState, p: int) -> list[int]:
        f, arr, have = self.supply_state(s, p)
        spare = self.spare(s.tickets[p], have)
        budget = self.hunger * (self.capacity(s, f) + sum(have)) - sum(self.size[t] for t in s.tickets[p])

        def overlap(t: int) -> float:  # the share of the ticket its "network" already holds
            return sum(min(k, spare[c]) for c, k in enumerate(self.need[t])) / self.size[t]

        order = sorted(s.offered[p], key=lambda t: (-self.points[t] * (1.0 + overlap(t)), t))
        return self.greedy_keep(order, budget, self.min_keep(s))

    def first_deck(self, s: CardGameState) -> int:
        """The deck after the deal (every player's 8 cards and 5 face-up cards)."""
        return sum(self.v.expected_cards) - 8 * s.players - 5

    def decide(self, s: CardGameState, p: int, legal: Sequence[Action], rng: Rng) -> Action:
        f, arr, have = self.supply_state(s, p)
        mine = s.tickets[p]
        short = self.shortfall(mine, arr)
        open_cards = self.shortfall(mine, have)[LOCO]
        young = len(s.deck) >= self.early * self.first_deck(s)
        if s.phase == MAIN:
            demand = sum(self.size[t] for t in mine)
            if (young and demand < self.capacity(s, f) + sum(have)) or (open_cards == 0 and f >= 4):
                act = self.draw_tickets(s, legal)
                if act is not None:
                    return act
            play = self.play_needed(s, p, legal, short)
            if play is not None:
                return play
        return self.pick_card(s, legal, self.card_weights(short, s.hands[p]))


class RouteFocus(StylePolicy):
    """One ticket at a time: the most valuable open ticket that is not yet on its way gets all
    the attention (its colors are taken and played); new tickets once all are on their way."""

    def keep(self, s: CardGameState, p: int) -> list[int]:
        f, arr, have = self.supply_state(s, p)
        budget = self.capacity(s, f) + sum(self.spare(s.tickets[p], have))
        ratio = sorted(s.offered[p], key=lambda t: (-self.points[t] / self.size[t], -self.points[t], t))
        fits = [t for t in ratio if self.size[t] <= budget]
        least = self.min_keep(s)
        # The paper's agent keeps few tickets: two at the start, then one per draw.
        want = 2 if s.phase == SETUP_TICKETS else 1
        return (fits[:want] or ratio[:least]) if fits or least else []

    def focus_order(self, s: CardGameState, p: int, arr: Sequence[int]) -> list[int]:
        """The order the tickets get the attention in: the most valuable first."""
        return sorted(s.tickets[p], key=lambda t: (-self.points[t], t))

    def focus(self, s: CardGameState, p: int, arr: Sequence[int]) -> tuple[list[int], list[int]]:
        """The open tickets in ``focus_order`` and the colors the first one not yet covered
        by the arriving cards still misses (the others wait their turn)."""
        queue = self.focus_order(s, p, arr)
        done: list[int] = []
        for t in queue:
            if not self.covered(done + [t], arr):
                return queue, self.shortfall(done + [t], arr)
            done.append(t)
        return queue, [0] * NKINDS

    def decide(self, s: CardGameState, p: int, legal: Sequence[Action], rng: Rng) -> Action:
        f, arr, have = self.supply_state(s, p)
        queue, short = self.focus(s, p, arr)
        if s.phase == MAIN:
            if sum(short) == 0 and f >= 4:
                act = self.draw_tickets(s, legal)
                if act is not None:
                    return act
            colors = [c for c in range(NCOL) if short[c] > 0]
            play = self.best_set(s, p, legal, colors, least=2)
            if play is not None and f >= 1:
                return play
            if sum(short[:NCOL]) and colors:
                for a, trio in self.mixed(legal):
                    if sum(1 for c in trio if short[c] > 0) >= 2:
                        return a
        return self.pick_card(s, legal, self.card_weights(short, s.hands[p]))


class OneStepThinker(StylePolicy):
    """No plan: each legal action gets the value of its immediate effect, the best is played.
    Keeps the tickets whose immediate value (what the cards at hand already pay) is positive."""

    def keep(self, s: CardGameState, p: int) -> list[int]:
        f, arr, have = self.supply_state(s, p)
        left = self.spare(s.tickets[p], have)
        scored = []
        for t in s.offered[p]:
            got = sum(min(k, left[c]) for c, k in enumerate(self.need[t]))
            got = min(self.size[t], got + left[LOCO])
            scored.append(((2.0 * got / self.size[t] - 1.0) * self.points[t], t))
        scored.sort(key=lambda x: (-x[0], x[1]))
        keep = [t for v, t in scored if v > 0]
        return keep or [t for _, t in scored[: self.min_keep(s)]]

    def decide(self, s: CardGameState, p: int, legal: Sequence[Action], rng: Rng) -> Action:
        f, arr, have = self.supply_state(s, p)
        mine = s.tickets[p]
        short = self.shortfall(mine, arr)  # what the cards on their way do not pay
        hand = s.hands[p]
        weights = self.card_weights(short, hand)
        open_hand = self.shortfall(mine, have)[LOCO]
        best: tuple[float, int] | None = None
        second = max((weights[c] for c in s.market if 0 <= c != LOCO), default=0.0)
        for i, a in enumerate(legal):
            kind = type(a)
            if kind is TakeCard:
                c = s.market[a.slot]  # type: ignore[attr-defined]
                q = weights[c]
            elif kind is DrawCard:
                q = self.blind_weight
            elif kind is PlayCards:
                q = self.play_effect(s, p, a, short, f)  # type: ignore[arg-type]
            elif kind is DrawTickets:
                q = 1.5 if open_hand == 0 and f >= 4 and len(s.ticket_deck) >= 4 else -1.0
            else:
                q = -5.0
            if s.phase == MAIN and (kind is DrawCard or (kind is TakeCard and s.market[a.slot] != LOCO)):  # type: ignore[attr-defined]
                q += 0.5 * max(second, self.blind_weight)  # a second card follows
            if best is None or q > best[0] + 1e-9:
                best = (q, i)
        assert best is not None
        return legal[best[1]]

    def play_effect(self, s: CardGameState, p: int, a: PlayCards, short: Sequence[int], f: float) -> float:
        """Needed cards put on their way (only as many as the rows can still move), minus a
        little for cards and locomotives spent beyond the need, plus the cards a raid destroys."""
        if f < 1:
            return -1.0
        info = self.v.play_info[a]
        value = 0.0
        if info[0] == "set":
            _, c, n, k = info
            useful = min(n, short[c], int(f))
            extra = min(k, max(0, short[LOCO] - useful), max(0, int(f) - useful))
            value += useful + extra - 0.2 * (n - useful) - 0.5 * (k - extra)
            value += 0.4 * self.raid_size(s, p, c)
        else:
            value += sum(1.0 if short[c] > 0 else -0.2 for c in info[1])
        return value * 0.8


class LongRouteJunkie(StylePolicy):
    """Keeps the biggest tickets and hoards cards in hand to play big sets (its "long routes",
    also safe from raids); small sets only when the half is running out."""

    big_set = 3  # plays sets of at least this many cards ...
    flush_turns = 6.0  # ... until this few own turns are left

    def keep(self, s: CardGameState, p: int) -> list[int]:
        f, arr, have = self.supply_state(s, p)
        budget = self.capacity(s, f) + sum(self.spare(s.tickets[p], have))
        order = sorted(s.offered[p], key=lambda t: (-self.size[t], -self.points[t], t))
        keep = [t for t in order[: 2 if s.phase == SETUP_TICKETS else 1] if self.size[t] <= budget]
        return keep or order[: self.min_keep(s)]

    def decide(self, s: CardGameState, p: int, legal: Sequence[Action], rng: Rng) -> Action:
        f, arr, have = self.supply_state(s, p)
        mine = s.tickets[p]
        short = self.shortfall(mine, arr)
        if s.phase == MAIN:
            if self.shortfall(mine, have)[LOCO] == 0 and f >= 6:
                act = self.draw_tickets(s, legal)
                if act is not None:
                    return act
            least = 2 if f <= self.flush_turns else self.big_set
            needed = sorted((c for c in range(NCOL) if short[c] > 0), key=lambda c: -s.hands[p][c])
            play = self.best_set(s, p, legal, needed, least=least)
            if play is None and f <= self.flush_turns:
                play = self.best_set(s, p, legal, list(range(NCOL)), least=least, locos=False)
            if play is not None and f >= 1:
                return play
        return self.pick_card(s, legal, self.card_weights(short, s.hands[p], hoard=0.3))


# ---------------------------------------------------------------------- bots
def _style_bot(name: str, description: str, policy: type[StylePolicy]) -> Callable[[], Bot]:
    """A factory for the style's bot (the registry wants one per name)."""
    return lambda: CardGameBot(
        name, "Card game, " + description + " (de Mesentier Silva et al. 2017).", policy
    )


destination_hungry_bot = _style_bot(
    "destination_hungry",
    "Destination Hungry: draws tickets early and often, then collects for all",
    DestinationHungry,
)
route_focus_bot = _style_bot(
    "route_focus", "Route Focus: one ticket at a time, the most valuable first", RouteFocus
)
one_step_thinker_bot = _style_bot(
    "one_step_thinker", "One Step Thinker: the action with the best immediate effect", OneStepThinker
)
long_route_junkie_bot = _style_bot(
    "long_route_junkie",
    "Long Route Junkie: keeps the biggest tickets, hoards cards for big sets",
    LongRouteJunkie,
)


__all__ = [
    "DestinationHungry",
    "LongRouteJunkie",
    "OneStepThinker",
    "RouteFocus",
    "StylePolicy",
    "destination_hungry_bot",
    "long_route_junkie_bot",
    "one_step_thinker_bot",
    "route_focus_bot",
]
