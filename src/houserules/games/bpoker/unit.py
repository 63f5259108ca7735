"""The Discreationary Shafting Unit (6 + 6 + 6, seed L1019-1089): its trigger and its sideways 6s.

Why its own module: the unit is the one set tile with a decision of its own.
At a free moment of your turn you may turn one of its upright 6s sideways
(not separated, not no-effect) and force a card onto any table as though you
had just played a 6 (``{"action": "use", "card": "6S"}``, naming the 6).
When all three are sideways the tile is discarded at once (L1070-1071); a
no-effect J's discard effect may turn one back (L1074-1076, ``restorable``);
replaying the tile clears them (L1079-1081, ``play.replay``) and breaking it
lets the sideways ones enter as no-effect 6s (L1084-1087, ``zones.pieces``).
Its immunities (Ks, 9s, 2s, same-suit 8s) are ``tiles.immune``.
"""

from __future__ import annotations

from ...engine.core import Event, event
from .cards import card_name, suit
from .machine import push, step
from .play import NOBODY, Ctx
from .state import TURN, BState, Frame, Slot
from .tiles import unit, upright


def triggers(state: BState, seat: int) -> list[int]:
    """The 6s ``seat`` may turn sideways now: during his own turn, after its beginning, with a
    card in his viewing hand to force (house rule BP-H27: a shaft with nothing to force is not offered)."""
    if state.phase != TURN or state.turn != seat or state.turn_over or not state.viewing[seat]:
        return []
    return [c for s in state.tables[seat] for c in upright(s)]


def _unit_of(state: BState, seat: int, six: int) -> Slot | None:
    return next((s for s in state.tables[seat] if unit(s) and six in s.cards), None)


@step("unit.use")
def _use(state: BState, f: Frame) -> list[Event]:
    """Turn the 6 sideways; discard the tile if all three are; then the Shaft (L1062-1071)."""
    six = f.data[0]
    slot = _unit_of(state, f.seat, six)
    assert slot is not None
    slot.side = (*slot.side, six)
    events = [event("unit-sideways", f.seat, {"card": card_name(six), "clause": "BP-P.6T"})]
    if len(slot.side) == len(slot.cards):
        state.tables[f.seat].remove(slot)
        state.discard.extend(slot.cards)
        events.append(event("unit-spent", f.seat, {"cards": tuple(card_name(c) for c in slot.cards),
                                                   "clause": "BP-P.6T"}))
    push(state, "6", f.seat, Ctx(six, 6, suit(six), NOBODY))
    return events


def sideways_sixes(state: BState) -> list[int]:
    """Every sideways 6 of a working unit on any table: what a J's discard may turn back (L1074-1076)."""
    return [c for t in state.tables for s in t if unit(s) for c in s.side]


def unsideways(state: BState, six: int) -> list[Event]:
    """Turn a unit's sideways 6 upright again (a J's discard effect, BP-P.6J)."""
    for t in state.tables:
        for s in t:
            if unit(s) and six in s.side:
                s.side = tuple(c for c in s.side if c != six)
                return [event("unit-upright", None, {"card": card_name(six), "clause": "BP-P.6J"})]
    return []
