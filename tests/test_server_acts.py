"""Issue 38, item 2: an act is done once, whatever the network does. docs/protocol.md promises that
a client unsure whether its ``act`` arrived may reconnect and simply send it again; the act's id is
kept with the move in the store, so a re-send after a restart (or at another process, or to two
processes at once: tests/test_server_cluster.py) is answered with the first ack, never played again.
A database made by an older server opens and gains the act ids."""

from __future__ import annotations

import sqlite3

from server_helpers import create, seat, server

from houserules.server.store import Store

PEOPLE = [{"name": "Ann"}, {"name": "Bo"}]


def _first_act(client, t: dict, ref: int) -> tuple[int, dict, dict]:
    """The seat to act makes its first legal move under id ``ref``: (seat, action, ack)."""
    tokens = [i["token"] for i in t["invites"]]
    with seat(client, t["table"], tokens[0]) as a, seat(client, t["table"], tokens[1]) as b:
        u = a.until(lambda m: m["type"] == "update" and m["status"] == "playing")
        who = u["view"]["turn"]
        s = (a, b)[who]
        mine = s.my_turn()
        action = mine["legal"][0]
        ack = s.act(action, ref=ref)
        assert ack["type"] == "ack", ack
    return who, action, ack


def test_an_act_sent_again_after_a_restart_is_answered_not_played_again(tmp_path):
    db = tmp_path / "t.db"
    with server(db) as client:
        t = create(client, seats=PEOPLE, players=2, mode="table")
        who, action, first = _first_act(client, t, ref=4242)
    stored = Store(db).action_count(t["table"])
    with server(db) as client:
        with seat(client, t["table"], t["invites"][who]["token"]) as s:
            again = s.act(action, ref=4242)
            other = s.act(action, ref=4243)  # a new id is a new attempt, judged again (the card is gone)
    assert again == first
    assert other != first
    assert Store(db).action_count(t["table"]) == stored


def test_acts_are_remembered_however_many_came_after(tmp_path):
    """The server once kept a seat's newest 64 acks in memory only."""
    db = tmp_path / "t.db"
    with server(db) as client:
        t = create(client, seats=[{"name": "Ann"}, {"bot": "random"}], players=2, mode="table")
        with seat(client, t["table"], t["invites"][0]["token"]) as ann:
            u = ann.my_turn()
            first = ann.act(u["legal"][0], ref="first")
            for i in range(70):
                ann.act({"action": "draw"}, ref=f"later {i}")
            assert ann.act(u["legal"][0], ref="first") == first


OLD_SCHEMA = """
CREATE TABLE tables (id TEXT PRIMARY KEY, game TEXT NOT NULL, options TEXT NOT NULL, seed INTEGER NOT NULL,
                     created REAL NOT NULL, result TEXT, rematch TEXT, settings TEXT);
CREATE TABLE seats (table_id TEXT NOT NULL REFERENCES tables(id), seat INTEGER NOT NULL, name TEXT NOT NULL, bot TEXT,
                    token_hash TEXT, joined INTEGER NOT NULL DEFAULT 0, PRIMARY KEY (table_id, seat)) WITHOUT ROWID;
CREATE TABLE actions (table_id TEXT NOT NULL REFERENCES tables(id), n INTEGER NOT NULL, action TEXT NOT NULL,
                      PRIMARY KEY (table_id, n)) WITHOUT ROWID;
"""


def test_a_database_from_an_older_server_opens_and_keeps_act_ids(tmp_path):
    db = tmp_path / "old.db"
    with server(tmp_path / "new.db") as client:  # a table as an older server stored it: rows copied over
        t = create(client, seats=PEOPLE, players=2)
    new = sqlite3.connect(tmp_path / "new.db")
    old = sqlite3.connect(db)
    old.executescript(OLD_SCHEMA)
    for name in ("tables", "seats"):  # the older schema's columns only (later ones came after it)
        columns = ", ".join(c[1] for c in old.execute(f"PRAGMA table_info({name})"))
        rows = new.execute(f"SELECT {columns} FROM {name}").fetchall()
        old.executemany(f"INSERT INTO {name} ({columns}) VALUES ({', '.join('?' * len(rows[0]))})", rows)
    old.commit()
    old.close()
    new.close()
    with server(db) as client:
        who, action, first = _first_act(client, t, ref=7)
    with server(db) as client:
        with seat(client, t["table"], t["invites"][who]["token"]) as s:
            assert s.act(action, ref=7) == first
    assert Store(db).action_count(t["table"]) == 1
