"""Player review (issue 13), dialogs with the map in view: the mid-game ticket choice shows the
offered tickets on the person's own network, the Rails & Sails piece mix shows the kept tickets,
and the payment chooser shows the route and what stays in hand after each payment."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page

from e2e.helpers import ANN_AND_BOT, PERSON_TO_ACT, keep_tickets, start_game_on_page, wait_for_app_state
from e2e.test_review_choices import SIZES, WORLD

STATE = "() => window.__railtrip.state()"


def start(page: Page, server, variant: str, size, setup: dict | None) -> None:
    start_game_on_page(page, server, {"variant": variant, "seed": 8, "setup": setup}, size)


def act(page: Page, text: str) -> None:
    page.evaluate("t => window.__railtripAct(t)", text)
    page.wait_for_function(PERSON_TO_ACT)


def claim_some_route(page: Page) -> str:
    """Plays Ann's turns (blind draws) until she can claim a route, then claims it."""
    for _ in range(30):
        state = page.evaluate(STATE)
        if page.get_attribute("#app", "data-ui-state") == "choose-tickets":
            keep_tickets(page)
            page.wait_for_function(PERSON_TO_ACT)
            continue
        claims = [a for a in state["legal"] if a["kind"] == "claim"]
        if claims:
            act(page, claims[0]["text"])
            return claims[0]["route"]
        draw = next(a for a in state["legal"] if a["kind"] == "draw")
        act(page, draw["text"])
    raise AssertionError("no route became claimable")


def picture_labels(page: Page, dialog: str) -> dict:
    """The city names the open dialog's map picture drew last (``window.__railtrip.pictures()``),
    once it has drawn them."""
    for _ in range(100):
        pictures = page.evaluate("() => window.__railtrip.pictures()")
        shown = [p["labels"] for p in pictures if p["dialog"] == dialog and p["labels"]]
        if shown:
            return shown[0]
        page.wait_for_timeout(50)
    raise AssertionError(f"the picture in {dialog} drew no city names")


def assert_names_clear_of_markers(labels: dict, tickets: int) -> None:
    """No city name covers a ticket's number or a ticket city's dot (but its own); the name of a
    city no ticket names covers no dot at all (a ticket's city may cover such a dot rather than go
    unnamed). The names' boxes are in canvas pixels, as the markers'."""
    badges = [m for m in labels["markers"] if "badge" in m]
    assert len(badges) == tickets, badges
    named = {b["city"] for b in labels["boxes"]}
    first = {m["city"] for m in labels["markers"] if m.get("minor") is False}
    for box in labels["boxes"]:
        for m in labels["markers"]:
            if m.get("city") == box["city"] or (m.get("minor") and box["city"] in first):
                continue
            covers = (
                m["x0"] < box["x1"] and box["x0"] < m["x1"] and m["y0"] < box["y1"] and box["y0"] < m["y1"]
            )
            assert not covers, (box, m)
    assert len(named & first) >= len(first) - 1, (first - named, labels["hidden"])


def in_view(page: Page, testid: str, size) -> dict:
    box = page.locator(f"[data-testid={testid}]").first.bounding_box()
    assert box and box["width"] > 0 and box["height"] > 0, testid
    assert box["x"] >= 0 and box["x"] + box["width"] <= size[0] + 0.5, (testid, box)
    return box


@pytest.mark.parametrize("size", SIZES, ids=["1280x800", "390x844"])
@pytest.mark.parametrize("variant", ["usa", "world"])
def test_the_ticket_choice_shows_the_tickets_on_the_own_network(
    page: Page, server, snapshot, variant, size
) -> None:
    start(page, server, variant, size, WORLD if variant == "world" else None)
    if variant == "usa":
        keep_tickets(page)
        page.wait_for_function(PERSON_TO_ACT)
    route = claim_some_route(page)
    page.wait_for_function(PERSON_TO_ACT)
    page.click("[data-testid=ticket-deck]")
    page.wait_for_selector("#app[data-ui-state=choose-tickets]")
    state = page.evaluate(STATE)
    offered = [tk["id"] for tk in state["view"]["me"]["offered"]]
    own = [r for r, seat in state["view"]["routes"].items() if seat == 0]
    assert route in own
    picture = page.locator("[data-testid=ticket-dialog] [data-testid=dialog-map]")
    assert picture.get_attribute("data-own-routes") == str(len(own))
    assert picture.get_attribute("data-tickets") == ",".join(offered)
    assert picture.get_attribute("data-chosen") == ""
    # The city names keep clear of the tickets' numbers and the cities' dots.
    assert_names_clear_of_markers(picture_labels(page, "ticket-dialog"), len(offered))
    # The map and the whole list fit the dialog: at 1280x800 without scrolling.
    map_box = in_view(page, "dialog-map", size)
    assert map_box["width"] >= min(300, size[0] - 60) and map_box["height"] >= 150, map_box
    if size[0] > 820:
        for tid in offered:
            box = in_view(page, f"ticket-option-{tid}", size)
            assert box["y"] + box["height"] <= size[1], (tid, box)
        assert in_view(page, "ticket-confirm", size)["y"] + 30 <= size[1]
    page.check(f"[data-testid=ticket-check-{offered[1]}]", force=True)
    page.wait_for_function(
        "id => document.querySelector('[data-testid=ticket-dialog] [data-testid=dialog-map]').dataset.chosen === id",
        arg=offered[1],
    )
    snapshot(page, f"{variant}-tickets")
    page.locator("[data-testid=ticket-confirm]").scroll_into_view_if_needed()
    page.click("[data-testid=ticket-confirm]")
    page.wait_for_function(PERSON_TO_ACT)
    assert page.locator("[data-testid=dialog-map]").count() == 0


