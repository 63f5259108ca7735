"""Hints for search bots (the game's ``stage`` and ``standing``): where a bpoker playout may stop, and its score.

A bpoker game is a few hands (deals; ``hands``, 3 by default) and is won by
the biggest stash at the end (BP-1.6). A hand's end is a natural place for a
search's playout to stop: the pot has just been paid out, and the stashes as
they stand say how the game is going. Playing the later hands out too costs
a search most of its time (a hand is some thirty actions whose card rules
are dear to resolve) for a score that mostly repeats the stashes.
"""

from __future__ import annotations

from .state import BState


def stage(state: BState) -> int:
    """Hands begun so far: a playout may stop when it changes."""
    return state.hand_no


def standing(state: BState) -> tuple[float, ...]:
    """Each seat's share of the cards in stashes: its stake in the game's win."""
    sizes = [len(z) for z in state.stash]
    total = sum(sizes) or 1
    return tuple(n / total for n in sizes)
