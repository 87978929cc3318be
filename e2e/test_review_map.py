"""Player review (issue 13), the map: a route's tip says what is missing to claim it (the
engine's route_needs, in EN and DE)."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from e2e.helpers import PERSON_TO_ACT, start_game_on_page, wait_for_board
from e2e.test_review_choices import SIZES

USA = {"tickets": [["DEN-ELP"], ["SEA-LA"]], "hands": [["blue", "blue", "red", "loco"], ["red"] * 4]}


def start(page: Page, server, variant: str, size: tuple[int, int], setup: dict | None) -> None:
    start_game_on_page(page, server, {"variant": variant, "seed": 4, "setup": setup}, size)
    wait_for_board(page)


def route_point(page: Page, route: str) -> tuple[float, float]:
    """The page point in the middle of a route's track."""
    box = page.locator("[data-testid=board-canvas]").bounding_box()
    p = page.evaluate("id => window.__railtrip.board.routePoint(id)", route)
    return box["x"] + p["x"], box["y"] + p["y"]


def hover_tip(page: Page, route: str, tries: int = 4) -> str:
    """The route tip's "needs" line after hovering the route. A redraw of the board (a language
    switch, a resize) closes an open tip, as it should; on a loaded machine one may land just
    after the hover, so the pointer leaves and comes back (a person would simply hover again)."""
    for attempt in range(tries):
        page.mouse.move(2, 2)
        page.mouse.move(*route_point(page, route))
        try:
            page.wait_for_selector(
                "[data-testid=route-tip]:visible [data-testid=route-needs][data-ready=true]",
                timeout=15_000 if attempt < tries - 1 else 60_000,
            )
            return page.inner_text("[data-testid=route-needs]")
        except PlaywrightTimeoutError:
            continue
    raise AssertionError(f"no tip with a needs line for {route}")


@pytest.mark.parametrize("size", SIZES, ids=["1280x800", "390x844"])
def test_an_unaffordable_route_says_what_is_missing(page: Page, server, snapshot, size) -> None:
    start(page, server, "usa", size, USA)
    assert hover_tip(page, "DEN-KC-1") == "Needs 3 more black cards"  # black, 4 long: 1 locomotive in hand
    snapshot(page, "needs-en")
    page.mouse.move(2, 2)
    page.click("[data-testid=lang-de]")
    page.wait_for_function(PERSON_TO_ACT)
    assert hover_tip(page, "DEN-KC-1") == "Es fehlen 3 Karten: Schwarz"
    snapshot(page, "needs-de")


def test_the_route_tip_goes_away_when_the_window_is_resized(page: Page, server, snapshot) -> None:
    start(page, server, "usa", SIZES[0], USA)
    hover_tip(page, "DEN-KC-1")
    page.set_viewport_size({"width": 1000, "height": 700})
    page.wait_for_selector("[data-testid=route-tip]", state="hidden")
    page.set_viewport_size({"width": SIZES[0][0], "height": SIZES[0][1]})
    assert hover_tip(page, "DEN-KC-1") == "Needs 3 more black cards"  # tips still work afterwards


# Rails & Sails past its opening, Ann holding single and double ships.
WORLD = {
    "tickets": [["NYC-MRS", "EDI-SYD", "NYC-MUM"], ["MOS-TOA", "BUE-MRS", "JKT-SYD"]],
    "pieces": [[20, 40], [20, 40]],
    "hands": [["red-ship", "red-ship", "red-double", "black-double", "green-train"], ["red-train"]],
}


# Every kind of card at once: 13 kinds in the train row, 12 in the ship row.
FULL_HAND = [
    f"{c}-{f}"
    for c in ("purple", "yellow", "green", "red", "black", "white")
    for f in ("train", "train-h", "ship", "double")
]
WORLD_FULL = {**WORLD, "hands": [FULL_HAND + ["joker"], ["red-train"]]}


# Windows narrower than the desktop layout was drawn for (a tablet across, a half screen).
MIDDLE = [(1024, 768), (900, 700)]


