"""The mana table (KT-8.1) card by card: one mana short, an effect card fizzles
and gives 1 mana (KT-8.2); with its full cost it activates and the cost is
paid (KT-8.6). The costs are written out here from the seed's table, not
read from the code, so a changed cost fails."""

from __future__ import annotations

import pytest

from houserules.engine.core import Action
from houserules.games.king_taco import GAME
from houserules.games.king_taco.cards import parse_card

SEED_COSTS = {"inverse": 1, "+=2": 1, "all++": 2, "skip": 2, "rage": 1, "calm": 1, "lock": 2, "go-fishing": 3,
              "shield": 1, "curse": 1, "nope": 3, "x2": 2, "--": 1, "harvest": 4}


@pytest.mark.parametrize("effect, cost", SEED_COSTS.items())
def test_each_effect_costs_what_the_seed_says(effect: str, cost: int) -> None:
    card = f"red:{effect}"
    for mana, fizzles in ((cost - 1, True), (cost, False)):
        state = GAME.scenario_state(GAME.options({"players": 3}), {
            "hands": [[card, "red:2", "red:3"], ["blue:1", "blue:2"], ["green:1", "green:2"]],
            "discard": ["red:1"], "mana": [mana, 0, 0], "draw": ["cyan:1"]}, 0)
        events = GAME.apply(state, Action(0, "play", parse_card(card)))
        assert any(e.kind == "fizzle" for e in events) == fizzles, (effect, mana)
        paid = cost if fizzles else (1 if effect == "x2" else 0)  # fizzled: cost-1+1; x2 gives 1 back
        assert state.mana.values[0] == paid, (effect, mana)
