"""The Discreationary Shafting Unit (6+6+6): what the scenario contract cannot write — a unit that is
itself no-effect, and the sideways 6s as every seat's view shows them."""

from __future__ import annotations

from typing import Any

from houserules.engine.core import Action
from houserules.engine.referee import act
from houserules.games.bpoker.cards import parse_card
from houserules.games.bpoker.declare import hand_cards
from houserules.games.bpoker.game import GAME
from houserules.games.bpoker.literal import literal_state
from houserules.games.bpoker.state import BState
from houserules.games.bpoker.tiles import immune
from houserules.games.bpoker.zones import counted

UNIT = {"tile": ["6C", "6H", "6S"]}


def _state(unit: dict[str, Any], viewing: list[str]) -> BState:
    return literal_state(GAME.options({"players": 3}), {
        "tables": [[unit, "7S"], [], []], "viewing": [viewing, [], []],
        "stash": [["2C#3", "3C#3"], ["2D#3"], ["2H#3"]]}, 0)


def test_a_no_effect_unit_has_none_of_its_effects() -> None:
    working, sideways = _state(UNIT, ["4H"]), _state({**UNIT, "ne": True}, ["4H"])
    assert counted(working, 0) == 1 and counted(sideways, 0) == 4
    assert len(hand_cards(working, 0)) == 1 and len(hand_cards(sideways, 0)) == 4
    assert immune(working.tables[0][0], 13) and not immune(sideways.tables[0][0], 13)
    assert Action(0, "use", parse_card("6S")) in GAME.legal(working)
    assert Action(0, "use", parse_card("6S")) not in GAME.legal(sideways)
    act(GAME, sideways, Action(0, "scrap"))
    assert sideways.tables[0] == [] and len(sideways.discard) == 4


def test_views_show_the_sideways_sixes_and_a_refusal_names_the_trigger() -> None:
    state = _state(UNIT, ["4H"])
    act(GAME, state, Action(0, "use", parse_card("6H")))
    act(GAME, state, Action(0, "choose", arg="4H>seat:1"))
    for seat in (0, 1, 2, None):
        unit = GAME.view(state, seat).data["tables"][0][0]
        assert unit["sideways"] == ["6H"] and unit["cards"] == ["6C", "6H", "6S"]
    before = GAME.snapshot(state)
    events = act(GAME, state, Action(0, "use", parse_card("6C")))  # no card left to force
    assert events[0].kind == "refused" and events[0].data["rule"] == "BP-P.6T"
    assert GAME.snapshot(state) == before
