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

from collections.abc import Mapping
from typing import Any, NamedTuple

from . import declare
from .cards import CLUBS, DIAMONDS, RANK_NAMES, SPADES, card_name, is_joker, on_five, rank, suit, value_name
from .catalogue import says
from .declare import declared_key
from .hands import describe
from .house import SEED, HouseCards
from .looks import known
from .effects_high import standing_nine
from .machine import options_for
from .pairs import candidates, set_rule
from .state import DECLARE, BState, Slot
from .tiles import locked_rank
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
    cards: Moment | None = None  # the card words' inputs (``words``)

    def words(self) -> dict[str, Any]:
        """What the cards this seat sees will do (``card_words``): for menus and tooltips."""
        return card_words(self.cards) if self.cards is not None else {"says": {}, "set_says": {}, "now": {},
                                                                      "on_five": {}}

    def to_json(self) -> dict[str, Any]:
        return {"game": "bpoker", "seat": self.seat, **self.data, **self.words()}


def _declarations(state: BState, seat: int | None) -> list[dict[str, Any]]:
    """For the seat about to declare: each legal declaration with the hand it makes (wilds at their
    best value, BP-H13), so a person chooses among hands, not card lists. Its table is public."""
    if seat is None or state.phase != DECLARE or state.turn != seat or state.ask is not None or state.window:
        return []
    choices = declare.options(state, seat)
    return [{"cards": [card_name(c) for c in cards], "hand": describe(key)}
            for cards, key in zip(choices, declare.hand_keys(state, seat, choices), strict=True)]


class Moment(NamedTuple):
    """What the card words of a view are made from, copied when the view is made (the words
    themselves are written only when the view leaves as JSON: bots, which read ``data``, never
    pay for them)."""

    table_cards: tuple[int, ...]
    own: tuple[int, ...]  # the seat's viewing hand and cards-to-be-played
    viewing: tuple[int, ...]
    locked: frozenset[int]
    armed_j: bool
    options: Mapping[str, Any]
    shift: int | None = None  # the seat is asked which card to play on a 5 that shifts it so (BP-5)
    house: HouseCards = SEED  # the card rules of the table (a house book's, BP-HR2): what each card does


#: the questions that ask which card goes on a 5: their data begins (the 5's context, its shift)
ON_FIVE = ("5.next", "5.forced")


def moment(state: BState, seat: int | None) -> Moment:
    own = () if seat is None else (*state.viewing[seat], *state.ctbp[seat])
    ask = state.ask
    shift = ask.data[1] if ask is not None and ask.seat == seat and ask.then in ON_FIVE else None
    return Moment(tuple(c for t in state.tables for s in t for c in s.cards), own,
                  () if seat is None else tuple(state.viewing[seat]),
                  frozenset() if seat is None else frozenset(locked_rank(state, seat)), state.armed_j, state.options,
                  shift, state.house)


def _on_the_five(card: int, shift: int, options: Mapping[str, Any], house: HouseCards) -> str:
    """What ``card`` does played on the 5 it is asked for: its rule at its value in effect (L403-412),
    "an A♣ that would be a K♣" saying so; a Joker takes the black suit its player names (L443-444)."""
    if is_joker(card):
        r = on_five(card, shift, CLUBS)[0]
        return f"as a {value_name(r, CLUBS)} or a {value_name(r, SPADES)} in effect (you name the suit)"
    value = on_five(card, shift)
    line = house.says(value, options)
    rule = house.rule_for(value)
    if rule is not None and rule.clause == "BP-9D" and (rank(card), suit(card)) != (9, DIAMONDS):  # merely a 9♦ in effect (L618-621)
        line = "discard any card of an opponent's table, protected ones too"
    return f"as a {value_name(*value)} in effect: {line}" if line else f"as a {value_name(*value)} in effect"


def card_words(m: Moment) -> dict[str, Any]:
    """``says``: what each card the seat can see does when played with effect (the catalogue's
    words, so menus and tooltips never word a card twice), by the card's own name; ``set_says``:
    each set it could play from its viewing hand (``A+B`` as the action names its cards);
    ``now``: what happens instead if it played one of its cards or sets now (after a J: no
    effect, BP-J; a 10♦ lock of its table discards it, BP-P.10D); ``on_five``: while it is asked
    which card to play on a 5, what each of its cards would do there, at its value in effect."""
    said: dict[str, str] = {}
    for c in m.table_cards + m.own:
        if line := m.house.says((rank(c), suit(c)), m.options):
            said[card_name(c)] = line  # a name the seat does not see never appears
    sets: dict[str, str] = {}
    for cards in candidates(list(m.viewing)):
        rule = set_rule(cards)
        if rule is not None:
            other = [c for c in cards if (rank(c), suit(c)) != (10, DIAMONDS)] or list(cards)
            line = says(rule.clause, m.options, RANK_NAMES[rank(other[0])])
            sets["+".join(card_name(c) for c in sorted(cards))] = f"{rule.title}: {line}"
    now: dict[str, str] = {}
    for c in m.own:
        if rank(c) in m.locked:
            now[card_name(c)] = "your 10♦ lock discards it, no effect"
        elif m.armed_j:
            now[card_name(c)] = "no effect now: a J was just played"
    if m.armed_j:
        now.update({key: "no effect now: a J was just played" for key in sets})
    five = {} if m.shift is None else {card_name(c): _on_the_five(c, m.shift, m.options, m.house) for c in m.own}
    return {"says": said, "set_says": sets, "now": now, "on_five": five}


def view(state: BState, seat: int | None) -> BView:
    n = range(state.players)
    ask = state.ask
    seen = []
    if seat is not None and state.control is not None and state.control[0] == seat:
        c = state.control[1]
        seen.append({"seat": c, "viewing": [card_name(x) for x in state.viewing[c]]})
    data: dict[str, Any] = {
        "players": state.players, "hand": state.hands_played(), "hands": state.options["hands"], "dealer": state.dealer,
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
        # what an open reaction window is for (public: everyone saw the card): its clause, the card
        # in words, and what it does (seats as "seat N")
        "about": None if state.about is None else dict(zip(("clause", "card", "says"), state.about, strict=True)),
        "options": list(options_for(state, seat)) if seat is not None else [],
        "reacting": seat is not None and seat in state.window,
        "armed_j": state.armed_j, "control": list(state.control[:2]) if state.control else None,
        "in_hand": list(state.in_hand), "out": [s for s in n if state.out[s]], "hands_won": list(state.hands_won),
        "f_pot_size": len(state.fpot), "f_players": list(state.fplayers), "f_folded": list(state.folded),
        "f_hand_sizes": [len(state.fhands[s]) for s in n],
        "f_hand": None if seat is None else [card_name(c) for c in state.fhands[seat]],
        "declarations": _declarations(state, seat),
        "turns": state.turns, "over": state.over, "winners": list(state.winners), "reason": state.reason,
        # the table's house rules, each in words (a book is public, BP-HR1)
        "house": [{"id": i, "title": t, "words": w} for i, t, w in state.house.said],
    }
    return BView(seat, data, moment(state, seat))
