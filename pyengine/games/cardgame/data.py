"""Loading and validating the card game's data file (tickets and big-city bonus cards).

The file ``pyengine/games/cardgame/cardgame.json`` (format ``railtrip-cards/1``) is written by
``tools/make_cardgame_data.py`` with one ticket per line; a malformed file raises DataError.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from importlib import resources
from typing import Any

from ...errors import DataError

FORMAT_PREFIX = "railtrip-cards/"
FORMAT_VERSION = 1
MAX_TICKET_CARDS = 5  # the tickets show 1-5 colored circles


@dataclass(frozen=True, slots=True)
class CardTicket:
    index: int
    id: str
    a: int  # city indices
    b: int
    points: int
    need: tuple[int, ...]  # count per color, in the data's color order
    size: int  # number of cards needed
    big: tuple[int, ...]  # indices (into big_cities) of the big cities it names


@dataclass(frozen=True, slots=True)
class BigCity:
    index: int
    city: int  # city index
    bonus: int
    gem: str


@dataclass(frozen=True)
class CardData:
    name: str
    colors: tuple[str, ...]
    wild: str
    per_color: int
    locomotives: int
    city_ids: tuple[str, ...]
    city_names: tuple[str, ...]
    big_cities: tuple[BigCity, ...]
    tickets: tuple[CardTicket, ...]
    ticket_index: dict[str, int] = field(repr=False, compare=False, default_factory=dict)

    @property
    def total_cards(self) -> int:
        return self.per_color * len(self.colors) + self.locomotives


def _req(obj: Any, key: str, where: str) -> Any:
    if not isinstance(obj, dict):
        raise DataError(f"{where}: expected an object")
    if key not in obj:
        raise DataError(f"{where}: missing field {key!r}")
    return obj[key]


def _int(value: Any, where: str, low: int = 0) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < low:
        raise DataError(f"{where}: expected an integer >= {low}, found {value!r}")
    return value


def load_card_data(filename: str = "cardgame.json") -> CardData:
    """Read ``pyengine/games/cardgame/<filename>`` and validate it."""
    try:
        text = resources.files("pyengine.games.cardgame").joinpath(filename).read_text(encoding="utf-8")
        raw = json.loads(text)
    except (OSError, ValueError) as exc:
        raise DataError(f"cannot read card data {filename}: {exc}") from exc
    return parse_card_data(raw, filename)


def parse_card_data(raw: Any, where: str = "card data") -> CardData:
    """Build and validate CardData from parsed JSON; every problem is a DataError naming the spot."""
    if not isinstance(raw, dict) or not str(raw.get("format", "")).startswith(FORMAT_PREFIX):
        raise DataError(f"{where}: not a railtrip card data file (format {FORMAT_PREFIX}N)")
    version = str(raw["format"])[len(FORMAT_PREFIX) :]
    if not version.isdigit() or int(version) > FORMAT_VERSION:
        raise DataError(f"{where}: unsupported format version {raw['format']!r}")
    cards = _req(raw, "cards", where)
    colors = _req(cards, "colors", f"{where} cards")
    if not isinstance(colors, list) or not colors or not all(isinstance(c, str) and c for c in colors):
        raise DataError(f"{where}: cards.colors must be a list of color names")
    if len(set(colors)) != len(colors):
        raise DataError(f"{where}: cards.colors lists a color twice")
    wild = str(_req(cards, "wild", f"{where} cards"))
    if wild in colors:
        raise DataError(f"{where}: the wild card {wild!r} is also a color")
    per_color = _int(_req(cards, "per_color", f"{where} cards"), f"{where} cards.per_color", 1)
    locos = _int(_req(cards, "locomotives", f"{where} cards"), f"{where} cards.locomotives", 0)
    color_index = {c: i for i, c in enumerate(colors)}

    city_ids: list[str] = []
    city_names: list[str] = []
    city_index: dict[str, int] = {}
    for k, c in enumerate(_req(raw, "cities", where)):
        cid = str(_req(c, "id", f"{where} city {k}"))
        if cid in city_index:
            raise DataError(f"{where}: duplicate city id {cid!r}")
        city_index[cid] = len(city_ids)
        city_ids.append(cid)
        city_names.append(str(_req(c, "name", f"{where} city {cid}")))

    bigs: list[BigCity] = []
    big_of_city: dict[int, int] = {}
    for k, b in enumerate(_req(raw, "big_cities", where)):
        w = f"{where} big city {k}"
        cid = _req(b, "city", w)
        if cid not in city_index:
            raise DataError(f"{w}: unknown city {cid!r}")
        if city_index[cid] in big_of_city:
            raise DataError(f"{w}: {cid} has two bonus cards")
        big_of_city[city_index[cid]] = len(bigs)
        bigs.append(
            BigCity(
                len(bigs), city_index[cid], _int(_req(b, "bonus", w), f"{w} bonus", 1), str(b.get("gem", ""))
            )
        )

    tickets: list[CardTicket] = []
    ticket_index: dict[str, int] = {}
    for k, t in enumerate(_req(raw, "tickets", where)):
        tid = _req(t, "id", f"{where} ticket {k}")
        if not isinstance(tid, str) or not tid or any(ch.isspace() for ch in tid):
            raise DataError(f"{where} ticket {k}: id must be a word without spaces, not {tid!r}")
        w = f"{where} ticket {tid}"
        if tid in ticket_index:
            raise DataError(f"{where}: duplicate ticket id {tid!r}")
        ends = []
        for end in ("a", "b"):
            cid = _req(t, end, w)
            if cid not in city_index:
                raise DataError(f"{w}: unknown city {cid!r}")
            ends.append(city_index[cid])
        if ends[0] == ends[1]:
            raise DataError(f"{w}: both ends are the same city")
        need_list = _req(t, "need", w)
        if not isinstance(need_list, list) or not 1 <= len(need_list) <= MAX_TICKET_CARDS:
            raise DataError(f"{w}: 'need' must list 1 to {MAX_TICKET_CARDS} card colors")
        need = [0] * len(colors)
        for name in need_list:
            if name not in color_index:
                raise DataError(f"{w}: unknown color {name!r} in 'need'")
            need[color_index[name]] += 1
        points = _int(_req(t, "points", w), f"{w} points", 1)
        big = tuple(sorted({big_of_city[e] for e in ends if e in big_of_city}))
        ticket_index[tid] = len(tickets)
        tickets.append(
            CardTicket(len(tickets), tid, ends[0], ends[1], points, tuple(need), len(need_list), big)
        )

    data = CardData(
        str(raw.get("name", where)),
        tuple(colors),
        wild,
        per_color,
        locos,
        tuple(city_ids),
        tuple(city_names),
        tuple(bigs),
        tuple(tickets),
        ticket_index,
    )
    expect = raw.get("expect", {})
    if not isinstance(expect, dict):
        raise DataError(f"{where}: 'expect' must be an object")
    found = {
        "cards": data.total_cards,
        "tickets": len(tickets),
        "big_cities": len(bigs),
        "cities": len(city_ids),
    }
    for key, value in expect.items():
        if key not in found:
            raise DataError(f"{where}: unknown expected count {key!r}")
        if found[key] != value:
            raise DataError(f"{where}: expected {value} {key}, found {found[key]}")
    if not tickets:
        raise DataError(f"{where}: no tickets")
    return data
