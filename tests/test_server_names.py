"""A friend invited to a seat the host left unnamed says who they are on joining (issue 39): their
page says hello with ``naming``, the welcome asks (``name_wanted``), the seat sits down with the
name they send, and only then does play begin. Everyone reads the name, in the seats, the log and
the stored table; a named seat, or a client that does not ask, sits down as before."""

from __future__ import annotations

from typing import Any

from server_helpers import Seat, create, hub, server


def hello(client: Any, table: str, token: str, **extra: Any):
    ws = client.websocket_connect(f"/ws/{table}")
    s = Seat(ws.__enter__())
    s.send({"type": "hello", "token": token, **extra})
    return ws, s


def test_an_unnamed_invitee_names_themselves_and_then_play_begins(tmp_path):
    with server(tmp_path / "t.db") as client:
        t = create(client, seats=[{"name": "Ann"}, {}, {"bot": "heuristic"}], players=3)
        ann_token, bo_token = (inv["token"] for inv in t["invites"])
        ann_ws, ann = hello(client, t["table"], ann_token, naming=True)
        assert "name_wanted" not in ann.until(lambda m: m["type"] == "welcome")  # Ann was named by the host
        bo_ws, bo = hello(client, t["table"], bo_token, naming=True)
        assert bo.until(lambda m: m["type"] == "welcome")["name_wanted"] is True
        seats = bo.until(lambda m: m["type"] == "update")["seats"]
        assert seats[1]["name"] == "player 2" and not seats[1]["joined"] and seats[1]["connected"]
        assert bo.last is not None and bo.last["status"] == "waiting"  # the game waits for Bo's name

        for bad in ("", "   ", "a\nb", 7):
            bo.send({"type": "name", "name": bad, "id": 1})
            assert bo.reply()["code"] == "bad_name"
        ann.send({"type": "name", "name": "Annie", "id": 2})  # a seat the host named keeps its name
        assert ann.reply()["code"] == "named"

        bo.send({"type": "name", "name": "  Bo Peep  ", "id": 3})
        update = bo.until(lambda m: m["type"] == "update" and m["status"] == "playing")
        assert [s["name"] for s in update["seats"]][:2] == ["Ann", "Bo Peep"] and update["seats"][1]["joined"]
        bo.send({"type": "name", "name": "Robert", "id": 4})  # once: after that the name is the table's
        assert bo.reply()["code"] == "named"
        assert hub(client).get(t["table"]).table.seats[1].name == "Bo Peep"  # the log's words name Bo
        ann_ws.__exit__(None, None, None)
        bo_ws.__exit__(None, None, None)
    with server(tmp_path / "t.db") as client:  # the name was stored with the table
        assert client.get(f"/api/tables/{t['table']}").json()["seats"][1]["name"] == "Bo Peep"
        assert hub(client).get(t["table"]).table.seats[1].name == "Bo Peep"


def test_a_client_that_does_not_ask_sits_down_on_hello_as_before(tmp_path):
    with server(tmp_path / "t.db") as client:
        t = create(client, seats=[{}, {"bot": "heuristic"}], players=2)
        ws, s = hello(client, t["table"], t["invites"][0]["token"])
        assert "name_wanted" not in s.until(lambda m: m["type"] == "welcome")
        assert s.until(lambda m: m["type"] == "update")["status"] == "playing"
        s.send({"type": "name", "name": "Ann", "id": 1})
        assert s.reply()["code"] == "named"
        ws.__exit__(None, None, None)
