"""The Mao state, its options, the deal, and literal states for scenario files.

The state is flat: hands are lists of card ints (0..51; several decks mean
repeated ints), the draw pile's end is its top, the play pile's end is its
top card. Time is a value (``clock``, seconds on the table's clock) that only
``flow.advance`` moves forward. Obligations still open are ``Window``s: the
duties one play or draw put on one seat, with the moment they fall due.
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping
from typing import Any, NamedTuple, Self

from ...cards import DECK_SIZE, card_name, parse_cards
from ...engine.clone import clone_slots
from ...engine.core import TABLE, GameError, OptionsError
from ...engine.literal import check_keys, read_piles
from ...engine.options import Option, Schema, dealer, is_stored, max_turns, mode, players, read_options
from . import language, rulecheck
from .rulebook import Rule, applies, in_play, rule_set, rules_for

PLAYERS = (2, rulecheck.SEATS)
HAND = 5
#: a pause nobody speaks in for this many times ``delay_s`` is adjourned (H-pause)
QUIET_SPELL = 3
OPTIONS: Schema = (
    players(*PLAYERS, "M-players"),
    Option("rules", "standard", "list", "Rules in play", "standard (the default), base, all, original, or a mix of "
           "set names and the seed's paragraph ids, e.g. standard,christmas. Nobody is told.", "M-set"),
    Option("delay_s", 5.0, "number", "Delay of game", "Seconds a player has to play before the dealer hurries them.",
           "M-delay", 0.5, 120, advanced=True, unit="seconds"),
    Option("grace_s", 3.0, "number", "Reasonable time", "Seconds a player has to say a required phrase or knock, "
           "and between repeated penalties for cards held or shown.", "H-time", 0.5, 120, advanced=True,
           unit="seconds"),
    Option("decks", None, "int", "Decks", "52-card decks shuffled together.", "M-players", 1, 4, advanced=True,
           by_default="one per six players"),
    mode(TABLE),
    dealer("M-deal"),
    Option("reveal", False, "bool", "Reveal the rules afterwards",
           "When the game is over, everyone sees which rules were in play.", "H-reveal"),
    Option("judge", "software", "choice", "Who judges", "The software deals and judges, or a person at the dealer "
           "seat judges, with the software's advice.", "H-dealer",
           choices=(("software", "the software"), ("dealer", "a person at the dealer seat")), advanced=True),
    max_turns(2000, ends="the game is abandoned without a winner after this many turns"),
    Option("house", [], "json", "Written rules", "House rules kept from an earlier table (the rule "
           "language's JSON), in play from the start.", "E-house", advanced=True),
)


def validate_options(raw: Mapping[str, Any]) -> dict[str, Any]:
    """Defaults filled in and every option checked, naming the one that is wrong."""
    return book_options(read_options(OPTIONS, raw, "Mao"))


def book_options(opts: dict[str, Any]) -> dict[str, Any]:
    """What ties Mao's options together, on options checked one by one: a rule book file
    (``-o rules=@FILE``) holds a set and written rules, the written rules must be playable with
    the set, and the decks (one per six players unless set) must deal every hand."""
    where = "house"
    if isinstance(opts["rules"], Mapping):  # a rule book file (-o rules=@FILE): its set and its house rules
        opts["house"], where = list(opts["rules"].get("rules", [])), "rules"
        opts["rules"] = opts["rules"].get("set", "standard")
    opts["rules"] = list(rule_set(opts["rules"]))
    opts["house"] = house_rules(opts["house"], where, in_play(opts["rules"]))
    if opts["decks"] is None:
        opts["decks"] = math.ceil(opts["players"] / 6)
    if opts["players"] * HAND + 2 > opts["decks"] * DECK_SIZE:
        raise OptionsError(f"{opts['players']} players need more than {opts['decks']} deck(s)")
    return opts


def house_rules(raw: object, where: str = "house", ids: frozenset[str] | None = None) -> list[dict[str, Any]]:
    """The ``house`` option: written rules, validated (``language``), refused if the table cannot
    play them with the built-in rules ``ids`` (``rulecheck``: its verdict is kept, so a table
    created again costs nothing more; options read back from a store are not checked again:
    ``engine.options.stored``), kept as their canonical JSON."""
    try:
        rules = language.book(raw, where)
        if not is_stored():
            rulecheck.refuse(rules, HAND, ids)
        told = next((r for r in rules if r.group != "house"), None)
        if told is not None:
            raise language.RuleError("house", f"{told.id!r} is a built-in rule: name it in the rule set instead")
    except language.RuleError as exc:
        raise OptionsError(str(exc)) from None
    return [language.to_json(r) for r in rules]


class Advice(NamedTuple):
    """What the software would assess, told to a person dealing (H-dealer): ``seat`` and the
    penalty's ``name``; advised during turn ``turn_no``; the table waits for the dealer to assess
    it until ``until`` (the reasonable time) while ``waiting``."""

    seat: int
    name: str
    turn_no: int
    until: float
    waiting: bool = True

    def stale(self, state: MaoState) -> bool:
        """It can no longer be assessed: another turn has been played after the turn it was
        advised in, and the reasonable time has passed (M-penalties-d)."""
        return state.turn_no >= self.turn_no + 2 and state.clock >= self.until


class Duty:
    """One phrase still owed (or a count of knocks) within a window."""

    __slots__ = ("act", "text", "keys", "failure", "improper", "tries", "count", "rule", "done")

    def __init__(self, act: str, text: str, keys: frozenset[str], failure: str, improper: str | None,
                 tries: tuple[tuple[str, ...], ...], count: int, rule: str):
        self.act = act
        self.text = text  # the phrase as said (say); "" for a knock
        self.keys = keys  # loose forms accepted
        self.failure = failure
        self.improper = improper
        self.tries = tries  # words that make speech an attempt at the phrase (``improper`` if it is not one of ``keys``)
        self.count = count
        self.rule = rule
        self.done = False

    def copy(self) -> Duty:
        new = object.__new__(Duty)
        for name in Duty.__slots__:
            setattr(new, name, getattr(self, name))
        return new

    def snapshot(self) -> tuple[Any, ...]:
        return tuple(getattr(self, n) for n in Duty.__slots__)


class Window:
    """The duties one play or draw put on one seat, due by ``due`` or before another turn."""

    __slots__ = ("seat", "turn_no", "due", "duties", "knocked", "knock_judged", "wins")

    def __init__(self, seat: int, turn_no: int, due: float, duties: list[Duty]):
        self.seat = seat
        self.turn_no = turn_no
        self.due = due
        self.duties = duties
        self.knocked = 0
        self.knock_judged = False
        self.wins = False  # the play emptied the hand: the game ends when this closes clean

    @property
    def knocks_needed(self) -> int:
        return sum(d.count for d in self.duties if d.act == "knock")

    def copy(self) -> Window:
        new = Window(self.seat, self.turn_no, self.due, [d.copy() for d in self.duties])
        new.knocked, new.knock_judged, new.wins = self.knocked, self.knock_judged, self.wins
        return new

    def snapshot(self) -> tuple[Any, ...]:
        return (self.seat, self.turn_no, self.due, tuple(d.snapshot() for d in self.duties),
                self.knocked, self.knock_judged, self.wins)


class MaoState:
    """Everything about one game of Mao, hidden parts included."""

    __slots__ = (
        "options", "mode", "seed", "rng", "players", "rules", "original", "delay_s", "grace_s",
        "hands", "draw", "discard", "dealer", "turn", "direction", "started", "paused", "asked",
        "paused_at", "quiet_at", "clock", "turn_at", "drawn", "draw_at", "turn_no", "windows", "late",
        "holding", "hold_due", "showing", "show_due", "winner", "over", "penalties", "log", "max_turns",
        "by_dealer", "advice", "correction", "house", "given", "aware", "reminded", "allowed_on",
    )

    def __init__(self, options: Mapping[str, Any], seed: int, rng: random.Random):
        self.options = dict(options)
        self.mode: str = options["mode"]
        self.seed = seed
        self.rng = rng
        self.players: int = options["players"]
        self.rules: frozenset[str] = in_play(options["rules"])
        self.house: tuple[Rule, ...] = language.book(options.get("house", []), "house")
        self.original = "original" in self.rules
        self.delay_s: float = options["delay_s"]
        self.grace_s: float = options["grace_s"]
        self.max_turns: int = options["max_turns"]
        n = self.players
        self.hands: list[list[int]] = [[] for _ in range(n)]
        self.draw: list[int] = []
        self.discard: list[int] = []
        self.dealer: int = options["dealer"]
        self.turn = 0
        self.direction = 1
        self.started = False
        self.paused = False
        self.asked: int | None = None  # a point of order awaiting the dealer's ruling
        self.paused_at = 0.0
        self.quiet_at = 0.0  # in a pause: when someone last spoke (or it began); H-pause
        self.reminded: float | None = None  # the quiet_at of the quiet spell a person dealing was reminded of
        self.clock = 0.0
        self.turn_at = 0.0  # when the turn began (or the last delay of game was assessed)
        self.drawn = False  # the seat to play drew this turn and may still play
        self.draw_at = 0.0
        self.turn_no = 0
        self.windows: list[Window] = []
        self.late: list[tuple[int, str, float]] = []  # (seat, duty key or "knock", until): M-penalties-c
        self.holding = [False] * n
        self.hold_due: list[float | None] = [None] * n
        self.showing = [False] * n
        self.show_due: list[float | None] = [None] * n
        self.winner: int | None = None
        self.over = False
        self.penalties = [0] * n
        self.log: list[tuple[Any, ...]] = []  # recent public happenings, for views (bots learn from them)
        self.by_dealer = options["judge"] == "dealer"  # human-dealer mode (H-dealer)
        self.advice: list[Advice] = []  # what the software would assess, told to the dealer only
        self.correction: tuple[int, int, int | None] | None = None  # (caller, violator, card) awaiting a ruling
        self.given: dict[str, int] = {}  # penalties given this game, by the id of the rule they were given under
        # the rules each seat has been penalised under (in a match, in earlier games too): it knows they
        # exist, so telling it their details tells it nothing new (M-discussion, ``discussion``)
        self.aware: list[frozenset[str]] = [frozenset()] * n
        # whether a card may be played on a card (judge.allowed), known once it has been asked: the
        # rules in play never change in a game, so copies share it; not part of the state's snapshot
        self.allowed_on: dict[tuple[int, int], bool] = {}

    def copy(self) -> Self:
        """An independent copy, of the same class (a match state stays one)."""
        new = clone_slots(self, MaoState)
        new.hands = [h[:] for h in self.hands]
        new.draw = self.draw[:]
        new.discard = self.discard[:]
        new.windows = [w.copy() for w in self.windows]
        new.late = self.late[:]
        new.holding = self.holding[:]
        new.hold_due = self.hold_due[:]
        new.showing = self.showing[:]
        new.show_due = self.show_due[:]
        new.penalties = self.penalties[:]
        new.log = self.log[:]
        new.advice = self.advice[:]
        new.given = dict(self.given)
        new.aware = self.aware[:]
        return new

    def snapshot(self) -> tuple[Any, ...]:
        return (
            tuple(tuple(h) for h in self.hands), tuple(self.draw), tuple(self.discard), self.dealer,
            self.turn, self.direction, self.started, self.paused, self.asked, self.paused_at, self.quiet_at,
            self.reminded, self.clock, self.turn_at, self.drawn, self.draw_at, self.turn_no,
            tuple(w.snapshot() for w in self.windows),
            tuple(self.late), tuple(self.holding), tuple(self.hold_due), tuple(self.showing),
            tuple(self.show_due), self.winner, self.over, tuple(self.penalties), tuple(self.log),
            tuple(self.advice), self.correction, tuple(sorted(self.given.items())),
            tuple(tuple(sorted(a)) for a in self.aware), self.rng.getstate(),
        )

    def all_cards(self) -> list[int]:
        out = [c for h in self.hands for c in h]
        return out + self.draw + self.discard

    def step(self, seat: int, n: int = 1) -> int:
        """The seat ``n`` places from ``seat`` in the direction of play."""
        return (seat + n * self.direction) % self.players

    @property
    def adjourn_at(self) -> float | None:
        """In a pause, when the dealer adjourns it if nobody speaks before (H-pause)."""
        return self.quiet_at + QUIET_SPELL * self.delay_s if self.paused and not self.over else None

    @property
    def timed(self) -> bool:
        """The turn's time runs: turns are being played and no point of order awaits the
        dealer's ruling (the table waits for the dealer then, not for the player)."""
        return self.live and self.asked is None

    @property
    def live(self) -> bool:
        """Turns are being played: started, not paused, not over."""
        return self.started and not self.paused and not self.over


