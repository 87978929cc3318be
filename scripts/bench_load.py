#!/usr/bin/env python3
"""Start-up of the Railtrip page in headless Chromium: cold start, snapshot start and a bare
Pyodide page, side by side in one run.

    python3 scripts/bench_load.py [--reps 5] [--no-build]

Three sites, each served by build.py's server of its own (so that app-*/ and pyodide-*/ get their
long-lived cache headers, as deployed), from one temporary directory next to dist/:
  app       dist/ itself. A first visit starts cold (Python starts and imports the engine from
            the wheel's .pyc; the snapshot is not downloaded, see web/worker.js); the page is then
            reloaded in the same browser context once the service worker has cached the app: a
            repeat visit, which restores the memory snapshot from that cache;
  first     a copy of dist/ whose build-config.js says snapshot.firstVisit: a first visit that
            downloads the snapshot and restores it;
  bare      a minimal page that loads the same Pyodide files on the main thread, loads the same
            engine wheel with pyodide.loadPackage(url) and imports pyengine.api.
Each repetition opens each site in a fresh browser context (empty caches), in rotating order, and
records (ms after navigation, performance.now()):
  first paint   the first contentful paint;
  clickable     the new-game form's Start button is in the page (it takes clicks from then on);
  ready         <html data-app-state="ready">: the engine has loaded;
  game          (snapshot starts) from a click on Start (the default new game) until the person
                may act (the ticket dialog or their turn), right after ready: what a returning
                player waits for the first game;
  bytes         what the server sent until ready, and in all once the service worker has cached
                the app (data-offline="ready"): what a first visit downloads (no HTTP compression);
                "gzip" is the same files as a static host that gzips them would send (every file
                but the already compressed .gz, .whl, .zip and .png, at level 6; sizes worked
                out before the loads, so the timings do not pay for it).
Prints medians and the ratios to the bare page, and the machine's load average.
"""

from __future__ import annotations

import argparse
import gzip
import importlib.util
import json
import os
import shutil
import statistics
import sys
import tempfile
import threading
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
_spec = importlib.util.spec_from_file_location("railtrip_build", ROOT / "build.py")
assert _spec and _spec.loader
railtrip_build = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(railtrip_build)

BARE_HTML = """<!doctype html>
<html data-app-state="loading"><head><meta charset="utf-8"><title>bare Pyodide</title>
<link rel="icon" href="data:,"><script type="module" src="./bare.js"></script></head>
<body>bare Pyodide</body></html>
"""

BARE_JS = """import { loadPyodide } from "./{pyodide}pyodide.mjs";
const pyodide = await loadPyodide({ indexURL: new URL("./{pyodide}", import.meta.url).href });
await pyodide.loadPackage(new URL("./{wheel}", import.meta.url).href);
pyodide.pyimport("pyengine.api");
document.documentElement.dataset.appState = "ready";
"""

# Records when the page reports ready and when the Start button appears, without polling.
RECORD_MARKS = """(() => {
  const check = () => {
    const now = performance.now();
    if (document.documentElement.dataset.appState === "ready" && window.__readyAt === undefined) {
      window.__readyAt = now;
    }
    if (window.__clickableAt === undefined && document.querySelector('[data-testid="start-game"]')) {
      window.__clickableAt = now;
    }
  };
  new MutationObserver(check).observe(document, { attributes: true, childList: true, subtree: true });
})();"""

SITES = ("app", "first", "bare")


# Files a static host sends as they are (already compressed).
PRECOMPRESSED = (".gz", ".whl", ".zip", ".png")


def gzip_sizes(directory: Path) -> dict[str, int]:
    """{resolved path: size as a gzipping host would send it} for every file under ``directory``."""
    sizes = {}
    for path in directory.rglob("*"):
        if path.is_file():
            data = path.read_bytes()
            sizes[str(path.resolve())] = (
                len(data) if path.name.endswith(PRECOMPRESSED) else len(gzip.compress(data, 6))
            )
    return sizes


