"""Share links, saved games, the replay viewer, bad input, offline play and subpath hosting
(issue 7). Links and records are made with the engine in this process; the page only moves them."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from playwright.sync_api import Page

from e2e.conftest import PHONE, new_context, railtrip_build
from e2e.helpers import keep_tickets, wait_for_app_state
from pyengine.bots import bot_action
from pyengine.game import Game
from pyengine.links import deal_link, game_link
from pyengine.record import replay

Q = "?botDelay=0"
HOSTILE_NAME = '<img src=x onerror="window.__pwned=1">'
SEATS = [
    {"name": HOSTILE_NAME, "kind": "human", "bot": None, "color": "green"},
    {"name": "Bea", "kind": "bot", "bot": "easy", "color": "yellow"},
]

WAIT_FOR_PERSON = """() => {
  const a = document.getElementById('app').dataset;
  return ['game-over', 'choose-tickets', 'choose-payment', 'pass-device'].includes(a.uiState)
    || (a.uiState === 'playing' && a.myTurn === 'true' && a.busy === 'false');
}"""
REPLAY_IDLE = "() => { const a = document.getElementById('app').dataset; return a.uiState === 'replay' && a.replayBusy === 'false'; }"


def app(page: Page) -> dict:
    return page.evaluate("({...document.getElementById('app').dataset})")


def goto_ready(page: Page, url: str) -> None:
    page.goto(url)
    assert wait_for_app_state(page, "ready", "error") == "ready", page.inner_text("body")


def market(page: Page) -> list[str | None]:
    return [page.get_attribute(f"[data-testid=market-slot-{i}]", "data-card") or None for i in range(5)]


def played_game(actions: int, seed: int = 11) -> Game:
    game = Game.new("usa", players=2, seed=seed)
    while len(game.actions) < actions and not game.is_over:
        game.apply(bot_action(game, "random"))
    return game


def finish_tickets(page: Page) -> None:
    page.wait_for_function(WAIT_FOR_PERSON)
    if app(page)["uiState"] == "choose-tickets":
        keep_tickets(page)
    page.wait_for_function(WAIT_FOR_PERSON)


# --- static checks of the build ----------------------------------------------------------------


def test_csp_manifest_and_service_worker_are_built(dist_dir: Path) -> None:
    info = json.loads((dist_dir / "build-info.json").read_text())
    html = (dist_dir / "index.html").read_text()
    meta = re.search(r'<meta http-equiv="Content-Security-Policy" content="([^"]+)"', html)
    assert meta and meta.group(1) == railtrip_build.CSP
    assert "'unsafe-inline'" not in railtrip_build.CSP and "'unsafe-eval'" not in railtrip_build.CSP
    manifest = json.loads((dist_dir / "manifest.webmanifest").read_text())
    assert manifest["start_url"] == "./" and manifest["display"] == "standalone" and manifest["short_name"]
    sizes = {icon["sizes"] for icon in manifest["icons"]}
    assert {"192x192", "512x512", "any"} <= sizes
    for icon in manifest["icons"]:
        assert (dist_dir / icon["src"]).is_file(), icon
    sw = (dist_dir / "sw.js").read_text()
    assert f'const BUILD = "{info["build"]}";' in sw
    precache = json.loads(re.search(r"const PRECACHE = (\[.*?\]);", sw, re.S).group(1))
    assert "./" in precache and "index.html" in precache
    # Every file the page uses; the wheel for pip (not the page's) is fetched only by pip.
    for_pip = {info["pythonWheel"]} - {info["engineWheel"]}
    page_files = {f for f in info["files"] if f != "sw.js" and not f.endswith(".map")} - for_pip
    assert set(precache) == page_files | {"./", "build-info.json"}
    assert 'rel="manifest" href="./manifest.webmanifest"' in html


# --- share links -------------------------------------------------------------------------------


def test_same_deal_link_opens_the_same_deal(page: Page, server) -> None:
    game = Game.new("usa", players=2, seed=424242)
    link = deal_link(game, SEATS)
    goto_ready(page, server.url + Q + "#" + link)
    page.wait_for_selector("[data-testid=deal-notice]")
    # The form is prefilled with the deal (names as text, never markup).
    assert page.input_value("[data-testid=player-name]") == HOSTILE_NAME[:16]
    page.click("[data-testid=play-deal]")
    page.wait_for_selector("[data-testid=ticket-dialog]")
    expected = replay(page.evaluate("window.__railtripRecord()"))
    assert expected.settings.seed == 424242
    assert market(page) == game.view(0)["market"] == expected.view(0)["market"]
    hand = {
        c: int(page.get_attribute(f"[data-testid=hand-{c}]", "data-count"))
        for c in game.view(0)["me"]["hand"]
    }
    assert hand == game.view(0)["me"]["hand"]
    offered = {
        page.get_attribute(el, "value")
        for el in [f"[data-testid=ticket-options] input >> nth={i}" for i in range(3)]
    }
    assert offered == {tk["id"] for tk in game.view(0)["me"]["offered"]}
    assert page.inner_text("[data-testid=player-0] .pname") == HOSTILE_NAME[:16]
    assert page.evaluate("window.__pwned") is None and page.locator("#app img").count() == 0
    assert page.evaluate("location.hash") == "", "the link leaves the address once the game starts"


def test_whole_game_link_replay_viewer_and_take_over(page: Page, server) -> None:
    game = played_game(40)
    link = game_link(game, {"seats": SEATS})
    record = game.record({"seats": SEATS})
    # Autoplay steps every 300 ms here (not the 30 ms of ``Q``), so the pause below lands while
    # it plays even on a loaded machine: a click after the last move would start it again.
    goto_ready(page, server.url + "?botDelay=300#" + link)
    page.wait_for_function(REPLAY_IDLE)
    assert app(page)["replayPos"] == "40" and app(page)["replayTotal"] == "40"
    page.click("[data-testid=replay-back]")
    page.wait_for_function(
        "() => document.getElementById('app').dataset.replayPos === '39' && document.getElementById('app').dataset.replayBusy === 'false'"
    )
    assert market(page) == replay(record, 39).view(None)["market"]
    page.click("[data-testid=replay-forward]")
    page.wait_for_function(
        "() => document.getElementById('app').dataset.replayPos === '40' && document.getElementById('app').dataset.replayBusy === 'false'"
    )
    assert market(page) == game.view(None)["market"]
    # Jump with the slider; the board, market and log are those of that move.
    page.eval_on_selector(
        "[data-testid=replay-slider]",
        "s => { s.value = '12'; s.dispatchEvent(new Event('input', {bubbles: true})); }",
    )
    page.wait_for_function(
        "() => document.getElementById('app').dataset.replayPos === '12' && document.getElementById('app').dataset.replayBusy === 'false'"
    )
    at12 = replay(record, 12)
    assert market(page) == at12.view(None)["market"]
    assert page.locator("[data-testid=log-entry]").count() >= 1
    # The own panels' headings name whose they are: nobody's while hands are hidden, then the
    # chosen seat's (the reader is not that player), and "Your" once a person plays on.
    headings = "[data-own-title=hand], [data-own-title=tickets]"
    assert page.locator(headings).all_inner_texts() == ["CARDS", "TICKETS"]
    page.select_option("[data-testid=replay-viewer]", "1")
    page.wait_for_selector("[data-testid=hand] [data-count]")
    titles = [
        text.replace("\u2068", "").replace("\u2069", "") for text in page.locator(headings).all_inner_texts()
    ]
    assert titles == ["BEA'S CARDS", "BEA'S TICKETS"], titles
    # Bea's own lines show her kept tickets, not as "You kept": the reader is not Bea.
    beas = page.locator("[data-testid=log-entry][data-player='1']").all_inner_texts()
    assert any("(Kept: " in text for text in beas) and not any("You" in text for text in beas), beas
    # Cards of a seat, then autoplay a few moves and pause.
    page.select_option("[data-testid=replay-viewer]", "0")
    page.wait_for_selector("[data-testid=hand] [data-count]")
    page.click("[data-testid=replay-play]")
    page.wait_for_function("() => Number(document.getElementById('app').dataset.replayPos) >= 15")
    page.click("[data-testid=replay-play]")
    page.wait_for_function(REPLAY_IDLE)
    assert app(page)["replayPlaying"] == "false"
    pos = int(app(page)["replayPos"])
    assert 15 <= pos < 40
    page.eval_on_selector(
        "[data-testid=replay-slider]",
        "s => { s.value = '20'; s.dispatchEvent(new Event('input', {bubbles: true})); }",
    )
    page.wait_for_function(
        "() => document.getElementById('app').dataset.replayPos === '20' && document.getElementById('app').dataset.replayBusy === 'false'"
    )
    # Take over seat 0 from move 20: the game goes on from there, the other seat is a bot.
    page.select_option("[data-testid=takeover-seat]", "0")
    page.click("[data-testid=takeover]")
    page.wait_for_function(WAIT_FOR_PERSON)
    now = page.evaluate("window.__railtripRecord()")
    assert now["actions"][:20] == record["actions"][:20]
    assert [s["kind"] for s in now["meta"]["seats"]] == ["human", "bot"]
    assert page.locator(headings).all_inner_texts() == ["YOUR CARDS", "YOUR TICKETS"]
    assert page.evaluate("location.hash") == ""


# --- saves and reloads -------------------------------------------------------------------------


def test_a_bot_game_written_by_the_cli_opens_in_the_replay_viewer(
    page: Page, server, tmp_path: Path, snapshot
) -> None:
    """`python -m pyengine tournament --records DIR` writes files the page imports: a finished
    game opens in the replay viewer at its last move, the seats named by their bots."""
    from pyengine.bots.tournament import run_tournament

    run_tournament("usa", 3, ["easy", "random"], 1, seed=6, records=tmp_path)
    (path,) = tmp_path.iterdir()
    record = json.loads(path.read_text(encoding="utf-8"))
    goto_ready(page, server.url + Q)
    page.wait_for_selector("#app[data-ui-state=new-game]")
    page.set_input_files("[data-testid=import-file]", str(path))
    page.wait_for_selector("#app[data-ui-state=replay]")
    page.wait_for_function(REPLAY_IDLE)
    assert app(page)["replayTotal"] == str(len(record["actions"]))
    text = page.inner_text("#app")
    assert "random 1" in text and "random 2" in text and "easy" in text
    assert "person" not in text  # a game of bots alone is shown as one
    snapshot(page, "cli-record")
    # Taken over from its 100th move as the first seat, the others play on as the bots they were.
    page.eval_on_selector(
        "[data-testid=replay-slider]",
        "s => { s.value = '100'; s.dispatchEvent(new Event('input', {bubbles: true})); }",
    )
    page.wait_for_function(REPLAY_IDLE)
    page.select_option("[data-testid=takeover-seat]", "0")
    page.click("[data-testid=takeover]")
    page.wait_for_function(WAIT_FOR_PERSON)
    seats = page.evaluate("window.__railtrip.settings.seats")
    assert [s["kind"] for s in seats] == ["human", "bot", "bot"] and seats[1]["bot"] == seats[2]["bot"]
    assert [s["name"] for s in seats] == ["easy", "random 1", "random 2"]


def test_reload_restores_ticket_dialog_and_mid_turn(page: Page, server) -> None:
    goto_ready(page, server.url + Q)
    page.wait_for_selector("#app[data-ui-state=new-game]")
    page.click("[data-testid=more-options]")
    page.fill("[data-testid=seed]", "77")
    page.click("[data-testid=start-game]")
    page.wait_for_selector("[data-testid=ticket-dialog]")
    offered = page.eval_on_selector_all("[data-testid=ticket-options] input", "els => els.map(e => e.value)")
    page.wait_for_function("() => Object.keys(localStorage).some(k => k.startsWith('railtrip.save.'))")
    # Reload during the ticket choice: the same dialog comes back (it follows from the phase).
    page.reload()
    assert wait_for_app_state(page, "ready", "error") == "ready"
    page.wait_for_selector("[data-testid=ticket-dialog]")
    assert (
        page.eval_on_selector_all("[data-testid=ticket-options] input", "els => els.map(e => e.value)")
        == offered
    )
    finish_tickets(page)
    # Mid-turn: one card drawn, the second still to take.
    page.click("[data-testid=deck]")
    page.wait_for_function(
        "() => document.getElementById('app').dataset.phase === 'second_card' && document.getElementById('app').dataset.busy === 'false'"
    )
    before = page.evaluate("window.__railtripRecord()")
    hand = page.eval_on_selector_all(
        "[data-testid=hand] [data-count]", "els => els.map(e => [e.dataset.card, e.dataset.count])"
    )
    page.wait_for_timeout(300)  # the autosave follows the action
    page.reload()
    assert wait_for_app_state(page, "ready", "error") == "ready"
    page.wait_for_function("() => document.getElementById('app').dataset.phase === 'second_card'")
    after = page.evaluate("window.__railtripRecord()")
    assert after["actions"] == before["actions"]
    assert (
        page.eval_on_selector_all(
            "[data-testid=hand] [data-count]", "els => els.map(e => [e.dataset.card, e.dataset.count])"
        )
        == hand
    )


def link_error_message(page: Page, server, link: str) -> str:
    """Opens the page at ``#link`` and returns the message of the link error it shows. A fresh
    load for each link: from the same URL a new hash alone would be a same-page jump, and the
    previous link's message could be read before the new one replaces it."""
    page.goto("about:blank")
    page.goto(server.url + Q + "#" + link)
    assert wait_for_app_state(page, "ready", "error") == "ready"
    page.wait_for_selector("[data-testid=link-error]")
    return page.inner_text("[data-testid=open-error-message]")


