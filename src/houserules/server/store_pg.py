"""The tables in PostgreSQL: the same rows and promises as the SQLite store
(store.py), for a server that outgrows one file or runs as several processes.

Every write is one transaction, committed before the call returns, so
before anything is acknowledged; PostgreSQL's own write-ahead log keeps a
committed transaction through a crash of the server process or of the
database. Each write also sends ``NOTIFY houserules`` with the table's id,
inside the same transaction: the other server processes hear of it exactly
when it is committed, never before (cluster.py).

Two processes writing the same action number of the same table cannot both
succeed: the primary key (table, n) refuses the second, which is told
``Conflict`` and catches up with the first instead of forking the game. So
does the unique (table, act) for the same act stored twice (store.py).

The server calls it from a pool of ``POOL`` threads (stores.Offloaded), never
from its event loop; each thread has a connection of its own, opened when first
needed, so a statement waiting on one table's lock holds up only that table.

Faults are ``StorageFailed``, a ``sqlite3.DatabaseError`` so that the live
tables and the HTTP API answer them as they answer a failing SQLite file;
a connection that broke (the database restarted) is opened again on the
next call. At start-up the database is checked: reachable, writable, and
its tables of the shape this server keeps.
"""

from __future__ import annotations

import json
import secrets
import threading
import time
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from typing import Any

from .store import (ACK_SELECT, ACT_INDEX, ACTION_INSERT, CHAT_INSERT, CHAT_SELECT, TOUCH, Act, Conflict, Statement,
                    StorageFailed, StoredSeat, StoredTable, StoreError, action_rows, chat_lines, chat_row, inserts)

#: as store.OPEN, in PostgreSQL's JSON
OPEN = "result IS NULL AND created >= %s AND (settings::jsonb ->> 'closed') IS NULL"

try:
    import psycopg
    from psycopg import errors as pg_errors
except ImportError:  # pragma: no cover - the extra is missing
    psycopg = None  # type: ignore[assignment]

#: the longest a read or write may wait before it fails (StorageFailed: "not saved")
STATEMENT_TIMEOUT_MS = 5000
#: the channel every write is announced on (payload: "t ORIGIN TABLE")
CHANNEL = "houserules"
#: connections (and the threads that use them) the server's store calls run on: one table's
#: statement waiting on a lock holds one of them, and the others serve every other table
POOL = 4

_SCHEMA = """
CREATE TABLE IF NOT EXISTS tables (
    id TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    options TEXT NOT NULL,
    seed BIGINT NOT NULL,
    created DOUBLE PRECISION NOT NULL,
    result TEXT,
    rematch TEXT,
    settings TEXT,
    touched DOUBLE PRECISION
);
CREATE INDEX IF NOT EXISTS tables_created ON tables (created);
CREATE TABLE IF NOT EXISTS seats (
    table_id TEXT NOT NULL REFERENCES tables(id),
    seat INTEGER NOT NULL,
    name TEXT NOT NULL,
    bot TEXT,
    token_hash TEXT,
    joined BOOLEAN NOT NULL DEFAULT FALSE,
    PRIMARY KEY (table_id, seat)
);

CREATE TABLE IF NOT EXISTS actions (
    table_id TEXT NOT NULL REFERENCES tables(id),
    n INTEGER NOT NULL,
    action TEXT NOT NULL,
    act TEXT,
    ack TEXT,
    PRIMARY KEY (table_id, n)
);

CREATE TABLE IF NOT EXISTS chat (
    table_id TEXT NOT NULL REFERENCES tables(id),
    n INTEGER NOT NULL,
    seat INTEGER,
    name TEXT NOT NULL,
    text TEXT NOT NULL,
    at DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (table_id, n)
);
"""

#: what a database made by an older server gains (run once its tables are known to be the server's)
_MIGRATE = """
ALTER TABLE tables ADD COLUMN IF NOT EXISTS touched DOUBLE PRECISION;
ALTER TABLE actions ADD COLUMN IF NOT EXISTS act TEXT;
ALTER TABLE actions ADD COLUMN IF NOT EXISTS ack TEXT;
CREATE INDEX IF NOT EXISTS seats_token ON seats (token_hash);
"""

#: the columns each table must have (a database of another shape is refused at start-up)
_COLUMNS = {
    "tables": {"id", "game", "options", "seed", "created", "result", "rematch", "settings"},
    "seats": {"table_id", "seat", "name", "bot", "token_hash", "joined"},
    "actions": {"table_id", "n", "action"},
}


