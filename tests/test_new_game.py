"""A game made by ``houserules new-game``, as docs/engine.md's "Add a game" tells a newcomer to
make one, keeps the whole contract with no step the page does not name (issue 40).

The steps, each the page's: ``houserules new-game NAME --root DIR`` writes the package, its rules
page and its scenarios (a test writes under a temporary folder, not into the checkout other tests
read); ``HOUSERULES_GAMES=DIR`` lets every command find it; then it shows in ``houserules games``
and keeps the conformance suite, the encodings' contract, the rules-page checks and its own
scenarios, as the checks the suite runs on every game (their functions, not copies of them).
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner

from houserules.cli import app
from houserules.engine import registry
from houserules.engine.scenario import run_file
from houserules.envs import fields
from houserules.newgame import Names, checkout
from test_conformance import every_check
from test_encodings import observations_and_indices_keep_the_contract
from test_rules_pages import (
    every_clause_is_pinned,
    how_to_play_names_no_source_or_test_path_and_keeps_every_clause,
    scenarios_name_defined_clauses,
)

runner = CliRunner()
NAME = "scratch-eights"


@pytest.fixture
def scratch(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A new game written under ``tmp_path`` and found there, as the page says; forgotten after."""
    made = runner.invoke(app, ["new-game", NAME, "--root", str(tmp_path)])
    assert made.exit_code == 0, made.output
    monkeypatch.setenv(registry.ROOTS, str(tmp_path))
    registry.forget()
    yield tmp_path
    monkeypatch.delenv(registry.ROOTS)
    registry.forget()
    for module in [m for m in sys.modules if m.startswith("houserules.games.scratch_eights")]:
        del sys.modules[module]


def test_a_game_made_by_new_game_keeps_the_contract(scratch: Path) -> None:
    listed = runner.invoke(app, ["games"], env={"COLUMNS": "200"})
    assert listed.exit_code == 0 and "Scratch Eights" in listed.output and NAME in listed.output
    every_check(NAME, range(8))
    observations_and_indices_keep_the_contract(NAME)
    page = scratch / "docs" / "rules" / f"{NAME}.md"
    every_clause_is_pinned(page, scratch)
    scenarios_name_defined_clauses(page, scratch)
    how_to_play_names_no_source_or_test_path_and_keeps_every_clause(page)
    scenarios = sorted((scratch / "tests" / "scenarios" / NAME).glob("*.json"))
    assert scenarios
    for path in scenarios:
        report = run_file(path)
        assert report.passed, (path.name, report.failure)
    # the one file outside the package that lists every game: docs/programs.md's tables
    assert "| Scratch Eights |" in fields.sizes()


def test_a_new_game_plays_in_the_terminal(scratch: Path) -> None:
    """``houserules play NAME`` against bots: a card typed, a word typed, then quit."""
    played = runner.invoke(app, ["play", NAME, "--players", "2", "--seed", "3"], input="help\ndraw\nquit\n",
                           env={"COLUMNS": "120"})
    assert played.exit_code == 0, played.output
    assert "Scratch Eights" in played.output and "You draw" in played.output


@pytest.mark.parametrize(("name", "said"), [
    ("Crazy", "lowercase letters and digits"),
    ("9-lives", "lowercase letters and digits"),
    ("a--b", "lowercase letters and digits"),
    ("x" * 41, "at most 40"),
    ("for", "a word of Python's own"),
    ("move", "a name its modules already use"),  # class Move would hide the engine's record
    ("game", "a name its modules already use"),
    ("shedding", "already a game called shedding"),
    ("mine", "already a game called mine"),  # nobody's alias yet: refused below only if one were
])
def test_a_name_that_cannot_be_a_game_is_refused_in_one_line(name: str, said: str, tmp_path: Path) -> None:
    if name == "mine" and not any("mine" in s.aliases for s in registry.specs().values()):
        return
    out = runner.invoke(app, ["new-game", name, "--root", str(tmp_path)])
    assert out.exit_code == 2 and said in out.output and out.output.strip().count("\n") == 0, out.output
    assert not any(tmp_path.iterdir()), "nothing is written"


def test_a_title_and_files_already_there_are_refused_in_one_line(tmp_path: Path) -> None:
    out = runner.invoke(app, ["new-game", "fine", "--title", 'Bad "quotes"', "--root", str(tmp_path)])
    assert out.exit_code == 2 and "a title is" in out.output
    page = tmp_path / "docs" / "rules" / "fine.md"
    page.parent.mkdir(parents=True)
    page.write_text("mine")
    out = runner.invoke(app, ["new-game", "fine", "--root", str(tmp_path)])
    assert out.exit_code == 2 and "fine.md already exists" in out.output
    assert page.read_text() == "mine" and not (tmp_path / "src").exists()


def test_names_go_where_the_template_has_its_own() -> None:
    names = Names.of("crazy-eights-2")
    assert names == Names("crazy-eights-2", "crazy_eights_2", "Crazy Eights 2", "CrazyEights2")
    assert names.written('class MyGameState: title = "My Game"; name = "my-game"  # games/my_game') == (
        'class CrazyEights2State: title = "Crazy Eights 2"; name = "crazy-eights-2"  # games/crazy_eights_2')
    assert checkout() == Path(__file__).resolve().parents[1]
