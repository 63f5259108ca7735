"""How bpoker games end (docs/rules/bpoker.md, "Balance study", issue 21): heuristic bots in every
seat, per player count how many games end with one player holding every card, at which hand,
how many players still have cards at the start of each hand, and how long such games last.

    nice python bench/bpoker_game_ends.py --players 3 4 5 6 --games 600 -o nine_diamonds=wins

Game i is dealt from seed i (as ``houserules sim``), so runs are reproducible.
"""

from __future__ import annotations

import argparse
import json
from collections import Counter, defaultdict
from typing import Any

from houserules.sim.runner import play


def one_game(players: int, seed: int, options: dict[str, Any]) -> dict[str, Any]:
    state, events, actions = play("bpoker", {**options, "players": players}, seed, ["heuristic"] * players)
    live = [players] + [len(e.data["seats"]) for e in events if e.kind == "hand"]  # hand 1 begins in new()
    return {"seed": seed, "reason": state.reason, "hand_no": state.hand_no, "turns": state.turns,
            "actions": actions, "live": live, "stash": [len(z) for z in state.stash]}


def report(players: int, rows: list[dict[str, Any]]) -> dict[str, Any]:
    one = [r for r in rows if r["reason"].startswith("only one")]
    by_hand: dict[int, list[int]] = defaultdict(list)
    for r in rows:
        for i, n in enumerate(r["live"]):
            by_hand[i + 1].append(n)
    out = {
        "players": players, "games": len(rows), "one_left": len(one),
        "one_left_share": round(len(one) / len(rows), 3),
        "one_left_at_hand": dict(sorted(Counter(r["hand_no"] for r in one).items())),
        "live_at_hand": {h: round(sum(v) / len(v), 2) for h, v in sorted(by_hand.items())},
        "turns_one_left": round(sum(r["turns"] for r in one) / len(one), 1) if one else None,
        "turns_all": round(sum(r["turns"] for r in rows) / len(rows), 1),
        "reasons": dict(Counter(r["reason"] for r in rows)),
    }
    print(json.dumps(out))
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--players", type=int, nargs="+", default=[6])
    ap.add_argument("--games", type=int, default=600)
    ap.add_argument("-o", "--option", action="append", default=[], help="a game option key=value")
    args = ap.parse_args()
    options: dict[str, Any] = {}
    for kv in args.option:
        key, _, value = kv.partition("=")
        options[key] = int(value) if value.isdigit() else value
    for n in args.players:
        report(n, [one_game(n, seed, options) for seed in range(args.games)])


if __name__ == "__main__":
    main()