class CountingServer(railtrip_build.Server):
    """build.py's server, counting the bytes of the files it sends (``sent``) and what they
    would be gzipped (``sent_gzip``)."""

    def __init__(self, directory: Path) -> None:
        super().__init__(directory, port=0)
        self.sent = 0
        self.sent_gzip = 0
        compressed = gzip_sizes(directory)
        lock = threading.Lock()
        server = self
        handler = self.httpd.RequestHandlerClass

        class Counting(handler):  # type: ignore[misc, valid-type]
            def copyfile(self, source: Any, outputfile: Any) -> None:
                data = source.read()
                path = str(Path(self.translate_path(self.path)).resolve())
                with lock:
                    server.sent += len(data)
                    server.sent_gzip += compressed.get(path, len(data))
                outputfile.write(data)

        self.httpd.RequestHandlerClass = Counting


def load_marks(page: Any, timeout_ms: int) -> dict[str, Any]:
    # Predicates are functions, not expressions: the page's CSP forbids eval().
    page.wait_for_function(
        "() => window.__readyAt !== undefined || document.documentElement.dataset.appState === 'error'",
        timeout=timeout_ms,
    )
    marks = page.evaluate("""() => ({
        ready: window.__readyAt ?? null,
        clickable: window.__clickableAt ?? null,
        paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
        start: document.documentElement.dataset.engineStart ?? null,
    })""")
    if marks["ready"] is None:
        raise SystemExit(f"{page.url} failed to load: {page.inner_text('body')}")
    return {
        "ready": marks["ready"] / 1000,
        "start": marks["start"],
        **({"paint": marks["paint"] / 1000} if marks["paint"] is not None else {}),
        **({"clickable": marks["clickable"] / 1000} if marks["clickable"] is not None else {}),
    }


PERSON_MAY_ACT = """() => { const a = document.getElementById('app')?.dataset ?? {};
  return a.uiState === 'choose-tickets' || (a.uiState === 'playing' && a.myTurn === 'true'); }"""


def first_game(page: Any, timeout_ms: int) -> float:
    """Seconds from a click on the new-game form's Start until the person may act."""
    page.wait_for_selector('[data-testid="start-game"]', timeout=timeout_ms)
    started = page.evaluate("() => performance.now()")
    page.click('[data-testid="start-game"]')
    page.wait_for_function(PERSON_MAY_ACT, timeout=timeout_ms)
    return (page.evaluate("() => performance.now()") - started) / 1000


