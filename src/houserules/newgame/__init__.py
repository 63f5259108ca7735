"""``houserules new-game NAME``: a new game package, written from docs/engine.md's checklist.

It copies the template (``newgame/template``: plain Crazy Eights in the dialect the five games
speak, which keeps the conformance suite, the encodings' checks and the rules-page checks as it
stands) under the new game's names: its package ``src/houserules/games/PACKAGE/``, its rules page
``docs/rules/NAME.md`` and its scenarios ``tests/scenarios/NAME/``; then it rewrites the tables of
``docs/programs.md``, which list every game's numbers. The game plays at once (``houserules play
NAME``); it becomes yours one clause at a time (docs/engine.md, "Add a game").

By default it writes into the checkout this houserules runs from; ``--root DIR`` writes the same
files under DIR instead, a folder shaped like a checkout, which ``HOUSERULES_GAMES=DIR`` then
lets every command find (``engine.registry``).
"""

from __future__ import annotations

import ast
import keyword
import pkgutil
import re
from importlib import import_module
from pathlib import Path
from typing import Annotated, NamedTuple, NoReturn, Optional

import typer
from rich.console import Console
from rich.markup import escape

from ..engine import registry
from ..engine.core import GameError

TEMPLATE = Path(__file__).parent / "template"
#: a game's name: lowercase words of letters and digits joined by "-", the first a letter
NAME = re.compile(r"[a-z][a-z0-9]*(?:-[a-z0-9]+)*")
#: what a title may hold (it is written into Python strings and Markdown headings)
TITLE = re.compile(r"[A-Za-z0-9][A-Za-z0-9 '&,.!-]*")
LONGEST = 40

console = Console()
err = Console(stderr=True)


class Names(NamedTuple):
    """What a game is called, in each place a name goes."""

    name: str  # the registry's, the rules page's and the scenarios' ("crazy-eights")
    package: str  # its Python package ("crazy_eights")
    title: str  # what people read ("Crazy Eights")
    camel: str  # its classes' prefix ("CrazyEights")

    @classmethod
    def of(cls, name: str, title: str | None = None) -> Names:
        """The names of a game called ``name``; GameError, in one line, for a name that cannot be one."""
        if not NAME.fullmatch(name) or len(name) > LONGEST:
            raise GameError(f"a game's name is lowercase letters and digits, words joined by '-', at most "
                            f"{LONGEST} characters (like crazy-eights), not {name!r}")
        package = name.replace("-", "_")
        if keyword.iskeyword(package):
            raise GameError(f"{name!r} is a word of Python's own; name the game otherwise")
        words = name.split("-")
        camel = "".join(w.capitalize() for w in words)
        if camel in imported():
            raise GameError(f"{name!r} would call the game's class {camel}, a name its modules already use; "
                            "name the game otherwise")
        said = " ".join(w.capitalize() for w in words) if title is None else title.strip()
        if not TITLE.fullmatch(said) or len(said) > LONGEST:
            raise GameError(f"a title is letters, digits, spaces and - ' & , . ! (at most {LONGEST}), not {title!r}")
        return cls(name, package, said, camel)

    def written(self, text: str) -> str:
        """The template's ``text`` under these names."""
        for old, new in zip(TEMPLATE_NAMES, self):
            text = text.replace(old, new)
        return text


#: the template's own names, replaced in every file it writes
TEMPLATE_NAMES = Names("my-game", "my_game", "My Game", "MyGame")


