"""The Routes tab (player review, issue 13): every route a player can claim reads whole in every
layout (a select in the side column cut them, "San Francisco – Salt Lake C…", "Cape Town – Indian
Oce…"), no route is chosen before the person picks one, a route chosen there glows on the map, the
keyboard chooses and claims, a row says what its route costs as the map's tip does, and a Hint on a
phone leaves its route in view."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page

from e2e.conftest import PHONE, new_context
from e2e.test_review_map import FULL_HAND, WORLD, route_point
from e2e.test_review_words import EVERY_KIND, PERSON, new_game, start_in_german
from e2e.test_share_offline import SEATS

# Two of every Rails & Sails card and two jokers: long sea routes (5 ships and more) are claimable.
WORLD_MANY = {**WORLD, "hands": [FULL_HAND * 2 + ["joker", "joker"], ["red-train"]]}

# Rows that stick out of the list, or whose name or details are cut inside the row.
ROWS_CUT = """(l) => { const box = l.getBoundingClientRect();
  return [...l.querySelectorAll('[role=option]')].filter((o) => { const r = o.getBoundingClientRect();
    return r.left < box.left - 0.5 || r.right > box.right + 0.5
      || [...o.children].some((c) => c.scrollWidth > c.clientWidth + 1); }).map((o) => o.innerText); }"""
ROWS = """(l) => [...l.querySelectorAll('[role=option]')].map((o) => ({ route: o.dataset.route,
  routes: o.dataset.routes.split(' '), text: o.innerText, selected: o.getAttribute('aria-selected'),
  wraps: (n => n.getBoundingClientRect().height > 1.6 * parseFloat(getComputedStyle(n).fontSize))(
    o.querySelector('.route-opt-name')) }))"""
GLOW = "() => [...(window.__railtrip.board.state.focus?.routes ?? [])]"
STATE = "() => window.__railtrip.state()"


@pytest.mark.parametrize(
    "size", [(390, 844), (900, 700), (1280, 800)], ids=["390x844", "900x700", "1280x800"]
)
def test_every_claimable_route_reads_whole_in_german(page: Page, server, size) -> None:
    """Rails & Sails has the longest route names; at 900 px the side column is narrowest (the
    select there showed 205 px of them): a name wraps onto a second line instead of losing its end."""
    start_in_german(
        page,
        server,
        size,
        {"variant": "world", "players": 2, "setup": WORLD_MANY, "seats": SEATS, "speed": "instant"},
    )
    page.click("[data-testid=tab-routes]")
    rows = page.eval_on_selector("[data-testid=route-list]", ROWS)
    names = [r["text"].split("\n")[0] for r in rows]
    assert "Cape Town – Indian Ocean junction" in names, names
    # By name, as a person looks one up (the engine's order follows city codes: CAI = Al-Qahira).
    assert page.evaluate("n => n.every((x, i) => !i || n[i - 1].localeCompare(x, 'de') <= 0)", names), names
    assert any("5 × Schiff (Grün) · 10 Punkte" in r["text"] for r in rows), rows
    assert page.eval_on_selector("[data-testid=route-list]", ROWS_CUT) == []
    if size[0] == 900:
        assert any(r["wraps"] for r in rows)  # the narrow column needs the second line
    # Every legal claim has its row (a double route's alike tracks share one), and no other route.
    legal = {a["route"] for a in page.evaluate(STATE)["legal"] if a["kind"] == "claim"}
    assert {route for r in rows for route in r["routes"]} == legal
    assert len({r["text"] for r in rows}) == len(rows)


def open_routes(page: Page, server) -> list[dict]:
    """A classic game with a hand of every kind at 1280x800, its Routes tab open: the rows."""
    page.set_viewport_size({"width": 1280, "height": 800})
    page.goto(server.url + "?botDelay=0")
    page.wait_for_selector("#app[data-ui-state=new-game]")
    new_game(
        page, {"variant": "usa", "players": 2, "seats": SEATS, "setup": EVERY_KIND["usa"], "speed": "instant"}
    )
    page.click("[data-testid=tab-routes]")
    return page.eval_on_selector("[data-testid=route-list]", ROWS)


def test_a_route_chosen_in_the_list_glows_and_the_keyboard_claims_it(page: Page, server) -> None:
    rows = open_routes(page, server)
    assert len(rows) > 12 and {r["selected"] for r in rows} == {"false"}  # nothing chosen yet
    assert page.evaluate(GLOW) == []
    # Tab reaches the first row: the focus alone chooses nothing.
    page.locator("[data-testid=route-option]").first.focus()
    assert page.evaluate(GLOW) == [] and not page.is_enabled("[data-testid=route-claim]")
    page.keyboard.press("ArrowDown")  # the first key chooses the first row, not the second
    assert page.evaluate(GLOW) == [rows[0]["route"]] and page.is_enabled("[data-testid=route-claim]")
    page.locator("[data-testid=route-option]").nth(1).click()
    assert page.evaluate(GLOW) == [rows[1]["route"]]
    page.keyboard.press("ArrowDown")
    assert page.evaluate(GLOW) == [rows[2]["route"]]
    assert page.evaluate("() => document.activeElement.dataset.route") == rows[2]["route"]
    page.keyboard.press("End")  # the list scrolls; the count and Claim stay in sight above it
    last = rows[-1]["route"]
    assert page.evaluate(GLOW) == [last]
    panel = page.locator("#panel-routes").bounding_box()
    for testid in ("route-claim", f"route-option][data-route='{last}'"):
        box = page.locator(f"[data-testid={testid}]").bounding_box()
        assert (
            box
            and panel
            and panel["y"] - 1 <= box["y"]
            and box["y"] + box["height"] <= panel["y"] + panel["height"] + 1
        )
    assert page.evaluate("() => document.querySelector('#panel-routes').scrollTop") > 0
    before = len(page.evaluate(STATE)["view"]["log"])
    page.keyboard.press("Enter")
    page.wait_for_function(
        """([n, route]) => { const a = document.getElementById('app').dataset;
          const d = document.querySelector('[data-testid=payment-dialog] [data-testid=dialog-map]');
          return (a.uiState === 'choose-payment' && d?.dataset.route === route)
            || window.__railtrip.state().view.log.length > n; }""",
        arg=[before, last],
    )
    if page.get_attribute("#app", "data-ui-state") == "choose-payment":
        page.click("[data-testid=payment-option-0]")
    page.wait_for_function(PERSON)
    event = page.evaluate(STATE)["view"]["log"][before]
    assert event["kind"] == "claim" and event["route"] == last, event
    assert last not in page.evaluate(GLOW)  # claimed: its glow went with its row


@pytest.mark.parametrize("variant", ["usa", "world"])
def test_no_route_is_chosen_until_the_person_picks_one(page: Page, server, variant: str) -> None:
    """The tab opened with its first row chosen and Claim enabled: one press claimed a route the
    person never picked (in Rails & Sails "Al-Qahira – Tehran", with the only joker in hand and no
    payment to choose). Claim now waits for a row; Enter and Space in the list claim nothing."""
    setup = EVERY_KIND["usa"] if variant == "usa" else {**WORLD, "hands": [["joker"], ["red-train"]]}
    page.goto(server.url + "?botDelay=0")
    page.wait_for_selector("#app[data-ui-state=new-game]")
    new_game(page, {"variant": variant, "players": 2, "seats": SEATS, "setup": setup, "speed": "instant"})
    page.click("[data-testid=tab-routes]")
    rows = page.eval_on_selector("[data-testid=route-list]", ROWS)
    assert rows and {r["selected"] for r in rows} == {"false"}, rows
    assert not page.is_enabled("[data-testid=route-claim]") and page.evaluate(GLOW) == []
    log = len(page.evaluate(STATE)["view"]["log"])
    page.locator("[data-testid=route-option]").first.focus()
    page.keyboard.press("Enter")
    page.wait_for_timeout(900)  # past the type-ahead pause: a space would claim a chosen row
    page.keyboard.press(" ")
    page.wait_for_timeout(300)
    assert page.get_attribute("#app", "data-ui-state") == "playing"
    assert len(page.evaluate(STATE)["view"]["log"]) == log  # nothing was claimed
    page.locator("[data-testid=route-option]").nth(1).click()
    assert page.is_enabled("[data-testid=route-claim]")
    assert page.evaluate(GLOW) == [rows[1]["route"]]


# The Routes tab's bar: its text lines and the Claim button, as laid out (window px).
BAR = """() => { const lines = (e) => { const range = document.createRange(); range.selectNodeContents(e);
    return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size; };
  const box = (s) => { const e = document.querySelector(s);
    if (!e || !e.checkVisibility()) return null; const r = e.getBoundingClientRect();
    return { left: r.left, right: r.right, top: r.top, bottom: r.bottom, lines: lines(e),
      cut: e.scrollWidth > e.clientWidth + 1, text: e.innerText }; };
  return { bar: box('.route-bar'), count: box('[data-testid=route-count]'), prompt: box('[data-testid=route-prompt]'),
    claim: box('[data-testid=route-claim]') }; }"""


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize(
    "size", [(1280, 800), (900, 700), (390, 844)], ids=["1280x800", "900x700", "390x844"]
)
def test_the_bar_says_to_choose_a_route_until_one_is_chosen(
    page: Page, server, snapshot, size, lang: str
) -> None:
    """Claim waits for a chosen row, and nothing said so: a disabled button alone. The bar now says
    "Choose a route to claim" while no row is chosen, in words shown whole beside Claim at every
    width (the side column is narrowest at 900 px), and drops the line once a row is chosen."""
    settings = {
        "variant": "usa",
        "players": 2,
        "seats": SEATS,
        "setup": EVERY_KIND["usa"],
        "speed": "instant",
    }
    if lang == "de":
        start_in_german(page, server, size, settings)
    else:
        page.set_viewport_size({"width": size[0], "height": size[1]})
        page.goto(server.url + "?botDelay=0")
        page.wait_for_selector("#app[data-ui-state=new-game]")
        new_game(page, settings)
    page.click("[data-testid=tab-routes]")
    at = page.evaluate(BAR)
    snapshot(page, f"bar-{lang}-{size[0]}x{size[1]}")
    prompt, claim, bar = at["prompt"], at["claim"], at["bar"]
    assert (
        prompt and prompt["text"] == {"en": "Choose a route to claim", "de": "Wähle erst eine Strecke"}[lang]
    )
    assert not page.is_enabled("[data-testid=route-claim]")
    assert page.get_attribute("[data-testid=route-claim]", "aria-describedby") == "route-prompt"
    for line in (at["count"], prompt):  # whole, at most two lines, left of Claim, inside the bar
        assert not line["cut"] and line["lines"] <= 2, at
        assert bar["left"] - 0.5 <= line["left"] and line["right"] <= claim["left"] + 0.5, at
    assert claim["lines"] == 1 and not claim["cut"] and claim["right"] <= bar["right"] + 0.5, at
    page.locator("[data-testid=route-option]").nth(1).click()
    assert page.is_enabled("[data-testid=route-claim]")
    assert page.evaluate(BAR)["prompt"] is None  # chosen: the line goes
    assert page.is_visible("[data-testid=route-count]")


def test_a_rough_terrain_row_says_its_cost_as_the_map_tip_does(page: Page, server, snapshot) -> None:
    """Casablanca – Marseille is 1 space of rough terrain: every way to claim it takes 2 cards. Its
    row read "1 × gray train · 1 point" alone while the map's tip said so; the row now says it in
    the tip's own words, in English and German, and a route without rough terrain says nothing more."""
    page.goto(server.url + "?botDelay=0")
    page.wait_for_selector("#app[data-ui-state=new-game]")
    new_game(
        page, {"variant": "world", "players": 2, "seats": SEATS, "setup": WORLD_MANY, "speed": "instant"}
    )
    page.click("[data-testid=tab-routes]")
    row = page.locator("[data-testid=route-option][data-route=CAS-MRS]")
    assert row.inner_text().split("\n")[1:] == [
        "1 × gray train · 1 point",
        "1 rough-terrain space: 2 cards of one colour",
    ]
    # Every legal claim of it pays 2 cards (the engine's list, not the page's rule).
    claims = [a["text"] for a in page.evaluate(STATE)["legal"] if a.get("route") == "CAS-MRS"]
    assert claims and all(sum(int(p[0]) for p in c.split()[2:]) == 2 for c in claims), claims
    page.mouse.move(*route_point(page, "CAS-MRS"))
    tip = page.wait_for_selector("[data-testid=route-tip]:visible [data-testid=route-note]")
    assert tip.inner_text() == row.locator("[data-testid=route-note]").inner_text()
    assert (
        page.locator("[data-testid=route-option][data-route=CAS-LAG] [data-testid=route-note]").count() == 0
    )
    row.scroll_into_view_if_needed()
    snapshot(page, "rough-row-1280x800")
    page.click("[data-testid=lang-de]")
    page.click("[data-testid=tab-routes]")
    note = page.inner_text("[data-testid=route-option][data-route=CAS-MRS] [data-testid=route-note]")
    assert note == "1 unwegsames Feld: 2 Karten einer Farbe"


