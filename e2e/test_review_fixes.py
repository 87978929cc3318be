"""Fixes from the player review (issue 13): the Total column stays in view on a phone's end screen,
your tickets and their summary line are not cut off at 1280×800, no "null" under an empty ticket
list in the card game, singular words for one train / one point, no "−0" on the end screen, the
"Final round" notice covers neither cards nor tickets and goes when the round is over."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page

from e2e.helpers import PERSON_TO_ACT, start_game_on_page, wait_for_board

# Three trains each: claiming a route of 1 starts the final round at once.
SHORT_USA = {
    "tickets": [["DEN-ELP", "KC-HOU", "DEN-PIT"], ["BOS-MIA", "SEA-LA"]],
    "trains": [3, 3],
    "hands": [["red", "red", "blue", "green"], ["blue", "black", "white", "yellow"]],
}


def start(page: Page, server, variant: str, setup: dict, width: int, height: int) -> None:
    start_game_on_page(page, server, {"variant": variant, "seed": 5, "setup": setup}, (width, height))


def inside(inner: dict, outer: dict) -> bool:
    return (
        inner["x"] >= outer["x"] - 0.5
        and inner["y"] >= outer["y"] - 0.5
        and inner["x"] + inner["width"] <= outer["x"] + outer["width"] + 0.5
        and inner["y"] + inner["height"] <= outer["y"] + outer["height"] + 0.5
    )


def test_tickets_and_their_summary_are_not_cut_off(page: Page, server, snapshot) -> None:
    start(page, server, "usa", SHORT_USA, 1280, 800)
    box = page.locator("[data-testid=my-tickets]").bounding_box()
    for ticket in ["DEN-ELP", "KC-HOU", "DEN-PIT"]:
        assert inside(page.locator(f"[data-testid=my-ticket-{ticket}]").bounding_box(), box), ticket
    assert inside(page.locator("[data-testid=ticket-sum]").bounding_box(), box)
    assert box["y"] + box["height"] <= 800
    snapshot(page, "tickets")


def test_the_final_round_notice_stands_over_the_map_not_the_deck(page: Page, server) -> None:
    """At 1280×800 the notices were centred on the window, so "Final round!" covered the deck's
    count beside the map just when it matters; where the page does not scroll they are centred
    over the map."""
    start(page, server, "usa", SHORT_USA, 1280, 800)
    page.evaluate("t => window.__railtripAct(t)", "claim KC-OMA-1 1red")  # 2 trains left: the end
    toast = page.locator("[data-testid=toast]", has_text="Final round")
    toast.wait_for()
    page.wait_for_timeout(400)  # its entry animation
    box, board = toast.bounding_box(), page.locator(".board-area").bounding_box()
    deck = page.locator("[data-testid=deck]").bounding_box()
    assert box and board and deck
    assert box["x"] + box["width"] <= deck["x"], (box, deck)
    centre = board["x"] + board["width"] / 2
    assert abs(box["x"] + box["width"] / 2 - centre) <= 1, (box, board)


# Rails & Sails with 6 pieces: the person's first turn ends the game's main part.
LOW_WORLD = {
    "tickets": [["JKT-SYD"], ["MRS-JKT"]],
    "pieces": [[3, 3], [20, 40]],
    "hands": [["red-train"] * 2, ["red-train"] * 3],
}
FINAL_WORDS = {
    "usa": (
        "Final round! Every player gets one more turn.",
        "The final round begins: every player gets one more turn.",
    ),
    "world": (
        "Final rounds! Every player gets two more turns.",
        "The final rounds begin: every player gets two more turns.",
    ),
}


@pytest.mark.parametrize("variant", ["usa", "world"])
def test_the_final_round_is_told_with_the_games_number_of_turns(page: Page, server, variant: str) -> None:
    """Rails & Sails gives every player two more turns once someone is down to 6 pieces, but its
    notice said "one more turn" (the classic game's words); and the log never said which turn
    started the end. The notice and the log line now say it, from the engine (the triggering
    event's `starts_final_round`, the board's `final_turns_each`)."""
    start(page, server, variant, SHORT_USA if variant == "usa" else LOW_WORLD, 1280, 800)
    moves = ["claim KC-OMA-1 1red"] if variant == "usa" else ["draw train", "draw train"]
    for move in moves:
        page.wait_for_function(PERSON_TO_ACT)
        page.evaluate("t => window.__railtripAct(t)", move)
    notice, line = FINAL_WORDS[variant]
    page.locator("[data-testid=toast]", has_text=notice).wait_for()
    mine = page.locator("[data-testid=log-entry][data-player='0']").first.inner_text()
    assert mine.startswith("You ") and mine.endswith(" " + line), mine
    assert sum(line in text for text in page.locator("[data-testid=log-entry]").all_inner_texts()) == 1
    # The badge: two rounds of turns are "final rounds" until one round is left.
    page.wait_for_function(PERSON_TO_ACT)  # the badge and the view read at one moment
    badge, left = page.evaluate(
        "() => [document.querySelector('[data-testid=final-round]').textContent,"
        " window.__railtrip.state().view.final_turns_left]"
    )
    rounds = "Final rounds" if left > 2 else "Final round"
    assert badge.startswith(rounds + " · ") and badge.endswith(
        f"{left} turn{'s' if left != 1 else ''} left"
    ), badge
    # The badge opens the status's second line: beside the status it cut Rails & Sails' turn
    # words short at 1280 px ("… exchange pieces or draw t…").
    status = page.locator("[data-testid=turn-status]")
    assert status.evaluate("e => e.scrollWidth <= e.clientWidth"), status.inner_text()
    last = page.locator("[data-testid=last-action]").bounding_box()
    shown = page.locator("[data-testid=final-round]").bounding_box()
    assert last and shown and abs((shown["y"] + shown["height"] / 2) - (last["y"] + last["height"] / 2)) <= 2


def test_phone_end_screen_shows_the_total_and_singular_words(page: Page, server, snapshot) -> None:
    start(page, server, "usa", SHORT_USA, 390, 844)
    for move in ["claim KC-OMA-1 1red", "draw", "draw"]:
        page.wait_for_function(PERSON_TO_ACT)
        if page.get_attribute("#app", "data-ui-state") == "game-over":
            break
        page.evaluate("t => window.__railtripAct(t)", move)
        page.wait_for_selector("#app[data-busy=false]")
    page.wait_for_selector("#app[data-ui-state=game-over]")
    assert "Final round" not in page.inner_text("[data-testid=toasts]")  # its notice went with the round
    snapshot(page, "end")
    dialog = page.locator("[data-testid=game-over]").bounding_box()
    for seat in (0, 1):
        total = page.locator(f"[data-testid=final-total-{seat}]").bounding_box()
        assert total["x"] >= 0 and total["x"] + total["width"] <= min(390, dialog["x"] + dialog["width"]), (
            total
        )
        won = page.inner_text(f"[data-testid=final-tickets-won-{seat}]")
        assert won == "0" or won.startswith("+"), won  # never "+0" or "−0"
    page.click("[data-testid=view-board]")
    log = page.inner_text("[data-testid=game-log]")
    assert "(1 train, 1 point)" in log and "1 trains" not in log and "1 points" not in log


def test_card_game_without_tickets_shows_no_null(page: Page, server) -> None:
    start(page, server, "cardgame", {"tickets": [[], ["SEA-LA"]]}, 1280, 800)
    text = page.inner_text("[data-testid=my-tickets]")
    assert "null" not in text and text.strip()


def test_final_round_notice_does_not_cover_cards_or_tickets(page: Page, server) -> None:
    start(page, server, "usa", SHORT_USA, 1280, 800)
    page.evaluate("t => window.__railtripAct(t)", "claim KC-OMA-1 1red")  # 2 trains left: the final round
    toast = page.locator("[data-testid=toast]", has_text="Final round")
    toast.wait_for()
    box = toast.bounding_box()
    for area in ["hand", "my-tickets"]:
        other = page.locator(f"[data-testid={area}]").bounding_box()
        apart = (
            box["y"] + box["height"] <= other["y"]
            or other["y"] + other["height"] <= box["y"]
            or box["x"] + box["width"] <= other["x"]
            or other["x"] + other["width"] <= box["x"]
        )
        assert apart, area


@pytest.mark.parametrize("size", [(390, 844), (1280, 800)], ids=["phone", "desktop"])
def test_a_notice_leaves_the_top_bar_in_view(page: Page, server, size) -> None:
    """A notice (toast) floats just below the game's top bar, which on a phone is two or three
    lines high: it never covers whose turn it is or what to do."""
    start(page, server, "usa", SHORT_USA, *size)
    page.evaluate("t => window.__railtripAct(t)", "claim KC-OMA-1 1red")  # 2 trains left: the final round
    toast = page.locator("[data-testid=toast]", has_text="Final round")
    toast.wait_for()
    page.wait_for_timeout(300)  # the notice's entrance
    box = toast.bounding_box()
    bar = page.locator(".topbar").bounding_box()
    assert box and bar and bar["y"] + bar["height"] <= box["y"] + 0.5, (bar, box)
    assert box["y"] <= bar["y"] + bar["height"] + 20, (bar, box)  # just below it, not far down


def test_what_floats_below_the_top_bar_follows_it_as_the_page_scrolls(page: Page, server) -> None:
    """The top bar is sticky: scrolled, it rises by the page's margin above it. Where it ends
    (`--topbar-bottom`, under which notices and the coach float) is measured at every scroll
    position, not only when the layout changes, so a notice never covers part of the bar."""
    start(page, server, "usa", SHORT_USA, 390, 844)
    ends = []
    for y in [500, 0, 300]:
        page.evaluate("y => window.scrollTo(0, y)", y)
        page.wait_for_timeout(150)
        bar = page.locator(".topbar").bounding_box()
        told = page.evaluate(
            "() => getComputedStyle(document.documentElement).getPropertyValue('--topbar-bottom')"
        )
        assert bar and told.strip().endswith("px"), told
        ends.append(round(bar["y"] + bar["height"]))
        assert abs(float(told.strip()[:-2]) - (bar["y"] + bar["height"])) <= 1, (y, told, bar)
    assert ends[0] != ends[1]  # the bar does move with the scroll: the test tells the cases apart


# The longest city pairs of North America's tickets.
LONG_NAMES_USA = {**SHORT_USA, "tickets": [["SSM-OKC", "SSM-NAS", "DEN-PIT"], ["BOS-MIA", "SEA-LA"]]}


def test_three_long_tickets_each_fit_on_a_line(page: Page, server, snapshot) -> None:
    start(page, server, "usa", LONG_NAMES_USA, 1280, 800)
    box = page.locator("[data-testid=my-tickets]").bounding_box()
    summary = page.locator("[data-testid=ticket-sum]").bounding_box()
    heights = []
    for ticket in ["SSM-OKC", "SSM-NAS", "DEN-PIT"]:
        own = page.locator(f"[data-testid=my-ticket-{ticket}]").bounding_box()
        assert inside(own, box), ticket
        assert own["y"] + own["height"] <= summary["y"] + 0.5, ticket  # not under the summary line
        heights.append(own["height"])
    assert max(heights) - min(heights) < 2  # one line each: no name wraps
    assert inside(summary, box)
    snapshot(page, "long-tickets")


@pytest.mark.parametrize("variant", ["usa", "world"])
def test_on_a_phone_the_map_fills_its_box(page: Page, server, variant: str) -> None:
    """On a 390 px phone the map's box kept room for zoom buttons that had moved under it: about
    29 px of empty box above and below the map, in both map games. The box now fits the map."""
    start_game_on_page(page, server, {"variant": variant, "seed": 5}, (390, 844))
    wait_for_board(page)
    fit = page.evaluate(
        "() => { const b = window.__railtrip.board; return {h: b.size.h, top: b.view.ty,"
        " bottom: b.view.ty + b.board.height * b.view.scale, left: b.view.tx}; }"
    )
    assert fit["left"] <= 7, fit  # the map spans the box's width
    assert fit["top"] <= 8 and fit["h"] - fit["bottom"] <= 8, fit


def test_tickets_out_of_sight_are_counted_and_shown_on_a_click(page: Page, server, snapshot) -> None:
    """Seven Rails & Sails tickets at 1280×800: the box showed four and a half and cut the rest
    with no sign (scrollbars that overlay, as on a Mac or in a headless browser, show nothing).
    The summary line now counts them ("↓ 3 more"); a click scrolls to them."""
    seven = ["MRS-JKT", "LAG-THR", "JKT-SYD", "HAM-BEI", "MOS-PET", "LAX-JKT", "CAS-YAK"]
    start(
        page,
        server,
        "world",
        {**LOW_WORLD, "tickets": [seven, ["MIA-MOS"]], "pieces": [[20, 40], [20, 40]]},
        1280,
        800,
    )
    more = page.locator("[data-testid=tickets-more]")
    text = more.inner_text()
    assert text.startswith("↓ ") and text.endswith(" more"), text
    hidden = int(text.split()[1])
    assert 1 <= hidden <= 5
    snapshot(page, "tickets-more")
    more.click()
    page.wait_for_selector("[data-testid=tickets-more]:text-matches('↑')")
    box = page.locator("[data-testid=my-tickets]").bounding_box()
    last = page.locator("[data-testid=my-ticket-CAS-YAK]").bounding_box()
    assert box and last and last["y"] + last["height"] <= box["y"] + box["height"] + 1
    more.click()  # and back up to the first (a smooth scroll: waited for to its end)
    page.wait_for_function("() => document.querySelector('[data-testid=my-tickets]').scrollTop === 0")
    page.wait_for_selector("[data-testid=tickets-more]:text-matches('↓')")
    first = page.locator("[data-testid=my-ticket-MRS-JKT]").bounding_box()
    assert first and first["y"] >= box["y"] - 1
