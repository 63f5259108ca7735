"""King Taco: seed 004, an Uno extension by Simon Willover, for 2-8 players.

Six colours and WILDs (126 cards); mana that numbers give and effects cost;
effect *stacks* answered by the next player, resolved through the
stackability matrix the seed left out (``matrix``); effects with lifespans
counted in rounds; ``NOPE`` played out of turn in reaction windows; and the
auction-and-``goto`` way to win. The clause list is docs/rules/king-taco.md.

Modules: ``cards`` (notation, deck), ``state`` (data, options, deal),
``matrix`` (what stacks on what), ``rules`` (the one legality check),
``turns`` (turn passing, drawing, mana, lifespans), ``stacking`` (what
stacks do), ``flow`` (carrying actions out), ``view``, ``stats``,
``literal`` (scenario states) and ``game`` (the ``GAME`` object).
"""

from .game import GAME, KingTaco
from .state import TacoState
from .view import TacoView

__all__ = ["GAME", "KingTaco", "TacoState", "TacoView"]