@pytest.mark.parametrize("size", [*SIZES, *MIDDLE], ids=["1280x800", "390x844", "1024x768", "900x700"])
def test_a_hand_of_every_kind_shows_every_card_without_scrolling(page: Page, server, snapshot, size) -> None:
    start(page, server, "world", size, WORLD_FULL)
    for deck, kinds in (("train", 13), ("ship", 12)):
        row = page.locator(f"[data-testid=hand-{deck}] .whand-cards")
        assert row.evaluate("e => e.scrollWidth <= e.clientWidth + 1"), deck  # nothing hidden sideways
        box = row.bounding_box()
        cards = page.locator(f"[data-testid=hand-{deck}] .hand-group").all()
        assert len(cards) == kinds
        for card in cards:
            b = card.bounding_box()
            assert (
                box["x"] - 1 <= b["x"] and b["x"] + b["width"] <= min(box["x"] + box["width"], size[0]) + 1
            ), b
            assert b["width"] >= (44 if size[0] < 500 else 34), b  # still a fair target
        # The words beside (desktop) or above (phone) the cards never run into them.
        words = page.locator(f"[data-testid=hand-{deck}] .whand-label").bounding_box()
        assert words["x"] + words["width"] <= box["x"] + 1 or words["y"] + words["height"] <= box["y"] + 1
    if size[0] == 1280:  # one line of cards per deck on a desktop
        for deck in ("train", "ship"):
            tops = {
                round(c.bounding_box()["y"])
                for c in page.locator(f"[data-testid=hand-{deck}] .hand-group").all()
            }
            assert len(tops) == 1, tops
    snapshot(page, "full-hand")


@pytest.mark.parametrize("size", SIZES, ids=["1280x800", "390x844"])
def test_double_ships_are_labelled_and_ship_spaces_counted(page: Page, server, snapshot, size) -> None:
    start(page, server, "world", size, WORLD)
    double = page.locator("[data-testid=hand-red-double]")
    single = page.locator("[data-testid=hand-red-ship]")
    assert double.locator(".wcard-x2").inner_text() == "×2" and double.locator(".wcard-x2").is_visible()
    assert single.locator(".wcard-x2").count() == 0
    spaces = page.locator("[data-testid=ship-spaces]")
    assert (
        spaces.get_attribute("data-spaces") == "6" and "6 ship spaces" in spaces.inner_text()
    )  # 2 singles + 2 doubles
    assert spaces.is_visible() and spaces.evaluate("e => e.scrollWidth <= e.clientWidth + 1")
    words = spaces.bounding_box()
    cards = page.locator("[data-testid=hand-ship] .whand-cards").bounding_box()
    assert (
        words["x"] + words["width"] <= min(size[0], cards["x"] + 1)
        or words["y"] + words["height"] <= cards["y"] + 1
    )
    snapshot(page, "hand")


@pytest.mark.parametrize("size", SIZES, ids=["1280x800", "390x844"])
def test_the_default_player_name_follows_the_language(page: Page, server, size) -> None:
    """The default name is the shown language's; a language switch keeps what the form holds."""
    page.set_viewport_size({"width": size[0], "height": size[1]})
    page.goto(server.url + "?botDelay=0")
    page.wait_for_selector("#app[data-ui-state=new-game]")
    assert page.input_value("[data-testid=player-name]") == "Player"
    page.click("[data-testid=lang-de]")
    page.wait_for_function("() => document.documentElement.lang === 'de'")
    assert page.input_value("[data-testid=player-name]") == "Spieler"
    page.fill("[data-testid=player-name]", "Ada Lovelace")  # a name of one's own stays
    page.click("[data-testid=lang-en]")
    page.wait_for_function("() => document.documentElement.lang === 'en'")
    assert page.input_value("[data-testid=player-name]") == "Ada Lovelace"


def overlaps(a: dict, b: dict) -> bool:
    """Two boxes share more than a pixel's edge."""
    across = a["x"] < b["x"] + b["width"] - 1 and b["x"] < a["x"] + a["width"] - 1
    return across and a["y"] < b["y"] + b["height"] - 1 and b["y"] < a["y"] + a["height"] - 1


