"""What a ``houserules`` command costs before it does anything (issue 10, item 20).

    python bench/startup.py [--runs 10] [--json]

Runs each command in a fresh interpreter ``--runs`` times and reports the
median CPU time (user + system) and wall time per run, and which of the
expensive game modules the command imported. A person feels this on every
command; the simulator's workers pay it once per process.

Set PYTHONPATH to measure another checkout (e.g. one made with
``git archive`` of an older commit) in the same run. On a busy machine the
times move with the load; ``--callgrind`` also counts the instructions each
command executes under valgrind (one run each, slow, but the same on every
run).
"""

from __future__ import annotations

import argparse
import json
import os
import re
import resource
import statistics
import subprocess
import sys
import time
from typing import Any

#: (label, argv after ``houserules``)
COMMANDS: list[tuple[str, list[str]]] = [
    ("houserules --help", ["--help"]),
    ("houserules games", ["games"]),
    ("houserules sim shedding -n 1", ["sim", "shedding", "--games", "1", "--json"]),
    ("houserules onion best", ["onion", "best", "2C", "2D", "3H", "4S", "4C", "6D", "7H", "KC", "KD", "AS"]),
]

#: runs the CLI in-process, then prints which houserules modules it imported
PROBE = """
import sys
from houserules.cli import app
try:
    app(sys.argv[1:], standalone_mode=True)
except SystemExit:
    pass
print("\\n" + " ".join(sorted(m for m in sys.modules if m.startswith("houserules"))), file=sys.stderr)
"""

#: what is worth not loading: the Onion solver's tables and each game's rules (a game package's
#: own ``__init__`` only declares its SPEC and is cheap)
HEAVY = ("houserules.games.onion.solver", "houserules.games.onion.game", "houserules.games.king_taco.game",
         "houserules.games.shedding.game", "houserules.server.app")


def imported(args: list[str]) -> list[str]:
    """The houserules modules ``houserules ARGS`` imports (a subprocess, so nothing is cached)."""
    out = subprocess.run([sys.executable, "-c", PROBE, *args], capture_output=True, text=True, env=os.environ,
                         check=False)
    return out.stderr.strip().splitlines()[-1].split() if out.stderr.strip() else []


def timed(args: list[str]) -> tuple[float, float]:
    """CPU seconds (this child only) and wall seconds of one ``python -m houserules.cli ARGS``."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    subprocess.run([sys.executable, "-m", "houserules.cli", *args], capture_output=True, check=False)
    wall = time.perf_counter() - t0
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return cpu, wall


def instructions(args: list[str]) -> int | None:
    """Instructions ``houserules ARGS`` executes, counted by valgrind's callgrind (None without valgrind)."""
    try:
        out = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", sys.executable,
                              "-m", "houserules.cli", *args], capture_output=True, text=True, check=False)
    except FileNotFoundError:
        return None
    found = re.search(r"Collected : (\d+)", out.stderr)
    return int(found.group(1)) if found else None


def measure(runs: int, callgrind: bool) -> list[dict[str, Any]]:
    rows = []
    for label, args in COMMANDS:
        samples = [timed(args) for _ in range(runs)]
        mods = set(imported(args))
        rows.append({"command": label, "cpu_ms": 1000 * statistics.median(c for c, _ in samples),
                     "wall_ms": 1000 * statistics.median(w for _, w in samples),
                     "instructions": instructions(args) if callgrind else None,
                     "heavy_imports": [m for m in HEAVY if m in mods]})
    return rows


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--runs", type=int, default=10)
    p.add_argument("--json", action="store_true")
    p.add_argument("--callgrind", action="store_true", help="also count instructions under valgrind")
    a = p.parse_args()
    bare = statistics.median(timed_interpreter() for _ in range(a.runs))
    rows = measure(a.runs, a.callgrind)
    if a.json:
        print(json.dumps({"python": sys.version.split()[0], "bare_interpreter_cpu_ms": 1000 * bare, "rows": rows}))
        return
    print(f"CPython {sys.version.split()[0]}; median of {a.runs} runs; a bare `python -c pass` costs "
          f"{1000 * bare:.0f} ms CPU")
    for r in rows:
        heavy = ", ".join(r["heavy_imports"]) or "none"
        count = f" {r['instructions'] / 1e6:>7,.0f} M instructions" if r["instructions"] else ""
        print(f"{r['command']:<32} {r['cpu_ms']:>7.0f} ms CPU {r['wall_ms']:>7.0f} ms wall{count}   "
              f"game modules: {heavy}")


def timed_interpreter() -> float:
    """CPU seconds of an interpreter that does nothing: the floor under every command."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run([sys.executable, "-c", "pass"], check=False)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


if __name__ == "__main__":
    main()
