"""M-order at the Start: a first card 10 or A changes who starts (a dealt game, not a literal one)."""

from __future__ import annotations

from houserules.cards import RANK
from houserules.engine import registry

GAME = registry.get("mao")


def test_first_card_changes_who_starts() -> None:
    seen = set()
    for seed in range(200):
        for rules in ("all", "standard"):
            state = GAME.new(GAME.options({"players": 5, "rules": rules}), seed)
            rank = RANK[state.discard[-1]]
            dealer = state.dealer
            if rules == "standard" or rank not in (1, 10):
                assert (state.turn, state.direction) == ((dealer + 1) % 5, 1)
            elif rank == 10:
                assert (state.turn, state.direction) == ((dealer + 2) % 5, 1)
                seen.add(10)
            else:
                assert (state.turn, state.direction) == ((dealer - 1) % 5, -1)
                seen.add(1)
    assert seen == {1, 10}
