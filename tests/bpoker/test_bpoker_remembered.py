"""What the rules remember for speed (issue 26) answers as working it out afresh would."""

from __future__ import annotations

import random

import houserules.games.bpoker.game  # noqa: F401  (every card rule registered, as in play)
from houserules.games.bpoker import catalogue
from houserules.games.bpoker.cards import CLUBS, deck, face
from houserules.games.bpoker.catalogue import CardRule, card_rule, modifier
from houserules.games.bpoker.pairs import SETS, set_rule


def test_set_rule_remembered_by_faces_is_the_rule_worked_out() -> None:
    rng = random.Random(7)
    cards = deck(2, 2)
    for _ in range(3):  # the second and third passes read what the first remembered
        for n in (2, 3, 4):
            for combo in (tuple(sorted(rng.sample(cards, n))) for _ in range(300)):
                faces = sorted(face(c) for c in combo)
                assert set_rule(combo) == next((r for r in SETS if r.match(faces)), None)


def test_modifier_sees_a_rule_registered_after_it_was_asked() -> None:
    value = (99, CLUBS)  # no card's value: registering it cannot collide with a real rule
    assert value not in catalogue.RULES
    before = modifier([value], "max")  # remembered: 0, as no rule is registered for it
    assert before == 0
    card_rule(99, (CLUBS,), CardRule("BP-TEST", "test", None, cont=(("max", 3),)))
    try:
        assert modifier([value, value], "max") == 6
    finally:
        del catalogue.RULES[value]
        catalogue._AMOUNTS.clear()
    assert modifier([value], "max") == 0
