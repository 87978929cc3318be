"""The double-route rule of the map games: when a route's twin track closes it to a player.

With 2 or 3 players only one track of a double route may be used; with more, both may, but never
by the same player. The legal-move generators apply this rule in their hot loops; the reasons
players read (refusals, the page's route tips) come from here.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from itertools import compress
from operator import ne
from typing import Any, NamedTuple

DOUBLE_ROUTES_BOTH_USABLE_FROM = 4  # with fewer players only one track of a double route is usable

TWIN_YOURS = "twin_yours"  # the player already owns the other track
TWIN_TAKEN = "twin_taken"  # another player owns the other track, and only one may be used

TWIN_REASONS = {
    TWIN_YOURS: "you already own the other track of this double route",
    TWIN_TAKEN: "with 2 or 3 players only one track of a double route can be used",
}


def twin_closure(
    owner: Sequence[int], partner: Sequence[int], route: int, seat: int | None, players: int
) -> str | None:
    """Why the double-route rule closes unclaimed ``route`` to ``seat`` (TWIN_*), or None if it is open."""
    twin = partner[route]
    if twin < 0 or owner[twin] < 0:
        return None
    if owner[twin] == seat:
        return TWIN_YOURS
    return TWIN_TAKEN if players < DOUBLE_ROUTES_BOTH_USABLE_FROM else None


class BoardPosition(NamedTuple):
    """A board position's route masks (bit r = route r), keyed by seat where they depend on it."""

    unclaimed: int
    twins_of_claimed: int  # routes whose twin is claimed
    twins_by_seat: dict[int, int]  # seat -> routes whose twin that seat owns
    routes_by_seat: dict[int, int]  # seat -> routes it owns

    def closed_to(self, seat: int | None, players: int) -> int:
        """Unclaimed routes the double-route rule closes to ``seat`` (None: a spectator)."""
        if players < DOUBLE_ROUTES_BOTH_USABLE_FROM:
            return self.unclaimed & self.twins_of_claimed
        return self.unclaimed & self.twins_by_seat.get(seat, 0) if seat is not None else 0

    def open_to(self, seat: int, players: int) -> int:
        """Routes ``seat`` may claim: unclaimed, and not closed by the double-route rule."""
        if players < DOUBLE_ROUTES_BOTH_USABLE_FROM:
            return self.unclaimed & ~self.twins_of_claimed
        return self.unclaimed & ~self.twins_by_seat.get(seat, 0)


