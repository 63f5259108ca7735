"""The stackability matrix the seed left out ("[Matrix goes here]").

Derived from each card's own "Stacking" text (clause ids in brackets): the
stack's *base* (the card at the bottom; a plain WILD, a number, ``x2`` and
``NOPE`` never start a stack) decides which cards may go on top, and what
each one does. ``MATRIX[base][top]`` is that effect in words; a missing cell
means "does not stack" (the card breaks the stack instead, KT-5.5). This one
table drives the legality check, is printed on docs/rules/king-taco.md by
``matrix_markdown`` and every cell is tested from it.

Besides the table, three states close a stack to everything but ``NOPE``: a
``--`` stack at zero cards (KT-7.13.5), ``skip`` on ``all++`` and ``all++`` on
``skip`` (KT-7.3.7, KT-7.4.4), and a NOPE already on the stack (KT-H10).
"""

from __future__ import annotations

from .cards import (
    ALLPP, CALM, CURSE, EFFECTS, FISHING, HARVEST, INVERSE, LOCK, MINUS, NOPE, NULL, PLUS2, RAGE, SHIELD,
    SKIP, SYMBOL_NAMES, SYMBOLS, X2,
)

_NOPE = "cancels the stack below it (right to left: KT-7.11.2)"
_X2 = "doubles the lifespan (KT-7.12.3)"


def _condition(name: str, other: str, clause: str) -> dict[int, str]:
    return {
        {"rage": RAGE, "calm": CALM, "lock": LOCK}[name]: f"lifespan +1 round ({clause}.2)",
        X2: _X2,
        PLUS2: f"lifespan +2 turns; the stacker draws 2 at their next turn ({clause}.4, KT-H7)",
        INVERSE: f"turns it into {other}, no change of direction (KT-3.5.4, KT-H6)",
        NOPE: _NOPE,
    }


MATRIX: dict[int, dict[int, str]] = {
    INVERSE: {
        INVERSE: "direction and playability back as before: an even number does nothing (KT-7.1.2)",
        X2: "the inversion lasts twice as long (KT-H5)",
        NOPE: _NOPE,
    },
    PLUS2: {
        INVERSE: "reverses direction; the next player that way receives; the stacker is timed out 1 turn (KT-7.2.3)",
        PLUS2: "+2 cards; the next player receives (KT-7.2.4)",
        SKIP: "the player after the stacker receives; the stacker is timed out 1 turn (KT-7.2.5)",
        ALLPP: "+1 card per player; the others each draw 1 per all++ when the recipient draws (KT-7.2.6)",
        NOPE: _NOPE,
    },
    ALLPP: {
        INVERSE: "reverses direction; the next player alone draws the count times the players (KT-7.3.4)",
        PLUS2: "+2 cards each (KT-7.3.5)",
        ALLPP: "+1 card each (KT-7.3.6)",
        SKIP: "no one draws: everyone is timed out one turn per card; closes the stack (KT-7.3.7)",
        NOPE: _NOPE,
    },
    SKIP: {
        SKIP: "the player after the stacker receives the timeout (KT-7.4.2)",
        PLUS2: "the player after the stacker receives; timeout +2; the stacker draws 2 (KT-7.4.3)",
        ALLPP: "everyone but the stacker gets the timeout the stacker faced; closes the stack (KT-7.4.4)",
        INVERSE: "reverses direction; the player after the stacker that way receives (KT-7.4.5)",
        NOPE: _NOPE,
    },
    RAGE: _condition("rage", "calm", "KT-7.5"),
    CALM: _condition("calm", "rage", "KT-7.6"),
    LOCK: _condition("lock", "an inverted lock", "KT-7.7"),
    FISHING: {FISHING: "lifespan +1 round (KT-6.3)", X2: _X2, NOPE: _NOPE},
    SHIELD: {X2: "doubles the lifespan and the stacker takes the shield (KT-7.9.2)", NOPE: _NOPE},
    CURSE: {CURSE: "lifespan +1 round (KT-6.3)", X2: _X2, NOPE: _NOPE},
    MINUS: {
        X2: "doubles the cards to discard; the stacker takes the discard (KT-7.13.3)",
        MINUS: "+1 card to discard; the stacker takes the discard (KT-7.13.4)",
        PLUS2: "-2 cards to discard (at 0 only NOPE; below 0 it becomes a +=2 of that many) (KT-7.13.5)",
        NOPE: "at zero cards the discard count goes back to 1; otherwise it cancels the stack (KT-7.13.6)",
    },
    HARVEST: {
        HARVEST: "lifespan +1 round, starts 1 round later; the stacker harvests (KT-7.14.8, KT-H14)",
        X2: _X2,
        NOPE: _NOPE,
    },
}

#: STACKABLE[base][symbol]: may a card of ``symbol`` go on a stack whose base is ``base``?
STACKABLE: tuple[tuple[bool, ...], ...] = tuple(
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
        for top, text in MATRIX.get(base, {}).items():
            lines.append(f"- `{SYMBOL_NAMES[top]}` on `{SYMBOL_NAMES[base]}`: {text}")
    return "\n".join(lines)


assert set(MATRIX) <= {s for s in range(NULL + 1, SYMBOLS)} and len(EFFECTS) == len(SHOWN)
