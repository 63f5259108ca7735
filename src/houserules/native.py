"""The modules the set-up compiles with mypyc where it can (issue 26), and the guard that runs
the pure Python sources instead when the compiled ones cannot be trusted.

The rules are plain typed Python; compiled, random play runs two to four times
as fast and decides exactly the same (bench/RESULTS.md, "All five in one run, after every
merge"). An editable
install puts the compiled modules (``.so`` files) beside the sources, where
Python prefers them to the ``.py`` files. Compiled modules of one build call
each other directly, so a source edited after the build would be silently
ignored: when any listed source of a checkout is newer than the build, or
``HOUSERULES_PURE`` is set, every ``houserules`` module is loaded from its source
instead (the former with a one-line notice saying how to rebuild). Nothing else
differs.
"""

from __future__ import annotations

import importlib.abc
import importlib.machinery
import os
import sys
from collections.abc import Sequence
from importlib.machinery import ModuleSpec
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .engine.registry import GameSpec

#: the name mypyc gives the one shared library that holds every compiled module
GROUP = "houserules_native"

#: the engine's modules every game's decisions run through, and the cards they deal. The games' own come from their specs (``GameSpec.compiled``;
#: ``compiled()`` joins them). What earns a place, and what compiling costs, is measured in
#: bench/RESULTS.md ("Set-up in a minute?"); the rules a compiled module lives by are docs/engine.md's
#: "Compiled". ``engine.base`` holds every game's dispatch (its check and effect tables) and lets
#: an interpreted game (Mao's) subclass it. Left interpreted, with why: ``engine.actions``
#: (compiled, an ``int`` field reads ``Action(seat=True)`` as seat 1, which the conformance suite
#: sends to be refused), and what random play and search hardly enter.
ENGINE: tuple[str, ...] = ("cards", *(f"engine.{m}" for m in (
    "core", "clone", "base", "options", "window", "lifespan", "resource", "stack", "chips")))
#: those of ``compiled()`` where random play spends most (``HOT``: the engine's; the games'
#: ``GameSpec.compiled_hot``), compiled at ``LEVEL_HOT``
HOT: tuple[str, ...] = ("cards",)

#: the C compiler's optimisation levels: mypyc's runtime (its own C files, which every compiled
#: line calls), the hot modules' and the rest's: random play as fast as -O3 everywhere, for
#: about 60% of its compiling (-O1 everywhere was 0-4% slower, -Og on some 3-10%; each hot
#: module costs its -O3 compiling: bench/RESULTS.md, "Set-up in a minute?")
LEVEL_RUNTIME, LEVEL_HOT, LEVEL = "3", "3", "1"
#: about how many CPU seconds mypyc and the C compiler take for ``compiled()`` (said at set-up)
SECONDS = 55

PACKAGE = Path(__file__).parent
SUFFIX = importlib.machinery.EXTENSION_SUFFIXES[0]


def source(name: str) -> Path:
    """The source file of module ``name`` (``houserules.…``), compiled or not: a compiled module's
    ``__file__`` names its library, and its functions keep no docstrings, so what reads a module's
    own text reads it here."""
    return PACKAGE.joinpath(*name.split(".")[1:]).with_suffix(".py")


def compiled() -> tuple[str, ...]:
    """The modules the set-up compiles, under ``houserules``: ``ENGINE``, then each of this
    checkout's games' ``GameSpec.compiled`` (a game kept outside it, ``HOUSERULES_GAMES``, is
    built with its own checkout, not here)."""
    return (*ENGINE, *(m for spec in _games() for m in _named(spec, spec.compiled)))


def _games() -> list[GameSpec]:
    from .engine.registry import specs

    return [spec for spec in specs().values() if spec.folder.parent == PACKAGE / "games"]


def hot() -> tuple[str, ...]:
    """Those of ``compiled()`` compiled at ``LEVEL_HOT``: ``HOT`` and the games' ``compiled_hot``."""
    return (*HOT, *(m for spec in _games() for m in _named(spec, spec.compiled_hot)))


def _named(spec: GameSpec, modules: Sequence[str]) -> list[str]:
    return [f"{spec.package.removeprefix('houserules.')}.{m}" for m in modules]


def build_plan() -> dict[str, Any]:
    """What setup.py compiles and how (it asks in a process of its own: ``native_listing``)."""
    return {"modules": compiled(), "group": GROUP, "level": LEVEL, "hot": hot(), "hot_level": LEVEL_HOT,
            "runtime_level": LEVEL_RUNTIME, "seconds": SECONDS}


def source_paths() -> list[Path]:
    """The sources of ``compiled()``."""
    return [source(f"houserules.{m}") for m in compiled()]


def built() -> list[Path]:
    """The sources of the modules a build left compiled beside them (each ``NAME.so`` beside
    ``NAME.py``): what runs compiled, whatever the list said when it was built."""
    return [p.with_name(p.name.removesuffix(SUFFIX) + ".py") for p in PACKAGE.rglob(f"*{SUFFIX}")]


def loaded() -> list[str]:
    """The ``houserules`` modules this process has imported compiled (none when it runs pure)."""
    return sorted(m for m, module in list(sys.modules.items())
                  if m.startswith("houserules") and str(getattr(module, "__file__", "") or "").endswith(SUFFIX))


def stale(library: Path, sources: Sequence[Path]) -> bool:
    """True when one of ``sources`` (the compiled modules') changed after ``library`` was built."""
    made = library.stat().st_mtime
    return any(p.stat().st_mtime > made for p in sources if p.exists())


class PureFinder(importlib.abc.MetaPathFinder):
    """Finds ``houserules`` modules among the sources only, never a compiled ``.so``."""

    def find_spec(self, fullname: str, path: Sequence[str] | None,
                  target: ModuleType | None = None) -> ModuleSpec | None:
        if not fullname.startswith("houserules.") or path is None:
            return None
        loaders = [(importlib.machinery.SourceFileLoader, importlib.machinery.SOURCE_SUFFIXES)]
        for entry in path:
            spec = importlib.machinery.FileFinder(entry, *loaders).find_spec(fullname)
            if spec is not None and spec.loader is not None:
                return spec
        # a folder without __init__.py (houserules.games) is a namespace package: the usual finder
        # makes it one whose path follows houserules's (HOUSERULES_GAMES joins games to it)
        return None


def checkout() -> bool:
    """True when the package runs from a checkout's ``src`` (an editable install, or
    ``PYTHONPATH=src``), whose sources are edited. An installed copy's are not, and pip writes
    its files in the wheel's order, the library first: there its sources always look newer."""
    return (PACKAGE.parent.parent / "pyproject.toml").is_file()


def choose() -> None:
    """Run the sources instead of a compiled build that is absent, unwanted or older than them
    (called once, when ``houserules`` is imported)."""
    library = PACKAGE.parent / f"{GROUP}__mypyc{SUFFIX}"
    if not library.exists():
        return
    if os.environ.get("HOUSERULES_PURE"):
        sys.meta_path.insert(0, PureFinder())
    elif checkout() and stale(library, built()):
        print("houserules: sources changed since the compiled build; running pure Python "
              "(rebuild: pip install -e .)", file=sys.stderr)
        sys.meta_path.insert(0, PureFinder())
