"""Shedding's house rules (issue 36; docs/rules/shedding.md, HR-1 .. HR-16): what scenario files
cannot say — a book is public and replays, unplayable books are refused in one line, doubtful
ones warned of, what the vocabulary cannot say refused — and legality under any book."""

from __future__ import annotations

import json
import pickle
import random
from collections import Counter
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from houserules.engine import registry
from houserules.engine.core import STRICT, TABLE, OptionsError
from houserules.engine.house import book as B
from houserules.engine.house import check as C
from houserules.engine.referee import act
from houserules.engine.replay import GameRecord, events_digest, replay
from houserules.games.shedding.house import table_for
from houserules.games.shedding.vocabulary import VOCABULARY
from houserules.sim.runner import game_facts, play

GAME = registry.get("shedding")
EIGHTS = {"id": "eights-again", "title": "Eights play again", "on": "play", "if": ["card.rank == 8"],
          "effects": ["again"]}
SEVENS = {"id": "sevens-give", "title": "Sevens give", "on": "play", "if": ["card.rank == 7"],
          "effects": ["next:draw:1"]}
WILD = {"id": "wild", "title": "Queens of hearts are wild", "on": "allow",
        "if": ["card.rank == Q", "card.suit == hearts"]}
NO_POWER = {"id": "no-power-finish", "title": "No power finish", "on": "forbid",
            "if": ["hand.size == 1", "card.rank in 2,8,J,K,A"], "penalty": {"name": "power finish", "cards": 2}}


def options(*rules: dict[str, Any], **kw: Any) -> dict[str, Any]:
    return GAME.options({"players": 3, "house": {"rules": list(rules)}, **kw})


def play_out(state: Any, seed: int, steps: int = 3000) -> list[Any]:
    """Random legal play, checking at every step that legal and check agree."""
    rng = random.Random(seed)
    actions = []
    for _ in range(steps):
        if GAME.result(state) is not None:
            break
        legal = GAME.legal(state)
        said = {json.dumps(GAME.action_to_json(a), sort_keys=True) for a in legal}
        for a in GAME.attempts(state):
            assert (GAME.check(state, a) is None) == (json.dumps(GAME.action_to_json(a), sort_keys=True) in said)
        action = legal[rng.randrange(len(legal))]
        actions.append(action)
        GAME.apply(state, action)
    return actions


def test_a_book_is_public_and_replays() -> None:
    """HR-1: every seat and a spectator see each rule in words; the option keeps the canonical
    book; a record with it replays exactly; a state with it pickles and copies."""
    opts = options(EIGHTS, SEVENS, WILD, NO_POWER)
    assert opts["house"]["format"] == "houserules-rules" and opts["house"]["game"] == "shedding"
    state = GAME.new(opts, 7)
    for seat in (0, 1, None):
        shown = GAME.view(state, seat).to_json()["house"]
        assert [r["id"] for r in shown] == ["eights-again", "sevens-give", "wild", "no-power-finish"]
        assert shown[0]["words"] == ("Eights play again: When a turn's last card takes effect, if the card's rank "
                                     "is 8: the player plays again.")
    assert GAME.view(GAME.new(GAME.options({"players": 3}), 7), 0).to_json()["house"] == []
    rng, events, actions = random.Random(7), [], []
    while GAME.result(state) is None:
        legal = GAME.legal(state)
        actions.append(legal[rng.randrange(len(legal))])
        events += GAME.apply(state, actions[-1])
    assert any(e.kind == "house" for e in events)
    result = GAME.result(state)
    assert result is not None
    record = GameRecord("shedding", opts, 7, [GAME.action_to_json(a) for a in actions], result=result.to_json(),
                        digest=events_digest(events))
    assert replay(GameRecord.from_json(json.loads(json.dumps(record.to_json())))).ok
    twin = pickle.loads(pickle.dumps(state))
    assert twin.table is state.table and GAME.snapshot(twin) == GAME.snapshot(state)


