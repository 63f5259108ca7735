"""House rules over HTTP (issue 36, "In the browser"): a game's vocabulary for a form that writes
rules, the example books it ships, and a book's verdict before the table is made, checked off
the event loop and bounded in size; a table's rules are said in every welcome."""

from __future__ import annotations

import json
import threading
from pathlib import Path

import pytest
from server_helpers import create, seat, server

from houserules.engine import registry

BOOKS = Path(__file__).resolve().parent.parent / "examples" / "house" / "shedding"
SEVENS = {"id": "sevens-give", "title": "Sevens give", "on": "play", "if": ["card.rank == 7"], "effects": ["next:draw:1"]}


@pytest.fixture
def client(tmp_path):
    with server(tmp_path / "t.db") as c:
        yield c


def test_a_vocabulary_says_what_a_rule_may_say(client):
    games = {g["name"]: g for g in client.get("/api/games").json()}
    assert games["shedding"]["house"] is True and games["mao"]["house"] is False  # Mao keeps its own editor
    v = client.get("/api/games/shedding/house").json()
    triggers = {t["name"]: t for t in v["triggers"]}
    assert triggers["play"]["words"] == "When a turn's last card takes effect" and triggers["play"]["clause"] == "S-4.7"
    assert "pressure" not in triggers["play"]["reads"] and "pressure" in triggers["forbid"]["reads"]
    assert {"name": "next:draw", "words": "the next player draws N cards"} in triggers["play"]["effects"]
    assert triggers["allow"]["penalty"] is False and triggers["allow"]["needs_if"] is True
    readings = {r["name"]: r for r in v["readings"]}
    rank = readings["card.rank"]
    assert [x["value"] for x in rank["values"]][:3] == ["A", "2", "3"] and "top.rank" in rank["compare"]
    assert {"op": "<=", "words": "is at most"} in rank["ops"] and {"op": "in", "words": "is one of"} in rank["ops"]
    assert readings["hand.size"]["values"] is None and (readings["hand.size"]["low"], readings["hand.size"]["high"]) == (0, 52)
    draw = next(e for e in v["effects"] if e["name"] == "draw")
    assert (draw["low"], draw["high"]) == (1, 5)
    assert v["penalty"] == {"low": 1, "high": 3} and v["limits"]["conditions"] == 6
    assert [s["clause"] for s in v["seed"]][:2] == ["S-4.1", "S-4.2"]
    for path in ("/api/games/mao/house", "/api/games/mao/house/books", "/api/games/nope/house"):
        assert client.get(path).status_code == 404, path


def test_the_shipped_books_are_offered_in_words(client):
    books = client.get("/api/games/shedding/house/books").json()
    assert [b["name"] for b in books] == sorted(p.stem for p in BOOKS.glob("*.json"))
    sevens = next(b for b in books if b["name"] == "sevens-give")
    assert sevens["title"] == "Sevens give"
    assert sevens["rules"][0]["words"] == ("Sevens give: When a turn's last card takes effect, if the card's rank is 7: "
                                           "the next player draws a card.")
    assert sevens["book"] == json.loads((BOOKS / "sevens-give.json").read_text())
    assert next(b for b in books if b["name"] == "no-stacking")["title"] == "No stacking"  # two rules: its name


#: the games with a house-rule vocabulary (each checked in a test of its own, spread over the workers)
VOCABULARIES = [n for n in registry.names() if registry.get(n).vocabulary is not None]


def test_the_games_with_a_vocabulary_are_offered(client):
    offered = [g["name"] for g in client.get("/api/games").json() if g["house"]]
    assert offered == VOCABULARIES and "shedding" in offered


@pytest.mark.parametrize("game", VOCABULARIES)
def test_every_game_with_a_vocabulary_offers_its_books_and_accepts_them(client, game):
    """The lobby's section is the same for every such game: its vocabulary, its books, their verdicts
    (at the fewest seats: a smoke run of Onion's club bots at four seats takes some 4 CPU seconds a
    book, and the seats change nothing checked here)."""
    v = client.get(f"/api/games/{game}/house").json()
    assert v["game"] == game and v["triggers"] and v["readings"]
    fewest = registry.spec(game).players[0]
    for book in client.get(f"/api/games/{game}/house/books").json():
        verdict = client.post(f"/api/games/{game}/house/check", json={"book": book["book"], "players": fewest}).json()
        assert verdict["accepted"] and [r["words"] for r in verdict["rules"]] == [r["words"] for r in book["rules"]]


