"""The poker-hand evaluator (BP-4.1-BP-4.5): categories, wilds, five of a kind, short hands."""

from __future__ import annotations

import random
from itertools import product

from hypothesis import given
from hypothesis import strategies as st

from houserules.games.bpoker.cards import BLACK1, CLUBS, DIAMONDS, HEARTS, SPADES
from houserules.games.bpoker.hands import (
    FIVE, FLUSH, FULL_HOUSE, HIGH, PAIR, QUADS, STRAIGHT, STRAIGHT_FLUSH, TRIPS, TWO_PAIR, HandCard, best,
    best_key, declarations, evaluate, key_of,
)

C, D, H, S = CLUBS, DIAMONDS, HEARTS, SPADES


def test_categories_rank_in_order() -> None:
    hands = [
        [(2, C), (5, D), (9, H), (11, S), (13, C)],
        [(2, C), (2, D), (9, H), (11, S), (13, C)],
        [(2, C), (2, D), (9, H), (9, S), (13, C)],
        [(2, C), (2, D), (2, H), (9, S), (13, C)],
        [(10, C), (11, D), (12, H), (13, S), (14, C)],
        [(2, H), (5, H), (9, H), (11, H), (13, H)],
        [(2, C), (2, D), (2, H), (9, S), (9, C)],
        [(2, C), (2, D), (2, H), (2, S), (13, C)],
        [(9, H), (10, H), (11, H), (12, H), (13, H)],
        [(7, H), (7, H), (7, S), (7, C), (7, D)],
    ]
    keys = [evaluate(h) for h in hands]
    assert [k[1] for k in keys] == [HIGH, PAIR, TWO_PAIR, TRIPS, STRAIGHT, FLUSH, FULL_HOUSE, QUADS,
                                    STRAIGHT_FLUSH, FIVE]
    assert keys == sorted(keys)


def test_wheel_and_ace_high() -> None:
    assert evaluate([(14, C), (2, D), (3, H), (4, S), (5, C)])[1:] == (STRAIGHT, 5)
    assert evaluate([(14, C), (2, D), (3, H), (4, S), (5, C)]) < evaluate([(2, D), (3, H), (4, S), (5, C), (6, D)])


def test_wilds_take_their_best_value() -> None:
    assert evaluate([(14, S), (13, S), (12, S), (11, S)], 1)[1:] == (STRAIGHT_FLUSH, 14)
    assert evaluate([(9, C), (9, D)], 3)[1:] == (FIVE, 9)
    assert evaluate([], 5)[1:] == (FIVE, 14)
    assert evaluate([(2, C), (2, D), (3, H), (3, S)], 1)[1:] == (FULL_HOUSE, 3, 2)


def test_a_one_is_low_and_in_no_straight_or_flush() -> None:
    assert evaluate([(1, BLACK1), (2, S), (3, S), (4, S), (5, S)])[1] == HIGH
    assert evaluate([(1, BLACK1)]) < evaluate([(2, C)])


def test_short_hands_rank_below_every_full_hand() -> None:
    assert evaluate([(14, C), (14, D), (14, H), (14, S)]) < evaluate([(2, C), (3, D), (4, H), (5, S), (7, C)])


def _brute(values: list[tuple[int, int]], wilds: int) -> tuple[int, ...]:
    """Every wild value tried (ranks 2..A, the suits that matter): the evaluator must agree."""
    suits = sorted({s for _, s in values if s < 4} | {C})
    choices = [(r, s) for r in range(2, 15) for s in suits]
    return max(evaluate(values + list(combo)) for combo in product(choices, repeat=wilds))


def test_evaluator_agrees_with_brute_force_on_wilds() -> None:
    rng = random.Random(7)
    for _ in range(250):
        wilds = rng.randint(1, 2)
        values = [(rng.randint(2, 14), rng.randint(0, 3)) for _ in range(5 - wilds)]
        assert evaluate(values, wilds) == _brute(values, wilds), values


def test_best_declaration_and_the_three_clubs_obligation() -> None:
    cards = [HandCard(i, v, False) for i, v in enumerate([(14, S), (13, S), (12, S), (11, S), (10, S), (3, C), (2, H)])]
    key, combo = best(cards)
    assert key[1:] == (STRAIGHT_FLUSH, 14) and combo == (0, 1, 2, 3, 4)
    key, combo = best(cards, must=[5])
    assert 5 in combo and key[1] < STRAIGHT_FLUSH
    assert all(5 in d for d in declarations(cards, must=[5]))
    assert declarations(cards[:3]) == [(0, 1, 2)]


def test_best_is_the_best_of_all_declarations() -> None:
    rng = random.Random(3)
    for _ in range(150):
        n = rng.randint(6, 10)
        cards = [HandCard(i, (rng.randint(2, 14), rng.randint(0, 3)), rng.random() < 0.2) for i in range(n)]
        must = [c.card for c in cards if not c.wild][:rng.randint(0, 1)]
        key, combo = best(cards, must)
        by_id = {c.card: c for c in cards}
        assert key == max(key_of(by_id[i] for i in d) for d in declarations(cards, must))
        assert combo in declarations(cards, must)


_card = st.tuples(st.integers(0, 200), st.integers(2, 14), st.sampled_from((C, D, H, S)), st.booleans())


@given(st.lists(_card, max_size=10, unique_by=lambda t: t[0]))
def test_the_remembered_best_key_is_the_best_hands_key(raw: list[tuple[int, int, int, bool]]) -> None:
    """Bots use ``best_key`` (remembered by values) for ``best(cards)[0]``: they must agree."""
    cards = [HandCard(i, (r, s), w) for i, r, s, w in raw]
    assert best_key(cards) == (best(cards)[0] if cards else key_of([]))
