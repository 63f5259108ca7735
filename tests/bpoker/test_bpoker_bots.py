"""The heuristic bot finishes hands (by the win check, not only by caps) and beats random play."""

from __future__ import annotations

from collections import Counter

from houserules.bots import make
from houserules.engine import registry

GAME = registry.get("bpoker")


def test_heuristic_bots_finish_hands_and_beat_random() -> None:
    ends: Counter[str] = Counter()
    wins = 0.0
    games = 60
    for seed in range(games):
        state = GAME.new(GAME.options({"players": 4}), seed)
        kinds = ["heuristic" if s == seed % 4 else "random" for s in range(4)]
        bots = [make("bpoker", k, seed * 10 + s) for s, k in enumerate(kinds)]
        while GAME.result(state) is None:
            seat = GAME.to_act(state)[0]
            legal = [a for a in GAME.legal(state) if a.seat == seat]
            for e in GAME.apply(state, bots[seat].choose(GAME.view(state, seat), legal)):
                if e.kind == "won-hand":
                    ends[str(e.data["how"])] += 1
                elif e.kind == "hand-cap":
                    ends["cap"] += 1
        result = GAME.result(state)
        assert result is not None
        if seed % 4 in result.winners:
            wins += 1 / len(result.winners)
    assert ends["best hand"] > 0 and ends["cap"] == 0
    assert wins / games > 0.35  # a random seat wins a quarter
