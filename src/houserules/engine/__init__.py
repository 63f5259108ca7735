"""The engine every game is built on: actions, events, the Game protocol,
the referee, replay records and scenario files. Pure: no I/O beyond reading
and writing record and scenario files on request, no clocks, no bots."""

from .core import (
    MODES,
    STRICT,
    TABLE,
    Action,
    Ending,
    Event,
    GameError,
    Illegal,
    OptionsError,
    Result,
    View,
)
from .protocol import Game
from .referee import act
from .registry import get as get_game
from .registry import names as game_names

__all__ = [
    "MODES", "STRICT", "TABLE", "Action", "Ending", "Event", "Game", "GameError", "Illegal",
    "OptionsError", "Result", "View", "act", "get_game", "game_names",
]