def test_corrupted_save_and_hostile_links_show_a_message(page: Page, server) -> None:
    good = played_game(12, seed=3).record({"seats": SEATS})
    bad = dict(good, actions=good["actions"][:5] + ["claim Atlantis-Narnia red"])
    goto_ready(page, server.url + Q)
    page.evaluate(
        """([good, bad]) => {
        localStorage.setItem('railtrip.save.aaa-good', JSON.stringify({record: good, settings: {speed: 'fast'}, turn: 3, savedAt: 3}));
        localStorage.setItem('railtrip.save.bbb-bad', JSON.stringify({record: bad, settings: {}, turn: 2, savedAt: 2}));
        localStorage.setItem('railtrip.save.ccc-cut', '{"record": {"variant": "usa", "act');
    }""",
        [good, bad],
    )
    stored = page.evaluate(
        "JSON.stringify(Object.entries(localStorage).filter(([k]) => k.startsWith('railtrip.save.')).sort())"
    )
    page.reload()
    assert wait_for_app_state(page, "ready", "error") == "ready"
    rows = page.locator("[data-testid=save-row]")
    assert rows.count() == 3
    assert page.is_visible("[data-testid=continue-game]")  # the newest readable save
    assert page.locator("[data-testid=save-row].broken").count() == 1
    page.click("[data-testid=save-row][data-save-id=bbb-bad] [data-testid=save-open]")
    page.wait_for_selector("[data-testid=open-error]")
    assert "Atlantis" in page.inner_text("[data-testid=open-error-message]") or "action" in page.inner_text(
        "[data-testid=open-error-message]"
    )
    assert app(page)["uiState"] == "new-game"
    assert (
        page.evaluate(
            "JSON.stringify(Object.entries(localStorage).filter(([k]) => k.startsWith('railtrip.save.')).sort())"
        )
        == stored
    )
    # Hostile links: each shows the engine's message and the new-game screen; the saves stay.
    hostile = {
        "g1.!!!not-base64": "characters",
        "g9.AAAA": "newer version",
        "g1.AAAA": "",
        "d1.eyJ2YXJpYW50IjoidXNhIiwicGxheWVycyI6OTl9": "",  # {"variant":"usa","players":99}
        "x" * 300_000: "too long",
        # Not JSON inside: the player reads "The link is damaged", not the parser's "not valid JSON".
        "d1.eyJ2YXJpYW50IiAidXNhIn0": "The link is damaged",  # {"variant" "usa"}
    }
    for link, words in hostile.items():
        message = link_error_message(page, server, link)
        assert message and words in message, (link[:20], message)
        assert "JSON" not in message and "replay" not in message, message
        assert page.is_visible("[data-testid=new-game-form]")
        assert page.evaluate("location.hash") == ""
    assert (
        page.evaluate(
            "JSON.stringify(Object.entries(localStorage).filter(([k]) => k.startsWith('railtrip.save.')).sort())"
        )
        == stored
    )
    # The good save still opens.
    page.click("[data-testid=save-row][data-save-id=aaa-good] [data-testid=save-open]")
    page.wait_for_function(
        "() => ['playing', 'waiting-bot', 'choose-tickets'].includes(document.getElementById('app').dataset.uiState)"
    )
    assert page.evaluate("window.__railtripRecord()")["actions"] == good["actions"]