def test_letters_typed_in_the_list_find_a_route_and_draw_no_card(page: Page, server) -> None:
    """Type-ahead, as in any listbox: a city's first letters choose its route. Before, "D" typed
    in the list to find Denver drew a card from the deck (the game's key) and ended the choice;
    a space within a name claims nothing (Space claims the chosen row once typing has paused)."""
    rows = open_routes(page, server)
    names = [r["text"].split("\n")[0] for r in rows]
    page.locator("[data-testid=route-option]").nth(0).click()
    log = len(page.evaluate(STATE)["view"]["log"])

    def starting(prefix: str) -> list[str]:
        return [r["route"] for r, n in zip(rows, names) if n.lower().startswith(prefix)]

    d_rows = starting("d")
    assert len(d_rows) >= 2, names
    page.keyboard.press("d")
    assert page.evaluate(GLOW) == [d_rows[0]]
    page.keyboard.press("d")  # the same letter again steps on to the next D route
    assert page.evaluate(GLOW) == [d_rows[1]]
    assert page.evaluate("() => document.activeElement.dataset.route") == d_rows[1]
    page.wait_for_timeout(900)  # a pause starts a new search
    page.keyboard.type("sa", delay=50)
    assert page.evaluate(GLOW) == [starting("sa")[0]]
    page.wait_for_timeout(900)
    page.keyboard.type("new y", delay=50)  # a space typed within a name does not claim
    assert starting("new y") and page.evaluate(GLOW) == [starting("new y")[0]]
    assert page.get_attribute("#app", "data-ui-state") == "playing"
    assert len(page.evaluate(STATE)["view"]["log"]) == log  # no card was drawn


