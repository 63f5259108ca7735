"""Issue 10, item 20: a command imports only what it uses. Every
``houserules`` command pays for its imports before it does anything, so
``--help`` must not load any game, and ``sim shedding`` only Shedding (not
the Onion solver's tables). Checked in a fresh interpreter, where nothing
is imported yet."""

from __future__ import annotations

import subprocess
import sys

import pytest

PROBE = """
import sys
from houserules.cli import app
try:
    app(sys.argv[1:])
except SystemExit:
    pass
print(" ".join(sorted(m for m in sys.modules if m.startswith("houserules"))), file=sys.stderr)
"""


def imported(*args: str) -> set[str]:
    out = subprocess.run([sys.executable, "-c", PROBE, *args], capture_output=True, text=True, timeout=120,
                         check=False)
    return set(out.stderr.strip().splitlines()[-1].split())


#: the modules that hold a game's rules (a package's own ``__init__`` only declares its SPEC)
RULES_MODULES = ("game", "rules", "flow", "state", "solver")


def rules_loaded(mods: set[str]) -> set[str]:
    return {m for m in mods if m.startswith("houserules.games.") and m.rpartition(".")[2] in RULES_MODULES}


def test_listing_the_games_loads_no_rules():
    assert not rules_loaded(imported("games"))


def test_help_imports_no_game_and_no_solver():
    mods = imported("--help")
    assert "houserules.cli" in mods
    assert "houserules.games.onion.solver" not in mods
    assert not rules_loaded(mods)
    assert not {m for m in mods if m.startswith("houserules.server")}


@pytest.mark.parametrize("game, other", [("shedding", "houserules.games.onion"),
                                         ("shedding", "houserules.games.king_taco")])
def test_sim_of_one_game_imports_no_other(game, other):
    mods = imported("sim", game, "--games", "1", "--json")
    assert f"houserules.games.{game}.rules" in mods
    assert "houserules.games.onion.solver" not in mods
    assert not {m for m in rules_loaded(mods) if m.startswith(other + ".")}


@pytest.mark.parametrize("args", [("--help",), ("games",)])
def test_help_and_games_import_nothing_only_other_commands_need(args):
    """Issue 26: the simulator (and its process pool), records and scenarios load only with the
    commands that use them; --help loads no bots either."""
    mods = imported(*args)
    assert not {m for m in mods if m.startswith(("houserules.sim", "houserules.engine.replay",
                                                 "houserules.engine.scenario"))}
    if args == ("--help",):
        assert not {m for m in mods if m.startswith("houserules.bots")}


def test_a_server_on_sqlite_never_imports_psycopg(tmp_path):
    """psycopg belongs to the PostgreSQL extra and costs a fifth of a second at every start of
    ``houserules serve``: a server on an SQLite file does without it."""
    probe = ("import sys; from houserules.server import ServerConfig, create_app; "
             f"create_app(ServerConfig(db={str(tmp_path / 't.db')!r})); print('psycopg' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=120, check=True)
    assert out.stdout.strip() == "False"
