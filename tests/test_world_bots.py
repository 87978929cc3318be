"""Rails & Sails bots: legal full games at every level, exact replays, view-only interface,
strength sanity, and the FDG 2017 baselines (world_baselines.py) playing legal world games."""

from __future__ import annotations

import inspect
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

import pytest

from pyengine.actions import Action
from pyengine.bots import Bot, bot_action, bot_names_for, get_variant_bot
from pyengine.bots.search import SearchBot
from pyengine.bots.tournament import run_tournament
from pyengine.bots.world.baselines import WorldBaselineBot
from pyengine.bots.world.bot import WorldBot
from pyengine.bots.world.hard import WorldSearchConfig, sample_world, world_hard_bot
from pyengine.bots.world.params import HAND_SET_NORMAL_PARAMS, NORMAL_PARAMS
from pyengine.bots.world.planner import WorldPolicy
from pyengine.bots.world.planning import Know, world_model
from pyengine.game import Game
from pyengine.rng import Rng

BASELINES = ["destination_hungry", "route_focus", "one_step_thinker", "long_route_junkie"]
_CFG = WorldSearchConfig()
SMALL_HARD = world_hard_bot(
    replace(
        _CFG,
        search=replace(_CFG.search, worlds=1, min_worlds=1, candidates=2),
        endgame=replace(_CFG.endgame, worlds=1, min_worlds=1, candidates=2),
    ),
    "world_hard_small",
)


def _play(bots: list[str | Bot], seed: int) -> Game:
    game = Game.new("world", players=len(bots), seed=seed)
    while not game.is_over:
        b = bots[game.current_player]
        legal = game.legal_actions()
        if isinstance(b, Bot):
            view = game.view(game.current_player, log=False)
            action = (
                legal[0]
                if len(legal) == 1
                else b.choose(view, list(legal), Rng(len(game.actions)), game.variant.board_view())
            )
        else:
            action = bot_action(game, b)
        assert action in legal
        game.apply(action)
    return game


@pytest.mark.parametrize("level", ["easy", "normal"])
@pytest.mark.parametrize("players", [2, 4])
def test_levels_play_full_world_games(level: str, players: int) -> None:
    game = _play([level] + ["random"] * (players - 1), seed=21 + players)
    game.variant.check_invariants(game.state)
    assert game.is_over
    scores = game.scores()
    assert scores[0]["winner"]  # far above random


@pytest.mark.parametrize("players", [2, 4])
def test_normal_overrides_apply_only_with_more_players(players: int) -> None:
    """Normal's 4-player tuning (``many_players``) leaves its 2-player play untouched."""
    game = Game.new("world", players=players, seed=5)
    board = game.variant.board_view()
    m = world_model(board)
    k = Know.from_view(game.view(0, log=False), m)
    policy = WorldPolicy(NORMAL_PARAMS)
    chosen = policy.at(k, m)
    if players == 2:
        assert chosen is policy and chosen.params.endgame
    else:
        assert chosen is policy.many and not chosen.params.endgame
        assert replace(chosen.params, endgame=True) == replace(HAND_SET_NORMAL_PARAMS, many_players=())


def _claimed_by_others(k: Know, m: Any, lengths: Sequence[int]) -> Know:
    """``k`` with free routes of these lengths claimed by the next seat."""
    owner = list(k.owner)
    other = (k.me + 1) % k.n
    for want in lengths:
        r = next(r for r in range(m.nroutes) if owner[r] < 0 and m.length[r] == want)
        owner[r] = other
    return replace(k, owner=owner)


@pytest.mark.parametrize("players", [2, 4])
def test_long_claims_overrides_apply_once_the_others_claim_long_routes(players: int) -> None:
    """``long_claims`` (given at 3+ players) switches the policy only when the other seats'
    claims average ``long_claim_len`` pieces over ``long_claim_count`` claims or more."""
    game = Game.new("world", players=players, seed=5)
    m = world_model(game.variant.board_view())
    k = Know.from_view(game.view(0, log=False), m)
    params = replace(
        HAND_SET_NORMAL_PARAMS,
        many_players=(*HAND_SET_NORMAL_PARAMS.many_players, ("long_claims", (("turn_value", 7.5),))),
    )
    policy = WorldPolicy(params)
    long_claims = _claimed_by_others(k, m, [6, 5, 4])  # 5.0 a claim
    short_claims = _claimed_by_others(k, m, [6, 2, 1])  # 3.0 a claim
    too_few = _claimed_by_others(k, m, [6, 5])  # two claims only
    if players == 2:
        assert policy.at(long_claims, m) is policy and policy.long is None
        return
    assert policy.many is not None and policy.many.long is not None
    assert policy.at(k, m) is policy.many  # no claims yet
    assert policy.at(short_claims, m) is policy.many
    assert policy.at(too_few, m) is policy.many
    chosen = policy.at(long_claims, m)
    assert chosen is policy.many.long and chosen.params.turn_value == 7.5
    assert replace(chosen.params, turn_value=policy.many.params.turn_value) == replace(
        policy.many.params, long_claims=()
    )


