"""The solver is exact: it agrees with a plain exhaustive search, and every
grouping it returns is real, disjoint and drawn from the hand (CMO-2, CMO-3.1)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from houserules.games.onion import groupings as G
from houserules.games.onion.cards import allocate, names
from houserules.games.onion.solver import BASE_RULES, POSITIONS, Arrangement, Rules, best, judge

from .reference import best_key, kinds

hands = st.lists(st.integers(0, 103), min_size=10, max_size=10, unique=True)
#: hands crowded with the cards that make the rare groupings (aces, pictures, eights, 7s)
RICH = [c for c in range(104) if (c % 52) // 4 + 1 in (1, 6, 7, 8, 10, 11, 12, 13)]
rich_hands = st.lists(st.sampled_from(RICH), min_size=10, max_size=10, unique=True)


def pairs_of(g) -> list[tuple[int, ...]]:
    """A family grouping's cards as its pairs; any other grouping as itself."""
    if g.kind in G.BAGELS[1:] or g.kind in G.ONIONS.values():
        return [g.cards[i:i + 2] for i in range(0, len(g.cards), 2)]
    return [g.cards]


def assert_valid(hand: list[int], arrangement, **flags) -> None:
    used = [c for g in arrangement.groupings for c in g.cards]
    assert sorted(used + list(arrangement.unused)) == sorted(hand)
    for g in arrangement.groupings:
        for part in pairs_of(g):
            ks = {lv.kind for lv in kinds(part, **flags)}
            if g.kind in G.BAGELS:
                assert "bagel" in ks, (g, ks)
            elif g.kind in G.ONIONS.values():
                assert "pontoon" in ks, (g, ks)
            else:
                assert G.Level(g.kind, g.nulls) in kinds(part, **flags), (g, ks)


@settings(max_examples=40)
@given(hands)
def test_matches_exhaustive_search(hand: list[int]) -> None:
    a = best(hand)
    assert a.key == best_key(hand)
    assert_valid(hand, a)


@settings(max_examples=25)
@given(rich_hands, st.sampled_from([{}, {"null_eights": True}, {"fool": True}]))
def test_matches_exhaustive_search_with_modifiers(hand: list[int], flags: dict) -> None:
    a = best(hand, Rules(**flags))
    assert a.key == best_key(hand, **flags)
    assert_valid(hand, a, null_eights=flags.get("null_eights", False))


