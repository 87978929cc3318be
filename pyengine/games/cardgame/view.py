"""The card game: what each seat sees, the log events, the card data the page draws and the
conservation checks."""

from __future__ import annotations

from typing import Any

from .rules import CardGameRules
from .scoring import _cards_json
from .state import (
    CARD_NAMES,
    COLORS,
    KEEP_TICKETS,
    LOCO,
    MAIN,
    MARKET_SIZE,
    NKINDS,
    OVER,
    SECOND_CARD,
    SETUP_TICKETS,
    TICKETS_KEEP_AT_START,
    TICKETS_KEEP_LATER,
    TWO_HALVES_FROM,
    CardGameState,
)


class CardGameView(CardGameRules):
    """Views, events, board data, invariants."""

    def view(self, s: CardGameState, player: int | None) -> dict[str, Any]:
        d = self.data
        holders = self._bonus_holders(s)
        v: dict[str, Any] = {
            **self.view_head(s, player),
            "half": s.half,
            "halves": s.halves,
            "market": [CARD_NAMES[c] if c >= 0 else None for c in s.market],
            "deck": len(s.deck),
            "discard": len(s.discard),
            "ticket_deck": len(s.ticket_deck),
            "final_round": s.final_turns > 0,
            "final_turns_left": max(s.final_turns, 0),
            "look_at_own_pile": s.look,
            "bonus_cards": [
                {"city": d.city_ids[b.city], "bonus": b.bonus, "leaders": holders[b.index]}
                for b in d.big_cities
            ],
            "players": [
                {
                    "seat": p,
                    "hand": sum(s.hands[p]),
                    "tickets": len(s.tickets[p]),
                    "yard": self._yard_json(s, p),
                    "pile": sum(s.piles[p]),
                    "completed": self._completed_json(s, p),
                    "completed_points": sum(self.tickets[t].points for t, _, _ in s.completed[p]),
                    "choosing_tickets": bool(s.offered[p]),
                }
                for p in range(s.players)
            ],
        }
        if player is not None and 0 <= player < s.players:
            need = TICKETS_KEEP_AT_START if s.phase == SETUP_TICKETS else TICKETS_KEEP_LATER
            me: dict[str, Any] = {
                "hand": _cards_json(s.hands[player]),
                "tickets": [self._ticket_json(t) for t in s.tickets[player]],
                "offered": [self._ticket_json(t) for t in sorted(s.offered[player])],
                "min_keep": min(need, len(s.offered[player])),
            }
            if s.look:
                me["pile"] = _cards_json(s.piles[player])
            v["me"] = me
        if s.phase == OVER:
            v["scores"] = self.scores(s)
        return v

    def hidden_piles(self, state: CardGameState) -> tuple[list[int], ...]:
        return (state.deck, state.ticket_deck)

    def make_board_view(self) -> dict[str, Any]:
        d = self.data
        return {
            **self.board_view_head(),
            "name": d.name,
            "cards": list(CARD_NAMES),
            "colors": list(COLORS),
            "wild": "loco",
            "card_counts": {name: k for name, k in zip(CARD_NAMES, self.expected_cards)},
            "cities": [{"id": i, "name": n} for i, n in zip(d.city_ids, d.city_names)],
            "tickets": [
                {
                    **self._ticket_json(t.index),
                    "big": [d.city_ids[d.big_cities[b].city] for b in t.big],
                    "size": t.size,
                }
                for t in d.tickets
            ],
            "bonus_cards": [
                {"city": d.city_ids[b.city], "name": d.city_names[b.city], "bonus": b.bonus, "gem": b.gem}
                for b in d.big_cities
            ],
            "market_size": MARKET_SIZE,
            "min_players": self.min_players,
            "max_players": self.max_players,
            "two_halves_from": TWO_HALVES_FROM,
            "options": dict(self.option_defaults),
        }

    def check_invariants(self, s: CardGameState) -> None:
        counts = [0] * NKINDS
        for pile in (s.deck, s.discard, [c for c in s.market if c >= 0]):
            for c in pile:
                counts[c] += 1
        for zone in (s.hands, s.piles):
            for h in zone:
                assert len(h) == NKINDS and min(h) >= 0, "bad card counts in a hand or pile"
                for c, k in enumerate(h):
                    counts[c] += k
        for p in range(s.players):
            for c in range(len(COLORS)):
                n, k = s.yard_n[p][c], s.yard_k[p][c]
                assert n >= 0 and k >= 0, "negative rail-yard row"
                assert n or not k, "a row of locomotives without a colored card"
                counts[c] += n
                counts[LOCO] += k
        assert counts == self.expected_cards, f"train cards not conserved: {counts} != {self.expected_cards}"
        for c in range(len(COLORS)):
            assert sum(1 for p in range(s.players) if s.yard_n[p][c]) <= 1, (
                f"two rail yards hold a {COLORS[c]} row"
            )
        held = (
            [t for ts in s.tickets for t in ts]
            + [t for o in s.offered for t in o]
            + s.ticket_deck
            + [t for cs in s.completed for t, _, _ in cs]
        )
        assert sorted(held) == list(range(len(self.tickets))), "tickets not conserved"
        for p in range(s.players):
            for t, half, cards in s.completed[p]:
                assert 1 <= half <= s.halves
                if cards:
                    assert sum(cards) == self.tickets[t].size, "cards used do not match a ticket"
        assert 1 <= s.half <= s.halves
        assert len(s.market) == MARKET_SIZE
        if s.phase in (MAIN, SECOND_CARD, KEEP_TICKETS):
            assert not any(s.offered[q] for q in range(s.players) if q != s.current)
        if s.final_turns > 0:
            assert not s.deck, "final round while the deck has cards"
