"""Player review (issue 13), the card game's table: a hand of all nine kinds of card fits without
scrolling sideways (no selected card hidden), one set of rules (the Rules page of the menu, no
old "How to play"), big-city names in full, and data-my-turn while the ticket dialog is open."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page

from e2e.helpers import PERSON_TO_ACT, start_game_on_page, wait_for_app_state
from e2e.test_review_choices import SIZES
from e2e.test_review_map import MIDDLE, overlaps
from pyengine.advice import proposal
from pyengine.bots import bot_action
from pyengine.game import Game
from pyengine.links import game_link

KINDS = ["red", "orange", "yellow", "green", "blue", "purple", "black", "white", "loco"]
NINE = {"hands": [[k for k in KINDS for _ in range(3)], ["red"] * 4], "tickets": [["SEA-LA"], ["NY-MIA"]]}


def start(page: Page, server, size: tuple[int, int], setup: dict | None) -> None:
    start_game_on_page(page, server, {"variant": "cardgame", "seed": 4, "setup": setup}, size)


@pytest.mark.parametrize("size", [*SIZES, *MIDDLE], ids=["1280x800", "390x844", "1024x768", "900x700"])
def test_nine_kinds_of_card_fit_and_selected_cards_show(page: Page, server, snapshot, size) -> None:
    start(page, server, size, NINE)
    for card in ["red", "white", "loco"]:
        page.click(f"[data-testid=hand-{card}]")
    hand = page.locator("[data-testid=hand]")
    scroll = hand.evaluate("e => [e.scrollWidth, e.clientWidth]")
    assert scroll[0] <= scroll[1], scroll  # nothing to scroll sideways
    box = hand.bounding_box()
    for card in KINDS:
        b = page.locator(f"[data-testid=hand-{card}]").bounding_box()
        assert b["x"] >= box["x"] - 1 and b["x"] + b["width"] <= box["x"] + box["width"] + 1, card
        assert b["x"] + b["width"] <= size[0] and b["width"] >= 44  # a fair target, on screen
        # In a window narrower than the desktop a second row of cards used to run over the play bar.
        bar = page.locator(".cg-playbar").bounding_box()
        assert b["y"] + b["height"] <= bar["y"] + 1, (card, b, bar)
    if size[0] == 1280:  # one row on a desktop
        tops = [page.locator(f"[data-testid=hand-{c}]").bounding_box()["y"] for c in KINDS]
        assert max(tops) - min(tops) < 40, tops  # (a selected card stands a little higher)
    snapshot(page, "hand")


@pytest.mark.parametrize("size", SIZES, ids=["1280x800", "390x844"])
def test_one_set_of_rules_and_whole_city_names(page: Page, server, size) -> None:
    start(page, server, size, NINE)
    assert page.locator(".cg-howto").count() == 0
    page.click("[data-testid=menu]")
    assert page.locator("[data-testid=menu-rules]").count() == 0  # the old "How to play" dialog
    assert page.is_visible("[data-testid=menu-rules-page]")
    page.click("[data-testid=menu]")
    for name in page.locator(".cg-city-name").all():
        assert name.evaluate("e => e.scrollWidth <= e.clientWidth && e.scrollHeight <= e.clientHeight + 1"), (
            name.inner_text()
        )
    assert "Los Angeles" in page.inner_text("[data-testid=bonus-cards]")


def test_my_turn_while_the_ticket_dialog_is_open(page: Page, server) -> None:
    start(page, server, (1280, 800), None)
    page.wait_for_selector("#app[data-ui-state=choose-tickets]")
    assert page.get_attribute("#app", "data-my-turn") == "true"
    page.check("[data-testid=ticket-options] input >> nth=0", force=True)
    page.click("[data-testid=ticket-confirm]")
    page.wait_for_function(PERSON_TO_ACT)
    page.click("[data-testid=ticket-deck]")
    page.wait_for_selector("#app[data-ui-state=choose-tickets]")
    assert page.get_attribute("#app", "data-my-turn") == "true"


@pytest.mark.parametrize("size", MIDDLE, ids=["1024x768", "900x700"])
def test_the_market_fits_a_window_narrower_than_the_desktop(page: Page, server, size) -> None:
    """At 900 px the market was cut at both ends (the deck's left edge, the discard count)."""
    start(page, server, size, NINE)
    parts = ["deck", *(f"market-slot-{i}" for i in range(5)), "ticket-deck"]
    boxes = [page.locator(f"[data-testid={part}]").bounding_box() for part in parts]
    for i, a in enumerate(boxes):
        assert a["x"] >= 0 and a["x"] + a["width"] <= size[0], parts[i]
        assert a["width"] >= 44, parts[i]
        for j in range(i + 1, len(boxes)):
            assert not overlaps(a, boxes[j]), (parts[i], parts[j])
    assert page.locator(".cg-discard").evaluate("e => e.scrollWidth <= e.clientWidth + 1")
    assert page.evaluate("() => document.documentElement.scrollWidth") <= size[0]


@pytest.mark.parametrize("size", [(1280, 600), (844, 390)], ids=["short", "sideways"])
def test_a_short_window_scrolls_to_the_play_bar(page: Page, server, size) -> None:
    """Under ~630 px of height the play bar used to be cut off at the bottom of the screen."""
    start(page, server, size, NINE)
    mine = page.locator("[data-testid=my-area]").bounding_box()
    bar = page.locator(".cg-playbar").bounding_box()
    assert bar["y"] + bar["height"] <= mine["y"] + mine["height"] + 1, (bar, mine)
    for card in KINDS:
        b = page.locator(f"[data-testid=hand-{card}]").bounding_box()
        assert b["y"] + b["height"] <= bar["y"] + 1, card
    page.click("[data-testid=hand-red]")
    page.click("[data-testid=hand-red]")
    page.locator("[data-testid=play-cards]").scroll_into_view_if_needed()
    assert page.locator("[data-testid=play-cards]").is_enabled()


def test_the_others_names_stay_readable_on_a_phone(page: Page, server) -> None:
    """Two others side by side on a phone, each with its numbers and completed tickets: the
    numbers move under a name rather than cutting it to a letter or two. (A replay, whose hand
    shows a seat's cards under that seat's name, with nothing to play.)"""
    game = Game.new("cardgame", players=3, seed=8)
    while not game.is_over:
        game.apply(bot_action(game, "easy"))
    seats = [
        {"name": name, "kind": "bot", "bot": "easy", "color": color}
        for name, color in (("Ada", "red"), ("Bruno", "blue"), ("Clara", "green"))
    ]
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(server.url + "?botDelay=0#" + game_link(game, {"seats": seats}))
    assert wait_for_app_state(page, "ready", "error") == "ready"
    page.wait_for_selector("#app[data-ui-state=replay]")
    page.wait_for_selector("[data-testid^=player-completed-]")
    # A name is cut by its own ellipsis or by the name column around it (overflow hidden).
    cut = page.eval_on_selector_all(
        ".cg-opp .pname",
        """els => els.filter(e => e.scrollWidth > e.clientWidth
            || e.getBoundingClientRect().right > e.parentElement.getBoundingClientRect().right + 0.5)
          .map(e => e.textContent)""",
    )
    assert page.locator(".cg-opp .pname").count() == 3 and not cut, cut
    # With nobody's cards shown the own area says once that hands stay hidden (its rail-yard block
    # said so too); every seat's rail yard stands with its name above.
    mine = page.inner_text("[data-testid=my-area]")
    assert mine.count("Hands stay hidden in a replay") == 1, mine
    for seat in range(3):
        yard = page.locator(f"[data-testid=yard-{seat}]")
        assert (
            yard.count() == 1
            and page.locator(f"[data-testid=player-{seat}] [data-testid=yard-{seat}]").is_visible()
        )
    # A replay plays nothing: the hand's play bar is not offered, with or without a seat's cards.
    assert not page.is_visible(".cg-playbar")
    page.select_option("[data-testid=replay-viewer]", "1")
    page.wait_for_selector("[data-testid=hand] [data-count]")
    assert not page.is_visible(".cg-playbar") and page.locator("[data-testid=hand] button").count() == 0
    assert page.locator("[data-testid=my-area] [data-testid=yard-1]").is_visible()  # Bruno's, as his cards
    assert (
        page.inner_text("[data-own-title=hand]").replace("\u2068", "").replace("\u2069", "")
        == "BRUNO'S CARDS"
    )
    # Nobody thinks in a replay: stepped back into the game, the seat to move shows no dots.
    slider = page.locator("[data-testid=replay-slider]")
    slider.focus()
    slider.press("Home")
    page.wait_for_selector("#app[data-ply='0'][data-replay-busy=false]")
    for ply in range(1, 7):  # to ply 6, a bot's turn of the main phase, one step at a time
        slider.press("ArrowRight")
        page.wait_for_selector(f"#app[data-ply='{ply}'][data-replay-busy=false]")
    assert page.get_attribute("#app", "data-phase") == "main"
    assert page.locator(".thinking").count() == 0


def test_the_hand_is_a_list_of_its_kinds_for_a_screen_reader(page: Page, server) -> None:
    """The hand is a list whose items are the card kinds held, each named with its count (it was a
    "group" holding list items, which a screen reader does not read as a list)."""
    start(page, server, (1280, 800), NINE)
    hand = page.locator("[data-testid=hand]")
    assert hand.get_attribute("role") == "list"
    roles = hand.evaluate("e => [...e.children].map((c) => c.getAttribute('role'))")
    assert roles == ["listitem"] * len(KINDS), roles


def test_the_log_names_the_locomotive_a_row_gives_to_the_pile(page: Page, server) -> None:
    """Phase 1 moves the top card of each row, a locomotive first; the log named the row's colour
    ("1 card moved … (red)") when the card that moved was a locomotive."""
    setup = {
        "hands": [["blue"] * 3, ["green"] * 3],
        "tickets": [["SEA-LA"], ["NY-MIA"]],
        "yards": [{}, {"red": ["red", "red", "loco"], "white": ["white"]}],
    }
    start(page, server, (1280, 800), setup)
    page.click("[data-testid=deck]")
    page.click("[data-testid=deck]")
    page.wait_for_function(PERSON_TO_ACT)
    line = page.locator("[data-testid=log-entry]", has_text="turn begins").first.inner_text()
    assert (
        "2 cards moved from the rail yard to the on-the-way pile (locomotive from the red row, white)" in line
    ), line


def test_the_hint_selects_the_cards_of_the_play_it_proposes(page: Page, server) -> None:
    """A hint to play ("Play 4 × purple + 1 × locomotive to your rail yard") selected nothing: the
    person tapped each card in. Now the hand holds the hint's cards selected, ready to play, as a
    route hint selects its route on the map."""
    game = Game.new("cardgame", players=2, seed=4)
    while len(game.actions) < 21:
        game.apply(bot_action(game, "normal"))
    ranked, _ = proposal(game, "hard", None, hint=True)
    play = ranked[0][0].to_json()
    assert play["kind"] == "play" and game.current_player == 0, play  # the position this test is about
    seats = [
        {"name": "Ann", "kind": "human", "bot": None, "color": "green"},
        {"name": "Bea", "kind": "bot", "bot": "normal", "color": "yellow"},
    ]
    page.set_viewport_size({"width": 1280, "height": 800})
    page.goto(server.url + "?botDelay=0#" + game_link(game, {"seats": seats}))
    assert wait_for_app_state(page, "ready", "error") == "ready"
    page.wait_for_selector("#app[data-ui-state=replay][data-replay-busy=false]")
    page.click("[data-testid=takeover]")
    page.wait_for_function(PERSON_TO_ACT)
    page.click("[data-testid=hint]")
    page.wait_for_selector("[data-testid=play-cards]:enabled")
    chosen = {
        card: int(page.get_attribute(f"[data-testid=hand-{card}]", "data-selected") or 0)
        for card in KINDS
        if page.locator(f"[data-testid=hand-{card}]").count()
    }
    assert {c: n for c, n in chosen.items() if n} == play["cards"]
    assert "4 × purple + 1 × locomotive" in page.inner_text("[data-testid=hint-text]")
    assert page.get_attribute("[data-testid=play-verdict]", "data-legal") == "true"


def test_the_first_ticket_choice_shows_the_hand(page: Page, server) -> None:
    """On a phone the first ticket choice covers the screen, and the starting hand was nowhere to
    be seen while tickets are chosen by the colours they need. The dialog now shows it."""
    start_game_on_page(page, server, {"variant": "cardgame", "seed": 4}, (390, 844))
    page.wait_for_selector("[data-testid=ticket-dialog]")
    hand = page.evaluate("() => window.__railtrip.state().view.me.hand")
    shown = page.locator("[data-testid=ticket-dialog-hand]")
    assert shown.is_visible()
    words = {"loco": "locomotive"}
    parts = [f"{n} × {words.get(card, card)}" for card, n in hand.items() if n]
    text = shown.inner_text()
    assert all(part in text for part in parts) and sum(hand.values()) == 8, (hand, text)
    box = shown.bounding_box()
    assert box and box["y"] + box["height"] <= 844