@pytest.mark.parametrize("size", SIZES, ids=["1280x800", "390x844"])
def test_the_piece_mix_is_chosen_with_the_tickets_in_view(page: Page, server, snapshot, size) -> None:
    start(page, server, "world", size, None)
    page.wait_for_selector("#app[data-ui-state=choose-tickets]")
    keep_tickets(page)
    page.wait_for_selector("#app[data-ui-state=choose-pieces]")
    kept = [tk["id"] for tk in page.evaluate(STATE)["view"]["me"]["tickets"]]
    assert kept
    picture = page.locator("[data-testid=pieces-dialog] [data-testid=dialog-map]")
    assert picture.get_attribute("data-tickets") == ",".join(kept)
    assert picture.get_attribute("data-chosen") == ",".join(kept)
    in_view(page, "dialog-map", size)
    for tid in kept:
        assert page.locator(f"[data-testid=dialog-map-ticket-{tid}]").is_visible()
    page.locator("[data-testid=pieces-confirm]").scroll_into_view_if_needed()
    assert in_view(page, "pieces-confirm", size)["y"] <= size[1]
    snapshot(page, "pieces")
    page.click("[data-testid=pieces-confirm]")
    page.wait_for_function(PERSON_TO_ACT)


# Five kept tickets that crowd Asia: an itinerary whose four stops lie within 45 px of each
# other on a phone, and Mexico–Beijing, whose shorter way crosses the Pacific (the map's seam).
CROWDED_ASIA = {
    "tickets": [["HAM-BEI", "MEX-BEI", "TYO-SYD", "THR-LHE-MUM-BKK", "NOV-DRW"], ["JKT-SYD", "LAG-THR"]]
}


@pytest.mark.parametrize("size", SIZES, ids=["1280x800", "390x844"])
def test_the_ticket_lines_numbers_leave_the_cities_free(page: Page, server, snapshot, size) -> None:
    """In the piece mix's picture, a ticket line's number sits where it covers no ticket's city: on its
    longest leg, clear of the dots. It used to sit in the middle of the first leg, on a phone right over Tehran and Lahore, so
    that Tehran and Bangkok went unnamed. A leg across the seam is drawn the short way, as on the
    tickets' small maps and the end screen's map."""
    start(page, server, "world", size, CROWDED_ASIA)  # the tickets are dealt as kept: the piece mix is next
    page.wait_for_selector("#app[data-ui-state=choose-pieces]")
    offered = [tk["id"] for tk in page.evaluate(STATE)["view"]["me"]["tickets"]]
    labels = picture_labels(page, "pieces-dialog")
    assert_names_clear_of_markers(labels, len(offered))
    badges = {m["badge"]: m for m in labels["markers"] if "badge" in m}
    dots = {m["city"]: m for m in labels["markers"] if m.get("minor") is False}
    for badge in badges.values():
        for city, dot in dots.items():
            assert not (
                dot["x0"] < badge["x1"]
                and badge["x0"] < dot["x1"]
                and dot["y0"] < badge["y1"]
                and badge["y0"] < dot["y1"]
            ), (badge, city)
    # Mexico–Beijing crosses the Pacific: its number lies west of Mexico or east of Beijing.
    mex_bei = badges[str(offered.index("MEX-BEI") + 1)]
    centre = (mex_bei["x0"] + mex_bei["x1"]) / 2
    assert centre < dots["MEX"]["x0"] or centre > dots["BEI"]["x1"], (mex_bei, dots["MEX"], dots["BEI"])
    snapshot(page, f"crowded-asia-{size[0]}")


def test_a_move_made_past_a_dialog_closes_it(page: Page, server) -> None:
    """A move made another way than the dialog's own buttons (the test hook `__railtripAct`) answers
    the dialog's question: the ticket dialog goes, and the piece mix opens alone, not over it."""
    start(page, server, "world", (1280, 800), None)
    page.wait_for_selector("#app[data-ui-state=choose-tickets]")
    keep = next(a for a in page.evaluate(STATE)["legal"] if a["kind"] == "keep")
    act(page, keep["text"])
    page.wait_for_selector("#app[data-ui-state=choose-pieces]")
    open_dialogs = page.evaluate(
        "() => [...document.querySelectorAll('dialog[open]')].map((d) => d.dataset.testid)"
    )
    assert open_dialogs == ["pieces-dialog"]


