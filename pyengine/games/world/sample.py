"""Rails & Sails: a full state consistent with what one seat knows, the inverse of ``view``.

Bots search by playing such states out; ``view(sample_state(view(s, p)), p) == view(s, p)``
(tests/test_sample_state.py). Hidden parts -- both decks' order, the discard piles, opponents'
hands, tickets and offers, a hidden piece mix -- are dealt with the caller's generator.
"""

from __future__ import annotations

from typing import Any

from ...rng import Rng
from .state import (
    CARD_COUNTS,
    CARD_INDEX,
    DECK_OF,
    MAX_SHIPS,
    MAX_TRAINS,
    NCARDS,
    RECOMMENDED_MIX,
    SETUP_PIECES,
    SETUP_TICKETS,
    SHIP_DECK,
    TRAIN_DECK,
    WorldState,
)
from .view import WorldView


class WorldSampler(WorldView):
    """``sample_state``: a seat's view back to a full state."""

    def sample_state(self, view: dict[str, Any], rng: Rng) -> WorldState:
        """A full WorldState consistent with ``view``: the hidden parts dealt at random."""
        board = self.board
        me = int(view["you"])
        players = view["players"]
        n = len(players)
        mine = view["me"]
        s = self.table_from_view(WorldState(), view, rng)
        s.joker_limit = int(view.get("joker_reset", 3))
        s.owner = [-1] * len(board.routes)
        for rid, p in view["routes"].items():
            s.owner[board.route_index[rid]] = int(p)
        s.points = [int(p["score"]) for p in players]
        s.exchanged = [int(p["exchanged"]) for p in players]
        s.chosen = [bool(p["chose_pieces"]) for p in players]
        s.trains, s.ships, s.box_trains, s.box_ships = [], [], [], []
        for p, pl in enumerate(players):
            if pl["trains"] is not None:
                t, sh, bt, bs = (
                    int(pl["trains"]),
                    int(pl["ships"]),
                    int(pl["box_trains"]),
                    int(pl["box_ships"]),
                )
            elif s.chosen[p]:  # chosen but hidden from me: guess the recommended mix
                t, sh = RECOMMENDED_MIX
                bt, bs = MAX_TRAINS - t, MAX_SHIPS - sh
            else:
                t, sh, bt, bs = 0, 0, MAX_TRAINS, MAX_SHIPS
            s.trains.append(t)
            s.ships.append(sh)
            s.box_trains.append(bt)
            s.box_ships.append(bs)
        s.harbor_owner = [-1] * len(board.cities)
        for cid, p in view["harbors"].items():
            s.harbor_owner[board.city_index[cid]] = int(p)
        s.harbors_left = [int(p["harbors_left"]) for p in players]
        # Cards: everything not in my hand or the market is unseen, per deck.
        my_hand = [0] * NCARDS
        for name, k in mine["hand"].items():
            my_hand[CARD_INDEX[name]] = int(k)
        s.market = [CARD_INDEX[c] if c is not None else -1 for c in view["market"]]
        unseen = list(CARD_COUNTS)
        for c in range(NCARDS):
            unseen[c] -= my_hand[c]
        for c in s.market:
            if c >= 0:
                unseen[c] -= 1
        pools = {TRAIN_DECK: [], SHIP_DECK: []}  # type: dict[int, list[int]]
        for c in range(NCARDS):
            pools[DECK_OF[c]].extend([c] * max(0, unseen[c]))
        for pool in pools.values():
            rng.shuffle(pool)
        s.hands = []
        for p, pl in enumerate(players):
            if p == me:
                s.hands.append(my_hand)
                continue
            h = [0] * NCARDS
            for deck, key in ((TRAIN_DECK, "train_cards"), (SHIP_DECK, "ship_cards")):
                for _ in range(int(pl[key])):
                    if pools[deck]:
                        h[pools[deck].pop()] += 1
            s.hands.append(h)
        tp, sp = pools[TRAIN_DECK], pools[SHIP_DECK]
        nd = min(int(view["discards"]["train"]), len(tp))
        s.train_discard = [tp.pop() for _ in range(nd)]
        s.train_deck = tp
        nd = min(int(view["discards"]["ship"]), len(sp))
        s.ship_discard = [sp.pop() for _ in range(nd)]
        s.ship_deck = sp
        # Tickets.
        my_t = [board.ticket_index[t["id"]] for t in mine["tickets"]]
        offered = [board.ticket_index[t["id"]] for t in mine["offered"]]
        known = set(my_t) | set(offered)
        unknown = [t for t in range(len(board.tickets)) if t not in known]
        rng.shuffle(unknown)
        s.tickets = [[] for _ in range(n)]
        s.offered = [[] for _ in range(n)]
        s.tickets[me] = my_t
        s.offered[me] = offered
        deck_n = int(view["ticket_deck"])
        for p, pl in enumerate(players):
            if p == me:
                continue
            for _ in range(int(pl["tickets"])):
                if unknown:
                    s.tickets[p].append(unknown.pop())
        choosing = [p for p, pl in enumerate(players) if p != me and pl.get("choosing_tickets")]
        spare = max(0, len(unknown) - deck_n)
        for i, p in enumerate(choosing):
            share = spare // len(choosing) + (1 if i < spare % len(choosing) else 0)
            for _ in range(share):
                s.offered[p].append(unknown.pop())
        s.ticket_deck = unknown
        s.final_turns = int(view.get("final_turns_left", 0)) if view.get("final_round") else -1
        s.passes = 0
        s.start_player = _start_player(players, me, s.phase)
        s.market_resets = int(view.get("market_resets", 0))
        s.reshuffles = 0
        return s


def _start_player(players: list[dict[str, Any]], me: int, phase: int) -> int:
    """During setup the seats act in turn from the start player: those after me that are done
    already come first in that order, so the start player is the first done seat after me."""
    if phase not in (SETUP_TICKETS, SETUP_PIECES):
        return 0
    key = "choosing_tickets" if phase == SETUP_TICKETS else "chose_pieces"
    n = len(players)
    for j in range(1, n):
        seat = (me + j) % n
        done = (not players[seat].get(key)) if phase == SETUP_TICKETS else bool(players[seat][key])
        if done:
            return seat
    return me
