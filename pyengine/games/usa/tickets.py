"""Ways of playing the classic map: the ``tickets`` option (shared/rules/usa-1910.md).

Each way of play is one record of parameters: which ticket sets form the deck, how many tickets
are dealt and kept at the start and in a ticket draw, and which end bonuses are scored. The
classic game is the way ``classic``; the others come from the *USA 1910* box. Every
**[decision]** of the specification is a named constant here.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...boundary import excerpt
from ...errors import SettingsError
from ...mechanics.mapdata import Board

LONGEST_PATH_BONUS = 10
GLOBETROTTER_BONUS = 15  # most completed tickets (the 1910 bonus card prints 15)

# The seven big cities of "Big Cities" (the rule sheet, p. 3).
BIG_CITIES = ("CHI", "DAL", "HOU", "LA", "MIA", "NY", "SEA")

# [decision] Big Cities scores neither Longest Path nor Globetrotter (sources disagree; most say
# "no bonus").
BIG_CITIES_BONUSES = False
# [decision] "Classic, 1910 cards" is the 30 reprinted tickets without the 4 Mystery Train tickets.
CLASSIC_1910_WITH_MYSTERY_TRAIN = False
# [decision] "Classic, 1910 cards" is offered as its own way of play; "classic" stays the 2004 deck.
OFFER_CLASSIC_1910 = True
# [decision] Globetrotter ties: every tied player gets the bonus (as with Longest Path).
GLOBETROTTER_TO_ALL_TIED = True
# [decision] Globetrotter is a plain maximum: at a top count of 0 the tied players still get it.
GLOBETROTTER_AT_ZERO = True
# [decision] The longest path breaks ties even where no Longest Path bonus is scored.
TIEBREAK_LONGEST_PATH_ALWAYS = True
# [decision] Opponents' completed-ticket counts stay hidden until final scoring (tickets are secret).
HIDE_OPPONENTS_COMPLETED = True


@dataclass(frozen=True)
class WayOfPlay:
    """The parameters of one way of play (the spec's "Parameters for code")."""

    name: str
    ticket_sets: tuple[str, ...]  # named sets of the data file that form the deck
    longest_path_points: int | None  # None: no Longest Path bonus
    globetrotter_points: int | None  # None: no Globetrotter bonus
    # Tickets dealt and drawn: the classic's 3 (keep 2) at the start and 3 (keep 1) later.
    start_deal: int = 3
    start_keep_min: int = 2
    draw: int = 3
    draw_keep_min: int = 1
    big_cities: tuple[str, ...] = ()  # non-empty: only tickets naming one of these cities

    def keep_min(self, at_start: bool) -> int:
        return self.start_keep_min if at_start else self.draw_keep_min


_MEGA_SETS = ("base30_1910", "mystery4", "new35")

WAYS_OF_PLAY: dict[str, WayOfPlay] = {
    # The 2004 game (usa.md): 30 tickets at their original values.
    "classic": WayOfPlay(
        "classic",
        ("base30",),
        longest_path_points=LONGEST_PATH_BONUS,
        globetrotter_points=None,
    ),
    # The classic rules with the reprinted cards (four lower values).
    "classic1910": WayOfPlay(
        "classic1910",
        ("base30_1910", "mystery4") if CLASSIC_1910_WITH_MYSTERY_TRAIN else ("base30_1910",),
        longest_path_points=LONGEST_PATH_BONUS,
        globetrotter_points=None,
    ),
    # Only the 35 new tickets; Globetrotter replaces Longest Path.
    "1910": WayOfPlay(
        "1910",
        ("new35",),
        longest_path_points=None,
        globetrotter_points=GLOBETROTTER_BONUS,
    ),
    # All 69 tickets, more dealt and drawn, both bonuses.
    "mega": WayOfPlay(
        "mega",
        _MEGA_SETS,
        start_deal=5,
        start_keep_min=3,
        draw=4,
        longest_path_points=LONGEST_PATH_BONUS,
        globetrotter_points=GLOBETROTTER_BONUS,
    ),
    # The Mega deck's tickets that name a big city (35).
    "bigcities": WayOfPlay(
        "bigcities",
        _MEGA_SETS,
        start_deal=4,
        start_keep_min=2,
        draw=4,
        longest_path_points=LONGEST_PATH_BONUS if BIG_CITIES_BONUSES else None,
        globetrotter_points=GLOBETROTTER_BONUS if BIG_CITIES_BONUSES else None,
        big_cities=BIG_CITIES,
    ),
}
if not OFFER_CLASSIC_1910:
    del WAYS_OF_PLAY["classic1910"]
DEFAULT_WAY = "classic"


def way_of_play(name: object) -> WayOfPlay:
    """The way of play an option value names; a clear SettingsError otherwise."""
    if not isinstance(name, str) or name not in WAYS_OF_PLAY:
        raise SettingsError(f"option tickets must be one of {', '.join(WAYS_OF_PLAY)}, not {excerpt(name)}")
    return WAYS_OF_PLAY[name]


def ticket_deck(board: Board, way: WayOfPlay) -> tuple[int, ...]:
    """The ticket indices of a way's deck, in data-file order (the order the shuffle starts from)."""
    members: set[int] = set()
    for name in way.ticket_sets:
        if name not in board.ticket_sets:
            raise SettingsError(f"the map has no ticket set {name!r}")
        members.update(board.ticket_sets[name])
    if way.big_cities:
        big = {board.city_index[c] for c in way.big_cities}
        members = {t for t in members if big & set(board.tickets[t].cities)}
    return tuple(sorted(members))


def globetrotter_winners(completed: list[int]) -> list[bool]:
    """Who takes the Globetrotter: the most completed tickets (ties and 0 per the decisions)."""
    best = max(completed)
    if best == 0 and not GLOBETROTTER_AT_ZERO:
        return [False] * len(completed)
    winners = [c == best for c in completed]
    if not GLOBETROTTER_TO_ALL_TIED and sum(winners) > 1:
        return [False] * len(completed)
    return winners