def open_with_a_save(page: Page, server, save_id: str, record: dict, turn: int) -> None:
    """The new-game screen with ``record`` stored as the saved game ``save_id``."""
    goto_ready(page, server.url + Q)
    page.evaluate(
        """([id, record, turn]) => localStorage.setItem('railtrip.save.' + id,
        JSON.stringify({record, settings: {}, turn, savedAt: turn}))""",
        [save_id, record, turn],
    )
    page.reload()
    assert wait_for_app_state(page, "ready", "error") == "ready"


def test_a_bad_link_or_save_is_told_in_german_on_a_german_page(page: Page, server) -> None:
    """The engine's English message carries a code; a German page says the trouble in German."""
    good = played_game(12, seed=3).record({"seats": SEATS})
    bad = dict(good, actions=good["actions"][:5] + ["claim Atlantis-Narnia red"])
    page.add_init_script("try { localStorage.setItem('railtrip.lang', 'de'); } catch (e) {}")
    open_with_a_save(page, server, "bbb-bad", bad, 2)
    page.click("[data-testid=save-row][data-save-id=bbb-bad] [data-testid=save-open]")
    page.wait_for_selector("[data-testid=open-error]")
    assert page.inner_text("[data-testid=open-error-message]") == (
        "Zug 6 ('claim Atlantis-Narnia red') ist nach den Regeln nicht möglich. "
        "Deine anderen Spielstände sind unverändert."
    )
    hostile = {
        "g1.!!!not-base64": "Der Link enthält Zeichen, die nicht hineingehören",
        "g9.AAAA": "Dieser Link stammt aus einer neueren Railtrip-Version",
        "d1.eyJ2YXJpYW50IjoidXNhIiwicGxheWVycyI6OTl9": "Der Link ist beschädigt",  # 99 players
        "d1.eyJ2YXJpYW50IjoiY2hlc3MiLCJwbGF5ZXJzIjoyfQ": "Diese Railtrip-Version kennt das Spiel 'chess' im Link nicht",
        "x" * 300_000: "Der Link ist viel zu lang für ein Railtrip-Spiel",
    }
    for link, words in hostile.items():
        message = link_error_message(page, server, link)
        assert words in message and not re.search(r"\bthe\b", message), (link[:20], message)
    # A switch to English words the notice again: title and message.
    page.click("[data-testid=lang-en]")
    page.wait_for_selector("[data-testid=link-error] >> text=This link cannot be opened")
    assert (
        page.inner_text("[data-testid=open-error-message]")
        == "The link is far too long to be a Railtrip link"
    )
    # So does a shared deal's notice (the page opens in German again: the init script).
    page.goto("about:blank")
    page.goto(server.url + Q + "#" + deal_link(played_game(0, seed=3), SEATS))
    page.wait_for_selector("[data-testid=deal-notice] >> text=dieselbe Mischung")
    page.click("[data-testid=lang-en]")
    page.wait_for_selector("[data-testid=deal-notice] >> text=the same shuffle")
    assert "(computer)" in page.inner_text("[data-testid=deal-notice]")


