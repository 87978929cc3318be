"""The game UI driven like a person would: new-game form, a whole game against a bot, dialogs,
hotseat, languages. Hooks used here are documented in docs/ui-testing.md."""

from __future__ import annotations

import time

import pytest
from playwright.sync_api import Browser, Page

from e2e.conftest import PHONE, new_context
from e2e.helpers import keep_tickets, points_text, wait_for_app_state
from pyengine.record import replay

GAME_TIMEOUT_S = 240
BOT = "easy"

# Resolves when the page waits for the person (or the game is over).
WAIT_FOR_PERSON = """() => {
  const a = document.getElementById('app').dataset;
  return ['game-over', 'choose-tickets', 'choose-payment', 'pass-device'].includes(a.uiState)
    || (a.uiState === 'playing' && a.myTurn === 'true' && a.busy === 'false');
}"""


def ui_state(page: Page) -> str:
    return page.get_attribute("#app", "data-ui-state") or ""


def open_app(page: Page, server, query: str = "?botDelay=0") -> None:
    page.goto(server.url + query)
    assert wait_for_app_state(page, "ready", "error") == "ready"
    page.wait_for_selector("#app[data-ui-state=new-game]")


def start_game(
    page: Page, *, seed: str = "7", opponents: int = 1, kinds: tuple[str, ...] = ("bot",), bot: str = BOT
) -> None:
    page.click(f"[data-testid=opponents-{opponents}]")
    for i, kind in enumerate(kinds, start=1):
        page.select_option(f"[data-testid=seat-{i}-kind]", kind)
        if kind == "bot":
            options = page.eval_on_selector(
                f"[data-testid=seat-{i}-bot]", "s => [...s.options].map(o => o.value)"
            )
            page.select_option(f"[data-testid=seat-{i}-bot]", bot if bot in options else options[0])
    page.click("[data-testid=more-options]")
    page.fill("[data-testid=seed]", seed)
    page.click("[data-testid=start-game]")


def engine_game(page: Page):
    """The game as the engine sees it: the page's record replayed in this process."""
    return replay(page.evaluate("window.__railtripRecord()"))


def legal_claim_routes(game) -> set[str]:
    return {a.route for a in game.legal_actions() if a.keyword == "claim"}


def check_offered_actions(page: Page) -> None:
    """Only legal actions are offered: the route list, the market and the piles match the engine."""
    game = engine_game(page)
    legal = game.legal_actions()
    options = set(
        page.eval_on_selector(
            "[data-testid=route-list]",
            "l => [...l.querySelectorAll('[role=option]')].flatMap(o => o.dataset.routes.split(' '))",
        )
    )
    assert options == legal_claim_routes(game)
    takes = {a.slot for a in legal if a.keyword == "take"}
    for slot in range(5):
        assert page.is_enabled(f"[data-testid=market-slot-{slot}]") == (slot in takes)
        if (
            game.phase == "second_card"
            and page.get_attribute(f"[data-testid=market-slot-{slot}]", "data-card") == "loco"
        ):
            assert not page.is_enabled(f"[data-testid=market-slot-{slot}]"), (
                "a face-up locomotive as second card"
            )
    assert page.is_enabled("[data-testid=deck]") == any(a.keyword == "draw" for a in legal)
    assert page.is_enabled("[data-testid=ticket-deck]") == any(a.keyword == "tickets" for a in legal)


def check_ticket_dialog(page: Page) -> None:
    """'Keep' is enabled only for a selection some legal keep action has."""
    game = engine_game(page)
    keeps = [set(a.tickets) for a in game.legal_actions() if a.keyword == "keep"]
    boxes = page.locator("[data-testid=ticket-options] input[type=checkbox]")
    ids = [boxes.nth(i).get_attribute("value") for i in range(boxes.count())]
    for i in range(len(ids)):  # Uncheck all, then check one by one.
        boxes.nth(i).uncheck(force=True)
    assert page.is_disabled("[data-testid=ticket-confirm]")
    # With nothing ticked the button asks for a choice (it read "Keep 0 tickets"); then it counts.
    assert page.inner_text("[data-testid=ticket-confirm]") == "Choose tickets"
    chosen: set[str] = set()
    for i, tid in enumerate(ids):
        boxes.nth(i).check(force=True)
        chosen.add(tid)
        assert page.is_enabled("[data-testid=ticket-confirm]") == (chosen in keeps)
        n = len(chosen)
        assert page.inner_text("[data-testid=ticket-confirm]") == f"Keep {n} ticket{'s' if n != 1 else ''}"


