"""The HTTP side of the server: games, creating tables, their public
summaries, the OpenAPI schema and the browser client's files."""

from __future__ import annotations

import pytest
from server_helpers import create, server


@pytest.fixture
def client(tmp_path):
    with server(tmp_path / "t.db") as c:
        yield c


def test_games_lists_every_registered_game_with_bots_and_options(client):
    from houserules.engine import registry

    games = client.get("/api/games").json()
    assert [g["name"] for g in games] == registry.names()
    shedding = games[0]
    assert "heuristic" in shedding["bots"] and shedding["options"]["mode"] == "strict"
    assert shedding["seats"] == 4 and shedding["client_module"] is True
    # each option in words, from the game's schema, in the order of its options: the lobby words none itself
    for g in games:
        assert [o["key"] for o in g["option_words"]] == list(g["options"]), g["name"]
    hand = next(o for o in shedding["option_words"] if o["key"] == "hand_size")
    assert hand["label"] == "Cards dealt" and hand["clause"] == "S-1.2"
    assert [c["value"] for c in hand["choices"]] == [5, 7]
    dealer = next(o for o in shedding["option_words"] if o["key"] == "dealer")
    assert dealer["advanced"] is True and dealer["by_default"] == "the last seat"


def test_creating_a_table_gives_one_secret_invite_per_person(client):
    t = create(client)
    assert [i["seat"] for i in t["invites"]] == [0, 1]
    tokens = {i["token"] for i in t["invites"]}
    assert len(tokens) == 2 and all(len(tok) >= 24 for tok in tokens)
    assert all(i["path"] == f"/t/{t['table']}#{i['token']}" for i in t["invites"])
    assert t["spectate"].startswith(f"/t/{t['table']}#w.") and len(t["spectate"].split("#w.")[1]) >= 16
    assert len(t["host"]) >= 24 and t["host"] not in tokens
    summary = client.get(f"/api/tables/{t['table']}").json()
    assert summary["status"] == "waiting" and summary["seats"][2]["bot"] == "heuristic"
    # every seat field docs/protocol.md lists, stand_in included (issue 23, item 8)
    assert set(summary["seats"][0]) == {"seat", "name", "bot", "joined", "connected", "stand_in", "stand_in_in"}
    assert not any(tok in client.get(f"/api/tables/{t['table']}").text for tok in tokens)
    assert t["table"] not in [row["id"] for row in client.get("/api/tables").json()]  # private by default
    listed = client.post("/api/tables", json={"game": "shedding", "listed": True}).json()
    assert client.get("/api/tables").json()[0]["id"] == listed["table"]


def test_every_seat_a_person_by_default(client):
    r = client.post("/api/tables", json={"game": "shedding", "options": {"players": 3}})
    assert r.status_code == 201 and len(r.json()["invites"]) == 3


@pytest.mark.parametrize(("body", "words"), [
    ({"game": "poker"}, "unknown game"),
    ({"game": "shedding", "options": {"players": 9}}, "players must be 2 to 5"),
    ({"game": "shedding", "options": {"colour": "red"}}, "unknown Shedding option"),
    ({"game": "shedding", "seats": [{}, {}]}, "has 4 seats; 2 were described"),
    ({"game": "shedding", "seats": [{}, {"bot": "genius"}, {}, {}]}, "no 'genius' bot"),
    ({"game": "shedding", "seats": [{}, {"bot": "ismcts:abc"}, {}, {}]}, "seat 1: ismcts budget 'abc'"),
    ({"game": "shedding", "seats": [{}, {"bot": "ismcts:0s"}, {}, {}]}, "out of range"),
])
def test_bad_tables_are_refused_with_the_reason(client, body, words):
    r = client.post("/api/tables", json=body)
    assert r.status_code == 400 and words in r.json()["detail"]


def test_a_search_bot_takes_a_seat_with_its_budget(client):
    r = client.post("/api/tables", json={"game": "king-taco", "seats": [{}, {"bot": "ismcts:50"}, {"bot": "ismcts"}, {}]})
    assert r.status_code == 201
    seats = client.get(f"/api/tables/{r.json()['table']}").json()["seats"]
    assert [s["bot"] for s in seats] == [None, "ismcts:50", "ismcts", None]


def test_unknown_table_is_404(client):
    assert client.get("/api/tables/nope").status_code == 404


def test_openapi_schema_describes_the_http_api(client):
    schema = client.get("/openapi.json").json()
    assert {"/api/games", "/api/tables", "/api/tables/{table_id}"} <= set(schema["paths"])
    assert "Invite" in schema["components"]["schemas"]


