"""The card game in the browser, driven by clicks: new-game screen, a whole 2-player game against
a bot (tickets, draws, plays chosen card by card in the hand, raids when they come up), the end of
the half and the final scores checked against the engine (the page's record replayed here), and
the phone layout. Hooks: docs/ui-testing.md, section "The card game"."""

from __future__ import annotations

import time

import pytest
from playwright.sync_api import Browser, Page

from e2e.conftest import PHONE, new_context
from e2e.helpers import points_text, start_game_on_page, wait_for_app_state
from pyengine.record import replay

GAME_TIMEOUT_S = 150
BOT = "easy"

WAIT_FOR_PERSON = """() => {
  const a = document.getElementById('app').dataset;
  return ['game-over', 'choose-tickets', 'pass-device', 'half-end'].includes(a.uiState)
    || (a.uiState === 'playing' && a.myTurn === 'true' && a.busy === 'false');
}"""


def ui_state(page: Page) -> str:
    return page.get_attribute("#app", "data-ui-state") or ""


def open_app(page: Page, server) -> None:
    page.goto(server.url + "?botDelay=0")
    assert wait_for_app_state(page, "ready", "error") == "ready"
    page.wait_for_selector("#app[data-ui-state=new-game]")


def start_card_game(page: Page, *, seed: str = "7", opponents: int = 1, look: bool = False) -> None:
    page.click("label:has([data-testid=variant-cardgame])")
    assert page.is_visible("[data-testid=cardgame-options]")
    page.click(f"[data-testid=opponents-{opponents}]")
    for i in range(1, opponents + 1):
        page.select_option(f"[data-testid=seat-{i}-kind]", "bot")
        options = page.eval_on_selector(
            f"[data-testid=seat-{i}-bot]", "s => [...s.options].map(o => o.value)"
        )
        page.select_option(f"[data-testid=seat-{i}-bot]", BOT if BOT in options else options[0])
    if look:
        page.check("[data-testid=option-look-pile]")
    page.click("[data-testid=more-options]")
    page.fill("[data-testid=seed]", seed)
    page.click("[data-testid=start-game]")


def engine_game(page: Page):
    return replay(page.evaluate("window.__railtripRecord()"))


def legal_plays(game) -> list:
    return [a for a in game.legal_actions() if a.keyword == "play"]


def select_in_hand(page: Page, cards) -> None:
    """Selects cards by clicking the hand: one click adds one card of that colour."""
    if page.is_visible("[data-testid=play-clear]"):
        page.click("[data-testid=play-clear]")
    for card, n in cards:
        for _ in range(n):
            page.click(f"[data-testid=hand-{card}]")


def raid_victims(game, play) -> list[int]:
    """Whom the engine says a play raids (its log event, from applying it to a copy)."""
    copy = replay(game.record())
    copy.apply(play)
    return [r["victim"] for r in copy.log[-1].get("raids", [])]


def check_selection_verdicts(page: Page, game) -> None:
    """Play is enabled exactly for the legal selections the engine lists."""
    hand = game.view(0)["me"]["hand"]
    one = next(iter(hand))
    select_in_hand(page, [(one, 1)])  # A single card is never a play.
    assert page.get_attribute("[data-testid=play-verdict]", "data-legal") == "false"
    assert page.is_disabled("[data-testid=play-cards]")
    plays = legal_plays(game)
    for play in plays[:3] + plays[-2:]:
        select_in_hand(page, play.cards)
        assert page.get_attribute("[data-testid=play-verdict]", "data-legal") == "true", play.text()
        assert page.is_enabled("[data-testid=play-cards]")
        raids = page.get_attribute("[data-testid=play-verdict]", "data-raids")
        assert raids == ",".join(str(v) for v in raid_victims(game, play)), play.text()
    page.click("[data-testid=play-clear]")


