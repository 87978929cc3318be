"""Helpers for the browser tests (fixtures are in conftest.py)."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Page

READY_TIMEOUT_MS = 60_000


def points_text(n: int) -> str:
    """A score as the end screen writes it: a negative one with a minus sign, not a hyphen."""
    return f"\u2212{-n}" if n < 0 else str(n)


def wait_for_board(page: Page) -> None:
    """Waits until the map has fitted its view and drawn a frame: the board lays itself out on its
    first layout pass, which a fast start (or a loaded machine) can run after the person's turn is
    shown. Tests that read ``window.__railtrip.board`` geometry or labels call this first."""
    page.wait_for_function(
        "() => window.__railtrip?.board?.view != null && window.__railtrip.board.labels != null"
    )


def app_state(page: Page) -> str:
    return page.evaluate("document.documentElement.dataset.appState")


def wait_for_app_state(page: Page, *states: str, timeout_ms: int = READY_TIMEOUT_MS) -> str:
    """Waits until <html data-app-state> is one of ``states`` and returns it.

    (Give page.wait_for_function a function, not an expression: the page's CSP forbids eval().)
    """
    page.wait_for_function(
        "states => states.includes(document.documentElement.dataset.appState)",
        arg=list(states),
        timeout=timeout_ms,
    )
    return app_state(page)


def keep_tickets(page: Page, ids: list[str] | None = None) -> None:
    """Ticks exactly ``ids`` (None: every offered ticket) in the open ticket dialog, then presses
    Keep. (A ticket dialog opens with nothing ticked, or with what was ticked before a reload.)"""
    boxes = page.locator("[data-testid=ticket-options] input[type=checkbox]")
    for i in range(boxes.count()):
        box = boxes.nth(i)
        box.set_checked(ids is None or box.get_attribute("value") in ids, force=True)
    page.click("[data-testid=ticket-confirm]")


# Resolves when the page waits for the person (their turn or a choice of theirs) or the game is over.
PERSON_TO_ACT = """() => { const a = document.getElementById('app').dataset;
  return ['game-over', 'choose-tickets', 'choose-pieces', 'choose-refill'].includes(a.uiState)
    || (a.uiState === 'playing' && a.myTurn === 'true' && a.busy === 'false'); }"""
# A person, Ann, against one easy bot.
ANN_AND_BOT = [
    {"name": "Ann", "kind": "human", "bot": None, "color": "red"},
    {"name": "Bot", "kind": "bot", "bot": "easy", "color": "blue"},
]


def start_game_on_page(
    page: Page, server: Any, settings: dict[str, Any], size: tuple[int, int] | None = None
) -> None:
    """Opens the page (in a window of ``size``; None: as it is) and starts a game of ``settings``
    from the new-game screen through the test hook (two seats, ANN_AND_BOT, at instant speed
    unless ``settings`` say otherwise), up to the person's first move."""
    if size is not None:
        page.set_viewport_size({"width": size[0], "height": size[1]})
    page.goto(server.url + "?botDelay=0")
    assert wait_for_app_state(page, "ready", "error") == "ready"
    page.wait_for_selector("#app[data-ui-state=new-game]")
    page.evaluate(
        "s => window.__railtripNewGame(s)",
        {"players": 2, "seats": ANN_AND_BOT, "speed": "instant", **settings},
    )
    page.wait_for_function(PERSON_TO_ACT)
