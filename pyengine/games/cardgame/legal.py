"""The card game's legal actions: draws, the sets a hand may play into the rail yard (a row
of one color longer than every rival row, or three colors nobody shows), ticket keeps; and the
order the legal list is sorted in. Every play is a pre-built action (``scoring.py``), memoized by
what decides it."""

from __future__ import annotations

from itertools import combinations

from ...actions import Action, KeepTickets
from ...mechanics.tickets import keep_actions
from .actions import PlayCards
from .scoring import CardGameScoring
from .state import (
    COLORS,
    KEEP_TICKETS,
    LOCO,
    MAIN,
    MIXED_SET_SIZE,
    SECOND_CARD,
    SET_MIN_CARDS,
    SET_MIN_NATURAL,
    SETUP_TICKETS,
    TICKETS_KEEP_AT_START,
    TICKETS_KEEP_LATER,
    CardGameState,
)


class CardGameLegal(CardGameScoring):
    """``legal_actions`` (the only source of what is legal) and ``action_order``."""

    def legal_actions(self, s: CardGameState) -> list[Action]:
        phase = s.phase
        if phase == MAIN:
            out = self._main_actions(s)
            return out if out else [self.pass_action]
        if phase == SECOND_CARD:
            out2: list[Action] = [self.draw_action] if s.deck else []
            for i, c in enumerate(s.market):
                if c >= 0 and c != LOCO:
                    out2.append(self.take_actions[i][c])
            return out2
        if phase in (KEEP_TICKETS, SETUP_TICKETS):
            return self._keep_actions(s)
        return []

    def _keep_actions(self, s: CardGameState) -> list[Action]:
        need = TICKETS_KEEP_AT_START if s.phase == SETUP_TICKETS else TICKETS_KEEP_LATER
        return keep_actions(self.keep_cache, self.ticket_ids, s.offered[s.current], need)

    def _main_actions(self, s: CardGameState) -> list[Action]:
        p = s.current
        out: list[Action] = []
        if s.deck:
            out.append(self.draw_action)
        for i, c in enumerate(s.market):
            if c >= 0:
                out.append(self.take_actions[i][c])
        self._add_plays(out, s, p)
        if s.ticket_deck:
            out.append(self.tickets_action)
        return out

    def _add_plays(self, out: list[Action], s: CardGameState, p: int) -> None:
        """Append the sets player p may play to ``out``."""
        hand = s.hands[p]
        locos = hand[LOCO]
        free: list[int] = []  # colors in hand with no row in any yard
        mine = s.yard_n[p]
        rivals = [(s.yard_n[q], s.yard_k[q]) for q in range(s.players) if q != p]
        cache = self.set_play_cache
        for c in range(len(COLORS)):
            have = hand[c]
            if not have or mine[c]:
                continue  # no card of it, or an own row of this color: blocked until it is empty
            others = 0  # the longest rival row of this color (a set must be longer)
            for yard_n, yard_k in rivals:
                row = yard_n[c] + yard_k[c]
                if row > others:
                    others = row
            if not others:
                free.append(c)
            if have >= SET_MIN_NATURAL:
                key = (c, have, locos, others + 1 if others >= SET_MIN_CARDS else SET_MIN_CARDS)
                plays = cache.get(key)
                out.extend(plays if plays is not None else self._set_plays(*key))
        if len(free) >= MIXED_SET_SIZE:
            out.extend(self._mixed_plays(tuple(free)))

    def _set_plays(self, c: int, have: int, locos: int, least: int) -> list[PlayCards]:
        """Every set of color ``c`` a hand with ``have`` of it and ``locos`` locomotives can
        play with at least ``least`` cards (by count, then locomotives), stored in
        ``set_play_cache`` (which ``_add_plays`` reads first)."""
        rows = self.set_actions[c]
        plays: list[PlayCards] = []
        for n in range(max(1, SET_MIN_NATURAL), have + 1):
            k0 = max(0, least - n)
            if k0 <= locos:
                plays.extend(rows[n][k0 : locos + 1])
        self.set_play_cache[c, have, locos, least] = plays
        return plays

    def _mixed_plays(self, colors: tuple[int, ...]) -> list[PlayCards]:
        """Every mixed set of 3 of ``colors`` (ascending), memoized."""
        plays = self.mixed_play_cache.get(colors)
        if plays is None:
            plays = self.mixed_play_cache[colors] = [
                self.mixed_actions[trio] for trio in combinations(colors, MIXED_SET_SIZE)
            ]
        return plays

    def action_order(self, action: Action) -> tuple[object, ...]:
        """Sets (by color, count, locomotives) before mixed sets (by colors); ticket keeps by
        size, then ticket indices."""
        if isinstance(action, PlayCards):
            info = self.play_info[action]
            return (action.order, 0, *info[1:]) if info[0] == "set" else (action.order, 1, *info[1])
        if isinstance(action, KeepTickets):
            return (action.order, len(action.tickets), *(self.data.ticket_index[t] for t in action.tickets))
        return action.sort_key()
