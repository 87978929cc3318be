"""End-of-game statistics per player, like Board Game Arena's: counted once, for every game, from
the game's own log events (what each seat did) and its final scores (where the points came from).

The page shows these fields as they are; it never counts moves or reads action texts itself."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

# The wild cards' names in the three games (classic and card game: locomotive; Rails & Sails: joker).
WILD_CARDS = frozenset({"loco", "joker"})

PointSources = Callable[[dict[str, Any]], list[tuple[str, int]]]


def _empty(seat: int) -> dict[str, Any]:
    return {
        "seat": seat,
        "routes": 0,
        "route_length": 0,
        "average_length": 0.0,
        "route_lengths": {},
        "face_up": 0,
        "face_up_wild": 0,
        "blind": 0,
        "ticket_draws": 0,
        "tickets_offered": 0,
        "tickets_kept": 0,
        "harbors": 0,
        "exchanges": 0,
        "plays": 0,
        "raids": 0,
        "points": [],
    }


def ticket_points(score: Mapping[str, Any]) -> list[tuple[str, int]]:
    """The point sources every game has (a ``point_sources`` head): completed tickets won, failed
    ones lost."""
    return [("tickets_completed", score["tickets_won"]), ("tickets_failed", -score["tickets_lost"])]


def route_and_ticket_points(score: Mapping[str, Any]) -> list[tuple[str, int]]:
    """The point sources of the map games' ``point_sources`` head: routes, then tickets."""
    return [("routes", score["routes"]), *ticket_points(score)]


def play_stats(
    log: Sequence[Mapping[str, Any]], scores: Sequence[dict[str, Any]], point_sources: PointSources
) -> list[dict[str, Any]]:
    """Per seat: routes claimed with their lengths (count per length, average), cards taken
    face up (wild ones apart) and drawn blind, ticket draws with tickets offered and kept (the
    opening choice included), harbors built, pieces exchanged, card-game plays and raids, and the
    points by source (``point_sources`` of the seat's final score: ``[(source, points)]``)."""
    rows = [_empty(sc["seat"]) for sc in scores]
    for ev in log:
        p = ev.get("player")
        if not isinstance(p, int) or not 0 <= p < len(rows):
            continue
        row, kind = rows[p], ev.get("kind")
        if kind == "claim":
            row["routes"] += 1
            row["route_length"] += ev["length"]
            key = str(ev["length"])
            row["route_lengths"][key] = row["route_lengths"].get(key, 0) + 1
        elif kind == "take":
            row["face_up"] += 1
            row["face_up_wild"] += ev.get("card") in WILD_CARDS
        elif kind == "draw":
            row["blind"] += 1
        elif kind == "tickets":
            row["ticket_draws"] += 1
        elif kind == "keep":
            row["tickets_offered"] += ev.get("offered", 0)
            row["tickets_kept"] += ev.get("count", 0)
        elif kind == "harbor":
            row["harbors"] += 1
        elif kind == "exchange":
            row["exchanges"] += ev.get("count", 0)
        elif kind == "play":
            row["plays"] += 1
            row["raids"] += len(ev.get("raids") or ())
    for row, sc in zip(rows, scores):
        if row["routes"]:
            row["average_length"] = round(row["route_length"] / row["routes"], 2)
        row["route_lengths"] = dict(sorted(row["route_lengths"].items(), key=lambda kv: int(kv[0])))
        row["points"] = [{"source": src, "points": pts} for src, pts in point_sources(sc)]
    return rows
