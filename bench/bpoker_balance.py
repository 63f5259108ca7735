"""The bpoker balance study (docs/rules/bpoker.md, "Balance study"): heuristic bots at 3 to 6
players, the figures of ``houserules sim bpoker`` per player count, and two plots.

    nice python bench/bpoker_balance.py --games 200 [-o hands=4 ...] [--json out.json] \
        [--plot-players docs/rules/img/bpoker-balance-players.png] \
        [--plot-cards docs/rules/img/bpoker-balance-cards.png]

Per player count it prints turns per hand, actions per game, how hands end, hand wins by
place (1 = left of the dealer, who begins; the dealer last), game wins by seat, how often a
cap ends a hand or a game, and the cards with the highest and lowest win-share lift
(``stats.derived_stats``). The card plot pools every player count: a card's lift is its win
share over that of an average card play (1.0: it decides no more than any card).
"""

from __future__ import annotations

import argparse
import json
from collections import Counter
from typing import Any

from houserules.games.bpoker.stats import derived_stats
from houserules.sim import SimConfig, simulate, summary


def run(players: int, games: int, options: dict[str, Any], bots: str) -> dict[str, Any]:
    config = SimConfig("bpoker", games, {**options, "players": players}, (bots,) * players, seed=0)
    tally, seconds = simulate(config)
    return summary(config, tally, seconds)


def _prefixed(stats: dict[str, float], prefix: str) -> dict[str, float]:
    return {k[len(prefix):]: v for k, v in stats.items() if k.startswith(prefix)}


def report(n: int, out: dict[str, Any]) -> None:
    s, g, dv = out["stats"], out["games"], out["derived"]
    ends = _prefixed(s, "hand_ends.")
    hands = sum(ends.values())
    place = _prefixed(s, "hands_won_by_place.")
    won = sum(place.values()) or 1
    lifts = sorted((v, k[5:]) for k, v in dv.items() if k.startswith("lift.") and s.get("share.in." + k[5:], 0) >= 30)
    print(f"--- {n} players, {g} games, {hands:.0f} hands")
    print(f"turns per hand {dv['turns per hand']}; actions per game {out['mean_actions']:.0f} (longest "
          f"{out['max_actions']}); turns per game {out['mean_turns']:.1f}")
    print("hands end: " + ", ".join(f"{k} {v / hands:.0%}" for k, v in sorted(ends.items(), key=lambda x: -x[1])))
    print("games end: " + ", ".join(f"{k} {v:.0f}" for k, v in _prefixed(s, "game_end.").items()))
    print("hand wins by place: " + " · ".join(f"{place.get(str(p), 0) / won:.0%}" for p in range(1, n + 1))
          + f" (even {1 / n:.0%})")
    print("game wins by seat: " + " · ".join(f"{w:g}" for w in out["wins_by_seat"]))
    played = sorted(_prefixed(s, "played.").items(), key=lambda x: -x[1])
    print("played per game: " + ", ".join(f"{k} {v / g:.2f}" for k, v in played[:10]) + f" … ({len(played)} values)")
    print("effects per game: " + ", ".join(f"{k} {v / g:.2f}" for k, v in sorted(_prefixed(s, "effects.").items())))
    print("sets per game: " + ", ".join(f"{k[5:]} {v / g:.2f}" for k, v in sorted(_prefixed(s, "sets.").items(),
                                                                              key=lambda x: -x[1])))
    print(f"win share: every (hand, player) {dv['share.baseline']:.0%}, after any play {dv['share.any play']:.0%}, "
          f"of an average card play {dv['share.average play']:.0%}")
    print("highest lifts: " + ", ".join(f"{k} {v:.2f}" for v, k in lifts[::-1][:8]))
    print("lowest lifts: " + ", ".join(f"{k} {v:.2f}" for v, k in lifts[:6]))


