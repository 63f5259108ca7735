"""Copying a game state cheaply: the seeded generator shared until it is used, and the
generic shallow copy for states that do not write their own.

A state's ``copy()`` must be independent of the original (search bots copy a
state for every iteration; "a refusal changed nothing" tests compare copies).
Most of what a generic copy cost was its generator: Python's Mersenne Twister
can only be copied by reading out and writing back its 625 words
(``getstate``/``setstate``, two thirds of a copy), while the rules draw from it
rarely (a reshuffle, a deal), and a search bot's redeal replaces it at once.
``Seeded`` therefore lets a copy share its original's generator, and makes
the twin only when one of the two draws from it first; a generator that is
shared is never advanced, so each side sees exactly the numbers it would have
seen with a twin of its own.

Pickled or copied with the ``copy`` module, a state (and a compiled object it
holds) is made again through its constructor and then given every field back
(``remade``; a view, frozen, through its constructor alone), as a compiled state must be
(docs/engine.md, "Compiled").
"""

from __future__ import annotations

import dataclasses
import random
from typing import Any, TypeVar

try:  # read by mypyc as it compiles (mypy brings it); the rules need it at no other time
    from mypy_extensions import mypyc_attr
except ImportError:
    def mypyc_attr(*_: Any, **__: Any) -> Any:  # type: ignore[misc]
        return lambda cls: cls

S = TypeVar("S")


def twin(rng: random.Random) -> random.Random:
    """A generator in the same position as ``rng``, independent of it (not seeded first:
    seeding would read the OS or fill the state, only to be overwritten)."""
    new = random.Random.__new__(random.Random)
    new.setstate(rng.getstate())
    return new


def remade(obj: object, *args: Any) -> tuple[Any, ...]:
    """``obj.__reduce__()`` for pickle and the ``copy`` module: its class called with ``args``
    (any the constructor accepts), then every field of ``obj`` set back."""
    return type(obj), args, obj.__getstate__()


def remade_frozen(obj: Any) -> tuple[Any, ...]:
    """``obj.__reduce__()`` for a frozen dataclass (a view): its class called with every field
    (a compiled frozen one refuses its fields set back one by one)."""
    return type(obj), tuple(getattr(obj, f.name) for f in dataclasses.fields(obj))


@mypyc_attr(allow_interpreted_subclasses=True)  # a game left interpreted subclasses it too (docs/engine.md, "Compiled")
class Seeded:
    """The part of a state that holds its seeded generator (``rng``), shared with copies.

    A state class subclasses this and calls ``share_rng(new)`` in its ``copy``;
    everything reads and writes ``rng`` as before. While shared (``copy`` set
    the flag on both sides), reading ``rng`` first replaces it by a twin, so
    whichever side draws first draws from its own generator.
    """

    __slots__ = ("_rng", "_rng_shared")

    def __init__(self, rng: random.Random) -> None:
        self._rng = rng
        self._rng_shared = False

    @property
    def rng(self) -> random.Random:
        if self._rng_shared:
            self._rng = twin(self._rng)
            self._rng_shared = False
        return self._rng

    @rng.setter
    def rng(self, value: random.Random) -> None:
        self._rng = value
        self._rng_shared = False

    def __reduce__(self) -> tuple[Any, ...]:
        """Every state class's constructor takes ``(options, seed, rng)``, as its ``copy`` calls it."""
        return remade(self, getattr(self, "options"), getattr(self, "seed"), self._rng)

    def share_rng(self, new: Seeded) -> None:
        """Give the copy ``new`` this state's generator, shared until either side reads it."""
        new._rng = self._rng
        new._rng_shared = self._rng_shared = True


def clone_slots(state: S, fields: type) -> S:
    """A new object of ``state``'s class with every slot ``fields`` (a class) declares copied
    shallowly, ``options`` copied and ``rng`` a twin of the original's (for a state that is not
    ``Seeded``: Mao's, whose match state subclasses it uncompiled and adds a slot of its own)."""
    new = object.__new__(type(state))
    for name in fields.__slots__:  # type: ignore[attr-defined]
        setattr(new, name, getattr(state, name))
    new.options = dict(state.options)  # type: ignore[attr-defined]
    new.rng = twin(state.rng)  # type: ignore[attr-defined]
    return new
