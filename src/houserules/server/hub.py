"""The hub: this process's live tables, by id. It creates tables, loads them from the store on
first use (replaying their actions), brings back every table in play at start-up, and drops
idle ones when too many are held."""

from __future__ import annotations

import asyncio
import logging
import secrets
import sqlite3
import time
from collections import OrderedDict
from collections.abc import Coroutine, Mapping, Sequence
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..bots import POLICY, check_spec
from ..clock import parse_clock, parse_on_timeout
from ..engine import registry
from ..engine.core import GameError
from ..engine.options import stored as options_stored
from ..table import Table, bot_name, person_name
from .chat import plain
from .clients import Unavailable
from .limits import OPEN_WINDOW
from .live import LiveTable
from .moving import ANSWER, IDLE
from .protocol import NAME_LIMIT
from .store import Store, StoredSeat, StoredTable, StoreError, token_hash
from .stores import Offloaded, TableStore
from .table_state import TableState

if TYPE_CHECKING:
    from .cluster import Cluster

log = logging.getLogger("houserules.server")

#: tables kept in memory by default; idle ones beyond this are dropped and reloaded on demand
MAX_TABLES = 1000


class Hub:
    """The live tables, by id: loaded from the store on first use, and dropped
    again (least recently used first) when more than ``max_tables`` are held
    and some are idle, so looking at thousands of tables cannot fill memory."""

    def __init__(self, store: TableStore, bot_delay: float = 0.0, grace: float = 45.0, max_tables: int = MAX_TABLES,
                 idle: float | None = IDLE, policies: Mapping[str, Mapping[str, str]] | None = None,
                 answer: float = ANSWER):
        self.store = store
        #: the store's calls off the event loop (``await hub.io.run(hub.store.append, ...)``; reads ``io.read``)
        self.io = Offloaded(store)
        #: trained policies this server offers as bots, by game and name (``serve --policies DIR``)
        self.policies = policies or {}
        self.bot_delay = bot_delay
        #: seconds a disconnected person's seat waits before a stand-in bot plays it
        self.grace = grace
        #: seconds a connected person may sit on a decision at a table without a turn clock before
        #: a bot makes it for them (None: for ever)
        self.idle = idle
        #: seconds a person asked in secret (a NOPE window) has before they say nothing; never shown
        self.answer = answer if idle is None else min(answer, idle)
        self.max_tables = max_tables
        #: oldest use first
        self.tables: OrderedDict[str, LiveTable] = OrderedDict()
        #: work started from timers (a stand-in arriving), held so that it is not collected mid-way
        self.tasks: set[asyncio.Task[None]] = set()
        #: this process's part among several on one PostgreSQL database (None: the only process)
        self.cluster: Cluster | None = None

    def spawn(self, work: Coroutine[Any, Any, None]) -> None:
        """Run ``work`` on the event loop as a task of its own."""
        task = asyncio.get_running_loop().create_task(work)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    # --- what the cluster asks (cluster.Members) ----------------------------------
    def held(self) -> list[str]:
        return list(self.tables)

    def connected(self, table_id: str) -> list[int]:
        live = self.tables.get(table_id)
        return sorted({c.seat for c in live.clients if c.seat is not None}) if live else []

    def changed(self, table_id: str, adopted: bool) -> None:
        live = self.tables.get(table_id)
        if live is not None:
            self.spawn(live.refresh(adopted))

    def presence_changed(self, table_id: str) -> None:
        live = self.tables.get(table_id)
        if live is not None:
            self.spawn(live.presence_changed())  # under the table's lock

    def stand_in(self, table_id: str, seat: int) -> None:
        """The host asked at another process for a stand-in at this process's table."""
        live = self.tables.get(table_id)
        if live is not None and 0 <= seat < len(live.seats) and live.absent(seat):
            self.spawn(live._stand_in_later(seat))  # under the table's lock, as every stand-in

    def policy(self, game: str, seat: int, spec: str) -> str:
        """The bot spec of a policy this server offers by name (``policy:NAME``, stored with its
        file's path); a path, or a name not offered, is refused: a table made over the network
        never makes the server read a file of a stranger's choosing."""
        name = spec.strip()[len(POLICY):]
        offered = self.policies.get(game, {})
        if name not in offered:
            names = ", ".join(f"{POLICY}{n}" for n in sorted(offered)) or "none (houserules serve --policies DIR)"
            raise GameError(f"seat {seat}: no trained policy {name!r} for {game} on this server; offered: {names}")
        return POLICY + offered[name]

    def new_table(self, game_name: str, options: Mapping[str, Any], seats: list[StoredSeat],
                  seed: int | None = None, settings: Mapping[str, Any] | None = None) -> StoredTable:
        """A table ready to store (not yet stored); checks the game, options and seats."""
        game = registry.get(game_name)
        opts = game.options(options)
        seed = secrets.randbelow(2**31) if seed is None else seed
        n = game.seats_for(opts)
        if len(seats) != n:
            raise GameError(f"{game.title} with these options has {n} seats; {len(seats)} were described")
        seats = [replace(s, bot=self.policy(game.name, i, s.bot)) if s.bot and s.bot.strip().startswith(POLICY)
                 else s for i, s in enumerate(seats)]
        for i, s in enumerate(seats):
            if s.bot is not None:
                try:
                    check_spec(game.name, s.bot)
                except GameError as exc:
                    raise GameError(f"seat {i}: {exc}") from None
        return StoredTable(_new_id(), game.name, opts, seed, seats, [], settings=dict(settings or {}))

    async def create(self, game_name: str, options: Mapping[str, Any], seats: Sequence[Mapping[str, Any]],
                     seed: int | None = None, clock: Any = None, on_timeout: Any = None, listed: bool = False,
                     party: Mapping[str, str] | None = None) -> tuple[StoredTable, dict[int, str], dict[str, str]]:
        """Store a new table; returns it, a fresh secret token per person's seat and
        the table's own secrets: ``host`` (pause, resume, replace) and ``watch`` (spectate)."""
        clock_spec = parse_clock(clock)
        timeout = parse_on_timeout(on_timeout)
        secrets_ = {"host": secrets.token_urlsafe(18), "watch": secrets.token_urlsafe(12)}
        settings = {"clock": clock_spec.to_json() if clock_spec else None, "on_timeout": timeout, "listed": bool(listed),
                    "paused": False, "host_hash": token_hash(secrets_["host"]),
                    "watch_hash": token_hash(secrets_["watch"]), **(party or {})}
        tokens: dict[int, str] = {}
        stored_seats = []
        for i, spec in enumerate(seats):
            bot = spec.get("bot") or None
            default = bot_name(i) if bot else person_name(i)
            name = plain(str(spec.get("name") or default))[:NAME_LIMIT].strip() or default
            if bot is None:
                tokens[i] = secrets.token_urlsafe(18)
            stored_seats.append(StoredSeat(name, bot, token_hash(tokens[i]) if i in tokens else None))
        stored = self.new_table(game_name, options, stored_seats, seed, settings)
        try:
            await self.io.run(self.store.create, stored)
        except sqlite3.Error:
            log.exception("could not store a new %s table", stored.game)
            raise Unavailable("the server could not store the table (its storage failed); try again later") \
                from None
        if not tokens:  # every seat a bot's: play begins now, whether or not anyone watches
            live = await self.fetch(stored.id)
            if live is not None:
                live.schedule()
                live.kick_bots()
        return stored, tokens, secrets_

    def get(self, table_id: str) -> LiveTable | None:
        """The live table, rebuilt from the store (options, seed, actions replayed) if not in
        memory; None if there is no such table. Unavailable if it cannot be read or replayed:
        that table is refused, every other one is served as usual. It reads the store where
        it is called: the server's own paths use ``fetch``, which reads it off the event loop."""
        live = self._held(table_id)
        if live is not None:
            return live
        try:
            stored = self.store.load(table_id)
        except (sqlite3.Error, ValueError):
            log.exception("table %s: could not be read from the store", table_id)
            raise Unavailable(f"table {table_id} cannot be read from the server's storage right now") from None
        if stored is None:
            return None
        table = replayed(_open(stored))
        if self.cluster is not None:
            self.cluster.talk.submit(self.cluster.claim_now, table_id).result()
        return self._adopt(stored, table)

    async def fetch(self, table_id: str) -> LiveTable | None:
        """As ``get``, with the store read and the record replayed off the event loop."""
        live = self._held(table_id)
        if live is not None:
            return live
        try:
            stored = await self.io.read(self.store.load, table_id)
        except (sqlite3.Error, ValueError):
            log.exception("table %s: could not be read from the store", table_id)
            raise Unavailable(f"table {table_id} cannot be read from the server's storage right now") from None
        if stored is None:
            return None
        table = await asyncio.to_thread(replayed, _open(stored))
        if self.cluster is not None:  # the table's own, if no other process holds it (off the loop too)
            await self.cluster.claim(table_id)
        return self._held(table_id) or self._adopt(stored, table)  # another fetch may have been first

    async def make_room(self) -> bool:
        """The server holds as many unfinished tables as it may: close the one nobody has touched
        longest (no move stored, nobody joining) that nobody uses either (no connection here or,
        in a cluster, at another process; no bot, clock or grace period running); whether one
        was. Old idle tables yield to new ones, so a flood of tables cannot shut the door."""
        since = time.time() - OPEN_WINDOW
        for table_id in await self.io.read(self.store.oldest_open, since, 50):
            live = self.tables.get(table_id)
            if (live is not None and not live.idle) or (self.cluster is not None and self.cluster.elsewhere(table_id)):
                continue
            await self.io.run(self.store.close_table, table_id, time.time())
            if live is not None and self.forget(live):
                live.evicted = True
                live.stop()
            log.info("table %s: closed to make room for a new one (nobody had touched it for longest)", table_id)
            return True
        return False

    def _held(self, table_id: str) -> LiveTable | None:
        live = self.tables.get(table_id)
        if live is not None:
            self.tables.move_to_end(table_id)
        return live

    def _adopt(self, stored: StoredTable, table: Table) -> LiveTable:
        """Hold the table just loaded (in a cluster, its claim was tried first)."""
        live = self.tables[stored.id] = LiveTable(self, stored, table)
        self._trim(live)
        return live

    async def resume(self) -> None:
        """At start-up: bring back every table being played, so that its bots move, its clocks
        run and its absent players' grace periods start as if the server had not stopped
        (the table's clock does not count the downtime). Tables are replayed one at a time,
        the server answering meanwhile; one that cannot be is left for the log."""
        try:
            ids = await self.io.read(self.store.in_play, self.max_tables)
        except sqlite3.Error:
            log.exception("could not list the tables in play")
            return
        for table_id in ids:
            await asyncio.sleep(0)
            try:
                live = await self.fetch(table_id)
            except Unavailable:
                continue  # logged by fetch
            if live is not None and not live.evicted:
                live.schedule()
                live.kick_bots()
                live._watch_absences()
                live._watch_host()

    def _trim(self, keep: LiveTable) -> None:
        """Drop the least recently used idle tables (never ``keep``, the one just loaded)
        while more than ``max_tables`` are held."""
        excess = len(self.tables) - self.max_tables
        for live in list(self.tables.values()):
            if excess <= 0:
                return
            if live.idle and live is not keep:
                del self.tables[live.id]
                live.evicted = True
                live.stop()
                excess -= 1

    def forget(self, live: TableState) -> bool:
        """Drop ``live`` from memory if it is the copy held (the store keeps it); whether it was."""
        if self.tables.get(live.id) is not live:
            return False
        del self.tables[live.id]
        return True