def plot_players(runs: dict[int, dict[str, Any]], path: str) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    ns = sorted(runs)
    fig, ((a1, a2), (a3, a4)) = plt.subplots(2, 2, figsize=(12, 8.5))
    a1.bar([str(n) for n in ns], [runs[n]["derived"]["turns per hand"] for n in ns], color="#3b7dd8")
    a1.set_title("turns per hand")
    a1.set_xlabel("players")
    a2.bar([str(n) for n in ns], [runs[n]["mean_actions"] for n in ns], color="#4caf50", label="mean")
    a2.plot([str(n) for n in ns], [runs[n]["max_actions"] for n in ns], "k_", markersize=30, label="longest")
    a2.set_title("actions per game")
    a2.set_xlabel("players")
    a2.legend()
    kinds = sorted({k for n in ns for k in _prefixed(runs[n]["stats"], "hand_ends.")})
    bottom = [0.0] * len(ns)
    for kind in kinds:
        share = []
        for n in ns:
            ends = _prefixed(runs[n]["stats"], "hand_ends.")
            share.append(ends.get(kind, 0) / (sum(ends.values()) or 1))
        a3.bar([str(n) for n in ns], share, bottom=bottom, label=kind)
        bottom = [b + x for b, x in zip(bottom, share, strict=True)]
    a3.set_title("how hands end")
    a3.set_xlabel("players")
    a3.set_ylim(0, 1)
    a3.legend(fontsize=8, loc="upper center", bbox_to_anchor=(0.5, -0.13), ncol=4)
    for n in ns:
        place = _prefixed(runs[n]["stats"], "hands_won_by_place.")
        won = sum(place.values()) or 1
        a4.plot(range(1, n + 1), [place.get(str(p), 0) / won * n for p in range(1, n + 1)], "o-", label=f"{n} players")
    a4.axhline(1, color="grey", linestyle="--", linewidth=1)
    a4.set_title("hand wins by place ÷ even share (1 begins, the dealer last)")
    a4.set_xlabel("place in the hand's order")
    a4.legend(fontsize=8)
    games = runs[ns[0]]["games"]
    fig.suptitle(f"bpoker, heuristic bots, {games} games per player count")
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    plt.close(fig)


def plot_cards(runs: dict[int, dict[str, Any]], path: str) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    pooled: Counter[str] = Counter()
    for out in runs.values():
        pooled.update(out["stats"])
    dv = derived_stats(pooled, sum(out["games"] for out in runs.values()))
    rows = sorted((v, k[5:]) for k, v in dv.items() if k.startswith("lift.") and pooled["share.in." + k[5:]] >= 40)
    fig, ax = plt.subplots(figsize=(8, max(6, 0.2 * len(rows))))
    ax.barh([k for _, k in rows], [v for v, _ in rows],
            color=["#d8843b" if v > 1.25 else "#3b7dd8" if v >= 0.8 else "#999999" for v, _ in rows])
    ax.axvline(1, color="black", linewidth=1)
    ax.set_title("win-share lift of each card or set played with effect\n(share of hands won by its player "
                 "÷ that of an average card play;\n3-6 players pooled, ≥ 40 plays)")
    ax.tick_params(axis="y", labelsize=7)
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    plt.close(fig)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--players", default="3,4,5,6")
    ap.add_argument("--bots", default="heuristic")
    ap.add_argument("-o", "--option", action="append", default=[], help="KEY=VALUE, as houserules sim -o")
    ap.add_argument("--json")
    ap.add_argument("--plot-players")
    ap.add_argument("--plot-cards")
    args = ap.parse_args()
    options: dict[str, Any] = {}
    for kv in args.option:
        k, v = kv.split("=", 1)
        options[k] = int(v) if v.isdigit() else v
    runs = {n: run(n, args.games, options, args.bots) for n in map(int, args.players.split(","))}
    for n, out in runs.items():
        report(n, out)
    if args.json:
        with open(args.json, "w") as f:
            json.dump({str(n): out for n, out in runs.items()}, f)
    if args.plot_players:
        plot_players(runs, args.plot_players)
    if args.plot_cards:
        plot_cards(runs, args.plot_cards)


if __name__ == "__main__":
    main()
