"""What may be played, and why not: the one legality check of Shedding.

``legal`` (menus, bots, masks) and ``check`` (the referee) are built on the
same per-card judgement, ``why_not_play``, so they cannot disagree. Clause
ids (``S-3.2``) are those of ``docs/rules/shedding.md``.

Card relations are precomputed into 52x52 tables at import: the hot path
asks "how does card c follow the top card?" with one index, not arithmetic.
"""

from __future__ import annotations

from typing import Final

from ...cards import ACE, IS_RED, JACK, KING, QUEEN, RANK, SUIT, card_name
from ...engine.core import Action, Illegal
from .kinds import Kind
from .state import SheddingState
from .table import Gate

# --- card classes ---------------------------------------------------------
# (``Final`` here and below: docs/engine.md, "Compiled")
IS_QUEEN: Final = tuple(RANK[c] == QUEEN for c in range(52))
IS_RED_JACK: Final = tuple(RANK[c] == JACK and IS_RED[c] for c in range(52))
IS_BLACK_JACK: Final = tuple(RANK[c] == JACK and not IS_RED[c] for c in range(52))
#: how many cards a draw card adds to the pressure (2 -> 2, black Jack -> 5; S-4.1, S-4.2)
DRAW_VALUE: Final = tuple(2 if RANK[c] == 2 else 5 if IS_BLACK_JACK[c] else 0 for c in range(52))

# --- how a card follows the top card inside a run (S-3) -------------------
HOP: Final = 0
UP: Final = 1
DOWN: Final = 2
PIVOT: Final = 3
BAD_QUEEN: Final = 4
SUIT_CHANGE: Final = 5
JUMP: Final = 6


def _relation(top: int, c: int) -> int:
    rt, rc = RANK[top], RANK[c]
    if rc == rt:
        return HOP
    if rc == QUEEN:
        return PIVOT if rt in (JACK, KING) and SUIT[c] == SUIT[top] else BAD_QUEEN
    diff = (rc - rt) % 13
    if diff not in (1, 12):
        return JUMP
    if SUIT[c] != SUIT[top]:
        return SUIT_CHANGE
    return UP if diff == 1 else DOWN


RELATION: Final = tuple(tuple(_relation(t, c) for c in range(52)) for t in range(52))
#: True when stepping from t to c crosses the Ace between King and two (S-3.4)
IS_WRAP: Final = tuple(tuple({RANK[t], RANK[c]} == {KING, ACE} for c in range(52)) for t in range(52))
#: normal matching of a first card: same suit or same rank (S-2.2)
MATCHES: Final = tuple(tuple(SUIT[c] == SUIT[t] or RANK[c] == RANK[t] for c in range(52)) for t in range(52))

# --- reasons --------------------------------------------------------------
NOT_YOUR_TURN: Final = Illegal("S-2.1", "it is not your turn", "mistake")
NO_MATCH: Final = Illegal("S-2.2", "the first card must match the top discard by suit or rank", "mistake")
UNDER_PRESSURE: Final = Illegal(
    "S-5.4", "under draw pressure you may only stack a 2 or black Jack, shield with a red Jack, or draw",
    "mistake")
STEP_JUMP: Final = Illegal("S-3.1", "a run moves in steps of one rank (or hops to the same rank)", "mistake")
STEP_SUIT: Final = Illegal("S-3.2", "a one-rank step must stay in the same suit", "mistake")
BAD_PIVOT: Final = Illegal("S-3.5", "a Queen may join a run only straight after a J or K of its suit", "mistake")
SECOND_WRAP: Final = Illegal("S-3.4", "a run may wrap through the Ace only once", "mistake")
FLIP: Final = Illegal("S-3.6", "a run may not change direction", "mistake")
QUEEN_UNCOVERED: Final = Illegal("S-2.3", "the Queen on top must be covered (play any card) or declined", "queen not covered")
NOTHING_TO_END: Final = Illegal("S-2.1", "you have not played a card this turn: play or draw", "mistake")
DRAW_IN_RUN: Final = Illegal("H-2", "you have started a run: continue it or end it", "mistake")
NO_QUEEN: Final = Illegal("S-3.5", "there is no Queen on top to decline", "mistake")
NOT_LAST: Final = Illegal("S-7.1", "you may declare only when you hold exactly one card", "mistake")
ALREADY: Final = Illegal("S-7.1", "you have already declared your last card", "mistake")
UNDECLARED: Final = Illegal("S-7.1", "declare your last card before going out", "last card not declared")
EXPOSURE: Final = Illegal("S-6.2", "showing a card to the table is Exposure", "exposure")
GAME_OVER: Final = Illegal("S-8.1", "the game is over")
#: how a house rule's clause id begins (``house:eights-again``)
HOUSE: Final = "house:"

