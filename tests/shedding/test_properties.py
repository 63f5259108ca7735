"""What must always hold in Shedding, checked on many random games.

Games are driven by a Hypothesis-chosen seed and a stream of choices; in
table mode the choices include illegal attempts of every kind (wrong seat,
wrong card, showing a card), so the penalty paths are exercised too.
"""

from __future__ import annotations

import json

from hypothesis import given
from hypothesis import strategies as st

from houserules.cards import NAMES, full_deck
from houserules.engine import Action, act, get_game
from houserules.engine.replay import GameRecord, events_digest, replay

GAME = get_game("shedding")
KINDS = ("play", "end", "draw", "decline", "declare", "show")


def candidates(state) -> list[Action]:
    """Every action anyone could attempt now: all seats, all kinds, every card."""
    out = []
    for seat in range(state.players):
        for kind in KINDS:
            if kind in ("play", "show"):
                out.extend(Action(seat, kind, c) for c in range(52))
            else:
                out.append(Action(seat, kind))
    return out


def play_out(seed: int, players: int, mode: str, choices: st.DataObject, steps: int = 300,
             illegal_share: float = 0.3):
    """A game of random attempts; yields (state, action, events) after each attempt."""
    state = GAME.new({"players": players, "mode": mode}, seed)
    for _ in range(steps):
        if state.over:
            return
        legal = GAME.legal(state)
        if choices.draw(st.floats(0, 1)) < illegal_share:
            pool = candidates(state)
        else:
            pool = legal
        action = pool[choices.draw(st.integers(0, len(pool) - 1))]
        yield state, action, act(GAME, state, action)


seeds = st.integers(0, 2**32 - 1)
players = st.integers(2, 5)
modes = st.sampled_from(["strict", "table"])


@given(seeds, players, modes, st.data())
def test_cards_are_never_created_or_lost(seed, n, mode, data):
    deck = sorted(full_deck())
    for state, _, _ in play_out(seed, n, mode, data):
        assert sorted(state.all_cards()) == deck


@given(seeds, players, modes, st.data())
def test_seat_to_act_always_has_a_legal_action(seed, n, mode, data):
    for state, _, _ in play_out(seed, n, mode, data):
        if not state.over:
            assert GAME.to_act(state) == (state.turn,)
            assert [a for a in GAME.legal(state) if a.seat == state.turn]
        else:
            assert GAME.legal(state) == [] and GAME.to_act(state) == ()


@given(seeds, players, modes, st.data())
def test_legal_and_check_agree(seed, n, mode, data):
    for state, _, _ in play_out(seed, n, mode, data, steps=60):
        legal = set(GAME.legal(state))
        for a in candidates(state):
            assert (GAME.check(state, a) is None) == (a in legal), a


@given(seeds, players, st.data())
def test_strict_refusal_changes_nothing(seed, n, data):
    state = GAME.new({"players": n, "mode": "strict"}, seed)
    for _ in range(80):
        if state.over:
            break
        legal = set(GAME.legal(state))
        illegal = [a for a in candidates(state) if a not in legal]
        attempt = illegal[data.draw(st.integers(0, len(illegal) - 1))]
        before = state.snapshot()
        events = act(GAME, state, attempt)
        assert [e.kind for e in events] == ["refused"]
        assert events[0].data["reason"]
        assert state.snapshot() == before
        choice = sorted(legal)[data.draw(st.integers(0, len(legal) - 1))]
        act(GAME, state, choice)


@given(seeds, players, modes, st.data())
def test_views_and_events_never_show_another_hand(seed, n, mode, data):
    for state, _, events in play_out(seed, n, mode, data, steps=150):
        for viewer in [None, *range(n)]:
            view = GAME.view(state, viewer).to_json()
            if viewer is not None:
                assert sorted(view["hand"]) == sorted(NAMES[c] for c in state.hands[viewer])
            else:
                assert view["hand"] is None
            seen = json.dumps(view)
            for other in range(n):
                if other != viewer:
                    for c in state.hands[other]:
                        assert f'"{NAMES[c]}"' not in seen, (viewer, other, NAMES[c])
            for e in events:
                if e.secret and e.seat != viewer:
                    assert not set(e.secret) & set(e.for_seat(viewer))


@given(seeds, players, modes, st.data())
def test_same_seed_and_actions_replay_the_same_game(seed, n, mode, data):
    record = GameRecord("shedding", {"players": n, "mode": mode}, seed)
    events = []
    state = None
    for state, action, evs in play_out(seed, n, mode, data):
        if [e.kind for e in evs] != ["refused"]:
            record.actions.append(GAME.action_to_json(action))
        events.extend(evs)
    if state is None:
        return
    record.digest = events_digest(events)
    result = GAME.result(state)
    record.result = result.to_json() if result else None
    report = replay(GameRecord.from_json(json.loads(json.dumps(record.to_json()))))
    assert report.ok, report.problems


@given(seeds, players)
def test_every_game_with_bots_ends(seed, n):
    from houserules.bots import make

    state = GAME.new({"players": n}, seed)
    bots = [make("shedding", "heuristic" if s % 2 else "random", seed + s) for s in range(n)]
    while not state.over:
        legal = GAME.legal(state)
        bot = bots[state.turn]
        GAME.apply(state, bot.choose(GAME.view(state, state.turn), legal))
    assert GAME.result(state) is not None
