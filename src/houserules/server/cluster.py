"""Several server processes on one PostgreSQL database: any process serves
any table.

The design is small on purpose:

- **The database orders the moves.** Every process may judge an action at
  any table it serves, having first caught up with what is stored. The
  store's primary key (table, action number) lets only one process store
  action n; the other is told ``Conflict``, drops its copy of the table and
  its clients reconnect to the stored game (store_pg.py). Nothing can fork
  and nothing acknowledged is lost, whoever owns what.
- **One owner per table keeps its time.** A table's owner is the process
  holding a PostgreSQL advisory lock on the table's id, taken when the
  process loads the table and tried again every ``BEAT`` seconds by every
  other process that holds it in memory. Only the owner runs the table's
  timers: clocks, deadlines (Mao's delay of game), bots, and the stand-ins
  for absent players. The lock lives on the owner's database connection, so
  when the owner dies (SIGKILL included) PostgreSQL frees it as soon as the
  connection drops, and the next beat of another process takes the table
  over: it reloads the table from the store and starts its timers there,
  the clock resuming from the last stored moment (as after a restart).
- **Every write is announced.** Each stored change sends ``NOTIFY
  houserules`` inside its transaction; every process LISTENs, catches up
  with the tables it holds and pushes the update to its connections.
- **Presence is announced too.** Each process says every beat which seats
  are connected to it at which tables; a seat counts as connected while
  some live process said so within ``PRESENCE_TTL`` seconds, so the owner
  does not hand a seat to a stand-in whose player sits at another process.
- **No statement on the event loop.** The lock connection is used by one
  thread of its own (claims, releases and announcements in the order they
  were asked for), the listener by another: a database that stalls holds up
  the beat and the tables being loaded, never the room (issue 38).
"""

from __future__ import annotations

import asyncio
import json
import logging
import threading
import time
from collections.abc import Iterable, Mapping
from concurrent.futures import ThreadPoolExecutor
from contextlib import suppress
from typing import Any, Protocol

import psycopg

from .store_pg import CHANNEL, PgStore

log = logging.getLogger("houserules.server")

#: seconds between two beats: ownership tried, presence announced, the lock connection checked
BEAT = 1.0
#: seconds a process's word that a seat is connected to it holds
PRESENCE_TTL = 3.5


class Members(Protocol):
    """What the cluster asks of the process's hub of live tables."""

    def held(self) -> Iterable[str]: ...
    def connected(self, table_id: str) -> list[int]: ...
    def changed(self, table_id: str, adopted: bool) -> None: ...
    def presence_changed(self, table_id: str) -> None: ...
    def stand_in(self, table_id: str, seat: int) -> None: ...


