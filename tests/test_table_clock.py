"""Turn clocks and the rules' deadlines on a Table: expiry makes a stand-in
bot move or the seat forfeit, everything is recorded with its moment, and a
table restored from its record has the same clocks."""

from __future__ import annotations

from typing import Any

import pytest

from houserules.clock import ClockSpec, TurnClock, parse_clock, parse_on_timeout
from houserules.engine.core import Event, GameError
from houserules.engine.replay import GameRecord, replay
from houserules.games.shedding.game import GAME as SHEDDING
from houserules.table import Table

MOVE = ClockSpec(move_s=30)
BANK = ClockSpec(bank_s=60, increment_s=5)


def two(clock: ClockSpec | None, on_timeout: str = "bot", seed: int = 3) -> Table:
    return Table.create("shedding", {"players": 2}, seed, {}, None, clock, on_timeout)


def test_a_move_clock_runs_out_and_a_bot_moves_for_the_seat_at_that_moment():
    t = two(MOVE)
    assert t.wake_at() == 30.0 and t.to_act() == (0,)
    assert t.due(29.9) == []
    events = t.due(31.0)
    assert events[0] == Event("timeout", 0, {"by": "bot"})
    assert t.record.actions[0] == {"timeout": 0, "t": 30.0}
    assert t.record.actions[1]["seat"] == 0 and t.record.actions[1]["t"] == 30.0
    nxt = t.to_act()[0]
    assert t.wake_at() == 60.0 and t.clock.since == {nxt: 30.0}


def test_a_bank_clock_charges_the_time_taken_and_adds_the_increment():
    t = two(BANK)
    t.submit(t.legal(0)[0], 10.0)
    seat = t.to_act()[0]
    if seat == 0:  # the same seat decides again: a fresh start from what is left
        assert t.clock.banks[0] == 55.0 and t.wake_at() == 65.0
    else:
        assert t.clock.banks == [55.0, 60.0] and t.wake_at() == 70.0


def test_forfeit_on_time_ends_a_two_seat_game_and_replays():
    t = two(BANK, "forfeit")
    assert [e.kind for e in t.due(100.0)] == ["forfeit"]
    assert t.over and t.result().winners == (1,) and t.legal(1) == []
    assert t.record.actions == [{"forfeit": 0, "t": 60.0}]
    report = replay(GameRecord.from_json(t.record.to_json()))
    assert report.ok, report.problems
    assert t.wake_at() is None


def test_forfeit_without_a_meaning_falls_back_to_the_bot():
    t = Table.create("shedding", {"players": 3}, 3, {}, None, MOVE, "forfeit")
    assert [e.kind for e in t.due(30.0)][0] == "timeout" and not t.over


def test_a_restored_table_has_the_same_clocks_and_the_record_replays():
    t = two(BANK)
    now = 0.0
    for _ in range(12):
        seat = t.to_act()[0]
        now += 7.5
        t.submit(t.legal(seat)[-1], now)
    t.due(now + 200)
    rec = GameRecord.from_json(t.record.to_json())
    assert rec.table == {"clock": {"bank_s": 60, "increment_s": 5}, "on_timeout": "bot"}
    back = Table.restore("shedding", rec.options, rec.seed, {}, None, rec.actions, clock=BANK)
    assert back.clock == t.clock and back.last_t == t.last_t
    assert [e.kind for e in back.log] == [e.kind for e in t.log]  # same log, index for index
    assert back.state.snapshot() == t.state.snapshot()
    assert replay(rec).ok


class Alarm:
    """Shedding with a rule that wakes at t=10 and t=20 (how Mao's delay of game will look)."""

    def __init__(self) -> None:
        self.rang: list[float] = []

    def __getattr__(self, name: str) -> Any:
        return getattr(SHEDDING, name)

    def deadline(self, state: Any) -> float | None:
        return [10.0, 20.0, None][len(self.rang)]

    def advance(self, state: Any, now: float) -> list[Event]:
        out = []
        while (d := self.deadline(state)) is not None and d <= now:
            self.rang.append(d)
            out.append(Event("alarm", None, {"at": d}))
        return out


def test_the_rules_deadlines_wake_the_table_before_the_clock_and_are_recorded_as_ticks():
    t = two(MOVE)
    t.game = Alarm()
    assert t.wake_at() == 10.0
    events = t.due(25.0)
    assert [e.kind for e in events] == ["alarm", "alarm"]
    assert t.record.actions == [{"tick": 10.0}, {"tick": 20.0}]
    assert t.wake_at() == 30.0


def test_an_attempt_after_a_rules_deadline_records_the_tick_first():
    t = two(None)
    t.game = Alarm()
    t.keeps_time = True
    t.submit(t.legal(0)[0], 12.0)
    assert t.record.actions[0] == {"tick": 12.0} and t.record.actions[1]["t"] == 12.0


@pytest.mark.parametrize("raw", [{"move_s": 0}, {"move_s": -3}, {"move_s": "30"}, {"move_s": True},
                                 {"bank_s": 1e9}, {"bank_s": 300, "increment_s": -1}, {"move_s": 30, "bank_s": 60},
                                 {"moves": 30}, [30], "30", {"move_s": float("nan")}])
def test_clock_options_out_of_range_are_one_line_errors(raw):
    with pytest.raises(GameError) as e:
        parse_clock(raw)
    assert "\n" not in str(e.value)


def test_a_table_without_clock_or_deadlines_records_no_moments():
    t = two(None)
    assert not t.keeps_time
    t.submit(t.legal(0)[0], 3.0)
    assert "t" not in t.record.actions[0] and t.wake_at() is None


def test_clock_options_in_range():
    assert parse_clock(None) is None
    assert parse_clock({"move_s": 30}) == ClockSpec(move_s=30.0)
    assert parse_clock({"bank_s": 300, "increment_s": 5}).to_json() == {"bank_s": 300.0, "increment_s": 5.0}
    assert parse_on_timeout(None) == "bot"
    with pytest.raises(GameError):
        parse_on_timeout("explode")


def test_a_seat_still_deciding_keeps_its_running_time():
    c = TurnClock(BANK, 3)
    c.observe(0.0, (0, 1))
    c.observe(4.0, (1,), actor=0)
    assert c.since == {1: 0.0} and c.banks[0] == 61.0
    c.observe(9.0, (), actor=None)
    assert c.banks[1] == 51.0 and c.expiry() is None
