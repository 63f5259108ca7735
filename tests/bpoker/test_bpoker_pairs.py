"""Pairs and sets: the fast listing finds exactly the acceptable sets, and a refused set changes nothing."""

from __future__ import annotations

import random
from itertools import combinations

from houserules.engine.core import Action
from houserules.engine.referee import act
from houserules.games.bpoker.cards import deck, parse_card
from houserules.games.bpoker.game import GAME
from houserules.games.bpoker.literal import literal_state
from houserules.games.bpoker.pairs import SETS, candidates, set_rule


def test_candidates_agree_with_brute_force() -> None:
    rng = random.Random(7)
    cards = deck(3, 2)
    for _ in range(300):
        hand = rng.sample(cards, rng.randint(2, 9))
        brute = sorted(c for n in range(2, len(hand) + 1) for c in combinations(sorted(hand), n)
                       if set_rule(c) is not None)
        assert candidates(hand) == brute


def test_every_set_has_its_own_clause() -> None:
    clauses = [r.clause for r in SETS]
    assert len(clauses) == len(set(clauses)) and all(c.startswith("BP-P.") for c in clauses)


def test_a_refused_set_names_the_rule_and_changes_nothing() -> None:
    state = literal_state(GAME.options({"players": 3}), {"viewing": [["QH", "QS", "9D"], [], []],
                                                         "stash": [["2C"], ["2D"], ["2H"]]}, 0)
    before = GAME.snapshot(state)
    for cards, clause in ((("QH", "QS"), "BP-P.0"), (("QH", "KS"), "BP-2.2")):
        arg = tuple(sorted(parse_card(c) for c in cards))
        events = act(GAME, state, Action(0, "pair", arg=arg))
        assert [e.kind for e in events] == ["refused"] and events[0].data["rule"] == clause
        assert GAME.snapshot(state) == before
