"""Rules work never runs on the server's event loop: a slow judgement (a hard
Onion showdown, a search bot thinking) must not freeze every other table."""

from __future__ import annotations

import asyncio
import threading
from pathlib import Path
from typing import Any

import pytest

from houserules.server.hub import Hub
from houserules.server.store import Store
from server_helpers import hub, server


def test_a_persons_move_is_judged_in_a_worker_thread(tmp_path: Path) -> None:
    async def main() -> set[str]:
        hub = Hub(Store(tmp_path / "t.db"))
        stored, _, _ = await hub.create("shedding", {"players": 2}, [{}, {"bot": "random"}], 1)
        live = hub.get(stored.id)
        assert live is not None
        seen: set[str] = set()
        submit = live.table.submit

        def spy(*args, **kwargs):  # type: ignore[no-untyped-def]
            seen.add(threading.current_thread().name)
            return submit(*args, **kwargs)

        live.table.submit = spy  # type: ignore[method-assign]
        from houserules.server.clients import Client

        client = Client(seat=0)
        await live.join(client, 0)
        action = live.table.game.action_to_json(live.table.legal(0)[0])
        await live.attempt(client, action, ref=1)
        live.stop()
        return seen

    seen = asyncio.run(main())
    assert seen and threading.main_thread().name not in seen


def test_a_rule_book_is_checked_once_off_the_loop_and_never_again_on_load(tmp_path: Path,
                                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 23: a Mao rule book's check ran three times at table creation and three at every
    load, on the event loop. Now: once, in a worker thread; a stored table is not checked again."""
    from houserules.games.mao import rulecheck

    on_loop: list[bool] = []
    real = rulecheck._refuse

    def spy(*args: Any) -> None:
        try:
            asyncio.get_running_loop()
            on_loop.append(True)
        except RuntimeError:
            on_loop.append(False)
        real(*args)

    monkeypatch.setattr(rulecheck, "_refuse", spy)
    rulecheck._verdict.cache_clear()
    book = {"set": ["standard"], "rules": [{"id": "offloop", "on": "play", "if": ["card.rank == 9"],
                                            "must": [{"who": "player", "do": "knock", "times": 2,
                                                      "failure": "failure to knock for nine"}]}]}
    with server(tmp_path / "t.db") as client:
        r = client.post("/api/tables", json={"game": "mao", "options": {"players": 3, "rules": book},
                                             "seats": [{}, {"bot": "random"}, {"bot": "random"}]})
        assert r.status_code == 201, r.text
        table = r.json()["table"]
        assert on_loop == [False]
        hub(client).tables.clear()  # the table leaves memory, and the verdict is forgotten
        rulecheck._verdict.cache_clear()
        assert client.get(f"/api/tables/{table}").status_code == 200  # read back from the store
    assert on_loop == [False]


def test_a_table_stored_under_older_checks_still_loads(tmp_path: Path) -> None:
    """A book a newer checker refuses (a wrong_time on a silence, never enforced) was accepted
    when the table was stored: the table is read back and played, not made unavailable."""
    from houserules.games.mao.game import GAME
    from houserules.server.store import StoredSeat, StoredTable

    opts = GAME.options({"players": 3})
    opts["house"] = [{"id": "hush", "on": "play", "if": ["card.rank == Q"], "wrong_time": "shushing",
                      "must": [{"who": "everyone", "do": "silent", "failure": "breaking the silence"}]}]
    store = Store(tmp_path / "t.db")
    seats = [StoredSeat("Ann", None, None), StoredSeat("b", "random", None), StoredSeat("c", "random", None)]
    store.create(StoredTable("oldtable23", "mao", opts, 5, seats, []))
    hub = Hub(store)
    live = hub.get("oldtable23")
    assert live is not None and [r.id for r in live.table.state.house] == ["hush"]
