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

#: the name mypyc gives the one shared library that holds every compiled module
GROUP = "houserules_native"

#: the hot core: the engine the rules run on and each game's rules, flow, view and state (setup.py
#: compiles these, as paths under src/). A state copies itself through its constructor, field by
#: field (a compiled class has no ``__slots__`` to read back, and refuses ``object.__new__``), and
#: ``engine.clone.Seeded``, compiled, is the base of the compiled states (an interpreted class may
#: not subclass a compiled one). Left interpreted, with why:
#:
#: * engine.actions: compiled, an ``int`` field is read as a machine integer, so ``Action(seat=True)``
#:   would pass the envelope as seat 1 (the conformance suite sends it to be refused);
#: * engine.base, Mao's game, view and state: Mao's match subclasses its game, view and state (and
#:   copies the state by reading its ``__slots__``), its game the base.
COMPILED: tuple[str, ...] = (
    "cards",
    *(f"engine.{m}" for m in ("core", "clone", "referee", "options", "window", "lifespan", "resource", "stack",
                              "chips", "house.conditions")),
    *(f"games.shedding.{m}" for m in ("table", "state", "rules", "effects", "flow", "view", "game")),
    *(f"games.king_taco.{m}" for m in ("actions", "cards", "matrix", "housetable", "turns", "effects", "stacking",
                                       "rules", "flow", "view", "game", "state")),
    *(f"games.onion.{m}" for m in ("cards", "groupings", "modifiers", "phases", "rules", "flow", "view", "game",
                                   "state", "solver")),
    *(f"games.mao.{m}" for m in ("flow", "judge", "procedure", "rulebook", "language", "speech")),
    *(f"games.bpoker.{m}" for m in ("cards", "catalogue", "declare", "effects_high", "effects_low", "evaluate",
                                    "flow", "hands", "joint", "machine", "pairs", "play", "reactions", "rules",
                                    "targets", "tiles", "unit", "zones", "view", "game", "state")),
)

PACKAGE = Path(__file__).parent
SUFFIX = importlib.machinery.EXTENSION_SUFFIXES[0]


def source(name: str) -> Path:
    """The source file of module ``name`` (``houserules.…``), compiled or not: a compiled module's
    ``__file__`` names its library, and its functions keep no docstrings, so what reads a module's
    own text reads it here."""
    return PACKAGE.joinpath(*name.split(".")[1:]).with_suffix(".py")


def source_paths() -> list[Path]:
    """The sources of ``COMPILED``."""
    return [source(f"houserules.{m}") for m in COMPILED]


def loaded() -> list[str]:
    """The ``houserules`` modules this process has imported compiled (none when it runs pure)."""
    return sorted(m for m, module in list(sys.modules.items())
                  if m.startswith("houserules") and str(getattr(module, "__file__", "") or "").endswith(SUFFIX))


def stale(library: Path) -> bool:
    """True when a compiled module's source changed after ``library`` was built."""
    built = library.stat().st_mtime
    return any(p.stat().st_mtime > built for p in source_paths())


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
    elif checkout() and stale(library):
        print("houserules: sources changed since the compiled build; running pure Python "
              "(rebuild: pip install -e .)", file=sys.stderr)
        sys.meta_path.insert(0, PureFinder())
