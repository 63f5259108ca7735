"""The solver is exact: it agrees with a plain exhaustive search, and every
grouping it returns is real, disjoint and drawn from the hand (CMO-2, CMO-3.1)."""

from __future__ import annotations

import random

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from houserules.games.onion import groupings as G
from houserules.games.onion.cards import ARCHCHANCELLOR, ATUIN, allocate, names
from houserules.games.onion.solver import BASE_RULES, POSITIONS, Arrangement, Rules, best, judge

from . import reference as ref

hands = st.lists(st.integers(0, 103), min_size=10, max_size=10, unique=True)
#: hands crowded with the cards that make the rare groupings (aces, pictures, eights, 7s, 9s, 10s)
RICH = [c for c in range(104) if (c % 52) // 4 + 1 in (1, 2, 3, 6, 7, 8, 9, 10, 11, 12, 13)]
#: hands crowded with the makings of Onions and bagels (aces, pictures, tens, nines, eights, 7s)
ONIONS = [c for c in range(104) if (c % 52) // 4 + 1 in (1, 7, 8, 9, 10, 11, 12, 13)]
rich_hands = st.sampled_from([RICH, ONIONS]).flatmap(
    lambda pool: st.lists(st.sampled_from(pool), min_size=10, max_size=10, unique=True))

#: every rule set the round's modifiers give a hand (``modifiers.rules_for``)
MODIFIED = {
    "#1i null eights": Rules(null_eights=True),
    "#1ii wild eights, #3 the Octavo": Rules(wild_eights=True, octavo=True),
    "#4ii the Lady devalues an eleven": Rules(wild_eights=True, devalued=1),
    "#5i/#8i zeroed aces": Rules(zeroed_aces=True, null_eights=True),
    "#8ii the Sender in a wild round": Rules(wild_eights=True, wild_not_ace=True, zeroed_aces=True),
    "#9i Death": Rules(death=2, null_eights=True),
    "#9ii Death in a wild round": Rules(wild_eights=True, death=3),
    "#10i no eight as eight": Rules(null_eights=True, no_eight_value=True),
    "#10i no wild eight as eight": Rules(wild_eights=True, no_eight_value=True),
    "#10i the Jack of Staves left out": Rules(exclude=frozenset({ARCHCHANCELLOR})),
    "#10ii the Jack of Staves wild": Rules(wild=frozenset({ARCHCHANCELLOR}), death=2),
    "#11 the Fool": Rules(fool=True, null_eights=True),
    "#11 the Fool in a wild round": Rules(fool=True, wild_eights=True, octavo=True, devalued=1),
}
#: Great A'Tuin's two uses (#6, #7), alone and with what may come with them
ATUIN_RULES = {
    "#6 the shift": Rules(shift=True),
    "#6 the shift, #4ii the Lady": Rules(shift=True, wild_eights=True, devalued=1),
    "#7 the Elephants": Rules(elephants=True),
    "#7 the Elephants, wild eights": Rules(elephants=True, wild_eights=True, fool=True),
    "#6 and #7": Rules(shift=True, elephants=True, death=2),
}


def pairs_of(g) -> list[tuple[int, ...]]:
    """A family grouping's cards as its pairs; any other grouping as itself."""
    if g.kind in G.BAGELS[1:] or g.kind in G.ONIONS.values():
        return [g.cards[i:i + 2] for i in range(0, len(g.cards), 2)]
    return [g.cards]


def assert_valid(hand: list[int], a: Arrangement, rules: Rules = BASE_RULES) -> None:
    """Every grouping is real by the reference's own reading, the groupings
    are disjoint and together with the unused cards make up the hand."""
    used = [c for g in a.groupings for c in g.cards]
    assert sorted(used + list(a.unused)) == sorted(hand)
    faces = [ref.face(c, rules) for c in hand]
    if a.shift:
        faces = ref.shift(faces, hand.index(a.shift[0]), hand.index(a.shift[1]))
    for g in a.groupings:
        if g.kind == G.ELEPHANTS:
            faces = ref.spend_elephants(hand, faces, tuple(hand.index(c) for c in g.cards))
    assert faces is not None
    for g in a.groupings:
        for part in pairs_of(g) if g.kind != G.ELEPHANTS else ():
            readings = ref.readings([faces[hand.index(c)] for c in part], rules)
            family = "bagel" if g.kind in G.BAGELS else "pontoon" if g.kind in G.ONIONS.values() else None
            assert (family or G.Level(g.kind, g.nulls)) in readings, (g, readings)


def assert_exact(hand: list[int], rules: Rules = BASE_RULES) -> None:
    """The solver's arrangement is real, as strong as the reference's best,
    and the showdown's judge accepts it at the same worth."""
    a = best(hand, rules)
    assert a.key == ref.best_key(hand, rules), (names(hand), [g.kind for g in a.groupings])
    assert_valid(hand, a, rules)
    judged = judge(hand, a.declaration(), rules)
    assert isinstance(judged, Arrangement) and judged.value == a.value, judged


@settings(max_examples=40)
@given(hands)
def test_matches_exhaustive_search(hand: list[int]) -> None:
    assert_exact(hand)


@pytest.mark.parametrize("rules", MODIFIED.values(), ids=MODIFIED.keys())
@settings(max_examples=10)
@given(rich_hands)
def test_matches_exhaustive_search_with_modifiers(rules: Rules, hand: list[int]) -> None:
    # the reference tries every value of every wild card: a few eights keep it quick
    assume(not rules.wild_eights or sum(1 for c in hand if (c % 52) // 4 + 1 == 8) <= 2)
    if ARCHCHANCELLOR not in hand and (rules.wild or rules.exclude):
        hand = [ARCHCHANCELLOR] + hand[1:]
    assert_exact(hand, rules)


@pytest.mark.parametrize("rules", ATUIN_RULES.values(), ids=ATUIN_RULES.keys())
@settings(max_examples=6)
@given(st.lists(st.sampled_from(RICH), min_size=7, max_size=7, unique=True))
def test_matches_exhaustive_search_with_great_atuin(rules: Rules, seven: list[int]) -> None:
    """Eight cards (the Queen of Coins and seven more) keep the reference's
    every-shift search quick."""
    assert_exact([ATUIN] + [c for c in seven if c != ATUIN][:7], rules)


@settings(max_examples=40)
@given(st.integers(0, 3), st.lists(st.integers(0, 25), min_size=10, max_size=10, unique=True),
       st.sampled_from([BASE_RULES, Rules(wild_eights=True), Rules(wild=frozenset({ARCHCHANCELLOR}))]))
def test_running_flush_matches_exhaustive_search(suit: int, picks: list[int], rules: Rules) -> None:
    """#0: the nine- or ten-card running flush reported for crippling is the
    longest, then with the fewest wild cards, and really runs."""
    # mostly one suit: picks 0..12 are that suit's ranks in one deck, 13..25 any card
    hand = list(dict.fromkeys(4 * (p % 13) + suit + 52 * (p // 13) if p < 13 else (p * 37) % 104 for p in picks))
    hand += [c for c in range(104) if c not in hand][:10 - len(hand)]
    got = best(hand, rules).cripple
    want = ref.running_flush(hand, rules)
    assert (got and (got.length, got.wilds)) == want
    if got:
        faces = [ref.face(c, rules) for c in hand]
        assert ref.run_wilds(hand, faces, tuple(hand.index(c) for c in got.cards)) == got.wilds


@pytest.mark.slow
def test_matches_exhaustive_search_soak() -> None:
    rng = random.Random(11)
    for _ in range(400):
        hand = rng.sample(range(104), 10)
        assert best(hand).key == ref.best_key(hand)
    for rules in MODIFIED.values():
        for _ in range(40):
            hand = rng.sample(RICH, 10)
            if rules.wild_eights and sum(1 for c in hand if (c % 52) // 4 + 1 == 8) > 2:
                continue  # the reference tries every value of every wild card
            assert_exact(hand if ARCHCHANCELLOR in hand else [ARCHCHANCELLOR] + hand[1:], rules)
    for rules in ATUIN_RULES.values():
        for _ in range(40):
            assert_exact([ATUIN] + rng.sample([c for c in RICH if c != ATUIN], 7), rules)


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
    # CMO-7.11: under the Fool the great bagel sits just below the Great Onion; CMO-H11: the Octavo,
    # a Lesser Onion, goes down with the Lesser Onions, just above them
    order = [lv.kind for lv in G.ORDER[True]]
    assert order[-2:] == ["great bagel", "great onion"]
    assert order.index("octavo") == order.index("lesser onion") + 1 < order.index("bagel")


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


def test_death_spares_an_onion_that_leaves_a_picture_out() -> None:
    # CMO-H18: the holder names the killed picture; a wild eight standing in for one is none
    wild = Rules(wild_eights=True, death=3)
    lone_king = allocate("KC AH AS 8C 2C 3D 4H 5S 6C 9D")  # one picture: Death passes the hand by
    spare_queen = allocate("KC QD AH AS 8C 2C 3D 4H 5S 9D")  # the queen is named and left out
    both_kings = allocate("KC KD AH AS 2C 3D 4H 5S 6C 9D")  # the Onion needs both: one is killed
    assert best(lone_king, wild).top == "double onion" and best(spare_queen, wild).top == "double onion"
    assert best(both_kings, wild).top != "double onion"
    for hand in (lone_king, spare_queen, both_kings):
        assert_exact(hand, wild)


def test_the_lady_counts_the_elevens_after_great_atuins_shift() -> None:
    # #4ii with #6: a three raised to eleven is one more card that could be eleven
    hand = [ATUIN] + allocate("AH 10C 9H 9D 8C 3C 2S 4D 5H")
    rules = Rules(shift=True, wild_eights=True, devalued=1)
    assert best(hand, rules).top == "double onion"
    assert_exact(hand[:7], rules)


def test_an_eight_is_never_shifted() -> None:
    # #6: 8 - 8 and 8 + 8 leave 1..11, and a null eight's zero is no value to shift
    hand = [ATUIN] + allocate("8C 10D 2H 3S 4C 5D 6H 7S 9C")
    for rules in (Rules(shift=True), Rules(shift=True, null_eights=True), Rules(shift=True, null_eights=True,
                                                                               no_eight_value=True)):
        for pair in (allocate("10D 8C"), allocate("8C 2H")):
            assert isinstance(judge(hand, [("shift", tuple(pair))], rules), str)
    assert best(allocate("8C 10D 2H 3S 4C 5D 6H 7S 9C JS"), Rules(shift=True)).shift is None  # no Queen of Coins


def test_a_wild_eight_is_no_eight_to_the_archchancellor() -> None:
    # #10i: "may not also play an eight as having value eight", wild or not
    hand = allocate("6S 7S 8D 2C 3C 4H 10D 10H 5C 5H")
    rules = Rules(wild_eights=True, no_eight_value=True)
    assert isinstance(judge(hand, [("broken royal", tuple(allocate("6S 7S 8D")))], rules), str)
    assert isinstance(judge(hand, [("three-card onion", tuple(allocate("8D 10D 3C")))], rules), str)
    assert isinstance(judge(hand, [("broken royal", tuple(allocate("6S 7S 8D")))], Rules(wild_eights=True)),
                      Arrangement)
    assert_exact(hand, rules)


def test_the_elephants_need_two_cards_that_are_not_tens() -> None:
    # #7: "a ten may not take the role of a picture card in an Onion - a shifted nine, eight etc. is needed"
    rules = Rules(elephants=True)
    for four in ("10C 10D 10H 10S", "9C 10D 10H 10S"):
        hand = allocate(four + " 2C 3D 4H 5S 7C") + [ATUIN]
        assert best(hand, rules).top != "elephants' double onion"
        assert isinstance(judge(hand, [("elephants' double onion", tuple(allocate(four)))], rules), str)
    hand = allocate("9C 8D 10H 10S 2C 3D 4H 5S 7C") + [ATUIN]  # a wild eight is a shifted eight
    assert best(hand, Rules(elephants=True, wild_eights=True)).top == "elephants' double onion"


def test_great_atuin_is_used_once() -> None:
    # CMO-H14: the shift and the Elephants are alternative uses of the one card
    hand = allocate("9C 9H 10D 10S 2C 3D 4H 5S 7C") + [ATUIN]
    both = [("shift", tuple(allocate("10D 2C"))), ("elephants' double onion", tuple(allocate("9C 9H 10D 10S")))]
    assert isinstance(judge(hand, both, Rules(shift=True, elephants=True)), str)


def test_the_octavo_matches_the_reference() -> None:
    rules = Rules(wild_eights=True, octavo=True)
    octavo = allocate(" ".join(["8C", "8D", "8H", "8S"] * 2))
    assert best(octavo + allocate("2C 3D"), rules).top == "octavo"
    assert_exact(octavo, rules)  # eight cards: the reference tries every value of each


@pytest.mark.parametrize(("kind", "cards", "real"), [
    ("two-card onion", "KC AD", True),  # a lone pontoon is a two-card onion ...
    ("double onion", "KC AD 10H AS", False),  # ... and a ten is never an Onion's picture
    ("bagel", "9C AD", True),  # the ace as eleven
    ("seven-card onion", "AC AD 2C 2D 4H 5S 6C", True),  # the seed's AA22456: both aces as one
    ("broken flush", "9C 5C 2D", True),  # all but exactly one of one suit, 16..21
    ("broken flush", "9C 5C 2D 3D", False),  # two and two is not all but one
    ("flush", "9C 6C AC", True),  # the ace as one: 16
    ("flush", "5C 4C AC", True),  # the ace as eleven: 20
    ("flush", "9C 5C AC", False),  # 15 or 25
    ("flush", "9C 4C 2C", False),  # 15: under 16
    ("flush", "KC QC 2C", False),  # 22: over 21
    ("flush", "KC 6C", False),  # three cards or more
    ("seven-card onion", "AC AD 2C 2D 3H 3S 4C 5D", False),  # eight cards make 21, but no eight-card onion
    ("broken royal", "6C 7D 8H", True), ("royal", "7C 7D 7H", True), ("royal", "7C 7D 8H", False),
])
def test_definitions_at_their_edges(kind: str, cards: str, real: bool) -> None:
    hand = allocate(cards)
    hand += [c for c in allocate("2H 3H 4S 6S 10S JH QS KH 9S 8S") if c not in hand][:10 - len(hand)]
    assert isinstance(judge(hand, [(kind, tuple(allocate(cards)))]), Arrangement) == real


def test_a_shift_onto_one_of_two_copies_is_judged_as_the_solver_found_it() -> None:
    """Great A'Tuin moves eight onto the unused ace while the onion counts its
    twin as 1: the declaration names both aces alike, and the judge must find
    the choice of copies that makes it (Hypothesis found the solver and the
    judge disagreeing here)."""
    hand = [ATUIN] + allocate("AC 2D 3D 3C 3H 7D") + [allocate("AC")[0] + 52]
    assert_exact(hand, Rules(shift=True))