def test_openapi_schema_documents_the_error_answers(client):
    """Issue 10, item 18: every error answer is in the schema, with its {"detail": ...} shape."""
    schema = client.get("/openapi.json").json()
    paths = schema["paths"]
    create = paths["/api/tables"]["post"]["responses"]
    assert {"400", "413", "429", "503"} <= set(create)
    assert {"400", "403"} <= set(paths["/api/games"]["get"]["responses"])
    assert {"400", "404", "500", "503"} <= set(paths["/api/tables/{table_id}"]["get"]["responses"])
    ref = create["400"]["content"]["application/json"]["schema"]["$ref"]
    assert ref.endswith("/ErrorDetail") and schema["components"]["schemas"]["ErrorDetail"]["required"] == ["detail"]
    assert all(create[code]["description"] for code in ("400", "413", "429", "503"))


def test_the_browser_client_is_served(client):
    for path in ("/", "/t/abc"):
        r = client.get(path)
        assert r.status_code == 200 and '<script type="module" src="/static/app.js">' in r.text
    for path in ("/static/app.js", "/static/games/shedding/main.js", "/static/games/king-taco/words.js", "/static/games/fallback.js", "/static/style.css"):
        assert client.get(path).status_code == 200, path


def test_what_the_schema_allows_is_what_the_server_takes(client):
    """Issue 23, item 8 (schemathesis): a schema that allowed ``{"game": ""}`` and a preview body
    of ``null`` (both answered 400), and a 405 whose Allow named only one of a path's methods."""
    from houserules.engine import registry

    schema = client.get("/openapi.json").json()
    game = schema["components"]["schemas"]["CreateTable"]["properties"]["game"]
    assert game["enum"] == registry.names()
    body = schema["paths"]["/api/games/{game}/preview"]["post"]["requestBody"]
    assert body["required"] is True
    (mao,) = body["content"]["application/json"]["schema"]["anyOf"]
    assert mao["type"] == "object" and mao["required"] == ["rule"]
    # the least the preview's schema allows is answered, not refused
    r = client.post("/api/games/mao/preview", json={"rule": {}})
    assert r.status_code == 200 and r.json()["ok"] is False
    r = client.post("/api/games/mao/preview", json={"rule": {}, "top": "10s", "hand": ["qd", "7H"]})
    assert r.status_code == 200
    for path, methods in (("/api/tables", "GET, POST"), ("/api/tables/abc", "GET"), ("/api/games", "GET")):
        r = client.request("OPTIONS", path)
        assert r.status_code == 405 and r.headers["allow"] == methods, (path, r.headers.get("allow"))


def test_a_games_names_for_its_table_are_served_once_from_python(client):
    """Onion's phases, groupings and special cards were written in Python for the terminal and
    again in JavaScript for the browser; the browser now fetches the one table (issue 24)."""
    from houserules.games.onion.glossary import GLOSSARY
    from houserules.games.onion.state import Phase

    r = client.get("/api/games/cripple-mr-onion/glossary")
    assert r.status_code == 200 and r.json() == GLOSSARY
    assert set(r.json()["phases"]) == {str(p) for p in Phase}
    assert set(r.json()["groupings"]) < set(r.json()["grouping_help"])
    assert client.get("/api/games/shedding/glossary").status_code == 404
    assert client.get("/api/games/nope/glossary").status_code == 404


def test_a_house_book_is_an_option_like_any_other(client):
    """Issue 36: the HTTP API takes a table's house rules as the ``house`` option, a JSON object,
    public at the table; a book the table cannot play is refused in one line."""
    book = {"rules": [{"id": "sevens-give", "title": "Sevens give", "on": "play", "if": ["card.rank == 7"],
                       "effects": ["next:draw:1"]}]}
    t = create(client, house=book)
    summary = client.get(f"/api/tables/{t['table']}").json()
    assert summary["options"]["house"]["rules"][0] == {**book["rules"][0], "if": ["card.rank == 7"]}
    stuck = {"rules": [{"id": "no-twos", "on": "forbid", "if": ["card.rank == 2"]}]}
    r = client.post("/api/tables", json={"game": "shedding", "options": {"house": stuck}})
    assert r.status_code == 400 and "house: rules: unwinnable: 2C, 2D, 2H, 2S can never be played" in r.json()["detail"]
    houses = {o["key"]: o for o in client.get("/api/games").json()[0]["option_words"]}
    assert houses["house"]["type"] == "json" and houses["house"]["clause"] == "HR-1"
