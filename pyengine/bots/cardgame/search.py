"""Card game, hard level: determinised look-ahead over the hidden information.

On an ordinary turn the normal planner ranks the legal actions; the best few (``candidates``,
``deep_candidates`` in the endgame) are then tried in 3-6 sampled states consistent with the view
(``belief_state`` with the bot's rng: deck order, discard, opponents' hands and tickets, the ticket
deck). In each world the candidate is applied (a second card or a ticket choice is made by the
planner) and the other seats play with the planner until the bot's next turn -- or, once the deck
is nearly used up, until the half ends, where the real scoring (with the engine's ticket solver)
decides. The position is then scored as the bot's expected total minus the opponents'
(``evaluate``): exact scores at the end of the game, otherwise completed points plus the
planner's value. Every candidate sees the same worlds (common random numbers). The budget is a
number of simulated decisions, so the choice never depends on the clock and games replay exactly.

Cost: the playouts use the planner without valuing ticket draws (a third of a planner decision;
in a one-round playout a ticket draw is rarely the reply that matters), and 3-6 worlds instead of
3-10 -- a 2-player game against normal costs ~1.6 s CPU instead of ~4 s at the same strength; the
saving pays for trying 5 candidates in the endgame, where the exact scoring finds what the
planner's estimate misses.
Ticket choices and the second card of a draw are left to the planner.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Sequence

from ...actions import Action
from ...rng import Rng
from ...games.cardgame.state import MAIN, OVER, CardGameState
from ...games.cardgame.variant import CardGameVariant
from ..base import Bot, time_up
from ...games.cardgame.sample import track_piles
from .belief import belief_state
from .planner import NORMAL_CARD_PARAMS, CardGameBot, CardParams, Planner

WIN_BONUS = 20.0  # a win at the end of the game is worth this many points of margin
# Playouts are short (one round, or the last few turns of a half), where a ticket draw is rarely
# the reply that matters; not valuing them saves a third of every playout decision.
# hard's own planner: with 4 players, the first half's pile pays only the tickets that half
# completes (``CardParams.split_complete``); the others carry over with the hand.
HARD_CARD_PARAMS = replace(NORMAL_CARD_PARAMS, split_complete=0.9, spare_pile_value=0.3)
ROLLOUT_PARAMS = replace(HARD_CARD_PARAMS, ticket_samples=2, draw_tickets=False)


@dataclass(frozen=True)
class SearchParams:
    candidates: int = 3  # planner's best actions tried ...
    deep_candidates: int = 5  # ... and in the endgame (playouts to the half's end, exact scores)
    max_worlds: int = 6  # sampled worlds per decision, at most ...
    min_worlds: int = 3  # ... and at least
    budget: int = 150  # ... simulated decisions per decision (deterministic, not the clock)
    max_budget: int = 300  # the minimum of worlds gives way to this (long endgames)
    playout_steps: int = 40  # a playout longer than this is scored by the evaluation as it stands
    endgame_cards: int = 3  # deck cards per player below which the look-ahead runs to the half's end
    # ... unless a seat holds more tickets than this: the exact ticket solver at the half's end
    # grows exponentially with them (23 tickets: 0.1 s per playout, a 3 s decision)
    endgame_max_tickets: int = 14
    prior: float = 0.6  # points of margin the planner's first choice gets as a tie-break


class SearchPolicy:
    def __init__(self, variant: CardGameVariant, params: SearchParams = SearchParams(),
                 planner_params: CardParams = HARD_CARD_PARAMS,
                 rollout_params: CardParams = ROLLOUT_PARAMS) -> None:
        self.v = variant
        self.params = params
        self.planner = Planner(variant, planner_params)
        self.rollout = Planner(variant, rollout_params)

    def choose_view(self, view: dict[str, Any], legal: Sequence[Action], rng: Rng) -> Action:
        piles = track_piles(view)
        me = int(view["you"])
        s0 = belief_state(view, self.v, None, piles)
        if s0.phase != MAIN:
            return self.planner.choose(s0, me, legal, rng)
        ranked = self.planner.rank(s0, me, legal, rng)
        deep = ((len(s0.deck) <= self.params.endgame_cards * s0.players or s0.final_turns > 0)
                and max(map(len, s0.tickets)) <= self.params.endgame_max_tickets)
        width = self.params.deep_candidates if deep else self.params.candidates
        cands = [a for _, a in ranked[:width]]
        if len(cands) == 1 or time_up():
            return cands[0]
        totals = [0.0] * len(cands)
        worlds = 0
        used = 0
        pr = self.params
        while (worlds < pr.max_worlds and used < pr.max_budget
               and (worlds < pr.min_worlds or used < pr.budget)):
            if worlds and time_up():  # the browser's wall-clock cap (slow devices)
                break
            world = belief_state(view, self.v, rng, piles)
            seed = rng.next64()
            for i, a in enumerate(cands):
                s = world.clone()
                value, steps = self.play_out(s, me, a, deep, Rng(seed))
                totals[i] += value
                used += steps + 1
            worlds += 1
        best_i = max(range(len(cands)),
                     key=lambda i: (totals[i] / worlds + (self.params.prior if i == 0 else 0.0), -i))
        return cands[best_i]

    def play_out(self, s: CardGameState, me: int, action: Action, deep: bool, rng: Rng
                 ) -> tuple[float, int]:
        v = self.v
        half = s.half
        v.apply(s, action)
        left_me = False
        steps = 0
        # Capped: against players who hoard and play sets instead of drawing, the deck can
        # last many turns and an uncapped endgame playout took seconds.
        while s.phase != OVER and steps < self.params.playout_steps:
            if s.current != me:
                left_me = True
            elif left_me and s.phase == MAIN and not deep:
                break
            if deep and s.half != half:
                break
            q = s.current
            legal = v.legal_actions(s)
            v.apply(s, self.rollout.choose(s, q, legal, rng))
            steps += 1
        return self.evaluate(s, me), steps

    def evaluate(self, s: CardGameState, me: int) -> float:
        v = self.v
        if s.phase == OVER:
            totals = [sc["total"] for sc in v.scores(s)]
            mine = totals[me]
            best_other = max(t for q, t in enumerate(totals) if q != me)
            return float(mine - best_other + (WIN_BONUS if mine > best_other else
                                              WIN_BONUS / 2 if mine == best_other else 0.0))
        est = []
        for q in range(s.players):
            done = sum(v.tickets[t].points for t, _, _ in s.completed[q])
            f = self.rollout.future_turns(s, q)
            est.append(done + self.rollout.value(s, q, f))
        others = [e for q, e in enumerate(est) if q != me]
        return est[me] - sum(others) / len(others)


class SearchBot(CardGameBot):
    def choose(self, view: dict[str, Any], legal: Sequence[Action], rng: Rng,
               board: dict[str, Any]) -> Action:
        del board
        if len(legal) == 1:
            return legal[0]
        action: Action = self.policy().choose_view(view, legal, rng)
        return action


def cardgame_hard_bot() -> Bot:
    return SearchBot("cardgame_hard", "Card game, hard: the planner's best moves tried in sampled "
                     "worlds (hidden cards and tickets), opponents answering, endgame to the end.",
                     SearchPolicy)
