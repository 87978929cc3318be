#!/usr/bin/env python3
"""Build, serve and test Railtrip in the browser.

    python3 build.py                 build dist/ (engine wheel + Pyodide + web files)
    python3 build.py serve           build, then serve dist/ on http://127.0.0.1:8000/
    python3 build.py test            install test dependencies, build, run tests/ and e2e/

Standard library only (Python >= 3.11). Nothing is fetched from a CDN: Pyodide comes from the
npm package pinned in package-lock.json. Node.js (which npm needs anyway) runs the pinned Pyodide
once at build time to compile the engine's .pyc files and take a memory snapshot of the imported
engine (tools/pyodide_prepare.mjs); without Node, or if that step fails, the build ships neither
and the page starts cold.

Layout of dist/ (every URL in it is relative, so it works at a domain root or under a subpath):

    index.html                     references app-<build>/styles.css and app-<build>/main.js
    build-info.json                build id, directories and the list of files (for a service worker)
    sw.js                          the service worker, with the build id and precache list filled in
    manifest.webmanifest           the web app manifest, icons pointing into app-<build>/icons/
    app-<build>/                   every file of web/ (but index.html), the engine wheel twice: as built
                                   (railtrip_engine-*-py3-none-any.whl, for pip) and for the page, its
                                   modules compiled by Pyodide's Python (*-cp314-none-any.whl), and
                                   build-config.js, engine-info.js (what the new-game form needs,
                                   asked from the engine), engine.snapshot.gz (if it could be made)
    pyodide-<version>-<hash>/      the Pyodide runtime files and a pyodide-lock.json without packages

<build> is a hash of the content of app-<build>/ and the Pyodide directory, so a changed file gets
a new URL and everything under app-*/ and pyodide-*/ can be cached forever.
"""

from __future__ import annotations

import argparse
import base64
import gzip
import hashlib
import http.server
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import time
import zipfile
from collections.abc import Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent
WEB = ROOT / "web"
DIST = ROOT / "dist"
CACHE = ROOT / ".cache"
NODE_PYODIDE = ROOT / "node_modules" / "pyodide"

