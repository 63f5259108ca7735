"""Card pairs and sets (seed L923-1197): which combinations are acceptable, playing one, its effect.

Why one record per set, matched on the cards: only the listed combinations
are acceptable (L923-934, Q♣'s "valid card pair" L819), so a set is
recognised from its cards exactly as a single card is from its value, and
each record names its clause on the rules page (BP-P.*) and the step that
runs its effect. A set is played as one card (L931): one play, from the
viewing hand, during your own turn, while your table has room — it may
overshoot the maximum, "even as his last card" (L926-927).

Order (BP-P.0): the set's rule is invoked first, while its cards are in
transit (face up), then its cards land — separated into single cards,
without the immediate effects of the individual cards (continuous effects
count at once, read live), or kept as one tile for the sets that "remain
tiled" (``tiles.set_kind`` recognises those). An armed J makes the whole set
no-effect; a 10♦+card lock on your table discards it unresolved (L1133-1136).
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import combinations
from typing import Final, NamedTuple

from ...engine.core import Event, event
from .cards import (
    CLUBS,
    DIAMONDS,
    HEARTS,
    PER_DECK,
    card_name,
    parse_card,
    rank,
    suit,
    value_name,
)
from .looks import moved, traded
from .machine import ask, push, step
from .reactions import guard, magic_stops
from .play import NOBODY, Ctx, enter, resolve
from .state import TURN, BState, Frame, Slot
from .targets import name_seat, opponents, parse_seat
from .tiles import locked_rank, unit
from .zones import face, lift, targetable

Faces = list[tuple[int, int]]


class SetRule(NamedTuple):
    """One acceptable pair or set: ``match`` says whether sorted faces are it; ``step`` runs its
    effect (None: it only lands); ``tiled``: its cards stay one tile (L976 and the others)."""

    clause: str
    title: str
    match: Callable[[Faces], bool]
    step: str | None
    tiled: bool = False


def _same(faces: Faces, f: tuple[int, int], n: int) -> bool:
    return len(faces) == n and all(x == f for x in faces)


def _ranks(faces: Faces, r: int, n: int) -> bool:
    return len(faces) == n and all(x[0] == r for x in faces)


def _five_five(faces: Faces) -> bool:
    fives = [f for f in faces if f[0] == 5]
    return len(faces) == 3 and len(fives) == 2 and fives[0][1] == fives[1][1]


def _lock(faces: Faces) -> bool:
    return len(faces) == 2 and (10, DIAMONDS) in faces


SETS: Final[tuple[SetRule, ...]] = (
    SetRule("BP-P.JK", "three or more Jokers", lambda fs: len(fs) >= 3 and all(f[0] == 1 for f in fs), "P.jokers"),
    SetRule("BP-P.JJ7", "Joker + Joker + 7 (f_poker)",
            lambda fs: len(fs) == 3 and [f[0] for f in fs] == [1, 1, 7], "P.JJ7"),
    SetRule("BP-P.2", "2♥ + 2♦", lambda fs: sorted(fs) == [(2, DIAMONDS), (2, HEARTS)], "P.2"),
    SetRule("BP-P.3", "3♣ + 3♣", lambda fs: _same(fs, (3, CLUBS), 2), None, tiled=True),
    SetRule("BP-P.4", "4 + 4", lambda fs: _ranks(fs, 4, 2) and fs != [(4, DIAMONDS)] * 2, "P.4"),
    SetRule("BP-P.4D", "4♦ + 4♦", lambda fs: _same(fs, (4, DIAMONDS), 2), "P.4D"),
    SetRule("BP-P.4DDD", "4♦ + 4♦ + 4♦", lambda fs: _same(fs, (4, DIAMONDS), 3), "P.4DDD"),
    SetRule("BP-P.5", "5 + 5 of a suit + card", _five_five, None, tiled=True),
    SetRule("BP-P.6", "6 + 6 + 6 (Discreationary Shafting Unit)", lambda fs: _ranks(fs, 6, 3), None, tiled=True),
    SetRule("BP-P.7H", "7♥ + 7♥ (Black Hole)", lambda fs: _same(fs, (7, HEARTS), 2), None, tiled=True),
    SetRule("BP-P.7C", "7♣ + 7♣ (White Hole)", lambda fs: _same(fs, (7, CLUBS), 2), None, tiled=True),
    SetRule("BP-P.9D", "9♦ + 10♣", lambda fs: sorted(fs) == [(9, DIAMONDS), (10, CLUBS)], "P.9D"),
    SetRule("BP-P.10D", "10♦ + card", _lock, None, tiled=True),
    SetRule("BP-P.JJ", "J + J (Shield)", lambda fs: _ranks(fs, 11, 2), "P.JJ"),
    SetRule("BP-P.JJJ", "J + J + J", lambda fs: _ranks(fs, 11, 3), None, tiled=True),
    SetRule("BP-P.Q", "Q + Q of a suit", lambda fs: _ranks(fs, 12, 2) and fs[0][1] == fs[1][1], "P.Q"),
    SetRule("BP-P.KC", "K♣ + K♣ (Atomic Bomb)", lambda fs: _same(fs, (13, CLUBS), 2), "P.KC"),
    SetRule("BP-P.A", "A + A", lambda fs: _ranks(fs, 14, 2), "P.A"),
)


#: ``set_rule`` by the cards' sorted faces (``_FACE_ID``), which are all a rule reads: ``legal`` asks it of every
#: combination ``candidates`` tries, at every free moment (issue 26); bounded by the few faces a
#: set can have (two or three cards, or a handful of Jokers)
_BY_FACES: Final[dict[tuple[int, ...], SetRule | None]] = {}
#: a face by a number: a card's index in its deck, the two Jokers (one face) as one
_FACE_ID: Final = tuple(min(i, 52) for i in range(PER_DECK))  # 52 and 53: the Jokers


def set_rule(cards: tuple[int, ...]) -> SetRule | None:
    """The acceptable set ``cards`` make, or None."""
    key = tuple(sorted([_FACE_ID[c % PER_DECK] for c in cards]))
    if key in _BY_FACES:
        return _BY_FACES[key]
    faces = sorted(face(c) for c in cards)
    rule = next((r for r in SETS if r.match(faces)), None)
    _BY_FACES[key] = rule
    return rule


#: the cards (by index in a deck) that make a set with any other card: 9♦ (with 10♣) and 10♦
_LEADS: Final = frozenset(i for i in range(PER_DECK) if face(i) in ((10, DIAMONDS), (9, DIAMONDS)))


def _may_hold_a_set(hand: list[int]) -> bool:
    """Whether ``candidates`` can find anything in ``hand``: it holds a 9♦ or a 10♦, or two cards
    of a rank other than 8, 9 and 10 (every other set is of one rank, or needs two Jokers or two
    5s). Most hands hold none (issue 26), so this is asked before anything is built."""
    seen = 0
    for c in hand:
        i = c % PER_DECK
        if i in _LEADS:
            return True
        r = rank(c)
        if r == 8 or r == 9 or r == 10:  # never a set among themselves (but 10♦, above)
            continue
        bit = 1 << r
        if seen & bit:
            return True
        seen |= bit
    return False


def candidates(viewing: list[int]) -> list[tuple[int, ...]]:
    """Every acceptable set in a viewing hand (each as sorted card ids). Only combinations that
    can be a set are tried — cards of one rank, Jokers, a 10♦ with a card, two 5s with a card,
    9♦ with 10♣ — so listing stays cheap for a large viewing hand."""
    hand = sorted(set(viewing))
    if not _may_hold_a_set(hand):
        return []
    by_rank: dict[int, list[int]] = {}
    for c in hand:
        by_rank.setdefault(rank(c), []).append(c)
    tries: list[tuple[int, ...]] = []
    for r, group in by_rank.items():
        if len(group) < 2:  # most ranks of a hand: nothing to combine (the common case, skipped cheaply)
            continue
        sizes = range(3, len(group) + 1) if r == 1 else (2, 3)
        tries += [t for n in sizes for t in combinations(group, n)]
    for c in hand:
        if face(c) in ((10, DIAMONDS), (9, DIAMONDS)):
            tries += [(c, x) for x in hand if x != c]
    for a, b in combinations(by_rank.get(1, []), 2):
        tries += [(a, b, x) for x in by_rank.get(7, [])]
    for a, b in combinations(by_rank.get(5, []), 2):
        tries += [(a, b, x) for x in hand if rank(x) != 5]
    found = {tuple(sorted(t)) for t in tries}
    return sorted(t for t in found if set_rule(t) is not None)


def arrange(cards: tuple[int, ...]) -> list[int]:
    """The left-to-right order a tiled set lies in: the 5s (or the 10♦) first, the card they act on last."""
    out = sorted(cards, key=lambda c: (not _leads(cards, c), c))
    return out


def _leads(cards: tuple[int, ...], c: int) -> bool:
    faces = [face(x) for x in cards]
    if faces.count((10, DIAMONDS)) and len(cards) == 2:
        return face(c) == (10, DIAMONDS) and c == min(x for x in cards if face(x) == (10, DIAMONDS))
    if len(cards) == 3 and sum(1 for f in faces if f[0] == 5) == 2:
        return rank(c) == 5
    return True


# --- playing a set ---------------------------------------------------------------------------
def play_set(state: BState, seat: int, cards: tuple[int, ...]) -> list[Event]:
    """Take the set from the viewing hand into transit and invoke it (one play, BP-P.0)."""
    for c in cards:
        state.viewing[seat].remove(c)
    moved(state, seat, out=cards)
    state.transit.extend(cards)
    state.played += 1
    enter(state, seat, cards)  # one card being played on your table: Magic may meet it (L683-686)
    return []


@step("P.enter")
def _enter(state: BState, f: Frame) -> list[Event]:
    cards: tuple[int, ...] = f.data[0]
    magic = len(f.data) > 1 and f.data[1]  # a pair passed with a Q♣ and met with Magic (BP-QC.2)
    rule = set_rule(cards)
    assert rule is not None
    names = tuple(card_name(c) for c in cards)
    events = [event("set-played", f.seat, {"cards": names, "set": rule.title, "clause": rule.clause})]
    if state.armed_j or magic:
        if not magic:
            state.armed_j = False
            events.append(event("j-spent", f.seat, {"card": names[-1]}))
        return events + _land(state, f.seat, cards, rule, ne=True)
    if any(rank(c) in locked_rank(state, f.seat) for c in cards):
        for c in cards:
            state.transit.remove(c)
        state.discard.extend(cards)
        return events + [event("locked-out", f.seat, {"cards": names, "clause": "BP-P.10D"})]
    if rule.step is None:
        return events + _land(state, f.seat, cards, rule)
    push(state, "P.land", f.seat, cards)
    push(state, rule.step, f.seat, cards)
    return events


def _land(state: BState, seat: int, cards: tuple[int, ...], rule: SetRule, ne: bool = False) -> list[Event]:
    """The set's cards arrive: one tile for a tiled set, else separated single cards (L924-930)."""
    for c in cards:
        state.transit.remove(c)
    if not rule.tiled:
        state.tables[seat].extend(Slot([c], ne=ne) for c in cards)
        return []
    order = arrange(cards)
    eff = None
    if rule.clause == "BP-P.5":
        last = order[-1]
        eff = (rank(last), suit(order[0]))  # the suit of the 5s in effect; a Joker makes the 1 of it (L1008-1016)
    slot = Slot(order, ne=ne, eff=eff)
    state.tables[seat].append(slot)
    if eff is None or ne:
        return []
    resolve(state, seat, slot.top, eff, NOBODY)
    return [event("in-effect", seat, {"card": card_name(slot.top), "as": value_name(*eff), "clause": "BP-P.5"})]


