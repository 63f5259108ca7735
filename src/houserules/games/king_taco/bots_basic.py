"""The first mana-aware King Taco player, kept as ``basic`` to measure the
``heuristic`` against (``bots.py``).

It plays as a careful person who knows the auction does: shed cards, but go
out holding mana and on a high number (both are auction points); spend mana
on effects that hurt the next player or pass a draw on, and play cards it
cannot afford only when mana is low (they are worth 1 mana); never NOPE
itself out unless forced; pass draw stacks on rather than draw, NOPE big
ones, steal a ``--`` discard, a shield or a harvest when it can; choose WILD
and lock colours from its own hand (``bots.from_hand``, shared with the
``heuristic``); discard its highest number in someone else's auction (the
discard scores nothing since KT-H21 was withdrawn; the habit is kept so that
this bot stays the fixed yardstick). It sees only its view.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from ...bots.base import BotBase
from ...engine.core import Action
from .actions import Kind as Do
from .cards import (
    ALLPP, CALM, COLOUR, COST, CURSE, FISHING, HARVEST, INVERSE, IS_NUMBER, IS_WILD, LOCK, MINUS, NOPE, PLUS2, RAGE,
    SHIELD, SKIP, SYMBOL, VALUE, X2,
)
from .state import AUCTION_DISCARD
from .view import TacoView
from .bots import from_hand

DRAW_STACKS = (PLUS2, ALLPP, SKIP)
#: how much an activated effect is worth on a free turn (before its mana cost)
EFFECT_VALUE = {PLUS2: 6.0, SKIP: 5.0, ALLPP: 3.0, MINUS: 5.0, HARVEST: 4.0, FISHING: 2.0, LOCK: 2.0, RAGE: 1.0,
                CALM: 2.0, INVERSE: 1.0, SHIELD: 1.5, CURSE: 0.5, X2: -4.0, NOPE: -100.0}
#: passing a draw stack on: the cheapest card that moves it away from us
PASS_ON = {PLUS2: 3.0, SKIP: 2.5, INVERSE: 2.0, ALLPP: 1.0}


class KingTacoBasic(BotBase):
    name = "basic"
    wants_view = True

    def __init__(self, seed: int = 0):
        self.seed = seed

    def choose(self, view: TacoView, legal: Sequence[Action]) -> Action:
        if len(legal) == 1:
            return legal[0]
        kind = legal[0].kind
        hand = list(view.hand or ())
        if kind in (Do.COLOUR, Do.SYMBOL):
            return from_hand(view, legal, hand)
        if kind == Do.DISCARD:
            return self._discard(view, legal)
        if kind == Do.FISH:
            return self._fish(view, legal, hand)
        if view.stack:
            return self._stack(view, legal)
        return self._free(view, legal, hand)

    # --- choices ----------------------------------------------------------
    def _discard(self, view: TacoView, legal: Sequence[Action]) -> Action:
        if view.pending == AUCTION_DISCARD:
            lowest = view.inverted and view.condition in (0, 3)
            return (min if lowest else max)(legal, key=lambda a: VALUE[a.card])
        # a -- discard (optional): shed what is hardest to use (expensive effects, then NOPEs we
        # cannot fund), but keep a last card to go out on
        cards = [a for a in legal if a.kind == Do.DISCARD]
        if len(cards) < len(legal) and len(view.hand or ()) <= 1:
            return next(a for a in legal if a.kind == Do.PASS)
        mana = view.mana[view.seat] if view.seat is not None else 0
        return max(cards, key=lambda a: (COST[SYMBOL[a.card]] - (3 if IS_WILD[a.card] else 0)
                                         + (5 if SYMBOL[a.card] == NOPE and mana < 3 else 0)))

    def _fish(self, view: TacoView, legal: Sequence[Action], hand: list[int]) -> Action:
        counts = Counter(SYMBOL[c] for c in hand)
        # numbers are the commonest symbols; the biggest hand is likeliest to hold one
        return max(legal, key=lambda a: (IS_NUMBER[a.card], -counts[SYMBOL[a.card]], view.hand_sizes[a.arg]))

    # --- stacks and windows ---------------------------------------------------
    def _stack(self, view: TacoView, legal: Sequence[Action]) -> Action:
        by = {a.kind: a for a in legal}
        nopes = [a for a in legal if a.kind == Do.NOPE]
        base_seat = view.stack_seats[0]
        mine = base_seat == view.seat
        kind = view.stack_kind
        if Do.PASS in by:  # out of turn: NOPE what hurts everyone or feeds another, or shed a risky NOPE
            hurts = kind == HARVEST or kind == ALLPP
            if nopes and not mine and hurts:
                return nopes[0]
            return by[Do.PASS]
        plays = [a for a in legal if a.kind == Do.PLAY]
        if kind in DRAW_STACKS and not view.stack_closed:
            if plays:
                return max(plays, key=lambda a: PASS_ON.get(SYMBOL[a.card], 0) - 0.1 * COST[SYMBOL[a.card]])
            if nopes and view.stack_count >= 3:
                return nopes[0]
        elif kind in (MINUS, SHIELD, HARVEST) and plays and not mine:
            return plays[0]  # steal the discard, the shield, the harvest
        return by.get(Do.ALLOW, legal[0])

    # --- a free turn -----------------------------------------------------------
    def _free(self, view: TacoView, legal: Sequence[Action], hand: list[int]) -> Action:
        plays = [a for a in legal if a.kind == Do.PLAY]
        if not plays:
            return legal[0]
        seat = view.seat if view.seat is not None else 0
        mana = view.mana[seat]
        colours = Counter(COLOUR[c] for c in hand if not IS_WILD[c])
        others = [view.hand_sizes[s] for s in range(view.players) if s != seat and not view.out[s]]
        threat = min(others) <= 2
        reserve = max((VALUE[c] for c in hand), default=0)  # the number we keep for others' auctions

        def score(a: Action) -> float:
            c = a.card
            sym = SYMBOL[c]
            if len(hand) == 1:
                return 100.0
            s = colours[COLOUR[c]] * 0.3  # keep the colour we hold most in play
            endgame = len(hand) <= 4
            if IS_NUMBER[c]:
                s += 3.0 + (4 - mana) * 0.8
                if endgame:
                    s -= 6.0 + VALUE[c]  # keep numbers, the highest last: going out on one is auction points
                if min(others) <= 3 and VALUE[c] == reserve >= 3:
                    s -= 5.0  # someone may go out soon: a high number to discard is our way to the goto try
            elif sym == NOPE:
                s += 8.0 if mana < 3 else EFFECT_VALUE[NOPE]  # dump a NOPE while it is harmless
            elif IS_WILD[c] and sym not in EFFECT_VALUE:
                s -= 2.0  # a plain WILD is worth keeping
            else:
                cost = 0 if sym == INVERSE and view.harvester is not None else COST[sym]
                if mana >= cost:
                    s += EFFECT_VALUE.get(sym, 0.0) - cost * (1.5 if endgame else 0.6)
                    if threat and sym in DRAW_STACKS:
                        s += 3.0
                    if sym == HARVEST and mana < 4:
                        s -= 3.0
                else:
                    s += 1.5 + (4 - mana) * 0.6  # unaffordable: sheds a card and gives 1 mana
            if IS_WILD[c]:
                s -= 1.0
            return s

        return max(plays, key=score)
