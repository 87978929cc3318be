"""Start-up: the start screen before the engine, cold and snapshot starts, and snapshots that
cannot be used (damaged, of another build, refused by Pyodide, missing) falling back to a cold
start. (The timing figures are in scripts/bench_load.py; these tests check behaviour.)"""

from __future__ import annotations

import json
import re
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, Route

from e2e.conftest import railtrip_build, snapshot_on_first_visit
from e2e.helpers import app_state, wait_for_app_state

# Start-up as it is: a first visit starts cold (the other tests' pages start from the snapshot).
pytestmark = pytest.mark.cold_start

Q = "?botDelay=0"


@pytest.fixture
def own_server(dist_dir: Path) -> Iterator[railtrip_build.Server]:
    """A server of this test's own (a service worker's cache belongs to its origin)."""
    with railtrip_build.Server(dist_dir, port=0) as srv:
        yield srv


def engine_start(page: Page) -> str:
    return page.evaluate("document.documentElement.dataset.engineStart")


def snapshot_note(page: Page) -> str:
    return page.evaluate("railtrip.engine.timings.snapshot")


def bot_game(page: Page, variant: str, moves: int) -> list[str]:
    """A seeded game in which the bots make ``moves`` moves; its actions (the bots are imported
    lazily, so this also checks that they import after a snapshot restore)."""
    return page.evaluate(
        """async ([variant, moves]) => {
        const e = railtrip.engine;
        const game = await e.call('new_game', {variant, players: 2, seed: 20261123, player: null});
        for (let i = 0; i < moves; i++) await e.call('bot_move', {game_id: game.game_id, bot: 'normal'});
        const record = await e.call('record', {game_id: game.game_id});
        await e.call('drop', {game_id: game.game_id});
        return record.actions;
    }""",
        [variant, moves],
    )


def first_visit_then_cached(page: Page, url: str) -> None:
    page.goto(url)
    assert wait_for_app_state(page, "ready", "error") == "ready", page.inner_text("body")
    assert engine_start(page) == "cold"  # A first visit does not download the snapshot.
    assert snapshot_note(page).startswith("not used: not cached yet")
    page.wait_for_function("() => document.documentElement.dataset.offline === 'ready'")


def test_start_screen_is_drawn_before_the_engine_and_start_waits_for_it(page: Page, server) -> None:
    # Python waits for the wasm until the gate opens. The route stays in place afterwards (it lets
    # later requests through): removing a route while other requests pass the interception hung a
    # loaded CI machine's page once, a module import of the game screen never finishing.
    held: list[Route] = []
    gate_open = False

    def hold_wasm(route: Route) -> None:
        if gate_open:
            route.continue_()
        else:
            held.append(route)

    page.context.route("**/pyodide.asm.wasm", hold_wasm)
    page.goto(server.url + Q)
    page.wait_for_selector("#app[data-ui-state=new-game] [data-testid=start-game]")
    assert app_state(page) == "loading"
    assert page.is_hidden("#loading")
    paint = page.evaluate("performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null")
    assert paint is not None and paint < 3_000, f"first paint after {paint} ms"
    # The engine's progress shows over the start screen, in the player's words and language.
    page.wait_for_selector("#engine-status", state="visible")
    page.click("[data-testid=lang-de]")
    step = page.inner_text("#engine-step")
    assert step.startswith("Das Spiel wird"), step
    assert "micropip" not in step and "Python" not in step
    saves = page.locator("[data-testid=saved-games], .saves-wrap")
    assert saves.count() >= 1
    page.click("[data-testid=start-game]")
    page.wait_for_selector("[data-testid=start-game][aria-busy=true]")
    assert page.inner_text("[data-testid=start-game]") == "Startet, sobald das Spiel bereit ist…"
    assert page.get_attribute("#app", "data-ui-state") == "new-game"

    deadline = time.monotonic() + 60
    while not held and time.monotonic() < deadline:
        page.wait_for_timeout(50)  # The worker asks for the wasm once it has started.
    assert held, "the wasm was never requested"
    gate_open = True
    for route in held:
        route.continue_()
    assert wait_for_app_state(page, "ready", "error") == "ready", page.inner_text("body")
    # The game the player asked for starts by itself.
    page.wait_for_selector("#app:not([data-ui-state=new-game]):not([data-ui-state=starting])")
    assert page.is_hidden("#engine-status")