class PgStore:
    """The tables, seats and actions in one PostgreSQL database (psycopg 3)."""

    #: threads the server runs the store's calls on (stores.Offloaded), each with its own connection;
    #: reads share them
    threads = POOL
    readers = 0

    def __init__(self, dsn: str):
        if psycopg is None:
            raise StoreError("--db postgresql://... needs psycopg: pip install 'houserules[postgres]'")
        self.dsn = dsn
        self._local = threading.local()
        #: every connection opened, by any thread (closed together)
        self._opened: list[psycopg.Connection[Any]] = []
        #: this process's name in the notifications it sends (so it can skip its own)
        self.origin = secrets.token_hex(6)
        try:
            self.db = self._connect()
        except psycopg.Error as exc:
            raise StoreError(f"cannot connect to the PostgreSQL database ({_first_line(exc)}): check that it "
                             "runs and that --db names the right host, user and database") from None
        try:
            with self.db.transaction():
                self.db.execute("SELECT pg_advisory_xact_lock(7242)")  # two processes starting at once
                self.db.execute(_SCHEMA)
                self._check()
                self.db.execute(_MIGRATE)
                self.db.execute(ACT_INDEX)
        except psycopg.Error as exc:
            self.db.close()
            raise StoreError(f"cannot use the PostgreSQL database ({_first_line(exc)}): the user needs to be "
                             "allowed to create and write tables in it") from None
        except StoreError:
            self.db.close()
            raise

    @property
    def db(self) -> psycopg.Connection[Any]:
        """This thread's connection (opened on first use; every thread has its own)."""
        conn: psycopg.Connection[Any] | None = getattr(self._local, "conn", None)
        if conn is None:
            conn = self.db = self._connect()
        return conn

    @db.setter
    def db(self, conn: psycopg.Connection[Any]) -> None:
        self._local.conn = conn
        self._opened.append(conn)

    def _connect(self) -> psycopg.Connection[Any]:
        conn = psycopg.connect(self.dsn, autocommit=True, connect_timeout=10)
        # A database that stalls (a lock held elsewhere) must fail the call in seconds, and
        # hold up only the table whose statement waits (its thread), never the others.
        conn.execute(f"SET statement_timeout = {STATEMENT_TIMEOUT_MS}")
        return conn

    def _check(self) -> None:
        """Refuse a database whose tables of these names are not the server's."""
        rows = self.db.execute(
            "SELECT table_name, column_name FROM information_schema.columns "
            "WHERE table_schema = current_schema() AND table_name IN ('tables', 'seats', 'actions')").fetchall()
        have: dict[str, set[str]] = {}
        for table, column in rows:
            have.setdefault(table, set()).add(column)
        for table, columns in _COLUMNS.items():
            missing = columns - have.get(table, set())
            if missing:
                raise StoreError(f"the PostgreSQL database has a table {table!r} that is not this server's "
                                 f"(no column {', '.join(sorted(missing))}): give --db an empty database")

    def close(self) -> None:
        for conn in self._opened:
            conn.close()

    @contextmanager
    def _faults(self) -> Iterator[psycopg.Connection[Any]]:
        """The connection (opened again if it broke); psycopg's errors as StorageFailed."""
        try:
            if self.db.closed or self.db.broken:
                self.db = self._connect()
            yield self.db
        except pg_errors.UniqueViolation as exc:
            raise Conflict(_first_line(exc)) from None
        except psycopg.Error as exc:
            raise StorageFailed(_first_line(exc)) from None

    def _rows(self, sql: str, args: tuple[Any, ...]) -> list[tuple[Any, ...]]:
        """A read; tried once more on a new connection if the old one had broken (reads are
        safe to repeat, writes are not: their commit may have happened)."""
        for attempt in (1, 2):
            try:
                with self._faults() as db:
                    return db.execute(sql, args).fetchall()
            except StorageFailed:
                if attempt == 2 or not self.db.broken:
                    raise
        raise AssertionError("unreachable")

    def _tx(self, table_id: str, statements: Sequence[Statement]) -> None:
        """Run statements as one committed transaction that also announces the change."""
        with self._faults() as db, db.transaction():
            for sql, args in statements:
                db.execute(sql, args)
            db.execute("SELECT pg_notify(%s, %s)", (CHANNEL, f"t {self.origin} {table_id}"))

    # --- writes -----------------------------------------------------------
    def create(self, table: StoredTable) -> None:
        self._tx(table.id, inserts(table, "%s", bool))

    def set_rematch(self, table_id: str, new: StoredTable) -> None:
        self._tx(table_id, [*inserts(new, "%s", bool),
                            ("UPDATE tables SET rematch = %s WHERE id = %s", (new.id, table_id))])

    def append(self, table_id: str, start: int, actions: Sequence[Mapping[str, Any]],
               result: Mapping[str, Any] | None = None, act: Act | None = None) -> None:
        stmts: list[Statement] = [(ACTION_INSERT, row) for row in action_rows(table_id, start, actions, act)]
        if result is not None:
            stmts.append(("UPDATE tables SET result = %s WHERE id = %s", (json.dumps(result), table_id)))
        stmts.append((TOUCH, (time.time(), table_id)))
        self._tx(table_id, stmts)

    def add_chat(self, table_id: str, line: Mapping[str, Any]) -> None:
        """As ``Store.add_chat``; the other processes hear of it (NOTIFY) and pass the line on."""
        self._tx(table_id, [(CHAT_INSERT, chat_row(table_id, line))])

    def set_settings(self, table_id: str, settings: Mapping[str, Any]) -> None:
        self._tx(table_id, [("UPDATE tables SET settings = %s WHERE id = %s", (json.dumps(settings), table_id))])

    def update_seat(self, table_id: str, seat: int, stored: StoredSeat) -> None:
        self._tx(table_id, [("UPDATE seats SET name = %s, bot = %s, token_hash = %s, joined = %s "
                             "WHERE table_id = %s AND seat = %s",
                             (stored.name, stored.bot, stored.token_hash, stored.joined, table_id, seat)),
                            (TOUCH, (time.time(), table_id))])

    def close_table(self, table_id: str, when: float) -> None:
        """As ``Store.close_table``."""
        self._tx(table_id, [("UPDATE tables SET settings = (coalesce(settings, '{}')::jsonb || "
                             "jsonb_build_object('closed', %s::float8))::text WHERE id = %s AND result IS NULL",
                             (when, table_id))])

    # --- reads ------------------------------------------------------------
    def load(self, table_id: str, since: int = 0) -> StoredTable | None:
        """The table as stored; with ``since``, only its actions from that number on (how a
        process holding the table catches up with its seats, settings and new moves)."""
        with self._faults() as db, db.transaction():  # one snapshot: the seats and actions of one moment
            row = db.execute("SELECT id, game, options, seed, created, result, rematch, settings FROM tables "
                             "WHERE id = %s", (table_id,)).fetchone()
            if row is None:
                return None
            seats = [StoredSeat(name, bot, th, bool(joined)) for name, bot, th, joined in db.execute(
                "SELECT name, bot, token_hash, joined FROM seats WHERE table_id = %s ORDER BY seat", (table_id,))]
            actions = [json.loads(a) for (a,) in db.execute(
                "SELECT action FROM actions WHERE table_id = %s AND n >= %s ORDER BY n", (table_id, since))]
        return StoredTable(row[0], row[1], json.loads(row[2]), row[3], seats, actions,
                           json.loads(row[5]) if row[5] else None, row[6], row[4],
                           json.loads(row[7]) if row[7] else {})

    def actions_since(self, table_id: str, start: int) -> list[dict[str, Any]]:
        """The table's stored actions from number ``start`` on (how another process catches up)."""
        return [json.loads(a) for (a,) in self._rows(
            "SELECT action FROM actions WHERE table_id = %s AND n >= %s ORDER BY n", (table_id, start))]

    def ack(self, table_id: str, key: str) -> dict[str, Any] | None:
        """As ``Store.ack``: the stored answer to the act ``key``, whichever process stored it."""
        rows = self._rows(ACK_SELECT, (table_id, key))
        return json.loads(rows[0][0]) if rows else None

    def chat(self, table_id: str, limit: int) -> list[dict[str, Any]]:
        return chat_lines(self._rows(CHAT_SELECT, (table_id, limit)))

    def recent(self, limit: int = 50) -> list[dict[str, Any]]:
        rows = self._rows("SELECT id, game, created, result IS NOT NULL FROM tables "
                          "WHERE (settings::jsonb ->> 'listed')::boolean ORDER BY created DESC LIMIT %s", (limit,))
        return [{"id": i, "game": g, "created": c, "over": bool(o)} for i, g, c, o in rows]

    def open_count(self, since: float, party: str | None = None, network: str | None = None) -> int:
        """As ``Store.open_count``: unfinished tables created since ``since`` (of ``party`` or
        ``network`` only)."""
        sql = "SELECT COUNT(*) FROM tables WHERE " + OPEN
        args: tuple[Any, ...] = (since,)
        if party is not None:
            sql += " AND settings::jsonb ->> 'party' = %s"
            args += (party,)
        if network is not None:
            sql += " AND coalesce(settings::jsonb ->> 'network', settings::jsonb ->> 'party') = %s"
            args += (network,)
        return int(self._rows(sql, args)[0][0])

    def oldest_open(self, since: float, limit: int) -> list[str]:
        """As ``Store.oldest_open``."""
        rows = self._rows("SELECT id FROM tables WHERE " + OPEN + " ORDER BY coalesce(touched, created) LIMIT %s",
                          (since, limit))
        return [str(i) for (i,) in rows]

    def seat_of(self, digest: str) -> tuple[str, int] | None:
        """As ``Store.seat_of``."""
        rows = self._rows("SELECT table_id, seat FROM seats WHERE token_hash = %s", (digest,))
        return (str(rows[0][0]), int(rows[0][1])) if rows else None

    def in_play(self, limit: int) -> list[str]:
        """As ``Store.in_play``: the newest tables being played, which a starting process loads."""
        rows = self._rows(
            "SELECT id FROM tables t WHERE result IS NULL AND (settings::jsonb ->> 'closed') IS NULL "
            "AND NOT EXISTS (SELECT 1 FROM seats s WHERE s.table_id = t.id AND s.bot IS NULL AND NOT s.joined) "
            "ORDER BY created DESC LIMIT %s", (limit,))
        return [str(i) for (i,) in rows]

    def action_count(self, table_id: str) -> int:
        return int(self._rows("SELECT COUNT(*) FROM actions WHERE table_id = %s", (table_id,))[0][0])


def _first_line(exc: BaseException) -> str:
    return (str(exc).strip().splitlines() or [type(exc).__name__])[0]
