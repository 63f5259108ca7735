"""Kill the server (SIGKILL) again and again in the middle of games: no
action it acknowledged, and no move anyone was shown, may ever be lost, and
every table must come back from the store exactly (its stored actions replay
through the engine)."""

from __future__ import annotations

import random
import signal
import threading
from contextlib import ExitStack
from pathlib import Path

import httpx2
import pytest
from server_helpers import TWO_PEOPLE, Seat, SyncSocket, free_port, play_to_end, start_server
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from houserules.server.store import Store
from houserules.table import Table


#: long, or mostly waiting: started first (tests/conftest.py)
pytestmark = pytest.mark.early


def join(stack: ExitStack, port: int, table: str, token: str) -> Seat:
    s = Seat(SyncSocket(stack.enter_context(connect(f"ws://127.0.0.1:{port}/ws/{table}"))))
    s.send({"type": "hello", "token": token})
    s.until(lambda m: m["type"] == "update")
    return s


def kill_rounds(tmp_path: Path, rounds: int, seed: int) -> dict[str, int]:
    """``rounds`` SIGKILLs; the figures checked: tables, acknowledged actions, stored actions."""
    rng = random.Random(seed)
    db, port = tmp_path / "t.db", free_port()
    acked: dict[str, list[tuple[dict, dict]]] = {}
    #: the most actions any update of each table showed
    shown: dict[str, int] = {}
    table: dict | None = None
    total = 0
    for _ in range(rounds):
        proc = start_server(db, port)
        try:
            if table is None or httpx2.get(f"http://127.0.0.1:{port}/api/tables/{table['table']}").json()["status"] == "over":
                table = httpx2.post(f"http://127.0.0.1:{port}/api/tables", json={
                    "game": "shedding", "seats": TWO_PEOPLE, "options": {"mode": rng.choice(["strict", "table"])}}).json()
                acked[table["table"]] = []
            killer = threading.Timer(rng.uniform(0.05, 0.4), proc.send_signal, (signal.SIGKILL,))
            with ExitStack() as stack:
                seats = {i: join(stack, port, table["table"], inv["token"]) for i, inv in enumerate(table["invites"])}
                killer.start()
                try:
                    play_to_end(seats, lambda u: rng.choice(u["legal"]))
                except (ConnectionClosed, TimeoutError, OSError):
                    pass
                killer.join()
            for s in seats.values():
                acked[table["table"]] += [(a, r) for a, r in s.acts if r["type"] == "ack"]
                shown[table["table"]] = max([shown.get(table["table"], 0)]
                                            + [m["actions"] for m in s.seen if m["type"] == "update"])
        finally:
            proc.kill()
            proc.wait()
    store = Store(db)
    for table_id, acks in acked.items():
        stored = store.load(table_id)
        assert stored is not None
        for action, ack in acks:
            n = ack["actions"]
            assert len(stored.actions) >= n, f"acknowledged action {n} of {table_id} was lost"
            assert stored.actions[n - 1] == action
        assert len(stored.actions) >= shown.get(table_id, 0), f"{table_id}: a move people were shown was lost"
        rebuilt = Table.restore(stored.game, stored.options, stored.seed, {}, None, stored.actions)
        assert len(rebuilt.record.actions) == len(stored.actions)
        total += len(acks)
    assert total > 0, "no action was acknowledged: the kills came too early"
    return {"kills": rounds, "tables": len(acked), "acknowledged": total,
            "stored": sum(store.action_count(t) for t in acked)}


def test_sigkill_mid_game_loses_no_acknowledged_action(tmp_path):
    kill_rounds(tmp_path, rounds=4, seed=1)


@pytest.mark.slow
def test_sigkill_soak(tmp_path):
    kill_rounds(tmp_path, rounds=30, seed=2)