@pytest.mark.allow_console_errors  # the browser logs the failed module request
def test_a_game_screen_that_cannot_load_returns_to_the_form_with_the_reason(page: Page, server) -> None:
    """The game screen's and the rules' code are fetched when first needed; when that fails (the
    connection dropped, say), the player is told in plain words, is back on the form, and nothing
    waits forever. The browser's own message (which names a URL) stays out of the page."""
    page.context.route("**/ui/screens.js", lambda route: route.abort())
    page.context.route("**/ui/rules.js", lambda route: route.abort())
    page.goto(server.url + Q)
    assert wait_for_app_state(page, "ready", "error") == "ready", page.inner_text("body")
    page.click("[data-testid=start-game]")
    toast = page.wait_for_selector("[data-testid=toast]")
    assert "could not be loaded. Check your connection" in toast.inner_text()
    assert "http" not in toast.inner_text() and "import" not in toast.inner_text()
    page.wait_for_selector("#app[data-ui-state=new-game] [data-testid=start-game]:not([aria-busy])")
    toast.wait_for_element_state("hidden")
    page.click("[data-testid=rules-usa]")
    toast = page.wait_for_selector("[data-testid=toast]")
    assert "could not be loaded. Check your connection" in toast.inner_text()
    assert page.query_selector("[data-testid=start-game]") is not None


def test_bots_are_imported_once_the_page_is_idle(page: Page, server) -> None:
    """The worker imports the bots while nobody waits (worker.js, warmUpWhenIdle), so that the
    first bot move after a load does not pay for it; the bots play as usual afterwards."""
    page.goto(server.url + Q)
    assert wait_for_app_state(page, "ready", "error") == "ready", page.inner_text("body")
    deadline = time.monotonic() + 30
    warm_up = None
    while warm_up is None and time.monotonic() < deadline:
        page.wait_for_timeout(100)
        warm_up = page.evaluate("railtrip.engine.timings.warmUp ?? null")
    assert isinstance(warm_up, int) and warm_up >= 0, warm_up
    assert len(bot_game(page, "usa", 4)) >= 4


def test_repeat_visit_restores_the_snapshot_also_offline(page: Page, dist_dir: Path) -> None:
    srv = railtrip_build.Server(dist_dir, port=0).start()
    try:
        first_visit_then_cached(page, srv.url + Q)
        cold = {v: bot_game(page, v, 4) for v in ("usa", "world", "cardgame")}
        page.reload()
        assert wait_for_app_state(page, "ready", "error") == "ready", page.inner_text("body")
        assert engine_start(page) == "snapshot"
        assert snapshot_note(page) == "restored"
    finally:
        srv.stop()
    # Everything restored from the snapshot plays as after a cold start (seeded games, lazily
    # imported bots, map data read after the restore).
    assert {v: bot_game(page, v, 4) for v in cold} == cold
    page.context.set_offline(True)
    page.reload()
    assert wait_for_app_state(page, "ready", "error") == "ready", page.inner_text("body")
    assert engine_start(page) == "snapshot"
    page.click("[data-testid=start-game]")
    page.wait_for_selector("#app:not([data-ui-state=new-game]):not([data-ui-state=starting])")


# Replaces the cached snapshot with one that cannot be used.
SPOIL_SNAPSHOT = """async (kind) => {
    const gzip = async (bytes) => new Uint8Array(await new Response(
        new Blob([bytes]).stream().pipeThrough(new CompressionStream('gzip'))).arrayBuffer());
    const gunzip = async (response) => new Uint8Array(await new Response(
        response.body.pipeThrough(new DecompressionStream('gzip'))).arrayBuffer());
    let spoiled = 0;
    for (const name of await caches.keys()) {
        const cache = await caches.open(name);
        for (const request of await cache.keys()) {
            if (!request.url.endsWith('/engine.snapshot.gz')) continue;
            const real = await gunzip(await cache.match(request));
            let body;
            if (kind === 'damaged') {
                body = (await gzip(real)).slice(0, 100000);  // Cut off: not a whole gzip stream.
            } else if (kind === 'other-build') {
                const other = real.slice();
                other.set(new TextEncoder().encode('railtrip-snapshot 0123456789abcdef\\n'));
                body = await gzip(other);
            } else if (kind === 'refused') {
                const bad = real.slice();
                bad.fill(0x55, 256, 256 + 64);  // Our header is right; Pyodide's is not.
                body = await gzip(bad);
            } else {
                throw new Error(kind);
            }
            await cache.put(request, new Response(body, {headers: {'Content-Type': 'application/gzip'}}));
            spoiled++;
        }
    }
    return spoiled;
}"""


