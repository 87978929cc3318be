"""Computer opponents for the card game (Ticket to Ride: the card game): the planner of level
normal (and of hard, whose search uses it), and ``CardGameBot``, the plumbing every card-game
policy shares (level easy's rules are in ``easy.py``).

The bots see what a person in their seat sees: the view *and its log* (``wants_log``). The log
matters here: the on-the-way piles are face down, but every card that reaches a pile came from a
face-up rail-yard row, and phase 1 moves the top card of each row (locomotives first), so a
player with a good memory knows every pile exactly. ``track_piles`` replays the public log to
recover them (own and opponents'; ``belief.py``); anything it cannot account for (explicit test setups) stays
"unknown" and is reconciled against the pile sizes in the view.

Everything is decided on a *belief state*: a ``CardGameState`` whose public and own parts are
exact and whose hidden parts (deck order, discard, opponents' hands and tickets) are filled in.
The easy and normal policies never read the hidden parts, so any filling gives the same move;
the hard bot (``search.py``) fills them at random and plays the game out.

Levels:

* easy (``easy.py``) -- simple rules: keep the 3 cheapest tickets, take face-up cards the
  tickets need, play a set as soon as it has 2+ cards of a playable color (a lone needed card
  with one locomotive counts), now and then draw tickets and keep those the spare cards already
  pay.
* normal -- a one-step planner over an estimate of the final on-the-way pile: pile now + what
  the rows will still move before the half ends (minus a raid risk) + hand cards it can still
  play + a budget of cards it can still draw and route through the yard. Tickets are valued by
  how much of them that supply covers (kept tickets: + points if done, - points if not), spare
  cards a little; raids count what they take from the victim. Ticket draws are valued by
  sampling 4-ticket offers from the tickets it has not seen (with 4 players, first-half draws
  pay a fixed cost for the turn).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from itertools import combinations
from typing import Any

from ...actions import Action, DrawCard, DrawTickets, KeepTickets, TakeCard
from ...games.cardgame.actions import PlayCards
from ...games.cardgame.state import (
    KEEP_TICKETS,
    LOCO,
    MARKET_SIZE,
    NKINDS,
    SECOND_CARD,
    SECOND_HALF_CARDS,
    SETUP_TICKETS,
    CardGameState,
)
from ...games.cardgame.variant import CardGameVariant
from ...rng import Rng
from ..base import Bot
from .belief import NCOL, belief_state, cardgame_variant, without_stalling_draw


# ---------------------------------------------------------------------- the planner
@dataclass(frozen=True)
class CardParams:
    """Knobs of the planning policy."""

    cards_per_turn: float = 1.15  # deck cards a turn uses up on average (for the clock)
    hand_weight: float = 0.8  # a hand card reaches the pile with at most this chance ...
    hand_ramp: float = 6.0  # ... falling linearly over the last this many own turns
    capacity_per_turn: float = 0.75  # cards a future turn can still route to the pile
    capacity_skip: float = 3.0  # the last turns add no capacity (drawn cards need time)
    capacity_weight: float = 0.55  # how much a capacity card is worth against a real one
    spare_value: float = 0.9  # points per pile card no kept ticket needs
    city_value: float = 1.5  # points per big city named by a (likely) completed ticket
    raid_value: float = 2.2  # points per card a raid takes away (2 players; scaled by 2/n)
    risk: tuple[float, ...] = (0.0, 0.30, 0.14, 0.07, 0.03, 0.01)  # raid risk by row size
    ticket_samples: int = 6  # sampled offers when valuing a ticket draw
    draw_tickets: bool = True
    second_half_turns: float = 16.0  # own turns a second half adds (4 players, first half)
    # With 4 players, in the first half: points a ticket draw must beat. The second half's
    # capacity makes early draws look cheap; the turns they spend are not (kept 9 tickets, lost
    # ~20 points on unpaid ones against route_focus; 6.0: +6 to +11% at 4 players, 0 at 2).
    early_ticket_draw_cost: float = 6.0
    # With a later half: the pile is discarded at the half's end, so pile cards help only the
    # tickets this half can complete (coverage >= split_complete); the others carry over and are
    # valued against the hand and the capacity of both halves. 0 = one pool (the old value).
    split_complete: float = 0.0
    spare_pile_value: float = 0.9  # points per pile card left over at a first half's end (split)
    # The second half's length from the table: its deck is what the hands do not hold (hands
    # carry over), so a table that hoards gets a short second half; at most second_half_turns.
    table_clock: bool = False
    # With the table clock: hand cards carried over reach the pile only as fast as one set a turn
    # and one card a row a turn move them (at most F(F-1)/2 cards in a second half of F turns).
    hand_throughput: bool = False
    # The order in which tickets take the supply's cards: most points first (False), or most
    # points per card first (True), so that a big ticket the supply cannot pay does not take the
    # cards of two small ones it can.
    by_points_per_card: bool = False
    # Value a hand of tickets by the better of both orders (points per card, points): the engine
    # scores a half's end with the best set the pile completes, so one fixed order undervalues
    # some hands. Dearer (two passes), so hard uses it only in its search's evaluation.
    best_of_orders: bool = False
    # Field overrides in games with a second half (4 players): ((field, value), ...).
    many_players: tuple[tuple[str, Any], ...] = ()


NORMAL_CARD_PARAMS = CardParams()


class Planner:
    """The normal policy. ``choose(s, p, legal, rng)`` reads only what seat ``p`` knows."""

    def __init__(self, variant: CardGameVariant, params: CardParams = NORMAL_CARD_PARAMS) -> None:
        self.v = variant
        self.params = params
        self.need = [t.need for t in variant.tickets]
        self.points = [t.points for t in variant.tickets]
        self.big = [len(t.big) for t in variant.tickets]
        self.sparse = [[(c, k) for c, k in enumerate(t.need) if k] for t in variant.tickets]
        self.size = [sum(t.need) for t in variant.tickets]
        by_ppc = [(-t.points / sum(t.need), t.index) for t in variant.tickets]
        by_points = [(-t.points, t.index) for t in variant.tickets]
        self.order_key = by_ppc if params.by_points_per_card else by_points
        # The orders ``value`` tries (the better counts): the own one, and with best_of_orders the other.
        self.value_orders = [self.order_key]
        if params.best_of_orders:
            self.value_orders.append(by_points if params.by_points_per_card else by_ppc)
        over = dict(params.many_players)
        self.many: Planner | None = (
            Planner(variant, replace(params, many_players=(), **over)) if over else None
        )

    def at(self, s: CardGameState) -> Planner:
        """The planner for this game: ``many_players`` overrides in a game with a second half."""
        return self.many if self.many is not None and s.halves > 1 else self

    # -------------------------------------------------------------- the clock
    def future_turns(self, s: CardGameState, q: int) -> float:
        """Own turns (each starting with phase 1) seat ``q`` still gets in this half."""
        if s.final_turns > 0:
            # In the final round: seats after the current one still play.
            order = [(s.current + i) % s.players for i in range(s.final_turns)]
            return 1.0 if q in order[1:] else 0.0
        per_round = s.players * self.params.cards_per_turn
        f = len(s.deck) / per_round + 1.0
        if q != s.current and (q - s.current) % s.players:
            f += 0.5  # seats after the current one in the round
        return f

    def second_half_turns(self, s: CardGameState) -> float:
        """Own turns the second half will give each seat (seen from the first half)."""
        pr = self.params
        if not pr.table_clock:
            return pr.second_half_turns
        cards = len(s.deck) + len(s.discard) + sum(1 for c in s.market if c >= 0)
        for q in range(s.players):
            cards += sum(s.piles[q]) + sum(s.yard_n[q]) + sum(s.yard_k[q])
        deck2 = cards - MARKET_SIZE - SECOND_HALF_CARDS * s.players
        turns = max(0.0, deck2) / (s.players * pr.cards_per_turn) + 1.0
        return min(pr.second_half_turns, turns)

    # -------------------------------------------------------------- the value
    def supply(
        self,
        s: CardGameState,
        q: int,
        f: float,
        hand: Sequence[int] | None = None,
        yard_n: Sequence[int] | None = None,
        yard_k: Sequence[int] | None = None,
    ) -> tuple[list[float], float]:
        """Expected cards of each kind in ``q``'s pile at the end of the half (hand cards
        weighted), and the capacity for cards not yet drawn."""
        pr = self.params
        hand = s.hands[q] if hand is None else hand
        yn = s.yard_n[q] if yard_n is None else yard_n
        yk = s.yard_k[q] if yard_k is None else yard_k
        sup = [float(x) for x in s.piles[q]]
        risk = pr.risk
        fi = int(f)
        for c in range(NCOL):
            n, k = yn[c], yk[c]
            if n:
                r = n + k
                keep = 1.0 - (risk[r] if r < len(risk) else 0.0)
                lk = min(k, fi)
                sup[LOCO] += lk * keep
                sup[c] += min(n, fi - lk) * keep
        later = s.half < s.halves
        w = pr.hand_weight * min(1.0, max(0.0, (f - 1.5) / pr.hand_ramp))
        if later:
            w = max(w, 0.6)
        for c in range(NKINDS):
            if hand[c]:
                sup[c] += w * hand[c]
        cap = max(0.0, f - pr.capacity_skip) * pr.capacity_per_turn
        if later:
            cap += self.second_half_turns(s) * pr.capacity_per_turn
        return sup, cap * pr.capacity_weight

    def tickets_value(
        self,
        tickets: Sequence[int],
        sup: Sequence[float],
        cap: float,
        final: bool,
        order: Sequence[tuple[float, int]] | None = None,
    ) -> float:
        """Expected score of ``tickets`` against the supply: + points for the covered part of a
        ticket, - points for the rest (an uncompleted ticket costs its value), spare cards a bit.
        Tickets take their cards in turn (``order``, else ``order_key``: by points, or by points
        per card)."""
        pr = self.params
        key = (self.order_key if order is None else order).__getitem__
        left = list(sup)
        total = 0.0
        sparse = self.sparse
        points = self.points
        city = pr.city_value
        for t in sorted(tickets, key=key):
            size = self.size[t]
            got = 0.0
            for c, k in sparse[t]:
                have = left[c]
                if have >= k:
                    left[c] = have - k
                    got += k
                elif have > 0:
                    left[c] = 0.0
                    got += have
            short = size - got
            if short > 1e-9:
                loco = left[LOCO]
                if loco > 0:
                    take = short if short < loco else loco
                    left[LOCO] = loco - take
                    got += take
                    short -= take
                if short > 1e-9 and cap > 0:
                    take = short if short < cap else cap
                    cap -= take
                    got += take
            frac = got / size
            if final:
                frac = 1.0 if frac > 0.999 else frac * 0.5
            total += (2.0 * frac - 1.0) * points[t] + city * frac * self.big[t]
        spare = 0.0
        for x in left:
            spare += x if x < 12.0 else 12.0
        return total + pr.spare_value * spare

    def value(
        self,
        s: CardGameState,
        q: int,
        f: float,
        tickets: Sequence[int] | None = None,
        hand: Sequence[int] | None = None,
        yard_n: Sequence[int] | None = None,
        yard_k: Sequence[int] | None = None,
    ) -> float:
        tickets = s.tickets[q] if tickets is None else tickets
        if self.params.split_complete > 0 and s.half < s.halves:
            return max(
                self.split_value(s, q, f, tickets, hand, yard_n, yard_k, order) for order in self.value_orders
            )
        sup, cap = self.supply(s, q, f, hand, yard_n, yard_k)
        final = f < 0.5 and s.half == s.halves
        return max(self.tickets_value(tickets, sup, cap, final, order) for order in self.value_orders)

    def split_value(
        self,
        s: CardGameState,
        q: int,
        f: float,
        tickets: Sequence[int],
        hand: Sequence[int] | None,
        yard_n: Sequence[int] | None,
        yard_k: Sequence[int] | None,
        order: Sequence[tuple[float, int]] | None = None,
    ) -> float:
        """``tickets_value`` for a half with a later one: the pile (and what the rows still move)
        pays only the tickets this half completes; the rest carry over with the hand."""
        pr = self.params
        hand = s.hands[q] if hand is None else hand
        empty = [0] * NKINDS
        pile, cap_all = self.supply(s, q, f, empty, yard_n, yard_k)
        with_hand, _ = self.supply(s, q, f, hand, yard_n, yard_k)
        held = [a - b for a, b in zip(with_hand, pile)]
        if pr.hand_throughput and pr.table_clock:
            f2 = self.second_half_turns(s)
            most = f2 * max(0.0, f2 - 1.0) / 2.0
            total_held = sum(held)
            if total_held > most:
                held = [x * most / total_held for x in held]
        cap1 = max(0.0, f - pr.capacity_skip) * pr.capacity_per_turn * pr.capacity_weight
        cap2 = cap_all - cap1
        total = 0.0
        for t in sorted(tickets, key=(self.order_key if order is None else order).__getitem__):
            size = self.size[t]
            # This half: pile, hand, this half's capacity.
            use_p = [0.0] * NKINDS
            use_h = [0.0] * NKINDS
            got = 0.0
            for c, k in self.sparse[t]:
                a = min(k, pile[c])
                b = min(k - a, held[c])
                use_p[c] += a
                use_h[c] += b
                got += a + b
            short = size - got
            for src, use in ((pile, use_p), (held, use_h)):
                if short > 1e-9 and src[LOCO] > 0:
                    take = min(short, src[LOCO])
                    use[LOCO] += take
                    got += take
                    short -= take
            c1 = min(short, cap1) if short > 1e-9 else 0.0
            got += c1
            if got >= pr.split_complete * size - 1e-9:
                for c in range(NKINDS):
                    pile[c] -= use_p[c]
                    held[c] -= use_h[c]
                cap1 -= c1
                frac = got / size
            else:  # carried over: hand and capacity only
                got = 0.0
                for c, k in self.sparse[t]:
                    b = min(k, held[c])
                    held[c] -= b
                    got += b
                short = size - got
                if short > 1e-9 and held[LOCO] > 0:
                    take = min(short, held[LOCO])
                    held[LOCO] -= take
                    got += take
                    short -= take
                if short > 1e-9:
                    take = min(short, cap1 + cap2)
                    got += take
                    from_2 = min(take, cap2)
                    cap2 -= from_2
                    cap1 -= take - from_2
                frac = got / size
            total += (2.0 * frac - 1.0) * self.points[t] + pr.city_value * frac * self.big[t]
        spare = sum(min(x, 12.0) for x in held) * pr.spare_value
        spare += sum(min(x, 12.0) for x in pile) * pr.spare_pile_value
        return total + spare

    # -------------------------------------------------------------- decisions
    def choose(self, s: CardGameState, p: int, legal: Sequence[Action], rng: Rng) -> Action:
        if len(legal) == 1:
            return legal[0]
        if self.many is not None and s.halves > 1:
            return self.many.choose(s, p, legal, rng)
        if s.phase in (SETUP_TICKETS, KEEP_TICKETS):
            return self.keep(s, p, legal)
        if s.phase == SECOND_CARD:
            f = self.future_turns(s, p)
            return self.second_card(s, legal, self.card_margins(s, p, f, self.value(s, p, f)))
        return self.rank(s, p, legal, rng)[0][1]

    def rank(self, s: CardGameState, p: int, legal: Sequence[Action], rng: Rng) -> list[tuple[float, Action]]:
        """Main-phase actions with their estimated gains, best first (ties: legal order)."""
        if self.many is not None and s.halves > 1:
            return self.many.rank(s, p, legal, rng)
        f = self.future_turns(s, p)
        base = self.value(s, p, f)
        marg = self.card_margins(s, p, f, base)
        scored: list[tuple[float, int]] = []
        g2 = self.second_gain(s, marg)
        blind = self.blind_gain(s, p, marg)
        for i, a in enumerate(legal):
            kind = type(a)
            if kind is TakeCard:
                c = s.market[a.slot]  # type: ignore[attr-defined]
                q = marg[c] + (0.0 if c == LOCO else g2)
            elif kind is DrawCard:
                q = blind + g2
            elif kind is PlayCards:
                q = self.play_value(s, p, f, a, base)  # type: ignore[arg-type]
            elif kind is DrawTickets:
                q = self.ticket_draw_value(s, p, f, base, rng) if self.params.draw_tickets else -1e9
            else:
                q = -1e8
            scored.append((-round(q, 9), i))
        scored.sort()
        return [(-q, legal[i]) for q, i in scored]

    def card_margins(self, s: CardGameState, p: int, f: float, base: float) -> list[float]:
        hand = s.hands[p][:]
        out = []
        for c in range(NKINDS):
            hand[c] += 1
            out.append(self.value(s, p, f, hand=hand) - base)
            hand[c] -= 1
        return out

    def second_gain(self, s: CardGameState, marg: Sequence[float]) -> float:
        best = 0.0
        for c in s.market:
            if 0 <= c != LOCO:
                best = max(best, marg[c])
        return best

    def blind_gain(self, s: CardGameState, p: int, marg: Sequence[float]) -> float:
        """Expected margin of a blind card, over the cards seat ``p`` has not seen."""
        left = self.v.unseen_cards(s, p)
        tot = sum(max(0, x) for x in left)
        if tot <= 0:
            return 0.0
        return sum(max(0, x) * m for x, m in zip(left, marg)) / tot

    def second_card(self, s: CardGameState, legal: Sequence[Action], marg: Sequence[float]) -> Action:
        best: tuple[float, int] | None = None
        blind = None
        for i, a in enumerate(legal):
            if type(a) is TakeCard:
                q = marg[s.market[a.slot]]
            else:
                if blind is None:
                    blind = self.blind_gain(s, s.current, marg)
                q = blind
            if best is None or q > best[0] + 1e-9:
                best = (q, i)
        assert best is not None
        return legal[best[1]]

    def play_value(self, s: CardGameState, p: int, f: float, a: PlayCards, base: float) -> float:
        info = self.v.play_info[a]
        hand = s.hands[p][:]
        yn = s.yard_n[p][:]
        yk = s.yard_k[p][:]
        raid = 0.0
        if info[0] == "set":
            _, c, n, k = info
            hand[c] -= n
            hand[LOCO] -= k
            yn[c] = n
            yk[c] = k
            for q in range(s.players):
                if q != p and s.yard_n[q][c]:
                    r = s.yard_n[q][c] + s.yard_k[q][c]
                    fq = self.future_turns(s, q)
                    raid += min(r, fq) * self.params.raid_value * 2.0 / s.players
        else:
            for c in info[1]:
                hand[c] -= 1
                yn[c] = 1
                yk[c] = 0
        return self.value(s, p, f, hand=hand, yard_n=yn, yard_k=yk) - base + raid

    def unseen_tickets(self, s: CardGameState, p: int) -> list[int]:
        seen = set(s.tickets[p]) | set(s.offered[p])
        for q in range(s.players):
            seen.update(t for t, _, _ in s.completed[q])
        return [t for t in range(len(self.need)) if t not in seen]

    def best_subset(
        self, s: CardGameState, p: int, f: float, offered: Sequence[int], least: int
    ) -> tuple[float, tuple[int, ...]]:
        sup, cap = self.supply(s, p, f)
        final = f < 0.5 and s.half == s.halves
        cur = list(s.tickets[p])
        best: tuple[float, tuple[int, ...]] | None = None
        offered = sorted(offered)
        for size in range(least, len(offered) + 1):
            for sub in combinations(offered, size):
                val = self.tickets_value(cur + list(sub), sup, cap, final)
                if best is None or val > best[0] + 1e-9:
                    best = (val, sub)
        assert best is not None
        return best

    def ticket_draw_value(self, s: CardGameState, p: int, f: float, base: float, rng: Rng) -> float:
        pool = self.unseen_tickets(s, p)
        k = min(4, len(s.ticket_deck))
        if k == 0 or not pool:
            return -1e9
        total = 0.0
        m = self.params.ticket_samples
        for _ in range(m):
            sample = []
            tmp = pool[:]
            for _ in range(min(k, len(tmp))):
                sample.append(tmp.pop(rng.randbelow(len(tmp))))
            total += self.best_subset(s, p, f, sample, 0)[0] - base
        cost = self.params.early_ticket_draw_cost if s.half < s.halves else 0.0
        return total / m - cost

    def keep(self, s: CardGameState, p: int, legal: Sequence[Action]) -> Action:
        offered = s.offered[p]
        least = 1 if s.phase == SETUP_TICKETS else 0
        least = min(least, len(offered))
        f = self.future_turns(s, p)
        _, sub = self.best_subset(s, p, f, offered, least)
        return _pick_keep(sub, legal)


def _pick_keep(sub: Sequence[int], legal: Sequence[Action]) -> Action:
    tickets = cardgame_variant().tickets
    want = tuple(tickets[t].id for t in sorted(sub))
    for a in legal:
        if isinstance(a, KeepTickets) and a.tickets == want:
            return a
    for a in legal:  # fallback (should not happen): the smallest legal keep
        if isinstance(a, KeepTickets):
            return a
    return legal[0]


# ---------------------------------------------------------------------- bots
class CardGameBot(Bot):
    """A card-game bot: builds the belief state from the view (with its log) and asks its
    policy. ``wants_log`` tells ``bot_action`` to include the log in the view."""

    variants = ("cardgame",)
    wants_log = True

    def __init__(self, name: str, description: str, make_policy: Any) -> None:
        self.name = name
        self.description = description
        self._make = make_policy
        self._policy: Any = None

    def policy(self) -> Any:
        if self._policy is None:
            self._policy = self._make(cardgame_variant())
        return self._policy

    def choose(
        self, view: dict[str, Any], legal: Sequence[Action], rng: Rng, board: dict[str, Any]
    ) -> Action:
        del board  # The variant's static data is the same.
        legal = without_stalling_draw(view, legal)
        if len(legal) == 1:
            return legal[0]
        s = belief_state(view, cardgame_variant())
        action: Action = self.policy().choose(s, int(view["you"]), legal, rng)
        return action


def cardgame_normal_bot() -> Bot:
    return CardGameBot(
        "cardgame_normal",
        "Card game, normal: plans tickets against the expected on-the-way pile; raids when it pays.",
        Planner,
    )


__all__ = [
    "NORMAL_CARD_PARAMS",
    "CardGameBot",
    "CardParams",
    "Planner",
    "cardgame_normal_bot",
]
