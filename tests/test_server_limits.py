"""Issue 10, items 13-15: what a client cannot do to the server. A huge body
is answered 413 without being held in memory; looking at thousands of
tables does not keep them all in memory (idle ones leave and come back on
demand); an ``act`` re-sent after its ack is not played twice; and pages of
another origin, or requests naming another host (DNS rebinding), are
refused unless the person running the server allowed them."""

from __future__ import annotations

import pytest
from server_helpers import TWO_PEOPLE, create, hub, prefer_play, seat, server
from starlette.testclient import WebSocketDenialResponse
from starlette.websockets import WebSocketDisconnect

from houserules.server.gate import OriginError, normal_origin

# --- 13: request bodies ---------------------------------------------------------------


def test_a_body_over_the_limit_is_answered_413(tmp_path):
    with server(tmp_path / "t.db", max_body=2048) as client:
        big = {"game": "shedding", "options": {"x": "y" * 5000}}
        r = client.post("/api/tables", json=big)
        assert r.status_code == 413 and "larger than 2048 bytes" in r.json()["detail"]

        # without a Content-Length (chunked), the body is counted as it arrives
        def chunks():
            for _ in range(10):
                yield b"x" * 1000

        r = client.post("/api/tables", content=chunks(), headers={"content-type": "application/json"})
        assert r.status_code == 413 and "larger than" in r.json()["detail"]
        r = client.post("/api/tables", content=b"{}", headers={"content-type": "application/json",
                                                              "content-length": "zz"})
        assert r.status_code == 400
        # a body under the limit is served as before
        assert client.post("/api/tables", json={"game": "shedding"}).status_code == 201


# --- 13: tables held in memory ---------------------------------------------------------


def test_idle_tables_leave_memory_and_come_back_on_demand(tmp_path):
    with server(tmp_path / "t.db", max_tables=5) as client:
        tables = [create(client, seed=i) for i in range(30)]
        summaries = {}
        for t in tables:
            summaries[t["table"]] = client.get(f"/api/tables/{t['table']}").json()
        assert len(hub(client).tables) <= 5
        # an evicted table is rebuilt from the store, exactly as it was
        first = tables[0]["table"]
        assert first not in hub(client).tables
        assert client.get(f"/api/tables/{first}").json() == summaries[first]


def test_a_table_in_use_is_never_evicted(tmp_path):
    with server(tmp_path / "t.db", max_tables=2) as client:
        t = create(client)
        with seat(client, t["table"], t["invites"][0]["token"]) as a, \
                seat(client, t["table"], t["invites"][1]["token"]):
            live = hub(client).get(t["table"])
            for i in range(10):
                client.get(f"/api/tables/{create(client, seed=100 + i)['table']}")
            assert hub(client).tables.get(t["table"]) is live and not live.evicted
            u = a.my_turn()
            assert a.act(prefer_play(u))["type"] == "ack"
        assert len(hub(client).tables) <= 2 + 1


def test_a_seat_that_says_hello_late_gets_the_table_even_if_it_was_evicted(tmp_path):
    with server(tmp_path / "t.db", max_tables=1) as client:
        t = create(client)
        with client.websocket_connect(f"/ws/{t['table']}") as ws:
            # while this connection has not said hello, other tables push the first one out
            for i in range(3):
                client.get(f"/api/tables/{create(client, seed=50 + i)['table']}")
            ws.send_json({"type": "hello", "token": t["invites"][0]["token"]})
            assert ws.receive_json()["type"] == "welcome"
            assert ws.receive_json()["type"] == "update"
            live = hub(client).tables[t["table"]]
            assert not live.evicted and len(live.clients) == 1


# --- 14: an act re-sent after its ack ------------------------------------------------------


@pytest.mark.parametrize("mode", ["strict", "table"])
def test_an_act_re_sent_with_the_same_id_is_answered_not_replayed(tmp_path, mode):
    with server(tmp_path / "t.db") as client:
        t = create(client, seats=[{"name": "Ann"}, {"name": "Bo"}], players=2, mode=mode)
        with seat(client, t["table"], t["invites"][0]["token"]) as a, \
                seat(client, t["table"], t["invites"][1]["token"]) as b:
            live = hub(client).get(t["table"])
            u = a.my_turn()
            draw = next(x for x in u["legal"] if x["action"] == "draw") if any(
                x["action"] == "draw" for x in u["legal"]) else u["legal"][-1]
            first = a.act(draw, ref=41)
            assert first["type"] == "ack"
            n = len(live.table.record.actions)
            for _ in range(3):  # the client did not see the ack and sends again
                again = a.act(draw, ref=41)
                assert again == first
            assert len(live.table.record.actions) == n
            # the same action under a new id is a new attempt
            other = b.act({"action": "draw"}, ref=41)  # another connection: its own ids
            assert other["id"] == 41 and (other["type"] == "error" or len(live.table.record.actions) == n + 1)


