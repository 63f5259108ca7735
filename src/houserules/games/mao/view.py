"""What one seat may know of a Mao game.

A seat sees its own hand, every hand's size, any hand held up for all to
see (Band-Aid), the top cards of the play pile (everyone saw them land), the
draw pile's size, whose turn it is and when delay of game would fall due (the
turn clock), the pause, who is holding their cards, each seat's penalty count,
and the recent public happenings (what was played, said, knocked and which
penalties were named). It never sees a rule, a reason, a duty still owed or
another hand: at a Mao table nobody explains. Once the game is over, and if
the table chose to, the rules in play are revealed.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ...cards import card_name
from . import language
from . import rulebook as rb
from .phrases import plausible
from .rulebook import RULES, TITLES
from .state import MaoState

PILE_SHOWN = 3


@dataclass(frozen=True, slots=True)
class MaoView:
    seat: int | None
    players: int
    hand: tuple[int, ...] | None
    hand_sizes: tuple[int, ...]
    shown: tuple[tuple[int, tuple[int, ...]], ...]
    pile: tuple[int, ...]
    discard_size: int
    draw_size: int
    dealer: int
    turn: int
    direction: int
    drawn: bool
    started: bool
    paused: bool
    asked: int | None
    adjourn_at: float | None
    turn_deadline: float | None
    clock: float
    holding: tuple[bool, ...]
    penalties: tuple[int, ...]
    log: tuple[tuple[Any, ...], ...]
    over: bool
    winner: int | None
    rules: tuple[str, ...] | None
    advice: tuple[tuple[int, str], ...] | None
    correction: tuple[int, int] | None
    #: a person at the dealer seat judges (option ``judge``: public, like every option but the rules)
    dealer_judges: bool = False
    #: what this seat may plausibly say in one tap, from what it has seen (``phrases``)
    quick: tuple[str, ...] = ()

    @property
    def top(self) -> int:
        return self.pile[-1]

    @property
    def match(self) -> Mapping[str, Any] | None:
        """The match around the game as this seat may know it: none for a single game
        (a match's view, ``match.MatchView``, carries one)."""
        return None

    def live_turn(self, seat: int) -> bool:
        """Whether ``seat`` may take a turn action now (it is their turn, or they
        follow a player who drew)."""
        if not self.started or self.paused or self.over:
            return False
        return seat == self.turn or (self.drawn and seat == (self.turn + self.direction) % self.players)

    def to_json(self) -> dict[str, Any]:
        return {
            "game": "mao",
            "seat": self.seat,
            "players": self.players,
            "hand": None if self.hand is None else [card_name(c) for c in self.hand],
            "hand_sizes": list(self.hand_sizes),
            "shown": {str(s): [card_name(c) for c in cards] for s, cards in self.shown},
            "top": card_name(self.top),
            "pile": [card_name(c) for c in self.pile],
            "discard_size": self.discard_size,
            "draw_size": self.draw_size,
            "dealer": self.dealer,
            "turn": self.turn,
            "direction": self.direction,
            "drawn": self.drawn,
            "started": self.started,
            "paused": self.paused,
            "point_of_order": self.asked,
            "adjourn_at": self.adjourn_at,
            "turn_deadline": self.turn_deadline,
            "clock": self.clock,
            "holding": [i for i, h in enumerate(self.holding) if h],
            "penalties": list(self.penalties),
            "log": [list(e) for e in self.log],
            "over": self.over,
            "winner": self.winner,
            "rules": None if self.rules is None else list(self.rules),
            "advice": None if self.advice is None else [list(x) for x in self.advice],
            "correction": None if self.correction is None else list(self.correction),
            "dealer_judges": self.dealer_judges,
            "quick": list(self.quick),
        }


#: the rules a dealer watches (what they see, not what a card sets off), in full words for the reveal;
#: {delay} and {grace} are the table's times
WATCHED = {
    "talking": "Talking: speaking at all except as the rules require (their words, the table's procedure, "
               "giving penalties) or while the game is paused is “talking”.",
    "out": "Out of turn: playing or drawing when it is another player's turn is “not your turn”; a card played "
           "is taken back, a card drawn is kept.",
    "delay": "Delay of game: taking more than {delay} seconds to play after your turn begins is “delay of game” "
             "(or “your turn, go”), again every {delay} seconds until you play or draw.",
    "pointing": "Pointing: indicating to the player whose turn it is that it is their turn (pointing at them), "
                "unless a rule asks you to point, is “pointing” (or “gesturing”).",
    "discussion": "Discussion of rules: discussing or explaining {told} — before the game, "
                  "between games and while the game is paused too — is “discussion of the rules”; a rule may be "
                  "referred to by the penalty assessed or by its paragraph's name, but nothing may reveal a detail "
                  "of a rule to a player who is unaware of it.",
    "corrections": "Corrections: anyone may call a penalty the dealer missed; a call on no violation (or the wrong "
                   "one) gives the caller the card as “bad call”.",
    "touching": "Touching cards: a player who is not the dealer touching their cards before the game starts, or "
                "while the game is paused once {grace} seconds have passed, is “touching your cards”, again every "
                "{grace} seconds until they let go.",
    "bandaid": "Band-Aid: holding your cards up so others can see them is “Band-Aid”, again every {grace} seconds "
               "until you hide them; anyone may call it.",
    "discretion": "Discretion: the dealer may deal with anything the rules did not foresee (the software dealer "
                  "assesses only these rules).",
    "original": "Original rule set: Deal, Turn and End may not be discussed either; anyone pauses with “The game of "
                "maʊ is now paused” and resumes with the start sentence; “13 points” is not allowed; a missed "
                "penalty is called on the dealer as “failure to say” it.",
}
#: what Discussion of rules lets players discuss ({told}): the seed's exception, the Extension's, none
TOLD = {"standard": "any rule but Deal, Turn, End and this rule",
        "original": "any rule at all (the original set makes no exception)",
        "extension": "any rule but the base rules, the setup and play instructions (Deal, Turn, End) and this rule"}


def revealed(state: MaoState) -> tuple[str, ...]:
    """The rules in play in full words, in the seed's order, then the table's written rules: each
    rule as a sentence a newcomer can check their evening against (the reveal after a game, and
    the rules a judging dealer applies). A paragraph the seed gives as several records (Turn
    order) is one entry."""
    told = "extension" if state.options.get("extension") else "original" if state.original else "standard"
    times = {"delay": f"{state.delay_s:g}", "grace": f"{state.grace_s:g}", "told": TOLD[told]}
    out: dict[str, list[str]] = {}
    for r in RULES:
        if r.id in state.rules or r.group == "base":
            if r.id in WATCHED:
                out[r.id] = [WATCHED[r.id].format(**times)]
            else:
                body = language.explain(r).removeprefix(f"{r.title}: ")
                out.setdefault(r.id, [f"{TITLES[r.id]}:"]).append(body)
    for extra in ("discretion", "original"):
        if extra in state.rules or extra == "discretion":
            out[extra] = [WATCHED[extra]]
    out.update({r.id: [language.explain(r)] for r in state.house})
    return tuple(" ".join(parts) for parts in out.values())


def view(state: MaoState, seat: int | None) -> MaoView:
    judging = state.by_dealer and seat == state.dealer  # H-dealer: the person who judges sees the rules
    deadline = None
    if state.timed:
        deadline = (state.draw_at if state.drawn else state.turn_at) + state.delay_s
    return MaoView(
        seat=seat,
        players=state.players,
        hand=None if seat is None else tuple(state.hands[seat]),
        hand_sizes=tuple(len(h) for h in state.hands),
        shown=tuple((s, tuple(h)) for s, h in enumerate(state.hands) if state.showing[s]),
        pile=tuple(state.discard[-PILE_SHOWN:]),
        discard_size=len(state.discard),
        draw_size=len(state.draw),
        dealer=state.dealer,
        turn=state.turn,
        direction=state.direction,
        drawn=state.drawn,
        started=state.started,
        paused=state.paused,
        asked=state.asked,
        adjourn_at=state.adjourn_at,
        turn_deadline=deadline,
        clock=state.clock,
        holding=tuple(state.holding),
        penalties=tuple(state.penalties),
        log=tuple(state.log),
        over=state.over,
        winner=state.winner,
        rules=revealed(state) if (state.over and state.options["reveal"]) or judging else None,
        advice=tuple((a.seat, a.name) for a in state.advice) if judging else None,
        correction=None if state.correction is None else state.correction[:2],
        dealer_judges=state.by_dealer,
        quick=() if seat is None else plausible(state.log, seat),
    )


def dealer_words(view: MaoView) -> list[str]:
    """What the table waits for the dealer to say now, to the dealer only (every screen can see
    why: the game not started, a point of order raised, a correction called, a pause)."""
    if view.seat is None or view.seat != view.dealer or view.over:
        return []
    if not view.started:
        return [rb.START]
    if view.asked is not None:
        return [rb.SUSTAINED, rb.OVERRULED]
    if view.correction is not None:
        return list(rb.RULINGS)
    if view.paused:
        return [rb.ADJOURNED]
    return []
