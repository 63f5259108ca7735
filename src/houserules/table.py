"""A live table: one game in progress, its seats (people or bots), its event
log and its record.

The terminal and the server both drive games through a Table: people's
attempts come in through ``submit`` (checked by the referee, so table-mode
penalties apply), bots are asked in turn by ``advance``, every accepted
attempt is added to the record so the game can be replayed, and every event
is kept in the log so a seat can be shown what it missed.

Time comes in as values (seconds on the table's clock, which its owner
reads: the server's clock, or the terminal's): an attempt made at ``t`` is
recorded with it, and ``due(t)`` carries out everything whose moment has
come, in order: the rules' own deadlines (``Game.deadline``/``advance``,
recorded as ``{"tick": t}``) and the turn clock's expiries (recorded as
``{"timeout": seat, "t": t}``, then a stand-in bot's move for the seat, or
``{"forfeit": seat, "t": t}``). ``wake_at`` says when that next is, so the owner's scheduler
sleeps until then. Replaying the record replays the clocks.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from .bots import Bot, ask, bot_kinds, make
from .clock import ClockSpec, TurnClock
from .engine import registry
from .engine.core import Action, Event, GameError, Result
from .engine.protocol import Game
from .engine.referee import act
from .engine.replay import GameRecord, events_digest, timed
from .engine.words import Line, tell


#: events the table itself tells (the turn clock's), whatever the game
TABLE_EVENTS = ("timeout", "forfeit")


class _TableWords:
    """The table's own events in words (the games' words modules tell the rest)."""

    def describe(self, e: Mapping[str, Any], names: Sequence[str]) -> Line | None:
        who = names[e["seat"]]
        if e["event"] == "timeout":
            return Line(f"{who} ran out of time; a bot moved instead", "alert")
        return Line(f"{who} ran out of time and forfeited the game", "alert")


TABLE_WORDS = _TableWords()


#: bots' names, one per seat: a table of "dealer bot 1", "dealer bot 2" … reads like a form
BOT_NAMES = ("Ada", "Bo", "Cyd", "Dot", "Eli", "Fay", "Gus", "Hal", "Ivy", "Jo", "Kit", "Lou")


def person_name(seat: int) -> str:
    """The name of a person's seat that nobody named: people count seats from 1 ("player 1"), never
    the rules' index 0 (issue 25)."""
    return f"player {seat + 1}"


