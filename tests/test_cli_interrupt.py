"""Ctrl-C during a long run (sim, ladder, compare) ends it with one line and status 130.

The terminal sends SIGINT to the whole process group, workers included; before this, the
command printed Click's bare "Aborted!" with status 1 and every worker its own traceback.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time

import pytest
from terminal_helpers import ctrl_c_as_at_a_terminal


#: long, or mostly waiting: started first (tests/conftest.py)
pytestmark = pytest.mark.early

RUNS = [
    ["sim", "shedding", "--games", "1000000", "--workers", "2"],
    ["ladder", "shedding", "--bots", "random,heuristic", "--games", "1000000"],
]


@pytest.mark.parametrize("command", RUNS, ids=lambda c: c[0])
def test_ctrl_c_stops_a_long_run_in_one_line(command: list[str]) -> None:
    run = subprocess.Popen([sys.executable, "-m", "houserules.cli", *command], stdout=subprocess.PIPE,
                           stderr=subprocess.PIPE, text=True, start_new_session=True,
                           preexec_fn=ctrl_c_as_at_a_terminal)
    time.sleep(4)  # imports, workers started, games under way
    os.killpg(run.pid, signal.SIGINT)
    out, err = run.communicate(timeout=60)
    assert run.returncode == 130, err
    assert "Traceback" not in err and "Aborted" not in err
    assert "stopped by Ctrl-C after" in err and "of 1000000 games" in err
    assert len(err.strip().splitlines()) == 1
    # and no worker plays on: they used to finish their batch, minutes of CPU after the command
    # had returned (the run is a session of its own: its group is its pid)
    deadline = time.monotonic() + 10
    while True:
        try:
            os.killpg(run.pid, 0)
        except ProcessLookupError:
            break
        assert time.monotonic() < deadline, "a worker outlived the command"
        time.sleep(0.1)
