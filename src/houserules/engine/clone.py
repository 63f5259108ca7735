"""Copying a game state: the shallow part every state shares.

A state is a ``__slots__`` object whose ``copy()`` must be independent of the
original (search bots, "a refusal changed nothing" tests). The common part —
copy every slot, give the copy its own options dict and its own generator in
the same position — is here; each game then copies its own mutable fields.
"""

from __future__ import annotations

import random
from typing import TypeVar

S = TypeVar("S")


def clone_slots(state: S) -> S:
    """A new object of the same class with every slot of ``state`` copied
    shallowly, ``options`` copied and ``rng`` a twin of the original's."""
    cls = type(state)
    new = object.__new__(cls)
    for name in cls.__slots__:  # type: ignore[attr-defined]
        setattr(new, name, getattr(state, name))
    new.options = dict(state.options)  # type: ignore[attr-defined]
    rng = random.Random(0)  # a fixed seed: Random() would read the OS for one, then be overwritten
    rng.setstate(state.rng.getstate())  # type: ignore[attr-defined]
    new.rng = rng  # type: ignore[attr-defined]
    return new