@step("P.land")
def _land_step(state: BState, f: Frame) -> list[Event]:
    cards: tuple[int, ...] = f.data[0]
    if not all(c in state.transit for c in cards):
        return []  # the set's own effect already placed them (9♦+10♣, the Jokers)
    rule = set_rule(cards)
    assert rule is not None
    return _land(state, f.seat, cards, rule)


# --- the sets' effects ----------------------------------------------------------------------
@step("P.jokers")
def _jokers(state: BState, f: Frame) -> list[Event]:
    """Each Joker is resolved individually, as a 1 of Black (L938-942): one after another."""
    cards: tuple[int, ...] = f.data[0]
    for c in cards:
        state.transit.remove(c)
        state.tables[f.seat].append(Slot([c]))
    for c in reversed(cards):
        resolve(state, f.seat, c, face(c), NOBODY)
    return []


@step("P.2")
def _two_pair(state: BState, f: Frame) -> list[Event]:
    """2♥ + 2♦ (L967-972): the 2♦'s trade, and what is taken is replayed onto your table. The pair
    lands first, so that the 2♦ can go to the other table (house rule BP-H25: the 2♥ stays)."""
    cards: tuple[int, ...] = f.data[0]
    rule = set_rule(cards)
    assert rule is not None
    events = _land(state, f.seat, cards, rule)
    two = next(c for c in cards if face(c) == (2, DIAMONDS))
    push(state, "2DH", f.seat, Ctx(two, 2, DIAMONDS, NOBODY))
    return events


