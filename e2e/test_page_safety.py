"""The page keeps saved games and survives hostile data (issue 12, section 3): a full storage or
the save limit never deletes a save without the player's choice, a failed autosave warns for as
long as it lasts, damaged settings, deeply nested JSON, long or broken names and huge seeds never
lock the app or the engine, the app refuses to run in a frame, and a move is only ever sent for
the seat whose turn it is."""

from __future__ import annotations

import base64
import json
import re
import urllib.request
import zlib
from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import Page, Route, expect

from e2e.helpers import wait_for_app_state
from e2e.test_share_offline import WAIT_FOR_PERSON, Q, app, finish_tickets, goto_ready, played_game
from pyengine.game import Game
from pyengine.links import deal_link, decode_link, game_link

SAVES_JS = (
    "() => Object.fromEntries(Object.entries(localStorage).filter(([k]) => k.startsWith('railtrip.save.')))"
)
CURRENT_SAVE_JS = (
    "() => localStorage.getItem('railtrip.save.' + sessionStorage.getItem('railtrip.session.game'))"
)
# Fills localStorage until the browser refuses more (chunks from 1 MB down to 10 characters).
FILL_STORAGE_JS = """() => {
  let i = 0;
  for (const size of [1000000, 100000, 10000, 1000, 100, 10]) {
    for (;;) {
      try { localStorage.setItem('filler.' + i, 'f'.repeat(size)); i++; } catch { break; }
    }
  }
  return i;
}"""


def entry(record: dict, saved_at: int, pad: int = 0) -> str:
    settings = {"speed": "fast", "pad": "p" * pad} if pad else {"speed": "fast"}
    return json.dumps({"record": record, "settings": settings, "turn": 2, "savedAt": saved_at})


def put_saves(page: Page, saves: dict[str, str]) -> None:
    page.evaluate(
        "saves => { for (const [id, text] of Object.entries(saves)) localStorage.setItem('railtrip.save.' + id, text); }",
        saves,
    )


def start_new_game(page: Page, seed: int = 5) -> None:
    page.wait_for_selector("#app[data-ui-state=new-game]")
    page.click("[data-testid=more-options]")
    page.fill("[data-testid=seed]", str(seed))
    page.click("[data-testid=start-game]")
    page.wait_for_selector("[data-testid=ticket-dialog]")


def both_sizes(page: Page, snapshot: Callable[[Page, str], Path | None], name: str) -> None:
    """Screenshots at 1280x800 and at a 390x844 phone (the test goes on at 1280x800)."""
    snapshot(page, f"{name}-desktop")
    page.set_viewport_size({"width": 390, "height": 844})
    snapshot(page, f"{name}-phone")
    page.set_viewport_size({"width": 1280, "height": 800})


def b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).decode("ascii").rstrip("=")


def deflate(data: bytes) -> bytes:
    comp = zlib.compressobj(9, zlib.DEFLATED, -15)
    return comp.compress(data) + comp.flush()


# --- storage: nothing is deleted without the player's choice --------------------------------------


