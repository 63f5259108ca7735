"""Are the bot levels a person picks clearly apart, beginner < club < strong, in every game, on fresh deals?

    python bench/levels.py [--games shedding,king-taco,...] [--pairs beginner-club,club-strong] [--log bench/levels] [--report]

For each game, two ladders of two specs each (``houserules ladder``'s games, sim/ladder.py):
beginner against club, and club against strong, the specs ``houserules.bots.levels(game)``
names, at the table of ``PLANS`` (players and options). Every rotation of a deal's seats is
played (duplicate play), and each deal counts once in the exact two-sided sign test by deal
that a two-spec ``houserules ladder`` prints: the stronger level must come out ahead in more
deals than it falls behind.

When is it decided? A plan fixes its **looks** in advance: the deal counts at which the test is
read. A pair is decided at the first look whose p-value is below ``ALPHA / len(looks)``
(Bonferroni: a pair of equal strength is declared apart at some look with a chance below
``ALPHA`` = 1%), and then stops; a pair that is not decided by the last look is reported as
not decided. So a run is sized to decide and no more, and stopping early costs nothing in
honesty. The deals are fresh: seed ``SEED + 1000 * game's place in PLANS`` onwards, never used
to tune a bot.

Each game's outcome is appended to ``LOG/GAME.jsonl`` as it is played, with its CPU seconds
(``time.process_time`` of this process around the game: one process, run it ``nice``d in the
background, one process per game to use more cores), its seed, the commit and whether the
rules ran compiled (native.py; they decide the same either way), so a run
stopped at any point resumes where its file ends, and a result can be replayed game by game.
Lines of other specs, options or seeds (a level changed since) are kept and ignored.
``--report`` reads the logs only and prints the Markdown table bench/RESULTS.md keeps.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from houserules.bots import levels
from houserules.engine import registry
from houserules.native import loaded
from houserules.sim.ladder import LadderConfig, Outcome, deal, play_chunk, sign_test, tables

#: the family-wise chance of declaring two equal levels apart, per pair, over all its looks
ALPHA = 0.01
SEED = 41_000_000
PAIRS = (("beginner", "club"), ("club", "strong"))


@dataclass(frozen=True)
class Plan:
    """Where a game's levels are rated: its table, and the deal counts at which to look."""

    players: int
    looks: tuple[int, ...]
    options: dict[str, Any] = field(default_factory=dict)


#: two seats (bpoker seats three: each spec sits once and twice in turn), the game's default
#: options; the looks sized from the strengths measured before (bench/RESULTS.md)
PLANS: dict[str, Plan] = {
    "shedding": Plan(2, (50, 100, 200, 400)),
    "king-taco": Plan(2, (100, 200, 400, 800)),
    "cripple-mr-onion": Plan(2, (25, 50, 100, 200)),
    "mao": Plan(2, (100, 200, 400, 800)),
    "bpoker": Plan(3, (20, 40, 80, 160), {"hands": 1}),
}


def source_commit() -> str:
    """The commit the games are played at (``+dirty`` when tracked files differ from it)."""
    def git(*args: str) -> str:
        return subprocess.run(["git", *args], capture_output=True, text=True, cwd=Path(__file__).parent).stdout.strip()
    head = git("rev-parse", "--short", "HEAD") or "unknown"
    return head + ("+dirty" if git("status", "--porcelain", "--untracked-files=no") else "")


def config(name: str, pair: tuple[str, str]) -> LadderConfig:
    """The ladder of ``pair`` (level words) in game ``name``: its specs, table, options and seed."""
    game = registry.get(name)
    plan = PLANS[name]
    named = levels(name)
    specs = (named[pair[0]], named[pair[1]])
    options = game.options({"players": plan.players, **plan.options})
    return LadderConfig(game.name, specs, plan.looks[-1] * games_per_deal(plan.players), options,
                        SEED + 1000 * list(PLANS).index(name))


def games_per_deal(players: int) -> int:
    """A deal is played once in every rotation of its table's seats (sim/ladder.py); with more
    seats than specs (bpoker) there are several tables, each dealt its own deal, so a look's
    deal count must be a multiple of the tables (``check_plans``) for every deal to be complete."""
    return players


def check_plans() -> None:
    for name, plan in PLANS.items():
        t = len(tables(LadderConfig(name, ("a", "b"), 1, {"players": plan.players})))
        if any(d % t for d in plan.looks):
            raise SystemExit(f"error: {name}'s looks must be multiples of its {t} tables")


def logged(path: Path, cfg: LadderConfig) -> list[dict[str, Any]]:
    """The games of ``cfg`` already in the log, in order (lines of other ladders ignored)."""
    if not path.exists():
        return []
    rows = []
    for line in path.read_text().splitlines():
        try:
            rows.append(json.loads(line))
        except ValueError:  # a line cut short by a run stopped while writing it: that game is played again
            continue
    key = ladder_key(cfg)
    mine = [r for r in rows if r.get("ladder") == key]
    return [r for i, r in enumerate(mine) if r["game"] == i]


def ladder_key(cfg: LadderConfig) -> dict[str, Any]:
    return {"specs": list(cfg.bots), "options": dict(cfg.options), "seed": cfg.seed}


