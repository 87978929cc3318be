"""Card game ``hard``: the shared information-set search (``bots/search.py``) with the card
game's knowledge -- hard's planner as prior, a cheaper planner as playout policy, sampled worlds
from ``sample_state`` (with the piles the log tells of) and the planner's value as evaluation.

On an ordinary turn the planner ranks the legal actions; the best few (``search.candidates``,
``endgame.candidates`` in the endgame) are tried in 3-6 sampled worlds. In each world the
candidate is applied (a second card or a ticket choice is made by the playout policy) and the
other seats play until the bot's next turn (with 3+ players its second next turn) -- or, once the
deck is nearly used up, until the half ends, where the real scoring (with the engine's ticket
solver) decides. The position is then scored as the bot's expected total minus the opponents'
(``outcome``): exact scores at the end of the game, otherwise completed points plus the planner's
value (at 4 players taking the better of two orders of serving the pile: ``EVAL_PARAMS``), and at 2
players each seat's value of a later ticket draw (``CardSearchConfig.ticket_option_players``; ``rank``,
the Hint and the review, which compare a ticket draw with every card draw, add it at any count).

Cost: the playouts use the planner without valuing ticket draws (a third of a planner decision;
in a one-round playout a ticket draw is rarely the reply that matters), and 3-6 worlds; the
saving pays for trying 5 candidates in the endgame, where the exact scoring finds what the
planner's estimate misses. Ticket choices and the second card of a draw are left to the planner.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from ...actions import Action
from ...games.cardgame.sample import track_piles
from ...games.cardgame.state import MAIN, OVER, CardGameState
from ...games.cardgame.variant import CardGameVariant
from ...rng import Rng
from ..base import Bot
from ..search import Decision, Outcome, SearchBot, SearchParams, VariantDomain
from .belief import belief_state, cardgame_variant, without_stalling_draw
from .planner import NORMAL_CARD_PARAMS, CardParams, Planner

WIN_BONUS = 20.0  # a win at the end of the game is worth this many points of margin
OPTION_SEED = 20261128  # the offers sampled for a later ticket draw's value (``ticket_option``)
# hard's own planner plays normal's values at 2 and 3 players. With 4 players (a game with a
# second half) it values the first half's pile as paying only the tickets that half completes
# (``CardParams.split_complete``, the others carry over with the hand), counts the second half
# from the table and the hand's throughput into it (``HARD_4P_CLOCK``: hands carry over, the rest
# is its deck; against three zombies, which hoard ~19 cards each, hard carried ~20 cards and 4 open
# tickets into second halves of ~3 turns and lost ~40 points on them), and plays every knob fitted
# by SPSA with that clock against three copies of each of the six reference opponents
# (one_step_thinker, route_focus, zombie, shortest_path, destination_hungry, long_route_junkie), on
# training seeds only (docs/tuning/cardgame-hard-planner-4p-run5.jsonl, from the values of run3;
# docs/bots.md):
#   python -m pyengine.bots.tune run --subject cardgame-hard-planner --players 4 \
#     --opponents one_step_thinker,route_focus,zombie,shortest_path,destination_hungry,long_route_junkie \
#     --deals 2 --seed 13 --a 0.3 --c 0.15 --iterations 40 --jobs 2 \
#     --log docs/tuning/cardgame-hard-planner-4p-run5.jsonl
FITTED_HARD_4P: dict[str, Any] = {
    "cards_per_turn": 1.1569,
    "hand_weight": 0.8572,
    "hand_ramp": 8.3122,
    "capacity_per_turn": 0.6567,
    "capacity_skip": 5.04,
    "capacity_weight": 0.5322,
    "spare_value": 0.8335,
    "city_value": 1.5247,
    "raid_value": 4.3125,
    "second_half_turns": 11.6637,
    "early_ticket_draw_cost": 7.6707,
    "split_complete": 0.9117,
    "spare_pile_value": 0.0398,
}
HARD_4P_CLOCK: dict[str, Any] = {"table_clock": True, "hand_throughput": True}
# With 4 players the tickets share the expected pile by points per card, not by points: a big
# ticket the pile cannot pay no longer takes the cards of a small one it can (session 24: the
# planner alone won +65.5 of 2,000 games against one_step_thinker and shortest_path, +56 of 1,800
# against zombie, route_focus and destination_hungry; the search: see docs/bots.md).
HARD_4P_ORDER: dict[str, Any] = {"by_points_per_card": True}
HARD_CARD_PARAMS = replace(
    NORMAL_CARD_PARAMS, many_players=tuple({**FITTED_HARD_4P, **HARD_4P_CLOCK, **HARD_4P_ORDER}.items())
)
# Playouts are short (one round, or the last few turns of a half), where a ticket draw is rarely
# the reply that matters; not valuing them saves a third of every playout decision.
ROLLOUT_PARAMS = replace(HARD_CARD_PARAMS, ticket_samples=2, draw_tickets=False)
# The search's evaluation at a cut-off: the playout planner's value, at 4 players taking the
# better of both orders of serving the pile (the half's end scores the best set the pile
# completes). Only here: in the ranking it put weaker moves among the candidates (session 25).
# Session 27, against three one_step_thinkers: 133 of 200 against 126 (seed 5555); the report
# cells against one_step_thinker and shortest_path +23.5 and +13 of 520 each (docs/bots.md).
EVAL_PARAMS = replace(ROLLOUT_PARAMS, many_players=(*ROLLOUT_PARAMS.many_players, ("best_of_orders", True)))


# An ordinary turn's search (SearchParams are frozen: safe as dataclass defaults).
TURN_SEARCH = SearchParams(
    candidates=3,
    worlds=6,
    min_worlds=3,
    step_budget=150,
    step_cap=300,
    playout_steps=40,
    prior_bonus=0.6,
    win_bonus=WIN_BONUS,
)
ENDGAME_SEARCH = replace(TURN_SEARCH, candidates=5)
# With 3+ players an ordinary turn's playouts run to the bot's second next turn (one round shows
# only the others' replies; two show what the move leads to after its own next move and a second
# round of raids and plays), with twice the moves, so as many worlds are played. 4 players, three
# copies, the same games with and without (docs/bots.md, session 17): seed 5555 (never tuned on,
# 200 games a cell) one_step_thinker 120 wins against 111, shortest_path 114 against 107; the
# report cells (1,520 games) +24.5 wins. To the third next turn (3x the moves): 112 and 109.
TURN_SEARCH_MANY = replace(TURN_SEARCH, step_budget=300, step_cap=600, playout_steps=80)


@dataclass(frozen=True)
class CardSearchConfig:
    """Card game hard: the search parameters of an ordinary turn and of the endgame."""

    search: SearchParams = TURN_SEARCH
    # ... and with 3+ players: playouts to the bot's ``depth_many``-th next main turn.
    search_many: SearchParams = TURN_SEARCH_MANY
    depth_many: int = 2
    # The endgame: playouts to the half's end (exact scores), more candidates.
    endgame: SearchParams = ENDGAME_SEARCH
    endgame_cards: int = 3  # deck cards per player below which the look-ahead runs to the half's end
    # ... unless a seat holds more tickets than this: the exact ticket solver at the half's end
    # grows exponentially with them (23 tickets: 0.1 s per playout, a 3 s decision)
    endgame_max_tickets: int = 14
    rank_candidates: int = 6  # moves valued by ``rank`` (the Hint button, the review)
    # The cut-off value counts, for every seat, what a ticket draw on a later turn would still add
    # (the planner's ``ticket_draw_value``, if positive): a playout cut off a round after a ticket
    # draw otherwise compares a hand of 7 tickets against a hand of 3 that could draw its own 4
    # next turn, and priced the draw ~50 points above any card draw where playing both to the end
    # showed +1 to +6 (session 29). ``rank`` (the Hint, the review) compares ticket draws with
    # every other move, so it always counts the option; hard's own search counts it in games of at
    # most ``ticket_option_players`` players: against normal at 2 players +23.5 wins of 500 (seeds 1
    # and 4242), at 4 players against three one_step_thinkers -5 of 200 (session 30, docs/bots.md).
    ticket_option_players: int = 2
    rank_ticket_option: bool = True


class CardRollout:
    """The playout policy for every seat; stops at the searching seat's ``depth``-th next main
    turn (or, in the endgame, at the end of the half)."""

    def __init__(
        self, variant: CardGameVariant, planner: Planner, me: int, deep: bool, half: int, depth: int = 1
    ) -> None:
        self.v = variant
        self.planner = planner
        self.me = me
        self.deep = deep
        self.half = half
        self.depth = depth
        self.left_me = False
        self.returns = 0  # own main turns reached since the others played

    def act(self, s: CardGameState, rng: Rng) -> Action | None:
        if s.current != self.me:
            self.left_me = True
        elif self.left_me and s.phase == MAIN and not self.deep:
            self.returns += 1
            self.left_me = False
            if self.returns >= self.depth:
                return None
        if self.deep and s.half != self.half:
            return None
        return self.planner.choose(s, s.current, self.v.legal_actions(s), rng)


class CardSearchDomain(VariantDomain[CardGameState]):
    """The card game's knowledge for the shared search."""

    variant: CardGameVariant

    def __init__(
        self,
        config: CardSearchConfig | None = None,
        planner_params: CardParams = HARD_CARD_PARAMS,
        rollout_params: CardParams = ROLLOUT_PARAMS,
        eval_params: CardParams = EVAL_PARAMS,
    ) -> None:
        self.config = config or CardSearchConfig()
        self.variant = self.v = cardgame_variant()
        self.planner = Planner(self.v, planner_params)
        self.rollout_planner = Planner(self.v, rollout_params)
        self.eval_planner = Planner(self.v, eval_params)
        self.piles: Any = None
        self.deep = False
        self.half = 0
        self.depth = 1
        self.ticket_option = False

    # ---------------------------------------------------------------- prior
    def decision(
        self, view: dict[str, Any], legal: Sequence[Action], rng: Rng, board: dict[str, Any], ranking: bool
    ) -> Decision:
        cfg = self.config
        legal = without_stalling_draw(view, legal)
        self.piles = track_piles(view)
        me = int(view["you"])
        s0 = belief_state(view, self.v, None, self.piles)
        # Every field the playouts read is set here, at every decision: a setup decision left
        # the last main turn's (the review's measure of a keep then depended on what was
        # searched before it).
        self.deep = (
            s0.phase == MAIN
            and (len(s0.deck) <= cfg.endgame_cards * s0.players or s0.final_turns > 0)
            and max(map(len, s0.tickets)) <= cfg.endgame_max_tickets
        )
        self.half = s0.half
        self.ticket_option = cfg.rank_ticket_option if ranking else s0.players <= cfg.ticket_option_players
        many = s0.players >= 3
        self.depth = cfg.depth_many if many else 1
        if s0.phase != MAIN:
            return Decision([self.planner.choose(s0, me, legal, rng)], cfg.search)
        ranked = self.planner.rank(s0, me, legal, rng)
        params = cfg.endgame if self.deep else cfg.search_many if many else cfg.search
        width = cfg.rank_candidates if ranking else params.candidates
        return Decision([a for _, a in ranked[:width]], params)

    # ---------------------------------------------------------------- worlds and playouts
    def sample(self, view: dict[str, Any], rng: Rng) -> CardGameState:
        return belief_state(view, self.v, rng, self.piles)

    def rollout(self, s: CardGameState, me: int, params: SearchParams) -> CardRollout:
        return CardRollout(self.v, self.rollout_planner, me, self.deep, self.half, self.depth)

    def outcome(self, s: CardGameState, me: int, params: SearchParams) -> Outcome:
        """Exact at the end (margin over the best other, plus the win bonus, half for a tie);
        otherwise completed ticket points plus the planner's value, against the others' mean."""
        v = self.v
        if s.phase == OVER:
            totals = [sc["total"] for sc in v.scores(s)]
            mine = totals[me]
            best_other = max(t for q, t in enumerate(totals) if q != me)
            margin = float(mine - best_other)
            bonus = (
                params.win_bonus if mine > best_other else params.win_bonus / 2 if mine == best_other else 0.0
            )
            return Outcome(margin + bonus, margin)
        est = []
        planner = self.eval_planner.at(s)
        # The same sampled offers for every candidate's playout (paired comparisons).
        rng = Rng(OPTION_SEED) if self.ticket_option and s.ticket_deck else None
        for q in range(s.players):
            done = sum(v.tickets[t].points for t, _, _ in s.completed[q])
            f = planner.future_turns(s, q)
            value = planner.value(s, q, f)
            if rng is not None:
                value += max(0.0, planner.ticket_draw_value(s, q, f, value, rng))
            est.append(done + value)
        others = [e for q, e in enumerate(est) if q != me]
        return Outcome(est[me] - sum(others) / len(others), est[me] - max(others))


def cardgame_hard_bot(config: CardSearchConfig | None = None, name: str = "cardgame_hard") -> Bot:
    return SearchBot(
        name,
        "Card game, hard: the planner's best moves tried in sampled worlds "
        "(hidden cards and tickets), opponents answering, endgame to the end.",
        CardSearchDomain(config),
        ("cardgame",),
        wants_log=True,
    )


__all__ = [
    "EVAL_PARAMS",
    "HARD_CARD_PARAMS",
    "ROLLOUT_PARAMS",
    "CardSearchConfig",
    "CardSearchDomain",
    "cardgame_hard_bot",
]