_RUN_REASONS: Final = {JUMP: STEP_JUMP, SUIT_CHANGE: STEP_SUIT, BAD_QUEEN: BAD_PIVOT}


def _continues(top: int, c: int, run_dir: int, wrapped: bool) -> Illegal | None:
    """Why card ``c`` may not follow ``top`` inside a run (S-3), or None."""
    rel = RELATION[top][c]
    if rel == HOP or rel == PIVOT:
        return None
    if rel == UP or rel == DOWN:
        if IS_WRAP[top][c] and wrapped:
            return SECOND_WRAP
        if run_dir and run_dir != (1 if rel == UP else -1):
            return FLIP
        return None
    return _RUN_REASONS[rel]


#: CONTINUES[top][run_dir + 1][wrapped][c]: may c follow top inside a run? (the same
#: judgement as _continues, tabulated so legal() does one lookup per card)
CONTINUES: Final = tuple(
    tuple(tuple(tuple(_continues(t, c, d, w) is None for c in range(52)) for w in (False, True))
          for d in (-1, 0, 1))
    for t in range(52)
)

# --- preallocated actions: legal() returns references, it builds nothing --
MAX_SEATS: Final = 5
PLAY: Final = tuple(tuple(Action(s, Kind.PLAY, c) for c in range(52)) for s in range(MAX_SEATS))
DRAW: Final = tuple(Action(s, Kind.DRAW) for s in range(MAX_SEATS))
END: Final = tuple(Action(s, Kind.END) for s in range(MAX_SEATS))
DECLINE: Final = tuple(Action(s, Kind.DECLINE) for s in range(MAX_SEATS))
DECLARE: Final = tuple(Action(s, Kind.DECLARE) for s in range(MAX_SEATS))


def why_not_play(state: SheddingState, c: int) -> Illegal | None:
    """Why the seat to act may not place card ``c`` now (it holds it), or None: the seed's
    judgement (``seed_why_not``), then the table's house rules: an ``allow`` rule lets a first
    card be played where it does not match (HR-3), a ``forbid`` rule forbids it (HR-4)."""
    why = seed_why_not(state, c)
    if not state.table.judged:
        return why
    if why is NO_MATCH and allowed_by(state, c) is not None:
        why = None
    if why is None:
        gate = forbidden_by(state, c)
        if gate is not None:
            return gate.illegal
    return why


def forbidden_by(state: SheddingState, c: int) -> Gate | None:
    """The ``forbid`` rule that forbids the seat to act card ``c`` now (HR-4), or None."""
    top, size = state.discard[-1], len(state.hands[state.turn])
    for gate in state.table.forbid[c]:
        if gate.holds(top, size, state.pending):
            return gate
    return None


def forbidding(state: SheddingState) -> tuple[str, ...]:
    """The ``forbid`` rules that take a play away from the seat to act now: a card it holds that
    the seed (or an ``allow`` rule) would let it play, forbidden (HR-4). In strict mode the card is
    simply not offered and no event tells it (that would tell the table what the seat holds), so
    this is how ``compare`` counts the rule's firings: a decision it narrowed."""
    table = state.table
    if state.over or not table.forbids:
        return ()
    seat = state.turn
    hand = state.hands[seat]
    if len(hand) == 1 and not state.declared[seat]:
        return ()  # no card is offered before the last one is declared (S-7.1)
    out: list[str] = []
    for c in hand:
        if table.forbid[c] and _open(state, c):
            gate = forbidden_by(state, c)
            if gate is not None and gate.rule not in out:
                out.append(gate.rule)
    return tuple(out)


def _open(state: SheddingState, c: int) -> bool:
    """Whether the seed, or an ``allow`` rule, lets the seat to act play ``c`` now."""
    why = seed_why_not(state, c)
    return why is None or why is NO_MATCH and allowed_by(state, c) is not None


def seed_why_not(state: SheddingState, c: int) -> Illegal | None:
    """Why the seed's rules do not let the seat to act place card ``c`` now, or None."""
    top = state.discard[-1]
    if IS_QUEEN[top]:
        return None  # free start / pivot cover: any card (S-2.3, S-3.5)
    if not state.run:
        if state.pending:
            return None if state.table.answers[c] else UNDER_PRESSURE
        return None if MATCHES[top][c] else NO_MATCH
    return _continues(top, c, state.run_dir, state.wrapped)


