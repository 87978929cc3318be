"""The classic game: ticket progress, what each seat sees, the log events, the scores (longest
path included), the board the page draws and the conservation checks."""

from __future__ import annotations

from typing import Any

from ...mechanics.graph import longest_trail, longest_trail_edges
from ...mechanics.ranking import rank_scores
from ...mechanics.routes import DOUBLE_ROUTES_BOTH_USABLE_FROM, BoardPosition
from ...mechanics.stats import route_and_ticket_points
from .rules import (
    CARD_NAMES,
    CARDS_PER_COLOR,
    COLORS,
    LOCOMOTIVES,
    OVER,
    ROUTE_POINTS,
    SETUP_TICKETS,
    TRAINS_PER_PLAYER,
    UsaRules,
    UsaState,
)
from .tickets import (
    HIDE_OPPONENTS_COMPLETED,
    TIEBREAK_LONGEST_PATH_ALWAYS,
    WAYS_OF_PLAY,
    WayOfPlay,
    globetrotter_winners,
)


class UsaView(UsaRules):
    """Tickets, views, events, scores."""

    def ticket_done(self, s: UsaState, p: int, labels: list[int] | None = None) -> list[bool]:
        if labels is None:
            labels = self._labels(s, p)
        cities = self.ticket_cities
        return [labels[cities[t][0]] == labels[cities[t][1]] for t in s.tickets[p]]

    def _labels(self, s: UsaState, p: int, position: BoardPosition | None = None) -> list[int]:
        """Seat ``p``'s network labels (shared, read-only), remembered by its routes."""
        position = position or self.open_routes.position(s.owner)
        return self.networks.labels(position.routes_by_seat.get(p, 0))

    def network_edges(self, s: UsaState, p: int) -> list[tuple[int, int, int]]:
        routes = self.board.routes
        return [(routes[r].a, routes[r].b, routes[r].length) for r, o in enumerate(s.owner) if o == p]

    def _ticket_json(self, t: int, done: bool | None = None) -> dict[str, Any]:
        tk = self.board.tickets[t]
        cities = self.board.cities
        out: dict[str, Any] = {"id": tk.id, "cities": [cities[c].id for c in tk.cities], "points": tk.points}
        if done is not None:
            out["completed"] = done
        return out

    def view(self, s: UsaState, player: int | None) -> dict[str, Any]:
        position = self.open_routes.position(s.owner)
        closed = self.open_routes.closed_twins(s.owner, self.route_ids, player, s.players, position)
        v: dict[str, Any] = {
            **self.view_head(s, player),
            "market": [CARD_NAMES[c] if c >= 0 else None for c in s.market],
            "deck": len(s.deck),
            "discard": len(s.discard),
            "ticket_deck": len(s.ticket_deck),
            "routes": {rid: o for rid, o in zip(self.route_ids, s.owner) if o >= 0},
            # unclaimed routes the double-route rule closes to this seat (the page names why)
            "closed_routes": closed,
            "final_round": s.final_turns > 0,
            "final_turns_left": max(s.final_turns, 0),
            "tickets_option": s.way.name,
            "bonuses": self.bonuses(s.way),
            "players": [
                {
                    "seat": p,
                    "score": s.points[p],
                    "trains": s.trains[p],
                    "hand": sum(s.hands[p]),
                    "tickets": len(s.tickets[p]),
                    "choosing_tickets": bool(s.offered[p]),
                }
                for p in range(s.players)
            ],
        }
        if player is not None and 0 <= player < s.players:
            done = self.ticket_done(s, player, self._labels(s, player, position))
            need = s.way.keep_min(s.phase == SETUP_TICKETS)
            v["me"] = {
                "hand": {CARD_NAMES[c]: n for c, n in enumerate(s.hands[player]) if n},
                "tickets": [self._ticket_json(t, d) for t, d in zip(s.tickets[player], done)],
                "offered": [self._ticket_json(t) for t in sorted(s.offered[player])],
                "min_keep": min(need, len(s.offered[player])),
                "completed": sum(done),  # one's own count; others' stay hidden until the end
            }
        if not HIDE_OPPONENTS_COMPLETED:
            for p, entry in enumerate(v["players"]):
                entry["completed"] = sum(self.ticket_done(s, p, self._labels(s, p, position)))
        if s.phase == OVER:
            v["scores"] = self.scores(s)  # every player's completed tickets and bonuses
        return v

    def scores(self, s: UsaState) -> list[dict[str, Any]]:
        out: list[dict[str, Any]] = []
        routes = self.board.routes
        position = self.open_routes.position(s.owner)
        for p in range(s.players):
            labels = self._labels(s, p, position)
            done = self.ticket_done(s, p, labels)
            owned = [r for r, o in enumerate(s.owner) if o == p]
            route_points = sum(ROUTE_POINTS[routes[r].length] for r in owned)
            won = sum(self.board.tickets[t].points for t, d in zip(s.tickets[p], done) if d)
            lost = sum(self.board.tickets[t].points for t, d in zip(s.tickets[p], done) if not d)
            edges = self.network_edges(s, p)
            out.append(
                {
                    "seat": p,
                    "routes": route_points,
                    "routes_claimed": len(owned),
                    "tickets": [self._ticket_json(t, d) for t, d in zip(s.tickets[p], done)],
                    "tickets_won": won,
                    "tickets_lost": lost,
                    "completed": sum(done),
                    "longest_path": longest_trail(edges),
                    "longest_path_routes": [routes[owned[i]].id for i in longest_trail_edges(edges)],
                }
            )
        way = s.way
        best = max(sc["longest_path"] for sc in out)
        trotters = globetrotter_winners([sc["completed"] for sc in out])
        for sc, trotter in zip(out, trotters):
            longest = way.longest_path_points is not None and best > 0 and sc["longest_path"] == best
            sc["longest_bonus"] = way.longest_path_points if longest else 0
            sc["longest_bonus_won"] = longest
            sc["globetrotter_bonus"] = way.globetrotter_points if trotter and way.globetrotter_points else 0
            sc["globetrotter_won"] = bool(trotter and way.globetrotter_points)
            sc["total"] = (
                sc["routes"]
                + sc["tickets_won"]
                - sc["tickets_lost"]
                + sc["longest_bonus"]
                + sc["globetrotter_bonus"]
            )
        # Ties: most completed tickets, then the longest path (usa.md; usa-1910.md for every way).
        rank_key = [
            (
                sc["total"],
                sc["completed"],
                sc["longest_path"] if TIEBREAK_LONGEST_PATH_ALWAYS or way.longest_path_points else 0,
            )
            for sc in out
        ]
        return rank_scores(out, rank_key)

    def point_sources(self, score: dict[str, Any]) -> list[tuple[str, int]]:
        return [
            *route_and_ticket_points(score),
            ("longest_path", score["longest_bonus"]),
            ("globetrotter", score["globetrotter_bonus"]),
        ]

    @staticmethod
    def bonuses(way: WayOfPlay) -> dict[str, int]:
        """The end bonuses a way of play scores, with their points (shown from the start)."""
        out = {}
        if way.longest_path_points is not None:
            out["longest_path"] = way.longest_path_points
        if way.globetrotter_points is not None:
            out["globetrotter"] = way.globetrotter_points
        return out

    def hidden_piles(self, state: UsaState) -> tuple[list[int], ...]:
        return (state.deck, state.ticket_deck)

    def make_board_view(self) -> dict[str, Any]:
        b = self.board
        return {
            **self.board_view_head(),
            **b.map_json(),
            "cities": [{"id": c.id, "name": c.name, "x": c.x, "y": c.y} for c in b.cities],
            "tickets": [self._ticket_json(t.index) for t in b.tickets],
            "ticket_options": {
                name: {
                    "deck": [b.tickets[t].id for t in self.decks[name]],
                    "start_deal": way.start_deal,
                    "start_keep": way.start_keep_min,
                    "draw": way.draw,
                    "draw_keep": way.draw_keep_min,
                    "bonuses": self.bonuses(way),
                    "big_cities": list(way.big_cities),
                }
                for name, way in WAYS_OF_PLAY.items()
            },
            "cards": list(CARD_NAMES),
            "wild": "loco",
            "route_points": ROUTE_POINTS,
            "trains": TRAINS_PER_PLAYER,
            "final_turns_each": 1,  # once a player is down to 2 trains: one more turn each
            "min_players": self.min_players,
            "max_players": self.max_players,
        }

    def check_invariants(self, s: UsaState) -> None:
        counts = [0] * len(CARD_NAMES)
        for pile in (s.deck, s.discard, [c for c in s.market if c >= 0]):
            for c in pile:
                counts[c] += 1
        for h in s.hands:
            assert min(h) >= 0, "negative card count in a hand"
            for c, n in enumerate(h):
                counts[c] += n
        expected = [CARDS_PER_COLOR] * len(COLORS) + [LOCOMOTIVES]
        assert counts == expected, f"train cards not conserved: {counts} != {expected}"
        held = [t for ts in s.tickets for t in ts] + [t for o in s.offered for t in o] + s.ticket_deck
        assert sorted(held) == list(self.decks[s.way.name]), "tickets not conserved"
        on_board = [0] * s.players
        for r, o in enumerate(s.owner):
            if o >= 0:
                on_board[o] += self.route_length[r]
        for p in range(s.players):
            assert s.trains[p] >= 0 and s.trains[p] + on_board[p] <= TRAINS_PER_PLAYER, (
                f"seat {p} has more trains on the board and in stock ({on_board[p]} + {s.trains[p]}) "
                f"than the {TRAINS_PER_PLAYER} a player has"
            )
            assert s.points[p] == sum(
                ROUTE_POINTS[self.route_length[r]] for r, o in enumerate(s.owner) if o == p
            ), "route points differ"
        for r, q in enumerate(self.route_partner):
            if q >= 0 and s.owner[r] >= 0 and s.owner[q] >= 0:
                assert s.players >= DOUBLE_ROUTES_BOTH_USABLE_FROM, (
                    f"both tracks of a double route are claimed with fewer than {DOUBLE_ROUTES_BOTH_USABLE_FROM} players"
                )
                assert s.owner[r] != s.owner[q], "one player owns both tracks of a double route"
