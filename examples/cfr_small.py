"""CFR and CFR+ on a small variant whose information sets span several deals, to a measured exploitability.

    pip install -e '.[openspiel]'
    python examples/cfr_small.py                          # King Taco's small variant, 200 iterations each
    python examples/cfr_small.py --iterations 50 --plot curve.png -o max_turns=8

The game is ``houserules.envs.openspiel.small(GAME)`` (options with ``-o``
override it): a chance node over a deal and its redeals of what each seat
cannot see, so a seat holding the same cards cannot tell several deals
apart, and its strategy must be good against all of them. OpenSpiel's
tabular CFR and CFR+ (``open_spiel.python.algorithms.cfr``) solve it; after
each of a few iterations the exact exploitability of the average policy
(``exploitability.exploitability``: how much a best response gains, in the
game's +1/-1 units, averaged over the two seats) is recorded with the CPU
seconds spent. It prints the variant's size (``openspiel.census``), the
uniform policy's exploitability and each curve; ``--plot`` draws both
curves on log scales, ``--json`` prints everything as one JSON object.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from dataclasses import asdict
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).parent))
from checkpoints import game_options  # noqa: E402  (the examples' -o key=value)

from open_spiel.python.algorithms import cfr, exploitability  # noqa: E402
from open_spiel.python.policy import UniformRandomPolicy  # noqa: E402

from houserules.envs import openspiel  # noqa: E402

SOLVERS = {"CFR": cfr.CFRSolver, "CFR+": cfr.CFRPlusSolver}


def checkpoints(last: int) -> list[int]:
    """1, 2, 5, 10, 20, 50, ... up to ``last`` (and ``last`` itself)."""
    out, step = [], 1
    while step <= last:
        out.extend(n for n in (step, 2 * step, 5 * step) if n <= last)
        step *= 10
    return sorted({*out, last})


def solve(game: Any, kind: str, iterations: int) -> list[dict[str, float]]:
    """``kind``'s curve: exploitability of the average policy and CPU seconds at each checkpoint
    (the CPU of measuring it left out)."""
    solver, spent, curve = SOLVERS[kind](game), 0.0, []
    marks = set(checkpoints(iterations))
    for n in range(1, iterations + 1):
        start = time.process_time()
        solver.evaluate_and_update_policy()
        spent += time.process_time() - start
        if n in marks:
            curve.append({"iterations": n, "exploitability": exploitability.exploitability(game, solver.average_policy()),
                          "cpu": round(spent, 1)})
            print(f"{kind:5s} {n:5d} iterations  exploitability {curve[-1]['exploitability']:.5f}  cpu {spent:6.1f}s",
                  flush=True)
    return curve


def plot(result: dict[str, Any], path: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(7, 4))
    for kind, colour in zip(SOLVERS, ("#3b7dd8", "#d8663b")):
        curve = result["curves"][kind]
        ax.plot([p["iterations"] for p in curve], [p["exploitability"] for p in curve], marker="o", color=colour,
                label=kind)
    ax.axhline(result["uniform"], color="grey", linestyle="--", linewidth=1, label="uniform policy")
    ax.set_xscale("log")
    ax.set_yscale("log")
    ax.set_xlabel("iterations")
    ax.set_ylabel("exploitability (game units)")
    size = result["census"]
    ax.set_title(f"{result['game']} small variant: {size['states']} states, {size['information_sets']} "
                 f"information sets, {size['spanning']} spanning deals")
    ax.legend()
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)


def main(argv: list[str] | None = None) -> dict[str, Any]:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    ap.add_argument("--game", default="king-taco", help="a game with a small variant (openspiel.SMALL)")
    ap.add_argument("-o", "--option", action="append", default=[], help="an option KEY=VALUE over the variant's")
    ap.add_argument("--iterations", type=int, default=200)
    ap.add_argument("--plot", type=Path, default=None, help="a PNG of both curves (needs matplotlib)")
    ap.add_argument("--json", action="store_true", help="print the result as one JSON object")
    args: Any = ap.parse_args(argv)
    game = openspiel.small(args.game, **game_options(args.option))
    size = openspiel.census(game)
    print(f"{args.game}: {size.states} states, {size.terminals} ends, {size.information_sets} information sets, "
          f"{size.spanning} spanning several deals (up to {size.widest}), {game.outcomes} deals", flush=True)
    uniform = exploitability.exploitability(game, UniformRandomPolicy(game))
    print(f"uniform policy: exploitability {uniform:.5f}", flush=True)
    result = {"game": args.game, "options": {**openspiel.SMALL[game.name], **game_options(args.option)},
              "census": asdict(size), "deals": game.outcomes, "uniform": uniform,
              "curves": {kind: solve(game, kind, args.iterations) for kind in SOLVERS}}
    if args.plot:
        plot(result, args.plot)
    if args.json:
        print(json.dumps(result))
    return result


if __name__ == "__main__":
    main()