@pytest.mark.parametrize(
    ("kind", "note"),
    [
        ("damaged", r"not used: .+"),
        ("other-build", r"not used: made for another build \(railtrip-snapshot 0123456789abcdef\)"),
        ("refused", r"refused: .*magic.*"),
    ],
)
def test_unusable_snapshot_falls_back_to_a_cold_start(page: Page, own_server, kind: str, note: str) -> None:
    first_visit_then_cached(page, own_server.url + Q)
    assert page.evaluate(SPOIL_SNAPSHOT, kind) == 1
    page.reload()
    assert wait_for_app_state(page, "ready", "error") == "ready", page.inner_text("body")
    assert engine_start(page) == "cold"
    assert re.fullmatch(note, snapshot_note(page), re.IGNORECASE), snapshot_note(page)
    assert len(bot_game(page, "usa", 3)) >= 3


def _with_snapshot_on_first_visit(page: Page, snapshot_status: int) -> None:
    """Serves build-config.js with snapshot.firstVisit on (conftest's rewrite), and the snapshot
    with ``snapshot_status``."""
    page.context.route("**/build-config.js", snapshot_on_first_visit)
    if snapshot_status != 200:
        page.context.route(
            "**/engine.snapshot.gz",
            lambda route: route.fulfill(status=snapshot_status, body="missing", content_type="text/plain"),
        )


def test_first_visit_restores_the_snapshot_when_configured(page: Page, server) -> None:
    _with_snapshot_on_first_visit(page, 200)
    page.goto(server.url + Q + "&sw=0")
    assert wait_for_app_state(page, "ready", "error") == "ready", page.inner_text("body")
    assert engine_start(page) == "snapshot"
    assert len(bot_game(page, "cardgame", 3)) >= 3


@pytest.mark.allow_console_errors  # The browser logs the failed request.
def test_missing_snapshot_on_first_visit_falls_back_to_a_cold_start(page: Page, server) -> None:
    _with_snapshot_on_first_visit(page, 404)
    page.goto(server.url + Q + "&sw=0")
    assert wait_for_app_state(page, "ready", "error") == "ready", page.inner_text("body")
    assert engine_start(page) == "cold"
    assert snapshot_note(page) == "not used: HTTP 404"


def test_build_ships_pyc_for_pyodides_python_and_the_snapshot(dist_dir: Path) -> None:
    import zipfile

    info = json.loads((dist_dir / "build-info.json").read_text())
    with zipfile.ZipFile(dist_dir / info["engineWheel"]) as wheel:
        names = wheel.namelist()
        record = wheel.read(next(n for n in names if n.endswith(".dist-info/RECORD"))).decode()
        api = wheel.read("pyengine/api.pyc")
    # Compiled by Pyodide's Python (its magic number), in place of the sources.
    magic = int.from_bytes(api[:2], "little")
    assert api[2:4] == b"\r\n" and magic >= 3600, magic  # 3.14's magic numbers are 36xx.
    assert not [n for n in names if n.endswith(".py")]
    pycs = [n for n in names if n.endswith(".pyc")]
    assert len(pycs) > 20 and all(f"{n}," in record for n in pycs)
    assert info["snapshot"] and (dist_dir / info["snapshot"]).stat().st_size > 1_000_000
    engine_info = (dist_dir / info["app"] / "engine-info.js").read_text()
    data: dict[str, Any] = json.loads(engine_info[engine_info.index("{") : engine_info.rindex("}") + 1])
    # The engine's own answer, asked in a fresh interpreter (tests here register extra bots).
    assert data == railtrip_build.engine_info()
    assert {v["name"] for v in data["variants"]} >= {"usa", "world", "cardgame"}
