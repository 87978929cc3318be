"""North America's ways of play (the engine option ``tickets``) on the page: the new-game screen
offers them, a Mega Game is played to the end against a bot, the end screen shows who took the
Globetrotter and Longest Path bonuses (engine fields), and the share links reproduce the game."""

from __future__ import annotations

import time

from playwright.sync_api import Page

from e2e.helpers import keep_tickets, points_text
from e2e.test_game_ui import WAIT_FOR_PERSON, check_ticket_dialog, engine_game, open_app, start_game, ui_state
from pyengine.bots import bot_action
from pyengine.links import decode_link

WAYS = ["classic", "classic1910", "1910", "mega", "bigcities"]
GAME_TIMEOUT_S = 300


def act_as_bot(page: Page) -> None:
    """The person's move, chosen by the engine's normal bot and sent as the page would send it --
    only when the page says it is the person's move and the record it is computed from is the
    page's position: a ticket dialog answered this way stays open, so ``WAIT_FOR_PERSON`` can
    pass while a bot moves, and a move computed from a record of the bot's turn would be refused
    and leave the test waiting for a ply that never comes (seen once in CI). Otherwise it waits
    briefly and the caller asks again."""
    ply = page.get_attribute("#app", "data-ply")
    game = engine_game(page)
    if page.get_attribute("#app", "data-my-turn") != "true" or str(len(game.actions)) != ply:
        page.wait_for_timeout(100)
        return
    page.evaluate("text => window.__railtripAct(text)", bot_action(game, "normal").text())
    # Generous: the shared CI machine can be slow; an illegal action would fail the test here too.
    page.wait_for_function(
        "ply => document.getElementById('app').dataset.ply !== ply", arg=ply, timeout=180_000
    )


def test_mega_game_to_the_end_shows_the_bonuses_and_shares(page: Page, server, snapshot) -> None:
    page.set_viewport_size({"width": 1280, "height": 800})
    open_app(page, server)
    page.check("[data-testid=variant-usa]", force=True)
    page.wait_for_selector("[data-testid=usa-ways]")
    for way in WAYS:  # every way of play, with its one-line explanation
        assert page.is_visible(f"[data-testid=way-{way}] >> xpath=..")
        assert len(page.inner_text(f"[data-testid=way-desc-{way}]")) > 20
    assert page.is_checked("[data-testid=way-classic]")
    snapshot(page, "new-game-1280x800")
    page.check("[data-testid=way-mega]", force=True)
    start_game(page, seed="1910")

    page.wait_for_selector("#app[data-ui-state=choose-tickets]")
    record = page.evaluate("window.__railtripRecord()")
    assert record["options"] == {"tickets": "mega"}
    assert page.locator("[data-testid=ticket-options] input[type=checkbox]").count() == 5
    assert page.inner_text("[data-testid=ticket-hint]") == "Keep at least 3 tickets."  # none ticked yet
    check_ticket_dialog(page)  # keep >= 3 of 5: the engine's keep actions decide what is allowed
    assert page.inner_text("[data-testid=ticket-hint]") == ""  # all five ticked: a keep, no minimum to tell
    bonus_line = page.inner_text("[data-testid=bonuses-in-play]")
    assert "Longest Path +10" in bonus_line and "Globetrotter +15" in bonus_line

    deadline = time.time() + GAME_TIMEOUT_S
    while True:
        assert time.time() < deadline, "the game took too long"
        page.wait_for_function(WAIT_FOR_PERSON, timeout=60_000)
        if ui_state(page) == "game-over":
            break
        act_as_bot(page)

    page.wait_for_selector("[data-testid=game-over]")
    game = engine_game(page)
    assert game.is_over and game.settings.options == {"tickets": "mega"}
    scores = game.scores()
    for sc in scores:
        seat = sc["seat"]
        assert page.text_content(f"[data-testid=final-total-{seat}]") == points_text(sc["total"])
        cell = page.text_content(f"[data-testid=final-globetrotter-{seat}]") or ""
        assert cell.startswith("+15" if sc["globetrotter_won"] else "0"), cell
        assert str(sc["completed"]) in cell
    winners = page.inner_text("[data-testid=globetrotter-winners]")
    best = max(sc["completed"] for sc in scores)
    assert winners.startswith("Globetrotter +15") and f"{best} completed" in winners
    for sc in scores:
        name = page.inner_text(f"[data-testid=final-row-{sc['seat']}] .end-player-name")
        assert (name in winners) == sc["globetrotter_won"]
    if any(sc["longest_bonus_won"] for sc in scores):
        assert page.inner_text("[data-testid=longest-winners]").startswith("Longest Path +10")
    snapshot(page, "end-1280x800")
    page.set_viewport_size({"width": 390, "height": 844})
    page.wait_for_selector("[data-testid=globetrotter-winners]")
    snapshot(page, "end-390x844")
    page.set_viewport_size({"width": 1280, "height": 800})

    # Share links: the whole game replays as the Mega Game; the deal opens the form with Mega chosen.
    page.click("[data-testid=end-share]")
    game_url = page.input_value("[data-testid=share-game-url]")
    deal_url = page.input_value("[data-testid=share-deal-url]")
    shared = decode_link(game_url)["record"]
    assert shared["options"] == {"tickets": "mega"} and shared["actions"] == [a.text() for a in game.actions]
    page.goto("about:blank")
    base, fragment = deal_url.split("#", 1)
    page.goto(base + ("" if "?" in base else "?botDelay=0") + "#" + fragment)
    page.wait_for_selector("[data-testid=deal-notice]")
    assert page.is_checked("[data-testid=way-mega]")
    # The notice and the saved game's row name the way of play (both said only "North America").
    assert "North America (Mega Game) with " in page.inner_text("[data-testid=deal-notice]")
    assert page.inner_text("[data-testid=save-row] .save-title") == "North America (Mega Game)"
    page.click("[data-testid=play-deal]")
    page.wait_for_selector("#app[data-ui-state=choose-tickets]")
    again = page.evaluate("window.__railtripRecord()")
    assert again["options"] == {"tickets": "mega"} and again["seed"] == 1910


