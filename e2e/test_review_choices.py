"""Player review (issue 13), choices: every ticket dialog opens with nothing ticked (one click can
never keep all tickets by accident), and a reload brings back a choice the person had begun (the
ticked tickets, the Rails & Sails question which deck refills a face-up card)."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page

from e2e.helpers import PERSON_TO_ACT, keep_tickets, start_game_on_page, wait_for_app_state

SIZES = [(1280, 800), (390, 844)]
# Rails & Sails past its opening: tickets kept and pieces chosen, Ann to move.
WORLD = {
    "tickets": [["NYC-MRS", "EDI-SYD", "NYC-MUM"], ["MOS-TOA", "BUE-MRS", "JKT-SYD"]],
    "pieces": [[20, 40], [20, 40]],
}


def start(page: Page, server, variant: str, size: tuple[int, int], setup: dict | None = None) -> None:
    start_game_on_page(page, server, {"variant": variant, "seed": 8, "setup": setup}, size)


def ticked(page: Page) -> dict[str, bool]:
    return page.eval_on_selector_all(
        "[data-testid=ticket-options] input[type=checkbox]",
        "els => Object.fromEntries(els.map(e => [e.value, e.checked]))",
    )


def reload(page: Page) -> None:
    page.reload()
    assert wait_for_app_state(page, "ready", "error") == "ready"
    page.wait_for_function(PERSON_TO_ACT)


@pytest.mark.parametrize("size", SIZES, ids=["1280x800", "390x844"])
@pytest.mark.parametrize("variant", ["usa", "world", "cardgame"])
def test_ticket_dialogs_open_with_nothing_ticked(page: Page, server, snapshot, variant: str, size) -> None:
    start(page, server, variant, size)
    page.wait_for_selector("#app[data-ui-state=choose-tickets]")
    assert not any(ticked(page).values())
    assert page.is_disabled("[data-testid=ticket-confirm]")  # at least one must be ticked at the start
    snapshot(page, f"{variant}-start")
    keep_tickets(page)
    page.wait_for_function(PERSON_TO_ACT)
    if variant == "world":
        page.click("[data-testid=pieces-confirm]")
        page.wait_for_function(PERSON_TO_ACT)
    page.click("[data-testid=ticket-deck]")  # later in the game: the same default
    page.wait_for_selector("#app[data-ui-state=choose-tickets]")
    assert not any(ticked(page).values())
    assert page.get_attribute("#app", "data-my-turn") == "true"  # the dialog is the person's move
    label = page.inner_text("[data-testid=ticket-confirm]")
    assert len(ticked(page)) > 1 and str(len(ticked(page))) not in label  # never "Keep 4" before a tick


@pytest.mark.parametrize("size", SIZES, ids=["1280x800", "390x844"])
@pytest.mark.parametrize("variant", ["usa", "cardgame"])
def test_reload_keeps_the_ticked_tickets(page: Page, server, variant: str, size) -> None:
    start(page, server, variant, size)
    page.wait_for_selector("#app[data-ui-state=choose-tickets]")
    ids = list(ticked(page))
    page.check(f"[data-testid=ticket-check-{ids[0]}]", force=True)
    page.check(f"[data-testid=ticket-check-{ids[2]}]", force=True)
    page.check(f"[data-testid=ticket-check-{ids[1]}]", force=True)
    page.uncheck(f"[data-testid=ticket-check-{ids[1]}]", force=True)  # unticked again: stays unticked
    page.wait_for_function("() => Object.keys(localStorage).some(k => k.startsWith('railtrip.save.'))")
    reload(page)
    page.wait_for_selector("#app[data-ui-state=choose-tickets]")
    assert ticked(page) == {tid: tid in (ids[0], ids[2]) for tid in ids}
    assert page.is_enabled("[data-testid=ticket-confirm]")
    page.click("[data-testid=ticket-confirm]")
    page.wait_for_function(PERSON_TO_ACT)
    record = page.evaluate("window.__railtripRecord()")
    assert set(record["actions"][0].split()[1:]) == {ids[0], ids[2]}


@pytest.mark.parametrize("size", SIZES, ids=["1280x800", "390x844"])
def test_reload_reopens_the_refill_question(page: Page, server, snapshot, size) -> None:
    start(page, server, "world", size, WORLD)
    page.click("[data-testid=market-card-2]")
    page.wait_for_selector("[data-testid=refill-dialog]")
    card = page.get_attribute("[data-testid=market-slot-2]", "data-card")
    page.wait_for_function("() => Object.keys(localStorage).some(k => k.startsWith('railtrip.save.'))")
    reload(page)
    page.wait_for_selector("#app[data-ui-state=choose-refill] [data-testid=refill-dialog]")
    assert card and page.get_attribute("[data-testid=refill-choice-ship]", "data-action").startswith(
        f"take 2 {card} "
    )
    snapshot(page, "refill-after-reload")
    page.click("[data-testid=refill-cancel]")  # a cancelled question does not come back
    reload(page)
    assert page.get_attribute("#app", "data-ui-state") == "playing"
