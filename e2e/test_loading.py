"""Loading the app: progress, the engine RPC, subpath hosting and readable load errors."""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest
from playwright.sync_api import Page, Route

from e2e.conftest import railtrip_build
from e2e.helpers import app_state, wait_for_app_state


@pytest.fixture(scope="module")
def subpath_server(dist_dir) -> Iterator[railtrip_build.Server]:
    with railtrip_build.Server(dist_dir, port=0, prefix="/railtrip/") as srv:
        yield srv


def test_app_becomes_ready_and_answers_calls(app_page: Page, snapshot) -> None:
    page = app_page
    assert page.is_hidden("#loading")
    assert page.is_hidden("#load-error")
    assert page.is_visible("#app")
    snapshot(page, "ready")
    # The page fixture's app starts from the build's memory snapshot (conftest.py; test_startup.py
    # checks the cold first visit).
    assert page.evaluate("document.documentElement.dataset.engineStart") == "snapshot"

    version = page.evaluate("railtrip.engine.call('version')")
    assert isinstance(version, dict) and version.get("engine")

    error = page.evaluate("""railtrip.engine.call('no_such_function', {x: 1}).then(
        () => null, (e) => ({name: e.name, type: e.type, message: e.message}))""")
    assert error["name"] == "EngineError"  # The JS class; .type is the engine's error type.
    assert error["type"] and isinstance(error["type"], str)
    assert "no_such_function" in error["message"]

    # Calls made together are answered in the order they were made, each with its own answer.
    answers = page.evaluate("""async () => {
        const order = [];
        const calls = [];
        for (let i = 0; i < 20; i++) {
            const name = i % 3 ? 'version' : 'nope';
            calls.push(railtrip.engine.call(name).then(() => order.push([i, 'ok']), () => order.push([i, 'error'])));
        }
        await Promise.all(calls);
        return order;
    }""")
    assert answers == [[i, "error" if i % 3 == 0 else "ok"] for i in range(20)]


def test_app_loads_under_a_subpath(page: Page, subpath_server) -> None:
    requested: list[str] = []
    page.on("request", lambda request: requested.append(request.url))
    page.goto(subpath_server.url)
    assert wait_for_app_state(page, "ready", "error") == "ready", page.inner_text("body")
    base = subpath_server.url
    outside = [url for url in requested if not url.startswith(base)]
    assert not outside, f"requests outside {base}: {outside}"


def test_start_screen_with_progress_shows_at_once(page: Page, server) -> None:
    page.goto(server.url, wait_until="commit")
    # The new-game form needs no engine: it is there, painted, while the engine still loads.
    # (How soon is a figure, not a test: scripts/bench_load.py prints it, ~0.1 s to the first
    # paint and ~0.3 s to the form here; a wall-clock bound failed on a loaded 2-core machine.)
    page.wait_for_selector("#app[data-ui-state=new-game] [data-testid=start-game]", timeout=5_000)
    assert app_state(page) == "loading"
    paint = page.wait_for_function(
        "() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime", timeout=5_000
    ).json_value()
    assert paint is not None and paint > 0
    assert app_state(page) == "loading", "the first paint came only once the engine was ready"

    # The bar over the start screen moves with real progress messages from the worker.
    page.wait_for_function(
        """() => {
        const bar = document.getElementById('engine-progress');
        return Number(bar.getAttribute('aria-valuenow')) > 0 && bar.checkVisibility()
            && document.documentElement.dataset.appState === 'loading';
    }""",
        timeout=30_000,
    )
    label = page.inner_text("#engine-step")
    assert label.startswith(("Downloading the game", "Setting up the game")), label
    assert wait_for_app_state(page, "ready", "error") == "ready"
    assert page.get_attribute("#engine-progress", "aria-valuenow") == "100"
    assert page.is_hidden("#engine-status")


def _fail_requests(page: Page, file_suffix: str, status: int = 404) -> None:
    def handle(route: Route) -> None:
        if route.request.url.split("?")[0].endswith(file_suffix):
            route.fulfill(status=status, body="missing", content_type="text/plain")
        else:
            route.continue_()

    page.context.route("**/*", handle)


@pytest.mark.allow_console_errors
@pytest.mark.parametrize("file_name", ["railtrip_engine-*.whl", "pyodide.asm.wasm", "python_stdlib.zip.gz"])
def test_missing_file_shows_a_readable_error(page: Page, server, dist_dir, snapshot, file_name: str) -> None:
    info = json.loads((dist_dir / "build-info.json").read_text())
    if file_name.startswith("railtrip_engine"):
        file_name = info["engineWheel"].rsplit("/", 1)[1]
    _fail_requests(page, file_name)
    page.goto(server.url)
    assert wait_for_app_state(page, "ready", "error", timeout_ms=30_000) == "error"
    message = page.inner_text("#load-error-message")
    assert message == f"Could not load the game engine: HTTP 404 for {file_name}"
    assert page.is_visible("#load-error")
    assert page.is_hidden("#loading")
    assert page.is_visible("#load-retry")
    snapshot(page, "error")


@pytest.mark.allow_console_errors
def test_damaged_standard_library_shows_a_readable_error(page: Page, server) -> None:
    _fail_requests(page, "python_stdlib.zip.gz", status=200)  # 200, but not gzip
    page.goto(server.url)
    assert wait_for_app_state(page, "ready", "error", timeout_ms=30_000) == "error"
    assert page.inner_text("#load-error-message") == (
        "Could not load the game engine: python_stdlib.zip.gz is damaged (it does not unpack)"
    )
    assert page.is_visible("#load-retry")


@pytest.mark.allow_console_errors
def test_missing_worker_shows_a_readable_error(page: Page, server) -> None:
    _fail_requests(page, "/worker.js")
    page.goto(server.url)
    assert wait_for_app_state(page, "ready", "error", timeout_ms=30_000) == "error"
    assert page.inner_text("#load-error-message") == (
        "Could not load the game engine: the engine worker could not be started (worker.js did not load)"
    )


def test_a_browser_that_blocks_service_workers_plays_on_without_offline_mode(page: Page, server) -> None:
    """A browser can block service workers so that registering one resolves with nothing (here
    Playwright's ``service_workers="block"``, which the test contexts use unless a test is marked
    service_worker): the page says there is no offline mode (<html data-offline="failed">) and
    plays on. It used to read ``registration.waiting`` of nothing and log a TypeError."""
    warnings: list[str] = []
    page.on("console", lambda msg: warnings.append(msg.text) if msg.type == "warning" else None)
    page.goto(server.url + "?botDelay=0")
    assert wait_for_app_state(page, "ready", "error") == "ready", page.inner_text("body")
    page.wait_for_selector("html[data-offline=failed]", state="attached")
    assert not [w for w in warnings if "offline" in w.lower()], warnings
