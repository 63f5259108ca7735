"""bpoker's card notation: identity across decks, Jokers, and "an ace is not a 1" (BP-1.2)."""

from __future__ import annotations

import pytest

from houserules.games.bpoker.cards import (
    ACE, BLACK1, JOKER, RED1, CardError, card_name, deck, parse_card, rank, shift, suit, value_name,
)


def test_deck_identity() -> None:
    cards = deck(3, 2)
    assert len(cards) == 162 and len(set(cards)) == 162
    names = [card_name(c) for c in cards]
    assert len(set(names)) == 162
    assert all(parse_card(n) == c for n, c in zip(names, cards, strict=True))
    assert {"4D", "4D#2", "4D#3", "JK", "JK#6"} <= set(names)


def test_an_ace_is_not_a_one() -> None:
    assert rank(parse_card("AS")) == ACE and rank(parse_card("JK")) == JOKER == 1
    assert suit(parse_card("JK#4")) == BLACK1
    with pytest.raises(CardError):
        parse_card("1S")


def test_bad_names_are_refused() -> None:
    for bad in ("", "ZZ", "QS#0", "QS#x", "11S", "JK#99"):
        with pytest.raises(CardError):
            parse_card(bad)


def test_fives_shift_ranks_round_a_cycle() -> None:
    assert shift(2, -1) == 1 and shift(ACE, 1) == 1      # L406, L412
    assert shift(1, -1) == ACE and shift(1, 1) == 2      # BP-H20
    assert shift(4, -2) == 2
    assert value_name(1, RED1) == "1 of Red" and value_name(2, 2) == "2♥"
