"""The one-line reason for a hinted move, in English and German, made from what the seat knows.

Only the seat's view (its hand, its tickets, who owns which route) and the static board are read,
so a hint never tells a player anything their own screen does not show. Works for every game from
plain data: the action's JSON form, the view and the board view."""

from __future__ import annotations

from typing import Any

from .graph import longest_trail

# Card names as the page's log writes them (web/i18n*.js): German colours are nouns.
COLOR_DE = {
    "purple": "Lila",
    "white": "Weiß",
    "blue": "Blau",
    "yellow": "Gelb",
    "orange": "Orange",
    "black": "Schwarz",
    "red": "Rot",
    "green": "Grün",
    "pink": "Rosa",
    "gray": "Grau",
}
FORM = {
    "train": ("train", "Zug"),
    "train-h": ("train with anchor", "Zug mit Anker"),
    "ship": ("ship", "Schiff"),
    "double": ("double ship", "Doppelschiff"),
}
Reason = dict[str, str]


def _card(name: str) -> tuple[str, str]:
    """A card name in words, (English, German), as the page's log names it: "white" / "Weiß",
    "blue ship" / "Schiff (Blau)", "locomotive" / "Lokomotive"."""
    if name == "loco":
        return "locomotive", "Lokomotive"
    if name == "joker":
        return "joker", "Joker"
    color, _, form = name.partition("-")
    color_de = COLOR_DE.get(color, color)
    if not form:
        return color, color_de
    en_form, de_form = FORM.get(form, (form, form))
    return f"{color} {en_form}", f"{de_form} ({color_de})"


def _cards(cards: dict[str, int]) -> tuple[str, str]:
    """Cards in words, (English, German), as the page's log writes a payment:
    "2 × red + 1 × locomotive" / "2 × Rot + 1 × Lokomotive"."""
    pairs = [(n, _card(name)) for name, n in cards.items() if n > 0]
    return (
        " + ".join(f"{n} × {en}" for n, (en, _) in pairs),
        " + ".join(f"{n} × {de}" for n, (_, de) in pairs),
    )


def _points(n: int) -> tuple[str, str]:
    """ "1 point" / "1 Punkt", "7 points" / "7 Punkte"."""
    return (f"{n} point" if n == 1 else f"{n} points", f"{n} Punkt" if n == 1 else f"{n} Punkte")


def _city(board: dict[str, Any], cid: str) -> str:
    for c in board.get("cities", ()):
        if c["id"] == cid:
            return str(c["name"])
    return cid


def _ticket_name(board: dict[str, Any], ticket: dict[str, Any]) -> str:
    return "–".join(_city(board, c) for c in ticket["cities"][:2]) + (
        "…" if len(ticket["cities"]) > 2 else ""
    )


def _components(edges: list[tuple[str, str]]) -> dict[str, str]:
    """Union-find over city ids: city -> its network's representative."""
    parent: dict[str, str] = {}

    def find(x: str) -> str:
        parent.setdefault(x, x)
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    for a, b in edges:
        parent[find(a)] = find(b)
    return {c: find(c) for c in parent}


def _connected(comp: dict[str, str], cities: list[str]) -> bool:
    roots = {comp.get(c) for c in cities}
    return None not in roots and len(roots) == 1


def _claim(action: dict[str, Any], view: dict[str, Any], board: dict[str, Any], name_cards: bool) -> Reason:
    routes = {r["id"]: r for r in board.get("routes", ())}
    route = routes[action["route"]]
    seat = view.get("you")
    mine = [
        (routes[r]["a"], routes[r]["b"])
        for r, o in view.get("routes", {}).items()
        if o == seat and r in routes
    ]
    before, after = _components(mine), _components(mine + [(route["a"], route["b"])])
    length = int(route["length"])
    table = board.get("route_points", {})
    points = int(table.get(length, table.get(str(length), 0)))
    name = f"{_city(board, route['a'])}–{_city(board, route['b'])}"
    done, toward = [], []
    for tk in (view.get("me") or {}).get("tickets", ()):
        cities = tk["cities"]
        if _connected(before, cities):
            continue
        if _connected(after, cities):
            done.append(tk)
        elif any(after.get(c) is not None and after.get(c) == after.get(route["a"]) for c in cities):
            toward.append(tk)
    en_points, de_points = _points(points)
    en_with, de_with = "", ""
    if name_cards:  # the route could be paid another way: say which cards
        en_cards, de_cards = _cards(action.get("cards") or {})
        en_with, de_with = f" with {en_cards}", f" mit {de_cards}"
    en = f"claims {name} ({length}){en_with}: {en_points}"
    de = f"baut {name} ({length}){de_with}: {de_points}"
    if done:
        names = ", ".join(f"{_ticket_name(board, tk)} (+{tk['points']})" for tk in done)
        en, de = (
            f"claims {name}{en_with}: completes {names}, {en_points}",
            f"baut {name}{de_with}: schließt {names} ab, {de_points}",
        )
    elif toward:
        names = ", ".join(_ticket_name(board, tk) for tk in toward[:2])
        en, de = f"{en}, on the way to {names}", f"{de}, auf dem Weg für {names}"
    if "longest_path" in (view.get("bonuses") or {}):
        owned = [routes[r] for r, o in view.get("routes", {}).items() if o == seat and r in routes]
        was, now = _longest(owned), _longest([*owned, route])
        if now > was > 0:  # a first route is no path to speak of yet
            en, de = f"{en}; longest path {was} → {now}", f"{de}; längste Strecke {was} → {now}"
    return {"en": en, "de": de}


