"""What must always hold in Shedding beyond the contract every game keeps.

The contract's properties (cards conserved, legal/check agree, refusals
change nothing, replays, views hide other hands) are checked for every game
by tests/test_conformance.py. Here: what only Shedding's view promises, and
that its own bots finish games.
"""

from __future__ import annotations

import random

from hypothesis import given
from hypothesis import strategies as st

from houserules.bots import make
from houserules.cards import NAMES
from houserules.engine import get_game

GAME = get_game("shedding")
seeds = st.integers(0, 2**32 - 1)
players = st.integers(2, 5)


@given(seeds, players)
def test_a_seat_sees_exactly_its_own_hand_and_a_spectator_none(seed: int, n: int) -> None:
    state = GAME.new({"players": n}, seed)
    rng = random.Random(seed)
    for _ in range(60):
        if state.over:
            break
        for viewer in range(n):
            assert sorted(GAME.view(state, viewer).to_json()["hand"]) == sorted(NAMES[c] for c in state.hands[viewer])
        assert GAME.view(state, None).to_json()["hand"] is None
        GAME.apply(state, rng.choice(GAME.legal(state)))


@given(seeds, players)
def test_every_game_with_bots_ends(seed: int, n: int) -> None:
    state = GAME.new({"players": n}, seed)
    bots = [make("shedding", "heuristic" if s % 2 else "random", seed + s) for s in range(n)]
    while not state.over:
        legal = GAME.legal(state)
        bot = bots[state.turn]
        GAME.apply(state, bot.choose(GAME.view(state, state.turn), legal))
    assert GAME.result(state) is not None
