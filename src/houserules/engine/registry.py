"""Games discover themselves: each package under ``houserules.games`` declares a ``SPEC``.

A game is one package. Its ``__init__`` declares, in one ``GameSpec``, its
name, title and player range and where its parts live: the ``Game`` object,
its bots, its terminal renderer, its browser module, its event wording and
any commands of its own. The command line, the server, the simulator and
the lobby find games here and nowhere else, so adding a game touches its own
package (and its docs) and nothing more.

The parts are named as ``"module:attribute"`` strings and imported only when
asked for: listing the games (``houserules --help``, the lobby) imports each
package's light ``__init__`` and none of its rules tables.

A game may also live outside this checkout (``houserules new-game NAME --root DIR`` writes one
there): ``HOUSERULES_GAMES`` names such folders, each shaped like a checkout (its packages in
``DIR/src/houserules/games``, its rules page in ``DIR/docs/rules``), and each of their packages
is found as ``houserules.games.PACKAGE`` like the games here.
"""

from __future__ import annotations

import importlib
import json
import os
import pkgutil
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import cache
from importlib import import_module
from pathlib import Path
from typing import Any, NamedTuple

from .core import GameError
from .protocol import Game

GAMES_PACKAGE = "houserules.games"
#: the environment variable naming folders shaped like a checkout that hold more games (``roots``)
ROOTS = "HOUSERULES_GAMES"
#: the example house-rule books each game ships (``examples/house/GAME/*.json``): beside src/ in a
#: checkout, in the package when installed (setup.py copies them)
HOUSE_BOOKS = (Path(__file__).resolve().parents[3] / "examples" / "house",
               Path(__file__).resolve().parents[1] / "examples" / "house")


def load(target: str) -> Any:
    """The object a ``"module:attribute"`` string names."""
    module, _, attr = target.partition(":")
    return getattr(import_module(module), attr)


def lazy_exports(package: str, names: Mapping[str, str]) -> Callable[[str], Any]:
    """A module ``__getattr__`` for a game package: ``names`` maps each exported
    name to the submodule that defines it, imported on first use (PEP 562), so
    that discovering a game costs only its ``__init__``."""

    def __getattr__(name: str) -> Any:
        if name in names:
            return getattr(import_module(f"{package}.{names[name]}"), name)
        raise AttributeError(f"module {package!r} has no attribute {name!r}")

    return __getattr__


class FirstGame(NamedTuple):
    """Settings for a first game: options the lobby fills in, and why, in a sentence or two."""

    options: Mapping[str, Any]
    pitch: str


@dataclass(frozen=True)
class GameSpec:
    """Everything the rest of houserules needs to know to offer a game.

    ``bots`` maps a bot kind to its ``"module:factory"`` (the factory takes a
    seed); ``web`` says the package has a browser module, ``web/main.js``
    (served with its neighbours at ``/static/games/NAME/``); ``commands`` is a
    Typer app mounted as ``houserules NAME`` (optional); ``order`` places the
    game in lists (the order games were built); ``encoding`` names the
    game's fixed-size observation and action index space for learning
    programs (engine/encoding.py; houserules.envs), if it declares one.
    ``playout`` is the bot kind that plays a
    search's playouts when its spec names none (``ismcts:200``): uniformly
    random moves when None, but in a game where random play is not the game
    (a random Mao player speaks at random, is penalised for it and never
    finishes) the game names its own. ``levels`` maps the strength words a
    person picks from ("beginner", "club", "strong") to this game's bot specs
    where they differ from ``bots.base.LEVELS`` (Mao's beginner is its
    learner; each game's strong spec is the strongest bot it has, measured by
    bench/levels.py). ``search`` is the spec a bare ``ismcts`` means where the
    strong level is not a search (Mao's strong player never errs); otherwise a
    bare ``ismcts`` searches with the strong level's budget.
    """

    name: str
    title: str
    players: tuple[int, int]
    #: what the game is, in a sentence for someone choosing what to play (``houserules games``)
    summary: str
    game: str
    bots: Mapping[str, str]
    terminal: str
    words: str
    web: bool = False
    commands: str | None = None
    encoding: str | None = None
    playout: str | None = None
    levels: Mapping[str, str] = field(default_factory=dict)
    search: str | None = None
    aliases: tuple[str, ...] = ()
    order: int = 100
    #: a read-only helper for the game's browser module, ``"module:function"`` taking a JSON
    #: object and returning one (GameError: a one-line 400), served at POST /api/games/NAME/preview
    preview: str | None = None
    #: ``"module:attribute"`` naming the JSON Schema of what ``preview`` accepts: the OpenAPI
    #: schema shows it, so that a request the schema allows is one the preview answers
    preview_body: str | None = None
    #: ``"module:attribute"`` naming the game's names for what is on its table (phases,
    #: groupings, special cards: a mapping of JSON-ready word tables), which the terminal reads
    #: and the browser fetches once (GET /api/games/NAME/glossary): a phrase written once
    glossary: str | None = None
    #: a newcomer's first table, where the defaults are for people who know the game: the
    #: options to set and a sentence saying why; the lobby offers them in a panel of their own
    first_game: FirstGame | None = None
    #: option sets the conformance suite plays the game under besides its defaults
    #: (a game whose options change its rules lists one per kind of rule); every example
    #: house-rule book the game ships is one more (``{"house": book}``: ``house_books``)
    variants: tuple[Mapping[str, Any], ...] = ()
    #: options whose values are rules the players must find out for themselves (Mao's rule set
    #: and written rules): whoever is not the rules themselves (every seat, every spectator, the
    #: HTTP API) is told only how many entries each holds, until the game is over at a table whose
    #: ``reveal_option`` (a true/false option) is true
    secret_options: tuple[str, ...] = ()
    reveal_option: str | None = None
    #: the table may talk in a chat beside the game (the server's table chat); False for a game
    #: whose speech is part of the play (Mao: what a seat says is judged, so side talk is not free)
    chat: bool = True
    #: the package's modules the set-up compiles with mypyc (names within the package: ``"rules"``),
    #: the ones a decision spends its time in; empty, ``not_compiled`` says why. ``compiled_hot``:
    #: those of them compiled at -O3, where random play spends most for what -O3 costs to compile
    #: (docs/engine.md, "Compiled")
    compiled: tuple[str, ...] = ()
    compiled_hot: tuple[str, ...] = ()
    not_compiled: str = ""
    package: str = field(default="", compare=False)

    def public_options(self, options: Mapping[str, Any], over: bool) -> dict[str, Any]:
        """``options`` as anyone at or outside the table may know them: each secret option as
        ``{"secret": true, "count": N}`` (N entries; null for a value that is not a list) until
        the reveal, when every option is shown as it is."""
        if over and self.reveal_option is not None and options.get(self.reveal_option) is True:
            return dict(options)
        return {k: {"secret": True, "count": len(v) if isinstance(v, (list, tuple)) else None}
                if k in self.secret_options else v for k, v in options.items()}

    @property
    def secret_rules(self) -> bool:
        """The rules themselves are secret (options hold rules the players must find out: Mao):
        screens never say what an attempt costs or when the rules wake, the game is played
        at a table that penalises, and its rules page keeps the clauses for the full page."""
        return bool(self.secret_options)

    @property
    def folder(self) -> Path:
        """The package's folder (its ``web`` assets live under it)."""
        module = import_module(self.package)
        return Path(str(module.__file__)).parent


