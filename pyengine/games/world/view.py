"""Rails & Sails: ticket progress, what each seat sees, the log events, the scores, the board
the page draws and the conservation checks."""

from __future__ import annotations

from typing import Any

from ...mechanics.graph import components
from ...mechanics.ranking import rank_scores
from ...mechanics.routes import DOUBLE_ROUTES_BOTH_USABLE_FROM
from ...mechanics.stats import route_and_ticket_points
from .market import WorldMarket
from .state import (
    CARD_COUNTS,
    CARD_NAMES,
    COLORS,
    DECK_NAMES,
    DECK_OF,
    DOUBLE,
    EXCHANGE_PENALTY,
    FINAL_TURNS_EACH,
    FORMS,
    HARBOR_VALUES,
    HARBORS_PER_PLAYER,
    JOKER,
    MARKET_SIZE,
    MAX_SHIPS,
    MAX_TRAINS,
    NCARDS,
    OVER,
    PIECES_IN_PLAY,
    RECOMMENDED_MIX,
    ROUTE_POINTS,
    SETUP_TICKETS,
    SHIP,
    SHIP_CARDS,
    SHIP_DECK,
    TICKETS_KEEP_AT_START,
    TICKETS_KEEP_LATER,
    TRAIN_CARDS,
    TRAIN_DECK,
    TRAIN_H,
    UNBUILT_HARBOR_PENALTY,
    WorldState,
)


