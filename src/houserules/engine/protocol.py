"""The ``Game`` protocol: what every game is to the terminal, the server, the
bots, the simulator, the environments and the scenario runner.

It lives apart from ``engine.core`` (the values: actions, events, verdicts)
because it names ``engine.actions.ActionCodec``, which is built from those
values: keeping the protocol here leaves the engine's imports a tree.
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Mapping
from typing import Any, Protocol, TypeVar

from .actions import ActionCodec
from .core import Action, Event, Illegal, Result, View
from .moves import Moves, MoveWords
from .house.vocabulary import Vocabulary
from .options import Schema


class GameState(Protocol):
    """What the engine itself reads of any game's state: its options, its mode, whether it is
    over, and its chance (the seed it was dealt from and its own generator, which a search's
    stand-in replaces: engine/infoset.py)."""

    options: dict[str, Any]
    mode: str
    over: bool
    seed: int
    rng: random.Random

    def copy(self) -> Any: ...

    def snapshot(self) -> Hashable: ...


S = TypeVar("S", bound=GameState)
V = TypeVar("V", bound=View, covariant=True)


class Game(Protocol[S, V]):
    """A card game as data plus pure functions, generic in its state ``S`` and view ``V``.

    A state is a plain object owned by the game; it holds the options (with
    ``mode``), the seed, and the game's own ``random.Random`` so that
    ``new(options, seed)`` plus the action list reproduces a game exactly.
    Nothing here blocks, prints, asks or reads a clock: every decision is an
    ``Action`` offered by ``legal`` and taken by ``apply``, and time, for a
    game that cares, arrives as a value through ``advance``.

    ``engine.base.GameBase`` implements the parts every game shares, and gives
    the optional capabilities (a screen's ``offer``, ``forfeit``, ``penalty_key``,
    the simulator's figures, search hints, ``keeps_time``) a neutral default, so
    that no caller asks whether a game has one; the conformance suite
    (tests/test_conformance.py) holds every registered game to this contract.
    """

    # what a game declares (``GameBase``: class attributes, its rules being its class); read, never set
    @property
    def name(self) -> str:
        """The registry's name for the game."""
        ...

    @property
    def title(self) -> str:
        """The game's name as people read it."""
        ...

    @property
    def codec(self) -> ActionCodec:
        """The declared actions (``moves.codec``)."""
        ...

    @property
    def moves(self) -> Moves[Any]:
        """The move kinds as records (engine.moves), from which ``codec`` comes."""
        ...

    @property
    def keeps_time(self) -> bool:
        """The rules have deadlines of their own (``GameBase``: False; Mao's delay of game)."""
        ...

    @property
    def option_schema(self) -> Schema:
        """The game's options, declared once (``engine.options.Option``): their checks, the lobby's
        form, ``houserules options GAME`` and the rules page's list are derived from them."""
        ...

    @property
    def vocabulary(self) -> Vocabulary | None:
        """What a table may write house rules about (``engine.house``), when the game has a ``house``
        option (``GameBase``: None, no house rules; Mao keeps its own language, ``extension``)."""
        ...

    def options(self, raw: Mapping[str, Any]) -> dict[str, Any]:
        """Validated options with defaults filled in; raise OptionsError with why not."""
        ...

    def seats_for(self, options: Mapping[str, Any]) -> int:
        """How many seats a table with these validated options has, without dealing a game."""
        ...

    def new(self, options: Mapping[str, Any], seed: int) -> S:
        """A fresh, dealt game."""
        ...

    def seats(self, state: S) -> int:
        """How many seats the table has."""
        ...

    def to_act(self, state: S) -> tuple[int, ...]:
        """The seats that have a decision to make now (empty when the game is over)."""
        ...

    def on_the_clock(self, state: S) -> tuple[int, ...]:
        """The seats a turn clock times and screens show as deciding (``GameBase``: ``to_act``;
        a game where who is asked would tell a secret answers only what everyone may know)."""
        ...

    def silence(self, state: S, seat: int) -> Action | None:
        """What ``seat``, asked in secret (in ``to_act`` but not ``on_the_clock``), says by saying
        nothing: its answer once its unshown deadline passes, or once the seat on the clock goes
        on (King Taco: ``pass`` in a NOPE window). None (``GameBase``): nobody is asked in secret,
        or the rules give silence a meaning of their own (Mao's duties have deadlines)."""
        ...

    def legal(self, state: S) -> list[Action]:
        """Every legal action now, for every seat that may act: the seats in ``to_act``, and any
        seat with a *free action* (one a seat may take at a moment the game does not wait for it,
        such as bpoker's Neutralization "at any time"). A free action is offered to that seat
        alone and never waited for; bots are asked only when their seat is in ``to_act``."""
        ...

    def check(self, state: S, action: Action) -> Illegal | None:
        """None if ``action`` is legal, else why not. Agrees with ``legal`` exactly."""
        ...

    def apply(self, state: S, action: Action) -> list[Event]:
        """Carry out a legal action. Untrusted input goes through ``engine.act`` instead."""
        ...

    def penalise(self, state: S, action: Action, illegal: Illegal) -> list[Event]:
        """Table mode: assess the rulebook penalty for an illegal attempt."""
        ...

    def view(self, state: S, seat: int | None) -> V:
        """What ``seat`` may know (None: a spectator, public information only)."""
        ...

    def result(self, state: S) -> Result | None:
        """How the game ended, or None while it goes on."""
        ...

    # --- time: a game that cares gets it as a value, never from a clock ----------
    def deadline(self, state: S) -> float | None:
        """When the rules next need waking if nobody acts (seconds on the table's clock), or None."""
        ...

    def advance(self, state: S, now: float) -> list[Event]:
        """The table's clock reads ``now``: act on every deadline passed, in order."""
        ...

    # --- what a table asks ------------------------------------------------------------
    def offer(self, state: S, seat: int) -> list[Action]:
        """What a screen offers ``seat`` to choose from (``GameBase``: its legal actions; a game
        whose legal list would tell its secret rules offers what anyone could try: Mao)."""
        ...

    def forfeit(self, state: S, seat: int) -> Result | None:
        """How the game ends if ``seat`` forfeits now, or None where that has no meaning
        (``GameBase``: a two-seat game is won by the other seat, a bigger one has none)."""
        ...

    def penalty_key(self, name: str) -> str:
        """What a penalty's name compares by in scenario files (``GameBase``: the name itself)."""
        ...

    # --- the simulator's figures ---------------------------------------------------------
    def game_stats(self, state: S, events: list[Event]) -> dict[str, Any]:
        """Numbers about one finished game that the simulator sums (``GameBase``: none)."""
        ...

    def derived_stats(self, sums: Mapping[str, float], games: int, /) -> dict[str, float]:
        """Ratios of those sums over ``games`` games (``GameBase``: none)."""
        ...

    # --- hints for search ------------------------------------------------------------------
    def stage(self, state: S) -> int:
        """A count that grows where the game can be scored before its end (``GameBase``: 0)."""
        ...

    def standing(self, state: S) -> tuple[float, ...] | None:
        """Each seat's share of the win as the game stands (``GameBase``: None, play on)."""
        ...

    def narrowing(self, state: S) -> tuple[str, ...]:
        """The house rules (ids) that take a choice away from the seats to act now without an
        event, as a ``forbid`` rule does in strict mode by not offering the card (an event would
        tell the table what the seat holds): the simulator counts each decision one narrowed as
        the rule's firing (``GameBase``: none)."""
        ...

    # --- JSON -------------------------------------------------------------------------
    def action_to_json(self, action: Action) -> dict[str, Any]: ...

    def action_from_json(self, obj: Mapping[str, Any]) -> Action:
        """Parse the stable JSON form; raise GameError with why not, whatever ``obj`` is."""
        ...

    def words(self, action: Action, view: Any) -> MoveWords:
        """How ``action`` is said to the seat seeing ``view``: label, cost, button (engine.moves).
        The terminal menu and the browser's buttons both show these words."""
        ...

    # --- the contract's own questions (tests, fuzzers and search bots ask them) ---------
    def attempts(self, state: S) -> list[Action]:
        """Actions anyone might attempt now, legal or not, for every seat: a
        superset of ``legal`` that the conformance suite puts to ``check``."""
        ...

    def conserved(self, state: S) -> Hashable:
        """What no action creates or destroys (the cards, the chips), comparable by ``==``."""
        ...

    def snapshot(self, state: S) -> Hashable:
        """Every field as plain data: equal snapshots are the same game."""
        ...

    def copy(self, state: S) -> S:
        """An independent copy (search bots play on it; the original is untouched)."""
        ...

    def determinize(self, state: S, seat: int, rng: random.Random) -> S:
        """A copy in which every card ``seat`` cannot see is redrawn at random,
        consistently with all ``seat`` has seen: ``seat``'s view of it is
        identical. Search bots sample with it; the conformance suite uses it
        to prove that views hide what they must."""
        ...

    # --- scenario files -----------------------------------------------------------------
    def scenario_state(self, options: Mapping[str, Any], state: Mapping[str, Any], seed: int) -> S:
        """Build a literal state from a scenario file's ``state`` object."""
        ...

    def scenario_expect(self, state: S, key: str, value: Any) -> str | None:
        """Compare one expectation key; a message saying what differed, or None.

        Raise KeyError for a key the game does not know, so that a typo in a
        scenario is an error rather than a silent pass.
        """
        ...