def test_full_storage_keeps_every_save_warns_and_lets_the_player_choose(page: Page, server, snapshot) -> None:
    records = {f"{c * 3}-old": played_game(6 + i, seed=20 + i).record() for i, c in enumerate("abc")}
    goto_ready(page, server.url + Q)
    page.wait_for_selector("#app[data-ui-state=new-game]")
    put_saves(page, {sid: entry(rec, 10 + i, pad=400_000) for i, (sid, rec) in enumerate(records.items())})
    assert page.evaluate(FILL_STORAGE_JS) > 0
    before = page.evaluate(SAVES_JS)
    start_new_game(page)
    # The autosave fails: a lasting warning, and not one of the other saves is gone.
    page.wait_for_selector("[data-testid=save-warning][data-reason=quota]")
    assert page.evaluate(SAVES_JS) == before
    assert page.evaluate(CURRENT_SAVE_JS) is None
    finish_tickets(page)
    ply = int(app(page)["ply"])
    page.click("[data-testid=deck]")  # the game goes on; every autosave fails and the warning stays
    page.wait_for_function("ply => Number(document.getElementById('app').dataset.ply) > ply", arg=ply)
    page.wait_for_function(WAIT_FOR_PERSON)
    assert page.is_visible("[data-testid=save-warning][data-reason=quota]")
    assert "storage is full" in page.inner_text("[data-testid=save-warning-message]")
    assert page.evaluate(SAVES_JS) == before
    both_sizes(page, snapshot, "quota-warning")
    # The player may fold the warning into a small "not saved" button; it stays until the game is saved.
    page.click("[data-testid=save-warning-hide]")
    page.wait_for_selector("[data-testid=save-warning-show][data-reason=quota]")
    snapshot(page, "quota-pill")
    page.click("[data-testid=save-warning-show]")
    # Download: the game as it is now.
    with page.expect_download() as download:
        page.click("[data-testid=save-warning-download]")
    downloaded = json.loads(Path(download.value.path()).read_text())
    assert downloaded["actions"] == page.evaluate("window.__railtripRecord()")["actions"]
    # Free space: the player chooses which saves go; nothing goes before the confirmation.
    page.click("[data-testid=save-warning-manage]")
    page.wait_for_selector("[data-testid=manage-saves]")
    assert page.locator("[data-testid=manage-row]").count() == 3
    assert page.is_disabled("[data-testid=manage-delete]")
    page.check("[data-testid=manage-check-bbb-old]")
    both_sizes(page, snapshot, "manage-saves")
    assert page.evaluate(SAVES_JS) == before
    page.click("[data-testid=manage-delete]")
    page.wait_for_selector("[data-testid=save-warning]", state="detached")
    after = page.evaluate(SAVES_JS)
    assert "railtrip.save.bbb-old" not in after
    for sid in ("aaa-old", "ccc-old"):
        assert after[f"railtrip.save.{sid}"] == before[f"railtrip.save.{sid}"]
    saved = json.loads(page.evaluate(CURRENT_SAVE_JS))
    assert saved["record"]["actions"] == page.evaluate("window.__railtripRecord()")["actions"]


def test_save_limit_asks_before_an_unfinished_game_goes(page: Page, server, snapshot) -> None:
    record = played_game(8, seed=4).record()
    goto_ready(page, server.url + Q)
    page.wait_for_selector("#app[data-ui-state=new-game]")
    put_saves(page, {f"s{i:02d}": entry(record, 100 + i) for i in range(30)})
    before = page.evaluate(SAVES_JS)
    start_new_game(page)
    page.wait_for_selector("[data-testid=save-warning][data-reason=limit]")
    finish_tickets(page)
    assert "30" in page.inner_text("[data-testid=save-warning-message]")
    assert page.evaluate(SAVES_JS) == before  # the oldest unfinished game is still there
    page.click("[data-testid=lang-de]")
    page.wait_for_selector("[data-testid=save-warning][data-reason=limit]")
    assert "höchstens 30" in page.inner_text("[data-testid=save-warning-message]")
    both_sizes(page, snapshot, "limit-warning-de")
    page.click("[data-testid=lang-en]")
    page.click("[data-testid=save-warning-manage]")
    assert page.locator("[data-testid=manage-row]").count() == 30
    page.check("[data-testid=manage-check-s00]")
    page.check("[data-testid=manage-check-s01]")
    assert page.inner_text("[data-testid=manage-delete]") == "Delete 2 saved games"
    page.click("[data-testid=manage-delete]")
    page.wait_for_selector("[data-testid=save-warning]", state="detached")
    after = page.evaluate(SAVES_JS)
    assert len(after) == 29 and "railtrip.save.s00" not in after and "railtrip.save.s01" not in after
    assert page.evaluate(CURRENT_SAVE_JS) is not None


# --- damaged settings and hostile data ------------------------------------------------------------


@pytest.mark.parametrize(
    "stored",
    [
        '{"seats":"abc"}',
        '{"seats":[{"name":5}]}',
        '{"opponents":"x"}',
        '{"seats":[{"name":"Ann\\ud83d","color":"pink","bot":7}],"speed":"__proto__"}',
        "[[[",
        "5",
    ],
)
def test_damaged_new_game_settings_never_lock_the_app(page: Page, server, stored: str) -> None:
    goto_ready(page, server.url + Q)
    page.evaluate("v => localStorage.setItem('railtrip.newgame.v1', v)", stored)
    page.reload()
    assert wait_for_app_state(page, "ready", "error") == "ready", page.inner_text("body")
    page.wait_for_selector("#app[data-ui-state=new-game]")
    assert page.is_checked("[data-testid=opponents-1]")
    name = page.input_value("[data-testid=player-name]")
    assert name == ("Ann" if "Ann" in stored else "Player")
    # The stored entry is repaired: every field has its shape (no lone surrogate: JSON.stringify
    # would write it as an escape).
    raw = page.evaluate("localStorage.getItem('railtrip.newgame.v1')")
    repaired = json.loads(raw)
    assert isinstance(repaired, dict) and "\\u" not in raw
    assert all(
        isinstance(s, dict) and (s["name"] is None or isinstance(s["name"], str))
        for s in repaired.get("seats", [])
    )
    page.click("[data-testid=start-game]")
    page.wait_for_selector("[data-testid=ticket-dialog]")
    if "Ann" in stored:  # Share works with the repaired name.
        finish_tickets(page)
        page.click("[data-testid=menu]")
        page.click("[data-testid=menu-share]")
        url = page.input_value("[data-testid=share-deal-url]")
        assert decode_link(url)["record"]["meta"]["seats"][0]["name"] == "Ann"