@pytest.mark.parametrize("players", [2, 4])
def test_hard_plays_a_full_world_game(players: int) -> None:
    game = _play([SMALL_HARD] + ["normal"] * (players - 1), seed=5)
    assert game.is_over


def test_hard_level_is_the_search_bot() -> None:
    assert isinstance(get_variant_bot("world", "hard"), SearchBot)
    assert isinstance(get_variant_bot("world", "normal"), WorldBot)
    assert sorted(bot_names_for("world")) == sorted(
        ["easy", "hard", "normal", "random"] + BASELINES + ["shortest_path", "zombie"]
    )


def test_world_bot_games_replay_identically() -> None:
    a = _play(["normal", "easy"], seed=8)
    b = _play(["normal", "easy"], seed=8)
    assert [x.text() for x in a.actions] == [x.text() for x in b.actions]
    c = _play([SMALL_HARD, "normal"], seed=9)
    d = _play([SMALL_HARD, "normal"], seed=9)
    assert [x.text() for x in c.actions] == [x.text() for x in d.actions]


class _Spy(Bot):
    variants = ("world",)

    def __init__(self, inner: str = "normal") -> None:
        self.inner = get_variant_bot("world", inner)
        self.seen: list[tuple[dict[str, Any], int]] = []

    def choose(
        self, view: dict[str, Any], legal: Sequence[Action], rng: Rng, board: dict[str, Any]
    ) -> Action:
        self.seen.append((view, int(view["you"])))
        return self.inner.choose(view, legal, rng, board)


@pytest.mark.parametrize("inner", ["normal"] + BASELINES)
def test_world_bots_see_only_views(inner: str) -> None:
    for cls in (WorldBot, SearchBot, WorldBaselineBot):
        assert list(inspect.signature(cls.choose).parameters) == ["self", "view", "legal", "rng", "board"]
    spy = _Spy(inner)
    game = Game.new("world", players=3, seed=4)
    while not game.is_over and len(game.actions) < 120:
        legal = game.legal_actions()
        if game.current_player == 1 and len(legal) > 1:
            expected = game.view(1, log=False)
            action = spy.choose(expected, list(legal), Rng(1), game.variant.board_view())
            assert spy.seen[-1][0] == expected
        else:
            action = bot_action(game, "easy")
        game.apply(action)
    for view, seat in spy.seen:
        for p in view["players"]:
            assert "hand" not in p or isinstance(p["hand"], int)  # others: counts only
        assert seat == 1


def test_sampled_worlds_match_the_view() -> None:
    game = Game.new("world", players=3, seed=12)
    m = world_model(game.variant.board_view())
    for i in range(90):
        if game.is_over:
            break
        view = game.view(game.current_player, log=False)
        s = sample_world(view, Rng(i))
        game.variant.check_invariants(s)
        assert s.hands[game.current_player] == game.state.hands[game.current_player]
        assert s.phase == game.state.phase and s.current == game.state.current
        assert [len(t) for t in s.tickets] == [len(t) for t in game.state.tickets]
        k = Know.from_view(view, m)
        assert k.hand == game.state.hands[game.current_player]
        game.apply(bot_action(game, "normal"))


def test_hard_beats_random() -> None:
    res = run_tournament("world", 2, ["hard", "random"], games=2, seed=3)
    assert res["entries"][0]["wins"] == 2


@pytest.mark.parametrize("name", BASELINES)
def test_baselines_play_full_two_player_world_games(name: str) -> None:
    bot = get_variant_bot("world", name)
    assert isinstance(bot, WorldBaselineBot) and bot.variants == ("world",)
    game = _play([name, "normal"], seed=6)
    game.variant.check_invariants(game.state)
    assert game.is_over
    assert _play([name, "random"], seed=7).scores()[0]["winner"]  # a real style, far above random


