"""Player review (issue 13), first impressions and words: the page is dark from its first frame
(no light flash before the style sheets arrive), and the replay viewer's icons mean what they show
(▶ plays, a chevron steps once)."""

from __future__ import annotations

import struct
import zlib

import pytest
from playwright.sync_api import Page, Route

from e2e.helpers import keep_tickets
from e2e.test_review_access import not_cut
from e2e.test_review_choices import SIZES
from e2e.test_share_offline import REPLAY_IDLE, SEATS, Q, app, goto_ready, played_game
from pyengine.bots import bot_action
from pyengine.game import Game
from pyengine.links import game_link


def pixel(png: bytes) -> tuple[int, int, int]:
    """The first pixel of a PNG screenshot (8-bit RGB or RGBA, as Chromium writes them)."""
    pos, idat, width = 8, b"", 0
    while pos < len(png):
        length, tag = struct.unpack(">I4s", png[pos : pos + 8])
        data = png[pos + 8 : pos + 8 + length]
        if tag == b"IHDR":
            width, _, depth = struct.unpack(">IIB", data[:9])
            assert depth == 8
        elif tag == b"IDAT":
            idat += data
        pos += 12 + length
    raw = zlib.decompress(idat)
    assert width >= 1 and raw[0] in range(5)  # no filter needs a left or upper neighbour for pixel 0
    return raw[1], raw[2], raw[3]


