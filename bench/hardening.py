"""The hardening runs of issue 38, repeatable: kills, failovers and protocol fuzzing, with figures.

    python bench/hardening.py kill [--rounds 40] [--seed 1]
    python bench/hardening.py failover [--rounds 12] [--seed 1]
    python bench/hardening.py fuzz [--examples 400] [--requests 2000] [--seed 1]
    python bench/hardening.py lock [--hold 8]

``kill``: one SQLite server with ``--bot-delay 0``, SIGKILLed a random moment into play, again and
again (tests/test_server_kill.py's rounds). After each kill the server starts again and each person
re-sends the last act they sent, with its id, as a client that cannot tell whether it arrived would.
Counted: acts acknowledged, acknowledged acts lost, moves shown but not stored, re-sends of an
acknowledged act (answered with the first ack, or played again) and of an act in flight (stored
once, or twice).

``failover``: three processes on one PostgreSQL database (tests/pg_server.py, fsync on); each round
the people sit at random processes, a random one is SIGKILLed and started again; each person
re-sends their last act to another live process, and once per round an act is sent to two
processes at once. Counted as above, plus acts sent to both processes (stored once, or twice).

``fuzz``: tests/test_server_fuzz.py's protocol fuzzer for ``--examples`` examples (each up to 25
messages from two people, every message's effect checked), then ``--requests`` random HTTP
requests (bodies, paths, headers); counted: messages sent, requests made, answers 5xx.

``lock``: with a move waiting to be stored while another process holds the database's write
lock for ``--hold`` seconds (SQLite: ``BEGIN IMMEDIATE``; PostgreSQL: ``LOCK TABLE actions``),
another connection pings every 0.1 s and the lobby (a read) is asked for: the slowest pong, the
slowest lobby, and whether the move was stored once the lock went. Both stores, one server each.

Every figure is printed as one JSON line; the run ends by itself.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import signal
import sys
import tempfile
import threading
import time
from contextlib import ExitStack
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path[:0] = [str(HERE.parent / "tests"), str(HERE.parent / "src")]
os.environ["PYTHONPATH"] = str(HERE.parent / "src")  # the servers started run this checkout

import httpx2  # noqa: E402
from server_helpers import TWO_PEOPLE, Seat, SyncSocket, free_port, play_to_end, start_server  # noqa: E402
from websockets.exceptions import ConnectionClosed  # noqa: E402
from websockets.sync.client import connect  # noqa: E402

from houserules.server.stores import open_store  # noqa: E402
from houserules.table import Table  # noqa: E402

LOST = (ConnectionClosed, TimeoutError, OSError)


class Person(Seat):
    """A seat that remembers the last act it sent (answered or not), to send it again."""

    last_act: dict[str, Any] | None = None

    def send(self, msg: Any) -> None:
        if isinstance(msg, dict) and msg.get("type") == "act":
            self.last_act = msg
        super().send(msg)


def join(stack: ExitStack, port: int, table: str, token: str) -> Person:
    s = Person(SyncSocket(stack.enter_context(connect(f"ws://127.0.0.1:{port}/ws/{table}", open_timeout=10))))
    s.send({"type": "hello", "token": token})
    s.until(lambda m: m["type"] == "update")
    return s


class Tally:
    """The figures of a kill or failover run."""

    def __init__(self) -> None:
        self.acked: dict[str, list[tuple[dict[str, Any], dict[str, Any]]]] = {}
        self.shown: dict[str, int] = {}
        self.n = {"resent_acked": 0, "resent_acked_first_answer": 0, "resent_acked_played_again": 0,
                  "resent_acked_judged_again_refused": 0,
                  "resent_in_flight": 0, "resent_in_flight_errors": 0, "sent_to_both": 0,
                  "sent_to_both_same_answer": 0}
        #: the answers to re-sends that were not the first ack, as they came
        self.odd: list[dict[str, Any]] = []

    def keep(self, table: str, seats: list[Person]) -> None:
        for s in seats:
            self.acked.setdefault(table, []).extend((a, r) for a, r in s.acts if r["type"] == "ack")
            self.shown[table] = max([self.shown.get(table, 0)] + [m["actions"] for m in s.seen if m["type"] == "update"])

    def resent(self, first: dict[str, Any] | None, again: dict[str, Any]) -> None:
        """One re-send: ``first`` its first answer (None: none came), ``again`` the answer now."""
        if first is not None and first["type"] == "ack":
            self.n["resent_acked"] += 1
            if again == first:
                self.n["resent_acked_first_answer"] += 1
            else:  # judged again: played a second time (an ack), or refused this time
                self.n["resent_acked_played_again" if again["type"] == "ack" else "resent_acked_judged_again_refused"] += 1
                self.odd.append(again)
        elif first is None:
            self.n["resent_in_flight"] += 1
            self.n["resent_in_flight_errors"] += again["type"] != "ack"

    def check(self, dsn: str) -> dict[str, Any]:
        """Every acknowledged act stored under its number, every move shown stored, every table replays,
        and no act stored twice (the acts' keys, counted in the store)."""
        store = open_store(dsn)
        lost = unshown = stored = 0
        for table, acks in self.acked.items():
            rec = store.load(table)
            assert rec is not None
            lost += sum(len(rec.actions) < r["actions"] or rec.actions[r["actions"] - 1] != a for a, r in acks)
            unshown += len(rec.actions) < self.shown.get(table, 0)
            rebuilt = Table.restore(rec.game, rec.options, rec.seed, {}, None, rec.actions)
            assert len(rebuilt.record.actions) == len(rec.actions), f"{table} does not replay"
            stored += len(rec.actions)
        store.close()
        doubled = stored_twice(dsn)
        return {"tables": len(self.acked), "acknowledged": sum(map(len, self.acked.values())), "stored": stored,
                "acknowledged_lost": lost, "shown_not_stored": unshown, "acts_stored_twice": doubled, **self.n,
                "odd_answers": self.odd[:10]}


def stored_twice(dsn: str) -> int | None:
    """How many acts are stored more than once (their keys, counted: the unique index allows none);
    None for a store that keeps no act keys (a server from before issue 38)."""
    sql = "SELECT COUNT(*) FROM (SELECT act FROM actions WHERE act IS NOT NULL GROUP BY table_id, act " \
          "HAVING COUNT(*) > 1) AS d"
    try:
        if dsn.startswith("postgres"):
            import psycopg

            with psycopg.connect(dsn) as conn:
                row = conn.execute(sql).fetchone()
        else:
            import sqlite3

            with sqlite3.connect(dsn) as conn:
                row = conn.execute(sql).fetchone()
    except Exception:  # noqa: BLE001 (no act column: an older server's store)
        return None
    return int(row[0]) if row else 0


def resend(tally: Tally, port: int, table: str, token: str, person: Person) -> None:
    """``person`` reconnects (at ``port``) and sends its last act again, with its id."""
    msg = person.last_act
    if msg is None:
        return
    first = next((r for a, r in person.acts if a == msg["action"] and r.get("id") == msg["id"]), None)
    try:
        with ExitStack() as stack:
            again = join(stack, port, table, token)
            again.send(msg)
            tally.resent(first, again.reply())
    except LOST:
        pass


def kill(rounds: int, seed: int) -> dict[str, Any]:
    rng = random.Random(seed)
    folder = Path(tempfile.mkdtemp(prefix="houserules-kill-"))
    db, port = folder / "t.db", free_port()
    tally = Tally()
    table: dict[str, Any] | None = None
    for _ in range(rounds):
        proc = start_server(db, port, bot_delay=0.0)
        try:
            base = f"http://127.0.0.1:{port}/api/tables"
            if table is None or httpx2.get(f"{base}/{table['table']}").json()["status"] == "over":
                mode = rng.choice(["strict", "table"])
                table = httpx2.post(base, json={"game": "shedding", "seats": TWO_PEOPLE, "options": {"mode": mode}}).json()
            killer = threading.Timer(rng.uniform(0.05, 0.4), proc.send_signal, (signal.SIGKILL,))
            with ExitStack() as stack:
                seats = {i: join(stack, port, table["table"], inv["token"]) for i, inv in enumerate(table["invites"])}
                killer.start()
                try:
                    play_to_end(seats, lambda u: rng.choice(u["legal"]))  # type: ignore[arg-type]
                except LOST:
                    pass
                killer.join()
            tally.keep(table["table"], list(seats.values()))
        finally:
            proc.kill()
            proc.wait()
        proc = start_server(db, port, bot_delay=0.0)  # back: each person sends their last act again
        try:
            for i, s in seats.items():
                resend(tally, port, table["table"], table["invites"][i]["token"], s)
        finally:
            proc.kill()
            proc.wait()
    return {"run": "kill", "kills": rounds, **tally.check(str(db))}


def failover(rounds: int, seed: int) -> dict[str, Any]:
    from pg_server import postgres

    rng = random.Random(seed)
    tally = Tally()
    with postgres(fsync=True) as pg:
        dsn = pg.new_database()
        ports = [free_port() for _ in range(3)]
        procs = {p: start_server(dsn, p, bot_delay=0.0) for p in ports}
        table: dict[str, Any] | None = None
        try:
            for _ in range(rounds):
                live = rng.choice(ports)
                base = f"http://127.0.0.1:{live}/api/tables"
                if table is None or httpx2.get(f"{base}/{table['table']}").json()["status"] == "over":
                    table = httpx2.post(base, json={"game": "shedding", "seats": TWO_PEOPLE}).json()
                victim = rng.choice(ports)
                killer = threading.Timer(rng.uniform(0.1, 0.6), procs[victim].send_signal, (signal.SIGKILL,))
                with ExitStack() as stack:
                    seats = {i: join(stack, rng.choice(ports), table["table"], inv["token"])
                             for i, inv in enumerate(table["invites"])}
                    killer.start()
                    try:
                        play_to_end(seats, lambda u: rng.choice(u["legal"]))  # type: ignore[arg-type]
                    except LOST:
                        pass
                    killer.join()
                tally.keep(table["table"], list(seats.values()))
                procs[victim].wait()
                others = [p for p in ports if p != victim]
                for i, s in seats.items():  # sent again, to a process that lives
                    resend(tally, rng.choice(others), table["table"], table["invites"][i]["token"], s)
                procs[victim] = start_server(dsn, victim, bot_delay=0.0)
                both(tally, ports, table)
        finally:
            for p in procs.values():
                p.kill()
                p.wait()
        return {"run": "failover", "kills": rounds, **tally.check(dsn)}


def both(tally: Tally, ports: list[int], table: dict[str, Any]) -> None:
    """The seat to act sends one act to two processes at once (a client retrying through a proxy)."""
    try:
        with ExitStack() as stack:
            conns = {i: [join(stack, p, table["table"], inv["token"]) for p in ports[:2]]
                     for i, inv in enumerate(table["invites"])}
            for pair in conns.values():
                u = pair[0].last
                if u is not None and u["status"] == "playing" and u["legal"]:
                    msg = {"type": "act", "id": f"both-{time.monotonic_ns()}", "action": u["legal"][0]}
                    for s in pair:
                        s.send(msg)
                    replies = [s.reply() for s in pair]
                    tally.n["sent_to_both"] += 1
                    tally.n["sent_to_both_same_answer"] += replies[0] == replies[1]
                    tally.keep(table["table"], pair)
                    return
    except LOST:
        pass


def fuzz(examples: int, requests: int, seed: int) -> dict[str, Any]:
    from hypothesis import settings
    from server_helpers import server

    import test_server_fuzz

    sent = {"messages": 0}
    real = Seat.send

    def counting(self: Seat, msg: Any) -> None:
        sent["messages"] += 1
        real(self, msg)

    Seat.send = counting  # type: ignore[method-assign]
    test = settings(max_examples=examples, deadline=None, database=None, derandomize=False)(
        test_server_fuzz.test_random_and_malformed_messages_never_change_the_game_illegally_or_leak)
    folder = Path(tempfile.mkdtemp(prefix="houserules-fuzz-"))
    with server(folder / "t.db", max_message=300) as client:
        test(served=(client, folder / "t.db"))
        http5xx, statuses = http_fuzz(client, requests, random.Random(seed))
    return {"run": "fuzz", "examples": examples, "messages": sent["messages"], "requests": requests,
            "answers_5xx": http5xx, "statuses": statuses}


def http_fuzz(client: Any, n: int, rng: random.Random) -> tuple[int, dict[str, int]]:
    """Random requests: bodies of random JSON for table creation, odd paths and headers."""
    values: list[Any] = [None, True, 0, -1, 2**70, 1.5, "", "x" * 300, [], {}, [1, "a"], {"a": None}, "shedding",
                         "mao", "king-taco", "\u202e", {"move_s": 0}, {"bank_s": "x"}]
    keys = ["game", "options", "seats", "seed", "clock", "on_timeout", "listed", "players", "name", "bot"]
    paths = ["/api/tables", "/api/tables/zz", "/api/tables/%00", "/api/games", "/api/games/mao/glossary",
             "/api/games/x/preview", "/api/games/mao/preview", "/api/rules/zz", "/api/tables/zz/replay", "/docs",
             "/t/zz", "/replay/zz", "/rules/mao", "/static/../x", "/api/tables/" + "a" * 500]
    statuses: dict[str, int] = {}
    fives = 0
    for _ in range(n):
        path = rng.choice(paths)
        if rng.random() < 0.5:
            body: Any = {k: rng.choice(values) for k in rng.sample(keys, rng.randint(0, 5))}
            if rng.random() < 0.5:
                body["game"] = rng.choice(["shedding", "mao", "king-taco", "bpoker", "cripple-mr-onion"])
            r = client.post("/api/tables" if rng.random() < 0.7 else path, json=body,
                            headers={"Authorization": rng.choice(["", "Bearer x", "Bearer " + "y" * 300, "Basic z"])})
        else:
            r = client.get(path, headers={"Authorization": rng.choice(["", "Bearer q"])})
        statuses[str(r.status_code)] = statuses.get(str(r.status_code), 0) + 1
        fives += r.status_code >= 500
    return fives, statuses


def lock(hold: float) -> dict[str, Any]:
    import sqlite3

    import psycopg
    from pg_server import postgres

    out: dict[str, Any] = {"run": "lock", "hold_s": hold}
    with postgres(fsync=True) as pg:
        for kind in ("sqlite", "postgresql"):
            db = str(Path(tempfile.mkdtemp(prefix="houserules-lock-")) / "t.db") if kind == "sqlite" else pg.new_database()
            port = free_port()
            proc = start_server(db, port)
            try:
                base = f"http://127.0.0.1:{port}/api/tables"
                t = httpx2.post(base, json={"game": "shedding", "seats": [{"name": "Ann"}, {"name": "Bo"}],
                                            "options": {"players": 2}}).json()
                other = httpx2.post(base, json={"game": "shedding"}).json()
                with ExitStack() as stack:
                    seats = [join(stack, port, t["table"], inv["token"]) for inv in t["invites"]]
                    pinger = join(stack, port, other["table"], other["invites"][0]["token"])
                    seats[0].until(lambda m: m["type"] == "update" and m["status"] == "playing")
                    mover = seats[0] if seats[0].last and seats[0].last["legal"] else seats[1]
                    action = mover.my_turn()["legal"][0]
                    holder: Any = sqlite3.connect(db, isolation_level=None) if kind == "sqlite" else psycopg.connect(db)
                    holder.execute("BEGIN IMMEDIATE" if kind == "sqlite" else "LOCK TABLE actions IN EXCLUSIVE MODE")
                    mover.send({"type": "act", "id": "held", "action": action})
                    worst = lobby = 0.0
                    until = time.monotonic() + hold
                    while time.monotonic() < until:
                        sent = time.monotonic()
                        pinger.send({"type": "ping", "id": "p"})
                        pinger.until(lambda m: m["type"] == "pong")
                        worst = max(worst, time.monotonic() - sent)
                        sent = time.monotonic()
                        httpx2.get(base, timeout=30).raise_for_status()
                        lobby = max(lobby, time.monotonic() - sent)
                        time.sleep(0.1)
                    holder.commit() if kind == "postgresql" else holder.execute("COMMIT")
                    holder.close()
                    reply = mover.reply()
                out[kind] = {"slowest_pong_s": round(worst, 3), "slowest_lobby_s": round(lobby, 3),
                             "move": reply.get("code", reply["type"])}
            finally:
                proc.kill()
                proc.wait()
    return out


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("run", choices=["kill", "failover", "fuzz", "lock"])
    p.add_argument("--hold", type=float, default=8.0)
    p.add_argument("--rounds", type=int, default=0)
    p.add_argument("--examples", type=int, default=400)
    p.add_argument("--requests", type=int, default=2000)
    p.add_argument("--seed", type=int, default=1)
    a = p.parse_args()
    started, cpu = time.monotonic(), time.process_time()
    if a.run == "kill":
        out = kill(a.rounds or 40, a.seed)
    elif a.run == "failover":
        out = failover(a.rounds or 12, a.seed)
    elif a.run == "fuzz":
        out = fuzz(a.examples, a.requests, a.seed)
    else:
        out = lock(a.hold)
    out.update(seconds=round(time.monotonic() - started, 1), cpu_s_this_process=round(time.process_time() - cpu, 1))
    print(json.dumps(out))


if __name__ == "__main__":
    main()