@step("P.4")
def _fours(state: BState, f: Frame) -> list[Event]:
    """4 + 4 (L985-989): you may take one card of your table into your viewing hand — an
    unprotected, effective one: an effect on other cards does not affect protected or no-effect
    cards, on your own table too, unless its text says so (L197-199), and this one does not."""
    opts = [card_name(s.top) for s in state.tables[f.seat] if targetable(s)]
    if not opts:
        return [event("lost", f.seat, {"clause": "BP-P.4", "why": "no unprotected, effective card on your table"})]
    return ask(state, f.seat, "BP-P.4", f"take which card of seat {f.seat}'s table into seat {f.seat}'s viewing hand",
               ["skip", *opts],
               "P.4.take", auto=False)


@step("P.4.take")
def _fours_take(state: BState, f: Frame) -> list[Event]:
    choice = f.data[-1]
    if choice == "skip":
        return []
    card = parse_card(choice)
    events = lift(state, card)
    state.viewing[f.seat].append(card)
    moved(state, f.seat, into=(card,))
    return events + [event("took-back", f.seat, {"count": 1, "clause": "BP-P.4"})]


def _to_ctbp(state: BState, seat: int, cards: list[int], clause: str) -> list[Event]:
    events: list[Event] = []
    for c in cards:
        events += lift(state, c)
        state.ctbp[seat].append(c)
    return events + [event("to-be-played", seat, {"count": len(cards), "from": "table", "clause": clause})]


