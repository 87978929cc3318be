"""The card game: why an action is not legal now (and what a legal play would raid)."""

from __future__ import annotations

from typing import Any

from ...actions import Action
from ...mechanics.explain import why_turn_illegal
from .actions import PlayCards
from .rules import CardGameRules
from .state import (
    CARD_INDEX,
    CARD_NAMES,
    COLORS,
    KEEP_TICKETS,
    LOCO,
    MIXED_SET_SIZE,
    OVER,
    SECOND_CARD,
    SET_MIN_CARDS,
    SETUP_TICKETS,
    TICKETS_KEEP_AT_START,
    TICKETS_KEEP_LATER,
    CardGameState,
)


class CardGameExplain(CardGameRules):
    """``why_illegal`` and ``action_details``."""

    # ------------------------------------------------------------------ explanations
    def action_details(self, s: CardGameState, action: Action) -> dict[str, Any]:
        """A play: its kind (``set``: ``one_color`` with its ``color``, or ``three_colors``) and,
        for a set of one color, the rows it raids (every other player's row of that color)."""
        if not isinstance(action, PlayCards):
            return {}
        info = self.play_info.get(action)
        if info is None:
            return {}
        if info[0] != "set":
            return {"set": "three_colors"}
        c = info[1]
        out: dict[str, Any] = {"set": "one_color", "color": COLORS[c]}
        raids = [
            {"victim": q, "color": COLORS[c], "discarded": self._row(s, q, c)}
            for q in range(s.players)
            if q != s.current and s.yard_n[q][c]
        ]
        if raids:
            out["raids"] = raids
        return out

    def why_illegal(self, s: CardGameState, action: Action) -> str:
        phase = s.phase
        choosing = phase in (SETUP_TICKETS, KEEP_TICKETS)
        common = why_turn_illegal(
            action,
            game="card game",
            over=phase == OVER,
            keep_need=(TICKETS_KEEP_AT_START if phase == SETUP_TICKETS else TICKETS_KEEP_LATER)
            if choosing
            else None,
            offered={self.tickets[t].id for t in s.offered[s.current]},
            second_card=phase == SECOND_CARD,
            market=s.market,
            card_names=CARD_NAMES,
            wild=LOCO,
            empty_deck="the deck is used up (it is not reshuffled); take a face-up card, "
            "play cards or draw tickets",
        )
        if common is not None:
            return common
        if isinstance(action, PlayCards):
            return self._why_play_illegal(s, action)
        return f"'{action.text()}' is not an action of the card game"

    def _why_play_illegal(self, s: CardGameState, action: PlayCards) -> str:
        p = s.current
        counts: dict[str, int] = {}
        for name, k in action.cards:
            if name not in CARD_INDEX:
                return f"unknown card {name!r} (cards: {', '.join(CARD_NAMES)})"
            counts[name] = counts.get(name, 0) + k
        for name, k in counts.items():
            if s.hands[p][CARD_INDEX[name]] < k:
                return f"you have {s.hands[p][CARD_INDEX[name]]} {name} card(s), not {k}"
        colored = [name for name in counts if name != "loco"]
        locos = counts.get("loco", 0)
        if not colored:
            return "a set needs at least one colored card (locomotives go on top of a color)"
        if len(colored) > 1:
            if locos:
                return "three cards of different colors are played without locomotives"
            if len(colored) != MIXED_SET_SIZE or any(counts[c] != 1 for c in colored):
                return (
                    "play either 2 or more cards of one color (locomotives may be added) "
                    "or exactly 3 cards of 3 different colors"
                )
            for name in colored:
                c = COLORS.index(name)
                if s.yard_n[p][c]:
                    return f"you already have a {name} row in your rail yard; it must be empty first"
                for q in range(s.players):
                    if q != p and s.yard_n[q][c]:
                        return (
                            f"player {q} has a {name} row of {self._row(s, q, c)} card(s); "
                            "one card cannot raid it"
                        )
            return "write the cards in the canonical order, e.g. 'play 1red 1green 1blue'"
        name = colored[0]
        c = COLORS.index(name)
        total = counts[name] + locos
        if total < SET_MIN_CARDS:
            return (
                f"a set of one color needs at least {SET_MIN_CARDS} cards "
                "(or play exactly 3 cards of 3 different colors)"
            )
        if s.yard_n[p][c]:
            return f"you already have a {name} row in your rail yard; it must be empty first"
        for q in range(s.players):
            if q != p and s.yard_n[q][c] and total <= self._row(s, q, c):
                return (
                    f"player {q} has a {name} row of {self._row(s, q, c)} card(s); to raid it "
                    f"play more than {self._row(s, q, c)} {name} cards (locomotives count)"
                )
        return "write the cards as in the legal actions, e.g. 'play 3red 1loco'"