class Cluster:
    """This process's part: the tables it owns, the others' presence, the listener."""

    def __init__(self, store: PgStore):
        self.store = store
        self.origin = store.origin
        self.owned: set[str] = set()
        #: table -> origin -> (seats connected there, when it said so)
        self.presence: dict[str, dict[str, tuple[frozenset[int], float]]] = {}
        #: table -> the seats its owner's stand-ins play (as the owner said)
        self.standing: dict[str, frozenset[int]] = {}
        #: table -> seat -> when (wall-clock time) the owner's stand-in sits down there (as it said)
        self.due: dict[str, dict[int, float]] = {}
        self.locks = psycopg.connect(store.dsn, autocommit=True, connect_timeout=10)
        #: the one thread that uses ``locks``; ``owned`` changes there too, so claims and releases
        #: of a table keep their order and a table's lock is never taken twice
        self.talk = ThreadPoolExecutor(max_workers=1, thread_name_prefix="houserules-cluster")
        self.members: Members | None = None
        self.loop: asyncio.AbstractEventLoop | None = None
        self._stop = threading.Event()
        self._listener: threading.Thread | None = None
        self._beat: asyncio.Task[None] | None = None

    # --- life -----------------------------------------------------------------
    def start(self, members: Members) -> None:
        self.members = members
        self.loop = asyncio.get_running_loop()
        self._listener = threading.Thread(target=self._listen, name="houserules-listen", daemon=True)
        self._listener.start()
        self._beat = asyncio.create_task(self._beats())

    def close(self) -> None:
        self._stop.set()
        if self._beat is not None:
            self._beat.cancel()
        if self._listener is not None:
            self._listener.join(timeout=3)
        self.talk.shutdown(wait=False, cancel_futures=True)  # a stalled statement does not hold up the end
        with suppress(psycopg.Error):
            self.locks.close()

    # --- ownership ------------------------------------------------------------
    def owns(self, table_id: str) -> bool:
        return table_id in self.owned

    async def claim(self, table_id: str) -> bool:
        """Take the table if no other process holds it (True: it is ours, now or already)."""
        return await asyncio.get_running_loop().run_in_executor(self.talk, self.claim_now, table_id)

    def claim_now(self, table_id: str) -> bool:
        """As ``claim``, on the calling thread (the cluster's own, or a caller off the event loop)."""
        if table_id in self.owned:
            return True
        try:
            row = self.locks.execute("SELECT pg_try_advisory_lock(hashtextextended(%s, 0))", (table_id,)).fetchone()
        except psycopg.Error:
            log.warning("could not try to own table %s (the database connection failed)", table_id)
            return False
        if row and row[0]:
            self.owned.add(table_id)
            return True
        return False

    def release(self, table_id: str) -> None:
        """The table leaves this process's memory: another process may own it."""
        with suppress(RuntimeError):  # the cluster is closing
            self.talk.submit(self._release, table_id)

    def _release(self, table_id: str) -> None:
        if table_id in self.owned:
            self.owned.discard(table_id)
            with suppress(psycopg.Error):
                self.locks.execute("SELECT pg_advisory_unlock(hashtextextended(%s, 0))", (table_id,))

    # --- presence -------------------------------------------------------------
    def elsewhere(self, table_id: str) -> frozenset[int]:
        """Seats connected to other processes (said within PRESENCE_TTL)."""
        said = self.presence.get(table_id)
        if not said:
            return frozenset()
        fresh = time.monotonic() - PRESENCE_TTL
        return frozenset(s for seats, when in said.values() if when >= fresh for s in seats)

    def announce(self, table_id: str, seats: Iterable[int]) -> None:
        """Tell the other processes which seats of this table are connected here."""
        self._notify([f"p {self.origin} {table_id} {json.dumps(sorted(set(seats)))}"])

    def announce_stand_ins(self, table_id: str, seats: Iterable[int], due: Mapping[int, float]) -> None:
        """The owner says which seats of this table its stand-in bots play, and when (wall-clock
        time) a stand-in sits down at each seat whose grace period runs."""
        said = {"seats": sorted(set(seats)), "due": {str(s): round(t, 1) for s, t in due.items()}}
        self._notify([f"i {self.origin} {table_id} {json.dumps(said, separators=(',', ':'))}"])

    def stand_ins(self, table_id: str) -> frozenset[int]:
        """Seats the owner's stand-ins play, as the owner last said (this process's own when it owns)."""
        return frozenset() if table_id in self.owned else self.standing.get(table_id, frozenset())

    def grace_due(self, table_id: str) -> dict[int, float]:
        """When the owner's stand-in sits down at each seat whose grace period runs, as it said
        (empty when this process owns the table: its own timers say)."""
        return {} if table_id in self.owned else self.due.get(table_id, {})

    def stand_in_at_owner(self, table_id: str, seat: int) -> None:
        """The host, connected here, handed an absent seat to a bot: the owner's stand-in plays it."""
        self._notify([f"s {self.origin} {table_id} {seat}"])

    def _notify(self, payloads: list[str]) -> None:
        """Send ``payloads`` on the cluster's thread, after what was asked before them."""
        with suppress(RuntimeError):  # the cluster is closing
            self.talk.submit(self._notify_now, payloads)

    def _notify_now(self, payloads: list[str]) -> None:
        try:
            with self.locks.transaction():
                for p in payloads:
                    self.locks.execute("SELECT pg_notify(%s, %s)", (CHANNEL, p))
        except psycopg.Error:
            log.warning("could not announce presence (the database connection failed)")

    def _heard(self, payload: str) -> None:
        """On the event loop: another process stored a change or said who is connected."""
        members = self.members
        parts = payload.split(" ", 3)
        if members is None or len(parts) < 3 or parts[1] == self.origin:
            return
        if parts[0] == "t":
            members.changed(parts[2], False)
        elif parts[0] == "p" and len(parts) == 4:
            self._said(members, parts[1], parts[2], json.loads(parts[3]))
        elif parts[0] == "i" and len(parts) == 4:
            said = json.loads(parts[3])
            if isinstance(said, list):  # an older process says the seats alone
                said = {"seats": said}
            self.standing[parts[2]] = frozenset(int(s) for s in said["seats"])
            self.due[parts[2]] = {int(s): float(t) for s, t in said.get("due", {}).items()}
            for known in (self.standing, self.due):
                if not known[parts[2]]:
                    del known[parts[2]]
            members.presence_changed(parts[2])
        elif parts[0] == "s" and len(parts) == 4 and parts[3].isdigit() and self.owns(parts[2]):
            members.stand_in(parts[2], int(parts[3]))
        elif parts[0] == "P":  # a beat's word on many tables: {table: seats}
            for table_id, seats in json.loads(payload.split(" ", 2)[2]).items():
                self._said(members, parts[1], table_id, seats)

    def _said(self, members: Members, origin: str, table_id: str, seats: list[int]) -> None:
        said = self.presence.setdefault(table_id, {})
        before = self.elsewhere(table_id)
        said[origin] = (frozenset(int(s) for s in seats), time.monotonic())
        if self.elsewhere(table_id) != before:
            members.presence_changed(table_id)

    # --- the beat -------------------------------------------------------------
    async def _beats(self) -> None:
        while True:
            await asyncio.sleep(BEAT)
            try:
                await self._beat_once()
            except Exception:  # noqa: BLE001 - a beat that failed is tried again next time
                log.exception("the cluster's beat failed")

    async def _beat_once(self) -> None:
        """What the tables say is read here, on the loop; the database is spoken to on the
        cluster's thread, which the beat awaits (a stalled database delays the next beat)."""
        members = self.members
        assert members is not None
        held = list(members.held())
        connected = {t: seats for t in held if (seats := members.connected(t))}
        taken = await asyncio.get_running_loop().run_in_executor(self.talk, self._beat_talk, held, connected)
        now_held = set(members.held())
        for table_id in taken:
            if table_id in now_held:
                log.info("table %s: taken over by this process", table_id)
                members.changed(table_id, True)
            else:  # it left memory while the beat spoke to the database
                self.release(table_id)
        self._forget_stale(members)

    def _beat_talk(self, held: list[str], connected: dict[str, list[int]]) -> list[str]:
        """On the cluster's thread: the lock connection checked, the tables held but not owned
        tried, and which seats are connected here said; the tables taken over."""
        if self.locks.closed or self.locks.broken:
            # The locks went with the connection: this process owns nothing until it claims again.
            log.warning("the lock connection to the database broke; owning no table until it is back")
            self.owned.clear()
            try:
                self.locks = psycopg.connect(self.store.dsn, autocommit=True, connect_timeout=5)
            except psycopg.Error:
                return []
        taken = [t for t in held if t not in self.owned and self.claim_now(t)]
        notes, batch = [], {}
        for table_id, seats in connected.items():  # NOTIFY payloads stay under PostgreSQL's 8000 bytes
            batch[table_id] = seats
            if len(batch) >= 150:
                notes.append(batch)
                batch = {}
        if batch:
            notes.append(batch)
        if notes:
            self._notify_now([f"P {self.origin} {json.dumps(b, separators=(',', ':'))}" for b in notes])
        return taken

    def _forget_stale(self, members: Members) -> None:
        """Presence not said again within PRESENCE_TTL is forgotten (the tables are told)."""
        fresh = time.monotonic() - PRESENCE_TTL
        for table_id in list(self.presence):
            said = self.presence[table_id]
            stale = [o for o, (_, when) in said.items() if when < fresh]
            for o in stale:
                del said[o]
            if stale:
                members.presence_changed(table_id)
            if not said:
                del self.presence[table_id]

    # --- the listener (its own thread and connection) ------------------------------
    def _listen(self) -> None:
        while not self._stop.is_set():
            try:
                with psycopg.connect(self.store.dsn, autocommit=True, connect_timeout=5) as conn:
                    conn.execute(f"LISTEN {CHANNEL}")
                    self._call(self._resync_all)  # anything missed while not listening
                    while not self._stop.is_set():
                        for note in conn.notifies(timeout=0.5):
                            self._call(self._heard, note.payload)
            except psycopg.Error:
                log.warning("the listening connection to the database broke; listening again")
                self._stop.wait(0.5)

    def _call(self, fn: Any, *args: Any) -> None:
        loop = self.loop
        if loop is not None and not loop.is_closed():
            with suppress(RuntimeError):
                loop.call_soon_threadsafe(fn, *args)

    def _resync_all(self) -> None:
        if self.members is not None:
            for table_id in list(self.members.held()):
                self.members.changed(table_id, False)
