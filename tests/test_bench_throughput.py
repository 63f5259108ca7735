"""Issue 10, item 21: the throughput bench's RLCard anchor really plays the
number of players asked for (RLCard's ``make`` leaves Uno at 2), in both the
environment row and the raw-game row. Skipped without the [bench] extra."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

pytest.importorskip("rlcard")

spec = importlib.util.spec_from_file_location(
    "throughput", Path(__file__).resolve().parent.parent / "bench" / "throughput.py")
assert spec is not None and spec.loader is not None
throughput = importlib.util.module_from_spec(spec)
spec.loader.exec_module(throughput)


@pytest.mark.parametrize("players", [3, 4])
def test_rlcard_rows_play_the_players_asked_for(players):
    env = throughput.rlcard_uno_env(players)
    env.reset()
    assert len(env.game.players) == players
    assert {p.player_id for p in env.game.players} == set(range(players))
    for row in (throughput.rlcard_uno_rate(0.2, players), throughput.rlcard_uno_raw_rate(0.2, players)):
        assert row["players"] == players and row["actions_per_second"] > 0
