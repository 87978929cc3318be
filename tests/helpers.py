"""Shared test helpers: games from explicit setups and action texts."""

from __future__ import annotations

from typing import Any

from pyengine.game import Game

COLORS = ["red", "orange", "yellow", "green", "blue", "purple", "black", "white"]
ALL_CARDS = [c for c in COLORS for _ in range(12)] + ["loco"] * 14


def usa_game(players: int = 2, seed: int = 0, **setup: Any) -> Game:
    """A classic game from an explicit setup; hands start empty and tickets 'already chosen'."""
    setup.setdefault("tickets", [[] for _ in range(players)])
    setup.setdefault("hands", [[] for _ in range(players)])
    return Game.new("usa", players=players, seed=seed, setup=setup)


def cards_except(*used: list[str | None]) -> list[str]:
    """All 110 train cards minus those listed (to give the rest to hands, emptying the deck)."""
    rest = list(ALL_CARDS)
    for pile in used:
        for card in pile:
            if card is not None:
                rest.remove(card)
    return rest


def texts(game: Game) -> list[str]:
    return [a.text() for a in game.legal_actions()]


def hand(game: Game, player: int) -> dict[str, int]:
    return dict(game.view(player, log=False)["me"]["hand"])
