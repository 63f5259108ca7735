"""Games by name, imported only when asked for.

The command line, the server and the simulator look games up here, so a new
game is one line in ``GAMES`` and its own package: nothing else changes.
"""

from __future__ import annotations

from importlib import import_module

from .core import Game, GameError

#: game name -> "module:attribute" of its Game object
GAMES: dict[str, str] = {
    "shedding": "houserules.games.shedding:GAME",
    "king-taco": "houserules.games.king_taco:GAME",
    "cripple-mr-onion": "houserules.games.onion:GAME",
}

_loaded: dict[str, Game] = {}


def names() -> list[str]:
    """Every game houserules can play, in a stable order."""
    return list(GAMES)


def get(name: str) -> Game:
    """The Game called ``name``; GameError listing the known games if there is none."""
    key = name.strip().lower().replace("_", "-")
    if key not in GAMES:
        raise GameError(f"unknown game {name!r}; known games: {', '.join(GAMES)}")
    if key not in _loaded:
        module, attr = GAMES[key].split(":")
        _loaded[key] = getattr(import_module(module), attr)
    return _loaded[key]
