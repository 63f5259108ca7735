"""What each seat may do now, and why an attempt is refused (one answer for menus, bots and referees).

``legal`` lists every legal action; ``check`` refuses anything not in that
list with the clause it breaks (BP-3 for turn order, BP-2 for zones, BP-R
for the resolution machine's questions), so the two cannot disagree.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Any, Final

from ...engine.core import Action, Illegal
from . import declare
from .cards import MAX_ID, card_name
from .effects_high import usable_jacks
from .joint import neutralizers
from .machine import options_for
from .pairs import candidates, set_rule
from .state import DECLARE, PLAYERS, TURN, BState
from .tiles import kept_on_scrap, unit
from .unit import triggers
from .zones import counted, maximum


class Kind(StrEnum):
    """bpoker's actions: the JSON ``action`` words."""

    PLAY = "play"
    PAIR = "pair"
    PASS = "pass"
    SCRAP = "scrap"
    USE = "use"
    DECLARE = "declare"
    CHOOSE = "choose"


GAME_OVER: Final = Illegal("BP-1.6", "the game is over")

_tuple: Final = tuple.__new__
_ACTION: Final = Action

#: the most seats a game has
SEATS: Final = PLAYERS[1]
#: how many actions of one kind are remembered before they are forgotten at once (``Made``)
REMEMBERED: Final = 20_000


class Made:
    """The actions of one kind ``legal`` has made, each made once and handed out again (an
    ``Action`` is an immutable tuple): making one costs a C call (``tuple.__new__``), finding
    it again an index or a dict look-up, and random play lists five or more a decision."""

    def __init__(self, kind: str) -> None:
        self.kind = kind
        self.cards: list[list[Action | None]] = [[None] * MAX_ID for _ in range(SEATS)]
        self.args: list[dict[Any, Action]] = [{} for _ in range(SEATS)]

    def card(self, seat: int, card: int) -> Action:
        """``Action(seat, kind, card)``."""
        if not (0 <= seat < SEATS and 0 <= card < MAX_ID):
            return _tuple(_ACTION, (seat, self.kind, card, None))
        row = self.cards[seat]
        action = row[card]
        if action is None:
            action = row[card] = _tuple(_ACTION, (seat, self.kind, card, None))
        return action

    def fresh(self, seat: int, arg: Any) -> Action:
        """``Action(seat, kind, arg=arg)``, not remembered: for arguments seldom offered twice (a
        declared hand or a pair of card ids: remembering them missed nine times in ten)."""
        return _tuple(_ACTION, (seat, self.kind, None, arg))

    def arg(self, seat: int, arg: Any = None) -> Action:
        """``Action(seat, kind, arg=arg)``."""
        if not 0 <= seat < SEATS:
            return _tuple(_ACTION, (seat, self.kind, None, arg))
        made = self.args[seat]
        action = made.get(arg)
        if action is None:
            if len(made) >= REMEMBERED:  # choices name cards and seats: keep it bounded
                made.clear()
            action = made[arg] = _tuple(_ACTION, (seat, self.kind, None, arg))
        return action


_PLAY: Final = Made(Kind.PLAY)
_PAIR: Final = Made(Kind.PAIR)
_PASS: Final = Made(Kind.PASS)
_SCRAP: Final = Made(Kind.SCRAP)
_USE: Final = Made(Kind.USE)
_DECLARE: Final = Made(Kind.DECLARE)
_CHOOSE: Final = Made(Kind.CHOOSE)


def to_act(state: BState) -> tuple[int, ...]:
    if state.over:
        return ()
    if state.ask is not None:
        return (state.ask.seat,)
    if state.window:
        return tuple(state.window.seats)
    return (state.turn,)


def _free(state: BState) -> bool:
    return state.ask is None and not state.window and not state.frames


def can_play(state: BState, seat: int) -> bool:
    return counted(state, seat) < maximum(state, seat)


def legal(state: BState) -> list[Action]:
    if state.over:
        return []
    if state.ask is not None or state.window:
        return [_CHOOSE.arg(s, o) for s in to_act(state) for o in options_for(state, s)]
    t = state.turn
    if state.phase == DECLARE:
        return [_DECLARE.fresh(t, c) for c in declare.options(state, t)] + free(state, None)
    out: list[Action] = []
    room = can_play(state, t)  # asked once: it reads every live card's continuous effects
    if room:
        out += [_PLAY.card(t, c) for c in sorted(set(state.viewing[t]))]
        out += [_PAIR.fresh(t, cs) for cs in candidates(state.viewing[t])]
    if state.played or not state.viewing[t] or not room:
        out.append(_PASS.arg(t))
    if not state.played and any(not kept_on_scrap(s) for s in state.tables[t]):
        out.append(_SCRAP.arg(t))
    out += [_USE.card(t, j) for j in usable_jacks(state, t)]
    out += [_USE.card(t, c) for c in neutralizers(state, t)]
    out += [_USE.card(t, c) for c in triggers(state, t)]
    return out + free(state, t)


