"""Write pyengine/games/world/world.json (our own format) from the facts sheet ../shared/data/world.json.

Run once when the facts change: ``python tools/make_world_data.py ../shared/data/world.json``.

Coordinates are our own projection of real latitude/longitude: a Miller-like cylindrical projection
whose central meridian is 40°E, so the map's seam lies in the Pacific at 140°W (Vancouver and
Los Angeles at the left edge, Anchorage and Honolulu at the right edge, as on the board). The
drawing is 1000 units wide. Crowded cities are nudged by hand (NUDGE) and then pushed apart by a
small deterministic relaxation so that labels do not collide.

The non-city junction in the southern Indian Ocean (between Cape Town and Perth) is written as a
city-like node with ``"junction": true``: it cannot hold a harbor and no ticket names it.
"""

from __future__ import annotations

import json
import math
import sys
from pathlib import Path

CODES = {
    "al_qahira": "CAI",
    "anchorage": "ANC",
    "athina": "ATH",
    "bangkok": "BKK",
    "beijing": "BEI",
    "buenos_aires": "BUE",
    "cambridge_bay": "CAM",
    "cape_town": "CPT",
    "caracas": "CCS",
    "casablanca": "CAS",
    "christchurch": "CHC",
    "dar_es_salaam": "DAR",
    "darwin": "DRW",
    "djibouti": "DJI",
    "edinburgh": "EDI",
    "hamburg": "HAM",
    "hong_kong": "HKG",
    "honolulu": "HNL",
    "jakarta": "JKT",
    "lagos": "LAG",
    "lahore": "LHE",
    "lima": "LIM",
    "los_angeles": "LAX",
    "luanda": "LAD",
    "manila": "MNL",
    "marseille": "MRS",
    "mexico": "MEX",
    "miami": "MIA",
    "moskva": "MOS",
    "mumbai": "MUM",
    "murmansk": "MMK",
    "new_york": "NYC",
    "novosibirsk": "NOV",
    "perth": "PER",
    "petropavlovsk": "PET",
    "port_moresby": "POM",
    "reykjavik": "REY",
    "rio_de_janeiro": "RIO",
    "sydney": "SYD",
    "tehran": "THR",
    "tiksi": "TIK",
    "toamasina": "TOA",
    "tokyo": "TYO",
    "valparaiso": "VAL",
    "vancouver": "VAN",
    "winnipeg": "WIN",
    "yakutsk": "YAK",
    "wp_south_indian_ocean": "SIO",
}
JUNCTION_NAME = "Indian Ocean junction"
CENTRAL_MERIDIAN = 40.0  # degrees east; the seam is the opposite meridian, 140°W
WIDTH = 1000.0
MARGIN = 30.0
MIN_GAP = 30.0  # minimum distance between two nodes after relaxation (drawing units)
# Hand nudges (x right, y down, drawing units) applied before the relaxation.
NUDGE = {
    "HKG": (0, -6),
    "MNL": (8, 4),
    "BKK": (-6, 6),
    "EDI": (-8, -6),
    "HAM": (6, -4),
    "MRS": (-4, 6),
    "ATH": (6, 6),
    "CAI": (6, 8),
    "DJI": (0, 0),
    "LAX": (6, 4),
    "VAN": (6, -4),
    "CHC": (-4, 8),
    "SYD": (-6, 0),
    "DAR": (0, 4),
    "TOA": (8, 2),
    "TYO": (6, 0),
}


def project(lat: float, lon: float) -> tuple[float, float]:
    """Miller cylindrical projection around CENTRAL_MERIDIAN, in radians-like units (y up)."""
    dl = (lon - CENTRAL_MERIDIAN + 180.0) % 360.0 - 180.0
    x = math.radians(dl)
    phi = math.radians(lat)
    y = 1.25 * math.log(math.tan(math.pi / 4 + 0.4 * phi))
    return x, y


def relax(points: dict[str, list[float]], rounds: int = 200) -> None:
    """Push apart nodes closer than MIN_GAP (deterministic: fixed order, fixed rounds)."""
    keys = sorted(points)
    for _ in range(rounds):
        moved = False
        for i, a in enumerate(keys):
            for b in keys[i + 1 :]:
                pa, pb = points[a], points[b]
                dx, dy = pb[0] - pa[0], pb[1] - pa[1]
                d = math.hypot(dx, dy)
                if d >= MIN_GAP:
                    continue
                if d < 1e-6:
                    dx, dy, d = 1.0, 0.0, 1.0
                push = (MIN_GAP - d) / 2 + 0.01
                ux, uy = dx / d, dy / d
                pa[0] -= ux * push
                pa[1] -= uy * push
                pb[0] += ux * push
                pb[1] += uy * push
                moved = True
        if not moved:
            break


