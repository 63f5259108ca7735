"""Issue 28: several server processes on one PostgreSQL database. Any
process serves any table: people at one table connected to different
processes play together; SIGKILL of the process that owns a table and its
people reconnect to another, which takes the table over (its bots and
clock go on there) and has lost nothing it acknowledged."""

from __future__ import annotations

import signal
import time
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager

import httpx2
import pytest
from server_helpers import TWO_PEOPLE, Seat, ServerProcess, SyncSocket, free_port, play_to_end, prefer_play, start_server
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from houserules.server.stores import open_store
from houserules.table import Table


#: long, or mostly waiting: started first (tests/conftest.py)
pytestmark = pytest.mark.early


@contextmanager
def processes(dsn: str, n: int, **kw: float) -> Iterator[list[tuple[int, ServerProcess]]]:
    """``n`` server processes on one database: (port, process) each."""
    procs = []
    try:
        for _ in range(n):
            port = free_port()
            procs.append((port, start_server(dsn, port, **kw)))
        yield procs
    finally:
        for _, p in procs:
            p.kill()
            p.wait()


def join(stack: ExitStack, port: int, table: str, token: str) -> Seat:
    s = Seat(SyncSocket(stack.enter_context(connect(f"ws://127.0.0.1:{port}/ws/{table}"))))
    s.send({"type": "hello", "token": token, "since": 0})
    s.until(lambda m: m["type"] == "update")
    return s


def check_stored(dsn: str, table: str, seats: list[Seat]) -> int:
    """Every acknowledged action is stored under its number, and the record replays."""
    stored = open_store(dsn).load(table)
    assert stored is not None
    acks = [(a, r) for s in seats for a, r in s.acts if r["type"] == "ack"]
    for action, ack in acks:
        assert stored.actions[ack["actions"] - 1] == action, "an acknowledged action was lost or changed"
    rebuilt = Table.restore(stored.game, stored.options, stored.seed, {}, None, stored.actions)
    assert len(rebuilt.record.actions) == len(stored.actions)
    return len(acks)


def test_two_people_at_two_processes_play_one_table(pg_dsn):
    with processes(pg_dsn, 2) as [(a, _), (b, _)]:
        t = httpx2.post(f"http://127.0.0.1:{a}/api/tables", json={"game": "shedding", "seats": TWO_PEOPLE}).json()
        with ExitStack() as stack:
            s0 = join(stack, a, t["table"], t["invites"][0]["token"])
            s1 = join(stack, b, t["table"], t["invites"][1]["token"])
            end = play_to_end({0: s0, 1: s1})
        assert end["status"] == "over"
        assert check_stored(pg_dsn, t["table"], [s0, s1]) > 0
        for port in (a, b):  # both processes tell the same story
            assert httpx2.get(f"http://127.0.0.1:{port}/api/tables/{t['table']}").json()["status"] == "over"


def test_chat_and_a_rematch_offer_reach_people_at_other_processes(pg_dsn):
    """A line said at one process, and an offer made there, are told at the other (issue 25)."""
    with processes(pg_dsn, 2) as [(a, _), (b, _)]:
        t = httpx2.post(f"http://127.0.0.1:{a}/api/tables", json={"game": "shedding", "seats": TWO_PEOPLE}).json()
        with ExitStack() as stack:
            s0 = join(stack, a, t["table"], t["invites"][0]["token"])
            s1 = join(stack, b, t["table"], t["invites"][1]["token"])
            s0.send({"type": "chat", "text": "hello from a"})
            assert s1.until(lambda m: m["type"] == "chat")["lines"][0]["text"] == "hello from a"
            s1.send({"type": "chat", "text": "and from b"})
            assert s0.until(lambda m: m["type"] == "chat" and m["lines"][0]["n"] == 1)["lines"][0]["text"] == "and from b"
            play_to_end({0: s0, 1: s1})
            s0.send({"type": "rematch"})
            assert s1.until(lambda m: m["type"] == "update" and m.get("rematch_offer"))["rematch_offer"]["waiting"] == [1]
            s1.send({"type": "rematch"})
            new = s1.until(lambda m: m["type"] == "rematch")["table"]
            assert s0.until(lambda m: m["type"] == "rematch")["table"] == new


