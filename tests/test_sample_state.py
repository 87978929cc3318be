"""``sample_state`` is the inverse of ``view``: view(sample_state(view(s, p)), p) == view(s, p),
over random games of every game, for every seat, at every step."""

from __future__ import annotations

import pytest

from pyengine.game import Game
from pyengine.games import get_variant, variant_names
from pyengine.rng import Rng


@pytest.mark.parametrize("game", variant_names())
@pytest.mark.parametrize("players", [2, 3, 5])
def test_view_of_a_sampled_state_is_the_view(game: str, players: int) -> None:
    for seed in range(4):
        g = Game.new(game, players=min(players, get_variant(game).max_players), seed=seed)
        chooser = Rng.derive(seed, 99)
        while not g.is_over:
            for seat in range(g.settings.players):
                view = g.variant.view(g.state, seat)
                sampled = g.variant.sample_state(view, Rng.derive(seed, seat, len(g.actions)))
                assert g.variant.view(sampled, seat) == view, (
                    f"{game} seed {seed} seat {seat} action {len(g.actions)}"
                )
                g.variant.check_invariants(sampled)
            legal = g.legal_actions()
            g.apply(legal[chooser.randbelow(len(legal))])