def verdict(rows: list[dict[str, Any]], cfg: LadderConfig, looks: tuple[int, ...]) -> dict[str, Any]:
    """The sign test at the last look the log reaches, and whether it decided there or earlier."""
    per = games_per_deal(int(cfg.options["players"]))
    outcomes: list[Outcome] = [(tuple(r["seats"]), tuple(r["winners"])) for r in rows]
    threshold = ALPHA / len(looks)
    out: dict[str, Any] = {"threshold": threshold, "decided": False, "look": None}
    for k, deals in enumerate(looks, start=1):
        if len(outcomes) < deals * per:
            break
        test = sign_test(outcomes[:deals * per], cfg)
        out.update(test, look=k, games=deals * per, cpu=sum(r["cpu"] for r in rows[:deals * per]), rows=rows[:deals * per])
        if test["p_value"] < threshold and test["behind"] > test["ahead"]:  # the stronger level ahead
            out["decided"] = True
            break
    return out


def play_pair(name: str, pair: tuple[str, str], log_dir: Path) -> dict[str, Any]:
    """Play ``pair``'s ladder look by look until it is decided or the last look is reached."""
    cfg = config(name, pair)
    looks = PLANS[name].looks
    per = games_per_deal(PLANS[name].players)
    path = log_dir / f"{name}.jsonl"
    rows = logged(path, cfg)
    commit, key, compiled = source_commit(), ladder_key(cfg), bool(loaded())
    with path.open("a") as log:
        while True:
            found = verdict(rows, cfg, looks)
            if found["decided"] or len(rows) >= looks[-1] * per:
                return found
            target = next(d for d in looks if d * per > len(rows)) * per
            while len(rows) < target:
                i = len(rows)
                c0 = time.process_time()
                (kinds, winners), = play_chunk(cfg, i, 1)
                row = {"ladder": key, "pair": list(pair), "game": i, "seed": cfg.seed + deal(cfg, i),
                       "seats": list(kinds), "winners": list(winners), "cpu": round(time.process_time() - c0, 4),
                       "compiled": compiled, "commit": commit}
                log.write(json.dumps(row) + "\n")
                log.flush()
                rows.append(row)
                if (i + 1) % per == 0 and (i + 1) // per % 10 == 0:
                    print(f"{name} {pair[0]}-{pair[1]}: {(i + 1) // per} deals", file=sys.stderr, flush=True)


def report(names: list[str], log_dir: Path) -> None:
    """The Markdown table of every pair's verdict, from the logs."""
    print("| game | table | pair (specs) | deals (games) | deals ahead / behind / even | p | decided (at p <) | CPU s (per game, build) |")
    print("| --- | --- | --- | ---: | --- | ---: | --- | ---: |")
    for name in names:
        plan = PLANS[name]
        table = f"{plan.players} seats" + "".join(f", {k}={v}" for k, v in plan.options.items())
        for pair in PAIRS:
            cfg = config(name, pair)
            v = verdict(logged(log_dir / f"{name}.jsonl", cfg), cfg, plan.looks)
            if v["look"] is None:
                print(f"| {name} | {table} | {pair[0]} < {pair[1]} (`{cfg.bots[0]}`, `{cfg.bots[1]}`) | not played | | | | |")
                continue
            deals = v["games"] // games_per_deal(plan.players)
            said = f"**yes**, look {v['look']}" if v["decided"] else "no"
            build = {{True: "compiled", False: "pure"}.get(r.get("compiled"), "build not logged") for r in v["rows"]}
            print(f"| {name} | {table} | {pair[0]} < {pair[1]} (`{cfg.bots[0]}`, `{cfg.bots[1]}`) | {deals} ({v['games']}) "
                  f"| {v['behind']} / {v['ahead']} / {v['even']} | {v['p_value']:.2g} | {said} ({v['threshold']:.2g}) "
                  f"| {v['cpu']:.0f} ({v['cpu'] / v['games']:.3g}, {'/'.join(sorted(build))}) |")
    print(f"\nseeds from {SEED} (+1000 per game, in the order {', '.join(PLANS)})")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", default=",".join(PLANS), help="comma-separated games (default: all five)")
    ap.add_argument("--log", type=Path, default=Path(__file__).parent / "levels", help="folder of the logs")
    ap.add_argument("--pairs", default="beginner-club,club-strong",
                    help="which pairs to play (default both; beginner-club alone costs seconds, club-strong CPU hours)")
    ap.add_argument("--report", action="store_true", help="print the table from the logs; play nothing")
    args = ap.parse_args()
    check_plans()
    names = [g.strip() for g in args.games.split(",") if g.strip()]
    for name in names:
        if name not in PLANS:
            sys.exit(f"error: no plan for {name!r}; plans: {', '.join(PLANS)}")
    if args.report:
        report(names, args.log)
        return
    wanted = [p for p in PAIRS if "-".join(p) in args.pairs.split(",")]
    if not wanted:
        sys.exit(f"error: no pair in {args.pairs!r}; pairs: {', '.join('-'.join(p) for p in PAIRS)}")
    args.log.mkdir(parents=True, exist_ok=True)
    for name in names:
        for pair in wanted:
            v = play_pair(name, pair, args.log)
            print(f"{name} {pair[0]} < {pair[1]}: {v['behind']} ahead, {v['ahead']} behind, {v['even']} even of "
                  f"{v['deals']} deals, p = {v['p_value']:.3g}: {'decided' if v['decided'] else 'not decided'} "
                  f"({v['cpu']:.0f} CPU s)", flush=True)


if __name__ == "__main__":
    main()
