"""The Bot protocol, the registry that makes bots by spec, and ``ask``, the
one way runners put a decision to a bot."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, ClassVar, Protocol, cast

from ..engine import registry
from ..engine.core import Action, Event, GameError
from ..engine.referee import act
from ..engine.protocol import Game
from ..engine.infoset import stand_in


class Bot(Protocol):
    """Chooses one of ``legal`` given ``view`` (what its seat may know).

    ``wants_view`` False lets a runner skip building a view the bot ignores
    (the random bot), which matters when millions of games are played.
    A bot with a true ``searches`` attribute plays the game forward instead:
    it has a ``search(game, root, seat, legal)`` method and ``ask`` hands it
    a stand-in state from its seat's information set (engine/infoset.py).
    A bot of a game with time (Mao) may return None: it waits, and the runner
    lets the clock run on to the game's next deadline. A bot that may attempt
    what ``legal`` does not offer (a Mao player who slips) says so with a true
    ``attempts`` attribute, and the runner sends its actions through the referee.
    ``BotBase`` gives the defaults (a view, no search, no slips).
    """

    name: str
    wants_view: bool
    searches: bool
    attempts: bool

    def choose(self, view: Any, legal: Sequence[Action]) -> Action | None: ...


class BotKind(Protocol):
    """What a bot spec's ``"module:factory"`` names (a bot class): made from a seed alone, or
    from the spec's parameter (``ismcts:2000``) by ``from_spec``, which answers None for a
    kind that takes none; a kind that ``takes_game`` must fit the game (a trained policy's
    file) and is nothing without its parameter."""

    takes_game: bool

    def __call__(self, seed: int) -> Bot: ...

    def from_spec(self, seed: int, param: str, game: str) -> Bot | None: ...


class BotBase:
    """The defaults of a bot's optional capabilities: a bot class subclasses it and says
    only what differs (``Bot``, ``BotKind``)."""

    name: str = "bot"
    wants_view: bool = True
    searches: bool = False
    attempts: bool = False
    takes_game: ClassVar[bool] = False

    @classmethod
    def from_spec(cls, seed: int, param: str, game: str) -> Bot | None:
        """A bot from a spec's parameter: None, this kind takes no parameter."""
        return None


class Searcher(Protocol):
    """A bot that searches: it plays stand-in states forward with its own generator."""

    rng: random.Random

    def search(self, game: Game[Any, Any], root: Any, seat: int, legal: Sequence[Action]) -> Action: ...


class RandomBot(BotBase):
    """Uniformly random among the legal actions: the baseline every bot must beat."""

    name = "random"
    wants_view = False

    def __init__(self, seed: int = 0):
        self.rng = random.Random(seed)

    def choose(self, view: Any, legal: Sequence[Action]) -> Action:
        return legal[self.rng.randrange(len(legal))]


class EagerBot(RandomBot):
    """Random, but never draws or folds while it may do anything else: the trivial rule a
    game's heuristic must clearly beat before it may call itself a club player."""

    name = "eager"
    RELUCTANT = frozenset({"draw", "fold"})

    def choose(self, view: Any, legal: Sequence[Action]) -> Action:
        keen = [a for a in legal if a.kind not in self.RELUCTANT]
        return super().choose(view, keen or legal)


#: bots that play every game, by kind; a game's own bots are declared in its GameSpec
GENERIC: dict[str, str] = {
    "random": "houserules.bots.base:RandomBot",
    "eager": "houserules.bots.base:EagerBot",
    "ismcts": "houserules.bots.ismcts:ISMCTS",
    "policy": "houserules.bots.policy:PolicyBot",  # policy:PATH.npz, a trained network
}


#: the strengths a person picks a bot by, weakest first, with what each means at the table;
#: each names a spec (``levels``), so a ladder can rate exactly what a person meets
LEVELS: dict[str, str] = {
    "beginner": "a gentle opponent for a first game (legal moves at random; in Mao, a player still learning)",
    "club": "plays as a decent club player would, by hand-written judgement (the default)",
    "strong": "the strongest the game has: searches the deals it cannot see before each move (about a quarter "
              "second a move); in Onion it plays a trained policy, in Mao it never errs",
}

#: the spec of each strength unless a game's ``GameSpec.levels`` says otherwise
DEFAULT_LEVELS: dict[str, str] = {"beginner": "random", "club": "heuristic", "strong": "ismcts:300"}


