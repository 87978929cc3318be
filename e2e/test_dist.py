"""The built dist/: layout, relative URLs only, and a Pyodide lock that matches what we ship."""

from __future__ import annotations

import gzip
import io
import json
import os
import re
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from e2e.conftest import railtrip_build


def build_info(dist: Path) -> dict:
    return json.loads((dist / "build-info.json").read_text())


def test_build_info_lists_every_file(dist_dir: Path) -> None:
    info = build_info(dist_dir)
    on_disk = sorted(
        p.relative_to(dist_dir).as_posix()
        for p in dist_dir.rglob("*")
        if p.is_file() and p.name != "build-info.json"
    )
    assert info["files"] == on_disk
    assert re.fullmatch(r"[0-9a-f]{12}", info["build"])
    assert info["app"] == f"app-{info['build']}/"
    assert (dist_dir / info["engineWheel"]).is_file()
    # The page's wheel holds bytecode of Pyodide's Python, and its name says so (pip elsewhere
    # refuses it); the wheel as built, for pip anywhere, lies beside it and is not precached.
    python = "".join(info["python"].split(".")[:2])
    assert re.fullmatch(
        rf"app-[0-9a-f]{{12}}/railtrip_engine-[^/]+-cp{python}-none-any\.whl", info["engineWheel"]
    )
    assert re.fullmatch(r"app-[0-9a-f]{12}/railtrip_engine-[^/]+-py3-none-any\.whl", info["pythonWheel"])
    assert (dist_dir / info["pythonWheel"]).is_file()
    sw = (dist_dir / "sw.js").read_text()
    assert info["engineWheel"] in sw and info["pythonWheel"] not in sw


def test_index_references_the_hashed_app_files(dist_dir: Path) -> None:
    info = build_info(dist_dir)
    html = (dist_dir / "index.html").read_text()
    refs = re.findall(r'(?:src|href)="([^"]+)"', html)
    assert f"./{info['app']}main.js" in refs and f"./{info['app']}styles.css" in refs
    for ref in refs:
        assert not ref.startswith(("/", "http:", "https:", "//")), f"not a relative URL: {ref}"
        assert (dist_dir / ref).is_file(), f"index.html references a missing file: {ref}"
    assert not re.search(r"<script(?![^>]*\bsrc=)[^>]*>", html), "inline <script> (the CSP will forbid it)"


def test_no_absolute_or_cdn_urls_in_our_files(dist_dir: Path) -> None:
    info = build_info(dist_dir)
    for path in (dist_dir / info["app"]).rglob("*"):
        if path.suffix in {".js", ".css", ".html", ".json"}:
            text = path.read_text()
            assert not re.search(r"https?://", text.replace("http://www.w3.org/2000/svg", "")), path
            assert not re.search(r"""(?:from|import\(|new URL\()\s*["']/""", text), path


def test_pyodide_runtime_without_packages(dist_dir: Path) -> None:
    """The engine wheel is unpacked by the worker itself: no micropip, a lock without packages."""
    info = build_info(dist_dir)
    pyodide = dist_dir / info["pyodide"]
    lock = json.loads((pyodide / "pyodide-lock.json").read_text())
    assert lock["packages"] == {}
    assert not list(pyodide.glob("*.whl"))
    for name in ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip.gz"):
        assert (pyodide / name).is_file(), name
    assert info["pyodideVersion"] == railtrip_build.required_pyodide_version()


def test_engine_wheel_is_pure_python_with_the_api(dist_dir: Path) -> None:
    info = build_info(dist_dir)
    python = "".join(info["python"].split(".")[:2])
    with zipfile.ZipFile(dist_dir / info["engineWheel"]) as wheel:
        names = wheel.namelist()
        assert "pyengine/api.pyc" in names and "pyengine/api.py" not in names  # Compiled at build time.
        wheel_meta = wheel.read(next(n for n in names if n.endswith(".dist-info/WHEEL"))).decode()
        assert "Root-Is-Purelib: true" in wheel_meta and f"Tag: cp{python}-none-any" in wheel_meta
    with zipfile.ZipFile(dist_dir / info["pythonWheel"]) as wheel:
        names = wheel.namelist()
        assert "pyengine/api.py" in names and not [n for n in names if n.endswith(".pyc")]
        wheel_meta = wheel.read(next(n for n in names if n.endswith(".dist-info/WHEEL"))).decode()
        assert "Tag: py3-none-any" in wheel_meta


