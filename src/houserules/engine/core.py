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

from collections.abc import Mapping
from enum import StrEnum
from types import MappingProxyType
from typing import Any, Final, NamedTuple, Protocol

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
NO_DATA: Final[Mapping[str, Any]] = MappingProxyType({})


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


#: events made by ``tuple.__new__``, not the named tuple's constructor (about 2,000 instructions
#: an event less under callgrind: docs/engine.md, "Compiled")
_NEW: Final = tuple.__new__
_EVENT: Final = Event


def event(kind: str, seat: int | None = None, data: Mapping[str, Any] = NO_DATA,
          secret: Mapping[str, Any] = NO_DATA) -> Event:
    """``Event(kind, seat, data, secret)``, equal in every way, made without the named tuple's
    interpreted constructor: what the rules call on every decision (issue 26)."""
    return _NEW(_EVENT, (kind, seat, data, secret))


class Illegal(NamedTuple):
    """Why an action may not be taken.

    ``rule`` is the clause id on the game's rules page (``S-4.2``); ``penalty``
    is the name of the rulebook penalty a table assesses for the attempt, or
    None when the attempt is refused in every mode (not your card, game over).
    """

    rule: str
    reason: str
    penalty: str | None = None


class Ending(StrEnum):
    """How a finished game ended, as programs count it (``houserules sim``'s and ``compare``'s
    endings, an environment's truncation); its value is its words. The five games need these:"""

    WENT_OUT = "went out"  # a player got rid of every card (Shedding, Mao, a game new-game makes)
    GOTO = "goto"  # King Taco: a player went out and the auction's top scorer won the goto roll (KT-9)
    LAST_STANDING = "last player in"  # everyone else is out (NOPEd out, out of chips, out of cards)
    PLAYED_OUT = "played out"  # a match of a set length was played out, the best score winning
    BLOCKED = "blocked"  # nobody can move any more: the best position wins
    TURN_LIMIT = "turn limit"  # the table's turn limit cut the game off
    FORFEIT = "forfeit"  # a seat ran out of time at a table whose clock forfeits


class Result(NamedTuple):
    """How a finished game ended: ``winners`` (empty for a draw), ``how`` (typed: what programs
    read), each seat's score where the game keeps one, and ``said``: the game's own words where
    they say more than ``how``'s ("turn limit (300 turns)"), "" where they do not."""

    winners: tuple[int, ...]
    how: Ending
    scores: tuple[float, ...] | None = None
    said: str = ""

    @property
    def reason(self) -> str:
        """How it ended, in words for people: the game's own, else ``how``'s."""
        return self.said or self.how.value

    def to_json(self) -> dict[str, Any]:
        """``reason`` as records and the HTTP API have always had it, and ``how`` beside it."""
        out: dict[str, Any] = {"winners": list(self.winners), "reason": self.reason, "how": self.how.value}
        if self.scores is not None:
            out["scores"] = list(self.scores)
        return out


class GameError(ValueError):
    """Bad input to a game (options, a state file, an action's JSON), with a clear message."""


class OptionsError(GameError):
    """Options that a game cannot be set up with."""


class View(Protocol):
    """What one seat may know of a state. ``to_json`` is what leaves the process."""

    def to_json(self) -> dict[str, Any]: ...
