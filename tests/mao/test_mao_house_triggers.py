"""Written rules on every trigger, who and act of the language (issue 13): what the scenario
files (house-*.json) cannot say — matches accept them, chains end, strict mode refuses,
silence does not hold up the table, and rule-knowing bots obey them all."""

from __future__ import annotations

import json
from typing import Any

import pytest

from houserules.cards import parse_card
from houserules.engine.core import STRICT, Action
from houserules.engine.referee import act
from houserules.games.mao import rulebook as rb
from houserules.games.mao.bots import Knower
from houserules.games.mao.game import GAME as PLAIN
from houserules.games.mao.match import GAME
from houserules.games.mao.state import MaoState

THANKS = {"id": "thanks", "on": "penalty",
          "must": [{"who": "player", "do": "say", "phrase": "Thank you", "failure": "ingratitude"}]}
KNOCK_IN = {"id": "knock-in", "on": "turnstart",
            "must": [{"who": "player", "do": "knock", "times": 1, "failure": "failure to knock in"}],
            "wrong_time": "knocking out of turn"}
HUSH = {"id": "hush", "on": "play", "if": ["card.rank == Q"],
        "must": [{"who": "everyone", "do": "silent", "failure": "breaking the silence"}]}
POINT = {"id": "jack-point", "on": "play", "if": ["card.rank == J"],
         "must": [{"who": "next", "do": "point", "failure": "failure to point"}], "wrong_time": "pointless pointing"}
HEAVY = {"id": "heavy", "on": "hand", "if": ["hand.size == 9"], "penalty": "heavy hand"}
NO_SEVEN = {"id": "no-seven", "on": "phrase", "if": ["said == seven"], "penalty": "forbidden word"}
KING = {"id": "long-live", "on": "play", "if": ["card.rank == K"],
        "must": [{"who": "everyone", "do": "say", "phrase": "Long live the king", "failure": "failure to hail"}],
        "wrong_time": "talking"}
EVERY = [THANKS, KNOCK_IN, HUSH, POINT, HEAVY, NO_SEVEN, KING]


def table(house: list[dict[str, Any]], **opts: Any) -> MaoState:
    state = PLAIN.new(PLAIN.options({"players": 3, "rules": "base", "house": house, **opts}), 1)
    act(PLAIN, state, Action(state.dealer, "say", arg=rb.START))
    return state


def named(events: list[Any]) -> list[tuple[int, str]]:
    return [(e.seat, e.data["name"]) for e in events if e.kind == "penalty"]


@pytest.mark.parametrize("rule", EVERY, ids=[r["id"] for r in EVERY])
def test_a_match_accepts_every_trigger_who_and_act(rule: dict[str, Any]) -> None:
    """Before, a match refused these ("the table cannot enforce ... yet")."""
    from tests.mao.test_mao_match import new, win_now, write

    state = new()
    win_now(state, 0)
    assert GAME.check(state, write(0, "add", rule, 1)) is None
    act(GAME, state, write(0, "add", rule, 1))
    assert [r.id for r in state.house] == [rule["id"]]


def test_a_penalty_rule_gives_its_own_penalty_and_penalty_rules_never_chain() -> None:
    chatter = {"id": "chatter", "on": "penalty", "if": ["penalty == talking"], "penalty": "chatterbox"}
    # two rules that would set each other off for ever
    ping = {"id": "ping", "on": "penalty", "if": ["penalty == chatterbox"], "penalty": "talking"}
    state = table([chatter, ping])
    said = act(PLAIN, state, Action(1, "say", arg="Hello"))
    assert named(said) == [(1, "talking"), (1, "chatterbox")]


def test_hand_rules_chain_through_the_sizes_they_cause_and_stop() -> None:
    rules = [{"id": f"h{n}", "on": "hand", "if": [f"hand.size == {n}"], "penalty": f"{n} cards"} for n in (6, 7, 8)]
    state = table(rules)
    said = act(PLAIN, state, Action(1, "say", arg="Hello"))
    assert named(said) == [(1, "talking"), (1, "6 cards"), (1, "7 cards"), (1, "8 cards")]
    assert len(state.hands[1]) == 9