class WorldView(WorldMarket):
    """Networks and tickets, views, events, scores."""

    # ------------------------------------------------------------------ networks and tickets
    def _owned(self, s: WorldState, p: int) -> list[int]:
        return [r for r, o in enumerate(s.owner) if o == p]

    def _labels(self, owned: list[int]) -> list[int]:
        ends = self.route_ends
        return components(len(self.board.cities), (ends[r] for r in owned))

    def in_order(self, owned: list[int], cities: tuple[int, ...]) -> bool:
        """Whether a trail over the routes ``owned`` visits ``cities`` in this order."""
        key = (tuple(owned), cities)
        hit = self.order_cache.get(key)
        if hit is not None:
            return hit
        if len(self.order_cache) > 20000:
            self.order_cache.clear()
        result = _trail_in_order([self.route_ends[r] for r in owned], cities)
        self.order_cache[key] = result
        return result

    def ticket_status(self, s: WorldState, p: int) -> list[tuple[str, int]]:
        """Per ticket of player p: (status, points) with status 'done'/'failed' for two-city tickets
        and 'in_order'/'connected'/'failed' for itineraries."""
        owned = self._owned(s, p)
        labels = self._labels(owned)
        out = []
        for t in s.tickets[p]:
            cities = self.ticket_cities[t]
            values = self.ticket_values[t]
            connected = all(labels[c] == labels[cities[0]] for c in cities[1:])
            if len(cities) == 2:
                out.append(("done", values[0]) if connected else ("failed", values[2]))
            elif not connected:
                out.append(("failed", values[2]))
            elif self.in_order(owned, cities):
                out.append(("in_order", values[0]))
            else:
                out.append(("connected", values[1]))
        return out

    def _ticket_json(self, t: int, status: tuple[str, int] | None = None) -> dict[str, Any]:
        tk = self.board.tickets[t]
        cities = self.board.cities
        out: dict[str, Any] = {"id": tk.id, "cities": [cities[c].id for c in tk.cities], "points": tk.points}
        if len(tk.cities) > 2:
            out["values"] = list(tk.values)
            out["itinerary"] = True
        if status is not None:
            out["status"] = status[0]
            out["completed"] = status[0] != "failed"
            out["value"] = status[1]
        return out

    # ------------------------------------------------------------------ views
    def _revealed(self, s: WorldState) -> bool:
        return all(s.chosen)

    def view(self, s: WorldState, player: int | None) -> dict[str, Any]:
        b = self.board
        revealed = self._revealed(s)
        players = []
        for p in range(s.players):
            visible = revealed or (p == player and s.chosen[p])
            hand = s.hands[p]
            players.append(
                {
                    "seat": p,
                    "score": s.points[p],
                    "trains": s.trains[p] if visible else None,
                    "ships": s.ships[p] if visible else None,
                    "box_trains": s.box_trains[p] if visible else None,
                    "box_ships": s.box_ships[p] if visible else None,
                    "chose_pieces": s.chosen[p],
                    "train_cards": sum(hand[c] for c in range(NCARDS) if DECK_OF[c] == TRAIN_DECK),
                    "ship_cards": sum(hand[c] for c in range(NCARDS) if DECK_OF[c] == SHIP_DECK),
                    "hand": sum(hand),
                    "tickets": len(s.tickets[p]),
                    "choosing_tickets": bool(s.offered[p]),
                    "harbors": [b.cities[c].id for c, o in enumerate(s.harbor_owner) if o == p],
                    "harbors_left": s.harbors_left[p],
                    "exchanged": s.exchanged[p],
                }
            )
        v: dict[str, Any] = {
            **self.view_head(s, player),
            "market": [CARD_NAMES[c] if c >= 0 else None for c in s.market],
            "decks": {"train": len(s.train_deck), "ship": len(s.ship_deck)},
            "discards": {"train": len(s.train_discard), "ship": len(s.ship_discard)},
            "ticket_deck": len(s.ticket_deck),
            "routes": {rid: o for rid, o in zip(self.route_ids, s.owner) if o >= 0},
            # unclaimed routes the double-route rule closes to this seat (the page names why)
            "closed_routes": self.open_routes.closed_twins(s.owner, self.route_ids, player, s.players),
            "harbors": {b.cities[c].id: o for c, o in enumerate(s.harbor_owner) if o >= 0},
            "pieces_revealed": revealed,
            "final_round": s.final_turns > 0,
            "final_turns_left": max(s.final_turns, 0),
            "market_resets": s.market_resets,
            "joker_reset": s.joker_limit,
            "players": players,
        }
        if player is not None and 0 <= player < s.players:
            status = self.ticket_status(s, player)
            need = TICKETS_KEEP_AT_START if s.phase == SETUP_TICKETS else TICKETS_KEEP_LATER
            v["me"] = {
                "hand": {CARD_NAMES[c]: n for c, n in enumerate(s.hands[player]) if n},
                "tickets": [self._ticket_json(t, st) for t, st in zip(s.tickets[player], status)],
                "offered": [self._ticket_json(t) for t in sorted(s.offered[player])],
                "min_keep": min(need, len(s.offered[player])),
                "pieces": (
                    {
                        "trains": s.trains[player],
                        "ships": s.ships[player],
                        "box_trains": s.box_trains[player],
                        "box_ships": s.box_ships[player],
                    }
                    if s.chosen[player]
                    else None
                ),
            }
        if s.phase == OVER:
            v["scores"] = self.scores(s)
        return v

    def scores(self, s: WorldState) -> list[dict[str, Any]]:
        b = self.board
        out: list[dict[str, Any]] = []
        for p in range(s.players):
            owned = self._owned(s, p)
            status = self.ticket_status(s, p)
            route_points = sum(ROUTE_POINTS[self.route_length[r]] for r in owned)
            tickets = [self._ticket_json(t, st) for t, st in zip(s.tickets[p], status)]
            two = [tj for tj in tickets if not tj.get("itinerary")]
            its = [tj for tj in tickets if tj.get("itinerary")]
            completed_cities = [
                set(self.ticket_cities[t]) for t, st in zip(s.tickets[p], status) if st[0] != "failed"
            ]
            harbors: list[dict[str, Any]] = []
            for c, o in enumerate(s.harbor_owner):
                if o != p:
                    continue
                k = sum(1 for cs in completed_cities if c in cs)
                harbors.append({"city": b.cities[c].id, "completed": k, "value": HARBOR_VALUES[min(k, 3)]})
            harbor_points = sum(h["value"] for h in harbors)
            unbuilt = HARBORS_PER_PLAYER - len(harbors)
            sc = {
                "seat": p,
                "routes": route_points,
                "routes_claimed": len(owned),
                "tickets": tickets,
                "tickets_won": sum(tj["value"] for tj in two if tj["value"] > 0),
                "tickets_lost": -sum(tj["value"] for tj in two if tj["value"] < 0),
                "itineraries": sum(tj["value"] for tj in its),
                "ticket_points": sum(tj["value"] for tj in tickets),
                "completed": len(completed_cities),
                "harbors": harbors,
                "harbor_points": harbor_points,
                "unbuilt_harbors": unbuilt,
                "unbuilt_penalty": -UNBUILT_HARBOR_PENALTY * unbuilt,
                "exchanged": s.exchanged[p],
                "exchange_penalty": -EXCHANGE_PENALTY * s.exchanged[p],
            }
            sc["total"] = (
                route_points
                + sc["exchange_penalty"]
                + sc["ticket_points"]
                + harbor_points
                + sc["unbuilt_penalty"]
            )
            out.append(sc)
        rank_key = [(sc["total"], sc["completed"]) for sc in out]
        return rank_scores(out, rank_key)

    def point_sources(self, score: dict[str, Any]) -> list[tuple[str, int]]:
        return [
            *route_and_ticket_points(score),
            ("itineraries", score["itineraries"]),
            ("harbors", score["harbor_points"]),
            ("unbuilt_harbors", score["unbuilt_penalty"]),
            ("exchanges", score["exchange_penalty"]),
        ]

    def hidden_piles(self, state: WorldState) -> tuple[list[int], ...]:
        return (state.train_deck, state.ship_deck, state.ticket_deck)

    def secret_choices_public(self, state: WorldState) -> bool:
        # The piece mixes are chosen in secret and shown together once all have chosen.
        return all(state.chosen)

    def make_board_view(self) -> dict[str, Any]:
        b = self.board
        cities = []
        for c in b.cities:
            entry: dict[str, Any] = {"id": c.id, "name": c.name, "x": c.x, "y": c.y, "port": c.port}
            if c.junction:
                entry["junction"] = True
            cities.append(entry)
        return {
            **self.board_view_head(),
            **b.map_json(),
            "wraps": True,
            "cities": cities,
            "routes": [
                {**b.route_json(r), "kind": r.kind, "rough": r.rough, "wraps": r.wraps} for r in b.routes
            ],
            "tickets": [self._ticket_json(t.index) for t in b.tickets],
            "cards": list(CARD_NAMES),
            "card_info": {
                name: {
                    "deck": DECK_NAMES[DECK_OF[i]],
                    "color": None if i == JOKER else COLORS[i // 4],
                    "form": "joker" if i == JOKER else FORMS[i % 4],
                    "harbor_symbol": i == JOKER or i % 4 in (TRAIN_H, SHIP),
                    "spaces": 2 if i != JOKER and i % 4 == DOUBLE else 1,
                    "count": CARD_COUNTS[i],
                }
                for i, name in enumerate(CARD_NAMES)
            },
            "colors": list(COLORS),
            "wild": "joker",
            "route_points": ROUTE_POINTS,
            "trains": MAX_TRAINS,
            "ships": MAX_SHIPS,
            "pieces_in_play": PIECES_IN_PLAY,
            "recommended_pieces": list(RECOMMENDED_MIX),
            "harbors": HARBORS_PER_PLAYER,
            "harbor_values": [HARBOR_VALUES[k] for k in (1, 2, 3)],
            "unbuilt_harbor_penalty": UNBUILT_HARBOR_PENALTY,
            "final_turns_each": FINAL_TURNS_EACH,
            "market_size": MARKET_SIZE,
            "min_players": self.min_players,
            "max_players": self.max_players,
        }

    def check_invariants(self, s: WorldState) -> None:
        counts = [0] * NCARDS
        for c in s.market:
            if c >= 0:
                counts[c] += 1
        for pile, deck in (
            (s.train_deck, TRAIN_DECK),
            (s.train_discard, TRAIN_DECK),
            (s.ship_deck, SHIP_DECK),
            (s.ship_discard, SHIP_DECK),
        ):
            pc = [0] * NCARDS
            for c in pile:
                pc[c] += 1
            for c in range(NCARDS):
                if pc[c]:
                    assert DECK_OF[c] == deck, "a card is in the other deck's pile"
                    counts[c] += pc[c]
        for h in s.hands:
            assert min(h) >= 0, "negative card count in a hand"
            for c, n in enumerate(h):
                counts[c] += n
        assert counts == list(CARD_COUNTS), f"cards not conserved: {counts} != {list(CARD_COUNTS)}"
        assert sum(counts[c] for c in range(NCARDS) if DECK_OF[c] == TRAIN_DECK) == TRAIN_CARDS
        assert sum(counts[c] for c in range(NCARDS) if DECK_OF[c] == SHIP_DECK) == SHIP_CARDS
        held = [t for ts in s.tickets for t in ts] + [t for o in s.offered for t in o] + s.ticket_deck
        assert sorted(held) == list(range(len(self.board.tickets))), "tickets not conserved"
        board_trains = [0] * s.players
        board_ships = [0] * s.players
        route_points = [0] * s.players
        lengths = self.route_length
        for r, o in enumerate(s.owner):
            if o >= 0:
                if self.route_ship[r]:
                    board_ships[o] += lengths[r]
                else:
                    board_trains[o] += lengths[r]
                route_points[o] += ROUTE_POINTS[lengths[r]]
        for p in range(s.players):
            assert min(s.trains[p], s.ships[p], s.box_trains[p], s.box_ships[p]) >= 0, "negative pieces"
            if s.chosen[p]:
                assert s.trains[p] + s.box_trains[p] + board_trains[p] == MAX_TRAINS, "trains not conserved"
                assert s.ships[p] + s.box_ships[p] + board_ships[p] == MAX_SHIPS, "ships not conserved"
            built = s.harbor_owner.count(p)
            assert built + s.harbors_left[p] == HARBORS_PER_PLAYER, "harbors not conserved"
            assert s.points[p] == route_points[p] - EXCHANGE_PENALTY * s.exchanged[p], "points differ"
        for c, o in enumerate(s.harbor_owner):
            if o >= 0:
                assert self.board.cities[c].port, "harbor outside a port city"
                assert any(s.owner[r] == o for r in self.routes_at[c]), (
                    f"seat {o} has a harbor in {self.board.cities[c].id} without a route of its own there"
                )
        for r, q in enumerate(self.route_partner):
            if q >= 0 and s.owner[r] >= 0 and s.owner[q] >= 0:
                assert s.players >= DOUBLE_ROUTES_BOTH_USABLE_FROM, (
                    f"both tracks of a double route are claimed with fewer than {DOUBLE_ROUTES_BOTH_USABLE_FROM} players"
                )
                assert s.owner[r] != s.owner[q], "one player owns both tracks of a double route"


def _trail_in_order(edges: list[tuple[int, int]], targets: tuple[int, ...]) -> bool:
    """Whether some trail (each edge at most once) over ``edges`` visits ``targets`` in order.

    Depth-first search over (node, next target, used edges) with memoised failures, pruned when
    the remaining targets are no longer reachable over unused edges.
    """
    adj: dict[int, list[tuple[int, int]]] = {}
    for i, (a, b) in enumerate(edges):
        adj.setdefault(a, []).append((b, i))
        adj.setdefault(b, []).append((a, i))
    start = targets[0]
    if start not in adj or any(t not in adj for t in targets):
        return False
    n = len(targets)
    failed: set[tuple[int, int, int]] = set()

    def reachable(node: int, k: int, used: int) -> bool:
        need = set(targets[k:])
        need.discard(node)
        if not need:
            return True
        seen = {node}
        stack = [node]
        while stack:
            x = stack.pop()
            for y, e in adj[x]:
                if not used >> e & 1 and y not in seen:
                    seen.add(y)
                    need.discard(y)
                    if not need:
                        return True
                    stack.append(y)
        return False

    def dfs(node: int, k: int, used: int) -> bool:
        if k == n:
            return True
        key = (node, k, used)
        if key in failed:
            return False
        if reachable(node, k, used):
            for nxt, e in adj[node]:
                bit = 1 << e
                if used & bit:
                    continue
                if dfs(nxt, k + 1 if nxt == targets[k] else k, used | bit):
                    return True
        failed.add(key)
        return False

    return dfs(start, 1, 0)
