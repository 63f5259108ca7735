"""The Bot protocol and the registry that makes bots by name."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any, Protocol

from ..engine import registry
from ..engine.core import Action, GameError


class Bot(Protocol):
    """Chooses one of ``legal`` given ``view`` (what its seat may know).

    ``wants_view`` False lets a runner skip building a view the bot ignores
    (the random bot), which matters when millions of games are played.
    A bot of a game with time (Mao) may return None: it waits, and the runner
    lets the clock run on to the game's next deadline. A bot that may attempt
    what ``legal`` does not offer (a Mao player who slips) says so with a true
    ``attempts`` attribute, and the runner sends its actions through the referee.
    """

    name: str
    wants_view: bool

    def choose(self, view: Any, legal: Sequence[Action]) -> Action | None: ...


class RandomBot:
    """Uniformly random among the legal actions: the baseline every bot must beat."""

    name = "random"
    wants_view = False

    def __init__(self, seed: int = 0):
        self.rng = random.Random(seed)

    def choose(self, view: Any, legal: Sequence[Action]) -> Action:
        return legal[self.rng.randrange(len(legal))]


BotFactory = Callable[[int], Bot]

#: bots that play every game, by kind; a game's own bots are declared in its GameSpec
GENERIC: dict[str, str] = {
    "random": "houserules.bots.base:RandomBot",
}


def bot_kinds(game: str) -> list[str]:
    """The bot kinds that can play ``game``."""
    return sorted({*GENERIC, *registry.spec(game).bots})


def default_bot(game: str) -> str:
    """The bot people meet by default: the first kind the game's package declares, else ``random``."""
    return next(iter(registry.spec(game).bots), "random")


def make(game: str, kind: str, seed: int = 0) -> Bot:
    """A bot of ``kind`` for ``game``, seeded; GameError listing the kinds if unknown."""
    target = registry.spec(game).bots.get(kind) or GENERIC.get(kind)
    if target is None:
        raise GameError(f"no {kind!r} bot for {game}; available: {', '.join(bot_kinds(game))}")
    bot: Bot = registry.load(target)(seed)
    return bot
