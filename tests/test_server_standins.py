"""Issue 38, item 4: no stand-in holds the table. With no pause between bot moves, a stand-in
played a whole Onion game under the table's lock, so that a player coming back found it over.
A bot's moves release the lock between moves: the returning person gets their seat back at the
next move."""

from __future__ import annotations

from server_helpers import create, seat, server


def test_a_person_back_during_a_stand_ins_run_gets_the_seat_back_mid_game(tmp_path):
    with server(tmp_path / "t.db", bot_delay=0.0, grace=0.0) as client:
        t = create(client, seats=[{"name": "Ann"}, {"bot": "heuristic"}], game="cripple-mr-onion", players=2)
        token = t["invites"][0]["token"]
        with seat(client, t["table"], token) as ann:
            ann.until(lambda m: m["type"] == "update" and m["status"] == "playing")
        # Ann's tab closed: with no grace, her stand-in sits down at once and plays with the bot
        with seat(client, t["table"], token) as ann:
            back = ann.last
            assert back is not None and back["status"] == "playing", "the stand-in played the whole game"
            assert not back["seats"][0]["stand_in"]
            mine = ann.my_turn()  # the game waits for Ann again
            assert mine["status"] == "playing" and mine["legal"]
