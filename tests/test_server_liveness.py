"""Issue 23, item 5: every table finishes, as a host would expect (docs/protocol.md, "Tables
that finish"). A seat nobody ever opened can be handed to a bot by the host, and play begins;
a person connected but sitting on a decision at a table without a turn clock has it made by a
bot after the idle limit (recorded like a clock running out), in every game: a silent Mao
player, a Mao dealer who never says the start sentence, a bpoker reaction nobody answers; and
after a restart, tables in play go on without waiting for anyone to connect."""

from __future__ import annotations

import json
import time
from contextlib import contextmanager

import pytest
from server_helpers import create, hub, is_update, play_to_end, seat, server

from houserules.table import Table

BOTS_AND_TWO = [{"name": "Ann"}, {"name": "Bo"}, {"bot": "heuristic"}, {"bot": "random"}]


@contextmanager
def host_seat(client, t: dict, token: str | None):
    """A connection with the host's secret (and a seat's token, if given)."""
    with client.websocket_connect(f"/ws/{t['table']}") as ws:
        hello = {"type": "hello", "host": t["host"]}
        if token is not None:
            hello["token"] = token
        ws.send_text(json.dumps(hello))
        assert ws.receive_json()["type"] == "welcome"
        yield ws


def wait_for(pred, limit: float = 20.0, step: float = 0.02):
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        if pred():
            return True
        time.sleep(step)
    return False


def replays(live) -> None:
    """The stored record rebuilds the table exactly (its result included). The table's last move
    is committed just after it is made (and before anyone is told): the test, peeking at the
    table in memory, waits for the store to hold it."""
    assert wait_for(lambda: len(hub_store(live).load(live.id).actions) == len(live.table.record.actions))
    stored = hub_store(live).load(live.id)
    rebuilt = Table.restore(stored.game, stored.options, stored.seed, {}, None, stored.actions)
    assert len(rebuilt.record.actions) == len(stored.actions)
    assert rebuilt.record.result == live.table.record.result


def hub_store(live):
    return live.hub.store


def test_the_host_starts_a_table_without_a_person_who_never_came(tmp_path):
    with server(tmp_path / "t.db") as client:
        t = create(client, seats=BOTS_AND_TWO)
        live = hub(client).get(t["table"])
        with host_seat(client, t, t["invites"][0]["token"]) as ws:
            ws.send_text(json.dumps({"type": "host", "do": "replace", "seat": 1}))
            assert wait_for(lambda: live.status == "playing"), "the game did not begin"
            while (u := ws.receive_json())["type"] != "update" or u["status"] != "playing":
                assert u["type"] != "error", u
            assert u["seats"][1]["stand_in"] is True and u["seats"][1]["joined"] is True
        # Bo opens his invite later: his seat is his again
        with seat(client, t["table"], t["invites"][1]["token"]) as bo:
            assert bo.last["seats"][1]["stand_in"] is False and bo.last["status"] == "playing"


def test_a_person_who_sits_on_a_decision_gets_a_bot_move_and_the_game_ends(tmp_path):
    with server(tmp_path / "t.db", idle=0.05) as client:
        t = create(client, seats=BOTS_AND_TWO)
        live = hub(client).get(t["table"])
        with seat(client, t["table"], t["invites"][0]["token"]) as ann, \
                seat(client, t["table"], t["invites"][1]["token"]):
            assert wait_for(lambda: live.table.over), "the game did not end"  # nobody ever acts
            last = ann.until(lambda m: is_update(m) and m["status"] == "over")
        timeouts = {e["seat"] for m in ann.seen if is_update(m) for e in m["events"] if e["event"] == "timeout"}
        assert timeouts == {0, 1} and last["result"] is not None
        replays(hub(client).get(t["table"]))


def test_a_person_who_acts_is_not_hurried(tmp_path):
    with server(tmp_path / "t.db", idle=0.5) as client:
        t = create(client, seats=[{"name": "Ann"}, {"name": "Bo"}], players=2)
        with seat(client, t["table"], t["invites"][0]["token"]) as ann, \
                seat(client, t["table"], t["invites"][1]["token"]) as bo:
            moves = []

            def slowly(u):  # each decision in well under the idle limit
                if len(moves) == 8:
                    raise StopIteration
                time.sleep(0.1)
                moves.append(u["legal"][0])
                return u["legal"][0]

            with pytest.raises(StopIteration):
                play_to_end({0: ann, 1: bo}, slowly)
            live = hub(client).get(t["table"])
            assert not any("timeout" in a for a in live.table.record.actions)


