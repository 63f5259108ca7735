"""The stackability matrix the seed left out ("[Matrix goes here]").

Derived from each card's own "Stacking" text (clause ids in brackets): the
stack's *base* (the card at the bottom; a plain WILD, a number, ``x2`` and
``NOPE`` never start a stack) decides which cards may go on top, and what
each one does. ``MATRIX[base][top]`` is that effect, in words and as what it
does to the open stack's tallies (``Cell``); a missing cell means "does not
stack" (the card breaks the stack instead, KT-5.5). This one table drives the
legality check and the stacking itself (``stacking.push`` applies a cell), is
printed on docs/rules/king-taco.md by ``matrix_markdown`` and every cell is
tested from it.

Besides the table, three states close a stack to everything but ``NOPE``: a
``--`` stack at zero cards (KT-7.13.5), ``skip`` on ``all++`` and ``all++`` on
``skip`` (KT-7.3.7, KT-7.4.4), and a NOPE already on the stack (KT-H10).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final, NamedTuple

from .cards import (
    ALLPP, CALM, CURSE, EFFECTS, FISHING, HARVEST, INVERSE, LOCK, MINUS, NOPE, NULL, PLUS2, RAGE, SHIELD,
    SKIP, SYMBOL_NAMES, SYMBOLS, X2,
)
from .state import EVERYONE, SKIP_ALL, KingTacoState

#: what a card stacked on the open stack does to its tallies: (state, the stacker's seat)
Tally = Callable[[KingTacoState, int], None]


class Cell(NamedTuple):
    """One cell of the matrix: what the card on top does, in words (the rules page prints
    them) and to the stack's tallies (``stacking.push`` applies it; ``stacking.resolve``
    and ``effects`` read the tallies when the stack triggers)."""

    words: str
    tally: Tally


# --- the tallies, one small function per effect of a cell -------------------------------
def _nothing(state: KingTacoState, seat: int) -> None:
    """Nothing to count: the turn order alone carries the cell out (skip on skip), or the
    card is a NOPE, stacked as a negator (``flow.nope_stack``) and counted when it resolves."""


def _life_plus_1(state: KingTacoState, seat: int) -> None:
    state.stack.life += 1


def _life_x2(state: KingTacoState, seat: int) -> None:
    state.stack.life *= 2


def _inverted(state: KingTacoState, seat: int) -> None:
    state.stack.inverts += 1


def _turned(state: KingTacoState, seat: int) -> None:
    state.direction = -state.direction


def _turned_and_inverted(state: KingTacoState, seat: int) -> None:
    _turned(state, seat)
    _inverted(state, seat)


def _count_plus_2(state: KingTacoState, seat: int) -> None:
    state.stack.count += 2


def _count_plus_1(state: KingTacoState, seat: int) -> None:
    state.stack.count += 1


def _self_skip(state: KingTacoState, seat: int) -> None:
    """The stacker times itself out (KT-7.2.3, KT-7.2.5)."""
    state.stack.self_skips.append(seat)


def _turned_self_skip(state: KingTacoState, seat: int) -> None:
    _turned(state, seat)
    _self_skip(state, seat)


def _plus_everyone(state: KingTacoState, seat: int) -> None:
    st = state.stack
    st.count += state.active
    st.allpp += 1


def _to_one_draw(state: KingTacoState, seat: int) -> None:
    """The next player alone draws everyone's cards: a draw stack now (KT-7.3.4)."""
    _turned(state, seat)
    st = state.stack
    st.kind, st.count = PLUS2, st.count * state.active


def _everyone_skips(state: KingTacoState, seat: int) -> None:
    st = state.stack
    st.mode, st.closed = SKIP_ALL, True


def _skip_draws_2(state: KingTacoState, seat: int) -> None:
    st = state.stack
    st.count += 2
    st.immediate.append((seat, 2))


def _everyone_but_stacker(state: KingTacoState, seat: int) -> None:
    st = state.stack
    st.mode, st.spare, st.closed = EVERYONE, seat, True


def _condition_x2(state: KingTacoState, seat: int) -> None:
    st = state.stack
    st.life *= 2
    st.extra *= 2


def _condition_plus_2(state: KingTacoState, seat: int) -> None:
    """"will last for 2 more turns" (KT-7.5.4): turns, not rounds; the stacker owes 2 cards."""
    st = state.stack
    st.extra += 2
    st.owed.append((seat, 2))


