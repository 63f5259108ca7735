"""Issue 26: the compiled build (setup.py, houserules/native.py) and the guard that runs the
sources instead when the build is unwanted or older than them."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from houserules import native


def test_every_listed_module_has_its_source():
    assert all(p.is_file() for p in native.source_paths())


def test_a_build_older_than_a_source_is_stale_and_a_newer_one_is_not(tmp_path: Path):
    library = tmp_path / "lib.so"
    library.touch()
    os.utime(library, (0, 0))
    assert native.stale(library)
    future = max(p.stat().st_mtime for p in native.source_paths()) + 3600
    os.utime(library, (future, future))
    assert not native.stale(library)


def test_only_a_checkouts_sources_are_checked_for_edits(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    """pip installs a wheel's files in its order, the library first, so an installed copy's
    sources always look newer than its build: only a checkout's (beside pyproject.toml) count."""
    assert native.checkout()  # the suite runs from the checkout
    monkeypatch.setattr(native, "PACKAGE", tmp_path / "lib" / "site-packages" / "houserules")
    assert not native.checkout()
    monkeypatch.setattr(native, "PACKAGE", tmp_path / "src" / "houserules")
    (tmp_path / "pyproject.toml").touch()
    assert native.checkout()


def test_the_pure_finder_finds_sources_only():
    spec = native.PureFinder().find_spec("houserules.cards", [str(native.PACKAGE)])
    assert spec is not None and str(spec.origin).endswith("cards.py")
    package = native.PureFinder().find_spec("houserules.engine", [str(native.PACKAGE)])
    assert package is not None and str(package.origin).endswith("__init__.py")
    assert native.PureFinder().find_spec("json", None) is None


def test_houserules_pure_runs_every_module_from_its_source():
    probe = ("import sys, houserules.engine, houserules.games.shedding.game; "
             "print(sorted(m for m, mod in sys.modules.items() if m.startswith('houserules') "
             "and str(getattr(mod, '__file__', '')).endswith('.so')))")
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=120, check=True,
                         env={**os.environ, "HOUSERULES_PURE": "1"})
    assert out.stdout.strip() == "[]"