@step("P.4D")
def _four_diamonds_pair(state: BState, f: Frame) -> list[Event]:
    """4♦ + 4♦ (L993-996): your declared 5-card poker hand into your cards-to-be-played."""
    mine = {c for s in state.tables[f.seat] for c in s.cards}
    return _to_ctbp(state, f.seat, [c for c in state.declared[f.seat] if c in mine], "BP-P.4D")


@step("P.4DDD")
def _four_diamonds_set(state: BState, f: Frame) -> list[Event]:
    """4♦ ×3 (L1000-1004): every card of your table, protected too, not no-effect, to be played."""
    cards = [c for s in state.tables[f.seat] if not s.ne for c in s.cards]
    return _to_ctbp(state, f.seat, cards, "BP-P.4DDD")


@step("P.9D")
def _nine_ten(state: BState, f: Frame) -> list[Event]:
    """9♦ + 10♣ (L1113-1123): choose the player on whose table you play it."""
    cards = f.data[0]
    return ask(state, f.seat, "BP-P.9D", "play 9♦+10♣ on whose table (trade everything with them)",
               [name_seat(s) for s in opponents(state, f.seat)], "P.9D.trade", cards)


@step("P.9D.trade")
def _nine_ten_trade(state: BState, f: Frame) -> list[Event]:
    """Trade viewing hands, cards-to-be-played, tables and stashes (not seats); 10♦ cannot stop it;
    the pair goes to the discard. Your turn goes on, and ends if your new table is full (idle)."""
    cards, target = f.data
    a, b = f.seat, parse_seat(target)
    state.viewing[a], state.viewing[b] = state.viewing[b], state.viewing[a]
    traded(state, a, b)
    state.ctbp[a], state.ctbp[b] = state.ctbp[b], state.ctbp[a]
    state.tables[a], state.tables[b] = state.tables[b], state.tables[a]
    state.stash[a], state.stash[b] = state.stash[b], state.stash[a]
    state.sideways[a], state.sideways[b] = state.sideways[b], state.sideways[a]
    state.declared[a], state.declared[b] = state.declared[b], state.declared[a]
    state.nines = tuple(x for x in state.nines if x[0] not in (a, b))  # a 9♦ stands for who played it (BP-H26)
    for c in cards:
        state.transit.remove(c)
    state.discard.extend(cards)
    return [event("traded-all", a, {"with": b, "clause": "BP-P.9D"})]


