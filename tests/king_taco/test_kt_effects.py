"""Each effect is one small function naming its clause (``effects.TRIGGERS``):
every kind a stack can have when it triggers has one, and each says which
clause of docs/rules/king-taco.md it carries out."""

from __future__ import annotations

import re

from houserules.games.king_taco.effects import TRIGGERS
from houserules.games.king_taco.matrix import MATRIX


def test_every_stack_base_has_a_trigger() -> None:
    assert set(MATRIX) == set(TRIGGERS)


def test_every_trigger_names_its_clause() -> None:
    for kind, trigger in TRIGGERS.items():
        assert re.search(r"KT-\d+(\.\d+)*", trigger.__doc__ or ""), (kind, trigger.__name__)
