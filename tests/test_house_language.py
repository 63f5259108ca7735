"""The engine's house-rule language (issue 36), on a vocabulary declared here and nowhere else:
what the engine reads, refuses, writes back, says and warns of, it knows from records alone."""

from __future__ import annotations

import json
from typing import Any

import pytest

from houserules.cards import RANK, SUIT
from houserules.engine.house import book as B
from houserules.engine.house import check as C
from houserules.engine.house.conditions import Reading
from houserules.engine.house.kinds import RANK as RANK_KIND
from houserules.engine.house.kinds import SUIT as SUIT_KIND
from houserules.engine.house.kinds import count_kind
from houserules.engine.house.option import option
from houserules.engine.house.text import RuleError
from houserules.engine.house.vocabulary import Effect, Seed, Subject, Trigger, Vocabulary
from houserules.engine.options import players, read_options

CMP = ("==", "!=", "in", "<=", ">=")
TOY = Vocabulary(
    game="toy", clause="T-house",
    triggers=(
        Trigger("play", "T-1", "When a card is played", ("card.rank", "card.suit", "top.suit", "hand.size"),
                ("skip", "reverse", "draw")),
        Trigger("allow", "T-2", "A card may also be played", ("card.rank", "card.suit", "top.suit"), penalty=False,
                needs_if=True, acts=False),
        Trigger("out", "T-3", "When a player goes out", ("card.rank", "hand.size"), (), domains={"hand": (0,)}),
    ),
    subjects=(Subject("card", "the card", tuple(range(52))), Subject("top", "the top card", tuple(range(52))),
              Subject("hand", "the hand", tuple(range(20)))),
    readings=(Reading("card.rank", RANK_KIND, CMP, "the card's rank", "card", RANK.__getitem__),
              Reading("card.suit", SUIT_KIND, CMP[:3], "the card's suit", "card", SUIT.__getitem__),
              Reading("top.suit", SUIT_KIND, CMP[:3], "the top card's suit", "top", SUIT.__getitem__),
              Reading("hand.size", count_kind(0, 19, "number of cards", "cards"), CMP, "the hand", "hand")),
    effects=(Effect("skip", "T-4", "the next player is skipped"),
             Effect("reverse", "T-5", "the direction reverses", cancels=True),
             Effect("draw", "T-6", "{who} draws {cards}", 1, 3, cost=lambda n, seats: n)),
    seed=(Seed("T-4", "a jack skips the next player"),),
)


def rule(**kw: Any) -> dict[str, Any]:
    return {"id": "r", "on": "play", **kw}


def test_a_book_reads_writes_back_canonically_and_says_itself() -> None:
    raw = {"format": "houserules-rules", "version": 2, "game": "toy", "rules": [
        rule(id="sevens", title="Sevens draw", **{"if": ["card.rank in 7, 7", "hand.size <= 3"]},
             effects=["draw:2"], penalty="slow"),
        {"id": "wild", "on": "allow", "if": ["card.rank == Q", "card.suit == top.suit"]},
        {"id": "no-jack-skip", "on": "play", "replaces": ["t-4"]}]}
    book = B.read_book(raw, TOY)
    again = B.read_book(json.loads(json.dumps(B.to_json(book, TOY))), TOY)
    assert again == book
    assert B.to_json(book, TOY)["rules"][0] == {
        "id": "sevens", "title": "Sevens draw", "on": "play", "if": ["card.rank in 7", "hand.size <= 3"],
        "effects": ["draw:2"], "penalty": {"name": "slow", "cards": 1}}
    said = [B.explain(r, TOY) for r in book.rules]
    assert said == [
        "Sevens draw: When a card is played, if the card's rank is 7 and the hand is at most 3 cards: the player "
        "draws 2 cards; that costs the player “slow”: a card.",
        "wild: A card may also be played, if the card's rank is Q and the card's suit is that of the top card.",
        "no-jack-skip: T-4 (a jack skips the next player) no longer applies."]


