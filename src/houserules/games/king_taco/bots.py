"""A King Taco player that races to go out with auction points in hand.

Only an auction wins King Taco (KT-9): the player with the best auction
score tries, and wins one time in ``goto``. Going out scores 1 + mana + the
last card's number; every other player scores 1, its auction discard adding
nothing (KT-9.5). So whoever goes out on 2 points or more is the one who
tries (unless an inversion makes the lowest try), and a failed try costs it
7 cards. This player therefore:

- sheds fast, keeping one number card for last (going out on a number
  scores) and playing the low numbers first;
- plans its last card for 2 points or more (mana in hand or a number), and
  avoids going out when an inversion that will still hold hands the try to
  another player;
- values mana at half a card shed per point: it plays effects whose use is
  worth their price (an ``all++``, a ``+= 2``, a skip; more so on a player
  about to go out), sheds the others when it cannot afford them, and never
  starts a lock (the next player would choose it) or plays ``x2`` or NOPE alone;
- fears its own NOPE: a NOPE is always playable (KT-7.11.5), so with 3 mana
  and nothing else to play it must be the base of a stack and NOPEs its
  player out (KT-7.11.6): this lost the bot one game in thirteen against
  random players. It sheds a NOPE while it cannot afford one (it then has no
  effect) and avoids reaching 3 mana with a NOPE in a short hand;
- passes draw stacks on (a ``+= 2`` first: skip and inverse cost it a
  turn), NOPEs big ones, steals a ``--`` discard, a harvest or a shield, and
  allows the rest (a lock is then its to choose) unless allowing would bar
  every card it could play (KT-5.4); a ``--`` discard keeps its last card;
- picks WILD colours and locks from its own hand: what it holds most, the
  others hold least (a black list from what it lacks, when inverted).

It sees only its view; ``choose`` is a pure function of the view and the
legal actions. Figures: the auction study on docs/rules/king-taco.md.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from ...bots.base import BotBase
from ...engine.core import Action
from .actions import Kind as Do
from .cards import (
    ALLPP, CALM, COLOUR, COST, CURSE, FISHING, HARVEST, INVERSE, IS_NUMBER, IS_WILD, LOCK, MINUS, NOPE, NULL, PLUS2,
    RAGE, SHIELD, SKIP, SYMBOL, VALUE, X2,
)
from .state import AUCTION_DISCARD, DEFAULT, LOCK as LOCK_COND, LOCK_COLOUR, MANA_CAP
from .view import KingTacoView

#: an effect played with its mana as the base of a stack on a free turn: what it does for us,
#: before its price. x2 alone draws us a card; all++ alone draws us one too and times us out,
#: yet it sheds our card and the others draw as many (issue 41 measured it, with inverse, -- and
#: the mana's worth, against random players and the previous weights on fresh deals); a lock is
#: chosen by the next player; a NOPE alone throws us out of the game.
ACTIVE = {PLUS2: 2.5, SKIP: 2.0, MINUS: 0.5, SHIELD: 1.0, HARVEST: 1.0, FISHING: 0.5, RAGE: 0.0, CALM: 0.0,
          INVERSE: 1.0, CURSE: 0.0, LOCK: -1.5, ALLPP: 4.0, X2: -5.0, NOPE: -100.0}
#: a += 2 stack on us, passed on by stacking: skip and inverse time us out a turn, all++ makes
#: us draw one too
PASS_ON = {PLUS2: 4.0, SKIP: 2.5, INVERSE: 2.5, ALLPP: 1.5}
#: an all++ stack on us: inverse hands the lot to the next player; += 2 and all++ add to our draw
PASS_ALLPP = {INVERSE: 5.0, SKIP: 1.0}
#: a skip on us: all++ times out everyone else, skip and inverse pass it on, += 2 makes us draw 2
PASS_SKIP = {ALLPP: 4.0, SKIP: 3.0, INVERSE: 3.0, PLUS2: -1.0}
MANA_WORTH = 0.5  # one mana, in cards shed
NOPE_SHED = 4.0  # a NOPE we cannot afford, played: no effect, and it can no longer NOPE us out
NOPE_RISK = 8.0  # reaching 3 mana with a NOPE in hand, divided by the other cards left plus one
KEEP_NUMBER = 0.1  # per pip: stack and play the low numbers first, keep the high ones for last
LAST_NUMBER = 2.0  # our only number card: it is the last card that makes going out score
HURRY = 2.5  # a += 2 or skip on a player about to go out: it would very likely try to win
GOOD_FINISH = 3.0  # going out on 2 points or more: the others have 1, so we try to win
TIED_FINISH = -2.0  # going out on 1 point: a tie with every other player, a 1 in n chance to try
GIFT_FINISH = -3.0  # going out when the lowest score tries: another player tries, we draw 7 if it fails
WILD_KEEP = 2.0  # a plain WILD plays on anything but calm and inverse: keep it


def lowest_wins(view: KingTacoView, turns: int = 0) -> bool:
    """Would an auction ``turns`` turns from now pick the lowest score (KT-9.6)?"""
    return view.inverted and view.condition in (DEFAULT, LOCK_COND) and view.condition_turns > turns


def next_seat(view: KingTacoView, seat: int) -> int:
    s = (seat + view.direction) % view.players
    while view.out[s]:
        s = (s + view.direction) % view.players
    return s


def mana_after(c: int, mana: int, view: KingTacoView, seat: int) -> int:
    """Our mana once ``c`` is played as a free turn's base (KT-8, KT-7.14)."""
    harvested = view.harvester is not None and view.harvester != seat
    sym = SYMBOL[c]
    if IS_NUMBER[c]:
        return mana if harvested else min(MANA_CAP, mana + 2)
    if sym == NULL:
        return mana
    price = 0 if sym == INVERSE and view.harvester is not None else COST[sym]
    if mana >= price:
        return mana - price + (1 if sym == X2 and not harvested else 0)
    return mana if harvested else min(MANA_CAP, mana + 1)


