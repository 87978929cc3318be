#!/usr/bin/env python3
"""Time-to-ready of the Railtrip page next to a bare Pyodide page, in headless Chromium.

    python3 scripts/bench_load.py [--reps 5] [--no-build]

Both pages are served by build.py's server in the same run, from one temporary directory next to
dist/: the app (dist/ itself) and a minimal page that loads the same Pyodide files on the main
thread and installs the same engine wheel with pyodide.loadPackage(url), then imports
pyengine.api. Each repetition opens each page in a fresh browser context (empty cache), in
alternating order, and records performance.now() when <html data-app-state> becomes "ready".
Prints both medians and their ratio (app / bare).
"""
from __future__ import annotations

import argparse
import importlib.util
import json
import shutil
import statistics
import sys
import tempfile
from pathlib import Path

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

BARE_JS = """import { loadPyodide } from "../app/{pyodide}pyodide.mjs";
const pyodide = await loadPyodide({ indexURL: new URL("../app/{pyodide}", import.meta.url).href });
await pyodide.loadPackage(new URL("../app/{wheel}", import.meta.url).href);
pyodide.pyimport("pyengine.api");
document.documentElement.dataset.appState = "ready";
"""

# Records the moment the page reports ready, without polling.
RECORD_READY = """(() => {
  const check = () => {
    if (document.documentElement.dataset.appState === "ready" && window.__readyAt === undefined) {
      window.__readyAt = performance.now();
    }
  };
  new MutationObserver(check).observe(document, { attributes: true, subtree: true,
                                                  attributeFilter: ["data-app-state"] });
})();"""


def time_to_ready(browser, url: str, timeout_ms: int) -> float:
    context = browser.new_context()
    try:
        page = context.new_page()
        page.add_init_script(RECORD_READY)
        page.goto(url)
        # Predicates are functions, not expressions: the page's CSP forbids eval().
        page.wait_for_function("() => window.__readyAt !== undefined || "
                               "document.documentElement.dataset.appState === 'error'", timeout=timeout_ms)
        ready_at = page.evaluate("window.__readyAt ?? null")
        if ready_at is None:
            raise SystemExit(f"{url} failed to load: {page.inner_text('body')}")
        return ready_at / 1000
    finally:
        context.close()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--reps", type=int, default=5, help="repetitions of each page (default 5)")
    parser.add_argument("--no-build", action="store_true", help="use the existing dist/")
    parser.add_argument("--timeout", type=float, default=60, help="seconds to wait for a page")
    args = parser.parse_args()

    if not args.no_build:
        railtrip_build.build()
    info = json.loads((railtrip_build.DIST / "build-info.json").read_text())
    chromium = railtrip_build.find_chromium()
    if chromium is None:
        raise SystemExit("no Chromium found: apt-get install -y chromium, or set RAILTRIP_CHROMIUM")
    from playwright.sync_api import sync_playwright

    site = Path(tempfile.mkdtemp(prefix=".bench-", dir=ROOT))
    try:
        (site / "app").symlink_to(railtrip_build.DIST, target_is_directory=True)
        (site / "bare").mkdir()
        (site / "bare" / "index.html").write_text(BARE_HTML)
        (site / "bare" / "bare.js").write_text(
            BARE_JS.replace("{pyodide}", info["pyodide"]).replace("{wheel}", info["engineWheel"]))
        results: dict[str, list[float]] = {"app": [], "bare": []}
        with railtrip_build.Server(site, port=0) as server, sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=chromium, args=list(railtrip_build.CHROMIUM_ARGS))
            urls = {"app": server.url + "app/", "bare": server.url + "bare/"}
            time_to_ready(browser, urls["bare"], int(args.timeout * 1000))  # Warm-up (disk cache).
            for rep in range(args.reps):
                order = ("app", "bare") if rep % 2 == 0 else ("bare", "app")
                for name in order:
                    results[name].append(time_to_ready(browser, urls[name], int(args.timeout * 1000)))
                print(f"rep {rep + 1}: app {results['app'][-1]:.2f} s, bare {results['bare'][-1]:.2f} s",
                      flush=True)
            browser.close()
    finally:
        shutil.rmtree(site, ignore_errors=True)

    app = statistics.median(results["app"])
    bare = statistics.median(results["bare"])
    print(f"median time-to-ready: app {app:.2f} s, bare Pyodide {bare:.2f} s, ratio {app / bare:.2f} "
          f"({args.reps} reps, {chromium})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