def test_baselines_play_four_player_world_games_and_replay() -> None:
    a = _play(BASELINES, seed=11)
    a.variant.check_invariants(a.state)
    assert a.is_over
    b = _play(BASELINES, seed=11)
    assert [x.text() for x in a.actions] == [x.text() for x in b.actions]
    res = run_tournament("world", 2, ["route_focus", "random"], games=1, seed=2)
    assert res["entries"][0]["wins"] == 1


def _searched_plies(bot: SearchBot, seed: int, max_actions: int = 10_000) -> list[int]:
    """Seat 0 played by ``bot`` against normal: the simulated plies of each searched decision."""
    game = Game.new("world", players=2, seed=seed)
    plies: list[int] = []
    while not game.is_over and len(game.actions) < max_actions:
        legal = game.legal_actions()
        if game.current_player == 0 and len(legal) > 1:
            action = bot.choose(
                game.view(0, log=False), list(legal), Rng(len(game.actions)), game.variant.board_view()
            )
            assert action in legal
            if bot.last is not None:
                plies.append(bot.last.steps)
        else:
            action = bot_action(game, "normal")
        game.apply(action)
    return plies


def test_hard_search_stays_within_its_ply_budget() -> None:
    """Searched decisions simulate at most ``step_budget`` plies in all (cut-off playouts are
    evaluated), so their cost is fixed by the budget, never by the clock."""
    cfg = WorldSearchConfig()
    bot = world_hard_bot(
        replace(cfg, search=replace(cfg.search, worlds=2, min_worlds=2, candidates=3, step_budget=90))
    )
    assert bot.domain.config.search.horizon(3) == 15
    plies = _searched_plies(bot, seed=31, max_actions=40)
    assert all(0 < p <= 90 for p in plies)
    assert len(plies) >= 2  # the setup keep and the piece mix


def test_default_hard_budget_is_small() -> None:
    cfg = world_hard_bot().domain.config
    for pr in (cfg.search, cfg.endgame):
        assert (
            pr.split_budget
            and pr.worlds * pr.candidates * pr.horizon(pr.candidates) <= pr.step_budget <= 1000
        )


def test_hard_endgame_search_plays_to_the_end_within_its_budget() -> None:
    """Near the end every main turn is searched (the planner's move against the best claims,
    a harbor, a draw) by playouts within the end game's ``step_budget``; decisions stay legal."""
    cfg = WorldSearchConfig(search_keeps=False, search_mix=False, search_more_tickets=False)
    bot = world_hard_bot(
        replace(cfg, endgame=replace(cfg.endgame, worlds=2, min_worlds=2, candidates=3, step_budget=120))
    )
    plies = _searched_plies(bot, seed=7)
    assert len(plies) >= 2
    assert all(0 < p <= 120 for p in plies)


def test_hard_has_its_own_planner_and_normal_keeps_its_own() -> None:
    """Hard plans with ``HARD_PARAMS`` (turns cost more, more spare trains, extra
    tickets closer to the end) on normal's hand-set values; normal's own 2-player values are
    fitted by the tuner (``FITTED_NORMAL_2P``), its 3+ player values stay hand-set."""
    from pyengine.bots.world.params import WorldParams

    NORMAL_PARAMS = HAND_SET_NORMAL_PARAMS
    from pyengine.bots.world.hard import HARD_PARAMS

    hard = world_hard_bot()
    assert isinstance(hard, SearchBot)
    assert hard.domain.params == HARD_PARAMS and hard.domain.policy.params == HARD_PARAMS
    assert HARD_PARAMS.turn_value > NORMAL_PARAMS.turn_value
    assert HARD_PARAMS.piece_slack > NORMAL_PARAMS.piece_slack
    assert HARD_PARAMS.tickets_min_other < NORMAL_PARAMS.tickets_min_other
    assert NORMAL_PARAMS.turn_value == WorldParams().turn_value
    assert NORMAL_PARAMS.piece_slack == WorldParams().piece_slack
    assert NORMAL_PARAMS.tickets_min_other == WorldParams().tickets_min_other