def test_standard_library_is_npms_members_stored_and_gzipped(dist_dir: Path) -> None:
    """The page's standard library has exactly npm's members and bytes, stored (not deflated)
    and gzipped as a whole, which makes the download smaller than npm's zip."""
    pyodide = dist_dir / build_info(dist_dir)["pyodide"]
    assert not (pyodide / "python_stdlib.zip").exists()
    shipped = zipfile.ZipFile(io.BytesIO(gzip.decompress((pyodide / "python_stdlib.zip.gz").read_bytes())))
    original = zipfile.ZipFile(railtrip_build.NODE_PYODIDE / "python_stdlib.zip")
    assert sorted(shipped.namelist()) == sorted(original.namelist())
    assert {i.compress_type for i in shipped.infolist()} == {zipfile.ZIP_STORED}
    for name in original.namelist()[::25]:
        assert shipped.read(name) == original.read(name), name
    npm_size = (railtrip_build.NODE_PYODIDE / "python_stdlib.zip").stat().st_size
    assert (pyodide / "python_stdlib.zip.gz").stat().st_size < 0.95 * npm_size


def test_the_shipped_python_wheel_installs_and_plays(dist_dir: Path, tmp_path: Path) -> None:
    """The wheel a build ships for pip (`pythonWheel`) installs on this Python, offline and with
    no dependencies, and its CLI plays games; the page's wheel is refused by name here unless
    this Python is the one its bytecode is for."""
    info = build_info(dist_dir)
    target = tmp_path / "site"
    pip = [sys.executable, "-m", "pip", "install", "--quiet", "--no-deps", "--no-index", "--target"]
    subprocess.run([*pip, str(target), str(dist_dir / info["pythonWheel"])], check=True, timeout=120)
    env = {**os.environ, "PYTHONPATH": str(target)}
    out = subprocess.run(
        [
            sys.executable,
            "-m",
            "pyengine",
            "simulate",
            "--variant",
            "world",
            "--players",
            "3",
            "--games",
            "2",
        ],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        check=True,
        timeout=120,
    ).stdout
    assert "win share by seat" in out
    assert (
        str(target)
        in subprocess.run(
            [sys.executable, "-c", "import pyengine; print(pyengine.__file__)"],
            cwd=tmp_path,
            env=env,
            capture_output=True,
            text=True,
            check=True,
        ).stdout
    )
    if f"cp{sys.version_info[0]}{sys.version_info[1]}-" not in info["engineWheel"]:
        refused = subprocess.run(
            [*pip, str(tmp_path / "other"), str(dist_dir / info["engineWheel"])],
            capture_output=True,
            text=True,
        )
        assert refused.returncode != 0 and "not a supported wheel" in refused.stderr


def test_the_snapshot_is_made_the_same_again_elsewhere(
    dist_dir: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The Pyodide step pins what the interpreter reads from the host (entropy, clocks, the
    program's name), so the same wheel gives the same memory snapshot byte for byte, from any
    checkout: a rebuild of unchanged sources keeps its build id, and returning players are not
    offered an update that changes nothing. The step runs again here, from a copy of the
    script in another folder, on the wheel the build shipped for pip (the snapshot's wheel) and
    the shipped runtime."""
    info = build_info(dist_dir)
    assert info["snapshot"], "the build made no snapshot"
    shipped = (dist_dir / info["snapshot"]).read_bytes()
    key = gzip.decompress(shipped)[:256].split(b"\n")[0].decode().removeprefix("railtrip-snapshot ")
    script = railtrip_build.PYODIDE_PREPARE
    elsewhere = tmp_path / "checkout" / "tools"
    elsewhere.mkdir(parents=True)
    for name in (script.name, "pyc_compile.py"):
        shutil.copy(script.parent / name, elsewhere / name)
    monkeypatch.setattr(railtrip_build, "PYODIDE_PREPARE", elsewhere / script.name)
    # The runtime as the step saw it: the shipped one with its standard library unzipped.
    pyodide = shutil.copytree(dist_dir / info["pyodide"], tmp_path / "pyodide")
    stdlib = pyodide / railtrip_build.STDLIB_GZ
    (pyodide / "python_stdlib.zip").write_bytes(gzip.decompress(stdlib.read_bytes()))
    stdlib.unlink()
    out, report = railtrip_build.prepare_in_pyodide(pyodide, dist_dir / info["pythonWheel"], key)
    assert out is not None, report
    try:
        assert (out / railtrip_build.SNAPSHOT_FILE).read_bytes() == shipped
    finally:
        shutil.rmtree(out, ignore_errors=True)
