"""The classic game's claim actions: every payment of every route built once, and the claims a
hand can pay listed without looking at the routes it cannot reach.

A route of length L and color c is paid with L cards: ``L - k`` of its color and ``k``
locomotives (gray routes: any one color), or L locomotives. Legal claims are listed by route
index, then color, then locomotives (the variant's ``action_order``); candidate routes come from
bit masks (bit r = route r) by color and length, so a turn costs one step per route the hand can
actually pay for instead of one per route on the map.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import overload

from ...actions import Action, ClaimRoute


class ClaimTable:
    """Pre-built claim actions of one map and the masks that find the payable routes."""

    def __init__(
        self,
        route_ids: Sequence[str],
        colors: Sequence[int],
        lengths: Sequence[int],
        color_names: Sequence[str],
        loco: int,
    ) -> None:
        """``colors[r]`` is a color index (< ``loco``) or -1 for gray; the card ``loco`` is the
        locomotive, ``color_names`` the card names by index (colors, then the locomotive)."""
        ncolors = loco
        self.ncolors = ncolors
        self.loco = loco
        self.max_length = max(lengths)
        # claims[r][c][k]: route r paid with color c and k locomotives (None: c cannot pay r).
        self.claims: list[list[list[ClaimRoute | None]]] = []
        self.claim_loco: list[ClaimRoute] = []  # route r paid with locomotives only
        self.info: dict[ClaimRoute, tuple[int, int, int]] = {}  # action -> (route, color, locos)
        for r, (rid, col, length) in enumerate(zip(route_ids, colors, lengths)):
            per_color: list[list[ClaimRoute | None]] = []
            for c in range(ncolors):
                row: list[ClaimRoute | None] = []
                for k in range(length):
                    if col in (-1, c):
                        cards = ((color_names[c], length - k),) + (((color_names[loco], k),) if k else ())
                        act = ClaimRoute(rid, cards)
                        self.info[act] = (r, c, k)
                        row.append(act)
                    else:
                        row.append(None)
                per_color.append(row)
            self.claims.append(per_color)
            act = ClaimRoute(rid, ((color_names[loco], length),))
            self.info[act] = (r, loco, length)
            self.claim_loco.append(act)
        self.colors = list(colors)
        self.lengths = list(lengths)
        # Colored routes: every claim for (cards of its color, locomotives), each capped at the
        # route's length, locomotives-only last (gray routes: worked out per turn).
        self.colored_claims: list[list[list[list[Action]]]] = [
            [[self._colored(r, have, locos) for locos in range(length + 1)] for have in range(length + 1)]
            if col >= 0
            else []
            for r, (col, length) in enumerate(zip(colors, lengths))
        ]
        # Masks by reach (cards or trains available, capped at the longest route): routes of
        # color c no longer than n, gray routes no longer than n, any route no longer than n.
        span = range(self.max_length + 1)
        self.colored_upto = [
            [self._mask(lambda r: colors[r] == c and lengths[r] <= n) for n in span] for c in range(ncolors)
        ]
        self.gray_upto = [self._mask(lambda r: colors[r] < 0 and lengths[r] <= n) for n in span]
        self.any_upto = [self._mask(lambda r: lengths[r] <= n) for n in span]

    def _colored(self, r: int, have: int, locos: int) -> list[Action]:
        """The claims of colored route r with ``have`` cards of its color and ``locos``."""
        length = self.lengths[r]
        out: list[Action] = []
        if have + locos >= length:
            k0 = length - have if have < length else 0
            k1 = locos if locos < length else length - 1
            out.extend(a for a in self.claims[r][self.colors[r]][k0 : k1 + 1] if a is not None)
        if locos >= length:
            out.append(self.claim_loco[r])
        return out

    def _mask(self, keep: Callable[[int], bool]) -> int:
        return sum(1 << r for r in range(len(self.lengths)) if keep(r))

    def payable(self, hand: Sequence[int], trains: int, open_routes: int) -> int:
        """The mask of open routes the hand can pay for and the trains cover."""
        top = self.max_length
        locos = hand[self.loco]
        mask = self.any_upto[locos if locos < top else top]  # locomotives alone
        gray_reach = 0
        colored_upto = self.colored_upto
        for c in range(self.ncolors):
            have = hand[c]
            if have:
                reach = have + locos
                if reach > top:
                    reach = top
                mask |= colored_upto[c][reach]
                if reach > gray_reach:
                    gray_reach = reach
        mask |= self.gray_upto[gray_reach]
        return mask & open_routes & self.any_upto[trains if trains < top else top]

    def add_claims(self, out: list[Action], hand: Sequence[int], routes: int) -> None:
        """Append every claim the hand can pay on the routes of mask ``routes``, in order."""
        locos = hand[self.loco]
        ncolors = self.ncolors
        colors, lengths, claims, claim_loco = self.colors, self.lengths, self.claims, self.claim_loco
        colored_claims = self.colored_claims
        gray_spans: dict[int, list[tuple[int, int, int]]] = {}  # length -> (color, k0, k1)
        while routes:
            low = routes & -routes
            r = low.bit_length() - 1
            routes ^= low
            length = lengths[r]
            col = colors[r]
            if col >= 0:
                have = hand[col]
                out.extend(
                    colored_claims[r][have if have < length else length][locos if locos < length else length]
                )
                continue
            spans = gray_spans.get(length)
            if spans is None:
                spans = gray_spans[length] = []
                for c in range(ncolors):
                    have = hand[c]
                    if have and have + locos >= length:
                        spans.append(
                            (
                                c,
                                length - have if have < length else 0,
                                locos if locos < length else length - 1,
                            )
                        )
            per = claims[r]
            for c, k0, k1 in spans:
                out.extend(per[c][k0 : k1 + 1])  # type: ignore[arg-type]
            if locos >= length:
                out.append(claim_loco[r])


class MainMenu(Sequence[Action]):
    """A main turn's legal actions, listed only when read in full.

    A playout's planner mostly asks whether a few planned claims are legal and which cards it may
    take. Listing every payment of every payable route for that (hundreds of claims with a big
    hand) was a fifth of a classic search's time. Membership, ``pick`` and the card draws are
    answered from the claim table; reading the menu (iterating, indexing, ``len``) lists it once,
    exactly the list ``legal_actions`` gives (``UsaRules.main_menu``)."""

    __slots__ = ("_draws", "_hand", "_last", "_listed", "_pass", "_payable", "_table")

    def __init__(
        self,
        table: ClaimTable,
        hand: Sequence[int],
        payable: int,
        draws: list[Action],
        last: list[Action],
        pass_action: Action,
    ) -> None:
        """``draws``: the blind draw and the face-up takes that open the list; ``last``: what
        follows the claims (the ticket draw); ``pass_action`` when nothing else is legal."""
        self._table = table
        self._hand = hand
        self._payable = payable
        self._draws = draws
        self._last = last
        self._pass = pass_action
        self._listed: list[Action] | None = None

    def listed(self) -> list[Action]:
        """Every legal action, in the variant's order."""
        if self._listed is None:
            out = list(self._draws)
            self._table.add_claims(out, self._hand, self._payable)
            out.extend(self._last)
            self._listed = out or [self._pass]
        return self._listed

    def __len__(self) -> int:
        return len(self.listed())

    @overload
    def __getitem__(self, i: int) -> Action: ...

    @overload
    def __getitem__(self, i: slice) -> list[Action]: ...

    def __getitem__(self, i: int | slice) -> Action | list[Action]:
        return self.listed()[i]

    def __iter__(self) -> Iterator[Action]:
        return iter(self.listed())

    def single(self) -> Action | None:
        """The only legal action, or None when there are more (every payable route has a claim)."""
        if len(self._draws) + len(self._last) + (1 if self._payable else 0) >= 2:
            return None
        listed = self.listed()
        return listed[0] if len(listed) == 1 else None

    def draws(self) -> list[Action]:
        """The blind draw (if any) and the face-up takes, in the list's order."""
        return self._draws

    def offers(self, action: Action) -> bool:
        """Whether ``action`` (not a claim) is legal: a draw, a take, the ticket draw."""
        return action in self._draws or action in self._last

    def _route_claims(self, action: ClaimRoute) -> list[Action]:
        info = self._table.info.get(action)
        if info is None or not (self._payable >> info[0]) & 1:
            return []
        out: list[Action] = []
        self._table.add_claims(out, self._hand, 1 << info[0])
        return out

    def __contains__(self, action: object) -> bool:
        if isinstance(action, ClaimRoute):
            return action in self._route_claims(action)
        return isinstance(action, Action) and (self.offers(action) or action in self.listed())

    def pick(self, action: Action) -> Action | None:
        """The menu's own object equal to ``action``, or None if it is not legal."""
        if isinstance(action, ClaimRoute):
            claims = self._route_claims(action)
            return claims[claims.index(action)] if action in claims else None
        listed = self._draws + self._last if self._listed is None else self._listed
        return listed[listed.index(action)] if action in listed else None
