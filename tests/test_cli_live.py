"""Beginner-safe terminal play: strict by default, penalties confirmed first
in table mode, a move clock (``play --clock``), clear one-line errors for a
bad ``--resume``, Ctrl-C saying where the game was saved, a player who is
out choosing to watch, skip or quit, and ``houserules rules GAME``."""

from __future__ import annotations

import io
import json
import time

import pytest
from rich.console import Console
from typer.testing import CliRunner

import houserules.clock
from houserules.cli import app
from houserules.clock import ClockSpec
from houserules.engine.core import Action
from houserules.table import Table
from houserules.tui import loop

runner = CliRunner()


def invoke(*args: str, input: str | None = None):
    return runner.invoke(app, list(args), input=input)


def console() -> tuple[Console, io.StringIO]:
    out = io.StringIO()
    return Console(file=out, width=200), out


@pytest.mark.parametrize("content", [None, "{not json", "[1, 2]", "7", '{"game": "shedding", "options": {}, "seed": 1, "actions": [{"action": "fly", "seat": 0}]}'])
def test_resume_with_a_missing_or_bad_file_is_a_one_line_error(tmp_path, content):
    path = tmp_path / "game.json"
    if content is not None:
        path.write_text(content)
    result = invoke("play", "shedding", "--resume", str(path))
    assert result.exit_code == 2
    assert "Traceback" not in result.output and result.output.count("\n") == 1
    assert str(path) in result.output


def test_strict_is_the_default_and_the_clock_option_is_checked():
    result = invoke("play", "shedding", "--players", "2", "--seed", "3", input="quit\n")
    assert "mode strict" in result.output
    bad = invoke("play", "shedding", "--clock", "1")
    assert bad.exit_code == 2 and "between 5 and 3600" in bad.output


def illegal_card(table: Table) -> str:
    """A card in seat 0's hand it may not play now (the rules penalise it in table mode)."""
    legal = {a.card for a in table.legal(0)}
    for c in table.state.hands[0]:
        if c not in legal and table.game.check(table.state, Action(0, "play", c)).penalty:
            return str(table.game.action_to_json(Action(0, "play", c))["card"])
    raise AssertionError("no illegal card in this deal")


def test_table_mode_asks_before_a_penalised_attempt(tmp_path):
    seed = next(s for s in range(50) if _has_illegal(s))
    for answer, counted in (("n", False), ("y", True)):
        table = Table.create("shedding", {"players": 2, "mode": "table"}, seed, {1: "heuristic"})
        card = illegal_card(table)
        out, text = console()
        answers = iter([card, answer, "quit"])
        loop.run(table, 0, out, read=lambda prompt: next(answers), save=tmp_path / "g.json")
        assert "It costs the penalty" in text.getvalue()
        actions = json.loads((tmp_path / "g.json").read_text())["actions"]
        assert bool(actions) is counted  # "n": nothing happened; "y": the penalised attempt counts
        if counted:
            assert actions[0]["card"] == card and actions[0]["action"] == "play"


def _has_illegal(seed: int) -> bool:
    t = Table.create("shedding", {"players": 2, "mode": "table"}, seed, {1: "heuristic"})
    if t.to_act() != (0,):
        return False
    try:
        illegal_card(t)
        return True
    except AssertionError:
        return False


def test_ctrl_c_says_where_the_game_was_saved(tmp_path):
    table = Table.create("shedding", {"players": 2}, 3, {1: "heuristic"})
    out, text = console()

    def read(prompt: str) -> str:
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):  # the command exits as interrupted (130): test_newcomer_terminal.py
        loop.run(table, 0, out, read=read, save=tmp_path / "g.json")
    assert f"interrupted; the game is saved at {tmp_path / 'g.json'}" in text.getvalue()
    assert (tmp_path / "g.json").exists()


def test_an_answer_after_the_move_clock_ran_out_is_too_late_and_a_bot_moved(tmp_path, monkeypatch):
    monkeypatch.setattr(houserules.clock, "MOVE_RANGE", (0.01, 60.0))
    table = Table.create("shedding", {"players": 2}, 3, {1: "heuristic"}, clock=ClockSpec(move_s=0.05))
    out, text = console()
    answers = iter(["1", "quit"])

    def slow(prompt: str) -> str:
        time.sleep(0.1)
        return next(answers)

    loop.run(table, 0, out, read=slow, save=tmp_path / "g.json")
    assert "Too late" in text.getvalue()
    record = json.loads((tmp_path / "g.json").read_text())
    assert record["actions"][0] == {"timeout": 0, "t": 0.05} and record["table"]["clock"] == {"move_s": 0.05}


@pytest.mark.parametrize(("choice", "over"), [("s", True), ("q", False)])
def test_a_player_who_is_out_can_skip_to_the_end_or_quit(tmp_path, monkeypatch, choice, over):
    table = Table.create("shedding", {"players": 2}, 3, {1: "heuristic"})
    table.seats[0].stand_in = table._stand_in(0)  # the person is out: others play on without them
    monkeypatch.setattr(loop, "_out", lambda t, human: True)
    out, text = console()
    loop.run(table, 0, out, read=lambda prompt: choice, save=tmp_path / "g.json")
    assert "You are out of the match" in text.getvalue()
    assert table.over is over
    if over:
        assert "Winner" in text.getvalue() or "No winner" in text.getvalue()
    else:
        assert "Game saved to" in text.getvalue()


def test_the_rules_command_explains_a_game_in_plain_words():
    result = invoke("rules", "shedding")
    assert result.exit_code == 0 and "How to play" in result.output and "S-1.1" not in result.output
    full = invoke("rules", "king-taco", "--full")
    assert "KT-1.1" in full.output and "tests/" not in full.output  # the clauses, for players
    assert "tests/king_taco/" in invoke("rules", "king-taco", "--developers").output  # the page as written
    assert invoke("rules", "chess").exit_code == 2