def play_to_the_end(page: Page, snapshot=None) -> int:
    """Plays the person's seat: keep all tickets, claim the first claimable route, else draw."""
    deadline = time.time() + GAME_TIMEOUT_S
    moves = 0
    checked_tickets = checked_payment = False
    while True:
        assert time.time() < deadline, "the game took too long"
        page.wait_for_function(WAIT_FOR_PERSON, timeout=60_000)
        state = ui_state(page)
        if state == "game-over":
            return moves
        moves += 1
        if state == "choose-tickets":
            if not checked_tickets:
                check_ticket_dialog(page)
                checked_tickets = True  # All tickets are checked again now.
            keep_tickets(page)
            continue
        if state == "choose-payment":
            if not checked_payment:
                route = page.get_attribute("[data-testid=route-option][aria-selected=true]", "data-route")
                game = engine_game(page)
                n = sum(1 for a in game.legal_actions() if a.keyword == "claim" and a.route == route)
                assert page.locator("[data-testid^=payment-option-]").count() == n
                checked_payment = True
            page.click("[data-testid=payment-option-0]")
            continue
        if moves % 15 == 1:
            check_offered_actions(page)
        if moves == 3 and snapshot:
            snapshot(page, "board-1280x800")
        if page.locator("[data-testid=route-option]").count():
            page.click("[data-testid=tab-routes]")
            page.locator("[data-testid=route-option]").first.click()  # Claim waits for a chosen row
            page.click("[data-testid=route-claim]")
        elif page.is_enabled("[data-testid=deck]"):
            page.click("[data-testid=deck]")
        elif any(page.is_enabled(f"[data-testid=market-slot-{i}]") for i in range(5)):
            slot = next(i for i in range(5) if page.is_enabled(f"[data-testid=market-slot-{i}]"))
            page.click(f"[data-testid=market-slot-{slot}]")
        elif page.is_enabled("[data-testid=ticket-deck]"):
            page.click("[data-testid=ticket-deck]")
        else:
            page.click("[data-testid=pass-turn]")


def test_new_game_screen(app_page: Page) -> None:
    page = app_page
    page.wait_for_selector("#app[data-ui-state=new-game]")
    for testid in (
        "new-game-form",
        "player-name",
        "opponents",
        "seat-1-kind",
        "seat-1-bot",
        "seat-0-color",
        "start-game",
    ):
        assert page.is_visible(f"[data-testid={testid}]"), testid
    page.click("[data-testid=opponents-3]")
    assert page.locator("[data-testid^=seat-][data-testid$=-kind]").count() == 3


@pytest.mark.cold_start  # one whole game on a first visit (the other tests start from the snapshot)
def test_full_game_against_a_bot(page: Page, server, snapshot) -> None:
    open_app(page, server)
    page.fill("[data-testid=player-name]", "Tester <b>")
    start_game(page)
    moves = play_to_the_end(page, snapshot)
    assert moves > 10
    page.wait_for_selector("[data-testid=game-over]")
    snapshot(page, "game-over")
    game = engine_game(page)
    assert game.is_over
    scores = game.scores()
    for sc in scores:
        assert page.text_content(f"[data-testid=final-total-{sc['seat']}]") == points_text(sc["total"])
    # The name is text, never markup.
    assert page.locator("[data-testid=player-0] .pname").text_content() == "Tester <b>"
    assert page.locator("#app b").count() == 0
    # The log has sentences for both players.
    assert page.locator("[data-testid=log-entry]").count() > 10
    page.click("[data-testid=view-board]")
    page.wait_for_selector("[data-testid=show-scores]")
    snapshot(page, "final-board")
    # On a desktop screen every city of the classic map has its name, and no two names overlap.
    labels = page.evaluate("window.__railtrip.board.labels")
    assert labels["hidden"] == [] and len(labels["boxes"]) == 36, labels["hidden"]
    page.click("[data-testid=show-scores]")
    page.click("[data-testid=same-deal]")
    page.wait_for_function(
        "() => ['choose-tickets', 'playing', 'waiting-bot'].includes(document.getElementById('app').dataset.uiState)"
    )
    assert page.evaluate("window.__railtrip.settings.seed") == 7