def check_offered(page: Page, game) -> None:
    legal = game.legal_actions()
    takes = {a.slot for a in legal if a.keyword == "take"}
    for slot in range(5):
        assert page.is_enabled(f"[data-testid=market-slot-{slot}]") == (slot in takes)
    assert page.is_enabled("[data-testid=deck]") == any(a.keyword == "draw" for a in legal)
    assert page.is_enabled("[data-testid=ticket-deck]") == any(a.keyword == "tickets" for a in legal)
    view = game.view(0)
    for p in view["players"]:
        for color, row in p["yard"].items():
            el = f"[data-testid=yard-{p['seat']}-{color}]"
            assert page.get_attribute(el, "data-cards") == str(row["cards"])
            assert page.get_attribute(el, "data-locos") == str(row["locos"])
        assert page.get_attribute(f"[data-testid=pile-{p['seat']}]", "data-count") == str(p["pile"])


def play_to_the_end(page: Page, snapshot) -> dict:
    deadline = time.time() + GAME_TIMEOUT_S
    stats = {"moves": 0, "plays": 0, "half_ends": 0, "verdicts": False}
    while True:
        assert time.time() < deadline, "the game took too long"
        page.wait_for_function(WAIT_FOR_PERSON, timeout=60_000)
        state = ui_state(page)
        if state == "game-over":
            return stats
        stats["moves"] += 1
        if state == "choose-tickets":
            boxes = page.locator("[data-testid=ticket-options] input[type=checkbox]")
            assert page.is_disabled("[data-testid=ticket-confirm]") == (
                page.get_attribute("#app", "data-phase") == "setup_tickets"
            )
            boxes.nth(0).check(force=True)
            page.click("[data-testid=ticket-confirm]")
            continue
        if state == "half-end":
            game = engine_game(page)
            half = next(a for ev in reversed(game.log) for a in ev.get("auto", []) if a["kind"] == "half_end")
            for r in half["results"]:
                block = f"[data-testid=half-end-{r['seat']}]"
                assert page.get_attribute(block, "data-points") == str(r["points"])
                assert page.get_attribute(block, "data-completed") == str(len(r["completed"]))
            snapshot(page, "half-end")
            stats["half_ends"] += 1
            stats["half_title"] = page.inner_text("[data-testid=half-end] .dlg-title")
            stats["half_status"] = page.inner_text("[data-testid=turn-status]")
            page.click("[data-testid=half-end-continue]")
            continue
        game = engine_game(page)
        plays = legal_plays(game)
        if stats["moves"] % 6 == 2:
            check_offered(page, game)
        if plays and not stats["verdicts"]:
            check_selection_verdicts(page, game)
            stats["verdicts"] = True
        if stats["moves"] == 6:
            snapshot(page, "table-1280x800")
        # Play when a set of 3+ cards (or any play, in the final round) is legal; else draw.
        final = page.is_visible("[data-testid=final-round]")
        good = [a for a in plays if a.count >= 3] or (
            plays if final or not page.is_enabled("[data-testid=deck]") else []
        )
        if good:
            raiding = [a for a in good if raid_victims(game, a)]
            play = (raiding or good)[0]
            select_in_hand(page, play.cards)
            assert page.is_enabled("[data-testid=play-cards]")
            page.click("[data-testid=play-cards]")
            stats["plays"] += 1
        elif page.is_enabled("[data-testid=deck]"):
            page.click("[data-testid=deck]")
        elif any(page.is_enabled(f"[data-testid=market-slot-{i}]") for i in range(5)):
            page.click(
                f"[data-testid=market-slot-{next(i for i in range(5) if page.is_enabled(f'[data-testid=market-slot-{i}]'))}]"
            )
        elif page.is_enabled("[data-testid=ticket-deck]"):
            page.click("[data-testid=ticket-deck]")
        else:
            page.click("[data-testid=pass-turn]")


