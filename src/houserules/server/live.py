"""Live tables: the running games the server holds in memory, and the hub
that creates them, finds them and brings them back from the store.

A ``LiveTable`` wraps the engine's ``Table`` and adds what a networked game
needs: seats claimed by secret tokens, the connected clients, a lock so one
decision is judged at a time, and the rule that an accepted action is
committed to the store *before* anyone is told about it. What leaves for a
client is built only from the game's ``view``, its legal actions and
``Event.for_seat``: never a state.
"""

from __future__ import annotations

import asyncio
import hmac
import logging
import secrets
import sqlite3
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..bots import bot_kinds, check_spec, make
from ..engine import registry
from ..engine.core import GameError
from ..table import Table
from .protocol import PROTOCOL, ProtocolError
from .store import Store, StoredSeat, StoredTable, token_hash

log = logging.getLogger("houserules.server")

#: the most events a (re)connecting client is sent at once; older ones are summarised by ``events_from``
EVENT_WINDOW = 500
#: messages waiting for a slow client before it is dropped (it reconnects and catches up)
SEND_QUEUE = 256
NAME_LIMIT = 40


@dataclass(eq=False)
class Client:
    """One connection as a table sees it: its seat (None: spectator) and how
    far through the event log it has been sent."""

    seat: int | None
    queue: asyncio.Queue[dict[str, Any] | None] = field(default_factory=lambda: asyncio.Queue(SEND_QUEUE))
    cursor: int = 0

    def send(self, msg: dict[str, Any]) -> None:
        """Queue a message; a client too slow to keep up is cut off (None tells its sender to close)."""
        try:
            self.queue.put_nowait(msg)
        except asyncio.QueueFull:
            while not self.queue.empty():
                self.queue.get_nowait()
            self.close()

    def close(self) -> None:
        """Ask this connection's sender to close the socket (the client reconnects)."""
        try:
            self.queue.put_nowait(None)
        except asyncio.QueueFull:
            self.queue.get_nowait()
            self.queue.put_nowait(None)


def default_bot(game: str) -> str:
    """The bot that takes over a seat its player left: the game's heuristic if it has one."""
    kinds = bot_kinds(game)
    return "heuristic" if "heuristic" in kinds else kinds[0]


