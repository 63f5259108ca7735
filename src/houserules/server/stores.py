"""Which store a server keeps its tables in, chosen by ``--db``.

A plain path (the default) is one SQLite file: friends at one table need
nothing else. ``postgresql://USER@HOST/DB`` (or ``postgres://``) is a
PostgreSQL database, which several server processes can share
(``store_pg.py``, ``cluster.py``). Any other ``scheme://`` is refused in one
line rather than taken for a folder name.

Both stores satisfy ``TableStore``, the few calls the live tables and the
HTTP API make; both make the same promises: a write is committed before it
returns (so before anything is acknowledged), the database is checked when
it is opened, and a store that cannot be used is a ``StoreError`` with
advice. A write or read that fails later raises ``sqlite3.Error`` (the
PostgreSQL store raises its subclass ``StorageFailed``), which the callers
answer with "not saved" and carry on.
"""

from __future__ import annotations

import asyncio
import functools
import re
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import TYPE_CHECKING, Any, ParamSpec, Protocol, TypeVar

from .store import Act, Store, StoredSeat, StoredTable, StoreError

if TYPE_CHECKING:
    from .store_pg import PgStore

P = ParamSpec("P")
R = TypeVar("R")

#: the schemes that name a PostgreSQL database
PG_SCHEMES = ("postgresql", "postgres")
_SCHEME = re.compile(r"^([A-Za-z][A-Za-z0-9+.-]*)://")


class TableStore(Protocol):
    """What the server needs from a store (see store.Store for each call's promise)."""

    #: how many threads may call it at once (Offloaded): SQLite 1, PostgreSQL its pool's size
    threads: int
    #: threads of their own for its reads (Offloaded.read; 0: reads share the ``threads``)
    readers: int

    def close(self) -> None: ...
    def create(self, table: StoredTable) -> None: ...
    def set_rematch(self, table_id: str, new: StoredTable) -> None: ...
    def append(self, table_id: str, start: int, actions: Sequence[Mapping[str, Any]],
               result: Mapping[str, Any] | None = None, act: Act | None = None) -> None: ...
    def ack(self, table_id: str, key: str) -> dict[str, Any] | None: ...
    def set_settings(self, table_id: str, settings: Mapping[str, Any]) -> None: ...
    def add_chat(self, table_id: str, line: Mapping[str, Any]) -> None: ...
    def chat(self, table_id: str, limit: int) -> list[dict[str, Any]]: ...
    def update_seat(self, table_id: str, seat: int, stored: StoredSeat) -> None: ...
    def load(self, table_id: str) -> StoredTable | None: ...
    def recent(self, limit: int = 50) -> list[dict[str, Any]]: ...
    def open_count(self, since: float, party: str | None = None, network: str | None = None) -> int: ...
    def oldest_open(self, since: float, limit: int) -> list[str]: ...
    def close_table(self, table_id: str, when: float) -> None: ...
    def seat_of(self, digest: str) -> tuple[str, int] | None: ...
    def in_play(self, limit: int) -> list[str]: ...
    def action_count(self, table_id: str) -> int: ...


if TYPE_CHECKING:
    def _both_are_table_stores(sqlite: Store, pg: PgStore) -> tuple[TableStore, TableStore]:
        return sqlite, pg  # mypy --strict checks here that each store has every call the server makes


class Offloaded:
    """A store's calls off the event loop, so that no statement stops the room: SQLite's writes
    on one writer thread (in the order they were made) and its reads on threads of their own,
    PostgreSQL's on a pool of threads with a connection each. A caller awaits the call under
    its table's lock, so a move is still stored before it is shown (and read back after it is
    stored), and a table whose statement waits holds up only itself."""

    def __init__(self, store: TableStore):
        self.store = store
        self.pool = ThreadPoolExecutor(max_workers=store.threads, thread_name_prefix="houserules-store")
        self.reads = ThreadPoolExecutor(max_workers=store.readers, thread_name_prefix="houserules-read") \
            if store.readers else self.pool

    async def run(self, call: Callable[P, R], *args: P.args, **kwargs: P.kwargs) -> R:
        """``call(*args, **kwargs)`` (a method of the store that writes) on the store's threads."""
        return await asyncio.get_running_loop().run_in_executor(self.pool, functools.partial(call, *args, **kwargs))

    async def read(self, call: Callable[P, R], *args: P.args, **kwargs: P.kwargs) -> R:
        """``call(*args, **kwargs)`` (a method of the store that only reads) on its reading threads."""
        return await asyncio.get_running_loop().run_in_executor(self.reads, functools.partial(call, *args, **kwargs))

    def close(self) -> None:
        """Wait for the calls under way, then close the store."""
        self.reads.shutdown(wait=True)
        self.pool.shutdown(wait=True)
        self.store.close()


def scheme(db: str | Path) -> str | None:
    """``postgresql`` for ``postgresql://...``; None for a plain path (SQLite)."""
    m = _SCHEME.match(str(db))
    return m.group(1).lower() if m else None


def is_postgres(db: str | Path) -> bool:
    return scheme(db) in PG_SCHEMES


def check_db(db: str | Path) -> None:
    """StoreError (one line) for a ``--db`` naming a kind of database this server does not keep."""
    kind = scheme(db)
    if kind is not None and kind not in PG_SCHEMES:
        raise StoreError(f"--db {kind}://... is not a database this server can use: give a SQLite file's path "
                         "or postgresql://USER@HOST/DB")


def open_store(db: str | Path, sync: str = "normal") -> TableStore:
    """The store ``db`` names (StoreError if it cannot be used)."""
    check_db(db)
    if is_postgres(db):
        from .store_pg import PgStore  # psycopg is an extra: imported only when asked for

        return PgStore(str(db))
    return Store(db, sync)


def join_cluster(store: TableStore, hub: Any) -> Any:
    """On PostgreSQL, this process joins the others serving the same database (cluster.py):
    its part, started, for the hub to consult; None on SQLite (one process)."""
    from .store_pg import PgStore

    if not isinstance(store, PgStore):
        return None
    from .cluster import Cluster

    cluster = Cluster(store)
    hub.cluster = cluster
    cluster.start(hub)
    return cluster


def describe(db: str | Path) -> str:
    """Where the tables are, for the start-up line (a PostgreSQL address without its password)."""
    if is_postgres(db):
        return re.sub(r"://([^:@/]*):[^@/]*@", r"://\1:***@", str(db))
    return str(db)