def test_card_game_against_a_bot(page: Page, server, snapshot) -> None:
    open_app(page, server)
    snapshot_newgame = page.is_visible("label:has([data-testid=variant-cardgame])")
    assert snapshot_newgame
    start_card_game(page, seed="7")
    stats = play_to_the_end(page, snapshot)
    assert stats["moves"] > 8 and stats["plays"] >= 1 and stats["verdicts"]
    assert stats["half_ends"] == 1
    # Two players play one half (the view's halves): the end is the game's, never "half 1".
    assert stats["half_title"] == "End of the game", stats
    assert "half" not in stats["half_status"].lower(), stats
    page.wait_for_selector("[data-testid=game-over]")
    snapshot(page, "game-over")
    game = engine_game(page)
    assert game.is_over
    for sc in game.scores():
        seat = sc["seat"]
        assert page.text_content(f"[data-testid=final-total-{seat}]") == points_text(sc["total"])
        assert page.text_content(f"[data-testid=final-half-1-{seat}]").startswith(
            f"+{sc['halves'][0]['points']}"
        )
        assert page.text_content(f"[data-testid=final-penalty-{seat}]") == (
            f"−{sc['tickets_lost']}" if sc["tickets_lost"] else "0"
        )
        assert page.text_content(f"[data-testid=final-bonus-{seat}]") == (
            f"+{sc['bonus_points']}" if sc["bonus_points"] else "0"
        )
        assert sc["total"] == sc["tickets_won"] - sc["tickets_lost"] + sc["bonus_points"]
    winners = [sc["seat"] for sc in game.scores() if sc["winner"]]
    assert all(page.locator(f"[data-testid=final-row-{s}].winner").count() == 1 for s in winners)
    # The log tells plays and the automatic phase-1 moves in words.
    texts = page.locator("[data-testid=log-entry]").all_text_contents()
    assert any("rail yard to the on-the-way pile" in x for x in texts)
    assert any(x.startswith("Tickets completed: ") for x in texts), texts
    assert not [x for x in texts if "half" in x.lower()], texts
    assert any("to the rail yard" in x for x in texts)
    page.click("[data-testid=view-board]")
    page.wait_for_selector("[data-testid=show-scores]")
    # The table after the end: the status names the winner once (the log's "Game over: …" stood
    # under it), and no disabled play bar is left.
    assert page.inner_text("[data-testid=turn-status]").startswith("Game over · ")
    assert page.inner_text("[data-testid=last-action]") == ""
    assert page.is_hidden(".cg-playbar")
    page.click("[data-testid=lang-de]")  # the screen is rebuilt: the scores stay one click away
    page.wait_for_selector("[data-testid=show-scores]:text-is('Wertung zeigen')")
    page.click("[data-testid=lang-en]")
    page.click("[data-testid=show-scores]")
    page.click("[data-testid=same-deal]")
    page.wait_for_selector("[data-testid=ticket-dialog]")
    assert page.evaluate("window.__railtrip.settings.seed") == 7
    assert page.evaluate("window.__railtrip.settings.variant") == "cardgame"


def test_card_game_phone_layout_and_german(browser: Browser, server, page_errors, request) -> None:
    context = new_context(browser, request, **PHONE)
    page = context.new_page()
    page.on("console", page_errors.console)
    page.on("pageerror", page_errors.page_error)
    try:
        open_app(page, server)
        page.click("[data-testid=lang-de]")
        start_card_game(page, seed="11", opponents=2, look=True)
        page.wait_for_selector("[data-testid=ticket-dialog]")
        assert page.text_content("[data-testid=ticket-dialog] .dlg-title") == "Deine ersten Zielaufträge"
        page.locator("[data-testid=ticket-options] input[type=checkbox]").nth(0).check(force=True)
        page.click("[data-testid=ticket-confirm]")
        page.wait_for_function(WAIT_FOR_PERSON)
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
        game = engine_game(page)
        assert game.settings.options.get("look_at_own_pile") is True
        assert (
            page.locator("[data-testid=player-1]").count() == 1
            and page.locator("[data-testid=player-2]").count() == 1
        )
        assert page.locator("[data-testid=bonus-cards] [data-testid^=bonus-]").count() == 6
        # The own pile's stack draws two card edges 4 px below its art: the hint under it clears them.
        art = page.locator(".cg-block-pile .otw-art").bounding_box()
        hint = page.locator(".cg-block-pile .cg-pile-hint").bounding_box()
        assert art is not None and hint is not None
        assert hint["y"] >= art["y"] + art["height"] + 4, (art, hint)
        page.screenshot(path=str(_artifact("cardgame-390x844.png")), full_page=True)
        page.click("[data-testid=lang-en]")
    finally:
        context.close()
    assert not page_errors.messages, page_errors.messages