def test_a_table_is_made_once_per_book() -> None:
    opts = options(EIGHTS)
    a, b = GAME.new(opts, 1), GAME.new(dict(opts), 2)
    assert a.table is b.table is GAME.copy(a).table
    assert GAME.new(GAME.options({"players": 3}), 1).table is table_for("")


@pytest.mark.parametrize("seed", range(3))
@pytest.mark.parametrize("mode", [STRICT, TABLE])
def test_legal_and_check_agree_under_allow_and_forbid(seed: int, mode: str) -> None:
    """``allow`` and ``forbid`` go into the one legality check (HR-3, HR-4): whatever the book, the
    menu and the referee agree, and cards are conserved through its penalties."""
    state = GAME.new(options(WILD, NO_POWER, SEVENS, mode=mode,
                             ), seed)
    start = GAME.conserved(state)
    rng = random.Random(seed)
    for step in range(300):
        if GAME.result(state) is not None:
            break
        if mode == TABLE and step % 4 == 0:
            act(GAME, state, rng.choice(GAME.attempts(state)))
        else:
            play_out(state, seed + step, 1)
        assert GAME.conserved(state) == start


def test_again_fires_once_a_moment() -> None:
    """HR-9: two rules that both say ``again`` give one more turn, said once."""
    other = {**EIGHTS, "id": "eights-twice"}
    state = GAME.scenario_state(options(EIGHTS, other), {"hands": [["8S", "4C"], ["5D"], ["6C"]],
                                                         "discard": ["8H"], "draw": ["3C"]}, 0)
    events = GAME.apply(state, GAME.legal(state)[0]) + GAME.apply(state, GAME.action_from_json(
        {"seat": 0, "action": "end"}))
    assert [e.data["rule"] for e in events if e.kind == "house"] == ["eights-again", "eights-twice"]
    assert sum(e.kind == "effect" and e.data["effect"] == "again" for e in events) == 1
    assert state.turn == 0 and state.turns == 1


def refused(*rules: dict[str, Any]) -> str:
    C.forget()
    with pytest.raises(OptionsError) as err:
        options(*rules)
    text = str(err.value)
    assert text.startswith("house: ") and "\n" not in text
    return text


@pytest.mark.parametrize("rules, why", [
    ([{"id": "no-twos", "on": "forbid", "if": ["card.rank == 2"]}], "2C, 2D, 2H, 2S can never be played"),
    ([{"id": "no-out", "on": "out", "if": ["card.rank != Q"], "penalty": "no"}], "nobody can go out"),
    ([{"id": "last", "on": "forbid", "if": ["hand.size == 1"]}], "nobody can go out"),
    ([{"id": "loop", "on": "play", "if": ["card.rank == 7"], "effects": ["again", "draw:1"]}],
     "a turn could go on for ever"),
    ([{"id": "loop", "on": "play", "if": ["card.rank == 7"], "effects": ["again"]},
      {"id": "cost", "on": "play", "if": ["card.colour == red"], "penalty": "red seven"}],
     "a turn could go on for ever"),
    ([{"id": "boom", "on": "play", "if": ["card.rank == 7"], "effects": ["everyone:draw:3", "draw:5"],
       "penalty": {"name": "seven", "cards": 3}}], "explodes: one moment (play) could cost the table up to 14"),
    ([{"id": "peek", "on": "turnstart", "if": ["card.rank == 7"], "effects": ["draw:1"]}],
     "rules[0].if[0]: the 'turnstart' trigger cannot read card.rank"),
])
def test_unplayable_books_are_refused_in_one_line(rules: list[dict[str, Any]], why: str) -> None:
    """HR-15: refused with where and why, in one line, before the first card."""
    assert why in refused(*rules)


def test_the_moment_bound_counts_the_table() -> None:
    """HR-15: ``everyone:draw`` costs each other seat: 3 x 3 + 5 is too much at four seats, not at two."""
    boom = {"id": "boom", "on": "play", "if": ["card.rank == 7"], "effects": ["everyone:draw:3", "draw:5"]}
    C.forget()
    assert "up to 14 cards" in str(pytest.raises(OptionsError, GAME.options,
                                                 {"players": 4, "house": {"rules": [boom]}}).value)
    GAME.options({"players": 2, "house": {"rules": [boom]}})