@step("P.JJ")
def _shield(state: BState, f: Frame) -> list[Event]:
    """J + J (L1148-1152): every card of your table, the Js too, becomes no-effect; tiles are broken
    (a 6+6+6 is not affected, L1053)."""
    cards = f.data[0]
    for c in cards:
        state.transit.remove(c)
    table = state.tables[f.seat]
    out: list[Slot] = []
    for s in table:
        if unit(s):
            out.append(s)
        else:
            out.extend(Slot([c], ne=True, wild=s.wild) for c in s.cards)  # a wild stays wild (L261-263)
    out.extend(Slot([c], ne=True) for c in cards)
    state.tables[f.seat] = out
    state.nines = tuple(x for x in state.nines if x[0] != f.seat)  # no-effect now, and a restore is no play
    return [event("shield", f.seat, {"clause": "BP-P.JJ"})]


@step("P.Q")
def _queens(state: BState, f: Frame) -> list[Event]:
    """Q + Q of a suit (L1168-1177): reverse the direction of play. The next turn always goes from the
    player whose turn it is in the direction of play as it is when that turn passes, so when your
    turn is over but the next has not begun (a pair passed to you then, BP-P.QG) the player in the
    new direction begins instead; an A + A's skip is spent, its player's turn will not begin anyway."""
    state.direction = -state.direction
    events = [event("reversed", f.seat, {"direction": state.direction, "clause": "BP-P.Q"})]
    if state.turn == f.seat and state.turn_over:
        state.skip = False
        events.append(event("next-instead", f.seat, {"next": state.next_seat(f.seat), "clause": "BP-P.QG"}))
    return events


@step("P.KC")
def _atomic(state: BState, f: Frame) -> list[Event]:
    """K♣ + K♣ (L1181-1186): every card of every table, protected and no-effect, and the discard
    pile into the pot; Magic cannot stop it (no window is opened)."""
    gone = [c for t in state.tables for s in t for c in s.cards] + state.discard
    state.tables = [[] for _ in range(state.players)]
    state.declared = [() for _ in range(state.players)]
    state.discard = []
    state.pot.extend(gone)
    return [event("atomic", f.seat, {"count": len(gone), "clause": "BP-P.KC"})]


@step("P.A")
def _aces(state: BState, f: Frame) -> list[Event]:
    """A + A (L1190-1197): if it is your turn it ends, and the next player's is skipped; if it is
    the next player's turn (a pair passed to you with a Q♣/Q♠ in his turn, BP-QC.2), his ends.
    Either is an effect on that player's turn, which he may stop with Magic (L686-690)."""
    nxt = state.next_seat(f.seat)
    if state.turn == f.seat:
        state.turn_over = True
        events = [event("turn-ends", f.seat, {"clause": "BP-P.A"})]
        return events + guard(state, [nxt], "P.A.skip", f.seat, nxt, clause="BP-P.A", card="A + A",
                              says=f"seat {f.seat}'s A + A skips seat {nxt}'s turn")
    if state.turn == nxt and state.phase == TURN and not state.turn_over:
        return guard(state, [nxt], "P.A.end", f.seat, nxt, clause="BP-P.A", card="A + A",
                     says=f"seat {f.seat}'s A + A ends seat {nxt}'s turn")
    return []


@step("P.A.skip")
def _aces_skip(state: BState, f: Frame) -> list[Event]:
    nxt, answers = f.data
    stop = magic_stops(state, f.seat, answers, "BP-P.A", "stopped by Magic")
    if stop is not None:
        return stop
    state.skip = True
    return [event("skip", f.seat, {"next": nxt, "clause": "BP-P.A"})]


@step("P.A.end")
def _aces_end(state: BState, f: Frame) -> list[Event]:
    nxt, answers = f.data
    stop = magic_stops(state, f.seat, answers, "BP-P.A", "stopped by Magic")
    if stop is not None:
        return stop
    if state.turn != nxt or state.turn_over:
        return []
    state.turn_over = True
    return [event("turn-ends", nxt, {"clause": "BP-P.A"})]