def _steals_shield(state: KingTacoState, seat: int) -> None:
    _life_x2(state, seat)
    state.stack.recipient = seat


def _minus_x2(state: KingTacoState, seat: int) -> None:
    st = state.stack
    st.recipient = seat  # stacking steals the discard (KT-7.13.2)
    st.count *= 2


def _minus_plus_1(state: KingTacoState, seat: int) -> None:
    st = state.stack
    st.recipient = seat
    st.count += 1


def _minus_minus_2(state: KingTacoState, seat: int) -> None:
    st = state.stack
    st.recipient = seat
    st.count -= 2
    if st.count == 0:
        st.closed = True
    elif st.count < 0:  # becomes a +=2 of that many on the next player (KT-7.13.5)
        st.kind, st.count = PLUS2, -st.count


def _harvest_later(state: KingTacoState, seat: int) -> None:
    st = state.stack
    st.life += 1
    st.delay += 1
    st.recipient = seat


_NOPE = Cell("cancels the stack below it (right to left: KT-7.11.2)", _nothing)
_X2 = Cell("doubles the lifespan (KT-7.12.3)", _life_x2)


def _condition(name: str, other: str, clause: str) -> dict[int, Cell]:
    return {
        {"rage": RAGE, "calm": CALM, "lock": LOCK}[name]: Cell(f"lifespan +1 round ({clause}.2)", _life_plus_1),
        X2: Cell(_X2.words, _condition_x2),
        PLUS2: Cell(f"lifespan +2 turns; the stacker draws 2 at their next turn ({clause}.4, KT-H7)", _condition_plus_2),
        INVERSE: Cell(f"turns it into {other}, no change of direction (KT-3.5.4, KT-H6)", _inverted),
        NOPE: _NOPE,
    }


MATRIX: Final[dict[int, dict[int, Cell]]] = {
    INVERSE: {
        INVERSE: Cell("direction and playability back as before: an even number does nothing (KT-7.1.2)",
                      _turned_and_inverted),
        X2: Cell("the inversion lasts twice as long (KT-H5)", _life_x2),
        NOPE: _NOPE,
    },
    PLUS2: {
        INVERSE: Cell("reverses direction; the next player that way receives; the stacker is timed out 1 turn "
                      "(KT-7.2.3)", _turned_self_skip),
        PLUS2: Cell("+2 cards; the next player receives (KT-7.2.4)", _count_plus_2),
        SKIP: Cell("the player after the stacker receives; the stacker is timed out 1 turn (KT-7.2.5)", _self_skip),
        ALLPP: Cell("+1 card per player; the others each draw 1 per all++ when the recipient draws (KT-7.2.6)",
                    _plus_everyone),
        NOPE: _NOPE,
    },
    ALLPP: {
        INVERSE: Cell("reverses direction; the next player alone draws the count times the players (KT-7.3.4)",
                      _to_one_draw),
        PLUS2: Cell("+2 cards each (KT-7.3.5)", _count_plus_2),
        ALLPP: Cell("+1 card each (KT-7.3.6)", _count_plus_1),
        SKIP: Cell("no one draws: everyone is timed out one turn per card; closes the stack (KT-7.3.7)",
                   _everyone_skips),
        NOPE: _NOPE,
    },
    SKIP: {
        SKIP: Cell("the player after the stacker receives the timeout (KT-7.4.2)", _nothing),
        PLUS2: Cell("the player after the stacker receives; timeout +2; the stacker draws 2 (KT-7.4.3)",
                    _skip_draws_2),
        ALLPP: Cell("everyone but the stacker gets the timeout the stacker faced; closes the stack (KT-7.4.4)",
                    _everyone_but_stacker),
        INVERSE: Cell("reverses direction; the player after the stacker that way receives (KT-7.4.5)", _turned),
        NOPE: _NOPE,
    },
    RAGE: _condition("rage", "calm", "KT-7.5"),
    CALM: _condition("calm", "rage", "KT-7.6"),
    LOCK: _condition("lock", "an inverted lock", "KT-7.7"),
    FISHING: {FISHING: Cell("lifespan +1 round (KT-6.3)", _life_plus_1), X2: _X2, NOPE: _NOPE},
    SHIELD: {X2: Cell("doubles the lifespan and the stacker takes the shield (KT-7.9.2)", _steals_shield),
             NOPE: _NOPE},
    CURSE: {CURSE: Cell("lifespan +1 round (KT-6.3)", _life_plus_1), X2: _X2, NOPE: _NOPE},
    MINUS: {
        X2: Cell("doubles the cards to discard; the stacker takes the discard (KT-7.13.3)", _minus_x2),
        MINUS: Cell("+1 card to discard; the stacker takes the discard (KT-7.13.4)", _minus_plus_1),
        PLUS2: Cell("-2 cards to discard (at 0 only NOPE; below 0 it becomes a +=2 of that many) (KT-7.13.5)",
                    _minus_minus_2),
        NOPE: Cell("at zero cards the discard count goes back to 1; otherwise it cancels the stack (KT-7.13.6)",
                   _nothing),
    },
    HARVEST: {
        HARVEST: Cell("lifespan +1 round, starts 1 round later; the stacker harvests (KT-7.14.8, KT-H14)",
                      _harvest_later),
        X2: _X2,
        NOPE: _NOPE,
    },
}