def _artifact(name: str):
    from e2e.conftest import ARTIFACTS

    ARTIFACTS.mkdir(exist_ok=True)
    return ARTIFACTS / name


FOUR_SEATS = [
    {"name": "Ann", "kind": "human", "bot": None, "color": "red"},
    {"name": "Bot", "kind": "bot", "bot": "easy", "color": "blue"},
    {"name": "Cy", "kind": "bot", "bot": "easy", "color": "green"},
    {"name": "Di", "kind": "bot", "bot": "easy", "color": "yellow"},
]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_only_a_game_with_a_second_half_speaks_of_halves(page: Page, server, players: int) -> None:
    """The rules give a second half to four players only; the page takes the number of halves from
    the view (`halves`). With two or three players the ticket dialog and the on-the-way pile's note
    said "at the end of the half" of a game that has no halves; now they say "the end of the game",
    in both languages. With four players they still speak of the half."""
    open_app(page, server)
    page.evaluate(
        "s => window.__railtripNewGame(s)",
        {
            "variant": "cardgame",
            "players": players,
            "seed": 5,
            "seats": FOUR_SEATS[:players],
            "speed": "instant",
        },
    )
    page.wait_for_selector("[data-testid=ticket-dialog]")
    halves = page.evaluate("() => window.__railtrip.state().view.halves")
    assert halves == (2 if players == 4 else 1)
    words = {
        "en": ("Your first destination tickets", "end of the half", "end of the game"),
        "de": ("Deine ersten Zielaufträge", "Ende der Hälfte", "Spielende"),
    }
    for lang in ("en", "de"):
        title, half, game = words[lang]
        page.evaluate(
            "l => localStorage.setItem('railtrip.lang', l)", lang
        )  # the switch is behind the dialog
        page.reload()
        page.wait_for_selector(f"[data-testid=ticket-dialog] .dlg-title:text-is('{title}')")
        explain = page.inner_text("[data-testid=ticket-dialog] .dlg-sub")
        pile = page.inner_text(".cg-pile-hint")
        for text in (explain, pile):
            assert (half in text) == (halves == 2) and (game in text) == (halves == 1), (lang, text)
            assert halves == 2 or not any(w in text.lower() for w in ("half", "hälfte")), (lang, text)
    assert page.is_hidden("[data-testid=half]") == (halves == 1)


REASON_IN_VIEW = """([hintSel, bandSel]) => {
  const hint = document.querySelector(hintSel), band = document.querySelector(bandSel);
  const h = hint.getBoundingClientRect(), b = band.getBoundingClientRect();
  const x = h.left + Math.min(h.width, 40) / 2, y = h.top + h.height / 2;
  return { inBand: h.top >= b.top - 0.5 && h.bottom <= b.bottom + 0.5, inWindow: h.bottom <= innerHeight,
           onTop: hint.contains(document.elementFromPoint(x, y)), text: hint.textContent }; }"""


