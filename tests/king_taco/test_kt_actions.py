"""Action kinds are a StrEnum whose values are the JSON words (issue 9 item 4):
every legal action carries a member, and its JSON is the plain word, unchanged."""

from __future__ import annotations

import json
import random

from houserules.games.king_taco import GAME
from houserules.games.king_taco.actions import Kind

from .helpers import random_steps


def test_kinds_are_the_json_words() -> None:
    assert [k.value for k in Kind] == ["play", "draw", "allow", "nope", "pass", "colour", "symbol",
                                             "discard", "fish", "target"]


def test_every_legal_action_is_a_member_and_round_trips_as_plain_json() -> None:
    state = GAME.new(GAME.options({"players": 4}), 3)
    seen: set[str] = set()
    for _ in random_steps(state, random.Random(3)):
        for action in GAME.legal(state):
            assert isinstance(action.kind, Kind)
            text = json.dumps(GAME.action_to_json(action))
            assert json.loads(text)["action"] == action.kind.value and f'"{action.kind.value}"' in text
            assert GAME.action_from_json(json.loads(text)) == action
            seen.add(action.kind.value)
    assert {"play", "draw", "allow", "colour"} <= seen
