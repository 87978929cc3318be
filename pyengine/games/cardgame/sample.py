"""The card game: a full state consistent with what one seat knows, the inverse of ``view``.

The on-the-way piles are face down, but every card that reaches a pile came from a face-up
rail-yard row, so a seat that remembers the public log knows every pile: ``track_piles`` replays
the log (when the view carries one) to recover them. ``sample_state`` fills in the rest -- deck,
discard, opponents' hands and tickets, unknown pile cards -- at random with the caller's
generator (or in a fixed order without one). ``view(sample_state(view(s, p)), p) == view(s, p)``
(tests/test_sample_state.py).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ...rng import Rng
from .state import CARD_INDEX, CARD_NAMES, COLORS, KEEP_TICKETS, LOCO, NKINDS, CardGameState
from .view import CardGameView

NCOL = len(COLORS)


# ---------------------------------------------------------------------- memory of the log
@dataclass
class PileKnowledge:
    """Piles recovered from the public log: known counts per kind and unknown cards per seat."""

    known: list[list[int]]
    unknown: list[int]


def track_piles(view: dict[str, Any]) -> PileKnowledge:
    """Replay the log of ``view`` (plays, raids, phase-1 moves, ends of halves) to recover every
    on-the-way pile. Without a log, or where the log cannot explain a pile, cards are unknown."""
    players = view["players"]
    n = len(players)
    yard_n = [[0] * NCOL for _ in range(n)]
    yard_k = [[0] * NCOL for _ in range(n)]
    known = [[0] * NKINDS for _ in range(n)]
    unknown = [0] * n
    for ev in view.get("log") or ():
        kind = ev.get("kind")
        if kind == "play":
            p = ev["player"]
            cards = ev.get("cards") or {}
            if ev.get("set") == "one_color":
                for raid in ev.get("raids") or ():
                    c = CARD_INDEX[raid["color"]]
                    yard_n[raid["victim"]][c] = 0
                    yard_k[raid["victim"]][c] = 0
                for name, k in cards.items():
                    if name != "loco":
                        c = CARD_INDEX[name]
                        yard_n[p][c] = k
                        yard_k[p][c] = cards.get("loco", 0)
            else:
                for name in cards:
                    yard_n[p][CARD_INDEX[name]] = 1
                    yard_k[p][CARD_INDEX[name]] = 0
        for a in ev.get("auto") or ():
            ak = a.get("kind")
            if ak == "phase1":
                q = a["player"]
                for name in a["rows"]:
                    c = CARD_INDEX[name]
                    if yard_k[q][c]:
                        yard_k[q][c] -= 1
                        known[q][LOCO] += 1
                    elif yard_n[q][c]:
                        yard_n[q][c] -= 1
                        known[q][c] += 1
                    else:
                        unknown[q] += 1
            elif ak == "half_end":
                for q in range(n):
                    known[q] = [0] * NKINDS
                    unknown[q] = 0
                    yard_n[q] = [0] * NCOL
                    yard_k[q] = [0] * NCOL
    # Reconcile with the sizes the view shows (the view is the authority).
    for q in range(n):
        size = int(players[q]["pile"])
        have = sum(known[q])
        if have > size:
            known[q] = [0] * NKINDS
            have = 0
        unknown[q] = size - have
    me = view.get("you")
    mine = (view.get("me") or {}).get("pile")
    if mine is not None and me is not None:  # option look_at_own_pile
        known[me] = [
            int(mine.get(name, 0))
            for name in ("red", "orange", "yellow", "green", "blue", "purple", "black", "white", "loco")
        ]
        unknown[me] = 0
    return PileKnowledge(known, unknown)


class CardGameSampler(CardGameView):
    """``sample_state``: a seat's view (and what its log tells) back to a full state."""

    def unseen_cards(self, s: CardGameState, seat: int) -> list[int]:
        """How many cards of each kind ``seat`` has not seen: the game's cards less the market,
        the rail yards, the on-the-way piles it knows and its own hand (may go below 0 where
        ``s`` holds a guess)."""
        left = list(self.expected_cards)
        for c in s.market:
            if c >= 0:
                left[c] -= 1
        for q in range(s.players):
            for c in range(NCOL):
                left[c] -= s.yard_n[q][c]
                left[LOCO] -= s.yard_k[q][c]
            for c in range(NKINDS):
                left[c] -= s.piles[q][c]
        for c in range(NKINDS):
            left[c] -= s.hands[seat][c]
        return left

    def sample_state(
        self, view: dict[str, Any], rng: Rng | None, piles: PileKnowledge | None = None
    ) -> CardGameState:
        """A full state consistent with ``view``: public and own parts exact; the hidden cards
        (deck, discard, opponents' hands, unknown pile cards) and opponents' tickets dealt from
        what the seat has not seen -- at random with ``rng``, in a fixed order without it.
        ``piles``: what the log tells of the piles (default: ``track_piles(view)``)."""
        players = view["players"]
        n = len(players)
        me = int(view["you"])
        mine = view["me"]
        if piles is None:
            piles = track_piles(view)
        s = self.table_from_view(CardGameState(), view, rng)
        s.half = int(view.get("half", 1))
        s.halves = int(view.get("halves", 1))
        s.look = bool(view.get("look_at_own_pile", False))
        s.final_turns = int(view["final_turns_left"]) if view.get("final_round") else -1
        s.start_player = 0
        s.market = [CARD_INDEX[c] if c is not None else -1 for c in view["market"]]
        s.yard_n = [[0] * NCOL for _ in range(n)]
        s.yard_k = [[0] * NCOL for _ in range(n)]
        for q, pl in enumerate(players):
            for name, row in pl["yard"].items():
                c = CARD_INDEX[name]
                s.yard_n[q][c] = int(row["cards"])
                s.yard_k[q][c] = int(row["locos"])
        s.hands = [[0] * NKINDS for _ in range(n)]
        for name, k in mine["hand"].items():
            s.hands[me][CARD_INDEX[name]] = int(k)
        s.piles = [list(row) for row in piles.known]
        left = self.unseen_cards(s, me)
        if rng is not None:
            pool = [c for c in range(NKINDS) for _ in range(max(0, left[c]))]
            rng.shuffle(pool)
        else:  # a fixed filling that spreads the kinds (dealt from the end)
            pool = [c for i in range(max(left + [0]), 0, -1) for c in range(NKINDS) if left[c] >= i]

        def deal(k: int) -> list[int]:
            out = pool[-k:] if k > 0 else []
            del pool[len(pool) - len(out) :]
            return out

        for q in range(n):
            for c in deal(piles.unknown[q]):
                s.piles[q][c] += 1
            if q != me:
                for c in deal(int(players[q]["hand"])):
                    s.hands[q][c] += 1
        ndeck = int(view["deck"])
        s.deck = deal(ndeck)
        s.discard = pool[:]
        # Tickets.
        tix = self.data.ticket_index
        s.tickets = [[] for _ in range(n)]
        s.offered = [[] for _ in range(n)]
        s.completed = [[] for _ in range(n)]
        s.tickets[me] = [tix[t["id"]] for t in mine["tickets"]]
        s.offered[me] = [tix[t["id"]] for t in mine["offered"]]
        seen = set(s.tickets[me]) | set(s.offered[me])
        for q, pl in enumerate(players):
            for t in pl["completed"]:
                i = tix[t["id"]]
                paid = t.get("cards") or {}  # the cards that paid it (bookkeeping only)
                cards = tuple(int(paid.get(name, 0)) for name in CARD_NAMES) if paid else ()
                s.completed[q].append((i, int(t.get("half", 1)), cards))
                seen.add(i)
        tpool = [t for t in range(len(self.tickets)) if t not in seen]
        if rng is not None:
            rng.shuffle(tpool)
        for q, pl in enumerate(players):
            if q != me:
                k = min(int(pl["tickets"]), len(tpool))
                s.tickets[q] = tpool[len(tpool) - k :]
                del tpool[len(tpool) - k :]
                if pl.get("choosing_tickets"):
                    k = min(4 if s.phase == KEEP_TICKETS else 6, len(tpool))
                    s.offered[q] = tpool[len(tpool) - k :]
                    del tpool[len(tpool) - k :]
        s.ticket_deck = tpool[: int(view["ticket_deck"])]
        return s
