"""Compiles the engine's modules into the ``.pyc`` files its wheel ships to the browser.

Run inside Pyodide by tools/pyodide_prepare.mjs (a ``.pyc`` only serves the Python version that
wrote it, and the build machine's CPython is another one); tests/test_pyc_compile.py checks it
under CPython.

The browser never shows a docstring, so they are left out of the compiled code: the wheel and the
memory snapshot (which holds every imported function's docstring) get smaller. ``optimize=2``
would do that too, but it also drops ``assert`` statements, and the engine's asserts must stay
checked; so the docstrings are cut from the syntax tree and the tree is compiled with
``optimize=0``. Two kinds stay:
- class docstrings: a dataclass without one gets a generated docstring at import (an
  ``inspect.signature`` call per class), which would cost start-up time for a few bytes;
- the docstring of a module whose code reads ``__doc__`` (a command line's help text).
Line numbers do not change (the other statements keep their positions), so tracebacks still point
at the right lines of the sources.
"""

from __future__ import annotations

import ast
import importlib.util
from importlib._bootstrap_external import _code_to_hash_pyc  # type: ignore[attr-defined]
from pathlib import Path
from types import CodeType

_DOC_OWNERS = (ast.Module, ast.FunctionDef, ast.AsyncFunctionDef)


def _docstring(body: list[ast.stmt]) -> ast.Expr | None:
    """The docstring statement opening ``body``, if it has one."""
    first = body[0] if body else None
    if (
        isinstance(first, ast.Expr)
        and isinstance(first.value, ast.Constant)
        and isinstance(first.value.value, str)
    ):
        return first
    return None


def strip_docstrings(tree: ast.Module, keep_module_docstring: bool = False) -> ast.Module:
    """Remove the docstrings of ``tree``'s functions (and of the module itself unless
    ``keep_module_docstring``), in place; a body left empty gets a ``pass``."""
    for node in ast.walk(tree):
        if not isinstance(node, _DOC_OWNERS) or (isinstance(node, ast.Module) and keep_module_docstring):
            continue
        doc = _docstring(node.body)
        if doc is not None:
            node.body = node.body[1:] or [ast.copy_location(ast.Pass(), doc)]
    return tree


def compile_module(source: bytes, filename: str) -> CodeType:
    """``source`` compiled as ``compile`` would (asserts kept), without its docstrings."""
    tree = ast.parse(source, filename)
    keeps_doc = any(isinstance(node, ast.Name) and node.id == "__doc__" for node in ast.walk(tree))
    code: CodeType = compile(
        strip_docstrings(tree, keep_module_docstring=keeps_doc),
        filename,
        "exec",
        dont_inherit=True,
        optimize=0,
    )
    return code


def compile_package(site: str, package: str) -> list[str]:
    """Write ``<module>.pyc`` next to every module of ``package`` under ``site`` (the layout a
    sourceless import reads; unchecked hash-based headers, as ``compileall`` writes them with
    ``UNCHECKED_HASH``); returns the written paths relative to ``site``, sorted."""
    written = []
    for path in sorted((Path(site) / package).rglob("*.py")):
        source = path.read_bytes()
        code = compile_module(source, str(path))
        data = _code_to_hash_pyc(code, importlib.util.source_hash(source), checked=False)
        target = path.with_suffix(".pyc")
        target.write_bytes(bytes(data))
        written.append(target.relative_to(site).as_posix())
    return written
