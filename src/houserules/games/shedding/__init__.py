"""Shedding: the codified Crazy-Eights-family game of seed 001 ("Game Rules —
Consolidated"), for 2-5 players with one 52-card deck.

Players shed cards in *runs*: a first card matching the top discard, then
one-rank steps in suit, same-rank hops to change suit, one Ace wrap, and the
Queen pivot that must be covered. The last card of a turn takes effect (2 and
black Jack build draw pressure, red Jack shields, 8 skips, King reverses).
Penalties are the rulebook's: Mistake, Exposure, Queen not covered, and the
Last Card declaration. The full clause list is docs/rules/shedding.md.

Modules: ``state`` (data, options, deal), ``rules`` (the one legality check),
``flow`` (carrying actions out, penalties), ``view`` (what a seat may know),
``game`` (the Game protocol object ``GAME``).
"""

from .game import GAME, Shedding
from .state import SheddingState
from .view import SheddingView

__all__ = ["GAME", "Shedding", "SheddingState", "SheddingView"]
