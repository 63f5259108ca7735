"""Table chat (issue 25): the people at a table talk beside the game, except at Mao; lines are plain
text of a bounded length, rate-limited per party, sent to that table's connections only and stored
with the table so that a reconnect shows the recent ones."""

from __future__ import annotations

from server_helpers import create, seat, server

from houserules.engine import registry
from houserules.server.chat import MAX_CHARS, RECENT


def said(s, n: int = 1) -> list[dict]:
    """The next chat message's lines."""
    lines: list[dict] = s.until(lambda m: m["type"] == "chat")["lines"]
    assert len(lines) == n
    return lines


def test_a_line_reaches_the_table_and_its_spectators_and_no_other_table(tmp_path):
    with server(tmp_path / "t.db") as client:
        t, other = create(client), create(client, seed=9)
        with seat(client, t["table"], t["invites"][0]["token"]) as a, \
                seat(client, t["table"], t["invites"][1]["token"]) as b, \
                seat(client, t["table"], None) as watcher, \
                seat(client, other["table"], other["invites"][0]["token"]) as elsewhere:
            assert a.seen[0]["chat"] is True  # the welcome says the table has a chat
            a.send({"type": "chat", "text": "  good\tluck,\n all \u202e "})
            for s in (a, b, watcher):
                (line,) = said(s)
                assert (line["seat"], line["name"], line["text"], line["n"]) == (0, "Ann", "good luck, all", 0)
            elsewhere.send({"type": "ping", "id": 1})
            elsewhere.reply()
            assert not any(m["type"] == "chat" for m in elsewhere.seen)
            watcher.send({"type": "chat", "text": "hi"})  # spectators read; the people seated talk
            assert watcher.reply()["code"] == "spectator"


def test_markup_is_kept_as_the_text_it_is(tmp_path):
    """The server keeps what was typed, character for character; clients show it as text (the browser
    test checks that the page does)."""
    markup = '<img src=x onerror="alert(1)">'
    with server(tmp_path / "t.db") as client:
        t = create(client)
        with seat(client, t["table"], t["invites"][0]["token"]) as a:
            a.send({"type": "chat", "text": markup})
            assert said(a)[0]["text"] == markup


def test_bad_lines_are_refused_in_one_line(tmp_path):
    with server(tmp_path / "t.db") as client:
        t = create(client)
        with seat(client, t["table"], t["invites"][0]["token"]) as a:
            for text, code in (("x" * (MAX_CHARS + 1), "too_long"), ("  \n ", "bad_chat"), (None, "bad_chat"),
                               (["hi"], "bad_chat")):
                a.send({"type": "chat", "text": text})
                reply = a.reply()
                assert reply["code"] == code and "\n" not in reply["message"]
            a.send({"type": "chat", "text": "y" * MAX_CHARS})
            assert said(a)[0]["text"] == "y" * MAX_CHARS


def test_a_reconnect_shows_the_recent_lines_even_after_a_restart(tmp_path):
    with server(tmp_path / "t.db", chat_rate=1000.0, chat_burst=1000.0) as client:
        t = create(client)
        tok = t["invites"][0]["token"]
        with seat(client, t["table"], tok) as a:
            for i in range(RECENT + 3):
                a.send({"type": "chat", "text": f"line {i}"})
                said(a)
        with seat(client, t["table"], tok) as a:
            history = a.until(lambda m: m["type"] == "chat")
            assert history["history"] is True and len(history["lines"]) == RECENT
            assert history["lines"][-1]["text"] == f"line {RECENT + 2}" and history["lines"][0]["text"] == "line 3"
    with server(tmp_path / "t.db") as client:
        with seat(client, t["table"], t["invites"][1]["token"]) as b:
            history = b.until(lambda m: m["type"] == "chat")
            assert [line["n"] for line in history["lines"]] == list(range(3, RECENT + 3))
            b.send({"type": "chat", "text": "back"})
            assert said(b)[0]["n"] == RECENT + 3


def test_a_table_without_lines_sends_no_history(tmp_path):
    with server(tmp_path / "t.db") as client:
        t = create(client)
        with seat(client, t["table"], t["invites"][0]["token"]) as a:
            a.send({"type": "ping", "id": 1})
            a.reply()
            assert not any(m["type"] == "chat" for m in a.seen)


def test_chat_is_rate_limited_per_party(tmp_path):
    """Two seats on one network share one allowance: a second seat does not double it."""
    with server(tmp_path / "t.db", chat_rate=0.01, chat_burst=3.0) as client:
        t = create(client)
        with seat(client, t["table"], t["invites"][0]["token"]) as a, \
                seat(client, t["table"], t["invites"][1]["token"]) as b:
            for s in (a, a, b):
                s.send({"type": "chat", "text": "hi"})
                said(s)
            b.send({"type": "chat", "text": "one more"})
            reply = b.reply()
            assert reply["code"] == "rate_limited" and "chat" in reply["message"]


def test_mao_has_no_table_chat(tmp_path):
    """Mao's speech is part of the game (a typed flag on its GameSpec, not its name)."""
    assert registry.spec("mao").chat is False
    assert all(registry.spec(name).chat for name in registry.names() if name != "mao")
    with server(tmp_path / "t.db") as client:
        t = create(client, game="mao", seats=[{"name": "Ann"}] + [{"bot": "dealer"}] * 3)
        with seat(client, t["table"], t["invites"][0]["token"]) as a:
            assert a.seen[0]["chat"] is False
            a.send({"type": "chat", "text": "hello"})
            reply = a.reply()
            assert reply["code"] == "no_chat" and "part of the game" in reply["message"]


