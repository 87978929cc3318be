"""The double-route rule of the map games: when a route's twin track closes it to a player.

With 2 or 3 players only one track of a double route may be used; with more, both may, but never
by the same player. The legal-move generators apply this rule in their hot loops; the reasons
players read (refusals, the page's route tips) come from here.
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence

DOUBLE_ROUTES_BOTH_USABLE_FROM = 4  # with fewer players only one track of a double route is usable

TWIN_YOURS = "twin_yours"   # the player already owns the other track
TWIN_TAKEN = "twin_taken"   # another player owns the other track, and only one may be used

TWIN_REASONS = {
    TWIN_YOURS: "you already own the other track of this double route",
    TWIN_TAKEN: "with 2 or 3 players only one track of a double route can be used",
}


def twin_closure(owner: Sequence[int], partner: Sequence[int], route: int, seat: int | None,
                 players: int) -> str | None:
    """Why the double-route rule closes unclaimed ``route`` to ``seat`` (TWIN_*), or None if it is open."""
    twin = partner[route]
    if twin < 0 or owner[twin] < 0:
        return None
    if owner[twin] == seat:
        return TWIN_YOURS
    return TWIN_TAKEN if players < DOUBLE_ROUTES_BOTH_USABLE_FROM else None


def closed_twins(owner: Sequence[int], partner: Sequence[int], route_ids: Sequence[str],
                 seat: int | None, players: int) -> dict[str, str]:
    """Every unclaimed route the double-route rule closes to ``seat``: ``{route id: TWIN_*}``."""
    out = {}
    for r, o in enumerate(owner):
        if o < 0:
            why = twin_closure(owner, partner, r, seat, players)
            if why is not None:
                out[route_ids[r]] = why
    return out


def why_route_unavailable(route_index: Mapping[str, int], owner: Sequence[int], partner: Sequence[int],
                          route: str, seat: int, players: int) -> str | None:
    """Why ``seat`` cannot claim ``route`` whatever its cards (unknown, claimed, closed by its twin), or None."""
    if route not in route_index:
        return f"there is no route {route!r}"
    r = route_index[route]
    if owner[r] >= 0:
        return f"route {route} is already claimed"
    closure = twin_closure(owner, partner, r, seat, players)
    return TWIN_REASONS[closure] if closure is not None else None
