"""The one-line reason for a hinted move, in English and German, made from what the seat knows.

Only the seat's view (its hand, its tickets, who owns which route) and the static board are read,
so a hint never tells a player anything their own screen does not show. Works for every game from
plain data: the action's JSON form, the view and the board view."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from .graph import longest_trail
from .ways import on_the_way, open_graph, pieces_needed

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


def _paid_with(en: str, de: str, action: dict[str, Any]) -> tuple[str, str]:
    """A move's words with the cards that pay for it: "… with 2 × red" / "… mit 2 × Rot"."""
    en_cards, de_cards = _cards(action.get("cards") or {})
    return f"{en} with {en_cards}", f"{de} mit {de_cards}"


def _points(n: int) -> tuple[str, str]:
    """ "1 point" / "1 Punkt", "7 points" / "7 Punkte"."""
    return _count(n, "point", "points", "Punkt", "Punkte")


def _count(n: int, en_one: str, en_many: str, de_one: str, de_many: str) -> tuple[str, str]:
    """ "1 ship" / "1 Schiff", "3 ships" / "3 Schiffe"."""
    return (f"{n} {en_one if n == 1 else en_many}", f"{n} {de_one if n == 1 else de_many}")


def _city(board: dict[str, Any], cid: str) -> str:
    for c in board.get("cities", ()):
        if c["id"] == cid:
            return str(c["name"])
    return cid


def _ticket_name(board: dict[str, Any], ticket: dict[str, Any]) -> str:
    """ "Denver – El Paso", as the page names a ticket (an itinerary by its first two cities, "…")."""
    return " – ".join(_city(board, c) for c in ticket["cities"][:2]) + (
        "…" if len(ticket["cities"]) > 2 else ""
    )


def _tickets(board: dict[str, Any], tickets: list[dict[str, Any]], points: bool = False) -> tuple[str, str]:
    """Tickets named as tickets: "ticket Denver – El Paso", "tickets Denver – El Paso, Seattle –
    Los Angeles" / "den Auftrag …", "die Aufträge …" (``points``: each with its "(+9)")."""
    names = ", ".join(_ticket_name(board, tk) + (f" (+{tk['points']})" if points else "") for tk in tickets)
    if len(tickets) == 1:
        return f"ticket {names}", f"den Auftrag {names}"
    return f"tickets {names}", f"die Aufträge {names}"


# The verb of each move, (English, German): what a move does, for the review ("Your move claims
# …", "Dein Zug baut …"), and what to do, for the Hint ("Claim …", "Bau …").
VERBS = {
    "take": (("takes", "take"), ("nimmt", "nimm")),
    "claim": (("claims", "claim"), ("baut", "bau")),
    "build": (("builds", "build"), ("baut", "bau")),
    "draw": (("draws", "draw"), ("zieht", "zieh")),
    "keep": (("keeps", "keep"), ("behält", "behalte")),
    "choose": (("chooses", "choose"), ("wählt", "wähle")),
    "exchange": (("exchanges", "exchange"), ("tauscht", "tausche")),
    "play": (("plays", "play"), ("spielt", "spiele")),
}


def _move(hint: bool, verb: str, en: str, de: str, grounds: tuple[str, str] = ("", "")) -> Reason:
    """One line: the verb (an imperative for the Hint, capitalised as the sentence it is; else the
    third person, to follow "Your move"), the rest of the move, and after a colon why."""
    (en3, en2), (de3, de2) = VERBS[verb]
    en_verb, de_verb = (en2.capitalize(), de2.capitalize()) if hint else (en3, de3)
    en_why, de_why = grounds
    return {
        "en": f"{en_verb} {en}" + (f": {en_why}" if en_why else ""),
        "de": f"{de_verb} {de}" + (f": {de_why}" if de_why else ""),
    }


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


# A route's pieces as the log says them, one and many (English, German): North America's
# "Waggons", Rails & Sails' trains and ships (its routes have a kind).
PIECES = {
    "": ("train", "trains", "Waggon", "Waggons"),
    "train": ("train", "trains", "Zug", "Züge"),
    "ship": ("ship", "ships", "Schiff", "Schiffe"),
}
# From this length on a route scores the most points per piece (5 trains: 10 points, 2 a train).
LONG_ROUTE = 5


