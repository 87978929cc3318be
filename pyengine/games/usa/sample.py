"""The classic game: a full state consistent with what one seat knows, the inverse of ``view``.

Bots search by playing such states out; ``view(sample_state(view(s, p)), p) == view(s, p)``
(tests/test_sample_state.py). Hidden parts -- the deck order, the discard pile, opponents' hands,
tickets and offers -- are dealt from what the seat has not seen, with the caller's generator.
"""

from __future__ import annotations

from typing import Any

from ...rng import Rng
from .rules import CARD_INDEX, CARD_NAMES, CARDS_PER_COLOR, LOCO, LOCOMOTIVES, SETUP_TICKETS, UsaState
from .tickets import DEFAULT_WAY, way_of_play
from .view import UsaView


class UsaSampler(UsaView):
    """``sample_state``: a seat's view back to a full state."""

    def sample_state(self, view: dict[str, Any], rng: Rng, ticket_bias: float = 0.0) -> UsaState:
        """A full state consistent with ``view``; hidden cards and tickets dealt at random.

        ``ticket_bias`` > 0 weights an opponent's tickets towards those whose cities its routes
        touch (what its claims suggest; the bots use 2), 0 deals them uniformly.
        """
        board = self.board
        me = int(view["you"])
        players = view["players"]
        n = len(players)
        s = self.table_from_view(UsaState(), view, rng)
        s.way = way_of_play(view.get("tickets_option", DEFAULT_WAY))
        s.owner = [-1] * len(board.routes)
        for rid, p in view["routes"].items():
            s.owner[board.route_index[rid]] = int(p)
        s.open = self.open_routes.seat_masks(s.owner, n)
        s.trains = [int(p["trains"]) for p in players]
        s.points = [int(p["score"]) for p in players]
        ncards = len(CARD_NAMES)
        # Cards: everything not in my hand or the market is somewhere unseen.
        pool_counts = [CARDS_PER_COLOR] * ncards
        pool_counts[LOCO] = LOCOMOTIVES
        my_hand = [0] * ncards
        for name, k in view["me"]["hand"].items():
            my_hand[CARD_INDEX[name]] = int(k)
        market = [CARD_INDEX[c] if c is not None else -1 for c in view["market"]]
        for c in range(ncards):
            pool_counts[c] -= my_hand[c]
        for c in market:
            if c >= 0:
                pool_counts[c] -= 1
        pool = [c for c in range(ncards) for _ in range(max(0, pool_counts[c]))]
        rng.shuffle(pool)
        s.hands = []
        for p in range(n):
            if p == me:
                s.hands.append(my_hand[:])
                continue
            h = [0] * ncards
            for _ in range(int(players[p]["hand"])):
                if pool:
                    h[pool.pop()] += 1
            s.hands.append(h)
        nd = min(int(view["discard"]), len(pool))
        s.discard = [pool.pop() for _ in range(nd)]
        s.deck = pool  # already shuffled; the end is the top
        s.market = market
        # Tickets: mine are known; opponents' held tickets first, then their offers, from the rest.
        mine = [board.ticket_index[t["id"]] for t in view["me"]["tickets"]]
        offered = [board.ticket_index[t["id"]] for t in view["me"]["offered"]]
        known = set(mine) | set(offered)
        unknown = [t for t in self.decks[s.way.name] if t not in known]  # this way's deck
        rng.shuffle(unknown)
        s.tickets = [[] for _ in range(n)]
        s.offered = [[] for _ in range(n)]
        s.tickets[me] = mine
        s.offered[me] = offered
        held = [0 if p == me else int(players[p]["tickets"]) for p in range(n)]
        for p in range(n):
            if p == me:
                continue
            touched = {
                c for r, o in enumerate(s.owner) if o == p for c in (board.routes[r].a, board.routes[r].b)
            }
            for _ in range(held[p]):
                if unknown:
                    s.tickets[p].append(self._weighted_pop(unknown, touched, ticket_bias, rng))
            if players[p].get("choosing_tickets"):
                # An offer never takes tickets the later seats are known to hold (a short deck).
                spare = len(unknown) - sum(held[p + 1 :])
                offer_size = s.way.start_deal if s.phase == SETUP_TICKETS else s.way.draw
                for _ in range(max(0, min(offer_size, spare))):
                    s.offered[p].append(unknown.pop())
        s.ticket_deck = unknown
        s.final_turns = int(view.get("final_turns_left", 0)) if view.get("final_round") else -1
        s.passes = 0
        s.start_player = _start_player(players, me) if view["phase"] == "setup_tickets" else 0
        return s

    def _weighted_pop(self, unknown: list[int], touched: set[int], bias: float, rng: Rng) -> int:
        weights = []
        for t in unknown:
            a, b = self.board.tickets[t].cities[:2]
            weights.append(1.0 + bias * (a in touched) + bias * (b in touched))
        x = rng.random() * sum(weights)
        for i, w in enumerate(weights):
            x -= w
            if x < 0:
                return unknown.pop(i)
        return unknown.pop()


def _start_player(players: list[dict[str, Any]], me: int) -> int:
    """During setup the seats still choosing form a block starting at me; the start player is
    the first seat after that block (everyone choosing: me)."""
    n = len(players)
    for k in range(1, n):
        seat = (me + k) % n
        if not players[seat].get("choosing_tickets"):
            return seat
    return me