def measure(
    pw: Any, chromium: str, server: CountingServer, site: str, timeout_ms: int
) -> dict[str, dict[str, Any]]:
    """One first visit of ``site`` (and for the app a repeat visit); {row name: figures}.

    Each visit gets a browser profile of its own on disk: an incognito context's memory cache
    keeps no file as big as the wasm, so the service worker would download it a second time."""
    profile = tempfile.mkdtemp(prefix="railtrip-bench-profile-")
    context = pw.chromium.launch_persistent_context(
        profile, executable_path=chromium, args=list(railtrip_build.CHROMIUM_ARGS)
    )
    try:
        page = context.new_page()
        page.add_init_script(RECORD_MARKS)
        server.sent = server.sent_gzip = 0
        page.goto(server.url)
        first = load_marks(page, timeout_ms)
        first["bytes_ready"] = server.sent
        if site == "bare":
            return {"bare": first}
        expected = "cold" if site == "app" else "snapshot"
        if first["start"] != expected:
            raise SystemExit(f"the {site} site started {first['start']!r}, not {expected!r}")
        page.wait_for_function(
            "() => document.documentElement.dataset.offline === 'ready'", timeout=timeout_ms
        )
        first["bytes_total"] = server.sent
        first["gzip_total"] = server.sent_gzip
        if site == "first":
            first["game"] = first_game(page, timeout_ms)
            return {"snapshot, first visit": first}
        server.sent = 0
        page.reload()
        repeat = load_marks(page, timeout_ms)
        repeat["bytes_ready"] = server.sent
        if repeat["start"] != "snapshot":
            raise SystemExit(f"the repeat visit started {repeat['start']!r}, not from the snapshot")
        repeat["game"] = first_game(page, timeout_ms)
        return {"cold, first visit": first, "snapshot, repeat visit": repeat}
    finally:
        context.close()
        shutil.rmtree(profile, ignore_errors=True)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--reps", type=int, default=5, help="repetitions of each site (default 5)")
    parser.add_argument("--no-build", action="store_true", help="use the existing dist/")
    parser.add_argument("--timeout", type=float, default=90, help="seconds to wait for a page")
    args = parser.parse_args()

    if not args.no_build:
        railtrip_build.build()
    info = json.loads((railtrip_build.DIST / "build-info.json").read_text())
    if not info.get("snapshot"):
        raise SystemExit("this build has no memory snapshot (see build.py's output)")
    chromium = railtrip_build.find_chromium()
    if chromium is None:
        raise SystemExit("no Chromium found: apt-get install -y chromium, or set RAILTRIP_CHROMIUM")
    from playwright.sync_api import sync_playwright

    tmp = Path(tempfile.mkdtemp(prefix=".bench-", dir=ROOT))
    rows: dict[str, list[dict[str, Any]]] = {}
    try:
        shutil.copytree(railtrip_build.DIST, tmp / "first", symlinks=True)
        config = tmp / "first" / info["app"] / "build-config.js"
        text = config.read_text()
        if '"firstVisit": false' not in text:
            raise SystemExit(f'{config} does not say "firstVisit": false')
        config.write_text(text.replace('"firstVisit": false', '"firstVisit": true'))
        (tmp / "bare").mkdir()
        (tmp / "bare" / info["app"].rstrip("/")).symlink_to(
            railtrip_build.DIST / info["app"].rstrip("/"), target_is_directory=True
        )
        # The same Pyodide files, but the standard library as npm ships it (the app's is a
        # gzipped stored zip that only its worker unpacks).
        bare_pyodide = tmp / "bare" / info["pyodide"].rstrip("/")
        bare_pyodide.mkdir()
        for file in (railtrip_build.DIST / info["pyodide"]).iterdir():
            if file.name != railtrip_build.STDLIB_GZ:
                (bare_pyodide / file.name).symlink_to(file)
        (bare_pyodide / "python_stdlib.zip").symlink_to(railtrip_build.NODE_PYODIDE / "python_stdlib.zip")
        (tmp / "bare" / "index.html").write_text(BARE_HTML)
        (tmp / "bare" / "bare.js").write_text(
            BARE_JS.replace("{pyodide}", info["pyodide"]).replace("{wheel}", info["engineWheel"])
        )
        directories = {"app": railtrip_build.DIST, "first": tmp / "first", "bare": tmp / "bare"}
        servers = {site: CountingServer(directory).start() for site, directory in directories.items()}
        try:
            with sync_playwright() as pw:
                measure(
                    pw, chromium, servers["bare"], "bare", int(args.timeout * 1000)
                )  # Warm-up (OS file cache).
                for rep in range(args.reps):
                    for site in SITES[rep % 3 :] + SITES[: rep % 3]:
                        for row, figures in measure(
                            pw, chromium, servers[site], site, int(args.timeout * 1000)
                        ).items():
                            rows.setdefault(row, []).append(figures)
                    print(
                        f"rep {rep + 1}: "
                        + ", ".join(f"{row} {rows[row][-1]['ready']:.2f} s" for row in sorted(rows)),
                        flush=True,
                    )
        finally:
            for server in servers.values():
                server.stop()
    finally:
        shutil.rmtree(tmp, ignore_errors=True)

    def med(row: str, key: str) -> float:
        values = [r[key] for r in rows[row] if key in r]
        return statistics.median(values) if values else float("nan")

    def cell(value: float, unit: str = " s") -> str:
        return "" if value != value else f"{value:.2f}{unit}"  # NaN: not measured.

    bare = med("bare", "ready")
    print(
        f"\nmedians of {args.reps} loads each ({chromium}; load average "
        f"{', '.join(f'{x:.1f}' for x in os.getloadavg())} on {os.cpu_count()} CPUs):"
    )
    print(
        f"{'':<24}{'first paint':>12}{'clickable':>11}{'ready':>9}{'vs bare':>9}{'MB to ready':>13}{'MB in all':>11}"
        f"{'gzip':>7}{'game':>8}"
    )
    for row in ("cold, first visit", "snapshot, repeat visit", "snapshot, first visit", "bare"):
        ready = med(row, "ready")
        print(
            f"{row:<24}{cell(med(row, 'paint')):>12}{cell(med(row, 'clickable')):>11}{cell(ready):>9}"
            f"{cell(ready / bare, 'x'):>9}{cell(med(row, 'bytes_ready') / 1e6, ''):>13}"
            f"{cell(med(row, 'bytes_total') / 1e6, ''):>11}{cell(med(row, 'gzip_total') / 1e6, ''):>7}"
            f"{cell(med(row, 'game')):>8}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
