"""The whole package type-checks under ``mypy --strict``, at zero errors.

Types are part of the contract (the Game protocol is generic in its state
and view; action kinds are enums; events always carry mappings): a change
that breaks them fails here, in the suite every commit runs.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

import houserules

PACKAGE = Path(houserules.__file__).parent


@pytest.mark.early  # long, or mostly waiting: started first (tests/conftest.py)
def test_mypy_strict_reports_no_error() -> None:
    pytest.importorskip("mypy", reason="mypy is in the dev extra: pip install -e '.[dev]'")
    done = subprocess.run([sys.executable, "-m", "mypy", "--strict", str(PACKAGE)],
                          capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stdout[-4000:] + done.stderr[-2000:]
