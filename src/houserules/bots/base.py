"""The Bot protocol and the registry that makes bots by name."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from importlib import import_module
from typing import Any, Protocol

from ..engine.core import Action, GameError


class Bot(Protocol):
    """Chooses one of ``legal`` given ``view`` (what its seat may know).

    ``wants_view`` False lets a runner skip building a view the bot ignores
    (the random bot), which matters when millions of games are played.
    """

    name: str
    wants_view: bool

    def choose(self, view: Any, legal: Sequence[Action]) -> Action: ...


class RandomBot:
    """Uniformly random among the legal actions: the baseline every bot must beat."""

    name = "random"
    wants_view = False

    def __init__(self, seed: int = 0):
        self.rng = random.Random(seed)

    def choose(self, view: Any, legal: Sequence[Action]) -> Action:
        return legal[self.rng.randrange(len(legal))]


BotFactory = Callable[[int], Bot]

#: (game, kind) -> "module:factory"; game "*" means every game
_REGISTRY: dict[tuple[str, str], str] = {
    ("*", "random"): "houserules.bots.base:RandomBot",
    ("shedding", "heuristic"): "houserules.bots.shedding:SheddingHeuristic",
    ("king-taco", "heuristic"): "houserules.bots.king_taco:KingTacoHeuristic",
    ("king-taco", "basic"): "houserules.bots.king_taco_basic:KingTacoBasic",
    ("cripple-mr-onion", "heuristic"): "houserules.bots.onion:OnionHeuristic",
}


def register(game: str, kind: str, target: str) -> None:
    """Make ``kind`` available for ``game``; ``target`` is "module:factory(seed)"."""
    _REGISTRY[(game, kind)] = target


def bot_kinds(game: str) -> list[str]:
    """The bot kinds that can play ``game``."""
    return sorted({k for (g, k) in _REGISTRY if g in ("*", game)})


def make(game: str, kind: str, seed: int = 0) -> Bot:
    """A bot of ``kind`` for ``game``, seeded; GameError listing the kinds if unknown."""
    target = _REGISTRY.get((game, kind)) or _REGISTRY.get(("*", kind))
    if target is None:
        raise GameError(f"no {kind!r} bot for {game}; available: {', '.join(bot_kinds(game))}")
    module, attr = target.split(":")
    return getattr(import_module(module), attr)(seed)
