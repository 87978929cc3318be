"""Learning to play in the browser: the rules pages (new-game screen and game menu, EN and DE, with
pictures drawn by the game's renderers) and each tutorial played to its end by clicking what the
coach points at; a wrong click is refused with a friendly line and changes nothing. The scripts
are web/tutorials/*.json (tests/test_tutorials.py checks them against the engine)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from e2e.helpers import keep_tickets, wait_for_app_state
from pyengine.record import replay

TUTORIALS = Path(__file__).resolve().parent.parent / "web" / "tutorials"
VARIANTS = ["usa", "world", "cardgame"]


def open_app(page: Page, server, width: int = 1280, height: int = 800) -> None:
    page.set_viewport_size({"width": width, "height": height})
    page.goto(server.url + "?botDelay=0")
    assert wait_for_app_state(page, "ready", "error") == "ready"
    page.wait_for_selector("#app[data-ui-state=new-game]")


@pytest.mark.parametrize("lang", ["en", "de"])
def test_learn_panel_names_every_game_in_full_on_a_phone(page: Page, server, snapshot, lang: str) -> None:
    open_app(page, server, 390, 844)
    page.click(f"[data-testid=lang-{lang}]")
    for variant in VARIANTS:
        row = page.locator(f"[data-testid=learn-{variant}]")
        name = row.locator(".learn-game")
        cut = name.evaluate("e => e.scrollWidth > e.clientWidth + 1")
        assert not cut, name.inner_text()
        name_box, row_box = name.bounding_box(), row.bounding_box()
        assert name_box["x"] + name_box["width"] <= row_box["x"] + row_box["width"] + 0.5
        for button in row.locator("button").all():
            box = button.bounding_box()
            assert box["height"] >= 44 and box["x"] + box["width"] <= 390
            assert (
                box["y"] >= name_box["y"] + name_box["height"] - 0.5
                or box["x"] >= name_box["x"] + name_box["width"]
            )
    page.locator("[data-testid=learn-panel]").scroll_into_view_if_needed()
    snapshot(page, f"learn-phone-{lang}")


@pytest.mark.parametrize("size", [(1280, 800), (390, 844)], ids=["1280x800", "phone"])
def test_learn_to_play_at_the_top_brings_the_panel_into_view(page: Page, server, snapshot, size) -> None:
    """The panel stands below the fold (a newcomer at 1280x800 did not find it): the top bar's
    "Learn to play" scrolls it into view and focuses its first button, in one row with Settings
    and the language switch."""
    width, height = size
    open_app(page, server, width, height)
    panel = page.locator("[data-testid=learn-panel]")
    button = page.locator("[data-testid=open-learn]")
    assert button.inner_text() == "Learn to play"
    settings_box, button_box = (
        page.locator("[data-testid=open-settings]").bounding_box(),
        button.bounding_box(),
    )
    middle = lambda box: box["y"] + box["height"] / 2  # noqa: E731
    assert abs(middle(button_box) - middle(settings_box)) < 2 and button_box["x"] >= 0
    assert panel.bounding_box()["y"] > height  # below the fold at first
    button.click()
    expect(panel).to_be_in_viewport()
    expect(page.locator("[data-testid=rules-usa]")).to_be_focused()
    snapshot(page, f"learn-open-{width}")


@pytest.mark.parametrize("lang", ["en", "de"])
def test_rules_pages_from_the_new_game_screen(page: Page, server, snapshot, lang: str) -> None:
    open_app(page, server)
    page.click(f"[data-testid=lang-{lang}]")
    for variant in VARIANTS:
        page.click(f"[data-testid=rules-{variant}]")
        dialog = page.locator("[data-testid=rules-page-dialog]")
        dialog.wait_for()
        assert page.get_attribute("[data-testid=rules-page]", "data-variant") == variant
        assert dialog.locator(".rules-section").count() >= 5
        assert dialog.locator("figure").count() >= 3  # pictures from the renderers
        if variant != "cardgame":
            assert dialog.locator("[data-testid=board-picture] canvas").count() >= 1
        text = dialog.inner_text()
        assert (
            ("Ziel" in text or "Start" in text or "Dein Zug" in text)
            if lang == "de"
            else ("Your turn" in text or "Goal" in text)
        )
        if lang == "de" and variant == "usa":  # the pieces are "Waggons", as the game's panels say
            assert "45 Waggons" in text and "Zügen" not in text and "45 Züge" not in text
        snapshot(page, f"{variant}-{lang}")
        page.click("[data-testid=rules-page-close]")
        dialog.wait_for(state="detached")


# Each arrow of a rules picture and what it points at: their boxes, and the dialog text's right edge.
ARROWS = """() => [...document.querySelectorAll('[data-testid=rules-page] .rules-arrow')].map((a) => {
  const r = a.getBoundingClientRect(), next = a.nextElementSibling?.getBoundingClientRect();
  const page = document.querySelector('[data-testid=rules-page]').getBoundingClientRect();
  return { arrow: [r.left, r.right, r.top, r.bottom], next: next && [next.left, next.right, next.top, next.bottom],
           pageRight: page.right };
})"""


@pytest.mark.parametrize("size", [(1280, 800), (390, 844)], ids=["1280x800", "390x844"])
def test_every_rules_arrow_points_at_its_picture(page: Page, server, size) -> None:
    """A rules picture's "→" stands on the line of what it points at. At 1280 px the harbor's map
    wrapped under its cards and the arrow ended the line above, pointing at nothing."""
    open_app(page, server, *size)
    seen = 0
    for variant in VARIANTS:
        page.click(f"[data-testid=rules-{variant}]")
        page.wait_for_selector("[data-testid=rules-page-dialog] [data-testid=rules-page]")
        for a in page.evaluate(ARROWS):
            (_, right, top, bottom), nxt = a["arrow"], a["next"]
            assert nxt and nxt[0] >= right - 0.5, (variant, a)  # to its right
            assert nxt[2] < bottom and nxt[3] > top, (variant, a)  # on its line
            assert nxt[1] <= a["pageRight"] + 0.5, (variant, a)  # inside the page
            seen += 1
        page.click("[data-testid=rules-page-close]")
        page.wait_for_selector("[data-testid=rules-page-dialog]", state="detached")
    assert seen >= 5


# The rules dialog's reading room: from the top of its text to its button band, and its width.
RULES_ROOM = """() => {
  const dlg = document.querySelector('[data-testid=rules-page-dialog]');
  const text = dlg.querySelector('[data-testid=rules-page]').getBoundingClientRect();
  const band = dlg.querySelector(':scope > .dlg-actions').getBoundingClientRect();
  return { room: band.top - text.top, width: dlg.getBoundingClientRect().width };
}"""


@pytest.mark.parametrize("size", [(844, 390), (1280, 800)], ids=["sideways", "1280x800"])
def test_the_rules_dialog_gives_its_text_the_room_it_has(page: Page, server, size) -> None:
    """The rules are read in a dialog: it is as wide as it was meant to be (760 px where the window
    allows; a narrower cap for every dialog held it at 640), and on a phone turned sideways its
    frame and button band leave the text at least 270 px (they left 247)."""
    open_app(page, server, *size)
    page.click("[data-testid=rules-usa]")
    page.wait_for_selector("[data-testid=rules-page-dialog] [data-testid=rules-page]")
    room = page.evaluate(RULES_ROOM)
    assert room["width"] >= min(760, 0.96 * size[0]) - 1, room
    if size[1] < 500:
        assert room["room"] >= 270, room


def test_rules_page_from_the_game_menu(page: Page, server) -> None:
    open_app(page, server, 390, 844)
    page.click("[data-testid=start-game]")
    page.wait_for_selector("#app[data-ui-state=choose-tickets]")
    keep_tickets(page)
    page.click("[data-testid=menu]")
    page.click("[data-testid=menu-rules-page]")
    page.wait_for_selector("[data-testid=rules-page-dialog] [data-testid=rules-page]")
    page.click("[data-testid=rules-page-close]")


def coach_step(page: Page) -> str:
    return page.get_attribute("[data-testid=coach]", "data-step") or ""


@pytest.mark.parametrize("variant", VARIANTS)
def test_tutorial_plays_to_its_end(page: Page, server, snapshot, variant: str) -> None:
    script = json.loads((TUTORIALS / f"{variant}.json").read_text(encoding="utf-8"))
    open_app(page, server)
    page.click(f"[data-testid=tutorial-{variant}]")
    refused = False
    for i, step in enumerate(script["steps"]):
        if "bot" in step:
            continue
        page.wait_for_selector(f"[data-testid=coach][data-step='{i}']")
        first = step["target"][0]
        page.wait_for_selector(f"[data-testid='{first}'].coach-target:not([disabled])")
        if (not refused and step["play"] in ("draw", "tickets")) or (
            not refused and step["play"].startswith("take")
        ):
            # A move the step does not ask for is refused, kindly, and nothing happens.
            wrong = "ticket-deck" if step["play"] != "tickets" else "deck"
            ply = page.get_attribute("#app", "data-ply")
            if page.is_enabled(f"[data-testid={wrong}]"):
                page.click(f"[data-testid={wrong}]")
                page.wait_for_selector("[data-testid=coach-refuse]:visible")
                assert page.get_attribute("#app", "data-ply") == ply
                refused = True
                snapshot(page, "refused")
        snapshot(page, f"step-{i}")
        for target in step["target"]:
            # What is left to click glows, also where a panel drew it again after the last click
            # (the card game's hand after each tap).
            page.wait_for_selector(f"[data-testid='{target}'].coach-target", timeout=3000)
            page.click(f"[data-testid='{target}']")
    assert refused
    page.wait_for_selector("[data-testid=coach][data-step=done]")
    snapshot(page, "done")
    game = replay(page.evaluate("window.__railtripRecord()"))
    played = [a.text() for a in game.actions]
    expected = [s.get("play") or s["bot"] for s in script["steps"]]
    assert len(played) >= len(expected)
    for got, want, step in zip(played, expected, script["steps"]):
        assert got == want or step.get("any"), (got, want)
    page.click("[data-testid=coach-play-on]")
    page.wait_for_selector("[data-testid=coach]", state="detached")
    assert page.get_attribute("#app", "data-tutorial") == "over"


# Resolves once the coach's box and the page's scroll have held still for three frames (2 s at most).
SETTLED = """() => new Promise(done => {
  const at = () => { const c = document.querySelector('[data-testid=coach]').getBoundingClientRect();
    return [c.top, c.left, c.height, window.scrollY].join(); };
  let last = at(), still = 0, frames = 0;
  const tick = () => { const now = at(); still = now === last ? still + 1 : 0; last = now;
    if (still >= 3 || ++frames > 120) done(); else requestAnimationFrame(tick); };
  requestAnimationFrame(tick);
})"""


@pytest.mark.parametrize("variant", ["world", "cardgame"])
def test_the_coach_leaves_the_last_row_in_view_where_the_page_scrolls(
    page: Page, server, snapshot, variant
) -> None:
    """At 900x700 the page scrolls and the coach sits at the foot of the window: scrolled to the
    end, the last row (the tickets) is clear of the coach, not under it."""
    script = json.loads((TUTORIALS / f"{variant}.json").read_text(encoding="utf-8"))
    open_app(page, server, 900, 700)
    page.click(f"[data-testid=tutorial-{variant}]")
    for i, step in enumerate(script["steps"]):  # the opening choices, made in dialogs
        if "bot" in step:
            continue
        page.wait_for_selector(f"[data-testid=coach][data-step='{i}']")
        if not page.locator("dialog[open]").count():
            break
        for target in step["target"]:
            page.click(f"[data-testid='{target}'].coach-target:not([disabled])")
    assert page.evaluate("() => document.documentElement.scrollHeight") > 700
    page.evaluate("() => window.scrollTo(0, document.documentElement.scrollHeight)")
    page.wait_for_function("() => window.scrollY > 0")
    # The coach places itself again at the frame after a scroll (a loaded machine may read it
    # before): read it once its place and the page's scroll hold still for a few frames.
    page.evaluate(SETTLED)
    coach = page.locator("[data-testid=coach]").bounding_box()
    last = page.locator(".cg-mine" if variant == "cardgame" else ".hand-area").bounding_box()
    assert coach and last, (coach, last)
    # Under the coach at the foot of the window, or clear of it where it moved to the top (it
    # does so when it would cover the step's targets there).
    clear = last["y"] + last["height"] <= coach["y"] + 0.5 or coach["y"] + coach["height"] <= last["y"] + 0.5
    assert clear, (last, coach)
    snapshot(page, f"coach-scrolled-{variant}")


# The middle of a target, once it is in the window, nothing (the top bar) lies over its middle and
# no part of it is under the coach (unless the coach speaks from inside a dialog).
TAP_POINT = """sel => { const el = document.querySelector(sel); if (!el) return null;
  const r = el.getBoundingClientRect(); const x = r.left + r.width / 2, y = r.top + r.height / 2;
  if (y < 0 || y > innerHeight || x < 0 || x > innerWidth) return null;
  const coach = document.querySelector('[data-testid=coach]');
  if (coach && !coach.closest('dialog')) { const c = coach.getBoundingClientRect();
    if (r.left < c.right && c.left < r.right && r.top < c.bottom && c.top < r.bottom) return null; }
  const hit = document.elementFromPoint(x, y); return hit && el.contains(hit) ? [x, y] : null; }"""


@pytest.mark.parametrize("size", [(390, 844), (844, 390), (900, 700)], ids=["phone", "sideways", "900x700"])
@pytest.mark.parametrize("variant", VARIANTS)
def test_the_coach_brings_what_to_use_into_view_where_the_page_scrolls(
    page: Page, server, snapshot, variant, size
) -> None:
    """Where the page scrolls, every step's target is brought into the window and clear of the
    coach, so a tap where it shows hits it, with no scrolling by the person: on a phone the harbor
    button was above the window, and the coach, under the top bar, covered the card game's face-up
    cards; at 900 px it covered the play button. A step that claims a route keeps the map, where
    the route glows, in view."""
    script = json.loads((TUTORIALS / f"{variant}.json").read_text(encoding="utf-8"))
    open_app(page, server, *size)
    page.click(f"[data-testid=tutorial-{variant}]")
    for i, step in enumerate(script["steps"]):
        if "bot" in step:
            continue
        page.wait_for_selector(f"[data-testid=coach][data-step='{i}']")
        page.wait_for_selector(f"[data-testid='{step['target'][0]}'].coach-target:not([disabled])")
        if "route" in step:  # the route glows on the map, where a tap claims it: the map stays in view
            board = page.locator(".board-area").bounding_box()
            assert (
                board
                and min(board["y"] + board["height"], size[1]) - max(board["y"], 0) >= 0.4 * board["height"]
            )
        for target in step["target"]:
            selector = f"[data-testid='{target}']"
            if "route" not in step:
                page.wait_for_function(TAP_POINT, arg=selector, timeout=5000)  # in view, nothing over it
            page.click(selector)
    page.wait_for_selector("[data-testid=coach][data-step=done]")
    snapshot(page, f"done-{size[0]}")


# Records where the coach is each time its classes change (at the window's other end or not).
WATCH_COACH = """() => { const coach = document.querySelector('[data-testid=coach]');
  window.__coachEnds = [];
  new MutationObserver(() => window.__coachEnds.push(coach.classList.contains('coach--other-end')))
    .observe(coach, { attributes: true, attributeFilter: ['class'] }); }"""


def test_a_tap_on_a_card_to_pick_leaves_the_coach_and_the_page_where_they_are(page: Page, server) -> None:
    """On a phone turned sideways the card game's tutorial asks for three red cards and a
    locomotive, then the play button further down. A tap on a card redraws the hand. The coach
    used to judge what was left to use before marking the new cards, so it saw only the play
    button: it jumped to the window's other end and back on every tap, and where the play button
    was not clear it scrolled the page away from the cards still to pick (a CI run found the blue
    cards of a later step out of reach so)."""
    open_app(page, server, 844, 390)
    page.click("[data-testid=tutorial-cardgame]")
    page.click("[data-testid='ticket-option-NY-MIA']")
    page.click("[data-testid=ticket-confirm]")
    page.wait_for_selector("[data-testid=coach][data-step='2']")
    selector = "[data-testid='hand-red']"
    page.wait_for_function(TAP_POINT, arg=selector, timeout=5000)
    page.wait_for_timeout(800)  # the coach's scroll to the cards has ended
    coach_at_other_end = (
        "document.querySelector('[data-testid=coach]').classList.contains('coach--other-end')"
    )
    assert not page.evaluate(coach_at_other_end)  # at the window's foot, clear of the cards
    for _ in range(2):
        page.evaluate(WATCH_COACH)
        page.click(selector)
        page.wait_for_timeout(400)  # a few frames: the coach has settled
        assert True not in page.evaluate("window.__coachEnds")  # it stayed at the window's foot
        assert page.evaluate(TAP_POINT, selector) is not None


def test_a_tutorial_left_for_another_game_leaves_no_coach_behind(page: Page, server) -> None:
    """Starting another game in the middle of a tutorial ends the coach with its screen: it does not
    come back (nor glow on anything) when the new game's screen is drawn and played."""
    open_app(page, server)
    page.click("[data-testid=tutorial-cardgame]")
    page.wait_for_selector("[data-testid='ticket-option-NY-MIA'].coach-target")
    seats = [
        {"name": "Ann", "kind": "human", "bot": None, "color": "red"},
        {"name": "Bot", "kind": "bot", "bot": "easy", "color": "blue"},
    ]
    page.evaluate(
        "s => window.__railtripNewGame(s)",
        {"variant": "cardgame", "players": 2, "seed": 3, "seats": seats, "speed": "instant"},
    )
    page.wait_for_selector("#app[data-ui-state=choose-tickets]")
    keep_tickets(page)
    page.wait_for_selector("#app[data-ui-state=playing][data-my-turn=true][data-busy=false]")
    page.click("[data-testid=deck]")  # the screen is drawn again, move by move
    page.wait_for_selector("#app[data-ui-state=playing][data-my-turn=true][data-busy=false]")
    page.wait_for_timeout(200)
    assert page.locator("[data-testid=coach]").count() == 0
    assert page.locator(".coach-target").count() == 0
    assert page.get_attribute("#app", "data-tutorial") in (None, "", "over")