# Runtime files copied from the npm package (the rest of it is docs, typings and node-only code).
PYODIDE_FILES = ("pyodide.mjs", "pyodide.mjs.map", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip")
# Pyodide's standard library, as the page downloads it (see stored_stdlib and gzip_stdlib).
STDLIB_GZ = "python_stdlib.zip.gz"
# The build step that runs the engine in the pinned Pyodide under Node (see its header).
PYODIDE_PREPARE = ROOT / "tools" / "pyodide_prepare.mjs"
SNAPSHOT_FILE = "engine.snapshot.gz"
# Whether a first visit downloads the snapshot to start from it (see web/worker.js): it adds
# ~5.6 MB to the ~14 MB of a first visit, more time on most connections than restoring saves.
# Otherwise the service worker caches it after the game is ready and later visits restore it.
SNAPSHOT_ON_FIRST_VISIT = False
# Seconds the Node step may take before the build goes on without it (it takes ~4 s).
PYODIDE_PREPARE_TIMEOUT = 180
# Files of web/ that stay at the root of dist/ under their own name (never cached for long).
# sw.js must sit at the root so that its scope covers the whole app; the manifest too, so that
# its start_url "./" is the app's root.
ROOT_FILES = frozenset({"index.html", "sw.js", "manifest.webmanifest"})
# Text files of web/ in which ./<file> references to other web files are rewritten.
REWRITTEN_IN_ROOT_FILES = ("index.html",)

CHROMIUM_CANDIDATES = ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable")
CHROMIUM_ARGS = (
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    # Newer Chromium preloads the omnibox's WebUI in a renderer of its own for every browser
    # context (~1 s of CPU each, measured): a test or benchmark opens a context per page.
    "--disable-features=PreloadTopChromeWebUI,WebUIOmniboxPopup,WebUIOmniboxFullPopup,WebUIOmniboxAimPopup",
)
CHROMIUM_ENV = "RAILTRIP_CHROMIUM"
# The dist/ the e2e tests serve (build.py test builds one of its own); default: dist/.
DIST_ENV = "RAILTRIP_DIST"


class BuildError(Exception):
    """A build step failed; the message says what to do."""


def log(message: str) -> None:
    print(f"[build] {message}", flush=True)


def run(cmd: Sequence[str], *, cwd: Path = ROOT, env: dict[str, str] | None = None) -> None:
    try:
        subprocess.run(list(cmd), cwd=cwd, env=env, check=True)
    except FileNotFoundError as exc:
        raise BuildError(f"command not found: {cmd[0]}") from exc
    except subprocess.CalledProcessError as exc:
        raise BuildError(f"command failed with exit code {exc.returncode}: {' '.join(cmd)}") from exc


def sha256_bytes(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def sha256_file(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def tree_hash(directory: Path) -> str:
    """Hash of every file's relative path and content under ``directory``."""
    digest = hashlib.sha256()
    for path in sorted(p for p in directory.rglob("*") if p.is_file()):
        digest.update(path.relative_to(directory).as_posix().encode() + b"\0")
        digest.update(sha256_file(path).encode() + b"\0")
    return digest.hexdigest()


# --- inputs ---------------------------------------------------------------------------------


def build_engine_wheel(out_dir: Path) -> Path:
    """Build the pure-Python engine wheel from a clean copy of the sources (no stale build/)."""
    with tempfile.TemporaryDirectory(prefix="railtrip-wheel-") as tmp:
        src = Path(tmp) / "src"
        src.mkdir()
        ignore = shutil.ignore_patterns("__pycache__", "*.pyc", "*.egg-info", "build", "dist")
        shutil.copytree(ROOT / "pyengine", src / "pyengine", ignore=ignore)
        for name in ("pyproject.toml", "README.md", "LICENSE", "setup.cfg", "setup.py"):
            if (ROOT / name).is_file():
                shutil.copy2(ROOT / name, src / name)
        env = dict(os.environ, SOURCE_DATE_EPOCH="315532800", PIP_DISABLE_PIP_VERSION_CHECK="1")
        cmd = [sys.executable, "-m", "pip", "wheel", "--no-deps", "--quiet", ".", "-w", str(out_dir)]
        if _has_setuptools():
            cmd.insert(4, "--no-build-isolation")  # Faster, and works without network.
        run(cmd, cwd=src, env=env)
    wheels = sorted(out_dir.glob("railtrip_engine-*-py3-none-any.whl"))
    if len(wheels) != 1:
        raise BuildError(f"expected one railtrip_engine-*-py3-none-any.whl, found {[w.name for w in wheels]}")
    return wheels[0]


def _has_setuptools() -> bool:
    """Whether this Python can build the wheel without an isolated build environment."""
    try:
        import setuptools
    except ImportError:
        return False
    if int(setuptools.__version__.split(".")[0]) < 61:
        return False
    try:  # bdist_wheel is in setuptools from 70.1 on, before that in the wheel package.
        import setuptools.command.bdist_wheel
    except ImportError:
        try:
            import wheel  # noqa: F401
        except ImportError:
            return False
    return True


def required_pyodide_version() -> str:
    lock = json.loads((ROOT / "package-lock.json").read_text())
    return lock["packages"]["node_modules/pyodide"]["version"]


def ensure_node_modules() -> None:
    """Run ``npm ci`` when node_modules/pyodide is missing, incomplete or of another version."""
    wanted = required_pyodide_version()
    package_json = NODE_PYODIDE / "package.json"
    installed = json.loads(package_json.read_text()).get("version") if package_json.is_file() else None
    complete = all((NODE_PYODIDE / name).is_file() for name in PYODIDE_FILES + ("pyodide-lock.json",))
    if installed == wanted and complete:
        return
    log(f"installing pyodide {wanted} with npm ci (found {installed or 'none'})")
    npm = shutil.which("npm")
    if npm is None:
        raise BuildError(
            "npm is not installed; install Node.js and npm (Debian: apt-get install -y nodejs npm)"
        )
    run([npm, "ci", "--no-audit", "--no-fund", "--loglevel=error"])


# --- assembling dist/ -----------------------------------------------------------------------


def assemble_pyodide(out: Path) -> dict[str, Any]:
    """Copy the Pyodide runtime into ``out`` with a lock that lists no packages.

    The engine wheel is unpacked by the worker itself (no micropip), so no package of the lock is
    ever loaded; Pyodide still reads the lock at start-up, so it must exist.
    """
    out.mkdir(parents=True)
    for name in PYODIDE_FILES:
        if name == "python_stdlib.zip":
            stored_stdlib(NODE_PYODIDE / name, out / name)
        else:
            shutil.copy2(NODE_PYODIDE / name, out / name)
    lock = json.loads((NODE_PYODIDE / "pyodide-lock.json").read_text())
    lock["packages"] = {}
    (out / "pyodide-lock.json").write_text(json.dumps(lock, indent=1, sort_keys=True) + "\n")
    return {
        "version": json.loads((NODE_PYODIDE / "package.json").read_text())["version"],
        "python": lock["info"]["python"],
    }


def stored_stdlib(source: Path, target: Path) -> None:
    """Pyodide's standard library zip with every member stored uncompressed (same names, dates
    and bytes, in name order): gzipped as a whole it is ~11% smaller than the zip's own per-file
    compression (2.50 -> 2.21 MB), and importing from it needs no inflating. The snapshot is made
    with this very zip, since zipimport's directory cache in it holds the members' offsets."""
    with zipfile.ZipFile(source) as src, zipfile.ZipFile(target, "w", zipfile.ZIP_STORED) as out:
        for info in sorted(src.infolist(), key=lambda i: i.filename):
            member = zipfile.ZipInfo(info.filename, date_time=info.date_time)
            member.external_attr = info.external_attr
            out.writestr(member, src.read(info), compress_type=zipfile.ZIP_STORED)


def gzip_stdlib(pyodide_dir: Path) -> None:
    """Replace the stored python_stdlib.zip by its gzip (what the worker downloads and unpacks;
    a static host does not compress a .zip itself)."""
    plain = pyodide_dir / "python_stdlib.zip"
    with (
        plain.open("rb") as src,
        (pyodide_dir / STDLIB_GZ).open("wb") as raw,
        gzip.GzipFile(filename="", mode="wb", fileobj=raw, compresslevel=9, mtime=0) as gz,
    ):
        shutil.copyfileobj(src, gz)
    plain.unlink()


def engine_info() -> dict[str, Any]:
    """The engine's own answer to ``version`` (games, player limits, bots), for the page to show
    the new-game form before Python has started. Asked in a fresh interpreter from the sources."""
    probe = subprocess.run(
        [
            sys.executable,
            "-c",
            "import sys; from pyengine.api import call; sys.stdout.write(call('version'))",
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    try:
        answer = json.loads(probe.stdout)
    except json.JSONDecodeError:
        answer = {}
    if probe.returncode != 0 or "ok" not in answer:
        raise BuildError(
            f"the engine did not answer 'version': {probe.stderr.strip() or probe.stdout.strip()}"
        )
    return answer["ok"]


def prepare_in_pyodide(pyodide_dir: Path, wheel: Path, key: str) -> tuple[Path | None, dict[str, Any]]:
    """Run tools/pyodide_prepare.mjs: .pyc files compiled by Pyodide's Python and a gzipped memory
    snapshot of the imported engine. Returns (its output directory, its report), or (None, reason)
    when Node is missing or the step fails: the build goes on, the page then starts cold."""
    node = shutil.which("node")
    if node is None:
        return None, {"skipped": "node is not installed"}
    out = Path(tempfile.mkdtemp(prefix="railtrip-pyodide-"))
    try:
        probe = subprocess.run(
            [node, str(PYODIDE_PREPARE), str(pyodide_dir), str(wheel), str(out), key],
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=PYODIDE_PREPARE_TIMEOUT,
        )
        report = json.loads(probe.stdout.strip().splitlines()[-1]) if probe.returncode == 0 else {}
    except (OSError, subprocess.TimeoutExpired, json.JSONDecodeError, IndexError) as exc:
        shutil.rmtree(out, ignore_errors=True)
        return None, {"skipped": f"{type(exc).__name__}: {exc}"}
    if probe.returncode != 0 or not (out / SNAPSHOT_FILE).is_file():
        shutil.rmtree(out, ignore_errors=True)
        tail = (probe.stderr.strip().splitlines() or ["no output"])[-1][:300]
        return None, {"skipped": f"exit code {probe.returncode}: {tail}"}
    return out, report


def python_tag(version: str) -> str:
    """The wheel tag of the bytecode of a CPython ``version`` ("3.14.2" -> "cp314"): .pyc files
    load only in the minor version that wrote them."""
    major, minor = version.split(".")[:2]
    return f"cp{int(major)}{int(minor)}"


def compile_wheel(wheel: Path, pyc_root: Path, tag: str) -> tuple[Path, int]:
    """A copy of ``wheel`` with each module replaced by its .pyc under ``pyc_root`` (paths relative
    to site-packages, ``pyengine/api.pyc`` for ``pyengine/api.py``: Python imports such a
    sourceless module directly), tagged for the one Python that reads them (``tag``, e.g.
    "cp314", in its name and WHEEL file: pip elsewhere refuses it by name instead of failing at
    import on a bad magic number), RECORD to match; same order and fixed times, so the result is
    reproducible. ``wheel`` itself (the pure-Python package) stays. Returns the copy's path and
    how many modules were replaced (none: no copy, ``wheel`` itself)."""
    compiled = {
        p.relative_to(pyc_root).as_posix()[:-1]: p.read_bytes()
        for p in pyc_root.rglob("*.pyc")
        if p.is_file()
    }
    if not compiled:
        return wheel, 0
    name, version, _, abi, platform = wheel.name[: -len(".whl")].split("-")
    target = wheel.with_name(f"{name}-{version}-{tag}-{abi}-{platform}.whl")
    with zipfile.ZipFile(wheel) as src:
        entries = [(info, src.read(info)) for info in src.infolist()]
    missing = sorted(set(compiled) - {info.filename for info, _ in entries})
    if missing:
        raise BuildError(f"compiled modules that are not in the wheel: {missing}")
    out: list[tuple[zipfile.ZipInfo, bytes]] = []
    record_lines: list[str] = []
    for info, data in entries:
        if info.filename in compiled:
            info = zipfile.ZipInfo(info.filename + "c", date_time=info.date_time)
            info.compress_type = zipfile.ZIP_DEFLATED
            data = compiled[info.filename[:-1]]
        if info.filename.endswith(".dist-info/RECORD"):
            continue
        if info.filename.endswith(".dist-info/WHEEL"):
            data = re.sub(rb"(?m)^Tag: [^-\r\n]+-", f"Tag: {tag}-".encode(), data)
        digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
        record_lines.append(f"{info.filename},sha256={digest},{len(data)}")
        out.append((info, data))
    record = next(info for info, _ in entries if info.filename.endswith(".dist-info/RECORD"))
    record_lines.append(f"{record.filename},,")
    out.append((record, ("\n".join(record_lines) + "\n").encode()))
    tmp = target.with_suffix(".tmp")
    with zipfile.ZipFile(tmp, "w", zipfile.ZIP_DEFLATED) as dst:
        for info, data in out:
            dst.writestr(info, data, compress_type=zipfile.ZIP_DEFLATED, compresslevel=9)
    tmp.replace(target)
    return target, len(compiled)


# Static imports of a module: `from "./x.js"` and `import "./x.js"` (relative URLs only).
_STATIC_IMPORT = re.compile(r"""(?:\bfrom|^\s*import)\s*["'](\.{1,2}/[^"']+\.js)["']""", re.MULTILINE)
MODULEPRELOAD_MARKER = "<!-- @modulepreload-by-build.py -->"


def module_graph(app: Path, entries: Sequence[str]) -> list[str]:
    """Every module that ``entries`` (paths relative to ``app``) import, directly or not, and the
    entries themselves, in a stable order."""
    seen: list[str] = []
    todo = list(entries)
    while todo:
        rel = todo.pop(0)
        if rel in seen or not (app / rel).is_file():
            continue
        seen.append(rel)
        base = (app / rel).parent
        for target in _STATIC_IMPORT.findall((app / rel).read_text()):
            todo.append(os.path.relpath(os.path.normpath(base / target), app).replace(os.sep, "/"))
    return seen


def modulepreload_links(app: Path, app_dir: str, entries: Sequence[str]) -> str:
    """<link rel=modulepreload> for the start screen's whole module graph: the browser fetches it
    at once instead of one level of imports after another."""
    return "\n  ".join(
        f'<link rel="modulepreload" href="./{app_dir}/{rel}">' for rel in module_graph(app, entries)
    )


def rewrite_references(text: str, mapping: dict[str, str]) -> str:
    """Replace ``="./name"`` / ``="name"`` attribute values that name a web file."""
    for name, target in mapping.items():
        for quote in ('"', "'"):
            for prefix in ("./", ""):
                text = text.replace(f"={quote}{prefix}{name}{quote}", f"={quote}{target}{quote}")
    return text


# The service worker's generated part: build id and the files it precaches.
SW_BEGIN = "// @generated-by-build.py-begin"
SW_END = "// @generated-by-build.py-end"
# Files the service worker does not precache (source maps only matter with devtools open).
SW_SKIP_SUFFIXES = (".map",)
# Content Security Policy: the same text is in web/index.html (a <meta> tag, which is what GitHub
# Pages serves) and sent as a header by this file's server (which also covers the worker).
CSP = (
    "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; worker-src 'self' blob:; "
    "style-src 'self'; img-src 'self' data: blob:; connect-src 'self'; object-src 'none'; "
    "base-uri 'self'; form-action 'self'"
)
# The header adds what a <meta> CSP cannot say: no other site may frame the app (clickjacking).
# Static hosts that send no headers are covered by the page's own check (web/ui/frameguard.js).
CSP_HEADER = CSP + "; frame-ancestors 'none'"


def write_manifest(staging: Path, mapping: dict[str, str]) -> None:
    """Point the web app manifest's icons at their hashed URLs in app-<build>/."""
    path = staging / "manifest.webmanifest"
    if not path.is_file():
        return
    manifest = json.loads(path.read_text())
    for icon in manifest.get("icons", []):
        src = icon.get("src", "").removeprefix("./")
        if src not in mapping:
            raise BuildError(f"manifest.webmanifest names an icon that is not in web/: {icon.get('src')}")
        icon["src"] = mapping[src]
    path.write_text(json.dumps(manifest, indent=2) + "\n")


def write_service_worker(staging: Path, build_id: str, files: list[str]) -> None:
    """Fill in sw.js's build id (its cache name) and precache list (URLs relative to its scope)."""
    path = staging / "sw.js"
    if not path.is_file():
        return
    text = path.read_text()
    begin, end = text.find(SW_BEGIN), text.find(SW_END)
    if begin < 0 or end < begin:
        raise BuildError(f"web/sw.js lacks the {SW_BEGIN} / {SW_END} markers")
    precache = ["./"] + [f for f in files if f != "sw.js" and not f.endswith(SW_SKIP_SUFFIXES)]
    generated = (
        f"{SW_BEGIN}\nconst BUILD = {json.dumps(build_id)};\n"
        f"const PRECACHE = {json.dumps(precache, indent=1)};\n"
    )
    path.write_text(text[:begin] + generated + text[end:])


def build(dist: Path = DIST) -> dict[str, Any]:
    """Build everything into ``dist`` (replaced as a whole at the end); returns build-info."""
    if not (WEB / "index.html").is_file():
        raise BuildError(f"{WEB / 'index.html'} is missing")
    ensure_node_modules()
    parent = dist.parent
    staging = Path(tempfile.mkdtemp(prefix=".dist-", dir=parent))
    try:
        # Pyodide runtime, in a directory named after its version and content.
        pyo_tmp = staging / "pyodide-tmp"
        pyodide = assemble_pyodide(pyo_tmp)
        pyodide_dir = f"pyodide-{pyodide['version']}-{tree_hash(pyo_tmp)[:10]}"
        pyo_tmp.rename(staging / pyodide_dir)

        # Our app: web/ files + the engine wheel + the generated build-config.js.
        app_tmp = staging / "app-tmp"
        app_tmp.mkdir()
        for path in sorted(WEB.rglob("*")):
            rel = path.relative_to(WEB)
            if path.is_file() and rel.as_posix() not in ROOT_FILES and "__pycache__" not in rel.parts:
                (app_tmp / rel).parent.mkdir(parents=True, exist_ok=True)
                shutil.copy2(path, app_tmp / rel)
        log("building the engine wheel")
        wheel = python_wheel = build_engine_wheel(app_tmp)
        (app_tmp / "engine-info.js").write_text(
            "// Generated by build.py from the engine's answer to `version`: the games, their player\n"
            "// limits and the bots, so that the new-game form needs no Python to draw itself.\n"
            f"export default {json.dumps(engine_info(), indent=1, sort_keys=True)};\n"
        )
        # The snapshot belongs to this engine wheel (before its .pyc are added; they are compiled
        # from it) and this Pyodide; the worker checks the key before restoring it.
        snapshot_key = sha256_bytes(f"{sha256_file(wheel)} {pyodide_dir} {pyodide['version']}".encode())[:16]
        started = time.monotonic()
        prepared, report = prepare_in_pyodide(staging / pyodide_dir, wheel, snapshot_key)
        snapshot = None
        if prepared is None:
            log(f"no snapshot and no .pyc in this build ({report['skipped']}); the page starts cold")
        else:
            try:
                wheel, pyc_count = compile_wheel(python_wheel, prepared / "pyc", python_tag(report["python"]))
                shutil.copy2(prepared / SNAPSHOT_FILE, app_tmp / SNAPSHOT_FILE)
            finally:
                shutil.rmtree(prepared, ignore_errors=True)
            snapshot = {"file": SNAPSHOT_FILE, "key": snapshot_key, "firstVisit": SNAPSHOT_ON_FIRST_VISIT}
            log(
                f"Python {report.get('python')} in Pyodide: {pyc_count} modules compiled in the wheel, memory snapshot "
                f"{report.get('snapshotBytes', 0) / 1e6:.1f} MB, {report.get('snapshotGzipBytes', 0) / 1e6:.1f} MB "
                f"gzipped, {report.get('preloaded', {}).get('bots', 0)} bots and "
                f"{report.get('preloaded', {}).get('variants', 0)} games preloaded ({time.monotonic() - started:.1f} s: "
                f"{', '.join(f'{k} {v:.1f}' for k, v in report.get('phases', {}).items())})"
            )
        gzip_stdlib(staging / pyodide_dir)
        config = {
            "pyodide": f"../{pyodide_dir}/",
            "stdlib": f"../{pyodide_dir}/{STDLIB_GZ}",
            "pyodideVersion": pyodide["version"],
            "engineWheel": wheel.name,
            "snapshot": snapshot,
            # Sizes of what the worker downloads (as sent), for an exact progress bar.
            "downloadSizes": {
                **{
                    f"../{pyodide_dir}/{name}": (staging / pyodide_dir / name).stat().st_size
                    for name in ("pyodide.asm.mjs", "pyodide.asm.wasm", STDLIB_GZ)
                },
                wheel.name: wheel.stat().st_size,
                **({SNAPSHOT_FILE: (app_tmp / SNAPSHOT_FILE).stat().st_size} if snapshot else {}),
            },
        }
        (app_tmp / "build-config.js").write_text(
            "// Generated by build.py: where the worker finds Pyodide and the engine wheel\n"
            "// (URLs relative to this file).\n"
            f"export default {json.dumps(config, indent=2, sort_keys=True)};\n"
        )
        build_id = sha256_bytes(f"{tree_hash(app_tmp)} {pyodide_dir}".encode())[:12]
        app_dir = f"app-{build_id}"
        app_tmp.rename(staging / app_dir)

        # Root files, with references to app files pointing into app-<build>/.
        # (Generated app files too: index.html preloads engine-info.js.)
        app_files = [
            p.relative_to(staging / app_dir).as_posix() for p in (staging / app_dir).rglob("*") if p.is_file()
        ]
        mapping = {rel: f"./{app_dir}/{rel}" for rel in app_files}
        for name in sorted(ROOT_FILES):
            src = WEB / name
            if not src.is_file():
                continue
            if name in REWRITTEN_IN_ROOT_FILES:
                text = rewrite_references(src.read_text(), mapping)
                if MODULEPRELOAD_MARKER in text:
                    text = text.replace(
                        MODULEPRELOAD_MARKER,
                        modulepreload_links(staging / app_dir, app_dir, ("main.js", "ui.js")),
                    )
                (staging / name).write_text(text)
            else:
                shutil.copy2(src, staging / name)

        write_manifest(staging, mapping)
        files = sorted(p.relative_to(staging).as_posix() for p in staging.rglob("*") if p.is_file())
        # The pure-Python wheel is for pip (`pythonWheel`), not for the page: no need to cache it.
        page_files = [f for f in files if f != f"{app_dir}/{python_wheel.name}" or wheel == python_wheel]
        write_service_worker(staging, build_id, page_files + ["build-info.json"])
        info = {
            "build": build_id,
            "app": f"{app_dir}/",
            "pyodide": f"{pyodide_dir}/",
            "pyodideVersion": pyodide["version"],
            "python": pyodide["python"],
            "engineWheel": f"{app_dir}/{wheel.name}",
            "pythonWheel": f"{app_dir}/{python_wheel.name}",
            "snapshot": f"{app_dir}/{SNAPSHOT_FILE}" if snapshot else None,
            "files": files,
        }
        (staging / "build-info.json").write_text(json.dumps(info, indent=2) + "\n")
        if dist.exists():
            shutil.rmtree(dist)
        staging.rename(dist)
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        raise
    log(
        f"built {dist.relative_to(ROOT) if dist.is_relative_to(ROOT) else dist} (build {build_id}, "
        f"pyodide {pyodide['version']}, {wheel.name})"
    )
    return info


# --- serving --------------------------------------------------------------------------------

MIME_TYPES = {
    ".wasm": "application/wasm",
    ".mjs": "text/javascript",
    ".js": "text/javascript",
    ".json": "application/json",
    ".map": "application/json",
    ".whl": "application/zip",
    ".zip": "application/zip",
    ".gz": "application/gzip",
    ".css": "text/css",
    ".html": "text/html",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".webmanifest": "application/manifest+json",
}


def normalize_prefix(prefix: str) -> str:
    prefix = "/" + prefix.strip("/")
    return prefix if prefix == "/" else prefix + "/"


def make_handler(
    directory: Path, prefix: str = "/", quiet: bool = False
) -> type[http.server.SimpleHTTPRequestHandler]:
    prefix = normalize_prefix(prefix)

    class Handler(http.server.SimpleHTTPRequestHandler):
        extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **MIME_TYPES}
        protocol_version = "HTTP/1.1"
        # Headers and body go out in separate writes: with Nagle's algorithm on, each response
        # of a kept-alive connection waits ~40 ms for the browser's delayed ACK.
        disable_nagle_algorithm = True

        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, directory=str(directory), **kwargs)

        def _strip_prefix(self) -> bool:
            """Map /prefix/... onto dist/; redirect the bare prefix; False if outside it."""
            path = self.path.split("?", 1)[0].split("#", 1)[0]
            if prefix == "/":
                return True
            if path + "/" == prefix or path == "/":
                self.send_response(301)
                self.send_header("Location", prefix)
                self.send_header("Content-Length", "0")
                self.end_headers()
                return False
            if not path.startswith(prefix):
                self.send_error(404, f"Not under {prefix}")
                return False
            self.path = "/" + self.path[len(prefix) :]
            return True

        def do_GET(self) -> None:
            if self._strip_prefix():
                super().do_GET()

        def do_HEAD(self) -> None:
            if self._strip_prefix():
                super().do_HEAD()

        def end_headers(self) -> None:
            path = self.path.split("?", 1)[0]
            if path.startswith(("/app-", "/pyodide-")):
                self.send_header("Cache-Control", "public, max-age=31536000, immutable")
            else:
                self.send_header("Cache-Control", "no-cache")
            self.send_header("X-Content-Type-Options", "nosniff")
            self.send_header("Content-Security-Policy", CSP_HEADER)
            self.send_header("X-Frame-Options", "DENY")
            super().end_headers()

        def log_message(self, format: str, *args: Any) -> None:
            if not quiet:
                super().log_message(format, *args)

    return Handler


class _HTTPServer(http.server.ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request: Any, client_address: Any) -> None:
        # A browser that goes away mid-download (a closed tab, a finished test) is not an error.
        if isinstance(sys.exc_info()[1], (ConnectionError, TimeoutError)):
            return
        super().handle_error(request, client_address)


class Server:
    """dist/ served over HTTP from a background thread (used by ``serve`` and the e2e tests)."""

    def __init__(
        self,
        directory: Path = DIST,
        host: str = "127.0.0.1",
        port: int = 0,
        prefix: str = "/",
        quiet: bool = True,
    ) -> None:
        self.prefix = normalize_prefix(prefix)
        self.httpd = _HTTPServer((host, port), make_handler(directory, self.prefix, quiet))
        self.thread: threading.Thread | None = None

    @property
    def url(self) -> str:
        host, port = self.httpd.server_address[:2]
        return f"http://{host}:{port}{self.prefix}"

    def start(self) -> Server:
        self.thread = threading.Thread(target=self.httpd.serve_forever, name="railtrip-http", daemon=True)
        self.thread.start()
        return self

    def stop(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()

    def __enter__(self) -> Server:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()


def serve(args: argparse.Namespace) -> None:
    if not args.no_build:
        build()
    elif not (DIST / "index.html").is_file():
        raise BuildError("dist/ has not been built yet: run python3 build.py (or drop --no-build)")
    try:
        server = Server(DIST, args.host, args.port, args.prefix, quiet=args.quiet)
    except OSError as exc:
        raise BuildError(f"cannot listen on {args.host}:{args.port}: {exc.strerror} (try --port N)") from exc
    print(f"Serving {DIST} at {server.url}  (Ctrl+C to stop)", flush=True)
    try:
        server.httpd.serve_forever()
    except KeyboardInterrupt:
        print()
    finally:
        server.httpd.server_close()


# --- testing --------------------------------------------------------------------------------


def find_chromium() -> str | None:
    """A Chromium for the e2e tests: $RAILTRIP_CHROMIUM, Playwright's own, or an installed one."""
    explicit = os.environ.get(CHROMIUM_ENV)
    if explicit:
        return explicit if Path(explicit).is_file() else None
    try:  # Playwright's own browser, when `playwright install chromium` has been run.
        probe = subprocess.run(
            [
                sys.executable,
                "-c",
                "from playwright.sync_api import sync_playwright\n"
                "with sync_playwright() as p: print(p.chromium.executable_path)",
            ],
            capture_output=True,
            text=True,
            timeout=60,
        )
        candidate = probe.stdout.strip().splitlines()[-1] if probe.stdout.strip() else ""
        if probe.returncode == 0 and candidate and Path(candidate).is_file():
            return candidate
    except (OSError, subprocess.TimeoutExpired):
        pass
    if Path("/usr/bin/chromium").is_file():
        return "/usr/bin/chromium"
    for name in CHROMIUM_CANDIDATES:
        found = shutil.which(name)
        if found:
            return found
    return None


def test(args: argparse.Namespace) -> int:
    if not args.no_install:
        log("installing test dependencies (requirements-test.txt)")
        run(
            [
                sys.executable,
                "-m",
                "pip",
                "install",
                "--quiet",
                "--disable-pip-version-check",
                "--root-user-action=ignore",
                "-r",
                str(ROOT / "requirements-test.txt"),
            ]
        )
    chromium = find_chromium()
    if chromium is None and os.environ.get(CHROMIUM_ENV):
        raise BuildError(f"{CHROMIUM_ENV}={os.environ[CHROMIUM_ENV]} is not a file")
    if chromium is None:
        raise BuildError(
            "no Chromium found for the browser tests. Install one: `apt-get install -y chromium` "
            "(Debian) or `python3 -m playwright install chromium`, or set RAILTRIP_CHROMIUM=/path/to/chrome"
        )
    log(f"browser for e2e tests: {chromium}")
    # The tests get a dist of their own, so that a build running meanwhile (another terminal,
    # `build.py serve`) cannot swap files under them.
    CACHE.mkdir(exist_ok=True)
    test_dist = Path(tempfile.mkdtemp(prefix="dist-test-", dir=CACHE))
    try:
        build(test_dist / "dist")
        env = dict(os.environ, **{CHROMIUM_ENV: chromium, DIST_ENV: str(test_dist / "dist")})
        cmd = [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "tests", "e2e"]
        if not any(a == "-n" or a.startswith(("-n", "--numprocesses")) for a in args.pytest_args):
            cmd += ["-n", "2", "--dist", "loadfile"]
        if not any(a.startswith("--durations") for a in args.pytest_args):
            cmd += ["--durations=20"]  # the CI log names the slowest tests, to keep the run short
        cmd += args.pytest_args
        log(" ".join(cmd[2:]))
        return subprocess.run(cmd, cwd=ROOT, env=env).returncode
    finally:
        shutil.rmtree(test_dist, ignore_errors=True)


# --- command line ---------------------------------------------------------------------------


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Build, serve and test Railtrip in the browser.")
    sub = parser.add_subparsers(dest="command")
    sub.add_parser("build", help="build dist/ (the default)")
    p_serve = sub.add_parser("serve", help="build, then serve dist/ over HTTP")
    p_serve.add_argument("--port", type=int, default=8000, help="port (default 8000; 0 picks a free one)")
    p_serve.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)")
    p_serve.add_argument("--prefix", default="/", help="serve dist/ under this path, e.g. /railtrip/")
    p_serve.add_argument("--no-build", action="store_true", help="serve the existing dist/ as it is")
    p_serve.add_argument("--quiet", action="store_true", help="do not log requests")
    p_test = sub.add_parser("test", help="install test dependencies, build, run pytest on tests/ and e2e/")
    p_test.add_argument("--no-install", action="store_true", help="skip pip install -r requirements-test.txt")
    p_test.add_argument("pytest_args", nargs=argparse.REMAINDER, help="extra pytest arguments (after --)")
    args = parser.parse_args(argv)
    if getattr(args, "pytest_args", None) and args.pytest_args[0] == "--":
        args.pytest_args = args.pytest_args[1:]
    try:
        if args.command == "serve":
            serve(args)
        elif args.command == "test":
            return test(args)
        else:
            build()
    except BuildError as exc:
        print(f"build.py: error: {exc}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