def verdict(*rules: dict[str, Any]) -> tuple[str, ...]:
    C.forget()
    found = C.verdict(B.read_book(list(rules), VOCABULARY), VOCABULARY, 4)
    assert found.refusal is None, found.refusal
    return found.warnings


def test_doubtful_books_are_warned_of() -> None:
    """HR-15: what repeats, cancels or contradicts a seed effect or another rule, and what never fires."""
    assert "contradicts S-4.4 on an 8" in verdict(EIGHTS)[0]
    assert not verdict({**EIGHTS, "replaces": ["S-4.4"]})
    assert "repeats S-4.4" in verdict({"id": "x", "on": "play", "if": ["card.rank == 8"], "effects": ["skip"]})[0]
    assert "cancels S-4.5" in verdict({"id": "x", "on": "play", "if": ["card.rank == K"], "effects": ["reverse"]})[0]
    assert "contradicts S-5.3" in verdict({"id": "x", "on": "play", "if": ["card.rank == 2"], "effects": ["again"]})[-1]
    assert "allows nothing the seed" in verdict({"id": "x", "on": "allow", "if": ["card.rank == top.rank"]})[0]
    assert "never fire" in verdict({"id": "x", "on": "play", "if": ["card.rank == 7", "card.rank == 8"],
                                    "effects": ["skip"]})[0]
    both = verdict({"id": "a", "on": "play", "if": ["card.rank == 9"], "effects": ["again"]},
                   {"id": "b", "on": "play", "if": ["card.suit == hearts"], "effects": ["skip"]})
    assert any("one has the player play again, the other skips" in w for w in both)
    assert any("forbids what" in w for w in verdict(WILD, {"id": "f", "on": "forbid", "if": ["card.rank == Q", "top.rank == 7"]}))
    assert not verdict(SEVENS, WILD, NO_POWER)


@pytest.mark.parametrize("rule, where, why", [
    ({"on": "play", "effects": ["suit:hearts"]}, "rules[0].effects[0]", "not an effect"),
    ({"on": "draw", "effects": ["again"]}, "rules[0].effects[0]", "cannot have again"),
    ({"on": "turnstart", "effects": ["skip"]}, "rules[0].effects[0]", "cannot have skip"),
    ({"on": "out", "effects": ["next:draw:1"]}, "rules[0].effects[0]", "cannot have next:draw"),
    ({"on": "allow", "if": ["card.rank == 8"], "effects": ["skip"]}, "rules[0].effects[0]", "cannot have skip"),
    ({"on": "play", "if": ["run.length >= 3"], "effects": ["skip"]}, "rules[0].if[0]", "not a reference"),
    ({"on": "play", "if": ["card.suit <= hearts"], "effects": ["skip"]}, "rules[0].if[0]", "cannot be compared"),
    ({"on": "play", "effects": ["draw:6"]}, "rules[0].effects[0]", "1 to 5"),
    ({"on": "play", "penalty": {"name": "x", "cards": 4}}, "rules[0].penalty.cards", "1 to 3"),
    ({"on": "play", "replaces": ["S-3.4"]}, "rules[0].replaces[0]", "S-4.1, S-4.2"),
    ({"on": "jump-in", "effects": ["skip"]}, "rules[0].on", "not a trigger"),
])
def test_what_the_vocabulary_cannot_say_is_refused(rule: dict[str, Any], where: str, why: str) -> None:
    """HR-16: a book that asks for what the vocabulary cannot say is refused where it asks."""
    text = refused({"id": "r", **rule})
    assert text.startswith(f"house: {where}: ") and why in text, text