def deal(options: Mapping[str, Any], seed: int) -> MaoState:
    """M-deal, M-start: shuffle, five cards each from the dealer's left, the top card
    flipped. The game waits for the dealer's start sentence; the first card can change
    who starts (M-order)."""
    rng = random.Random(seed)
    state = MaoState(options, seed, rng)
    deck = list(range(DECK_SIZE)) * options["decks"]
    rng.shuffle(deck)
    n = state.players
    for _ in range(HAND):
        for i in range(1, n + 1):
            state.hands[(state.dealer + i) % n].append(deck.pop())
    state.discard.append(deck.pop())
    state.draw = deck
    first_turn(state)
    return state


def first_turn(state: MaoState) -> None:
    """M-start, M-order: play starts left of the dealer, clockwise, unless the flipped card
    (the play pile's top) says otherwise (a 10: two to the left; an A: to the right,
    counter-clockwise; a written ``start`` rule likewise)."""
    n = state.players
    state.turn, state.direction = (state.dealer + 1) % n, 1
    ctx = {"card": state.discard[-1]}
    for rule in rules_for(state.rules, "start", state.house):
        if applies(rule, ctx):
            if "skip" in rule.effects:
                state.turn = (state.dealer + 2) % n
            if "reverse" in rule.effects:
                state.direction = -1
                state.turn = (state.dealer - 1) % n



