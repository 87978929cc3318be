"""The cheapest ways between cities over the routes a seat may still use, read from its view:
what the Hint's reasons say about a claim ("towards ticket …") and a ticket keep ("about 14
trains"). Plain data in (a view and a board view, as ``hints`` takes them); no game is needed."""

from __future__ import annotations

import heapq
from collections.abc import Sequence
from itertools import pairwise
from typing import Any

# city -> [(other city, trains it costs the seat: 0 for its own routes, route id)]
Graph = dict[str, list[tuple[str, int, str]]]

# A claim is on the way for a ticket when a path through it costs at most this many trains more
# than the cheapest connection (the bots' plans weigh more than trains: points, colours, blocking).
ON_THE_WAY_SLACK = 2
FAR = 10**6


def open_graph(view: dict[str, Any], board: dict[str, Any]) -> Graph:
    """The seat's own routes (free) and the routes still open to it, by their cities."""
    seat = view.get("you")
    owners, closed = view.get("routes", {}), set(view.get("closed_routes") or ())
    graph: Graph = {}
    for r in board.get("routes", ()):
        owner = owners.get(r["id"])
        if (owner is not None and owner != seat) or (owner is None and r["id"] in closed):
            continue
        cost = 0 if owner == seat else int(r["length"])
        graph.setdefault(str(r["a"]), []).append((str(r["b"]), cost, str(r["id"])))
        graph.setdefault(str(r["b"]), []).append((str(r["a"]), cost, str(r["id"])))
    return graph


def distances(
    graph: Graph, start: str, free: frozenset[str] = frozenset()
) -> tuple[dict[str, int], dict[str, tuple[str, str]]]:
    """Cheapest costs from ``start`` (Dijkstra; the routes in ``free`` cost nothing) and, for each
    city reached, the city and route it is reached by."""
    best, via = {start: 0}, {}
    queue = [(0, start)]
    while queue:
        d, city = heapq.heappop(queue)
        if d > best[city]:
            continue
        for other, cost, rid in graph.get(city, ()):
            nd = d + (0 if rid in free else cost)
            if nd < best.get(other, FAR):
                best[other], via[other] = nd, (city, rid)
                heapq.heappush(queue, (nd, other))
    return best, via


def on_the_way(
    graph: Graph, route: dict[str, Any], tickets: Sequence[dict[str, Any]]
) -> list[dict[str, Any]]:
    """The ``tickets`` whose cities a path through ``route`` (a board route) connects at nearly
    the cheapest cost (``ON_THE_WAY_SLACK``); an itinerary's legs count one by one."""
    a, b, length = str(route["a"]), str(route["b"]), int(route["length"])
    out = []
    for tk in tickets:
        for x, y in pairwise(str(c) for c in tk["cities"]):
            (from_x, _), (from_y, _) = distances(graph, x), distances(graph, y)
            if y not in from_x:
                continue
            through = min(
                from_x.get(a, FAR) + length + from_y.get(b, FAR),
                from_x.get(b, FAR) + length + from_y.get(a, FAR),
            )
            if through <= from_x[y] + ON_THE_WAY_SLACK:
                out.append(tk)
                break
    return out


def pieces_needed(
    graph: Graph, board: dict[str, Any], tickets: Sequence[dict[str, Any]]
) -> dict[str, int] | None:
    """Pieces a network connecting all ``tickets`` would still take, by route kind ("" for North
    America's trains, "train", "ship"): each ticket's cheapest way in the order given, the ways
    already planned free (an estimate a person can check on the map, not the bots' plan). None
    when some ticket can no longer be connected."""
    kinds = {str(r["id"]): (str(r.get("kind", "")), int(r["length"])) for r in board.get("routes", ())}
    own = {rid for edges in graph.values() for _, cost, rid in edges if cost == 0}
    planned: set[str] = set()
    for tk in tickets:
        for x, y in pairwise(str(c) for c in tk["cities"]):
            best, via = distances(graph, x, frozenset(planned))
            if y not in best:
                return None
            city = y
            while city != x:
                city, rid = via[city]
                planned.add(rid)
    out: dict[str, int] = {}
    for rid in planned - own:
        kind, length = kinds[rid]
        out[kind] = out.get(kind, 0) + length
    return out
