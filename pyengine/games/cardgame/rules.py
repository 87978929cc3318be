"""Ticket to Ride: The Card Game (rules: docs/rules-cardgame.md, from shared/rules/cardgame.md).

Zones per player: a secret hand, a face-up rail yard (at most one row per color, locomotives on
top), a face-down on-the-way pile and secret tickets. A turn has an automatic phase 1 (the top
card of every rail-yard row moves to the on-the-way pile; done inside ``apply`` as the turn
starts, so the state between turns is already the state the next player acts in) and one
phase-2 action: draw cards, play cards to the rail yard, or draw tickets. When the deck runs out
everyone gets one more turn; then every player completes tickets from the on-the-way pile (an
exact search picks the best set, see ``best_completion``). With 4 players a second half follows.
"""

from __future__ import annotations

from typing import Any

from ...actions import Action, DrawCard, DrawTickets, KeepTickets, Pass, TakeCard
from ...boundary import excerpt
from ...errors import SettingsError
from ...events import AutoEvent, Event
from ...mechanics.setup import CardSupply, setup_fields, setup_list, ticket_deck
from ...mechanics.tickets import draw_tickets, keep_tickets, return_under
from ...mechanics.turns import next_setup_seat
from ..base import Settings
from .actions import PlayCards
from .legal import CardGameLegal
from .scoring import _cards_json
from .solver import CompletionSearch, assign_cards
from .state import (
    BEST_RESPONSE_PASSES,
    CARD_INDEX,
    CARD_NAMES,
    COLORS,
    HAND_SIZE,
    KEEP_TICKETS,
    LOCO,
    MAIN,
    MARKET_SIZE,
    MARKET_TO_NEW_DECK,
    NKINDS,
    OVER,
    SECOND_CARD,
    SECOND_HALF_CARDS,
    SETUP_FIELDS,
    SETUP_TICKETS,
    START_LOCOS,
    TICKETS_DEALT,
    TICKETS_DRAWN,
    TWO_HALVES_FROM,
    CardGameState,
)


