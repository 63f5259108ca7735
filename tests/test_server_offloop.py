"""Rules work never runs on the server's event loop: a slow judgement (a hard
Onion showdown, a search bot thinking) must not freeze every other table."""

from __future__ import annotations

import asyncio
import threading
from pathlib import Path

from houserules.server.live import Hub
from houserules.server.store import Store


def test_a_persons_move_is_judged_in_a_worker_thread(tmp_path: Path) -> None:
    async def main() -> set[str]:
        hub = Hub(Store(tmp_path / "t.db"))
        stored, _, _ = hub.create("shedding", {"players": 2}, [{}, {"bot": "random"}], 1)
        live = hub.get(stored.id)
        assert live is not None
        seen: set[str] = set()
        submit = live.table.submit

        def spy(*args, **kwargs):  # type: ignore[no-untyped-def]
            seen.add(threading.current_thread().name)
            return submit(*args, **kwargs)

        live.table.submit = spy  # type: ignore[method-assign]
        from houserules.server.live import Client

        client = Client(seat=0)
        await live.join(client, 0)
        action = live.table.game.action_to_json(live.table.legal(0)[0])
        await live.attempt(client, action, ref=1)
        live.stop()
        return seen

    seen = asyncio.run(main())
    assert seen and threading.main_thread().name not in seen
