"""Issue 26: the compiled build (setup.py, houserules/native.py) and the guard that runs the
sources instead when the build is unwanted or older than them."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from houserules import native
from houserules.engine import registry


def test_every_listed_module_has_its_source():
    assert all(p.is_file() for p in native.source_paths())


def test_every_registered_game_is_compiled_or_says_why_not():
    """Issue 40 item 3: the compiled list is the games' own (``GameSpec.compiled``), each module
    named once; a game compiling none says why."""
    for spec in registry.specs().values():
        assert bool(spec.compiled) != bool(spec.not_compiled), spec.name
    listed = native.compiled()
    assert len(set(listed)) == len(listed)
    games = {m.split(".")[1] for m in listed if m.startswith("games.")}
    assert games == {s.package.split(".")[-1] for s in registry.specs().values() if s.compiled}


def test_a_build_older_than_a_source_is_stale_and_a_newer_one_is_not(tmp_path: Path):
    library = tmp_path / "lib.so"
    library.touch()
    os.utime(library, (0, 0))
    assert native.stale(library, native.source_paths())
    future = max(p.stat().st_mtime for p in native.source_paths()) + 3600
    os.utime(library, (future, future))
    assert not native.stale(library, native.source_paths())


def test_what_was_built_is_what_is_checked_for_edits(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    """A build leaves ``NAME.so`` beside ``NAME.py``: those sources are the ones an edit makes stale."""
    (tmp_path / "games").mkdir()
    (tmp_path / "games" / f"rules{native.SUFFIX}").touch()
    monkeypatch.setattr(native, "PACKAGE", tmp_path)
    assert native.built() == [tmp_path / "games" / "rules.py"]


def test_a_state_of_a_game_left_interpreted_may_subclass_the_compiled_seeded():
    """``engine.clone.Seeded`` is compiled; a game's state left interpreted (a new game's) is made
    from a subclass of it, which mypyc allows only when the base says so."""
    import random

    from houserules.engine.clone import Seeded

    class Interpreted(Seeded):
        __slots__ = ("n",)

    assert Interpreted(random.Random(1)).rng.random() == random.Random(1).random()


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


def test_the_plan_compiles_the_hot_modules_and_mypyc_s_runtime_at_o3_the_rest_at_o1() -> None:
    """Issue 39: -O3 where random play spends most for what -O3 costs to compile, -O1 elsewhere,
    -O3 for mypyc's runtime: as fast as -O3 everywhere for about 60% of its compiling
    (bench/RESULTS.md, "Set-up in a minute?")."""
    from houserules import native

    plan = native.build_plan()
    assert (plan["level"], plan["hot_level"], plan["runtime_level"]) == ("1", "3", "3")
    assert tuple(plan["modules"]) == native.compiled() and set(plan["hot"]) < set(plan["modules"])
    for spec in registry.specs().values():
        assert set(spec.compiled_hot) <= set(spec.compiled), spec.name
