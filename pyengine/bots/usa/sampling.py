"""Sampled worlds for the classic bots: a full state consistent with one seat's view (deck order,
discard pile, opponents' hands and tickets dealt with the bot's own rng), and that seat's
``Situation`` in a sampled state. The look-ahead (lookahead.py) plays candidates out in them.
"""
from __future__ import annotations

from typing import Any

from ...games.usa.rules import UsaState
from ...rng import Rng
from .board_model import BoardModel, Situation

_PHASES = {"setup_tickets": 0, "main": 1, "second_card": 2, "keep_tickets": 3, "over": 4}


def sample_world(view: dict[str, Any], model: BoardModel, rng: Rng) -> Any:
    """A full game state consistent with ``view``: hidden cards and tickets dealt at random.

    Opponents' tickets are drawn with a bias towards tickets whose cities their routes touch,
    which is what their claims suggest.
    """
    me = int(view["you"])
    players = view["players"]
    n = len(players)
    s = UsaState()
    s.players = n
    s.phase = _PHASES[view["phase"]]
    s.current = int(view["current"])
    s.turn = int(view.get("turn", 0))
    s.rng = Rng.derive(rng.next64())
    s.owner = [-1] * len(model.routes)
    for rid, p in view["routes"].items():
        s.owner[model.route_index[rid]] = int(p)
    s.trains = [int(p["trains"]) for p in players]
    s.points = [int(p["score"]) for p in players]
    ncards = len(model.cards)
    # Cards: everything not in my hand or the market is somewhere unseen.
    pool_counts = [model.cards_per_color] * ncards
    pool_counts[model.wild] = model.total_cards - model.cards_per_color * (ncards - 1)
    my_hand = [0] * ncards
    for name, k in view["me"]["hand"].items():
        my_hand[model.card_index[name]] = int(k)
    market = [model.card_index[c] if c is not None else -1 for c in view["market"]]
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
    # Tickets.
    mine = [model.ticket_index[t["id"]] for t in view["me"]["tickets"]]
    offered = [model.ticket_index[t["id"]] for t in view["me"]["offered"]]
    known = set(mine) | set(offered)
    unknown = [t for t in range(len(model.tickets)) if t not in known]
    rng.shuffle(unknown)
    s.tickets = [[] for _ in range(n)]
    s.offered = [[] for _ in range(n)]
    s.tickets[me] = mine
    s.offered[me] = offered
    for p in range(n):
        if p == me:
            continue
        touched = {c for r, o in enumerate(s.owner) if o == p
                   for c in (model.routes[r].a, model.routes[r].b)}
        for _ in range(int(players[p]["tickets"])):
            if unknown:
                s.tickets[p].append(_weighted_pop(unknown, touched, model, rng))
        if players[p].get("choosing_tickets"):
            for _ in range(3):
                if unknown:
                    s.offered[p].append(unknown.pop())
    s.ticket_deck = unknown
    s.final_turns = int(view.get("final_turns_left", 0)) if view.get("final_round") else -1
    s.passes = 0
    s.start_player = _start_player(players, me) if view["phase"] == "setup_tickets" else 0
    return s


def _weighted_pop(unknown: list[int], touched: set[int], model: BoardModel, rng: Rng) -> int:
    weights = []
    for t in unknown:
        a, b, _ = model.tickets[t]
        weights.append(1.0 + 2.0 * (a in touched) + 2.0 * (b in touched))
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


def situation_from_state(s: Any, model: BoardModel, p: int) -> Situation:
    """Seat ``p``'s knowledge of a (sampled) state, for the rollout policy."""
    phase = ("setup_tickets", "main", "second_card", "keep_tickets", "over")[s.phase]
    return Situation(
        model=model, me=p, players=s.players, phase=phase, owner=s.owner, hand=s.hands[p],
        trains=s.trains, scores=s.points, hand_sizes=[sum(h) for h in s.hands],
        ticket_counts=[len(t) for t in s.tickets], tickets=s.tickets[p], offered=sorted(s.offered[p]),
        min_keep=2 if s.phase == 0 else 1, market=s.market, deck=len(s.deck),
        discard=len(s.discard), ticket_deck=len(s.ticket_deck), final_round=s.final_turns > 0,
        turn=s.turn)
