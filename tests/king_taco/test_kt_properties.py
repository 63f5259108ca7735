"""Property tests for King Taco (Hypothesis): the invariants every game must keep."""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import given
from hypothesis import strategies as st

from houserules.engine.core import STRICT, Action
from houserules.engine.referee import act
from houserules.engine.replay import events_digest
from houserules.games.king_taco import GAME
from houserules.games.king_taco.cards import build_deck, card_name

from .helpers import candidates, random_steps

seeds = st.integers(0, 2**31 - 1)
players = st.integers(2, 8)


def _new(seed: int, n: int):
    return GAME.new(GAME.options({"players": n}), seed)


@given(seeds, players)
def test_cards_conserved_mana_bounded_and_someone_can_act(seed: int, n: int) -> None:
    """KT-1.1, KT-8.8: no card appears or vanishes; mana stays in 0..4; the seat to act has a move."""
    state = _new(seed, n)
    deck = Counter(build_deck(state.options["deck"]))
    for _ in random_steps(state, random.Random(seed)):
        assert Counter(state.all_cards()) == deck
        assert all(0 <= m <= 4 for m in state.mana.values)
        seats = GAME.to_act(state)
        if seats:
            assert any(a.seat == seats[0] for a in GAME.legal(state))
    assert GAME.result(state) is not None


@given(seeds, players)
def test_legal_and_check_agree(seed: int, n: int) -> None:
    state = _new(seed, n)
    rng = random.Random(seed)
    for step, _ in enumerate(random_steps(state, rng)):
        if step % 3:
            continue
        legal = set(GAME.legal(state))
        for a in candidates(state):
            assert (GAME.check(state, a) is None) == (a in legal), (a, GAME.check(state, a))


@given(seeds, players)
def test_strict_refusals_change_nothing(seed: int, n: int) -> None:
    state = _new(seed, n)
    rng = random.Random(seed)
    assert state.mode == STRICT
    for step, _ in enumerate(random_steps(state, rng)):
        if step % 5:
            continue
        legal = set(GAME.legal(state))
        wrong = [a for a in candidates(state) if a not in legal]
        if wrong:
            before = state.snapshot()
            events = act(GAME, state, rng.choice(wrong))
            assert [e.kind for e in events] == ["refused"]
            assert state.snapshot() == before


@given(seeds, players)
def test_same_seed_and_actions_replay_the_same_events(seed: int, n: int) -> None:
    state = _new(seed, n)
    actions: list[Action] = list(random_steps(state, random.Random(seed), limit=400))
    again = _new(seed, n)
    replayed = []
    for a in actions:
        replayed += GAME.apply(again, GAME.action_from_json(GAME.action_to_json(a)))
    assert again.snapshot() == state.snapshot()
    third = _new(seed, n)
    assert events_digest(e for a in actions for e in GAME.apply(third, a)) == events_digest(replayed)


@given(seeds, players)
def test_views_and_events_never_show_other_hands(seed: int, n: int) -> None:
    state = _new(seed, n)
    rng = random.Random(seed)
    for step, a in enumerate(random_steps(state, rng)):
        if step % 7:
            continue
        for viewer in [None, *range(n)]:
            v = GAME.view(state, viewer).to_json()
            assert v["hand"] == (None if viewer is None else [card_name(c) for c in state.hands[viewer]])
            assert "hands" not in v and "draw" not in v
        copy = state.copy()
        for e in GAME.apply(copy, GAME.legal(copy)[0]) if GAME.legal(copy) else []:
            for viewer in range(n):
                seen = e.for_seat(viewer)
                if e.secret and viewer != e.seat:
                    assert not set(e.secret) & set(seen)


@given(seeds)
def test_copy_is_independent(seed: int) -> None:
    state = _new(seed, 4)
    copy = state.copy()
    for _ in zip(range(60), random_steps(copy, random.Random(seed))):
        pass
    assert state.snapshot() == _new(seed, 4).snapshot()
