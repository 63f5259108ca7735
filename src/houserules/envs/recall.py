"""What each seat remembers in the OpenSpiel bridge: its information state, as text and as numbers.

A seat's recall is a list of steps, oldest first: the view it had after
the deal, then a step each time it acted (its action and the view after)
or its view changed. A move the seat cannot see (another seat's silent
pass) adds nothing, so the recall tells only what the seat saw. The text
of a step is a 12-hex digest of the view's JSON (``a<index>:`` first for
the seat's own action); where the game is short enough for a tensor
(``frames=True``), each step also keeps the view's observation and the
action, and ``tensor`` lays them out as rows of a fixed size.

The steps are linked ``(what came before, text, frame)`` and shared
between copies of a state: OpenSpiel clones a state by deep-copying its
attributes, and a copy of this is one list of references, however long
the game. It pickles as each seat's flat list of steps (OpenSpiel
serializes a Python state by pickling its attributes, and pickle recursed
once per link: a long game's recall was too deep for it).
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from typing import Any

import numpy as np
from numpy.typing import NDArray

#: one step of a recall: its text, and (with frames) the observation and the seat's action
Step = tuple[str, Any]


def digest(text: str) -> str:
    return hashlib.blake2b(text.encode(), digest_size=6).hexdigest()


class Recall:
    """Every seat's steps (module doc)."""

    def __init__(self, players: int, frames: bool = False):
        self.seats: list[Any] = [None] * players
        self.last: list[str | None] = [None] * players  # each seat's view (a digest) at its last step
        self.frames = frames

    def __deepcopy__(self, memo: dict[int, Any]) -> Recall:
        twin = Recall(len(self.seats), self.frames)
        twin.seats, twin.last = list(self.seats), list(self.last)
        return twin

    def __reduce__(self) -> tuple[Any, tuple[list[list[Step]], list[str | None], bool]]:
        return _recall, ([self.steps(seat) for seat in range(len(self.seats))], self.last, self.frames)

    def add(self, seat: int, text: str, frame: Any = None) -> None:
        self.seats[seat] = (self.seats[seat], text, frame)

    def see(self, seat: int, view: str, action: int | None, observe: Callable[[], NDArray[np.float32]]) -> None:
        """``seat`` sees ``view`` (a digest) after a move, its own (``action``) or another's: a step
        when it acted or the view changed (``observe`` gives the view's observation, for frames)."""
        if action is None and view == self.last[seat]:
            return
        self.last[seat] = view
        text = view if action is None else f"a{action}:{view}"
        self.add(seat, text, (observe(), action) if self.frames else None)

    def restart(self, seat: int, view: str, observe: Callable[[], NDArray[np.float32]]) -> None:
        """``seat``'s recall begins again at ``view`` (a resample: its past cannot be rebuilt)."""
        self.seats[seat], self.last[seat] = None, view
        self.add(seat, "sampled:" + view, (observe(), None) if self.frames else None)

    def steps(self, seat: int) -> list[Step]:
        """``seat``'s steps, oldest first."""
        steps = []
        node = self.seats[seat]
        while node is not None:
            node, text, frame = node
            steps.append((text, frame))
        steps.reverse()
        return steps

    def text(self, seat: int) -> str:
        return " ".join(text for text, _ in self.steps(seat))

    def tensor(self, seat: int, out: NDArray[np.float32], rows: int, actions: int) -> None:
        """Write ``seat``'s frames into ``out`` (zeros): ``rows`` observations, then ``rows`` one-hot
        actions of ``actions`` each (a step where another moved has none)."""
        frames = [frame for _, frame in self.steps(seat)][:rows]
        if not frames:
            return
        size = frames[0][0].size
        for row, (observation, action) in enumerate(frames):
            out[row * size:(row + 1) * size] = observation
            if action is not None:
                out[rows * size + row * actions + action] = 1.0


def _recall(seats: list[list[Step]], last: list[str | None], frames: bool) -> Recall:
    """A pickled ``Recall`` back: each seat's steps linked again, oldest first."""
    recall = Recall(len(seats), frames)
    recall.last = list(last)
    for seat, steps in enumerate(seats):
        for text, frame in steps:
            recall.add(seat, text, frame)
    return recall
