"""What a newcomer tripped on in the terminal (issue 25): help whose brackets Rich's markup
swallowed, Shedding's "end" said three ways, bpoker's log saying "passes" for two different
things and "Hand 5/4" at the end, Ctrl-C exiting as if all went well, and a prompt without line
editing. The last two run the real command in a pseudo-terminal, as a person would."""

from __future__ import annotations

import io
import os
import pty
import re
import select
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from rich.console import Console
from terminal_helpers import ctrl_c_as_at_a_terminal

from houserules.engine import registry
from houserules.engine.core import Action
from houserules.games.bpoker.words import WORDS as BPOKER_WORDS
from houserules.table import Table
from houserules.tui import move_line, renderer
from houserules.tui.loop import _confirm_penalty

ROOT = Path(__file__).resolve().parent.parent


def drawn(markup: str) -> str:
    """What a person sees when ``markup`` is printed the way the terminal loop prints it."""
    out = io.StringIO()
    Console(file=out, width=400, color_system=None).print(markup, end="")
    return out.getvalue()


@pytest.mark.parametrize("game", registry.names())
def test_every_games_help_reads_in_the_terminal_as_it_is_written(game):
    """bpoker's help printed "clause ids in )": Rich took ``[brackets]`` for a style. Each game's
    help, printed through Rich, is its text as written (an escaped bracket is a bracket)."""
    text = renderer(game).help_text
    assert drawn(text).splitlines() == [line.rstrip() for line in text.replace("\\[", "[").splitlines()]


def test_the_penalty_question_shows_its_yes_no():
    """"make it anyway? [y/N]" lost its [y/N] the same way."""
    seen: list[str] = []
    for seed in range(60):
        table = Table.create("shedding", {"players": 2, "mode": "table"}, seed, {1: "heuristic"})
        if table.to_act() != (0,):
            continue
        legal = {a.card for a in table.legal(0)}
        bad = [Action(0, "play", c) for c in table.state.hands[0] if c not in legal]
        bad = [a for a in bad if table.game.check(table.state, a).penalty]
        if bad:
            _confirm_penalty(Console(file=io.StringIO()), table, bad[0], lambda p: seen.append(drawn(p)) or "n")
            break
    assert seen and "[y/N]" in seen[0], seen


def test_shedding_says_end_run_everywhere():
    """The help said "end (finish your run)", the rules page "Say **end**", the button "End run":
    one wording, End run, in the terminal's help and menu, the browser's button and key help, and
    the rules page (typing ``end`` still works)."""
    r = renderer("shedding")
    assert "end run" in r.help_text
    table = Table.create("shedding", {"players": 2}, 1, {1: "heuristic"})
    assert move_line(table.game, r, Action(0, "end"), table.view(0)) == "End run"  # the button's words too
    assert r.parse("end run", 0, table.view(0)) == r.parse("end", 0, table.view(0)) == Action(0, "end")
    web = (ROOT / "src/houserules/games/shedding/web/main.js").read_text()
    assert '["e", "end run"]' in web
    page = (ROOT / "docs/rules/shedding.md").read_text()
    assert "**end run**" in page and "*End run*" in page
    assert not re.search(r"[Ss]ay \*\*end\*\*|finish with `end`;|when you say `end`", page)


def test_bpoker_log_gives_each_pass_its_own_word():
    """"Bo passes." (no more plays this turn) and "Bo passes Q♠ to Cy." (a card moving to another
    table) read alike; a turn that goes by on its own was a third "pass". Now: passes / gives."""
    names = ["Ann", "Bo", "Cy"]
    said = {kind: BPOKER_WORDS.describe({"event": kind, "seat": 1, **data}, names).text
            for kind, data in (("pass", {}), ("handed", {"card": "QS", "to": 2}), ("no-cards", {}))}
    assert said["pass"] == "Bo passes: no more plays this turn."
    assert said["handed"] == "Bo gives [[QS]] to Cy."
    assert "pass" not in said["handed"] and "pass" not in said["no-cards"]


def test_a_finished_bpoker_game_never_reads_past_its_last_hand():
    """The state's counter moves on to a hand that never begins; the view (and so the terminal's
    "Hand 2/2" and the browser's "hand 2 of 2") says the hands played."""
    table = Table.create("bpoker", {"players": 3, "hands": 2}, 4, {0: "random", 1: "random", 2: "random"})
    table.advance()
    assert table.over and table.state.reason == "2 hands played"
    assert table.view(0).to_json()["hand"] == 2
    shown = io.StringIO()
    Console(file=shown, width=200, color_system=None).print(renderer("bpoker").render(table.view(0), ["A", "B", "C"]))
    assert "Hand 2/2" in shown.getvalue() and "Hand 3/2" not in shown.getvalue()