def test_house_check_prints_the_verdict_and_the_words(tmp_path: Any) -> None:
    """HR-15: ``houserules house check`` says the verdict, every rule in words and the smoke run; a
    refusal is one line saying where and why, exit 2; ``rules --house`` adds the book's words."""
    from typer.testing import CliRunner

    from houserules.cli import app

    run = CliRunner()
    good = tmp_path / "good.json"
    good.write_text(json.dumps({"format": "houserules-rules", "version": 2, "game": "shedding",
                                "rules": [EIGHTS, SEVENS]}, indent=1))
    out = run.invoke(app, ["house", "check", "shedding", str(good), "--games", "4"])
    assert out.exit_code == 0, out.output
    text = " ".join(out.output.split())
    assert "2 house rules for shedding: accepted, with 1 warning" in text
    assert "Sevens give (sevens-give): When a turn's last card takes effect, if the card's rank is 7: the next " \
           "player draws a card." in text
    assert "contradicts S-4.4" in text and "Smoke run: 4 seeded games of heuristic bots at 4 seats" in text
    report = json.loads(run.invoke(app, ["house", "check", "shedding", str(good), "-n", "2", "--json"]).output)
    assert report["accepted"] and report["smoke"]["games"] == 2 and report["smoke"]["at_limit"] == 0
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"rules": [EIGHTS, {"id": "peek", "on": "turnstart", "if": ["card.rank == 7"],
                                                  "effects": ["draw:1"]}]}, indent=1))
    out = run.invoke(app, ["house", "check", "shedding", str(bad)])
    assert out.exit_code == 2 and "Traceback" not in out.output
    lines = out.output.strip().splitlines()
    at = bad.read_text().splitlines().index(next(x for x in bad.read_text().splitlines() if '"peek"' in x)) + 1
    assert len(lines) == 1 and f"line {at - 1}: rules[1].if[0]: the 'turnstart' trigger cannot read card.rank" in lines[0]
    stuck = tmp_path / "stuck.json"
    stuck.write_text(json.dumps({"rules": [{"id": "no-twos", "on": "forbid", "if": ["card.rank == 2"]}]}))
    out = run.invoke(app, ["house", "check", "shedding", str(stuck)])
    assert out.exit_code == 2 and "refused: rules: unwinnable: 2C, 2D, 2H, 2S can never be played" in out.output
    out = run.invoke(app, ["rules", "shedding", "--house", str(good)])
    assert out.exit_code == 0 and "House rules at this table" in out.output and "Eights play again" in out.output
    assert run.invoke(app, ["rules", "shedding", "--house", str(stuck)]).exit_code == 2
    assert "another game than king-taco" in run.invoke(app, ["house", "check", "king-taco", str(good)]).output
    assert "no house-rule vocabulary" in run.invoke(app, ["house", "check", "mao", str(good)]).output  # its own language


CONDITIONS = ["card.rank == 8", "card.rank in 2,7,J", "card.suit == hearts", "card.colour != black",
              "top.rank >= 10", "top.suit == card.suit", "card.rank <= 5", "hand.size <= 3", "hand.size >= 2",
              "pressure >= 1", "top.colour == red"]
EFFECTS_BY = {"play": ["skip", "reverse", "again", "draw:1", "next:draw:2", "everyone:draw:1", "pressure:1", "suit"],
              "draw": ["skip", "reverse", "draw:1", "next:draw:1"], "turnstart": ["draw:1", "next:draw:1"],
              "out": [], "allow": [], "forbid": []}
READS = {t.name: set(t.reads) for t in VOCABULARY.triggers}