@pytest.mark.parametrize("size", SIZES, ids=["1280x800", "390x844"])
def test_the_page_is_dark_before_its_style_sheets_arrive(page: Page, server, snapshot, size) -> None:
    """What the browser paints before any of our CSS applies: the style sheets come back empty and
    the app's script is held, so the first frame is the bare loading screen. It must be dark (the
    document asks for the dark colour scheme), not the browser's white."""
    page.set_viewport_size({"width": size[0], "height": size[1]})
    held: list[Route] = []
    page.route("**/*.css", lambda route: route.fulfill(status=200, content_type="text/css", body=""))
    page.route("**/main.js", lambda route: held.append(route))
    page.goto(server.url + Q, wait_until="commit")  # main.js is held: no DOMContentLoaded
    page.wait_for_selector("#loading-title")
    assert (
        page.evaluate("[...document.styleSheets].reduce((n, s) => n + s.cssRules.length, 0)") == 0
    )  # none of our CSS
    snapshot(page, "unstyled")
    for x, y in [(2, 2), (size[0] - 3, size[1] - 3), (size[0] // 2, size[1] - 40)]:
        r, g, b = pixel(page.screenshot(clip={"x": x, "y": y, "width": 1, "height": 1}))
        assert max(r, g, b) < 80, ((x, y), (r, g, b))  # dark, not white or beige
    text = page.evaluate("getComputedStyle(document.querySelector('#loading-title')).color")
    assert text not in ("rgb(0, 0, 0)",), text  # and the text is light on it
    for route in held:
        route.fulfill(status=200, content_type="text/javascript", body="")  # the app never starts


@pytest.mark.parametrize("size", SIZES, ids=["1280x800", "390x844"])
def test_replay_icons_mean_what_they_show(page: Page, server, snapshot, size) -> None:
    """▶ is play (as on every media player) and ❚❚ pause; one step back/forward is a chevron, the
    ends are |◀ and ▶|. (It was ▶▶ for play and ▶ for one step, which reads the other way round.)"""
    page.set_viewport_size({"width": size[0], "height": size[1]})
    game = played_game(12)
    # Moves shown 0.5 s apart while playing: time enough to see the pause icon and press it.
    goto_ready(page, server.url + "?botDelay=500#" + game_link(game, {"seats": SEATS}))
    page.wait_for_function(REPLAY_IDLE)
    page.eval_on_selector(
        "[data-testid=replay-slider]",
        "s => { s.value = '3'; s.dispatchEvent(new Event('input', {bubbles: true})); }",
    )
    page.wait_for_function(
        "() => document.getElementById('app').dataset.replayPos === '3' && document.getElementById('app').dataset.replayBusy === 'false'"
    )
    icon = {
        name: page.inner_text(f"[data-testid=replay-{name}]").strip()
        for name in ("first", "back", "play", "forward", "last")
    }
    assert icon == {"first": "|◀", "back": "‹", "play": "▶", "forward": "›", "last": "▶|"}
    snapshot(page, "replay-bar")
    # The single ▶ starts playing (and turns into pause) ...
    assert page.get_attribute("[data-testid=replay-play]", "aria-label") == "Play"
    page.click("[data-testid=replay-play]")
    page.wait_for_function("() => document.getElementById('app').dataset.replayPlaying === 'true'")
    assert page.inner_text("[data-testid=replay-play]").strip() == "❚❚"
    page.click("[data-testid=replay-play]")
    page.wait_for_function(REPLAY_IDLE)
    assert app(page)["replayPlaying"] == "false"
    assert page.inner_text("[data-testid=replay-play]").strip() == "▶"
    # ... and the chevron goes exactly one move on.
    pos = int(app(page)["replayPos"])
    if pos >= 12:
        page.click("[data-testid=replay-back]")
        page.wait_for_function(
            f"() => document.getElementById('app').dataset.replayPos === '{pos - 1}' && document.getElementById('app').dataset.replayBusy === 'false'"
        )
        pos -= 1
    page.click("[data-testid=replay-forward]")
    page.wait_for_function(
        f"() => document.getElementById('app').dataset.replayPos === '{pos + 1}' && document.getElementById('app').dataset.replayBusy === 'false'"
    )
    assert app(page)["replayPlaying"] == "false"


@pytest.mark.parametrize("size", [(844, 390), (1280, 800)], ids=["844x390", "1280x800"])
def test_the_replay_controls_stay_in_view_where_the_page_scrolls(page: Page, server, snapshot, size) -> None:
    """A phone turned sideways scrolls the replay's page: its controls stay at the top (they
    scrolled away with the game's top bar). Where everything fits, the page is not marked as
    scrolling (html.page-scrolls, measured again after the replay's screen settles)."""
    page.set_viewport_size({"width": size[0], "height": size[1]})
    game = played_game(12)
    goto_ready(page, server.url + "?botDelay=0#" + game_link(game, {"seats": SEATS}))
    page.wait_for_function(REPLAY_IDLE)
    scrolls = page.evaluate("() => document.documentElement.scrollHeight > innerHeight")
    assert scrolls == (size[1] < 500)
    page.wait_for_function(
        "s => document.documentElement.classList.contains('page-scrolls') === s", arg=scrolls
    )
    if scrolls:
        page.evaluate("() => window.scrollTo(0, document.documentElement.scrollHeight)")
        page.wait_for_function("() => window.scrollY > 0")
    bar = page.locator("[data-testid=replay-bar]").bounding_box()
    assert bar and abs(bar["y"]) <= 1, bar
    play = page.locator("[data-testid=replay-play]").bounding_box()
    assert play and play["y"] >= 0 and play["y"] + play["height"] <= size[1], play
    snapshot(page, f"replay-scrolled-{size[0]}x{size[1]}")


# The text a select shows and the room it has for it (its box less padding and the arrow, ~18-20 px).
SELECT_TEXT_ROOM = """(s) => { const cs = getComputedStyle(s);
  const ctx = document.createElement('canvas').getContext('2d'); ctx.font = cs.font;
  const text = s.options[s.selectedIndex].text;
  return [text, ctx.measureText(text).width,
    s.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight) - 18]; }"""


def test_the_replays_choices_show_whole_on_a_german_phone(page: Page, server) -> None:
    """Whose cards the replay shows: "niemandem (verdeckt)" was cut to "niemandem (verde" on a
    phone (the select was held to 10rem)."""
    page.add_init_script("try { localStorage.setItem('railtrip.lang', 'de'); } catch (e) {}")
    page.set_viewport_size({"width": 390, "height": 844})
    goto_ready(page, server.url + "?botDelay=0#" + game_link(played_game(12), {"seats": SEATS}))
    page.wait_for_function(REPLAY_IDLE)
    page.select_option("[data-testid=replay-viewer]", "")
    for testid in ("replay-viewer", "takeover-seat"):
        text, needs, room = page.eval_on_selector(f"[data-testid={testid}]", SELECT_TEXT_ROOM)
        assert needs <= room, (testid, text, needs, room)
    assert page.inner_text("[data-testid=replay-viewer] option:checked") == "niemandem (verdeckt)"


KINDS = ["red", "orange", "yellow", "green", "blue", "purple", "black", "white", "loco"]
EVERY_KIND = {  # a hand of every kind of card (Rails & Sails shows its cards' forms, not their colours' names)
    "usa": {"hands": [KINDS, ["red"] * 4], "tickets": [["DEN-ELP"], ["SEA-LA"]]},
    "cardgame": {"hands": [KINDS, ["red"] * 4], "tickets": [["SEA-LA"], ["NY-MIA"]]},
}
PERSON = """() => { const a = document.getElementById('app').dataset;
  return ['choose-tickets', 'choose-pieces'].includes(a.uiState)
    || (a.uiState === 'playing' && a.myTurn === 'true' && a.busy === 'false'); }"""


def new_game(page: Page, settings: dict) -> None:
    """A new game (seed 8 unless `settings` says), up to the person's first move."""
    page.evaluate("s => window.__railtripNewGame(s)", {"seed": 8, **settings})
    page.wait_for_function(PERSON)


def start_in_german(page: Page, server, size: tuple[int, int], settings: dict) -> None:
    """A new game (seed 8 and `settings`) in German in a window of `size`, up to the person's move."""
    page.set_viewport_size({"width": size[0], "height": size[1]})
    page.goto(server.url + "?botDelay=0")
    page.wait_for_selector("#app[data-ui-state=new-game]")
    page.click("[data-testid=lang-de]")
    new_game(page, settings)


@pytest.mark.parametrize("variant", sorted(EVERY_KIND))
@pytest.mark.parametrize("size", [(390, 844), (900, 700)], ids=["390x844", "900x700"])
def test_every_card_name_fits_its_card_in_german(page: Page, server, variant: str, size) -> None:
    """German has the longest card names ("Schwarz"): each one stays inside its card on a phone and
    on a tablet, where the hand's cards are narrowest (it ran over both edges of the card)."""
    start_in_german(
        page, server, size, {"variant": variant, "players": 2, "setup": EVERY_KIND[variant], "seats": SEATS}
    )
    names = page.eval_on_selector_all(
        "[data-testid=hand] .card-name",
        """els => els.map((e) => {
          const card = e.closest('.card').getBoundingClientRect(), name = e.getBoundingClientRect();
          return [e.textContent, name.left >= card.left + 1 && name.right <= card.right - 1]; })""",
    )
    assert len(names) >= 9 and "Schwarz" in [name for name, _ in names], names
    assert all(inside for _, inside in names), [name for name, inside in names if not inside]


FOUR = [
    {"name": "Ann", "kind": "human", "bot": None, "color": "red"},
    {"name": "Bartholomäus", "kind": "bot", "bot": "easy", "color": "blue"},
    {"name": "Clara", "kind": "bot", "bot": "easy", "color": "green"},
    {"name": "Dietrich", "kind": "bot", "bot": "easy", "color": "yellow"},
]


@pytest.mark.parametrize("variant", ["usa", "world", "cardgame"])
@pytest.mark.parametrize("size", [(390, 844), (900, 700)], ids=["390x844", "900x700"])
def test_what_to_do_and_who_plays_show_whole(page: Page, server, variant: str, size) -> None:
    """At a table of four, in German: the status line's whole list of what the player may do, each
    player's name (a seat's kind gives way first) and Rails & Sails' market hint. Between the
    phone and the desktop the status was cut after "Strecke bauen …", a long name after
    "Barthol…", and on a phone the hint lost which deck refills."""
    start_in_german(page, server, size, {"variant": variant, "players": 4, "seats": FOUR, "speed": "instant"})
    while page.get_attribute("#app", "data-ui-state") in ("choose-tickets", "choose-pieces"):
        if page.get_attribute("#app", "data-ui-state") == "choose-tickets":
            keep_tickets(page)
        else:
            page.click("[data-testid=pieces-confirm]")
        page.wait_for_function(PERSON)
    assert page.get_attribute("#app", "data-ui-state") == "playing"
    assert "dran" in page.inner_text(".status-main")
    for selector in (".status-main", ".pname", ".wslots-hint"):
        not_cut(page, selector)


def select_shows_whole(page: Page, selector: str) -> None:
    """Every option of the select, once chosen, shows whole in its box."""
    for value in page.eval_on_selector(selector, "s => [...s.options].map((o) => o.value)"):
        page.select_option(selector, value)
        text, needs, room = page.eval_on_selector(selector, SELECT_TEXT_ROOM)
        assert needs <= room, (selector, text, needs, room)


def test_a_chosen_option_shows_whole_on_a_german_phone(page: Page, server) -> None:
    """On a phone, in German: a seat played by a person on this device ("Mensch (gleiches Gerät)"
    was cut to "Mensch (gl" beside the strength it does not have), every computer speed in the
    game's menu ("Sofort" read "Sof"). (The Routes tab's rows: test_review_routes.py.)"""
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(server.url + "?botDelay=0")
    page.wait_for_selector("#app[data-ui-state=new-game]")
    page.click("[data-testid=lang-de]")
    page.select_option("[data-testid=seat-1-kind]", "human")
    assert not page.is_visible("[data-testid=seat-1-bot]")
    select_shows_whole(page, "[data-testid=seat-1-kind]")
    page.select_option("[data-testid=seat-1-kind]", "bot")
    assert page.is_visible("[data-testid=seat-1-bot]")
    new_game(
        page, {"variant": "usa", "players": 2, "seats": SEATS, "setup": EVERY_KIND["usa"], "speed": "instant"}
    )
    page.click("[data-testid=menu]")
    select_shows_whole(page, "[data-testid=menu-speed]")
    page.click("[data-testid=menu]")


@pytest.mark.parametrize("variant", ["usa", "cardgame"])
def test_the_game_menu_opens_inside_a_phones_window(page: Page, server, variant: str) -> None:
    """The card game's menu button sits mid-way along a phone's top bar: its menu ran 15 px off
    the left edge, cutting "Neues Spiel". It now stays inside the window in both games, also when
    the window changes while it is open."""
    start_in_german(
        page, server, (390, 844), {"variant": variant, "players": 2, "seats": SEATS, "speed": "instant"}
    )
    if page.get_attribute("#app", "data-ui-state") == "choose-tickets":
        keep_tickets(page)
        page.wait_for_function(PERSON)
    page.click("[data-testid=menu]")
    for width, height in ((390, 844), (844, 390), (320, 640)):  # open, then the phone turns, then narrower
        page.set_viewport_size({"width": width, "height": height})
        page.wait_for_timeout(150)
        box = page.locator(".menu-panel").bounding_box()
        assert box and box["x"] >= 0 and box["x"] + box["width"] <= width, (width, box)
    assert page.is_visible("[data-testid=menu-new-game]")


ISOLATES = str.maketrans("", "", "\u2068\u2069")


def test_saved_games_and_the_replay_count_turns_not_rounds(page: Page, server, snapshot) -> None:
    """The engine counts every player's turns (view.turn) and has no rounds: German said "Runde 93"
    in a game of ~31 rounds, beside the replay's "Zug 219 von 219", which counts actions. Now a turn
    is a "Zug" (the saved list, Continue, the review) and the replay steps through "Aktionen". On a
    phone Continue takes its own row, so "Anna, Ben, Bruno · Zug 28" is one line, not six."""
    game = Game.new("usa", players=3, seed=11)
    while len(game.actions) < 60:
        game.apply(bot_action(game, "easy"))
    turn = game.view(0)["turn"]
    assert len(game.actions) > turn + 1 > 3  # actions, turns and rounds are three numbers
    seats = [
        {"name": n, "kind": k, "bot": b, "color": c}
        for n, k, b, c in [
            ("Anna", "human", None, "red"),
            ("Ben", "bot", "easy", "blue"),
            ("Bruno", "bot", "easy", "green"),
        ]
    ]
    record = game.record({"seats": seats})
    settings = {"variant": "usa", "players": 3, "seed": record["seed"], "seats": seats, "speed": "instant"}
    page.add_init_script("try { localStorage.setItem('railtrip.lang', 'de'); } catch (e) {}")
    page.set_viewport_size({"width": 390, "height": 844})
    goto_ready(page, server.url + "?botDelay=0")
    page.evaluate(
        "e => localStorage.setItem('railtrip.save.e2e-turns', JSON.stringify(e))",
        {"record": record, "settings": settings, "turn": turn, "savedAt": 1},
    )
    page.reload()
    page.wait_for_selector("#app[data-ui-state=new-game] [data-testid=continue-game]")
    label = page.locator("[data-testid=continue-game] small")
    assert label.inner_text().translate(ISOLATES) == f"Anna, Ben, Bruno · Zug {turn + 1}"
    one_line = label.evaluate(
        "e => e.getBoundingClientRect().height < 2 * parseFloat(getComputedStyle(e).fontSize)"
    )
    assert one_line, label.bounding_box()
    row = page.locator("[data-testid=save-row][data-save-id=e2e-turns] .save-detail").inner_text()
    assert f"Zug {turn + 1}" in row and "Runde" not in row, row
    page.locator("[data-testid=continue-game]").scroll_into_view_if_needed()
    snapshot(page, "continue-de-390")
    # The replay of the same game: actions ("Aktion n von m") and the turn ("Zug t").
    goto_ready(page, server.url + "?botDelay=0#" + game_link(game, {"seats": seats}))
    page.wait_for_function(REPLAY_IDLE)
    position = page.inner_text("[data-testid=replay-position]")
    total = len(game.actions)
    assert position == f"Aktion {total} von {total} · Zug {turn + 1}", position