def test_deeply_nested_json_never_reaches_the_engine(page: Page, server) -> None:
    deep = "[" * 3000
    hostile = {
        "g1." + b64(deflate(deep.encode())): "nested",  # ~38 characters
        "d1." + b64(('{"variant":"usa","players":2,"seed":1,"seats":' + deep).encode()): "nested",
    }
    for link, words in hostile.items():
        page.goto("about:blank")
        goto_ready(page, server.url + Q + "#" + link)
        page.wait_for_selector("[data-testid=link-error]")
        assert words in page.inner_text("[data-testid=open-error-message]")
    # Saves: listed as damaged (they can still be deleted), never parsed or sent to the engine.
    page.evaluate(
        """deep => {
        localStorage.setItem('railtrip.save.deep-one', '{"record":' + deep);
        localStorage.setItem('railtrip.save.deep-two', '{"record":{"variant":"usa","players":2,"seed":1,"actions":[],"options":' + deep + ']}}');
    }""",
        deep,
    )
    page.reload()
    assert wait_for_app_state(page, "ready", "error") == "ready"
    assert page.locator("[data-testid=save-row].broken").count() == 2
    # An imported file.
    page.set_input_files(
        "[data-testid=import-file]",
        {
            "name": "deep.railtrip.json",
            "mimeType": "application/json",
            "buffer": ('{"variant":"usa","actions":' + deep).encode(),
        },
    )
    page.wait_for_selector("[data-testid=open-error]")
    assert "nested" in page.inner_text("[data-testid=open-error-message]")
    # The engine is alive: a game starts.
    start_new_game(page)


def test_names_are_cut_by_characters_and_share_links_work(page: Page, server) -> None:
    goto_ready(page, server.url + Q)
    page.wait_for_selector("#app[data-ui-state=new-game]")
    page.fill("[data-testid=player-name]", "a" * 12 + "👩‍👩‍👧‍👦" + "b")  # the family emoji is 7 code points
    assert page.input_value("[data-testid=player-name]") == "a" * 12
    page.fill("[data-testid=player-name]", "🚂" * 20)
    assert page.input_value("[data-testid=player-name]") == "🚂" * 16
    start_new_game(page)
    finish_tickets(page)
    page.click("[data-testid=menu]")
    page.click("[data-testid=menu-share]")
    page.wait_for_selector("[data-testid=share-dialog]")
    deal = decode_link(page.input_value("[data-testid=share-deal-url]"))
    assert deal["record"]["meta"]["seats"][0]["name"] == "🚂" * 16
    # Copy says whether it worked inside the dialog (a toast stood behind its backdrop), and the
    # link field keeps its width when the button reads "Copied ✓".
    field = page.locator("[data-testid=share-deal-url]").bounding_box()
    page.click("[data-testid=share-deal-copy]")
    status = page.locator("[data-testid=share-deal-status]")
    expect(status).to_have_text(re.compile(r"Link copied to the clipboard|Could not copy: .*"))
    dialog = page.locator("[data-testid=share-dialog]").bounding_box()
    box = status.bounding_box()
    assert (
        box
        and dialog
        and dialog["y"] <= box["y"]
        and box["y"] + box["height"] <= dialog["y"] + dialog["height"]
    )
    assert page.locator("[data-testid=toast]").count() == 0
    assert page.locator("[data-testid=share-deal-url]").bounding_box()["width"] == field["width"]
    page.click("[data-testid=share-close]")
    stored = json.loads(page.evaluate("localStorage.getItem('railtrip.newgame.v1')"))
    assert stored["seats"][0]["name"] == "🚂" * 16


