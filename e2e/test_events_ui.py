"""The page reads the engine's events and details instead of re-doing rules (docs/ui-testing.md,
"Page map"): the log arrives incrementally yet equals the engine's whole log, the autosave record
grows from the answers without asking for the record, the drawer reads the cards drawn blind in
the log, and the exchange dialog shows the pieces the engine says an exchange leaves."""

from __future__ import annotations

import json

from playwright.sync_api import Page

from e2e.helpers import keep_tickets, wait_for_app_state

WAIT_FOR_PERSON = """() => {
  const a = document.getElementById('app').dataset;
  return ['game-over', 'choose-tickets', 'choose-pieces'].includes(a.uiState)
    || (a.uiState === 'playing' && a.myTurn === 'true' && a.busy === 'false');
}"""


def start(page: Page, server, variant: str) -> None:
    page.emulate_media(reduced_motion="reduce")
    page.goto(server.url + "?botDelay=0")
    assert wait_for_app_state(page, "ready", "error") == "ready"
    page.wait_for_selector("#app[data-ui-state=new-game]")
    page.evaluate(
        "s => window.__railtripNewGame(s)",
        {
            "variant": variant,
            "players": 3,
            "seed": 21,
            "speed": "fast",
            "seats": [
                {"name": "Ada", "kind": "human", "color": "red"},
                {"name": "Bob", "kind": "bot", "bot": "easy", "color": "blue"},
                {"name": "Cy", "kind": "bot", "bot": "easy", "color": "green"},
            ],
        },
    )


def to_main_turn(page: Page) -> None:
    """Keeps the offered tickets and the recommended piece mix until it is a main turn of Ada's."""
    while True:
        page.wait_for_function(WAIT_FOR_PERSON, timeout=60_000)
        state = page.get_attribute("#app", "data-ui-state")
        if state == "choose-tickets":
            keep_tickets(page)
        elif state == "choose-pieces":
            page.click("[data-testid=pieces-confirm]")
        else:
            assert page.get_attribute("#app", "data-phase") == "main"
            return


def engine_log(page: Page) -> list[dict]:
    """The whole log as seat 0 sees it, asked from the engine without log_from."""
    return page.evaluate("""async () => (await window.railtrip.engine.call('state',
        { game_id: window.__railtrip.gameId, player: 0 })).view.log""")


def saved_actions(page: Page) -> list[str]:
    raw = page.evaluate(
        "() => Object.keys(localStorage).filter((k) => k.startsWith('railtrip.save.'))"
        ".map((k) => localStorage.getItem(k))"
    )
    records = [json.loads(r)["record"] for r in raw if '"record"' in r]
    assert len(records) == 1
    return records[0]["actions"]


def test_incremental_log_autosave_and_blind_draws(page: Page, server) -> None:
    start(page, server, "usa")
    to_main_turn(page)
    for _ in range(2):  # two turns of blind draws (a bot moves in between)
        page.click("[data-testid=deck]")
        page.wait_for_function(WAIT_FOR_PERSON, timeout=60_000)
        if page.get_attribute("#app", "data-phase") == "second_card":
            page.click("[data-testid=deck]")
        to_main_turn(page)
    shown = page.evaluate("window.__railtrip.state().view.log")
    assert shown == engine_log(page), "the log put together from increments is the engine's log"
    record = page.evaluate("window.__railtripRecord()")
    assert saved_actions(page) == record["actions"]
    assert len(record["actions"]) == int(page.get_attribute("#app", "data-ply"))
    mine = [ev["private_card"] for ev in shown if ev["player"] == 0 and ev["kind"] == "draw"]
    assert len(mine) >= 2
    assert all("private_card" not in ev for ev in shown if ev["player"] != 0)
    own_entries = [
        text
        for text in page.locator("[data-testid=log-entry][data-player='0']").all_text_contents()
        if "You drew" in text
    ]
    assert own_entries, "the drawer reads which cards they drew blind"
    assert any(mine[-1].split("-")[0] in text.lower() for text in own_entries)


def test_exchange_dialog_shows_the_engines_pieces_after(page: Page, server) -> None:
    start(page, server, "world")
    to_main_turn(page)
    legal = page.evaluate("window.__railtrip.state().legal")
    exchanges = [a for a in legal if a["kind"] == "exchange"]
    assert exchanges and all("pieces_after" in a for a in exchanges)
    page.click("[data-testid=exchange-pieces]")
    page.wait_for_selector("[data-testid=exchange-dialog][open]")
    want = "trains" if page.is_enabled("[data-testid=exchange-want-trains]") else "ships"
    count = int(page.input_value("[data-testid=exchange-count]"))
    action = next(a for a in exchanges if a["want"] == want and a["count"] == count)
    summary = page.inner_text("[data-testid=exchange-summary]")
    assert (
        str(action["pieces_after"]["trains"]) in summary and str(action["pieces_after"]["ships"]) in summary
    )
    page.click("[data-testid=exchange-cancel]")


def test_the_log_tells_the_person_about_their_own_moves_as_you(page: Page, server) -> None:
    """Against bots, the person's own lines say "You"/"Du" (German in the perfect tense, "Du hast
    zwei Karten vom Stapel gezogen": "Du zogst", "Du behieltst" read stilted), the bots' lines
    their names (in the past tense); which line is whose comes from the event's seat."""
    start(page, server, "usa")
    to_main_turn(page)
    page.click("[data-testid=deck]")
    page.click("[data-testid=deck]")
    to_main_turn(page)
    mine = page.locator("[data-testid=log-entry][data-player='0']").all_text_contents()
    theirs = page.locator("[data-testid=log-entry][data-player='1']").all_text_contents()
    assert mine and theirs
    assert all(text.strip().startswith("You ") and "Ada" not in text for text in mine), mine
    assert any("You kept" in text for text in mine) and any(
        "You drew two cards from the deck." in text for text in mine
    )
    # What only the person sees is marked as such, not told twice ("You kept … (You kept: …)").
    keep = next(text for text in mine if "You kept" in text)
    assert keep.count("You kept") == 1 and "(Only you see them: " in keep and "–" in keep, keep
    assert all("Bob" in text and "You " not in text.split("(")[0] for text in theirs), theirs
    page.click("[data-testid=lang-de]")
    page.wait_for_selector(
        "[data-testid=log-entry][data-player='0'] >> text=Du hast zwei Karten vom Stapel gezogen."
    )
    mine = page.locator("[data-testid=log-entry][data-player='0']").all_text_contents()
    assert all(text.strip().startswith("Du ") for text in mine), mine
    assert any(
        "Startaufträgen behalten. (Nur du siehst sie: " in text and text.startswith("Du hast ")
        for text in mine
    ), mine
    assert not any(word in text for text in mine for word in ("zogst", "behieltst", "nahmst", "bautest")), (
        mine
    )
    theirs = page.locator("[data-testid=log-entry][data-player='1']").all_text_contents()
    assert all(text.strip("\u2068 ").startswith("Bob\u2069 ") and " hast " not in text for text in theirs), (
        theirs
    )
