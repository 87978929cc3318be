"""The Hint in a ticket dialog. The dialog's backdrop covered the top bar's Hint button, so the
hardest choice a newcomer meets, which tickets to keep, had no hint at all. The dialog now has its
own Hint: it ticks the keep the bot proposes (the person still confirms it) and says it beside
the button; the minimum ("Keep at least 2 tickets.") stands there only while the ticks are not a
keep the rules allow."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page

from e2e.test_cardgame_ui import FOUR_SEATS
from e2e.test_game_ui import engine_game, open_app

HINT = "[data-testid=dialog-hint-button]"
REASON = "[data-testid=dialog-hint-reason]"
TICKED = (
    "() => [...document.querySelectorAll('[data-testid=ticket-options] input:checked')].map((i) => i.value)"
)


def _start(page: Page, server, variant: str, size: tuple[int, int]) -> None:
    page.set_viewport_size({"width": size[0], "height": size[1]})
    open_app(page, server)
    page.evaluate(
        "s => window.__railtripNewGame(s)",
        {"variant": variant, "players": 2, "seed": 11, "seats": FOUR_SEATS[:2], "speed": "instant"},
    )
    page.wait_for_selector("[data-testid=ticket-dialog]")


@pytest.mark.parametrize(
    ("variant", "size"),
    [("usa", (1280, 800)), ("world", (1280, 800)), ("cardgame", (390, 844))],
    ids=["usa", "world", "cardgame-phone"],
)
def test_the_ticket_dialog_has_a_hint_that_ticks_its_keep(
    page: Page, server, snapshot, variant, size
) -> None:
    _start(page, server, variant, size)
    minimum = page.inner_text("[data-testid=ticket-hint]")
    assert minimum.startswith("Keep at least") or minimum.startswith("Keep any"), minimum
    assert page.evaluate(TICKED) == [] and page.is_disabled("[data-testid=ticket-confirm]")
    box = page.locator(HINT).bounding_box()
    assert box and box["y"] + box["height"] <= size[1], box  # in the window, in the button band
    page.click(HINT)
    page.wait_for_selector(f"{REASON}:has-text('Hint: Keep')", timeout=30_000)
    snapshot(page, "ticket-hint")
    ticked = set(page.evaluate(TICKED))
    game = engine_game(page)
    keeps = [set(a.tickets) for a in game.legal_actions() if a.keyword == "keep"]
    assert ticked in keeps, (ticked, keeps)
    assert page.is_enabled("[data-testid=ticket-confirm]")
    assert page.inner_text("[data-testid=ticket-hint]") == ""  # no minimum beside a keep the rules allow
    # The reason names the ticked tickets by their first city, or says it keeps all of them.
    reason = page.inner_text(REASON)
    board = game.variant.board_view()
    names = {c["id"]: c["name"] for c in board["cities"]}
    offered = {tk["id"]: tk for tk in game.view(game.current_player, log=False)["me"]["offered"]}
    if len(ticked) == len(offered) > 2:
        assert reason.startswith(f"Hint: Keep all {len(offered)} tickets ("), reason
    for tid in ticked if len(ticked) < len(offered) else ():
        assert names[offered[tid]["cities"][0]] in reason, (tid, reason)
    # Another selection than the proposal: its reason goes; the proposal can be confirmed as ticked.
    first = sorted(ticked)[0]
    page.uncheck(f"[data-testid=ticket-check-{first}]", force=True)
    assert page.inner_text(REASON) == ""
    page.check(f"[data-testid=ticket-check-{first}]", force=True)
    page.click("[data-testid=ticket-confirm]")
    page.wait_for_selector("[data-testid=ticket-dialog]", state="detached")
    kept = engine_game(page).actions
    assert any(a.keyword == "keep" and set(a.tickets) == ticked for a in kept)


def test_a_tutorials_ticket_dialog_has_no_hint(page: Page, server) -> None:
    """The coach guides a tutorial; the top bar's Hint is off there, and so is the dialog's."""
    page.set_viewport_size({"width": 1280, "height": 800})
    open_app(page, server)
    page.click("[data-testid=tutorial-cardgame]")
    page.wait_for_selector("[data-testid=ticket-dialog]")
    assert page.locator(HINT).count() == 0
    assert page.inner_text("[data-testid=ticket-hint]").startswith("Keep at least")


def test_the_piece_mix_has_a_hint_that_sets_the_slider(page: Page, server, snapshot) -> None:
    """Rails & Sails' secret piece mix is a dialog too: its Hint sets the slider to the mix the bot
    proposes and says what the kept tickets take; moving the slider takes the reason away."""
    _start(page, server, "world", (1280, 800))
    page.click(HINT)
    page.wait_for_selector(f"{REASON}:has-text('Hint: Keep')", timeout=30_000)
    page.click("[data-testid=ticket-confirm]")
    page.wait_for_selector("[data-testid=pieces-dialog]")
    assert page.inner_text(REASON) == ""
    page.click(f"[data-testid=pieces-dialog] {HINT}")
    page.wait_for_selector(f"[data-testid=pieces-dialog] {REASON}:has-text('Hint: Choose')", timeout=30_000)
    snapshot(page, "pieces-hint")
    reason = page.inner_text(f"[data-testid=pieces-dialog] {REASON}")
    trains, ships = (
        page.inner_text("[data-testid=pieces-trains]"),
        page.inner_text("[data-testid=pieces-ships]"),
    )
    assert reason.startswith(f"Hint: Choose {trains} trains and {ships} ships: your tickets take about "), (
        reason
    )
    assert page.inner_text("[data-testid=pieces-confirm]") == f"Play with {trains} trains and {ships} ships"
    page.click("[data-testid=pieces-plus]" if int(trains) < 25 else "[data-testid=pieces-minus]")
    assert page.inner_text(f"[data-testid=pieces-dialog] {REASON}") == ""