@pytest.mark.parametrize("size", [(1200, 800), *MIDDLE], ids=["1200x800", "1024x768", "900x700"])
def test_the_market_fits_a_window_narrower_than_the_desktop(page: Page, server, snapshot, size) -> None:
    """Under 1280 px the six face-up cards used to run under the ticket pile and their refill
    buttons into each other: every part of the market has a place of its own, in the window."""
    start(page, server, "world", size, WORLD_FULL)
    parts = ["deck-train", "deck-ship", *(f"market-slot-{i}" for i in range(6)), "ticket-deck"]
    parts += ["build-harbor", "exchange-pieces"]
    boxes = {part: page.locator(f"[data-testid={part}]").bounding_box() for part in parts}
    for i, a in enumerate(parts):
        assert boxes[a]["x"] >= 0 and boxes[a]["x"] + boxes[a]["width"] <= size[0], a
        for b in parts[i + 1 :]:
            assert not overlaps(boxes[a], boxes[b]), (a, b, boxes[a], boxes[b])
    for i in range(6):
        slot = boxes[f"market-slot-{i}"]
        inner = [f"market-card-{i}", f"market-take-{i}-train", f"market-take-{i}-ship"]
        for part in inner:
            b = page.locator(f"[data-testid={part}]").bounding_box()
            inside = slot["x"] - 1 <= b["x"] and b["x"] + b["width"] <= slot["x"] + slot["width"] + 1
            assert inside, (part, b, slot)
            assert b["width"] >= 24, (part, b)  # still a fair target
    assert page.evaluate("() => document.documentElement.scrollWidth") <= size[0]
    snapshot(page, "market")


@pytest.mark.parametrize("size", [(1200, 800), *MIDDLE], ids=["1200x800", "1024x768", "900x700"])
def test_the_names_of_narrowed_face_up_cards_stay_clear_of_their_anchor(
    page: Page, server, snapshot, size
) -> None:
    """At 1024 px a face-up joker's name ran under its harbor anchor ("OKER"): every name on a
    face-up card is drawn clear of the card's anchor badge and inside the card."""
    start(page, server, "world", size, {**WORLD_FULL, "market": MARKET_ANCHORS})
    names = page.evaluate(
        """() => [...document.querySelectorAll('[data-testid^=market-card-] .wcard')].map((card) => {
          const text = document.createRange();
          text.selectNodeContents(card.querySelector('.card-name'));
          const badge = card.querySelector('.wcard-harbor');
          const box = (r) => r && { x: r.x, y: r.y, width: r.width, height: r.height };
          return { card: card.dataset.card, name: box(text.getBoundingClientRect()),
                   anchor: box(badge?.getBoundingClientRect()), face: box(card.getBoundingClientRect()) };
        })"""
    )
    assert sorted(n["card"] for n in names) == sorted(MARKET_ANCHORS)
    for n in names:
        name, face = n["name"], n["face"]
        assert face["x"] <= name["x"] and name["x"] + name["width"] <= face["x"] + face["width"], n
        if n["anchor"]:
            assert not overlaps(name, n["anchor"]), n
    snapshot(page, "market-anchors")


MARKET_ANCHORS = ["joker", "joker", "green-ship", "yellow-train-h", "black-double", "red-train"]


@pytest.mark.parametrize("variant", ["usa", "world"])
def test_a_phone_turned_sideways_keeps_a_usable_map_and_scrolls_to_the_hand(
    page: Page, server, snapshot, variant
) -> None:
    """At 844x390 the desktop layout used to shrink the classic map to a strip and run the
    face-up cards off the screen: the map keeps its height, the page scrolls to the rest."""
    from e2e.test_review_access import NINE_USA

    size = (844, 390)
    start(page, server, variant, size, WORLD_FULL if variant == "world" else NINE_USA)
    board = page.locator(".board-area").bounding_box()
    hand = page.locator(".hand-area").bounding_box()
    assert board["height"] >= 280, board
    assert not overlaps(board, hand), (board, hand)
    slots = 6 if variant == "world" else 5
    decks = ["deck-train", "deck-ship"] if variant == "world" else ["deck"]
    for part in [*decks, *(f"market-slot-{i}" for i in range(slots)), "ticket-deck"]:
        box = page.locator(f"[data-testid={part}]").bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= size[0], part
        assert not overlaps(box, board) and not overlaps(box, hand), (part, box)
    scroll = page.evaluate(
        "() => [document.documentElement.scrollWidth, document.documentElement.scrollHeight]"
    )
    assert scroll[0] <= size[0] and scroll[1] > size[1], scroll  # the page scrolls down, never sideways
    page.locator(".hand-area").scroll_into_view_if_needed()
    snapshot(page, f"sideways-{variant}")
