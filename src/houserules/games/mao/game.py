"""The Mao game object: the engine's ``Game`` protocol wired to the rulebook,
the judge, the flow of play, time, the view, and the JSON of actions and
scenario files (the issue's scenario contract). Each kind of attempt is
declared once (``MOVES``): its JSON fields, its check (``judge``), its effect
(``flow``), the clause that allows it and the words every screen shows."""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable, Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from ...cards import DECK_SIZE, card_name, parse_card, parse_cards
from ...engine.actions import Field, card_field, whole
from ...engine.base import GameBase, fewest_cards
from ...engine.core import Action, Ending, Event, GameError, Illegal, Result
from ...engine.protocol import Game
from ...engine.expect import differs, zone_expect
from ...engine.moves import Move, Moves
from ...engine.moves import seat as who
from ...engine.words import card
from . import flow, judge
from .rulebook import penalty_key
from .state import OPTIONS, MaoState, deal, literal_state, validate_options
from .view import MaoView, dealer_words, view


class Kind(StrEnum):
    """Everything a seat may do at a Mao table, at any moment."""

    PLAY = "play"
    DRAW = "draw"
    SAY = "say"
    KNOCK = "knock"
    POINT = "point"
    TOUCH = "touch"
    SHOW = "show"
    CALL = "call"


def _text(value: Any) -> str:
    if not isinstance(value, str):
        raise TypeError("say it as text")
    return value


def _whole(value: Any) -> int:
    if not whole(value):
        raise TypeError("a whole number")
    return int(value)


def _flag(value: Any) -> bool:
    if not isinstance(value, bool):
        raise TypeError("true or false")
    return value


def _call_arg(value: Any) -> tuple[int, str]:
    """A correction: the seat given a penalty card and the penalty's name, which may be left
    out (``""``): the dealer then names it (M-corrections)."""
    if not isinstance(value, Mapping) or "seat" not in value or not set(value) <= {"seat", "penalty"}:
        raise TypeError('a call is {"seat": N, "penalty": "name"} (the name may be left out)')
    seat, name = value["seat"], value.get("penalty", "")
    if not whole(seat) or not isinstance(name, str) or len(name) > 100:
        raise TypeError('a call is {"seat": N, "penalty": "name"} (the name may be left out)')
    return int(seat), name.strip()


def _is_call(v: Any) -> bool:
    return isinstance(v, tuple) and len(v) == 2 and whole(v[0]) and isinstance(v[1], str)


_SAME = lambda v: v
_WHOLE = (Field("arg", "arg", _whole, _SAME, whole, '"arg": 2'),)
_FLAG = (Field("arg", "arg", _flag, _SAME, lambda v: isinstance(v, bool), '"arg": true'),)


@dataclass(frozen=True)
class Attempt(Move[MaoState]):
    """One kind of attempt at a Mao table. Its check may be given what ``legal`` has read of
    the state already (``judge.Memo``: some sixty candidates are judged per decision), and its
    effect the penalty the judge found (table mode: anything may be attempted, and the
    attempt happens before its penalty is given: ``flow``). Never a button: the board has its
    own controls (the hand, Draw, the chat line, the rulings in the banner), and the cost is
    never said: the rules are secret."""

    check: judge.Judging
    effect: flow.CarryingOut
    button: bool = False


def _knock(a: Action, v: MaoView) -> str:
    return "Knock" if a.arg == 1 else f"Knock {a.arg} times"


def _call(a: Action, v: MaoView) -> str:
    seat, name = a.arg
    return f"Call “{name}” on {who(seat)}" if name else f"Call a penalty on {who(seat)}"


ATTEMPTS = (
    Attempt(Kind.PLAY, (card_field(parse_card, card_name, DECK_SIZE, '"card": "QS"'),), judge.check_play,
            flow.attempt_play, "M-turn", lambda a, v: f"Play {card(card_name(a.card))}"),
    Attempt(Kind.DRAW, (), judge.check_draw, flow.attempt_draw, "M-turn", "Draw"),
    Attempt(Kind.SAY, (Field("text", "arg", _text, _SAME, lambda v: isinstance(v, str), '"text": "Merry Christmas"'),),
            judge.check_say, flow.attempt_say, "H-speech", lambda a, v: f"Say “{a.arg}”"),
    Attempt(Kind.KNOCK, _WHOLE, judge.check_knock, flow.attempt_knock, "M-knocking1", _knock),
    Attempt(Kind.POINT, _WHOLE, judge.check_point, flow.attempt_point, "M-pointing",
            lambda a, v: f"Point at {who(a.arg)}"),
    Attempt(Kind.TOUCH, _FLAG, judge.check_touch, flow.attempt_touch, "M-touching",
            lambda a, v: "Touch my cards" if a.arg else "Let go of my cards"),
    Attempt(Kind.SHOW, _FLAG, judge.check_show, flow.attempt_show, "M-bandaid",
            lambda a, v: "Show my hand" if a.arg else "Hide my hand"),
    Attempt(Kind.CALL, (Field("arg", "arg", _call_arg, lambda v: {"seat": v[0], "penalty": v[1]}, _is_call,
                              '"arg": {"seat": 2, "penalty": "talking"}'),),
            judge.check_call, flow.attempt_call, "M-corrections", _call),
)
#: every kind of attempt, by its name (typed as attempts: their checks take a memo, their effects a penalty)
BY_KIND: dict[str, Attempt] = {m.kind: m for m in ATTEMPTS}
#: each kind's check, for ``judge.legal``
CHECKS: dict[str, judge.Judging] = {m.kind: m.check for m in ATTEMPTS}
MOVES: Moves[MaoState] = Moves("Mao", ATTEMPTS, judge.GAME_OVER)
CODEC = MOVES.codec


