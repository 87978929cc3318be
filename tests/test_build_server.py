"""build.py's HTTP server: MIME types, caching headers and serving under a subpath."""

from __future__ import annotations

import http.client
import importlib.util
from collections.abc import Iterator
from pathlib import Path

import pytest

_spec = importlib.util.spec_from_file_location(
    "railtrip_build", Path(__file__).resolve().parent.parent / "build.py"
)
assert _spec and _spec.loader
railtrip_build = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(railtrip_build)

FILES = {
    "index.html": "text/html",
    "build-info.json": "application/json",
    "app-abc/main.js": "text/javascript",
    "pyodide-1/pyodide.mjs": "text/javascript",
    "pyodide-1/pyodide.asm.wasm": "application/wasm",
    "pyodide-1/python_stdlib.zip": "application/zip",
    "app-abc/railtrip_engine-0.1.0-py3-none-any.whl": "application/zip",
    "app-abc/styles.css": "text/css",
    "app-abc/favicon.svg": "image/svg+xml",
}


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("dist")
    for name in FILES:
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_bytes(f"content of {name}".encode())
    return root


def get(server: railtrip_build.Server, path: str) -> tuple[int, dict[str, str], bytes]:
    host, port = server.httpd.server_address[:2]
    conn = http.client.HTTPConnection(host, port, timeout=10)
    try:
        conn.request("GET", path)
        response = conn.getresponse()
        return response.status, {k.lower(): v for k, v in response.getheaders()}, response.read()
    finally:
        conn.close()


@pytest.fixture(scope="module")
def root_server(site: Path) -> Iterator[railtrip_build.Server]:
    with railtrip_build.Server(site, port=0) as server:
        yield server


@pytest.fixture(scope="module")
def prefix_server(site: Path) -> Iterator[railtrip_build.Server]:
    with railtrip_build.Server(site, port=0, prefix="railtrip") as server:
        yield server


@pytest.mark.parametrize("name", sorted(FILES))
def test_mime_types(root_server, name: str) -> None:
    status, headers, body = get(root_server, "/" + name)
    assert status == 200
    assert headers["content-type"].split(";")[0] == FILES[name]
    assert body == f"content of {name}".encode()


def test_hashed_directories_are_cached_forever_and_the_rest_revalidated(root_server) -> None:
    assert "immutable" in get(root_server, "/app-abc/main.js")[1]["cache-control"]
    assert "immutable" in get(root_server, "/pyodide-1/pyodide.asm.wasm")[1]["cache-control"]
    assert get(root_server, "/index.html")[1]["cache-control"] == "no-cache"
    assert get(root_server, "/build-info.json")[1]["cache-control"] == "no-cache"
    assert get(root_server, "/")[1]["cache-control"] == "no-cache"


def test_index_is_served_at_the_root(root_server) -> None:
    status, _, body = get(root_server, "/")
    assert status == 200 and body == b"content of index.html"
    assert get(root_server, "/nope.js")[0] == 404


def test_subpath(prefix_server) -> None:
    assert prefix_server.url.endswith("/railtrip/")
    assert get(prefix_server, "/railtrip/")[2] == b"content of index.html"
    assert get(prefix_server, "/railtrip/app-abc/main.js")[2] == b"content of app-abc/main.js"
    for path in ("/railtrip", "/"):
        status, headers, _ = get(prefix_server, path)
        assert status == 301 and headers["location"] == "/railtrip/"
    assert get(prefix_server, "/app-abc/main.js")[0] == 404
    assert get(prefix_server, "/railtripx/index.html")[0] == 404


@pytest.mark.parametrize(
    "prefix, expected",
    [("/", "/"), ("", "/"), ("railtrip", "/railtrip/"), ("/a/b/", "/a/b/"), ("/a/b", "/a/b/")],
)
def test_normalize_prefix(prefix: str, expected: str) -> None:
    assert railtrip_build.normalize_prefix(prefix) == expected


def test_rewrite_references() -> None:
    html = '<link href="./styles.css"><script src="main.js"></script><a href="./other.html">'
    out = railtrip_build.rewrite_references(
        html, {"styles.css": "./app-1/styles.css", "main.js": "./app-1/main.js"}
    )
    assert (
        out
        == '<link href="./app-1/styles.css"><script src="./app-1/main.js"></script><a href="./other.html">'
    )


def test_responses_are_not_held_back_for_the_delayed_ack() -> None:
    # Headers and body are separate writes: with Nagle's algorithm each response on a kept-alive
    # connection waited ~40 ms, which made the start screen's ~30 modules take half a second.
    handler = railtrip_build.make_handler(Path("."))
    assert handler.protocol_version == "HTTP/1.1"
    assert handler.disable_nagle_algorithm is True


def test_the_start_screen_loads_without_the_game_screens() -> None:
    """main.js and ui.js import (statically) only what the new-game screen needs: the board, the
    game screens, the rules pages and the replay viewer load when they open (ui.js warms them up
    after the first paint), so the first paint waits for a fraction of the modules."""
    web = Path(__file__).resolve().parent.parent / "web"
    start = railtrip_build.module_graph(web, ("main.js", "ui.js"))
    everything = {p.relative_to(web).as_posix() for p in web.rglob("*.js")}
    assert "ui/newgame.js" in start and "ui/core/modal.js" in start
    game_code = [
        m
        for m in start
        if m.startswith(("ui/board/", "ui/usa/", "ui/world/", "ui/cardgame/", "rules/"))
        or m in ("ui/screens.js", "ui/replay.js", "ui/rules.js", "ui/dialogs.js", "ui/turnscreen.js")
    ]
    assert game_code == []
    assert len(start) < len(everything) / 2
    # What ui.js loads later is still part of the app.
    assert {"ui/screens.js", "ui/replay.js", "ui/rules.js"} <= everything
