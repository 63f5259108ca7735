"""Mao tells nobody who owes a duty (issue 23): what a seat is offered off its turn, the
"Your move" a screen draws from it, whose turn clock runs, and what a refusal cites."""

from __future__ import annotations

from typing import Any

from houserules.cards import parse_card
from houserules.clock import ClockSpec
from houserules.engine import registry
from houserules.engine.core import STRICT, Action
from houserules.engine.referee import act
from houserules.table import Table

GAME = registry.get("mao")
HANDS = [["6C", "5H", "QS", "KD", "9S"], ["7C", "3D", "JH", "4S", "8H"], ["2C", "10S", "AD", "6D", "9H"]]
DRAW = ["3C", "4C", "8C", "9C", "10C", "JC", "KC", "2D", "4D", "5D", "7D", "8D"]


def _state(**options: Any) -> Any:
    opts = GAME.options({"players": 3, **options})
    return GAME.scenario_state(opts, {"hands": HANDS, "discard": ["5C"], "draw": DRAW, "dealer": 2, "turn": 0}, 0)


def _seen(state: Any) -> tuple[Any, ...]:
    """Everything a screen draws who is asked from: each seat's offer, and whose clock runs."""
    return (tuple(tuple(GAME.offer(state, s)) for s in range(3)), GAME.on_the_clock(state))


def test_a_duty_owed_changes_no_offer_and_no_running_clock() -> None:
    owes, free = _state(), _state()
    act(GAME, owes, Action(0, "play", parse_card("5H")))  # 5H: a Hearts card, two knocks owed
    act(GAME, free, Action(0, "play", parse_card("6C")))  # 6C: nothing owed
    assert GAME.to_act(owes) != GAME.to_act(free)  # the rules do wait for the knock ...
    assert [len(o) for o in _seen(owes)[0]] == [len(o) for o in _seen(free)[0]]  # ... and no screen shows it
    assert GAME.offer(owes, 0) == [] and GAME.on_the_clock(owes) == (1,)


def test_only_the_seat_to_play_is_on_the_clock() -> None:
    """A move clock runs for the seat to play, not for one that owes two knocks."""
    table = Table.create("mao", {"players": 3, "dealer": 2}, 5, {}, {}, clock=ClockSpec(move_s=30.0))
    table.submit(Action(2, "say", arg="The game of maʊ has now started."), 0.0)
    turn = table.state.turn
    table.state.hands[turn][0] = parse_card("5H")  # a Hearts card (conserved: the checks are not asked here)
    table.submit(Action(turn, "play", parse_card("5H")), 1.0)
    assert turn in GAME.to_act(table.state)  # the rules wait for the knocks
    assert table.clock is not None and set(table.clock.since) == {table.state.turn}


def test_refusals_cite_no_rule() -> None:
    rule = {"id": "sevens-quack", "on": "play", "if": ["card.rank == 7"],
            "must": [{"who": "player", "do": "say", "phrase": "Quack", "failure": "failure to quack"}],
            "wrong_time": "quacking"}
    state = _state(mode=STRICT, rules={"set": "standard", "rules": [rule]})
    for attempt in (Action(1, "say", arg="Quack"), Action(1, "say", arg="hello"), Action(1, "play", parse_card("7C")),
                    Action(0, "knock", arg=1), Action(0, "knock", arg=0)):
        refused = act(GAME, state, attempt)
        assert [e.kind for e in refused] == ["refused"], refused
        assert refused[0].data["rule"] in ("M-penalties", "H-input"), refused[0].data
        assert "quack" not in str(refused[0].data["rule"]).lower()
