"""A live table: one game in progress, its seats (people or bots), its event
log and its record.

The terminal and the server both drive games through a Table: people's
attempts come in through ``submit`` (checked by the referee, so table-mode
penalties apply), bots are asked in turn by ``advance``, every accepted
attempt is added to the record so the game can be replayed, and every event
is kept in the log so a seat can be shown what it missed.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from .bots import Bot, ask, make
from .engine import registry
from .engine.core import Action, Event, Game
from .engine.referee import act
from .engine.replay import GameRecord, events_digest


@dataclass
class Seat:
    """Who sits at a seat: a bot (by kind) or a person (``bot`` is None)."""

    name: str
    bot: Bot | None = None


@dataclass
class Table:
    game: Game
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

    @classmethod
    def create(cls, game_name: str, options: Mapping[str, Any], seed: int,
               bots: Mapping[int, str], names: Mapping[int, str] | None = None) -> Table:
        """A dealt table; ``bots`` maps seat -> bot kind, the other seats are people."""
        game = registry.get(game_name)
        opts = game.options(options)
        state = game.new(opts, seed)
        n = game.seats(state)
        seats = []
        for s in range(n):
            kind = bots.get(s)
            bot = make(game.name, kind, seed * 31 + s) if kind else None
            default = f"{kind} bot {s}" if kind else f"player {s}"
            seats.append(Seat((names or {}).get(s, default), bot))
        table = cls(game, opts, seed, seats, state)
        table.record = GameRecord(game.name, opts, seed)
        return table

    @classmethod
    def restore(cls, game_name: str, options: Mapping[str, Any], seed: int, bots: Mapping[int, str],
                names: Mapping[int, str] | None, actions: Sequence[Mapping[str, Any]],
                keep_refusals: bool = True) -> Table:
        """The table as it stood after ``actions`` (a record's JSON actions), replayed
        through the referee: how a saved or stored game comes back exactly."""
        table = cls.create(game_name, options, seed, bots, names)
        table.keep_refusals = keep_refusals
        for raw in actions:
            table.submit(table.game.action_from_json(raw))
        return table

    # --- what a seat may know ---------------------------------------------
    def view(self, seat: int | None) -> Any:
        return self.game.view(self.state, seat)

    def legal(self, seat: int) -> list[Action]:
        return [a for a in self.game.legal(self.state) if a.seat == seat]

    def events_for(self, seat: int | None, start: int = 0) -> list[dict[str, Any]]:
        """The log from ``start`` as ``seat`` may see it."""
        return [e.for_seat(seat) for e in self.log[start:]]

    @property
    def over(self) -> bool:
        return self.game.result(self.state) is not None

    # --- acting -------------------------------------------------------------
    def submit(self, action: Action) -> list[Event]:
        """A person's attempt: checked, then applied, refused or penalised."""
        events = act(self.game, self.state, action)
        refused = len(events) == 1 and events[0].kind == "refused"
        if not refused:
            assert self.record is not None
            self.record.actions.append(self.game.action_to_json(action))
        if self.keep_refusals or not refused:
            self.log.extend(events)
        self._finish()
        return events

    def bot_to_act(self) -> int | None:
        """A seat whose bot should move now, if any."""
        for s in self.game.to_act(self.state):
            if self.seats[s].bot is not None:
                return s
        return None

    def step_bot(self) -> list[Event]:
        """Let one bot make one decision (there must be a bot to act)."""
        seat = self.bot_to_act()
        assert seat is not None, "no bot to act"
        bot = self.seats[seat].bot
        assert bot is not None
        return self.submit(ask(bot, self.game, self.state, seat, self.legal(seat)))

    def advance(self, limit: int = 100_000) -> list[Event]:
        """Let bots play until a person must act or the game ends."""
        out: list[Event] = []
        for _ in range(limit):
            if self.over or self.bot_to_act() is None:
                break
            out.extend(self.step_bot())
        return out

    def _finish(self) -> None:
        result = self.game.result(self.state)
        if result is not None and self.record is not None and self.record.result is None:
            self.record.result = result.to_json()
            self.record.digest = events_digest(self.log)