# --- offline and subpath -----------------------------------------------------------------------


def play_one_move(page: Page) -> None:
    page.wait_for_selector("#app[data-ui-state=new-game]")
    page.click("[data-testid=start-game]")
    finish_tickets(page)
    ply = int(app(page)["ply"])
    page.click("[data-testid=deck]")
    page.wait_for_function("ply => Number(document.getElementById('app').dataset.ply) > ply", arg=ply)


@pytest.mark.service_worker
def test_offline_second_visit(page: Page, dist_dir: Path) -> None:
    srv = railtrip_build.Server(dist_dir, port=0).start()
    try:
        goto_ready(page, srv.url + Q)
        page.wait_for_function("() => document.documentElement.dataset.offline === 'ready'")
    finally:
        srv.stop()  # The server is gone: everything now comes from the service worker's cache.
    page.context.set_offline(True)
    page.reload()
    assert wait_for_app_state(page, "ready", "error") == "ready", page.inner_text("body")
    assert page.evaluate("navigator.serviceWorker.controller !== null")
    play_one_move(page)


@pytest.mark.service_worker
def test_subpath_serving_with_service_worker_scope(page: Page, dist_dir: Path) -> None:
    with railtrip_build.Server(dist_dir, port=0, prefix="/railtrip/") as srv:
        goto_ready(page, srv.url + Q)
        play_one_move(page)
        page.wait_for_function("() => document.documentElement.dataset.offline === 'ready'")
        scope = page.evaluate("navigator.serviceWorker.ready.then(r => r.scope)")
        assert scope == srv.url and scope.endswith("/railtrip/")
        manifest = page.evaluate(
            "fetch(document.querySelector('link[rel=manifest]').href).then(r => r.json())"
        )
        assert manifest["start_url"] == "./"


