"""Write pyengine/games/cardgame/cardgame.json (our own format) from the facts sheet ../shared/data/cardgame.json.

Run when the facts change: ``python3 tools/make_cardgame_data.py ../shared/data/cardgame.json``.
The output keeps one ticket per line, so a correction to a ticket is a one-line change that can
also be made by hand in the generated file (the loader validates it: pyengine/games/cardgame/data.py).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from make_usa_data import CODES as USA_CODES

FORMAT = "railtrip-cards/1"
# Card order of the engine (same as the board game's): every list of colors is written in it.
COLORS = ("red", "orange", "yellow", "green", "blue", "purple", "black", "white")
# The card game's cities are the map's (the same codes as make_usa_data.py); its facts sheet
# spells Montréal without the accent.
CODES = {**USA_CODES, "Montreal": USA_CODES["Montréal"]}


def build(facts: dict) -> dict:
    tc = facts["train_cards"]
    used = sorted(
        {c for t in facts["destination_tickets"] for c in (t["city_a"], t["city_b"])}, key=lambda n: CODES[n]
    )
    tickets = []
    for t in facts["destination_tickets"]:
        a, b = CODES[t["city_a"]], CODES[t["city_b"]]
        need = sorted(t["colors"], key=COLORS.index)
        tickets.append(
            {
                "id": f"{a}-{b}",
                "a": a,
                "b": b,
                "points": t["points"],
                "need": need,
                "source_id": t["source_id"],
            }
        )
    return {
        "format": FORMAT,
        "variant": "cardgame",
        "name": "Ticket to Ride: The Card Game",
        "source": "facts sheet shared/data/cardgame.json (see its provenance and CHECKS file)",
        "cards": {
            "colors": list(COLORS),
            "per_color": tc["per_color"],
            "wild": "loco",
            "locomotives": tc["locomotives"],
        },
        "expect": {"cards": tc["total"], "tickets": 46, "big_cities": 6},
        "cities": [{"id": CODES[n], "name": n} for n in used],
        "big_cities": [
            {"city": CODES[c["city"]], "bonus": c["bonus_points"], "gem": c["card_gem_color"]}
            for c in facts["big_cities"]
        ],
        "tickets": tickets,
    }


def dumps(data: dict) -> str:
    """JSON with one ticket (and one city) per line."""
    lines = ["{"]
    keys = list(data)
    for i, key in enumerate(keys):
        value = data[key]
        comma = "," if i < len(keys) - 1 else ""
        if isinstance(value, list):
            lines.append(f" {json.dumps(key)}: [")
            for j, item in enumerate(value):
                sep = "," if j < len(value) - 1 else ""
                lines.append("  " + json.dumps(item, ensure_ascii=False) + sep)
            lines.append(" ]" + comma)
        else:
            lines.append(f" {json.dumps(key)}: {json.dumps(value, ensure_ascii=False)}{comma}")
    lines.append("}")
    return "\n".join(lines) + "\n"


def main(src: str) -> None:
    facts = json.loads(Path(src).read_text(encoding="utf-8"))
    out = build(facts)
    ids = [t["id"] for t in out["tickets"]]
    if len(set(ids)) != len(ids):
        raise SystemExit("ticket ids are not unique")
    dest = Path(__file__).resolve().parent.parent / "pyengine" / "games" / "cardgame" / "cardgame.json"
    dest.write_text(dumps(out), encoding="utf-8")
    print(f"wrote {dest} ({len(out['tickets'])} tickets, {len(out['big_cities'])} big cities)")


if __name__ == "__main__":
    main(
        sys.argv[1]
        if len(sys.argv) > 1
        else str(Path(__file__).resolve().parent.parent.parent / "shared" / "data" / "cardgame.json")
    )
