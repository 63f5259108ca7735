"""Cripple Mr Onion's house rules (issue 36; docs/rules/cripple-mr-onion.md, CMO-HR1 .. CMO-HR8): what
scenario files cannot say — the Fool under a table's own order, a book is public and replays,
unplayable books are refused in one line, doubtful ones warned of, what the vocabulary cannot
say refused — and the seed's game untouched by the house machinery."""

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
from houserules.engine.core import OptionsError
from houserules.engine.house import book as B
from houserules.engine.house import check as C
from houserules.engine.house.text import RuleError
from houserules.engine.replay import GameRecord, events_digest, replay
from houserules.games.onion import groupings as G
from houserules.games.onion import ranking as R
from houserules.games.onion import solver
from houserules.games.onion.cards import allocate
from houserules.games.onion.house import table_for
from houserules.games.onion.table import SEED_TABLE
from houserules.games.onion.vocabulary import VOCABULARY
from houserules.sim.house import SMOKE_ROUNDS, check_book

GAME = registry.get("cripple-mr-onion")
BAGELS = {"id": "bagels-rise", "title": "Bagels beat the two-card onion", "on": "rank",
          "if": ["grouping in bagel, double bagel, triple bagel, lesser bagel, great bagel"],
          "effects": ["above:two-card onion"]}
MIN_BET = {"id": "min-bet", "title": "The Dealer bets a Stake", "on": "bet", "effects": ["least:1"]}
CAP = {"id": "cap", "title": "Raises of a Stake", "on": "raise", "if": ["part >= 4"], "effects": ["most:1"]}


def verdict(*rules: dict[str, Any]) -> C.Verdict:
    C.forget()
    return C.verdict(B.read_book(list(rules), VOCABULARY), VOCABULARY, 4)


def test_the_seeds_order_and_its_fool_are_the_rankings_places() -> None:
    """CMO-HR2, CMO-HR3: the seed's order is the places in order, and the seed's Fool order is the
    Fool's exchanges applied to it, so that the Fool of any table's order is the same function."""
    assert R.SEED.order[False] == G.ORDER[False]
    assert R.SEED.order[True] == G.ORDER[True]
    assert table_for("") is SEED_TABLE and SEED_TABLE.ranking is R.SEED and SEED_TABLE.base == (solver.BASE_RULES,)


def test_the_fool_exchanges_places_in_the_tables_own_order() -> None:
    """CMO-HR3: under a book that puts the bagels above the two-card onion, the Fool still changes the
    places of the bagel and the two-card onion (and of the others), wherever they now are."""
    places = R.moved(R.PLACES, G.BAGELS, G.TWO_CARD_ONION, True)
    assert places[:6] == (G.TWO_CARD_ONION, *G.BAGELS)
    fooled = R.fooled(places)
    assert fooled[:5] == (G.BAGELS[0], G.TWO_CARD_ONION, G.ONIONS[2], G.ONIONS[3], G.ONIONS[4])
    assert fooled[-5:] == (*G.BAGELS[1:], G.ONIONS[5])
    ranking = R.Ranking(places)
    hand = allocate("KS QS 2H 3H 4C 5D 6S 7C 8D 9C".split())
    seed_best = solver.best(hand, solver.Rules(ranking=R.SEED))
    house_best = solver.best(hand, solver.Rules(ranking=ranking))
    assert [g.kind for g in seed_best.groupings] == [g.kind for g in house_best.groupings] == ["five-card onion",
                                                                                              "bagel"]
    two_card = allocate("10H AH".split())
    bagel = allocate("KS QS".split())
    for rules, bagel_wins in ((solver.Rules(), False), (solver.Rules(ranking=ranking), True),
                              (solver.Rules(ranking=ranking, fool=True), False)):
        assert (solver.best(bagel, rules).value > solver.best(two_card, rules).value) == bagel_wins, rules


def options(*rules: dict[str, Any], **kw: Any) -> dict[str, Any]:
    return GAME.options({"players": 3, "rounds": 6, "chips": 30, "house": {"rules": list(rules)}, **kw})


