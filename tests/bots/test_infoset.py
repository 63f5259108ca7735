"""The sampler a search bot lives on: states drawn from a seat's information set.

A sample must never contradict what the seat knows (its view, and a
spectator's, are unchanged), must not carry the real game's generator or
seed (they would tell the real deal and the next shuffle), and over many
samples must reach every arrangement of the unseen cards the seat cannot
rule out: checked by enumeration on small positions, and on whole deals by
finding every card the opponent really holds among the cards sampled into
its hand.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from houserules.engine import registry
from houserules.engine.infoset import redeal, stand_in

GAMES = registry.names()


def positions(name: str, games: int = 3) -> list[Any]:
    """States met in random play of ``name`` (every tenth decision), at every table size in turn."""
    game = registry.get(name)
    low, high = registry.spec(name).players
    out = []
    for seed in range(games):
        opts = {"players": low + seed % (high - low + 1)}
        if "rounds" in game.options({}):
            opts["rounds"] = 2
        state = game.new(game.options(opts), seed)
        rng = random.Random(seed)
        step = 0
        while game.result(state) is None:
            if step % 10 == 0:
                out.append(game.copy(state))
            seat = game.to_act(state)[0]
            mine = [a for a in game.legal(state) if a.seat == seat]
            game.apply(state, mine[rng.randrange(len(mine))])
            step += 1
    return out


@pytest.mark.parametrize("name", GAMES)
def test_samples_never_contradict_the_view(name: str) -> None:
    game = registry.get(name)
    for i, state in enumerate(positions(name)):
        for seat in range(game.seats(state)):
            mine, public = game.view(state, seat).to_json(), game.view(state, None).to_json()
            root = stand_in(game, state, seat, i)
            for sample in (root, redeal(game, root, seat, random.Random(i))):
                assert game.view(sample, seat).to_json() == mine
                assert game.view(sample, None).to_json() == public
                assert game.conserved(sample) == game.conserved(state)
                assert sample.rng.getstate() != state.rng.getstate()
                assert getattr(sample, "seed", 0) == 0


@pytest.mark.parametrize("name", GAMES)
def test_every_card_the_opponent_holds_is_sampled_into_its_hand(name: str) -> None:
    game = registry.get(name)
    low = registry.spec(name).players[0]
    opts = {"players": low}
    for seed in range(3):
        state = game.new(game.options(opts), seed)
        real = set(game.view(state, 1).to_json()["hand"])
        sampled: set[str] = set()
        root = stand_in(game, state, 0, seed)
        rng = random.Random(seed)
        for _ in range(400):
            sampled.update(game.view(redeal(game, root, 0, rng), 1).to_json()["hand"])
        assert real <= sampled


def arrangements(name: str, literal: dict[str, Any], samples: int) -> Counter[tuple[Any, ...]]:
    """How often each (opponent's hand, draw pile) arrangement is sampled for seat 0."""
    game = registry.get(name)
    state = game.scenario_state(game.options({"players": 2}), literal, 0)
    root = stand_in(game, state, 0, 0)
    rng = random.Random(1)
    seen: Counter[tuple[Any, ...]] = Counter()
    for _ in range(samples):
        s = redeal(game, root, 0, rng)
        seen[(tuple(sorted(game.view(s, 1).to_json()["hand"])), tuple(s.draw))] += 1
    return seen


SMALL = {
    "shedding": {"hands": [["9D", "10D"], ["5C", "6C"]], "discard": ["2S"], "draw": ["3C", "4C"]},
    "king-taco": {"hands": [["red:1", "red:2"], ["blue:3", "blue:4"]], "discard": ["red:5"],
                  "draw": ["green:6", "green:7"]},
}


@pytest.mark.parametrize("name", sorted(SMALL))
def test_every_consistent_arrangement_appears_evenly(name: str) -> None:
    """Seat 0 cannot see four cards: two in the opponent's hand, two in the draw pile.
    Any two may be the opponent's (6 ways) and the other two lie in either order (2):
    all 12 arrangements appear, each about as often."""
    seen = arrangements(name, SMALL[name], 2400)
    assert len(seen) == 12
    assert min(seen.values()) > 120 and max(seen.values()) < 280
