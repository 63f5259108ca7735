"""Issue 38, item 3: no statement stops the room. The store's calls run off the event loop (a
writer thread for SQLite, a pool of connections for PostgreSQL), the order kept (a move is stored
before it is shown): with another process holding the database's write lock, or one table's row,
a ping is answered and every other table plays on, and the waiting move is stored once the lock
goes (it was not given up as "not saved")."""

from __future__ import annotations

import sqlite3
import time
from contextlib import ExitStack

from server_helpers import create, seat, server

PEOPLE = [{"name": "Ann"}, {"name": "Bo"}]


def _mover(s0, s1):
    """The connection of the seat to act, and its first legal action."""
    u = s0.until(lambda m: m["type"] == "update" and m["status"] == "playing")
    mover = s0 if u["legal"] else s1
    mine = mover.last if mover.last and mover.last["legal"] else mover.until(
        lambda m: m["type"] == "update" and bool(m["legal"]))
    return mover, mine["legal"][0]


def test_a_write_waiting_on_sqlites_lock_freezes_no_other_table(tmp_path):
    db = tmp_path / "t.db"
    with server(db) as client:
        slow, other = create(client, seats=PEOPLE, players=2), create(client, seats=PEOPLE, players=2)
        with ExitStack() as stack:
            s = [stack.enter_context(seat(client, t["table"], t["invites"][i]["token"]))
                 for t in (slow, other) for i in (0, 1)]
            mover, action = _mover(s[0], s[1])
            elsewhere, move = _mover(s[2], s[3])
            holder = sqlite3.connect(db, isolation_level=None)
            holder.execute("BEGIN IMMEDIATE")  # another process holds the write lock
            mover.send({"type": "act", "id": 1, "action": action})
            time.sleep(0.5)  # the server has judged the move and waits to store it
            s[2].send({"type": "ping", "id": "p"})
            assert s[2].until(lambda m: m["type"] in ("pong", "error"))["type"] == "pong"
            assert mover.last is not None and not any(m["type"] in ("ack", "error") for m in mover.seen)
            holder.execute("COMMIT")
            holder.close()
            assert mover.reply()["type"] == "ack"  # stored once the lock went
            assert elsewhere.act(move)["type"] == "ack"


def test_one_tables_stalled_row_slows_only_that_table_on_postgresql(pg_dsn):
    import psycopg

    with server(pg_dsn) as client:  # type: ignore[arg-type]
        slow, other = create(client, seats=PEOPLE, players=2), create(client, seats=PEOPLE, players=2)
        with ExitStack() as stack:
            s = [stack.enter_context(seat(client, t["table"], t["invites"][i]["token"]))
                 for t in (slow, other) for i in (0, 1)]
            mover, action = _mover(s[0], s[1])
            elsewhere, move = _mover(s[2], s[3])
            with psycopg.connect(pg_dsn) as holder:  # a transaction: the row stays locked until commit
                holder.execute("SELECT 1 FROM tables WHERE id = %s FOR UPDATE", (slow["table"],))
                mover.send({"type": "act", "id": 1, "action": action})
                time.sleep(0.5)  # the server has judged the move and waits to store it
                assert elsewhere.act(move)["type"] == "ack"  # the other table plays on meanwhile
                assert not any(m["type"] in ("ack", "error") for m in mover.seen)
            assert mover.reply()["type"] == "ack"