def _claim(
    action: dict[str, Any], view: dict[str, Any], board: dict[str, Any], name_cards: bool, hint: bool
) -> Reason:
    """ "Claim Denver – Omaha (4 trains, 7 points) with 4 × red: completes ticket Denver – El Paso
    (+4); longest path 3 → 7", as the log names a claim. "Towards" a ticket: on a nearly cheapest
    way between its cities (``ways.on_the_way``). A claim for no ticket says why it may still pay:
    the final round, every ticket completed, or a long route's points per piece."""
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
    name = f"{_city(board, route['a'])} – {_city(board, route['b'])}"  # as the log names a route
    tickets = (view.get("me") or {}).get("tickets", ())
    done = [tk for tk in tickets if not _connected(before, tk["cities"]) and _connected(after, tk["cities"])]
    open_tickets = [tk for tk in tickets if not _connected(after, tk["cities"])]
    toward = on_the_way(open_graph(view, board), route, open_tickets) if not done else []
    en_one, en_many, de_one, de_many = PIECES[str(route.get("kind", ""))]
    en_size, de_size = _count(length, en_one, en_many, de_one, de_many)
    en_points, de_points = _points(points)
    en, de = f"{name} ({en_size}, {en_points})", f"{name} ({de_size}, {de_points})"
    if name_cards:  # the route could be paid another way: say which cards
        en, de = _paid_with(en, de, action)
    en_why: list[str] = []
    de_why: list[str] = []
    if done:
        en_names, de_names = _tickets(board, done, points=True)
        en_why.append(f"completes {en_names}")
        de_why.append(f"erfüllt {de_names}")
    elif toward:
        en_names, de_names = _tickets(board, toward[:2])
        en_why.append(f"towards {en_names}")
        de_why.append(f"für {de_names}")
    elif view.get("final_round"):
        en_why.append("scores before the game ends")
        de_why.append("zählt, bevor das Spiel endet")
    elif tickets and all(_completed(tk) for tk in tickets):
        en_why.append("your tickets are all completed")
        de_why.append("deine Aufträge sind alle erfüllt")
    elif length >= LONG_ROUTE:
        en_why.append(f"long routes score the most points per {en_one}")
        de_why.append(f"lange Strecken bringen die meisten Punkte pro {de_one}")
    if "longest_path" in (view.get("bonuses") or {}):
        owned = [routes[r] for r, o in view.get("routes", {}).items() if o == seat and r in routes]
        was, now = _longest(owned), _longest([*owned, route])
        if now > was > 0:  # a first route is no path to speak of yet
            en_why.append(f"longest path {was} → {now}")
            de_why.append(f"längster Weg {was} → {now}")
    return _move(hint, "claim", en, de, ("; ".join(en_why), "; ".join(de_why)))


def _by_points(tickets: Iterable[dict[str, Any]]) -> list[dict[str, Any]]:
    """Most points first: the order in which the estimates plan the tickets' ways."""
    return sorted(tickets, key=lambda tk: -int(tk.get("points", 0)))


def _open_tickets(view: dict[str, Any]) -> list[dict[str, Any]]:
    """The seat's tickets not completed yet, most points first."""
    return _by_points(tk for tk in (view.get("me") or {}).get("tickets", ()) if not _completed(tk))


def _keep_pieces(view: dict[str, Any], board: dict[str, Any], kept: list[dict[str, Any]]) -> tuple[str, str]:
    """What kept map tickets would take: "about 14 of your 45 trains" (more than the tickets held
    already take: "about 9 more of your 30 trains"); Rails & Sails "about 6 trains and 13 ships".
    Nothing where a ticket can no longer be connected, or in the card game (no routes)."""
    if not board.get("routes"):
        return "", ""
    graph = open_graph(view, board)
    held = _open_tickets(view)  # planned first: their ways are the seat's plan already
    before, after = pieces_needed(graph, board, held), pieces_needed(graph, board, held + _by_points(kept))
    if before is None or after is None:
        return "", ""
    more = {kind: n - before.get(kind, 0) for kind, n in after.items() if n > before.get(kind, 0)}
    return _pieces_words(view, more, bool(held))


def _pieces_words(view: dict[str, Any], pieces: dict[str, int], more: bool) -> tuple[str, str]:
    """ "about 14 of your 45 trains" (North America), "about 6 trains and 13 ships" (Rails &
    Sails); with ``more``, "about 9 more …" / "etwa 9 weitere …". Nothing for no pieces."""
    if not pieces:
        return "", ""
    en_more, de_more = (" more", " weitere") if more else ("", "")
    if set(pieces) == {""}:  # North America: the trains left say whether they fit
        n, seat = pieces[""], view.get("you")
        players = view.get("players") or []
        left = players[seat].get("trains") if isinstance(seat, int) and 0 <= seat < len(players) else None
        if isinstance(left, int):
            return f"about {n}{en_more} of your {left} trains", f"etwa {n}{de_more} deiner {left} Waggons"
        return f"about {n}{en_more} trains", f"etwa {n}{de_more} Waggons"
    # Rails & Sails: "about 3 more trains and 4 ships" / "etwa 3 weitere Züge und 4 Schiffe".
    parts = [_count(pieces[kind], *PIECES[kind]) for kind in ("train", "ship") if kind in pieces]
    en_parts, de_parts = " and ".join(p[0] for p in parts), " und ".join(p[1] for p in parts)
    en_n, _, en_rest = en_parts.partition(" ")
    de_n, _, de_rest = de_parts.partition(" ")
    return f"about {en_n}{en_more} {en_rest}", f"etwa {de_n}{de_more} {de_rest}"


