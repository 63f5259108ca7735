"""A ladder played a round robin at a time, each game's outcome appended to a file.

    python bench/ladder_log.py GAME BOT,BOT[,...] OUT.jsonl [--players 2] [--games 400] [--seed 0] [-o key=value]
                               [--workers 1]

The games are exactly those of ``houserules ladder GAME --bots ... --games N
--seed S`` (game ``i`` of a ladder does not depend on how many are played,
``sim/ladder.py``), so the first ``N`` lines of ``OUT.jsonl`` are that
command's games and ``houserules``'s ratings of them are its ratings. What
this adds for long ladders on a busy machine: the ratings so far after each
round robin (on stderr, with the CPU seconds per game), and a run stopped at
any point resumes where the file ends. With ``--workers N`` each step plays
whole round robins, about four games a worker, side by side, one process each, and
appends them in game order, so the file is the same as with one worker. The last line of a finished run is
the ratings as ``ladder --json`` prints them. Each game's line records the game's index,
its seed and the commit it was played at, so any rating can be replayed.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from houserules.engine import registry
from houserules.sim.ladder import LadderConfig, Outcome, deal, play_chunk, ratings, sign_test, tables
from houserules.sim.parallel import run_jobs


def source_commit() -> str:
    """The commit the games are played at (``+dirty`` when the work tree differs), written on every
    line so that a rating in bench/RESULTS.md can be replayed game by game at the same rules."""
    def git(*args: str) -> str:
        return subprocess.run(["git", *args], capture_output=True, text=True, cwd=Path(__file__).parent).stdout.strip()
    head = git("rev-parse", "--short", "HEAD") or "unknown"
    return head + ("+dirty" if git("status", "--porcelain", "--untracked-files=no") else "")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("game")
    ap.add_argument("bots")
    ap.add_argument("out", type=Path)
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--games", type=int, default=400)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("-o", "--option", action="append", default=[])
    ap.add_argument("--workers", type=int, default=1)
    args = ap.parse_args()
    game = registry.get(args.game)
    raw: dict[str, Any] = {"players": args.players}
    for pair in args.option:
        key, _, value = pair.partition("=")
        raw[key] = json.loads(value)
    bots = tuple(b.strip() for b in args.bots.split(","))
    options = game.options(game.options(raw))
    config = LadderConfig(game.name, bots, args.games, options, args.seed, 1)
    done: list[Outcome] = []
    if args.out.exists():
        for line in args.out.read_text().splitlines():
            row = json.loads(line)
            if "seats" in row:
                done.append((tuple(row["seats"]), tuple(row["winners"])))
    commit = source_commit()
    robin = len(tables(config)) * args.players  # one round robin: every table in every rotation
    workers = max(1, args.workers)
    step = robin * -(-4 * workers // robin) if workers > 1 else robin  # about four games a worker
    with args.out.open("a") as log:
        while len(done) < args.games:
            count = min(step, args.games - len(done))
            c0 = time.process_time()
            w0 = time.perf_counter()
            cut = [len(done) + count * k // workers for k in range(workers + 1)]
            jobs = [(config, a, b - a) for a, b in zip(cut, cut[1:]) if b > a]
            part = [o for chunk in run_jobs(play_chunk, jobs, workers) for o in chunk]
            cpu = (time.process_time() - c0) / count if workers == 1 else (time.perf_counter() - w0) * workers / count
            for i, (kinds, winners) in enumerate(part, start=len(done)):
                log.write(json.dumps({"seats": kinds, "winners": winners, "game": i,
                                      "seed": config.seed + deal(config, i), "commit": commit}) + "\n")
            log.flush()
            done += part
            rated = ratings(done, bots, args.seed)
            print(f"{len(done)} games, {cpu:.1f} {'CPU' if workers == 1 else 'worker'} s/game: " + ", ".join(
                f"{b} {r['rating']:.0f} ({r['low']:.0f}-{r['high']:.0f})" for b, r in rated.items()),
                file=sys.stderr, flush=True)
    final: dict[str, Any] = {"games": len(done), "ratings": ratings(done, bots, args.seed)}
    if len(bots) == 2:
        final["sign_test"] = sign_test(done, config)
    print(json.dumps(final))


if __name__ == "__main__":
    main()
