"""Rails & Sails (the world map) driven by clicks: new-game form, the ticket and piece-mix dialogs,
a whole 2-player game against a bot (draws from both decks, face-up cards with the refill deck
chosen, claims with the payment chooser, harbors), the end screen checked against the engine's
scores (the page's record replayed here), and screenshots at 1280×800 and 390×844.
Hooks: docs/ui-testing.md, section "Rails & Sails"."""

from __future__ import annotations

import time

import pytest
from playwright.sync_api import Page

from e2e.helpers import keep_tickets, wait_for_app_state
from e2e.test_review_words import new_game
from e2e.test_share_offline import SEATS
from pyengine.record import replay

GAME_TIMEOUT_S = 200
BOT = "easy"

WAIT_FOR_PERSON = """() => {
  const a = document.getElementById('app').dataset;
  return ['game-over', 'choose-tickets', 'choose-payment', 'choose-pieces', 'choose-refill', 'choose-harbor', 'pass-device'].includes(a.uiState)
    || (a.uiState === 'playing' && a.myTurn === 'true' && a.busy === 'false');
}"""

SCORE_KEYS = {
    "routes": "routes",
    "tickets-won": "tickets_won",
    "itineraries": "itineraries",
    "harbors": "harbor_points",
    "unbuilt": "unbuilt_penalty",
    "exchanges": "exchange_penalty",
}


def ui_state(page: Page) -> str:
    return page.get_attribute("#app", "data-ui-state") or ""


def engine_game(page: Page):
    return replay(page.evaluate("window.__railtripRecord()"))


def start_world_game(page: Page, server, seed: str = "11") -> None:
    # Reduced motion: no pulsing of claimable routes, so the software-rendered canvas stays idle.
    page.emulate_media(reduced_motion="reduce")
    page.goto(server.url + "?botDelay=0")
    assert wait_for_app_state(page, "ready", "error") == "ready"
    page.wait_for_selector("#app[data-ui-state=new-game]")
    assert page.is_enabled("[data-testid=variant-world]"), "Rails & Sails is playable"
    page.check("[data-testid=variant-world]", force=True)
    page.click("[data-testid=opponents-1]")
    page.select_option("[data-testid=seat-1-kind]", "bot")
    options = page.eval_on_selector("[data-testid=seat-1-bot]", "s => [...s.options].map(o => o.value)")
    page.select_option("[data-testid=seat-1-bot]", BOT if BOT in options else options[0])
    page.click("[data-testid=more-options]")
    page.fill("[data-testid=seed]", seed)
    page.click("[data-testid=start-game]")


def check_ticket_dialog(page: Page) -> None:
    """Setup: 'Keep' is enabled exactly for selections a legal keep action has (3 of 5 or more)."""
    game = engine_game(page)
    keeps = [set(a.tickets) for a in game.legal_actions() if a.keyword == "keep"]
    boxes = page.locator("[data-testid=ticket-options] input[type=checkbox]")
    ids = [boxes.nth(i).get_attribute("value") for i in range(boxes.count())]
    assert len(ids) == 5
    for i in range(len(ids)):
        boxes.nth(i).uncheck(force=True)
    assert page.is_disabled("[data-testid=ticket-confirm]")
    chosen: set[str] = set()
    for i, tid in enumerate(ids):
        boxes.nth(i).check(force=True)
        chosen.add(tid)
        assert page.is_enabled("[data-testid=ticket-confirm]") == (chosen in keeps)
        assert page.is_enabled("[data-testid=ticket-confirm]") == (len(chosen) >= 3)


def check_pieces_dialog(page: Page) -> None:
    """The recommended 20/40 is pre-selected; the stepper moves within the legal mixes."""
    assert page.inner_text("[data-testid=pieces-trains]") == "20"
    assert page.inner_text("[data-testid=pieces-ships]") == "40"
    page.click("[data-testid=pieces-plus]")
    assert page.inner_text("[data-testid=pieces-trains]") == "21"
    assert page.inner_text("[data-testid=pieces-ships]") == "39"
    for _ in range(30):
        page.click("[data-testid=pieces-plus]")
    assert page.inner_text("[data-testid=pieces-trains]") == "25", (
        "the stepper stops at the largest legal mix"
    )
    page.click("[data-testid=pieces-recommended]")
    assert page.inner_text("[data-testid=pieces-trains]") == "20"


