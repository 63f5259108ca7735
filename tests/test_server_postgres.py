"""Issue 28: PostgreSQL as a store. ``--db postgresql://...`` keeps the
tables there with the same promises as SQLite (an action is acknowledged
only once committed; the database checked at start; faults answered
clearly); an unknown scheme is a one-line error. The tests start their own
PostgreSQL (tests/pg_server.py) and skip, saying why, only without it."""

from __future__ import annotations

from pathlib import Path

import pytest
from server_helpers import TWO_PEOPLE, create, hub, play_to_end, seat, server
from typer.testing import CliRunner

from houserules.cli import app as cli
from houserules.server.store import StoredSeat, StoredTable, StoreError
from houserules.server.stores import check_db, describe, open_store


def test_an_unknown_scheme_is_a_one_line_error_and_creates_nothing(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    r = CliRunner().invoke(cli, ["serve", "--db", "mysql://me@host/games"])
    assert r.exit_code == 2
    assert "mysql://" in r.output and "postgresql://USER@HOST/DB" in r.output
    assert "Traceback" not in r.output and len(r.output.strip().splitlines()) <= 2
    assert list(tmp_path.iterdir()) == []  # no folder named "mysql:"


def test_postgresql_is_never_taken_for_a_sqlite_folder(tmp_path, monkeypatch):
    """Before issue 28 this created a SQLite file under a folder named ``postgresql:``."""
    monkeypatch.chdir(tmp_path)
    pytest.importorskip("psycopg")
    r = CliRunner().invoke(cli, ["serve", "--db", f"postgresql://nobody@/none?host={tmp_path}&connect_timeout=2"])
    assert r.exit_code == 1
    assert "cannot connect to the PostgreSQL database" in r.output and "Traceback" not in r.output
    assert list(tmp_path.iterdir()) == []


def test_schemes_and_what_the_start_up_line_shows():
    check_db("tables.sqlite3")
    check_db("postgres://u@h/db")
    with pytest.raises(StoreError, match="not a database this server can use"):
        check_db("redis://localhost")
    assert describe("postgresql://ann:secret@db.example/games") == "postgresql://ann:***@db.example/games"


def test_the_store_keeps_tables_records_and_conflicts_like_sqlite(pg_dsn, tmp_path):
    """The same calls give the same answers on both stores."""
    from houserules.server.store import Conflict

    for db in (str(tmp_path / "t.db"), pg_dsn):
        store = open_store(db)
        seats = [StoredSeat("Ann", None, "h0"), StoredSeat("bot", "random", None)]
        store.create(StoredTable("t1", "shedding", {"mode": "table"}, 2**40, seats, [], settings={"listed": True}))
        store.create(StoredTable("t2", "shedding", {}, 5, seats, []))
        store.append("t1", 0, [{"action": "draw", "seat": 0}, {"action": "pass", "seat": 1}])
        store.append("t1", 2, [{"action": "draw", "seat": 0}], result={"winners": [0]})
        store.update_seat("t1", 0, StoredSeat("Ann", None, "h0", True))
        store.set_settings("t1", {"listed": True, "paused": True})
        store.set_rematch("t1", StoredTable("t3", "shedding", {}, 6, seats, []))
        loaded = store.load("t1")
        assert loaded is not None and loaded.seed == 2**40 and loaded.options == {"mode": "table"}
        assert loaded.actions[2] == {"action": "draw", "seat": 0} and loaded.result == {"winners": [0]}
        assert loaded.seats[0].joined and loaded.settings["paused"] and loaded.rematch == "t3"
        assert store.load("nope") is None
        assert [t["id"] for t in store.recent()] == ["t1"] and store.recent()[0]["over"]
        assert store.open_count(0) == 2 and store.action_count("t1") == 3
        with pytest.raises(Exception) as second:  # a second writer of action 2 fails loudly
            store.append("t1", 2, [{"action": "pass", "seat": 1}])
        assert isinstance(second.value, __import__("sqlite3").Error)
        if db == pg_dsn:
            assert isinstance(second.value, Conflict)
        for n in range(3):  # the table's chat: its newest lines, oldest first
            store.add_chat("t1", {"n": n, "seat": 0 if n else None, "name": "Ann", "text": f"hi {n}", "at": 1.5})
        assert [line["text"] for line in store.chat("t1", 2)] == ["hi 1", "hi 2"] and store.chat("t2", 5) == []
        with pytest.raises(Exception) as twice:  # one line per number: two processes cannot both store it
            store.add_chat("t1", {"n": 2, "seat": 0, "name": "Bo", "text": "me too", "at": 2.0})
        assert isinstance(twice.value, Conflict if db == pg_dsn else __import__("sqlite3").Error)
        # an act stored with its move and its ack (issue 38, item 2), once
        store.append("t2", 0, [{"tick": 1.0}, {"action": "draw", "seat": 0}], act=("k1", {"type": "ack", "id": 1}))
        assert store.ack("t2", "k1") == {"type": "ack", "id": 1} and store.ack("t2", "k2") is None
        with pytest.raises(Exception) as again:
            store.append("t2", 2, [{"action": "draw", "seat": 0}], act=("k1", {"type": "ack", "id": 1}))
        assert isinstance(again.value, __import__("sqlite3").Error)
        # the open table untouched longest, closed to make room (item 6); a seat found by its token's hash
        assert store.oldest_open(0, 5) == ["t3", "t2"] and store.open_count(0) == 2
        store.close_table("t3", 123.0)
        assert store.open_count(0) == 1 and store.load("t3").settings["closed"] == 123.0
        assert store.seat_of("h0") in (("t1", 0), ("t2", 0), ("t3", 0)) and store.seat_of("none") is None
        store.close()


def test_a_database_of_another_shape_is_refused_at_start(pg_dsn):
    import psycopg

    with psycopg.connect(pg_dsn, autocommit=True) as conn:
        conn.execute("CREATE TABLE seats (id INTEGER)")
    with pytest.raises(StoreError, match="not this server's"):
        open_store(pg_dsn)


def test_a_game_is_played_on_postgresql_and_comes_back_after_a_restart(pg_dsn):
    with server(pg_dsn) as client:  # type: ignore[arg-type]
        t = create(client)
        with seat(client, t["table"], t["invites"][0]["token"]) as a, \
                seat(client, t["table"], t["invites"][1]["token"]) as b:
            end = play_to_end({0: a, 1: b})
        assert end["status"] == "over"
        acked = hub(client).store.action_count(t["table"])
    assert acked > 0
    with server(pg_dsn) as client:  # type: ignore[arg-type]
        summary = client.get(f"/api/tables/{t['table']}").json()
        assert summary["status"] == "over" and summary["actions"] == acked


def test_a_lost_database_connection_is_not_saved_then_comes_back(pg_dsn):
    """The database drops the server's connection: a write in flight is refused clearly
    (its commit cannot be known, so it is not repeated), a read is tried again on a new
    connection, and the next write reconnects."""
    import psycopg

    from houserules.server.store import StorageFailed

    def cut() -> None:
        with psycopg.connect(pg_dsn, autocommit=True) as admin:
            admin.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                          "WHERE datname = current_database() AND pid <> pg_backend_pid()")

    with server(pg_dsn) as client:  # type: ignore[arg-type]
        store = hub(client).store
        assert store.load("t9") is None  # this thread's connection (each thread has its own), then cut
        cut()
        with pytest.raises(StorageFailed):
            store.create(StoredTable("t9", "shedding", {}, 1, [StoredSeat("a", None, None)], []))
        assert store.load("t9") is None
        cut()
        assert client.get("/api/tables").status_code == 200
        r = client.post("/api/tables", json={"game": "shedding", "seats": TWO_PEOPLE})
        assert r.status_code == 201