def test_link_metadata_is_rebuilt_from_known_short_fields(page: Page, server) -> None:
    # A deal link whose first name is 100,000 characters long: the saves stay small.
    game = Game.new("usa", players=2, seed=99)
    seats = [
        {"name": "N" * 100_000, "kind": "human", "bot": None, "color": "red", "x": "y" * 1000},
        {"name": "Bea", "kind": "bot", "bot": "easy", "color": "blue"},
    ]
    goto_ready(page, server.url + Q + "#" + deal_link(game, seats))
    page.wait_for_selector("[data-testid=deal-notice]")
    assert page.input_value("[data-testid=player-name]") == "N" * 16
    page.click("[data-testid=play-deal]")
    page.wait_for_selector("[data-testid=ticket-dialog]")
    page.wait_for_function(CURRENT_SAVE_JS)
    saved = page.evaluate(CURRENT_SAVE_JS)
    assert len(saved) < 5_000
    assert json.loads(saved)["record"]["meta"] == {
        "seats": [
            {"name": "N" * 16, "kind": "human", "bot": None, "color": "red"},
            {"name": "Bea", "kind": "bot", "bot": "easy", "color": "blue"},
        ]
    }
    # A whole-game link carrying 900 kB of extra metadata: the game taken over from it saves small.
    played = played_game(10, seed=12)
    link = game_link(played, {"seats": seats, "junk": "j" * 700_000})
    page.goto("about:blank")
    goto_ready(page, server.url + Q + "#" + link)
    page.wait_for_function(
        "() => document.getElementById('app').dataset.uiState === 'replay' && document.getElementById('app').dataset.replayBusy === 'false'"
    )
    page.select_option("[data-testid=takeover-seat]", "0")
    page.click("[data-testid=takeover]")
    page.wait_for_function(WAIT_FOR_PERSON)
    page.wait_for_function(CURRENT_SAVE_JS)
    saved = page.evaluate(CURRENT_SAVE_JS)
    assert len(saved) < 5_000 and "junk" not in saved and "N" * 17 not in saved


def test_names_are_isolated_in_running_text(page: Page, server, snapshot) -> None:
    game = Game.new("usa", players=2, seed=31)
    seats = [
        {"name": "\u202eEve", "kind": "human", "bot": None, "color": "red"},
        {"name": "\u2069\u202eBea", "kind": "bot", "bot": "easy", "color": "blue"},
    ]
    goto_ready(page, server.url + Q + "#" + deal_link(game, seats))
    page.wait_for_selector("[data-testid=deal-notice]")
    page.click("[data-testid=play-deal]")
    finish_tickets(page)
    page.click("[data-testid=deck]")
    page.wait_for_function(WAIT_FOR_PERSON)
    names = page.eval_on_selector_all("[data-testid=players] .pname", "els => els.map(e => e.textContent)")
    assert names == ["Eve", "Bea"]  # bidi controls are not part of a name
    lines = page.eval_on_selector_all("[data-testid=log-entry]", "els => els.map(e => e.textContent)")
    assert lines and all("\u202e" not in line for line in lines)
    # Bea's lines name her (isolated); Eve, the person playing, reads her own lines as "You".
    assert any("\u2068Bea\u2069" in line for line in lines) and any("You " in line for line in lines)
    assert (
        page.eval_on_selector("[data-testid=player-0] .pname", "e => getComputedStyle(e).unicodeBidi")
        == "isolate"
    )
    # Each log line reads left to right: the words after a name stay after it on screen.
    order = page.eval_on_selector_all(
        "[data-testid=log-entry] span:not(.log-dot)",
        """els => els.map(e => {
        const node = e.firstChild, text = node.textContent, end = text.indexOf('\\u2069');
        if (end < 0 || end + 3 >= text.length) return true;
        const at = (i) => { const r = document.createRange(); r.setStart(node, i); r.setEnd(node, i + 1); return r.getBoundingClientRect(); };
        const first = at(1), after = at(end + 2);
        return after.top > first.top + 2 || after.left > first.left;
    })""",
    )
    assert order and all(order)
    snapshot(page, "isolated-names")


