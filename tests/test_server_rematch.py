"""A rematch is an offer the others accept or decline (issue 25): nobody is pulled into a new game."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from server_helpers import Seat, create, play_to_end, seat, server

from houserules.server.store import Store

PEOPLE_AND_A_BOT = [{"name": "Ann"}, {"name": "Bo"}, {"bot": "random"}]


@contextmanager
def finished(tmp_path) -> Iterator[tuple[Any, dict[str, Any], Seat, Seat]]:
    """A three-seat Shedding table (Ann, Bo and a bot) played to its end; both people still connected."""
    with server(tmp_path / "t.db") as client:
        t = create(client, seats=PEOPLE_AND_A_BOT, players=3)
        with seat(client, t["table"], t["invites"][0]["token"]) as a, \
                seat(client, t["table"], t["invites"][1]["token"]) as b:
            a.my_turn()
            play_to_end({0: a, 1: b})
            b.until(lambda m: m["type"] == "update" and m["status"] == "over")
            yield client, t, a, b


def offer_seen(s: Seat, pred=lambda o: True) -> dict[str, Any]:
    """The next update that shows a rematch offer matching ``pred``."""
    msg = s.until(lambda m: m["type"] == "update" and m.get("rematch_offer") is not None and pred(m["rematch_offer"]))
    offer: dict[str, Any] = msg["rematch_offer"]
    return offer


def test_an_offer_waits_for_the_others_and_starts_the_table_when_all_accept(tmp_path):
    with finished(tmp_path) as (client, t, a, b):
        assert a.last["rematch_offer"] is None
        a.send({"type": "rematch"})
        offer = offer_seen(b)
        # the bot's seat is not asked: a bot always accepts
        assert offer == {"by": 0, "accepted": [0], "declined": None, "waiting": [1]}
        summary = client.get(f"/api/tables/{t['table']}").json()
        assert summary["rematch"] is None and summary["rematch_offer"]["waiting"] == [1]
        assert not any(m["type"] == "rematch" for m in a.seen + b.seen)  # nobody moved yet
        b.send({"type": "rematch"})  # Bo accepts
        new = b.reply()
        assert new["type"] == "rematch" and new["table"] != t["table"]
        assert a.until(lambda m: m["type"] == "rematch")["table"] == new["table"]
        summary = client.get(f"/api/tables/{t['table']}").json()
        assert summary["rematch"] == new["table"] and summary["rematch_offer"] is None
        with seat(client, new["table"], t["invites"][1]["token"]) as b2:
            assert b2.last["status"] == "waiting"  # the same tokens; it starts when both sit down
            assert client.get(f"/api/tables/{new['table']}").json()["rematch_offer"] is None


def test_a_decline_is_shown_ends_the_offer_and_nobody_moves(tmp_path):
    with finished(tmp_path) as (client, t, a, b):
        a.send({"type": "rematch"})
        offer_seen(b)
        b.send({"type": "rematch", "accept": False})
        ended = offer_seen(a, lambda o: o["declined"] is not None)
        assert ended == {"by": 0, "accepted": [0], "declined": 1, "waiting": []}
        assert client.get(f"/api/tables/{t['table']}").json()["rematch"] is None
        b.send({"type": "rematch", "accept": False})  # nothing left to decline
        assert b.reply()["code"] == "no_offer"
        # anyone may offer again; Bo's offer waits for Ann
        b.send({"type": "rematch"})
        assert offer_seen(a, lambda o: o["declined"] is None) == {"by": 1, "accepted": [1], "declined": None,
                                                                  "waiting": [0]}
        assert not any(m["type"] == "rematch" for m in a.seen + b.seen)


def test_an_offer_survives_a_restart(tmp_path):
    with finished(tmp_path) as (client, t, a, b):
        a.send({"type": "rematch"})
        offer_seen(b)
    stored = Store(tmp_path / "t.db").load(t["table"])
    assert stored is not None and stored.settings["rematch_offer"]["accepted"] == [0]
    with server(tmp_path / "t.db") as client:
        with seat(client, t["table"], t["invites"][1]["token"]) as b:
            assert b.last["rematch_offer"]["waiting"] == [1]
            b.send({"type": "rematch"})
            assert b.reply()["type"] == "rematch"


def test_spectators_see_the_offer_but_cannot_answer_it(tmp_path):
    with finished(tmp_path) as (client, t, a, b):
        with seat(client, t["table"], None) as watcher:
            a.send({"type": "rematch"})
            assert offer_seen(watcher)["waiting"] == [1]
            watcher.send({"type": "rematch"})
            assert watcher.reply()["code"] == "spectator"


def test_when_the_last_person_asked_leaves_the_bot_in_their_seat_accepts(tmp_path):
    with finished(tmp_path) as (client, t, a, b):
        a.send({"type": "rematch"})
        offer_seen(b)
        b.send({"type": "leave"})
        new = a.until(lambda m: m["type"] == "rematch")["table"]
        seats = client.get(f"/api/tables/{new}").json()["seats"]
        assert seats[0]["bot"] is None and seats[1]["bot"] == "heuristic"  # Bo's seat is a bot's there too
