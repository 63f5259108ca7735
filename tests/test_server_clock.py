"""Live tables keep time and never stall: turn clocks on the server (a bot
moves for a seat that runs out, or it forfeits), clocks that survive a
restart, stand-in bots for players who left, the host's pause and replace,
private tables and the limits on creating them."""

from __future__ import annotations

import time

import pytest
from server_helpers import WATCH, create, hub, seat, server

import houserules.clock
from houserules.server.store import Store

PEOPLE = [{"name": "Ann"}, {"name": "Bo"}]


@pytest.fixture(autouse=True)
def quick_clocks(monkeypatch):
    """Clocks of a fraction of a second, so the tests run in real time quickly."""
    monkeypatch.setattr(houserules.clock, "MOVE_RANGE", (0.05, 3600.0))
    monkeypatch.setattr(houserules.clock, "BANK_RANGE", (0.05, 3600.0))


def make(client, clock=None, on_timeout=None, seats=PEOPLE, **extra):
    r = client.post("/api/tables", json={"game": "shedding", "options": {"players": len(seats)}, "seats": seats,
                                         "seed": 5, "clock": clock, "on_timeout": on_timeout, **extra})
    assert r.status_code == 201, r.text
    t = r.json()
    WATCH[t["table"]] = t["spectate"].split("#w.", 1)[1]
    return t


def events(s):
    return [e for m in s.seen if m["type"] == "update" for e in m["events"]]


def test_when_the_move_clock_runs_out_a_bot_moves_and_every_client_sees_the_countdown(tmp_path):
    with server(tmp_path / "t.db") as client:
        t = make(client, {"move_s": 0.4})
        with seat(client, t["table"], t["invites"][0]["token"]) as a, \
                seat(client, t["table"], t["invites"][1]["token"]) as b:
            u = a.until(lambda m: m["type"] == "update" and m["status"] == "playing")
            assert u["clock"]["move_s"] == 0.4 and 0 < u["clock"]["running"]["0"] <= 0.4
            a.until(lambda m: m["type"] == "update" and any(e["event"] == "timeout" for e in m["events"]))
            b.until(lambda m: m["type"] == "update" and m["actions"] >= 2)
            assert any(e["event"] == "timeout" and e["seat"] == 0 for e in events(b))
        stored = Store(tmp_path / "t.db").load(t["table"])
        assert stored.actions[0]["timeout"] == 0 and 0.39 <= stored.actions[0]["t"] <= 1.5
        assert stored.actions[1]["seat"] == 0 and stored.actions[1]["t"] == stored.actions[0]["t"]
        assert stored.settings["clock"] == {"move_s": 0.4}


def test_forfeit_on_time_ends_the_game_for_the_other_seat(tmp_path):
    with server(tmp_path / "t.db") as client:
        t = make(client, {"bank_s": 0.3, "increment_s": 0}, "forfeit")
        with seat(client, t["table"], t["invites"][0]["token"]) as a, seat(client, t["table"], t["invites"][1]["token"]):
            u = a.until(lambda m: m["type"] == "update" and m["status"] == "over")
            assert u["result"]["winners"] == [1] and "out of time" in u["result"]["reason"]
            assert a.act({"seat": 0, "action": "draw"})["code"] == "game_over"
        assert client.get(f"/api/tables/{t['table']}").json()["status"] == "over"


def test_a_restart_resumes_the_same_clocks(tmp_path):
    db = tmp_path / "t.db"
    with server(db) as client:
        t = make(client, {"bank_s": 600, "increment_s": 2})
        with seat(client, t["table"], t["invites"][0]["token"]) as a, \
                seat(client, t["table"], t["invites"][1]["token"]) as b:
            live = hub(client).get(t["table"])
            people = {0: a, 1: b}
            for _ in range(8):
                s = people[live.table.to_act()[0]]
                n = len(live.table.record.actions)
                u = s.until(lambda m: m["type"] == "update" and m["actions"] == n and bool(m["legal"])) \
                    if not (s.last["actions"] == n and s.last["legal"]) else s.last
                time.sleep(0.02)
                reply = s.act(u["legal"][-1])
                assert reply["type"] == "ack"
                s.until(lambda m: m["type"] == "update" and m["actions"] >= reply["actions"])
            before = (live.table.clock.banks[:], dict(live.table.clock.since), live.table.last_t)
    with server(db) as client:
        live = hub(client).get(t["table"])
        assert (live.table.clock.banks, live.table.clock.since, live.table.last_t) == before
        assert before[2] > 0.1 and live.now() == pytest.approx(before[2], abs=0.05)  # the downtime is nobody's


@pytest.mark.parametrize(("body", "words"), [
    ({"clock": {"move_s": 0}}, "move_s must be between"),
    ({"clock": {"bank_s": 300, "increment_s": -5}}, "increment_s must be between"),
    ({"clock": {"move": 30}}, "clock is"),
    ({"clock": 30}, "clock is"),
    ({"on_timeout": "shrug"}, "on_timeout is one of"),
])
def test_clock_options_out_of_range_are_clear_errors(tmp_path, body, words):
    with server(tmp_path / "t.db") as client:
        r = client.post("/api/tables", json={"game": "shedding", **body})
        assert r.status_code in (400, 422) and words in str(r.json()["detail"])
        assert client.get("/api/tables").json() == []


