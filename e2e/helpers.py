"""Helpers for the browser tests (fixtures are in conftest.py)."""

from __future__ import annotations

from playwright.sync_api import Page

READY_TIMEOUT_MS = 60_000


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