STATE_KEYS = ("hands", "discard", "draw", "dealer", "turn", "direction", "started", "paused")


def _seat(obj: Mapping[str, Any], key: str, default: int, n: int) -> int:
    v = obj.get(key, default)
    if isinstance(v, bool) or not isinstance(v, int) or not 0 <= v < n:
        raise GameError(f"state.{key} must be a seat 0..{n - 1}")
    return v


def literal_state(options: Mapping[str, Any], obj: Mapping[str, Any], seed: int) -> MaoState:
    """A state written out in a scenario file. Every key but ``discard`` may be left out:

    ``hands`` (one list of card names per seat; default every hand empty), ``discard`` (bottom
    first, at least its top card), ``draw`` (top first; default empty), ``dealer`` (default the
    ``dealer`` option: the last seat), ``started`` (default true), ``paused`` (default false),
    ``direction`` (default 1, clockwise) and ``turn`` (below). The clock is 0, no duty is open and nobody
    has a penalty. In a started game ``turn``'s turn has just begun (default: left of the
    dealer). Before the start (``started: false``) the play pile's top is the card the dealer
    flipped, and ``turn`` is who will play first once the dealer says the start sentence: given,
    it is taken as written (with ``direction``); left out, the flipped card decides, as at a deal
    (M-start, M-order: a 10 or an A changes who starts, an A the direction too)."""
    check_keys(obj, STATE_KEYS, "Mao")
    state = MaoState(options, seed, random.Random(seed))
    read_piles(state, obj, parse_cards)
    every = state.all_cards()
    decks = options["decks"]
    extra = sorted({card_name(c) for c in every if every.count(c) > decks})
    if extra:
        raise GameError(f"state names a card more often than {decks} deck(s) hold: {', '.join(extra)}")
    state.dealer = _seat(obj, "dealer", state.dealer, state.players)
    for key in ("started", "paused"):
        if not isinstance(obj.get(key, key == "started"), bool):
            raise GameError(f"state.{key} is true or false")
    state.started = obj.get("started", True)
    if not state.started and "turn" not in obj and state.discard:
        first_turn(state)  # the flipped card decides who starts
    else:
        state.turn = _seat(obj, "turn", (state.dealer + 1) % state.players, state.players)
    state.direction = obj.get("direction", state.direction)
    if state.direction not in (1, -1) or isinstance(state.direction, bool):
        raise GameError("state.direction must be 1 or -1")
    state.paused = obj.get("paused", False)
    if state.paused and not state.started:
        raise GameError("state.paused needs a started game")
    return state
