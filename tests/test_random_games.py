"""Random full games with invariants checked at every step, for every registered variant."""

from __future__ import annotations

import json
import random

import pytest

from pyengine.actions import ClaimRoute, DrawCard, DrawTickets, KeepTickets, Pass, TakeCard
from pyengine.game import Game
from pyengine.games import Settings, get_variant, variant_names
from pyengine.games.cardgame.actions import PlayCards
from pyengine.games.world.actions import BuildHarbor, ChoosePieces, ExchangePieces
from pyengine.notation import parse_action
from pyengine.record import replay
from pyengine.rng import Rng

MAX_PLIES = 5000
ACTION_CLASSES = {
    cls.__name__: cls
    for cls in (
        DrawCard,
        TakeCard,
        ClaimRoute,
        DrawTickets,
        KeepTickets,
        Pass,
        BuildHarbor,
        ExchangePieces,
        ChoosePieces,
        PlayCards,
    )
}
# At least 1,000 classic games in CI (250 per player count); the other games, fewer.
GAMES_PER_COUNT = {"usa": 250}
DEFAULT_GAMES_PER_COUNT = 25


def _counts(name: str) -> list[int]:
    v = get_variant(name)
    return list(range(v.min_players, v.max_players + 1))


# Every value of every option that changes the rules (the classic game's ways of play); the
# default values are the plain cases.
OPTION_CASES = [
    (name, {key: value})
    for name in variant_names()
    for key, value in (
        (k, v)
        for k, info in get_variant(name).options_info().items()
        for v in info["values"]
        if v != info["default"]
    )
]
CASES = [(name, players, {}) for name in variant_names() for players in _counts(name)] + [
    (name, players, options) for name, options in OPTION_CASES for players in _counts(name)
]


def _case_id(value: object) -> str:
    if isinstance(value, dict):
        return ",".join(f"{k}={v}" for k, v in value.items()) or "default"
    return str(value)


@pytest.mark.parametrize(("name", "players", "options"), CASES, ids=_case_id)
def test_random_games_keep_every_invariant(name: str, players: int, options: dict) -> None:
    """Cards conserved, legal lists sorted/unique/non-empty, texts round-trip, games end."""
    v = get_variant(name)
    games = GAMES_PER_COUNT.get(name, DEFAULT_GAMES_PER_COUNT) if not options else DEFAULT_GAMES_PER_COUNT
    for seed in range(games):
        state = v.new_state(Settings(v.name, players, seed, options=options))
        rng = Rng.derive(seed, players)
        plies = 0
        while not v.is_over(state):
            legal = v.legal_actions(state)
            assert legal, f"{name} seed {seed}: no legal action at ply {plies}"
            keys = [v.action_order(a) for a in legal]
            assert keys == sorted(keys), f"{name} seed {seed}: legal actions not sorted at ply {plies}"
            textset = {a.text() for a in legal}
            assert len(textset) == len(legal), f"{name} seed {seed}: duplicate action texts"
            action = legal[rng.randbelow(len(legal))]
            assert parse_action(action.text()) == action
            assert eval(repr(action), ACTION_CLASSES) == action, "repr must round-trip"
            v.apply(state, action)
            v.check_invariants(state)
            plies += 1
            assert plies < MAX_PLIES, f"{name} seed {seed}: game did not end"
        scores = v.scores(state)
        assert sum(1 for s in scores if s["winner"]) >= 1


@pytest.mark.parametrize(
    ("name", "options"), [(name, {}) for name in variant_names()] + OPTION_CASES, ids=_case_id
)
def test_every_legal_action_applies_and_replays_exactly(name: str, options: dict) -> None:
    """Every legal action applies on a clone; clones and record replays equal the original."""
    v = get_variant(name)
    for players in (v.min_players, v.max_players):
        for seed in range(3 if not options else 1):
            game = Game.new(name, players=players, seed=seed, options=options)
            rng = Rng.derive(seed, 99)
            checkpoints = {1, 2, 3, 5, 8, 10, 16, 32, 64, 128, 256}
            while not game.is_over:
                legal = game.legal_actions()
                for action in legal:
                    trial = game.clone()
                    trial.apply(action.text())
                    v.check_invariants(trial.state)
                clone = game.clone()
                assert clone.state.snapshot() == game.state.snapshot()
                game.apply(legal[rng.randbelow(len(legal))])
                if len(game.actions) in checkpoints:
                    again = replay(json.loads(json.dumps(game.record())))
                    assert again.state.snapshot() == game.state.snapshot()
            final = replay(game.record())
            assert final.state.snapshot() == game.state.snapshot()
            assert final.scores() == game.scores()


def test_global_random_is_never_used() -> None:
    """Consuming Python's global random between steps changes nothing (the RLCard check)."""

    def play(pollute: bool) -> list[str]:
        game = Game.new("usa", players=3, seed=42)
        rng = Rng(7)
        while not game.is_over:
            if pollute:
                random.seed(len(game.actions))
                random.random()
                random.shuffle(list(range(10)))
            legal = game.legal_actions()
            game.apply(legal[rng.randbelow(len(legal))])
        return [a.text() for a in game.actions] + [repr(game.scores())]

    assert play(False) == play(True)


def test_same_seed_same_deal_different_seed_different_deal() -> None:
    a = Game.new("usa", players=4, seed="friday night")
    b = Game.new("usa", players=4, seed="friday night")
    c = Game.new("usa", players=4, seed="saturday")
    assert a.state.snapshot() == b.state.snapshot()
    assert a.state.deck != c.state.deck


def test_known_deal_is_stable_across_versions() -> None:
    """The deal for a seed is part of the record format: changing it breaks every saved link."""
    g = Game.new("usa", players=2, seed=1)
    view = g.view(0)
    assert view["market"] == ["green", "orange", "green", "loco", "white"]
    assert view["me"]["hand"] == {"red": 1, "purple": 2, "black": 1}
    assert [t["id"] for t in view["me"]["offered"]] == ["CAL-PHX", "CAL-SLC", "HEL-LA"]
