"""Route-graph mechanics shared by the map games: connectivity and the longest trail."""

from __future__ import annotations

from collections.abc import Iterable, Sequence


def components(num_nodes: int, edges: Iterable[tuple[int, int]]) -> list[int]:
    """Union-find: the component label of every node, given undirected edges."""
    parent = list(range(num_nodes))

    def find(x: int) -> int:
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    for a, b in edges:
        ra, rb = find(a), find(b)
        if ra != rb:
            parent[ra] = rb
    # Every node's root, in one pass without a call per node (views and planners label a map's
    # cities many times a turn): a node's chain ends at its root, and each node is pointed
    # straight at its root once it is known, so later chains through it end at once.
    for x in range(num_nodes):
        root = parent[x]
        while parent[root] != root:
            root = parent[root]
        parent[x] = root
    return parent


class NetworkLabels:
    """The component labels of networks of one map's routes, remembered by the network's route
    mask (bit r = route r): a seat's network changes only when it claims, so the views and scores
    of the turns in between read its labels without a union-find pass over the board."""

    CACHE_LIMIT = 4096  # networks remembered before the memory starts afresh

    def __init__(self, num_nodes: int, route_ends: Sequence[tuple[int, int]]) -> None:
        self.num_nodes = num_nodes
        self.route_ends = tuple(route_ends)
        self.cache: dict[int, list[int]] = {}

    def labels(self, routes: int) -> list[int]:
        """Every node's component label in the network of the routes in mask ``routes`` (shared:
        read it, never change it)."""
        found = self.cache.get(routes)
        if found is None:
            if len(self.cache) >= self.CACHE_LIMIT:
                self.cache.clear()
            ends = self.route_ends
            edges = []
            rest = routes
            while rest:
                low = rest & -rest
                rest ^= low
                edges.append(ends[low.bit_length() - 1])
            found = components(self.num_nodes, edges)
            self.cache[routes] = found
        return found


def longest_trail(edges: Sequence[tuple[int, int, int]]) -> int:
    """Length of the longest trail (each edge at most once, nodes may repeat) over weighted edges.

    Exact search. A maximal trail with two distinct ends can always be extended at an end of even
    degree, so the longest trail starts at an odd-degree node; a component without odd nodes is
    Eulerian and its longest trail uses every edge. Only odd nodes are therefore tried as starts.
    """
    if not edges:
        return 0
    adj: dict[int, list[tuple[int, int, int]]] = {}
    for i, (a, b, w) in enumerate(edges):
        adj.setdefault(a, []).append((b, i, w))
        adj.setdefault(b, []).append((a, i, w))
    comp_of: dict[int, int] = {}
    nodes = list(adj)
    index = {n: k for k, n in enumerate(nodes)}
    labels = components(len(nodes), ((index[a], index[b]) for a, b, _ in edges))
    for n in nodes:
        comp_of[n] = labels[index[n]]
    best = 0
    by_comp: dict[int, list[int]] = {}
    for n in nodes:
        by_comp.setdefault(comp_of[n], []).append(n)
    for comp_nodes in by_comp.values():
        total = sum(w for a, _, w in edges if comp_of[a] == comp_of[comp_nodes[0]])
        if total <= best:
            continue
        odd = [n for n in comp_nodes if len(adj[n]) % 2 == 1]
        if not odd:
            best = max(best, total)
            continue
        used = [False] * len(edges)
        comp_best = 0

        def walk(node: int, length: int) -> None:
            nonlocal comp_best
            if length > comp_best:
                comp_best = length
            for nxt, ei, w in adj[node]:
                if not used[ei]:
                    used[ei] = True
                    walk(nxt, length + w)
                    used[ei] = False

        for start in odd:
            walk(start, 0)
            if comp_best == total:
                break
        best = max(best, comp_best)
    return best


def longest_trail_edges(edges: Sequence[tuple[int, int, int]]) -> list[int]:
    """Indices of the edges of one longest trail (for highlighting it on the board)."""
    if not edges:
        return []
    adj: dict[int, list[tuple[int, int, int]]] = {}
    for i, (a, b, w) in enumerate(edges):
        adj.setdefault(a, []).append((b, i, w))
        adj.setdefault(b, []).append((a, i, w))
    used = [False] * len(edges)
    best: tuple[int, list[int]] = (0, [])
    path: list[int] = []

    def walk(node: int, length: int) -> None:
        nonlocal best
        if length > best[0]:
            best = (length, list(path))
        for nxt, ei, w in adj[node]:
            if not used[ei]:
                used[ei] = True
                path.append(ei)
                walk(nxt, length + w)
                path.pop()
                used[ei] = False

    odd = [n for n in adj if len(adj[n]) % 2 == 1]
    starts = odd + [n for n in adj if len(adj[n]) % 2 == 0]
    target = longest_trail(edges)
    for start in starts:
        walk(start, 0)
        if best[0] == target:
            break
    return sorted(best[1])
