"""The deck (KT-1.1), its notation, and deck composition as a validated option (KT-1.2)."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from houserules.cards import shuffle
from houserules.engine.core import OptionsError
from houserules.games.king_taco import GAME
from houserules.games.king_taco.cards import (
    EFFECTS, IS_NUMBER, IS_WILD, KINDS, PLAIN_WILD, CardError, build_deck, card_name, parse_card, validate_deck,
)


def test_seed_deck_has_126_cards() -> None:
    deck = build_deck(validate_deck(None))
    counts = Counter(deck)
    assert len(deck) == 126
    assert counts[PLAIN_WILD] == 4  # one plain WILD per red number card
    assert sum(1 for c in deck if IS_WILD[c]) == 4 + len(EFFECTS)  # and one WILD per red effect card
    assert sum(1 for c in deck if IS_NUMBER[c]) == 6 * 4
    assert all(n == 1 for c, n in counts.items() if c != PLAIN_WILD)


@pytest.mark.parametrize("text,name", [
    ("red:3", "red:3"), ("b:skip", "blue:skip"), ("wild:+= 2", "wild:+=2"), ("WILD", "wild"), ("g:-1", "green:--"),
    ("Magenta:NOPE", "magenta:nope"), ("cyan:go fishing", "cyan:go-fishing"), ("yellow:AP1", "yellow:all++"),
])
def test_notation(text: str, name: str) -> None:
    assert card_name(parse_card(text)) == name


def test_every_card_name_round_trips() -> None:
    for c in range(KINDS):
        try:
            assert parse_card(card_name(c)) == c
        except CardError:
            assert card_name(c).startswith("wild:") or card_name(c).endswith(":null")


@pytest.mark.parametrize("bad", ["red", "purple:3", "red:7x", "wild:3", "red:null", ""])
def test_bad_names_say_why(bad: str) -> None:
    with pytest.raises(CardError):
        parse_card(bad)


def test_deck_is_an_option() -> None:
    opts = GAME.options({"players": 2, "hand_size": 5, "deck": {"colours": ["red", "blue"], "numbers": [1, 2, 3, 4, 5], "effects": ["skip", "nope"],
                                  "plain_wilds": 2, "wild_effects": ["rage"]}})
    deck = build_deck(opts["deck"])
    assert len(deck) == 2 * 7 + 2 + 1
    state = GAME.new(GAME.options({"players": 2, "hand_size": 5, "deck": opts["deck"]}), 1)
    assert sorted(state.all_cards()) == sorted(deck)
    assert state.colours == (0, 4)


@pytest.mark.parametrize("deck,word", [
    ({"colours": ["pink"]}, "colour"), ({"numbers": [0]}, "numbers"), ({"effects": ["3"]}, "effects"),
    ({"plain_wilds": -1}, "plain_wilds"), ({"shape": 1}, "shape"), ({"colours": []}, "colour"),
    ({"numbers": [], "colours": ["red"]}, "number"),
])
def test_bad_decks_are_refused_by_name(deck: dict, word: str) -> None:
    with pytest.raises(OptionsError, match=word):
        GAME.options({"deck": deck})


@pytest.mark.parametrize("raw,word", [({"players": 1}, "players"), ({"players": 9}, "players"), ({"goto": 0}, "goto"),
                                       ({"hand_size": 30}, "hand_size"), ({"colour": 1}, "colour"), ({"mode": "x"}, "mode")])
def test_bad_options_are_refused_by_name(raw: dict, word: str) -> None:
    with pytest.raises(OptionsError, match=word):
        GAME.options(raw)


def test_too_small_a_deck_is_refused() -> None:
    with pytest.raises(OptionsError, match="too few"):
        GAME.options({"players": 8, "hand_size": 20, "deck": {"colours": ["red"]}})


def test_deal() -> None:
    """KT-H1, KT-H2: 7 cards each, the dealer's left starts, the first discard is a number."""
    from houserules.games.king_taco.cards import IS_NUMBER

    for seed in range(30):
        state = GAME.new(GAME.options({"players": 5}), seed)
        assert [len(h) for h in state.hands] == [7] * 5
        assert state.turn == 0 and IS_NUMBER[state.discard[-1]]
        assert not any(IS_NUMBER[c] for c in state.discard[:-1])


#: six cards, two of them numbers, dealt two each to two players: both numbers land in the hands
#: in two deals of five (a deal crashed then: nothing was left to turn up, IndexError)
TINY = {"players": 2, "hand_size": 2, "deck": {"colours": ["red"], "numbers": [1, 2], "effects": [],
                                               "plain_wilds": 4, "wild_effects": []}}


def test_a_deal_that_leaves_no_number_card_to_turn_up_is_dealt_again() -> None:
    """KT-H2's misdeal: every deal starts the pile on a number card, also from a deck whose
    numbers can all be dealt into the hands (the deal crashed there); the deal kept is whole."""
    misdeals = 0
    for seed in range(40):
        state = GAME.new(GAME.options(TINY), seed)
        assert [len(h) for h in state.hands] == [2, 2] and IS_NUMBER[state.discard[-1]]
        assert sorted(state.all_cards()) == sorted(build_deck(state.options["deck"]))
        first = build_deck(state.options["deck"])
        shuffle(random.Random(seed), first)
        misdeals += not any(IS_NUMBER[c] for c in first[:-4])  # the first deal's hands hold both numbers
    assert misdeals > 5


def test_a_deck_met_before_answers_as_met_afresh() -> None:
    """A deck description is read from the ones met lately only when it would encode to the same
    JSON (issue 26): ``True == 1`` in Python but not in JSON, so ``[True, ...]`` after ``[1, ...]``
    is validated afresh, keeping its ``true``; and each answer is the caller's own to change."""
    first = validate_deck({"numbers": [1, 2, 3, 4]})
    assert first["numbers"] == [1, 2, 3, 4] and type(first["numbers"][0]) is int
    flagged = validate_deck({"numbers": [True, 2, 3, 4]})
    assert flagged["numbers"][0] is True
    first["colours"].append("purple")
    first["numbers"].clear()
    again = validate_deck({"numbers": [1, 2, 3, 4]})
    assert again["colours"] == ["red", "yellow", "green", "cyan", "blue", "magenta"]
    assert again["numbers"] == [1, 2, 3, 4] and type(again["numbers"][0]) is int
    with pytest.raises(ValueError, match="number"):
        validate_deck({"numbers": [1.0, 2, 3, 4]})  # after [1, 2, 3, 4]: a float is not a whole number
    assert build_deck(validate_deck(None)) == build_deck(validate_deck({}))