def test_deleting_a_save_asks_first_and_takes_its_continue_button_with_it(page: Page, server) -> None:
    """Delete, one click beside Export, removed a game for good without asking; and the Continue
    button above still offered the deleted game and, pressed, saved it again. Now Delete asks
    (Cancel keeps the game), and a deleted game's Continue button goes with it."""
    open_with_a_save(page, server, "aaa-good", played_game(12, seed=3).record({"seats": SEATS}), 3)
    page.wait_for_selector("[data-testid=continue-game]")
    saved = "() => Object.keys(localStorage).filter((k) => k.startsWith('railtrip.save.'))"
    page.click("[data-testid=save-row][data-save-id=aaa-good] [data-testid=save-delete]")
    page.wait_for_selector("[data-testid=confirm-dialog]")
    assert "cannot be brought back" in page.inner_text("[data-testid=confirm-dialog]")
    page.click("[data-testid=confirm-no]")
    assert page.evaluate(saved) == ["railtrip.save.aaa-good"]
    assert page.locator("[data-testid=save-row]").count() == 1
    page.click("[data-testid=save-row][data-save-id=aaa-good] [data-testid=save-delete]")
    page.click("[data-testid=confirm-yes]")
    page.wait_for_selector("[data-testid=saves-empty]")
    assert page.evaluate(saved) == []
    assert page.locator("[data-testid=continue-game]").count() == 0


