"""Issue 23, item 2: Mao's rules are its secret, so the options that hold them (the rule set
and every written house rule) reach nobody through the server: not a seat's or a spectator's
``welcome``, not the HTTP summary anyone with the table's id may read. Each game declares
which of its options are secret (``GameSpec.secret_options``); they are counted, not shown,
until the game is over at a table that chose to reveal them."""

from __future__ import annotations

import json

from server_helpers import WATCH, create, hub, seat, server

from houserules.engine import registry
from houserules.server.store import Store

HUSH = {"id": "hush-on-queens", "on": "play", "if": ["card.rank == Q"],
        "must": [{"who": "everyone", "do": "silent", "failure": "breaking the silence"}]}


def _mao(client, reveal: bool = False) -> dict:
    return create(client, seats=[{"name": "Ann"}, {"name": "Bo"}, {"bot": "dealer"}], game="mao",
                  players=3, rules="standard", house=[HUSH], reveal=reveal)


def test_mao_rules_reach_no_seat_no_spectator_and_not_the_http_summary(tmp_path):
    with server(tmp_path / "t.db") as client:
        t = _mao(client)
        told = []
        with seat(client, t["table"], t["invites"][0]["token"]) as ann, seat(client, t["table"], None) as watcher:
            told += [m for m in ann.seen + watcher.seen if m["type"] == "welcome"]
        summary = client.get(f"/api/tables/{t['table']}").json()
        assert len(told) == 2
        for options in [m["options"] for m in told] + [summary["options"]]:
            assert options["house"] == {"secret": True, "count": 1}
            assert options["rules"]["secret"] is True and options["rules"]["count"] >= 1
            assert options["players"] == 3 and options["reveal"] is False  # what is not a rule is shown
        everything = json.dumps(told) + json.dumps(summary)
        for word in ("hush-on-queens", "breaking the silence", "card.rank", "subway", "knocking"):
            assert word not in everything.lower(), word


def test_secret_options_are_shown_once_the_game_is_over_at_a_table_that_reveals():
    spec = registry.spec("mao")
    options = registry.get("mao").options({"house": [HUSH], "reveal": True})
    assert spec.public_options(options, over=False)["house"] == {"secret": True, "count": 1}
    assert spec.public_options(options, over=True) == options
    hidden = {**options, "reveal": False}
    assert spec.public_options(hidden, over=True)["house"] == {"secret": True, "count": 1}
    # a game without secrets shows its options as they are
    plain = registry.get("shedding").options({})
    assert registry.spec("shedding").public_options(plain, over=False) == plain



# --- issue 38, item 1: King Taco's NOPE window asks only the seats holding a NOPE (KT-H13) -------
KT_PEOPLE = [{"name": "Ann"}, {"name": "Bo"}, {"name": "Cy"}, {"bot": "random"}]
#: Ann plays the += 2; Bo is the player it waits on; Cy holds a NOPE and 3 mana, so the window asks Cy
KT_POSITION = {"hands": [["red:+=2", "red:2"], ["blue:4", "green:3", "blue:+=2"],
                         ["green:nope", "green:1", "green:2"], ["yellow:1", "yellow:2"]],
               "mana": [1, 0, 3, 0]}


def _kt(client, **extra) -> dict:
    r = client.post("/api/tables", json={"game": "king-taco", "options": {"players": 4}, "seats": KT_PEOPLE,
                                         "seed": 1, **extra})
    assert r.status_code == 201, r.text
    t = r.json()
    WATCH[t["table"]] = t["spectate"].split("#w.", 1)[1]
    live = hub(client).get(t["table"])
    live.table.state = registry.get("king-taco").scenario_state(live.table.options, KT_POSITION, 1)
    return t


