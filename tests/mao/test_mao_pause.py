"""A pause that can happen (M-pauses, H-pause): the bot dealer rules on a point of order,
then leaves the table paused while people speak; it adjourns when asked or after a quiet spell."""

from __future__ import annotations

from houserules.bots.base import make
from houserules.engine.core import Action
from houserules.games.mao import rulebook as rb
from houserules.games.mao.state import QUIET_SPELL
from houserules.games.mao.words import WORDS
from houserules.table import Table


def _paused_table() -> Table:
    """A person at seat 0, rule-knowing bots at 1 and 2 (the dealer), the game started and a
    point of order raised by the person at t=1."""
    table = Table.create("mao", {"players": 3, "delay_s": 5.0}, 11, {1: "dealer", 2: "dealer"}, {0: "You"})
    table.advance(t=0.0)
    assert table.state.started
    table.submit(Action(0, "say", arg=rb.POINT_OF_ORDER), 1.0)
    table.advance(t=1.0)
    return table


def test_the_bot_dealer_sustains_and_the_pause_lasts_while_people_speak() -> None:
    table = _paused_table()
    said = [e.data["said"] for e in table.log if e.kind == "say"]
    assert said[-1] == rb.SUSTAINED and rb.ADJOURNED not in said
    assert table.state.paused
    assert table.on_the_clock() == ()  # nobody's turn clock runs in a pause, nobody is shown "your move"
    table.submit(Action(0, "say", arg="Why did I get that card?"), 10.0)
    table.advance(t=10.0)
    quiet = 10.0 + QUIET_SPELL * 5.0
    assert table.wake_at() == quiet and table.view(0).adjourn_at == quiet
    table.due(quiet - 0.1)
    assert table.state.paused
    table.due(quiet)
    assert not table.state.paused
    resumed = [e for e in table.log if e.kind == "resumed"][-1]
    line = WORDS.describe(resumed.to_json(), ["You", "B", "C"])
    assert line is not None and rb.ADJOURNED in line.text


def test_the_bot_dealer_adjourns_when_asked() -> None:
    table = _paused_table()
    table.submit(Action(0, "say", arg="Meeting adjourned."), 3.0)
    assert table.state.paused  # the dealer's words adjourn, not the request
    table.advance(t=3.0)
    assert not table.state.paused
    assert [e.data["said"] for e in table.log if e.kind == "say"][-1] == rb.ADJOURNED


def test_a_point_of_order_awaiting_a_ruling_is_in_every_view() -> None:
    table = Table.create("mao", {"players": 3}, 11, {}, {})
    table.submit(Action(2, "say", arg=rb.START), 0.0)
    table.submit(Action(0, "say", arg=rb.POINT_OF_ORDER), 1.0)
    for seat in (0, 1, 2, None):
        assert table.view(seat).to_json()["point_of_order"] == 0


def test_a_person_dealing_is_reminded_after_a_quiet_spell_and_only_their_words_adjourn() -> None:
    """H-pause, issue 37: with a person judging (judge: dealer) the quiet spell puts no words in
    their mouth: the table is told it has been quiet and waits for the dealer; a bot that deals
    for them (a stand-in, H-absent) adjourns then, as the software dealer would."""
    table = Table.create("mao", {"players": 3, "delay_s": 5.0, "judge": "dealer", "dealer": 0}, 11,
                         {1: "dealer", 2: "dealer"}, {0: "You"})
    table.submit(Action(0, "say", arg=rb.START), 0.0)
    table.submit(Action(1, "say", arg=rb.POINT_OF_ORDER), 1.0)
    table.submit(Action(0, "say", arg=rb.SUSTAINED), 2.0)
    quiet = 2.0 + QUIET_SPELL * 5.0
    assert table.wake_at() == quiet
    table.due(quiet + 60)
    table.advance(t=quiet + 60)
    assert table.state.paused and table.wake_at() is None
    reminder = [e for e in table.log if e.kind == "quiet"]
    assert len(reminder) == 1 and rb.ADJOURNED not in [e.data["said"] for e in table.log if e.kind == "say"]
    line = WORDS.describe(reminder[0].to_json(), ["You", "B", "C"])
    assert line is not None and "quiet for 15 s" in line.text and rb.ADJOURNED in line.text
    table.submit(Action(2, "say", arg="Can we go on?"), quiet + 61)  # speaking starts the spell again
    assert table.wake_at() == quiet + 61 + QUIET_SPELL * 5.0
    table.seats[0].stand_in = make("mao", "dealer", 5)  # the person's connection drops
    table.due(quiet + 61 + QUIET_SPELL * 5.0)
    table.advance(t=quiet + 61 + QUIET_SPELL * 5.0)
    assert not table.state.paused
    assert [e.data["said"] for e in table.log if e.kind == "say"][-1] == rb.ADJOURNED