def imported() -> set[str]:
    """The names the template's modules import (``Game``, ``Move``, ``Kind`` ...): the game's class,
    named after the game, must not hide one of them."""
    out: set[str] = set()
    for module in TEMPLATE.glob("*.py"):
        for node in ast.walk(ast.parse(module.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom):
                out.update(a.asname or a.name for a in node.names)
    return out


def checkout() -> Path | None:
    """The checkout this houserules runs from, or None when it is installed."""
    root = Path(__file__).resolve().parents[3]
    return root if (root / "src" / "houserules").is_dir() and (root / "docs").is_dir() else None


def targets(names: Names, root: Path) -> dict[Path, Path]:
    """Each file the game is made of, from the template's file it is written from."""
    package = root / "src" / "houserules" / "games" / names.package
    out = {package / f.name: f for f in sorted(TEMPLATE.glob("*.py"))}
    out[root / "docs" / "rules" / f"{names.name}.md"] = TEMPLATE / "rules.md"
    scenarios = root / "tests" / "scenarios" / names.name
    out.update({scenarios / f.name: f for f in sorted((TEMPLATE / "scenarios").glob("*.json"))})
    return out


def clash(names: Names, root: Path) -> str | None:
    """Why the game cannot be written (a game or package of that name, a file already there), or None."""
    for spec in registry.specs().values():
        if names.name in (spec.name, *spec.aliases):
            return f"there is already a game called {names.name} ({spec.title})"
    found = {m.name for m in pkgutil.iter_modules(import_module(registry.GAMES_PACKAGE).__path__)}
    if names.package in found:
        return f"there is already a game package houserules.games.{names.package}"
    taken = next((p for p in (*targets(names, root), root / "tests" / "scenarios" / names.name) if p.exists()), None)
    return None if taken is None else f"{taken} already exists"


def write(names: Names, root: Path) -> list[Path]:
    """Write the game's files under ``root``; GameError (nothing written) when it cannot."""
    why = clash(names, root)
    if why is not None:
        raise GameError(why)
    written = []
    for path, source in targets(names, root).items():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(names.written(source.read_text(encoding="utf-8")), encoding="utf-8")
        written.append(path)
    return written


def rewrite_programs(root: Path) -> Path | None:
    """docs/programs.md's tables of every game's numbers, written again with the new game in them
    (the page's own command: ``python -m houserules.envs.fields --write docs/programs.md``); None
    where ``root`` has no such page."""
    from ..envs.fields import rewrite

    page = root / "docs" / "programs.md"
    if not page.is_file():
        return None
    page.write_text(rewrite(page.read_text(encoding="utf-8")), encoding="utf-8")
    return page


def _by_folder(paths: list[Path], root: Path) -> dict[str, list[str]]:
    """The files written, by folder (relative to ``root``)."""
    out: dict[str, list[str]] = {}
    for p in paths:
        out.setdefault(str(p.parent.relative_to(root)) + "/", []).append(p.name)
    return out


def fail(message: str) -> NoReturn:
    """One line saying what is wrong (never read as markup), and exit."""
    err.print(f"[bold red]error:[/] {escape(message)}", soft_wrap=True)
    raise typer.Exit(2)


def new_game(
    name: Annotated[str, typer.Argument(help="the new game's name: lowercase words joined by '-', e.g. crazy-eights")],
    title: Annotated[Optional[str], typer.Option(help="what people read (default: the name's words, capitalised)")] = None,
    root: Annotated[Optional[Path], typer.Option(
        help="a checkout, or a folder shaped like one, to write into (default: this houserules's checkout); "
             "HOUSERULES_GAMES=DIR then finds the game")] = None,
) -> None:
    """Write a new game that plays plain Crazy Eights, ready to become yours (docs/engine.md).

    Its package, its rules page and its scenarios, which keep the contract as they are written."""
    try:
        names = Names.of(name, title)
    except GameError as exc:
        fail(str(exc))
    where = root or checkout()
    if where is None:
        fail("this houserules is installed, not a checkout: give --root DIR (then HOUSERULES_GAMES=DIR finds the game)")
    try:
        written = write(names, where)
    except (GameError, OSError) as exc:
        fail(str(exc))
    registry.forget()
    found = names.name in registry.specs()  # written into this checkout, or a root HOUSERULES_GAMES names
    programs = rewrite_programs(where) if found else None
    console.print(f"[bold]{escape(names.title)}[/] ({names.name}), under {escape(str(where))}:")
    for folder, files in sorted(_by_folder(written, where).items()):
        console.print(f"  {escape(folder)}: {escape(', '.join(files))}", soft_wrap=True)
    if programs is not None:
        console.print(f"  {escape(str(programs.relative_to(where)))}: its tables of every game's numbers, rewritten")
    find = "" if found else f"HOUSERULES_GAMES={escape(str(where))} "
    console.print(f"It plays plain Crazy Eights: [bold]{find}houserules play {names.name}[/]. Make it your game one "
                  "clause at a time: docs/engine.md, \"Add a game\".")
