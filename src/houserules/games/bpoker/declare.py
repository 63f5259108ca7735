"""The declared 5-card poker hand: what may be declared, its value, the 3♣ obligation (BP-4.6, BP-3C).

A declaration is a choice of at most five cards of the declarer's table
(L70-71); wilds take their best value for the cards chosen (BP-H13: a
person would declare them so; it keeps the choice to the cards). Every 3♣
in effect on the table (up to five) must be in it (L343-348).
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations
from typing import Final

from .cards import CLUBS
from .hands import HandCard, Key, best, declarations, value_key
from .state import BState
from .tiles import THREES, live_sets, set_kind, unit
from .zones import face, value

THREE_CLUBS: Final = (3, CLUBS)


def hand_cards(state: BState, seat: int) -> list[HandCard]:
    """Every card of ``seat``'s table as the evaluator sees it (face values, L423-424), but a
    working 6+6+6's (L1032-1034)."""
    return [HandCard(c, face(c), s.wild) for s in state.tables[seat] if not unit(s) for c in s.cards]


def no_five(state: BState, seat: int) -> bool:
    """3♣ + 3♣ (L976-981): its owner cannot have a 5-card poker hand."""
    return bool(live_sets(state, seat, THREES))


def obliged(state: BState, seat: int) -> list[int]:
    """The 3♣s in effect (not no-effect) on the table: they must be declared, up to five."""
    return [s.top for s in state.tables[seat]
            if not s.ne and not s.wild and set_kind(s) is None and value(s) == THREE_CLUBS][:5]


def options(state: BState, seat: int, most: int = 0) -> list[tuple[int, ...]]:
    """The hands ``seat`` may declare (``most``: at most that many, 0: all; the turn's flow
    asks for two, to see whether there is only one, at every free moment of a declaring turn)."""
    cards, must = hand_cards(state, seat), obliged(state, seat)
    if not no_five(state, seat) or len(cards) < 5:
        return declarations(cards, must, most)
    need = set(must[:4])
    return [combo for combo in combinations(sorted(c.card for c in cards), 4) if need <= set(combo)]


def hand_key(state: BState, seat: int, chosen: tuple[int, ...]) -> Key:
    """The value of ``chosen`` cards of ``seat``'s table as a declared hand (4 cards count under a 3♣+3♣)."""
    return hand_keys(state, seat, (chosen,))[0]


def hand_keys(state: BState, seat: int, choices: Sequence[tuple[int, ...]]) -> list[Key]:
    """``hand_key`` of each of ``choices``, reading the table once: a view lists every
    declaration's hand, and searches build views at every playout move."""
    wild = {c: s.wild for s in state.tables[seat] if not unit(s) for c in s.cards}  # ``hand_cards``, unbuilt
    size = 4 if no_five(state, seat) else 5
    return [_key(wild, chosen, size) for chosen in choices]


def _key(wild: dict[int, bool], chosen: tuple[int, ...], size: int) -> Key:
    """``key_of`` the first ``size`` of ``chosen`` that are in ``wild`` (card: whether it is wild)."""
    picked = [c for c in chosen if c in wild][:size]
    return value_key(sorted([face(c) for c in picked if not wild[c]]), sum([wild[c] for c in picked]))


def declared_key(state: BState, seat: int) -> Key:
    return hand_key(state, seat, state.declared[seat])


def best_formable(state: BState, seat: int) -> tuple[Key, tuple[int, ...]]:
    return best(hand_cards(state, seat), obliged(state, seat))