# --- 15: Host and Origin -------------------------------------------------------------------------


def _ws_refused(client, table: str, headers: dict[str, str]) -> int:
    """The status the WebSocket handshake was refused with (0: it was accepted)."""
    try:
        with client.websocket_connect(f"/ws/{table}", headers=headers) as ws:
            ws.send_json({"type": "hello"})
            ws.receive_json()
            return 0
    except WebSocketDenialResponse as exc:
        assert "detail" in exc.json()
        return exc.status_code
    except WebSocketDisconnect:
        return 1008


def test_a_page_of_another_origin_is_refused(tmp_path):
    with server(tmp_path / "t.db", allow_hosts=()) as client:
        local = {"host": "127.0.0.1:8000"}
        t = client.post("/api/tables", json={"game": "shedding", "seats": TWO_PEOPLE}, headers=local).json()
        table = t["table"]
        foreign = {**local, "origin": "https://evil.example"}
        assert _ws_refused(client, table, foreign) == 403
        r = client.post("/api/tables", json={"game": "shedding"}, headers=foreign)
        assert r.status_code == 403 and "evil.example" in r.json()["detail"]
        # the server's own pages, and programs that send no Origin, are welcome
        assert _ws_refused(client, table, {**local, "origin": "http://127.0.0.1:8000"}) == 0
        assert _ws_refused(client, table, local) == 0
        assert client.get("/api/games", headers={**local, "origin": "http://127.0.0.1:8000"}).status_code == 200
        # same host, another port, is another origin
        assert _ws_refused(client, table, {**local, "origin": "http://127.0.0.1:9999"}) == 403


def test_a_foreign_host_name_is_refused(tmp_path):
    """DNS rebinding: a page on evil.example points its name at 127.0.0.1; the browser then sends
    Host: evil.example and Origin: http://evil.example, which match each other."""
    with server(tmp_path / "t.db", allow_hosts=()) as client:
        rebound = {"host": "evil.example:8000", "origin": "http://evil.example:8000"}
        r = client.get("/api/tables", headers=rebound)
        assert r.status_code == 400 and "evil.example" in r.json()["detail"]
        t = client.post("/api/tables", json={"game": "shedding", "seats": TWO_PEOPLE},
                        headers={"host": "localhost:8000"}).json()
        assert _ws_refused(client, t["table"], rebound) == 400
        for host in ("localhost:8000", "127.0.0.1", "[::1]:8000", "192.168.1.20:8000", "game.localhost"):
            assert client.get("/api/games", headers={"host": host}).status_code == 200, host
        assert client.get("/api/games", headers={"host": "localhost:notaport"}).status_code == 400


def test_allowed_origins_and_hosts_for_a_server_behind_a_proxy(tmp_path):
    with server(tmp_path / "t.db", allow_hosts=("houserules-internal",),
                allow_origins=("https://games.example.com",)) as client:
        proxied = {"host": "games.example.com", "origin": "https://games.example.com"}
        t = client.post("/api/tables", json={"game": "shedding", "seats": TWO_PEOPLE}, headers=proxied)
        assert t.status_code == 201
        # the proxy may pass its own name for the server as the Host
        assert _ws_refused(client, t.json()["table"], {"host": "houserules-internal:8000",
                                                       "origin": "https://games.example.com"}) == 0
        assert _ws_refused(client, t.json()["table"], {"host": "games.example.com",
                                                       "origin": "https://other.example.com"}) == 403


def test_origins_are_checked_when_given():
    assert normal_origin("HTTPS://Games.Example.com/") == "https://games.example.com"
    assert normal_origin("http://a.example:8080") == "http://a.example:8080"
    for bad in ("games.example.com", "ftp://x.example", "https://x.example/path", "https://", "http://x:99999"):
        with pytest.raises(OriginError):
            normal_origin(bad)


def test_an_act_re_sent_after_reconnecting_is_answered_not_replayed(tmp_path):
    """Issue 23, item 8: a client that lost its connection cannot tell whether its act arrived;
    it reconnects and sends it again. The seat, not the connection, remembers its acks."""
    with server(tmp_path / "t.db") as client:
        t = create(client, seats=[{"name": "Ann"}, {"name": "Bo"}], players=2, mode="table")
        with seat(client, t["table"], t["invites"][1]["token"]):
            with seat(client, t["table"], t["invites"][0]["token"]) as a:
                u = a.my_turn()
                first = a.act(prefer_play(u), ref="m-7")
                assert first["type"] == "ack"
            live = hub(client).get(t["table"])
            n = len(live.table.record.actions)
            with seat(client, t["table"], t["invites"][0]["token"]) as again:
                assert again.act(prefer_play(u), ref="m-7") == first
            assert len(live.table.record.actions) == n
