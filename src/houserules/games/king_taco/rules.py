"""What may be done now, and why not: the one legality check of King Taco.

``legal`` (menus, bots, masks) and the checks of each kind of move
(``check_play`` and the rest, which ``game.MOVES`` declares) are built on
the per-card judgements below (``why_not_play``, ``why_not_stack``,
``why_not_nope``), so they cannot disagree. Those judgements read tables
indexed by card int, computed at import from the rules' own tests (a
colour-and-symbol match, the stackability matrix, the mana table): the hot
path asks "may this card be played now?" with one index, as Shedding does.
Clause ids are those of docs/rules/king-taco.md.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from ...engine.core import Action, Illegal
from .actions import CARD_KINDS, Kind as K
from .cards import (
    COLOUR, COST, INVERSE, IS_NUMBER, IS_WILD, KINDS, NOPE, SYMBOL, SYMBOL_NAMES, SYMBOLS, WILD, card_name,
)
from .matrix import STACKABLE
from .state import (
    AUCTION_DISCARD, CALM, DISCARD, FISHING_SPAN, LOCK, LOCK_COLOUR, LOCK_SYMBOL, TARGET,
    MAX_SEATS, PENDING_NAMES, RAGE, WILD_COLOUR, KingTacoState, shield_key,
)

# --- reasons --------------------------------------------------------------
NO_MATCH = Illegal("KT-3.1", "the card must match the top card's colour or symbol, or be a WILD")
NO_MATCH_INVERTED = Illegal("KT-3.5", "under inverse the card must differ in colour and symbol and not be a WILD")
CALM_WILD = Illegal("KT-3.3", "calm is active: no WILD may be played")
NO_LOCK = Illegal("KT-3.4", "the card must match the lock's colour or symbol, or be a WILD")
NO_LOCK_INVERTED = Illegal("KT-3.6", "under an inverted lock the card must differ from the lock and not be a WILD")
NOPE_LOCK = Illegal("KT-7.11.5", "under a lock a NOPE must be of the lock's colour or a WILD NOPE")
NOPE_LOCK_INVERTED = Illegal("KT-H33", "under an inverted lock a NOPE must not be of the lock's colour nor a WILD NOPE")
FISHING_NOW = Illegal("KT-7.8", "go fishing is on: you fish, you do not play on the pile")
MUST_PLAY = Illegal("KT-2.1", "you hold a playable card: you must play one")
BARRED = Illegal("KT-5.4", "you allowed a stack this card could have stacked on: it may not start a new one this turn")
NOT_STACKABLE = Illegal("KT-5.7", "that card does not stack on this stack (see the stackability matrix)")
STACK_CLOSED = Illegal("KT-H10", "this stack takes only NOPE now")
NO_MANA_STACK = Illegal("KT-8.3", "you lack the mana to stack that card")
DECIDE = Illegal("KT-5.3", "a stack waits on you: stack a card on it or allow it")
NO_STACK = Illegal("KT-5.3", "there is no stack to allow or NOPE")
NOT_A_NOPE = Illegal("KT-7.11", "that card is not a NOPE")
NOPE_MANA = Illegal("KT-8.3", "a NOPE needs 3 mana to stack")
NOPE_LAST = Illegal("KT-7.11.9", "a NOPE may not be stacked when it is the only card in your hand")
NOT_ASKED = Illegal("KT-H13", "no NOPE is awaited from you now")
WAIT = Illegal("KT-H13", "wait: other players may still NOPE")
ONLY_REACT = Illegal("KT-H13", "you may only NOPE or pass now")
NOT_YOUR_TURN = Illegal("KT-2", "it is not your turn")
NOTHING_PENDING = Illegal("KT-2", "there is no choice to make now")
NOT_FISHING = Illegal("KT-7.8", "you may fish only while go fishing is on")
BAD_TARGET = Illegal("KT-H15", "fish another player still in the game who is not shielded")
NO_TARGETS = Illegal("KT-H15", "no one can be fished: draw instead")
HAS_TARGETS = Illegal("KT-H15", "go fishing: fish a player rather than draw")
BAD_COLOUR = Illegal("KT-3.7", "choose one of the game's colours")
BAD_SYMBOL = Illegal("KT-3.4", "choose a non-NOPE symbol of the game")
NOT_NUMBER = Illegal("KT-9.5", "the auction discard must be a number card")
OUT = Illegal("KT-7.11.6", "you have NOPEd yourself out of this game")
GAME_OVER = Illegal("KT-9", "the game is over")
BAD_TARGET = Illegal("KT-HR-7", "name another player still in the game")


# --- preallocated actions: legal() returns references ----------------------
# (``Final`` here, in cards, state, turns and flow: dict look-ups were 16% of compiled random play
# before, 8% after: bench/RESULTS.md, "King Taco's rules")
PLAY: Final = tuple(tuple(Action(s, K.PLAY, c) for c in range(KINDS)) for s in range(MAX_SEATS))
NOPE_ACT: Final = tuple(tuple(Action(s, K.NOPE, c) for c in range(KINDS)) for s in range(MAX_SEATS))
DISCARD_ACT: Final = tuple(tuple(Action(s, K.DISCARD, c) for c in range(KINDS)) for s in range(MAX_SEATS))
FISH_ACT: Final = tuple(tuple(tuple(Action(s, K.FISH, c, t) for t in range(MAX_SEATS)) for c in range(KINDS))
                 for s in range(MAX_SEATS))
DRAW: Final = tuple(Action(s, K.DRAW) for s in range(MAX_SEATS))
ALLOW: Final = tuple(Action(s, K.ALLOW) for s in range(MAX_SEATS))
PASS: Final = tuple(Action(s, K.PASS) for s in range(MAX_SEATS))
COLOUR_ACT: Final = tuple(tuple(Action(s, K.COLOUR, arg=c) for c in range(WILD)) for s in range(MAX_SEATS))
SYMBOL_ACT: Final = tuple(tuple(Action(s, K.SYMBOL, arg=y) for y in range(len(SYMBOL_NAMES))) for s in range(MAX_SEATS))
TARGET_ACT: Final = tuple(tuple(Action(s, K.TARGET, arg=t) for t in range(MAX_SEATS)) for s in range(MAX_SEATS))


# --- the judgements, tabulated by card ---------------------------------------
def _matches(colour: int, symbol: int, c: int) -> bool:
    """The default condition (KT-3.1) against a top card, or the lock's (KT-3.4) against a lock:
    the same colour, or the same symbol, or a WILD."""
    return COLOUR[c] == colour or SYMBOL[c] == symbol or IS_WILD[c]


#: MATCHES[colour * SYMBOLS + symbol][c]: card ``c`` matches that colour and symbol (KT-3.1, KT-3.4)
MATCHES: Final = tuple(tuple(_matches(k // SYMBOLS, k % SYMBOLS, c) for c in range(KINDS)) for k in range(KINDS))
#: the inverted default and the inverted lock (KT-3.5, KT-3.6): another colour, another symbol, no WILD
DIFFERS: Final = tuple(tuple(not m for m in row) for row in MATCHES)
RAGE_ROW: Final = (True,) * KINDS  # KT-3.2: every card
IS_NOPE: Final = tuple(SYMBOL[c] == NOPE for c in range(KINDS))
CALM_ROW: Final = tuple(not w or n for w, n in zip(IS_WILD, IS_NOPE))  # KT-3.3: no WILD (a WILD NOPE aside, KT-7.11.5)


def _with_nopes(row: tuple[bool, ...]) -> tuple[bool, ...]:
    """A NOPE *"does not need to meet any other playability conditions"* (KT-7.11.5)."""
    return tuple(r or n for r, n in zip(row, IS_NOPE))


#: NOPE_ROW[inverted][lock colour][c]: may NOPE ``c`` be stacked under that (inverted) lock
#: (KT-7.11.5, KT-H33): the lock's colour or a WILD NOPE; neither under an inverted lock
NOPE_ROW: Final = tuple(tuple(tuple(IS_NOPE[c] and (COLOUR[c] in (colour, WILD)) != inverted for c in range(KINDS))
                       for colour in range(WILD)) for inverted in (False, True))
ANY_NOPE: Final = IS_NOPE  # no lock: a NOPE ignores playability (KT-7.11.5)
#: the default and the inverted default as they are for a card played on a free turn: NOPEs
#: too (KT-7.11.5); under a lock MATCHES and DIFFERS already hold the NOPEs the lock allows
FREE_MATCHES: Final = tuple(_with_nopes(row) for row in MATCHES)
FREE_DIFFERS: Final = tuple(_with_nopes(row) for row in DIFFERS)
NO_CARD: Final = (False,) * KINDS
#: FITS[kind][c]: may card ``c`` (a NOPE aside) go on a stack of that kind: the matrix by card (KT-5.7)
FITS: Final = tuple(tuple(STACKABLE[k][SYMBOL[c]] and not IS_NOPE[c] for c in range(KINDS)) for k in range(SYMBOLS))
#: PRICE[harvest][c]: the mana card ``c``'s effect costs; inverse is free during a harvest (KT-7.14.10)
PRICE: Final = (tuple(COST[SYMBOL[c]] for c in range(KINDS)),
         tuple(0 if SYMBOL[c] == INVERSE else COST[SYMBOL[c]] for c in range(KINDS)))


def play_row(state: KingTacoState) -> tuple[bool, ...]:
    """Which cards meet the playability condition in force (KT-3), indexed by card. A NOPE
    needs none but the lock's (KT-7.11.5), as the base of a stack too.

    Go fishing needs no test here or in ``react_row``: it starts only as its own stack
    closes and no card goes on the pile while it lasts, so no stack is ever open then
    and the turn menu has no plays (KT-7.8, KT-7.11.4)."""
    cond = state.cond
    if cond == RAGE:
        return RAGE_ROW
    if cond == CALM:
        return CALM_ROW
    if cond == LOCK:
        return (DIFFERS if state.inverted else MATCHES)[state.lock_colour * SYMBOLS + state.lock_symbol]
    return (FREE_DIFFERS if state.inverted else FREE_MATCHES)[state.top_colour * SYMBOLS + SYMBOL[state.discard[-1]]]


def react_row(state: KingTacoState) -> tuple[bool, ...]:
    """Which cards may be stacked as a NOPE: any NOPE, but under a lock only one of its
    colour or a WILD NOPE, and under an inverted lock neither (KT-7.11.5, KT-H33)."""
    if state.cond == LOCK:
        return NOPE_ROW[state.inverted][state.lock_colour]
    return ANY_NOPE


def why_not_play(state: KingTacoState, c: int) -> Illegal | None:
    """Why card ``c`` does not meet the playability condition in force (``play_row``), or None."""
    if play_row(state)[c]:
        return None
    if state.cond == CALM:
        return CALM_WILD
    if state.cond == LOCK:
        return NO_LOCK_INVERTED if state.inverted else NO_LOCK
    return NO_MATCH_INVERTED if state.inverted else NO_MATCH


def why_not_stack(state: KingTacoState, seat: int, c: int) -> Illegal | None:
    """May the decider stack ``c`` (not a NOPE) on the open stack (KT-5.7, KT-8.3)?"""
    st = state.stack
    if st.closed:
        return STACK_CLOSED
    if not FITS[st.kind][c]:
        return NOT_STACKABLE
    why = why_not_play(state, c)
    if why is not None:
        return why
    if state.mana.values[seat] < PRICE[state.harvester is not None][c]:
        return NO_MANA_STACK
    return None


def why_not_nope(state: KingTacoState, seat: int, c: int) -> Illegal | None:
    """May ``seat`` put NOPE card ``c`` on the open stack (KT-7.11)?"""
    if not IS_NOPE[c]:
        return NOT_A_NOPE
    if state.mana.values[seat] < COST[NOPE]:
        return NOPE_MANA
    if len(state.hands[seat]) < 2:
        return NOPE_LAST
    if state.cond == LOCK and not react_row(state)[c]:
        return NOPE_LOCK_INVERTED if state.inverted else NOPE_LOCK
    return None


def nope_cards(state: KingTacoState, seat: int) -> list[int]:
    """The NOPE cards ``seat`` could put on a stack now (empty if none): ``why_not_nope`` by table."""
    hand = state.hands[seat]
    if state.mana.values[seat] < COST[NOPE] or len(hand) < 2:
        return []
    row = react_row(state)
    return distinct([c for c in hand if row[c]])


def fish_targets(state: KingTacoState, seat: int) -> list[int]:
    """Players ``seat`` may fish: still in, not itself, not shielded (KT-H15).
    None with an empty hand (an auction discard can leave one): nothing to name."""
    if not state.hands[seat]:
        return []
    left = state.spans.left
    return [s for s in range(state.players)
            if s != seat and not state.out[s] and shield_key(s) not in left]


def distinct(cards: list[int]) -> list[int]:
    """``cards`` without repeats, in order (a hand may hold copies: the plain WILDs)."""
    n = len(cards)
    if n > 12:
        return cards if len(set(cards)) == n else list(dict.fromkeys(cards))
    for i in range(1, n):  # a hand's few cards: comparing them costs less than building a set
        c = cards[i]
        for j in range(i):
            if cards[j] == c:
                return list(dict.fromkeys(cards))
    return cards


def stackable(state: KingTacoState, seat: int) -> list[int]:
    """The cards of ``seat``'s hand it could put on the open stack now, NOPEs included
    (KT-5.7, KT-7.11): ``why_not_stack`` and ``why_not_nope`` by table. After allowing
    the stack it may not start a new one with them (KT-5.4)."""
    hand = state.hands[seat]
    mana = state.mana.values[seat]
    nopes = react_row(state) if mana >= COST[NOPE] and len(hand) >= 2 else NO_CARD
    st = state.stack
    if st.closed:
        return distinct([c for c in hand if nopes[c]])
    fits, row, price = FITS[st.kind], play_row(state), PRICE[state.harvester is not None]
    return distinct([c for c in hand if (fits[c] and row[c] and price[c] <= mana) or nopes[c]])


def playable(state: KingTacoState, seat: int) -> list[int]:
    """The cards ``seat`` may play on a free turn (KT-2.1, KT-3, KT-5.4)."""
    row = play_row(state)
    cards = [c for c in state.hands[seat] if row[c]]
    barred = state.barred
    return distinct([c for c in cards if c not in barred] if barred else cards)


def _pending_actions(state: KingTacoState) -> list[Action]:
    seat, kind = state.pending_seat, state.pending
    if kind in (WILD_COLOUR, LOCK_COLOUR):
        acts = COLOUR_ACT[seat]
        return [acts[c] for c in state.colours]
    if kind == LOCK_SYMBOL:
        acts = SYMBOL_ACT[seat]
        return [acts[y] for y in state.lock_symbols]
    if kind == TARGET:
        acts = TARGET_ACT[seat]
        return [acts[t] for t in targets(state, seat)]
    acts = DISCARD_ACT[seat]
    hand = distinct(state.hands[seat])
    if kind == AUCTION_DISCARD:
        return [acts[c] for c in hand if IS_NUMBER[c]]
    return [acts[c] for c in hand] + [PASS[seat]]  # a -- discard is optional (KT-7.13.1)


def legal(state: KingTacoState) -> list[Action]:
    """Every legal action of every seat in ``to_act`` (KT-2, KT-5, KT-7.11, KT-9)."""
    if state.over:
        return []
    if state.pending is not None:
        return _pending_actions(state)
    if state.window.seats:
        out: list[Action] = []
        for s in state.window.seats:
            acts = NOPE_ACT[s]
            out.extend(acts[c] for c in nope_cards(state, s))
            out.append(PASS[s])
        return out
    seat = state.turn
    if state.stack.cards:
        acts, nacts = PLAY[seat], NOPE_ACT[seat]
        out = [nacts[c] if IS_NOPE[c] else acts[c] for c in stackable(state, seat)]
        out.append(ALLOW[seat])
        return out
    if FISHING_SPAN in state.spans.left:
        targets = fish_targets(state, seat)
        if not targets:
            return [DRAW[seat]]
        fish = FISH_ACT[seat]
        return [fish[c][t] for c in distinct(state.hands[seat]) for t in targets]
    plays = PLAY[seat]
    return [plays[c] for c in playable(state, seat)] or [DRAW[seat]]


#: what each pending choice is made with (KT-3.7, KT-3.4, KT-7.13, KT-9.5)
WANT = {WILD_COLOUR: K.COLOUR, LOCK_COLOUR: K.COLOUR, LOCK_SYMBOL: K.SYMBOL, DISCARD: K.DISCARD,
        AUCTION_DISCARD: K.DISCARD, TARGET: K.TARGET}
#: the moments of a game (``moment``): a choice pending on the actor, a NOPE window open, a turn
CHOICE, WINDOW, TURN = range(3)


def moment(state: KingTacoState, action: Action) -> Illegal | int:
    """What every kind's check asks first, in this order: is the actor NOPEd out, does it
    hold the card it names, is another seat's choice awaited; else which moment it is.
    The seed names no penalties (its "Cheating" section), so nothing here carries one:
    illegal attempts are refused in table mode too (KT-H23)."""
    seat = action.seat
    if state.out[seat]:
        return OUT
    if action.kind in CARD_KINDS and action.card not in state.hands[seat]:
        return Illegal("hand", f"you do not hold {card_name(action.card)}")
    pending = state.pending
    if pending is not None:
        if seat != state.pending_seat:
            return Illegal("KT-2", f"waiting for seat {state.pending_seat} to choose ({PENDING_NAMES[pending]})")
        return CHOICE
    return WINDOW if state.window else TURN


def not_chosen(state: KingTacoState) -> Illegal:
    """Any other move while a choice waits on the actor (KT-2)."""
    pending = state.pending
    assert pending is not None
    return Illegal("KT-2", f"first make your choice: {PENDING_NAMES[pending]} (action {WANT[pending]!r})")


def asked(state: KingTacoState, seat: int) -> Illegal | None:
    """In a NOPE window only the seats it asks answer; the player to act waits (KT-H13)."""
    if seat in state.window:
        return None
    return WAIT if seat == state.turn else NOT_ASKED


def _choice(state: KingTacoState, action: Action) -> Illegal | None:
    """A choice kind (colour, symbol, discard): only while a choice of that kind waits on the actor."""
    m = moment(state, action)
    if m != CHOICE:
        return m if isinstance(m, Illegal) else NOTHING_PENDING
    assert state.pending is not None
    return None if WANT[state.pending] == action.kind else not_chosen(state)


#: a kind's own question at one moment: None, or the clause the move breaks
Question = Callable[[KingTacoState, Action], Illegal | None]


def _in_turn(state: KingTacoState, action: Action, in_window: Question, in_turn: Question) -> Illegal | None:
    """A move of the turn (all but the choices and pass): never while a choice waits; in a
    NOPE window only from a seat it asks, and then ``in_window``; else the player to act
    asks ``in_turn``."""
    m = moment(state, action)
    if isinstance(m, Illegal):
        return m
    if m == CHOICE:
        return not_chosen(state)
    if m == WINDOW:
        return asked(state, action.seat) or in_window(state, action)
    if action.seat != state.turn:
        return NOT_YOUR_TURN
    return in_turn(state, action)


def _only_react(state: KingTacoState, action: Action) -> Illegal | None:
    return ONLY_REACT


def _nope_now(state: KingTacoState, action: Action) -> Illegal | None:
    return why_not_nope(state, action.seat, action.card)


def _play_in_turn(state: KingTacoState, action: Action) -> Illegal | None:
    c = action.card
    if state.stack:
        return NOT_STACKABLE if IS_NOPE[c] else why_not_stack(state, action.seat, c)
    if FISHING_SPAN in state.spans.left:
        return FISHING_NOW
    return BARRED if c in state.barred else why_not_play(state, c)


def _nope_in_turn(state: KingTacoState, action: Action) -> Illegal | None:
    return why_not_nope(state, action.seat, action.card) if state.stack else NO_STACK


def _allow_in_turn(state: KingTacoState, action: Action) -> Illegal | None:
    return None if state.stack else NO_STACK


def _draw_in_turn(state: KingTacoState, action: Action) -> Illegal | None:
    if state.stack:
        return DECIDE
    if FISHING_SPAN in state.spans.left:
        return HAS_TARGETS if fish_targets(state, action.seat) else None
    return MUST_PLAY if playable(state, action.seat) else None


def _fish_in_turn(state: KingTacoState, action: Action) -> Illegal | None:
    if state.stack:
        return DECIDE
    if FISHING_SPAN not in state.spans.left:
        return NOT_FISHING
    targets = fish_targets(state, action.seat)
    if not targets:
        return NO_TARGETS
    return None if action.arg in targets else BAD_TARGET


# --- one check per kind of move (game.MOVES) -----------------------------------------
def check_play(state: KingTacoState, action: Action) -> Illegal | None:
    """A card on the pile in a free turn (KT-2.1, KT-3, KT-5.4), or stacked on the open
    stack (KT-5.7, KT-8.3); never while fishing (KT-7.8)."""
    return _in_turn(state, action, _only_react, _play_in_turn)


def check_nope(state: KingTacoState, action: Action) -> Illegal | None:
    """A NOPE on the open stack: in the turn it waits on, or asked in a window (KT-7.11, KT-H13)."""
    return _in_turn(state, action, _nope_now, _nope_in_turn)


def check_allow(state: KingTacoState, action: Action) -> Illegal | None:
    """Let the open stack trigger, in the turn it waits on (KT-5.3)."""
    return _in_turn(state, action, _only_react, _allow_in_turn)


def check_draw(state: KingTacoState, action: Action) -> Illegal | None:
    """Draw when nothing is playable (KT-2.2), or when no one can be fished (KT-H15)."""
    return _in_turn(state, action, _only_react, _draw_in_turn)


def check_fish(state: KingTacoState, action: Action) -> Illegal | None:
    """Ask another player for a card's symbol while go fishing lasts (KT-7.8, KT-H15)."""
    return _in_turn(state, action, _only_react, _fish_in_turn)


