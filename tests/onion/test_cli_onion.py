"""``houserules onion best``: the optimal arrangement of a hand, its JSON
shape and names exactly as issue 4 lists them, and clear errors."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from houserules.cli import app
from houserules.games.onion import groupings as G

runner = CliRunner()
HAND = "2C 2D 3H 4S 4C 6D 7H KC KD AS".split()
#: issue 4's order of the groupings, weakest first, in its words
ISSUE_ORDER = ["bagel", "double bagel", "triple bagel", "lesser bagel", "great bagel", "two-card onion",
               "broken flush", "three-card onion", "flush", "four-card onion", "broken royal", "five-card onion",
               "royal", "six-card onion", "wild royal", "seven-card onion", "double onion", "triple onion",
               "lesser onion", "great onion"]


def best(*args: str):
    return runner.invoke(app, ["onion", "best", *args])


def test_the_order_is_the_issues_and_the_seeds() -> None:
    """CMO-2, CMO-3.1: the groupings rank in exactly this order (the modifiers'
    Elephants and Octavo aside), and these are the names a declaration uses."""
    base = [lv.kind for lv in G.ORDER[False] if lv.kind not in (G.ELEPHANTS, G.OCTAVO)]
    assert list(dict.fromkeys(base)) == ISSUE_ORDER
    assert [k for k in G.KINDS if k not in (G.ELEPHANTS, G.OCTAVO)] == ISSUE_ORDER


def test_best_prints_an_optimal_arrangement_as_json() -> None:
    result = best(*HAND, "--json")
    assert result.exit_code == 0, result.output
    out = json.loads(result.output)
    assert set(out) == {"groupings", "unused"}
    assert [g["name"] for g in out["groupings"]] == ["six-card onion", "flush"]
    shown = [c for g in out["groupings"] for c in g["cards"]] + out["unused"]
    assert sorted(shown) == sorted(HAND)
    plain = best(*HAND)
    assert plain.exit_code == 0 and "six-card onion" in plain.output


@pytest.mark.parametrize(("cards", "says"), [
    (HAND[:9], "a hand is ten cards, got 9"),
    (HAND + ["3C"], "a hand is ten cards, got 11"),
    (["2C", "2C", "2C"] + HAND[3:], "no third copy of 2C"),
    (HAND[:9] + ["1Z"], "is not a card"),
    (HAND[:9] + ["AS*"], "only the special cards have a marked copy"),
])
def test_best_refuses_what_is_not_a_hand(cards: list[str], says: str) -> None:
    result = best(*cards)
    assert result.exit_code == 2 and says in " ".join(result.output.split()), result.output


def test_best_takes_a_modifiers_effect() -> None:
    result = best(*"KC QD AH AS 2C 3D 4H 5S 6C 9D".split(), "--rule", "death=2", "--json")
    assert result.exit_code == 0 and json.loads(result.output)["groupings"][0]["name"] != "double onion"
    wrong = best(*HAND, "--rule", "bogus")
    assert wrong.exit_code == 2 and "unknown rule" in wrong.output