def allowed_by(state: SheddingState, c: int) -> Gate | None:
    """The house rule that lets ``c`` be the first card on a top it does not match (HR-3), or
    None (no such rule holds, or the seed allows it anyway)."""
    top = state.discard[-1]
    if state.run or state.pending or IS_QUEEN[top] or MATCHES[top][c]:
        return None
    size = len(state.hands[state.turn])
    for gate in state.table.allow[c]:
        if gate.holds(top, size, 0):
            return gate
    return None


def legal(state: SheddingState) -> list[Action]:
    """Every legal action of the seat to act (S-2, S-3, S-5, S-7)."""
    if state.over:
        return []
    seat = state.turn
    hand = state.hands[seat]
    top = state.discard[-1]
    if len(hand) == 1 and not state.declared[seat]:
        # the last card may not be played before it is declared (S-7.1)
        if IS_QUEEN[top]:
            return [DECLINE[seat], DECLARE[seat]]
        return [END[seat] if state.run else DRAW[seat], DECLARE[seat]]
    plays = PLAY[seat]
    if state.table.judged:  # house rules allow or forbid cards: each asked in full (HR-3, HR-4)
        out = [plays[c] for c in hand if why_not_play(state, c) is None]
        out.append(DECLINE[seat] if IS_QUEEN[top] else END[seat] if state.run else DRAW[seat])
    elif IS_QUEEN[top]:  # free start or pivot: any card covers (S-2.3, S-3.5)
        out = [plays[c] for c in hand]
        out.append(DECLINE[seat])
    elif state.run:
        row = CONTINUES[top][state.run_dir + 1][state.wrapped]
        out = [plays[c] for c in hand if row[c]]
        out.append(END[seat])
    else:
        # under draw pressure only a draw card (stack) or a shield may be played (S-5.2)
        row = state.table.answers if state.pending else MATCHES[top]
        out = [plays[c] for c in hand if row[c]]
        out.append(DRAW[seat])
    return out


def _not_held(state: SheddingState, action: Action) -> Illegal | None:
    return None if action.card in state.hands[action.seat] else Illegal(
        "hand", f"you do not hold {card_name(action.card)}")


def check_show(state: SheddingState, action: Action) -> Illegal | None:
    """Showing a card you hold is always Exposure, in turn or not (S-6.2)."""
    return _not_held(state, action) or EXPOSURE


def check_play(state: SheddingState, action: Action) -> Illegal | None:
    """A card you hold, in your turn, that follows the top or the run (S-2, S-3, S-7.1)."""
    why = _not_held(state, action)
    if why is not None:
        return why
    if action.seat != state.turn:
        return NOT_YOUR_TURN
    why = why_not_play(state, action.card)
    if why is None and len(state.hands[action.seat]) == 1 and not state.declared[action.seat]:
        return UNDECLARED
    return why


def check_draw(state: SheddingState, action: Action) -> Illegal | None:
    """Draw instead of playing: not on a Queen, not once a run is started (S-2.1, S-2.3, H-2)."""
    if action.seat != state.turn:
        return NOT_YOUR_TURN
    if IS_QUEEN[state.discard[-1]]:
        return QUEEN_UNCOVERED
    return DRAW_IN_RUN if state.run else None


def check_end(state: SheddingState, action: Action) -> Illegal | None:
    """End a run you have started (S-2.1), not leaving a Queen on top (S-2.3)."""
    if action.seat != state.turn:
        return NOT_YOUR_TURN
    if IS_QUEEN[state.discard[-1]]:
        return QUEEN_UNCOVERED
    return None if state.run else NOTHING_TO_END


def check_decline(state: SheddingState, action: Action) -> Illegal | None:
    """Leave a Queen on top uncovered, at its penalty (S-3.5, S-6.3)."""
    if action.seat != state.turn:
        return NOT_YOUR_TURN
    return None if IS_QUEEN[state.discard[-1]] else NO_QUEEN


def check_declare(state: SheddingState, action: Action) -> Illegal | None:
    """Declare your last card, once, in your turn (S-7.1)."""
    if action.seat != state.turn:
        return NOT_YOUR_TURN
    if len(state.hands[action.seat]) != 1:
        return NOT_LAST
    return ALREADY if state.declared[action.seat] else None