def main(src: str) -> None:
    facts = json.loads(Path(src).read_text(encoding="utf-8"))
    nodes = [dict(c, junction=False) for c in facts["cities"]]
    for w in facts["waypoints"]:
        nodes.append(dict(w, name=JUNCTION_NAME, port=False, junction=True))
    raw = {n["id"]: project(n["lat"], n["lon"]) for n in nodes}
    xs = [p[0] for p in raw.values()]
    ys = [p[1] for p in raw.values()]
    scale = (WIDTH - 2 * MARGIN) / (max(xs) - min(xs))
    pts: dict[str, list[float]] = {}
    for n in nodes:
        x, y = raw[n["id"]]
        code = CODES[n["id"]]
        dx, dy = NUDGE.get(code, (0, 0))
        pts[code] = [(x - min(xs)) * scale + MARGIN + dx, (max(ys) - y) * scale + MARGIN + dy]
    relax(pts)
    for p in pts.values():  # keep everything inside the drawing after the relaxation
        p[0] = min(max(p[0], MARGIN / 2), WIDTH - MARGIN / 2)
    height = round(max(p[1] for p in pts.values()) + MARGIN)
    name_to_code = {c["name"]: CODES[c["id"]] for c in facts["cities"]}
    for w in facts["waypoints"]:
        name_to_code[w["id"]] = CODES[w["id"]]
        name_to_code["WAYPOINT_SOUTH_INDIAN_OCEAN"] = CODES[w["id"]]
    id_to_code = dict(CODES)

    cities = []
    for n in sorted(nodes, key=lambda n: CODES[n["id"]]):
        code = CODES[n["id"]]
        entry = {
            "id": code,
            "name": n["name"],
            "x": round(pts[code][0], 1),
            "y": round(pts[code][1], 1),
            "port": bool(n["port"]),
            "lat": n["lat"],
            "lon": n["lon"],
        }
        if n.get("junction"):
            entry["junction"] = True
        cities.append(entry)

    # Routes: id = the two codes in alphabetical order; the tracks of a double get -1 / -2 in the
    # order of the facts sheet.
    routes = []
    track: dict[str, int] = {}
    for r in facts["routes"]:
        a, b = sorted((id_to_code[r["a_id"]], id_to_code[r["b_id"]]))
        base = f"{a}-{b}"
        if r["double_group"]:
            track[base] = track.get(base, 0) + 1
            rid = f"{base}-{track[base]}"
        else:
            rid = base
        entry = {"id": rid, "a": a, "b": b, "kind": r["kind"], "length": r["length"], "color": r["color"]}
        if r["rough_terrain_spaces"]:
            entry["rough"] = r["rough_terrain_spaces"]
        if r["double_group"]:
            entry["double"] = base
        if r["wraps_map_edge"]:
            entry["wraps"] = True
        routes.append(entry)
    routes.sort(key=lambda e: e["id"])

    tickets = []
    for t in facts["tickets"]:
        codes = [id_to_code[c] for c in t["city_ids"]]
        entry: dict[str, object] = {"id": "-".join(codes), "cities": codes}
        if t["type"] == "itinerary":
            values = [
                t["points_completed_in_order"],
                t["points_connected_not_in_order"],
                -abs(t["penalty_if_not_connected"]),
            ]
            entry["points"] = values[0]
            entry["values"] = values
        else:
            entry["points"] = t["points"]
        tickets.append(entry)

    counts = facts["counts"]
    out = {
        "format": "railtrip-map/1",
        "variant": "world",
        "name": "The World (Rails & Sails)",
        "size": {"width": WIDTH, "height": height},
        "projection": {
            "kind": "miller",
            "central_meridian": CENTRAL_MERIDIAN,
            "seam": CENTRAL_MERIDIAN - 180.0,
        },
        "expect": {
            "cities": counts["cities"] + counts["waypoints"],
            "routes": counts["routes"],
            "double_pairs": counts["double_route_pairs"],
            "spaces": counts["train_spaces"] + counts["ship_spaces"],
            "tickets": counts["tickets"],
            "ports": counts["port_cities"],
            "junctions": counts["waypoints"],
            "train_routes": counts["train_routes"],
            "ship_routes": counts["ship_routes"],
            "train_spaces": counts["train_spaces"],
            "ship_spaces": counts["ship_spaces"],
            "rough_routes": counts["rough_terrain_routes"],
            "wrapping_routes": counts["wrapping_routes"],
            "itineraries": counts["itinerary_tickets"],
        },
        "cities": cities,
        "routes": routes,
        "tickets": tickets,
    }
    dest = Path(__file__).resolve().parent.parent / "pyengine" / "games" / "world" / "world.json"
    dest.write_text(json.dumps(out, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"wrote {dest}: {len(cities)} nodes, {len(routes)} routes, {len(tickets)} tickets")
    near = sorted((math.dist(pts[a], pts[b]), a, b) for a in pts for b in pts if a < b)[:5]
    print("closest pairs:", ", ".join(f"{a}-{b} {d:.1f}" for d, a, b in near))


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "../shared/data/world.json")
