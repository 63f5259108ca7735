"""Where the server keeps its tables: one SQLite file in WAL mode.

A table is stored as what is needed to rebuild it exactly: the game, its
options, the seed, its seats and the list of actions the referee accepted
(people's and bots' alike, penalised attempts included). Nothing else: the
state is never stored, it is replayed, so a stored table cannot disagree
with the rules that made it.

Every write is its own transaction and is committed before the caller
acknowledges anything. Writes use one connection (the server calls them from
one thread: stores.Offloaded); reads use a connection per thread (``reader``),
so in WAL mode they go on while a write waits for another process's lock. In WAL mode a committed transaction survives the
server process being killed at any moment (``sync="normal"``, the default);
``sync="full"`` also survives the machine losing power, at the price of an
fsync per action.

An action a person sent is stored with its act's key (``act_key``: the seat,
the message's id and the action as sent) and the ``ack`` it was answered
with; a unique index on (table, act) lets the database decide that an act
is done once: a re-send after a restart, or at another server process, is
answered with the stored ack, and two processes storing the same act at
once cannot both succeed.

Each table also keeps when it was last *touched* (created, a move stored, a
seat joined): when the server holds as many unfinished tables as it may, the
one untouched longest is *closed* (``closed`` in its settings) to make room.

Seat tokens are stored only as SHA-256 hashes: the database alone cannot be
used to act for anyone. So are the host's secret and the spectator key,
kept with the table's other settings (its clock, what a timeout does,
whether it is listed, whether it is paused) as one JSON column.

A store that cannot be used is a ``StoreError`` with a message for the
person running the server: a damaged file is refused at start-up (after an
integrity check) with what to do about it, rather than served from and
written to.
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
import threading
import time
from collections.abc import Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

SYNC_MODES = ("normal", "full")

_SCHEMA = """
CREATE TABLE IF NOT EXISTS tables (
    id TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    options TEXT NOT NULL,
    seed INTEGER NOT NULL,
    created REAL NOT NULL,
    result TEXT,
    rematch TEXT,
    settings TEXT,
    touched REAL
);
CREATE TABLE IF NOT EXISTS seats (
    table_id TEXT NOT NULL REFERENCES tables(id),
    seat INTEGER NOT NULL,
    name TEXT NOT NULL,
    bot TEXT,
    token_hash TEXT,
    joined INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (table_id, seat)
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS seats_token ON seats (token_hash);
CREATE TABLE IF NOT EXISTS actions (
    table_id TEXT NOT NULL REFERENCES tables(id),
    n INTEGER NOT NULL,
    action TEXT NOT NULL,
    act TEXT,
    ack TEXT,
    PRIMARY KEY (table_id, n)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS chat (
    table_id TEXT NOT NULL REFERENCES tables(id),
    n INTEGER NOT NULL,
    seat INTEGER,
    name TEXT NOT NULL,
    text TEXT NOT NULL,
    at REAL NOT NULL,
    PRIMARY KEY (table_id, n)
) WITHOUT ROWID;
"""


class StoreError(Exception):
    """The database cannot be opened or used; the message says why and what to do."""


class StorageFailed(sqlite3.DatabaseError):
    """PostgreSQL refused or lost a read or write (the caller says "not saved" and carries on).
    Defined here, not beside the PostgreSQL store, so that a server on SQLite never imports psycopg."""


class Conflict(StorageFailed):
    """Another server process stored this table's next action first."""


def damaged_advice(path: Path) -> str:
    return (f"Stop the server, move {path} aside (keep it: `sqlite3 {path} .recover > tables.sql` may save "
            "its tables), then start again for an empty database, or pass --db with another file.")


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def act_key(seat: int, ref: Any, raw: Any) -> str:
    """An ``act`` message's identity as stored: its seat, its id (1 and "1" differ) and its
    action as sent, hashed (SHA-256) to a short key of fixed size."""
    text = json.dumps([seat, ref, raw], sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()


#: an act's key and the ack it was answered with, stored with its action (``append``)
Act = tuple[str, Mapping[str, Any]]
#: the act columns an older database gains, and the index that makes each act unique
ACT_COLUMNS = ("act", "ack")
ACT_INDEX = "CREATE UNIQUE INDEX IF NOT EXISTS actions_act ON actions (table_id, act)"


@dataclass
class StoredSeat:
    """One seat as stored: a bot (its kind) or a person (its token's hash)."""

    name: str
    bot: str | None
    token_hash: str | None
    joined: bool = False


@dataclass
class StoredTable:
    id: str
    game: str
    options: dict[str, Any]
    seed: int
    seats: list[StoredSeat]
    actions: list[dict[str, Any]]
    result: dict[str, Any] | None = None
    rematch: str | None = None
    created: float = 0.0
    #: clock, on_timeout, listed, paused, host_hash, watch_hash, party (the creator's tag: limits.py)
    settings: dict[str, Any] = field(default_factory=dict)


Statement = tuple[str, tuple[Any, ...]]


def inserts(table: StoredTable, mark: str = "?", flag: Any = int) -> list[Statement]:
    """The statements that store a new table and its seats, with the database's parameter
    ``mark`` (SQLite ``?``, PostgreSQL ``%s``) and its way of storing a yes/no (``flag``)."""
    marks = ", ".join([mark] * 6)
    created = table.created or time.time()
    stmts: list[Statement] = [(
        f"INSERT INTO tables (id, game, options, seed, created, settings, touched) VALUES ({marks}, {mark})",
        (table.id, table.game, json.dumps(table.options), table.seed, created, json.dumps(table.settings), created),
    )]
    for i, seat in enumerate(table.seats):
        stmts.append((f"INSERT INTO seats (table_id, seat, name, bot, token_hash, joined) VALUES ({marks})",
                      (table.id, i, seat.name, seat.bot, seat.token_hash, flag(seat.joined))))
    return stmts


def action_rows(table_id: str, start: int, actions: Sequence[Mapping[str, Any]],
                act: Act | None) -> list[tuple[Any, ...]]:
    """The rows of ``actions`` numbered from ``start``; the last carries ``act`` (the person's act
    they answer: the entries before it are deadlines, clocks or silent answers that came first)."""
    rows = []
    for i, a in enumerate(actions):
        key, ack = act if act is not None and i == len(actions) - 1 else (None, None)
        rows.append((table_id, start + i, json.dumps(a, separators=(",", ":")), key,
                     json.dumps(ack) if ack is not None else None))
    return rows


#: a table is touched (a move stored, a seat joined): the newest stays last to make room (``oldest_open``)
TOUCH = "UPDATE tables SET touched = %s WHERE id = %s"
#: the unfinished tables made since a moment and not closed (``open_count``, ``oldest_open``; SQLite's
#: JSON, PostgreSQL's reads ``settings::jsonb ->> 'closed'``)
OPEN = "result IS NULL AND created >= %s AND json_extract(settings, '$.closed') IS NULL"


#: the statements both stores keep actions and chat with (PostgreSQL's parameter marks; SQLite swaps in ``?``)
ACTION_INSERT = "INSERT INTO actions (table_id, n, action, act, ack) VALUES (%s, %s, %s, %s, %s)"
ACK_SELECT = "SELECT ack FROM actions WHERE table_id = %s AND act = %s"


#: the statements both stores keep the chat with (PostgreSQL's parameter marks; SQLite swaps in ``?``)
CHAT_INSERT = "INSERT INTO chat (table_id, n, seat, name, text, at) VALUES (%s, %s, %s, %s, %s, %s)"
CHAT_SELECT = "SELECT n, seat, name, text, at FROM chat WHERE table_id = %s ORDER BY n DESC LIMIT %s"


def chat_row(table_id: str, line: Mapping[str, Any]) -> tuple[Any, ...]:
    return table_id, line["n"], line["seat"], line["name"], line["text"], line["at"]


def chat_lines(rows: Iterable[Sequence[Any]]) -> list[dict[str, Any]]:
    """Rows of CHAT_SELECT (newest first) as lines, oldest first."""
    return [{"n": n, "seat": seat, "name": name, "text": text, "at": at} for n, seat, name, text, at in rows][::-1]


class Store:
    """The tables, seats and actions in one SQLite database."""

    #: threads the server runs the store's calls on (stores.Offloaded): SQLite has one writer, so
    #: writes run on one thread, which alone uses ``db``, in the order they were made; reads run on
    #: ``readers`` threads, each with a connection of its own (``reader``): in WAL mode a reader
    #: never waits for a writer, so a write waiting on another process's lock holds up no read
    threads = 1
    readers = 2

    def __init__(self, path: str | Path, sync: str = "normal"):
        if sync not in SYNC_MODES:
            raise ValueError(f"sync must be one of {', '.join(SYNC_MODES)}, got {sync!r}")
        self.path = Path(path)
        self._local = threading.local()
        #: every reader connection opened, by any thread (closed with the store)
        self._readers: list[sqlite3.Connection] = []
        if self.path.is_dir():
            raise StoreError(f"{self.path} is a directory; --db names the database file")
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            # The server writes from its one writer thread (stores.Offloaded), not the thread
            # that opened the store, hence check_same_thread=False.
            self.db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
        except (OSError, sqlite3.Error) as exc:
            raise StoreError(f"cannot open the table database {self.path}: {exc}") from None
        try:
            self._check()
            self.db.execute("PRAGMA journal_mode=WAL")
            self.db.execute(f"PRAGMA synchronous={sync.upper()}")
            self.db.execute("PRAGMA foreign_keys=ON")
            self.db.executescript(_SCHEMA)
            columns = {row[1] for row in self.db.execute("PRAGMA table_info(tables)")}
            for column, kind in (("settings", "TEXT"), ("touched", "REAL")):  # from before tables had them
                if column not in columns:
                    self.db.execute(f"ALTER TABLE tables ADD COLUMN {column} {kind}")
            columns = {row[1] for row in self.db.execute("PRAGMA table_info(actions)")}
            for column in ACT_COLUMNS:  # a database from before acts were stored with their moves
                if column not in columns:
                    self.db.execute(f"ALTER TABLE actions ADD COLUMN {column} TEXT")
            self.db.execute(ACT_INDEX)
        except sqlite3.DatabaseError as exc:
            self.db.close()
            if isinstance(exc, sqlite3.OperationalError) and "readonly" in str(exc):
                raise StoreError(f"cannot write the table database {self.path} ({exc}); check the file's "
                                 "permissions and the disk, or pass --db with another file") from None
            raise StoreError(f"the table database {self.path} is damaged ({exc}). {damaged_advice(self.path)}") \
                from None

    def _check(self) -> None:
        """Refuse a damaged file before serving from it (SQLite's quick_check: every page and
        index readable and consistent; proportional to the file's size, so once at start-up)."""
        rows = [str(row[0]) for row in self.db.execute("PRAGMA quick_check(3)")]
        if rows != ["ok"]:
            lines = [ln for row in rows for ln in row.splitlines() if ln and not ln.startswith("***")]
            raise sqlite3.DatabaseError("; ".join(lines[:3]))

    def close(self) -> None:
        for conn in self._readers:
            conn.close()
        self.db.close()

    @property
    def reader(self) -> sqlite3.Connection:
        """This thread's connection for reads (opened on first use; it may not write)."""
        conn: sqlite3.Connection | None = getattr(self._local, "reader", None)
        if conn is None:
            conn = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
            conn.execute("PRAGMA query_only=ON")
            self._local.reader = conn
            self._readers.append(conn)
        return conn

    @contextmanager
    def _snapshot(self) -> Iterator[sqlite3.Connection]:
        """This thread's reader in one read transaction: several reads of one moment."""
        db = self.reader
        db.execute("BEGIN")
        try:
            yield db
        finally:
            if db.in_transaction:
                db.execute("COMMIT")

    def _tx(self, statements: Iterable[Statement]) -> None:
        """Run statements as one committed transaction (or none of them)."""
        cur = self.db.cursor()
        cur.execute("BEGIN IMMEDIATE")
        try:
            for sql, args in statements:
                cur.execute(sql, args)
        except BaseException:
            # SQLite has already rolled back after some errors (a full disk, SQLITE_FULL).
            if self.db.in_transaction:
                cur.execute("ROLLBACK")
            raise
        cur.execute("COMMIT")

    # --- writes -----------------------------------------------------------
    def create(self, table: StoredTable) -> None:
        self._tx(inserts(table))

    def set_rematch(self, table_id: str, new: StoredTable) -> None:
        """Create the rematch table and link it from the old one, both or neither."""
        self._tx([*inserts(new), ("UPDATE tables SET rematch = ? WHERE id = ?", (new.id, table_id))])


    def append(self, table_id: str, start: int, actions: Sequence[Mapping[str, Any]],
               result: Mapping[str, Any] | None = None, act: Act | None = None) -> None:
        """Add accepted actions ``start``, ``start+1``... (and the result, if the game just ended),
        the last with the person's ``act`` they carry out, if any.

        The primary key (table, n) makes a second writer for the same action
        number fail loudly instead of forking the game, and the unique act
        a second writer of the same act (sqlite3.IntegrityError)."""
        stmts: list[Statement] = [(ACTION_INSERT.replace("%s", "?"), row)
                                  for row in action_rows(table_id, start, actions, act)]
        if result is not None:
            stmts.append(("UPDATE tables SET result = ? WHERE id = ?", (json.dumps(result), table_id)))
        stmts.append((TOUCH.replace("%s", "?"), (time.time(), table_id)))
        self._tx(stmts)

    def add_chat(self, table_id: str, line: Mapping[str, Any]) -> None:
        """Keep one line of the table's chat (chat.py); its number ``n`` is the table's next."""
        self._tx([(CHAT_INSERT.replace("%s", "?"), chat_row(table_id, line))])

    def set_settings(self, table_id: str, settings: Mapping[str, Any]) -> None:
        self._tx([("UPDATE tables SET settings = ? WHERE id = ?", (json.dumps(settings), table_id))])

    def update_seat(self, table_id: str, seat: int, stored: StoredSeat) -> None:
        self._tx([("UPDATE seats SET name = ?, bot = ?, token_hash = ?, joined = ? WHERE table_id = ? AND seat = ?",
                   (stored.name, stored.bot, stored.token_hash, int(stored.joined), table_id, seat)),
                  (TOUCH.replace("%s", "?"), (time.time(), table_id))])

    def close_table(self, table_id: str, when: float) -> None:
        """Close an unfinished table to make room (its settings say when): it counts against
        nobody and is served no more."""
        self._tx([("UPDATE tables SET settings = json_set(coalesce(settings, '{}'), '$.closed', ?) "
                   "WHERE id = ? AND result IS NULL", (when, table_id))])

    # --- reads ------------------------------------------------------------
    def load(self, table_id: str) -> StoredTable | None:
        with self._snapshot() as db:  # the seats and actions of one moment
            row = db.execute("SELECT id, game, options, seed, created, result, rematch, settings FROM tables "
                             "WHERE id = ?", (table_id,)).fetchone()
            if row is None:
                return None
            seats = [StoredSeat(name, bot, th, bool(joined)) for name, bot, th, joined in db.execute(
                "SELECT name, bot, token_hash, joined FROM seats WHERE table_id = ? ORDER BY seat", (table_id,))]
            actions = [json.loads(a) for (a,) in db.execute(
                "SELECT action FROM actions WHERE table_id = ? ORDER BY n", (table_id,))]
        return StoredTable(row[0], row[1], json.loads(row[2]), row[3], seats, actions,
                           json.loads(row[5]) if row[5] else None, row[6], row[4],
                           json.loads(row[7]) if row[7] else {})

    def ack(self, table_id: str, key: str) -> dict[str, Any] | None:
        """The ack the act ``key`` (``act_key``) was answered with, if it is stored."""
        row = self.reader.execute(ACK_SELECT.replace("%s", "?"), (table_id, key)).fetchone()
        return json.loads(row[0]) if row is not None else None

    def chat(self, table_id: str, limit: int) -> list[dict[str, Any]]:
        """The table's newest ``limit`` chat lines, oldest first."""
        rows = self.reader.execute(CHAT_SELECT.replace("%s", "?"), (table_id, limit)).fetchall()
        return chat_lines(rows)

    def recent(self, limit: int = 50) -> list[dict[str, Any]]:
        """The newest listed tables, for the lobby: id, game, created, finished or not.
        Tables are private unless created with ``listed``."""
        rows = self.reader.execute(
            "SELECT id, game, created, result IS NOT NULL FROM tables "
            "WHERE json_extract(settings, '$.listed') = 1 ORDER BY created DESC LIMIT ?", (limit,))
        return [{"id": i, "game": g, "created": c, "over": bool(o)} for i, g, c, o in rows]

    def open_count(self, since: float, party: str | None = None, network: str | None = None) -> int:
        """Tables created since ``since``, not finished and not closed (the server caps them),
        or only those of ``party`` (a person's or an address's tag in the settings: limits.py),
        or of ``network`` (the address's tag; a table from before networks were kept: its party)."""
        sql = "SELECT COUNT(*) FROM tables WHERE " + OPEN.replace("%s", "?")
        args: tuple[Any, ...] = (since,)
        if party is not None:
            sql += " AND json_extract(settings, '$.party') = ?"
            args += (party,)
        if network is not None:
            sql += " AND coalesce(json_extract(settings, '$.network'), json_extract(settings, '$.party')) = ?"
            args += (network,)
        (n,) = self.reader.execute(sql, args).fetchone()
        return int(n)

    def oldest_open(self, since: float, limit: int) -> list[str]:
        """The unfinished, unclosed tables made since ``since``, untouched longest first."""
        rows = self.reader.execute("SELECT id FROM tables WHERE " + OPEN.replace("%s", "?") +
                               " ORDER BY coalesce(touched, created) LIMIT ?", (since, limit))
        return [i for (i,) in rows]

    def seat_of(self, digest: str) -> tuple[str, int] | None:
        """The table and seat whose token hashes to ``digest`` (an invite link proving who one is)."""
        row = self.reader.execute("SELECT table_id, seat FROM seats WHERE token_hash = ?", (digest,)).fetchone()
        return (str(row[0]), int(row[1])) if row is not None else None

    def in_play(self, limit: int) -> list[str]:
        """The newest ``limit`` tables being played: unfinished, not closed, and every person's
        seat taken (the ones whose bots and clocks should run without anyone connected; a paused
        one resumes once its host's grace period ends)."""
        rows = self.reader.execute(
            "SELECT id FROM tables t WHERE result IS NULL AND json_extract(settings, '$.closed') IS NULL "
            "AND NOT EXISTS (SELECT 1 FROM seats s WHERE s.table_id = t.id AND s.bot IS NULL AND s.joined = 0) "
            "ORDER BY created DESC LIMIT ?", (limit,))
        return [i for (i,) in rows]

    def action_count(self, table_id: str) -> int:
        (n,) = self.reader.execute("SELECT COUNT(*) FROM actions WHERE table_id = ?", (table_id,)).fetchone()
        return int(n)
