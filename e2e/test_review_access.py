"""Issue 13, accessibility and words: the Settings dialog and its stored preferences
(web/ui/core/prefs.js), the colour-blind marks of the players, and the remaining layout and
wording fixes of the player review, each at 1280×800 and on a 390×844 phone."""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import Page

from e2e.helpers import keep_tickets, wait_for_app_state

SIZES = [(1280, 800), (390, 844)]
PREFS_KEY = "railtrip.prefs.v1"
PERSON = """() => { const a = document.getElementById('app').dataset;
  return ['game-over', 'choose-tickets'].includes(a.uiState) || (a.uiState === 'playing' && a.myTurn === 'true' && a.busy === 'false'); }"""
SEATS = [
    {"name": "Ann", "kind": "human", "bot": None, "color": "red"},
    {"name": "Bea", "kind": "bot", "bot": "easy", "color": "green"},
]


def open_app(page: Page, server, width: int, height: int, query: str = "?botDelay=0") -> None:
    page.set_viewport_size({"width": width, "height": height})
    page.goto(server.url + query)
    assert wait_for_app_state(page, "ready", "error") == "ready"
    page.wait_for_selector("#app[data-ui-state=new-game]")


def start_game(
    page: Page, variant: str, setup: dict | None = None, seats: list | None = None, seed: int = 5
) -> None:
    settings = {
        "variant": variant,
        "players": len(seats or SEATS),
        "seed": seed,
        "seats": seats or SEATS,
        "speed": "instant",
    }
    if setup:
        settings["setup"] = setup
    page.evaluate("s => window.__railtripNewGame(s)", settings)
    page.wait_for_function(PERSON)
    if page.get_attribute("#app", "data-ui-state") == "choose-tickets":
        keep_tickets(page)
        page.wait_for_function(PERSON)


def stored_prefs(page: Page):
    return page.evaluate("k => localStorage.getItem(k)", PREFS_KEY)


@pytest.mark.parametrize("size", SIZES, ids=["desktop", "phone"])
def test_settings_from_the_new_game_screen_and_the_game_menu(page: Page, server, snapshot, size) -> None:
    open_app(page, server, *size)
    page.click("[data-testid=open-settings]")
    box = page.locator("[data-testid=settings-colorBlind]")
    assert not box.is_checked()
    snapshot(page, f"settings-{size[0]}")
    page.click("[data-testid=settings-row-colorBlind]")
    assert box.is_checked()
    assert json.loads(stored_prefs(page)) == {"colorBlind": True}
    dialog = page.locator("[data-testid=settings-dialog]").bounding_box()
    assert dialog["x"] >= 0 and dialog["x"] + dialog["width"] <= size[0]
    page.click("[data-testid=settings-close]")
    page.reload()
    page.wait_for_selector("#app[data-ui-state=new-game]")
    page.click("[data-testid=lang-de]")
    page.click("[data-testid=open-settings]")
    assert page.inner_text("[data-testid=settings-dialog] h2") == "Einstellungen"
    assert "Farbenblind" in page.inner_text("[data-testid=settings-row-colorBlind]")
    assert page.locator("[data-testid=settings-colorBlind]").is_checked()  # kept over the reload
    snapshot(page, f"settings-de-{size[0]}")
    page.click("[data-testid=settings-close]")
    start_game(page, "usa")
    page.click("[data-testid=menu]")
    page.click("[data-testid=menu-settings]")
    assert page.locator("[data-testid=settings-colorBlind]").is_checked()
    page.click("[data-testid=settings-row-colorBlind]")
    assert json.loads(stored_prefs(page)) == {"colorBlind": False}


@pytest.mark.parametrize(
    "stored",
    [
        '{"colorBlind":"yes"}',
        "not json",
        "[" * 5000,
        '{"colorBlind":true,"x":' + "1" * 9000 + "}",
        '{"colorBlind":null,"__proto__":{"colorBlind":true}}',
        "[true]",
    ],
)
def test_broken_or_hostile_preferences_fall_back_to_the_default(page: Page, server, stored: str) -> None:
    open_app(page, server, 1280, 800)
    page.evaluate("([k, v]) => localStorage.setItem(k, v)", [PREFS_KEY, stored])
    page.reload()
    page.wait_for_selector("#app[data-ui-state=new-game]")
    page.click("[data-testid=open-settings]")
    assert not page.locator("[data-testid=settings-colorBlind]").is_checked()
    page.click("[data-testid=settings-row-colorBlind]")  # a working store repairs the entry
    assert json.loads(stored_prefs(page)) == {"colorBlind": True}


def test_one_good_field_survives_a_bad_one(page: Page, server) -> None:
    open_app(page, server, 1280, 800)
    page.evaluate(
        "([k, v]) => localStorage.setItem(k, v)", [PREFS_KEY, '{"colorBlind":true,"unknown":[1,2,{"a":3}]}']
    )
    page.reload()
    page.wait_for_selector("#app[data-ui-state=new-game]")
    page.click("[data-testid=open-settings]")
    assert page.locator("[data-testid=settings-colorBlind]").is_checked()


def test_a_refused_write_keeps_the_choice_and_deletes_nothing(page: Page, server) -> None:
    # Storage that refuses every write (a full or locked store): the page must neither crash nor
    # clear anything to make room.
    page.add_init_script("""Storage.prototype.setItem = function () { throw new DOMException('full', 'QuotaExceededError'); };
      Storage.prototype.clear = function () { throw new Error('must not clear'); };""")
    open_app(page, server, 390, 844)
    before = page.evaluate("() => Object.keys(localStorage).length")
    page.click("[data-testid=open-settings]")
    note = page.locator("[data-testid=settings-unsaved]")
    assert note.is_hidden()
    page.click("[data-testid=settings-row-colorBlind]")
    assert page.locator("[data-testid=settings-colorBlind]").is_checked()
    assert note.is_visible()
    page.click("[data-testid=settings-close]")
    page.click("[data-testid=open-settings]")  # still on for this visit
    assert page.locator("[data-testid=settings-colorBlind]").is_checked()
    assert page.evaluate("() => Object.keys(localStorage).length") == before
