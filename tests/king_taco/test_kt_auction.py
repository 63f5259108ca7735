"""Auction ties (KT-9.7) and what every seat may see (KT-H24)."""

from __future__ import annotations

import random
from typing import Any

from houserules.engine.core import Event
from houserules.engine.words import plain, tell
from houserules.games.king_taco import GAME
from houserules.games.king_taco.cards import IS_NUMBER, card_name
from houserules.games.king_taco.words import WORDS

NAMES = ["Ann", "Bo", "Cyd"]


def _auction(seed: int, last: str = "wild", mana: int = 0) -> tuple[Any, list[Event]]:
    """Seat 0 goes out on ``last`` holding ``mana``; the others discard a 1, which scores
    nothing (KT-9.5), and keep their 1 point. On a plain WILD with no mana seat 0 has
    1 point too: a three-way tie."""
    state = GAME.scenario_state(GAME.options({"players": 3, "goto": 1}), {
        "hands": [[last], ["blue:1", "blue:rage"], ["green:1", "green:lock"]], "discard": ["red:1"],
        "mana": [mana, 0, 0],
    }, seed)
    events = GAME.apply(state, GAME.action_from_json({"seat": 0, "action": "play", "card": last}))
    if last == "wild":
        events += GAME.apply(state, GAME.action_from_json({"seat": 0, "action": "colour", "colour": "red"}))
    for seat, card in ((1, "blue:1"), (2, "green:1")):
        events += GAME.apply(state, GAME.action_from_json({"seat": seat, "action": "discard", "card": card}))
    assert state.over
    return state, events


def _tied_auction(seed: int) -> int:
    winner: int = _auction(seed)[0].winner
    return winner


def _goto_said(events: list[Event], viewer: int | None = None) -> str:
    e = next(e for e in events if e.kind == "goto")
    line = tell(WORDS, {"event": e.kind, "seat": e.seat, **e.data}, NAMES, viewer)
    assert line is not None
    return plain(line.text)


def test_ties_are_broken_at_random() -> None:
    winners = {_tied_auction(seed) for seed in range(40)}
    assert winners == {0, 1, 2}
    assert _tied_auction(7) == _tied_auction(7)  # from the game's own generator: reproducible


def test_the_log_says_a_tie_was_broken_at_random() -> None:
    """Issue 25: the goto event counts the tied players (``tied``) and carries the points, so
    the log names who tied and says the draw chose; without a tie it says nothing of one."""
    state, events = _auction(3)
    goto = next(e for e in events if e.kind == "goto")
    assert goto.data["tied"] == 3 and goto.data["points"] == [1, 1, 1]
    who = NAMES[state.winner]
    assert _goto_said(events) == f"Ann, Bo and Cyd tie on 1 point; drawn at random, {who} tries to win at 1 in 1: succeeds!"
    mine = _goto_said(events, state.winner)
    assert "drawn at random, you try to win" in mine and mine.startswith(("You, Bo", "Ann, you", "Ann, Bo and you"))
    _, alone = _auction(3, last="red:1")  # on a number card: 1 + 2 mana + 1 = 4 points, no tie
    assert _goto_said(alone) == "Ann tries to win at 1 in 1: succeeds!"


def test_public_information_is_in_every_view() -> None:
    state = GAME.scenario_state(GAME.options({"players": 3}), {
        "hands": [["red:2"], ["blue:3", "blue:4"], ["green:1"]], "discard": ["red:1"], "mana": [1, 2, 3],
        "shields": {"1": 1}, "curses": {"2": 1}, "timeouts": [0, 0, 1], "owed": [0, 2, 0], "harvester": 0,
    }, 0)
    for seat in (None, 0, 1, 2):
        v = GAME.view(state, seat).to_json()
        assert v["mana"] == [1, 2, 3] and v["harvester"] == 0
        assert v["shields"][1] and v["curses"][2] and v["timeouts"] == [0, 0, 1] and v["owed"] == [0, 2, 0]
        assert v["hand_sizes"] == [1, 2, 1]
        assert v["hand"] == (None if seat is None else [card_name(c) for c in state.hands[seat]])


def test_a_redeal_queues_a_seat_for_its_auction_discard_only_if_it_holds_a_number_card() -> None:
    """A search redeals the hidden cards (``determinize``); keeping the real queue for the auction
    discard (KT-9.5) asked a seat whose redrawn hand held no number card, which left no legal
    action (ISMCTS crashed in three-player King Taco), and told the search who really holds one.
    A redeal for seat 1, asked now, queues seat 2 exactly when its redrawn hand holds a number;
    a redeal for seat 2 keeps seat 1's number card, which it is asked to discard."""
    state = GAME.scenario_state(GAME.options({"players": 3, "goto": 1}), {
        "hands": [["red:3"], ["blue:4", "blue:skip"], ["green:1", "green:2"]], "discard": ["red:1"],
        "draw": ["red:skip", "red:rage", "yellow:lock", "cyan:calm"],
    }, 0)
    GAME.apply(state, GAME.action_from_json({"seat": 0, "action": "play", "card": "red:3"}))
    assert (state.pending_seat, state.queue) == (1, [2])
    rng = random.Random(4)
    queued = set()
    for _ in range(200):
        twin = GAME.determinize(state, 1, rng)
        holds = any(IS_NUMBER[c] for c in twin.hands[2])
        assert twin.queue == ([2] if holds else [])
        queued.add(holds)
        GAME.apply(twin, GAME.action_from_json({"seat": 1, "action": "discard", "card": "blue:4"}))
        assert twin.over or any(a.seat == twin.pending_seat for a in GAME.legal(twin))
        assert any(IS_NUMBER[c] for c in GAME.determinize(state, 2, rng).hands[1])
    assert queued == {True, False}