def finish(c: int, mana: int) -> int:
    """Our auction points if we go out on ``c`` holding ``mana`` (KT-9.3, KT-9.4); -1 when it
    would not go out (``x2`` draws a card) or would NOPE us out."""
    sym = SYMBOL[c]
    if IS_NUMBER[c]:
        return 1 + min(MANA_CAP, mana + 2) + VALUE[c]
    if sym == NULL:
        return 1 + mana
    if mana >= COST[sym]:
        return -1 if sym in (X2, NOPE) else 1 + mana - COST[sym]
    return 1 + min(MANA_CAP, mana + 1)


def from_hand(view: KingTacoView, legal: Sequence[Action], hand: list[int]) -> Action:
    """A WILD's or a lock's colour, a lock's symbol: what we hold most, so what the others
    hold least; under an inverted lock, a black list of what we hold least."""
    if legal[0].kind == Do.COLOUR:
        counts = Counter(COLOUR[c] for c in hand if not IS_WILD[c])
        blacklist = view.pending == LOCK_COLOUR and view.inverted
    else:
        counts = Counter(SYMBOL[c] for c in hand)
        blacklist = view.inverted
    return (min if blacklist else max)(legal, key=lambda a: counts[a.arg])


class KingTacoBot(BotBase):
    """What every King Taco bot does alike before it weighs anything: take a lone legal
    action, choose colours and symbols from its hand (``from_hand``), and hand the rest to
    its own judgement of a discard, a go-fishing ask, a stack or a free turn."""

    name = "bot"
    wants_view = True

    def __init__(self, seed: int = 0):
        self.seed = seed

    def choose(self, view: KingTacoView, legal: Sequence[Action]) -> Action:
        if len(legal) == 1:
            return legal[0]
        kind = legal[0].kind
        hand = list(view.hand or ())
        if kind in (Do.COLOUR, Do.SYMBOL):
            return from_hand(view, legal, hand)
        if kind == Do.TARGET:  # a house rule's target:draw: the player nearest to going out draws
            return min(legal, key=lambda a: view.hand_sizes[a.arg])
        if kind == Do.DISCARD:
            return self._discard(view, legal, hand)
        if kind == Do.FISH:
            return self._fish(view, legal, hand)
        if view.stack:
            return self._stack(view, legal, hand)
        return self._free(view, legal, hand)

    def _discard(self, view: KingTacoView, legal: Sequence[Action], hand: list[int]) -> Action:
        raise NotImplementedError

    def _fish(self, view: KingTacoView, legal: Sequence[Action], hand: list[int]) -> Action:
        raise NotImplementedError

    def _stack(self, view: KingTacoView, legal: Sequence[Action], hand: list[int]) -> Action:
        raise NotImplementedError

    def _free(self, view: KingTacoView, legal: Sequence[Action], hand: list[int]) -> Action:
        raise NotImplementedError


