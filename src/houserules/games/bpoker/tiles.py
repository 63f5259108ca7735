"""Set tiles: the acceptable sets that "remain tiled" (seed L976-1164), recognised by their cards.

Why by their cards: a tile made by a set is the set's cards kept together on
a table with no value in effect (``Slot.eff is None``), and only the listed
combinations are acceptable (L923-934), so the cards say which set it is.
A 5-tile (and the 5+5+card set) carries a value in effect and is not a set
tile here. Pure: reads slots only, so ``zones`` and ``declare`` can ask it.
"""

from __future__ import annotations

from typing import Final

from .cards import CLUBS, DIAMONDS, HEARTS, PER_DECK, rank, suit
from .state import BState, Slot

THREES: Final = "3C+3C"
SIXES: Final = "6+6+6"
BLACK_HOLE: Final = "black-hole"
WHITE_HOLE: Final = "white-hole"
LOCK: Final = "10D+card"
JACKS: Final = "J+J+J"


def _index(r: int, s: int) -> int:
    """A standard card's index in its deck (``cards``: suit-major, 2 first)."""
    return s * 13 + r - 2


_TEN_D: Final = _index(10, DIAMONDS)
_THREE_C: Final = _index(3, CLUBS)
_SEVEN_H: Final = _index(7, HEARTS)
_SEVEN_C: Final = _index(7, CLUBS)


def set_kind(slot: Slot) -> str | None:
    """Which set tile ``slot`` is, or None (a single card or a 5-tile). Asked of every slot at
    nearly every decision (issue 26), so it compares the cards' indices in their decks (one per
    face, but the two Jokers, which no tile here names) and builds nothing."""
    cards = slot.cards
    n = len(cards)
    if n < 2 or slot.eff is not None:
        return None
    if n == 2:
        a, b = cards[0] % PER_DECK, cards[1] % PER_DECK
        if a == _TEN_D:
            return LOCK
        if a == b:
            if a == _THREE_C:
                return THREES
            if a == _SEVEN_H:
                return BLACK_HOLE
            if a == _SEVEN_C:
                return WHITE_HOLE
        return None
    if n == 3:
        r = rank(cards[0])
        if (r == 6 or r == 11) and rank(cards[1]) == r and rank(cards[2]) == r:
            return SIXES if r == 6 else JACKS
    return None


def unit(slot: Slot) -> bool:
    """A working 6+6+6 (the Discreationary Shafting Unit): its continuous effects count only while
    it is not no-effect (BP-NE)."""
    return not slot.ne and set_kind(slot) == SIXES


def immune(slot: Slot, by: int) -> bool:
    """Whether a card of rank ``by`` cannot affect ``slot``: a 6+6+6 is immune to Ks, 9s and 2s
    (L1042-1049), and to 8s when its three 6s share a suit (L1056-1058)."""
    if not unit(slot):
        return False
    return by in (2, 9, 13) or (by == 8 and len({suit(c) for c in slot.cards}) == 1)


def upright(slot: Slot) -> list[int]:
    """A unit's 6s not yet turned sideways (each can be turned once to shaft, L1062-1067)."""
    return [c for c in slot.cards if c not in slot.side] if unit(slot) else []


def live_sets(state: BState, seat: int, kind: str) -> list[Slot]:
    """``seat``'s set tiles of ``kind`` that work: on the table, not no-effect."""
    return [s for s in state.tables[seat] if not s.ne and set_kind(s) == kind]


def fee_factor(state: BState) -> int:
    """J+J+J (L1156-1164): every fee paid by anyone is doubled, tripled if the Js share a suit;
    two such tiles multiply (house rule BP-H24: each tile's effect applies to the fee)."""
    factor = 1
    for table in range(state.players):
        for s in live_sets(state, table, JACKS):
            factor *= 3 if len({suit(c) for c in s.cards}) == 1 else 2
    return factor


def locked_rank(state: BState, seat: int) -> set[int]:
    """10♦+card (L1127-1136): the ranks that may not be played onto ``seat``'s table."""
    return {rank(s.cards[1]) for s in live_sets(state, seat, LOCK)}


def kept_on_scrap(slot: Slot) -> bool:
    """6+6+6 and 10♦+card are not scrapped (L1038-1039, L1141-1142), while they work."""
    return not slot.ne and set_kind(slot) in (SIXES, LOCK)
