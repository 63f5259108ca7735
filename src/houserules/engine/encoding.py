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
* ``fields(options)`` names the observation's pieces: a ``Piece`` (name,
  offset, size, the least and greatest value any of its floats can take,
  infinite where no bound is known) for each, laid end to end over the whole
  observation. Learning programs read a piece by name (OpenSpiel's observer
  does), environments bound their boxes by them, and docs/programs.md's
  tables are generated from them (``python -m houserules.envs.fields``);
* ``index(view, action)`` gives each of the seat's legal actions its own
  index in ``range(action_size(options))``: two legal actions never share
  one. The way back is over the legal actions (``decode``): an index names
  a decision the seat can make now, and the legal list says which action
  that is, so an index round-trips to the very action it came from.

Optional, with defaults in ``EncodingBase``: ``action_blocks(options)`` says
where each form of decision's indices start (``{"play": 0, "declare": 1048,
...}``, in index order; one block ``action`` by default), so a learner facing
a huge flat space (bpoker's 24,732 indices for a handful of legal actions)
can read each legal action as a few features rather than one index among
thousands (``houserules.envs`` ``action_features``); ``bound(options)`` is the
encoding for one table (itself by default; Mao's house rules add phrases);
``action(view, index)`` names the attempt at any index, legal or not, for an
encoding whose ``names_actions`` is true (Mao: what an open table offers);
``penalty_cards(view)`` reads each seat's penalty cards from a view, for a
shaped reward (None: the game counts none; Mao counts them);
``action_features(view, legal)`` describes each legal action by the same few
named numbers (``action_feature_names``), read from the seat's view only, so a
policy can score actions one by one (bots/policy.py, format 2) rather than as
one output among thousands of indices; ``action_features_name`` names and
versions that list ("" when the game has none): a saved policy records it and
refuses to run on a list that has changed under it.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from math import comb, inf
from typing import TYPE_CHECKING, Any, NamedTuple, Protocol, Self

from .core import TABLE, Action, Event, GameError

if TYPE_CHECKING:
    from .protocol import Game

#: the pseudo-action kind that lets time pass (games with deadlines only)
WAIT = "wait"


class Encoding(Protocol):
    """How one game's views and actions become fixed-size numbers (optional parts: ``EncodingBase``)."""

    #: ``action`` names the attempt at any index (without the legal list)
    names_actions: bool
    #: where the sizes depend on the options, which ones they were read with, in a few words
    #: (docs/programs.md's table of sizes says it: "default `max_raise`")
    sized_with: str

    def bound(self, options: Mapping[str, Any]) -> Encoding:
        """The encoding for a table with ``options``."""
        ...

    def action_blocks(self, options: Mapping[str, Any]) -> dict[str, int]:
        """Where each form of decision's indices start."""
        ...

    def action(self, view: Any, index: int) -> Action | None:
        """The attempt at ``index`` for ``view``'s seat (None: nothing it could try now)."""
        ...

    def penalty_cards(self, view: Any) -> Sequence[int] | None:
        """The penalty cards each seat has been given, as ``view`` tells them (None: none counted)."""
        ...

    #: the per-action features' name and version ("" when the encoding has none)
    action_features_name: str

    def action_feature_names(self) -> list[str]:
        """What each number of an ``action_features`` row means, in order."""
        ...

    def action_features(self, view: Any, legal: Sequence[Action]) -> list[list[float]]:
        """One row of ``len(action_feature_names())`` numbers per legal action, in ``legal``'s order."""
        ...

    def observation_size(self, options: Mapping[str, Any]) -> int: ...

    def action_size(self, options: Mapping[str, Any]) -> int: ...

    def observe(self, view: Any) -> list[float]: ...

    def fields(self, options: Mapping[str, Any]) -> list[Piece]: ...

    def index(self, view: Any, action: Action) -> int: ...


class Piece(NamedTuple):
    """One named piece of an observation: ``size`` floats from ``offset``, each within
    ``low``..``high`` (infinite where the encoding knows no bound)."""

    name: str
    offset: int
    size: int
    low: float = -inf
    high: float = inf


class EncodingBase:
    """The defaults of an encoding's optional parts: a game's encoding subclasses it and
    overrides what its game needs."""

    names_actions: bool = False
    sized_with: str = ""

    def bound(self, options: Mapping[str, Any]) -> Self:
        """The same encoding for every table: its lists do not depend on the options."""
        return self

    def action_blocks(self, options: Mapping[str, Any]) -> dict[str, int]:
        """One block, ``action``, of every index."""
        return {"action": 0}

    def action(self, view: Any, index: int) -> Action | None:
        """No index is named without the legal list (``names_actions`` is false)."""
        return None

    def penalty_cards(self, view: Any) -> Sequence[int] | None:
        """The game's views count no penalty cards: there is nothing to shape a reward by."""
        return None

    action_features_name: str = ""

    def action_feature_names(self) -> list[str]:
        """No per-action features unless the game's encoding defines them."""
        return []

    def action_features(self, view: Any, legal: Sequence[Action]) -> list[list[float]]:
        """GameError: this game's encoding describes no action by features."""
        raise GameError("this game's encoding has no per-action features")


def blocks(sizes: Iterable[tuple[str, int]]) -> tuple[dict[str, int], int]:
    """Where each named block of an index space starts, laid end to end; and the total."""
    at: dict[str, int] = {}
    total = 0
    for name, size in sizes:
        at[name] = total
        total += size
    return at, total


def decisions(game: Game[Any, Any], state: Any, seat: int) -> list[Action]:
    """What ``seat`` may decide now: its legal actions, and ``wait`` when the rules have a deadline."""
    out = [a for a in game.legal(state) if a.seat == seat]
    if game.deadline(state) is not None:
        out.append(Action(seat, WAIT))
    return out


def attempts(game: Game[Any, Any], state: Any, seat: int, encoding: Encoding, size: int) -> list[Action]:
    """``seat``'s legal actions, and in table mode every other attempt the encoding can name for
    it (``encoding.action(view, index)``) that the referee would judge rather than refuse: an
    action that breaks a rule is offered, and costs its penalty. Why: in a game whose rules are
    secret (Mao) the legal list tells the rules; this list tells only what a person could try.
    (No ``wait``: an environment that offers attempts says what passing means.)"""
    if not encoding.names_actions:
        raise GameError(f"{game.title}'s encoding cannot list attempts (it has no 'action')")
    out = [a for a in game.legal(state) if a.seat == seat]
    if state.mode != TABLE:
        return out
    view = game.view(state, seat)
    seen = {encoding.index(view, a) for a in out}
    for i in range(size):
        action = encoding.action(view, i) if i not in seen else None
        if action is not None:
            why = game.check(state, action)
            if why is None or why.penalty is not None:
                out.append(action)
    return out


def carry_out(game: Game[Any, Any], state: Any, action: Action) -> list[Event]:
    """Apply a decision of ``decisions``: a wait advances the clock to the next deadline."""
    if action.kind == WAIT:
        due = game.deadline(state)
        if due is None:
            raise GameError("there is nothing to wait for now")
        return game.advance(state, due)
    return game.apply(state, action)


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


def bounds(pieces: Sequence[Piece]) -> tuple[list[float], list[float]]:
    """The least and greatest value of every float of an observation laid out as ``pieces``
    (an environment's observation box)."""
    low: list[float] = []
    high: list[float] = []
    for piece in pieces:
        low.extend([piece.low] * piece.size)
        high.extend([piece.high] * piece.size)
    return low, high


#: bounds of a piece whose floats are flags or shares (0 or 1, 0..1)
UNIT = (0.0, 1.0)
#: bounds of a piece that is never negative and has no known greatest value
COUNT = (0.0, inf)
#: bounds of a direction or other sign (-1, 0, 1)
SIGN = (-1.0, 1.0)


class Features:
    """A flat feature list built piece by piece (helpers keep encodings short and fixed in
    length); each piece is named as it is added, so ``pieces`` says what the list holds."""

    def __init__(self) -> None:
        self.values: list[float] = []
        self._starts: list[tuple[str, int, tuple[float, float]]] = []  # cheap on the hot path

    def _piece(self, name: str, at: int, bounds: tuple[float, float]) -> None:
        self._starts.append((name, at, bounds))

    @property
    def pieces(self) -> list[Piece]:
        """The pieces added so far, each running to where the next starts."""
        ends = [at for _, at, _ in self._starts[1:]] + [len(self.values)]
        return [Piece(name, at, end - at, *b) for (name, at, b), end in zip(self._starts, ends)]

    def one_hot(self, value: int | None, size: int, name: str = "") -> None:
        """``size`` slots, a 1 at ``value`` (none for None or out of range)."""
        at = len(self.values)
        self.values.extend([0.0] * size)
        if value is not None and 0 <= value < size:
            self.values[at + value] = 1.0
        self._piece(name, at, UNIT)

    def counts(self, items: Iterable[int], size: int, scale: float = 1.0, name: str = "",
               most: float = inf) -> None:
        """How many of each item (card kinds, say), times ``scale``; ``most``: the greatest count
        of one item (before scaling) where the game bounds it (a card of one deck: 1)."""
        at = len(self.values)
        self.values.extend([0.0] * size)
        for i in items:
            self.values[at + i] += scale
        self._piece(name, at, (0.0, most * scale))

    def scalar(self, name: str, value: float, bounds: tuple[float, float] = (-inf, inf)) -> None:
        """One named number within ``bounds`` (``UNIT`` for a flag or share, ``COUNT``, ``SIGN``)."""
        at = len(self.values)
        self.values.append(float(value))
        self._piece(name, at, bounds)

    def scalars(self, *values: float) -> None:
        """Unnamed numbers, unbounded (an encoding names them with ``scalar`` instead)."""
        at = len(self.values)
        self.values.extend(float(v) for v in values)
        self._piece("", at, (-inf, inf))

    def per_seat(self, values: Sequence[float], seat: int, slots: int, scale: float = 1.0, name: str = "",
                 bounds: tuple[float, float] = (-inf, inf)) -> None:
        """One value per seat, starting from ``seat`` (so "me" is always first), padded to ``slots``;
        ``bounds``: of the values as scaled."""
        at = len(self.values)
        n = len(values)
        self.values.extend(values[(seat + i) % n] * scale if i < n else 0.0 for i in range(slots))
        self._piece(name, at, bounds)

    def relative_seat(self, other: int | None, seat: int, players: int, slots: int, name: str = "") -> None:
        """Which seat ``other`` is, counted from ``seat``, one-hot over ``slots`` (none for None)."""
        self.one_hot(None if other is None else (other - seat) % players, slots, name)


class Subsets:
    """Index space of the subsets of ``positions`` places whose size is in ``sizes``.

    Why: a choice of several cards (a set played from a hand, a declared hand
    of five table cards, cards to change) has too many subsets for a bitmask
    when the hand is long, and only a few sizes are ever legal. A subset is
    ranked in the combinatorial number system (colexicographic), one block
    per size: ``rank`` and ``size`` are exact and need no table.
    """

    def __init__(self, positions: int, sizes: Iterable[int]):
        self.positions = positions
        self.sizes = tuple(sorted(set(sizes)))
        self.start: dict[int, int] = {}
        at = 0
        for k in self.sizes:
            self.start[k] = at
            at += comb(positions, k)
        self.size = at

    def rank(self, chosen: Iterable[int]) -> int:
        """The index of the set of places ``chosen`` (GameError when it is outside the space)."""
        places = sorted(set(chosen))
        k = len(places)
        if k not in self.start or (places and not 0 <= places[0] <= places[-1] < self.positions):
            raise GameError(f"a choice of {k} of these places is outside the index space "
                            f"(sizes {self.sizes}, places 0..{self.positions - 1})")
        return self.start[k] + sum(comb(p, i + 1) for i, p in enumerate(places))
