"""King Taco's house rules (issue 36; docs/rules/king-taco.md, KT-HR-1 .. KT-HR-12): what scenario
files cannot say — a book is public and replays, unplayable books are refused in one line,
doubtful ones warned of, what the vocabulary cannot say refused (the shipped examples: tests/test_house_examples.py)."""

from __future__ import annotations

import json
import pickle
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from houserules.engine import registry
from houserules.engine.core import OptionsError
from houserules.engine.house import book as B
from houserules.engine.house import check as C
from houserules.engine.replay import GameRecord, events_digest, replay
from houserules.games.king_taco.vocabulary import VOCABULARY

GAME = registry.get("king-taco")
FOURS = {"id": "fours-feed", "title": "Fours feed you", "on": "land", "if": ["card.number == 4"], "effects": ["mana:1"]}
AIM = {"id": "ones-aim", "title": "Ones aim", "on": "land", "if": ["card.number == 1"], "effects": ["target:draw:1"]}
STING = {"id": "skips-sting", "title": "Skips sting", "on": "resolve", "if": ["stack.kind == skip"],
         "effects": ["draw:1"]}


def options(*rules: dict[str, Any], **kw: Any) -> dict[str, Any]:
    return GAME.options({"players": 3, "house": {"rules": list(rules)}, **kw})


def test_a_book_is_public_and_replays() -> None:
    """KT-HR-1: every seat and a spectator see each rule in words; a record with the book (and its
    target choices) replays exactly; a state with it pickles."""
    opts = options(FOURS, AIM, STING)
    state = GAME.new(opts, 5)
    for seat in (0, 2, None):
        shown = GAME.view(state, seat).to_json()["house"]
        assert [r["id"] for r in shown] == ["fours-feed", "ones-aim", "skips-sting"]
    assert shown[1]["words"] == ("Ones aim: When a card lands on the pile (played or stacked), if the card's number "
                                 "is 1: a player chosen by the player draws a card.")
    for seed in range(20):  # the first deal whose random play names a target
        state = GAME.new(opts, seed)
        rng, events, actions = random.Random(seed), [], []
        while GAME.result(state) is None and len(actions) < 3000:
            legal = GAME.legal(state)
            actions.append(legal[rng.randrange(len(legal))])
            events += GAME.apply(state, actions[-1])
        if any(a.kind == "target" for a in actions):
            break
    assert {e.data["rule"] for e in events if e.kind == "house"} >= {"fours-feed", "ones-aim"}
    result = GAME.result(state)
    record = GameRecord("king-taco", opts, seed, [GAME.action_to_json(a) for a in actions],
                        result=None if result is None else result.to_json(), digest=events_digest(events))
    assert replay(GameRecord.from_json(json.loads(json.dumps(record.to_json())))).ok
    twin = pickle.loads(pickle.dumps(state))
    assert twin.house is state.house and GAME.snapshot(twin) == GAME.snapshot(state)


def refused(*rules: dict[str, Any], players: int = 3) -> str:
    C.forget()
    with pytest.raises(OptionsError) as err:
        GAME.options({"players": players, "house": {"rules": list(rules)}})
    text = str(err.value)
    assert text.startswith("house: ") and "\n" not in text
    return text


@pytest.mark.parametrize("rules, why", [
    ([{"id": "a", "on": "land", "effects": ["draw:1"]}], "nobody can go out"),
    ([{"id": "a", "on": "out", "penalty": "no"}], "nobody can go out"),
    ([{"id": "a", "on": "turnstart", "effects": ["draw:1"]}], "rules[0]: unwinnable: a turn that starts with one card"),
    ([{"id": "a", "on": "land", "if": ["card.symbol == skip"], "effects": ["everyone:draw:3", "draw:5"],
       "penalty": {"name": "x", "cards": 2}}], "explodes: one moment (land) could cost the table up to 13"),
    ([{"id": "a", "on": "turnstart", "if": ["card.colour == red"], "effects": ["mana:1"]}],
     "rules[0].if[0]: the 'turnstart' trigger cannot read card.colour"),
])
def test_unplayable_books_are_refused_in_one_line(rules: list[dict[str, Any]], why: str) -> None:
    """KT-HR-11: refused with where and why, in one line, before the first card."""
    assert why in refused(*rules)


