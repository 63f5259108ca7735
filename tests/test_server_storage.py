"""Issue 10, item 12: storage faults. A read-only or full disk, a stored table
that no longer replays and a damaged database file each get a clear answer
(``{"detail": ...}`` over HTTP, an ``error`` frame over the WebSocket); the
other tables carry on; a damaged file is refused at start-up with what to do.
Each test makes the fault for real (a read-only connection, SQLite's page
limit, edited rows, overwritten bytes), not by replacing Python code."""

from __future__ import annotations

import os
import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from server_helpers import TWO_PEOPLE, create, hub, prefer_play, seat, server
from starlette.testclient import TestClient
from typer.testing import CliRunner

from houserules.cli import app as cli
from houserules.server.store import Store, StoredSeat, StoredTable, StoreError


@contextmanager
def read_only(client: TestClient, db: Path) -> Iterator[None]:
    """The server's store, for a while, on a connection that cannot write (a read-only disk)."""
    store = hub(client).store
    writable = store.db
    store.db = sqlite3.connect(f"file:{db}?mode=ro", uri=True, isolation_level=None, check_same_thread=False)
    try:
        yield
    finally:
        store.db.close()
        store.db = writable


def test_a_read_only_disk_refuses_writes_clearly_and_reads_go_on(tmp_path):
    db = tmp_path / "t.db"
    with server(db) as client:
        t = create(client)
        tok0, tok1 = t["invites"][0]["token"], t["invites"][1]["token"]
        with seat(client, t["table"], tok0):
            pass  # seat 0 has joined; seat 1 has not
        with read_only(client, db):
            r = client.post("/api/tables", json={"game": "shedding"})
            assert r.status_code == 503 and "could not store the table" in r.json()["detail"]
            assert client.get(f"/api/tables/{t['table']}").status_code == 200
            assert client.get("/api/tables").status_code == 200
            # joining is a write: refused with an error frame, and the seat stays unjoined
            with client.websocket_connect(f"/ws/{t['table']}") as ws:
                ws.send_json({"type": "hello", "token": tok1})
                reply = ws.receive_json()
                assert reply["type"] == "error" and reply["code"] == "not_saved" and "nothing changed" in reply["message"]
            assert hub(client).get(t["table"]).seats[1].joined is False
            # leaving is a write: refused, the seat is still the person's
            with seat(client, t["table"], tok0) as a:
                a.send({"type": "leave", "id": 3})
                reply = a.reply()
                assert reply["code"] == "not_saved" and reply["id"] == 3
                assert hub(client).get(t["table"]).seats[0].bot is None
        # the disk is writable again: everything works
        with seat(client, t["table"], tok0) as a, seat(client, t["table"], tok1):
            u = a.my_turn()
            assert a.act(prefer_play(u))["type"] == "ack"


def test_a_full_disk_refuses_new_tables_and_actions_clearly(tmp_path):
    db = tmp_path / "t.db"
    with server(db) as client:
        t = create(client, seats=[{"name": "Ann"}, {"bot": "random"}], players=2)
        with seat(client, t["table"], t["invites"][0]["token"]):
            pass  # joined while there was room
        store = hub(client).store
        (pages,) = store.db.execute("PRAGMA page_count").fetchone()
        store.db.execute(f"PRAGMA max_page_count = {pages}")  # the disk is full: the file cannot grow
        answers = [client.post("/api/tables", json={"game": "shedding", "seats": TWO_PEOPLE}) for _ in range(60)]
        refused = [r for r in answers if r.status_code != 201]
        assert refused, "the page limit never filled up"
        assert all(r.status_code == 503 and "try again later" in r.json()["detail"] for r in refused)
        with seat(client, t["table"], t["invites"][0]["token"]) as a:
            # play until a move no longer fits: ours (its act is answered not_saved) or the bot's
            # (everyone is told to reload); either way with an error frame, then the socket closes
            refusal = None
            u = a.last
            for _ in range(300):
                if u["type"] == "error" or u["status"] == "over":
                    refusal = u if u["type"] == "error" else None
                    break
                if u["legal"]:
                    reply = a.act(prefer_play(u))
                    if reply["type"] == "error":
                        refusal = reply
                        break
                u = a.until(lambda m: m["type"] == "error" or m["type"] == "update" and (
                    bool(m["legal"]) or m["status"] == "over"))
            assert refusal is not None and refusal["code"] in ("not_saved", "reload"), refusal
            assert "storage failed" in refusal["message"]
        assert client.get(f"/api/tables/{t['table']}").status_code == 200
        store.db.execute("PRAGMA max_page_count = 1073741823")
        assert client.post("/api/tables", json={"game": "shedding"}).status_code == 201