#: generic kinds that are nothing without a parameter (a file), so menus do not offer them bare
NEEDS_PARAMETER = frozenset({"policy"})
#: how a trained policy is named in a bot spec: ``policy:PATH.npz`` (``policy:NAME`` at a server)
POLICY = "policy:"


def shown_bot(spec: str) -> str:
    """A bot spec as people see it: a policy by its file's name, never the server's path."""
    if not spec.startswith(POLICY) or "/" not in spec and "\\" not in spec:
        return spec
    name = spec[len(POLICY):].replace("\\", "/").rsplit("/", 1)[-1]
    return POLICY + name.removesuffix(".npz")


def bot_kinds(game: str) -> list[str]:
    """The bot kinds that can play ``game`` as they are (``policy:PATH`` too, given a file)."""
    return sorted({*GENERIC, *registry.spec(game).bots} - NEEDS_PARAMETER)


def levels(game: str) -> dict[str, str]:
    """Each strength word's bot spec in ``game`` (a club bot falls back to random in a game
    without a heuristic)."""
    spec = registry.spec(game)
    out = {**DEFAULT_LEVELS, **spec.levels}
    if out["club"] not in spec.bots:
        out["club"] = next(iter(spec.bots), "random")
    return out


def default_bot(game: str) -> str:
    """The bot people meet by default: the ``club`` strength, a fair opponent."""
    return "club"


def make(game: str, spec: str, seed: int = 0) -> Bot:
    """A bot for ``game`` from its spec (a strength word such as ``club``, or a kind:
    ``heuristic``, ``ismcts:2000``, ``ismcts:0.5s``), seeded; GameError saying what is wrong with a spec that names no bot."""
    if not isinstance(spec, str):
        raise GameError(f"a bot spec is text such as 'random' or 'ismcts:2000', got {spec!r}")
    kind, colon, param = spec.strip().partition(":")
    if kind in LEVELS and not colon:
        return make(game, levels(game)[kind], seed)
    search = registry.spec(game).search or levels(game)["strong"]
    if kind == "ismcts" and not colon and search.startswith("ismcts:"):
        return make(game, search, seed)  # a search with no budget named: the game's measured one
    target = registry.spec(game).bots.get(kind) or GENERIC.get(kind)
    if target is None:
        raise GameError(f"no {kind!r} bot for {game}; available: {', '.join([*LEVELS, *bot_kinds(game)])}, "
                        f"policy:PATH.npz")
    factory: BotKind = registry.load(target)
    if factory.takes_game and (not colon or not param.strip()):  # a bot that must fit the game (a trained policy)
        raise GameError(f"the {kind} bot needs a parameter: {kind}:PATH")
    if not colon:
        return factory(seed)
    bot = factory.from_spec(seed, param, game)
    if bot is None:
        raise GameError(f"the {kind} bot takes no parameter: {spec!r}")
    return bot


def check_spec(game: str, spec: str) -> str:
    """``spec`` itself when it makes a bot for ``game``; GameError otherwise."""
    make(game, spec, 0)
    return spec


def ask(bot: Bot, game: Game[Any, Any], state: Any, seat: int, legal: Sequence[Action]) -> Action | None:
    """``bot``'s choice among ``legal`` for ``seat`` (None: it waits, in a game with time):
    it gets the seat's view, or, if it searches, a stand-in state from the seat's information set."""
    if bot.searches:
        searcher = cast(Searcher, bot)
        root = stand_in(game, state, seat, searcher.rng.getrandbits(32))
        return searcher.search(game, root, seat, legal)
    return bot.choose(game.view(state, seat) if bot.wants_view else None, legal)


def take_turn(bot: Bot, game: Game[Any, Any], state: Any, seat: int, legal: Sequence[Action],
              clock: float, wait: bool = True) -> tuple[list[Event], float, bool]:
    """Ask ``bot`` for ``seat`` and carry out its answer at game time ``clock``: the events,
    the clock afterwards, and whether it acted. A bot that waits lets the clock run on to the
    game's next deadline (unless ``wait`` is false: another seat is to be asked first); a bot
    that may err (``attempts``) goes through the referee."""
    action = ask(bot, game, state, seat, legal)
    if action is None and not wait:
        return [], clock, False
    if action is None:
        due = game.deadline(state)
        if due is None:
            raise RuntimeError(f"{bot.name} bot waited at seat {seat} with nothing to wait for")
        clock = max(clock, due)
        return game.advance(state, clock), clock, False
    if bot.attempts:
        return act(game, state, action, now=clock), clock, True
    return game.apply(state, action), clock, True