class CardGameRules(CardGameLegal):
    """Setup, the effect of actions and the end of a half (see the module docstring; the legal
    actions: legal.py)."""

    # ------------------------------------------------------------------ setup
    def check_settings(self, settings: Settings) -> None:
        super().check_settings(settings)
        look = settings.options.get("look_at_own_pile", False)
        if not isinstance(look, bool):
            raise SettingsError("option look_at_own_pile must be true or false")

    def new_state(self, settings: Settings) -> CardGameState:
        self.check_settings(settings)
        n = settings.players
        s = self.seated(CardGameState(), settings)
        s.look = bool(self.option(settings, "look_at_own_pile"))
        s.halves = 2 if n >= TWO_HALVES_FROM else 1
        setup = setup_fields(settings.setup, SETUP_FIELDS)
        if "deck" in setup and "deck_top" in setup:
            raise SettingsError("setup gives either 'deck' (the whole deck) or 'deck_top', not both")
        s.hands = [[0] * NKINDS for _ in range(n)]
        s.yard_n = [[0] * len(COLORS) for _ in range(n)]
        s.yard_k = [[0] * len(COLORS) for _ in range(n)]
        s.piles = [[0] * NKINDS for _ in range(n)]
        s.tickets = [[] for _ in range(n)]
        s.offered = [[] for _ in range(n)]
        s.completed = [[] for _ in range(n)]
        supply = CardSupply(self.expected_cards, CARD_INDEX)
        take_cards = supply.take
        remaining = supply.remaining

        def per_player(key: str) -> list[Any] | None:
            value = setup.get(key)
            if value is None:
                return None
            if not isinstance(value, list) or len(value) != n:
                raise SettingsError(f"setup {key} must list {n} entries, one per player")
            return value

        hands_given = per_player("hands")
        if hands_given is not None:
            for p, h in enumerate(hands_given):
                for c in take_cards(h, f"hand {p}"):
                    s.hands[p][c] += 1
        else:
            if remaining[LOCO] < START_LOCOS * n:
                raise SettingsError("setup leaves too few locomotives for the starting hands")
            remaining[LOCO] -= START_LOCOS * n
            for p in range(n):
                s.hands[p][LOCO] += START_LOCOS
        yards = per_player("yards")
        if yards is not None:
            for p, yard in enumerate(yards):
                if not isinstance(yard, dict):
                    raise SettingsError(f"setup yard {p} must map colors to rows of card names")
                for color, row in yard.items():
                    if color not in COLORS:
                        raise SettingsError(f"setup yard {p}: unknown color {color!r}")
                    cards = take_cards(row, f"yard {p} {color} row")
                    c = COLORS.index(color)
                    nat = sum(1 for x in cards if x == c)
                    if not cards or cards != [c] * nat + [LOCO] * (len(cards) - nat) or nat < 1:
                        raise SettingsError(
                            f"setup yard {p}: the {color} row must be {color} cards "
                            "(at least one) with any locomotives on top (last)"
                        )
                    s.yard_n[p][c] = nat
                    s.yard_k[p][c] = len(cards) - nat
        for p in range(n):
            for c in range(len(COLORS)):
                if s.yard_n[p][c] and any(s.yard_n[q][c] for q in range(n) if q != p):
                    raise SettingsError(f"setup yards: two players have a {COLORS[c]} row")
        piles = per_player("piles")
        if piles is not None:
            for p, pile in enumerate(piles):
                for c in take_cards(pile, f"pile {p}"):
                    s.piles[p][c] += 1
        market_given = None
        if "market" in setup:
            m = setup["market"]
            if not isinstance(m, list) or len(m) != MARKET_SIZE:
                raise SettingsError(f"setup market must list {MARKET_SIZE} cards (null: empty slot)")
            market_given = [-1 if x is None else take_cards([x], "market")[0] for x in m]
        s.discard = take_cards(setup.get("discard", []), "discard")
        if "deck" in setup:
            s.deck = take_cards(setup["deck"], "deck")[::-1]
            s.discard.extend(supply.rest())
        else:
            top = take_cards(setup.get("deck_top", []), "deck top")
            rest = supply.rest()
            s.rng.shuffle(rest)
            s.deck = rest + top[::-1]
        if hands_given is None:
            for _ in range(HAND_SIZE):
                for p in range(n):
                    if s.deck:
                        s.hands[p][s.deck.pop()] += 1
        if market_given is not None:
            s.market = market_given
        else:
            s.market = [s.deck.pop() if s.deck else -1 for _ in range(MARKET_SIZE)]

        # Tickets.
        placed: list[int] = []
        kept = per_player("tickets")
        if kept is not None:
            for p, ids in enumerate(kept):
                s.tickets[p] = [self._ticket(t) for t in setup_list(ids, f"tickets {p}")]
                placed.extend(s.tickets[p])
        done = per_player("completed")
        if done is not None:
            for p, ids in enumerate(done):
                s.completed[p] = [(self._ticket(t), 1, ()) for t in setup_list(ids, f"completed {p}")]
                placed.extend(t for t, _, _ in s.completed[p])
        top_tickets = [self._ticket(t) for t in setup_list(setup.get("ticket_deck", []), "ticket_deck")]
        s.ticket_deck = ticket_deck(range(len(self.tickets)), placed, top_tickets, s.rng)
        s.current = settings.start_player
        if kept is None:
            for p in range(n):
                s.offered[p] = draw_tickets(s.ticket_deck, TICKETS_DEALT)
            s.phase = SETUP_TICKETS
            if not any(s.offered):
                raise SettingsError("no tickets left to deal")
        else:
            self._enter_main(s, None)
        return s

    def _ticket(self, tid: Any) -> int:
        if not isinstance(tid, str) or tid not in self.data.ticket_index:
            raise SettingsError(f"setup names unknown ticket {excerpt(tid)}")
        return self.data.ticket_index[tid]

    # ------------------------------------------------------------------ applying
    def apply(self, s: CardGameState, action: Action) -> Event:
        """Apply a legal action (the caller has checked legality); returns its log event, with
        the raids of a play and the automatic steps that followed it (``auto``)."""
        p = s.current
        kind = type(action)
        ev: Event = {"player": p, "turn": s.turn, "kind": action.keyword}
        if kind is TakeCard:
            slot = action.slot  # type: ignore[attr-defined]
            ev["card"] = CARD_NAMES[s.market[slot]]
            ev["slot"] = slot
            ev["second"] = s.phase == SECOND_CARD
        elif kind is DrawCard:
            ev["second"] = s.phase == SECOND_CARD
            ev["deck_left"] = len(s.deck) - 1
            ev["private_card"] = CARD_NAMES[s.deck[-1]]  # only the drawer sees it
        elif kind is PlayCards:
            info = self.play_info[action]  # type: ignore[index]
            ev["cards"] = dict(action.cards)  # type: ignore[attr-defined]
            ev["set"] = "one_color" if info[0] == "set" else "three_colors"
            if info[0] == "set":
                ev["color"] = COLORS[info[1]]
        elif kind is DrawTickets:
            ev["count"] = min(TICKETS_DRAWN, len(s.ticket_deck))
        elif kind is KeepTickets:
            tickets = action.tickets  # type: ignore[attr-defined]
            ev["count"] = len(tickets)
            ev["offered"] = len(s.offered[p])
            ev["setup"] = s.phase == SETUP_TICKETS
            ev["private_tickets"] = list(tickets)  # only their owner sees them
        auto: list[AutoEvent] = []
        self._do(s, action, auto)
        if kind is PlayCards:
            ev["raids"] = [
                {
                    "victim": a["victim"],
                    "color": a["color"],
                    "discarded": a["discarded"],
                    "played": a["played"],
                }
                for a in auto
                if a["kind"] == "raid"
            ]
        if auto:
            rest = [a for a in auto if a["kind"] != "raid"]
            if rest:
                ev["auto"] = rest
        ev["ends_turn"] = s.phase not in (SECOND_CARD, KEEP_TICKETS)
        return ev

    def _do(self, s: CardGameState, action: Action, ev: list[AutoEvent] | None) -> None:
        """Apply ``action``; automatic follow-ups (raids, phase 1, end of a half) are appended
        to ``ev`` as log events when it is a list."""
        p = s.current
        kind = type(action)
        if kind is DrawCard:
            s.hands[p][s.deck.pop()] += 1
            if s.phase == MAIN and self.can_take_second(s):
                s.phase = SECOND_CARD
            else:
                self.finish_turn(s, ev)
        elif kind is TakeCard:
            slot = action.slot  # type: ignore[attr-defined]
            c = s.market[slot]
            s.hands[p][c] += 1
            s.market[slot] = s.deck.pop() if s.deck else -1
            if s.phase == MAIN and c != LOCO and self.can_take_second(s):
                s.phase = SECOND_CARD
            else:
                self.finish_turn(s, ev)
        elif kind is PlayCards:
            info = self.play_info[action]  # type: ignore[index]
            hand = s.hands[p]
            if info[0] == "set":
                _, c, n, k = info
                hand[c] -= n
                hand[LOCO] -= k
                for q in range(s.players):
                    if q != p and s.yard_n[q][c]:
                        lost = self._row(s, q, c)
                        s.discard.extend([c] * s.yard_n[q][c] + [LOCO] * s.yard_k[q][c])
                        s.yard_n[q][c] = 0
                        s.yard_k[q][c] = 0
                        if ev is not None:
                            ev.append(
                                {
                                    "kind": "raid",
                                    "player": p,
                                    "victim": q,
                                    "color": COLORS[c],
                                    "discarded": lost,
                                    "played": n + k,
                                }
                            )
                s.yard_n[p][c] = n
                s.yard_k[p][c] = k
            else:
                for c in info[1]:
                    hand[c] -= 1
                    s.yard_n[p][c] = 1
            self.finish_turn(s, ev)
        elif kind is DrawTickets:
            s.offered[p] = draw_tickets(s.ticket_deck, TICKETS_DRAWN)
            s.phase = KEEP_TICKETS
        elif kind is KeepTickets:
            keep = [self.data.ticket_index[t] for t in action.tickets]  # type: ignore[attr-defined]
            returned = keep_tickets(s.tickets[p], s.offered[p], keep)
            s.offered[p] = []
            if s.phase == SETUP_TICKETS:
                # Returned tickets are shuffled back into the ticket deck.
                s.ticket_deck.extend(returned)
                s.rng.shuffle(s.ticket_deck)
                if next_setup_seat(s):
                    self._enter_main(s, ev)
            else:
                return_under(s.ticket_deck, returned)
                self.finish_turn(s, ev)
        elif kind is Pass:
            self.finish_turn(s, ev)
        else:
            raise TypeError(f"{type(action).__name__} is not an action of the card game")

    def _enter_main(self, s: CardGameState, ev: list[AutoEvent] | None) -> None:
        """The first turn after the setup."""
        s.phase = MAIN
        if not s.deck:
            s.final_turns = s.players  # [decision] a (test) setup without a deck: one round
            if ev is not None:
                ev.append({"kind": "final_round", "player": s.current, "turns": s.players})
        self._begin_turn(s, ev)

    def _begin_turn(self, s: CardGameState, ev: list[AutoEvent] | None) -> None:
        """Phase 1: the top card of each rail-yard row goes to the on-the-way pile."""
        p = s.current
        yn, yk, pile = s.yard_n[p], s.yard_k[p], s.piles[p]
        rows: list[str] = []
        moved: list[str] = []  # the card each row gave: its color, or a locomotive from its top
        for c in range(len(COLORS)):
            if yk[c]:
                yk[c] -= 1
                pile[LOCO] += 1
                rows.append(COLORS[c])
                moved.append(CARD_NAMES[LOCO])
            elif yn[c]:
                yn[c] -= 1
                pile[c] += 1
                rows.append(COLORS[c])
                moved.append(COLORS[c])
        if rows and ev is not None:
            ev.append({"kind": "phase1", "player": p, "rows": rows, "moved": moved, "cards": len(rows)})

    def finish_turn(self, s: CardGameState, ev: list[AutoEvent] | None) -> None:
        s.turn += 1
        if s.final_turns > 0:
            s.final_turns -= 1
            if s.final_turns == 0:
                self._end_half(s, ev)
                return
        elif not s.deck:
            s.final_turns = s.players  # everyone, this player included, gets one more turn
            if ev is not None:
                ev.append({"kind": "final_round", "player": s.current, "turns": s.players})
        s.phase = MAIN
        s.current = (s.current + 1) % s.players
        self._begin_turn(s, ev)

    # ------------------------------------------------------------------ end of a half
    def choose_completions(self, s: CardGameState) -> list[tuple[int, ...]]:
        """For every player, the tickets in hand (ticket indices) completed from the on-the-way
        pile at the end of this half.

        [decision] Each player's set maximises that player's standing as if the game ended now:
        score (tickets completed in all halves, minus tickets left in hand, plus big-city
        bonuses), then completed tickets, then bonus cards (the rulebook's tiebreaks). The
        tickets in hand are fixed, so the score is 2 × completed points − hand total + bonuses:
        without bonuses this is "most ticket points, then most tickets". Bonuses depend on the
        other players' choices: every player starts from the bonus-blind best set; then players
        in seat order switch to a strictly better set given the others' current choices, until
        nobody switches (at most BEST_RESPONSE_PASSES rounds). Each step is an exact search
        (``best_completion``); ties keep the current choice.
        """
        n = s.players
        nbig = self.nbig
        bonus = self.bonus_values
        hands = [[self.tickets[t] for t in s.tickets[p]] for p in range(n)]
        banked = [[0] * nbig for _ in range(n)]
        for p in range(n):
            for t, _, _ in s.completed[p]:
                for b in self.tickets[t].big:
                    banked[p][b] += 1
        searches = [CompletionSearch(hands[p], s.piles[p]) for p in range(n)]
        choice = [search.best()[1] for search in searches]

        def cities_of(p: int) -> list[int]:
            row = banked[p][:]
            for i in choice[p]:
                for b in hands[p][i].big:
                    row[b] += 1
            return row

        solved: dict[tuple[Any, ...], tuple[int, ...]] = {}
        for _ in range(BEST_RESPONSE_PASSES):
            changed = False
            for p in range(n):
                others = [0] * nbig
                for q in range(n):
                    if q != p:
                        others = [max(a, b) for a, b in zip(others, cities_of(q))]
                # Tickets still needed to win each bonus (0: won anyway or not winnable now is
                # handled by best_completion; a city already won without new tickets adds the
                # same bonus to every set, so it is left out).
                goals = [max(1, others[b]) - banked[p][b] for b in range(nbig)]
                goals = [g if g > 0 else 0 for g in goals]
                key = (p, tuple(goals), choice[p])
                if key not in solved:
                    solved[key] = searches[p].best(goals, bonus, choice[p])[1]
                best = solved[key]
                if best != choice[p]:
                    choice[p] = best
                    changed = True
            if not changed:
                break
        return [tuple(s.tickets[p][i] for i in choice[p]) for p in range(n)]

    def _completions(self, s: CardGameState) -> list[tuple[int, ...]]:
        """``choose_completions``, remembered for the last position (the search is the costly
        part of an end of a half; the scores of that position ask for it again)."""
        key = (
            tuple(tuple(t) for t in s.tickets),
            tuple(tuple(x) for x in s.piles),
            tuple(tuple(t for t, _, _ in c) for c in s.completed),
        )
        if self._solved is None or self._solved[0] != key:
            self._solved = (key, self.choose_completions(s))
        return self._solved[1]

    def _end_half(self, s: CardGameState, ev: list[AutoEvent] | None) -> None:
        chosen = self._completions(s)
        results = []
        for p in range(s.players):
            done = sorted(chosen[p])
            used = assign_cards([self.tickets[t].need + (0,) for t in done], s.piles[p])
            pile = s.piles[p]
            entries: list[dict[str, Any]] = []
            for t, cards in zip(done, used):
                s.tickets[p].remove(t)
                s.completed[p].append((t, s.half, cards))
                for c, k in enumerate(cards):
                    pile[c] -= k
                    s.discard.extend([c] * k)
                entries.append(
                    {"id": self.tickets[t].id, "points": self.tickets[t].points, "cards": _cards_json(cards)}
                )
            left = pile[:]
            for c, k in enumerate(pile):
                s.discard.extend([c] * k)
                pile[c] = 0
            yard = 0
            for c in range(len(COLORS)):
                yard += self._row(s, p, c)
                s.discard.extend([c] * s.yard_n[p][c] + [LOCO] * s.yard_k[p][c])
                s.yard_n[p][c] = 0
                s.yard_k[p][c] = 0
            results.append(
                {
                    "seat": p,
                    "completed": entries,
                    "points": sum(e["points"] for e in entries),
                    "pile_left": _cards_json(left),
                    "yard_discarded": yard,
                }
            )
        if ev is not None:
            ev.append({"kind": "half_end", "half": s.half, "results": results})
        s.final_turns = -1
        if s.half < s.halves:
            # Second half: hands and uncompleted tickets stay; every other train card forms
            # the new deck; 4 cards each; the left neighbour of the last player starts.
            if MARKET_TO_NEW_DECK:
                s.discard.extend(c for c in s.market if c >= 0)
                s.market = [-1] * MARKET_SIZE
            s.deck = s.discard
            s.discard = []
            s.rng.shuffle(s.deck)
            s.half += 1
            s.current = (s.current + 1) % s.players
            for _ in range(SECOND_HALF_CARDS):
                for i in range(s.players):
                    if s.deck:
                        s.hands[(s.current + i) % s.players][s.deck.pop()] += 1
            for i in range(MARKET_SIZE):
                if s.market[i] < 0 and s.deck:
                    s.market[i] = s.deck.pop()
            s.phase = MAIN
            if ev is not None:
                ev.append(
                    {
                        "kind": "second_half",
                        "half": s.half,
                        "start": s.current,
                        "deck": len(s.deck),
                        "cards_each": SECOND_HALF_CARDS,
                    }
                )
            if not s.deck:
                s.final_turns = s.players  # [decision] the new deck is already used up
                if ev is not None:
                    ev.append({"kind": "final_round", "player": s.current, "turns": s.players})
            self._begin_turn(s, ev)
        else:
            s.phase = OVER
            if ev is not None:
                sc = self.scores(s)
                ev.append(
                    {
                        "kind": "game_over",
                        "winners": [x["seat"] for x in sc if x["winner"]],
                        "totals": [x["total"] for x in sc],
                    }
                )