def test_a_game_deleted_in_another_tab_is_not_saved_again_unasked(page: Page, server) -> None:
    """A game open in one tab and deleted in another came back with the next move (the open tab
    saves after every move). Now the open tab stops saving it and says so; "Save it again" keeps
    it, and until then no move brings it back."""
    goto_ready(page, server.url + Q)
    play_one_move(page)
    save_id = page.evaluate("() => window.__railtrip.settings.saveId")
    key = "railtrip.save." + save_id
    row = f"[data-testid=save-row][data-save-id={save_id}]"
    stored = "key => localStorage.getItem(key) !== null"
    assert page.evaluate(stored, key)
    other = page.context.new_page()
    goto_ready(other, server.url + Q)
    other.click(f"{row} [data-testid=save-delete]")
    other.click("[data-testid=confirm-yes]")
    other.wait_for_selector("[data-testid=saves-empty]")
    page.wait_for_selector("[data-testid=save-warning][data-reason=deletedElsewhere]")
    assert "deleted in another tab" in page.inner_text("[data-testid=save-warning-message]")
    page.wait_for_function(WAIT_FOR_PERSON)
    ply = int(app(page)["ply"])
    page.click("[data-testid=deck]")
    page.wait_for_function("ply => Number(document.getElementById('app').dataset.ply) > ply + 1", arg=ply)
    page.wait_for_function(WAIT_FOR_PERSON)
    assert not page.evaluate(stored, key)
    assert page.is_visible("[data-testid=save-warning][data-reason=deletedElsewhere]")
    page.click("[data-testid=save-warning-resave]")
    page.wait_for_selector("[data-testid=save-warning]", state="detached")
    assert page.evaluate(stored, key)
    other.reload()
    other.wait_for_selector(row)
    other.close()