def test_with_nothing_to_claim_the_tab_says_so_once(page: Page, server) -> None:
    """An empty hand claims nothing: the list's line says so, with no empty count and no Claim
    button that can do nothing beside it."""
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(server.url + "?botDelay=0")
    page.wait_for_selector("#app[data-ui-state=new-game]")
    setup = {**EVERY_KIND["usa"], "hands": [[], ["red"] * 4]}
    new_game(page, {"variant": "usa", "players": 2, "seats": SEATS, "setup": setup, "speed": "instant"})
    page.click("[data-testid=tab-routes]")
    assert page.inner_text("[data-testid=route-list]") == "No route can be claimed now"
    assert not page.is_visible("[data-testid=route-claim]") and not page.is_visible(
        "[data-testid=route-count]"
    )
    assert page.is_visible("[data-testid=routes-help]")


# A classic hand that makes the Hint claim a route (Denver – Oklahoma City, on the way to the ticket).
HINT_CLAIMS = {
    "hands": [["red"] * 6 + ["blue"] * 6 + ["orange"] * 6 + ["loco"] * 2, ["red"] * 4],
    "tickets": [["DEN-ELP"], ["SEA-LA"]],
}

# Where the hinted route shows: its row (the window's top and bottom of it) and the middle of its
# track on the map, and the band of the window that the top bar and the floating hint leave free.
HINTED = """() => { const row = document.querySelector('[data-testid=route-option][aria-selected=true]');
  const r = row.getBoundingClientRect();
  const panel = document.querySelector('#panel-routes').getBoundingClientRect();
  const bar = document.querySelector('.route-bar').getBoundingClientRect();
  const c = document.querySelector('[data-testid=board-canvas]').getBoundingClientRect();
  const p = window.__railtrip.board.routePoint(row.dataset.route);
  return { route: row.dataset.route, top: r.top, bottom: r.bottom, panelBottom: panel.bottom, barBottom: bar.bottom,
    mapY: c.top + p.y, bandTop: document.querySelector('.topbar').getBoundingClientRect().bottom,
    bandBottom: document.querySelector('[data-testid=hint-box]').getBoundingClientRect().top, scrollY }; }"""