def test_phone_layout(browser: Browser, server, page_errors, request) -> None:
    context = new_context(browser, request, **PHONE)
    page = context.new_page()
    page.on("console", page_errors.console)
    page.on("pageerror", page_errors.page_error)
    try:
        open_app(page, server)
        start_game(page, seed="11")
        page.wait_for_selector("[data-testid=ticket-dialog]")
        keep_tickets(page)
        page.wait_for_function(WAIT_FOR_PERSON)
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
        box = page.locator("[data-testid=board-canvas]").bounding_box()
        assert box and box["width"] >= 370
        # The Routes tab's tip is for a finger: tap, then Claim; no keys, no clicks.
        tip = page.text_content("[data-testid=routes-help]") or ""
        assert "tap" in tip and "Claim" in tip and "Keys" not in tip and "click" not in tip, tip
        page.click("[data-testid=zoom-in]")
        page.screenshot(path=str(_artifact("board-390x844.png")))
    finally:
        context.close()
    assert not page_errors.messages, page_errors.messages


def test_hotseat_hides_the_previous_hand(page: Page, server) -> None:
    open_app(page, server)
    start_game(page, seed="3", kinds=("human",))
    page.wait_for_selector("#app[data-ui-state=pass-device]")
    assert page.locator("[data-testid=hand-hidden]").count() == 1
    # The own panels' headings say whose hand shows: nobody's between turns, then the player's by
    # name (the device passes between people, so "Your cards" would not say whose).
    headings = "[data-own-title=hand], [data-own-title=tickets]"
    assert page.locator(headings).all_inner_texts() == ["CARDS", "TICKETS"]
    page.click("[data-testid=pass-device-ready]")
    page.wait_for_selector("[data-testid=ticket-dialog]")
    name = page.evaluate("window.__railtrip.settings.seats[0].name").upper()
    titles = [
        text.replace("\u2068", "").replace("\u2069", "") for text in page.locator(headings).all_inner_texts()
    ]
    assert titles == [f"{name}'S CARDS", f"{name}'S TICKETS"], titles
    keep_tickets(page)
    page.wait_for_selector("#app[data-ui-state=pass-device]")
    assert page.locator("[data-testid=hand-hidden]").count() == 1
    assert page.locator(headings).all_inner_texts() == ["CARDS", "TICKETS"]
    assert page.get_attribute("#app", "data-current-player") == "1"
    page.click("[data-testid=pass-device-ready]")
    page.wait_for_selector("[data-testid=ticket-dialog]")


def test_german_and_toast_for_illegal_actions(page: Page, server) -> None:
    open_app(page, server)
    page.click("[data-testid=lang-de]")
    assert page.text_content("[data-testid=start-game]") == "Spiel starten"
    assert page.evaluate("document.documentElement.lang") == "de"
    start_game(page, seed="5")
    page.wait_for_selector("[data-testid=ticket-dialog]")
    assert page.text_content("[data-testid=ticket-dialog] .dlg-title") == "Deine ersten Zielaufträge"
    keep_tickets(page)
    page.wait_for_function(WAIT_FOR_PERSON)
    # An illegal action that reaches the engine shows the engine's message; the game goes on.
    page.evaluate("window.__railtripAct('claim NOPE 1red')")
    page.wait_for_selector("[data-testid=toast]")
    assert "NOPE" in page.text_content("[data-testid=toast]")
    page.wait_for_function(WAIT_FOR_PERSON)
    page.click("[data-testid=deck]")
    page.click("[data-testid=lang-en]")
    assert page.text_content("[data-testid=tab-log]") == "Log"


def _artifact(name: str):
    from e2e.conftest import ARTIFACTS

    ARTIFACTS.mkdir(exist_ok=True)
    return ARTIFACTS / name


# Records every bot_move's phase (the phase of the state the page last received) and clock cap.
RECORD_BOT_CAPS = """() => {
  const engine = window.railtrip.engine;
  const call = engine.call.bind(engine);
  window.__botCaps = [];
  let phase = null;
  engine.call = async (name, args) => {
    if (name === 'bot_move') window.__botCaps.push([phase, args?.max_seconds ?? null]);
    const res = await call(name, args);
    if (res && typeof res.phase === 'string') phase = res.phase;
    return res;
  };
}"""


RECORD_PONDER = """() => {
  const engine = window.railtrip.engine;
  const call = engine.call.bind(engine);
  window.__ponder = { ponders: [], moves: [] };
  engine.call = async (name, args) => {
    const res = await call(name, args);
    if (name === 'ponder') window.__ponder.ponders.push(res.more);
    if (name === 'bot_move') window.__ponder.moves.push(res.pondered);
    return res;
  };
}"""


