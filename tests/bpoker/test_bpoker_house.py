"""bpoker's house rules (issue 36; docs/rules/bpoker.md, BP-HR1 .. BP-HR6): what scenario files cannot
say — a book is public and replays, the card words say a table's rules, unplayable books are
refused in one line, doubtful ones warned of, what the vocabulary cannot say refused — and the
chapter's game untouched by the house machinery."""

from __future__ import annotations

import json
import pickle
import random
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from houserules.cli import app
from houserules.engine import registry
from houserules.engine.house import book as B
from houserules.engine.house import check as C
from houserules.engine.house.text import RuleError
from houserules.engine.replay import GameRecord, events_digest, replay
from houserules.games.bpoker.catalogue import rule_for
from houserules.games.bpoker.house import SEED, table_for
from houserules.games.bpoker.housecheck import brought, ruled
from houserules.games.bpoker.vocabulary import VOCABULARY

GAME = registry.get("bpoker")
TAME = {"id": "nine-tamed", "title": "The nine of diamonds is a Standard 9", "on": "card",
        "if": ["card.rank == 9", "card.suit == diamonds"], "effects": ["like:9S"]}
NO_DEATH = {"id": "no-death", "title": "No Card of Death", "on": "card", "replaces": ["BP-10C"]}
PLAIN_KING = {"id": "king", "title": "The king of diamonds does nothing", "on": "card",
              "if": ["card.rank == K", "card.suit == diamonds"], "effects": ["plain"]}


def verdict(*rules: dict[str, Any]) -> C.Verdict:
    C.forget()
    return C.verdict(B.read_book(list(rules), VOCABULARY), VOCABULARY, 4)


def test_the_chapters_cards_are_the_catalogues() -> None:
    """BP-HR2: without a book every look-up is the catalogue's own, and a chain of plays brings
    some 0.4 more on average (what BP-HR5 measures a book against)."""
    assert table_for("") is SEED and SEED.rules is None and not SEED.fires
    table = ruled(VOCABULARY, B.read_book([], VOCABULARY), C.Work(10**6))
    assert all(rule is rule_for(v) and i == -1 for v, (rule, i) in table.items())
    assert 0.35 < brought(table) < 0.45


def test_a_book_is_public_says_its_cards_and_replays() -> None:
    """BP-HR1: every seat and a spectator see each rule in words; a card's words say the rule it
    follows at this table; a record replays; a state pickles and copies with its one card table."""
    opts = GAME.options({"players": 3, "house": {"rules": [TAME, NO_DEATH, PLAIN_KING]}})
    assert opts["house"]["game"] == "bpoker"
    state = GAME.new(opts, 4)
    for seat in (0, 1, None):
        shown = GAME.view(state, seat).to_json()["house"]
        assert [r["id"] for r in shown] == ["nine-tamed", "no-death", "king"]
    assert shown[1]["words"].startswith("No Card of Death: BP-10C (Card of Death: you lose the hand")
    cards = state.house
    assert cards.says((9, 1), opts) == "discard an unprotected card of an opponent's table"
    assert cards.says((10, 0), opts) == "" and cards.says((13, 1), opts).startswith("follows no card rule")
    assert GAME.view(GAME.new(GAME.options({"players": 3}), 4), 0).to_json()["house"] == []
    rng, events, actions = random.Random(4), [], []
    while GAME.result(state) is None:
        legal = GAME.legal(state)
        actions.append(legal[rng.randrange(len(legal))])
        events += GAME.apply(state, actions[-1])
    result = GAME.result(state)
    assert result is not None
    record = GameRecord("bpoker", opts, 4, [GAME.action_to_json(a) for a in actions], result=result.to_json(),
                        digest=events_digest(events))
    assert replay(GameRecord.from_json(json.loads(json.dumps(record.to_json())))).ok
    fresh = GAME.new(opts, 4)
    assert pickle.loads(pickle.dumps(fresh)).house is fresh.house
    assert GAME.copy(fresh).house is fresh.house


@pytest.mark.parametrize("rules, why", [
    ([{"id": "dump", "on": "card", "if": ["card.colour == red"], "effects": ["like:10H"]}], "on average 2.6 more"),
    ([{"id": "jokers", "on": "card", "if": ["card.rank in 2,3,4,5,6,7,8"], "effects": ["like:1B"]}],
     "a chain of plays feeds itself"),
])
def test_a_chain_of_plays_that_feeds_itself_is_refused(rules: list[dict[str, Any]], why: str) -> None:
    """BP-HR5: refused where and why."""
    found = verdict(*rules)
    assert found.refusal is not None and found.refusal[0] == "rules" and why in found.refusal[1], found


