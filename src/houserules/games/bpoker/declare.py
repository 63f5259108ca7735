"""The declared 5-card poker hand: what may be declared, its value, the 3♣ obligation (BP-4.6, BP-3C).

A declaration is a choice of at most five cards of the declarer's table
(L70-71); wilds take their best value for the cards chosen (BP-H13: a
person would declare them so; it keeps the choice to the cards). Every 3♣
in effect on the table (up to five) must be in it (L343-348).
"""

from __future__ import annotations

from .cards import CLUBS
from .hands import HandCard, Key, best, declarations, key_of
from .state import BState
from .zones import face, value

THREE_CLUBS = (3, CLUBS)


def hand_cards(state: BState, seat: int) -> list[HandCard]:
    """Every card of ``seat``'s table as the evaluator sees it (face values, L423-424)."""
    return [HandCard(c, face(c), s.wild) for s in state.tables[seat] for c in s.cards]


def obliged(state: BState, seat: int) -> list[int]:
    """The 3♣s in effect (not no-effect) on the table: they must be declared, up to five."""
    return [s.top for s in state.tables[seat] if not s.ne and not s.wild and value(s) == THREE_CLUBS][:5]


def options(state: BState, seat: int) -> list[tuple[int, ...]]:
    return declarations(hand_cards(state, seat), obliged(state, seat))


def declared_key(state: BState, seat: int) -> Key:
    cards = {h.card: h for h in hand_cards(state, seat)}
    return key_of(cards[c] for c in state.declared[seat] if c in cards)


def best_formable(state: BState, seat: int) -> tuple[Key, tuple[int, ...]]:
    return best(hand_cards(state, seat), obliged(state, seat))
