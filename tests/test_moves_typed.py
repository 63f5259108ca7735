"""Typed input read from the move records (engine.moves.Moves.parse): a person types a kind's
word (or one of its phrases) and its fields, or only the bare kind's fields; no game writes a
parser of its own for that (issue 40: Shedding's hand-written parser is gone)."""

from __future__ import annotations

import random

import pytest

from houserules.cards import card_name
from houserules.engine.core import Action
from houserules.games.shedding.game import GAME, MOVES
from houserules.games.shedding.kinds import Kind
from houserules.tui import renderer


@pytest.mark.parametrize(("typed", "action"), [
    ("QS", Action(1, Kind.PLAY, 47)),
    ("play 10h", Action(1, Kind.PLAY, 38)),
    ("Play td", Action(1, Kind.PLAY, 37)),
    ("end", Action(1, Kind.END)),
    ("end run", Action(1, Kind.END)),
    ("END RUN", Action(1, Kind.END)),
    ("draw", Action(1, Kind.DRAW)),
    ("decline", Action(1, Kind.DECLINE)),
    ("declare", Action(1, Kind.DECLARE)),
    ("last card", Action(1, Kind.DECLARE)),
    ("show KS", Action(1, Kind.SHOW, 51)),
])
def test_what_a_person_types_is_read_from_the_records(typed: str, action: Action) -> None:
    assert MOVES.parse(typed, 1) == action
    assert renderer("shedding").parse(typed, 1, None) == action


@pytest.mark.parametrize(("typed", "says"), [
    ("", "type a card or an action"),
    ("play", "play needs a card, e.g. play QS"),
    ("show", "show needs a card, e.g. show QS"),
    ("draw 2", "draw takes nothing more"),
    ("hello", "'hello' is not a card"),
    ("play XX", "play: bad card:"),
])
def test_a_slip_is_one_line_saying_what_was_expected(typed: str, says: str) -> None:
    with pytest.raises(ValueError) as caught:
        MOVES.parse(typed, 0)
    assert says in str(caught.value) and "\n" not in str(caught.value)


def test_every_legal_action_typed_as_its_kind_and_fields_reads_back() -> None:
    """Whatever the rules offer can be typed: the kind's word and its card's name."""
    rng = random.Random(5)
    state = GAME.new(GAME.options({"players": 3}), 5)
    for _ in range(300):
        if GAME.result(state) is not None:
            break
        legal = GAME.legal(state)
        for a in legal:
            typed = f"{a.kind} {card_name(a.card)}" if a.card is not None else str(a.kind)
            assert MOVES.parse(typed, a.seat) == a
        GAME.apply(state, rng.choice(legal))
