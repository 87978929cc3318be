"""The card game's ticket solver: which tickets a player completes from the on-the-way pile (an
exact search for the best set) and which cards pay for each."""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Sequence
from itertools import accumulate
from operator import ge
from typing import Any

from .data import CardTicket


def feasible(needs: Sequence[Sequence[int]], pile: Sequence[int]) -> bool:
    """Can these tickets (color counts each) all be paid from ``pile`` (counts, locos last)?"""
    deficit = 0
    for c in range(len(pile) - 1):
        need = sum(n[c] for n in needs)
        if need > pile[c]:
            deficit += need - pile[c]
    return deficit <= pile[-1]


def completion_key(
    tickets: Sequence[CardTicket], chosen: Sequence[int], goals: Sequence[int] = (), bonus: Sequence[int] = ()
) -> tuple[int, int, int]:
    """The value ``best_completion`` maximises, for the tickets at positions ``chosen``:
    (2 × points + bonuses of the goals reached, tickets, goals reached). Goal b (> 0) is reached
    when the set names big city b at least goals[b] times."""
    counts = [0] * len(goals)
    for i in chosen:
        for b in tickets[i].big:
            if b < len(counts):
                counts[b] += 1
    won = [b for b, g in enumerate(goals) if 0 < g <= counts[b]]
    return (2 * sum(tickets[i].points for i in chosen) + sum(bonus[b] for b in won), len(chosen), len(won))


def best_completion(
    tickets: Sequence[CardTicket],
    pile: Sequence[int],
    goals: Sequence[int] = (),
    bonus: Sequence[int] = (),
    incumbent: Sequence[int] | None = None,
) -> tuple[tuple[int, int, int], tuple[int, ...]]:
    """The best set of ``tickets`` payable from ``pile`` (counts per card kind, locomotives
    last): its ``completion_key`` and the positions of its tickets in ``tickets``, ascending.

    Without goals this is "most points, then most tickets". With goals (per big city, the
    number of tickets naming it that wins its bonus, 0 = not in play) a bonus counts like
    half its value in ticket points, since a completed ticket is worth twice its value
    against leaving it in hand.

    Exact branch and bound: tickets by decreasing points, include before exclude. A node is
    cut when (a) a bound on everything below it is no better than the best set found (points:
    fractional knapsack over the cards that can still serve; tickets: the smallest that fit;
    bonuses: goals the remaining tickets can still reach), or (b) the same remaining tickets
    and cards were reached before with at least as many points, tickets and goal counts
    (dominance). A set replaces the best only when strictly better, so ties go to
    ``incumbent`` (positions), then to the first set found. Each card pays one ticket only,
    and a set is payable exactly when the locomotives cover the summed shortfall of all colors.
    """
    return CompletionSearch(tickets, pile).best(goals, bonus, incumbent)