def test_a_table_that_no_longer_replays_is_refused_and_the_others_play_on(tmp_path):
    db = tmp_path / "t.db"
    with server(db) as client:
        broken = create(client, seats=[{"name": "Ann"}, {"bot": "random"}], players=2)
        fine = create(client, seats=[{"name": "Bo"}, {"bot": "random"}], players=2, seed=9)
        unreadable = create(client, seats=[{"name": "Cy"}, {"bot": "random"}], players=2, seed=3)
        with seat(client, broken["table"], broken["invites"][0]["token"]) as a:
            reply = a.act(prefer_play(a.my_turn()))
            assert reply["type"] == "ack"
    # the rules changed under the stored game (here: its first action edited into one that is refused)
    with sqlite3.connect(db) as con:
        con.execute("UPDATE actions SET action = ? WHERE table_id = ? AND n = 0",
                    ('{"seat": 1, "action": "play", "card": "QS"}', broken["table"]))
        con.execute("INSERT INTO actions (table_id, n, action) VALUES (?, 0, 'not json')", (unreadable["table"],))
    with server(db) as client:
        r = client.get(f"/api/tables/{broken['table']}")
        assert r.status_code == 500 and "no longer replays" in r.json()["detail"]
        assert "other tables are not affected" in r.json()["detail"]
        r = client.get(f"/api/tables/{unreadable['table']}")
        assert r.status_code == 503 and "cannot be read" in r.json()["detail"]
        for table in (broken, unreadable):
            with client.websocket_connect(f"/ws/{table['table']}") as ws:
                reply = ws.receive_json()
                assert reply["type"] == "error" and reply["code"] == "unavailable" and reply["message"]
        assert client.get(f"/api/tables/{fine['table']}").json()["status"] == "waiting"
        with seat(client, fine["table"], fine["invites"][0]["token"]) as b:
            assert b.act(prefer_play(b.my_turn()))["type"] == "ack"


def _filled_store(path: Path) -> None:
    store = Store(path)
    for i in range(150):
        store.create(StoredTable(f"t{i:04d}", "shedding", {}, i, [StoredSeat("x" * 30, None, "h" * 64)] * 2, []))
        store.append(f"t{i:04d}", 0, [{"seat": 0, "action": "draw"}] * 4)
    store.close()


@pytest.mark.parametrize("damage", ["not a database", "pages overwritten"])
def test_a_damaged_database_is_refused_at_start_up_with_what_to_do(tmp_path, damage):
    db = tmp_path / "t.db"
    if damage == "not a database":
        db.write_text("these are not the tables you are looking for\n" * 200)
    else:
        _filled_store(db)
        with db.open("r+b") as f:
            f.seek(4096 * 4 + 64)
            f.write(os.urandom(4000))
    with pytest.raises(StoreError) as caught:
        Store(db)
    message = str(caught.value)
    assert "damaged" in message and "move" in message and "--db" in message and "\n" not in message
    # the serve command says so in one line and exits, serving nothing
    result = CliRunner().invoke(cli, ["serve", "--db", str(db), "--port", "1"])
    assert result.exit_code == 1 and "Traceback" not in result.output
    errors = [line for line in result.output.splitlines() if line.startswith("error:")]
    assert len(errors) == 1 and "is damaged" in errors[0] and "move" in errors[0]
    # the application refuses to start on it too
    with pytest.raises(StoreError), server(db):
        pass


def test_a_directory_as_the_database_is_refused(tmp_path):
    with pytest.raises(StoreError, match="is a directory"):
        Store(tmp_path)
    result = CliRunner().invoke(cli, ["serve", "--db", str(tmp_path)])
    assert result.exit_code == 1 and "is a directory" in result.output
