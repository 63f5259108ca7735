"""Helpers for the server tests: an app on a temporary database, tables, and
a seat's WebSocket that can wait for the messages it expects."""

from __future__ import annotations

import itertools
import json
import multiprocessing
import os
import socket
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx2
from fastapi.testclient import TestClient

from houserules.server import ServerConfig, create_app
from houserules.server.config import UVICORN

#: where the server processes come from: a process that imported the server (and this module)
#: once, then forks one for each ``start_server``
_FORKS = multiprocessing.get_context("forkserver")
_FORKS.set_forkserver_preload([
    "server_helpers", "houserules.cli", "houserules.server.store_pg", "typer._click.decorators",
    # what uvicorn imports as it starts (a name this uvicorn lacks is skipped)
    "uvicorn", "uvicorn.loops.asyncio", "uvicorn.protocols.http.h11_impl",
    "uvicorn.protocols.websockets.websockets_sansio_impl", "rich._emoji_codes", "encodings.idna"])
#: numbers each connection's act ids apart from every other's
_CONNECTIONS = itertools.count()
#: 2 people (seats 0 and 1) and 2 bots
TWO_PEOPLE = [{"name": "Ann"}, {"name": "Bo"}, {"bot": "heuristic"}, {"bot": "random"}]


@contextmanager
def server(db: Path, **config: Any) -> Iterator[TestClient]:
    # Starlette's TestClient names the server "testserver" in its Host header.
    settings = {"bot_delay": 0.0, "rate": 1000.0, "burst": 1000.0, "create_rate": 1e6, "create_burst": 1e6,
                "max_open_tables": 10**6, "max_open_per_party": 10**6, "max_open_per_network": 10**6,
                "allow_hosts": ("testserver",), **config}
    with TestClient(create_app(ServerConfig(db=db, **settings))) as client:
        yield client


def create(client: TestClient, seats: list[dict[str, Any]] | None = None, seed: int = 7, game: str = "shedding",
           **options: Any) -> dict[str, Any]:
    r = client.post("/api/tables", json={"game": game, "options": options,
                                         "seats": TWO_PEOPLE if seats is None else seats, "seed": seed})
    assert r.status_code == 201, r.text
    out: dict[str, Any] = r.json()
    WATCH[out["table"]] = out["spectate"].split("#w.", 1)[1]
    return out


#: each table's spectator key, from the spectator links ``create`` was given
WATCH: dict[str, str] = {}

#: a game that keeps real time (Mao's delay of game, its reasonable time) at its quickest: a
#: play-through waits on those clocks, not on the server (at the defaults, a minute of waiting)
QUICK: dict[str, dict[str, Any]] = {"mao": {"delay_s": 0.5, "grace_s": 0.5}}


def hub(client: TestClient) -> Any:
    return client.app.state.hub  # type: ignore[attr-defined]


class Seat:
    """One WebSocket connection to a table, as a seat (token) or a spectator (None)."""

    def __init__(self, ws: Any):
        self.ws = ws
        self.seen: list[dict[str, Any]] = []
        self.last: dict[str, Any] | None = None
        #: (action sent, the server's answer) for every act
        self.acts: list[tuple[dict[str, Any], dict[str, Any]]] = []
        #: the id of the next act: each act its own, across connections too (the server remembers a
        #: seat's acts by id and action, on any of its connections: a repeat is answered, not replayed)
        self.next_id = next(_CONNECTIONS) * 100_000 + 1

    def send(self, msg: Any) -> None:
        self.ws.send_text(msg if isinstance(msg, str) else json.dumps(msg))

    def recv(self) -> dict[str, Any]:
        msg = self.ws.receive_json()
        self.seen.append(msg)
        if msg["type"] == "update":
            self.last = msg
        return msg

    def until(self, pred: Callable[[dict[str, Any]], bool]) -> dict[str, Any]:
        while True:
            msg = self.recv()
            if pred(msg):
                return msg

    def reply(self) -> dict[str, Any]:
        """The answer to the last request: an ack, error, pong or rematch (updates are kept in ``last``)."""
        return self.until(lambda m: m["type"] in ("ack", "error", "pong", "rematch"))

    def act(self, action: dict[str, Any], ref: int | None = None) -> dict[str, Any]:
        if ref is None:
            ref, self.next_id = self.next_id, self.next_id + 1
        while True:
            self.send({"type": "act", "id": ref, "action": action})
            reply = self.reply()
            if reply.get("code") != "rate_limited":
                break
            time.sleep(0.1)
        self.acts.append((action, reply))
        return reply

    def my_turn(self) -> dict[str, Any]:
        """The latest update if this seat may act in it (or the game is over), else wait for one."""
        if self.last is not None and (self.last["legal"] or self.last["status"] == "over"):
            return self.last
        return self.until(lambda m: m["type"] == "update" and (m["legal"] or m["status"] == "over"))