def free(state: BState, but: int | None) -> list[Action]:
    """Neutralization "at any time" (L1245, BP-JE.N): at a free moment of any turn (nothing is
    being resolved), every seat in the hand but ``but`` (whose turn lists it already) may use
    it. They are not in ``to_act``: the game never waits for them (a free action, docs/engine.md)."""
    return [_USE.card(s, c) for s in state.live() if s != but and any(sl.wild for sl in state.tables[s])
            for c in neutralizers(state, s)]  # the wild first: the cheap test, on the hot path


def check(state: BState, action: Action) -> Illegal | None:
    if action in legal(state):
        return None
    return explain(state, action)


def explain(state: BState, a: Action) -> Illegal:
    """Why ``a`` is not legal now: the clause it breaks."""
    if state.ask is not None:
        if a.seat != state.ask.seat or a.kind != Kind.CHOOSE:
            return Illegal("BP-R.1", f"seat {state.ask.seat} must first choose: {state.ask.prompt}")
        for option, clause, why in state.ask.withheld:
            if a.arg == option:
                return Illegal(clause, why)
        return Illegal(state.ask.clause, f"{a.arg!r} is not one of: {', '.join(state.ask.options)}")
    if state.window:
        if a.seat not in state.window or a.kind != Kind.CHOOSE:
            return Illegal("BP-R.3", "reactions are being asked for first")
        return Illegal("BP-R.3", f"{a.arg!r} is not one of: {', '.join(options_for(state, a.seat))}")
    if a.kind == Kind.CHOOSE:
        return Illegal("BP-R.1", "nobody is asked to choose anything now")
    if a.seat != state.turn:
        return Illegal("BP-3.0", "it is not your turn")
    if state.phase == DECLARE:
        if a.kind != Kind.DECLARE:
            return Illegal("BP-3.5", "your turn is over: declare your 5-card poker hand")
        if declare.obliged(state, a.seat) and not set(declare.obliged(state, a.seat)) <= set(a.arg or ()):
            return Illegal("BP-3C", "every 3♣ in effect on your table must be in your hand")
        return Illegal("BP-4.6", "declare five cards of your table (all of them if you have fewer)")
    if a.kind == Kind.DECLARE:
        return Illegal("BP-3.5", "you declare when your turn ends")
    if a.kind == Kind.PLAY:
        if a.card not in state.viewing[a.seat]:
            return Illegal("BP-2.2", f"{_name(a.card)} is not in your viewing hand")
        return Illegal("BP-2.5", "your table is at its maximum: pass (or scrap first)")
    if a.kind == Kind.PAIR:
        return _explain_pair(state, a)
    if a.kind == Kind.PASS:
        return Illegal("BP-3.4", "you must play at least one card while your table has room")
    if a.kind == Kind.SCRAP:
        return Illegal("BP-3.3", "you may scrap only before your first play of the turn, with cards on your table "
                                "that a scrap takes (6+6+6 and 10♦+card tiles stay)")
    if any(a.card in s.cards for s in state.tables[a.seat] if unit(s)):
        return Illegal("BP-P.6T", "turn an upright 6 of your 6+6+6 sideways only in your turn, with a card "
                                  "in your viewing hand to force")
    return Illegal("BP-J.D", "use a no-effect J of yours (with another no-effect card on a table), a 3♣ "
                             "with a wild of yours (BP-JE.N), or a 6 of your 6+6+6 (BP-P.6T)")


def _explain_pair(state: BState, a: Action) -> Illegal:
    cards = tuple(a.arg or ())
    hand = list(state.viewing[a.seat])
    for c in cards:
        if c not in hand:
            return Illegal("BP-2.2", f"{_name(c)} is not in your viewing hand")
        hand.remove(c)
    if set_rule(cards) is None:
        return Illegal("BP-P.0", f"{' + '.join(_name(c) for c in cards)} is not an acceptable card pair or set")
    return Illegal("BP-2.5", "your table is at its maximum: pass (or scrap first)")


def _name(card: object) -> str:
    return card_name(card) if isinstance(card, int) else repr(card)


def attempts(state: BState) -> list[Action]:
    """Legal actions and near misses for every seat: each card it has anywhere, each kind."""
    out = list(legal(state))
    for s in range(state.players):
        mine = set(state.viewing[s]) | set(state.ctbp[s]) | {c for sl in state.tables[s] for c in sl.cards}
        for c in sorted(mine)[:12]:
            out += [Action(s, Kind.PLAY, c), Action(s, Kind.USE, c)]
        out += [Action(s, Kind.PASS), Action(s, Kind.SCRAP), Action(s, Kind.CHOOSE, arg="skip"),
                Action(s, Kind.CHOOSE, arg="seat:9"), Action(s, Kind.DECLARE, arg=tuple(sorted(mine)[:5]))]
    out.append(Action(state.turn, Kind.DECLARE, arg=()))
    return out


__all__ = ["TURN"]