def roots() -> tuple[Path, ...]:
    """The folders ``HOUSERULES_GAMES`` names (separated as ``PATH`` is), each shaped like a checkout."""
    return tuple(Path(p) for p in os.environ.get(ROOTS, "").split(os.pathsep) if p)


#: the folders ``_join_roots`` added to ``houserules.__path__``
_JOINED: list[str] = []


def _join_roots() -> None:
    """Each root's games become packages of ``houserules.games``: that namespace package is every
    ``games`` folder among ``houserules``'s own folders, so each root's ``src/houserules`` joins them
    (after the package's own, which therefore wins a clash)."""
    path = import_module("houserules").__path__
    for root in roots():
        folder = str(root.resolve() / "src" / "houserules")
        if folder not in path:
            path.append(folder)
            _JOINED.append(folder)


def forget() -> None:
    """Find the games again: after a game's package was written in this process (``new-game``)
    or ``HOUSERULES_GAMES`` changed (a test)."""
    path = import_module("houserules").__path__
    while _JOINED:
        path.remove(_JOINED.pop())
    importlib.invalidate_caches()
    for cached in (specs, house_books, _game):
        cached.cache_clear()


@cache
def specs() -> dict[str, GameSpec]:
    """Every game package's spec, by name, in list order."""
    found: list[GameSpec] = []
    _join_roots()
    package = import_module(GAMES_PACKAGE)
    for info in pkgutil.iter_modules(package.__path__):
        if not info.ispkg:
            continue
        module = import_module(f"{GAMES_PACKAGE}.{info.name}")
        spec = getattr(module, "SPEC", None)
        if isinstance(spec, GameSpec):
            books = tuple({"house": book} for _, book in house_books(spec.name))
            found.append(GameSpec(**{**spec.__dict__, "package": module.__name__, "variants": spec.variants + books}))
    found.sort(key=lambda s: (s.order, s.name))
    return {s.name: s for s in found}


@cache
def house_books(name: str) -> tuple[tuple[str, Mapping[str, Any]], ...]:
    """The example house-rule books game ``name`` ships, by file name (without ``.json``), in
    name order: the conformance suite plays each (``GameSpec.variants``), the lobby offers them."""
    for folder in HOUSE_BOOKS:
        if (folder / name).is_dir():
            return tuple((p.stem, json.loads(p.read_text(encoding="utf-8"))) for p in sorted((folder / name).glob("*.json")))
    return ()


def names() -> list[str]:
    """Every game houserules can play, in a stable order."""
    return list(specs())


def spec(name: str) -> GameSpec:
    """The spec of the game called ``name``; GameError listing the known games if there is none."""
    key = name.strip().lower().replace("_", "-") if isinstance(name, str) else ""
    table = specs()
    if key in table:
        return table[key]
    for s in table.values():
        if key in s.aliases:
            return s
    raise GameError(f"unknown game {name!r}; known games: {', '.join(table)}")


@cache
def _game(name: str) -> Game[Any, Any]:
    game: Game[Any, Any] = load(specs()[name].game)
    return game


def get(name: str) -> Game[Any, Any]:
    """The Game called ``name``; GameError listing the known games if there is none."""
    return _game(spec(name).name)