def test_serve_starts_on_postgresql(pg_dsn, tmp_path, monkeypatch):
    from server_helpers import free_port, start_server

    import httpx2

    port = free_port()
    monkeypatch.setenv("PYTHONPATH", str(Path(__file__).resolve().parents[1] / "src"))
    monkeypatch.chdir(tmp_path)
    proc = start_server(pg_dsn, port)
    try:
        r = httpx2.post(f"http://127.0.0.1:{port}/api/tables", json={"game": "shedding", "seats": TWO_PEOPLE})
        assert r.status_code == 201
        assert open_store(pg_dsn).load(r.json()["table"]) is not None
    finally:
        proc.kill()
        proc.wait()
    assert list(tmp_path.iterdir()) == []  # no folder named "postgresql:"


def test_a_move_another_process_stored_first_is_not_played_and_the_table_reloads(pg_dsn):
    """Two writers of one action number, made for real: the table of actions is locked
    while this server judges a move (it has caught up; its insert waits), the same number
    is stored by another connection, the lock goes: this server is told ``Conflict``. Its
    player hears that the move was not played, and the table reloads with the other move."""
    import json
    import time

    import psycopg

    with server(pg_dsn) as client:  # type: ignore[arg-type]
        t = create(client, seats=[{"name": "Ann"}, {"name": "Bo"}], players=2)
        table = t["table"]
        with seat(client, table, t["invites"][0]["token"]) as a, \
                seat(client, table, t["invites"][1]["token"]) as b:
            u = a.until(lambda m: m["type"] == "update" and m["status"] == "playing")
            mover = a if u["legal"] else b
            first = (mover.last if mover.last and mover.last["legal"] else
                     mover.until(lambda m: m["type"] == "update" and bool(m["legal"])))
            action = first["legal"][0]
            with psycopg.connect(pg_dsn) as other:  # a transaction: the lock holds until commit
                other.execute("LOCK TABLE actions IN EXCLUSIVE MODE")
                mover.send({"type": "act", "id": 1, "action": action})
                time.sleep(1.0)  # the server has judged the move and waits to insert it
                other.execute("INSERT INTO actions (table_id, n, action) VALUES (%s, 0, %s)",
                              (table, json.dumps(action, separators=(",", ":"))))
            reply = mover.reply()
            assert reply["type"] == "error" and reply["code"] == "not_saved"
            assert "another move reached the table first" in reply["message"]
            notice = mover.until(lambda m: m["type"] == "error" and m["code"] == "reload")
            assert "another move reached this table first" in notice["message"]
        with seat(client, table, t["invites"][0]["token"]) as a:  # back: the other move is there, once
            assert a.last is not None and a.last["actions"] == 1