def test_the_bots_work_out_their_setup_while_the_person_chooses(page: Page, server) -> None:
    """While the person looks at their tickets the engine ponders the bots' replies, so the bots
    after them answer at once (their moves come from the ponder)."""
    open_app(page, server)
    page.evaluate(RECORD_PONDER)
    start_game(page, opponents=2, kinds=("bot", "bot"))
    page.wait_for_selector("#app[data-ui-state=choose-tickets]", timeout=60_000)
    deadline = time.time() + 30
    while False not in page.evaluate("window.__ponder.ponders"):
        assert time.time() < deadline, page.evaluate("window.__ponder")
        page.wait_for_timeout(100)
    keep_tickets(page)
    page.wait_for_function(WAIT_FOR_PERSON, timeout=60_000)
    # The two bots' ticket keeps, then the person's first turn.
    assert page.evaluate("window.__ponder.moves") == [True, True], page.evaluate("window.__ponder")


# Counts the answers the page's engine took from helper engines, and which bot moves were pondered.
# The page's engine's own pondering waits for `__releasePonder()`: the person keeps at once.
RECORD_HELPERS = """() => {
  const engine = window.railtrip.engine;
  const call = engine.call.bind(engine);
  window.__helped = { learned: 0, moves: [] };
  const gate = new Promise((resolve) => { window.__releasePonder = resolve; });
  engine.call = async (name, args) => {
    if (name === 'ponder') await gate;
    const res = await call(name, args);
    if (name === 'ponder_learn') window.__helped.learned += res.new;
    if (name === 'bot_move') window.__helped.moves.push(res.pondered);
    return res;
  };
}"""


def test_a_helper_engine_works_out_the_later_bots_setup_in_parallel(page: Page, server) -> None:
    """With a core to spare, a helper engine (a second worker with a copy of the game) works on
    the later `hard` bots' opening keeps while the page's engine makes the first bot's: a person who
    keeps their tickets at once does not wait for three searches one after the other."""
    page.add_init_script("Object.defineProperty(Navigator.prototype, 'hardwareConcurrency', {get: () => 2})")
    open_app(page, server)
    page.evaluate(RECORD_HELPERS)
    start_game(page, seed="11", opponents=3, kinds=("bot", "bot", "bot"), bot="hard")
    page.wait_for_selector("#app[data-ui-state=choose-tickets]", timeout=60_000)
    # The helper's start (a runtime, then the game's record) takes seconds on a busy machine, and a
    # helper that is not ready when a bot moves is rightly not waited for: wait until it holds its
    # copy, with the page's engine held back as if the person had kept at once.
    deadline = time.time() + 60
    while not any(h["loaded"] for h in page.evaluate("window.__railtrip.helpers()")):
        assert time.time() < deadline, page.evaluate("window.__railtrip.helpers()")
        page.wait_for_timeout(50)
    page.evaluate("window.__releasePonder()")
    keep_tickets(page)
    page.wait_for_function(WAIT_FOR_PERSON, timeout=120_000)
    helped = page.evaluate("window.__helped")
    assert len(helped["moves"]) == 3, helped  # the three bots' ticket keeps
    assert helped["learned"] >= 1 and True in helped["moves"][1:], helped
    assert ui_state(page) == "playing"
    deadline = time.time() + 10  # the setup is over: the helper worker is stopped
    while len(page.workers) > 1:
        assert time.time() < deadline, [w.url for w in page.workers]
        page.wait_for_timeout(100)


def choose_bots(page: Page, levels: dict[int, str]) -> None:
    for i, level in levels.items():
        page.select_option(f"[data-testid=seat-{i}-kind]", "bot")
        page.select_option(f"[data-testid=seat-{i}-bot]", level)


def wait_for_spares(page: Page, count: int) -> None:
    deadline = time.time() + 30
    while page.evaluate("window.__railtripSpareHelpers()") != count:
        assert time.time() < deadline, page.evaluate("window.__railtripSpareHelpers()")
        page.wait_for_timeout(50)