def test_a_table_with_a_turn_clock_keeps_its_own_time(tmp_path):
    with server(tmp_path / "t.db", idle=0.01) as client:
        r = client.post("/api/tables", json={"game": "shedding", "seats": [{"name": "Ann"}, {"name": "Bo"}],
                                             "options": {"players": 2}, "clock": {"move_s": 30}})
        t = r.json()
        with seat(client, t["table"], t["invites"][0]["token"]), seat(client, t["table"], t["invites"][1]["token"]):
            time.sleep(0.3)
            assert hub(client).get(t["table"]).table.record.actions == []


def test_a_mao_dealer_who_never_says_the_start_sentence(tmp_path):
    with server(tmp_path / "t.db", idle=0.1) as client:
        t = create(client, seats=[{"bot": "dealer"}, {"bot": "dealer"}, {"name": "Dee"}], game="mao", players=3)
        live = hub(client).get(t["table"])
        with seat(client, t["table"], t["invites"][0]["token"]) as dealer:
            assert dealer.last["view"]["started"] is False
            assert wait_for(lambda: live.table.state.started), "the game never started"
            started = dealer.until(lambda m: is_update(m) and m["view"]["started"])
        assert any(e["event"] == "timeout" and e["seat"] == 2 for e in started["events"])


def test_a_silent_mao_player_gets_a_bot_move_not_endless_penalties(tmp_path):
    with server(tmp_path / "t.db", idle=0.2) as client:
        t = create(client, seats=[{"name": "Sam"}, {"bot": "dealer"}, {"bot": "dealer"}], game="mao", players=3)
        live = hub(client).get(t["table"])
        with seat(client, t["table"], t["invites"][0]["token"]):
            assert wait_for(lambda: {"timeout": 0} in [{k: v for k, v in a.items() if k != "t"}
                                                       for a in list(live.table.record.actions)]), \
                "the silent player's decisions were never made"


@pytest.mark.slow
@pytest.mark.parametrize("game", ["mao", "bpoker", "king-taco", "cripple-mr-onion"])
def test_people_who_never_act_still_finish_every_game(tmp_path, game):
    """Every game's table, its people connected and silent, reaches its end: turns, Mao's start
    and duties, bpoker's reactions and choices are made for them after the idle limit."""
    from houserules.engine import registry

    g = registry.get(game)
    n = g.seats_for(g.options({}))
    seats = [{"name": f"P{i}"} if i < 2 else {"bot": "random" if game != "mao" else "dealer"} for i in range(n)]
    options = {"max_turns": 300} if game == "mao" else {}
    with server(tmp_path / "t.db", idle=0.05) as client:
        t = create(client, seats=seats, game=game, **options)
        live = hub(client).get(t["table"])
        with seat(client, t["table"], t["invites"][0]["token"]), seat(client, t["table"], t["invites"][1]["token"]):
            assert wait_for(lambda: live.table.over, limit=300), "the game did not end"
        replays(hub(client).get(t["table"]))


def test_after_a_restart_tables_in_play_go_on_without_anyone_connecting(tmp_path):
    db = tmp_path / "t.db"
    with server(db, grace=3600) as client:
        t = create(client, seats=[{"name": "Ann"}, {"bot": "heuristic"}, {"bot": "random"}], players=3)
        with seat(client, t["table"], t["invites"][0]["token"]):
            pass  # Ann sat down (play began) and went
        waiting = create(client, seed=9)  # a table still waiting for its people stays as it is
    with server(db, grace=0.05) as client:
        live = wait_for(lambda: t["table"] in hub(client).tables) and hub(client).tables[t["table"]]
        assert live, "the table in play was not brought back"
        assert wait_for(lambda: live.table.over), "its bots and Ann's stand-in did not finish it"
        assert waiting["table"] not in hub(client).tables
        replays(live)
