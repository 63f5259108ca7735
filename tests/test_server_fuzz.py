"""Fuzzing the WebSocket protocol: two people send random, malformed and
legal messages; after every message the server must have changed the game
only by an action it acknowledged (made by the sender's own seat), and no
message to a seat may hold another seat's hidden cards.

Both seats are people (no bots), so nothing moves between messages and
every message gets exactly one answer: the checks run against the server's
state at that moment, in step.
"""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from hypothesis import event, given
from hypothesis import strategies as st
from server_helpers import create, hub, seat, server

from houserules.cards import card_name
from houserules.server.store import Store
from houserules.table import Table

CARDS = [card_name(c) for c in range(52)]
CARD_RE = re.compile(r"(?<![0-9A-Z])(?:10|[2-9AJQK])[SHDC](?![A-Z0-9])")

json_scalars = st.one_of(st.none(), st.booleans(), st.integers(-3, 2**70), st.floats(allow_nan=False),
                         st.text(max_size=12))
json_values = st.recursive(json_scalars, lambda kids: st.lists(kids, max_size=3) | st.dictionaries(
    st.text(max_size=6), kids, max_size=3), max_leaves=8)
actions = st.fixed_dictionaries(
    {"action": st.sampled_from(["play", "draw", "end", "decline", "declare", "show", "fly"]) | json_scalars},
    optional={"card": st.sampled_from(CARDS + ["ZZ", "1S", "10", ""]) | json_scalars,
              "seat": st.sampled_from([0, 1, 2, -1, "0", None, True]), "extra": json_values})
messages = st.one_of(
    st.tuples(st.just("legal"), st.integers(0, 40)),  # a legal action of the sender's, by index
    st.tuples(st.just("legal"), st.integers(0, 40)),
    st.tuples(st.just("held"), st.integers(0, 40)),  # play a card it holds: often illegal
    st.tuples(st.just("json"), st.fixed_dictionaries({"type": st.just("act"), "action": actions},
                                                     optional={"id": json_scalars})),
    st.tuples(st.just("json"), st.fixed_dictionaries(
        {"type": st.sampled_from(["hello", "rematch", "ping", "act", "nope", ""]) | json_scalars},
        optional={"id": json_scalars, "action": json_values, "token": json_scalars})),
    st.tuples(st.just("json"), json_values),
    st.tuples(st.just("text"), st.text(max_size=40)),
    st.tuples(st.just("bytes"), st.binary(max_size=16)),
)


EXAMPLE_RE = re.compile(r"e\.g\. [^;)]*")


def cards_in(obj: Any) -> set[str]:
    """Card names in a message, leaving out the fixed examples of error messages ("e.g. QS")."""
    return set(CARD_RE.findall(EXAMPLE_RE.sub("", json.dumps(obj))))


def hidden_from(table: Table, seat_no: int) -> set[str]:
    """Cards seat ``seat_no`` may not know: the other hands and the draw pile."""
    state = table.state
    out = {card_name(c) for c in state.draw}
    for s, hand in enumerate(state.hands):
        if s != seat_no:
            out |= {card_name(c) for c in hand}
    return out


def check_update(msg: dict[str, Any], table: Table, me: int, start: int) -> None:
    """An update is exactly the engine's view, legal actions and events for this seat."""
    assert msg["view"] == table.view(me).to_json()
    assert not cards_in(msg["view"]) & hidden_from(table, me)
    legal = [table.game.action_to_json(a) for a in table.legal(me)] if msg["status"] == "playing" else []
    assert msg["legal"] == legal
    assert msg["events_from"] == start and msg["events"] == table.events_for(me, start)
    for e, raw in zip(msg["events"], table.log[start:]):
        if raw.seat != me and raw.secret:
            assert not set(raw.secret) & set(e), e


def _act_key(msg: Any) -> str | None:
    """An act message's id and action, for spotting one sent again (None: not an act with an id)."""
    if not isinstance(msg, dict) or msg.get("type") != "act" or msg.get("id") is None:
        return None
    return json.dumps([msg["id"], msg.get("action")], sort_keys=True)


@pytest.fixture(scope="module")
def served(tmp_path_factory):
    db = tmp_path_factory.mktemp("fuzz") / "t.db"
    with server(db, max_message=300) as client:
        yield client, db


@given(mode=st.sampled_from(["strict", "table"]), seed=st.integers(0, 10_000),
       steps=st.lists(st.tuples(st.sampled_from([0, 1]), messages), min_size=1, max_size=25))
def test_random_and_malformed_messages_never_change_the_game_illegally_or_leak(served, mode, seed, steps):
    client, db = served
    t = create(client, seats=[{}, {}], players=2, seed=seed, mode=mode)
    live = hub(client).get(t["table"])
    with seat(client, t["table"], t["invites"][0]["token"]) as a, \
            seat(client, t["table"], t["invites"][1]["token"]) as b:
        a.until(lambda m: m["type"] == "update" and m["status"] == "playing")
        people = {0: a, 1: b}
        answered: dict[int, dict[str, dict[str, Any]]] = {0: {}, 1: {}}
        cursors = {0: len(live.table.log), 1: len(live.table.log)}
        for who, (kind, payload) in steps:
            me = people[who]
            before = live.table.state.snapshot()
            n = len(live.table.record.actions)
            sent: Any = payload
            if kind == "legal" and not me.last["legal"] or kind == "held" and not me.last["view"]["hand"]:
                continue
            if kind == "legal":
                sent = {"type": "act", "action": me.last["legal"][payload % len(me.last["legal"])]}
            elif kind == "held":
                hand = me.last["view"]["hand"]
                sent = {"type": "act", "action": {"action": "play", "card": hand[payload % len(hand)]}}
            if kind == "bytes":
                me.ws.send_bytes(payload)
            else:
                me.send(sent if kind != "text" else payload)
            reply = me.reply()
            event(f"reply {reply.get('code', reply['type'])}")
            again = _act_key(sent) if kind == "json" else None
            if reply["type"] == "ack" and again in answered[who]:
                # the same act (id and action) re-sent after its ack: answered again, not replayed
                assert reply == answered[who][again]
                assert live.table.state.snapshot() == before and len(live.table.record.actions) == n
            elif reply["type"] == "ack":
                if again is not None:
                    answered[who][again] = reply
                recorded = live.table.record.actions
                assert len(recorded) == n + 1 and recorded[-1]["seat"] == who
                assert reply["actions"] == n + 1
                for s, other in people.items():
                    u = other.until(lambda m: m["type"] == "update")
                    check_update(u, live.table, s, cursors[s])
                    cursors[s] = u["next"]
            else:
                assert reply["type"] in ("error", "pong"), reply
                assert live.table.state.snapshot() == before and len(live.table.record.actions) == n
                assert cards_in(reply) <= cards_in(sent if kind != "bytes" else None), reply
            if live.table.over:
                break
    # what was acknowledged is what is stored, and it replays to the same game
    stored = Store(db).load(t["table"])
    assert stored is not None and stored.actions == live.table.record.actions
    again = Table.restore("shedding", stored.options, stored.seed, {}, None, stored.actions)
    assert again.state.snapshot() == live.table.state.snapshot()