def test_normal_plays_its_fitted_values_at_two_players_only() -> None:
    from pyengine.bots.world.params import FITTED_NORMAL_2P

    policy = WorldPolicy(NORMAL_PARAMS)
    assert FITTED_NORMAL_2P and all(getattr(policy.params, k) == v for k, v in FITTED_NORMAL_2P.items())
    assert policy.many is not None
    assert replace(policy.many.params, endgame=True) == replace(HAND_SET_NORMAL_PARAMS, many_players=())
    assert any(getattr(HAND_SET_NORMAL_PARAMS, k) != v for k, v in FITTED_NORMAL_2P.items())


def _main_turn_positions(players: int, seed: int) -> list[tuple[Know, Any, list[Action]]]:
    """Seat 0's main turns in a game of normals: (what it knows, the board model, legal moves)."""
    from pyengine.bots.world.planning import MAIN

    game = Game.new("world", players=players, seed=seed)
    m = world_model(game.variant.board_view())
    found = []
    while not game.is_over:
        if game.current_player == 0:
            k = Know.from_view(game.view(0, log=False), m)
            if k.phase == MAIN:
                found.append((k, m, list(game.legal_actions())))
        game.apply(bot_action(game, "normal"))
    return found


def test_hard_guides_its_draws_by_fillers_only_with_more_players() -> None:
    from pyengine.bots.world.hard import HARD_PARAMS

    policy = WorldPolicy(HARD_PARAMS)
    assert HARD_PARAMS.filler_guide == 0 and policy.many is not None
    assert policy.many.params.filler_guide == 2 and policy.many.params.filler_weight == 1.0
    # ... and its piece mix keeps fewer spare trains than at 2 players (session 44), more than normal's.
    assert HAND_SET_NORMAL_PARAMS.piece_slack < policy.many.params.piece_slack < HARD_PARAMS.piece_slack
    two = replace(
        policy.many.params,
        filler_guide=0,
        filler_weight=HARD_PARAMS.filler_weight,
        piece_slack=HARD_PARAMS.piece_slack,
        endgame=True,
        long_claims=HARD_PARAMS.long_claims,
    )
    assert two == replace(HARD_PARAMS, many_players=())
    # At a table of long claims (3+ players only) harbor cards count more near the end.
    assert policy.long is None and policy.many.long is not None
    assert policy.many.long.params == replace(policy.many.params, long_claims=(), late_harbor=2.0)


def test_fillers_lie_beyond_the_plan_within_its_spare_pieces() -> None:
    """The routes that guide the draws beside the plan: free, outside it, long enough, within
    the pieces it leaves, the best points per card among those."""
    from pyengine.bots.world.hard import HARD_PARAMS
    from pyengine.bots.world.planning import blocked

    policy = WorldPolicy(HARD_PARAMS).many
    assert policy is not None
    prm = policy.params
    checked = 0
    for k, m, _ in _main_turn_positions(4, seed=12):
        plan = policy.plan(k, m)
        fillers = policy.fillers(k, m, plan)
        spare_t, spare_s = k.trains[0] - plan.trains, k.ships[0] - plan.ships

        def fits(r: int) -> bool:
            spare = spare_s if m.ship[r] else spare_t
            return (
                r not in plan.routes and prm.filler_guide_len <= m.length[r] <= spare and not blocked(k, m, r)
            )

        assert len(fillers) <= prm.filler_guide and all(fits(r) for r in fillers)
        if fillers:
            worst = min(m.points[r] / (m.cards[r] + 1.0) for r in fillers)
            others = [r for r in range(m.nroutes) if fits(r) and r not in fillers]
            assert all(m.points[r] / (m.cards[r] + 1.0) <= worst for r in others)
            checked += 1
    assert checked >= 5


def test_filler_guide_changes_some_card_draws_and_nothing_else() -> None:
    """With a plan open, the cards it leaves go towards the fillers: some draws change; with no
    fillers guiding (``filler_guide`` 0) the policy draws exactly as before."""
    from pyengine.bots.world.hard import HARD_PARAMS

    base = WorldPolicy(replace(HARD_PARAMS, many_players=()))
    guided = WorldPolicy(replace(HARD_PARAMS, many_players=(), filler_guide=2))
    unguided = WorldPolicy(replace(HARD_PARAMS, many_players=(), filler_guide=0, filler_weight=3.0))
    changed = same = 0
    for k, m, legal in _main_turn_positions(4, seed=12):
        plan = base.plan(k, m)
        if not plan.routes:
            continue
        a = base.draw(k, m, legal, plan, Rng(1), second=False)
        assert unguided.draw(k, m, legal, plan, Rng(1), second=False) == a
        if guided.draw(k, m, legal, plan, Rng(1), second=False) == a:
            same += 1
        else:
            changed += 1
    assert changed >= 1 and same >= 1


