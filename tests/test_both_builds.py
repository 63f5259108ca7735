"""Issue 26: both builds are tested on every run of the suite, in this one place.

The README's set-up compiles the hot core where it can (setup.py), so the rest of the suite
runs against the compiled build there, and against the pure Python sources where it could not.
Beside a compiled build, this module runs the sources too, in a process with
``HOUSERULES_PURE=1``: seeded games of every game must decide exactly the same events as
compiled (``houserules.sim.event_hash``: random games and each game's own bots), and the
scenario files and the conformance suite must pass pure. The three run as separate tests so
pytest-xdist spreads them over the workers. Without a compiled build there is nothing to
compare: the module skips, saying why (the whole suite was the pure run).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import houserules.engine.core  # noqa: F401 (a compiled module, imported so that native.loaded() can tell)
from houserules import native
from houserules.sim.event_hash import every_game

ROOT = Path(__file__).parent.parent
#: random games per game, bot games per game, the decisions a random game may take, seats
GAMES, BOTS, STEPS, PLAYERS = 20, 3, 3000, 4
#: generous: the machine running the suite may be busy
TIMEOUT = 1200

pytestmark = [pytest.mark.skipif(
    not native.loaded(),
    reason="no compiled build is loaded (none was built: no C compiler, or HOUSERULES_PURE is set, or a "
           "source is newer than it): the whole suite ran pure"),
    pytest.mark.early]  # the suite's longest tests: started first (tests/conftest.py)


#: seeds each conformance check draws in the pure run (the compiled run draws 8): every clause
#: of the contract on the sources, at a fraction of the CPU. The compiled run, built from the same
#: sources, carries the search for rare seeds; what the pure run guards is that the sources behave
#: as the build does, which the events test above checks game by game.
PURE_EXAMPLES = "2"


def pure(*args: str) -> subprocess.Popen[str]:
    """``python ARGS`` from the checkout's root, running the sources (started, not waited for)."""
    env = {**os.environ, "HOUSERULES_PURE": "1", "HOUSERULES_CONFORMANCE_EXAMPLES": PURE_EXAMPLES}
    return subprocess.Popen([sys.executable, *args], cwd=ROOT, env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)


def finish(process: subprocess.Popen[str]) -> str:
    """What ``process`` printed, once it has ended well."""
    out, _ = process.communicate(timeout=TIMEOUT)
    assert process.returncode == 0, out[-4000:]
    return out


def test_pure_and_compiled_decide_the_same_events() -> None:
    probe = ("import json; from houserules import native; from houserules.sim.event_hash import every_game; "
             f"print(json.dumps([every_game({GAMES}, {BOTS}, {STEPS}, {PLAYERS}), native.loaded()]))")
    process = pure("-c", probe)  # runs beside this process's own games
    compiled = every_game(GAMES, BOTS, STEPS, PLAYERS)
    hashes, modules = json.loads(finish(process).splitlines()[-1])
    assert native.loaded() and modules == []
    assert hashes == compiled


#: the suites run pure, the conformance suite in two halves (every test in one of them) so that
#: pytest-xdist gives each a worker: whole, it was the suite's longest test, run last on one worker
PURE = [("tests/test_scenarios.py", ""), ("tests/test_conformance.py", "shedding or king or mao"),
        ("tests/test_conformance.py", "not (shedding or king or mao)")]


@pytest.mark.parametrize("suite, games", PURE, ids=["scenarios", "conformance-1", "conformance-2"])
def test_the_sources_pass_pure(suite: str, games: str) -> None:
    finish(pure("-m", "pytest", suite, *(["-k", games] if games else []), "-q", "-n", "0", "-p", "no:cacheprovider"))
