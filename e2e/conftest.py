"""Browser tests: dist/ served on a free port, driven in headless Chromium with Playwright.

Run them with ``python3 build.py test`` (which builds a dist of its own, passed in $RAILTRIP_DIST,
and picks the browser), or, once dist/ is built, with ``python3 -m pytest e2e``. The browser is $RAILTRIP_CHROMIUM, else Playwright's
own Chromium, else an installed one (/usr/bin/chromium, ...).

Fixtures:
    dist_dir   the built app under test ($RAILTRIP_DIST or dist/)
    server     the running build.Server; ``server.url`` ends with "/"
    browser    the session's Chromium
    page       a fresh page in a fresh context; the test fails if the page logs a console error
               or throws (mark the test ``@pytest.mark.allow_console_errors`` when it expects some).
               Its app starts from the build's memory snapshot, as on a returning player's visit
               (build-config.js is served with snapshot.firstVisit on): a cold start costs ~5 s
               and ~8 s of CPU a test on two cores. Mark a test ``@pytest.mark.cold_start`` for
               a first visit as it is (test_startup.py checks both starts). The service worker
               is blocked (it would cache the whole app again in every test's fresh context)
               unless the test is marked ``cold_start`` or ``@pytest.mark.service_worker``.
    app_page   ``page`` opened at the app and waited for until data-app-state="ready"
    snapshot   snapshot(page, name) saves e2e/artifacts/<test>-<name>.png

On failure, a screenshot of ``page`` is saved to e2e/artifacts/. helpers.py has
``wait_for_app_state(page, "ready", "error")``.
"""

from __future__ import annotations

import importlib.util
import os
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import (
    Browser,
    BrowserContext,
    ConsoleMessage,
    Page,
    Playwright,
    Route,
    sync_playwright,
)
from playwright.sync_api import Error as PlaywrightError

from e2e.helpers import READY_TIMEOUT_MS, wait_for_app_state

ROOT = Path(__file__).resolve().parent.parent
ARTIFACTS = Path(__file__).resolve().parent / "artifacts"

# build.py is imported under its own name: "build" could be the PyPI package of that name.
_spec = importlib.util.spec_from_file_location("railtrip_build", ROOT / "build.py")
assert _spec and _spec.loader
railtrip_build = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(railtrip_build)


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "allow_console_errors: the test expects console or page errors")
    config.addinivalue_line("markers", "cold_start: the page's app starts cold, as on a first visit")
    config.addinivalue_line("markers", "service_worker: the page's service worker runs (offline play)")


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]):  # type: ignore[no-untyped-def]
    outcome = yield
    report = outcome.get_result()
    setattr(item, f"rep_{report.when}", report)


@pytest.fixture(scope="session")
def dist_dir() -> Path:
    """The built app under test: $RAILTRIP_DIST (set by build.py test), else dist/."""
    dist = Path(os.environ.get(railtrip_build.DIST_ENV) or railtrip_build.DIST)
    if not (dist / "index.html").is_file() or not (dist / "build-info.json").is_file():
        pytest.fail(
            f"{dist} is not built: run `python3 build.py` (or run the tests with `python3 build.py test`)"
        )
    return dist


@pytest.fixture(scope="session")
def server(dist_dir: Path) -> Iterator[railtrip_build.Server]:
    with railtrip_build.Server(dist_dir, port=0) as srv:
        yield srv


@pytest.fixture(scope="session")
def chromium_path() -> str:
    path = railtrip_build.find_chromium()
    if path is None:
        pytest.fail(
            "no Chromium found: install one (`apt-get install -y chromium` or "
            "`python3 -m playwright install chromium`) or set RAILTRIP_CHROMIUM"
        )
    return path


@pytest.fixture(scope="session")
def playwright_instance() -> Iterator[Playwright]:
    with sync_playwright() as pw:
        yield pw


@pytest.fixture(scope="session")
def browser(playwright_instance: Playwright, chromium_path: str) -> Iterator[Browser]:
    browser = playwright_instance.chromium.launch(
        executable_path=chromium_path, args=list(railtrip_build.CHROMIUM_ARGS), headless=True
    )
    yield browser
    browser.close()


