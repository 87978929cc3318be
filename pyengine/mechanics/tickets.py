"""Destination tickets, as every game handles them: drawing an offer, the keep choices and keeping.

Tickets are small integers (a game names them); a ticket deck is a list whose *end* is the top.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations
from typing import Any, TypeVar

from ..actions import KeepTickets
from ..events import Event
from .state import TableState

T = TypeVar("T")


def draw_tickets(deck: list[int], count: int) -> list[int]:
    """Take the top ``count`` tickets as an offer (fewer when the deck runs low)."""
    return [deck.pop() for _ in range(min(count, len(deck)))]


def keep_choices(offered: Sequence[T], min_keep: int) -> list[tuple[T, ...]]:
    """Every subset of the offered tickets that keeps at least ``min_keep`` (all if fewer
    offered), smallest first, each listing its tickets in the order of ``offered``."""
    need = min(min_keep, len(offered))
    out: list[tuple[T, ...]] = []
    for size in range(need, len(offered) + 1):
        out.extend(combinations(offered, size))
    return out


def keep_tickets(held: list[int], offered: Sequence[int], keep: Sequence[int]) -> list[int]:
    """Add ``keep`` to the player's ``held`` tickets; the rest of the offer, in ticket order, is
    returned (the caller puts it back as its game says and clears the offer)."""
    returned = sorted(t for t in offered if t not in keep)
    held.extend(keep)
    return returned


def return_under(deck: list[int], returned: Sequence[int]) -> None:
    """Put returned tickets under the deck (index 0 is the bottom), the first returned lowest."""
    deck[0:0] = list(returned)[::-1]


def keep_actions(
    cache: dict[tuple[tuple[int, ...], int], list[Any]],
    ticket_ids: Sequence[str],
    offered: Sequence[int],
    need: int,
) -> list[Any]:
    """The legal keep actions for ``offered`` ticket indices (at least ``need`` kept), memoized in
    ``cache``: the same offer always yields the same list of actions."""
    key = (tuple(sorted(offered)), need)
    cached = cache.get(key)
    if cached is None:
        # The ids in ticket order: the subsets of ids come out in the order of the subsets of indices.
        names = tuple(ticket_ids[t] for t in key[0])
        cached = cache[key] = [KeepTickets(sub) for sub in keep_choices(names, need)]
    return cached


def offer_tickets(s: TableState, count: int, ev: Event, keep_phase: int) -> None:
    """The current seat draws ``count`` tickets (fewer when the deck runs low) and chooses which
    to keep next (``keep_phase``); ``ev`` gets how many it drew."""
    s.offered[s.current] = draw_tickets(s.ticket_deck, count)
    ev["count"] = len(s.offered[s.current])
    s.phase = keep_phase


def keep_offered(
    s: TableState, tickets: Sequence[str], ticket_index: dict[str, int], ev: Event, setup: bool
) -> None:
    """The current seat keeps ``tickets`` (ids) of its offer: the offer is cleared, ``ev`` gets
    the keep event's fields (the kept ids only for their owner: ``events.redact``), and the
    tickets given back go under the ticket deck in ticket order (the map games' rule)."""
    p = s.current
    ev.update(
        {
            "count": len(tickets),
            "offered": len(s.offered[p]),
            "setup": setup,
            "private_tickets": list(tickets),
        }
    )
    return_under(s.ticket_deck, keep_tickets(s.tickets[p], s.offered[p], [ticket_index[t] for t in tickets]))
    s.offered[p] = []