def test_sigkill_of_the_owner_and_its_table_goes_on_at_the_other(pg_dsn):
    with processes(pg_dsn, 2) as [(a, proc_a), (b, _)]:
        t = httpx2.post(f"http://127.0.0.1:{a}/api/tables", json={"game": "shedding", "seats": TWO_PEOPLE}).json()
        table = t["table"]
        moved: list[Seat] = []
        calls = 0
        killed = 0.0

        def kill_on_the_fifth_move(update: dict) -> dict:
            nonlocal calls, killed
            calls += 1
            if calls == 5:
                proc_a.send_signal(signal.SIGKILL)
                proc_a.wait()
                killed = time.monotonic()
            return prefer_play(update)

        with ExitStack() as stack:  # process a loads the table first: it owns it (and runs its bots)
            s0 = join(stack, a, table, t["invites"][0]["token"])
            s1 = join(stack, b, table, t["invites"][1]["token"])
            moved += [s0, s1]
            with pytest.raises((ConnectionClosed, TimeoutError, OSError)):
                play_to_end({0: s0, 1: s1}, kill_on_the_fifth_move)
        with ExitStack() as stack:  # everyone reconnects to b, which takes the table over
            s0 = join(stack, b, table, t["invites"][0]["token"])
            s1 = join(stack, b, table, t["invites"][1]["token"])
            end = play_to_end({0: s0, 1: s1})
            assert end["status"] == "over"
        assert time.monotonic() - killed < 60
        assert check_stored(pg_dsn, table, [*moved, s0, s1]) > 0


def wait_for(check, seconds: float) -> float:
    """Poll ``check`` until it holds; the seconds it took (AssertionError after ``seconds``)."""
    start = time.monotonic()
    while time.monotonic() - start < seconds:
        if check():
            return time.monotonic() - start
        time.sleep(0.1)
    raise AssertionError("did not happen in time")


def test_a_clock_resumes_at_the_process_that_takes_the_table_over(pg_dsn):
    """The owner dies while a seat's 5-second move clock runs: the other process takes the
    table over and the clock resumes from the last stored moment (as after a restart), so the
    timeout is stored at the table's 5.0 s, not at the wall clock's."""
    with processes(pg_dsn, 2) as [(a, proc_a), (b, _)]:
        t = httpx2.post(f"http://127.0.0.1:{a}/api/tables", json={
            "game": "shedding", "options": {"players": 2}, "seats": [{"name": "Ann"}, {"name": "Bo"}],
            "clock": {"move_s": 5}}).json()
        table = t["table"]
        with ExitStack() as stack:
            join(stack, a, table, t["invites"][0]["token"])
            s1 = join(stack, b, table, t["invites"][1]["token"])
            time.sleep(1.5)
            proc_a.send_signal(signal.SIGKILL)
            proc_a.wait()
            s1.until(lambda m: m["type"] == "update" and any(e["event"] == "timeout" for e in m["events"]))
        stored = open_store(pg_dsn).load(table)
        assert stored is not None
        assert "timeout" in stored.actions[0] and 5.0 <= stored.actions[0]["t"] <= 6.5


def test_a_player_connected_to_another_process_is_not_stood_in(pg_dsn):
    """The owner hears which seats sit at the other processes: Bo, at process b, keeps his
    seat past the grace period; once he goes, the owner's stand-in plays it."""
    with processes(pg_dsn, 2, grace=1.0) as [(a, _), (b, _)]:
        t = httpx2.post(f"http://127.0.0.1:{a}/api/tables", json={"game": "shedding", "seats": TWO_PEOPLE}).json()
        table = t["table"]

        def seat1(port: int = a) -> dict:
            """Seat 1 as a process shows it to a spectator who comes in now."""
            with connect(f"ws://127.0.0.1:{port}/ws/{table}") as ws:
                watcher = Seat(SyncSocket(ws))
                watcher.send({"type": "hello", "watch": t["spectate"].split("#w.", 1)[1]})
                return watcher.until(lambda m: m["type"] == "update")["seats"][1]

        with ExitStack() as stack:
            join(stack, a, table, t["invites"][0]["token"])
            with connect(f"ws://127.0.0.1:{b}/ws/{table}") as ws:
                s1 = Seat(SyncSocket(ws))
                s1.send({"type": "hello", "token": t["invites"][1]["token"]})
                s1.until(lambda m: m["type"] == "update")
                wait_for(lambda: seat1()["connected"], 3)
                time.sleep(3.0)  # past the grace period
                assert seat1()["connected"] and not seat1()["stand_in"]
            wait_for(lambda: seat1()["stand_in"], 8)
            wait_for(lambda: seat1(b)["stand_in"], 3)  # and process b shows it too


