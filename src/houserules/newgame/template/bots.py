"""A heuristic My Game player.

It plays the way a careful person does: it keeps its eights for when nothing else follows,
plays from the suit it holds most of (so that the suit to follow stays one it can follow), calls
that suit after an eight, and draws only when it has nothing to play. It sees only its view.
"""

from __future__ import annotations

from collections.abc import Sequence

from ...bots.base import BotBase
from ...cards import RANK, SUIT
from ...engine.core import Action
from .kinds import Kind
from .rules import EIGHT
from .view import MyGameView


class MyGameHeuristic(BotBase):
    name = "heuristic"

    def __init__(self, seed: int = 0):
        self.seed = seed

    def choose(self, view: MyGameView, legal: Sequence[Action]) -> Action:
        held = [0, 0, 0, 0]  # cards of each suit in hand, eights left out (they follow anything)
        for c in view.hand or ():
            if RANK[c] != EIGHT:
                held[SUIT[c]] += 1
        calls = [a for a in legal if a.kind == Kind.CALL]
        if calls:
            return max(calls, key=lambda a: held[a.arg])
        plays = [a for a in legal if a.kind == Kind.PLAY]
        if plays:
            return max(plays, key=lambda a: (RANK[a.card] != EIGHT, held[SUIT[a.card]], RANK[a.card]))
        return legal[0]  # draw, or pass when there is nothing to draw