def _longest(routes: list[dict[str, Any]]) -> int:
    """The longest continuous path (trains) over these board routes, as the game scores it."""
    ids: dict[str, int] = {}
    return longest_trail(
        [
            (ids.setdefault(r["a"], len(ids)), ids.setdefault(r["b"], len(ids)), int(r["length"]))
            for r in routes
        ]
    )


def _play(action: dict[str, Any], view: dict[str, Any], board: dict[str, Any]) -> Reason:
    """Card game: which of the seat's tickets need the colors played."""
    cards = action.get("cards") or {}
    en_cards, de_cards = _cards(cards)
    helps = [
        tk
        for tk in (view.get("me") or {}).get("tickets", ())
        if any(c in (tk.get("need") or {}) for c in cards)
    ]
    if helps:
        names = ", ".join(_ticket_name(board, tk) for tk in helps[:2])
        return {"en": f"plays {en_cards}: for {names}", "de": f"spielt {de_cards}: für {names}"}
    return {"en": f"plays {en_cards}", "de": f"spielt {de_cards}"}


def hint_reason(
    action: dict[str, Any],
    view: dict[str, Any],
    board: dict[str, Any],
    name_cards: bool = False,
    advice: bool = True,
) -> Reason:
    """Why this move, in one line (EN and DE), from the seat's own view and the board.
    ``action`` is the action's JSON form (``Action.to_json``); ``name_cards``: a claim says which
    cards pay for it (when the route could be paid another way); ``advice`` off: what a move
    that was played does, without the bot's grounds for proposing it (the review's own moves)."""
    kind = action.get("kind")
    me = view.get("me") or {}
    if kind == "claim":
        return _claim(action, view, board, name_cards)
    if kind == "play":
        return _play(action, view, board)
    if kind == "take":
        en, de = _card(str(action.get("card")))
        have = int(me.get("hand", {}).get(action.get("card"), 0))
        return {
            "en": f"takes the face-up {en} card ({have + 1} in hand then)",
            "de": f"nimmt die offene Karte {de}, dann {have + 1} davon auf der Hand",
        }
    if kind == "draw":
        if not advice:
            return {"en": "draws a card blind", "de": "zieht verdeckt"}
        return {
            "en": "draws a card blind: no face-up card helps more",
            "de": "zieht verdeckt: keine offene Karte hilft mehr",
        }
    if kind == "tickets":
        tickets = me.get("tickets", [])
        done = sum(
            1 for tk in tickets if tk.get("completed") or tk.get("status") in ("completed", "connected")
        )
        return {
            "en": f"draws new tickets ({done} of your {len(tickets)} done)",
            "de": f"zieht neue Aufträge ({done} von {len(tickets)} erfüllt)",
        }
    if kind == "keep":
        offered = {tk["id"]: tk for tk in me.get("offered", [])}
        kept = [offered[t] for t in action.get("tickets", []) if t in offered]
        names = ", ".join(_ticket_name(board, tk) for tk in kept)
        points = sum(int(tk.get("points", 0)) for tk in kept)
        if not kept:
            return {"en": "keeps no new ticket", "de": "behält keinen neuen Auftrag"}
        en_points, de_points = _points(points)
        return {"en": f"keeps {names} ({en_points})", "de": f"behält {names} ({de_points})"}
    if kind == "harbor":
        city = _city(board, str(action.get("city")))
        return {"en": f"builds a harbor in {city}", "de": f"baut einen Hafen in {city}"}
    if kind == "pieces":
        return {
            "en": f"takes {action.get('trains')} trains and {action.get('ships')} ships",
            "de": f"nimmt {action.get('trains')} Züge und {action.get('ships')} Schiffe",
        }
    if kind == "exchange":
        return {
            "en": f"exchanges {action.get('count')} pieces for {action.get('want')}",
            "de": f"tauscht {action.get('count')} Teile gegen {action.get('want')}",
        }
    return {"en": f"plays {action.get('text')}", "de": f"spielt {action.get('text')}"}


# How much a disagreement weighs when the bot gives no margin (the review lists the heaviest first):
# a different route or ticket choice matters more than a different card.
DECISION_WEIGHT = {
    "claim": 3,
    "keep": 3,
    "play": 3,
    "harbor": 3,
    "tickets": 2,
    "pieces": 2,
    "exchange": 2,
    "take": 1,
    "draw": 1,
}


def same_decision(played: dict[str, Any], best: dict[str, Any]) -> bool:
    """The same move for the review (actions as ``to_json``): the same action, or taking the same
    face-up card from another slot."""
    if played["text"] == best["text"]:
        return True
    return (
        played["kind"] == best["kind"] == "take"
        and played.get("card") == best.get("card")
        and played.get("refill", "") == best.get("refill", "")
    )


def disagreement_weight(played: dict[str, Any], best: dict[str, Any]) -> int:
    """The weight of the review's disagreement between two moves (their JSON forms): the two
    decisions' weights, except that the same route paid with other cards is a card choice."""
    if played.get("kind") == best.get("kind") == "claim" and played.get("route") == best.get("route"):
        return 2 * DECISION_WEIGHT["take"]
    return DECISION_WEIGHT.get(str(played.get("kind")), 1) + DECISION_WEIGHT.get(str(best.get("kind")), 1)
