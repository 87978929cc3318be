"""Payments in the page. Rails & Sails (issue 12 §1): the chooser proposes the cheapest payment
first and offers every other payment the rules allow. The position is the rulebook's example, a
white 4-space ship route with 2 double ships and 4 single ships in hand, opened from a deal link
with an explicit setup. Both map games: the current Hint's payment comes first, marked as the
hint's."""

from __future__ import annotations

from playwright.sync_api import Page

from e2e.helpers import start_game_on_page, wait_for_app_state
from pyengine.game import Game
from pyengine.links import deal_link

SEATS = [
    {"name": "Anna", "kind": "human", "bot": None, "color": "green"},
    {"name": "Bea", "kind": "bot", "bot": "easy", "color": "yellow"},
]
HAND = ["white-double"] * 2 + ["white-ship"] * 4 + ["purple-train"] * 3 + ["joker"] * 3
SETUP = {
    "hands": [HAND, ["red-train"] * 3],
    "tickets": [["JKT-SYD", "LAG-THR"], ["MRS-JKT"]],
    "pieces": [[20, 40], [20, 40]],
}


def _open_position(page: Page, server) -> Game:
    game = Game.new("world", players=2, seed=99, setup=SETUP)
    page.emulate_media(reduced_motion="reduce")
    page.goto(server.url + "?botDelay=0#" + deal_link(game, SEATS))
    assert wait_for_app_state(page, "ready", "error") == "ready"
    page.click("[data-testid=play-deal]")
    page.wait_for_selector("#app[data-ui-state=playing][data-my-turn=true][data-busy=false]")
    return game


def _choose_route(page: Page, route: str) -> list[str]:
    page.click("[data-testid=tab-routes]")
    page.click(f"[data-testid=route-option][data-routes~='{route}']")
    page.click("[data-testid=route-claim]")
    page.wait_for_selector("[data-testid=payment-dialog]")
    return [
        page.get_attribute(f"[data-testid=payment-option-{i}]", "data-action") or ""
        for i in range(page.locator("[data-testid^=payment-option-]").count())
    ]


def test_payment_chooser_offers_every_payment_cheapest_first(page: Page, server, snapshot) -> None:
    game = _open_position(page, server)
    legal = [a.text() for a in game.legal_actions() if a.keyword == "claim" and a.route == "DAR-MUM"]
    # The rulebook's three ways first (no joker), then the mixes with the 3 jokers in hand.
    assert legal[:3] == [
        "claim DAR-MUM 2white-double",
        "claim DAR-MUM 2white-ship 1white-double",
        "claim DAR-MUM 4white-ship",
    ]
    assert len(legal) == 8 and legal[-1] == "claim DAR-MUM 1white-ship 3joker"
    assert _choose_route(page, "DAR-MUM") == legal  # the proposal (focused, first) is the cheapest
    assert page.evaluate("document.activeElement.dataset.testid") == "payment-option-0"
    assert page.locator("[data-testid=payment-cheapest]").count() == 1
    assert page.locator("[data-testid=payment-option-0] [data-testid=payment-cheapest]").count() == 1
    cancel = page.locator("[data-testid=payment-cancel]").bounding_box()  # the long list scrolls
    assert cancel is not None and cancel["y"] + cancel["height"] <= 800
    snapshot(page, "ship-route-1280x800")
    page.click("[data-testid=payment-cancel]")
    # The joker example: a purple 3-route, paid in every mix of purple cards and jokers.
    options = _choose_route(page, "MUM-THR-1")
    assert options == [
        "claim MUM-THR-1 3purple-train",
        "claim MUM-THR-1 2purple-train 1joker",
        "claim MUM-THR-1 1purple-train 2joker",
        "claim MUM-THR-1 3joker",
    ]
    page.set_viewport_size({"width": 390, "height": 844})
    snapshot(page, "joker-route-390x844")
    page.click("[data-testid=payment-cancel]")
    _choose_route(page, "DAR-MUM")
    cancel = page.locator("[data-testid=payment-cancel]").bounding_box()
    assert cancel is not None and cancel["y"] + cancel["height"] <= 844
    snapshot(page, "ship-route-390x844")
    page.click("[data-testid=payment-cancel]")
    _choose_route(page, "MUM-THR-1")
    box = page.locator("[data-testid=payment-option-3]").bounding_box()
    assert (
        box is not None
        and box["y"] + box["height"] <= 844
        and box["x"] >= 0
        and box["x"] + box["width"] <= 390
    )
    # A dearer payment is played as chosen.
    page.click("[data-testid=payment-option-2]")
    page.wait_for_selector("#app:not([data-ply='0'])")
    record = page.evaluate("window.__railtripRecord()")
    assert record["actions"][0] == "claim MUM-THR-1 1purple-train 2joker"


# A classic hand of 4 purple and 4 yellow and a ticket from Calgary: the Hint claims Calgary –
# Seattle (gray, 4) with the purple cards, while the chooser's cheapest-first order leads with yellow.
HINT_PAYS = {"hands": [["purple"] * 4 + ["yellow"] * 4, ["red"] * 4], "tickets": [["CAL-SLC"], ["SEA-LA"]]}


