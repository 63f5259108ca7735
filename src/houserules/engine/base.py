"""The skeleton every game shares, written once.

A game subclasses ``GameBase`` and supplies its rules (``legal``, ``view``,
``result``), its ``moves`` (the kinds it declares, each with its check and
effect, which ``rules_check`` and ``apply`` call through tables made once:
this module is compiled, so a game need not override them for speed) and its
state's own questions (``new``, ``copy``, ``snapshot``, ``conserved``,
``hidden``). Everything else — the envelope check in front of the rules, the
action JSON, the time hooks of a game that does not care about time, the
refusal of a game that names no penalties, the generic determinization, the
neutral answer of every optional capability (a screen's ``offer``,
``forfeit``, ``penalty_key``, the simulator's figures, search hints) — is
here, so that the games cannot drift apart again.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence, Sized
from typing import Any, ClassVar, Generic, TypeVar

from ..cards import shuffle
from .actions import ActionCodec
from .core import Action, Ending, Event, Illegal, Result, View
from .moves import Moves, MoveWords
from .house.opening import told
from .house.vocabulary import Vocabulary
from .options import Schema, seats_for
from .protocol import GameState
from .referee import refusal

try:
    from mypy_extensions import mypyc_attr
except ImportError:  # read only by mypyc, when it compiles this module; without it, a no-op
    def mypyc_attr(*args: Any, **kwargs: Any) -> Any:  # type: ignore[misc]
        return lambda cls: cls

S = TypeVar("S", bound=GameState)
V = TypeVar("V", bound=View)


def multiset(cards: Iterable[Hashable]) -> Hashable:
    """Cards as a multiset, comparable by ``==``: what ``conserved`` usually answers."""
    return frozenset(Counter(cards).items())


def redeal(zones: list[list[Any]], rng: random.Random) -> None:
    """Shuffle the cards of ``zones`` together and deal them back, each zone
    keeping its size: the hidden cards redrawn, the public counts kept."""
    pool = [c for zone in zones for c in zone]
    shuffle(rng, pool)
    at = 0
    for zone in zones:
        n = len(zone)
        zone[:] = pool[at:at + n]
        at += n


def first_place(scores: Sequence[float]) -> tuple[float, ...]:
    """A ``standing`` from scores: the whole win to the highest, shared among seats that tie."""
    best = max(scores)
    tied = sum(1 for x in scores if x == best)
    return tuple(1.0 / tied if x == best else 0.0 for x in scores)


def fewest_cards(hands: Sequence[Sized], out: Sequence[bool] = ()) -> tuple[float, ...]:
    """A ``standing`` for a game won by emptying one's hand: first place to the fewest cards; a
    seat that is ``out`` (can no longer win) is last. Cheap, and blind to all but the counts."""
    return first_place([-math.inf if out and out[s] else -float(len(h)) for s, h in enumerate(hands)])


@mypyc_attr(allow_interpreted_subclasses=True)  # Mao's game is interpreted (docs/engine.md, "Compiled")
class GameBase(Generic[S, V]):
    """The shared half of the ``Game`` protocol; see ``engine.core.Game`` for the contract.

    A game's rules are its class: what it declares below are class attributes, and an
    instance holds only the tables made from them once, when it is made (``GAME = MyGame()``)."""

    name: ClassVar[str]
    title: ClassVar[str]
    codec: ClassVar[ActionCodec]
    #: the game's move kinds as records (engine.moves): its ``codec`` is ``moves.codec``, and
    #: the check, apply and words below come from them
    moves: ClassVar[Moves[Any]]
    #: the game's options, declared once (engine.options.Option)
    option_schema: ClassVar[Schema]
    #: the game's house-rule vocabulary (engine.house), declared beside its ``house`` option;
    #: None: the game takes no house rules in the one language
    vocabulary: ClassVar[Vocabulary | None] = None
    #: whether the rules have deadlines of their own (``deadline`` is not always None: Mao's
    #: delay of game): a table then keeps time for the rules even without a move clock
    keeps_time: ClassVar[bool] = False
    #: whether a deal may start the first turn with house rules firing, their events kept in the
    #: state's ``opening`` for the first action to tell (``engine.house.opening``)
    tells_first_turn: ClassVar[bool] = False

    def __init__(self) -> None:
        #: each move kind's check and effect, by kind: the dispatch of ``rules_check`` and
        #: ``apply``, one look-up and a call a decision
        self.checks: dict[str, Callable[[S, Action], Illegal | None]] = self.moves.checks()
        self.effects: dict[str, Callable[[S, Action], list[Event]]] = self.moves.effects()
        #: ``tells_first_turn``, read once (compiled, a class attribute is a look-up by name)
        self.first_turn_told: bool = self.tells_first_turn

    def __reduce__(self) -> tuple[Any, ...]:
        """A game keeps nothing of its own (its rules are its class, its tables are made from
        them when it is made), so it pickles as its class (OpenSpiel's serialised games hold one)."""
        return type(self), ()

    # --- what every game answers the same way ----------------------------------------
    def seats(self, state: S) -> int:
        return self.seats_for(state.options)

    def seats_for(self, options: Mapping[str, Any]) -> int:
        """A seat per player: the ``players`` option."""
        return seats_for(options)

    def check(self, state: S, action: Action) -> Illegal | None:
        """The envelope (engine.actions), then the game's own rules."""
        wrong = self.codec.envelope(action, self.seats(state), state.over)
        return wrong if wrong is not None else self.rules_check(state, action)

    def penalise(self, state: S, action: Action, illegal: Illegal) -> list[Event]:
        """A game whose seed names no penalties refuses an illegal attempt in every mode."""
        return [refusal(action, illegal)]

    def deadline(self, state: S) -> float | None:
        return None

    def advance(self, state: S, now: float) -> list[Event]:
        return []

    def offer(self, state: S, seat: int) -> list[Action]:
        """What a screen offers ``seat`` to choose from: its legal actions, unless a game's
        legal list would tell a secret (Mao's rules) and it offers what anyone could try."""
        return [a for a in self.legal(state) if a.seat == seat]

    def forfeit(self, state: S, seat: int) -> Result | None:
        """How the game ends if ``seat`` forfeits now (out of time), or None where forfeiting
        has no meaning: here a two-seat game still going on is won by the other seat."""
        if self.result(state) is not None or self.seats(state) != 2:
            return None
        return Result((1 - seat,), Ending.FORFEIT, said=f"seat {seat} ran out of time and forfeited")

    @staticmethod
    def penalty_key(name: str) -> str:
        """What a penalty's name is compared by (scenario files): the name itself, unless
        the game hears names loosely (Mao: as speech is heard)."""
        return name

    # --- figures for the simulator ------------------------------------------------------
    def game_stats(self, state: S, events: list[Event]) -> dict[str, Any]:
        """Numbers about one finished game the simulator sums over games (none here)."""
        return {}

    def derived_stats(self, sums: Mapping[str, float], games: int, /) -> dict[str, float]:
        """Ratios from those sums over ``games`` games (a sum of ratios means nothing; none here)."""
        return {}

    def narrowing(self, state: S) -> tuple[str, ...]:
        """The ids of the house rules that take a choice away from the seats to act now without
        an event (none here; Shedding's ``forbid`` in strict mode): the simulator counts each
        decision one narrowed as a firing (``house.ID.fired``)."""
        return ()

    # --- hints for search: where a playout may stop short of the end -------------------
    def stage(self, state: S) -> int:
        """A count that grows each time the game reaches a point where it can be
        scored before it ends (a match's rounds). A search may stop a playout
        when it changes and score the state by ``standing``; 0 throughout: no such point."""
        return 0

    def standing(self, state: S) -> tuple[float, ...] | None:
        """Each seat's share of the win as the game stands, summing to 1 (None: play to the end)."""
        return None

    def action_to_json(self, action: Action) -> dict[str, Any]:
        return self.codec.to_json(action)

    def words(self, action: Action, view: V) -> MoveWords:
        """How ``action`` is said on a screen to the seat seeing ``view``: its declared words."""
        return self.moves.words(action, view)

    def action_from_json(self, obj: Mapping[str, Any]) -> Action:
        return self.codec.from_json(obj)

    def determinize(self, state: S, seat: int, rng: random.Random) -> S:
        """The generic sampler: a copy with the cards of ``hidden(state, seat)`` redealt.
        A game whose seats learn more than counts (a card shown, a card passed)
        narrows ``hidden`` to the cards still unknown, or overrides this."""
        twin = self.copy(state)
        redeal(self.hidden(twin, seat), rng)
        return twin

    # --- what each game supplies ------------------------------------------------------
    def legal(self, state: S) -> list[Action]:
        raise NotImplementedError

    def result(self, state: S) -> Result | None:
        raise NotImplementedError

    def to_act(self, state: S) -> tuple[int, ...]:
        raise NotImplementedError

    def on_the_clock(self, state: S) -> tuple[int, ...]:
        """The seats whose decision a turn clock times and a screen shows as theirs: those
        to act, unless who is to act would tell a secret (Mao's duties owed)."""
        return self.to_act(state)

    def silence(self, state: S, seat: int) -> Action | None:
        """Nobody is asked in secret here (``on_the_clock`` is ``to_act``)."""
        return None

    def rules_check(self, state: S, action: Action) -> Illegal | None:
        """The game's own legality questions, asked once the envelope has passed:
        the declared move kind's check."""
        return self.checks[action.kind](state, action)

    def apply(self, state: S, action: Action) -> list[Event]:
        """Carry out a legal action: the declared move kind's effect; the first action after a
        deal that started the first turn with house rules tells their events first."""
        if self.first_turn_told and getattr(state, "opening"):
            return told(state, self.effects[action.kind](state, action))
        return self.effects[action.kind](state, action)

    def copy(self, state: S) -> S:
        twin: S = state.copy()
        return twin

    def snapshot(self, state: S) -> Hashable:
        return state.snapshot()

    def hidden(self, state: S, seat: int) -> list[list[Any]]:
        """The zones of ``state`` (live lists) whose cards ``seat`` cannot see."""
        raise NotImplementedError
