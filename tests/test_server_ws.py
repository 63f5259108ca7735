"""The WebSocket protocol: playing, refusals, penalties, tokens, reconnects,
restarts, leaving and rematches (in-process, through Starlette's TestClient)."""

from __future__ import annotations

import random

import pytest
from server_helpers import QUICK, TWO_PEOPLE, create, hub, play_to_end, prefer_play, seat, server

from houserules.engine import registry
from houserules.engine.replay import GameRecord, replay
from houserules.server.store import Store


def test_two_people_play_to_the_end_and_the_store_replays_it(tmp_path):
    db = tmp_path / "t.db"
    with server(db) as client:
        t = create(client)
        with seat(client, t["table"], t["invites"][0]["token"]) as a:
            assert a.last["status"] == "waiting" and a.last["legal"] == []
            with seat(client, t["table"], t["invites"][1]["token"]) as b:
                a.my_turn()
                last = play_to_end({0: a, 1: b})
        assert last["result"]["reason"] in ("went out", "turn limit")
        summary = client.get(f"/api/tables/{t['table']}").json()
        assert summary["status"] == "over" and summary["result"] == last["result"]
    stored = Store(db).load(t["table"])
    assert stored is not None and stored.result == last["result"]
    report = replay(GameRecord("shedding", stored.options, stored.seed, stored.actions, stored.result))
    assert report.ok, report.problems


def test_a_token_for_one_seat_never_acts_for_another(tmp_path):
    with server(tmp_path / "t.db") as client:
        t = create(client)
        other = create(client, seed=8)
        tok0, tok1 = t["invites"][0]["token"], t["invites"][1]["token"]
        with seat(client, t["table"], tok0) as a, seat(client, t["table"], tok1) as b:
            live = hub(client).get(t["table"])
            before = live.table.state.snapshot()
            # seat 1 names seat 0 (whose turn it is) in its action
            u = a.my_turn()
            action = dict(u["legal"][0])
            reply = b.act(action)
            assert reply["type"] == "error" and reply["code"] == "not_your_seat"
            for seat_value in (0, "0", None, True, 0.0, [0]):
                reply = b.act({**action, "seat": seat_value})
                assert reply["type"] == "error", seat_value
            assert live.table.state.snapshot() == before
            assert len(live.table.record.actions) == 0
        # a token is only good at its own table
        with client.websocket_connect(f"/ws/{other['table']}") as ws:
            ws.send_json({"type": "hello", "token": tok0})
            assert ws.receive_json()["code"] == "bad_token"
        with client.websocket_connect(f"/ws/{t['table']}") as ws:
            ws.send_json({"type": "hello", "token": tok0[:-1] + ("A" if tok0[-1] != "A" else "B")})
            assert ws.receive_json()["code"] == "bad_token"


def test_spectators_see_public_information_and_cannot_act(tmp_path):
    with server(tmp_path / "t.db") as client:
        t = create(client)
        with seat(client, t["table"], t["invites"][0]["token"]) as a, \
                seat(client, t["table"], t["invites"][1]["token"]), seat(client, t["table"], None) as watcher:
            u = a.my_turn()
            reply = a.act(u["legal"][-1])  # draw (or decline): a secret card for seat 0
            assert reply["type"] == "ack"
            w = watcher.until(lambda m: m["type"] == "update" and m["actions"] >= reply["actions"])
            assert w["view"]["hand"] is None and w["legal"] == []
            events = [e for m in watcher.seen if m["type"] == "update" for e in m["events"]]
            assert all("cards" not in e for e in events)
            assert watcher.act(u["legal"][0])["code"] == "spectator"


def test_bad_messages_get_clear_errors_and_change_nothing(tmp_path):
    with server(tmp_path / "t.db", max_message=512) as client:
        t = create(client)
        with seat(client, t["table"], t["invites"][0]["token"]) as a, seat(client, t["table"], t["invites"][1]["token"]):
            a.my_turn()
            live = hub(client).get(t["table"])
            before = live.table.state.snapshot()
            cases = [
                ("{not json", "bad_json"),
                ("[1, 2]", "bad_message"),
                ({"type": "shout"}, "unknown_type"),
                ({"no": "type"}, "unknown_type"),
                ({"type": "act", "id": {"x": 1}}, "bad_message"),
                ({"type": "act"}, "bad_action"),
                ({"type": "act", "action": {"action": "fly"}}, "bad_action"),
                ({"type": "act", "action": {"action": "play", "card": "ZZ"}}, "bad_action"),
                ({"type": "act", "action": {"action": "play", "card": "QS", "extra": 1}}, "bad_action"),
                ({"type": "hello"}, "already_said_hello"),
                ({"type": "rematch"}, "not_over"),
                ("x" * 600, "too_big"),
            ]
            for msg, code in cases:
                a.send(msg)
                reply = a.reply()
                assert reply["type"] == "error" and reply["code"] == code, (msg, reply)
                assert reply["message"]
            a.ws.send_bytes(b"\x00\x01")
            assert a.reply()["code"] == "bad_frame"
            assert live.table.state.snapshot() == before and live.table.record.actions == []