def _completed(ticket: dict[str, Any]) -> bool:
    """Whether the view shows a map game's ticket done (an itinerary: connected or in order)."""
    return bool(ticket.get("completed")) or ticket.get("status") in ("completed", "connected")


def _harbor(
    action: dict[str, Any],
    view: dict[str, Any],
    board: dict[str, Any],
    name_cards: bool,
    advice: bool,
    hint: bool,
) -> Reason:
    """ "Build a harbor in Mumbai with 2 × red train with anchor + 2 × red ship: Mumbai is on 2 of
    your tickets, 30 points once they are completed" (Rails & Sails scores a harbor by its owner's
    completed tickets naming the city; an unbuilt one costs points)."""
    cid = str(action.get("city"))
    city = _city(board, cid)
    en, de = f"a harbor in {city}", f"einen Hafen in {city}"
    if name_cards:  # the harbor could be paid another way: say which cards
        en, de = _paid_with(en, de, action)
    grounds = ("", "")
    values = [int(v) for v in board.get("harbor_values", ())]
    named = [tk for tk in (view.get("me") or {}).get("tickets", ()) if cid in tk.get("cities", ())]
    if advice and named and values:
        n = len(named)
        en_points, de_points = _points(values[min(n, len(values)) - 1])
        de_of = "einem deiner" if n == 1 else f"{n} deiner"
        if all(_completed(tk) for tk in named):
            grounds = (
                f"{city} is on {n} of your completed tickets, {en_points}",
                f"{city} liegt auf {de_of} erfüllten Aufträge, {de_points}",
            )
        else:
            grounds = (
                f"{city} is on {n} of your tickets, {en_points} once {'it is' if n == 1 else 'they are'} completed",
                f"{city} liegt auf {de_of} Aufträge, {de_points}, sobald {'er' if n == 1 else 'sie'} erfüllt "
                + ("ist" if n == 1 else "sind"),
            )
    elif advice and board.get("unbuilt_harbor_penalty"):
        en_points, de_points = _points(int(board["unbuilt_harbor_penalty"]))
        grounds = (
            f"a harbor left unbuilt costs {en_points}",
            f"ein nicht gebauter Hafen kostet {de_points}",
        )
    return _move(hint, "build", en, de, grounds)


def _longest(routes: list[dict[str, Any]]) -> int:
    """The longest continuous path (trains) over these board routes, as the game scores it."""
    ids: dict[str, int] = {}
    return longest_trail(
        [
            (ids.setdefault(r["a"], len(ids)), ids.setdefault(r["b"], len(ids)), int(r["length"]))
            for r in routes
        ]
    )


def _play(action: dict[str, Any], view: dict[str, Any], board: dict[str, Any], hint: bool) -> Reason:
    """Card game: which of the seat's tickets need the colors played."""
    cards = action.get("cards") or {}
    en_cards, de_cards = _cards(cards)
    helps = [
        tk
        for tk in (view.get("me") or {}).get("tickets", ())
        if any(c in (tk.get("need") or {}) for c in cards)
    ]
    en_why, de_why = _tickets(board, helps[:2]) if helps else ("", "")
    return _move(
        hint,
        "play",
        f"{en_cards} to your rail yard",
        f"{de_cards} in deinen Bahnhof",
        (f"towards {en_why}" if helps else "", f"für {de_why}" if helps else ""),
    )


# The decks of Rails & Sails as the log names them; the other games have one deck.
DECKS = {"train": ("the train deck", "vom Zugstapel"), "ship": ("the ship deck", "vom Schiffsstapel")}


def paid_another_way(move: dict[str, Any], legal: Iterable[dict[str, Any]]) -> bool:
    """Whether another of the ``legal`` moves (JSON forms) does what ``move`` does with other cards:
    a route claimed or a harbor built with another payment (its line then names the cards)."""
    if "cards" not in move or move.get("kind") not in ("claim", "harbor"):
        return False
    same = {k: v for k, v in move.items() if k not in ("text", "cards")}
    return any(
        other != move and {k: v for k, v in other.items() if k not in ("text", "cards")} == same
        for other in legal
    )


