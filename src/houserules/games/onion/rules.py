"""What a seat may do now, and why not: the one legality check of Cripple Mr Onion.

``legal`` lists and ``check`` judges from the same helpers (which kinds a
phase allows, which amounts a seat can put up, what a match costs), so they
cannot disagree. Amounts are whole Stakes, from none up to the maximum
raise (CMO-H1), within the table's own betting limits (a house book's,
CMO-HR4: ``state.house.limits``, the seed's where it sets none). Clause ids
are those of docs/rules/cripple-mr-onion.md.

The showdown declaration is a free arrangement of ten cards, far too many
to list: ``legal`` offers the canonical one, the solver's best arrangement,
and ``check`` accepts any arrangement the cards really form (CMO-5.6).
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations
from typing import Any, Final

from ...engine.core import Action, Illegal
from . import groupings as G
from . import modifiers, solver
from .cards import DECK_SIZE, IS_MARKED, resolve
from .phases import PHASES
from .state import KIND_OF, NO_RAISE_PARTS, OnionState, Phase, new, offer_cost
from .table import MOST_ROUND
from .state import OnionKind as K

KINDS: Final[tuple[K, ...]] = tuple(K)
#: each amount kind's word, the key of the table's limits
KIND_WORD: Final[dict[str, str]] = {k: str(k.value) for k in K}
CARD_KINDS: Final[tuple[K, ...]] = (K.SPECIAL, K.CHOOSE, K.REVEAL)
AMOUNT_KINDS: Final[tuple[K, ...]] = (K.BET, K.RAISE, K.EXTRA, K.BID)
#: the phases whose choices are cards (special cards, the showdown): listed by ``_card_phase_legal``
CARD_PHASES: Final[tuple[Phase, ...]] = (Phase.SPECIALS, Phase.SHOWDOWN, Phase.CHOOSE, Phase.REVEAL, Phase.CRIPPLE)
RUNNING_FLUSHES: Final[dict[int, str]] = {9: G.NINE_CARD_RUNNING_FLUSH, 10: G.TEN_CARD_RUNNING_FLUSH}
MAX_DISCARD: Final = 4
#: each phase's kinds in ``legal``'s order (the phase table's keys, read once)
MOVES_OF: Final[dict[Phase, tuple[K, ...]]] = {phase: tuple(rule.moves) for phase, rule in PHASES.items()}
#: what tells two copies of a card apart, by card id: its card (``c % 52``), and whether it is
#: the marked copy when marks matter (index 1): two cards with one key are the same card
TWIN_KEY: Final[tuple[tuple[int, ...], ...]] = (tuple(c % 52 for c in range(DECK_SIZE)),
                                                tuple(c % 52 + 52 * IS_MARKED[c] for c in range(DECK_SIZE)))

GAME_OVER: Final = PHASES[Phase.OVER].wrong_time  # CMO-1.3
NOT_YOUR_TURN: Final = Illegal("CMO-4.1", "it is not your turn")
NOT_SPECIAL: Final = Illegal("CMO-6", "you cannot declare that card now (not yours, not special, or not its time)")
NOT_OFFERED: Final = Illegal("CMO-7.4", "keep one of the two cards offered")
NOT_UNDISCLOSED: Final = Illegal("CMO-7.10", "disclose a card of yours nobody has seen yet")
NO_CRIPPLE: Final = Illegal("CMO-7.0", "a running flush cripples only a Great (ten cards: or Lesser) Onion "
                                       "already declared")
NO_RAISE: Final = Illegal("CMO-4.5", "no raising in the third part of the first betting round")
BAD_AMOUNT: Final = Illegal("CMO-H1", "amounts are whole Stakes from zero (bids: one Stake above the high bid) "
                               "up to the maximum raise, and no more than you hold")
CANNOT_AFFORD: Final = Illegal("CMO-H3", "you do not have the chips for that: fold (or pass) instead")
TOO_MANY: Final = Illegal("CMO-4.4", "discard at most four cards; fold to discard all five")
NOT_HELD: Final = Illegal("hand", "you do not hold those cards")

#: the actions without cards (a fold, a match, an amount), made once by kind, seat and amount and
#: shared: an ``Action`` is an immutable tuple, and finding one costs a fraction of making it.
#: Amounts are bounded by the chips in play, so this stays small. Keyed by kind, then by one int
#: (``_key``): an int hashes in C at once, a tuple item by item.
_MADE: Final[dict[str, dict[int, Action]]] = {}


def _made(seat: int, kind: str, amount: int | None = None) -> Action:
    """``Action(seat, kind, arg=amount)``, the one shared copy (``amount`` None or >= 0)."""
    by_kind = _MADE.get(kind)
    if by_kind is None:
        by_kind = _MADE[kind] = {}
    key = (0 if amount is None else amount + 1) << 10 | seat  # seats are 0..6
    got = by_kind.get(key)
    if got is None:
        got = by_kind[key] = new(Action, (seat, kind, None, amount))
    return got


def _chips(state: OnionState, seat: int) -> int:
    return state.ledger.chips[seat]


def amounts(state: OnionState, seat: int, kind: K) -> list[int]:
    """The amounts ``seat`` may name for an amount action now (CMO-H1): whole Stakes from the
    least to the most the table allows at this part and round (the seed's: none, or one for a
    raise and a bid, up to ``max_raise``; a house book's limits where it sets them, CMO-HR4)."""
    stake, top, chips = state.stake, state.max_raise, _chips(state, seat)
    least = -1  # the seed's
    limits = state.house.limits
    if limits is not None:  # looked up by the kind's word: an enum member hashes through a Python function
        least, most = limits[KIND_WORD[kind]][state.part][min(state.round, MOST_ROUND)]
        if most is not None:
            top = most
    if kind == K.BID:
        mine = state.ledger.staked[seat]
        steps = [state.high_bid + k * stake for k in range(1 if least < 0 else least, top + 1)]
        return [a for a in steps if a - mine <= chips]
    if kind == K.RAISE:
        if state.part in NO_RAISE_PARTS:
            return []
        chips -= state.bid
        return [k * stake for k in range(1 if least < 0 else least, top + 1) if k * stake <= chips]
    return [k * stake for k in range(0 if least < 0 else least, top + 1) if k * stake <= chips]


def cost(state: OnionState, seat: int, kind: K) -> int:
    """What a match, a bought card or accepting the Dealership costs ``seat`` now."""
    if kind == K.BUY:
        return state.stake
    if kind == K.ACCEPT:
        return offer_cost(state, seat)
    if state.phase == Phase.ANSWER:
        return state.bid
    return sum(state.ledger.staked)  # the Dealer matching raises or extra bets


def _possible(state: OnionState, seat: int, kind: K) -> bool:
    """Whether a kind without a free argument is open to ``seat`` now. A Dealer folds when naming
    a bet only if he cannot pay the least the table asks (a house book's, CMO-HR5: the seed's
    least is nothing, which anyone can name)."""
    if kind in (K.MATCH, K.BUY, K.ACCEPT):
        if kind == K.BUY and state.bought >= 5:
            return False
        return cost(state, seat, kind) <= _chips(state, seat)
    if kind == K.FOLD and state.phase == Phase.NAME:  # the seed's least bet is nothing: never
        return state.house.limits is not None and not amounts(state, seat, K.BET)
    return True


def _discards(state: OnionState, seat: int) -> list[Action]:
    """Every discard of up to four cards, and the fold (CMO-4.4). Two copies of
    a card that no mark tells apart are the same card, so a discard that
    differs from another only in which copy goes is listed once (the first in
    the order of the sorted hand's combinations).

    This is the hot spot of a ``legal`` in the draw (31 subsets of a hand of
    five), so cards are told apart by an int per card, not by their names, and
    a hand without twins (most hands) skips the telling apart altogether."""
    hand = sorted(state.hands[seat])
    key = TWIN_KEY[bool(state.marks)]
    keys = [key[c] for c in hand]
    make, action, discard = new, Action, K.DISCARD  # locals: a module global is a dict look-up each time
    out: list[Action] = []
    if len(set(keys)) == len(keys):
        for k in range(MAX_DISCARD + 1):
            for d in combinations(hand, k):
                out.append(make(action, (seat, discard, None, d)))
    else:
        said: set[tuple[int, ...]] = set()
        for k in range(MAX_DISCARD + 1):
            for d in combinations(hand, k):
                told = tuple(sorted([key[c] for c in d]))
                if told not in said:
                    said.add(told)
                    out.append(make(action, (seat, discard, None, d)))
    out.append(_made(seat, K.FOLD))
    return out


def legal(state: OnionState) -> list[Action]:
    """Every legal action of the seat to act. At the showdown only the
    solver's best arrangement is listed; ``check`` accepts any real one."""
    if state.over:
        return []
    seat, phase = state.turn, state.phase
    if phase == Phase.DRAW:
        return _discards(state, seat)
    if phase in CARD_PHASES:
        return _card_phase_legal(state, seat, phase)
    out: list[Action] = []
    for kind in MOVES_OF[phase]:
        if kind in AMOUNT_KINDS:
            for a in amounts(state, seat, kind):
                out.append(_made(seat, kind, a))
        elif _possible(state, seat, kind):
            out.append(_made(seat, kind))
    return out


def _specials_now(state: OnionState, seat: int) -> list[int]:
    """Special cards ``seat`` may declare in this phase: in the declaration
    round, or at its showdown turn when there is no such round (CMO-8.2)."""
    if state.phase == Phase.CRIPPLE or (state.phase == Phase.SHOWDOWN and state.options["declaration_round"]):
        return []
    return modifiers.declarable(state, seat)


def _card_phase_legal(state: OnionState, seat: int, phase: Phase) -> list[Action]:
    out = [Action(seat, K.SPECIAL, c) for c in _specials_now(state, seat)]
    if phase == Phase.SPECIALS:
        out.append(Action(seat, K.DONE))
    elif phase == Phase.CHOOSE:
        out = [Action(seat, K.CHOOSE, c) for c in state.offered]
    elif phase == Phase.REVEAL:
        out = [Action(seat, K.REVEAL, c) for c in modifiers.undisclosed(state, seat)]
    else:
        if phase == Phase.SHOWDOWN:
            out.append(Action(seat, K.DECLARE, arg=modifiers.best(state, seat).declaration()))
        else:
            out.append(Action(seat, K.PASS))
        flush = modifiers.cripple_option(state, seat)
        if flush is not None:
            out.append(Action(seat, K.DECLARE, arg=((RUNNING_FLUSHES[flush.length], flush.cards),)))
    return out


def resolve_arg(state: OnionState, action: Action) -> tuple[Illegal | None, Any]:
    """Check ``action`` and resolve its argument against the seat's hand:
    (None, the cards or arrangement) when legal, else (why not, None)."""
    seat, kind = action.seat, KIND_OF.get(action.kind) or K(action.kind)  # the envelope has checked it is one
    if seat != state.turn:
        return NOT_YOUR_TURN, None
    rule = PHASES[state.phase]
    if kind not in rule.moves:
        return rule.wrong_time, None
    if kind in AMOUNT_KINDS:
        if kind == K.RAISE and state.part in NO_RAISE_PARTS:
            return NO_RAISE, None
        if action.arg not in amounts(state, seat, kind) or isinstance(action.arg, bool):
            return BAD_AMOUNT, None
        return None, action.arg
    if kind == K.DISCARD:
        cards = action.arg
        # a tuple (what ``legal`` lists) first: ``isinstance`` against the Sequence ABC is slow
        if type(cards) is not tuple and (not isinstance(cards, Sequence) or isinstance(cards, str)):
            return NOT_HELD, None
        if len(cards) > MAX_DISCARD:
            return TOO_MANY, None
        held = resolve(state.hands[seat], cards, state.marks)
        return (NOT_HELD, None) if held is None else (None, held)
    if kind == K.DECLARE:
        return _judge(state, seat, action.arg)
    if kind == K.SPECIAL:
        return (None, None) if action.card in _specials_now(state, seat) else (NOT_SPECIAL, None)
    if kind == K.CHOOSE:
        got = resolve(state.offered, [action.card], state.marks) if isinstance(action.card, int) else None
        return (NOT_OFFERED, None) if got is None else (None, got[0])
    if kind == K.REVEAL:
        undisclosed = modifiers.undisclosed(state, seat)
        got = resolve(undisclosed, [action.card], state.marks) if isinstance(action.card, int) else None
        return (NOT_UNDISCLOSED, None) if got is None else (None, got[0])
    if not _possible(state, seat, kind):
        return (rule.wrong_time if kind == K.FOLD else CANNOT_AFFORD), None
    return None, None


def _judge(state: OnionState, seat: int, arg: Any) -> tuple[Illegal | None, Any]:
    try:
        declared = [(str(k), tuple(cards)) for k, cards in arg]
    except (TypeError, ValueError):
        return Illegal("CMO-5.6", "declare a list of (grouping, cards)"), None
    if state.phase == Phase.CRIPPLE or (len(declared) == 1 and declared[0][0] in RUNNING_FLUSHES.values()):
        flush = modifiers.cripple_option(state, seat)
        ok = flush is not None and len(declared) == 1 and declared[0][0] == RUNNING_FLUSHES[flush.length]
        held = resolve(state.hands[seat], declared[0][1]) if ok else None
        if flush is None or held is None or sorted(c % 52 for c in held) != sorted(c % 52 for c in flush.cards):
            return NO_CRIPPLE, None
        return None, flush
    # the copies of the whole declaration fixed at once, the same way from any JSON; a
    # shift names two cards that stay in the groupings, so it keeps its own copies
    flat = resolve(state.hands[seat], [c for k, cards in declared if k != solver.SHIFT for c in cards])
    if flat is not None:
        picked = iter(flat)
        declared = [(k, cards if k == solver.SHIFT else tuple(next(picked) for _ in cards)) for k, cards in declared]
    got = solver.judge_any(state.hands[seat], declared, modifiers.rules_for(state, seat))
    if isinstance(got, str):
        return Illegal("CMO-3.1", got), None
    return None, got


def check(state: OnionState, action: Action) -> Illegal | None:
    """None if ``action`` is legal now, else the clause it breaks. Nothing in
    the seed is a penalty, so every refusal holds in table mode too."""
    return resolve_arg(state, action)[0]