@pytest.mark.parametrize("size", [(1280, 800), (390, 844)], ids=["desktop", "phone"])
@pytest.mark.parametrize("where", ["game", "tutorial"])
def test_the_reason_a_keep_waits_for_stands_beside_the_button(
    page: Page, server, snapshot, where, size
) -> None:
    """The first ticket choice keeps at least one ticket. The page showed a greyed-out "Keep none"
    with the reason, "Keep at least 1 ticket.", below the list and under the dialog's button band,
    out of sight on a phone and in the tutorial at 1280x800. Now the reason (and the chosen total)
    stands in the band beside the button, on top of everything, and the button never offers to keep
    none when the engine lists no keep without tickets."""
    page.set_viewport_size({"width": size[0], "height": size[1]})
    open_app(page, server)
    if where == "game":
        page.evaluate(
            "s => window.__railtripNewGame(s)",
            {"variant": "cardgame", "players": 2, "seed": 7, "seats": FOUR_SEATS[:2], "speed": "instant"},
        )
    else:
        page.click("[data-testid=tutorial-cardgame]")
    page.wait_for_selector("[data-testid=ticket-dialog]")
    keeps = page.evaluate("() => window.__railtrip.state().legal.filter((a) => a.kind === 'keep')")
    assert keeps and all(k["tickets"] for k in keeps)  # the first choice: no keep without a ticket
    band = "[data-testid=ticket-dialog] > .dlg-actions"
    assert page.is_disabled("[data-testid=ticket-confirm]")
    assert (
        page.inner_text("[data-testid=ticket-confirm]") == "Choose tickets"
    )  # not "Keep none", nor "Keep 0"
    seen = page.evaluate(REASON_IN_VIEW, ["[data-testid=ticket-hint]", band])
    assert seen == {"inBand": True, "inWindow": True, "onTop": True, "text": "Keep at least 1 ticket."}, seen
    snapshot(page, f"{where}-{size[0]}-none")
    first = page.locator("[data-testid=ticket-options] input[type=checkbox]").first
    first.check(force=True)
    assert page.is_enabled("[data-testid=ticket-confirm]")
    total = page.evaluate(REASON_IN_VIEW, ["[data-testid=ticket-total]", band])
    assert total["inBand"] and total["onTop"] and total["text"].startswith("Selected: "), total
    snapshot(page, f"{where}-{size[0]}-one")


# Ann's orange row keeps 2 cards under a locomotive after her turn's start moves its top card on
# to her pile; Bot's purple row has 1 card under 2 locomotives, and Bot's red row is Ann's to raid.
LOCO_ROWS = {
    "hands": [["red"] * 3 + ["green", "white"], ["yellow"] * 2],
    "yards": [
        {"orange": ["orange"] * 2 + ["loco"] * 2},
        {"red": ["red"] * 2, "purple": ["purple", "loco", "loco"]},
    ],
    "tickets": [["SEA-LA"], ["NY-MIA"]],
}

# The counts on a rail-yard row's cards (the coloured cards', then the locomotives') and whether
# each is seen whole: its middle and the points just inside its round edge, left, right, top and
# bottom, hit the count, not a card over it.
ROW_COUNTS = """(row) => [...document.querySelectorAll(`[data-testid=${row}] .card-count`)].map((count) => {
  const b = count.getBoundingClientRect();
  const x = (b.left + b.right) / 2, y = (b.top + b.bottom) / 2, dx = b.width / 2 - 3, dy = b.height / 2 - 3;
  const points = [[x, y], [x - dx, y], [x + dx, y], [x, y - dy], [x, y + dy]];
  return { text: count.textContent, seen: points.every(([x, y]) => count.contains(document.elementFromPoint(x, y))) };
})"""


RAIDED = {"en": "You raided ", "de": "Du hast "}  # (the name is isolated: a right-to-left name stays put)


def apart(a: dict, b: dict) -> bool:
    """Whether two boxes do not overlap."""
    return (
        a["x"] + a["width"] <= b["x"] + 0.5
        or b["x"] + b["width"] <= a["x"] + 0.5
        or a["y"] + a["height"] <= b["y"] + 0.5
        or b["y"] + b["height"] <= a["y"] + 0.5
    )