# What the open dialog says outside its button band (its own lines, the coach's excepted), with
# where each ends: [{text, bottom}].
DIALOG_LINES = """d => [...d.querySelectorAll(':scope > :not(.dlg-actions):not(.coach), .pieces-row *, .pieces-rec')]
  .filter((e) => e.children.length === 0 && e.textContent.trim() && e.checkVisibility())
  .map((e) => ({ text: e.textContent.trim(), bottom: e.getBoundingClientRect().bottom }))"""


@pytest.mark.parametrize("size", [(1280, 800), (390, 844)], ids=["1280x800", "390x844"])
def test_the_piece_mix_keeps_its_controls_above_the_button_band_in_the_tutorial(
    page: Page, server, snapshot, size
) -> None:
    """Rails & Sails' piece mix with the coach in the dialog at 1280x800: the −/+ buttons were half
    under the dialog's button band (the map took their room). Now the map gives way in a short
    window, and the numbers, the −/+ buttons and the note under them are above the band. On a
    phone the line "Recommended for a first game: 20 trains and 40 ships" lay under the band until
    the player scrolled (and its button in the band said it again): now it is the one control that
    goes back to that mix, under the numbers, and nothing the dialog says is under the band."""
    open_app(page, server, *size)
    page.click("[data-testid=tutorial-world]")
    page.wait_for_selector("[data-testid=ticket-dialog]")
    keep_tickets(page)
    page.wait_for_selector("[data-testid=pieces-dialog] [data-testid=coach]")
    dialog = page.locator("[data-testid=pieces-dialog]")
    assert dialog.evaluate("d => d.scrollTop") == 0
    band = page.locator("[data-testid=pieces-dialog] > .dlg-actions").bounding_box()
    assert band
    testids = ["pieces-minus", "pieces-plus", "pieces-trains", "pieces-ships", "pieces-recommended"]
    for testid in testids + (["pieces-note"] if size[0] > 820 else []):
        box = page.locator(f"[data-testid={testid}]").bounding_box()
        assert box and box["y"] + box["height"] <= band["y"] + 0.5, (testid, box, band)
    lines = dialog.evaluate(DIALOG_LINES)
    assert any("20" in ln["text"] and "40" in ln["text"] for ln in lines), lines  # the recommendation
    for line in lines:
        assert line["bottom"] <= band["y"] + 0.5, (line, band)
    assert page.get_attribute("[data-testid=pieces-recommended]", "aria-pressed") == "true"
    # The map keeps its proportions as it narrows.
    board_el = page.locator("[data-testid=pieces-dialog] .dlg-map-board")
    board = board_el.bounding_box()
    ratio = float(board_el.evaluate("e => e.style.getPropertyValue('--map-ratio')"))
    assert board and abs(board["width"] / board["height"] - ratio) < 0.05, (board, ratio)
    snapshot(page, f"pieces-{size[0]}x{size[1]}")
