"""The card game: the rules object's tables, whose turn it is, tickets as data and the scores
(completed tickets by half, lost tickets, big-city bonuses)."""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations
from typing import Any

from ...actions import Action, DrawCard, DrawTickets, Pass, TakeCard
from ...errors import DataError
from ...mechanics.ranking import rank_scores
from ...mechanics.stats import ticket_points
from ...mechanics.turns import another_card_available
from ..base import Variant
from .actions import PlayCards
from .data import CardData, load_card_data
from .state import (
    CARD_NAMES,
    COLORS,
    LOCO,
    MARKET_SIZE,
    MIXED_SET_SIZE,
    NKINDS,
    OVER,
    PHASE_NAMES,
    CardGameState,
)


class CardGameScoring(Variant[CardGameState]):
    """Tables, queries and scores (the base of the rules object's layers)."""

    name = "cardgame"
    phase_names = PHASE_NAMES
    over_phase = OVER
    title = "Ticket to Ride: The Card Game"
    rules_version = 1
    min_players = 2
    max_players = 4
    option_defaults: dict[str, Any] = {"look_at_own_pile": False}
    option_values: dict[str, tuple[Any, ...]] = {"look_at_own_pile": (False, True)}

    def __init__(self, data: CardData | None = None) -> None:
        self.data = data or load_card_data("cardgame.json")
        d = self.data
        if tuple(d.colors) != COLORS or d.wild != "loco":
            raise DataError(
                f"card data colors {d.colors} / {d.wild!r} differ from the engine's card order {CARD_NAMES}"
            )
        self.tickets = d.tickets
        self.nbig = len(d.big_cities)
        self.bonus_values = tuple(b.bonus for b in d.big_cities)
        self.expected_cards = [d.per_color] * len(COLORS) + [d.locomotives]
        self.draw_action = DrawCard()
        self.take_actions = [[TakeCard(s, CARD_NAMES[c]) for c in range(NKINDS)] for s in range(MARKET_SIZE)]
        self.tickets_action = DrawTickets()
        self.pass_action = Pass()
        # Every possible play is one pre-built action; play_info maps it back to numbers:
        # ("set", color, colored count, loco count) or ("mixed", (c1, c2, c3)).
        self.play_info: dict[PlayCards, tuple[Any, ...]] = {}
        self.set_actions: list[list[list[PlayCards]]] = []
        for c in range(len(COLORS)):
            per_n: list[list[PlayCards]] = [[]]
            for n in range(1, d.per_color + 1):
                row = []
                for k in range(d.locomotives + 1):
                    cards = ((COLORS[c], n),) + ((("loco", k),) if k else ())
                    act = PlayCards(cards)
                    self.play_info[act] = ("set", c, n, k)
                    row.append(act)
                per_n.append(row)
            self.set_actions.append(per_n)
        self.mixed_actions: dict[tuple[int, ...], PlayCards] = {}
        for trio in combinations(range(len(COLORS)), MIXED_SET_SIZE):
            act = PlayCards(tuple((COLORS[c], 1) for c in trio))
            self.play_info[act] = ("mixed", trio)
            self.mixed_actions[trio] = act
        self.keep_cache: dict[tuple[tuple[int, ...], int], list[Action]] = {}
        # Legal plays by what decides them (bounded: counts are capped by the card supply).
        self.set_play_cache: dict[tuple[int, int, int, int], list[PlayCards]] = {}
        self.mixed_play_cache: dict[tuple[int, ...], list[PlayCards]] = {}
        self.ticket_ids = [t.id for t in self.tickets]
        self._solved: tuple[Any, list[tuple[int, ...]]] | None = None

    # ------------------------------------------------------------------ queries
    def _row(self, s: CardGameState, p: int, c: int) -> int:
        return s.yard_n[p][c] + s.yard_k[p][c]

    def can_take_second(self, s: CardGameState) -> bool:
        return another_card_available(bool(s.deck), s.market, LOCO)

    def _ticket_json(self, t: int) -> dict[str, Any]:
        tk = self.tickets[t]
        d = self.data
        return {
            "id": tk.id,
            "cities": [d.city_ids[tk.a], d.city_ids[tk.b]],
            "points": tk.points,
            "need": {COLORS[c]: k for c, k in enumerate(tk.need) if k},
        }

    def _yard_json(self, s: CardGameState, p: int) -> dict[str, Any]:
        return {
            COLORS[c]: {"cards": s.yard_n[p][c], "locos": s.yard_k[p][c]}
            for c in range(len(COLORS))
            if s.yard_n[p][c]
        }

    def _completed_json(self, s: CardGameState, p: int) -> list[dict[str, Any]]:
        return [
            {**self._ticket_json(t), "half": h, "cards": _cards_json(cards)} for t, h, cards in s.completed[p]
        ]

    def _city_counts(self, s: CardGameState) -> list[list[int]]:
        out = []
        for p in range(s.players):
            row = [0] * self.nbig
            for t, _, _ in s.completed[p]:
                for b in self.tickets[t].big:
                    row[b] += 1
            out.append(row)
        return out

    def _bonus_holders(self, s: CardGameState) -> list[list[int]]:
        """Per big city, the seats with the most completed tickets naming it (at least one)."""
        counts = self._city_counts(s)
        holders = []
        for b in range(self.nbig):
            best = max(counts[p][b] for p in range(s.players))
            holders.append([p for p in range(s.players) if best >= 1 and counts[p][b] == best])
        return holders

    def scores(self, s: CardGameState) -> list[dict[str, Any]]:
        counts = self._city_counts(s)
        holders = self._bonus_holders(s)
        d = self.data
        out: list[dict[str, Any]] = []
        for p in range(s.players):
            halves = []
            for h in range(1, s.halves + 1):
                done = [x for x in self._completed_json(s, p) if x["half"] == h]
                halves.append({"half": h, "tickets": done, "points": sum(x["points"] for x in done)})
            won = sum(self.tickets[t].points for t, _, _ in s.completed[p])
            lost = sum(self.tickets[t].points for t in s.tickets[p])
            bonuses: list[dict[str, Any]] = [
                {"city": d.city_ids[b.city], "bonus": b.bonus} for b in d.big_cities if p in holders[b.index]
            ]
            bonus_points = sum(b["bonus"] for b in bonuses)
            out.append(
                {
                    "seat": p,
                    "halves": halves,
                    "tickets_won": won,
                    "completed": len(s.completed[p]),
                    "uncompleted": [self._ticket_json(t) for t in s.tickets[p]],
                    "tickets_lost": lost,
                    "city_counts": {d.city_ids[b.city]: counts[p][b.index] for b in d.big_cities},
                    "bonuses": bonuses,
                    "bonus_points": bonus_points,
                    "bonus_cards": len(bonuses),
                    "total": won - lost + bonus_points,
                    "final": s.phase == OVER,
                }
            )
        rank_key = [(sc["total"], sc["completed"], sc["bonus_cards"]) for sc in out]
        return rank_scores(out, rank_key)

    def point_sources(self, score: dict[str, Any]) -> list[tuple[str, int]]:
        return [
            *ticket_points(score),
            ("big_cities", score["bonus_points"]),
        ]


def _cards_json(counts: Sequence[int]) -> dict[str, int]:
    return {CARD_NAMES[c]: k for c, k in enumerate(counts) if k}
