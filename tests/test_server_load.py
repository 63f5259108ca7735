"""The load bench runs: tables of bot clients over real WebSockets finish
games and get every action answered without an error. A short run here; the
full one (200 tables, bench/RESULTS.md) is marked slow."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

BENCH = Path(__file__).resolve().parent.parent / "bench" / "load_server.py"


def load(*args: str) -> dict:
    out = subprocess.run([sys.executable, str(BENCH), "--json", *args], capture_output=True, text=True,
                         timeout=600, check=True)
    return json.loads(out.stdout)


def test_short_load_run_answers_every_action():
    r = load("--tables", "10", "--seconds", "4", "--warmup", "1", "--think", "0.02")
    assert r["actions"] > 100 and r["errors"] == {}


@pytest.mark.slow
def test_two_hundred_tables():
    r = load("--tables", "200", "--seconds", "30", "--think", "0.5")
    assert r["errors"] == {} and r["actions_per_second"] > 200
