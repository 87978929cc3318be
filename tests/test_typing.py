"""The engine is strictly typed: ``mypy --strict pyengine`` reports nothing."""

from __future__ import annotations

from pathlib import Path

from mypy import api as mypy_api

ROOT = Path(__file__).resolve().parent.parent


def test_engine_passes_mypy_strict() -> None:
    out, err, status = mypy_api.run(
        [
            "--strict",
            "--no-error-summary",
            "--cache-dir",
            str(ROOT / ".cache" / "mypy"),
            str(ROOT / "pyengine"),
        ]
    )
    assert status == 0, out + err