def hint_reason(
    action: dict[str, Any],
    view: dict[str, Any],
    board: dict[str, Any],
    name_cards: bool = False,
    advice: bool = True,
    hint: bool = False,
) -> Reason:
    """Why this move, in one line (EN and DE), from the seat's own view and the board, in the
    words of the page's log. ``action`` is the action's JSON form (``Action.to_json``);
    ``name_cards``: a claim or a harbor says which cards pay for it (when it could be paid
    another way); ``advice`` off: what a move that was played does, without the bot's grounds for
    proposing it (the review's own moves); ``hint``: addressed to the player, "Take the face-up
    orange card: then you hold 3 × orange" (the Hint), else what the move does, "takes the …",
    to follow "Your move" / "The bot's move" (the review)."""
    kind = action.get("kind")
    me = view.get("me") or {}
    if kind == "claim":
        return _claim(action, view, board, name_cards, hint)
    if kind == "play":
        return _play(action, view, board, hint)
    if kind == "take":
        card = str(action.get("card"))
        en, de = _card(card)
        en_hold, de_hold = _cards({card: int(me.get("hand", {}).get(card, 0)) + 1})
        en_deck, de_deck = DECKS.get(str(action.get("refill")), ("", ""))
        if en_deck:  # Rails & Sails: the deck that refills the place, as the market's buttons say
            en, de = (
                f"{en} card and refill from {en_deck}" if hint else f"{en} card and refills from {en_deck}",
                f"{de} und füll {de_deck} auf" if hint else f"{de} und füllt {de_deck} auf",
            )
        else:
            en = f"{en} card"
        return _move(
            hint,
            "take",
            f"the face-up {en}",
            f"die offene Karte {de}",
            (f"then you hold {en_hold}", f"danach hast du {de_hold}"),
        )
    if kind == "draw":
        en_deck, de_deck = DECKS.get(str(action.get("deck")), ("the deck", "vom Stapel"))
        grounds = ("no face-up card helps more", "keine offene Karte hilft mehr") if advice else ("", "")
        return _move(hint, "draw", f"a card from {en_deck}", f"eine Karte {de_deck}", grounds)
    if kind == "tickets":
        tickets = me.get("tickets", [])
        n = len(tickets)
        if any("completed" in tk for tk in tickets):
            done = sum(1 for tk in tickets if _completed(tk))
            en_of, de_of = _count(n, "ticket", "tickets", "Auftrag", "Aufträgen")
            grounds = (f"you have completed {done} of {en_of}", f"du hast {done} von {de_of} erfüllt")
        else:  # the card game: tickets are completed only when a half is scored
            en_held, de_held = _count(n, "ticket", "tickets", "Auftrag", "Aufträge")
            grounds = (f"you hold {en_held}", f"du hast {de_held}")
        return _move(hint, "draw", "new tickets", "neue Aufträge", grounds if n else ("", ""))
    if kind == "keep":
        offered = {tk["id"]: tk for tk in me.get("offered", [])}
        kept = [offered[t] for t in action.get("tickets", []) if t in offered]
        if not kept:
            return _move(hint, "keep", "no new ticket", "keinen neuen Auftrag")
        en_points, de_points = _points(sum(int(tk.get("points", 0)) for tk in kept))
        if len(kept) == len(offered) > 2:  # every ticket offered: their names would fill the box
            en_names, de_names = f"all {len(kept)} tickets", f"alle {len(kept)} Aufträge"
        else:
            en_names, de_names = _tickets(board, kept)
        grounds = _keep_pieces(view, board, kept) if advice else ("", "")
        return _move(hint, "keep", f"{en_names} ({en_points})", f"{de_names} ({de_points})", grounds)
    if kind == "harbor":
        return _harbor(action, view, board, name_cards, advice, hint)
    if kind == "pieces":
        en_trains, de_trains = _count(int(action.get("trains", 0)), "train", "trains", "Zug", "Züge")
        en_ships, de_ships = _count(int(action.get("ships", 0)), "ship", "ships", "Schiff", "Schiffe")
        grounds = ("", "")
        need = pieces_needed(open_graph(view, board), board, _open_tickets(view)) if advice else None
        if need:  # what the kept tickets take decides the mix
            en_need, de_need = _pieces_words(view, need, more=False)
            grounds = (f"your tickets take {en_need}", f"deine Aufträge brauchen {de_need}")
        return _move(hint, "choose", f"{en_trains} and {en_ships}", f"{de_trains} und {de_ships}", grounds)
    if kind == "exchange":
        n = int(action.get("count", 0))
        if action.get("want") == "ships":
            en_give, de_give = _count(n, "train", "trains", "Zug", "Züge")
            return _move(hint, "exchange", f"{en_give} for ships", f"{de_give} gegen Schiffe")
        en_give, de_give = _count(n, "ship", "ships", "Schiff", "Schiffe")
        return _move(hint, "exchange", f"{en_give} for trains", f"{de_give} gegen Züge")
    return _move(hint, "play", str(action.get("text")), str(action.get("text")))


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
