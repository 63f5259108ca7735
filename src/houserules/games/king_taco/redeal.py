"""King Taco's redeal of what a seat cannot see (``determinize``): the other hands and the draw pile.

Outside an auction every arrangement of those cards is one the seat could not tell from the real
one. In an auction (KT-9.5) the table has seen more: the seat asked for its discard holds a
number card, the seats the auction came past without asking hold none, and the seats still to
come will be asked exactly if they hold one. A redeal keeps the first two (engine/counted.py)
and queues the seats still to come by their redrawn hands. (A redeal that took the number card
from the seat asked left a search's playout with no legal move; one that kept the real queue
told the search which seats really hold a number.)
"""

from __future__ import annotations

import random

from ...engine.base import redeal
from ...engine.counted import redeal_counted
from .cards import IS_NUMBER
from .state import AUCTION_DISCARD, KingTacoState
from .turns import seats_from


def hidden(state: KingTacoState, seat: int) -> list[list[int]]:
    """Other hands and the draw pile (every played card was seen)."""
    return [h for s, h in enumerate(state.hands) if s != seat] + [state.draw]


def determinize(state: KingTacoState, seat: int, rng: random.Random) -> KingTacoState:
    """A copy with every card ``seat`` cannot see redrawn, keeping what the table saw (module doc)."""
    twin = state.copy()
    zones = hidden(twin, seat)
    if twin.auction is None or twin.pending != AUCTION_DISCARD:
        redeal(zones, rng)
        return twin
    starter, asked = twin.auction_starter, twin.pending_seat
    order = [s for s in seats_from(twin, starter) if s != starter]
    at = order.index(asked)
    passed_over = {s for s in order[:at] if s not in twin.auction_asked}
    others = [s for s in range(twin.players) if s != seat]
    counts = [range(1, len(twin.hands[s]) + 1) if s == asked else range(1) if s in passed_over else None
              for s in others] + [None]
    redeal_counted(zones, rng, IS_NUMBER.__getitem__, counts)
    twin.queue = [s for s in order[at + 1:] if any(IS_NUMBER[c] for c in twin.hands[s])]
    return twin
