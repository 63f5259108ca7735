"""Shedding clauses that are easier to state as code than as a scenario."""

from __future__ import annotations

import pytest

from houserules.cards import NAMES, RANK, parse_card
from houserules.engine import Action, GameError, OptionsError, get_game
from houserules.games.shedding.rules import DRAW_VALUE, IS_QUEEN

GAME = get_game("shedding")


@pytest.mark.parametrize("raw, message", [
    ({"players": 1}, "players must be 2 to 5"),
    ({"players": 6}, "players must be 2 to 5"),
    ({"hand_size": 6}, "hand_size must be 5 or 7"),
    ({"mode": "casual"}, "mode must be one of"),
    ({"dealer": 9}, "dealer must be a seat"),
    ({"colour": "red"}, "unknown Shedding option"),
])
def test_options_are_validated(raw, message):
    """S-1.1, S-1.2: only 2-5 players and hands of 5 or 7; every bad option is named."""
    with pytest.raises(OptionsError, match=message):
        GAME.options(raw)


def test_defaults():
    opts = GAME.options({})
    assert (opts["players"], opts["hand_size"], opts["mode"]) == (4, 5, "strict")


def test_deck_is_52_distinct_cards_and_first_player_is_left_of_dealer():
    """S-1.3, S-1.4, S-1.5."""
    for seed in range(20):
        state = GAME.new({"players": 4, "dealer": seed % 4}, seed)
        cards = state.all_cards()
        assert sorted(cards) == list(range(52))
        assert len(state.discard) == 1
        assert state.turn == (seed % 4 + 1) % 4


def _seed_with_start(pred) -> int:
    return next(s for s in range(10_000) if pred(GAME.new({"players": 3}, s).discard[-1]))


@pytest.mark.parametrize("name, pred", [
    ("two", lambda c: RANK[c] == 2),
    ("black jack", lambda c: DRAW_VALUE[c] == 5),
    ("eight", lambda c: RANK[c] == 8),
    ("king", lambda c: RANK[c] == 13),
])
def test_starting_discard_has_no_effect(name, pred):
    """H-5: a starting 2, black Jack, 8 or King does nothing: no pressure, no skip, no reverse."""
    state = GAME.new({"players": 3}, _seed_with_start(pred))
    assert (state.pending, state.turn, state.direction) == (0, 0, 1)


def test_starting_queen_must_be_covered():
    """H-5 + S-2.3: a starting Queen gives the first player a free start that must be covered."""
    state = GAME.new({"players": 3}, _seed_with_start(lambda c: IS_QUEEN[c]))
    legal = GAME.legal(state)
    assert {a.kind for a in legal} <= {"play", "decline", "declare"}
    assert {a.card for a in legal if a.kind == "play"} == set(state.hands[0])


def test_action_json_round_trip():
    for action in [Action(0, "play", parse_card("10H")), Action(2, "draw"), Action(1, "show", 0)]:
        assert GAME.action_from_json(GAME.action_to_json(action)) == action
    assert GAME.action_to_json(Action(0, "play", parse_card("QS"))) == {"seat": 0, "action": "play", "card": "QS"}


@pytest.mark.parametrize("obj, message", [
    ({"seat": 0, "action": "fly"}, "unknown action"),
    ({"seat": "0", "action": "draw"}, "seat"),
    ({"seat": 0, "action": "play"}, "needs a card"),
    ({"seat": 0, "action": "play", "card": "ZZ"}, "not a card"),
    ({"seat": 0, "action": "draw", "card": "QS"}, "takes no card"),
    ({"seat": 0, "action": "draw", "colour": "red"}, "unknown action key"),
    ([1, 2], "JSON object"),
])
def test_malformed_actions_are_clear_errors(obj, message):
    with pytest.raises(GameError, match=message):
        GAME.action_from_json(obj)


def test_refusals_name_the_rule():
    state = GAME.scenario_state(GAME.options({"players": 2}), {
        "hands": [["5H", "7H"], ["5C"]], "discard": ["5S"], "draw": []}, 0)
    from houserules.engine import act

    act(GAME, state, Action(0, "play", parse_card("5H")))
    [refusal] = act(GAME, state, Action(0, "play", parse_card("7H")))
    assert refusal.kind == "refused" and refusal.data["rule"] == "S-3.1"
    [refusal] = act(GAME, state, Action(0, "play", parse_card("KS")))
    assert refusal.data["rule"] == "hand" and "do not hold KS" in refusal.data["reason"]


def test_copy_is_independent():
    state = GAME.new({"players": 3}, 5)
    twin = state.copy()
    assert twin.snapshot() == state.snapshot()
    GAME.apply(twin, GAME.legal(twin)[0])
    assert twin.snapshot() != state.snapshot()
    assert NAMES[state.discard[-1]]  # untouched original still whole


def test_a_mistakes_retracted_card_is_seen_by_everyone_as_at_a_table() -> None:
    """H-21: the attempted card of a Mistake was laid on the pile, then taken back:
    every seat (and a spectator) sees which card it was; nothing else of the hand."""
    game = get_game("shedding")
    state = game.new({"players": 3, "mode": "table"}, 4)
    seat = state.turn
    wrong = next(c for c in state.hands[seat] if Action(seat, "play", c) not in game.legal(state))
    from houserules.engine import act

    events = act(game, state, Action(seat, "play", wrong))
    penalty = next(e for e in events if e.kind == "penalty")
    for viewer in (None, 0, 1, 2):
        told = penalty.for_seat(viewer)
        assert told["card"] == NAMES[wrong] and told["name"] == "mistake"
        if viewer != seat:  # the cards drawn for the penalty stay the penalised seat's secret
            assert not set(told) & {"hand", "cards"}
    assert wrong in state.hands[seat]
