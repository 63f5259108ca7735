"""One bpoker heuristic bot against the heuristic of an earlier commit (the balance study's
"the bot" table).

    nice python bench/bpoker_bot_duel.py --rev 4eec321 --games 200 [--players 3,4,5,6]

The old bot's ``bots.py`` is read from git at ``--rev`` and loaded as a module of the bpoker
package, so it plays against today's rules. Game ``i`` deals from seed ``1000 + i``; the
current bot sits at seat ``i % players`` and the old one everywhere else. Printed per player
count: the current bot's share of games won (ties shared) and of hands won, beside the even
share.
"""

from __future__ import annotations

import argparse
import importlib.util
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

from houserules.bots import make
from houserules.engine import registry

GAME = registry.get("bpoker")


def old_bot_class(rev: str) -> Any:
    source = subprocess.run(["git", "show", f"{rev}:src/houserules/games/bpoker/bots.py"], check=True,
                            capture_output=True, text=True).stdout
    path = Path(tempfile.mkdtemp()) / "old_bots.py"
    path.write_text(source)
    spec = importlib.util.spec_from_file_location("houserules.games.bpoker._old_bots", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module.Heuristic


def duel(players: int, games: int, old: Any, max_actions: int = 5000) -> tuple[float, float, int]:
    """The current bot's game-win share and hand-win share, and how many games were cut short
    (an old bot may loop where the current one does not)."""
    wins = hands = all_hands = 0.0
    cut = 0
    for g in range(games):
        state = GAME.new(GAME.options({"players": players}), 1000 + g)
        mine = g % players
        bots = [make("bpoker", "heuristic", g * 10 + s) if s == mine else old(g * 10 + s) for s in range(players)]
        for _ in range(max_actions):
            if GAME.result(state) is not None:
                break
            seat = GAME.to_act(state)[0]
            legal = [a for a in GAME.legal(state) if a.seat == seat]
            action = bots[seat].choose(GAME.view(state, seat), legal)
            assert action is not None  # neither bot ever waits
            GAME.apply(state, action)
        result = GAME.result(state)
        if result is None:
            cut += 1
            continue
        if mine in result.winners:
            wins += 1 / len(result.winners)
        hands += state.hands_won[mine]
        all_hands += sum(state.hands_won)
    return wins / max(1, games - cut), hands / max(1.0, all_hands), cut


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rev", required=True, help="the git commit whose bots.py plays the other seats")
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--players", default="3,4,5,6")
    args = ap.parse_args()
    old = old_bot_class(args.rev)
    for n in map(int, args.players.split(",")):
        games, hands, cut = duel(n, args.games, old)
        print(f"{n} players: current bot wins {games:.1%} of games, {hands:.1%} of hands (even {1 / n:.1%})"
              + (f"; {cut} games cut at the action limit" if cut else ""))


if __name__ == "__main__":
    main()
