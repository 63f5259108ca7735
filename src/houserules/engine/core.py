"""The vocabulary every game shares: actions, events, verdicts, results, and
the ``Game`` protocol the terminal, the server, the bots, the simulator and
the scenario runner all speak.

Why these shapes:

* ``Action`` and ``Event`` are NamedTuples: hashable (a legal set can be
  tested with ``in``), cheap to build on the hot path, and trivially turned
  into the stable JSON form the server, replay files and scenarios use.
* An ``Event`` carries its public fields and, separately, the fields only its
  own seat may see (the cards a player drew). ``Event.for_seat`` is therefore
  the single place that decides what a log line reveals.
* ``Illegal`` is a value: the same check that builds the legal-action list
  explains why an attempt is not in it, names the clause it breaks and the
  rulebook penalty a table would assess for it (or none, when the attempt is
  not a rules matter at all, such as naming a card you do not hold).
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Mapping, Sequence
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, NamedTuple, Protocol, TypeVar, runtime_checkable

if TYPE_CHECKING:
    from .actions import ActionCodec

STRICT = "strict"
TABLE = "table"
MODES = (STRICT, TABLE)


class Action(NamedTuple):
    """One decision by one seat.

    ``kind`` is a word of the game's own (``play``, ``draw``, ``declare``);
    ``card`` is the game's card value or None; ``arg`` carries any other
    choice (a colour, an amount, several cards) as a hashable value.
    """

    seat: int
    kind: str
    card: Any = None
    arg: Any = None


#: the data of an event that has none: one shared, read-only empty mapping
NO_DATA: Mapping[str, Any] = MappingProxyType({})


class Event(NamedTuple):
    """Something that happened, told once for the log, the UI, replays and stats.

    ``data`` is public; ``secret`` holds what only ``seat`` may know (for
    example which cards it drew). Both are JSON-ready mappings, always
    present (``NO_DATA`` when empty), holding only immutable values (tuples,
    not lists): an event is told again to a client that reconnects, and must
    read the same as when it was first told. A game may hand out one
    prebuilt event many times.
    """

    kind: str
    seat: int | None = None
    data: Mapping[str, Any] = NO_DATA
    secret: Mapping[str, Any] = NO_DATA

    def for_seat(self, viewer: int | None) -> dict[str, Any]:
        """The JSON form of this event as ``viewer`` may see it (None: a spectator)."""
        out: dict[str, Any] = {"event": self.kind}
        if self.seat is not None:
            out["seat"] = self.seat
        out.update(self.data)
        if self.secret and viewer is not None and viewer == self.seat:
            out.update(self.secret)
        return out

    def to_json(self) -> dict[str, Any]:
        """The full JSON form, secrets included: for replays and tests, never for a player."""
        return self.for_seat(self.seat)


class Illegal(NamedTuple):
    """Why an action may not be taken.

    ``rule`` is the clause id on the game's rules page (``S-4.2``); ``penalty``
    is the name of the rulebook penalty a table assesses for the attempt, or
    None when the attempt is refused in every mode (not your card, game over).
    """

    rule: str
    reason: str
    penalty: str | None = None


class Result(NamedTuple):
    """How a finished game ended. ``winners`` is empty for a draw."""

    winners: tuple[int, ...]
    reason: str
    scores: tuple[float, ...] | None = None

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"winners": list(self.winners), "reason": self.reason}
        if self.scores is not None:
            out["scores"] = list(self.scores)
        return out


class GameError(ValueError):
    """Bad input to a game (options, a state file, an action's JSON), with a clear message."""


class OptionsError(GameError):
    """Options that a game cannot be set up with."""


@runtime_checkable
class View(Protocol):
    """What one seat may know of a state. ``to_json`` is what leaves the process."""

    def to_json(self) -> dict[str, Any]: ...


class GameState(Protocol):
    """What the engine itself reads of any game's state: its options, its mode, whether it is over."""

    options: dict[str, Any]
    mode: str
    over: bool


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

    ``engine.base.GameBase`` implements the parts every game shares; the
    conformance suite (tests/test_conformance.py) holds every registered
    game to this contract.
    """

    name: str
    title: str
    codec: ActionCodec

    def options(self, raw: Mapping[str, Any]) -> dict[str, Any]:
        """Validated options with defaults filled in; raise OptionsError with why not."""
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

    def legal(self, state: S) -> list[Action]:
        """Every legal action now, for every seat that may act."""
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

    # --- JSON -------------------------------------------------------------------------
    def action_to_json(self, action: Action) -> dict[str, Any]: ...

    def action_from_json(self, obj: Mapping[str, Any]) -> Action:
        """Parse the stable JSON form; raise GameError with why not, whatever ``obj`` is."""
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


def json_action(action: Action, card_name: Any = None) -> dict[str, Any]:
    """The common JSON form ``{"seat", "action", "card"?}`` most games use."""
    out: dict[str, Any] = {"seat": action.seat, "action": action.kind}
    if action.card is not None:
        out["card"] = card_name(action.card) if card_name else action.card
    return out


def require_keys(obj: Mapping[str, Any], allowed: Sequence[str], what: str) -> None:
    """Refuse unknown keys in a JSON object, naming them."""
    unknown = sorted(set(obj) - set(allowed))
    if unknown:
        raise GameError(f"unknown {what} key(s): {', '.join(unknown)} (allowed: {', '.join(allowed)})")