@contextmanager
def seat(client: TestClient, table: str, token: str | None, since: int = 0) -> Iterator[Seat]:
    with client.websocket_connect(f"/ws/{table}") as ws:
        s = Seat(ws)
        hello: dict[str, Any] = {"type": "hello", "since": since}
        if token is not None:
            hello["token"] = token
        elif table in WATCH:  # a spectator, with the table's spectator link
            hello["watch"] = WATCH[table]
        s.send(hello)
        first = s.recv()
        if first["type"] == "welcome":
            s.until(lambda m: m["type"] == "update")
        yield s


def prefer_play(update: dict[str, Any]) -> dict[str, Any]:
    """A simple player: declare the last card, else play the first playable card, else the first action."""
    legal = update["legal"]
    for kind in ("declare", "play"):
        for a in legal:
            if a["action"] == kind:
                return a
    return legal[0]


def is_update(m: dict[str, Any]) -> bool:
    return m["type"] == "update"


def play_to_end(seats: dict[int, Seat], choose: Callable[[dict[str, Any]], dict[str, Any]] = prefer_play,
                limit: int = 5000) -> dict[str, Any]:
    """The people at ``seats`` (Shedding: one seat acts at a time) play until the game ends.

    The first seat watches every update to learn whose turn it is; the seat
    to act reads up to that same update, acts and reads its ack."""
    watcher = next(iter(seats.values()))
    u = watcher.last
    assert u is not None
    for _ in range(limit):
        while u["status"] == "waiting" or (u["status"] == "playing" and u["view"]["turn"] not in seats):
            u = watcher.until(is_update)
        if u["status"] == "over":
            return u
        s = seats[u["view"]["turn"]]
        n = u["actions"]
        mine = s.last if s.last and s.last["actions"] == n and s.last["legal"] else s.until(
            lambda m: is_update(m) and m["actions"] == n and bool(m["legal"]))
        reply = s.act(choose(mine))
        assert reply["type"] == "ack", reply
        u = watcher.until(lambda m: is_update(m) and m["actions"] >= reply["actions"])
    raise AssertionError("the game did not end")


class SyncSocket:
    """A ``websockets`` client connection with the few methods ``Seat`` uses,
    so the same helpers drive a real server over loopback."""

    def __init__(self, conn: Any, timeout: float = 10.0):
        self.conn = conn
        self.timeout = timeout

    def send_text(self, text: str) -> None:
        self.conn.send(text)

    def send_bytes(self, data: bytes) -> None:
        self.conn.send(data)

    def receive_json(self) -> Any:
        return json.loads(self.conn.recv(timeout=self.timeout))


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class ServerProcess(_FORKS.Process):
    """A server process as the tests stop it: ``kill``, ``send_signal`` (SIGKILL) and ``wait``."""

    def send_signal(self, sig: int) -> None:
        os.kill(self.pid, sig)

    def wait(self) -> None:
        self.join()


def _serve(args: list[str]) -> None:
    """In a forked server process: ``houserules serve ARGS``, the command line's own code, its
    words to the terminal dropped."""
    quiet = os.open(os.devnull, os.O_WRONLY)
    os.dup2(quiet, 1)
    os.dup2(quiet, 2)
    from houserules.cli import app

    app(["serve", *args], prog_name="houserules")


def start_server(db: Path | str, port: int, bot_delay: float = 0.0, grace: float = 45.0) -> ServerProcess:
    """``houserules serve`` in its own process, once it answers HTTP. The process is forked from
    one that imported the server once (``_FORKS``): a fresh interpreter imported it again, two
    seconds of CPU for each of the suite's server processes."""
    proc = ServerProcess(target=_serve, daemon=True, args=(["--port", str(port), "--db", str(db),
                                                           "--bot-delay", str(bot_delay), "--grace", str(grace)],))
    proc.start()
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            httpx2.get(f"http://127.0.0.1:{port}/api/games", timeout=1).raise_for_status()
            return proc
        except httpx2.HTTPError:
            time.sleep(0.05)
    proc.kill()
    raise AssertionError("the server did not start")


@contextmanager
def served(db: Path, bot_delay: float = 0.0, grace: float = 45.0) -> Iterator[str]:
    """The server as ``houserules serve`` runs it (uvicorn, its settings), in a thread of this
    process, at its URL: for tests that need a real HTTP server and never stop it. A process of
    its own (``start_server``) imports the server afresh, a second and a half of CPU each time."""
    import threading

    import uvicorn

    port = free_port()
    app = create_app(ServerConfig(db=db, bot_delay=bot_delay, grace=grace))
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, **UVICORN))
    thread = threading.Thread(target=server.run, name=f"server:{port}", daemon=True)
    thread.start()
    deadline = time.monotonic() + 30
    while not server.started:
        if time.monotonic() > deadline or not thread.is_alive():
            raise AssertionError("the server did not start")
        time.sleep(0.02)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(timeout=30)