def test_a_book_is_checked_said_and_smoke_run(client):
    r = client.post("/api/games/shedding/house/check", json={"book": {"rules": [SEVENS]}, "players": 3})
    v = r.json()
    assert r.status_code == 200 and v["accepted"] is True and v["refusal"] is None
    assert v["rules"][0]["words"].startswith("Sevens give: When a turn's last card takes effect")
    assert v["smoke"]["players"] == 3 and v["smoke"]["games"] > 0 and v["smoke"]["fired"] > 0
    again = client.post("/api/games/shedding/house/check", json={"text": json.dumps([SEVENS]), "players": 3})
    assert again.json() == v  # the same book, kept by its content


def test_a_refusal_is_one_line_saying_where_and_why(client):
    stuck = {"rules": [{"id": "no-twos", "on": "forbid", "if": ["card.rank == 2"]}]}
    v = client.post("/api/games/shedding/house/check", json={"book": stuck}).json()
    assert v["accepted"] is False and v["smoke"] is None
    assert v["refusal"]["where"] == "rules" and v["refusal"]["why"].startswith("unwinnable: 2C, 2D, 2H, 2S can never be played")
    assert v["rules"][0]["id"] == "no-twos"  # said, even refused
    text = '{"rules": [\n  {"id": "x", "on": "play",\n   "if": ["card.size == 7"], "effects": ["skip"]}\n]}'
    v = client.post("/api/games/shedding/house/check", json={"text": text}).json()
    assert v["refusal"] == {"where": "rules[0].if[0]", "why": v["refusal"]["why"], "line": 2}
    assert "'card.size' is not a reference" in v["refusal"]["why"]
    v = client.post("/api/games/shedding/house/check", json={"text": "{not json"}).json()
    assert v["refusal"]["where"] == "file" and v["refusal"]["why"].startswith("not JSON")
    v = client.post("/api/games/shedding/house/check", json={"book": {"game": "king-taco", "rules": []}}).json()
    assert v["refusal"]["where"] == "file.game"


def test_a_check_is_bounded_and_asked_properly(client, tmp_path):
    url = "/api/games/shedding/house/check"
    big = {"rules": [{**SEVENS, "title": "x" * 50, "id": f"r{i}"} for i in range(700)]}
    assert client.post(url, json={"book": big}).status_code == 413  # the server's bound on any body
    with server(tmp_path / "big.db", max_body=1 << 20) as roomy:  # and an option file's on a book
        for sent in ({"book": big}, {"text": json.dumps(big)}):
            r = roomy.post(url, json=sent)
            assert r.status_code == 413 and r.json()["detail"] == "a book is at most 64 KiB, as an option file is"
    assert client.post(url, json={}).status_code == 400
    assert client.post(url, json={"book": [SEVENS], "text": "[]"}).status_code == 400
    r = client.post(url, json={"book": [SEVENS], "players": 9})
    assert r.status_code == 400 and "players must be 2 to 5" in r.json()["detail"]
    assert client.post("/api/games/mao/house/check", json={"book": []}).status_code == 404


def test_the_check_runs_in_a_worker_thread(client, monkeypatch):
    """Never on the event loop: the checker's thread is not the loop's."""
    from houserules.server import api_house

    seen: list[str] = []
    real = api_house.check_book

    def spy(*args, **kwargs):
        seen.append(threading.current_thread().name)
        return real(*args, **kwargs)

    monkeypatch.setattr(api_house, "check_book", spy)
    book = {"rules": [{**SEVENS, "id": "worker-thread"}]}
    assert client.post("/api/games/shedding/house/check", json={"book": book}).json()["accepted"]
    assert seen and seen[0] != threading.main_thread().name and "AnyIO worker" in seen[0]


def test_a_tables_house_rules_are_said_in_its_welcome(client):
    """Public: a seat and a spectator alike are told each rule in words."""
    t = create(client, house={"rules": [SEVENS]})
    for token in (t["invites"][0]["token"], None):
        with seat(client, t["table"], token) as s:
            welcome = next(m for m in s.seen if m["type"] == "welcome")
        assert welcome["house"] == [{"id": "sevens-give", "title": "Sevens give", "words": (
            "Sevens give: When a turn's last card takes effect, if the card's rank is 7: the next player draws a card.")}]
    plain = create(client)
    with seat(client, plain["table"], None) as s:
        assert next(m for m in s.seen if m["type"] == "welcome")["house"] == []
