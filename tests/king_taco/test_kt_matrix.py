"""Every cell of the stackability matrix (KT-5.7, docs/rules/king-taco.md).

The expected answers come from ``matrix.MATRIX``, the same table printed on
the rules page; this test checks that the game obeys it cell by cell (a red
card on a red stack, 4 mana, so that playability and mana never interfere),
that each stackable card really stacks and the stack then resolves, and that
the page shows the table the code uses.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from houserules.engine.core import Action
from houserules.games.king_taco import GAME
from houserules.games.king_taco.cards import NOPE, PLAIN_WILD, SYMBOL_NAMES, card
from houserules.games.king_taco.matrix import MATRIX, SHOWN, STACKABLE, matrix_markdown

RULES = Path(__file__).parents[2] / "docs" / "rules" / "king-taco.md"
CELLS = [(b, t) for b in SHOWN for t in SHOWN]


def _stacked(base: int, top: int):
    state = GAME.scenario_state(GAME.options({"players": 3}), {
        "hands": [["red:1"], [f"red:{SYMBOL_NAMES[top]}", "blue:2", "blue:3"], ["green:1"]],
        "discard": ["red:2"], "mana": [4, 4, 4], "turn": 1,
        "stack": [[f"red:{SYMBOL_NAMES[base]}", 0]] if base in MATRIX else [],
    }, 0)
    kind = "nope" if top == NOPE else "play"
    return state, Action(1, kind, card(0, top))


@pytest.mark.parametrize("base,top", CELLS, ids=[f"{SYMBOL_NAMES[t]}-on-{SYMBOL_NAMES[b]}" for b, t in CELLS])
def test_cell(base: int, top: int) -> None:
    state, action = _stacked(base, top)
    if base not in MATRIX:
        # x2 and NOPE never start a stack: played alone they leave no stack open (KT-7.11.6, KT-7.12.1)
        state.turn = 0
        state.hands[0] = [card(0, base), card(0, 2), card(0, 3)]
        GAME.apply(state, Action(0, "play", card(0, base)))
        assert not state.stack
        return
    legal = action in GAME.legal(state)
    assert legal == STACKABLE[base][top], GAME.check(state, action)
    if legal:
        events = GAME.apply(state, action)
        assert len(state.stack) == 2 or any(e.kind in ("triggered", "cancelled") for e in events)
        for _ in range(20):  # close windows and allow: the stack must resolve
            if not state.stack:
                break
            seats = GAME.to_act(state)
            pick = [a for a in GAME.legal(state) if a.seat == seats[0] and a.kind in ("pass", "allow")]
            GAME.apply(state, pick[0] if pick else GAME.legal(state)[0])
        assert not state.stack


@pytest.mark.parametrize("base", sorted(MATRIX), ids=[SYMBOL_NAMES[b] for b in sorted(MATRIX)])
def test_numbers_and_plain_wild_never_stack(base: int) -> None:
    state, _ = _stacked(base, base)
    for c in [*(card(0, n) for n in range(4)), PLAIN_WILD]:
        state.hands[1].append(c)
        assert Action(1, "play", c) not in GAME.legal(state)
        assert GAME.check(state, Action(1, "play", c)) is not None


def test_rules_page_prints_the_matrix_the_code_uses() -> None:
    assert matrix_markdown() in RULES.read_text()
