"""Card game level easy: simple rules, no look-ahead (see ``planner.py`` for the shared plumbing).

Keep the 3 cheapest tickets, take face-up cards the tickets need, play a set as soon as it has 2+
cards of a playable color (a lone needed card with one locomotive counts), now and then draw
tickets and keep those the spare cards already pay.
"""

from __future__ import annotations

from collections.abc import Sequence

from ...actions import Action, DrawCard, DrawTickets, TakeCard
from ...games.cardgame.actions import PlayCards
from ...games.cardgame.solver import feasible
from ...games.cardgame.state import KEEP_TICKETS, LOCO, MAIN, NKINDS, SETUP_TICKETS, CardGameState
from ...games.cardgame.variant import CardGameVariant
from ...rng import Rng
from ..base import Bot
from .belief import NCOL
from .planner import CardGameBot, _pick_keep


class EasyPolicy:
    """Simple rules, no look-ahead: cheap tickets, needed colors, sets as soon as possible."""

    def __init__(self, variant: CardGameVariant) -> None:
        self.v = variant
        self.need = [t.need for t in variant.tickets]

    def choose(self, s: CardGameState, p: int, legal: Sequence[Action], rng: Rng) -> Action:
        if len(legal) == 1:
            return legal[0]
        if s.phase == SETUP_TICKETS:
            offered = sorted(s.offered[p], key=lambda t: (sum(self.need[t]), -self.v.tickets[t].points))
            return _pick_keep(offered[:3], legal)
        # What is on the way or in the yard, less what the kept tickets need.
        spare = [s.piles[p][c] + (s.yard_n[p][c] if c < NCOL else 0) for c in range(NKINDS)]
        spare[LOCO] += sum(s.yard_k[p])
        want = [0] * NKINDS
        for t in s.tickets[p]:
            for c, k in enumerate(self.need[t]):
                want[c] += k
        for c in range(NCOL):
            used = min(want[c], spare[c])
            spare[c] -= used
            want[c] -= used
        short = sum(want)
        if s.phase == KEEP_TICKETS:
            # Keep the offered tickets the spare cards already pay, one by one (early in the
            # half, the hand counts too).
            if len(s.deck) > 20:
                spare = [a + b for a, b in zip(spare, s.hands[p])]
            keep = []
            for t in sorted(s.offered[p], key=lambda t: -self.v.tickets[t].points):
                if feasible([self.need[t]], spare):
                    keep.append(t)
                    for c, k in enumerate(self.need[t]):
                        use = min(k, spare[c])
                        spare[c] -= use
                        spare[LOCO] -= k - use
            return _pick_keep(keep, legal)
        hand = s.hands[p]
        if s.phase == MAIN and sum(spare) - short >= 3 and len(s.ticket_deck) >= 4 and rng.random() < 0.5:
            for a in legal:
                if type(a) is DrawTickets:
                    return a
        if s.phase == MAIN:
            plays = [a for a in legal if type(a) is PlayCards]
            best = None
            for a in plays:
                info = self.v.play_info[a]
                if info[0] == "set":
                    _, c, n, k = info
                    if n == 1 and k == 1 and want[c] > 0:
                        # A lone needed card with one locomotive: else locomotives pile up in
                        # the hand and never reach the pile (the main loss at 4 players).
                        score = (True, True, 2)
                    elif k or n < 2:
                        continue  # otherwise plain pairs or more, locomotives kept
                    else:
                        score = (True, want[c] > 0, n)
                else:
                    score = (sum(1 for c in info[1] if want[c] > 0) >= 2 or not short, True, 1)
                if best is None or score > best[0]:
                    best = (score, a)
            if best is not None and (best[0][0] or rng.random() < 0.5):
                return best[1]
        takes = [a for a in legal if type(a) is TakeCard]
        good = [a for a in takes if want[s.market[a.slot]] > 0 and s.market[a.slot] != LOCO]
        if good:
            return max(good, key=lambda a: (want[s.market[a.slot]] - hand[s.market[a.slot]], -a.slot))
        for a in legal:
            if type(a) is DrawCard:
                return a
        if takes:
            return takes[rng.randbelow(len(takes))]
        plays = [a for a in legal if type(a) is PlayCards]
        if plays:
            return plays[-1]
        others = [a for a in legal if not isinstance(a, DrawTickets)]
        return (others or list(legal))[0]


def cardgame_easy_bot() -> Bot:
    return CardGameBot(
        "cardgame_easy", "Card game, easy: simple rules (needed colors, sets of 2+).", EasyPolicy
    )


__all__ = ["EasyPolicy", "cardgame_easy_bot"]