class OpenRoutes:
    """The routes a seat may still claim as far as the board goes (unclaimed and not closed by
    the double-route rule), as a bit mask (bit r = route r). The masks of a board position are
    worked out once and remembered: every seat's turn until the next claim reuses them, and the
    legal-move generators then test only the routes the player's cards and pieces can reach."""

    CACHE_LIMIT = 4096  # board positions remembered before the memory starts afresh
    MAX_STEP = 4  # claims since the last position asked for that are added on to it

    def __init__(self, partner: Sequence[int]) -> None:
        self.partner = tuple(partner)
        self.cache: dict[tuple[int, ...], BoardPosition] = {}
        self.last: tuple[tuple[int, ...], BoardPosition] = ((), self._position(()))

    def position(self, owner: Sequence[int]) -> BoardPosition:
        """The masks of the board position ``owner`` (route -> seat, -1 unclaimed)."""
        key = tuple(owner)
        found = self.cache.get(key)
        if found is None:
            if len(self.cache) >= self.CACHE_LIMIT:
                self.cache.clear()
            found = self._after_claims(key) or self._position(key)
            self.cache[key] = found
        self.last = (key, found)
        return found

    def _after_claims(self, key: tuple[int, ...]) -> BoardPosition | None:
        """The position ``key`` worked out from the last one asked for, when it only adds a few
        claims to it (the usual case: the next turn of the same game); else None."""
        last_key, last = self.last
        if len(last_key) != len(key):
            return None
        changed = list(compress(range(len(key)), map(ne, key, last_key)))
        if len(changed) > self.MAX_STEP:
            return None
        unclaimed, twins_of_claimed = last.unclaimed, last.twins_of_claimed
        twins_by_seat, routes_by_seat = dict(last.twins_by_seat), dict(last.routes_by_seat)
        for r in changed:
            if last_key[r] >= 0:
                return None  # a claim taken back: another game or another branch
            o = key[r]
            unclaimed &= ~(1 << r)
            routes_by_seat[o] = routes_by_seat.get(o, 0) | 1 << r
            q = self.partner[r]
            if q >= 0:
                twins_of_claimed |= 1 << q
                twins_by_seat[o] = twins_by_seat.get(o, 0) | 1 << q
        return BoardPosition(unclaimed, twins_of_claimed, twins_by_seat, routes_by_seat)

    def mask(self, owner: Sequence[int], seat: int, players: int) -> int:
        """Bit r is set when route r is unclaimed and its twin does not close it to ``seat``."""
        return self.position(owner).open_to(seat, players)

    def seat_masks(self, owner: Sequence[int], players: int) -> list[int]:
        """Every seat's ``mask`` of the board position ``owner``: a state keeps these and
        ``claim`` updates them, so a turn reads its open routes without looking at ``owner``."""
        position = self.position(owner)
        return [position.open_to(seat, players) for seat in range(players)]

    def claim(self, masks: list[int], route: int, seat: int) -> None:
        """Update ``seat_masks`` in place after ``seat`` claims open ``route``: it closes to
        everyone, and its twin closes to the claimer (to everyone with 2 or 3 players)."""
        players = len(masks)
        keep = ~(1 << route)
        for q in range(players):
            masks[q] &= keep
        twin = self.partner[route]
        if twin >= 0:
            keep = ~(1 << twin)
            if players < DOUBLE_ROUTES_BOTH_USABLE_FROM:
                for q in range(players):
                    masks[q] &= keep
            else:
                masks[seat] &= keep

    def closed_twins(
        self,
        owner: Sequence[int],
        route_ids: Sequence[str],
        seat: int | None,
        players: int,
        position: BoardPosition | None = None,
    ) -> dict[str, str]:
        """Every unclaimed route the double-route rule closes to ``seat``: ``{route id: TWIN_*}``
        (what ``twin_closure`` says of each; every view of a map game lists them, so they come
        from the position's masks, not from a pass over the board). ``position``: the masks of
        ``owner`` when the caller already has them."""
        closed = (position or self.position(owner)).closed_to(seat, players)
        out = {}
        while closed:
            low = closed & -closed
            closed ^= low
            r = low.bit_length() - 1
            out[route_ids[r]] = TWIN_YOURS if owner[self.partner[r]] == seat else TWIN_TAKEN
        return out

    def _position(self, owner: Sequence[int]) -> BoardPosition:
        partner = self.partner
        claimed = twins_of_claimed = 0
        twins_by_seat: dict[int, int] = {}
        routes_by_seat: dict[int, int] = {}
        for r, o in enumerate(owner):
            if o >= 0:
                claimed |= 1 << r
                routes_by_seat[o] = routes_by_seat.get(o, 0) | 1 << r
                q = partner[r]
                if q >= 0:
                    twins_of_claimed |= 1 << q
                    twins_by_seat[o] = twins_by_seat.get(o, 0) | 1 << q
        return BoardPosition(
            (1 << len(owner)) - 1 & ~claimed, twins_of_claimed, twins_by_seat, routes_by_seat
        )


def why_route_unavailable(
    route_index: Mapping[str, int],
    owner: Sequence[int],
    partner: Sequence[int],
    route: str,
    seat: int,
    players: int,
) -> str | None:
    """Why ``seat`` cannot claim ``route`` whatever its cards (unknown, claimed, closed by its twin), or None."""
    if route not in route_index:
        return f"there is no route {route!r}"
    r = route_index[route]
    if owner[r] >= 0:
        return f"route {route} is already claimed"
    closure = twin_closure(owner, partner, r, seat, players)
    return TWIN_REASONS[closure] if closure is not None else None


def cards_short(
    can_pay: Callable[[list[int]], bool], hand: Sequence[int], kinds: Sequence[int], limit: int
) -> tuple[int, tuple[int, ...]] | None:
    """The fewest extra cards of one kind that would let ``hand`` pay a route, and every kind
    (of ``kinds``) that needs only that many: ``(k, kinds)``, or None if none does within
    ``limit``. ``can_pay`` is the game's own payment rule, so the answer never drifts from it."""
    best = 0
    which: list[int] = []
    for kind in kinds:
        trial = list(hand)
        for k in range(1, (best or limit) + 1):
            trial[kind] += 1
            if can_pay(trial):
                if k < best or not best:
                    best, which = k, []
                which.append(kind)
                break
    return (best, tuple(which)) if best else None


def route_needs(
    *,
    unavailable: str | None,
    claimable: bool,
    pieces: str,
    need_pieces: int,
    have_pieces: int,
    short: tuple[int, tuple[int, ...]] | None,
    card_names: Sequence[str],
) -> dict[str, Any] | None:
    """What a player lacks to claim an open route, as data the page words (EN, DE):
    ``{"reason": "pieces", "pieces": "trains"|"ships", "need": n, "have": m}`` or
    ``{"reason": "cards", "more": k, "cards": [card names]}`` (k more cards of any one of them);
    None when the route is claimable now or closed whatever the cards (``unavailable``)."""
    if unavailable is not None or claimable:
        return None
    if have_pieces < need_pieces:
        return {"reason": "pieces", "pieces": pieces, "need": need_pieces, "have": have_pieces}
    if short is None:
        return None
    return {"reason": "cards", "more": short[0], "cards": [card_names[c] for c in short[1]]}