def check_offered_actions(page: Page) -> None:
    """Decks, face-up cards (per refill deck), harbor and exchange buttons match the engine."""
    game = engine_game(page)
    legal = game.legal_actions()
    texts = {a.text() for a in legal}
    for deck in ("train", "ship"):
        assert page.is_enabled(f"[data-testid=deck-{deck}]") == (f"draw {deck}" in texts)
    for slot in range(6):
        for deck in ("train", "ship"):
            sel = f"[data-testid=market-take-{slot}-{deck}]"
            if page.is_enabled(sel):
                assert page.get_attribute(sel, "data-action") in texts
        takes = {a.refill for a in legal if a.keyword == "take" and a.slot == slot}
        assert page.is_enabled(f"[data-testid=market-take-{slot}-train]") == (
            "train" in takes or "" in takes or None in takes
        )
        assert page.is_enabled(f"[data-testid=market-take-{slot}-ship]") == ("ship" in takes)
    assert page.is_enabled("[data-testid=build-harbor]") == any(a.keyword == "harbor" for a in legal)
    assert page.is_enabled("[data-testid=exchange-pieces]") == any(a.keyword == "exchange" for a in legal)
    options = set(
        page.eval_on_selector(
            "[data-testid=route-list]",
            "l => [...l.querySelectorAll('[role=option]')].flatMap(o => o.dataset.routes.split(' '))",
        )
    )
    assert options == {a.route for a in legal if a.keyword == "claim"}


LABELS = "(() => { const l = window.__railtrip.board.labels; return {boxes: l.boxes, hidden: l.hidden}; })()"


def check_labels_on_a_phone(page: Page) -> None:
    """City labels never overlap: on a phone the crowded ones wait for the zoom, which brings them back."""
    labels = page.evaluate(LABELS)
    boxes = labels["boxes"]
    for i, a in enumerate(boxes):
        for b in boxes[i + 1 :]:
            assert not (
                a["x0"] < b["x1"] and b["x0"] < a["x1"] and a["y0"] < b["y1"] and b["y0"] < a["y1"]
            ), (a, b)
    assert labels["hidden"], "the whole world at 390 px cannot show every city name"
    page.click("[data-testid=zoom-in]")
    page.click("[data-testid=zoom-in]")
    page.wait_for_timeout(400)
    zoomed = page.evaluate(LABELS)
    assert len(zoomed["boxes"]) + len(zoomed["hidden"]) == len(boxes) + len(labels["hidden"])
    assert len(zoomed["hidden"]) < len(labels["hidden"]), "zooming in shows more city names"
    page.click("[data-testid=zoom-reset]")


COMPASS = """() => { const b = window.__railtrip.board, c = b.canvas.getBoundingClientRect();
  const z = document.querySelector('[data-testid=zoom-in]').parentElement.getBoundingClientRect();
  return {compass: b.compass, canvas: {x: c.x, y: c.y, w: c.width, h: c.height},
    zoom: {x0: z.left, y0: z.top, x1: z.right, y1: z.bottom}, size: b.size}; }"""


def check_compass_clear_of_the_zoom_buttons(page: Page, size: tuple[int, int]) -> None:
    """The compass rose lies on the map, in view, and the zoom buttons cover none of it: in the
    map's bottom-right corner they hid it wherever the map reached them (a replay at 1280x800,
    the game at 1024x768)."""
    page.set_viewport_size({"width": size[0], "height": size[1]})
    for _ in range(100):
        seen = page.evaluate(COMPASS)
        if round(seen["canvas"]["w"]) == seen["size"]["w"] and seen["compass"]:
            break
        page.wait_for_timeout(50)
    c, canvas, z = seen["compass"], seen["canvas"], seen["zoom"]
    box = {
        "x0": canvas["x"] + c["x0"],
        "x1": canvas["x"] + c["x1"],
        "y0": canvas["y"] + c["y0"],
        "y1": canvas["y"] + c["y1"],
    }
    assert canvas["x"] <= box["x0"] and box["x1"] <= canvas["x"] + canvas["w"], (size, box, canvas)
    assert canvas["y"] <= box["y0"] and box["y1"] <= canvas["y"] + canvas["h"], (size, box, canvas)
    assert box["x1"] <= z["x0"] or z["x1"] <= box["x0"] or box["y1"] <= z["y0"] or z["y1"] <= box["y0"], (
        size,
        box,
        z,
    )