def replayed(stored: StoredTable) -> Table:
    """The stored table's game, replayed; Unavailable if its actions no longer replay (the
    rules changed under it, or the file was edited). The reason goes to the log only: it may
    name a seat's cards."""
    bots = {i: s.bot for i, s in enumerate(stored.seats) if s.bot}
    names = {i: s.name for i, s in enumerate(stored.seats)}
    try:
        clock = parse_clock(stored.settings.get("clock"))
        with options_stored():  # checked when stored: a rule book is not checked again
            table = Table.restore(stored.game, stored.options, stored.seed, bots, names, stored.actions,
                                  keep_refusals=False, clock=clock, on_timeout=stored.settings.get("on_timeout", "bot"))
        if table.record is None or len(table.record.actions) != len(stored.actions):
            raise GameError(f"{len(table.record.actions) if table.record else 0} of its "
                            f"{len(stored.actions)} stored actions replay")
    except Exception as exc:  # noqa: BLE001 (whatever the engine raises on old or edited actions)
        log.error("table %s: its stored game no longer replays: %s: %s", stored.id, type(exc).__name__, exc)
        raise Unavailable(f"table {stored.id} is stored but its game no longer replays on this server "
                          "(the server's log says why); other tables are not affected", 500) from None
    return table


def _open(stored: StoredTable) -> StoredTable:
    """The stored table, unless it was closed to make room (Unavailable, 410)."""
    if stored.settings.get("closed") is not None:
        raise Unavailable(f"table {stored.id} was closed to make room for new tables: nobody had touched it for "
                          "longest while the server was full", 410)
    return stored


def stored_options(path: Path, table_id: str) -> tuple[str, dict[str, Any]]:
    """A table stored in the SQLite file at ``path``: its game, and the options it plays with now
    (its record replayed: a Mao match's written rules change them). For the command line (Mao's
    ``rules export --table``, lent to the game's commands by cli.py); GameError says why not."""
    if not path.is_file():  # reading a table must not leave an empty database behind
        raise GameError(f"no server database at {path}" + (" (it is a folder)" if path.is_dir() else ""))
    try:
        store = Store(path)
    except StoreError as exc:
        raise GameError(str(exc)) from None
    try:
        stored = store.load(table_id)
    finally:
        store.close()
    if stored is None:
        raise GameError(f"no table {table_id!r} in the store")
    try:
        return stored.game, dict(replayed(stored).state.options)
    except Unavailable as exc:
        raise GameError(str(exc)) from None


def _new_id() -> str:
    """A short table id, easy to read aloud (no 0/o/1/l)."""
    alphabet = "abcdefghijkmnpqrstuvwxyz23456789"
    return "".join(secrets.choice(alphabet) for _ in range(10))
