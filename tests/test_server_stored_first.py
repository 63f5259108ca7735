"""Issue 23, item 4: nothing is shown before it is stored. A connection closing, a stand-in
arriving and the HTTP summary used to read the table while a bot's move was being made in a
worker thread (the table ahead of the store): with no bot delay, updates showed moves not
stored yet, and a SIGKILL then lost moves people had seen. Every update and summary is now
made under the table's lock, after the store has what it shows."""

from __future__ import annotations

import json
import time

from server_helpers import create, hub, seat, server

from houserules.server.clients import Client
from houserules.server.live import LiveTable
from houserules.table import Table

SEATS = [{"name": "Ann"}, {"bot": "heuristic"}, {"bot": "heuristic"}, {"bot": "random"}]


def test_no_update_or_summary_shows_a_move_the_store_does_not_have(tmp_path, monkeypatch):
    shown_ahead: list[tuple[str, int, int]] = []
    send, make_summary, step_bot = Client.send, LiveTable.summary, Table.step_bot
    store = []

    def checked_send(self, msg):  # what leaves for a client, at the moment it is queued
        update = json.loads(msg) if isinstance(msg, str) else msg
        if update["type"] == "update":
            stored = store[0].action_count(update["table"])
            if update["actions"] > stored:
                shown_ahead.append(("update", update["actions"], stored))
        send(self, msg)

    def checked_summary(self):
        out = make_summary(self)
        stored = self.hub.store.action_count(self.id)
        if out["actions"] > stored:
            shown_ahead.append(("summary", out["actions"], stored))
        return out

    def slow_step_bot(self, t=None):  # bots that think: the table runs ahead of the store meanwhile
        out = step_bot(self, t)
        time.sleep(0.003)
        return out

    monkeypatch.setattr(Client, "send", checked_send)
    monkeypatch.setattr(LiveTable, "summary", checked_summary)
    monkeypatch.setattr(Table, "step_bot", slow_step_bot)
    with server(tmp_path / "t.db", bot_delay=0.0, grace=0.05) as client:
        store.append(hub(client).store)
        t = create(client, seats=SEATS, players=4)
        with seat(client, t["table"], t["invites"][0]["token"]):
            pass  # Ann sits down (play begins) and goes: a stand-in plays her seat, bots play on
        live = hub(client).get(t["table"])
        deadline = time.monotonic() + 60
        while not live.table.over and time.monotonic() < deadline:
            with seat(client, t["table"], None):  # spectators come and go: each leaving is told
                pass
            client.get(f"/api/tables/{t['table']}")
        assert live.table.over, "the bots did not finish the game"
    assert shown_ahead == []


def test_news_of_who_is_connected_elsewhere_waits_for_the_move_being_stored(tmp_path):
    """Issue 38, item 5: the cluster's word that presence changed was broadcast without the
    table's lock, so a bot move being made in a worker thread (not yet stored) was shown."""
    import asyncio

    from houserules.server.clients import Client
    from houserules.server.hub import Hub
    from houserules.server.store import Store

    async def main() -> tuple[int, int]:
        hub = Hub(Store(tmp_path / "t.db"))
        stored, _, _ = await hub.create("shedding", {"players": 2}, [{}, {"bot": "random"}], 1)
        live = await hub.fetch(stored.id)
        assert live is not None
        watcher = Client(None)
        live.clients.add(watcher)
        async with live.lock:  # a move is being made and stored
            hub.presence_changed(stored.id)
            await asyncio.sleep(0.05)
            during = watcher.queue.qsize()
        await asyncio.sleep(0.05)
        live.stop()
        return during, watcher.queue.qsize()

    during, after = asyncio.run(main())
    assert during == 0 and after == 1