def cluster_kill_rounds(dsn: str, rounds: int, seed: int) -> None:
    """Three processes; each round the people (seats 0 and 1, two bots) sit at random
    processes, a random process is SIGKILLed a random moment into play and started
    again; at the end every acknowledged action is stored and every table replays."""
    import random
    import threading

    rng = random.Random(seed)
    ports = [free_port() for _ in range(3)]
    procs = {p: start_server(dsn, p) for p in ports}
    seats_played: dict[str, list[Seat]] = {}
    table: dict | None = None
    try:
        for _ in range(rounds):
            live = ports[0]
            if table is None or httpx2.get(f"http://127.0.0.1:{live}/api/tables/{table['table']}").json()["status"] == "over":
                table = httpx2.post(f"http://127.0.0.1:{live}/api/tables", json={"game": "shedding", "seats": TWO_PEOPLE}).json()
                seats_played[table["table"]] = []
            victim = rng.choice(ports)
            killer = threading.Timer(rng.uniform(0.1, 0.6), procs[victim].send_signal, (signal.SIGKILL,))
            with ExitStack() as stack:
                seats = {i: join(stack, rng.choice(ports), table["table"], inv["token"])
                         for i, inv in enumerate(table["invites"])}
                seats_played[table["table"]] += seats.values()
                killer.start()
                try:
                    play_to_end(seats, lambda u: rng.choice(u["legal"]))
                except (ConnectionClosed, TimeoutError, OSError):
                    pass
                killer.join()
            procs[victim].wait()
            procs[victim] = start_server(dsn, victim)
    finally:
        for p in procs.values():
            p.kill()
            p.wait()
    assert sum(check_stored(dsn, t, s) for t, s in seats_played.items()) > 0


def test_sigkill_of_any_process_loses_nothing_acknowledged(pg_dsn):
    cluster_kill_rounds(pg_dsn, rounds=2, seed=1)


@pytest.mark.slow
def test_sigkill_soak_across_processes(pg_dsn):
    cluster_kill_rounds(pg_dsn, rounds=12, seed=2)


def test_the_host_at_another_process_hands_an_absent_seat_to_the_owners_stand_in(pg_dsn):
    with processes(pg_dsn, 2) as [(a, _), (b, _)]:
        t = httpx2.post(f"http://127.0.0.1:{a}/api/tables", json={"game": "shedding", "seats": TWO_PEOPLE}).json()
        table = t["table"]
        with ExitStack() as stack:
            s0 = join(stack, a, table, t["invites"][0]["token"])  # process a owns the table
            with connect(f"ws://127.0.0.1:{a}/ws/{table}") as ws:
                s1 = Seat(SyncSocket(ws))
                s1.send({"type": "hello", "token": t["invites"][1]["token"]})
                s1.until(lambda m: m["type"] == "update")
            with connect(f"ws://127.0.0.1:{b}/ws/{table}") as ws:
                host = Seat(SyncSocket(ws))
                host.send({"type": "hello", "host": t["host"]})
                host.until(lambda m: m["type"] == "update")
                for attempt in range(10):  # until process b has heard that seat 1 left process a
                    host.send({"type": "host", "do": "replace", "seat": 1, "id": attempt})
                    reply = host.until(lambda m: m["type"] == "error" or m["type"] == "update")
                    if reply["type"] == "update":
                        break
                    assert reply["code"] == "not_absent", reply
                    time.sleep(0.3)
                s0.until(lambda m: m["type"] == "update" and m["seats"][1]["stand_in"])


