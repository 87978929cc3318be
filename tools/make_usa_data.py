"""Write pyengine/games/usa/usa.json (our own format) from the facts sheet ../shared/data/usa.json.

Tickets come in named sets (shared/rules/usa-1910.md): ``base30`` (the 2004 cards), ``base30_1910``
(the same 30 as reprinted in the 1910 box, four with lower values), ``mystery4`` (the four Mystery
Train tickets) and ``new35`` (the cards with the 1910 logo). A ticket lists the sets it belongs to;
the four revised reprints are tickets of their own, id ``<a>-<b>-1910``. The engine's ways of play
combine these sets; ``expect.ticket_sets`` lets the loader check every set's size and points.

Run once when the facts change: ``python tools/make_usa_data.py ../shared/data/usa.json``.
Coordinates are our own projection of real latitude/longitude (a conic-like projection centred on
the map), scaled to a 1000-unit-wide drawing, with small nudges where labels would collide.
"""

from __future__ import annotations

import json
import math
import sys
from pathlib import Path

CODES = {
    "Atlanta": "ATL",
    "Boston": "BOS",
    "Calgary": "CAL",
    "Charleston": "CHS",
    "Chicago": "CHI",
    "Dallas": "DAL",
    "Denver": "DEN",
    "Duluth": "DUL",
    "El Paso": "ELP",
    "Helena": "HEL",
    "Houston": "HOU",
    "Kansas City": "KC",
    "Las Vegas": "LV",
    "Little Rock": "LR",
    "Los Angeles": "LA",
    "Miami": "MIA",
    "Montréal": "MTL",
    "Nashville": "NAS",
    "New Orleans": "NO",
    "New York": "NY",
    "Oklahoma City": "OKC",
    "Omaha": "OMA",
    "Phoenix": "PHX",
    "Pittsburgh": "PIT",
    "Portland": "POR",
    "Raleigh": "RAL",
    "Saint Louis": "STL",
    "Salt Lake City": "SLC",
    "San Francisco": "SF",
    "Santa Fe": "SFE",
    "Sault St. Marie": "SSM",
    "Seattle": "SEA",
    "Toronto": "TOR",
    "Vancouver": "VAN",
    "Washington": "WAS",
    "Winnipeg": "WIN",
}
# Nudges in drawing units (x right, y down) where real geography puts cities too close for labels.
NUDGE = {
    "NY": (10, 4),
    "WAS": (4, 22),
    "PIT": (-14, 4),
    "BOS": (12, -6),
    "MTL": (0, -8),
    "RAL": (-6, 10),
    "CHS": (8, 14),
    "TOR": (-10, 0),
    "SEA": (4, 8),
    "VAN": (4, -6),
    "POR": (0, 10),
    "NAS": (-6, 4),
    "ATL": (0, 8),
    "LR": (0, 0),
    "KC": (4, 0),
    "OMA": (-4, -6),
    "SF": (-4, 8),
    "LA": (8, 8),
    "LV": (4, 0),
    "NO": (6, 6),
    "HOU": (-6, 6),
}


def project(lat: float, lon: float) -> tuple[float, float]:
    """Equal-area-looking conic projection around 39°N, 96°W, in arbitrary units."""
    lat0, lon0, std1, std2 = math.radians(39), math.radians(-96), math.radians(30), math.radians(48)
    n = (math.sin(std1) + math.sin(std2)) / 2
    c = math.cos(std1) ** 2 + 2 * n * math.sin(std1)
    rho = lambda phi: math.sqrt(c - 2 * n * math.sin(phi)) / n  # noqa: E731
    phi, lam = math.radians(lat), math.radians(lon)
    theta = n * (lam - lon0)
    return rho(phi) * math.sin(theta), rho(lat0) - rho(phi) * math.cos(theta)