def test_a_book_is_public_and_replays() -> None:
    """CMO-HR1: every seat and a spectator see each rule in words; the option keeps the canonical
    book; a record with it replays; a state pickles and copies with the one table of its book."""
    opts = options(BAGELS, MIN_BET, CAP)
    assert opts["house"]["game"] == "cripple-mr-onion"
    state = GAME.new(opts, 5)
    for seat in (0, 1, None):
        shown = GAME.view(state, seat).to_json()["house"]
        assert [r["id"] for r in shown] == ["bagels-rise", "min-bet", "cap"]
    assert shown[1]["words"] == ("The Dealer bets a Stake: When the Dealer names the amount of a part of the "
                                 "betting: the Dealer's bet is at least a Stake.")
    assert GAME.view(GAME.new(GAME.options({"players": 3}), 5), 0).to_json()["house"] == []
    rng, events, actions = random.Random(5), [], []
    while GAME.result(state) is None:
        legal = GAME.legal(state)
        actions.append(legal[rng.randrange(len(legal))])
        events += GAME.apply(state, actions[-1])
    assert {e.data["rule"] for e in events if e.kind == "house"} >= {"min-bet", "cap"}
    result = GAME.result(state)
    assert result is not None
    record = GameRecord("cripple-mr-onion", opts, 5, [GAME.action_to_json(a) for a in actions],
                        result=result.to_json(), digest=events_digest(events))
    assert replay(GameRecord.from_json(json.loads(json.dumps(record.to_json())))).ok
    fresh = GAME.new(opts, 5)
    assert pickle.loads(pickle.dumps(fresh)).house is fresh.house
    assert GAME.copy(fresh).house is fresh.house


@pytest.mark.parametrize("rules, where, why", [
    ([{**BAGELS, "effects": ["above:bagel"]}], "rules[0].effects[0]", "cannot rank just above itself"),
    ([{**BAGELS, "effects": ["above:royal", "below:flush"]}], "rules[0].effects", "one place"),
    ([MIN_BET, {"id": "low", "on": "bet", "if": ["round >= 5"], "effects": ["most:0"]}], "rules",
     "stuck: at part 1 of the betting, round 5"),
    ([{"id": "r", "on": "raise", "effects": ["least:3", "most:2"]}], "rules", "a raise could never be named"),
])
def test_unplayable_books_are_refused_in_one_line(rules: list[dict[str, Any]], where: str, why: str) -> None:
    """CMO-HR7: refused where and why; ``house check`` says so in one line and exits 2."""
    found = verdict(*rules)
    assert found.refusal is not None and found.refusal[0] == where and why in found.refusal[1], found


def test_house_check_refuses_in_one_line_with_exit_2(tmp_path: Path) -> None:
    path = tmp_path / "stuck.json"
    path.write_text(json.dumps({"format": "houserules-rules", "version": 2, "game": "cripple-mr-onion",
                                "rules": [{"id": "r", "on": "raise", "effects": ["least:3", "most:2"]}]}))
    out = CliRunner().invoke(app, ["house", "check", "cripple-mr-onion", str(path), "--games", "0"])
    assert out.exit_code == 2
    lines = out.output.strip().splitlines()
    assert len(lines) == 1 and "refused: rules: stuck" in lines[0] and "Traceback" not in out.output


def test_a_limit_above_the_tables_largest_raise_is_refused_in_one_line() -> None:
    """CMO-HR4: a house limit narrows the table's (``max_raise``), never widens it."""
    with pytest.raises(OptionsError) as err:
        options({"id": "big", "on": "raise", "effects": ["most:8"]})
    assert "house: rules[0] (big): most:8 is more than the table's largest raise (5 Stakes)" in str(err.value)
    assert "\n" not in str(err.value)
    assert options({"id": "big", "on": "raise", "effects": ["most:8"]}, max_raise=8)["max_raise"] == 8


@pytest.mark.parametrize("rules, warned", [
    ([{**BAGELS, "if": ["grouping == bagel"]}], "a double bagel now ranks below a bagel"),
    ([{**BAGELS, "if": ["grouping == bagel"], "effects": ["below:double bagel"]}], "changes nothing"),
    ([BAGELS, {**BAGELS, "id": "again", "if": ["grouping == great bagel"], "effects": ["above:royal"]}],
     "moves the great bagel again"),
    ([{"id": "r", "on": "raise", "if": ["part == 3"], "effects": ["most:1"]}], "can never fire"),
    ([{"id": "r", "on": "raise", "effects": ["least:1"]}], "repeats the seed: a raise is at least a Stake"),
])
def test_doubtful_books_are_warned_of(rules: list[dict[str, Any]], warned: str) -> None:
    found = verdict(*rules)
    assert found.refusal is None and any(warned in w for w in found.warnings), found


