"""Rails & Sails payments in the page (issue 12 §1): the chooser proposes the cheapest payment
first and offers every other payment the rules allow. The position is the rulebook's example, a
white 4-space ship route with 2 double ships and 4 single ships in hand, opened from a deal link
with an explicit setup."""

from __future__ import annotations

from playwright.sync_api import Page

from e2e.helpers import wait_for_app_state
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
