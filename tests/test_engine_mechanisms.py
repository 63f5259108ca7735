"""The general mechanisms King Taco brought into the engine (stack, lifespans,
reaction windows, bounded per-seat pools), tested on their own so that Mao
and bpoker can rely on them."""

from __future__ import annotations

import itertools
import random
import re
from collections import Counter

from houserules.engine.counted import redeal_counted
from houserules.engine.lifespan import Lifespans
from houserules.engine.resource import SeatPool
from houserules.engine.stack import EffectStack
from houserules.engine.window import ReactionWindow


def test_negators_evaluate_right_to_left() -> None:
    st = EffectStack()
    st.push(10, 0)
    st.push(11, 1)
    assert not st.cancelled and not st.closed and st.top_seat == 1
    st.push(99, 2, negator=True)
    assert st.cancelled and st.closed
    st.push(99, 3, negator=True)
    assert not st.cancelled and len(st) == 4
    st.clear()
    assert not st and st.negators == 0


def test_lifespans_count_rounds_in_turns_and_shrink_when_a_player_leaves() -> None:
    spans = Lifespans()
    spans.start("rage", 2, 3)
    assert spans.turns_left("rage") == 6
    assert [spans.tick() for _ in range(5)] == [[]] * 5
    assert spans.tick() == ["rage"] and not spans.active("rage")
    spans.start("calm", 2, 4)  # 8 turns; a leaver had 2 of them
    spans.player_left(4)
    assert spans.turns_left("calm") == 6
    spans.start("calm", 1, 4)
    assert spans.turns_left("calm") == 4  # a restart overwrites
    copy = spans.copy()
    copy.end("calm")
    assert spans.active("calm") and not copy.active("calm")


def test_window_is_closed_by_answers() -> None:
    w = ReactionWindow()
    w.open([2, 0])
    assert w and 0 in w
    w.answer(0)
    w.answer(2)
    assert not w


def test_pool_caps_and_floors_and_reports_what_it_kept() -> None:
    pool = SeatPool(2, cap=4)
    assert pool.gain(0, 3) == 3 and pool.gain(0, 3) == 1 and pool[0] == 4
    assert pool.spend(1, 2) == 0 and pool[1] == 0
    pool.set(1, 9)
    assert pool[1] == 4


def test_clone_slots_copies_options_and_generator() -> None:
    import random

    from houserules.engine.clone import clone_slots

    class S:
        __slots__ = ("options", "rng", "hand")

    a = S()
    a.options, a.rng, a.hand = {"x": 1}, random.Random(5), [1]
    b = clone_slots(a, S)
    b.options["x"] = 2
    assert a.options == {"x": 1} and b.hand is a.hand
    assert b.rng.random() == a.rng.random()


def test_a_seeded_copy_shares_its_generator_until_either_side_draws() -> None:
    import random

    from houserules.engine.clone import Seeded

    a, b, c = Seeded(random.Random(5)), Seeded(random.Random(0)), Seeded(random.Random(0))
    a.share_rng(b)
    assert b._rng is a._rng  # shared: no twin made yet
    first = b.rng.random()
    assert b._rng is not a._rng and a.rng.random() == first
    a.share_rng(c)
    c.rng = random.Random(9)  # replaced (a search bot's redeal): a keeps its own, in place
    five = random.Random(5)
    assert c.rng.random() == random.Random(9).random()
    assert a.rng.random() == [five.random(), five.random()][1]


def test_options_are_read_from_their_schema_naming_what_is_wrong() -> None:
    import pytest

    from houserules.engine.core import OptionsError
    from houserules.engine.options import Option, dealer, max_turns, mode, players, read_options

    schema = (players(2, 5, "G-1"), mode(), dealer(), max_turns(10),
              Option("size", 5, "choice", "Size", "How big.", "G-2", choices=((5, "five"), (7, "seven"))),
              Option("speed", 1.0, "number", "Speed", "How fast.", low=0.5, high=2, unit="seconds"),
              Option("on", True, "bool", "On", "Whether."))
    got = read_options(schema, {"speed": 2}, "G")
    assert got["dealer"] == 3 and got["speed"] == 2.0 and isinstance(got["speed"], float)
    for raw, says in (({"players": 6}, "players must be 2 to 5 (G-1), got 6"),
                      ({"players": True}, "players must be 2 to 5"),
                      ({"mode": "x"}, "mode must be one of strict, table, got 'x'"),
                      ({"dealer": 9}, "dealer must be a seat 0..3, got 9"),
                      ({"max_turns": 0}, "max_turns must be a whole number of at least 1, got 0"),
                      ({"size": 6}, "size must be 5 or 7 (G-2), got 6"),
                      ({"speed": 3}, "speed must be a number of seconds from 0.5 to 2, got 3"),
                      ({"on": 1}, "on must be true or false, got 1"),
                      ({"colour": 1}, "unknown G option(s): colour; known: players, mode, dealer")):
        with pytest.raises(OptionsError, match=re.escape(says)):
            read_options(schema, raw, "G")


def test_a_counted_redeal_draws_every_arrangement_keeping_the_counts_equally_often() -> None:
    """``redeal_counted``: zone 0 holds a marked card (a seat asked to discard a number), zone 1
    none (a seat passed over), the rest anything: every arrangement of the cards that keeps those
    counts is drawn, about equally often, and no other (engine/counted.py)."""
    cards, sizes = ["N1", "N2", "a", "b", "c", "d"], [2, 1, 1, 2]  # a card "N.." is marked (a number)

    def zoned(order: tuple[str, ...]) -> tuple[tuple[str, ...], ...]:
        at = list(itertools.accumulate(sizes, initial=0))
        return tuple(order[at[i]:at[i + 1]] for i in range(len(sizes)))

    def keeps(zones: tuple[tuple[str, ...], ...]) -> bool:
        return any(c.startswith("N") for c in zones[0]) and not any(c.startswith("N") for c in zones[1])

    valid = {z for z in map(zoned, itertools.permutations(cards)) if keeps(z)}
    rng, seen = random.Random(5), Counter[tuple[tuple[str, ...], ...]]()
    draws = 50 * len(valid)
    for _ in range(draws):
        zones = [list(z) for z in zoned(tuple(cards))]
        redeal_counted(zones, rng, lambda c: c.startswith("N"), [range(1, 3), range(1), None, None])
        seen[tuple(map(tuple, zones))] += 1
    assert set(seen) == valid
    chi2 = sum((n - 50) ** 2 / 50 for n in seen.values())
    assert chi2 < len(valid) + 5 * (2 * len(valid)) ** 0.5, chi2  # five standard deviations