class LiveTable:
    """One game being played: its Table, its seats' owners and its connections."""

    def __init__(self, hub: Hub, stored: StoredTable, table: Table):
        self.hub = hub
        self.id = stored.id
        self.table = table
        self.seats = stored.seats
        self.rematch = stored.rematch
        self.clients: set[Client] = set()
        self.lock = asyncio.Lock()
        self.bots_task: asyncio.Task[None] | None = None
        self.evicted = False

    # --- who is who ---------------------------------------------------------
    @property
    def started(self) -> bool:
        """Play begins once every person's seat has been joined at least once."""
        return all(s.bot is not None or s.joined for s in self.seats)

    @property
    def status(self) -> str:
        if self.table.over:
            return "over"
        return "playing" if self.started else "waiting"

    def seat_for(self, token: str) -> int | None:
        """The seat this token was issued for, if any (compared in constant time)."""
        digest = token_hash(token)
        for i, s in enumerate(self.seats):
            if s.token_hash is not None and hmac.compare_digest(s.token_hash, digest):
                return i
        return None

    def public_seats(self) -> list[dict[str, Any]]:
        present = {c.seat for c in self.clients}
        return [{"seat": i, "name": s.name, "bot": s.bot, "joined": s.bot is not None or s.joined,
                 "connected": s.bot is not None or i in present} for i, s in enumerate(self.seats)]

    def summary(self) -> dict[str, Any]:
        """Public facts about the table (for the lobby and the HTTP API)."""
        record = self.table.record
        return {"id": self.id, "game": self.table.game.name, "title": self.table.game.title,
                "options": self.table.options, "status": self.status, "seats": self.public_seats(),
                "actions": len(record.actions) if record else 0,
                "result": record.result if record else None, "rematch": self.rematch}

    # --- what a client is sent ------------------------------------------------
    def welcome(self, client: Client) -> dict[str, Any]:
        return {"type": "welcome", "protocol": PROTOCOL, "table": self.id, "game": self.table.game.name,
                "title": self.table.game.title, "seat": client.seat, "options": self.table.options}

    def update_for(self, client: Client, seats: list[dict[str, Any]] | None = None) -> dict[str, Any]:
        """This client's view, its legal actions and the events it has not been sent yet
        (``seats``: the public seats, when the caller has them already)."""
        t = self.table
        seat = client.seat
        legal = t.legal(seat) if seat is not None and self.started and self.seats[seat].bot is None else []
        start = client.cursor
        client.cursor = len(t.log)
        return {
            "type": "update", "table": self.id, "status": self.status, "seats": seats or self.public_seats(),
            "view": t.view(seat).to_json(),
            "legal": [t.game.action_to_json(a) for a in legal],
            "events_from": start, "events": t.events_for(seat, start), "next": client.cursor,
            "actions": len(t.record.actions) if t.record else 0,
            "result": t.record.result if t.record else None, "rematch": self.rematch,
        }

    def broadcast(self) -> None:
        seats = self.public_seats()
        for c in list(self.clients):
            c.send(self.update_for(c, seats))

    # --- connections ----------------------------------------------------------
    async def join(self, client: Client, since: int) -> None:
        """A client says hello: it is sent the table and what it missed since event ``since``."""
        seat = client.seat
        if seat is not None and not self.seats[seat].joined:
            self.seats[seat].joined = True
            self.hub.store.update_seat(self.id, seat, self.seats[seat])
        n = len(self.table.log)
        client.cursor = since if 0 <= since <= n else 0
        client.cursor = max(client.cursor, n - EVENT_WINDOW)
        client.send(self.welcome(client))
        self.clients.add(client)
        self.broadcast()
        self.kick_bots()

    def drop(self, client: Client) -> None:
        """A connection closed: the others see the seat as disconnected. A
        finished table nobody watches leaves memory (the store keeps it)."""
        if client in self.clients:
            self.clients.discard(client)
            self.broadcast()
        if not self.clients and self.table.over and self.hub.tables.get(self.id) is self:
            del self.hub.tables[self.id]

    # --- acting -----------------------------------------------------------------
    def _may_act(self, client: Client) -> int:
        seat = client.seat
        if seat is None:
            raise ProtocolError("spectator", "spectators watch; open your seat's invite link to play")
        if self.seats[seat].bot is not None:
            raise ProtocolError("left", "you left this seat; a bot plays it now")
        return seat

    async def attempt(self, client: Client, raw: Any, ref: Any = None) -> None:
        """A seat's attempt at an action: the client is sent its ``ack`` once
        the store has committed the action, then everyone gets an update.
        ProtocolError otherwise; nothing changes on error except what the
        rulebook's table-mode penalties say."""
        seat = self._may_act(client)
        if not self.started:
            raise ProtocolError("not_started", "the game starts when every seat has joined")
        if not isinstance(raw, Mapping):
            raise ProtocolError("bad_action", "an \"act\" message carries an \"action\" object")
        named = raw.get("seat", seat)
        if type(named) is not int or named != seat:
            raise ProtocolError("not_your_seat", f"you sit at seat {seat}; you cannot act for another seat")
        game = self.table.game
        try:
            action = game.action_from_json({**raw, "seat": seat})
        except (GameError, TypeError, ValueError, KeyError) as exc:
            raise ProtocolError("bad_action", str(exc)) from None
        async with self.lock:
            self._check_live()
            if self.table.over:
                raise ProtocolError("game_over", "the game is over")
            before = len(self._actions())
            try:
                events = self.table.submit(action)
            except Exception:
                log.exception("table %s: the engine failed on an action; reloading from the store", self.id)
                self.hub.evict(self)
                raise ProtocolError("internal", "the server could not judge that action; it was not played") from None
            if len(events) == 1 and events[0].kind == "refused":
                data = events[0].data or {}
                raise ProtocolError("refused", f"{data.get('reason', 'not allowed')} [{data.get('rule', '?')}]")
            self._persist(before)
            penalties = [e.data.get("name") for e in events if e.kind == "penalty" and e.data]
            client.send({"type": "ack", "id": ref, "actions": len(self._actions()), "penalties": penalties})
            self.broadcast()
        self.kick_bots()

    async def leave(self, client: Client) -> None:
        """The player gets up: a bot takes the seat so the others can play on,
        and the seat's token stops working."""
        seat = self._may_act(client)
        kind = default_bot(self.table.game.name)
        async with self.lock:
            self._check_live()
            stored = StoredSeat(f"{self.seats[seat].name} (left, {kind} bot)", kind, None, True)
            self.hub.store.update_seat(self.id, seat, stored)
            self.seats[seat] = stored
            self.table.seats[seat].bot = make(self.table.game.name, kind, self.table.seed * 31 + seat)
            for c in self.clients:
                if c.seat == seat:
                    c.seat = None
                    c.send(self.welcome(c))
            self.broadcast()
        self.kick_bots()

    async def request_rematch(self, client: Client) -> str:
        """A new table with the same game, options and seats (same tokens), once per table."""
        self._may_act(client)
        if not self.table.over:
            raise ProtocolError("not_over", "a rematch can start once this game is over")
        async with self.lock:
            self._check_live()
            if self.rematch is None:
                seats = [StoredSeat(s.name, s.bot, s.token_hash, s.bot is not None) for s in self.seats]
                new = self.hub.new_table(self.table.game.name, self.table.options, seats)
                self.hub.store.set_rematch(self.id, new)
                self.rematch = new.id
            for c in self.clients:
                c.send({"type": "rematch", "table": self.rematch})
        return self.rematch

    # --- bots -------------------------------------------------------------------
    def kick_bots(self) -> None:
        """Start this table's bot runner if a bot has a decision and none is running."""
        if self.bots_task is not None and not self.bots_task.done():
            return
        if self.started and not self.table.over and self.table.bot_to_act() is not None:
            self.bots_task = asyncio.create_task(self._run_bots())

    async def _run_bots(self) -> None:
        """Bots play until a person must decide; each move is stored before it is shown.

        With a delay, one move per pause so people can follow; without, every
        pending bot move at once."""
        delay = self.hub.bot_delay
        while True:
            await asyncio.sleep(delay)
            async with self.lock:
                if self.evicted or self.table.over or self.table.bot_to_act() is None:
                    return
                before = len(self._actions())
                try:
                    if delay:
                        self.table.step_bot()
                    else:
                        self.table.advance()
                except Exception:
                    log.exception("table %s: a bot failed; reloading from the store", self.id)
                    self.hub.evict(self)
                    return
                try:
                    self._persist(before)
                except ProtocolError:
                    return
                self.broadcast()

    # --- the store ----------------------------------------------------------------
    def _actions(self) -> list[dict[str, Any]]:
        assert self.table.record is not None
        return self.table.record.actions

    def _check_live(self) -> None:
        if self.evicted:
            raise ProtocolError("reload", "the table is being reloaded; reconnect")

    def _persist(self, before: int) -> None:
        """Commit the actions accepted since ``before``. If the store fails the
        table is dropped from memory (it is ahead of the disk) and rebuilt
        from the store on next use, so nothing unsaved is ever shown."""
        new = self._actions()[before:]
        if not new:
            return
        record = self.table.record
        try:
            self.hub.store.append(self.id, before, new, record.result if record else None)
        except sqlite3.Error:
            log.exception("table %s: could not store actions %d..; dropping it from memory", self.id, before)
            self.hub.evict(self)
            raise ProtocolError("not_saved", "the server could not save that action; it was not played") from None