def _options(page: Page) -> list[str]:
    page.wait_for_selector("[data-testid=payment-dialog]")
    return [
        page.get_attribute(f"[data-testid=payment-option-{i}]", "data-action") or ""
        for i in range(page.locator("[data-testid^=payment-option-]").count())
    ]


def _claim_chosen(page: Page) -> list[str]:
    page.click("[data-testid=route-claim]")
    return _options(page)


def _ask_hint(page: Page) -> str:
    page.click("[data-testid=hint]")
    page.wait_for_function(
        "() => { const e = document.querySelector('[data-testid=hint-text]');"
        " return e && e.checkVisibility() && !/thinking|denkt/i.test(e.textContent); }"
    )
    return page.inner_text("[data-testid=hint-text]")


def test_the_hints_payment_comes_first_while_the_hint_is_current(page: Page, server, snapshot) -> None:
    """The Hint said "claims Calgary–Seattle (4) with 4 × purple", but the chooser's first option,
    tagged cheapest, was 4 × yellow: a player who took it had not done what the hint said (the
    review listed it as a disagreement). While the hint is current its payment leads, tagged as the
    hint's, the others after it; without a hint, or for another route, the order is as before."""
    start_game_on_page(page, server, {"variant": "usa", "seed": 8, "setup": HINT_PAYS}, size=(1280, 800))
    page.click("[data-testid=tab-routes]")
    page.click("[data-testid=route-option][data-routes~='CAL-SEA']")
    plain = _claim_chosen(page)
    assert plain == ["claim CAL-SEA 4yellow", "claim CAL-SEA 4purple"], plain
    assert page.locator("[data-testid=payment-hinted]").count() == 0
    # Two ways to pay the same (no locomotive, 4 cards each): neither is tagged the cheapest.
    assert page.locator("[data-testid=payment-cheapest]").count() == 0
    page.click("[data-testid=payment-cancel]")

    text = _ask_hint(page)
    assert "Calgary" in text and "Seattle" in text and "4 × purple" in text, text
    assert page.get_attribute("[data-testid=route-option][aria-selected=true]", "data-routes") == "CAL-SEA"
    hinted = _claim_chosen(page)
    assert hinted == ["claim CAL-SEA 4purple", "claim CAL-SEA 4yellow"], hinted
    tag = page.locator("[data-testid=payment-option-0] [data-testid=payment-hinted]")
    assert tag.inner_text() == "Hint"
    assert page.locator("[data-testid=payment-hinted]").count() == 1
    # Both pay no locomotive: neither is cheaper than the hint's.
    assert page.locator("[data-testid=payment-cheapest]").count() == 0
    assert page.evaluate("document.activeElement.dataset.testid") == "payment-option-0"
    snapshot(page, "hinted-payment-1280x800")
    page.set_viewport_size({"width": 390, "height": 844})
    tag_box = tag.bounding_box()
    option = page.locator("[data-testid=payment-option-0]").bounding_box()
    assert tag_box and option and tag_box["x"] + tag_box["width"] <= option["x"] + option["width"] + 0.5
    snapshot(page, "hinted-payment-390x844")
    page.set_viewport_size({"width": 1280, "height": 800})
    page.click("[data-testid=payment-cancel]")

    # Another route with several payments keeps its order and has no hint's tag.
    legal = page.evaluate("() => window.__railtrip.state().legal")
    routes = [a["route"] for a in legal if a["kind"] == "claim"]
    other = sorted({r for r in routes if routes.count(r) > 1 and r != "CAL-SEA"})[0]
    page.click(f"[data-testid=route-option][data-routes~='{other}']")
    _claim_chosen(page)
    assert page.locator("[data-testid=payment-hinted]").count() == 0
    page.click("[data-testid=payment-cancel]")

    # In German, the hint kept across the language switch.
    page.click("[data-testid=lang-de]")
    page.click("[data-testid=tab-routes]")
    page.click("[data-testid=route-option][data-routes~='CAL-SEA']")
    assert _claim_chosen(page)[0] == "claim CAL-SEA 4purple"
    assert page.inner_text("[data-testid=payment-option-0] [data-testid=payment-hinted]") == "Tipp"
    page.click("[data-testid=payment-cancel]")

    # A hint put away is no longer the current one: the order is the plain one again.
    page.click("[data-testid=hint-close]")
    page.click("[data-testid=route-option][data-routes~='CAL-SEA']")
    assert _claim_chosen(page) == plain
    page.click("[data-testid=payment-cancel]")

    # Taking the first option while the hint is current plays the hint's move.
    page.click("[data-testid=hint]")
    page.wait_for_selector("[data-testid=route-option][aria-selected=true][data-routes~='CAL-SEA']")
    page.wait_for_function(
        "() => !/denkt/i.test(document.querySelector('[data-testid=hint-text]').textContent)"
    )
    assert _claim_chosen(page)[0] == "claim CAL-SEA 4purple"
    page.click("[data-testid=payment-option-0]")
    page.wait_for_selector("#app:not([data-ply='0'])")
    record = page.evaluate("window.__railtripRecord()")
    assert "claim CAL-SEA 4purple" in record["actions"], record["actions"]
