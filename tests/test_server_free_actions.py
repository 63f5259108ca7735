"""Free actions over the wire (docs/engine.md, "Free actions"): a seat the game does not wait
for is sent what it may do anyway, marked ``free``, and may do it; nobody else is sent it."""

from __future__ import annotations

from server_helpers import hub, seat, server

from houserules.engine import registry


def test_a_seat_is_sent_its_out_of_turn_neutralization_and_may_use_it(tmp_path):
    game = registry.get("bpoker")
    with server(tmp_path / "t.db") as client:
        r = client.post("/api/tables", json={"game": "bpoker", "options": {"players": 3}, "seed": 3,
                                             "seats": [{"name": "Ann"}, {"name": "Bo"}, {"name": "Cy"}]})
        t = r.json()
        with seat(client, t["table"], t["invites"][0]["token"]) as a, \
                seat(client, t["table"], t["invites"][1]["token"]) as b, \
                seat(client, t["table"], t["invites"][2]["token"]) as c:
            live = hub(client).get(t["table"])
            live.table.state = game.scenario_state(game.options({"players": 3}), {
                "turn": 1, "stash": [["2C#3"], ["2D#3"], ["2H#3"]], "viewing": [["AS"], ["9H", "KD"], ["QH"]],
                "tables": [["3C", {"card": "8H", "wild": True}], ["4H"], ["JD"]]}, 0)
            live.broadcast()
            swapped = lambda m: m["type"] == "update" and bool(m["view"]["tables"][0])  # noqa: E731
            ann, bo, cy = a.until(swapped), b.until(swapped), c.until(swapped)
            assert ann["legal"] == [{"seat": 0, "action": "use", "card": "3C"}] and ann["free"] is True
            assert bo["legal"] and bo["free"] is False  # the seat whose turn it is: its move
            assert cy["legal"] == [] and cy["free"] is False  # another seat's offer is not sent
            assert a.act({"seat": 0, "action": "use", "card": "3C"})["type"] == "ack"
            after = a.until(lambda m: m["type"] == "update" and "3C" in m["view"]["discard"])
            assert after["view"]["turn"] == 1 and after["legal"] == []


def test_a_game_whose_legal_actions_tell_its_rules_offers_no_free_actions():
    """Mao lists speech and calls for every seat at every moment, but offers a seat only its own
    decision (``offer``): the terminal's out-of-turn offer must never list Mao's rules."""
    from houserules.table import Table

    import random

    table = Table.create("mao", {"players": 4}, 3, {})
    rng, told = random.Random(3), 0
    for _ in range(200):
        waiting = [s for s in range(4) if s not in table.to_act()]
        told += any(a.seat in waiting for a in table.game.legal(table.state))  # the legal list would tell
        assert all(table.free(s) == [] for s in waiting)
        seat = table.to_act()[0]
        mine = [a for a in table.game.legal(table.state) if a.seat == seat]
        table.submit(mine[rng.randrange(len(mine))])
        if table.over:
            break
    assert told