def draw_ship_by_key(page: Page) -> None:
    """The Routes tab names the keys; S draws from the ship deck (D would draw a train card)."""
    page.click("[data-testid=tab-routes]")
    assert "S " in page.inner_text("[data-testid=routes-help]")
    before = len(page.evaluate("window.__railtripRecord()")["actions"])
    ply = page.get_attribute("#app", "data-ply")
    page.keyboard.press("s")
    page.wait_for_function("p => document.getElementById('app').dataset.ply !== p", arg=ply)
    assert page.evaluate("window.__railtripRecord()")["actions"][before] == "draw ship"


def play_to_the_end(page: Page, snapshot) -> dict[str, int]:
    """The person's seat: claim the first claimable route, else build a harbor, else draw (both
    decks in turn), else take a face-up card choosing the refill deck, else tickets, else pass."""
    deadline = time.time() + GAME_TIMEOUT_S
    seen = {"moves": 0, "keys": 0, "claims": 0, "harbors": 0, "refill_dialog": 0, "take": 0, "pieces": 0}
    checked_tickets = False
    while True:
        assert time.time() < deadline, f"the game took too long ({seen})"
        page.wait_for_function(WAIT_FOR_PERSON, timeout=90_000)
        state = ui_state(page)
        if state == "game-over":
            return seen
        seen["moves"] += 1
        moves = seen["moves"]
        if state == "choose-tickets":
            if not checked_tickets:
                check_ticket_dialog(page)
                checked_tickets = True
                snapshot(page, "tickets-1280x800")
            keep_tickets(page)
            continue
        if state == "choose-pieces":
            check_pieces_dialog(page)
            snapshot(page, "pieces-1280x800")
            page.click("[data-testid=pieces-confirm]")
            seen["pieces"] += 1
            continue
        if state == "choose-payment":
            page.click("[data-testid=payment-option-0]")
            continue
        if state == "choose-refill":
            seen["refill_dialog"] += 1
            page.click("[data-testid^=refill-choice-]")
            continue
        if state == "choose-harbor":
            page.click("[data-testid^=harbor-city-]")
            continue
        if moves % 12 == 3:
            check_offered_actions(page)
        if moves == 6:
            check_compass_clear_of_the_zoom_buttons(page, (1024, 768))
            snapshot(page, "board-1024x768")
            check_compass_clear_of_the_zoom_buttons(page, (1280, 800))
            snapshot(page, "board-1280x800")
            page.set_viewport_size({"width": 390, "height": 844})
            page.wait_for_timeout(300)
            snapshot(page, "board-390x844")
            check_labels_on_a_phone(page)
            page.set_viewport_size({"width": 1280, "height": 800})
            page.wait_for_timeout(200)
        if page.locator("[data-testid=route-option]").count():
            page.click("[data-testid=tab-routes]")
            page.locator("[data-testid=route-option]").first.click()  # Claim waits for a chosen row
            page.click("[data-testid=route-claim]")
            seen["claims"] += 1
        elif page.is_enabled("[data-testid=build-harbor]"):
            page.click("[data-testid=build-harbor]")
            seen["harbors"] += 1
        elif moves % 5 == 0 and page.is_enabled("[data-testid=market-card-0]"):
            page.click("[data-testid=market-card-0]")  # one way: taken at once; two: the refill chooser
            seen["take"] += 1
        elif page.is_enabled("[data-testid=deck-ship]") and moves % 7 == 1:
            draw_ship_by_key(page)
            seen["keys"] += 1
        elif page.is_enabled("[data-testid=deck-ship]") and moves % 2:
            page.click("[data-testid=deck-ship]")
        elif page.is_enabled("[data-testid=deck-train]"):
            page.click("[data-testid=deck-train]")
        elif page.is_enabled("[data-testid=deck-ship]"):
            page.click("[data-testid=deck-ship]")
        elif page.locator("[data-testid^=market-take-]:enabled").count():
            page.locator("[data-testid^=market-take-]:enabled").first.click()
            seen["take"] += 1
        elif page.is_enabled("[data-testid=ticket-deck]"):
            page.click("[data-testid=ticket-deck]")
        else:
            page.click("[data-testid=pass-turn]")


