"""The shared card helpers: ``cards.shuffle`` deals exactly what ``random.shuffle`` deals."""

from __future__ import annotations

import random

from hypothesis import given, strategies as st

from houserules.cards import shuffle


@given(st.integers(0, 2**32), st.lists(st.integers(), max_size=130))
def test_shuffle_draws_and_orders_as_random_shuffle(seed: int, cards: list[int]) -> None:
    """Every seed's deal depends on this: the same order and the generator left in the same
    state, so games, replays and scenario files recorded before it read the same."""
    ours, theirs = cards[:], cards[:]
    a, b = random.Random(seed), random.Random(seed)
    shuffle(a, ours)
    b.shuffle(theirs)
    assert ours == theirs and a.getstate() == b.getstate()


class Counted(random.Random):
    """A generator of another class: ``shuffle`` may not batch its draws (it could draw differently)."""


@given(st.integers(0, 2**32), st.lists(st.integers(), max_size=130))
def test_shuffle_of_another_generator_class_draws_one_index_at_a_time(seed: int, cards: list[int]) -> None:
    ours, theirs = cards[:], cards[:]
    a, b = Counted(seed), random.Random(seed)
    shuffle(a, ours)
    b.shuffle(theirs)
    assert ours == theirs and a.getstate() == b.getstate()
