"""Every game declares an encoding and keeps its contract (engine/encoding.py).

Parametrised over the registry, so a new game joins (and fails until it
declares one). Over random games at every table size and under each declared
variant: the observation has its declared length and reads the view alone
(the same for a redeal of what the seat cannot see); every decision of the
seat to act (its legal actions, and ``wait`` in a game with time) has its own
index in range, and the index decodes, over those decisions, to that very
action.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from houserules.bots import make, take_turn
from houserules.engine import registry
from houserules.engine.core import Action, GameError
from houserules.engine.encoding import (
    WAIT,
    Encoding,
    carry_out,
    decisions,
    decode,
    mask,
)

ENCODED = [name for name in registry.names() if registry.spec(name).encoding]
#: quick games: a two-round match where a game has rounds, a short game of Mao
QUICK = {"rounds": 2, "max_turns": 40}


def encoding_of(name: str) -> Encoding:
    enc: Encoding = registry.load(str(registry.spec(name).encoding))
    return enc


def test_the_built_games_declare_encodings() -> None:
    assert {"shedding", "king-taco", "cripple-mr-onion", "mao", "bpoker"} <= set(ENCODED)


@pytest.mark.parametrize("name", registry.names())
def test_observations_and_indices_keep_the_contract(name: str) -> None:
    observations_and_indices_keep_the_contract(name)


def observations_and_indices_keep_the_contract(name: str) -> None:
    """The contract on game ``name`` (a function: tests/test_new_game.py runs it on a scratch game)."""
    assert registry.spec(name).encoding, f"{name} declares no encoding (GameSpec.encoding): it has no environment"
    game = registry.get(name)
    low, high = registry.spec(name).players
    variants: list[dict[str, Any]] = [{}, *map(dict, registry.spec(name).variants)]
    checked, kinds = 0, set()
    for seed in range(max(high - low + 1, len(variants))):  # every table size, every variant
        defaults = game.options({})
        raw: dict[str, Any] = {"players": low + seed % (high - low + 1), **variants[seed % len(variants)]}
        raw.update({k: v for k, v in QUICK.items() if k in defaults and k not in raw})
        options = game.options(raw)
        enc = encoding_of(name).bound(options)
        obs_size, act_size = enc.observation_size(options), enc.action_size(options)
        pieces = enc.fields(options)
        assert [p.offset for p in pieces] == [sum(p.size for p in pieces[:i]) for i in range(len(pieces))]
        assert sum(p.size for p in pieces) == obs_size, "the named pieces cover the observation"
        assert all(p.name for p in pieces) and len({p.name for p in pieces}) == len(pieces), "one name each"
        state = game.new(options, seed)
        rng = random.Random(seed)
        while game.result(state) is None:
            seat = game.to_act(state)[0]
            view = game.view(state, seat)
            legal = decisions(game, state, seat)
            obs = enc.observe(view)
            assert len(obs) == obs_size and all(isinstance(x, float) for x in obs)
            outside = [p.name for p in pieces if not all(p.low <= x <= p.high for x in obs[p.offset:p.offset + p.size])]
            assert not outside, f"values outside their pieces' bounds: {outside}"
            assert enc.observe(game.view(game.determinize(state, seat, rng), seat)) == obs
            indices = [enc.index(view, a) for a in legal]
            assert len(set(indices)) == len(indices), "two legal actions share an index"
            assert all(0 <= i < act_size for i in indices)
            for i, a in zip(indices, legal):
                assert decode(enc, view, legal, i) == a
            assert sum(mask(enc, view, legal, act_size)) == len(legal)
            checked += 1
            kinds.update(a.kind for a in legal)
            carry_out(game, state, legal[rng.randrange(len(legal))])
    assert checked
    assert (WAIT in kinds) == (name == "mao"), "only a game with time waits"


def test_an_index_that_is_not_legal_is_a_game_error() -> None:
    game, enc = registry.get("shedding"), encoding_of("shedding")
    state = game.new(game.options({}), 0)
    view, legal = game.view(state, 0), game.legal(state)
    free = next(i for i in range(200) if i not in {enc.index(view, a) for a in legal})
    with pytest.raises(GameError, match="not legal"):
        decode(enc, view, legal, free)


def test_a_match_winner_writing_a_rule_has_every_write_in_the_index_space() -> None:
    """Mao's Extension: between games the winner writes (library rules, composed ones, removals)."""
    game = registry.get("mao")
    options = game.options({**registry.spec("mao").variants[0], "players": 3, "rules": "all"})
    enc = encoding_of("mao").bound(options)
    bots = [make("mao", "dealer", s) for s in range(3)]
    state, clock, writes = game.new(options, 5), 0.0, 0
    while game.result(state) is None and writes < 3:
        seat = game.to_act(state)[0]
        legal = [a for a in game.legal(state) if a.seat == seat]
        if any(a.kind == "write" for a in legal):
            view = game.view(state, seat)
            indices = [enc.index(view, a) for a in legal]
            assert len(set(indices)) == len(indices) and all(0 <= i < enc.action_size(options) for i in indices)
            assert [decode(enc, view, legal, i) for i in indices] == legal
            writes += 1
        _, clock, _ = take_turn(bots[seat], game, state, seat, legal, clock)
    assert writes


@pytest.mark.parametrize(("name", "action"), [
    ("mao", Action(0, "say", arg="Hello")),  # free speech has no index
    ("mao", Action(0, "knock", arg=12)),
    ("mao", Action(0, "call", arg=(1, "littering"))),
    ("bpoker", Action(1, "choose", arg="nonsense")),
    ("bpoker", Action(1, "play", 54 * 3)),  # a fourth deck's card at a three-deck table
    ("bpoker", Action(1, "choose", arg="QS>seat:x")),
])
def test_an_action_outside_the_index_space_is_a_game_error(name: str, action: Action) -> None:
    game = registry.get(name)
    options = game.options({})
    enc = encoding_of(name).bound(options)
    view = game.view(game.new(options, 0), action.seat)
    with pytest.raises(GameError, match="outside|index space"):
        enc.index(view, action)


def test_a_mao_tables_house_rules_bring_their_phrases_into_its_index_space() -> None:
    house = [{"id": "greet", "on": "phrase", "if": ["said == good morning"],
              "must": [{"who": "next", "do": "say", "phrase": "Good morning to {name}",
                        "failure": "failure to greet"}]}]
    game = registry.get("mao")
    plain, options = game.options({}), game.options({"house": house})
    view = game.view(game.new(options, 0), 0)
    said = [Action(0, "say", arg=t) for t in ("Good morning", "Good morning to queen", "good morning to queen")]
    with pytest.raises(GameError, match="index space"):
        encoding_of("mao").bound(plain).index(view, said[0])
    enc = encoding_of("mao").bound(options)
    assert len({enc.index(view, a) for a in said}) == 3
    assert enc.index(view, Action(0, "call", arg=(1, "Failure to greet."))) >= 0
    assert encoding_of("mao").bound(plain).action_size(plain) < enc.action_size(options)