def test_a_disconnected_player_gets_a_stand_in_and_the_seat_back_with_their_token(tmp_path):
    with server(tmp_path / "t.db", grace=0.2) as client:
        t = make(client)
        tok_a, tok_b = t["invites"][0]["token"], t["invites"][1]["token"]
        with seat(client, t["table"], tok_a) as a:
            with seat(client, t["table"], tok_b):
                a.until(lambda m: m["type"] == "update" and m["status"] == "playing")
            # Bo closed the tab; Ann plays on and Bo's stand-in answers
            for _ in range(4):
                u = a.my_turn()
                if u["status"] == "over":
                    break
                n = u["actions"]
                assert a.act(u["legal"][-1])["type"] == "ack"
                a.until(lambda m: m["type"] == "update" and (m["legal"] or m["status"] == "over") and m["actions"] > n + 1)
            seats = a.last["seats"]
            assert seats[1]["stand_in"] and not seats[1]["connected"]
            with seat(client, t["table"], tok_b) as b:
                welcome = next(m for m in b.seen if m["type"] == "welcome")
                assert welcome["seat"] == 1 and welcome["stood_in_from"] >= 0
                assert not b.last["seats"][1]["stand_in"]


def test_the_host_pauses_resumes_and_replaces_an_absent_player_others_may_not(tmp_path):
    with server(tmp_path / "t.db", grace=3600) as client:
        t = make(client, {"move_s": 60})
        tok_a, tok_b = t["invites"][0]["token"], t["invites"][1]["token"]
        with client.websocket_connect(f"/ws/{t['table']}") as ws:
            ws.send_json({"type": "hello", "token": tok_a, "host": t["host"]})
            assert ws.receive_json()["host"] is True
        with seat(client, t["table"], tok_b) as b:
            b.send({"type": "host", "do": "pause"})
            assert b.reply()["code"] == "not_host"
        with client.websocket_connect(f"/ws/{t['table']}") as ws:
            from server_helpers import Seat
            h = Seat(ws)
            h.send({"type": "hello", "host": t["host"], "token": tok_a})
            h.until(lambda m: m["type"] == "update")
            live = hub(client).get(t["table"])
            before = live.table.state.snapshot()
            h.send({"type": "host", "do": "pause"})
            u = h.until(lambda m: m["type"] == "update" and m["status"] == "paused")
            assert u["legal"] == [] and u["clock"]["paused"]
            frozen = live.now()
            time.sleep(0.1)
            assert live.now() == frozen
            assert h.act({"seat": 0, "action": "draw"})["code"] in ("paused", "refused")
            assert live.table.state.snapshot() == before
            h.send({"type": "host", "do": "replace", "seat": 0})
            assert h.reply()["code"] == "not_absent"
            h.send({"type": "host", "do": "replace", "seat": 7})
            assert h.reply()["code"] == "bad_seat"
            h.send({"type": "host", "do": "resume"})
            h.until(lambda m: m["type"] == "update" and m["status"] == "playing")
            h.send({"type": "host", "do": "replace", "seat": 1})
            u = h.until(lambda m: m["type"] == "update" and m["seats"][1]["stand_in"])
            # the stand-in plays Bo's turns as they come
            for _ in range(3):
                u = h.my_turn()
                if u["status"] == "over":
                    break
                n = u["actions"]
                assert h.act(u["legal"][-1])["type"] == "ack"
                h.until(lambda m: m["type"] == "update" and (m["legal"] or m["status"] == "over") and m["actions"] > n)