def test_a_stalled_database_fails_the_move_in_seconds_and_nothing_freezes(pg_dsn, monkeypatch):
    """A lock held elsewhere stalls the server's insert: it gives up after the statement
    timeout (here half a second) and says the move was not saved; afterwards play goes on."""
    import time

    import psycopg

    import houserules.server.store_pg as store_pg

    monkeypatch.setattr(store_pg, "STATEMENT_TIMEOUT_MS", 500)
    with server(pg_dsn) as client:  # type: ignore[arg-type]
        t = create(client, seats=[{"name": "Ann"}, {"name": "Bo"}], players=2)
        table = t["table"]
        with seat(client, table, t["invites"][0]["token"]) as a, \
                seat(client, table, t["invites"][1]["token"]) as b:
            u = a.until(lambda m: m["type"] == "update" and m["status"] == "playing")
            mover = a if u["legal"] else b
            first = (mover.last if mover.last and mover.last["legal"] else
                     mover.until(lambda m: m["type"] == "update" and bool(m["legal"])))
            with psycopg.connect(pg_dsn) as other:
                other.execute("LOCK TABLE actions IN EXCLUSIVE MODE")
                started = time.monotonic()
                reply = mover.act(first["legal"][0])
                assert time.monotonic() - started < 3
                assert reply["type"] == "error" and reply["code"] == "not_saved"
        with seat(client, table, t["invites"][0]["token"]) as a:
            assert a.last is not None and a.last["actions"] == 0
        assert client.get(f"/api/tables/{table}").status_code == 200
