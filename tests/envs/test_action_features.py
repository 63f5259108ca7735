"""Action features beside the mask: each legal action as a few numbers (block, place, cards, index)."""

from __future__ import annotations

import numpy as np
import pytest

from houserules.envs.common import EncodedGame
from houserules.envs.gymnasium import SingleAgentEnv
from houserules.envs.pettingzoo import env

GAMES = ["shedding", "king-taco", "cripple-mr-onion", "bpoker", "mao"]


@pytest.mark.parametrize("game", GAMES)
def test_blocks_tile_the_action_space(game: str) -> None:
    t = EncodedGame(game)
    blocks = t.action_blocks()
    assert blocks[0][1] == 0 and all(size > 0 for _, _, size in blocks)
    assert [s for _, s, _ in blocks[1:]] == [s + n for _, s, n in blocks[:-1]]
    assert blocks[-1][1] + blocks[-1][2] == t.act_size


@pytest.mark.parametrize("game", GAMES)
def test_one_row_per_legal_action_matching_the_mask(game: str) -> None:
    t = EncodedGame(game)
    rng = np.random.default_rng(0)
    t.new(5)
    blocks = t.action_blocks()
    for _ in range(30):
        seat = t.seat_to_act()
        if t.over or seat is None:
            break
        indices, feats = t.action_features(seat)
        mask = t.observe(seat)["action_mask"]
        assert sorted(indices.tolist()) == np.flatnonzero(mask).tolist()
        assert feats.shape == (len(indices), len(blocks) + 3) and feats.dtype == np.float32
        assert (feats[:, :len(blocks)].sum(axis=1) == 1).all()
        for i, row in zip(indices, feats):
            name, start, size = blocks[int(np.argmax(row[:len(blocks)]))]
            assert start <= i < start + size
            assert row[-1] == pytest.approx(i / (t.act_size - 1))
        other = (seat + 1) % t.players
        if other not in t.game.to_act(t.state):
            assert t.action_features(other)[0].size == 0  # not asked: nothing to choose
        t.act(seat, int(rng.choice(indices)))


def test_bpoker_names_its_forms_and_the_envs_hand_them_over() -> None:
    names = [n for n, _, _ in EncodedGame("bpoker").action_blocks()]
    assert names[:2] == ["play", "use"] and "declare" in names
    e = SingleAgentEnv("bpoker", opponents=("random",))
    obs, _ = e.reset(seed=0)
    indices, feats = e.action_features()
    assert sorted(indices.tolist()) == np.flatnonzero(obs["action_mask"]).tolist()
    a = env("shedding", players=2)
    a.reset(seed=0)
    idx, f = a.action_features(a.agent_selection)
    assert f.shape == (len(idx), 1 + 3)  # Shedding: one block