def test_house_check_refuses_in_one_line_with_exit_2(tmp_path: Path) -> None:
    path = tmp_path / "dump.json"
    path.write_text(json.dumps({"format": "houserules-rules", "version": 2, "game": "bpoker",
                                "rules": [{"id": "dump", "on": "card", "if": ["card.colour == red"],
                                           "effects": ["like:10H"]}]}))
    out = CliRunner().invoke(app, ["house", "check", "bpoker", str(path), "--games", "0"])
    assert out.exit_code == 2
    lines = out.output.strip().splitlines()
    assert len(lines) == 1 and "refused: rules: a chain of plays feeds itself" in lines[0]
    assert "Traceback" not in out.output


@pytest.mark.parametrize("rules, warned", [
    ([{**TAME, "if": ["card.rank == 9", "card.suit == hearts"]}], "repeats the seed: 9♥ already follows BP-9"),
    ([TAME, {**TAME, "id": "again", "effects": ["plain"]}], "rules[1] (again) sets the rule of cards rules[0]"),
    ([{"id": "magic", "on": "card", "replaces": ["BP-10D"]}], "the 10♦ stays protected and keeps its Magic"),
    ([{**TAME, "if": ["card.rank == 6"], "effects": ["like:7H"]}], "a 6 keeps its Tunnel"),
    ([{**TAME, "if": ["card.rank == 15"]}], None),
])
def test_doubtful_books_are_warned_of(rules: list[dict[str, Any]], warned: str | None) -> None:
    if warned is None:
        with pytest.raises(RuleError):
            verdict(*rules)
        return
    found = verdict(*rules)
    assert found.refusal is None and any(warned in w for w in found.warnings), found


@pytest.mark.parametrize("rule, where, why", [
    ({"id": "r", "on": "play", "effects": ["plain"]}, "rules[0].on", "not a trigger"),
    ({"id": "r", "on": "card", "effects": ["like:P.KC"]}, "rules[0].effects[0]", "is not a card"),
    ({"id": "r", "on": "card", "replaces": ["BP-P.KC"]}, "rules[0].replaces[0]", "not one of the seed's entries"),
    ({"id": "r", "on": "card", "effects": ["fee:2"]}, "rules[0].effects[0]", "not an effect"),
    ({"id": "r", "on": "card", "if": ["table.size >= 3"], "effects": ["plain"]}, "rules[0].if[0]",
     "not a reference"),
    ({"id": "r", "on": "card", "effects": ["plain"], "penalty": "slow"}, "rules[0].penalty", "gives no penalty"),
])
def test_what_the_vocabulary_cannot_say_is_refused(rule: dict[str, Any], where: str, why: str) -> None:
    """BP-HR6: no sets, no fees of their own, nothing read but the card, no penalties."""
    with pytest.raises(RuleError) as err:
        B.read_book([rule], VOCABULARY)
    assert err.value.where == where and why in err.value.why, err.value


def test_compare_plays_the_same_deals_under_a_book() -> None:
    """``houserules compare bpoker --variant house=@FILE`` takes a shipped book (issue 36)."""
    path = Path("examples/house/bpoker/nine-of-diamonds-tamed.json")
    out = CliRunner().invoke(app, ["compare", "bpoker", "--variant", f"house=@{path}", "--games", "2", "--json"])
    assert out.exit_code == 0, out.output
    report = json.loads(out.output)
    assert report["variants"][0]["options"]["house"] == json.loads(path.read_text())


def test_the_lobbys_form_offers_the_cards_a_card_may_follow() -> None:
    """The lobby's House rules form is built from the vocabulary alone: ``like`` lists every value a
    card rule is looked up by, in words."""
    from houserules.engine.house.form import to_json

    like = next(e for e in to_json(VOCABULARY)["effects"] if e["name"] == "like")
    values = {v["value"]: v["words"] for v in like["values"]}
    assert len(values) == 58 and values["9S"] == "9♠" and values["1R"] == "1 of Red" and values["1B"] == "1 of Black"
