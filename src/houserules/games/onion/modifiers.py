"""Modifiers #0-#11, the special cards they need, and the seed's amendments.

Each modifier is switched on by the ``modifiers`` option (a list of numbers,
or ``"all"``). What a modifier does reaches the rest of the game in two
ways only: ``rules_in`` turns the round's ``Situation`` (eights wild? which
special cards are declared or face up? whose aces are zeroed?) into the
solver's ``Rules`` for one seat (``rules_for`` does it for a seat of a
state), and ``declare_special`` carries out a special card's declaration
(which may leave a decision pending: the Lady's choice of replacement, the
disclosures the Archchancellor forces).

A special card is the one marked copy (CMO-6): the Lady (QS*), Fate (KH*),
Great A'Tuin (QD*), Death (KC*), the Sender of Eight (JD*), the
Archchancellor (JS*) and the Fool (JC*). Declaring one puts it face up.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final, NamedTuple

from ...engine.core import Event, event
from . import groupings as G
from . import solver
from .cards import ARCHCHANCELLOR, ATUIN, CRANK, DEATH, FATE, FOOL, LADY, SENDER, SPECIAL, name, names
from .ranking import SEED, Ranking
from .state import OnionState, Phase

#: the modifier(s) that give each special card a use
USES: dict[int, tuple[int, ...]] = {
    LADY: (4, 5), FATE: (5,), ATUIN: (6, 7), DEATH: (9,), SENDER: (8,), ARCHCHANCELLOR: (10,), FOOL: (11,),
}
#: declared during the showdown, these may devalue hands already shown: the amendment's list "Fate,
#: the Lady, Bel-Shamharoth, Death", Bel-Shamharoth being the Sender of Eight (#8)
DEVALUING = frozenset({LADY, FATE, DEATH, SENDER})
EIGHT = 8
ACE = 1


def on(state: OnionState, number: int) -> bool:
    """Whether modifier ``number`` is in play. Crippling (#0) is part of the
    base game ("hence the name of the game", Part 1) unless the ``cripple``
    option leaves it out; listing 0 among the modifiers keeps it in."""
    return number in state.mods or (number == 0 and bool(state.options.get("cripple", True)))


def uses_specials(state: OnionState) -> bool:
    return any(on(state, m) for m in (4, 5, 6, 7, 8, 9, 10, 11))


# --- the round's situation --------------------------------------------------------
class Situation(NamedTuple):
    """What decides the worth of the hands this round: the modifiers, wild
    eights, the special cards declared and what they did, the cards dealt
    face up. All of it is public, so a seat's view carries it too and a
    player (a bot) can value hands as the showdown will."""

    mods: frozenset[int]
    wild_round: bool
    fate_revoked: bool  # Fate ended the wild eights (#5ii)
    rewild: tuple[bool, ...]  # the Lady made these seats' eights wild again (#5ii)
    zeroed: tuple[bool, ...]  # aces worth zero (#5i)
    specials: Mapping[int, int]  # declared special card -> the seat that declared it
    lady_wild: bool  # the Lady devalues aces (#4ii)
    fool: bool  # bagels and Onions change places (#11)
    js_wild: bool  # the Jack of Staves is wild (#10ii)
    face_up: frozenset[int]  # every card dealt face up
    ranking: Ranking = SEED  # where each grouping ranks at this table (a house book's order, issue 36)


def situation(state: OnionState) -> Situation:
    return Situation(state.mods, state.wild_round, state.fate_revoked, tuple(state.rewild), tuple(state.zeroed),
                     dict(state.specials), state.lady_wild, state.fool, state.js_wild,
                     frozenset(c for up in state.face_up for c in up), state.house.ranking)


def wild_for(sit: Situation, seat: int) -> bool:
    """Eights wild for this seat: a wild round (#1ii) not revoked by Fate (#5ii),
    or revoked but made wild again by the Lady (#5ii)."""
    return sit.wild_round and (not sit.fate_revoked or sit.rewild[seat])


def round_wild(sit: Situation) -> bool:
    return sit.wild_round and not sit.fate_revoked


def visible(sit: Situation, card: int) -> bool:
    """Declared, or dealt face up (#8i, #9)."""
    return card in sit.specials or card in sit.face_up


def rules_for(state: OnionState, seat: int) -> tuple[solver.Rules, ...]:
    """The rule sets this seat may play its hand under this round."""
    if not state.mods:
        return state.house.base
    return rules_in(situation(state), seat, state.hands[seat])


def rules_in(sit: Situation, seat: int, hand: Sequence[int]) -> tuple[solver.Rules, ...]:
    """The rule sets ``seat`` may play ``hand`` under in situation ``sit``;
    more than one when a modifier leaves the player a choice (#8i, #10i)."""
    if not sit.mods:
        return (solver.BASE_RULES,) if sit.ranking is SEED else (solver.Rules(ranking=sit.ranking),)
    mods = sit.mods
    wild = wild_for(sit, seat)
    sender_wild = 8 in mods and sit.wild_round and SENDER in sit.specials
    kw: dict[str, Any] = {
        "null_eights": 1 in mods and not sit.wild_round,
        "wild_eights": wild,
        "octavo": 3 in mods and wild,
        "wild_not_ace": sender_wild,
        "zeroed_aces": sit.zeroed[seat] or sender_wild,
        "fool": sit.fool,
        "ranking": sit.ranking,
    }
    lady = sit.specials.get(LADY)
    if 4 in mods and lady is not None and lady != seat and sit.lady_wild:
        kw["devalued"] = 1  # #4ii
    if 9 in mods and visible(sit, DEATH):
        kw["death"] = 3 if round_wild(sit) else 2
    if sit.specials.get(ATUIN) == seat:
        kw["shift"] = 6 in mods
        kw["elephants"] = 7 in mods
    if sit.js_wild and ARCHCHANCELLOR in hand:
        kw["wild"] = frozenset({ARCHCHANCELLOR})  # #10ii
    base = solver.Rules(**kw)
    out = [base]
    if 10 in mods and ARCHCHANCELLOR in hand:
        # #10i: play the Jack of Staves and no eight as eight, or leave it out
        out = [solver.Rules(**{**kw, "no_eight_value": True}),
               solver.Rules(**{**kw, "exclude": frozenset({ARCHCHANCELLOR})})]
    if 8 in mods and not sit.wild_round and visible(sit, SENDER):
        # #8i: a player who uses any eight has their aces zeroed
        eights = frozenset(c for c in hand if CRANK[c] == EIGHT)
        out = [solver.Rules(**{**_fields(r), "zeroed_aces": True}) for r in out] + \
              [solver.Rules(**{**_fields(r), "exclude": r.exclude | eights}) for r in out]
    return tuple(out)


def after_declaring(sit: Situation, seat: int, card: int) -> Situation:
    """The situation once ``seat`` declares special card ``card``, as far as
    the worth of hands goes (CMO-7.4 .. 7.11): the Lady devalues the others'
    aces or makes her holder's eights wild again, Fate ends the wild eights
    or zeroes the Lady's user's aces, the Fool swaps bagels and Onions.
    (The Archchancellor's effect hangs on who holds Death, which the declarer
    may not know: ``declare_special`` carries it out.)"""
    specials = {**sit.specials, card: seat}
    rewild, zeroed = list(sit.rewild), list(sit.zeroed)
    lady_wild, fate_revoked, fool = sit.lady_wild, sit.fate_revoked, sit.fool
    if card == LADY and sit.wild_round:
        if sit.fate_revoked:
            rewild[seat] = True  # #5ii: the Lady makes her holder's eights wild again
        else:
            lady_wild = True  # #4ii: one ace of eleven fewer for every other player
    elif card == FATE:
        if round_wild(sit):
            fate_revoked = True  # #5ii
        elif (lady := sit.specials.get(LADY)) is not None:
            zeroed[lady] = True  # #5i: the Lady's user, replaced in a round without wild eights
    elif card == FOOL:
        fool = True  # #11
    return sit._replace(specials=specials, rewild=tuple(rewild), zeroed=tuple(zeroed), lady_wild=lady_wild,
                        fate_revoked=fate_revoked, fool=fool)


def _fields(r: solver.Rules) -> dict[str, Any]:
    return {f: getattr(r, f) for f in r.__dataclass_fields__}


def best(state: OnionState, seat: int) -> solver.Arrangement:
    return solver.best_of(state.hands[seat], rules_for(state, seat))


# --- declaring special cards (CMO-6, CMO-8.2) ------------------------------------------
def declarable(state: OnionState, seat: int) -> list[int]:
    """The special cards ``seat`` may declare now."""
    if not state.mods:
        return []
    out = []
    for card in state.hands[seat]:
        if card not in SPECIAL or not any(on(state, m) for m in USES[card]):
            continue
        if card == LADY and state.wild_round and state.fate_revoked:
            # #5ii: after Fate, the Lady's holder, "whether visible, played or not", may make their
            # own eights wild again, once; not the player who used Fate
            if on(state, 5) and state.fate_user != seat and not state.rewild[seat]:
                out.append(card)
            continue
        if card in state.specials:
            continue
        if card == LADY and not (on(state, 4) and (state.wild_round or state.deck)):
            continue  # #4ii devalues aces when eights are wild; #4i is replaced from the pack
        elif card == FATE:
            if state.wild_round:
                if state.fate_revoked:
                    continue
            elif state.lady_user < 0 or not state.deck:
                continue  # #5i: only after the Lady was declared and replaced
        elif card == FOOL and any(a is not None for a in state.declared):
            continue  # #11: immediately before the showdown
        out.append(card)
    return out


def declare_special(state: OnionState, seat: int, card: int, events: list[Event]) -> None:
    """Put a special card face up and carry out what it does."""
    before = situation(state)
    now = after_declaring(before, seat, card)
    state.specials[card] = seat
    state.rewild, state.zeroed = list(now.rewild), list(now.zeroed)
    state.lady_wild, state.fate_revoked, state.fool = now.lady_wild, now.fate_revoked, now.fool
    if state.phase == Phase.SPECIALS:
        state.circuit_declared = True  # the declaration round goes round again (CMO-H20)
    if card in DEVALUING:
        state.devaluations += 1
    events.append(event("special", seat, {"card": name(card, True), "as": SPECIAL[card]}))
    if card == LADY and not before.wild_round:
        state.lady_user = seat
        _offer_replacements(state, seat, card, events)  # #4i
    elif card == FATE:
        if round_wild(before):
            state.fate_user = seat  # #5ii
        else:
            _offer_replacements(state, seat, card, events)  # #5i
    elif card == ARCHCHANCELLOR:
        _archchancellor(state, seat, events)


def _offer_replacements(state: OnionState, seat: int, card: int, events: list[Event]) -> None:
    """The next two cards of the pack, of which the player keeps one in the
    special card's place (#4i, #5i)."""
    state.offered = [state.deck.pop() for _ in range(min(2, len(state.deck)))]
    state.interrupted = (state.phase, state.queue[:], state.turn)
    state.phase = Phase.CHOOSE
    state.turn = seat
    state.queue = [seat]
    events.append(event("offered", seat, {"count": len(state.offered)}, {"cards": names(state.offered, True)}))


def choose(state: OnionState, seat: int, card: int, events: list[Event]) -> None:
    """Keep ``card`` in the special card's place; the other goes to the discards."""
    special = LADY if state.specials.get(LADY) == seat and LADY in state.hands[seat] else FATE
    hand = state.hands[seat]
    hand[hand.index(special)] = card
    up = state.face_up[seat]
    if special in up:
        up[up.index(special)] = card  # **House rule** CMO-H15: the replacement takes the place face up too
    state.set_aside[seat].append(special)
    state.discards.extend(c for c in state.offered if c != card)
    state.offered = []
    events.append(event("replaced", seat, {"card": name(special, True)}, {"kept": name(card, True)}))
    resume(state)


def _archchancellor(state: OnionState, seat: int, events: list[Event]) -> None:
    """#10ii: Death must be declared if held, and then everybody else discloses a
    card; if nobody holds Death, the Jack of Staves is wild for the round."""
    holder = next((s for s in state.in_round if DEATH in state.hands[s]), None)
    if holder is None:
        state.js_wild = True
        events.append(event("wild", seat, {"card": name(ARCHCHANCELLOR, True)}))
        return
    if DEATH not in state.specials:
        state.specials[DEATH] = holder
        state.devaluations += 1
        events.append(event("special", holder, {"card": name(DEATH, True), "as": SPECIAL[DEATH], "forced": True}))
    others = [s for s in state.in_round if s != holder and undisclosed(state, s)]
    if others:
        state.interrupted = (state.phase, state.queue[:], state.turn)
        state.phase = Phase.REVEAL
        state.queue = others
        state.turn = others[0]


def undisclosed(state: OnionState, seat: int) -> list[int]:
    """The cards of ``seat`` nobody else has seen: not face up, not declared, not disclosed."""
    shown = set(state.face_up[seat]) | set(state.revealed[seat]) | set(state.specials)
    return [c for c in state.hands[seat] if c not in shown]


def reveal(state: OnionState, seat: int, card: int, events: list[Event]) -> None:
    state.revealed[seat].append(card)
    events.append(event("reveal", seat, {"card": name(card, True)}))
    state.queue.pop(0)
    if state.queue:
        state.turn = state.queue[0]
    else:
        resume(state)


def resume(state: OnionState) -> None:
    """Back to the decision a special card interrupted."""
    state.phase, state.queue, state.turn = state.interrupted
    state.interrupted = (Phase.OVER, [], 0)


def on_dealt(state: OnionState, seat: int, cards: list[int], events: list[Event]) -> None:
    """#8ii: in a round of wild eights the Sender of Eight is declared as soon as dealt."""
    if SENDER in cards and on(state, 8) and state.wild_round and SENDER not in state.specials:
        state.specials[SENDER] = seat
        events.append(event("special", seat, {"card": name(SENDER, True), "as": SPECIAL[SENDER], "forced": True}))


# --- crippling (#0, #2) ---------------------------------------------------------------
def cripples(state: OnionState, flush: solver.RunningFlush, target: solver.Grouping) -> bool:
    """Whether ``flush`` may cripple the grouping ``target`` (#0): a Great Onion
    (and under the Fool the great bagel) by nine or ten cards, a Lesser Onion
    by ten; the Octavo may not be crippled (#3); in a round of wild eights
    with #2, the flush has no more wild cards than the Onion."""
    kinds = {G.ONIONS[5]} | ({G.BAGELS[4]} if state.fool else set())
    if flush.length == 10:
        kinds.add(G.ONIONS[4])
    return target.kind in kinds and (not (on(state, 2) and state.wild_round) or flush.wilds <= target.wilds)


#: every kind of grouping some running flush may cripple (``cripples`` narrows it by the flush's
#: length, the Fool and the wild cards): a showdown where nobody shows one asks no solver about flushes
CRIPPLEABLE: Final = frozenset({G.ONIONS[5], G.ONIONS[4], G.BAGELS[4]})


def cripple_option(state: OnionState, seat: int) -> solver.RunningFlush | None:
    """The running flush ``seat`` may declare to cripple now, if any: one that
    cripples a grouping another player has declared (#0, #2)."""
    if not on(state, 0):
        return None
    shown = [a.groupings[0] for s, a in enumerate(state.declared) if s != seat and a is not None and a.groupings]
    if not any(g.kind in CRIPPLEABLE for g in shown):
        return None  # nothing any flush could cripple: no need to solve the hand (most showdowns)
    flush = best(state, seat).cripple
    if flush is None:
        return None
    return flush if any(cripples(state, flush, g) for g in shown) else None