def test_late_harbor_cards_count_once_an_opponent_nears_the_end() -> None:
    """``late_harbor``: a harbor card is worth at least that many route cards once some opponent
    has ``late_harbor_pieces`` or fewer, never while every opponent has more, never without a
    harbor left to build."""
    k, m, _ = _main_turn_positions(4, seed=12)[3]
    plain = WorldPolicy(replace(HAND_SET_NORMAL_PARAMS, many_players=(), harbor_cards=0.1))
    late = WorldPolicy(replace(plain.params, late_harbor=2.0, late_harbor_pieces=25))
    plan = plain.plan(k, m)
    far = replace(k, trains=[20] * k.n, ships=[20] * k.n)  # 40 pieces each
    near = replace(far, trains=[20, 20, 5, 20], ships=[20, 20, 20, 20])  # seat 2: 25 pieces
    assert late.harbor_weight(far, m, plan) == plain.harbor_weight(far, m, plan) < 2.0
    assert late.harbor_weight(near, m, plan) == 2.0
    assert plain.harbor_weight(near, m, plan) < 2.0
    none_left = replace(near, harbors_left=[0] * k.n)
    assert late.harbor_weight(none_left, m, plan) == 0.0


def _table_of(opponent: str, players: int, claims: int) -> Game:
    """A game of ``opponent`` bots at every seat, played until the other seats of seat 0 have
    made ``claims`` claims."""
    game = Game.new("world", players=players, seed=77)
    while sum(1 for o in game.state.owner if o > 0) < claims:
        game.apply(bot_action(game, opponent))
    return game


def test_hard_playouts_model_a_table_of_long_claims_with_the_junkie_policy() -> None:
    """At 3+ players, once the other seats' claims are long (the planner's ``long_claims_table``),
    the playouts play the opponents' seats with the long_route_junkie policy and seat ``me``
    with hard's planner; elsewhere (short claims, 2 players, the switch off) every seat plays
    the planner."""
    from pyengine.bots.world.baselines import LongRouteJunkiePolicy
    from pyengine.bots.world.hard import RolloutPolicy, WorldSearchDomain
    from pyengine.bots.world.planning import long_claims_table

    game = _table_of("long_route_junkie", 4, 3)
    dom = WorldSearchDomain(replace(_CFG, junkie_playouts=True))
    m = dom.model = world_model(game.variant.board_view())
    s = game.state
    limits = (dom.params.long_claim_len, dom.params.long_claim_count)  # the planner's own test
    assert long_claims_table(Know.from_state(s, 0), m, *limits)
    assert isinstance(dom.opponent_model(s, 0), LongRouteJunkiePolicy)
    off = WorldSearchDomain(replace(_CFG, junkie_playouts=False))
    off.model = m
    assert off.opponent_model(s, 0) is None and off.rollout(s, 0, _CFG.search).opponents is None
    if s.current == 0:  # the opponents' seats are what is modelled
        game.apply(bot_action(game, "long_route_junkie"))
        s = game.state
    policy = dom.rollout(s, 0, _CFG.search)
    assert policy.opponents is not None and s.current != 0
    legal = game.variant.legal_actions(s)
    junkie = LongRouteJunkiePolicy().decide(Know.from_state(s, s.current), m, legal, Rng(5))
    assert policy.act(s, Rng(5)) == junkie
    planner = RolloutPolicy(dom.params, dom.variant, m)
    assert planner.opponents is None and planner.act(s, Rng(5)) != junkie  # the models differ here

    short = _table_of("zombie", 4, 6)
    dom.model = world_model(short.variant.board_view())
    assert not long_claims_table(Know.from_state(short.state, 0), dom.model, *limits)
    assert dom.opponent_model(short.state, 0) is None
    two = _table_of("long_route_junkie", 2, 3)
    assert long_claims_table(Know.from_state(two.state, 0), dom.model, *limits)
    assert dom.opponent_model(two.state, 0) is None
