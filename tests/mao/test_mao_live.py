"""Mao at a live (server) table: what happens to a person whose connection drops."""

from __future__ import annotations

import time

import pytest
from server_helpers import hub, seat, server

from houserules.games.mao import rulebook as rb


#: long, or mostly waiting: started first (tests/conftest.py)
pytestmark = pytest.mark.early


def test_a_dropped_person_is_not_charged_delay_of_game_a_stand_in_sits_down_at_once(tmp_path):
    """Issue 22 item 7, docs/rules/mao.md H-absent: the seat whose person closed the tab is played
    at once by a stand-in (the grace period that other games give, 45 s here, would cost a
    penalty card for each delay of game: about nine); the person gets the seat back on return."""
    with server(tmp_path / "t.db", grace=45.0) as client:
        r = client.post("/api/tables", json={
            "game": "mao", "options": {"players": 4, "delay_s": 0.5}, "seed": 3,
            "seats": [{"name": "Ann"}, {"bot": "dealer"}, {"bot": "dealer"}, {"bot": "dealer"}]})
        assert r.status_code == 201, r.text
        t = r.json()
        token = t["invites"][0]["token"]
        with seat(client, t["table"], token) as a:
            a.until(lambda m: m["type"] == "update" and m["status"] == "playing")
        live = hub(client).get(t["table"])
        time.sleep(3.0)  # six delays of game, had nobody played Ann's seat
        assert live.table.seats[0].stand_in is not None
        state = live.table.state
        delays = [e for e in live.table.log if e.kind == "penalty" and e.seat == 0 and e.data["name"] == rb.DELAY]
        assert delays == [] and state.turn_no >= 3, (delays, state.turn_no)
        with seat(client, t["table"], token) as back:
            assert not back.last["seats"][0]["stand_in"]
            assert next(m for m in back.seen if m["type"] == "welcome")["stood_in_from"] >= 0


def test_the_ack_names_only_the_actors_own_penalties(tmp_path):
    """Issue 22 item 10: the red notice a page shows after an act read every penalty of the
    act's events; a judging dealer who called a penalty on Bo was told it as if it were theirs."""
    with server(tmp_path / "t.db") as client:
        r = client.post("/api/tables", json={
            "game": "mao", "options": {"players": 3, "dealer": 0, "judge": "dealer", "delay_s": 60}, "seed": 3,
            "seats": [{"name": "Ann"}, {"bot": "dealer"}, {"bot": "dealer"}]})
        assert r.status_code == 201, r.text
        t = r.json()
        with seat(client, t["table"], t["invites"][0]["token"]) as ann:
            assert ann.last is not None and ann.last["status"] == "playing"  # the only person has joined
            assert ann.act({"action": "say", "text": rb.START})["type"] == "ack"
            ack = ann.act({"action": "call", "arg": {"seat": 1, "penalty": "talking"}})
            assert ack["type"] == "ack" and ack["penalties"] == []

            def bo_penalised(m: dict) -> bool:
                return m["type"] == "update" and any(e.get("event") == "penalty" and e.get("seat") == 1
                                                     for e in m["events"])

            if not any(bo_penalised(m) for m in ann.seen):
                ann.until(bo_penalised)  # Bo was given the card: the log says so, the notice does not
