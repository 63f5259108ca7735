"""Fixed-size numbers for learning programs: a game's observation and action index space.

Reinforcement-learning libraries want every observation as a vector of one
fixed length and every decision as an index into one fixed range, with a
mask saying which indices are legal now. A game package declares how its
views and actions map to those in an ``encoding`` module (named by its
``GameSpec``); ``houserules.envs`` turns them into numpy arrays and
PettingZoo/Gymnasium environments. The encodings are plain Python (lists of
floats, ints), so the rules core stays free of numpy.

Contract (tests/test_encodings.py holds every game that declares one to it):

* ``observe(view)`` reads the seat's view only (never a state) and returns
  ``observation_size(options)`` floats;
* ``index(view, action)`` gives each of the seat's legal actions its own
  index in ``range(action_size(options))``: two legal actions never share
  one. The way back is over the legal actions (``decode``): an index names
  a decision the seat can make now, and the legal list says which action
  that is, so an index round-trips to the very action it came from.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any, Protocol

from .core import Action, GameError


class Encoding(Protocol):
    """How one game's views and actions become fixed-size numbers."""

    def observation_size(self, options: Mapping[str, Any]) -> int: ...

    def action_size(self, options: Mapping[str, Any]) -> int: ...

    def observe(self, view: Any) -> list[float]: ...

    def index(self, view: Any, action: Action) -> int: ...


def decode(encoding: Encoding, view: Any, legal: Sequence[Action], index: int) -> Action:
    """The legal action whose index is ``index``; GameError when none is."""
    for action in legal:
        if encoding.index(view, action) == index:
            return action
    raise GameError(f"action index {index} is not legal now (see the action mask)")


def mask(encoding: Encoding, view: Any, legal: Sequence[Action], size: int) -> list[int]:
    """1 at the index of every legal action, else 0."""
    out = [0] * size
    for action in legal:
        out[encoding.index(view, action)] = 1
    return out


class Features:
    """A flat feature list built field by field (helpers keep encodings short and fixed in length)."""

    def __init__(self) -> None:
        self.values: list[float] = []

    def one_hot(self, value: int | None, size: int) -> None:
        """``size`` slots, a 1 at ``value`` (none for None or out of range)."""
        at = len(self.values)
        self.values.extend([0.0] * size)
        if value is not None and 0 <= value < size:
            self.values[at + value] = 1.0

    def counts(self, items: Iterable[int], size: int, scale: float = 1.0) -> None:
        """How many of each item (card kinds, say), times ``scale``."""
        at = len(self.values)
        self.values.extend([0.0] * size)
        for i in items:
            self.values[at + i] += scale

    def scalars(self, *values: float) -> None:
        self.values.extend(float(v) for v in values)

    def per_seat(self, values: Sequence[float], seat: int, slots: int, scale: float = 1.0) -> None:
        """One value per seat, starting from ``seat`` (so "me" is always first), padded to ``slots``."""
        n = len(values)
        self.values.extend(values[(seat + i) % n] * scale if i < n else 0.0 for i in range(slots))

    def relative_seat(self, other: int | None, seat: int, players: int, slots: int) -> None:
        """Which seat ``other`` is, counted from ``seat``, one-hot over ``slots`` (none for None)."""
        self.one_hot(None if other is None else (other - seat) % players, slots)
