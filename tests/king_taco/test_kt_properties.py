"""King Taco's own invariants under random play (Hypothesis). The contract
every game keeps (cards conserved, legal/check agree, refusals change
nothing, replays, views, copies) is tests/test_conformance.py's."""

from __future__ import annotations

import random

from hypothesis import given
from hypothesis import strategies as st

from houserules.games.king_taco import GAME

from .helpers import random_steps

seeds = st.integers(0, 2**31 - 1)
players = st.integers(2, 8)


@given(seeds, players)
def test_mana_stays_bounded_and_someone_can_act(seed: int, n: int) -> None:
    """KT-8.8: mana stays in 0..4; the seat to act has a move; every game ends."""
    state = GAME.new(GAME.options({"players": n}), seed)
    for _ in random_steps(state, random.Random(seed)):
        assert all(0 <= m <= 4 for m in state.mana.values)
        seats = GAME.to_act(state)
        if seats:
            assert any(a.seat == seats[0] for a in GAME.legal(state))
    assert GAME.result(state) is not None
