"""What one seat may know of a bpoker game (BP-2: who sees which zone).

Public: every table (wilds are face down but everyone saw them played, so
their origin is shown as at a real table, L43), the declared hands, the
discard pile, the cards in transit, counts of every stash (and its sideways
cards), viewing hand, cards-to-be-played and the pot, the correct number and
maximum of every seat, whose turn and who is being asked. Private: a seat's
own viewing hand and cards-to-be-played, the options of its own question,
the viewing hand of a seat whose hand it controls (10♦ Control, L708), and
(``looked``) the viewing hands it saw by a look (1♠, Q♦/Q♥) that have not
changed since (looks.py).
Nobody sees any stash or the pot, not even his own stash (paid "face down",
L13; taken "at random", L237).
"""

from __future__ import annotations

from typing import Any, NamedTuple

from . import declare
from .cards import card_name, value_name
from .declare import declared_key
from .hands import describe
from .looks import known
from .effects_high import standing_nine
from .machine import options_for
from .state import DECLARE, BState, Slot
from .zones import correct_number, counted, maximum, protected


def slot_json(slot: Slot, stands: bool = False) -> dict[str, Any]:
    out: dict[str, Any] = {"cards": [card_name(c) for c in slot.cards]}
    if stands:
        out["stands"] = True  # a 9♦ its owner played, that wins when his turn begins (BP-H26)
    if slot.wild:
        out["wild"] = True
    if slot.ne:
        out["ne"] = True
    if slot.eff is not None:
        out["as"] = value_name(*slot.eff)
    if slot.side:
        out["sideways"] = [card_name(c) for c in slot.side]  # a 6+6+6's sideways 6s (BP-P.6T)
    if protected(slot):
        out["protected"] = True
    return out


class BView(NamedTuple):
    seat: int | None
    data: dict[str, Any]

    def to_json(self) -> dict[str, Any]:
        return {"game": "bpoker", "seat": self.seat, **self.data}


def _declarations(state: BState, seat: int | None) -> list[dict[str, Any]]:
    """For the seat about to declare: each legal declaration with the hand it makes (wilds at their
    best value, BP-H13), so a person chooses among hands, not card lists. Its table is public."""
    if seat is None or state.phase != DECLARE or state.turn != seat or state.ask is not None or state.window:
        return []
    choices = declare.options(state, seat)
    return [{"cards": [card_name(c) for c in cards], "hand": describe(key)}
            for cards, key in zip(choices, declare.hand_keys(state, seat, choices), strict=True)]


def view(state: BState, seat: int | None) -> BView:
    n = range(state.players)
    ask = state.ask
    seen = []
    if seat is not None and state.control is not None and state.control[0] == seat:
        c = state.control[1]
        seen.append({"seat": c, "viewing": [card_name(x) for x in state.viewing[c]]})
    data: dict[str, Any] = {
        "players": state.players, "hand": state.hand_no, "hands": state.options["hands"], "dealer": state.dealer,
        "turn": state.turn, "direction": state.direction, "phase": state.phase, "played": state.played,
        "stash_sizes": [len(state.stash[s]) for s in n], "sideways": list(state.sideways),
        "viewing_sizes": [len(state.viewing[s]) for s in n], "ctbp_sizes": [len(state.ctbp[s]) for s in n],
        "viewing": None if seat is None else [card_name(c) for c in state.viewing[seat]],
        "ctbp": None if seat is None else [card_name(c) for c in state.ctbp[seat]],
        "seen_viewing": seen,
        "looked": [] if seat is None else [{"seat": o, "viewing": [card_name(c) for c in cards]}
                                           for o, cards in sorted(known(state, seat).items())],
        "tables": [[slot_json(sl, sl.top == standing_nine(state, s)) for sl in state.tables[s]] for s in n],
        "declared": [[card_name(c) for c in state.declared[s]] for s in n],
        "declared_hand": [describe(declared_key(state, s)) if state.declared[s] else None for s in n],
        "correct": [correct_number(state, s) for s in n], "maximum": [maximum(state, s) for s in n],
        "counted": [counted(state, s) for s in n],
        "pot_size": len(state.pot), "discard": [card_name(c) for c in state.discard],
        "transit": [card_name(c) for c in state.transit],
        "ask": None if ask is None else {"seat": ask.seat, "clause": ask.clause, "prompt": ask.prompt},
        "options": list(options_for(state, seat)) if seat is not None else [],
        "reacting": seat is not None and seat in state.window,
        "armed_j": state.armed_j, "control": list(state.control[:2]) if state.control else None,
        "in_hand": list(state.in_hand), "out": [s for s in n if state.out[s]], "hands_won": list(state.hands_won),
        "f_pot_size": len(state.fpot), "f_players": list(state.fplayers), "f_folded": list(state.folded),
        "f_hand_sizes": [len(state.fhands[s]) for s in n],
        "f_hand": None if seat is None else [card_name(c) for c in state.fhands[seat]],
        "declarations": _declarations(state, seat),
        "turns": state.turns, "over": state.over, "winners": list(state.winners), "reason": state.reason,
    }
    return BView(seat, data)