def test_doubtful_books_are_warned_of() -> None:
    C.forget()
    found = C.verdict(B.read_book([
        {"id": "a", "on": "land", "if": ["card.symbol == skip"], "effects": ["skip"]},
        {"id": "b", "on": "land", "if": ["card.symbol in inverse, 3"], "effects": ["reverse"]},
        {"id": "c", "on": "land", "if": ["card.number == 3", "card.number == 4"], "effects": ["mana:1"]}],
        VOCABULARY), VOCABULARY, 4)
    assert found.refusal is None
    assert any("never fire" in w for w in found.warnings)
    assert any("repeats KT-7.4.1" in w for w in found.warnings)
    assert any("undoes KT-7.1.1" in w for w in found.warnings)


@pytest.mark.parametrize("rule, where, why", [
    ({"on": "land", "effects": ["replace:matrix"]}, "rules[0].effects[0]", "not an effect"),
    ({"on": "resolve", "effects": ["target:draw:1"]}, "rules[0].effects[0]", "cannot have target:draw"),
    ({"on": "turnstart", "effects": ["skip"]}, "rules[0].effects[0]", "cannot have skip"),
    ({"on": "land", "if": ["stack.kind == skip"], "effects": ["mana:1"]}, "rules[0].if[0]", "cannot read stack.kind"),
    ({"on": "land", "if": ["card.symbol <= skip"], "effects": ["mana:1"]}, "rules[0].if[0]", "cannot be compared"),
    ({"on": "land", "if": ["card.colour == purple"], "effects": ["mana:1"]}, "rules[0].if[0]", "not a colour"),
    ({"on": "land", "effects": ["mana:5"]}, "rules[0].effects[0]", "1 to 4"),
    ({"on": "land", "replaces": ["KT-7.4.1"]}, "rules[0].replaces[0]", "not one of the seed's entries"),
    ({"on": "stack", "effects": ["mana:1"]}, "rules[0].on", "not a trigger"),
])
def test_what_the_vocabulary_cannot_say_is_refused(rule: dict[str, Any], where: str, why: str) -> None:
    """KT-HR-12: the matrix, the seed's effects and what a trigger cannot read stay out of reach."""
    text = refused({"id": "r", **rule})
    assert text.startswith(f"house: {where}: ") and why in text, text


# --- the shipped examples ---------------------------------------------------------------------
# --- any book the check accepts keeps the contract ------------------------------------------------
CONDITIONS = {"land": ["card.number == 4", "card.colour in red,blue", "card.symbol == skip", "hand.size <= 3",
                       "mana >= 2", "card.number >= 1"],
              "resolve": ["stack.kind in skip,+=2", "stack.kind == rage", "hand.size >= 4", "mana <= 1"],
              "turnstart": ["hand.size >= 6", "mana == 0"], "out": ["card.number == 0", "mana >= 1"]}
EFFECTS_BY = {t.name: [f"{e}:1" if VOCABULARY.effect[e].counted else e for e in t.effects] for t in VOCABULARY.triggers}


@st.composite
def rules(draw: Any) -> list[dict[str, Any]]:
    out = []
    for i in range(draw(st.integers(1, 4))):
        on = draw(st.sampled_from(sorted(CONDITIONS)))
        rule: dict[str, Any] = {"id": f"r{i}", "on": on,
                                "if": draw(st.lists(st.sampled_from(CONDITIONS[on]), max_size=2, unique=True)),
                                "effects": draw(st.lists(st.sampled_from(EFFECTS_BY[on]), min_size=1, max_size=2,
                                                         unique=True))}
        if draw(st.booleans()):
            rule["penalty"] = {"name": "house", "cards": draw(st.integers(1, 2))}
        out.append(rule)
    return out


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(book=rules(), seed=st.integers(0, 2**20))
def test_any_book_the_check_accepts_keeps_the_contract(book: list[dict[str, Any]], seed: int) -> None:
    """Whatever the book (one the check accepts), legal and check agree, cards are conserved, and
    every event is told in words."""
    from houserules.engine.words import tell
    from houserules.games.king_taco.words import WORDS

    try:
        opts = GAME.options({"players": 2 + seed % 4, "house": {"rules": book}})
    except OptionsError:
        return
    state = GAME.new(opts, seed)
    start, rng = GAME.conserved(state), random.Random(seed)
    names = [f"p{s}" for s in range(opts["players"])]
    for _ in range(200):
        if GAME.result(state) is not None:
            break
        legal = GAME.legal(state)
        said = {json.dumps(GAME.action_to_json(a), sort_keys=True) for a in legal}
        for a in GAME.attempts(state):
            assert (GAME.check(state, a) is None) == (json.dumps(GAME.action_to_json(a), sort_keys=True) in said), a
        for e in GAME.apply(state, rng.choice(legal)):
            assert e.kind in ("given", "received") or tell(WORDS, e.for_seat(None), names, None) is not None, e
        assert GAME.conserved(state) == start