def test_any_seated_player_lets_a_bot_play_an_absent_seat_now_and_everyone_sees_the_countdown(tmp_path):
    """Issue 25: when a friend drops, everyone is told when the stand-in sits down (``stand_in_in``),
    and any player at the table, not only the host, may hand the seat to it at once. Pausing stays
    the host's; a spectator may do neither; nobody but the host starts a game without a player."""
    people = [{"name": "Ann"}, {"name": "Bo"}, {"name": "Cy"}]
    with server(tmp_path / "t.db", grace=3600) as client:
        waiting = make(client, seats=people)
        with seat(client, waiting["table"], waiting["invites"][0]["token"]) as a:
            a.send({"type": "host", "do": "replace", "seat": 1})  # Bo never came: only the host may start
            assert a.reply()["code"] == "not_host"

        t = make(client, seats=people)
        tok = [inv["token"] for inv in t["invites"]]
        with seat(client, t["table"], tok[0]) as a, seat(client, t["table"], tok[2]) as c:
            with seat(client, t["table"], tok[1]) as b:
                assert b.last is not None and b.last["status"] == "playing"
            # Bo has gone: Ann and Cy both see a countdown to his stand-in (an hour of grace here)
            for s in (a, c):
                u = s.until(lambda m: m["type"] == "update" and m["seats"][1]["stand_in_in"] is not None)
                assert 3500 < u["seats"][1]["stand_in_in"] <= 3600 and not u["seats"][1]["stand_in"]
                assert u["seats"][0]["stand_in_in"] is None
            assert client.get(f"/api/tables/{t['table']}").json()["seats"][1]["stand_in_in"] > 3500
            c.send({"type": "host", "do": "pause"})
            assert c.reply()["code"] == "not_host"
            c.send({"type": "host", "do": "replace", "seat": 0})
            assert c.reply()["code"] == "not_absent"
            c.send({"type": "host", "do": "replace", "seat": 1})  # Cy is not the host
            for s in (a, c):
                u = s.until(lambda m: m["type"] == "update" and m["seats"][1]["stand_in"])
                assert u["seats"][1]["stand_in_in"] is None
            with seat(client, t["table"], None) as w:  # a spectator (the key from the link)
                w.send({"type": "host", "do": "replace", "seat": 1})
                assert w.reply()["code"] == "not_host"


def test_tables_are_private_unless_listed_and_spectators_need_the_link(tmp_path):
    with server(tmp_path / "t.db") as client:
        t = make(client)
        for hello in ({"type": "hello"}, {"type": "hello", "watch": "guess"}, {"type": "hello", "watch": 7}):
            with client.websocket_connect(f"/ws/{t['table']}") as ws:
                ws.send_json(hello)
                assert ws.receive_json()["code"] == "private"
        with seat(client, t["table"], None) as w:  # the spectator link's key
            assert w.last["view"]["hand"] is None
        listed = make(client, listed=True)
        with client.websocket_connect(f"/ws/{listed['table']}") as ws:
            ws.send_json({"type": "hello"})
            assert ws.receive_json()["type"] == "welcome"
        assert [r["id"] for r in client.get("/api/tables").json()] == [listed["table"]]


def test_creating_tables_is_rate_limited_and_capped(tmp_path):
    with server(tmp_path / "t.db", create_rate=1, create_burst=3) as client:
        codes = [client.post("/api/tables", json={"game": "shedding"}).status_code for _ in range(5)]
        assert codes[:3] == [201] * 3 and codes[3] == 429
        assert "too many new tables" in client.post("/api/tables", json={"game": "shedding"}).json()["detail"]
    with server(tmp_path / "u.db", max_open_tables=2) as client:  # a full server, every table in use: 503
        held = [create(client, seats=PEOPLE, players=2) for _ in range(2)]
        with seat(client, held[0]["table"], held[0]["invites"][0]["token"]), \
                seat(client, held[1]["table"], held[1]["invites"][0]["token"]):
            r = client.post("/api/tables", json={"game": "shedding"})
            assert r.status_code == 503 and "open tables" in r.json()["detail"]


class Alarm:
    """Shedding with a rule that wants waking at 0.2 s and 0.4 s of play (as Mao's delay of game will)."""

    def __init__(self, game):
        self.game = game
        self.rang: list[float] = []

    def __getattr__(self, name):
        return getattr(self.game, name)

    def deadline(self, state):
        return [0.2, 0.4, None][len(self.rang)]

    def advance(self, state, now):
        from houserules.engine.core import Event
        out = []
        while (d := self.deadline(state)) is not None and d <= now:
            self.rang.append(d)
            out.append(Event("alarm", None, {"at": d}))
        return out


def test_the_scheduler_wakes_the_rules_at_their_deadlines_and_stores_the_ticks(tmp_path):
    with server(tmp_path / "t.db") as client:
        t = make(client)
        with seat(client, t["table"], t["invites"][0]["token"]) as a, seat(client, t["table"], t["invites"][1]["token"]):
            live = hub(client).get(t["table"])
            alarm = Alarm(live.table.game)

            def arm() -> None:  # on the server's event loop, as the table's own game would be
                live.table.game = alarm
                live.table.keeps_time = True
                live.schedule()

            client.portal.call(arm)
            a.until(lambda m: m["type"] == "update" and m["actions"] >= 2)
            assert alarm.rang == [0.2, 0.4]
        stored = Store(tmp_path / "t.db").load(t["table"])
        assert stored.actions[:2] == [{"tick": 0.2}, {"tick": 0.4}]


def test_a_burst_is_refused_but_abuse_closes_the_connection(tmp_path):
    with server(tmp_path / "t.db", rate=1.0, burst=2.0, strikes=3) as client:
        t = make(client)
        with seat(client, t["table"], t["invites"][0]["token"]) as a:
            for i in range(8):
                a.send({"type": "ping", "id": i})
            codes = [a.reply().get("code", "pong") for _ in range(6)]
            assert codes[:2] == ["pong", "pong"] and codes[2:5] == ["rate_limited"] * 3 and codes[5] == "abuse"
