"""The balance study's figures: hands won by seat, how games end, and each card's win share
(the share of (hand, player) pairs in which the player played it and then won the hand)."""

from __future__ import annotations

import json
from pathlib import Path

from houserules.engine import registry
from houserules.engine.referee import act
from houserules.games.bpoker.stats import ANY, derived_stats, game_stats
from houserules.sim import SimConfig, simulate, summary

GAME = registry.get("bpoker")
SCENARIOS = Path(__file__).parent.parent / "scenarios" / "bpoker"


def test_a_card_played_by_the_hands_winner_has_a_full_win_share() -> None:
    obj = json.loads((SCENARIOS / "nine-diamonds-wins.json").read_text())
    state = GAME.scenario_state(GAME.options(obj["options"]), obj["state"], 0)
    events = act(GAME, state, GAME.action_from_json({"seat": 0, "action": "play", "card": "9D"}))
    stats = game_stats(state, events)
    assert stats["hands_won_by_seat"] == {"0": 1} and stats["hand_ends"] == {"9♦": 1}
    assert stats["hands_won_by_place"] == {"3": 1}  # seat 0 deals (BP-1.4), so plays last of three
    assert stats["share"] == {"pairs": 3, "pairs_won": 1, "in": {"9D": 1, ANY: 1}, "won": {"9D": 1, ANY: 1}}
    sums = {"hands": 2, "turns": 3, "share.pairs": 6, "share.pairs_won": 2, "share.in.9D": 1, "share.won.9D": 1,
            "share.in.2S": 2, "share.won.2S": 0, f"share.in.{ANY}": 3, f"share.won.{ANY}": 1}
    out = derived_stats(sums, 1)
    assert out["share.9D"] == 1.0 and out["share.baseline"] == round(1 / 3, 4) and out[f"share.{ANY}"] == 0.3333
    assert out["share.average play"] == 0.3333 and out["lift.9D"] == 3.0 and out["lift.2S"] == 0.0
    assert out["turns per hand"] == 1.5


def test_a_run_reports_win_shares_that_average_to_the_baseline() -> None:
    config = SimConfig("bpoker", 6, GAME.options({"players": 3}), ("heuristic",) * 3, seed=3)
    tally, seconds = simulate(config)
    out = summary(config, tally, seconds)
    stats, derived = out["stats"], out["derived"]
    hands = sum(stats[k] for k in stats if k.startswith("hand_ends."))
    assert 2 * hands < stats["share.pairs"] <= 3 * hands  # every seat still in the game, each hand
    assert stats["share.pairs_won"] == sum(stats[k] for k in stats if k.startswith("hands_won_by_seat."))
    assert sum(v for k, v in stats.items() if k.startswith("game_end.")) == 6
    assert 0.3 < derived["share.baseline"] <= 0.5 and derived["turns per hand"] > 1  # 1/3, 1/2 once a seat is out
    assert all(0 <= v <= 1 for k, v in derived.items() if k.startswith("share."))
