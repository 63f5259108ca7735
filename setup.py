"""Everything is declared in pyproject.toml; this file adds two build steps.

* It copies docs/ (the rules pages, the protocol) into the built package as
  houserules/docs, so `houserules rules GAME` works from an installed wheel and
  not only from a checkout (setuptools' package data cannot reach outside src/),
  and the example house-rule books (examples/house/) as houserules/examples/house.
* It compiles the hot core (houserules/native.py lists it) with mypyc, by
  default, where a C compiler and Python's headers are present: random play
  runs about two to four times as fast, deciding exactly the same (bench/RESULTS.md,
  "All five in one run, after every merge"). It costs about four CPU
  minutes (nearly all of it the C compiler on mypyc's one large C file, which
  one core compiles; mypyc itself takes seconds), once per install. Where there
  is no compiler or no headers, or compiling fails, it says so in one line and
  installs the same package as pure Python; HOUSERULES_PURE=1 installs pure
  Python at once. The line goes to the terminal, since pip shows a build's own
  output only with -v. mypyc runs only when the package is built, not in the
  metadata steps pip runs setup.py for first. A source of a checkout edited
  after the build makes houserules run the sources, with a notice, until it is
  built again (native.py).
"""

from __future__ import annotations

import os
import runpy
import shutil
import sys
import sysconfig
from pathlib import Path
from typing import Any

from setuptools import setup
from setuptools.command.build_ext import build_ext
from setuptools.command.build_py import build_py

HERE = Path(__file__).parent


def say(line: str) -> None:
    """Print one line where the person installing sees it: pip shows a build's output only when
    it fails (or with -v), so the line goes to the terminal itself where there is one."""
    if sys.stderr.isatty():
        print(line, file=sys.stderr)
        return
    try:
        with open("/dev/tty", "w") as tty:
            print(line, file=tty)
    except OSError:  # no terminal (CI, a container build): the build's own output keeps it
        print(line, file=sys.stderr)


def notice(why: str) -> None:
    """Say why in one line, and remove what an earlier build left beside the sources (it would
    shadow them)."""
    say(f"houserules: {why}; installing pure Python (the same rules, slower)")
    notice_quietly()


def notice_quietly() -> None:
    """Remove what an earlier compiled build left beside the sources (it would shadow them)."""
    suffix = sysconfig.get_config_var("EXT_SUFFIX") or ".so"
    src = HERE / "src"
    for built in [*src.glob(f"houserules_native__mypyc{suffix}"), *src.glob(f"houserules/**/*{suffix}")]:
        built.unlink()


class BuildWithDocs(build_py):
    def run(self) -> None:
        super().run()
        docs = HERE / "docs"
        target = Path(self.build_lib) / "houserules" / "docs"
        for page in [*docs.glob("*.md"), *docs.glob("rules/*.md"), *docs.glob("rules/img/*.png")]:
            dest = target / page.relative_to(docs)
            dest.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(page, dest)
        # the example house-rule books: the conformance suite's variants and the lobby's choices
        books = HERE / "examples" / "house"
        for book in books.glob("*/*.json"):
            dest = Path(self.build_lib) / "houserules" / "examples" / "house" / book.relative_to(books)
            dest.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(book, dest)


class BuildOrFallBack(build_ext):
    """Compile on every core; if the C compiler fails, install pure Python instead of failing."""

    def finalize_options(self) -> None:
        super().finalize_options()
        self.parallel = os.cpu_count() or 1

    def run(self) -> None:
        try:
            super().run()
        except Exception as exc:  # noqa: BLE001 (any compiler failure: the pure package still works)
            first = (str(exc).splitlines() or [""])[0]  # a compiler's is its whole command: cut it short
            notice(f"compiling failed ({type(exc).__name__}: {first[:100]}{'…' if len(first) > 100 else ''})")
            for ext in self.extensions:  # nothing half-built may shadow the sources
                built = Path(self.get_ext_fullpath(ext.name))
                built.unlink(missing_ok=True)


#: the commands that build the package; metadata steps (egg_info, dist_info: pip runs each in a
#: process of its own before the build) need no extensions, and mypyc takes minutes
BUILDING = {"build", "build_ext", "bdist_wheel", "editable_wheel", "install", "develop"}


def compiled() -> list[Any]:
    """The mypyc extensions, or none (with a one-line notice saying why)."""
    if not BUILDING.intersection(sys.argv[1:]):
        return []
    if os.environ.get("HOUSERULES_PURE"):
        notice("HOUSERULES_PURE is set")
        return []
    cc = (os.environ.get("CC") or sysconfig.get_config_var("CC") or "cc").split()[0]
    if shutil.which(cc) is None:
        notice(f"no C compiler ({cc})")
        return []
    if not (Path(sysconfig.get_paths()["include"]) / "Python.h").exists():
        notice("no Python headers (Python.h; on Debian: apt-get install python3-dev)")
        return []
    try:
        from mypyc.build import mypycify
    except ImportError:
        notice("mypyc is not installed")
        return []
    listing = runpy.run_path(str(HERE / "src" / "houserules" / "native.py"), run_name="houserules_native_listing")
    paths = [str(Path("src", "houserules", *m.split(".")).with_suffix(".py")) for m in listing["COMPILED"]]
    say("houserules: compiling the rules with mypyc, a few minutes (HOUSERULES_PURE=1 skips it)")
    try:
        return list(mypycify(paths, opt_level="3", group_name=listing["GROUP"]))
    except (Exception, SystemExit) as exc:  # noqa: BLE001 (mypyc refused a module: say so, stay pure)
        notice(f"mypyc could not compile the rules ({exc})")
        return []


setup(cmdclass={"build_py": BuildWithDocs, "build_ext": BuildOrFallBack}, ext_modules=compiled())
