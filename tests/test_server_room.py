"""Issue 38, item 6: limits a home network can live with and an attacker cannot fill. When the
server holds as many unfinished tables as it may, the one nobody has touched longest (no move, no
one joining, nobody connected) is closed to make room, rather than everyone being refused; and a
party's limit counts people, not addresses, where an invite link proves who they are (friends on
one home network each have their own allowance, up to the network's)."""

from __future__ import annotations

from server_helpers import create, seat, server

PEOPLE = [{"name": "Ann"}, {"name": "Bo"}]


def test_the_table_nobody_touched_longest_makes_room_for_a_new_one(tmp_path):
    with server(tmp_path / "t.db", max_open_tables=3) as client:
        t1, t2, t3 = (create(client, seats=PEOPLE, players=2) for _ in range(3))
        with seat(client, t1["table"], t1["invites"][0]["token"]):  # t1 is in use
            r = client.post("/api/tables", json={"game": "shedding", "seats": PEOPLE, "options": {"players": 2}})
            assert r.status_code == 201, r.text
            closed = client.get(f"/api/tables/{t2['table']}")
            assert closed.status_code == 410 and "closed to make room" in closed.json()["detail"]
            assert client.get(f"/api/tables/{t1['table']}").status_code == 200
            assert client.get(f"/api/tables/{t3['table']}").status_code == 200


def test_friends_on_one_network_each_have_their_own_allowance(tmp_path):
    with server(tmp_path / "t.db", max_open_per_party=2, max_open_per_network=5) as client:
        ann = [create(client, seats=PEOPLE, players=2) for _ in range(2)]
        body = {"game": "shedding", "seats": PEOPLE, "options": {"players": 2}}
        assert client.post("/api/tables", json=body).status_code == 429  # Ann's two are all she may hold
        bo = {"Authorization": f"Bearer {ann[0]['invites'][1]['token']}"}  # Bo's invite proves who he is
        assert [client.post("/api/tables", json=body, headers=bo).status_code for _ in range(3)] == [201, 201, 429]
        cy = {"Authorization": f"Bearer {ann[1]['invites'][1]['token']}"}
        assert client.post("/api/tables", json=body, headers=cy).status_code == 201
        r = client.post("/api/tables", json=body, headers=cy)  # the network's five are taken
        assert r.status_code == 429 and "network" in r.json()["detail"]
        bad = {"Authorization": "Bearer not-a-token"}
        assert client.post("/api/tables", json=body, headers=bad).status_code == 429  # counts as the address