def test_new_game_screen_on_a_phone_in_german(page: Page, server, snapshot) -> None:
    page.set_viewport_size({"width": 390, "height": 844})
    page.add_init_script("localStorage.setItem('railtrip.lang', 'de')")
    open_app(page, server)
    page.check("[data-testid=variant-usa]", force=True)
    page.wait_for_selector("[data-testid=usa-ways]")
    assert page.inner_text("[data-testid=way-mega] >> xpath=..").startswith("Mega-Spiel")
    assert "Metropolen" in page.inner_text("[data-testid=usa-ways]")
    page.check("[data-testid=way-bigcities]", force=True)
    page.locator("[data-testid=usa-ways]").scroll_into_view_if_needed()
    snapshot(page, "new-game-390x844-de")
    # Another game hides the ways of play; coming back keeps the choice.
    page.check("[data-testid=variant-world]", force=True)
    assert page.is_hidden("[data-testid=usa-ways]")
    page.check("[data-testid=variant-usa]", force=True)
    assert page.is_checked("[data-testid=way-bigcities]")


def test_big_cities_game_deals_four_and_rings_the_big_cities(page: Page, server, snapshot) -> None:
    page.set_viewport_size({"width": 1280, "height": 800})
    open_app(page, server)
    page.check("[data-testid=variant-usa]", force=True)
    page.check("[data-testid=way-bigcities]", force=True)
    start_game(page, seed="35")
    page.wait_for_selector("#app[data-ui-state=choose-tickets]")
    assert page.locator("[data-testid=ticket-options] input[type=checkbox]").count() == 4
    assert page.inner_text("[data-testid=ticket-hint]") == "Keep at least 2 tickets."
    check_ticket_dialog(page)  # keep >= 2 of 4
    assert page.inner_text("[data-testid=bonuses-in-play]") == "No end bonus"
    keep_tickets(page)
    page.wait_for_function(WAIT_FOR_PERSON, timeout=60_000)
    state = page.evaluate("window.__railtrip.state().view")
    assert state["tickets_option"] == "bigcities" and state["bonuses"] == {}
    snapshot(page, "board-1280x800")
    page.set_viewport_size({"width": 390, "height": 844})
    snapshot(page, "board-390x844")