# --- the real command in a pseudo-terminal ---------------------------------------------------
class Terminal:
    """``houserules play`` in a pseudo-terminal: what it printed so far, keys typed into it."""

    def __init__(self, args: list[str], home: Path) -> None:
        master, slave = pty.openpty()
        env = {**os.environ, "HOUSERULES_HOME": str(home), "PYTHONPATH": str(ROOT / "src"), "COLUMNS": "120",
               "TERM": "xterm"}
        self.proc = subprocess.Popen([sys.executable, "-m", "houserules.cli", *args], stdin=slave, stdout=slave,
                                     stderr=slave, env=env, close_fds=True, preexec_fn=ctrl_c_as_at_a_terminal)
        os.close(slave)
        self.fd, self.text = master, ""

    def wait_for(self, pattern: str, count: int = 1, timeout: float = 30) -> str:
        end = time.monotonic() + timeout
        while len(re.findall(pattern, self.plain())) < count:
            assert time.monotonic() < end, f"no {pattern!r} in:\n{self.plain()[-2000:]}"
            if select.select([self.fd], [], [], 0.2)[0]:
                try:
                    self.text += os.read(self.fd, 65536).decode(errors="replace")
                except OSError:  # the command has ended
                    break
        return self.plain()

    def plain(self) -> str:
        return re.sub(r"\x1b\[[0-9;?]*[A-Za-z]|[\x01\x02\r]", "", self.text)

    def type(self, keys: str) -> None:
        os.write(self.fd, keys.encode())

    def close(self) -> int:
        try:
            return self.proc.wait(timeout=30)
        finally:
            os.close(self.fd)


PROMPT = r"your move \(number, card, or help\) >"


def test_the_prompt_edits_lines_and_remembers_them(tmp_path):
    """Line editing (readline): the cursor goes home with Ctrl-A to mend a typo, and the up arrow
    gives the line typed before."""
    term = Terminal(["play", "shedding", "--players", "2", "--seed", "5", "--delay", "0"], tmp_path)
    try:
        term.wait_for(PROMPT)
        term.type("elp\x01h\r")  # "elp", home, "h": help
        term.wait_for("Words: end run", 1)
        term.type("\x1b[A\r")  # the line before: help again
        term.wait_for("Words: end run", 2)
        term.type("quit\r")
        assert term.close() == 0
    finally:
        term.proc.kill()


def test_ctrl_c_saves_the_game_and_exits_as_interrupted(tmp_path):
    term = Terminal(["play", "shedding", "--players", "2", "--seed", "5", "--delay", "0"], tmp_path)
    try:
        term.wait_for(PROMPT)
        out = ""
        for _ in range(10):  # a signal that lands while readline sets up its prompt waits for a key: press again
            term.proc.send_signal(signal.SIGINT)
            try:
                out = term.wait_for(r"interrupted; the game is saved at", timeout=3)
                break
            except AssertionError:
                continue
        assert term.close() == 130
        saved = re.search(r"saved at (\S+\.json)", out.replace("\n", ""))
        assert saved and Path(saved.group(1)).is_file() and "Traceback" not in out
    finally:
        term.proc.kill()


def test_the_readme_tells_a_newcomer_how_to_install_to_play_and_where_things_are_kept(tmp_path, monkeypatch):
    """A players-only install (no dev extras: checked by hand in a fresh venv, `pip install .` then
    `houserules games`), and the data folder as paths.py finds it, with how to move it."""
    from houserules import paths
    readme = (ROOT / "README.md").read_text()
    newcomer = readme[readme.index("## Just want to play?"):readme.index("## Three commands")]
    assert "bin/pip install .\n" in newcomer and "[dev]" not in newcomer
    assert "~/.local/share/houserules" in newcomer and "$XDG_DATA_HOME/houserules" in newcomer
    assert "HOUSERULES_HOME" in newcomer and "tables.sqlite3" in newcomer
    monkeypatch.delenv("XDG_DATA_HOME", raising=False)
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.delenv("HOUSERULES_HOME", raising=False)
    assert paths.data_dir() == tmp_path / ".local/share/houserules"
    monkeypatch.setenv("HOUSERULES_HOME", str(tmp_path / "elsewhere"))
    assert paths.games_dir() == tmp_path / "elsewhere/games"
