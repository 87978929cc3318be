#!/usr/bin/env python3
"""First visit vs repeat visit (service worker cache) vs offline visit, in headless Chromium.

    python3 scripts/bench_offline.py [--reps 3] [--dist DIR]

Builds a dist of its own (or uses --dist), serves it with build.py's server and, per repetition,
in a fresh browser context (empty HTTP cache, no service worker):
  first    the first visit: everything from the network
  repeat   a reload once the service worker has cached the app (data-offline="ready")
  offline  a reload with the server stopped and the context offline (only the cache)
  http     for comparison, a repeat visit with ?sw=0 (no service worker: the browser's HTTP cache)
--mbps N emulates a slower connection (Chrome devtools throttling) for the visits over the network.
Times are performance.now() when <html data-app-state> becomes "ready"; medians are printed.
"""

from __future__ import annotations

import argparse
import importlib.util
import statistics
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
_spec = importlib.util.spec_from_file_location("railtrip_build", ROOT / "build.py")
assert _spec and _spec.loader
railtrip_build = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(railtrip_build)

RECORD_READY = """(() => {
  const check = () => {
    if (document.documentElement.dataset.appState === "ready" && window.__readyAt === undefined) {
      window.__readyAt = performance.now();
    }
  };
  new MutationObserver(check).observe(document, { attributes: true, subtree: true,
                                                  attributeFilter: ["data-app-state"] });
})();"""
READY = "() => window.__readyAt !== undefined || document.documentElement.dataset.appState === 'error'"


def ready_seconds(page, timeout_ms: int) -> float:
    page.wait_for_function(READY, timeout=timeout_ms)
    ready_at = page.evaluate("window.__readyAt ?? null")
    if ready_at is None:
        raise SystemExit(f"the page failed to load: {page.inner_text('body')}")
    return ready_at / 1000


def throttle(context, page, mbps: float) -> None:
    """Emulates a connection of `mbps` Mbit/s and 40 ms latency (0: no throttling)."""
    if mbps <= 0:
        return
    cdp = context.new_cdp_session(page)
    cdp.send("Network.enable")
    cdp.send(
        "Network.emulateNetworkConditions",
        {
            "offline": False,
            "latency": 40,
            "downloadThroughput": mbps * 125_000,
            "uploadThroughput": mbps * 125_000,
        },
    )


def one_rep(browser, dist: Path, timeout_ms: int, mbps: float = 0) -> dict[str, float]:
    out: dict[str, float] = {}
    server = railtrip_build.Server(dist, port=0).start()
    context = browser.new_context()
    try:
        context.add_init_script(RECORD_READY)
        page = context.new_page()
        throttle(context, page, mbps)
        page.goto(server.url)
        out["first"] = ready_seconds(page, timeout_ms)
        page.wait_for_function(
            "() => document.documentElement.dataset.offline === 'ready'", timeout=timeout_ms
        )
        page.reload()
        out["repeat"] = ready_seconds(page, timeout_ms)
        server.stop()
        server = None
        context.set_offline(True)
        page.reload()
        out["offline"] = ready_seconds(page, timeout_ms)
    finally:
        context.close()
        if server:
            server.stop()
    # The HTTP cache alone (no service worker), for comparison.
    with railtrip_build.Server(dist, port=0) as srv:
        context = browser.new_context()
        try:
            context.add_init_script(RECORD_READY)
            page = context.new_page()
            throttle(context, page, mbps)
            page.goto(srv.url + "?sw=0")
            ready_seconds(page, timeout_ms)
            page.reload()
            out["http"] = ready_seconds(page, timeout_ms)
        finally:
            context.close()
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--reps", type=int, default=3)
    parser.add_argument("--dist", type=Path, help="a built dist/ to use (default: build one)")
    parser.add_argument("--timeout", type=float, default=90)
    parser.add_argument(
        "--mbps",
        type=float,
        default=0,
        help="emulate a connection of this many Mbit/s (40 ms latency); default: none",
    )
    args = parser.parse_args()
    chromium = railtrip_build.find_chromium()
    if chromium is None:
        raise SystemExit("no Chromium found: apt-get install -y chromium, or set RAILTRIP_CHROMIUM")
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory(
        prefix="bench-offline-", dir=ROOT / ".cache" if (ROOT / ".cache").is_dir() else None
    ) as tmp:
        dist = args.dist
        if dist is None:
            dist = Path(tmp) / "dist"
            railtrip_build.build(dist)
        results: dict[str, list[float]] = {}
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=chromium, args=list(railtrip_build.CHROMIUM_ARGS))
            for rep in range(args.reps):
                r = one_rep(browser, dist, int(args.timeout * 1000), args.mbps)
                for k, v in r.items():
                    results.setdefault(k, []).append(v)
                print(f"rep {rep + 1}: " + ", ".join(f"{k} {v:.2f} s" for k, v in r.items()), flush=True)
            browser.close()
    med = {k: statistics.median(v) for k, v in results.items()}
    net = f"{args.mbps:g} Mbit/s" if args.mbps else "localhost, unthrottled"
    print(
        f"median time-to-ready ({args.reps} reps, {net}): first visit {med['first']:.2f} s, "
        f"repeat (service worker) {med['repeat']:.2f} s, offline {med['offline']:.2f} s, "
        f"repeat without service worker (HTTP cache) {med['http']:.2f} s; "
        f"repeat/first {med['repeat'] / med['first']:.2f}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
