"""Instructions per decision of every game against OpenSpiel's ``crazy_eights``, counted by Valgrind.

    python bench/instructions.py [--games shedding,king-taco,...] [--decisions 20000] [--players 4]

``bench/speed.py`` times the same loops in CPU seconds; on a busy machine its ratios move by
more than a goal's margin between runs (bench/RESULTS.md, "All five in one run"). Counting
the instructions a loop executes does not depend on what else the machine runs, so it is how
a change is judged while others use the cores. Each engine runs in a child process under
``valgrind --tool=cachegrind --cache-sim=no`` twice, for N and for 2N decisions; the
difference divided by N is the cost of one decision with start-up, imports and warm-up taken
out. The ratio printed is OpenSpiel's instructions per decision over the game's (above 1:
houserules executes fewer), an estimate of speed.py's ratio that ignores how fast each
instruction runs (memory stalls, branch misses), so confirm a goal with speed.py on a quiet
machine. Needs Valgrind and OpenSpiel (the [bench] extra).
"""

from __future__ import annotations

import argparse
import re
import shutil
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from speed import houserules_loop, openspiel_loop  # noqa: E402  (the loops speed.py times)

ANCHOR = "openspiel"
COUNT = re.compile(r"I\s+refs:\s+([\d,]+)")


def play(engine: str, decisions: int, players: int) -> None:
    """The child: make ``decisions`` decisions of ``engine``'s random-play loop, then exit."""
    loop = openspiel_loop(players) if engine == ANCHOR else houserules_loop(engine, players)
    for _ in range(decisions):
        next(loop)


def instructions(engine: str, decisions: int, players: int) -> int:
    """Instructions the child executes to make ``decisions`` decisions, start-up included."""
    command = ["valgrind", "--tool=cachegrind", "--cache-sim=no", "--cachegrind-out-file=/dev/null",
               sys.executable, __file__, "--child", engine, "--decisions", str(decisions), "--players", str(players)]
    done = subprocess.run(command, capture_output=True, text=True, check=False)
    found = COUNT.search(done.stderr)
    if done.returncode != 0 or found is None:
        raise SystemExit(f"instructions.py: {engine} failed under valgrind: {done.stderr.strip().splitlines()[-1:]}")
    return int(found.group(1).replace(",", ""))


def per_decision(engine: str, decisions: int, players: int) -> float:
    """One decision's instructions: the difference between 2N and N decisions, over N."""
    return (instructions(engine, 2 * decisions, players) - instructions(engine, decisions, players)) / decisions


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--games", default="shedding,king-taco,cripple-mr-onion,mao,bpoker")
    p.add_argument("--decisions", type=int, default=20000, help="N: each engine runs N and 2N decisions")
    p.add_argument("--players", type=int, default=4)
    p.add_argument("--child", help=argparse.SUPPRESS)
    a = p.parse_args()
    if a.child:
        play(a.child, a.decisions, a.players)
        return
    if shutil.which("valgrind") is None:
        raise SystemExit("instructions.py: needs valgrind (apt-get install valgrind)")
    anchor = per_decision(ANCHOR, a.decisions, a.players)
    print(f"{a.players} players; {a.decisions:,} and {2 * a.decisions:,} decisions per engine, under cachegrind")
    print(f"{'OpenSpiel crazy_eights (C++)':<30} {anchor:>12,.0f} instructions per decision")
    for name in (g.strip() for g in a.games.split(",") if g.strip()):
        mine = per_decision(name, a.decisions, a.players)
        print(f"{'houserules ' + name:<30} {mine:>12,.0f} instructions per decision   {anchor / mine:6.3f}x",
              flush=True)


if __name__ == "__main__":
    main()
