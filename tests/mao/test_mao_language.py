"""The Mao rule language (issue 13): built-ins re-created in it, errors with where and why,
the checker's warnings and refusals."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from houserules.engine.scenario import run_file
from houserules.games.mao import language as L
from houserules.games.mao import rulebook as rb
from houserules.games.mao import rulecheck as rc

BUILTIN = Path(L.__file__).with_name("builtin_rules.json")
SCENARIOS = sorted((Path(__file__).parents[1] / "scenarios" / "mao").glob("*.json"))


def compiled() -> tuple[rb.Rule, ...]:
    return L.parse(BUILTIN.read_text())


def test_every_builtin_is_written_in_the_language() -> None:
    assert compiled() == rb.RULES
    for r in rb.RULES:
        assert L.rule(L.to_json(r)) == r


@pytest.mark.parametrize("path", SCENARIOS, ids=[p.stem for p in SCENARIOS])
def test_seed_scenarios_play_against_the_compiled_rules(path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(rb, "RULES", compiled())
    report = run_file(path)
    assert report.passed, report.failure


def test_the_compiled_rules_are_the_ones_judged(monkeypatch: pytest.MonkeyPatch) -> None:
    """Dropping Knocking from the compiled book makes the hearts scenario fail: the swap is live."""
    monkeypatch.setattr(rb, "RULES", tuple(r for r in compiled() if r.id != "knocking1"))
    assert not run_file(next(p for p in SCENARIOS if p.stem == "knocking-hearts")).passed


def house(**kw: Any) -> dict[str, Any]:
    return {"id": "h", "on": "play", **kw}


KNOCK = {"who": "player", "do": "knock", "times": 3, "failure": "failure to knock thrice"}


@pytest.mark.parametrize("raw, where, why", [
    ({"on": "play"}, "rule", "needs 'id'"),
    (house(id="Bad Id", effects=["skip"]), "rule.id", "lower-case"),
    (house(on="dance", effects=["skip"]), "rule.on", "not a trigger"),
    (house(on="say", penalty="x"), "rule.on", "built-in"),
    (house(), "rule", "does nothing"),
    (house(effects=["fly"]), "rule.effects[0]", "not an effect"),
    (house(effects=["draw:9"]), "rule.effects[0]", "1 to 5"),
    (house(**{"if": ["card.suit == purple"]}, effects=["skip"]), "rule.if[0]", "not a suit"),
    (house(**{"if": ["card.rank === 7"]}, effects=["skip"]), "rule.if[0]", "left op right"),
    (house(**{"if": ["__import__('os') == 1"]}, effects=["skip"]), "rule.if[0]", "not a reference"),
    (house(**{"if": ["card.rank == card.suit"]}, effects=["skip"]), "rule.if[0]", "not comparable"),
    (house(on="draw", **{"if": ["card.rank == 7"]}, effects=["skip"]), "rule.if[0]", "no card"),
    (house(must=[{**KNOCK, "times": 12}]), "rule.must[0].times", "1 to 5"),
    (house(must=[{**KNOCK, "who": "dog"}]), "rule.must[0].who", "not one of"),
    (house(must=[{"who": "player", "do": "say", "failure": "f"}]), "rule.must[0]", "needs a 'phrase'"),
    (house(must=[{"who": "player", "do": "say", "phrase": "{name.__class__}", "failure": "f"}]),
     "rule.must[0].phrase", "not a placeholder"),
    (house(must=[{"who": "player", "do": "say", "phrase": "<b>hi</b>", "failure": "f"}]),
     "rule.must[0].phrase", "plain punctuation"),
    (house(must=[{"who": "player", "do": "say", "phrase": "x" * 101, "failure": "f"}]),
     "rule.must[0].phrase", "at most 100"),
    (house(**{"if": ["card.rank == 7"] * 7}, effects=["skip"]), "rule.if", "at most 6"),
    (house(on="allow"), "rule.if", "at least one condition"),
    (house(on="hand", effects=["skip"]), "rule.if", "hand.size == N"),
])
def test_bad_rules_say_where_and_why(raw: dict[str, Any], where: str, why: str) -> None:
    with pytest.raises(L.RuleError) as err:
        L.rule(raw)
    assert err.value.where == where and why in err.value.why, str(err.value)


def test_a_file_error_names_its_line() -> None:
    with pytest.raises(L.RuleError) as err:
        L.parse('{"rules": [\n  {"id": "a", "on": "play", "effects": ["skip"]},\n  {"id": "b" "on": "play"}]}\n')
    assert err.value.line == 3
    text = json.dumps({"rules": [house(id="a", effects=["skip"]), house(id="b", effects=["fly"])]}, indent=1)
    with pytest.raises(L.RuleError) as err:
        L.parse(text)
    assert err.value.where == "rules[1].effects[0]"
    assert text.splitlines()[err.value.line - 1].strip().startswith("{")  # type: ignore[operator]
    with pytest.raises(L.RuleError, match="used twice"):
        L.book([house(id="a", effects=["skip"]), house(id="a", effects=["reverse"])])
    with pytest.raises(L.RuleError, match="larger than"):
        L.parse(" " * (L.MAX_FILE + 1))


def book(*rules: dict[str, Any]) -> tuple[rb.Rule, ...]:
    return L.book([{"id": f"r{i}", **r} for i, r in enumerate(rules)])


def test_checker_warns_of_a_rule_that_never_fires() -> None:
    warn = rc.check(book({"on": "play", "if": ["card.suit == hearts", "card.colour == black"], "effects": ["skip"]}))
    assert warn and "never fire" in warn[0]
    warn = rc.check(book({"on": "allow", "if": ["card.rank == below.rank", "card.suit == hearts"]}))
    assert warn and "nothing the base rules" in warn[0]
    assert not rc.check(book({"on": "allow", "if": ["card.rank == 7", "below.rank == 8"]}))


def test_checker_warns_of_contradicting_rules() -> None:
    say = {"who": "player", "do": "say", "phrase": "Seven", "failure": "failure to say seven"}
    quiet = {"who": "everyone", "do": "silent", "failure": "speaking on a spade"}
    warn = rc.check(book({"on": "play", "if": ["card.rank == 7"], "must": [say]},
                         {"on": "play", "if": ["card.suit == spades"], "must": [quiet]}))
    assert warn and "contradicts" in warn[0] and "silence" in warn[0]
    # never together (sevens / eights): no warning
    assert not rc.check(book({"on": "play", "if": ["card.rank == 7"], "must": [say]},
                             {"on": "play", "if": ["card.rank == 8"], "must": [quiet]}))
    warn = rc.check(book({"on": "play", "if": ["card.rank == 7"], "effects": ["reverse"]},
                         {"on": "play", "if": ["card.rank in 6,7"], "effects": ["reverse"]}))
    assert warn and "cancel" in warn[0]


@pytest.mark.parametrize("rules, why", [
    ([{"on": "play", "penalty": "playing"}], "every possible play"),
    ([{"on": "play", "if": ["card.colour == red"], "penalty": "red"},
      {"on": "play", "if": ["card.colour == black"], "effects": ["draw:1"]}], "every possible play"),
    ([{"on": "hand", "if": ["hand.size == 1"], "penalty": "one card"}], "unwinnable"),
    ([{"on": "turnstart", "effects": ["draw:1"]}], "every turn"),
    ([{"on": "penalty", "penalty": "again"}], "trigger itself"),
    ([{"on": "play", "must": [{"who": "player", "do": "silent", "failure": "a"},
                              {"who": "player", "do": "say", "phrase": "hi", "failure": "b"}]}], "never be obeyed"),
])
def test_unwinnable_books_are_refused(rules: list[dict[str, Any]], why: str) -> None:
    with pytest.raises(L.RuleError, match=why):
        rc.refuse(book(*rules), 5)


def test_a_silent_knock_is_obeyable() -> None:
    """Knocking and pointing are not speech (H-ext-one): a rule may ask for a knock in silence."""
    rc.refuse(book({"on": "play", "must": [{"who": "player", "do": "silent", "failure": "a"},
                                           {"who": "player", "do": "knock", "times": 1, "failure": "b"},
                                           {"who": "player", "do": "point", "failure": "c"}]}), 5)


def test_winnable_books_pass() -> None:
    rc.refuse(book({"on": "play", "if": ["card.rank == 7", "below.rank == 7"], "penalty": "double seven"},
                   {"on": "hand", "if": ["hand.size == 7"], "effects": ["draw:1"]},
                   {"on": "penalty", "if": ["penalty == talking"], "penalty": "chatterbox"}), 5)
    rc.refuse(compiled(), 5)


def test_explain_is_plain_words() -> None:
    r = L.rule(house(title="Sevens", **{"if": ["card.rank == 7"]}, must=[KNOCK], effects=["skip"]))
    text = L.explain(r)
    assert text == ("Sevens: When a card is played and the card's rank is 7; the player must knock 3 times, "
                    "else “failure to knock thrice”; the next player is skipped.")
    # (``enforced``, which listed what the table did not judge yet, is gone: it judges all of the language)
    every = L.rule(house(on="turnstart", must=[{**KNOCK, "who": "everyone"}]))
    assert L.explain(every) == ("h: When a turn starts; everyone must knock 3 times, else “failure to knock "
                                "thrice”.")


def test_the_checker_knows_the_new_triggers() -> None:
    """Warnings stay right for hand, turnstart, penalty and phrase rules: a hand of no cards has
    won; a penalty no rule gives never comes; silence at a turn's start meets a play's phrase."""
    warn = rc.check(book({"on": "hand", "if": ["hand.size == 0"], "must": [KNOCK]}))
    assert warn and "never fire" in warn[0] and "no cards has won" in warn[0]
    warn = rc.check(book({"on": "penalty", "if": ["penalty == foolishness"], "must": [KNOCK]}))
    assert warn and "no rule gives the penalty 'foolishness'" in warn[0]
    assert not rc.check(book({"on": "penalty", "if": ["penalty in talking,gesturing"], "must": [KNOCK]}))
    say = {"who": "player", "do": "say", "phrase": "Seven", "failure": "failure to say seven"}
    quiet = {"who": "everyone", "do": "silent", "failure": "speaking"}
    warn = rc.check(book({"on": "play", "if": ["card.rank == 7"], "must": [say]}, {"on": "turnstart", "must": [quiet]}))
    assert warn and "silence" in warn[0]
    assert not rc.check(book({"on": "phrase", "if": ["said == hello"], "must": [say]},
                             {"on": "turnstart", "must": [quiet]}))
    warn = rc.check(book({"on": "phrase", "if": ["said == hello", "said == goodbye"], "must": [KNOCK]}))
    assert warn and "contradict" in warn[0]


@pytest.mark.parametrize("rules, why", [
    ([{"on": "phrase", "if": ["said == mao"], "penalty": "forbidden"}], "last requires it"),
    ([{"on": "play", "if": ["card.rank == 7"],
       "must": [{"who": "player", "do": "say", "phrase": "Lucky", "failure": "f"}]},
      {"on": "phrase", "if": ["said in lucky,happy"], "penalty": "forbidden"}], "r0 requires it"),
])
def test_a_forbidden_word_that_a_rule_requires_is_unwinnable(rules: list[dict[str, Any]], why: str) -> None:
    with pytest.raises(L.RuleError, match=why):
        rc.refuse(book(*rules), 5)


@pytest.mark.parametrize("raw, where, why", [
    (house(on="penalty", effects=["skip"]), "rule.effects[0]", "only a play does"),
    (house(on="start", **{"if": ["card.rank == 7"]}, effects=["again"]), "rule.effects[0]", "skip or reverse"),
    (house(on="start", **{"if": ["card.rank == 7"]}, must=[KNOCK]), "rule", "decides who starts"),
])
def test_effects_belong_to_plays(raw: dict[str, Any], where: str, why: str) -> None:
    with pytest.raises(L.RuleError) as err:
        L.rule(raw)
    assert err.value.where == where and why in err.value.why, str(err.value)


def test_a_version_2_book_naming_mao_reads_as_its_version_1_twin() -> None:
    """The one format every game's house rules share (issue 36) reads into Mao's own language;
    a book for another game is refused saying so, and version 1 keeps loading unchanged."""
    rules = [house(id="eights", **{"if": ["card.rank == 8"]}, effects=["again"])]
    v1 = L.book({"format": "houserules-mao-rules", "version": 1, "rules": rules})
    assert L.book({"format": "houserules-rules", "version": 2, "game": "mao", "rules": rules}) == v1
    with pytest.raises(L.RuleError) as err:
        L.book({"format": "houserules-rules", "version": 2, "game": "shedding", "rules": rules})
    assert err.value.where == "file.game" and "another game" in err.value.why
