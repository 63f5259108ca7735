"""Load and failover test of several server processes on one PostgreSQL
database, on loopback (issue 28).

    python bench/load_cluster.py [--processes 2] [--tables 100] [--seconds 20] [--think 0.5]

Starts its own PostgreSQL (Debian's binaries, tests/pg_server.py, fsync on)
and ``--processes`` servers on it, then plays like bench/load_server.py:
one bot *client* per seat over a real WebSocket, acting at a person's pace.
Seat s of table i connects to process (i + s) mod N, so with N > 1 most
tables have people at several processes and every move crosses between
them (stored by one, announced to the others). Reports tables served,
actions/s and the ack latency p50/p99.

Then, with N > 1, the failover: ``--failover-tables`` tables of one person
and three bots, owned by process 0 (it loaded them first) while the person
plays at process 1. Process 0 is SIGKILLed; the bots can move again only
once process 1 has taken each table over. Reported: the seconds from the
kill to each table's first bot move after it (median and max). The run
stops by itself.
"""

from __future__ import annotations

import argparse
import asyncio
import http.client
import json
import os
import platform
import random
import signal
import subprocess
import sys
import time
import urllib.request
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path[:0] = [str(HERE), str(HERE.parent / "tests")]

from load_server import SEATS, Stats, cpu_seconds, percentile, play_seat, start_server  # noqa: E402
from pg_server import postgres  # noqa: E402
from websockets.asyncio.client import connect  # noqa: E402


def post(url: str, body: dict[str, Any], n: int) -> dict[str, Any]:
    """POST from loopback address 127.0.0.(2 + n // 15): the server lets one address create
    20 tables at once, and this run creates more (loopback only, like every request here)."""
    host, port = url.split("//", 1)[1].split(":")
    conn = http.client.HTTPConnection(host, int(port), timeout=30, source_address=(f"127.0.0.{2 + n // 15}", 0))
    try:
        conn.request("POST", "/api/tables", json.dumps(body), {"content-type": "application/json"})
        r = conn.getresponse()
        if r.status != 201:
            raise SystemExit(f"creating a table: {r.status} {r.read()[:200]!r}")
        return json.loads(r.read())  # type: ignore[no-any-return]
    finally:
        conn.close()


async def play_table(urls: list[str], i: int, think: float, stats: Stats, deadline: float) -> None:
    rng = random.Random(i)
    created = await asyncio.to_thread(post, urls[i % len(urls)], {"game": "shedding", "seed": i}, i)
    table, tokens = created["table"], [inv["token"] for inv in created["invites"]]
    while table and time.monotonic() < deadline:
        results = await asyncio.gather(*(
            play_seat("ws" + urls[(i + s) % len(urls)][4:], table, tok, s, think, random.Random(rng.random()),
                      stats, deadline) for s, tok in enumerate(tokens)))
        table = results[0]


async def load(urls: list[str], args: argparse.Namespace) -> Stats:
    stats = Stats(since=time.perf_counter() + args.warmup)
    deadline = time.monotonic() + args.warmup + args.seconds
    await asyncio.gather(*(play_table(urls, i, args.think, stats, deadline) for i in range(args.tables)))
    return stats