def test_strict_mode_refuses_a_forbidden_word_and_a_draw_that_costs() -> None:
    state = table([NO_SEVEN, {"id": "greedy", "on": "draw", "penalty": "greedy"}], mode=STRICT)
    refused = PLAIN.check(state, Action(1, "say", arg="Seven"))
    assert refused is not None and refused.reason == "forbidden word"
    refused = PLAIN.check(state, Action(state.turn, "draw"))
    assert refused is not None and refused.reason == "greedy"


def test_silence_does_not_hold_up_the_table() -> None:
    state = table([HUSH])
    queen = parse_card("Q" + "CDHS"[state.discard[-1] % 4])
    seat = state.turn
    state.hands[seat].append(queen)
    act(PLAIN, state, Action(seat, "play", queen))
    assert any(d.act == "silent" for w in state.windows for d in w.duties)
    assert PLAIN.to_act(state) == (state.turn,)  # the next player is asked to play, not to keep quiet


def test_rule_knowing_bots_obey_every_written_rule() -> None:
    """Knowers that never err learn every duty from the legal actions (knocks, points, phrases for
    everyone, silence by saying nothing): a whole game without one penalty."""
    state = PLAIN.new(PLAIN.options({"players": 4, "rules": "all", "house": EVERY}), 7)
    bots = [Knower(seed=s, error=0.0) for s in range(4)]
    names: list[str] = []
    clock = 0.0
    for _ in range(20_000):
        seats = PLAIN.to_act(state)
        if not seats:
            break
        choice = bots[seats[0]].choose(PLAIN.view(state, seats[0]),
                                       [a for a in PLAIN.legal(state) if a.seat == seats[0]])
        if choice is None:
            due = PLAIN.deadline(state)
            assert due is not None
            clock = max(clock, due)
            events = PLAIN.advance(state, clock)
        else:
            events = act(PLAIN, state, choice, now=clock)
        names += [n for _, n in named(events)]
    assert state.over and state.winner is not None
    assert names == [], json.dumps(names)


def test_going_out_under_a_silence_wins_at_once_and_other_windows_close_quietly() -> None:
    """A silence owes nothing to wait for: the last card played under it wins at once. (A match
    in the simulator once ended while other seats' windows were being closed, and the next
    one to close was gone: closing a window the game's end removed is nothing.)"""
    state = table([HUSH])
    seat = state.turn
    queen = parse_card("Q" + "CDHS"[state.discard[-1] % 4])
    state.hands[seat] = [queen]
    events = act(PLAIN, state, Action(seat, "play", queen))
    assert state.over and state.winner == seat and events[-1].kind == "ended"
    hush_kings = {**HUSH, "id": "hush-kings", "if": ["card.rank == K"]}
    state = table([KING, hush_kings])
    seat = state.turn
    king = parse_card("K" + "CDHS"[state.discard[-1] % 4])
    state.hands[seat] = [king]
    act(PLAIN, state, Action(seat, "play", king))
    act(PLAIN, state, Action(seat, "say", arg="Long live the king"))
    assert not state.over  # the player's window still holds the silence (with the phrase: it waits)
    nxt = state.turn
    act(PLAIN, state, Action(nxt, "play", state.hands[nxt][0]))  # another turn: every window is judged
    assert state.over and state.winner == seat


def test_a_late_point_or_knock_is_never_offered_as_words() -> None:
    """A duty that ran out leaves a late point or knock (ignored if made); the legal list must
    offer them as the acts they are, never as a phrase "point" to say (the Mao encoding found
    one: free words have no place in its index space)."""
    import random

    rng = random.Random(5)
    for seed in range(6):
        state = table(EVERY)
        for _ in range(300):
            if state.over:
                break
            legal = PLAIN.legal(state)
            assert not [a for a in legal if a.kind == "say" and a.arg in ("point", "knock")], seed
            act(PLAIN, state, rng.choice(legal), now=state.clock + rng.choice((0.0, 0.0, 3.0)))