# Ticket sets: (number of tickets, total points), from shared/rules/usa-1910.md "Ticket sets".
EXPECTED_SETS = {"base30": [30, 349], "base30_1910": [30, 344], "mystery4": [4, 19], "new35": [35, 391]}


def _tickets(facts: dict) -> list[dict]:
    """All tickets of the base game and the 1910 box, each with the sets it belongs to."""
    ext = facts["expansion_1910"]
    revised = {(CODES[t["a"]], CODES[t["b"]]): t for t in ext["revised_original_tickets"]["tickets"]}
    tickets: list[dict] = []
    reprints: list[dict] = []
    for t in facts["tickets"]:
        a, b = CODES[t["a"]], CODES[t["b"]]
        old = revised.pop((a, b), None)
        if old is None:
            tickets.append(
                {"id": f"{a}-{b}", "a": a, "b": b, "points": t["points"], "sets": ["base30", "base30_1910"]}
            )
            continue
        if old["original_points"] != t["points"]:
            raise SystemExit(f"{a}-{b}: the facts disagree on the original value")
        tickets.append({"id": f"{a}-{b}", "a": a, "b": b, "points": t["points"], "sets": ["base30"]})
        reprints.append(
            {
                "id": f"{a}-{b}-1910",
                "a": a,
                "b": b,
                "points": old["points_1910_card"],
                "sets": ["base30_1910"],
            }
        )
    if revised:
        raise SystemExit(f"revised tickets missing from the base game: {sorted(revised)}")
    for src, name in (
        (ext["new_tickets"], "new35"),
        (ext["extra_tickets_in_1910_box"]["tickets"], "mystery4"),
    ):
        for t in src:
            a, b = CODES[t["a"]], CODES[t["b"]]
            tickets.append({"id": f"{a}-{b}", "a": a, "b": b, "points": t["points"], "sets": [name]})
    # The reprints come last so the 30 classic tickets keep their places (same deals as before).
    return tickets + reprints


def main(src: str) -> None:
    facts = json.loads(Path(src).read_text(encoding="utf-8"))
    pts = {c["name"]: project(c["lat"], c["lon"]) for c in facts["cities"]}
    xs = [p[0] for p in pts.values()]
    ys = [p[1] for p in pts.values()]
    scale = 920 / (max(xs) - min(xs))
    cities = []
    for c in facts["cities"]:
        x, y = pts[c["name"]]
        code = CODES[c["name"]]
        dx, dy = NUDGE.get(code, (0, 0))
        cities.append(
            {
                "id": code,
                "name": c["name"],
                "x": round((x - min(xs)) * scale + 40 + dx, 1),
                "y": round((max(ys) - y) * scale + 40 + dy, 1),
                "lat": c["lat"],
                "lon": c["lon"],
            }
        )
    routes = []
    for r in facts["routes"]:
        a, b = sorted((CODES[r["a"]], CODES[r["b"]]))
        rid = f"{a}-{b}" + (f"-{r['track']}" if r.get("double") else "")
        routes.append(
            {
                "id": rid,
                "a": a,
                "b": b,
                "length": r["length"],
                "color": r["color"],
                **({"double": f"{a}-{b}"} if r.get("double") else {}),
            }
        )
    tickets = _tickets(facts)
    out = {
        "format": "railtrip-map/1",
        "variant": "usa",
        "name": "North America",
        "size": {"width": 1000, "height": round((max(ys) - min(ys)) * scale + 80)},
        "expect": {
            "cities": 36,
            "routes": 100,
            "double_pairs": 22,
            "spaces": 309,
            "tickets": 73,
            "ticket_sets": EXPECTED_SETS,
        },
        "cities": cities,
        "routes": routes,
        "tickets": tickets,
    }
    dest = Path(__file__).resolve().parent.parent / "pyengine" / "games" / "usa" / "usa.json"
    dest.write_text(json.dumps(out, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"wrote {dest}: {len(cities)} cities, {len(routes)} routes, {len(tickets)} tickets")


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "../shared/data/usa.json")