def test_seeds_beyond_2_53_are_refused(page: Page, server) -> None:
    # An imported file with such a seed is refused (JSON.parse would change it into another seed).
    record = json.dumps(Game.new("usa", players=2, seed=2**60 + 3).record())
    goto_ready(page, server.url + Q)
    page.wait_for_selector("#app[data-ui-state=new-game]")
    page.set_input_files(
        "[data-testid=import-file]",
        {"name": "big.railtrip.json", "mimeType": "application/json", "buffer": record.encode()},
    )
    page.wait_for_selector("[data-testid=open-error]")
    assert "seed" in page.inner_text("[data-testid=open-error-message]")
    # A deal link: refused beyond 2^53; the largest exact seed plays the link's shuffle.
    for seed, opens in ((2**53 + 1, False), (2**53 - 1, True)):
        link = deal_link(
            Game.new("usa", players=2, seed=seed),
            [{"name": "Ada", "kind": "human"}, {"name": "Bo", "kind": "bot", "bot": "easy"}],
        )
        page.goto("about:blank")
        goto_ready(page, server.url + Q + "#" + link)
        if opens:
            page.wait_for_selector("[data-testid=deal-notice]")
            # Started from the prefilled form (not "Play this deal"): still the link's number seed.
            page.click("[data-testid=start-game]")
            page.wait_for_selector("[data-testid=ticket-dialog]")
            assert page.evaluate("window.__railtripRecord()")["seed"] == seed
        else:
            page.wait_for_selector("[data-testid=link-error]")
            assert "seed" in page.inner_text("[data-testid=open-error-message]")


# --- framing ----------------------------------------------------------------------------------------


def test_serve_forbids_framing_by_header(server) -> None:
    with urllib.request.urlopen(server.url) as res:
        assert res.headers["X-Frame-Options"] == "DENY"
        assert "frame-ancestors 'none'" in res.headers["Content-Security-Policy"]


def test_static_build_refuses_to_run_in_a_frame(page: Page, server, snapshot) -> None:
    """On a host that sends no headers (GitHub Pages), the page itself refuses to run framed."""

    fetched: list[str] = []

    def without_frame_headers(route: Route) -> None:
        fetched.append(route.request.url)
        res = route.fetch()
        headers = {
            k: v
            for k, v in res.headers.items()
            if k.lower() not in ("content-security-policy", "x-frame-options")
        }
        route.fulfill(response=res, headers=headers)

    page.route(f"{server.url}**", without_frame_headers)
    page.route(
        "http://parent.test/",
        lambda route: route.fulfill(
            content_type="text/html",
            body=f'<!doctype html><title>other site</title><iframe src="{server.url}{Q}" width="900" height="600"></iframe>',
        ),
    )
    page.goto("http://parent.test/")
    frame = page.frame_locator("iframe")
    frame.locator("[data-testid=framed]").wait_for(timeout=60_000)
    assert frame.locator("[data-testid=new-game-form]").count() == 0
    assert frame.locator("[data-testid=framed-open]").get_attribute("target") == "_blank"
    # A framed page does not start the engine: no worker, no Pyodide download.
    assert frame.locator("html").get_attribute("data-app-state") == "framed"
    assert not [url for url in fetched if "worker" in url or "pyodide" in url], fetched
    snapshot(page, "framed")


# --- the act hook ---------------------------------------------------------------------------------


def test_act_during_a_bots_turn_is_refused(page: Page, server) -> None:
    goto_ready(page, server.url + "?botDelay=1500")
    start_new_game(page, seed=8)
    finish_tickets(page)
    ply = int(app(page)["ply"])
    page.click("[data-testid=deck]")
    page.wait_for_function("ply => Number(document.getElementById('app').dataset.ply) > ply", arg=ply)
    page.wait_for_function("() => document.getElementById('app').dataset.busy === 'false'")
    before = page.evaluate("window.__railtripRecord()")["actions"]
    page.click("[data-testid=deck]")  # the turn's second card: then the bot moves
    page.wait_for_selector("#app[data-ui-state=waiting-bot]")
    page.evaluate("window.__railtripAct('draw')")
    page.wait_for_selector("[data-testid=toast]:has-text('not your turn')")
    page.wait_for_function(WAIT_FOR_PERSON)
    now = page.evaluate("window.__railtripRecord()")["actions"]
    assert now[: len(before)] == before and len(now) > len(before) + 1
    # After the person's second card, every action was the bot's: replay and check who was to move.
    game = Game.new("usa", players=2, seed=8)
    for i, action in enumerate(now):
        if i >= len(before):
            assert game.current_player == (0 if i == len(before) else 1), (i, action)
        game.apply(action)
    assert game.current_player == 0