def test_helper_engines_start_on_the_new_game_form(page: Page, server) -> None:
    """A helper's start (1-2 s) is slower than a person's quick keep, so it starts while the form
    shows a table of several `hard` bots: it is stopped when the table no longer needs it (fewer
    `hard` bots, the card game), and the game takes it rather than starting another worker."""
    page.add_init_script("Object.defineProperty(Navigator.prototype, 'hardwareConcurrency', {get: () => 2})")
    open_app(page, server)
    main = page.workers[0]  # the page's own engine
    page.click("[data-testid=opponents-3]")
    choose_bots(page, {1: "hard", 2: "normal", 3: "normal"})
    wait_for_spares(page, 0)  # one hard bot: nothing to share
    choose_bots(page, {2: "hard"})
    wait_for_spares(page, 1)  # one spare core (hardwareConcurrency 2): one helper
    page.click("label:has([data-testid=variant-cardgame])")
    wait_for_spares(page, 0)  # the card game's setup has nothing to ponder
    # Playwright may never report a worker stopped during its start, so the test reads the workers
    # alive rather than counting `worker` events: the stopped spare leaves the list...
    deadline = time.time() + 20
    while page.workers != [main]:
        assert time.time() < deadline, [w.url for w in page.workers]
        page.wait_for_timeout(50)
    page.click("label:has([data-testid=variant-usa])")
    wait_for_spares(page, 1)
    deadline = time.time() + 20  # ... and the new one joins it once its script runs
    while len(others := [w for w in page.workers if w is not main]) != 1:
        assert time.time() < deadline, [w.url for w in page.workers]
        page.wait_for_timeout(50)
    spare = others[0]
    page.click("[data-testid=more-options]")
    page.fill("[data-testid=seed]", "11")
    page.click("[data-testid=start-game]")
    page.wait_for_selector("#app[data-ui-state=choose-tickets]", timeout=60_000)
    deadline = time.time() + 60
    while not any(h["loaded"] for h in page.evaluate("window.__railtrip.helpers()")):
        assert time.time() < deadline, page.evaluate("window.__railtrip.helpers()")
        page.wait_for_timeout(50)
    # the game took the form's helper and started no other
    assert main in page.workers and [w for w in page.workers if w is not main] == [spare]
    assert page.evaluate("window.__railtripSpareHelpers()") == 0
    keep_tickets(page)
    page.wait_for_function(WAIT_FOR_PERSON, timeout=120_000)
    deadline = time.time() + 10  # the setup is over: the helper is stopped
    while spare in page.workers:
        assert time.time() < deadline, [w.url for w in page.workers]
        page.wait_for_timeout(100)


COUNT_WORKERS = """(() => {
  const Base = window.Worker;
  window.__workersStarted = 0;
  window.Worker = class extends Base {
    constructor(...args) { super(...args); window.__workersStarted += 1; }
  };
})()"""


def test_the_card_game_starts_no_helper_engine(page: Page, server) -> None:
    """The card game's setup has nothing for a helper to ponder, so a table of three `hard` bots
    there starts no worker besides the page's own engine, on the form or in the game."""
    page.add_init_script("Object.defineProperty(Navigator.prototype, 'hardwareConcurrency', {get: () => 4})")
    page.add_init_script(COUNT_WORKERS)
    open_app(page, server)
    page.click("label:has([data-testid=variant-cardgame])")
    page.click("[data-testid=opponents-3]")
    choose_bots(page, {1: "hard", 2: "hard", 3: "hard"})
    page.click("[data-testid=more-options]")
    page.fill("[data-testid=seed]", "11")
    page.click("[data-testid=start-game]")
    page.wait_for_selector("#app[data-ui-state=choose-tickets]", timeout=60_000)
    keep_tickets(page)
    page.wait_for_function(WAIT_FOR_PERSON, timeout=120_000)
    assert page.evaluate("window.__railtrip.settings.variant") == "cardgame"
    assert page.evaluate("window.__workersStarted") == 1  # the page's own engine


def test_bots_think_longer_on_the_setup(page: Page, server) -> None:
    """The page caps a bot's thinking by the clock: 1.2 s on a move, 2.5 s on a setup decision
    (the opening ticket keep, planned around for the whole game, which hard searches longest)."""
    open_app(page, server)
    page.evaluate(RECORD_BOT_CAPS)
    start_game(page)
    deadline = time.time() + 60
    while not any(p == "main" for p, _ in page.evaluate("window.__botCaps")):
        assert time.time() < deadline, page.evaluate("window.__botCaps")
        page.wait_for_function(WAIT_FOR_PERSON, timeout=60_000)
        if ui_state(page) == "choose-tickets":
            keep_tickets(page)
        elif page.is_enabled("[data-testid=deck]"):
            page.click("[data-testid=deck]")
    caps = page.evaluate("window.__botCaps")
    assert ["setup_tickets", 2.5] in caps, caps
    assert all(cap == (2.5 if phase.startswith("setup_") else 1.2) for phase, cap in caps), caps