@st.composite
def rules(draw: Any) -> list[dict[str, Any]]:
    out = []
    for i in range(draw(st.integers(1, 4))):
        on = draw(st.sampled_from(sorted(EFFECTS_BY)))
        ok = [c for c in CONDITIONS if {w for w in c.split() if "." in w or w == "pressure"} <= READS[on]]
        rule: dict[str, Any] = {"id": f"r{i}", "on": on, "if": draw(st.lists(st.sampled_from(ok), min_size=1, max_size=2,
                                                                             unique=True))}
        if EFFECTS_BY[on]:
            rule["effects"] = draw(st.lists(st.sampled_from(EFFECTS_BY[on]), min_size=1, max_size=2, unique=True))
        if on != "allow" and (on in ("out", "forbid") or draw(st.booleans())):
            rule["penalty"] = {"name": "house", "cards": draw(st.integers(1, 3))}
        if on == "play" and draw(st.booleans()):
            rule["replaces"] = [draw(st.sampled_from([s.clause for s in VOCABULARY.seed]))]
        out.append(rule)
    return out


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(book=rules(), seed=st.integers(0, 2**20), mode=st.sampled_from([STRICT, TABLE]))
def test_any_book_the_check_accepts_keeps_the_contract(book: list[dict[str, Any]], seed: int, mode: str) -> None:
    """Whatever the book (one the check accepts), legal and check agree, cards are conserved through
    play and penalties, and every event is told in words."""
    from houserules.engine.words import tell
    from houserules.games.shedding.words import WORDS

    try:
        opts = GAME.options({"players": 2 + seed % 4, "house": {"rules": book}, "mode": mode})
    except OptionsError:
        return  # refused: said in one line (test_unplayable_books_are_refused_in_one_line)
    state = GAME.new(opts, seed)
    start, rng = GAME.conserved(state), random.Random(seed)
    names = [f"p{s}" for s in range(opts["players"])]
    for step in range(150):
        if GAME.result(state) is not None:
            break
        legal = GAME.legal(state)
        said = {json.dumps(GAME.action_to_json(a), sort_keys=True) for a in legal}
        for a in GAME.attempts(state):
            assert (GAME.check(state, a) is None) == (json.dumps(GAME.action_to_json(a), sort_keys=True) in said), a
        attempt = rng.choice(GAME.attempts(state)) if mode == TABLE and step % 3 == 0 else rng.choice(legal)
        for e in act(GAME, state, attempt):
            assert tell(WORDS, e.for_seat(None), names, None) is not None, e
        assert GAME.conserved(state) == start



NO_JACK_ON_KING = {"id": "no-jack-on-king", "title": "No Jack on a King", "on": "forbid",
                   "if": ["card.rank == J", "top.rank == K"]}


@pytest.mark.parametrize("hand, top, named", [
    (["JS", "4S"], "KS", ("no-jack-on-king",)),  # the Jack follows suit: only the rule keeps it back
    (["JD", "4S"], "KS", ()),  # the Jack matches nothing on a King of spades: the rule takes nothing away
    (["JS", "4S"], "5S", ()),  # not on a King: nothing forbidden
    (["4S", "9S"], "KS", ()),  # no Jack in the hand
])
def test_a_forbid_rule_narrows_a_decision_without_an_event(hand: list[str], top: str, named: tuple[str, ...]) -> None:
    """HR-4 in strict mode: a forbidden card is not offered and no event says so (it would tell the
    table what the seat holds); ``narrowing`` names the rule where it took away a play the seed
    would have allowed, so ``compare`` can count it."""
    literal = {"hands": [hand, ["5D"], ["6D"]], "discard": [top], "draw": ["3C"]}
    state = GAME.scenario_state(options(NO_JACK_ON_KING), literal, 0)
    assert GAME.narrowing(state) == named
    offered = {GAME.action_to_json(a).get("card") for a in GAME.legal(state)}
    assert not named or hand[0] not in offered
    assert GAME.narrowing(GAME.scenario_state(GAME.options({"players": 3}), literal, 0)) == ()


def test_compare_counts_a_forbid_rules_firings_in_strict_mode() -> None:
    """``house.ID.fired`` of a ``forbid`` rule in strict mode counts the decisions it narrowed:
    more than none where its card comes up, none without the book, and the game itself unchanged
    by the counting (the same events as a game played without it)."""
    book = dict(registry.house_books("shedding"))["no-stacking"]
    opts = GAME.options({"players": 4, "house": book})
    fired = sum(game_facts("shedding", opts, seed, ["random"] * 4).house["no-stacking-twos"] for seed in range(10))
    assert fired > 0
    assert not game_facts("shedding", GAME.options({"players": 4}), 0, ["random"] * 4).house
    counted: Counter[str] = Counter()
    assert play("shedding", opts, 3, ["random"] * 4, narrowed=counted)[1] == play("shedding", opts, 3, ["random"] * 4)[1]
    assert counted
