"""The kinds of Shedding action, as a ``StrEnum``: each value is the word the JSON form,
replay files and scenario files use (``{"action": "play"}``), so members compare and
serialise as those strings while the code names them. Its own module so that the rules,
the flow, the bots and the encoding name kinds without importing the game object."""

from __future__ import annotations

from enum import StrEnum


class Kind(StrEnum):
    """Shedding's actions: the JSON ``action`` words."""

    PLAY = "play"  # a card onto the discard pile: a turn's first card or the next of its run (S-2.1)
    END = "end"  # end the run: the last card placed takes effect (S-2.1, S-4.7)
    DRAW = "draw"  # draw 1, or the whole draw pressure, and the turn ends (S-2.1, H-1)
    DECLINE = "decline"  # leave a Queen uncovered: draw 1 and the turn ends (S-3.5)
    DECLARE = "declare"  # say "last card" (S-7.1)
    SHOW = "show"  # expose a card: only ever attempted, and judged (S-6.2)
