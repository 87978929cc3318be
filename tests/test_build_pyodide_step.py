"""build.py's Pyodide step: a build without Node (or with a failing step) goes on without the
snapshot and the .pyc; compiled modules replace the sources in a copy of the wheel tagged for the
one Python that reads them, with a matching RECORD, and the wheel as built stays for pip.
(The step itself, under Node, is checked end to end by e2e/test_startup.py.)"""

from __future__ import annotations

import base64
import hashlib
import importlib.util
import zipfile
from pathlib import Path

import pytest

_spec = importlib.util.spec_from_file_location(
    "railtrip_build", Path(__file__).resolve().parent.parent / "build.py"
)
assert _spec and _spec.loader
railtrip_build = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(railtrip_build)


def test_no_node_means_no_snapshot_and_no_failure(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setattr(railtrip_build.shutil, "which", lambda name: None)
    out, report = railtrip_build.prepare_in_pyodide(tmp_path, tmp_path / "x.whl", "key")
    assert out is None and report == {"skipped": "node is not installed"}


def test_a_failing_step_means_no_snapshot_and_no_failure(tmp_path: Path) -> None:
    if railtrip_build.shutil.which("node") is None:
        pytest.skip("node is not installed")  # The case above covers it.
    # No Pyodide in this directory: the step fails, the build goes on.
    out, report = railtrip_build.prepare_in_pyodide(tmp_path, tmp_path / "missing.whl", "key")
    assert out is None and report["skipped"].startswith("exit code 1")


def _record_line(name: str, data: bytes) -> str:
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{name},sha256={digest},{len(data)}"


WHEEL_META = b"Wheel-Version: 1.0\nRoot-Is-Purelib: true\nTag: py3-none-any\n"


def test_python_tag_of_a_version() -> None:
    assert railtrip_build.python_tag("3.14.2") == "cp314"
    assert railtrip_build.python_tag("3.9.0rc1") == "cp39"


def test_compiled_modules_replace_the_sources(tmp_path: Path) -> None:
    wheel = tmp_path / "demo-1.0-py3-none-any.whl"
    files = {
        "demo/__init__.py": b"",
        "demo/core.py": b"X = 1\n",
        "demo/data/board.json": b"{}",
        "demo-1.0.dist-info/WHEEL": WHEEL_META,
    }
    with zipfile.ZipFile(wheel, "w") as z:
        for name, data in files.items():
            z.writestr(name, data)
        z.writestr(
            "demo-1.0.dist-info/RECORD",
            "\n".join(_record_line(n, d) for n, d in files.items()) + "\ndemo-1.0.dist-info/RECORD,,\n",
        )
    pyc = tmp_path / "pyc" / "demo"
    pyc.mkdir(parents=True)
    (pyc / "__init__.pyc").write_bytes(b"init-bytecode")
    (pyc / "core.pyc").write_bytes(b"core-bytecode")

    source = wheel.read_bytes()
    compiled, count = railtrip_build.compile_wheel(wheel, tmp_path / "pyc", "cp314")
    assert count == 2 and compiled.name == "demo-1.0-cp314-none-any.whl"
    assert wheel.read_bytes() == source  # the pure-Python wheel stays, for pip
    first = compiled.read_bytes()
    compiled_meta = b"Wheel-Version: 1.0\nRoot-Is-Purelib: true\nTag: cp314-none-any\n"
    with zipfile.ZipFile(compiled) as z:
        names = z.namelist()
        assert names == [
            "demo/__init__.pyc",
            "demo/core.pyc",
            "demo/data/board.json",
            "demo-1.0.dist-info/WHEEL",
            "demo-1.0.dist-info/RECORD",
        ]
        assert z.read("demo/core.pyc") == b"core-bytecode"
        assert z.read("demo-1.0.dist-info/WHEEL") == compiled_meta
        record = z.read("demo-1.0.dist-info/RECORD").decode().splitlines()
    assert record == [
        _record_line("demo/__init__.pyc", b"init-bytecode"),
        _record_line("demo/core.pyc", b"core-bytecode"),
        _record_line("demo/data/board.json", b"{}"),
        _record_line("demo-1.0.dist-info/WHEEL", compiled_meta),
        "demo-1.0.dist-info/RECORD,,",
    ]
    # A compiled module the wheel does not have is a build error, not a silent extra file.
    (pyc / "stray.pyc").write_bytes(b"?")
    with pytest.raises(railtrip_build.BuildError, match="stray"):
        railtrip_build.compile_wheel(wheel, tmp_path / "pyc", "cp314")
    assert compiled.read_bytes() == first and wheel.read_bytes() == source
    # No compiled modules (no Node at build time): the page gets the wheel as built.
    assert railtrip_build.compile_wheel(wheel, tmp_path / "none", "cp314") == (wheel, 0)