class CompletionSearch:
    """``best_completion`` for one hand and pile, asked for several goal vectors: the end of a
    half asks for each player's best set bonus-blind, then again for the goals the other
    players' choices set. The ticket order, the need tables and the greedy bounds depend only
    on the hand and the pile, so they are worked out once (the bounds as the searches need them)."""

    def __init__(self, tickets: Sequence[CardTicket], pile: Sequence[int]) -> None:
        self.tickets = tickets
        ncol = len(pile) - 1
        self.pile = tuple(pile)
        self.order = order = sorted(
            (i for i, t in enumerate(tickets) if _shortfall(t.need, pile) <= pile[ncol]),
            key=lambda i: (-tickets[i].points, tickets[i].index),
        )
        self.items = items = [tickets[i] for i in order]
        n = len(items)
        self.density_order = sorted(range(n), key=lambda k: (-items[k].points / items[k].size, items[k].size))
        self.greedy: list[dict[int, tuple[int, int]]] = [{} for _ in range(n)]  # per depth: cards -> bounds
        self.tails: list[_Tail | None] = [None] * n  # per depth, what the greedy bounds look at
        need_suffix = [[0] * ncol for _ in range(n + 1)]
        for j in range(n - 1, -1, -1):
            need_suffix[j] = [a + b for a, b in zip(need_suffix[j + 1], items[j].need)]
        # The colors each ticket needs, and those tickets j.. still need: the loops skip the rest.
        self.needs = [[(c, k) for c, k in enumerate(t.need) if k] for t in items]
        self.still_needed = [[(c, w) for c, w in enumerate(row) if w] for row in need_suffix]

    def best(
        self, goals: Sequence[int] = (), bonus: Sequence[int] = (), incumbent: Sequence[int] | None = None
    ) -> tuple[tuple[int, int, int], tuple[int, ...]]:
        """``best_completion(tickets, pile, goals, bonus, incumbent)``."""
        tickets, order, items = self.tickets, self.order, self.items
        start = tuple(sorted(incumbent)) if incumbent is not None else ()
        if not order:  # no ticket can be paid: nothing beats the incumbent
            return completion_key(tickets, start, goals, bonus), start
        n = len(items)
        naming = [0] * len(goals)
        for t in items:
            for b in t.big:
                if b < len(naming):
                    naming[b] += 1
        live = [b for b, g in enumerate(goals) if 0 < g <= naming[b]]  # goals that can be reached
        pos = {b: k for k, b in enumerate(live)}
        big_of = [[pos[b] for b in t.big if b in pos] for t in items]
        goal = [goals[b] for b in live]
        value = [bonus[b] for b in live]
        nlive = len(live)
        city_suffix = [[0] * nlive for _ in range(n + 1)]
        for j in range(n - 1, -1, -1):
            row = city_suffix[j + 1][:]
            for b in big_of[j]:
                row[b] += 1
            city_suffix[j] = row
        density_order, greedy, tails = self.density_order, self.greedy, self.tails
        needs, still_needed = self.needs, self.still_needed
        cities = [0] * nlive
        chosen: list[int] = []
        best: list[Any] = [completion_key(tickets, start, goals, bonus), start]
        seen: dict[tuple[Any, ...], list[tuple[int, ...]]] = {}

        def walk(j: int, points: int, count: int, have: tuple[int, ...], locos: int) -> None:
            """Search tickets j.. (j < n) with ``have`` colored cards and ``locos`` left."""
            # (a) The bound on every set below this node; cards that can still serve: locomotives,
            # and colored cards some later ticket needs.
            cap = locos
            for c, w in still_needed[j]:
                h = have[c]
                cap += h if h < w else w
            memo = greedy[j]
            found = memo.get(cap)
            if found is None:
                tail = tails[j]
                if tail is None:
                    tail = tails[j] = _tail([items[k] for k in density_order if k >= j])
                found = memo[cap] = _greedy_bounds(tail, cap)
            if nlive:
                won = 0
                extra = 0
                suffix = city_suffix[j]
                for b in range(nlive):
                    if cities[b] + suffix[b] >= goal[b]:
                        won += 1
                        extra += value[b]
                if (2 * (points + found[0]) + extra, count + found[1], won) <= best[0]:
                    return
                mine = tuple(map(min, cities, goal))
            else:
                if (2 * (points + found[0]), count + found[1], 0) <= best[0]:
                    return
                mine = ()
            # (b) Dominance: the same remaining tickets and cards reached with at least as much.
            state = (j, locos, have)
            entries = seen.get(state)
            if entries is None:
                seen[state] = [(points, count, *mine)]
            else:
                for e in entries:
                    if e[0] >= points and e[1] >= count and (not nlive or all(map(ge, e[2:], mine))):
                        return
                entries.append((points, count, *mine))
            # Include ticket j if the cards pay it, then exclude it (a leaf's children are empty).
            deeper = j + 1 < n
            need = needs[j]
            short = 0
            for c, k in need:
                if k > have[c]:
                    short += k - have[c]
            if short <= locos:
                t = items[j]
                for b in big_of[j]:
                    cities[b] += 1
                chosen.append(order[j])
                won = 0
                extra = 0
                for b in range(nlive):
                    if cities[b] >= goal[b]:
                        won += 1
                        extra += value[b]
                key = (2 * (points + t.points) + extra, count + 1, won)
                if key > best[0]:
                    best[0] = key
                    best[1] = tuple(sorted(chosen))
                if deeper:
                    left = list(have)
                    for c, k in need:
                        left[c] = left[c] - k if left[c] > k else 0
                    walk(j + 1, points + t.points, count + 1, tuple(left), locos - short)  # noqa: F821 (ruff misreads the del below)
                chosen.pop()
                for b in big_of[j]:
                    cities[b] -= 1
            if deeper:
                walk(j + 1, points, count, have, locos)  # noqa: F821 (ruff misreads the del below)

        walk(0, 0, 0, self.pile[:-1], self.pile[-1])
        # Recursive closures are a reference cycle (with everything they see: ``seen`` holds
        # thousands of tuples); emptying their cells frees it all now instead of at the next
        # garbage collection, which would also have to walk it.
        del walk
        return best[0], best[1]


def _shortfall(need: Sequence[int], have: Sequence[int]) -> int:
    """Cards of ``need`` (counts per color) that ``have`` lacks: locomotives must cover them."""
    return sum(k - h for k, h in zip(need, have) if k > h)


# Tickets j.. of a search: (size, points) by decreasing density, and the running sums of their
# sizes, smallest first.
_Tail = tuple[list[tuple[int, int]], list[int]]


def _tail(by_density: Sequence[CardTicket]) -> _Tail:
    return [(t.size, t.points) for t in by_density], list(accumulate(sorted(t.size for t in by_density)))


def _greedy_bounds(tail: _Tail, cap: int) -> tuple[int, int]:
    """Upper bounds for ``cap`` cards over the tickets of ``tail``: their points (fractional
    knapsack by decreasing density, rounded up) and how many of them fit (the smallest first)."""
    by_density, size_sums = tail
    pts_ub = 0
    room = cap
    for size, points in by_density:
        if room <= 0:
            break
        if size <= room:
            pts_ub += points
            room -= size
        else:
            pts_ub += -(-points * room // size)
            break
    return pts_ub, bisect_right(size_sums, cap)


def assign_cards(needs: Sequence[Sequence[int]], pile: Sequence[int]) -> list[tuple[int, ...]]:
    """Which cards pay which ticket (in the given order): own-color cards first, then locos."""
    left = list(pile)
    out = []
    for need in needs:
        used = [0] * len(pile)
        for c, k in enumerate(need):
            natural = min(k, left[c])
            used[c] += natural
            left[c] -= natural
            used[-1] += k - natural
            left[-1] -= k - natural
        assert left[-1] >= 0, "assign_cards called with an unpayable set"
        out.append(tuple(used))
    return out