def test_the_replay_bar_takes_three_rows_of_a_german_phone(browser, request, server) -> None:
    """On a 390×844 phone the replay's controls took 211 px in German, five rows: "Schließen"
    wrapped onto a row of its own under the take-over field. Close now stands beside the step
    buttons (the badge goes: the status line already says "Wiederholung:")."""
    context = new_context(browser, request, **PHONE)
    context.add_init_script("try { localStorage.setItem('railtrip.lang', 'de'); } catch (e) {}")
    page = context.new_page()
    seats = [dict(SEATS[0], name="Ann"), SEATS[1]]
    goto_ready(page, server.url + "?botDelay=0#" + game_link(played_game(20), {"seats": seats}))
    page.wait_for_function(REPLAY_IDLE)
    bar = page.locator("[data-testid=replay-bar]").bounding_box()
    close = page.locator("[data-testid=replay-close]").bounding_box()
    steps = page.locator("[data-testid=replay-first]").bounding_box()
    take = page.locator("[data-testid=takeover]").bounding_box()
    assert bar and close and steps and take
    assert close["y"] < steps["y"] + steps["height"] and close["x"] + close["width"] <= 390, (close, steps)
    assert take["x"] + take["width"] <= 390
    assert bar["height"] <= 155, bar
    assert page.inner_text("[data-testid=replay-close]") == "Schließen"
    context.close()


@pytest.mark.parametrize("variant", ["usa", "cardgame"])
def test_a_replay_ends_with_its_winner_and_scores(page: Page, server, variant: str) -> None:
    """A replay's last move said only "Game over": no winner, and the scores (what the routes,
    tickets and bonuses made of the totals) could not be opened. Now the status names the winner
    and "Show scores" opens the end screen, as at the end of a game played; stepping back hides
    it again and takes the end's drawing off the map. Its "Same deal" from a game of computer
    players alone gives the first seat to the person."""
    game = Game.new(variant, players=2, seed=4)
    while not game.is_over:
        game.apply(bot_action(game, "normal"))
    bots = [
        {"name": name, "kind": "bot", "bot": "normal", "color": c}
        for name, c in (("Ann", "green"), ("Bea", "yellow"))
    ]
    winners = [["Ann", "Bea"][sc["seat"]] for sc in game.scores() if sc["winner"]]
    goto_ready(page, server.url + Q + "#" + game_link(game, {"seats": bots}))
    page.wait_for_function(REPLAY_IDLE)
    headline = f"{winners[0]} wins!" if len(winners) == 1 else "Shared victory: Ann & Bea!"

    def text(selector: str) -> str:  # without the marks that keep each name's writing direction
        return page.inner_text(selector).replace("\u2068", "").replace("\u2069", "")

    assert text("[data-testid=turn-status]") == f"Game over · {headline}"
    page.click("[data-testid=show-scores]")
    assert text("[data-testid=game-over] [data-testid=winner]") == headline
    page.keyboard.press("Escape")
    page.wait_for_selector("[data-testid=game-over]", state="detached")
    if variant == "usa":
        assert page.evaluate("() => window.__railtrip.board.state.longest?.size ?? 0") > 0
    page.click("[data-testid=replay-back]")
    page.wait_for_function(
        "n => document.getElementById('app').dataset.replayPos === String(n)"
        " && document.getElementById('app').dataset.replayBusy === 'false'",
        arg=len(game.actions) - 1,
    )
    assert page.is_hidden("[data-testid=show-scores]")
    assert "Game over" not in page.inner_text("[data-testid=turn-status]")
    if variant == "usa":
        assert page.evaluate("() => window.__railtrip.board.state.longest") is None
    page.click("[data-testid=replay-last]")
    page.wait_for_function(REPLAY_IDLE)
    page.click("[data-testid=show-scores]")
    page.click("[data-testid=same-deal]")
    page.wait_for_function("() => window.__railtrip?.settings.saveId")  # the new game's (a replay's has none)
    seats = page.evaluate("() => window.__railtrip.settings.seats.map((s) => s.kind)")
    assert seats == ["human", "bot"]
    assert page.evaluate("() => window.__railtrip.settings.seed") == game.settings.seed
