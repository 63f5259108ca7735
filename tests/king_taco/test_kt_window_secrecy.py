"""Issue 38, item 1: a NOPE window asks only the seats holding a NOPE (KT-H13), so at a live table
nothing anyone sees may follow it: whose clock runs, the seat the table waits on, its offers, the
actions counted, the timeout notes. Two tables whose deals differ only in whether seat 2 holds a
NOPE must look the same to every other seat and to a spectator, move after move."""

from __future__ import annotations

from typing import Any

from houserules.clock import ClockSpec, TurnClock
from houserules.engine.replay import GameRecord
from houserules.games.king_taco import GAME
from houserules.games.king_taco.actions import Kind
from houserules.table import Seat, Table

OPTIONS = GAME.options({"players": 4})
#: seat 0 plays the += 2; seat 1 is the player it waits on; seat 2 holds a NOPE, or a card in its stead
HANDS = [["red:+=2", "red:2"], ["blue:4", "green:3", "blue:+=2"], ["green:nope", "green:1", "green:2"],
         ["yellow:1", "yellow:2"]]
MANA = [1, 0, 3, 0]
MOVE = ClockSpec(move_s=30)
PLAY = GAME.action_from_json({"seat": 0, "action": "play", "card": "red:+=2"})


def table(nope: bool, clock: ClockSpec | None = MOVE) -> Table:
    """A live table at the scenario's position; seat 2 holds ``green:nope`` or ``green:4``."""
    hands = [h[:] for h in HANDS]
    if not nope:
        hands[2][0] = "green:4"
    state = GAME.scenario_state(OPTIONS, {"hands": hands, "mana": MANA}, 0)
    t = Table(GAME, OPTIONS, 0, [Seat(f"s{i}") for i in range(4)], state, keeps_time=clock is not None,
              record=GameRecord(GAME.name, OPTIONS, 0))
    if clock is not None:
        t.clock = TurnClock(clock, 4)
        t.clock.observe(0.0, t.on_the_clock())
    return t


def shown(t: Table, seat: int | None) -> dict[str, Any]:
    clock = t.clock.to_json(t.last_t) if t.clock else None
    return {"view": GAME.view(t.state, seat).to_json(), "events": [e.for_seat(seat) for e in t.log],
            "clock": clock, "on the clock": t.on_the_clock(), "actions": t.shown_actions,
            "offer": [GAME.action_to_json(a) for a in t.offer(seat)] if seat is not None else None}


def alike(a: Table, b: Table, seats: tuple[int | None, ...] = (0, 1, 3, None)) -> None:
    for seat in seats:
        assert shown(a, seat) == shown(b, seat), seat


def test_the_window_is_seen_by_nobody_but_the_seat_it_asks():
    asked, nobody = table(True), table(False)
    for t in (asked, nobody):
        t.submit(PLAY, 1.0)
    assert asked.to_act() == (2,) and nobody.to_act() == (1,)  # the rules do wait on seat 2
    assert asked.clock.to_json(1.0)["running"] == {"1": 30.0}  # the clock runs for the seat everyone sees
    alike(asked, nobody)
    # seat 1 is offered its turn at once, and goes on: seat 2's window closes in silence
    offer = nobody.offer(1)
    assert offer and asked.offer(1) == offer
    for t in (asked, nobody):
        t.submit(offer[0], 4.0)
    alike(asked, nobody)
    assert asked.record.actions[1] == {"seat": 2, "action": "pass", "t": 4.0}
    assert asked.shown_actions == nobody.shown_actions == 2


def test_a_clock_that_runs_out_during_a_window_names_only_the_seat_on_the_clock():
    asked, nobody = table(True), table(False)
    for t in (asked, nobody):
        t.submit(PLAY, 1.0)
        t.due(31.5)
    alike(asked, nobody)
    notes = [e for e in asked.log if e.kind == "timeout"]
    assert [e.seat for e in notes] == [1]
    assert {"timeout": 2, "t": 31.0} not in asked.record.actions and len(asked.record.actions) < 10
    # the record replays to the same table
    again = table(True)
    for raw in asked.record.actions:
        again.replay_entry(raw)
    assert GAME.snapshot(again.state) == GAME.snapshot(asked.state)


def test_the_seat_asked_is_told_and_answers_as_before():
    t = table(True, clock=None)
    t.submit(PLAY)
    assert t.asked_in_secret() == (2,) and GAME.view(t.state, 2).asked
    assert {a.kind for a in t.offer(2)} == {Kind.NOPE, Kind.PASS}
    t.hush()
    assert t.to_act() == (1,) and t.shown_actions == 1 and len(t.record.actions) == 2
