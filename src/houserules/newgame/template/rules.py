"""What may be played, and why not: the one legality check of My Game.

``legal`` (menus, bots, masks) and the checks (the referee, through each move's record in
``game``) are built on the same judgement, ``follows``, so they cannot disagree. Clause ids
(``R-3``) are those of ``docs/rules/my-game.md``. Every refusal here is refused in both modes
(no ``penalty``: the rules name none); a game whose rules do name penalties gives each
``Illegal`` its penalty's name and writes ``penalise`` (Shedding's ``flow.penalise``).
"""

from __future__ import annotations

from typing import Final

from ...cards import DECK_SIZE, RANK, SUIT, SUIT_SYMBOLS, card_name
from ...engine.core import Action, Illegal
from .kinds import Kind
from .state import MyGameState

#: the wild rank (R-4)
EIGHT: Final = 8
#: the suits by name, as a call names them (``cards.SUITS`` order: clubs, diamonds, hearts, spades)
SUIT_WORDS: Final = ("clubs", "diamonds", "hearts", "spades")

NOT_YOUR_TURN: Final = Illegal("R-3", "it is not your turn")
NO_MATCH: Final = Illegal("R-3", "a card must match the top card's rank or the suit to follow (or be an eight)")
CALL_FIRST: Final = Illegal("R-4", "you have played an eight: call the suit to follow first")
NOTHING_TO_CALL: Final = Illegal("R-4", "you call a suit only straight after playing an eight")
EMPTY_DRAW: Final = Illegal("R-6", "the draw pile is empty: play a card, or pass if you cannot")
CAN_PLAY: Final = Illegal("R-6", "you may pass only when you cannot play and the draw pile is empty")
GAME_OVER: Final = Illegal("R-7", "the game is over")

# --- preallocated actions: legal() returns references, it builds nothing (the hot path) --------
MAX_SEATS: Final = 5
PLAY: Final = tuple(tuple(Action(s, Kind.PLAY, c) for c in range(DECK_SIZE)) for s in range(MAX_SEATS))
CALL: Final = tuple(tuple(Action(s, Kind.CALL, arg=suit) for suit in range(4)) for s in range(MAX_SEATS))
DRAW: Final = tuple(Action(s, Kind.DRAW) for s in range(MAX_SEATS))
PASS: Final = tuple(Action(s, Kind.PASS) for s in range(MAX_SEATS))


def parse_suit(text: str) -> int:
    """A suit a person names: its word, its letter or its symbol ("hearts", "h", "♥")."""
    said = text.strip().lower()
    for suit, word in enumerate(SUIT_WORDS):
        if said in (word, word[:-1], word[0], SUIT_SYMBOLS[suit]):
            return suit
    raise ValueError(f"a suit is clubs, diamonds, hearts or spades, not {text!r}")


def follows(state: MyGameState, c: int) -> bool:
    """Whether card ``c`` may go on the discard pile now: an eight always (R-4), else the top
    card's rank or the suit to follow (R-3)."""
    return RANK[c] == EIGHT or RANK[c] == RANK[state.discard[-1]] or SUIT[c] == state.suit


def legal(state: MyGameState) -> list[Action]:
    """Every legal action of the seat to act (R-3 to R-6)."""
    if state.over:
        return []
    seat = state.turn
    if state.calling:
        return list(CALL[seat])
    plays = PLAY[seat]
    out = [plays[c] for c in state.hands[seat] if follows(state, c)]
    if state.draw:
        out.append(DRAW[seat])
    elif not out:
        out.append(PASS[seat])
    return out


def _in_turn(state: MyGameState, action: Action) -> Illegal | None:
    """What every move first asks: is it this seat's turn, and does no call wait (R-3, R-4)?"""
    if action.seat != state.turn:
        return NOT_YOUR_TURN
    return CALL_FIRST if state.calling else None


def check_play(state: MyGameState, action: Action) -> Illegal | None:
    """A card you hold, in your turn, that follows (R-3, R-4)."""
    if action.card not in state.hands[action.seat]:
        return Illegal("hand", f"you do not hold {card_name(action.card)}")
    return _in_turn(state, action) or (None if follows(state, action.card) else NO_MATCH)


def check_call(state: MyGameState, action: Action) -> Illegal | None:
    """A suit, named by the player of the eight just played (R-4)."""
    if action.seat != state.turn:
        return NOT_YOUR_TURN
    return None if state.calling else NOTHING_TO_CALL


def check_draw(state: MyGameState, action: Action) -> Illegal | None:
    """A card from the draw pile while it has any (R-5, H-1)."""
    return _in_turn(state, action) or (None if state.draw else EMPTY_DRAW)


def check_pass(state: MyGameState, action: Action) -> Illegal | None:
    """Pass: nothing in hand follows and the draw pile is empty (R-6)."""
    why = _in_turn(state, action)
    if why is not None:
        return why
    if state.draw or any(follows(state, c) for c in state.hands[action.seat]):
        return CAN_PLAY
    return None