# --- what each base starts a stack with (``stacking.start``) --------------------------------
def _draws(n: int, mode: int = 0) -> Tally:
    def base(state: KingTacoState, seat: int) -> None:
        state.stack.count, state.stack.mode = n, mode
    return base


def _discards(state: KingTacoState, seat: int) -> None:
    state.stack.count, state.stack.recipient = 1, seat


def _lasts(state: KingTacoState, seat: int) -> None:
    """An effect with a lifespan: one round, for its player (a shield's, a harvest's) (KT-6)."""
    state.stack.life, state.stack.recipient = 1, seat


def _inverts(state: KingTacoState, seat: int) -> None:
    """Inverse turns the direction as it is played (KT-7.1.1, KT-H8)."""
    _lasts(state, seat)
    state.stack.inverts = 1
    _turned(state, seat)


#: BASES[base]: what a card of that symbol sets on the stack it starts, its mana paid: the
#: cards to draw (+= 2: 2; all++: 1 each), the turns of a skip, the cards a -- discards,
#: or a lifespan of one round
BASES: Final[dict[int, Tally]] = {
    PLUS2: _draws(2), ALLPP: _draws(1, EVERYONE), SKIP: _draws(1), MINUS: _discards, INVERSE: _inverts,
    RAGE: _lasts, CALM: _lasts, LOCK: _lasts, FISHING: _lasts, SHIELD: _lasts, CURSE: _lasts, HARVEST: _lasts,
}

#: STACKABLE[base][symbol]: may a card of ``symbol`` go on a stack whose base is ``base``?
STACKABLE: Final[tuple[tuple[bool, ...], ...]] = tuple(
    tuple(top in MATRIX.get(base, {}) for top in range(SYMBOLS)) for base in range(SYMBOLS))

#: the rows and columns the rules page shows: every effect (numbers and null never stack)
SHOWN = tuple(range(NULL + 1, SYMBOLS))


def matrix_markdown() -> str:
    """The matrix as a Markdown table: one row per base, one column per card on top."""
    head = "| base ↓ / on top → | " + " | ".join(f"`{SYMBOL_NAMES[s]}`" for s in SHOWN) + " |"
    rule = "| --- |" + " :-: |" * len(SHOWN)
    rows = [head, rule]
    for base in SHOWN:
        cells = ["yes" if STACKABLE[base][top] else "·" for top in SHOWN]
        label = f"`{SYMBOL_NAMES[base]}`" + ("" if base in MATRIX else " (never a base)")
        rows.append(f"| {label} | " + " | ".join(cells) + " |")
    return "\n".join(rows)


def effects_markdown() -> str:
    """Each stackable cell with its effect, as a list under the table."""
    lines = []
    for base in SHOWN:
        for top, cell in MATRIX.get(base, {}).items():
            lines.append(f"- `{SYMBOL_NAMES[top]}` on `{SYMBOL_NAMES[base]}`: {cell.words}")
    return "\n".join(lines)


assert set(MATRIX) <= {s for s in range(NULL + 1, SYMBOLS)} and len(EFFECTS) == len(SHOWN)
assert set(BASES) == set(MATRIX)
