"""Joint effects (seed L1199-1246): cards present together on your table give an effect.

Why its own module: a joint effect reads several cards at once, by value,
and spends them. A card serves if it is on your table, not no-effect, not
wild, and is either a single card or a 5-tile's card-in-effect — then the
tile's last card is the one discarded and the rest is broken up; no other
tiled card can serve (L1204-1217). Two joint effects:

- the **Reflector** (6 + 10♦, L1221-1239): a card being forced onto your
  table is forced back onto the forcer's table instead; a K♣ needs two full
  reflector pairs. It is one more reaction record in ``reactions``.
- **Neutralization** (3♣ + wild, L1243-1246): discard both, to be rid of
  a compulsory 3♣; a free action of your own turn (``use`` the 3♣).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from ...engine.core import Event, event
from .cards import CLUBS, DIAMONDS, card_name, parse_card
from .machine import ask, step
from .state import BState, Frame, Slot
from .zones import lift, value

Want = Callable[[tuple[int, int]], bool]
SIX: Final[Want] = lambda v: v[0] == 6
TEN_D: Final[Want] = lambda v: v == (10, DIAMONDS)
THREE_C: Final[Want] = lambda v: v == (3, CLUBS)


def serving(state: BState, seat: int, want: Want, but: int = -1) -> list[Slot]:
    """``seat``'s slots that can serve in a joint effect as a card ``want`` accepts (L1204-1217);
    ``but``: a 10♦ that may not serve (the one through which another seat controls this hand)."""
    return [s for s in state.tables[seat] if not s.ne and not s.wild and s.top != but
            and (len(s.cards) == 1 or s.eff is not None) and want(value(s))]


def spend(state: BState, slots: list[Slot]) -> list[Event]:
    """Discard the serving cards (a tile's last card; the rest of the tile is broken up)."""
    events: list[Event] = []
    for s in slots:
        card = s.top
        events += lift(state, card)
        state.discard.append(card)
    return events


def reflector_pairs(state: BState, seat: int, held: int) -> tuple[list[Slot], list[Slot]]:
    return serving(state, seat, SIX), serving(state, seat, TEN_D, held)


# --- Neutralization ----------------------------------------------------------------------------
def wilds(state: BState, seat: int) -> list[Slot]:
    return [s for s in state.tables[seat] if s.wild]


def neutralizers(state: BState, seat: int) -> list[int]:
    """The 3♣s (by the slot's last card) ``seat`` may neutralize now: he has a wild as well."""
    return [s.top for s in serving(state, seat, THREE_C)] if wilds(state, seat) else []


@step("neutralize")
def _neutralize(state: BState, f: Frame) -> list[Event]:
    three = f.data[0]
    return ask(state, f.seat, "BP-JE.N", "discard which wild with the 3♣",
               [card_name(s.top) for s in wilds(state, f.seat)], "neutralize.do", three)


@step("neutralize.do")
def _neutralize_do(state: BState, f: Frame) -> list[Event]:
    three, wild = f.data[0], parse_card(f.data[1])
    events = lift(state, three) + lift(state, wild)
    state.discard += [three, wild]
    return events + [event("neutralized", f.seat, {"cards": (card_name(three), card_name(wild)),
                                                   "clause": "BP-JE.N"})]