@pytest.mark.parametrize("rule, where, why", [
    ({"id": "r", "on": "rank", "if": ["grouping == octavo"], "effects": ["above:royal"]}, "rules[0].if[0]",
     "is not a grouping"),
    ({"id": "r", "on": "rank", "effects": ["above:royal"]}, "rules[0].if", "needs at least one condition"),
    ({"id": "r", "on": "rank", "if": ["round >= 3"], "effects": ["above:royal"]}, "rules[0].if[0]", "cannot read"),
    ({"id": "r", "on": "extra", "effects": ["least:1"]}, "rules[0].effects[0]", "cannot have least"),
    ({"id": "r", "on": "bet", "effects": ["most:21"]}, "rules[0].effects[0]", "0 to 20"),
    ({"id": "r", "on": "buy", "effects": ["most:1"]}, "rules[0].on", "not a trigger"),
    ({"id": "r", "on": "bet", "effects": ["most:1"], "penalty": "slow"}, "rules[0].penalty", "gives no penalty"),
])
def test_what_the_vocabulary_cannot_say_is_refused(rule: dict[str, Any], where: str, why: str) -> None:
    """CMO-HR8: no Octavo or Elephants of their own, no ranking by rounds, no least extra bet, no
    price of a bought card, no penalties."""
    with pytest.raises(RuleError) as err:
        B.read_book([rule], VOCABULARY)
    assert err.value.where == where and why in err.value.why, err.value


def test_compare_plays_the_same_deals_under_a_book() -> None:
    """``houserules compare cripple-mr-onion --variant house=@FILE`` takes a shipped book (issue 36)."""
    path = Path("examples/house/cripple-mr-onion/rising-stakes.json")
    out = CliRunner().invoke(app, ["compare", "cripple-mr-onion", "--variant", f"house=@{path}", "--games", "2",
                                   "--base", "rounds=12", "--json"])
    assert out.exit_code == 0, out.output
    report = json.loads(out.output)
    assert report["variants"][0]["options"]["house"] == json.loads(path.read_text())


def test_the_lobbys_form_offers_a_ranking_rules_groupings_and_a_limits_stakes() -> None:
    """The lobby's House rules form is built from the vocabulary alone: an effect whose argument is a
    grouping lists every grouping in words, a limit says its unit."""
    from houserules.engine.house.form import to_json

    form = to_json(VOCABULARY)
    effects = {e["name"]: e for e in form["effects"]}
    assert [v["value"] for v in effects["above"]["values"]][:2] == ["bagel", "double bagel"]
    assert effects["above"]["values"][-1] == {"value": "great onion", "words": "a Great Onion"}
    assert effects["most"]["values"] is None and effects["most"]["unit"] == "Stake"
    rank = next(t for t in form["triggers"] if t["name"] == "rank")
    assert rank["effects"][0] == {"name": "above", "words": "it ranks just above …"}
    bet = next(t for t in form["triggers"] if t["name"] == "bet")
    assert bet["effects"][1] == {"name": "most", "words": "the Dealer's bet is at most N Stakes"}


def test_house_check_says_the_rounds_a_match_was_smoke_run_to(tmp_path: Path) -> None:
    """A match is counted in rounds, not turns: the smoke run says the rounds it played (never
    "turn limit 0"), in the terminal and in the verdict's JSON."""
    path = tmp_path / "bagels.json"
    path.write_text(json.dumps({"format": "houserules-rules", "version": 2, "game": "cripple-mr-onion",
                                "rules": [BAGELS]}))
    out = CliRunner().invoke(app, ["house", "check", "cripple-mr-onion", str(path), "--games", "1"])
    assert out.exit_code == 0, out.output
    said = " ".join(out.output.split())
    assert "turn limit" not in said and "1 seeded game of heuristic bots at 4 seats, 5 rounds each" in said
    smoke = check_book("cripple-mr-onion", path.read_text(), games=1).to_json()["smoke"]
    assert smoke["rounds"] == SMOKE_ROUNDS and smoke["turn_limit"] == 0
