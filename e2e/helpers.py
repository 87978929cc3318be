"""Helpers for the browser tests (fixtures are in conftest.py)."""

from __future__ import annotations

from playwright.sync_api import Page

READY_TIMEOUT_MS = 60_000


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
