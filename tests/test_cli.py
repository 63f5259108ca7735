"""The houserules command, driven as a user would drive it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from houserules.cli import app

runner = CliRunner()
SCENARIOS = Path(__file__).parent / "scenarios" / "shedding"


def invoke(*args: str, input: str | None = None):
    return runner.invoke(app, list(args), input=input)


def test_help_on_every_command():
    for cmd in ([], ["play"], ["sim"], ["scenario"], ["replay"], ["games"]):
        result = invoke(*cmd, "--help")
        assert result.exit_code == 0, result.output
        assert "Usage" in result.output


def test_games_says_what_each_game_is_and_how_many_can_play(monkeypatch):
    from houserules import cli
    from houserules.engine import registry

    # the CLI's console took its width when first made (in this worker, maybe by another test): a
    # wide one, so that no summary is wrapped inside its table cell
    monkeypatch.setattr(cli.console, "width", 200)
    result = runner.invoke(app, ["games"])
    assert result.exit_code == 0, result.output
    for name in registry.names():
        spec = registry.spec(name)
        assert f"{spec.players[0]}–{spec.players[1]}" in result.output
        assert spec.summary and spec.summary.split(":")[0] in result.output, name


def test_scenario_command_passes_and_fails(tmp_path):
    ok = invoke("scenario", str(SCENARIOS / "issue-example-wrap-ace.json"), "--json")
    assert ok.exit_code == 0
    assert json.loads(ok.output)["passed"] is True
    broken = json.loads((SCENARIOS / "issue-example-wrap-ace.json").read_text())
    broken["steps"][-1]["expect"]["turn"] = 2
    path = tmp_path / "broken.json"
    path.write_text(json.dumps(broken))
    bad = invoke("scenario", str(path))
    assert bad.exit_code == 1
    assert "step 4 (expect): turn: expected 2, got 1" in bad.output.replace("\n", " ")


def test_sim_json(tmp_path):
    plot = tmp_path / "run.png"
    result = invoke("sim", "shedding", "--games", "30", "--players", "3", "--bots", "heuristic,random",
                    "--seed", "2", "--json", "--plot", str(plot))
    assert result.exit_code == 0, result.output
    out = json.loads(result.output.strip().splitlines()[-1])
    assert out["games"] == 30 and set(out["wins_by_bot"]) == {"heuristic", "random"}
    assert plot.stat().st_size > 1000


def test_sim_prints_a_games_derived_figures():
    result = invoke("sim", "bpoker", "--games", "2", "--players", "3", "--bots", "heuristic")
    assert result.exit_code == 0, result.output
    assert "derived (ratios of the totals)" in result.output and "turns per hand" in result.output


def test_sim_rejects_bad_bot():
    result = invoke("sim", "shedding", "--games", "3", "--bots", "wizard")
    assert result.exit_code == 2 and "no 'wizard' bot" in result.output


def test_watch_then_replay(tmp_path, monkeypatch):
    monkeypatch.setenv("HOUSERULES_HOME", str(tmp_path))
    save = tmp_path / "game.json"
    result = invoke("play", "shedding", "--watch", "--players", "3", "--seed", "11", "--save", str(save))
    assert result.exit_code == 0, result.output
    assert "Winner" in result.output or "No winner" in result.output
    record = json.loads(save.read_text())
    assert record["result"] and record["digest"]
    assert invoke("replay", str(save)).exit_code == 0
    record["actions"] = record["actions"][:-1]
    save.write_text(json.dumps(record))
    tampered = invoke("replay", str(save), "--json")
    assert tampered.exit_code == 1 and json.loads(tampered.output)["problems"]


def test_play_against_bots_by_typing(tmp_path):
    """A person types menu numbers and words; 'quit' saves a record that --resume continues."""
    save = tmp_path / "mine.json"
    moves = "help\nlog\nzz\n1\n1\n1\nquit\n"
    result = invoke("play", "shedding", "--players", "2", "--seed", "4", "--save", str(save), input=moves)
    assert result.exit_code == 0, result.output
    assert "Type a card to play it" in result.output
    assert "Game saved" in result.output
    actions = json.loads(save.read_text())["actions"]
    assert actions
    again = invoke("play", "shedding", "--resume", str(save), input="quit\n")
    assert again.exit_code == 0, again.output
    assert json.loads(save.read_text())["actions"][: len(actions)] == actions


@pytest.mark.parametrize("args, message", [
    (["play", "chess"], "unknown game"),
    (["play", "shedding", "--players", "9"], "players must be 2 to 5"),
    (["play", "shedding", "-o", "hand_size"], "key=value"),
    (["replay", "/nonexistent.json"], "No such file"),
])
def test_clear_errors(args, message):
    result = invoke(*args)
    assert result.exit_code == 2
    assert message in result.output


def test_modifiers_are_an_option_not_a_flag():
    """Issue 4, issue 24: `-o modifiers=all` switches every Cripple Mr Onion modifier on; the generic
    commands have no flag of one game's, so `--modifiers` is a usage error naming it."""
    result = invoke("sim", "cripple-mr-onion", "--games", "4", "--players", "3", "-o", "modifiers=all", "--json")
    assert result.exit_code == 0, result.output
    assert json.loads(result.output.strip().splitlines()[-1])["games"] == 4
    wrong = invoke("sim", "shedding", "--games", "1", "-o", "modifiers=all")
    assert wrong.exit_code == 2 and "unknown Shedding option(s): modifiers" in wrong.output
    gone = invoke("sim", "cripple-mr-onion", "--games", "1", "--modifiers", "all")
    assert gone.exit_code == 2 and "No such option: --modifiers" in gone.output


def test_options_says_a_games_options_in_the_schemas_words():
    """Issue 24: `houserules options GAME` lists each option with its default, what it accepts and
    its help, from the game's schema (the words the lobby shows)."""
    rows = json.loads(invoke("options", "king-taco", "--json").output)
    goto = next(r for r in rows if r["key"] == "goto")
    assert goto["clause"] == "KT-9.8" and "1 in Goto chance" in goto["help"] and goto["default"] == "4"
    text = invoke("options", "onion").output
    assert "cripple" in text and "Crippling" in text and "-o KEY=VALUE" in text
    bad = invoke("options", "poker")
    assert bad.exit_code == 2 and "unknown game 'poker'" in bad.output


def test_every_commands_summary_is_one_line_in_its_groups_list():
    """A group's list shows each command's first paragraph as written: a line break inside it
    showed there ('houserules mao rules --help' broke 'a rule that never / fires')."""
    import click
    import typer.main

    def walk(cmd: click.Command, path: str) -> list[tuple[str, str]]:
        out = [(path, (cmd.help or "").strip().split("\n\n")[0])]
        for name, sub in getattr(cmd, "commands", {}).items():
            out += walk(sub, f"{path} {name}")
        return out

    broken = [(path, first) for path, first in walk(typer.main.get_command(app), "houserules") if "\n" in first]
    assert not broken, broken