@pytest.mark.parametrize("size", [(1366, 657), (1366, 520)], ids=["1366x657", "1366x520"])
def test_a_dialog_taller_than_the_window_keeps_its_buttons_in_view(
    page: Page, server, snapshot, size
) -> None:
    """A laptop's window (1366x657) was shorter than the piece mix with five kept tickets; its map
    now gives way, so there the numbers and the note are above the buttons without scrolling. In a
    shorter window (the map at its least) the dialog scrolls inside, its buttons stay at its foot
    without scrolling, and at the end of the scroll nothing is left under them."""
    page.set_viewport_size({"width": size[0], "height": size[1]})
    page.goto(server.url + "?botDelay=0")
    assert wait_for_app_state(page, "ready", "error") == "ready"
    page.wait_for_selector("#app[data-ui-state=new-game]")
    seats = [
        *ANN_AND_BOT,
        {**ANN_AND_BOT[1], "name": "Cy", "color": "green"},
        {**ANN_AND_BOT[1], "name": "Di", "color": "yellow"},
    ]
    page.evaluate(
        "s => window.__railtripNewGame(s)",
        {"variant": "world", "players": 4, "seed": 4, "seats": seats, "speed": "instant"},
    )
    page.wait_for_selector("#app[data-ui-state=choose-tickets]")
    keep_tickets(page)  # all five: the longest legend under the map
    page.wait_for_selector("#app[data-ui-state=choose-pieces]")
    dialog = page.locator("[data-testid=pieces-dialog]")
    scrolls = dialog.evaluate("d => d.scrollHeight > d.clientHeight")
    assert scrolls == (size[1] < 600)  # taller than the window allows only in the shorter window
    frame = dialog.bounding_box()
    assert frame and frame["y"] + frame["height"] <= size[1]
    for testid in ("pieces-recommended", "pieces-confirm"):
        box = in_view(page, testid, size)
        assert box["y"] >= frame["y"] and box["y"] + box["height"] <= frame["y"] + frame["height"], (
            testid,
            box,
        )
    dialog.evaluate("d => { d.scrollTop = d.scrollHeight; }")
    band = page.locator("[data-testid=pieces-dialog] > .dlg-actions").bounding_box()
    note = page.locator("[data-testid=pieces-note]").bounding_box()
    assert band and note and note["y"] + note["height"] <= band["y"] + 0.5, (note, band)
    snapshot(page, f"pieces-laptop-{size[1]}")
    page.click("[data-testid=pieces-confirm]")
    page.wait_for_function(PERSON_TO_ACT)


@pytest.mark.parametrize("size", SIZES, ids=["1280x800", "390x844"])
def test_the_payment_chooser_shows_the_route_and_what_stays_in_hand(
    page: Page, server, snapshot, size
) -> None:
    start(page, server, "world", size, WORLD)
    state = page.evaluate(STATE)
    claims = [a for a in state["legal"] if a["kind"] == "claim"]
    route = next(r for r in sorted({a["route"] for a in claims}) if sum(a["route"] == r for a in claims) >= 2)
    page.click("[data-testid=tab-routes]")
    row = page.locator(f"[data-testid=route-option][data-routes~='{route}']")
    row.click()
    route = row.get_attribute("data-route") or ""  # a twin track is listed, and claimed, as its row's first
    page.click("[data-testid=route-claim]")
    page.wait_for_selector("#app[data-ui-state=choose-payment]")
    assert page.get_attribute("[data-testid=payment-dialog] [data-testid=dialog-map]", "data-route") == route
    in_view(page, "dialog-map", size)
    hand = state["view"]["me"]["hand"]
    by_text = {a["text"]: a["cards"] for a in claims if a["route"] == route}
    options = page.locator("[data-testid^=payment-option-]")
    for i in range(options.count()):
        cards = by_text[options.nth(i).get_attribute("data-action")]
        expected = {c: n - cards.get(c, 0) for c, n in hand.items() if n - cards.get(c, 0) > 0}
        shown = page.get_attribute(f"[data-testid=payment-left-{i}]", "data-left")
        assert dict((c, int(n)) for c, n in (p.split(":") for p in shown.split(",") if p)) == expected
        assert page.inner_text(f"[data-testid=payment-left-{i}]").startswith("Left in hand")
    in_view(page, "payment-cancel", size)
    snapshot(page, "payment")
    page.click("[data-testid=payment-option-0]")
    page.wait_for_function("r => window.__railtrip.state().view.routes[r] === 0", arg=route)


@pytest.mark.parametrize("variant", ["usa", "world"])
def test_a_map_picture_is_titled_in_the_pages_language(page: Page, server, variant) -> None:
    """The map in the ticket dialog draws the map's title in German on a German page, as the game's
    map does (it read "North America" over "Nordamerika")."""
    page.add_init_script("try { localStorage.setItem('railtrip.lang', 'de'); } catch (e) {}")
    start(page, server, variant, SIZES[0], None)
    page.wait_for_selector("#app[data-ui-state=choose-tickets]")
    title = {"usa": "Nordamerika", "world": "Schienen & Segel"}[variant]
    assert (
        page.get_attribute("[data-testid=ticket-dialog] [data-testid=board-picture]", "data-map-title")
        == title
    )
    assert page.get_attribute("[data-testid=board]", "data-map-title") == title