def _mover(conns: dict[int, list[Seat]]) -> tuple[list[Seat], dict]:
    """The connections of the seat to act, and the action it will make."""
    for s in conns.values():
        u = s[0].until(lambda m: m["type"] == "update" and m["status"] == "playing") \
            if not (s[0].last and s[0].last["status"] == "playing") else s[0].last
        if u["legal"]:
            return s, u["legal"][0]
    raise AssertionError("nobody to act")


def test_an_act_sent_again_at_another_process_is_answered_not_played_again(pg_dsn):
    """Issue 38, item 2: the first process stored the act; the re-send reaches the second."""
    with processes(pg_dsn, 2) as [(a, _), (b, _)]:
        t = httpx2.post(f"http://127.0.0.1:{a}/api/tables", json={"game": "shedding", "seats": TWO_PEOPLE}).json()
        tokens = [i["token"] for i in t["invites"]]
        with ExitStack() as stack:
            conns = {i: [join(stack, a, t["table"], tokens[i]), join(stack, b, t["table"], tokens[i])] for i in (0, 1)}
            (at_a, at_b), action = _mover(conns)
            first = at_a.act(action, ref="once")
            assert first["type"] == "ack"
            assert at_b.act(action, ref="once") == first
        stored = open_store(pg_dsn).load(t["table"])
        assert stored is not None and [x for x in stored.actions if "seat" in x] == [action]


def test_one_act_sent_to_two_processes_at_once_is_stored_once_and_answered_alike(pg_dsn):
    """Both processes judge the same act at the same moment (the actions table is held locked
    while they do); the database lets one store it, and the other answers with its ack."""
    import psycopg

    with processes(pg_dsn, 2) as [(a, _), (b, _)]:
        t = httpx2.post(f"http://127.0.0.1:{a}/api/tables", json={"game": "shedding", "seats": TWO_PEOPLE}).json()
        tokens = [i["token"] for i in t["invites"]]
        with ExitStack() as stack:
            conns = {i: [join(stack, a, t["table"], tokens[i]), join(stack, b, t["table"], tokens[i])] for i in (0, 1)}
            (at_a, at_b), action = _mover(conns)
            with psycopg.connect(pg_dsn) as other:  # a transaction: the lock holds until commit
                other.execute("LOCK TABLE actions IN EXCLUSIVE MODE")
                for s in (at_a, at_b):
                    s.send({"type": "act", "id": "both", "action": action})
                time.sleep(1.5)  # both have judged it and wait to store it
            replies = [s.reply() for s in (at_a, at_b)]
        assert replies[0] == replies[1] and replies[0]["type"] == "ack", replies
        stored = open_store(pg_dsn).load(t["table"])
        assert stored is not None and [x for x in stored.actions if "seat" in x] == [action]


def test_every_process_counts_down_to_a_stand_in(pg_dsn):
    """Issue 38, item 5: the countdown to a stand-in (``stand_in_in``) was known only where the
    grace period runs (the table's owner): a page connected to another process saw "away" alone."""
    with processes(pg_dsn, 2, grace=60.0) as [(a, _), (b, _)]:
        t = httpx2.post(f"http://127.0.0.1:{a}/api/tables", json={"game": "shedding", "seats": TWO_PEOPLE}).json()
        watch = t["spectate"].split("#w.", 1)[1]
        with ExitStack() as stack:
            join(stack, a, t["table"], t["invites"][0]["token"])  # process a loads it first: it owns it
            with ExitStack() as bo_at_b:
                join(bo_at_b, b, t["table"], t["invites"][1]["token"])
                w = Seat(SyncSocket(stack.enter_context(connect(f"ws://127.0.0.1:{b}/ws/{t['table']}"))))
                w.send({"type": "hello", "watch": watch, "since": 0})
                w.until(lambda m: m["type"] == "update" and m["status"] == "playing")
            # Bo went; the owner starts his grace period, and the page at b counts it down too
            u = w.until(lambda m: m["type"] == "update" and m["seats"][1]["stand_in_in"] is not None)
            assert 0 < u["seats"][1]["stand_in_in"] <= 60 and not u["seats"][1]["connected"]
