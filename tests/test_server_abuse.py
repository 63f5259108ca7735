"""Issue 23, item 6: limits one party cannot exhaust for everyone. A party is an address's
network (gate.party); new tables (rematches too) and WebSocket messages are counted per party
and per seat, not per address or per connection; and an update shared by many watchers is
built and encoded once."""

from __future__ import annotations

import asyncio
import json
import time
from contextlib import contextmanager

from server_helpers import create, hub, play_to_end, seat, server

from houserules.server.gate import party
from houserules.server.clients import Client
from houserules.server.hub import Hub
from houserules.server.store import Store


@contextmanager
def from_address(client, host: str):
    """Requests and WebSockets of ``client`` come from ``host`` for a while."""
    transport = client._transport
    before, transport.client = transport.client, (host, 40000)
    try:
        yield client
    finally:
        transport.client = before


def test_a_party_is_an_addresses_network():
    assert party("127.0.0.1") == party("127.0.0.2") == party("127.9.9.9") == party("::1") == "loopback"
    assert party("192.0.2.1") == party("192.0.2.250") != party("192.0.3.1")
    assert party("2001:db8::1") == party("2001:db8::ffff:1") != party("2001:db8:0:1::1")
    assert party("::ffff:192.0.2.7") == party("192.0.2.1")
    assert party("testclient") == "testclient" and party(None) == "?"


def test_a_few_loopback_addresses_cannot_fill_the_server(tmp_path):
    with server(tmp_path / "t.db", max_open_tables=6, max_open_per_party=3) as client:
        answers = []
        for i in range(8):
            with from_address(client, f"127.0.0.{i + 1}"):
                answers.append(client.post("/api/tables", json={"game": "shedding"}))
        assert [r.status_code for r in answers] == [201] * 3 + [429] * 5
        assert "unfinished tables" in answers[-1].json()["detail"]
        # everyone else can still create tables; once the server is full, the table untouched longest
        # makes room (issue 38, item 6): the flood's own first one
        codes = []
        for net in range(4):
            with from_address(client, f"198.51.{net}.7"):
                codes.append(client.post("/api/tables", json={"game": "shedding"}).status_code)
        assert codes == [201, 201, 201, 201]
        assert sum(client.get(f"/api/tables/{r.json()['table']}").status_code == 410 for r in answers[:3]) == 1


def test_a_rematch_is_a_new_table_under_the_same_limits(tmp_path):
    with server(tmp_path / "t.db", create_rate=0.001, create_burst=1) as client:
        t = create(client, seats=[{"name": "Ann"}, {"name": "Bo"}], players=2)
        with seat(client, t["table"], t["invites"][0]["token"]) as a, \
                seat(client, t["table"], t["invites"][1]["token"]) as b:
            play_to_end({0: a, 1: b})
            a.send({"type": "rematch", "id": 1})
            reply = a.reply()
        assert reply["type"] == "error" and reply["code"] == "no_rematch" and "a minute" in reply["message"]
        assert hub(client).get(t["table"]).rematch is None


def test_connections_to_one_seat_share_its_message_allowance(tmp_path):
    with server(tmp_path / "t.db", rate=2.0, burst=6.0) as client:
        t = create(client)
        token = t["invites"][0]["token"]
        with seat(client, t["table"], token) as s1, seat(client, t["table"], token) as s2, \
                seat(client, t["table"], token) as s3, seat(client, t["table"], token) as s4:
            started = time.monotonic()
            for s in (s1, s2, s3, s4):
                for i in range(6):
                    s.send({"type": "ping", "id": i})
            replies = [s.reply() for s in (s1, s2, s3, s4) for _ in range(6)]
            elapsed = time.monotonic() - started
        pongs = sum(r["type"] == "pong" for r in replies)
        assert pongs <= 6 + 2 * elapsed + 1, pongs  # one seat's burst, not four
        assert sum(r.get("code") == "rate_limited" for r in replies) >= 24 - pongs


def test_an_update_for_many_spectators_is_built_once(tmp_path, monkeypatch):
    hub_ = Hub(Store(tmp_path / "t.db"))
    stored, _, _ = asyncio.run(hub_.create("shedding", {"players": 2}, [{"bot": "heuristic"}, {"bot": "random"}],
                                           seed=3))
    live = hub_.get(stored.id)
    views = []
    view = live.table.view
    monkeypatch.setattr(live.table, "view", lambda s: views.append(s) or view(s))
    watchers = [Client(None) for _ in range(300)]
    live.clients.update(watchers)
    live.broadcast()
    assert views == [None]  # one view for 300 spectators
    sent = {w.queue.get_nowait() for w in watchers}
    assert len(sent) == 1 and json.loads(sent.pop())["type"] == "update"