def check_pass(state: KingTacoState, action: Action) -> Illegal | None:
    """No NOPE from a seat a window asks (KT-H13), or no more ``--`` discards (KT-7.13.1)."""
    m = moment(state, action)
    if isinstance(m, Illegal):
        return m
    if m == CHOICE:
        return None if state.pending == DISCARD else not_chosen(state)
    return asked(state, action.seat) if m == WINDOW else NOT_ASKED


def check_colour(state: KingTacoState, action: Action) -> Illegal | None:
    """A WILD's colour or a lock's, among the game's colours (KT-3.7, KT-3.4)."""
    return _choice(state, action) or (None if action.arg in state.colours else BAD_COLOUR)


def targets(state: KingTacoState, seat: int) -> list[int]:
    """The players ``seat`` may name for a house rule's ``target:draw`` (KT-HR-7): any other player still in."""
    return [t for t in range(state.players) if t != seat and not state.out[t]]


def check_target(state: KingTacoState, action: Action) -> Illegal | None:
    """The player a house rule's ``target:draw`` makes draw: another player still in (KT-HR-7)."""
    return _choice(state, action) or (None if action.arg in targets(state, action.seat) else BAD_TARGET)


def check_symbol(state: KingTacoState, action: Action) -> Illegal | None:
    """A lock's symbol, among those a lock may name (KT-3.4)."""
    return _choice(state, action) or (None if action.arg in state.lock_symbols else BAD_SYMBOL)


def check_discard(state: KingTacoState, action: Action) -> Illegal | None:
    """A ``--`` discard (KT-7.13.1), or an auction discard of a number card (KT-9.5)."""
    why = _choice(state, action)
    if why is None and state.pending == AUCTION_DISCARD and not IS_NUMBER[action.card]:
        return NOT_NUMBER
    return why