def test_matches_exhaustive_search_with_wild_eights() -> None:
    rng = random.Random(3)
    eights = [c for c in range(104) if (c % 52) // 4 + 1 == 8]
    for _ in range(6):
        hand = rng.sample(eights, 2) + rng.sample([c for c in RICH if c not in eights], 8)
        a = best(hand, Rules(wild_eights=True))
        assert a.key == best_key(hand, wild_eights=True)
        assert_valid(hand, a, wild_eights=True)


@pytest.mark.slow
def test_matches_exhaustive_search_soak() -> None:
    rng = random.Random(11)
    for _ in range(400):
        hand = rng.sample(range(104), 10)
        assert best(hand).key == best_key(hand)


def declared(text: str, rules: Rules = BASE_RULES) -> list[tuple[str, list[str]]]:
    a = best(allocate(text), rules)
    return [(g.kind, sorted(names(g.cards))) for g in a.groupings]


def test_seed_example_six_card_onion_and_two_card_onion() -> None:
    # CMO-3.2: the seed's 2234467KKA example (suits chosen so no flush interferes)
    got = declared("2C 2D 3H 4S 4C 6D 7H KC KS AH")
    assert got[0][0] == "six-card onion"
    assert [k for k, _ in got] == ["six-card onion", "three-card onion"]


def test_great_onion() -> None:
    got = declared("AC AD AH AS AC KC KD QH JS QS")
    assert got == [("great onion", sorted(["AC", "AD", "AH", "AS", "AC", "KC", "KD", "QH", "JS", "QS"]))]


def test_ten_is_not_a_picture_in_an_onion() -> None:
    # CMO-2.13: 10+A is a two-card onion, never part of a Double Onion
    assert [k for k, _ in declared("10C AD 10H AS 2C 3D 4H 5S 6C 9D")][0] != "double onion"


def test_bagels_merge_into_one_grouping() -> None:
    got = declared("10C 10D KH QS JC JD 9C AD 2H 2S", Rules(fool=True))
    assert got == [("lesser bagel", sorted(["10C", "10D", "KH", "QS", "JC", "JD", "9C", "AD"]))]


def test_null_eight_trumps_up_an_onion() -> None:
    # CMO-7.1: 3+5+7+2+2+2 is a six-card onion; a null eight makes it seven cards
    hand = "3C 5D 6H 7S 8C 2D 2H 2S 9C 9D"
    assert declared(hand)[0][0] == "six-card onion"
    a = best(allocate(hand), Rules(null_eights=True))
    assert a.top == "seven-card onion" and a.groupings[0].nulls == 1


def test_death_kills_a_double_onion_with_only_two_pictures() -> None:
    hand = "KC QD AH AS 2C 3D 4H 5S 6C 9D"
    assert declared(hand)[0][0] == "double onion"
    assert declared(hand, Rules(death=2))[0][0] != "double onion"
    # with a third picture the killed one is spare
    assert declared("KC QD JH AH AS 2C 3D 4H 5S 9D", Rules(death=2))[0][0] == "double onion"


def test_fool_swaps_bagels_and_onions() -> None:
    hand = "10C 10D 10H 10S 2C 3D 4H 5S 6C 9D"
    assert declared(hand)[0][0] != "double bagel"
    assert declared(hand, Rules(fool=True))[0][0] == "double bagel"


def test_zeroed_aces_join_no_onion() -> None:
    hand = "AC KD AH QS 2C 3D 4H 5S 6C 9D"
    got = best(allocate(hand), Rules(zeroed_aces=True))
    assert all(g.kind not in ("double onion", "two-card onion") for g in got.groupings)


def test_lady_devalues_one_ace_of_eleven() -> None:
    hand = "AC KD AH QS 2C 3D 4H 5S 6C 9D"
    full = best(allocate(hand))
    hit = best(allocate(hand), Rules(devalued=1))
    assert full.top == "double onion" and hit.top != "double onion"
    great = best(allocate("AC AD AH AS AC KC KD QH JS QS"), Rules(devalued=1))
    assert great.top == "great onion"  # the Lady spares a Great Onion (#4ii)


def test_great_atuin_shift_finds_a_better_hand() -> None:
    hand = allocate("2C 3D 10H 10S 9C 9D 4H 4S 6C 6D")
    plain = best(hand)
    shifted = best(hand, Rules(shift=True))
    assert shifted.value >= plain.value
    if shifted.shift is not None:
        assert shifted.value > plain.value


def test_running_flush_is_reported_for_crippling() -> None:
    a = best(allocate("2C 3C 4C 5C 6C 7C 8C 9C 10C KD"))
    assert a.cripple is not None and a.cripple.length == 9
    a = best(allocate("AH 2H 3H 4H 5H 6H 7H 8H 9H 10H"))
    assert a.cripple is not None and a.cripple.length == 10


def test_octavo_needs_wild_eights() -> None:
    eights = " ".join(["8C", "8D", "8H", "8S"] * 2)
    hand = allocate(eights + " 2C 3D")
    assert best(hand, Rules(wild_eights=True, octavo=True)).top == "octavo"
    assert best(hand, Rules(wild_eights=True)).top != "octavo"


def test_every_position_table_is_consistent() -> None:
    assert len(POSITIONS) == 1024 and POSITIONS[0b101] == (0, 2)


def test_fool_great_bagel_beats_the_octavo_and_only_loses_to_the_great_onion() -> None:
    # CMO-H11: under the Fool the great bagel sits just below the Great Onion
    order = [lv.kind for lv in G.ORDER[True]]
    assert order[-2:] == ["great bagel", "great onion"] and order.index("octavo") < order.index("great bagel")


def test_running_flush_may_run_ace_high() -> None:
    # CMO-H12: ten, jack, queen, king, ace of one suit continue a run
    a = best(allocate("5C 6C 7C 8C 9C 10C JC QC KC AC"))
    assert a.cripple is not None and a.cripple.length == 10


def test_elephants_queen_pays_the_points() -> None:
    # CMO-H14: two nines and two tens leave the Queen of Coins a six
    from houserules.games.onion.cards import ATUIN

    hand = allocate("9C 9H 10D 10S 2C 3D 4H 5S 7C") + [ATUIN]
    a = best(hand, Rules(elephants=True))
    assert a.top == "elephants' double onion"
    assert best(hand).top != "elephants' double onion"
    hand = allocate("9C 9H 10D 10S 5C 10H 2D 3D 7S") + [ATUIN]
    four = ("elephants' double onion", tuple(allocate("9C 9H 10D 10S")))
    queen_six = ("three-card onion", (ATUIN, *allocate("5C 10H")))  # 6 + 5 + 10
    assert isinstance(judge(hand, [four, queen_six], Rules(elephants=True)), Arrangement)
    assert isinstance(judge(hand, [queen_six], Rules(elephants=True)), str)
