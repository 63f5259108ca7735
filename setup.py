"""Everything is declared in pyproject.toml; this file adds two build steps.

* It copies docs/ (the rules pages, the protocol) into the built package as
  houserules/docs, so `houserules rules GAME` works from an installed wheel and
  not only from a checkout (setuptools' package data cannot reach outside src/),
  and the example house-rule books (examples/house/) as houserules/examples/house.
* It compiles the hot core with mypyc, by default, where a C compiler and
  Python's headers are present: the modules houserules/native.py lists (the
  engine's, and each game's spec's), one C file per module, compiled on every
  core: -O3 for the hot modules and mypyc's own runtime, -O1 for the rest (as
  fast as -O3 everywhere, in about 60% of its time). Random play then runs two to four
  times as fast, deciding exactly the same (bench/RESULTS.md, "All five in one
  run, after every merge"). It costs about 55 CPU seconds once per install,
  about 85 for the whole set-up (bench/RESULTS.md, "Set-up in a minute?"; -O3 on
  one file of everything took four minutes), and says so at the start. Where there is no
  compiler or no headers, or compiling fails, it says so in one line and
  installs the same package as pure Python; HOUSERULES_PURE=1 installs pure
  Python at once. The lines go to the terminal, since pip shows a build's own
  output only with -v. mypyc runs only when the package is built, not in the
  metadata steps pip runs setup.py for first. A source of a checkout edited
  after the build makes houserules run the sources, with a notice, until it is
  built again (native.py).
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
import sys
import sysconfig
import threading
import time
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
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

    #: C files (by their names' stems) compiled at a level of their own: mypyc's runtime, the hot
    #: modules'; ``apart``: those of the group's files compiled from a folder of their own
    levels: dict[str, str] = {}
    apart: set[str] = set()

    def finalize_options(self) -> None:
        super().finalize_options()
        self.parallel = os.cpu_count() or 1

    def build_extensions(self) -> None:
        """mypyc writes one C file per module (``multi_file``) into one extension, and a small shim
        extension per module (what ``import`` finds, run once then); setuptools compiles a file at
        a time. Here each file goes to a core of its own, the largest first, at the level
        native.py names (its own for mypyc's runtime), the shims at -O0. With gcc, the headers
        every file of a kind begins with are read precompiled (``Headers``): parsing them was
        most of a shim's cost and a sixth of the modules'."""
        compile_one = self.compiler.compile
        unix = self.compiler.compiler_type == "unix"
        levels, pipe = (self.levels, ["-pipe"]) if unix else ({}, [])
        headers = Headers(self.compiler, Path(self.build_temp)) if unix and gcc(self.compiler.compiler_so) else None

        def compile_all(sources: list[str], *args: Any, **kwargs: Any) -> list[str]:
            placed = {s: apart(s) if Path(s).stem in self.apart else s for s in sources}

            def flags(source: str) -> tuple[list[str], list[str]]:
                """The arguments before and after the compiler's own for ``source``."""
                shim = len(sources) == 1  # a module's shim is an extension of one file; the group's has many
                level = SHIM if shim and unix else levels.get(Path(source).stem)
                after = [*(kwargs.get("extra_postargs") or []), *pipe]  # -pipe: no temporary files
                if level is not None:
                    after = [a for a in after if not a.startswith("-O")] + [level]
                before = list(kwargs.get("extra_preargs") or [])
                if headers is not None and shim:
                    before = [*headers.python(headers.options(kwargs, after)), *before]
                return before, after

            given = {source: flags(source) for source in placed.values()}
            if headers is not None:
                headers.beside({s: headers.options(kwargs, after, before) for s, (before, after) in given.items()})

            def one(source: str) -> list[str]:
                before, after = given[source]
                objects: list[str] = compile_one([source], *args, **{**kwargs, "extra_preargs": before,
                                                                     "extra_postargs": after})
                return objects

            largest = sorted(given, key=lambda s: -os.path.getsize(s))
            with ThreadPoolExecutor(os.cpu_count() or 1) as pool:
                done = dict(zip(largest, pool.map(one, largest)))
            return [o for source in sources for o in done[placed[source]]]

        self.compiler.compile = compile_all
        super().build_extensions()

    def run(self) -> None:
        started = time.process_time() + children()
        try:
            super().run()
        except Exception as exc:  # noqa: BLE001 (any compiler failure: the pure package still works)
            first = (str(exc).splitlines() or [""])[0]  # a compiler's is its whole command: cut it short
            notice(f"compiling failed ({type(exc).__name__}: {first[:100]}{'…' if len(first) > 100 else ''})")
            for ext in self.extensions:  # nothing half-built may shadow the sources
                built = Path(self.get_ext_fullpath(ext.name))
                built.unlink(missing_ok=True)
            return
        if self.extensions:
            say(f"houserules: compiled in {time.process_time() + children() - started:.0f} CPU seconds")


#: the shims' optimisation: each runs once, at import, and calls into the group
SHIM = "-O0"


def apart(source: str) -> str:
    """``source`` (a module's C file) copied into the folder ``hot`` beside it, with the headers
    it includes by name: GCC looks beside a file first for what it includes, so there it finds
    a header precompiled at its own level (``Headers``), not the other modules'."""
    here = Path(source)
    folder = here.parent / "hot"
    folder.mkdir(exist_ok=True)
    for name in included(here):
        shutil.copyfile(here.parent / name, folder / name)
    shutil.copyfile(here, folder / here.name)
    return str(folder / here.name)


def included(source: Path) -> list[str]:
    """The headers a generated C file includes by name (``#include "NAME"``) at its top, in order."""
    lines = source.read_text(errors="replace").splitlines()[:4]
    return [line[len('#include "'):-1] for line in lines if line.startswith('#include "') and line.endswith('"')]


def gcc(compiler: list[str]) -> bool:
    """Whether ``compiler`` is GCC, whose precompiled headers ``Headers`` writes (clang reads
    its own only when told to, so it is left to parse as before)."""
    try:
        said = subprocess.run([*compiler, "-dM", "-E", "-x", "c", os.devnull], capture_output=True, text=True,
                              timeout=60).stdout
    except (OSError, subprocess.SubprocessError):
        return False
    return "__GNUC__" in said and "__clang__" not in said


class Headers:
    """Headers precompiled once per set of compiler flags, for the files that begin with them.

    GCC looks for ``NAME.h.gch`` wherever it would find ``NAME.h``, first, and uses it when it
    was made with the file's flags (a file then skips parsing the header: some 0.07 CPU seconds
    each). It trusts the flags to say so: one made at -O1 and read at -O3 crashed the compiler
    here. So each is made with exactly the flags of the files that read it, afresh at every build
    (it does not notice that its header changed), and where that cannot be, none is: those files
    parse the header as before.

    - Python.h, for the shims (all they include), in a folder of its own per set of flags, given
      first with ``-I``; mypyc's runtime includes Python.h twice, and GCC looks for the second
      beside the precompiled one, so the runtime parses it as before.
    - The group's header, which every module's C file begins with, beside it, when every file
      that begins with it there is compiled alike: the modules at -O1 in mypyc's folder, the hot
      ones at -O3 in a folder of their own with a copy of the headers (``apart``)."""

    def __init__(self, compiler: Any, temp: Path) -> None:
        self.compiler, self.temp = compiler, temp
        self.made: dict[str, str | None] = {}
        self.lock = threading.Lock()

    def options(self, kwargs: dict[str, Any], after: list[str], before: Sequence[str] = ()) -> list[str]:
        """The flags a file compiled with ``kwargs`` (setuptools' macros, include dirs) and
        ``before``/``after`` is given, but its name and output."""
        dirs = [*(kwargs.get("include_dirs") or []), *(self.compiler.include_dirs or [])]
        defined = [f"-U{m[0]}" if len(m) == 1 else f"-D{m[0]}" if m[1] is None else f"-D{m[0]}={m[1]}"
                   for m in kwargs.get("macros") or []]
        return [*before, *defined, *(f"-I{d}" for d in dirs), *after]

    def python(self, options: list[str]) -> list[str]:
        """The arguments that make a shim compiled with ``options`` read Python.h precompiled."""
        key = hashlib.sha256("\0".join(options).encode()).hexdigest()[:12]
        with self.lock:  # extensions are built on several threads: each header is made once
            if key not in self.made:
                where = self.temp / "headers" / key
                header = Path(sysconfig.get_paths()["include"]) / "Python.h"
                self.made[key] = str(where) if self._make(header, where / "Python.h.gch", options) else None
        found = self.made[key]
        return [] if found is None else ["-I", found]

    def beside(self, sources: dict[str, list[str]]) -> None:
        """Precompile, beside it, the header each of ``sources`` (with its flags) begins with, if
        all those that begin with it have the same flags."""
        readers: dict[Path, set[tuple[str, ...]]] = {}
        for source, options in sources.items():
            names = included(Path(source)) if Path(source).name.startswith("__native_") else []
            if names:  # a module of the group, or the group's own file: its first header
                readers.setdefault(Path(source).parent / names[0], set()).add(tuple(options))
        for header, flags in readers.items():
            made = header.with_name(header.name + ".gch")
            made.unlink(missing_ok=True)  # an earlier build's, of another header perhaps
            if len(flags) == 1:
                self._make(header, made, list(next(iter(flags))))

    def _make(self, header: Path, made: Path, options: list[str]) -> bool:
        try:
            made.parent.mkdir(parents=True, exist_ok=True)
            made.unlink(missing_ok=True)
            self.compiler.spawn([*self.compiler.compiler_so, *options, "-x", "c-header", str(header), "-o", str(made)])
        except Exception:  # noqa: BLE001 (any failure: the header is parsed as before)
            made.unlink(missing_ok=True)
            return False
        return True


def children() -> float:
    """CPU seconds the C compilers this process waited for have used (none counted on Windows)."""
    try:
        import resource
    except ImportError:
        return 0.0
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    return used.ru_utime + used.ru_stime


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
    notice_quietly()  # an earlier build's modules, some perhaps no longer listed, would shadow their sources
    try:
        listing = native_listing()
    except (subprocess.CalledProcessError, ValueError) as exc:
        notice(f"the list of modules to compile could not be read ({exc})")
        return []
    hot = [c_file(m) for m in listing["hot"]]
    BuildOrFallBack.levels = {**dict.fromkeys(runtime(), f"-O{listing['runtime_level']}"),
                              **dict.fromkeys(hot, f"-O{listing['hot_level']}")}
    BuildOrFallBack.apart = set(hot)
    say(f"houserules: compiling the rules' {len(listing['modules'])} hot modules with mypyc and the C compiler: "
        f"about {listing['seconds']} CPU seconds, a minute or two on two cores (HOUSERULES_PURE=1 skips it)")
    paths = [str(Path("src", "houserules", *m.split(".")).with_suffix(".py")) for m in listing["modules"]]
    try:
        return list(mypycify(paths, opt_level=listing["level"], debug_level="0", multi_file=True,
                             group_name=listing["group"]))
    except (Exception, SystemExit) as exc:  # noqa: BLE001 (mypyc refused a module: say so, stay pure)
        notice(f"mypyc could not compile the rules ({exc})")
        return []


def runtime() -> list[str]:
    """The stems of mypyc's own C files (copied into the build): what every compiled line calls.
    (The group's own file stays at the modules' level: it begins with their header.)"""
    try:
        from mypyc.common import RUNTIME_C_FILES
    except ImportError:  # another mypyc: its runtime at the modules' level
        return []
    return [Path(name).stem for name in RUNTIME_C_FILES]


def c_file(module: str) -> str:
    """The stem of the C file mypyc's ``multi_file`` writes for ``module`` (``games.shedding.rules``)."""
    return "__native_houserules___" + module.replace(".", "___")


def native_listing() -> dict[str, Any]:
    """What houserules/native.py says to compile, asked of the sources in a process of their own
    (the games' specs name their modules; nothing built earlier may be loaded here)."""
    ask = "import json; from houserules import native; print(json.dumps(native.build_plan()))"
    env = {**os.environ, "PYTHONPATH": str(HERE / "src"), "HOUSERULES_PURE": "1"}
    done = subprocess.run([sys.executable, "-c", ask], env=env, capture_output=True, text=True, check=True)
    plan: dict[str, Any] = json.loads(done.stdout)
    return plan


setup(cmdclass={"build_py": BuildWithDocs, "build_ext": BuildOrFallBack}, ext_modules=compiled())
