"""Scenario files people can read (issue 24): a literal state says only what differs from a
default, and ``houserules scenario --tidy`` writes a machine-dumped file that way without
changing the state it starts from."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from houserules.cards import parse_cards
from houserules.cli import app
from houserules.engine import GameError, registry
from houserules.engine.scenario import run_scenario
from houserules.engine.tidy import WIDTH, dumps, literal, tidy

ROOT = Path(__file__).parent / "scenarios"
FILES = sorted(ROOT.glob("*/*.json"))
MAO = registry.get("mao")
BPOKER = registry.get("bpoker")

#: a Mao state as a program dumps it: every key, most of them saying their default
DUMPED: dict[str, Any] = {
    "game": "mao", "description": "A play on the same suit is proper.", "clauses": ["M-play"],
    "options": {"players": 3}, "seed": 0,
    "state": {"hands": [["6C", "5H"], ["7C"], ["2C"]], "discard": ["5S"], "draw": [], "dealer": 2, "turn": 0,
              "direction": 1, "started": True, "paused": False},
    "steps": [{"seat": 0, "action": "play", "card": "5H"}, {"expect": {"penalties": []}}],
}


def test_a_mao_state_needs_only_its_top_card() -> None:
    """Every Mao state key but ``discard`` has a default: empty hands and draw pile, the last seat
    deals, its left plays first, clockwise, started, not paused."""
    state = MAO.scenario_state(MAO.options({"players": 3}), {"discard": ["5S"]}, 0)
    assert (state.hands, state.draw, state.discard) == ([[], [], []], [], parse_cards(["5S"]))
    assert (state.dealer, state.turn, state.direction, state.started, state.paused) == (2, 0, 1, True, False)
    with pytest.raises(GameError, match="state.discard needs at least its top card"):
        MAO.scenario_state(MAO.options({"players": 3}), {"hands": [[], [], []]}, 0)


def test_an_empty_bpoker_state_is_the_documented_defaults() -> None:
    state = BPOKER.scenario_state(BPOKER.options({"players": 3}), {}, 0)
    assert state.stash == state.viewing == state.ctbp == state.tables == [[], [], []]
    assert (state.pot, state.discard, state.sideways, state.in_hand) == ([], [], [0, 0, 0], [True] * 3)
    assert (state.turn, state.dealer, state.direction, state.played, state.armed_j, state.hand_no) \
        == (0, 2, 1, 0, False, 1)


@pytest.mark.parametrize("game, state", [("mao", {"discard": ["5S"], "dealr": 1}), ("bpoker", {"tabels": []})])
def test_unknown_state_keys_are_still_refused_in_one_line(game: str, state: dict[str, Any]) -> None:
    with pytest.raises(GameError, match=r"unknown \w+ state key\(s\): (dealr|tabels); known: ") as err:
        run_scenario({"game": game, "options": {"players": 3}, "state": state, "steps": []})
    assert "\n" not in str(err.value)


def test_tidy_drops_the_keys_that_say_their_default_and_nothing_else() -> None:
    out = tidy(DUMPED)
    assert "seed" not in out
    assert out["state"] == {"hands": [["6C", "5H"], ["7C"], ["2C"]], "discard": ["5S"]}
    assert {k: v for k, v in out.items() if k not in ("seed", "state")} \
        == {k: v for k, v in DUMPED.items() if k not in ("seed", "state")}
    assert literal(out) == literal(DUMPED)
    moved = tidy({**DUMPED, "state": {**DUMPED["state"], "turn": 1, "direction": -1}})
    assert moved["state"]["turn"] == 1 and moved["state"]["direction"] == -1 and "dealer" not in moved["state"]


def test_tidy_keeps_a_key_whose_default_would_follow_from_another_one() -> None:
    """Before the start a Mao state's ``turn``, left out, is decided by the flipped card: with
    every rule in play a 10 skips a seat, so a written ``turn`` 0 under a 10 is not a default
    and stays, and a ``turn`` 1 is one and goes."""
    state = {"hands": [[], [], []], "discard": ["10C"], "started": False, "turn": 0}
    every = {**DUMPED, "options": {"players": 3, "rules": "all"}}
    assert tidy({**every, "state": state})["state"] == {"discard": ["10C"], "started": False, "turn": 0}
    assert tidy({**every, "state": {**state, "turn": 1}})["state"] == {"discard": ["10C"], "started": False}


@pytest.mark.parametrize("path", FILES, ids=[f"{p.parent.name}/{p.stem}" for p in FILES])
def test_the_layout_reads_back_as_the_same_json(path: Path) -> None:
    obj = json.loads(path.read_text(encoding="utf-8"))
    text = dumps(obj)
    assert json.loads(text) == obj
    for line in text.splitlines():  # only a single long value (a description) runs past the width
        assert len(line) <= WIDTH or line.count('", "') == 0, line


def test_short_lists_stay_on_one_line_and_long_ones_fill_lines() -> None:
    assert dumps({"a": [1, 2], "b": {"c": ["QS"]}}) == '{"a": [1, 2], "b": {"c": ["QS"]}}\n'
    long = [f"{n}C" for n in range(2, 10)] * 6
    lines = dumps({"draw": long}, width=40).splitlines()
    assert len(lines) > 1 and all(len(line) <= 40 for line in lines)
    assert lines[1].startswith(" " * len('{"draw": ['))


def test_the_scenario_command_tidies_a_dumped_file(tmp_path: Path) -> None:
    path = tmp_path / "dumped.json"
    path.write_text(json.dumps(DUMPED, indent=1))
    runner = CliRunner()
    result = runner.invoke(app, ["scenario", "--tidy", str(path)])
    assert result.exit_code == 0, result.output
    assert "tidied" in result.output and "ok" in result.output
    assert path.read_text() == dumps(tidy(DUMPED))
    assert len(path.read_text().splitlines()) < len(json.dumps(DUMPED, indent=1).splitlines()) // 4
    again = runner.invoke(app, ["scenario", "--tidy", str(path)])
    assert again.exit_code == 0 and "tidied" not in again.output
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({**DUMPED, "state": {"discard": ["5S"], "colour": "red"}}))
    refused = runner.invoke(app, ["scenario", "--tidy", str(bad)])
    assert refused.exit_code == 2 and "unknown Mao state key(s): colour" in refused.output
    assert json.loads(bad.read_text())["state"]["colour"] == "red"


H3 = [["red:2"], ["blue:3"], ["green:4"]]
ONION = ["2C 3D 4H 5S 6C", "7D 8H 9S 10C JD", "QH KS AC 2D 3H"]


@pytest.mark.parametrize("game, least, spelt", [
    ("shedding", {"discard": ["5S"]},
     {"hands": [[], [], []], "discard": ["5S"], "draw": [], "turn": 0, "direction": 1, "pending_draw": 0,
      "declared": [], "turns": 0}),
    ("mao", {"discard": ["5S"]},
     {"hands": [[], [], []], "discard": ["5S"], "draw": [], "dealer": 2, "started": True, "paused": False,
      "direction": 1, "turn": 0}),
    ("bpoker", {},
     {"stash": [[], [], []], "viewing": [[], [], []], "ctbp": [[], [], []], "tables": [[], [], []],
      "declared": [[], [], []], "pot": [], "discard": [], "sideways": [0, 0, 0], "in_hand": [True] * 3, "turn": 0,
      "dealer": 2, "direction": 1, "phase": "turn", "played": 0, "armed_j": False, "hand": 1, "looked": {}}),
    ("king-taco", {"hands": H3},
     {"hands": H3, "discard": ["red:1"], "draw": [], "turn": 0, "direction": 1, "mana": [0, 0, 0],
      "condition": "default", "timeouts": [0, 0, 0], "owed": [0, 0, 0], "out": [], "turns": 0, "stack": []}),
    ("king-taco", {"hands": H3, "condition": "lock"},
     {"hands": H3, "condition": "lock", "condition_rounds": 1, "lock": {"colour": "red", "symbol": "1"}}),
    ("cripple-mr-onion", {"hands": ONION},
     {"hands": ONION, "face_up": {}, "deck": [], "chips": [100] * 3, "pot": 0, "staked": [0, 0, 0], "dealer": 0,
      "phase": "draw", "queue": [], "turn": 1, "part": 0, "bid": 0, "bought": 0, "high_bid": 0, "round": 1,
      "folded": [], "out": [], "bidders": [], "offer_from": -1, "resume": "", "wild_round": False,
      "specials": {}}),
])
def test_the_defaults_docs_engine_md_lists(game: str, least: dict[str, Any], spelt: dict[str, Any]) -> None:
    """docs/engine.md's table of what a state may leave out, spelt out key by key: the same state."""
    scenario = {"game": game, "options": {"players": 3}, "steps": []}
    assert literal({**scenario, "state": least}) == literal({**scenario, "state": spelt, "seed": 0})
