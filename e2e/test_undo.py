"""Undo in the browser: the Undo button appears exactly when the engine allows taking back the
person's last move (nothing hidden revealed since), puts the game back (the record keeps only
what was played), and is off in hotseat games until all players agree in the menu."""

from __future__ import annotations

import json
from pathlib import Path

from playwright.sync_api import Page

from e2e.helpers import keep_tickets, wait_for_app_state
from pyengine.record import replay

SETUP = json.loads((Path(__file__).resolve().parent.parent / "web" / "tutorials" / "usa.json").read_text())[
    "setup"
]
WAIT_FOR_PERSON = """() => {
  const a = document.getElementById('app').dataset;
  return ['choose-tickets', 'pass-device'].includes(a.uiState)
    || (a.uiState === 'playing' && a.myTurn === 'true' && a.busy === 'false');
}"""


def start(page: Page, server, seats: list[dict]) -> None:
    page.goto(server.url + "?botDelay=0")
    assert wait_for_app_state(page, "ready", "error") == "ready"
    page.wait_for_selector("#app[data-ui-state=new-game]")
    page.evaluate(
        "s => window.__railtripNewGame(s)",
        {"variant": "usa", "players": 2, "seed": 1, "setup": SETUP, "seats": seats, "speed": "instant"},
    )


def record_actions(page: Page) -> list[str]:
    return [a.text() for a in replay(page.evaluate("window.__railtripRecord()")).actions]


def test_undo_against_a_bot(page: Page, server, snapshot) -> None:
    start(
        page,
        server,
        [
            {"name": "Ann", "kind": "human", "bot": None, "color": "red"},
            {"name": "Bot", "kind": "bot", "bot": "easy", "color": "blue"},
        ],
    )
    page.wait_for_selector("#app[data-ui-state=choose-tickets]")
    assert page.is_hidden("[data-testid=undo]")  # nothing played yet
    keep_tickets(page)
    page.wait_for_function(WAIT_FOR_PERSON)
    page.wait_for_selector("[data-testid=undo]:visible")  # keeping tickets and the bot's keep showed nothing
    snapshot(page, "offered")
    page.click("[data-testid=undo]")
    page.wait_for_selector("#app[data-ui-state=choose-tickets][data-ply='0']")
    assert record_actions(page) == []
    keep_tickets(page, ["DEN-PIT", "KC-HOU"])  # keep two this time
    page.wait_for_function(WAIT_FOR_PERSON)
    assert record_actions(page)[0] == "keep DEN-PIT KC-HOU"
    page.click("[data-testid=market-slot-0]")  # a face-up card: its refill is revealed
    page.wait_for_selector("#app[data-phase=second_card][data-busy=false]")
    assert page.is_hidden("[data-testid=undo]")


def test_undo_in_hotseat_only_when_all_agree(page: Page, server) -> None:
    start(
        page,
        server,
        [
            {"name": "Ann", "kind": "human", "bot": None, "color": "red"},
            {"name": "Ben", "kind": "human", "bot": None, "color": "blue"},
        ],
    )
    for _ in range(2):  # each keeps the opening tickets on the passed device
        page.wait_for_selector("[data-testid=pass-device-ready]")
        page.click("[data-testid=pass-device-ready]")
        page.wait_for_selector("#app[data-ui-state=choose-tickets]")
        keep_tickets(page)
    page.click("[data-testid=pass-device-ready]")
    page.wait_for_function(WAIT_FOR_PERSON)
    assert page.is_hidden("[data-testid=undo]")
    page.click("[data-testid=menu]")
    page.check("[data-testid=menu-allow-undo]")
    page.wait_for_selector("[data-testid=undo]:visible")
    page.click("[data-testid=menu]")
    page.click("[data-testid=undo]")  # back before Ann's keep: Ben's keep goes too
    page.wait_for_selector("#app[data-ply='0']")
    assert record_actions(page) == []
