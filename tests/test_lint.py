"""One set of lint rules and one format for the Python code: `ruff check` and `ruff format --check`
pass with the project's config.

The config (rule selection and the few deliberate exceptions) is `[tool.ruff]` in pyproject.toml;
`python3 build.py test` installs ruff from requirements-test.txt.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CHECKED = ["pyengine", "scripts", "tools", "tests", "e2e", "build.py"]


def _ruff(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "ruff", *args, *CHECKED],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_code_passes_the_linter() -> None:
    result = _ruff("check")
    assert result.returncode == 0, "run `ruff check --fix`:\n" + result.stdout + result.stderr


def test_code_is_formatted() -> None:
    result = _ruff("format", "--check")
    assert result.returncode == 0, "run `ruff format` on these files:\n" + result.stdout + result.stderr