async def person(url: str, table: str, token: str, kill_at: list[float], moved: dict[str, float],
                 deadline: float) -> None:
    """Play seat 0 flat out; note when a bot first moves after the kill: the first update
    with more actions than the person's first move acknowledged after the kill (stored
    at process 1, which judges any table's moves), since only an owner moves bots."""
    async with connect(f"ws{url[4:]}/ws/{table}", max_size=2**20) as ws:
        await ws.send(json.dumps({"type": "hello", "token": token}))
        ref = 0
        acted_on = -1
        mine: int | None = None  # actions stored once the person's first move after the kill was
        while time.monotonic() < deadline and table not in moved:
            try:
                msg = json.loads(await asyncio.wait_for(ws.recv(), 1.0))
            except TimeoutError:
                continue
            if msg["type"] == "ack" and kill_at and mine is None and msg["id"] == ref:
                mine = msg["actions"]
            if msg["type"] != "update":
                continue
            if mine is not None and msg["actions"] > mine:
                moved[table] = time.monotonic() - kill_at[0]
            if msg["status"] == "over":
                moved.setdefault(table, -1.0)  # finished before it could tell
                return
            if msg["legal"] and msg["actions"] > acted_on:
                await asyncio.sleep(0.1)  # quick, but the game lasts past the kill
                acted_on, ref = msg["actions"], ref + 1
                await ws.send(json.dumps({"type": "act", "id": ref, "action": msg["legal"][0]}))


async def failover(procs: list[subprocess.Popen[bytes]], urls: list[str], n: int) -> dict[str, Any]:
    seats = [{"name": "person"}, {"bot": "random"}, {"bot": "random"}, {"bot": "random"}]
    tables = []
    for i in range(n):
        created = await asyncio.to_thread(post, urls[0], {"game": "shedding", "seats": seats, "seed": 5000 + i},
                                          1000 + i)
        await asyncio.to_thread(urllib.request.urlopen, f"{urls[0]}/api/tables/{created['table']}")  # 0 owns it
        tables.append((created["table"], created["invites"][0]["token"]))
    kill_at: list[float] = []
    moved: dict[str, float] = {}
    deadline = time.monotonic() + 30
    players = [asyncio.create_task(person(urls[1], t, tok, kill_at, moved, deadline)) for t, tok in tables]
    await asyncio.sleep(2.0)
    procs[0].send_signal(signal.SIGKILL)
    kill_at.append(time.monotonic())
    await asyncio.gather(*players)
    times = sorted(t for t in moved.values() if t >= 0)
    return {"failover_tables": n, "taken_over": len(times), "over_before": sum(t < 0 for t in moved.values()),
            "failover_median_s": round(times[len(times) // 2], 2) if times else None,
            "failover_max_s": round(times[-1], 2) if times else None,
            "failover_missed": n - len(moved)}


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--processes", type=int, default=2)
    p.add_argument("--tables", type=int, default=100)
    p.add_argument("--seconds", type=float, default=20.0)
    p.add_argument("--warmup", type=float, default=5.0)
    p.add_argument("--think", type=float, default=0.5)
    p.add_argument("--failover-tables", type=int, default=10)
    args = p.parse_args()
    with postgres(fsync=True) as pg:
        dsn = pg.new_database()
        started = [start_server(dsn) for _ in range(args.processes)]
        procs, urls = [s[0] for s in started], [s[1] for s in started]
        try:
            load_before = os.getloadavg()[0]
            t0 = time.monotonic()
            stats = asyncio.run(load(urls, args))
            wall = time.monotonic() - t0 - args.warmup
            cpu = sum(cpu_seconds(pr.pid) for pr in procs)
            fail = asyncio.run(failover(procs, urls, args.failover_tables)) if args.processes > 1 else {}
        finally:
            for pr in procs:
                pr.kill()
                pr.wait()
    lat = sorted(stats.latencies)
    out = {"processes": args.processes, "tables": args.tables, "seats": args.tables * SEATS,
           "seconds": round(wall, 1), "think": args.think, "actions": len(lat),
           "actions_per_second": round(len(lat) / wall, 1), "games_finished": stats.games,
           "p50_ms": round(1000 * percentile(lat, 50), 2), "p99_ms": round(1000 * percentile(lat, 99), 2),
           "errors": stats.errors, "servers_cpu": round(cpu / (wall + args.warmup), 2), **fail,
           "machine": f"{platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}",
           "load_average": [round(load_before, 2), round(os.getloadavg()[0], 2)]}
    print(json.dumps(out))


if __name__ == "__main__":
    main()