@pytest.mark.parametrize("raw, where, why", [
    (rule(on="dance", effects=["skip"]), "rules[0].on", "not a trigger"),
    (rule(), "rules[0]", "does nothing"),
    (rule(effects=["fly"]), "rules[0].effects[0]", "not an effect"),
    (rule(effects=["draw:9"]), "rules[0].effects[0]", "1 to 3"),
    (rule(effects=["draw"]), "rules[0].effects[0]", "takes a count"),
    (rule(effects=["skip:2"]), "rules[0].effects[0]", "takes no count"),
    (rule(on="out", effects=["skip"]), "rules[0].effects[0]", "cannot have skip"),
    (rule(**{"if": ["top.suit == hearts"]}, on="out", penalty="x"), "rules[0].if[0]", "cannot read top.suit"),
    (rule(**{"if": ["card.suit <= hearts"]}, effects=["skip"]), "rules[0].if[0]", "cannot be compared with <="),
    (rule(**{"if": ["card.rank == hand.size"]}, effects=["skip"]), "rules[0].if[0]", "not comparable"),
    (rule(**{"if": ["card.colour == red"]}, effects=["skip"]), "rules[0].if[0]", "not a reference"),
    (rule(**{"if": ["hand.size == 40"]}, effects=["skip"]), "rules[0].if[0]", "0 to 19"),
    (rule(penalty={"name": "slow", "cards": 4}), "rules[0].penalty.cards", "1 to 3"),
    (rule(on="allow", penalty="x", **{"if": ["card.rank == 2"]}), "rules[0].penalty", "gives no penalty"),
    (rule(on="allow"), "rules[0].if", "at least one condition"),
    (rule(replaces=["S-9"]), "rules[0].replaces[0]", "not one of the seed's entries"),
    (rule(title="<b>", effects=["skip"]), "rules[0].title", "plain punctuation"),
    (rule(id="Bad Id", effects=["skip"]), "rules[0].id", "lower-case"),
])
def test_bad_rules_say_where_and_why(raw: dict[str, Any], where: str, why: str) -> None:
    with pytest.raises(RuleError) as err:
        B.read_book([raw], TOY)
    assert err.value.where == where and why in err.value.why, str(err.value)


def test_a_book_for_another_game_or_format_is_refused_and_a_file_error_names_its_line() -> None:
    with pytest.raises(RuleError, match="another game"):
        B.read_book({"format": "houserules-rules", "version": 2, "game": "mao", "rules": []}, TOY)
    with pytest.raises(RuleError, match="version 2"):
        B.read_book({"version": 3, "rules": []}, TOY)
    with pytest.raises(RuleError, match="used twice"):
        B.read_book([rule(effects=["skip"]), rule(effects=["reverse"])], TOY)
    text = json.dumps({"rules": [rule(id="a", effects=["skip"]), rule(id="b", effects=["fly"])]}, indent=1)
    with pytest.raises(RuleError) as err:
        B.parse(text, TOY)
    assert err.value.where == "rules[1].effects[0]" and err.value.line is not None
    assert text.splitlines()[err.value.line - 1].strip().startswith("{")
    with pytest.raises(RuleError) as err:
        B.parse('{"rules": [\n {"id": "a" "on": "play"}]}', TOY)
    assert err.value.line == 2


def test_the_engine_warns_of_rules_that_never_fire_repeat_or_cancel() -> None:
    book = B.read_book([
        rule(id="never", **{"if": ["card.rank == 7", "card.rank == 8"]}, effects=["skip"]),
        rule(id="gone", on="out", **{"if": ["hand.size >= 1"]}, penalty="x"),
        rule(id="a", **{"if": ["card.suit == hearts"]}, effects=["reverse"]),
        rule(id="b", **{"if": ["card.rank == 7"]}, effects=["reverse"]),
        rule(id="c", **{"if": ["card.rank == 7"]}, effects=["reverse"]),
        rule(id="d", **{"if": ["card.rank == 7", "card.suit == spades"]}, effects=["draw:1"]),
        rule(id="e", **{"if": ["card.rank == 8", "card.suit == hearts", "card.suit == top.suit"]}, effects=["skip"]),
    ], TOY)
    warned = C.verdict(book, TOY, 4).warnings
    assert warned[0] == "rules[0] (never): can never fire: its conditions contradict each other"
    assert warned[1].startswith("rules[1] (gone): can never fire: its conditions never hold at its moment")
    assert {w.partition(":")[0] for w in warned[2:]} == {
        "rules[3] (b) cancels rules[2] (a)", "rules[4] (c) repeats rules[3] (b)", "rules[4] (c) cancels rules[2] (a)"}
    assert "the direction reverses twice" in warned[2]


