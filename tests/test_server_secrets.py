"""Issue 23, item 2: Mao's rules are its secret, so the options that hold them (the rule set
and every written house rule) reach nobody through the server: not a seat's or a spectator's
``welcome``, not the HTTP summary anyone with the table's id may read. Each game declares
which of its options are secret (``GameSpec.secret_options``); they are counted, not shown,
until the game is over at a table that chose to reveal them."""

from __future__ import annotations

import json

from server_helpers import create, seat, server

from houserules.engine import registry

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