def test_king_tacos_clock_never_shows_who_is_asked_to_nope(tmp_path):
    with server(tmp_path / "t.db") as client:
        t = _kt(client, clock={"move_s": 600})
        tokens = [i["token"] for i in t["invites"]]
        with seat(client, t["table"], tokens[0]) as ann, seat(client, t["table"], tokens[1]) as bo, \
                seat(client, t["table"], tokens[2]) as cy, seat(client, t["table"], None) as watcher:
            ann.until(lambda m: m["type"] == "update" and m["status"] == "playing" and m["legal"])
            assert ann.act({"action": "play", "card": "red:+=2"})["type"] == "ack"
            seen = watcher.until(lambda m: m["type"] == "update" and any(e["event"] == "play" for e in m["events"]))
            assert list(seen["clock"]["running"]) == ["1"]  # Bo, whom the stack waits on; never Cy
            assert hub(client).get(t["table"]).table.to_act() == (2,)  # though the rules do wait on Cy
            asked = cy.until(lambda m: m["type"] == "update" and m["view"]["asked"])
            assert {a["action"] for a in asked["legal"]} == {"nope", "pass"} and not asked["free"]
            told = bo.until(lambda m: m["type"] == "update" and any(e["event"] == "play" for e in m["events"]))
            assert told["legal"] and not told["free"]  # Bo is offered his turn at once, as if nobody were asked
            # Cy passes: nobody else hears a thing (a ping's pong is the spectator's next message)
            assert cy.act({"action": "pass"})["type"] == "ack"
            watcher.send({"type": "ping", "id": "p"})
            assert watcher.recv()["type"] == "pong"


def test_king_tacos_idle_limit_names_only_the_seat_everyone_sees_waited_on(tmp_path):
    with server(tmp_path / "t.db", idle=0.5) as client:
        t = _kt(client)
        tokens = [i["token"] for i in t["invites"]]
        with seat(client, t["table"], tokens[0]) as ann, seat(client, t["table"], tokens[1]), \
                seat(client, t["table"], tokens[2]), seat(client, t["table"], None) as watcher:
            ann.until(lambda m: m["type"] == "update" and m["status"] == "playing" and m["legal"])
            assert ann.act({"action": "play", "card": "red:+=2"})["type"] == "ack"
            note = watcher.until(lambda m: m["type"] == "update" and any(e["event"] == "timeout" for e in m["events"]))
            assert [e["seat"] for e in note["events"] if e["event"] == "timeout"] == [1]
            assert "Bo ran out of time" in json.dumps(note) and "Cy ran out" not in json.dumps(note)
        stored = Store(tmp_path / "t.db").load(t["table"])
        assert stored.actions[1]["seat"] == 2 and stored.actions[1]["action"] == "pass"  # Cy said nothing


KING = {"id": "long-live", "on": "play", "if": ["card.rank == K"],
        "must": [{"who": "everyone", "do": "say", "phrase": "Long live the king", "failure": "failure to hail the king"}]}


def test_maos_idle_limit_never_names_a_seat_for_a_duty_it_owes(tmp_path):
    """Issue 38, item 7: with ``--idle`` shorter than ``grace_s``, the idle limit made a bot speak for
    a person owing a duty (every seat hails a king) and its note named them: the rule was told."""
    with server(tmp_path / "t.db", idle=0.3) as client:
        t = create(client, seats=[{"name": "Ann"}, {"name": "Bo"}, {"bot": "dealer"}], game="mao", players=3,
                   rules="base", house=[KING], grace_s=30, delay_s=30)
        live = hub(client).get(t["table"])
        live.table.state = registry.get("mao").scenario_state(live.table.options, {
            "hands": [["7C", "5H", "8C", "KC", "2D"], ["7D", "3D", "JH", "4S", "8H"], ["2C", "10S", "AD", "6D", "9H"]],
            "discard": ["5C"], "draw": ["3C", "4C", "9C", "10C", "JC", "QC", "2H", "4D", "5D", "7H", "8D", "9D"]}, 1)
        with seat(client, t["table"], t["invites"][0]["token"]) as ann, seat(client, t["table"], t["invites"][1]["token"]), \
                seat(client, t["table"], None) as watcher:
            ann.until(lambda m: m["type"] == "update" and m["status"] == "playing")
            assert ann.act({"action": "play", "card": "KC"})["type"] == "ack"
            assert 0 in live.table.to_act() and 0 not in live.table.on_the_clock()  # Ann owes her hail
            note = watcher.until(lambda m: m["type"] == "update" and any(e["event"] == "timeout" for e in m["events"]))
            # Bo, whose turn it is, is timed; Ann, who sat down as long ago and owes her hail, is not
            assert [e["seat"] for e in note["events"] if e["event"] == "timeout"] == [1]