@pytest.mark.parametrize(
    "size, lang", [((1280, 800), "en"), ((390, 844), "de")], ids=["desktop-en", "phone-de"]
)
def test_rail_yards_show_their_counts_and_what_a_raid_changed(page: Page, server, size, lang) -> None:
    """A locomotive lies on top of a rail-yard row: it hid the count of the row's coloured cards,
    which only the tooltip told. Now both counts show, on the own rows and the others'.
    A raid's notice lay under the top bar, over the other players' panels: the raided yard was
    hidden while the notice told about it. Now it stands clear of them and of the own yard."""
    page.add_init_script(f"try {{ localStorage.setItem('railtrip.lang', '{lang}'); }} catch (e) {{}}")
    start_game_on_page(page, server, {"variant": "cardgame", "seed": 4, "setup": LOCO_ROWS}, size)
    for row, cards, locos in [("yard-0-orange", "2", "1"), ("yard-1-purple", "1", "2")]:
        el = page.locator(f"[data-testid={row}]")
        assert (el.get_attribute("data-cards"), el.get_attribute("data-locos")) == (cards, locos), row
        el.scroll_into_view_if_needed()
        counts = page.evaluate(ROW_COUNTS, row)
        assert counts == [{"text": cards, "seen": True}, {"text": locos, "seen": True}], (row, counts)
    # Ann's three red cards raid Bot's red row of two.
    for _ in range(3):
        page.click("[data-testid=hand-red]")
    page.click("[data-testid=play-cards]")
    toast = page.locator("[data-testid=toast]", has_text=RAIDED[lang])
    toast.wait_for()
    page.evaluate("() => window.scrollTo(0, 0)")
    page.wait_for_timeout(300)  # the notice's entrance; where it floats is measured once a frame
    box = toast.bounding_box()
    assert box and box["y"] >= page.locator(".topbar").bounding_box()["y"], box
    assert box["x"] >= 0 and box["x"] + box["width"] <= size[0] and box["y"] + box["height"] <= size[1], box
    for part in ["opponents-area", "player-1", "yard-0"]:
        other = page.locator(f"[data-testid={part}]").bounding_box()
        assert other and apart(box, other), (part, box, other)


def test_a_hidden_hand_leaves_every_rail_yard_in_view(page: Page, server) -> None:
    """Two people share the device: while it passes, nobody's hand is shown. The own area's rail-yard
    block then said the hand was hidden, as the hand does, though the rail yards are public (the
    engine's view gives every seat's yard and pile to everyone). Now that block gives way, the hand
    says it once, and every player's yard stands with their name among the players, its rows as the
    engine has them; the next person's own yard comes back with their cards."""
    page.add_init_script("try { localStorage.setItem('railtrip.lang', 'de'); } catch (e) {}")
    open_app(page, server)
    seats = [
        {"name": "Ann", "kind": "human", "bot": None, "color": "red"},
        {"name": "Bea", "kind": "human", "bot": None, "color": "blue"},
    ]
    page.evaluate(
        "s => window.__railtripNewGame(s)",
        {
            "variant": "cardgame",
            "players": 2,
            "seed": 4,
            "seats": seats,
            "speed": "instant",
            "setup": LOCO_ROWS,
        },
    )
    page.wait_for_selector("#app[data-ui-state=pass-device]")
    assert page.get_attribute("#app", "data-viewer") == ""
    mine = page.inner_text("[data-testid=my-area]")
    assert mine.count("Die Handkarten sind verdeckt") == 1, mine
    assert page.locator("[data-testid=play-cards]").is_hidden()  # no greyed-out button for nobody's cards
    view = page.evaluate("() => window.__railtrip.state().view")
    for p in view["players"]:
        yard = page.locator(f"[data-testid=opponents-area] [data-testid=yard-{p['seat']}]")
        assert yard.count() == 1 and yard.is_visible(), p["seat"]
        assert page.locator(f"[data-testid=yard-{p['seat']}]").count() == 1, p["seat"]
        assert p["yard"], p  # (every seat has rows to show)
        for color, row in p["yard"].items():
            el = page.locator(f"[data-testid=yard-{p['seat']}-{color}]")
            assert el.get_attribute("data-cards") == str(row["cards"]), (p["seat"], color)
            assert el.get_attribute("data-locos") == str(row["locos"]), (p["seat"], color)
    page.click("[data-testid=pass-device-ready]")
    page.wait_for_selector("#app[data-viewer='0'][data-my-turn=true]")
    assert page.locator("[data-testid=my-area] [data-testid=yard-0]").is_visible()
    assert page.locator("[data-testid=yard-0]").count() == 1
    assert page.locator("[data-testid=my-area] [data-testid=hand-hidden]").count() == 0
    assert page.locator("[data-testid=play-cards]").is_visible()
