"""Load test of the game server on loopback: many tables at once, every seat
a bot *client* playing over a real WebSocket, so the server does all its
real work (judge, store, build each seat's view, push updates).

    python bench/load_server.py [--tables 200] [--seconds 30] [--think 0.5] [--sync normal]

Starts ``houserules serve`` in its own process on a fresh database (or uses
``--url`` of a running one), creates the tables over HTTP, then runs one
asyncio task per seat in this process: on each update that offers it legal
actions it waits a random think time (0..2x``--think`` seconds, a person's
pace; 0 for flat out), sends a random legal action and times the answer.
A finished game is followed by a rematch at a new table, as friends do.

Reports actions/s and the latency from sending an action to its ``ack``
(the action judged *and committed to SQLite*), p50/p99/max, plus the
server's CPU use. Loopback only; the run stops by itself.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import platform
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from websockets.asyncio.client import connect

SEATS = 4


@dataclass
class Stats:
    #: latencies are recorded from this moment on (after the warm-up: tables created, seats connected)
    since: float = 0.0
    latencies: list[float] = field(default_factory=list)
    errors: dict[str, int] = field(default_factory=dict)
    games: int = 0


def post(url: str, body: dict[str, Any]) -> dict[str, Any]:
    req = urllib.request.Request(url, json.dumps(body).encode(), {"content-type": "application/json"})
    with urllib.request.urlopen(req, timeout=30) as r:
        return json.loads(r.read())


async def play_seat(ws_url: str, table: str, token: str, seat: int, think: float, rng: random.Random,
                    stats: Stats, deadline: float) -> str | None:
    """Play one seat until the game ends (returns the rematch table) or time is up (None)."""
    async with connect(f"{ws_url}/ws/{table}", max_size=2**20) as ws:
        await ws.send(json.dumps({"type": "hello", "token": token}))
        sent_at: float | None = None
        acted_on = -1
        over = False
        ref = 0  # each act its own id: a repeated id and action would be answered, not played
        while time.monotonic() < deadline:
            try:
                msg = json.loads(await asyncio.wait_for(ws.recv(), max(0.01, deadline - time.monotonic())))
            except TimeoutError:
                return None
            kind = msg["type"]
            if kind in ("ack", "error") and sent_at is not None and msg.get("id") == ref:
                if sent_at >= stats.since:
                    stats.latencies.append(time.perf_counter() - sent_at)
                if kind == "error":
                    stats.errors[msg["code"]] = stats.errors.get(msg["code"], 0) + 1
                sent_at = None
            elif kind == "update":
                if msg["status"] == "over" and not over:
                    over = True  # a rematch is an offer every seat answers: seat 0 offers, the others accept
                    if seat == 0:
                        stats.games += 1
                    await ws.send(json.dumps({"type": "rematch"}))
                elif msg["legal"] and sent_at is None and msg["actions"] > acted_on:
                    if think:
                        await asyncio.sleep(rng.uniform(0, 2 * think))
                    acted_on = msg["actions"]
                    sent_at = time.perf_counter()
                    ref += 1
                    await ws.send(json.dumps({"type": "act", "id": ref, "action": rng.choice(msg["legal"])}))
            elif kind == "rematch":
                return str(msg["table"])
            elif kind == "error":
                stats.errors[msg["code"]] = stats.errors.get(msg["code"], 0) + 1
    return None


async def play_table(http: str, ws_url: str, think: float, seed: int, stats: Stats, deadline: float) -> None:
    rng = random.Random(seed)
    created = await asyncio.to_thread(post, f"{http}/api/tables", {"game": "shedding", "seed": seed})
    table, tokens = created["table"], [i["token"] for i in created["invites"]]
    while table and time.monotonic() < deadline:
        results = await asyncio.gather(*(play_seat(ws_url, table, tok, s, think, random.Random(rng.random()),
                                                   stats, deadline) for s, tok in enumerate(tokens)))
        table = results[0]


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def start_server(db: Path | str, sync: str = "normal") -> tuple[subprocess.Popen[bytes], str]:
    """A ``houserules serve`` on a free port of 127.0.0.1 (``db``: a SQLite file or a PostgreSQL
    address), once it answers; its process and its address."""
    port = free_port()
    proc = subprocess.Popen([sys.executable, "-m", "houserules.cli", "serve", "--port", str(port), "--db", str(db),
                             "--bot-delay", "0", "--sync", sync], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    url = f"http://127.0.0.1:{port}"
    for _ in range(300):
        try:
            urllib.request.urlopen(url + "/api/games", timeout=1).read()
            return proc, url
        except OSError:
            time.sleep(0.1)
    proc.kill()
    raise SystemExit("the server did not start")


def percentile(values: list[float], q: float) -> float:
    return statistics.quantiles(values, n=1000)[int(q * 10) - 1] if len(values) > 1 else (values or [0.0])[0]


async def run(args: argparse.Namespace, http: str) -> Stats:
    stats = Stats(since=time.perf_counter() + args.warmup)
    ws_url = "ws" + http[4:]
    deadline = time.monotonic() + args.warmup + args.seconds
    await asyncio.gather(*(play_table(http, ws_url, args.think, 1000 + i, stats, deadline)
                           for i in range(args.tables)))
    return stats


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--tables", type=int, default=200)
    p.add_argument("--seconds", type=float, default=30.0, help="measured seconds (after the warm-up)")
    p.add_argument("--warmup", type=float, default=5.0, help="seconds to create tables and connect, not measured")
    p.add_argument("--think", type=float, default=0.5, help="mean seconds a bot client waits before acting")
    p.add_argument("--sync", default="normal", choices=["normal", "full"])
    p.add_argument("--url", help="a running server (default: start one on a fresh database)")
    p.add_argument("--json", action="store_true")
    args = p.parse_args()
    proc = None
    with tempfile.TemporaryDirectory() as tmp:
        if args.url:
            http = args.url.rstrip("/")
        else:
            proc, http = start_server(Path(tmp) / "load.sqlite3", args.sync)
        try:
            load_before = os.getloadavg()[0]
            t0 = time.monotonic()
            stats = asyncio.run(run(args, http))
            wall = time.monotonic() - t0 - args.warmup
            cpu = cpu_seconds(proc.pid) if proc else None
            mine = time.process_time()
        finally:
            if proc:
                proc.terminate()
                proc.wait()
    lat = sorted(stats.latencies)
    out = {
        "tables": args.tables, "seats": args.tables * SEATS, "seconds": round(wall, 1), "think": args.think,
        "sync": args.sync, "actions": len(lat), "actions_per_second": round(len(lat) / wall, 1),
        "games_finished": stats.games,
        "p50_ms": round(1000 * percentile(lat, 50), 2), "p99_ms": round(1000 * percentile(lat, 99), 2),
        "max_ms": round(1000 * (lat[-1] if lat else 0), 2), "errors": stats.errors,
        "server_cpu": round(cpu / (wall + args.warmup), 2) if cpu is not None else None,
        "client_cpu": round(mine / (wall + args.warmup), 2),
        "machine": f"{platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}",
        "load_average": [round(load_before, 2), round(os.getloadavg()[0], 2)],
    }
    if args.json:
        print(json.dumps(out))
        return
    print(f"{out['tables']} tables ({out['seats']} bot clients), {out['seconds']}s, think {args.think}s, sync {args.sync}")
    print(f"  {out['actions']} actions, {out['actions_per_second']}/s, {out['games_finished']} games finished")
    print(f"  ack latency p50 {out['p50_ms']} ms, p99 {out['p99_ms']} ms, max {out['max_ms']} ms")
    print(f"  CPU (whole run, cores): server {out['server_cpu']}, bot clients {out['client_cpu']}; "
          f"errors {out['errors'] or 'none'}")
    print(f"  machine {out['machine']}; 1-min load average before/after {out['load_average']}")


if __name__ == "__main__":
    main()