def test_hello_must_come_first(tmp_path):
    with server(tmp_path / "t.db") as client:
        t = create(client)
        with client.websocket_connect(f"/ws/{t['table']}") as ws:
            ws.send_json({"type": "act", "action": {"action": "draw"}})
            assert ws.receive_json()["code"] == "hello_first"
        with client.websocket_connect("/ws/nosuchtable") as ws:
            assert ws.receive_json()["code"] == "no_table"


def test_strict_mode_refuses_and_table_mode_penalises(tmp_path):
    with server(tmp_path / "t.db") as client:
        for mode in ("strict", "table"):
            t = create(client, mode=mode)
            with seat(client, t["table"], t["invites"][0]["token"]) as a, \
                    seat(client, t["table"], t["invites"][1]["token"]) as b:
                a.my_turn()
                live = hub(client).get(t["table"])
                before = live.table.state.snapshot()
                # seat 1 plays out of turn a card it holds
                card = b.last["view"]["hand"][0]
                reply = b.act({"action": "play", "card": card})
                if mode == "strict":
                    assert reply["code"] == "refused" and "not your turn" in reply["message"]
                    assert live.table.state.snapshot() == before and live.table.record.actions == []
                else:
                    assert reply["type"] == "ack" and reply["penalties"] == ["mistake"]
                    assert len(live.table.record.actions) == 1
                    assert hub(client).store.action_count(t["table"]) == 1
                    u = b.until(lambda m: m["type"] == "update" and m["actions"] == 1)
                    assert any(e["event"] == "penalty" and e["name"] == "mistake" for e in u["events"])


def test_a_reconnecting_seat_gets_its_view_and_only_the_events_it_missed(tmp_path):
    with server(tmp_path / "t.db") as client:
        t = create(client)
        tok0, tok1 = t["invites"][0]["token"], t["invites"][1]["token"]
        with seat(client, t["table"], tok0) as a:
            with seat(client, t["table"], tok1) as b:
                assert b.last["status"] == "playing"
                seen = b.last["next"]
            # seat 1 is away while seat 0 plays and the bots answer
            u = a.my_turn()
            reply = a.act(prefer_play(u))
            a.until(lambda m: m["type"] == "update" and m["actions"] >= reply["actions"])
            with seat(client, t["table"], tok1, since=seen) as b2:
                live = hub(client).get(t["table"])
                u2 = b2.last
                assert u2["events_from"] == seen and u2["next"] == len(live.table.log)
                assert u2["events"] == live.table.events_for(1, seen)
                assert u2["view"] == live.table.view(1).to_json()


def test_tables_come_back_after_a_restart(tmp_path):
    db = tmp_path / "t.db"
    with server(db) as client:
        t = create(client, seats=[{"name": "Ann"}, {"bot": "heuristic"}, {"bot": "heuristic"}], players=3)
        tok = t["invites"][0]["token"]
        with seat(client, t["table"], tok) as a:
            for _ in range(3):
                u = a.my_turn()
                if u["status"] == "over":
                    break
                reply = a.act(prefer_play(u))
                assert reply["type"] == "ack"
                u = a.until(lambda m: m["type"] == "update" and m["actions"] >= reply["actions"])
            view, log_size = u["view"], u["next"]
    with server(db) as client, seat(client, t["table"], tok) as a:
        assert a.last["view"] == view and a.last["next"] == log_size


