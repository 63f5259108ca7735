"""The kinds of My Game action, as a ``StrEnum``: each value is the word the JSON form, replay
files and scenario files use (``{"action": "play"}``), so members compare and serialise as those
strings while the code names them. Its own module so that the rules, the flow, the bots and the
encoding name kinds without importing the game object."""

from __future__ import annotations

from enum import StrEnum


class Kind(StrEnum):
    """My Game's actions: the JSON ``action`` words."""

    PLAY = "play"  # a card onto the discard pile
    CALL = "call"  # the suit to follow, named by whoever just played an eight
    DRAW = "draw"  # the top card of the draw pile, and the turn ends (R-5, H-1)
    PASS = "pass"  # nothing to play and nothing to draw
