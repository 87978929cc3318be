"""Loading and validating a map data file (cities, routes, tickets) shipped with the package."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from importlib import resources
from typing import Any

from ..errors import DataError
from .graph import components


@dataclass(frozen=True, slots=True)
class City:
    id: str
    name: str
    x: float
    y: float
    port: bool = False
    junction: bool = False  # a non-city node (world map): no harbor, named on no ticket


@dataclass(frozen=True, slots=True)
class Route:
    index: int
    id: str
    a: int  # city indices
    b: int
    length: int
    color: str
    kind: str = "train"  # "train" or "ship"
    double_partner: int = -1  # index of the parallel route, -1 if single
    rough: int = 0  # rough-terrain spaces (world map)
    wraps: bool = False  # crosses the map's east-west seam (world map)


@dataclass(frozen=True, slots=True)
class Ticket:
    index: int
    id: str
    cities: tuple[int, ...]  # two cities, or more for an itinerary
    points: int
    values: tuple[int, ...] = ()  # itinerary: (in order, connected, penalty)


@dataclass(frozen=True)
class Board:
    """A map: cities, routes and tickets, with lookup tables."""

    name: str
    width: float
    height: float
    cities: tuple[City, ...]
    routes: tuple[Route, ...]
    tickets: tuple[Ticket, ...]
    raw: dict[str, Any] = field(repr=False, compare=False)
    city_index: dict[str, int] = field(repr=False, compare=False, default_factory=dict)
    route_index: dict[str, int] = field(repr=False, compare=False, default_factory=dict)
    ticket_index: dict[str, int] = field(repr=False, compare=False, default_factory=dict)
    # Named ticket sets (e.g. the USA 1910 box's decks): set name -> ticket indices in file order.
    ticket_sets: dict[str, tuple[int, ...]] = field(repr=False, compare=False, default_factory=dict)

    def map_json(self) -> dict[str, Any]:
        """The map's name and size, then every route (the page's board view of a map game)."""
        return {
            "name": self.name,
            "width": self.width,
            "height": self.height,
            "routes": [self.route_json(r) for r in self.routes],
        }

    def route_json(self, r: Route) -> dict[str, Any]:
        """One route as the page reads it: ends by city id, its twin by route id."""
        return {
            "id": r.id,
            "a": self.cities[r.a].id,
            "b": self.cities[r.b].id,
            "length": r.length,
            "color": r.color,
            "double": self.routes[r.double_partner].id if r.double_partner >= 0 else None,
        }


def _req(obj: dict[str, Any], key: str, where: str) -> Any:
    if key not in obj:
        raise DataError(f"{where}: missing field {key!r}")
    return obj[key]


def load_board(package: str, filename: str) -> Board:
    """Read data file ``filename`` of ``package`` (a game's home, e.g. ``pyengine.games.usa``)
    and validate it; a malformed file raises DataError."""
    try:
        text = resources.files(package).joinpath(filename).read_text(encoding="utf-8")
        raw = json.loads(text)
    except (OSError, ValueError) as exc:
        raise DataError(f"cannot read map data {filename}: {exc}") from exc
    return parse_board(raw, filename)


def parse_board(raw: dict[str, Any], where: str = "map data") -> Board:
    """Build and validate a Board from parsed JSON."""
    if not isinstance(raw, dict) or not str(raw.get("format", "")).startswith("railtrip-map/"):
        raise DataError(f"{where}: not a railtrip map file")
    cities: list[City] = []
    city_index: dict[str, int] = {}
    for k, c in enumerate(_req(raw, "cities", where)):
        cid = str(_req(c, "id", f"{where} city {k}"))
        if cid in city_index:
            raise DataError(f"{where}: duplicate city id {cid!r}")
        city_index[cid] = len(cities)
        cities.append(
            City(
                cid,
                str(_req(c, "name", cid)),
                float(_req(c, "x", cid)),
                float(_req(c, "y", cid)),
                bool(c.get("port", False)),
                bool(c.get("junction", False)),
            )
        )
        if cities[-1].junction and cities[-1].port:
            raise DataError(f"{where}: junction {cid!r} cannot be a port")
    routes: list[Route] = []
    route_index: dict[str, int] = {}
    groups: dict[str, list[int]] = {}
    for k, r in enumerate(_req(raw, "routes", where)):
        rid = str(_req(r, "id", f"{where} route {k}"))
        if rid in route_index:
            raise DataError(f"{where}: duplicate route id {rid!r}")
        ends = []
        for end in ("a", "b"):
            name = _req(r, end, rid)
            if name not in city_index:
                raise DataError(f"{where}: route {rid} names unknown city {name!r}")
            ends.append(city_index[name])
        length = int(_req(r, "length", rid))
        if length < 1:
            raise DataError(f"{where}: route {rid} has length {length}")
        route_index[rid] = len(routes)
        if r.get("double"):
            groups.setdefault(str(r["double"]), []).append(len(routes))
        routes.append(
            Route(
                len(routes),
                rid,
                ends[0],
                ends[1],
                length,
                str(_req(r, "color", rid)),
                str(r.get("kind", "train")),
                -1,
                int(r.get("rough", 0)),
                bool(r.get("wraps", False)),
            )
        )
    for gid, members in groups.items():
        if len(members) != 2:
            raise DataError(f"{where}: double route {gid!r} has {len(members)} tracks, expected 2")
        a, b = members
        if {routes[a].a, routes[a].b} != {routes[b].a, routes[b].b}:
            raise DataError(f"{where}: double route {gid!r} joins different cities")
        routes[a] = _with_partner(routes[a], b)
        routes[b] = _with_partner(routes[b], a)
    tickets: list[Ticket] = []
    ticket_index: dict[str, int] = {}
    ticket_sets: dict[str, list[int]] = {}
    for k, t in enumerate(_req(raw, "tickets", where)):
        tid = str(_req(t, "id", f"{where} ticket {k}"))
        if tid in ticket_index:
            raise DataError(f"{where}: duplicate ticket id {tid!r}")
        names = t["cities"] if "cities" in t else [_req(t, "a", tid), _req(t, "b", tid)]
        for name in names:
            if name not in city_index:
                raise DataError(f"{where}: ticket {tid} names unknown city {name!r}")
            if cities[city_index[name]].junction:
                raise DataError(f"{where}: ticket {tid} names the junction {name!r}")
        values = tuple(int(v) for v in t.get("values", ()))
        sets = t.get("sets", [])
        if not isinstance(sets, list) or not all(isinstance(n, str) and n for n in sets):
            raise DataError(f"{where}: ticket {tid} must list its sets as names")
        for name in sets:
            ticket_sets.setdefault(name, []).append(len(tickets))
        ticket_index[tid] = len(tickets)
        tickets.append(
            Ticket(
                len(tickets), tid, tuple(city_index[n] for n in names), int(_req(t, "points", tid)), values
            )
        )
    expect = raw.get("expect", {})
    found = {
        "cities": len(cities),
        "routes": len(routes),
        "double_pairs": len(groups),
        "spaces": sum(r.length for r in routes),
        "tickets": len(tickets),
    }
    found.update(
        {  # counts the world map's data file checks as well
            "ports": sum(c.port for c in cities),
            "junctions": sum(c.junction for c in cities),
            "train_routes": sum(r.kind == "train" for r in routes),
            "ship_routes": sum(r.kind == "ship" for r in routes),
            "train_spaces": sum(r.length for r in routes if r.kind == "train"),
            "ship_spaces": sum(r.length for r in routes if r.kind == "ship"),
            "rough_routes": sum(r.rough > 0 for r in routes),
            "wrapping_routes": sum(r.wraps for r in routes),
            "itineraries": sum(len(t.cities) > 2 for t in tickets),
        }
    )
    for key, value in expect.items():
        if key in found and found[key] != value:
            raise DataError(f"{where}: expected {value} {key}, found {found[key]}")
    for name, (count, points) in expect.get("ticket_sets", {}).items():
        members = ticket_sets.get(name, [])
        got = (len(members), sum(tickets[t].points for t in members))
        if got != (count, points):
            raise DataError(
                f"{where}: ticket set {name!r} should have {count} tickets worth "
                f"{points} points, not {got[0]} worth {got[1]}"
            )
    labels = components(len(cities), ((r.a, r.b) for r in routes))
    if len(set(labels)) != 1:
        lonely = [cities[i].id for i, lab in enumerate(labels) if lab != labels[0]]
        raise DataError(f"{where}: the route map is not connected (cut off: {', '.join(lonely)})")
    size = raw.get("size", {})
    return Board(
        str(raw.get("name", where)),
        float(size.get("width", 1000)),
        float(size.get("height", 700)),
        tuple(cities),
        tuple(routes),
        tuple(tickets),
        raw,
        city_index,
        route_index,
        ticket_index,
        {name: tuple(members) for name, members in ticket_sets.items()},
    )


def _with_partner(route: Route, partner: int) -> Route:
    return Route(
        route.index,
        route.id,
        route.a,
        route.b,
        route.length,
        route.color,
        route.kind,
        partner,
        route.rough,
        route.wraps,
    )