class KingTacoHeuristic(KingTacoBot):
    name = "heuristic"

    def _fish(self, view: KingTacoView, legal: Sequence[Action], hand: list[int]) -> Action:
        held = Counter(SYMBOL[c] for c in hand)
        # a catch hands the card over: name one we are glad to lose (not a number), of a symbol we
        # hold few of (more copies out there), at the biggest hand
        return max(legal, key=lambda a: (not IS_NUMBER[a.card], -held[SYMBOL[a.card]], view.hand_sizes[a.arg]))

    def _stack(self, view: KingTacoView, legal: Sequence[Action], hand: list[int]) -> Action:
        """A NOPE window (we may pass) or a stack that waits on us."""
        if any(a.kind == Do.PASS for a in legal):
            return self._react(view, legal, hand)
        return self._decide(view, legal, hand)

    def _discard(self, view: KingTacoView, legal: Sequence[Action], hand: list[int]) -> Action:
        if view.pending == AUCTION_DISCARD:
            # it scores nothing (KT-9.5): keep the colours we hold most (playable later); the
            # number's value no longer matters, the highest goes first
            colours = Counter(COLOUR[c] for c in hand if not IS_WILD[c])
            return min(legal, key=lambda a: (colours[COLOUR[a.card]], -VALUE[a.card]))
        # a -- discard (optional, KT-7.13.1): shed what is hardest to use, keep numbers and WILDs,
        # and keep a last card to go out on at our own turn (an empty hand only draws)
        keep = next((a for a in legal if a.kind == Do.PASS), None)
        cards = [a for a in legal if a.kind == Do.DISCARD]
        if keep is not None and len(hand) <= 1:
            return keep
        mana = view.mana[view.seat] if view.seat is not None else 0

        def burden(a: Action) -> float:
            c: int = a.card
            if IS_NUMBER[c]:
                return -KEEP_NUMBER * VALUE[c]
            if IS_WILD[c]:
                return -WILD_KEEP
            return COST[SYMBOL[c]] + (3.0 if SYMBOL[c] == NOPE and mana < 3 else 0.0)

        return max(cards, key=burden)

    # --- a NOPE window: NOPE what hurts us ----------------------------------------------------
    def _react(self, view: KingTacoView, legal: Sequence[Action], hand: list[int]) -> Action:
        nopes = [a for a in legal if a.kind == Do.NOPE]
        passing = next(a for a in legal if a.kind == Do.PASS)
        if not nopes or len(hand) <= 2:
            return passing
        seat = view.seat
        ours = view.stack_seats[0] == seat or view.stack_seats[-1] == seat
        if view.stack_kind == ALLPP:
            return nopes[0]  # we draw too, or are timed out
        if view.stack_kind == HARVEST and view.stack_seats[0] != seat:
            return nopes[0]
        if ours and SYMBOL[view.stack[-1]] == NOPE:
            return nopes[0]  # a NOPE war on our own stack: NOPE back
        return passing

    # --- a stack waits on us -------------------------------------------------------------------
    def _decide(self, view: KingTacoView, legal: Sequence[Action], hand: list[int]) -> Action:
        seat = view.seat if view.seat is not None else 0
        plays = [a for a in legal if a.kind == Do.PLAY]
        nopes = [a for a in legal if a.kind == Do.NOPE]
        allow = next(a for a in legal if a.kind == Do.ALLOW)
        kind = view.stack_kind
        mine = view.stack_seats[0] == seat
        can_nope = bool(nopes) and len(hand) > 2 and view.stack_count >= 2

        def cheap(a: Action) -> float:
            """Stack numbers last (they are auction points), and cheap cards first."""
            c: int = a.card
            return -KEEP_NUMBER * VALUE[c] - COST[SYMBOL[c]] * 0.3

        table = {PLUS2: PASS_ON, ALLPP: PASS_ALLPP, SKIP: PASS_SKIP}.get(kind) if kind is not None else None
        if table is not None and not view.stack_closed:
            options = [(table.get(SYMBOL[a.card], -2.0) + cheap(a), a) for a in plays]
            best = max(options, key=lambda x: x[0], default=None)
            if best is not None and best[0] > 0:
                return best[1]
            return nopes[0] if can_nope else allow
        if not mine:
            if kind == MINUS:  # steal the discard
                steal = [a for a in plays if SYMBOL[a.card] in (MINUS, X2) or view.stack_count <= 2]
                if steal:
                    return max(steal, key=cheap)
            if kind == HARVEST:  # a harvest on it makes us the harvester; else NOPE it
                if plays:
                    return max(plays, key=cheap)
                if nopes and len(hand) > 2:
                    return nopes[0]
            if kind == SHIELD and plays and view.mana[seat] >= 3:
                return plays[0]  # x2 steals the shield
        # rage, calm, lock, inverse, curse, go fishing, our own stacks: allowing costs nothing (a
        # lock is then ours to choose), but bars the cards that could have stacked (KT-5.4): stack
        # when the rest of the hand is numbers we keep.
        stackable = {a.card for a in plays}
        if plays and all(c in stackable or IS_NUMBER[c] for c in hand):
            keep_draws = [a for a in plays if SYMBOL[a.card] != PLUS2]  # += 2 on a condition: we draw 2
            if keep_draws:
                return max(keep_draws, key=cheap)
        return allow

    # --- a free turn ---------------------------------------------------------------------------
    def _free(self, view: KingTacoView, legal: Sequence[Action], hand: list[int]) -> Action:
        plays = [a for a in legal if a.kind == Do.PLAY]
        if not plays:
            return legal[0]
        seat = view.seat if view.seat is not None else 0
        mana = view.mana[seat]
        nxt = next_seat(view, seat)
        low = lowest_wins(view, view.players - sum(view.out))  # at our next turn
        numbers = sum(1 for c in hand if IS_NUMBER[c])
        nopes = sum(1 for c in hand if SYMBOL[c] == NOPE)
        harvest = view.harvester is not None

        def score(a: Action) -> float:
            c = a.card
            sym = SYMBOL[c]
            after = mana_after(c, mana, view, seat)
            s = MANA_WORTH * (after - mana) - self._nope_risk(hand, nopes - (sym == NOPE), after)
            if IS_NUMBER[c]:
                s -= KEEP_NUMBER * VALUE[c] + (LAST_NUMBER if numbers == 1 and len(hand) > 2 else 0.0)
            elif sym == NULL:
                s -= WILD_KEEP
            else:
                if IS_WILD[c]:
                    s -= 1.0
                if mana >= (0 if sym == INVERSE and harvest else COST[sym]):
                    s += ACTIVE[sym]
                    if sym in (PLUS2, SKIP) and view.hand_sizes[nxt] <= 2:
                        s += HURRY
                elif sym == NOPE:
                    s += NOPE_SHED
            if len(hand) == 2:
                s += self._last_card(hand[1] if hand[0] == c else hand[0], after, low)
            return s

        return max(plays, key=score)

    @staticmethod
    def _nope_risk(hand: list[int], nopes: int, mana: int) -> float:
        """What holding ``nopes`` NOPEs at ``mana`` after this play risks: with 3 mana a NOPE that
        is our only playable card NOPEs us out, likelier the fewer other cards we hold."""
        if not nopes or mana < COST[NOPE]:
            return 0.0
        return NOPE_RISK / (len(hand) - nopes)

    @staticmethod
    def _last_card(c: int, mana: int, low: bool) -> float:
        """How good ``c`` is as the card we go out on next turn. The others score 1 point
        each (KT-9.2, KT-9.5), so 2 points make us the one who tries (KT-9.6); under an
        inversion that will still hold, the lowest tries, so going out hands the try over."""
        points = finish(c, mana)
        if points < 0:  # a NOPE we would have to play with 3 mana throws us out; x2 draws a card
            return -10.0 if SYMBOL[c] == NOPE else 0.0
        if low:
            return GIFT_FINISH
        return GOOD_FINISH if points >= 2 else TIED_FINISH