def test_a_book_too_large_for_the_budget_is_refused_saying_so(monkeypatch: pytest.MonkeyPatch) -> None:
    book = B.read_book([rule(id=f"r{i}", **{"if": ["card.suit == top.suit"]}, effects=["skip"]) for i in range(3)],
                       TOY)
    monkeypatch.setattr(C, "BUDGET", 500)
    C.forget()
    try:
        verdict = C.verdict(book, TOY, 4)
        assert verdict.refusal is not None and "too complex to check" in verdict.refusal[1]
    finally:
        C.forget()


def test_a_verdict_is_worked_out_once(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[int] = []
    real = C.warnings
    monkeypatch.setattr(C, "warnings", lambda *a: calls.append(1) or real(*a))
    C.forget()
    book = B.read_book([rule(effects=["skip"])], TOY)
    for _ in range(3):
        C.verdict(book, TOY, 4)
    assert len(calls) == 1


def test_the_house_option_keeps_the_canonical_book_and_refuses_in_one_line() -> None:
    schema = (players(2, 4, "T-0"), option(TOY))
    opts = read_options(schema, {"house": {"rules": [rule(effects=["SKIP"])]}}, "Toy")
    assert opts["house"] == {"format": "houserules-rules", "version": 2, "game": "toy",
                             "rules": [{"id": "r", "title": "r", "on": "play", "effects": ["skip"]}]}
    assert read_options(schema, {}, "Toy")["house"] is None
    with pytest.raises(ValueError) as err:
        read_options(schema, {"house": {"rules": [rule(effects=["fly"])]}}, "Toy")
    assert str(err.value).startswith("house: rules[0].effects[0]: ") and "\n" not in str(err.value)


def test_an_effect_may_take_a_value_of_a_kind() -> None:
    """An effect whose argument is a value of a kind (``like:Q``: a rank), not a number: read and
    refused by the kind, kept as the whole number it reads to, written back and said by the kind."""
    like = Effect("like", "T-7", "it does what a {n} does", kind=RANK_KIND)
    pay = Effect("pay", "T-8", "{who} pays {cards}", 1, 3, unit="chip")
    toy = Vocabulary(game="toy", clause="T-house",
                     triggers=(Trigger("play", "T-1", "When a card is played", ("card.rank",), ("like", "draw", "pay")),),
                     subjects=TOY.subjects, readings=TOY.readings, effects=(*TOY.effects, like, pay))
    book = B.read_book([rule(**{"if": ["card.rank == 7"]}, effects=["like:queen", "draw:1", "pay:2"])], toy)
    assert book.rules[0].effects == (("like", 12), ("draw", 1), ("pay", 2))
    assert B.to_json(book, toy)["rules"][0]["effects"] == ["like:Q", "draw:1", "pay:2"]
    assert B.explain(book.rules[0], toy) == ("r: When a card is played, if the card's rank is 7: it does what a Q does; "
                                             "the player draws a card; the player pays 2 chips.")
    for effects, why in ((["like"], "takes a rank: like:A"), (["like:13"], "is not a rank"),
                         (["like:Q:2"], "is not an effect (like:RANK, draw:N, pay:N)"), (["draw:Q"], "is not an effect")):
        with pytest.raises(RuleError) as err:
            B.read_book([rule(effects=effects)], toy)
        assert err.value.where == "rules[0].effects[0]" and why in err.value.why, (effects, err.value)