def test_world_game_against_a_bot(page: Page, server, snapshot) -> None:
    start_world_game(page, server)
    page.wait_for_selector("[data-testid=board-canvas]")
    seen = play_to_the_end(page, snapshot)
    assert seen["pieces"] == 1 and seen["claims"] > 3 and seen["keys"] > 0, seen
    page.wait_for_selector("[data-testid=game-over]")
    snapshot(page, "end-1280x800")

    game = engine_game(page)
    assert game.is_over
    record = page.evaluate("window.__railtripRecord()")
    assert "pieces 20 40" in record["actions"], "the recommended mix was chosen through the dialog"
    scores = game.scores()
    for sc in scores:
        seat = sc["seat"]
        total = int(page.get_attribute(f"[data-testid=final-total-{seat}]", "data-value"))
        assert total == sc["total"]
        parts = {
            key: int(page.get_attribute(f"[data-testid=final-{key}-{seat}]", "data-value"))
            for key in SCORE_KEYS
        }
        for key, name in SCORE_KEYS.items():
            assert parts[key] == sc[name], (key, parts[key], sc[name])
        lost = int(page.get_attribute(f"[data-testid=final-tickets-lost-{seat}]", "data-value"))
        assert lost == -sc["tickets_lost"]
        assert sum(parts.values()) + lost == total
    winners = [sc["seat"] for sc in scores if sc["winner"]]
    assert page.is_visible("[data-testid=winner]") and page.is_visible("[data-testid=score-chart]")
    assert page.get_attribute(f"[data-testid=final-row-{winners[0]}]", "class").find("winner") >= 0

    page.set_viewport_size({"width": 390, "height": 844})
    page.wait_for_timeout(300)
    snapshot(page, "end-390x844")


# Nine tickets each: more than a desktop side box shows without scrolling.
NINE_TICKETS = {
    "usa": {
        "tickets": [
            ["BOS-MIA", "CAL-PHX", "CAL-SLC", "CHI-NO", "CHI-SFE", "DAL-NY", "DEN-ELP", "DEN-PIT", "DUL-ELP"],
            ["DUL-HOU"],
        ]
    },
    "world": {
        "tickets": [
            [
                "MRS-JKT",
                "LAG-THR",
                "JKT-SYD",
                "HAM-BEI",
                "MOS-PET",
                "LAX-JKT",
                "CAS-YAK",
                "MIA-MOS",
                "CAI-SYD",
            ],
            ["NYC-MRS"],
        ],
        "pieces": [[20, 40], [20, 40]],
    },
}


@pytest.mark.parametrize("variant", sorted(NINE_TICKETS))
def test_every_ticket_shows_in_the_page_on_a_phone(page: Page, server, variant: str) -> None:
    """On a phone the page scrolls, so the ticket list takes the room its tickets need: a box of
    its own that scrolls inside the scrolling page showed five of Rails & Sails' nine tickets, with
    nothing to say that four more were below."""
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(server.url + "?botDelay=0")
    page.wait_for_selector("#app[data-ui-state=new-game]")
    new_game(page, {"variant": variant, "players": 2, "seats": SEATS, "setup": NINE_TICKETS[variant]})
    box = page.locator("[data-testid=my-tickets]")
    assert box.locator("[data-testid^=my-ticket-]").count() == 9
    assert box.evaluate("e => e.scrollHeight <= e.clientHeight + 1"), "the list scrolls inside the page"
