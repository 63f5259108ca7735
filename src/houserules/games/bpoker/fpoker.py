"""f_poker, the nested game Joker + Joker + 7 starts (seed L946-963), designed as house rules.

The chapter gives only its interface: the set and 4 cards from each stash make
a new pile, the **f_pot**; the current turn ends and play is paused; the
stashes are f_poker's card piles; its direction of play starts as this
game's and is carried back; the set's player is first; afterwards the turn
of f_poker's winner begins, but he cannot win the hand at that moment.

The game itself (BP-FP, house rules; the smallest game with every named
part, quick, and with every card conserved): each player still in the hand
takes the top 5 upright cards of his stash as a private **f-hand**; then,
once each, from the first player in the direction of play, he *stands*,
*draws* (1 to 3 f-hand cards into the f_pot, as many from the top of his
stash) or *folds* (his f-hand into the f_pot; the last player not folded
cannot fold). Showdown: the best poker hand of each f-hand, no wilds and no
card rules (so f_poker cannot nest); a tie goes to the tied player first in
the direction of play from the first player. The winner takes the f_pot
into his stash; every f-hand not folded goes back on top of its stash. It is
a separate phase (``FPOKER``): while it lasts only its questions are asked.
"""

from __future__ import annotations

from itertools import combinations
from typing import Final

from ...engine.core import Event, event
from .cards import card_name, parse_card
from .hands import describe, evaluate
from .machine import ask, push, step
from .state import FPOKER, TURN, BState, Frame
from .targets import opponents
from .zones import face, from_stash

TO_F_POT: Final = 4  # cards from each stash into the f_pot (L948-949; not a fee)
F_HAND: Final = 5


@step("P.JJ7")
def _start(state: BState, f: Frame) -> list[Event]:
    """Joker + Joker + 7: the f_pot is made, the turn ends, f_poker begins (L946-958)."""
    cards: tuple[int, ...] = f.data[0]
    for c in cards:
        state.transit.remove(c)
    state.fpot.extend(cards)
    order = [f.seat, *opponents(state, f.seat)]
    for s in order:
        state.fpot.extend(from_stash(state, s, TO_F_POT))
    state.phase = FPOKER
    for s in order:
        state.fhands[s] = from_stash(state, s, min(F_HAND, len(state.stash[s]) - state.sideways[s]))
    state.fplayers = tuple(order)
    events = [event("f-poker", f.seat, {"f_pot": len(state.fpot), "order": tuple(order), "clause": "BP-FP.1"})]
    push(state, "fp.next", f.seat, 0)
    return events


def _options(state: BState, seat: int) -> list[str]:
    hand = [card_name(c) for c in sorted(state.fhands[seat])]
    opts = ["stand"]
    if state.stash[seat]:
        opts += ["draw:" + "+".join(c) for n in (1, 2, 3) for c in combinations(hand, n)]
    others_in = [s for s in state.fplayers if s != seat and s not in state.folded]
    if others_in:
        opts.append("fold")
    return opts


@step("fp.next")
def _next(state: BState, f: Frame) -> list[Event]:
    i: int = f.data[0]
    if i >= len(state.fplayers):
        push(state, "fp.show", f.seat)
        return []
    seat = state.fplayers[i]
    return ask(state, seat, "BP-FP.2", "f_poker: stand, draw (cards to change) or fold", _options(state, seat),
               "fp.decide", i, private=False)


@step("fp.decide")
def _decide(state: BState, f: Frame) -> list[Event]:
    i, choice = f.data
    seat = state.fplayers[i]
    push(state, "fp.next", f.seat, i + 1)
    if choice == "fold":
        state.fpot.extend(state.fhands[seat])
        state.fhands[seat] = []
        state.folded = (*state.folded, seat)
        return [event("f-fold", seat, {"clause": "BP-FP.2"})]
    if choice.startswith("draw:"):
        out = [parse_card(n) for n in choice[5:].split("+")]
        for c in out:
            state.fhands[seat].remove(c)
        state.fpot.extend(out)
        got = from_stash(state, seat, len(out))
        state.fhands[seat].extend(got)
        return [event("f-draw", seat, {"count": len(out), "clause": "BP-FP.2"},
                      {"cards": tuple(card_name(c) for c in got)})]
    return [event("f-stand", seat, {"clause": "BP-FP.2"})]


@step("fp.show")
def _show(state: BState, f: Frame) -> list[Event]:
    """Showdown (BP-FP.3): the best f-hand wins the f_pot; every f-hand not folded goes home."""
    live = [s for s in state.fplayers if s not in state.folded]
    keys = {s: evaluate([face(c) for c in state.fhands[s]]) for s in live}
    winner = max(live, key=lambda s: (keys[s], -state.fplayers.index(s))) if live else state.fplayers[0]
    shown = tuple((s, tuple(card_name(c) for c in state.fhands[s]), describe(keys[s])) for s in live)
    won = len(state.fpot)
    state.stash[winner].extend(state.fpot)
    state.fpot = []
    for s in live:
        state.stash[s].extend(state.fhands[s])
        state.fhands[s] = []
    state.fplayers, state.folded = (), ()
    state.phase = TURN
    state.no_win = True  # his turn begins, but he cannot win the hand at this time (L961-963)
    push(state, "fp.resume", winner)
    return [event("f-won", winner, {"f_pot": won, "shown": shown, "clause": "BP-FP.3"})]