class PageErrors:
    """Console errors and uncaught exceptions seen by a page (and its workers)."""

    def __init__(self) -> None:
        self.messages: list[str] = []

    def console(self, msg: ConsoleMessage) -> None:
        if msg.type == "error":
            location = msg.location or {}
            self.messages.append(
                f"console.error: {msg.text} ({location.get('url', '')}:{location.get('lineNumber', '')})"
            )

    def page_error(self, error: PlaywrightError) -> None:
        self.messages.append(f"page error: {error.message}")


@pytest.fixture
def page_errors() -> PageErrors:
    return PageErrors()


# A 390x844 phone: the options of a context (new_context) for a phone's touch screen.
PHONE: dict[str, Any] = {
    "viewport": {"width": 390, "height": 844},
    "device_scale_factor": 2,
    "is_mobile": True,
    "has_touch": True,
}


def new_context(browser: Browser, request: pytest.FixtureRequest, **options: Any) -> BrowserContext:
    """A fresh browser context (``options`` as Playwright's) as the ``page`` fixture's: its app
    starts from the snapshot unless the test is marked cold_start, and the service worker, which
    caches the whole app on a context's first visit (~1.8 s of CPU a page, measured), runs only for
    the tests of offline play (marked service_worker) and of first visits (cold_start)."""
    cold = request.node.get_closest_marker("cold_start") is not None
    sw = cold or request.node.get_closest_marker("service_worker") is not None
    context = browser.new_context(service_workers="allow" if sw else "block", **options)
    if not cold:
        context.route("**/build-config.js", snapshot_on_first_visit)
    return context


@pytest.fixture
def page(browser: Browser, request: pytest.FixtureRequest, page_errors: PageErrors) -> Iterator[Page]:
    context = new_context(browser, request, viewport={"width": 1280, "height": 800})
    page = context.new_page()
    page.set_default_timeout(READY_TIMEOUT_MS)
    page.on("console", page_errors.console)
    page.on("pageerror", page_errors.page_error)
    page.on("worker", lambda worker: worker.on("console", page_errors.console))
    yield page
    failed = getattr(request.node, "rep_call", None)
    if failed is not None and failed.failed:
        save_screenshot(page, request.node.name, "failure")
    # A route handler still fetching (a framed page's preloads) must not fail the next test's setup.
    page.unroute_all(behavior="ignoreErrors")
    context.unroute_all(behavior="ignoreErrors")
    context.close()
    if page_errors.messages and request.node.get_closest_marker("allow_console_errors") is None:
        pytest.fail("the page reported errors:\n" + "\n".join(page_errors.messages), pytrace=False)


FIRST_VISIT_OFF = '"firstVisit": false'


def snapshot_on_first_visit(route: Route) -> None:
    """Serves build-config.js with snapshot.firstVisit on (the page fixture's start from the snapshot)."""
    response = route.fetch()
    config = response.text()
    if FIRST_VISIT_OFF not in config:  # build.py's format changed: say so rather than start cold
        raise AssertionError(f"build-config.js has no {FIRST_VISIT_OFF}")
    route.fulfill(response=response, body=config.replace(FIRST_VISIT_OFF, '"firstVisit": true'))


def save_screenshot(page: Page, test_name: str, name: str) -> Path | None:
    ARTIFACTS.mkdir(exist_ok=True)
    path = ARTIFACTS / f"{re.sub(r'[^A-Za-z0-9_.-]+', '_', test_name)}-{name}.png"
    try:
        page.screenshot(path=str(path), full_page=True)
    except PlaywrightError:
        return None
    return path


@pytest.fixture
def snapshot(request: pytest.FixtureRequest) -> Callable[[Page, str], Path | None]:
    return lambda page, name: save_screenshot(page, request.node.name, name)


@pytest.fixture
def app_page(page: Page, server: railtrip_build.Server) -> Page:
    page.goto(server.url)
    state = wait_for_app_state(page, "ready", "error")
    if state != "ready":
        pytest.fail(f"the app did not load: {page.inner_text('#load-error-message')}")
    return page