class Hub:
    """Every live table, by id; tables are loaded from the store on first use."""

    def __init__(self, store: Store, bot_delay: float = 0.0):
        self.store = store
        self.bot_delay = bot_delay
        self.tables: dict[str, LiveTable] = {}

    def new_table(self, game_name: str, options: Mapping[str, Any], seats: list[StoredSeat],
                  seed: int | None = None) -> StoredTable:
        """A table ready to store (not yet stored); checks the game, options and seats."""
        game = registry.get(game_name)
        opts = game.options(options)
        seed = secrets.randbelow(2**31) if seed is None else seed
        n = game.seats(game.new(opts, seed))
        if len(seats) != n:
            raise GameError(f"{game.title} with these options has {n} seats; {len(seats)} were described")
        for i, s in enumerate(seats):
            if s.bot is not None:
                try:
                    check_spec(game.name, s.bot)
                except GameError as exc:
                    raise GameError(f"seat {i}: {exc}") from None
        return StoredTable(_new_id(), game.name, opts, seed, seats, [])

    def create(self, game_name: str, options: Mapping[str, Any], seats: Sequence[Mapping[str, Any]],
               seed: int | None = None) -> tuple[StoredTable, dict[int, str]]:
        """Store a new table; returns it and a fresh secret token per person's seat."""
        tokens: dict[int, str] = {}
        stored_seats = []
        for i, spec in enumerate(seats):
            bot = spec.get("bot") or None
            default = f"{bot} bot {i}" if bot else f"player {i}"
            name = str(spec.get("name") or default).strip()[:NAME_LIMIT] or default
            if bot is None:
                tokens[i] = secrets.token_urlsafe(18)
            stored_seats.append(StoredSeat(name, bot, token_hash(tokens[i]) if i in tokens else None))
        stored = self.new_table(game_name, options, stored_seats, seed)
        self.store.create(stored)
        return stored, tokens

    def get(self, table_id: str) -> LiveTable | None:
        """The live table, rebuilt from the store (options, seed, actions replayed) if not in memory."""
        live = self.tables.get(table_id)
        if live is not None:
            return live
        stored = self.store.load(table_id)
        if stored is None:
            return None
        bots = {i: s.bot for i, s in enumerate(stored.seats) if s.bot}
        names = {i: s.name for i, s in enumerate(stored.seats)}
        table = Table.restore(stored.game, stored.options, stored.seed, bots, names, stored.actions,
                              keep_refusals=False)
        if table.record is None or len(table.record.actions) != len(stored.actions):
            raise RuntimeError(f"table {table_id}: its stored actions no longer replay")
        live = self.tables[table_id] = LiveTable(self, stored, table)
        return live

    def evict(self, live: LiveTable) -> None:
        """Forget a table whose memory may be ahead of the store; its clients
        reconnect and get it as the store has it. They are closed once the
        current handler has queued its error for the client that tried."""
        live.evicted = True
        if self.tables.get(live.id) is live:
            del self.tables[live.id]
        clients = list(live.clients)
        live.clients.clear()

        def close_all() -> None:
            for c in clients:
                c.close()

        asyncio.get_running_loop().call_soon(close_all)


def _new_id() -> str:
    """A short table id, easy to read aloud (no 0/o/1/l)."""
    alphabet = "abcdefghijkmnpqrstuvwxyz23456789"
    return "".join(secrets.choice(alphabet) for _ in range(10))