def test_leaving_hands_the_seat_to_a_bot_and_voids_the_token(tmp_path):
    with server(tmp_path / "t.db") as client:
        t = create(client)
        tok1 = t["invites"][1]["token"]
        with seat(client, t["table"], t["invites"][0]["token"]) as a:
            with seat(client, t["table"], tok1) as b:
                b.send({"type": "leave"})
                b.until(lambda m: m["type"] == "welcome" and m["seat"] is None)
            summary = client.get(f"/api/tables/{t['table']}").json()
            assert summary["seats"][1]["bot"] == "heuristic"
            a.my_turn()
        with client.websocket_connect(f"/ws/{t['table']}") as ws:
            ws.send_json({"type": "hello", "token": tok1})
            assert ws.receive_json()["code"] == "bad_token"


def test_rematch_seats_the_same_people_at_a_new_table(tmp_path):
    with server(tmp_path / "t.db") as client:
        t = create(client, seats=[{"name": "Ann"}, {"bot": "random"}, {"bot": "random"}], players=3)
        tok = t["invites"][0]["token"]
        with seat(client, t["table"], tok) as a:
            play_to_end({0: a})
            a.send({"type": "rematch"})
            new = a.reply()
            assert new["type"] == "rematch" and new["table"] != t["table"]
            a.send({"type": "rematch"})
            assert a.reply()["table"] == new["table"]  # once per table
        with seat(client, new["table"], tok) as a2:
            assert a2.last["status"] == "playing" and a2.last["actions"] == 0


def test_messages_over_the_rate_limit_are_refused(tmp_path):
    with server(tmp_path / "t.db", rate=1.0, burst=3.0) as client:
        t = create(client, seats=TWO_PEOPLE)
        with seat(client, t["table"], t["invites"][0]["token"]) as a:
            codes = []
            for i in range(6):
                a.send({"type": "ping", "id": i})
                codes.append(a.reply().get("code", "pong"))
            assert codes[:3] == ["pong"] * 3 and "rate_limited" in codes[3:]


@pytest.mark.early  # Mao's play-through waits on its clocks: started first (tests/conftest.py)
@pytest.mark.parametrize("game", registry.names())
def test_every_registered_game_plays_to_the_end_over_the_websocket(tmp_path, game):
    """The server knows no game: any game in the registry is served through its view and legal actions."""
    g = registry.get(game)
    n = g.seats_for(g.options({}))
    with server(tmp_path / "t.db") as client:
        r = client.post("/api/tables", json={"game": game, "seed": 5, "options": QUICK.get(game, {}),
                                             "seats": [{"name": "Ann"}] + [{"bot": "random"}] * (n - 1)})
        assert r.status_code == 201, r.text
        t = r.json()
        rng = random.Random(5)
        with seat(client, t["table"], t["invites"][0]["token"]) as a:
            for _ in range(5000):
                u = a.my_turn()
                if u["status"] == "over":
                    break
                reply = a.act(rng.choice(u["legal"]))
                if reply.get("code") == "game_over":
                    # a game where anyone may act at any moment (Mao) can end by a bot's move after
                    # this seat was last told it may act: the act is refused, the end is sent
                    over = a.last is not None and a.last["status"] == "over"  # sent before the refusal
                    u = a.last if over else a.until(lambda m: m["type"] == "update" and m["status"] == "over")
                    live = hub(client).get(t["table"])
                    break
                assert reply["type"] == "ack", reply
                live = hub(client).get(t["table"])
                u = a.until(lambda m: m["type"] == "update" and m["actions"] >= reply["actions"])
            else:
                raise AssertionError("the game did not end")
            assert u["result"] is not None
            assert u["view"] == live.table.view(0).to_json()


def test_an_action_the_store_cannot_save_is_not_played(tmp_path, monkeypatch):
    """If the commit fails, nobody is told of the action and the table comes back from the store without it."""
    import sqlite3

    with server(tmp_path / "t.db") as client:
        t = create(client, seats=[{"name": "Ann"}, {"bot": "random"}], players=2)
        tok = t["invites"][0]["token"]
        store = hub(client).store
        with seat(client, t["table"], tok) as a:
            u = a.my_turn()
            stored_before = store.load(t["table"]).actions

            def broken(*args, **kwargs):
                raise sqlite3.OperationalError("disk I/O error")

            monkeypatch.setattr(store, "append", broken)
            reply = a.act(prefer_play(u))
            assert reply["type"] == "error" and reply["code"] == "not_saved"
            assert not any(m["type"] == "update" and m["actions"] > u["actions"] for m in a.seen)
        monkeypatch.undo()
        assert store.load(t["table"]).actions == stored_before
        with seat(client, t["table"], tok) as again:
            assert again.last["view"] == u["view"] and again.last["actions"] == u["actions"]
