"""Every game that declares an encoding keeps its contract (engine/encoding.py).

Over random games at every table size: the observation has its declared
length and reads the view alone (the same for a redeal of what the seat
cannot see); every legal action of the seat to act has its own index in
range, and the index decodes, over the legal actions, to that very action.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from houserules.engine import registry
from houserules.engine.core import GameError
from houserules.engine.encoding import Encoding, decode, mask

ENCODED = [name for name in registry.names() if registry.spec(name).encoding]


def encoding_of(name: str) -> Encoding:
    enc: Encoding = registry.load(str(registry.spec(name).encoding))
    return enc


def test_the_built_games_declare_encodings() -> None:
    assert {"shedding", "king-taco", "cripple-mr-onion"} <= set(ENCODED)


@pytest.mark.parametrize("name", ENCODED)
def test_observations_and_indices_keep_the_contract(name: str) -> None:
    game, enc = registry.get(name), encoding_of(name)
    low, high = registry.spec(name).players
    checked = 0
    for seed in range(2 * (high - low + 1)):
        raw: dict[str, Any] = {"players": low + seed % (high - low + 1)}
        if "rounds" in game.options({}):
            raw["rounds"] = 2
        options = game.options(raw)
        obs_size, act_size = enc.observation_size(options), enc.action_size(options)
        state = game.new(options, seed)
        rng = random.Random(seed)
        while game.result(state) is None:
            seat = game.to_act(state)[0]
            view = game.view(state, seat)
            legal = [a for a in game.legal(state) if a.seat == seat]
            obs = enc.observe(view)
            assert len(obs) == obs_size and all(isinstance(x, float) for x in obs)
            assert enc.observe(game.view(game.determinize(state, seat, rng), seat)) == obs
            indices = [enc.index(view, a) for a in legal]
            assert len(set(indices)) == len(indices), "two legal actions share an index"
            assert all(0 <= i < act_size for i in indices)
            for i, a in zip(indices, legal):
                assert decode(enc, view, legal, i) == a
            assert sum(mask(enc, view, legal, act_size)) == len(legal)
            checked += 1
            game.apply(state, legal[rng.randrange(len(legal))])
    assert checked


def test_an_index_that_is_not_legal_is_a_game_error() -> None:
    game, enc = registry.get("shedding"), encoding_of("shedding")
    state = game.new(game.options({}), 0)
    view, legal = game.view(state, 0), game.legal(state)
    free = next(i for i in range(200) if i not in {enc.index(view, a) for a in legal})
    with pytest.raises(GameError, match="not legal"):
        decode(enc, view, legal, free)
