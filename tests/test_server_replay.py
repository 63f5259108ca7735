"""Replays over HTTP (issue 25): a finished game, move by move from its stored record, with the same
privacy as the table: a private table's replay needs one of its secrets; a seat's token shows that
seat's view, anyone else the spectator's; no hand is revealed that the game's own view hid."""

from __future__ import annotations

import pytest
from server_helpers import QUICK, WATCH, create, play_to_end, seat, server

from houserules.engine import registry

SEATS = [{"name": "Ann"}, {"bot": "random"}, {"bot": "random"}]


def finished(client, listed: bool = False) -> dict:
    r = client.post("/api/tables", json={"game": "shedding", "options": {"players": 3}, "seats": SEATS, "seed": 3,
                                         "listed": listed})
    assert r.status_code == 201, r.text
    t = r.json()
    WATCH[t["table"]] = t["spectate"].split("#w.", 1)[1]
    with seat(client, t["table"], t["invites"][0]["token"]) as a:
        t["last"] = play_to_end({0: a})
    return t


def replay(client, table: str, secret: str | None = None):
    headers = {"Authorization": f"Bearer {secret}"} if secret is not None else {}
    return client.get(f"/api/tables/{table}/replay", headers=headers)


def test_a_seat_steps_through_its_own_view_and_the_record_agrees_with_the_table(tmp_path):
    with server(tmp_path / "t.db") as client:
        t = finished(client)
        r = replay(client, t["table"], t["invites"][0]["token"])
        assert r.status_code == 200, r.text
        body = r.json()
        summary = client.get(f"/api/tables/{t['table']}").json()
        assert body["seat"] == 0 and body["seats"][0] == "Ann" and body["result"] == summary["result"]
        frames = body["frames"]
        assert frames[0]["entry"] == 0 and frames[-1]["entry"] == summary["actions"]
        assert [f["entry"] for f in frames] == sorted({f["entry"] for f in frames})
        assert frames[0]["view"]["hand"] and not frames[0]["view"]["over"] and frames[-1]["view"]["over"]
        assert frames[-1]["view"] == t["last"]["view"]  # the last frame is what Ann saw at the table
        assert all(e.get("text") for f in frames[1:] for e in f["events"] if e["event"] != "turn")


def test_spectators_see_no_hand_even_after_the_game(tmp_path):
    with server(tmp_path / "t.db") as client:
        t = finished(client)
        for secret in (WATCH[t["table"]], t["host"]):
            body = replay(client, t["table"], secret).json()
            assert body["seat"] is None
            for f in body["frames"]:
                assert f["view"]["hand"] == [] or f["view"]["hand"] is None
                assert not any("cards" in e for e in f["events"] if e["event"] == "draw")
        assert body["frames"][-1]["view"]["over"]


def test_a_private_replay_needs_a_secret_of_its_table(tmp_path):
    with server(tmp_path / "t.db") as client:
        t = finished(client)
        other = finished(client)
        for secret in (None, "nonsense", other["invites"][0]["token"], WATCH[other["table"]], "x" * 5000):
            r = replay(client, t["table"], secret)
            assert r.status_code == 403 and "private" in r.json()["detail"], (secret, r.text)
        assert replay(client, "nosuchtable").status_code == 404


def test_a_listed_table_replays_for_anyone_and_only_once_it_is_over(tmp_path):
    with server(tmp_path / "t.db") as client:
        t = finished(client, listed=True)
        body = replay(client, t["table"]).json()
        assert body["seat"] is None and len(body["frames"]) > 2
        waiting = create(client)
        r = replay(client, waiting["table"], WATCH[waiting["table"]])
        assert r.status_code == 409 and "not over" in r.json()["detail"]


def test_the_replay_page_is_served(tmp_path):
    with server(tmp_path / "t.db") as client:
        r = client.get("/replay/abc")
        assert r.status_code == 200 and "/static/app.js" in r.text


@pytest.mark.early  # long, or mostly waiting: started first (tests/conftest.py)
def test_every_game_replays_frame_by_frame(tmp_path):
    """The server knows no game: any registered game's record replays into frames."""
    for game in registry.names():
        g = registry.get(game)
        n = g.seats(g.new(g.options({}), 0))
        with server(tmp_path / f"{game}.db") as client:
            # Mao waits on its clocks: the quickest, and a seed whose game is short (44 actions, 1 s;
            # seed 4's took 145 actions and 12 s)
            r = client.post("/api/tables", json={"game": game, "seed": 5, "listed": True,
                                                 "options": QUICK.get(game, {}),
                                                 "seats": [{"bot": "random" if game != "mao" else "dealer"}] * n})
            table = r.json()["table"]
            with seat(client, table, None) as watcher:  # a table of bots plays once someone looks
                watcher.until(lambda m: m["type"] == "update" and m["status"] == "over")
            body = replay(client, table).json()
            assert "frames" in body, (game, body)
            assert body["frames"][-1]["view"]["over"] is True or body["result"] is not None, game


def test_a_replay_says_the_house_rules_the_game_was_played_by(tmp_path):
    """Issue 36: a replay shows which house rules were in force, each in words, as the table did."""
    book = dict(registry.house_books("shedding"))["sevens-give"]
    with server(tmp_path / "t.db") as client:
        r = client.post("/api/tables", json={"game": "shedding", "options": {"players": 2, "house": book},
                                             "seats": [{"bot": "random"}] * 2, "seed": 4, "listed": True})
        table = r.json()["table"]
        with seat(client, table, None) as watcher:
            watcher.until(lambda m: m["type"] == "update" and m["status"] == "over")
        body = replay(client, table).json()
        assert [r["id"] for r in body["house"]] == ["sevens-give"]
        assert body["house"][0]["words"].startswith("Sevens give: When a turn's last card takes effect")
        assert body["house"] == body["frames"][0]["view"]["house"]
        plain = finished(client, listed=True)
        assert replay(client, plain["table"]).json()["house"] == []
