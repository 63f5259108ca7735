"""Instructions per copy of a Shedding state: its hand-written ``copy`` against one driven by a field list.

    python bench/copy_forms.py [--copies 10000]

Issue 40 asked for a state ``copy`` made from a field list mypyc accepts. ``copy`` is on the hot
path of every search (each ISMCTS iteration starts from one), so the form is judged by what a copy
costs. Each form copies 200 positions from random four-player games under Valgrind's cachegrind,
N and 2N copies; the difference over N is one copy's instructions, start-up and dealing taken out.
The field-list form is the one a generic copy can be: the constructor, the generator shared, then
``getattr``/``setattr`` over the fields, sliced where they are lists. Pure Python; compiled, the
hand-written copy reads and writes the fields at their offsets while the loop still goes through
the attribute protocol by name, so the gap can only widen. Needs Valgrind.
"""

from __future__ import annotations

import argparse
import random
import re
import subprocess
import sys
from typing import Any

from houserules.engine import get_game
from houserules.games.shedding.state import SheddingState

COUNT = re.compile(r"I\s+refs:\s+([\d,]+)")
#: Shedding's fields by how a copy takes them (its ``copy`` writes the same, one line each)
SHARED = ("mode", "players", "turn", "direction", "pending", "run_dir", "wrapped", "winner", "over", "turns",
          "max_turns", "table", "skips", "again", "under")
LISTS = ("draw", "discard", "run", "declared")
NESTED = ("hands",)


def from_fields(self: SheddingState) -> SheddingState:
    """A copy driven by the field lists above."""
    new = SheddingState(self.options, self.seed, self._rng)
    self.share_rng(new)
    for f in SHARED:
        setattr(new, f, getattr(self, f))
    for f in LISTS:
        setattr(new, f, getattr(self, f)[:])
    for f in NESTED:
        setattr(new, f, [x[:] for x in getattr(self, f)])
    return new


def positions(count: int = 200) -> list[Any]:
    game = get_game("shedding")
    opts = game.options({"players": 4})
    out: list[Any] = []
    seed = 0
    while len(out) < count:
        state, rng, step = game.new(opts, seed), random.Random(seed), 0
        seed += 1
        while game.result(state) is None and len(out) < count and step < 3000:
            if step % 7 == 3:
                out.append(game.copy(state))
            choices = game.legal(state)
            game.apply(state, choices[rng.randrange(len(choices))])
            step += 1
    return out


def child(form: str, copies: int) -> None:
    states = positions()
    copy = SheddingState.copy if form == "hand-written" else from_fields
    for _ in range(copies // len(states)):
        for s in states:
            copy(s)


def instructions(form: str, copies: int) -> int:
    command = ["valgrind", "--tool=cachegrind", "--cache-sim=no", "--cachegrind-out-file=/dev/null",
               sys.executable, __file__, "--child", form, "--copies", str(copies)]
    done = subprocess.run(command, capture_output=True, text=True, check=False)
    found = COUNT.search(done.stderr)
    if done.returncode != 0 or found is None:
        raise SystemExit(f"copy_forms.py: {form} failed under valgrind: {done.stderr.strip().splitlines()[-1:]}")
    return int(found.group(1).replace(",", ""))


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--copies", type=int, default=10_000)
    p.add_argument("--child", default=None)
    a = p.parse_args()
    if a.child:
        child(a.child, a.copies)
        return
    base = None
    for form in ("hand-written", "field list"):
        per = (instructions(form, 2 * a.copies) - instructions(form, a.copies)) / a.copies
        base = base or per
        print(f"{form}: {per:,.0f} instructions a copy ({per / base:.2f}x)", flush=True)


if __name__ == "__main__":
    main()
