"""The "hard" bot: determinised Monte Carlo look-ahead over the hidden information.

For a decision with several sensible options (the heuristic's choice plus alternatives), the bot
samples complete worlds consistent with its view -- deck order, discard pile, opponents' hands and
tickets -- with its own rng, applies each candidate and plays every sampled world out with the
planning policy for all seats (common random numbers: every candidate sees the same worlds).
The candidate with the best mean final margin is played. The sampled state is the bot's belief,
built only from the view; the real game state is never touched.

Budget: a fixed number of simulated worlds per decision (``samples``), so decisions do not depend
on wall-clock time and games replay exactly. ``max_rollout_plies`` bounds each playout.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Sequence

from ..actions import Action, ClaimRoute, DrawTickets, KeepTickets
from ..rng import Rng
from ..variants import get_variant
from .base import Bot
from .heuristic import NORMAL_PARAMS, PlannerParams, PlannerPolicy, _pick
from .model import BoardModel, Situation, board_model, plan_tickets

_PHASES = {"setup_tickets": 0, "main": 1, "second_card": 2, "keep_tickets": 3, "over": 4}
ROLLOUT_PARAMS = replace(NORMAL_PARAMS, improve_plan=False)  # half the path searches, same play
WIN_BONUS = 25.0  # a win is worth this many points of margin in the playout evaluation


@dataclass(frozen=True)
class SearchParams:
    samples: int = 12  # sampled worlds per decision (each candidate is played in each)
    max_candidates: int = 4
    max_rollout_plies: int = 400
    search_main: bool = True  # also search ordinary turns when the options are close


def sample_world(view: dict[str, Any], model: BoardModel, rng: Rng) -> Any:
    """A full game state consistent with ``view``: hidden cards and tickets dealt at random.

    Opponents' tickets are drawn with a bias towards tickets whose cities their routes touch,
    which is what their claims suggest.
    """
    from ..variants.usa import UsaState  # the classic state; other variants add their own sampler
    from ..variants.usa_tickets import way_of_play
    variant = get_variant(view["variant"])
    me = int(view["you"])
    players = view["players"]
    n = len(players)
    s = UsaState()
    s.players = n
    s.phase = _PHASES[view["phase"]]
    s.current = int(view["current"])
    s.turn = int(view.get("turn", 0))
    s.rng = Rng.derive(rng.next64())
    s.way = way_of_play(view.get("tickets_option", "classic"))
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
    deck = variant.decks[s.way.name]  # type: ignore[attr-defined]  # the tickets of this way of play
    unknown = [t for t in deck if t not in known]
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
            setup = view["phase"] == "setup_tickets"
            for _ in range(s.way.start_deal if setup else s.way.draw):
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
        min_keep=s.way.keep_min(s.phase == 0), market=s.market, deck=len(s.deck),
        discard=len(s.discard), ticket_deck=len(s.ticket_deck), final_round=s.final_turns > 0,
        turn=s.turn, globetrotter=s.way.globetrotter_points or 0)


class SearchBot(Bot):
    """Heuristic candidates, ranked by determinised playouts (see module docstring)."""

    def __init__(self, name: str, description: str, search: SearchParams | None = None,
                 params: PlannerParams | None = None,
                 rollout: PlannerParams | None = None) -> None:
        self.name = name
        self.description = description
        self.search = search or SearchParams()
        self.policy = PlannerPolicy(params or NORMAL_PARAMS)
        self.rollout_policy = PlannerPolicy(rollout or ROLLOUT_PARAMS)

    def choose(self, view: dict[str, Any], legal: Sequence[Action], rng: Rng,
               board: dict[str, Any]) -> Action:
        model = board_model(board)
        sit = Situation.from_view(view, model)
        default = _pick(self.policy.decide(sit, legal, rng), legal)
        candidates = self.candidates(sit, legal, default)
        if len(candidates) <= 1:
            return default
        return self.evaluate(view, model, candidates, rng)

    def candidates(self, sit: Situation, legal: Sequence[Action], default: Action) -> list[Action]:
        """A few sensible options: the heuristic's move first, then the alternatives worth a look."""
        out: list[Action] = [default]
        if sit.phase in ("setup_tickets", "keep_tickets"):
            ranked = sorted((a for a in legal if isinstance(a, KeepTickets) and a != default),
                            key=lambda a: -self._keep_value(sit, a))
            out.extend(ranked[: self.search.max_candidates - 1])
            return out
        if sit.phase != "main" or not self.search.search_main:
            return out
        model = sit.model
        # Whether to take more tickets is the big strategic call: check it by simulation.
        plan = plan_tickets(sit, sit.open_tickets())
        if (not plan.routes and sit.ticket_deck > 0 and DrawTickets() in legal
                and sit.trains[sit.me] >= 8 and not sit.final_round):
            if DrawTickets() not in out:
                out.append(DrawTickets())
            claims = [a for a in legal if isinstance(a, ClaimRoute)]
            claims.sort(key=lambda a: -model.points(model.route_index[a.route]))
            for a in claims[:1]:
                if a not in out:
                    out.append(a)
            blind = next((a for a in legal if a.keyword == "draw"), None)
            if blind is not None and blind not in out:
                out.append(blind)
        return out[: self.search.max_candidates]

    def _keep_value(self, sit: Situation, a: KeepTickets) -> float:
        ids = [sit.model.ticket_index[t] for t in a.tickets]
        return self.policy.tickets_value(sit, sit.open_tickets(), ids)

    def evaluate(self, view: dict[str, Any], model: BoardModel, candidates: list[Action],
                 rng: Rng) -> Action:
        variant = get_variant(view["variant"])
        me = int(view["you"])
        totals = [0.0] * len(candidates)
        for _ in range(self.search.samples):
            world = sample_world(view, model, rng)
            seed = rng.next64()
            for i, cand in enumerate(candidates):
                s = world.clone()
                variant.apply(s, cand)
                totals[i] += self.playout(variant, model, s, me, Rng(seed))
        best = max(range(len(candidates)), key=lambda i: (totals[i], -i))
        return candidates[best]

    def playout(self, variant: Any, model: BoardModel, s: Any, me: int, rng: Rng) -> float:
        """Play the sampled world to the end with the planning policy; my margin over the best rival."""
        policy = self.rollout_policy
        for _ in range(self.search.max_rollout_plies):
            if variant.is_over(s):
                break
            legal = variant.legal_actions(s)
            if len(legal) == 1:
                act = legal[0]
            else:
                sit = situation_from_state(s, model, s.current)
                act = policy.decide(sit, legal, rng)  # built from the legal list's own values
            variant.apply(s, act)
        scores = variant.scores(s)
        mine = scores[me]["total"]
        rival = max(sc["total"] for sc in scores if sc["seat"] != me)
        margin = float(mine - rival)
        return margin + (WIN_BONUS if margin > 0 else -WIN_BONUS if margin < 0 else 0.0)


def mc_bot() -> Bot:
    """The determinised Monte Carlo bot (the former "hard"): too slow for the browser budget and
    not stronger than the tuned long-route planner; kept for experiments and tests."""
    return SearchBot("mc", "Plans like normal, then checks ticket choices and whether to draw "
                     "more tickets by playing out sampled hidden worlds (determinised Monte Carlo).")


def hard_bot() -> Bot:
    """The strongest level: the tuned long-route planner (strong.py) with determinised playouts
    at the opening ticket keep and in the end game (lookahead.py)."""
    from .lookahead import lookahead_bot
    return lookahead_bot(name="hard")
