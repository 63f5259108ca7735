"""Issue 38, item 3: no statement stops the room. The store's calls run off the event loop (a
writer thread for SQLite, a pool of connections for PostgreSQL), the order kept (a move is stored
before it is shown): with another process holding the database's write lock, or one table's row,
a ping is answered and every other table plays on, and the waiting move is stored once the lock
goes (it was not given up as "not saved")."""

from __future__ import annotations

import sqlite3
import time
from contextlib import ExitStack

import pytest
from server_helpers import Seat, create, seat, server


#: long, or mostly waiting: started first (tests/conftest.py)
pytestmark = pytest.mark.early

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


def test_a_write_waiting_on_sqlites_lock_holds_up_no_read(tmp_path):
    """SQLite has one writer, but WAL lets readers read meanwhile: while a move waits for another
    process's write lock, a table not in memory is opened and the lobby listed, and the move is
    stored once the lock goes. (Before: reads waited on the one thread behind the write, which
    gave up after SQLite's 5 s, so the move was answered "not saved".)"""
    db = tmp_path / "t.db"
    with server(db) as client:
        slow = create(client, seats=PEOPLE, players=2)
        unopened = create(client, seats=PEOPLE, players=2)  # people's seats: not loaded until asked for
        with ExitStack() as stack:
            s = [stack.enter_context(seat(client, slow["table"], slow["invites"][i]["token"])) for i in (0, 1)]
            mover, action = _mover(s[0], s[1])
            holder = sqlite3.connect(db, isolation_level=None)
            holder.execute("BEGIN IMMEDIATE")  # another process holds the write lock
            mover.send({"type": "act", "id": 1, "action": action})
            time.sleep(0.5)  # the server has judged the move and waits to store it
            assert client.get(f"/api/tables/{unopened['table']}").json()["status"] == "waiting"
            assert client.get("/api/tables").status_code == 200
            holder.execute("COMMIT")
            holder.close()
            assert mover.reply()["type"] == "ack"  # stored once the lock went


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


def test_no_store_call_is_made_on_the_event_loop(tmp_path, monkeypatch):
    """Every store call the server makes while serving goes through its threads (stores.Offloaded):
    a person naming their seat, acting, chatting and leaving, the lobby, a table's page and a
    table counted against its maker's seat. (Before: naming a seat wrote on the loop.)"""
    import asyncio

    from houserules.server.store import Store
    from houserules.server.stores import TableStore

    on_loop: list[str] = []

    def spied(name, real):
        def call(*args, **kwargs):
            try:
                asyncio.get_running_loop()
                on_loop.append(name)
            except RuntimeError:  # a thread with no event loop: one of the store's
                pass
            return real(*args, **kwargs)
        return call

    for name in [n for n in vars(TableStore) if not n.startswith("_") and n != "close"]:
        if callable(getattr(Store, name, None)):
            monkeypatch.setattr(Store, name, spied(name, getattr(Store, name)))
    with server(tmp_path / "t.db") as client:
        t = client.post("/api/tables", json={"game": "shedding", "seats": [{}, {"name": "Bo"}],
                                             "options": {"players": 2}, "listed": True}).json()
        with ExitStack() as stack:
            first = Seat(stack.enter_context(client.websocket_connect(f"/ws/{t['table']}")))
            first.send({"type": "hello", "token": t["invites"][0]["token"], "naming": True})
            first.until(lambda m: m["type"] == "update")
            first.send({"type": "name", "name": "Ann", "id": "n"})
            other = stack.enter_context(seat(client, t["table"], t["invites"][1]["token"]))
            mover, action = _mover(first, other)
            assert mover.act(action)["type"] == "ack"
            first.send({"type": "chat", "text": "hello", "id": "c"})
            first.until(lambda m: m["type"] == "chat")
            other.send({"type": "leave", "id": "l"})
            other.until(lambda m: m["type"] == "welcome")
        assert client.get("/api/tables").status_code == 200
        assert client.get(f"/api/tables/{t['table']}").status_code == 200
        again = client.post("/api/tables", json={"game": "shedding"},
                            headers={"Authorization": f"Bearer {t['invites'][0]['token']}"})
        assert again.status_code == 201
    assert on_loop == []


def test_no_statement_of_a_cluster_runs_on_the_event_loop(pg_dsn, monkeypatch):
    """On PostgreSQL the process is part of a cluster: its claims on tables, its announcements
    (who is connected) and its beat speak to the database on the cluster's own thread, and the
    store's calls on its pool, so a database that stalls holds up no ping. (Before: claims,
    announcements and the beat ran their statements on the loop.)"""
    import asyncio

    import psycopg

    on_loop: list[str] = []
    real = psycopg.Cursor.execute

    def spied(self, query, *args, **kwargs):
        try:
            asyncio.get_running_loop()
            on_loop.append(str(query)[:60])
        except RuntimeError:  # a thread with no event loop: the store's, the cluster's or the listener's
            pass
        return real(self, query, *args, **kwargs)

    with server(pg_dsn) as client:  # type: ignore[arg-type]
        monkeypatch.setattr(psycopg.Cursor, "execute", spied)  # once started: opening the store may block
        t = create(client, seats=PEOPLE, players=2)
        with ExitStack() as stack:
            s = [stack.enter_context(seat(client, t["table"], t["invites"][i]["token"])) for i in (0, 1)]
            mover, action = _mover(s[0], s[1])
            assert mover.act(action)["type"] == "ack"
            time.sleep(1.5)  # a beat: the seats connected here are announced
            s[1].send({"type": "leave", "id": "l"})
            s[1].until(lambda m: m["type"] == "welcome")
        assert client.get(f"/api/tables/{t['table']}").status_code == 200
    assert on_loop == []
