"""tools/pyc_compile.py: the browser's .pyc files lose their docstrings, never their asserts or
their line numbers, and a module that reads ``__doc__`` keeps it. (Under CPython here; the build
runs the same code inside Pyodide, and e2e/test_startup.py plays from what it wrote.)"""

from __future__ import annotations

import importlib.util
import marshal
import sys
from pathlib import Path
from types import CodeType, ModuleType

import pytest

ROOT = Path(__file__).resolve().parent.parent
_spec = importlib.util.spec_from_file_location("pyc_compile", ROOT / "tools" / "pyc_compile.py")
assert _spec and _spec.loader
pyc_compile = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(pyc_compile)

SOURCE = b'''"""Module docstring."""


class Box:
    """Class docstring (kept: dataclasses would generate one at import)."""

    def size(self) -> int:
        """Method docstring."""
        return 3


def only_a_docstring() -> None:
    """Nothing else in here."""


def checked(x: int) -> int:
    assert x > 0, "x must be positive"
    return x + 1


def fails() -> None:
    raise ValueError("raised on line 22 of the source")
'''


def _load(code: CodeType, name: str) -> ModuleType:
    module = ModuleType(name)
    exec(code, module.__dict__)
    return module


def test_docstrings_go_asserts_and_line_numbers_stay() -> None:
    module = _load(pyc_compile.compile_module(SOURCE, "demo.py"), "demo")
    assert module.__doc__ is None
    assert module.Box.__doc__ == "Class docstring (kept: dataclasses would generate one at import)."
    assert module.Box.size.__doc__ is None and module.Box().size() == 3
    assert module.only_a_docstring.__doc__ is None and module.only_a_docstring() is None
    assert module.checked(1) == 2
    with pytest.raises(AssertionError, match="x must be positive"):
        module.checked(0)
    with pytest.raises(ValueError) as failure:
        module.fails()
    tb = failure.value.__traceback__
    while tb is not None and tb.tb_next is not None:
        tb = tb.tb_next
    assert tb is not None and tb.tb_lineno == 22


def test_a_module_reading_its_docstring_keeps_it() -> None:
    source = b'"""Usage: demo [--fast]"""\nHELP = __doc__\n\ndef f() -> None:\n    """gone"""\n'
    module = _load(pyc_compile.compile_module(source, "cli.py"), "cli")
    assert module.HELP == "Usage: demo [--fast]" and module.f.__doc__ is None


def test_compiled_package_imports_without_sources(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    package = tmp_path / "demo_pkg"
    package.mkdir()
    (package / "__init__.py").write_bytes(b'"""Package."""\n')
    (package / "core.py").write_bytes(SOURCE)
    written = pyc_compile.compile_package(str(tmp_path), "demo_pkg")
    assert written == ["demo_pkg/__init__.pyc", "demo_pkg/core.pyc"]
    data = (package / "core.pyc").read_bytes()
    assert data[:4] == importlib.util.MAGIC_NUMBER
    assert isinstance(marshal.loads(data[16:]), CodeType)
    for source in package.glob("*.py"):
        source.unlink()
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.delitem(sys.modules, "demo_pkg", raising=False)
    monkeypatch.delitem(sys.modules, "demo_pkg.core", raising=False)
    from demo_pkg import core  # type: ignore[import-not-found]

    assert core.Box().size() == 3 and core.__doc__ is None
