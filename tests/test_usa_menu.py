"""The classic game's ``MainMenu``: a main turn's legal actions, listed only when read in full.

Playouts ask it whether a few claims are legal and which cards they may take; it must answer
exactly as the full legal list would, and the planner must make the same move from either."""

from __future__ import annotations

import pytest

from pyengine.actions import ClaimRoute, DrawCard, DrawTickets, TakeCard
from pyengine.bots.usa.board_model import board_model
from pyengine.bots.usa.filler_planner import HARD_PARAMS, FillerPolicy
from pyengine.bots.usa.hard import situation_from_state
from pyengine.games import Settings, get_variant, variant_as
from pyengine.games.usa.claims import MainMenu
from pyengine.games.usa.rules import MAIN
from pyengine.games.usa.variant import UsaVariant
from pyengine.rng import Rng

MAX_PLIES = 3000


def check_menu(v: UsaVariant, state: object, rng: Rng) -> None:
    """Every question the menu answers agrees with the full legal list."""
    legal = v.legal_actions(state)  # type: ignore[arg-type]
    menu = v.main_menu(state)  # type: ignore[arg-type]
    # Asked before it is listed, so the answers come from the claim table.
    assert menu.single() == (legal[0] if len(legal) == 1 else None)
    draws = [a for a in legal if isinstance(a, (DrawCard, TakeCard))]
    assert menu.draws() == draws
    assert menu.offers(DrawTickets()) == (DrawTickets() in legal)
    claims = [a for a in legal if isinstance(a, ClaimRoute)]
    for a in claims[:: max(1, len(claims) // 12)] + draws:
        assert a in menu
        assert menu.pick(a) is legal[legal.index(a)]
    table = v.claim_table
    others = [a for a in table.info if a not in set(claims)]
    for _ in range(20):
        a = others[rng.randbelow(len(others))]
        assert a not in menu
        assert menu.pick(a) is None
    assert list(menu) == legal and len(menu) == len(legal) and menu[-1] == legal[-1]


@pytest.mark.parametrize("players", [2, 4])
def test_the_menu_answers_as_the_legal_list_does_in_random_games(players: int) -> None:
    v = variant_as("usa", UsaVariant)
    for seed in range(2):
        state = v.new_state(Settings("usa", players, seed))
        rng = Rng.derive(seed, players, 7)
        plies = 0
        while not v.is_over(state):
            legal = v.legal_actions(state)
            if state.phase == MAIN and plies % 3 == 0:
                check_menu(v, state, rng)
            v.apply(state, legal[rng.randbelow(len(legal))])
            plies += 1
            assert plies < MAX_PLIES


@pytest.mark.parametrize("players", [2, 4])
def test_the_planner_moves_alike_from_the_menu_and_from_the_list(players: int) -> None:
    """Games of hard's playout planner at every seat (big hands, late claims, ticket draws): at each
    main turn its move from the menu is the list's own move, and the menu's answers agree."""
    v = variant_as("usa", UsaVariant)
    model = board_model(get_variant("usa").board_view())
    policy = FillerPolicy(HARD_PARAMS)
    for seed in range(1):
        state = v.new_state(Settings("usa", players, seed))
        rng = Rng.derive(seed, players, 11)
        plies = menus = 0
        while not v.is_over(state):
            legal = v.legal_actions(state)
            sit = situation_from_state(state, model, state.current)
            action = legal[0] if len(legal) == 1 else policy.decide(sit, legal, Rng.derive(seed, plies))
            if state.phase == MAIN and len(legal) > 1:
                if plies % 4 == 0:
                    check_menu(v, state, rng)
                from_menu = policy.decide(sit, v.main_menu(state), Rng.derive(seed, plies))
                assert from_menu == action, (seed, plies)
                menus += 1
            v.apply(state, action)
            plies += 1
            assert plies < MAX_PLIES
        assert menus > 20 * players
    assert isinstance(v.main_menu(state), MainMenu)