def bot_name(seat: int) -> str:
    """The name of a bot at ``seat`` that nobody named (screens say that it is a bot)."""
    return BOT_NAMES[seat % len(BOT_NAMES)] + ("" if seat < len(BOT_NAMES) else str(seat // len(BOT_NAMES) + 1))


def default_bot(game: str) -> str:
    """The bot that stands in for a person (a leaver, a clock run out): the game's heuristic if it has one."""
    kinds = bot_kinds(game)
    return "heuristic" if "heuristic" in kinds else "random"


@dataclass
class Seat:
    """Who sits at a seat: a bot (by kind) or a person (``bot`` is None)."""

    name: str
    bot: Bot | None = None
    #: a bot playing for the person while they are away (the seat stays theirs)
    stand_in: Bot | None = None

    @property
    def player(self) -> Bot | None:
        """The bot that moves for this seat now, if any."""
        return self.bot or self.stand_in


@dataclass
class Table:
    game: Game[Any, Any]
    options: dict[str, Any]
    seed: int
    seats: list[Seat]
    state: Any = None
    log: list[Event] = field(default_factory=list)
    record: GameRecord | None = None
    #: False keeps refusals out of ``log``: they change nothing and are told
    #: only to the seat that tried (the server), so the log of a table rebuilt
    #: from its record is the same log, index for index.
    keep_refusals: bool = True
    #: the turn clock (None: no clock) and what happens when a seat runs out: "bot" or "forfeit"
    clock: TurnClock | None = None
    on_timeout: str = "bot"
    #: how the game ended if a seat forfeited (the rules' own result otherwise)
    forfeited: Result | None = None
    #: the latest moment recorded (seconds on the table's clock)
    last_t: float = 0.0
    #: moments are recorded only at a table that keeps time: one with a turn
    #: clock, or playing a game whose rules have deadlines (it overrides ``deadline``)
    keeps_time: bool = False
    #: the game's own rules have deadlines (Mao's delay of game): time costs a seat that is
    #: absent, so a live table seats a stand-in for a dropped person at once, not after a grace period
    rules_keep_time: bool = False
    #: a bot that chose to wait: (seat, log length, record length) when it did
    _waiting: tuple[int | None, int, int] = (None, -1, -1)
    #: record entries nobody but their actor could see (a silent pass in a NOPE window): left out of
    #: ``shown_actions``, the count every screen is shown
    silent: int = 0

    @classmethod
    def create(cls, game_name: str, options: Mapping[str, Any], seed: int,
               bots: Mapping[int, str], names: Mapping[int, str] | None = None,
               clock: ClockSpec | None = None, on_timeout: str = "bot") -> Table:
        """A dealt table; ``bots`` maps seat -> bot kind, the other seats are people."""
        game = registry.get(game_name)
        opts = game.options(options)
        state = game.new(opts, seed)
        n = game.seats(state)
        seats = []
        for s in range(n):
            kind = bots.get(s)
            bot = make(game.name, kind, seed * 31 + s) if kind else None
            default = bot_name(s) if kind else person_name(s)
            seats.append(Seat((names or {}).get(s, default), bot))
        table = cls(game, opts, seed, seats, state, on_timeout=on_timeout)
        table.record = GameRecord(game.name, opts, seed,
                                  table={"clock": clock.to_json(), "on_timeout": on_timeout} if clock else None)
        table.rules_keep_time = game.keeps_time
        table.keeps_time = clock is not None or table.rules_keep_time
        if clock is not None:  # the table's clock reads 0 when play begins
            table.clock = TurnClock(clock, n)
            table.clock.observe(0.0, table.on_the_clock())
        return table

    @classmethod
    def restore(cls, game_name: str, options: Mapping[str, Any], seed: int, bots: Mapping[int, str],
                names: Mapping[int, str] | None, actions: Sequence[Mapping[str, Any]],
                keep_refusals: bool = True, clock: ClockSpec | None = None, on_timeout: str = "bot") -> Table:
        """The table as it stood after ``actions`` (a record's JSON entries: actions with
        their moments, ticks, forfeits), replayed through the referee: how a saved or
        stored game comes back exactly, clocks included."""
        table = cls.create(game_name, options, seed, bots, names, clock, on_timeout)
        table.keep_refusals = keep_refusals
        for raw in actions:
            table.replay_entry(raw)
        return table

    def replay_entry(self, raw: Mapping[str, Any]) -> None:
        """One record entry carried out again (GameError for a bad one)."""
        t, entry = timed(raw)
        if entry is None:
            assert t is not None
            self.tick(t)
        elif "forfeit" in entry or "timeout" in entry:
            key = "forfeit" if "forfeit" in entry else "timeout"
            seat = entry[key]
            if type(seat) is not int or not 0 <= seat < len(self.seats) or t is None or len(entry) != 1:
                raise GameError(f"a {key} entry names a seat and its moment 't'")
            if key == "forfeit":
                self.forfeit(seat, t)
            else:
                self.timed_out(seat, t)
        else:
            self.submit(self.game.action_from_json(entry), t)

    # --- what a seat may know ---------------------------------------------
    def view(self, seat: int | None) -> Any:
        return self.game.view(self.state, seat)

    def legal(self, seat: int) -> list[Action]:
        if self.forfeited:
            return []
        return [a for a in self.game.legal(self.state) if a.seat == seat]

    def free(self, seat: int) -> list[Action]:
        """``seat``'s free actions: what it may do now although the game does not wait for it
        (docs/engine.md, "Free actions"); empty while it is asked to act or the table is seen
        to wait on it (on the clock: Mao's drawer, whom the rules may not ask when every card it
        could play is forbidden, still has its turn's decision, not a free one)."""
        if seat in self.to_act() or seat in self.on_the_clock():
            return []
        return self.offer(seat)

    def offer(self, seat: int) -> list[Action]:
        """What ``seat``'s screen offers it to choose from (``Game.offer``: its legal actions,
        or, where those would tell a secret rule, what anyone could try); none once a seat forfeited.
        A seat on the clock that the rules keep waiting while others are asked in secret is
        offered what it may do once they say nothing (``quiet``): its screen looks the same
        whether or not anyone was asked, and acting goes on past their silence (``submit``)."""
        if self.forfeited:
            return []
        return self.game.offer(self.quiet() if self.waits_in_public(seat) else self.state, seat)

    def events_for(self, seat: int | None, start: int = 0) -> list[dict[str, Any]]:
        """The log from ``start`` as ``seat`` may see it, each event with its
        ``text`` and ``tone`` in the game's own words (engine/words.py) when it has one."""
        words = registry.load(registry.spec(self.game.name).words)
        names = [s.name for s in self.seats]
        out = []
        for e in self.log[start:]:
            told = e.for_seat(seat)
            line = tell(TABLE_WORDS if e.kind in TABLE_EVENTS else words, told, names, seat)
            if line is not None:
                told["text"], told["tone"] = line.text, line.tone
            out.append(told)
        return out

    @property
    def over(self) -> bool:
        return self.result() is not None

    def result(self) -> Result | None:
        return self.forfeited or self.game.result(self.state)

    def to_act(self) -> tuple[int, ...]:
        return () if self.forfeited else tuple(self.game.to_act(self.state))

    def on_the_clock(self) -> tuple[int, ...]:
        """The seats whose turn clocks run (``Game.on_the_clock``: never a secret)."""
        return () if self.forfeited else tuple(self.game.on_the_clock(self.state))

    # --- seats asked in secret (docs/engine.md, "What anyone sees") ------------
    def asked_in_secret(self) -> tuple[int, ...]:
        """Seats the rules wait on that nobody else may know are asked (King Taco's NOPE
        window): in ``to_act``, not on the clock, with a ``Game.silence`` to give for them."""
        shown = self.on_the_clock()
        return tuple(s for s in self.to_act() if s not in shown and self.game.silence(self.state, s) is not None)

    def waits_in_public(self, seat: int) -> bool:
        """``seat`` is on the clock, but the rules wait on seats asked in secret first."""
        return seat in self.on_the_clock() and seat not in self.to_act() and bool(self.asked_in_secret())

    def quiet(self) -> Any:
        """A copy of the state in which every seat asked in secret has said nothing."""
        twin = self.game.copy(self.state)
        for _ in range(len(self.seats) * 4):
            waiting = [s for s in self.game.to_act(twin) if s not in self.game.on_the_clock(twin)]
            answers = [a for a in (self.game.silence(twin, s) for s in waiting) if a is not None]
            if not answers:
                break
            self.game.apply(twin, answers[0])
        return twin

    def hush(self, t: float | None = None, seats: tuple[int, ...] | None = None) -> list[Event]:
        """Each seat asked in secret (or each of ``seats`` that is) says nothing at ``t``: its
        ``Game.silence``, recorded as its own action (no timeout is noted: that would name it)."""
        out: list[Event] = []
        for _ in range(len(self.seats) * 4):
            asked = [s for s in self.asked_in_secret() if seats is None or s in seats]
            if not asked:
                break
            answer = self.game.silence(self.state, asked[0])
            assert answer is not None
            out.extend(self.submit(answer, t))
        return out

    @property
    def shown_actions(self) -> int:
        """How many record entries anyone but their actor could see: the count screens show."""
        return (len(self.record.actions) if self.record else 0) - self.silent

    # --- acting -------------------------------------------------------------
    def submit(self, action: Action, t: float | None = None) -> list[Event]:
        """A person's attempt (at ``t`` on the table's clock, if the table keeps time):
        checked, then applied, refused or penalised."""
        if self.forfeited:
            return [Event("refused", action.seat, {"rule": "over", "reason": "the game is over"})]
        if self.waits_in_public(action.seat):  # it goes on: those asked in secret said nothing
            return self.hush(t) + self.submit(action, t)
        t = t if self.keeps_time else None
        woke: list[Event] = []
        deadline = self.game.deadline(self.state) if t is not None else None
        if t is not None and deadline is not None and deadline <= t:
            woke = self.tick(t)  # the rules' deadlines are recorded even if the attempt is refused
        shown = self.on_the_clock()
        # a seat asked in secret saying nothing is never shown, whatever its silence sets off (the
        # window closing: with nobody else asked it closes at once, with no such entry)
        hushed = action.seat not in shown and action.seat in self.to_act() and self.game.silence(self.state, action.seat) == action
        events = act(self.game, self.state, action, now=t)
        refused = len(events) == 1 and events[0].kind == "refused"
        if not refused:
            entry = self.game.action_to_json(action)
            self._record({**entry, "t": t} if t is not None else entry, t, action.seat)
            # told to nobody, and nobody's clock moved: only its actor knows it happened
            self.silent += hushed or (not events and action.seat not in shown and self.on_the_clock() == shown)
        if self.keep_refusals or not refused:
            self.log.extend(events)
        self._finish()
        return woke + events

    def tick(self, t: float) -> list[Event]:
        """The table's clock reads ``t`` and nobody acted: the rules act on their deadlines."""
        events = self.game.advance(self.state, t)
        self._record({"tick": t}, t, None)
        self.log.extend(events)
        self._finish()
        return events

    def forfeit(self, seat: int, t: float) -> list[Event]:
        """``seat`` ran out of time and forfeits (the game must have a meaning for it)."""
        result = self.game.forfeit(self.state, seat)
        if result is None:
            raise GameError(f"{self.game.title} has no forfeit for seat {seat} now")
        self.forfeited = result
        events = [Event("forfeit", seat, {"reason": "out of time"})]
        self._record({"forfeit": seat, "t": t}, t, None)
        self.log.extend(events)
        self._finish()
        return events

    def _record(self, entry: dict[str, Any], t: float | None, actor: int | None) -> None:
        assert self.record is not None
        self.record.actions.append(entry)
        if t is not None:
            self.last_t = max(self.last_t, t)
            if self.clock is not None:
                self.clock.observe(t, self.on_the_clock(), actor)

    # --- time ---------------------------------------------------------------
    def wake_at(self) -> float | None:
        """The next moment something happens with nobody acting: the rules' deadline or a clock's expiry."""
        if self.over:
            return None
        times = [self.game.deadline(self.state)]
        expiry = self.clock.expiry() if self.clock is not None else None
        times.append(expiry[0] if expiry else None)
        known = [x for x in times if x is not None]
        return min(known) if known else None

    def due(self, t: float, limit: int = 10_000) -> list[Event]:
        """Everything whose moment has come by ``t``, in order, each at its own moment."""
        out: list[Event] = []
        for _ in range(limit):
            when = self.wake_at()
            if when is None or when > t:
                break
            deadline = self.game.deadline(self.state)
            if deadline is not None and deadline <= when:
                out.extend(self.tick(when))
                if self.game.deadline(self.state) == deadline:
                    break  # the rules did not move their deadline on: never spin
                continue
            assert self.clock is not None
            expiry = self.clock.expiry()
            assert expiry is not None
            out.extend(self._time_out(expiry[1], expiry[0]))
        return out

    def _time_out(self, seat: int, t: float) -> list[Event]:
        """``seat``'s clock ran out at ``t``: it forfeits (if the table says so and the
        game has a meaning for it), else a stand-in bot makes its decision."""
        if self.on_timeout == "forfeit" and self.game.forfeit(self.state, seat) is not None:
            return self.forfeit(seat, t)
        if not self.legal(seat) and not self.waits_in_public(seat):  # the rules no longer wait for it
            return self.tick(t)
        return self.nudge(seat, t)

    def nudge(self, seat: int, t: float) -> list[Event]:
        """A bot makes ``seat``'s decision for it at ``t``, recorded like a clock running out
        (the seat's own bot, else a stand-in): what a turn clock does, and what the server
        does for a person who has sat on a decision too long at a table without one.
        Nothing if the seat has no decision. Seats asked in secret before it say nothing first."""
        hushed = self.hush(t) if self.waits_in_public(seat) else []
        legal = self.legal(seat)
        if not legal:
            return hushed
        noted = hushed + self.timed_out(seat, t)
        bot = self.seats[seat].player or self._stand_in(seat)
        choice = ask(bot, self.game, self.state, seat, legal)
        if choice is None:  # a stand-in that waits (Mao): the moment is noted, the rules go on
            return noted + self.tick(t)
        return noted + self.submit(choice, t)

    def timed_out(self, seat: int, t: float) -> list[Event]:
        """Note that ``seat``'s clock ran out at ``t`` (a stand-in's move follows)."""
        events = [Event("timeout", seat, {"by": "bot"})]
        self._record({"timeout": seat, "t": t}, t, None)
        self.log.extend(events)
        return events

    def _stand_in(self, seat: int) -> Bot:
        return make(self.game.name, default_bot(self.game.name), self.seed * 31 + seat)

    # --- bots ---------------------------------------------------------------
    def bot_to_act(self) -> int | None:
        """A seat whose bot (or stand-in) should move now, if any."""
        for s in self.to_act():
            if self.seats[s].player is not None and not (self._waiting[0] == s and self._still()):
                return s
        return None

    def _still(self) -> bool:
        """Nothing has happened since a bot chose to wait."""
        return self._waiting[1:] == (len(self.log), len(self.record.actions) if self.record else 0)

    def step_bot(self, t: float | None = None) -> list[Event]:
        """Let one bot make one decision (there must be a bot to act)."""
        seat = self.bot_to_act()
        assert seat is not None, "no bot to act"
        bot = self.seats[seat].player
        assert bot is not None
        action = ask(bot, self.game, self.state, seat, self.legal(seat))
        if action is not None:
            return self.submit(action, t)
        # The bot waits (Mao: it forgets a duty, or lets the turn pass). At a table whose
        # owner keeps time it is not asked again until something happens (the owner wakes
        # the table at ``wake_at``); without a clock, time jumps to the rules' next deadline.
        self._waiting = (seat, len(self.log), len(self.record.actions) if self.record else 0)
        due = self.game.deadline(self.state)
        if t is None and due is not None:
            return self.tick(max(due, self.last_t))
        return []

    def advance(self, limit: int = 100_000, t: float | None = None) -> list[Event]:
        """Let bots play until a person must act or the game ends."""
        out: list[Event] = []
        for _ in range(limit):
            if self.over or self.bot_to_act() is None:
                break
            out.extend(self.step_bot(t))
        return out

    def _finish(self) -> None:
        result = self.result()
        if result is not None and self.record is not None and self.record.result is None:
            self.record.result = result.to_json()
            self.record.digest = events_digest(self.log)