def ask_for_a_hint(page: Page) -> dict:
    page.click("[data-testid=hint]")
    page.wait_for_function(
        "() => { const e = document.querySelector('[data-testid=hint-text]');"
        " return e && e.checkVisibility() && !/thinking/.test(e.textContent); }"
    )
    page.wait_for_timeout(200)  # a scroll, if any, has landed
    return page.evaluate(HINTED)


def test_a_hint_on_a_phone_leaves_its_route_in_view(browser, server, page_errors, snapshot, request) -> None:
    """On a phone with the Routes tab open, the Hint scrolled the page ~650 px from the map down to
    the route's row, which then lay under the floating hint, the map's glow out of view. Now the
    row is scrolled within the list alone: from the top of the page the map stays in view with the
    route glowing on it; from the list, the row comes into view above the hint."""
    context = new_context(browser, request, **PHONE)
    page = context.new_page()
    page.on("console", page_errors.console)
    page.on("pageerror", page_errors.page_error)
    try:
        page.goto(server.url + "?botDelay=0")
        page.wait_for_selector("#app[data-ui-state=new-game]")
        new_game(
            page, {"variant": "usa", "players": 2, "seats": SEATS, "setup": HINT_CLAIMS, "speed": "instant"}
        )
        page.click("[data-testid=tab-routes]")
        page.evaluate("() => window.scrollTo(0, 0)")
        at = ask_for_a_hint(page)
        snapshot(page, "hint-from-the-top-390x844")
        assert at["scrollY"] == 0, at  # the page stays at the map
        assert at["bandTop"] < at["mapY"] < at["bandBottom"], at  # where the route glows
        assert page.evaluate(GLOW) == [at["route"]]
        # Its row was brought into the list's own view, clear of the count and Claim above it.
        assert at["barBottom"] - 1 <= at["top"] and at["bottom"] <= at["panelBottom"] + 1, at
        page.click("[data-testid=hint-close]")
        page.evaluate("() => document.querySelector('#panel-routes').scrollTop = 0")
        page.locator("[data-testid=tab-routes]").evaluate("el => el.scrollIntoView({ block: 'start' })")
        at = ask_for_a_hint(page)  # from the list (the map out of view): its row, above the hint
        snapshot(page, "hint-from-the-list-390x844")
        assert at["bandTop"] - 1 <= at["top"] and at["bottom"] <= at["bandBottom"] + 1, at
        assert at["barBottom"] - 1 <= at["top"] and at["bottom"] <= at["panelBottom"] + 1, at
    finally:
        context.close()
    assert not page_errors.messages, page_errors.messages


def test_the_routes_tab_opens_at_the_hinted_route(page: Page, server) -> None:
    """The Hint chooses its route in the Routes tab, but the tab opened later showed the top of
    the list with the row out of sight (a player scrolled 81 rows to find it). Opened after the
    Hint, the tab now shows the row."""
    page.set_viewport_size({"width": 1280, "height": 800})
    page.goto(server.url + "?botDelay=0")
    page.wait_for_selector("#app[data-ui-state=new-game]")
    setup = {**HINT_CLAIMS, "hands": [HINT_CLAIMS["hands"][0] + ["black"] * 6 + ["white"] * 6, ["red"] * 4]}
    new_game(page, {"variant": "usa", "players": 2, "seats": SEATS, "setup": setup, "speed": "instant"})
    page.click("[data-testid=hint]")
    page.wait_for_function(
        "() => { const e = document.querySelector('[data-testid=hint-text]');"
        " return e && e.checkVisibility() && !/thinking/.test(e.textContent); }"
    )
    page.click("[data-testid=tab-routes]")
    at = page.evaluate(HINTED)
    assert at["barBottom"] - 1 <= at["top"] and at["bottom"] <= at["panelBottom"] + 1, at
