"""The shared information-set search (bots/search.py) behind ``hard`` in every game: deterministic
at a fixed budget, the clock cap, only the view, ``rank``."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from pyengine.actions import Action, ClaimRoute, DrawCard
from pyengine.bots import bot_action, bot_rng, get_variant_bot, time_limit, time_up
from pyengine.bots.cardgame.hard import CardSearchConfig, cardgame_hard_bot
from pyengine.bots.search import SearchBot, SearchParams, margin_outcome, paired_choice, paired_gain
from pyengine.bots.usa.board_model import Situation, board_model
from pyengine.bots.usa.hard import UsaSearchConfig, UsaSearchDomain, usa_hard_bot
from pyengine.bots.world.hard import WorldSearchConfig, world_hard_bot
from pyengine.game import Game
from pyengine.rng import Rng

VARIANTS = ["usa", "world", "cardgame"]


def _small(variant: str) -> SearchBot:
    """The hard bot of ``variant`` with a small budget (quick tests, same algorithm)."""
    if variant == "usa":
        base = UsaSearchConfig()
        bot = usa_hard_bot(
            replace(
                base,
                search=replace(base.search, worlds=2, step_budget=200),
                keep=replace(base.keep, worlds=2, min_worlds=2, step_budget=200),
                keep_many=replace(base.keep_many, worlds=2, min_worlds=2, step_budget=200),
            )
        )
    elif variant == "world":
        wc = WorldSearchConfig()
        bot = world_hard_bot(
            replace(
                wc,
                search=replace(wc.search, worlds=2, min_worlds=2),
                endgame=replace(wc.endgame, worlds=2, min_worlds=2),
            )
        )
    else:
        cc = CardSearchConfig()
        bot = cardgame_hard_bot(
            replace(
                cc,
                search=replace(cc.search, worlds=2, min_worlds=1),
                search_many=replace(cc.search_many, worlds=2, min_worlds=1),
                endgame=replace(cc.endgame, worlds=2, min_worlds=1),
            )
        )
    assert isinstance(bot, SearchBot)
    return bot


def _ask(game: Game, bot: SearchBot) -> tuple[dict[str, Any], list[Action], dict[str, Any]]:
    view = game.view(game.current_player, log=bot.wants_log)
    return view, game.legal_actions(), game.variant.board_view()


def _searched_position(variant: str, bot: SearchBot, players: int = 2) -> Game:
    """The first position (normal playing every seat up to it) where ``bot`` searches."""
    game = Game.new(variant, players=players, seed=21)
    while not game.is_over:
        view, legal, board = _ask(game, bot)
        if len(legal) > 1:
            bot.choose(view, legal, bot_rng(game), board)
            if bot.last is not None and bot.last.worlds:
                return game
        game.apply(bot_action(game, "normal"))
    raise AssertionError("no searched decision")


def _main_position(variant: str, plies: int = 24) -> Game:
    game = Game.new(variant, players=2, seed=8)
    while not game.is_over and (
        len(game.actions) < plies or game.phase != "main" or len(game.legal_actions()) < 3
    ):
        game.apply(bot_action(game, "normal"))
    return game


@pytest.mark.parametrize("variant", VARIANTS)
def test_hard_is_the_shared_search_in_every_game(variant: str) -> None:
    hard = get_variant_bot(variant, "hard")
    assert isinstance(hard, SearchBot) and variant in hard.variants
    assert hard.wants_log == (variant == "cardgame")  # the card game remembers the piles


@pytest.mark.parametrize("variant", VARIANTS)
def test_search_is_deterministic_at_a_fixed_budget(variant: str) -> None:
    bot = _small(variant)
    game = _searched_position(variant, bot)
    view, legal, board = _ask(game, bot)
    first = bot.choose(view, legal, Rng(4), board)
    res = bot.last
    assert res is not None and res.worlds >= 1 and len(res.candidates) >= 2
    assert first in legal and first in res.candidates
    assert all(len(v) == res.worlds for v in res.values)  # every candidate, every world
    again = bot.choose(view, legal, Rng(4), board)
    assert again == first and bot.last is not None
    assert (bot.last.values, bot.last.steps) == (res.values, res.steps)


@pytest.mark.parametrize("variant", VARIANTS)
def test_the_clock_cap_leaves_the_prior_move(variant: str) -> None:
    """The browser's wall-clock cap: a passed deadline means no sampled world, the prior's move;
    a generous cap changes nothing."""
    bot = _small(variant)
    game = _searched_position(variant, bot)
    view, legal, board = _ask(game, bot)
    prior = bot.domain.decision(view, legal, Rng(4), board, False).candidates[0]
    free = bot.choose(view, legal, Rng(4), board)
    with time_limit(0):
        assert time_up()
        capped = bot.choose(view, legal, Rng(4), board)
        assert bot.last is None
    assert not time_up()
    assert capped == prior
    with time_limit(60):
        assert bot.choose(view, legal, Rng(4), board) == free


@pytest.mark.parametrize("variant", VARIANTS)
def test_search_sees_only_the_view(variant: str) -> None:
    """Two games that differ only in what the seat cannot see (deck orders) give the same view,
    and the search decides the same in both."""
    bot = _small(variant)
    game = _searched_position(variant, bot)
    other = game.clone()
    s = other.state
    s.ticket_deck.reverse()
    for deck in ("deck", "train_deck", "ship_deck"):
        if hasattr(s, deck):
            getattr(s, deck).reverse()
    assert [game.state.ticket_deck, getattr(game.state, "deck", None)] != [
        s.ticket_deck,
        getattr(s, "deck", None),
    ]
    va, legal, board = _ask(game, bot)
    vb, legal_b, _ = _ask(other, bot)
    assert va == vb and legal == legal_b
    a = bot.choose(va, legal, Rng(9), board)
    values = bot.last.values if bot.last else None
    assert bot.choose(vb, legal, Rng(9), board) == a
    assert (bot.last.values if bot.last else None) == values


@pytest.mark.parametrize("variant", VARIANTS)
def test_rank_values_candidates_best_first(variant: str) -> None:
    bot = _small(variant)
    game = _main_position(variant)
    view, legal, board = _ask(game, bot)
    ranked = bot.rank(view, legal, Rng(3), board)
    assert len(ranked) >= 2
    assert all(a in legal and isinstance(v, float) for a, v in ranked)
    assert len({a for a, _ in ranked}) == len(ranked)
    assert bot.rank(view, legal, Rng(3), board) == ranked  # deterministic
    with time_limit(0):  # no time: the prior's move alone
        assert len(bot.rank(view, legal, Rng(3), board)) == 1


@pytest.mark.parametrize("variant", VARIANTS)
def test_ranks_first_is_the_move_the_bot_would_play(variant: str) -> None:
    """The Hint's move (``rank``'s first) is what ``hard`` plays: the prior's move where it does
    not search, else one of its own candidates by its own rule. The ranking's wider candidates
    only follow: as the first move at every main turn (the best of many noisy estimates) they
    grabbed claims and starved the plan, and a classic seat following them scored 19 and 56
    where hard scored 104 and 106."""
    bot = _small(variant)
    game = Game.new(variant, players=2, seed=12)
    ranked_turns = 0
    while not game.is_over and len(game.actions) < 70:
        view, legal, board = _ask(game, bot)
        if len(legal) > 1 and len(game.actions) % 3 == 0:
            own = bot.domain.decision(view, legal, Rng(3), board, False).candidates
            first = bot.rank(view, legal, Rng(3), board)[0][0]
            assert first in own, (len(game.actions), first.text())
            if len(own) == 1:
                assert first == own[0] == bot.choose(view, legal, Rng(3), board)
            ranked_turns += 1
        game.apply(bot_action(game, "normal"))
    assert ranked_turns >= 10


@pytest.mark.parametrize("variant", VARIANTS)
def test_compare_measures_two_moves_on_fresh_paired_worlds(variant: str) -> None:
    """The review's cost: ``compare`` plays exactly the two moves, in the number of worlds asked,
    deterministically; the same worlds for both, so swapping them negates the gain and a move
    against itself gains nothing; the clock cap leaves no measure."""
    bot = _small(variant)
    game = _main_position(variant)
    view, legal, board = _ask(game, bot)
    ranked = bot.rank(view, legal, Rng(3), board)
    best = ranked[0][0]
    other = next(a for a in legal if a != best)
    there = bot.compare(view, legal, Rng(5), board, (best, other), 5)
    assert there is not None and there.worlds == 5 and there.se >= 0
    assert bot.compare(view, legal, Rng(5), board, (best, other), 5) == there
    back = bot.compare(view, legal, Rng(5), board, (other, best), 5)
    assert back is not None and back.gain == pytest.approx(-there.gain) and back.se == pytest.approx(there.se)
    assert bot.compare(view, legal, Rng(5), board, (best, best), 3) == paired_gain([1.0] * 3, [1.0] * 3)
    with time_limit(0):
        assert bot.compare(view, legal, Rng(5), board, (best, other), 5) is None


@pytest.mark.parametrize("variant", VARIANTS)
def test_a_measure_does_not_depend_on_what_the_bot_searched_before(variant: str) -> None:
    """Bots keep no state between calls: the measure of two opening keeps (the review's) is the
    same from a fresh bot and after that bot has ranked a main turn of another game. The card
    game's setup used to leave the last main turn's playout settings in place."""
    start = Game.new(variant, players=2, seed=6)
    view, legal, board = _ask(start, _small(variant))
    moves = (legal[0], legal[-1])
    fresh = _small(variant).compare(view, legal, Rng(5), board, moves, 4)
    bot = _small(variant)
    main = _main_position(variant)
    bot.rank(*_ask(main, bot)[:2], Rng(3), main.variant.board_view())
    assert bot.compare(view, legal, Rng(5), board, moves, 4) == fresh


def test_paired_gain_is_the_mean_difference_with_its_standard_error() -> None:
    out = paired_gain([10.0, 4.0, 7.0, 3.0], [6.0, 4.0, 5.0, 1.0])  # differences 4, 0, 2, 2
    assert (out.gain, out.worlds) == (2.0, 4)
    assert out.se == pytest.approx((8 / 3 / 4) ** 0.5)  # sample variance 8/3 over 4 worlds
    assert paired_gain([5.0], [2.0]) == paired_gain([3.0], [0.0]) and paired_gain([5.0], [2.0]).se == 0.0
    assert paired_gain([], []).worlds == 0


def test_classic_rank_values_the_keeps_of_a_ticket_draw() -> None:
    """The Hint after drawing tickets in the game (classic hard itself never draws more): the
    search ranks several keeps, not only the planner's."""
    bot = _small("usa")
    game = _main_position("usa")
    game.apply(next(a for a in game.legal_actions() if a.text() == "tickets"))
    assert game.phase == "keep_tickets"
    view, legal, board = _ask(game, bot)
    ranked = bot.rank(view, legal, Rng(3), board)
    assert len(ranked) >= 2 and all(a.text().startswith("keep") for a, _ in ranked)
    assert len({a for a, _ in ranked}) == len(ranked)


@pytest.mark.parametrize("players", [2, 4])
def test_classic_opening_keep_has_its_own_budget(players: int) -> None:
    """Classic hard searches every allowed opening keep with the keep budget at 2 players
    (``keep``), and its best-valued keeps with a budget of their own at 3+ players (``keep_many``:
    more moves and worlds than the end game's search)."""
    domain = UsaSearchDomain()
    game = Game.new("usa", players=players, seed=11)
    view, legal, board = _ask(game, get_variant_bot("usa", "hard"))
    decision = domain.decision(view, legal, Rng(1), board, False)
    cfg = domain.config
    expected = cfg.keep if players == 2 else cfg.keep_many
    assert decision.params == expected and cfg.keep != cfg.keep_many
    assert (
        cfg.keep_many.step_budget > cfg.search.step_budget
        and cfg.keep_many.min_worlds > cfg.search.min_worlds
    )
    assert len(decision.candidates) == min(expected.candidates, len(legal))
    assert len(set(decision.candidates)) == len(decision.candidates)
    assert all(a in legal and a.text().startswith("keep") for a in decision.candidates)


def test_classic_end_game_tries_the_claim_that_lengthens_the_longest_trail() -> None:
    """The claims worth most now are equal (two 6-train routes), but only one extends the seat's
    trail Portland-San Francisco-Los Angeles-Phoenix: the end game's candidates include it, and
    not when ``trail_gain`` asks for more trains than it adds."""
    game = _main_position("usa")
    view, _, board = _ask(game, get_variant_bot("usa", "hard"))
    model = board_model(board)
    sit = Situation.from_view(view, model)
    owner = [-1] * len(model.routes)
    for rid in ("POR-SF-1", "LA-SF-1", "LA-PHX"):
        owner[model.route_index[rid]] = sit.me
    sit = replace(sit, owner=owner, trains=[8] * sit.players, hand=[6] * len(model.cards))
    isolated = ClaimRoute("MIA-NO", (("red", 6),))
    extends = ClaimRoute("POR-SLC", (("blue", 6),))
    short = ClaimRoute("POR-SEA-1", (("red", 1),))
    legal: list[Action] = [DrawCard(), isolated, short, extends]
    domain = UsaSearchDomain()
    domain.model = model
    per_route = {model.route_index[a.route]: a for a in (isolated, short, extends)}
    assert domain.trail_claim(sit, per_route) == extends
    candidates = domain.candidates(sit, legal, DrawCard(), 2)
    assert candidates[0] == DrawCard() and extends in candidates and isolated in candidates
    strict = UsaSearchDomain(replace(UsaSearchConfig(), trail_gain=7))
    assert strict.trail_claim(sit, per_route) is None
    assert extends not in strict.candidates(sit, legal, DrawCard(), 2)


def test_paired_choice_needs_a_clear_gain() -> None:
    prior = [10.0, 0.0, 5.0, 7.0]
    assert paired_choice([prior, [x + 0.5 for x in prior]], bonus=1.0, min_z=0.0) == 0
    assert paired_choice([prior, [x + 2.0 for x in prior]], bonus=1.0, min_z=0.0) == 1
    noisy = [prior, [prior[0] + 40, prior[1] - 30, prior[2], prior[3]]]  # mean +2.5, wide spread
    assert paired_choice(noisy, bonus=1.0, min_z=0.0) == 1
    assert paired_choice(noisy, bonus=1.0, min_z=1.5) == 0
    # the largest gain wins; a tie keeps the earlier candidate
    assert paired_choice([prior, [x + 3 for x in prior], [x + 3 for x in prior]], 1.0, 0.0) == 1


def test_margin_and_budget_helpers() -> None:
    out = margin_outcome([50.0, 62.0, 40.0], 1, 25.0)
    assert (out.margin, out.value) == (12.0, 37.0)
    assert margin_outcome([50.0, 62.0], 0, 25.0).value == -37.0
    split = SearchParams(step_budget=90, min_worlds=2, playout_steps=600, split_budget=True)
    assert split.horizon(3) == 15 and SearchParams(playout_steps=400).horizon(3) == 400