class Mao(GameBase[MaoState, MaoView]):
    """Mao (maʊ), seed 003: see docs/rules/mao.md."""

    name = "mao"
    title = "Mao"
    codec = CODEC
    moves = MOVES
    option_schema = OPTIONS
    #: delay of game: the rules wake on deadlines of their own
    keeps_time = True
    #: how scenario files compare penalty names (engine.scenario): the forgiving way speech is heard
    penalty_key = staticmethod(penalty_key)

    def options(self, raw: Mapping[str, Any]) -> dict[str, Any]:
        return validate_options(raw)

    def new(self, options: Mapping[str, Any], seed: int) -> MaoState:
        return deal(validate_options(options), seed)

    def action_from_json(self, obj: Mapping[str, Any]) -> Action:
        """The codec's reading, with one convenience: ``touch`` without ``arg`` takes hold."""
        if isinstance(obj, Mapping) and obj.get("action") == Kind.TOUCH and "arg" not in obj:
            obj = {**obj, "arg": True}
        return self.codec.from_json(obj)

    def to_act(self, state: MaoState) -> tuple[int, ...]:
        """Who the rules wait on now, for the programs that run a table (bots, the
        simulator): seats with duties (the table waits a moment for them: the turn goes on
        once they are done or their time is up), the dealer when a ruling or the start is
        awaited, else the seat whose turn it is (and its neighbour after a draw). It tells
        who owes a duty, so nothing a person sees is drawn from it: screens and turn clocks
        use ``on_the_clock``."""
        if state.over:
            return ()
        if not state.started:
            return (state.dealer,)
        # a silence is kept by doing nothing: a seat that owes only that is not asked to act
        seats = [w.seat for w in state.windows if any(d.act != "silent" and not d.done for d in w.duties)]
        # the dealer's ruling, a pause; or, with a person dealing, advice they have a reasonable time to
        # assess before play goes on (the penalty comes with the act it answers, H-dealer)
        if state.asked is not None or state.paused or state.correction is not None or any(
                a.waiting for a in state.advice):
            seats.append(state.dealer)
        if state.live and not seats:
            # after a draw, the drawer is asked only if a card it holds may be played, and played
            # without a written rule's penalty: else it has nothing to do but talk, and a bot that
            # always acts kept the next seat from ever being asked (issue 22)
            if not state.drawn or any(judge.allowed(state, c) and judge.forbidden(state, state.turn, c) is None
                                      for c in state.hands[state.turn]):
                seats.append(state.turn)
            if state.drawn:
                seats.append(state.step(state.turn))
        return tuple(dict.fromkeys(seats))

    def legal(self, state: MaoState) -> list[Action]:
        """The candidates that break nothing (``judge.candidates``), judged with one memo."""
        return judge.legal(state, CHECKS)

    def on_the_clock(self, state: MaoState) -> tuple[int, ...]:
        """Who everyone can see the table waits on (what a screen calls "your move" and
        whose turn clock runs): the dealer for the start or a ruling; nobody in a pause (it
        ends when asked or after a quiet spell: H-pause); else the seat whose turn it is, and
        after a draw its neighbour, who may begin their turn (H-draw). Never a seat for a
        duty it owes: that would tell the rules (issue 23)."""
        if state.over:
            return ()
        if not state.started or state.asked is not None or state.correction is not None:
            return (state.dealer,)
        if state.paused:
            return ()
        return (state.turn, state.step(state.turn)) if state.drawn else (state.turn,)

    def offer(self, state: MaoState, seat: int) -> list[Action]:
        """What a screen offers ``seat`` as its decision now (the server sends it instead of
        the legal actions, which would tell the rules), from what every player can see: to
        the dealer, the words the table waits for (the start, a ruling on a point of order or
        a correction, adjourning); to the seat whose turn it is (or who follows a drawer),
        drawing and every card it holds, whether the rules allow them or not. Never a duty
        still owed: that the table waits for someone's words would tell a rule. The rest
        (speech, knocks, touching and showing cards, pointing, calls) a screen offers at any
        moment, as a table does."""
        seen = view(state, seat)
        words = dealer_words(seen)
        if words:
            return [Action(seat, "say", arg=w) for w in words]
        if not seen.live_turn(seat) or seen.asked is not None or seen.correction is not None:
            return []  # not this seat's turn, or the table waits for the dealer's ruling
        return [Action(seat, "draw")] + [Action(seat, "play", c) for c in dict.fromkeys(state.hands[seat])]

    def rules_check(self, state: MaoState, action: Action) -> Illegal | None:
        """The judge's answer as a seat may be told it: the penalty's name, or why an attempt
        is impossible, and no rule (``judge.public``)."""
        return judge.public(BY_KIND[action.kind].check(state, action))

    def penalise(self, state: MaoState, action: Action, illegal: Illegal) -> list[Event]:
        """Table mode: the attempt is carried out and its penalty assessed under the rule the
        judge found (``illegal`` is what a seat is told, which names none)."""
        attempt = BY_KIND[action.kind]
        return attempt.effect(state, action, attempt.check(state, action) or illegal)

    def deadline(self, state: MaoState) -> float | None:
        nxt = flow.due(state)
        return None if nxt is None else nxt[0]

    def advance(self, state: MaoState, now: float) -> list[Event]:
        return flow.advance(state, now)

    def view(self, state: MaoState, seat: int | None) -> MaoView:
        return view(state, seat)

    def result(self, state: MaoState) -> Result | None:
        if not state.over:
            return None
        if state.winner is None:
            return Result((), Ending.TURN_LIMIT)
        return Result((state.winner,), Ending.WENT_OUT, said="no cards and no penalty")

    def standing(self, state: MaoState) -> tuple[float, ...]:
        """Fewest cards leads (compare's lead changes read it). The stage stays 0, so a search's
        playouts never stop early to score by it: they play to the end as before."""
        return fewest_cards(state.hands)

    # --- the contract's own questions -------------------------------------------
    def attempts(self, state: MaoState) -> list[Action]:
        """Every listed candidate, every card, and the free acts and mistakes of
        ``judge.noise`` that break a rule now (a free act that breaks nothing is legal
        but, like chat, not listed: see ``judge.candidates``)."""
        listed = judge.candidates(state, every_card=True)
        seen = set(listed)
        return listed + [a for a in judge.noise(state) if a not in seen and BY_KIND[a.kind].check(state, a) is not None]

    def conserved(self, state: MaoState) -> Hashable:
        return frozenset(Counter(state.all_cards()).items())

    def snapshot(self, state: MaoState) -> Hashable:
        return state.snapshot()

    def copy(self, state: MaoState) -> MaoState:
        return state.copy()

    def hidden(self, state: MaoState, seat: int) -> list[list[int]]:
        """Other hands (unless held up for all to see) and the draw pile."""
        return [h for s, h in enumerate(state.hands) if s != seat and not state.showing[s]] + [state.draw]

    def game_stats(self, state: MaoState, events: list[Event]) -> dict[str, Any]:
        """Per-game figures the simulator sums."""
        return {"turns": state.turn_no, "penalties": sum(state.penalties)}

    # --- scenarios --------------------------------------------------------------
    def scenario_state(self, options: Mapping[str, Any], state: Mapping[str, Any], seed: int) -> MaoState:
        """The literal state (``state.literal_state`` says its keys: before the start, ``turn`` is
        who will play first, and left out the flipped card decides); in a started game its turn
        has just begun, so written ``turnstart`` rules bind it."""
        out = literal_state(options, state, seed)
        if out.live:
            flow.turn_starts(out, [])
        return out

    def scenario_expect(self, state: MaoState, key: str, value: Any) -> str | None:
        try:
            return self._expect(state, key, value)
        except (ValueError, TypeError, IndexError) as exc:
            raise GameError(f"expect {key}: {exc}") from None

    def _expect(self, state: MaoState, key: str, value: Any) -> str | None:
        if key == "paused":
            return differs(key, value, state.paused)
        if key == "started":
            return differs(key, value, state.started)
        if key == "point_of_order":  # the seat whose point of order awaits the dealer's ruling, or null
            return differs(key, value, state.asked)
        if key == "winners":
            got = [] if state.winner is None else [state.winner]
            return differs(key, list(value), got)
        if key == "dealer":
            return differs(key, value, state.dealer)
        if key == "advice":  # what the software advises a person dealing (H-dealer): [[seat, name], ...]
            return differs(key, [list(x) for x in value], [[a.seat, a.name] for a in state.advice])
        return zone_expect(state, key, value, card_name, parse_cards)


#: typed as the protocol, so that mypy holds the class to the whole contract
GAME: Game[MaoState, MaoView] = Mao()

__all__ = ["ATTEMPTS", "BY_KIND", "CODEC", "GAME", "MOVES", "Attempt", "Kind", "Mao"]
