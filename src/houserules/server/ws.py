"""The WebSocket every seat and spectator plays through (``/ws/{table}``): the ``hello``, the
sender that writes each connection's queue, the per-seat message allowance, and the dispatch of
each message to the live table (docs/protocol.md)."""

from __future__ import annotations

import asyncio
import json
import logging
from contextlib import suppress
from typing import Any

from fastapi import APIRouter, WebSocket, WebSocketDisconnect

from .clients import Client, Unavailable, encode
from .config import ServerConfig
from .gate import party
from .hub import Hub
from .limits import Admission, Buckets
from .live import LiveTable
from .protocol import ProtocolError, error, parse

log = logging.getLogger("houserules.server")
router = APIRouter()


@router.websocket("/ws/{table_id}")
async def play(websocket: WebSocket, table_id: str) -> None:
    await websocket.accept()
    state = websocket.app.state
    await _serve_connection(websocket, table_id, state.hub, state.config, state.messages, state.admission,
                            state.talk)


async def _receive(websocket: WebSocket) -> str | bytes | None:
    """The next frame's payload; WebSocketDisconnect when the client has gone."""
    frame = await websocket.receive()
    if frame["type"] == "websocket.disconnect":
        raise WebSocketDisconnect(frame.get("code", 1000))
    text = frame.get("text")
    return text if text is not None else frame.get("bytes")


async def _hello(websocket: WebSocket, live: LiveTable, config: ServerConfig) -> tuple[Client, int] | None:
    """The first message must be ``hello``: with a seat token to play, without one to watch."""
    try:
        msg = parse(await asyncio.wait_for(_receive(websocket), config.hello_timeout), config.max_message)
        if msg["type"] != "hello":
            raise ProtocolError("hello_first", "say hello first: {\"type\": \"hello\", \"token\": ...}")
    except ProtocolError as exc:
        await _refuse(websocket, exc.code, exc.message)
        return None
    except TimeoutError:
        await _refuse(websocket, "hello_first", "no hello in time")
        return None
    token = msg.get("token")
    seat = None
    host = live.is_host(msg.get("host"))
    if token is not None:
        seat = live.seat_for(token) if isinstance(token, str) and len(token) <= 256 else None
        if seat is None:
            await _refuse(websocket, "bad_token", "that token is not a seat at this table")
            return None
    elif not host and not live.may_watch(msg.get("watch")):
        await _refuse(websocket, "private", "this table is private: open its spectator link to watch")
        return None
    since = msg.get("since", 0)
    who = party(websocket.client.host if websocket.client else None)
    return (Client(seat, host=host, party=who, naming=msg.get("naming") is True),
            since if isinstance(since, int) and not isinstance(since, bool) else 0)


async def _refuse(websocket: WebSocket, code: str, message: str) -> None:
    with suppress(Exception):
        await websocket.send_text(json.dumps(error(code, message)))
        await websocket.close(1008)


async def _sender(websocket: WebSocket, client: Client) -> None:
    """Write the client's queued messages in order; None closes the socket."""
    with suppress(Exception):
        while True:
            msg = await client.queue.get()
            if msg is None:
                await websocket.close(1012)
                return
            await websocket.send_text(msg if isinstance(msg, str) else encode(msg))


async def _table(websocket: WebSocket, table_id: str, hub: Hub) -> LiveTable | None:
    """The live table, or None once the client has been sent why not (and closed)."""
    try:
        live = await hub.fetch(table_id)
    except Unavailable as exc:
        await _refuse(websocket, "unavailable", str(exc))
        return None
    if live is None:
        await _refuse(websocket, "no_table", f"no table {table_id!r}")
    return live


async def _serve_connection(websocket: WebSocket, table_id: str, hub: Hub, config: ServerConfig,
                            messages: Buckets, admission: Admission, talk: Buckets) -> None:
    live = await _table(websocket, table_id, hub)
    if live is None:
        return
    hello = await _hello(websocket, live, config)
    if hello is None:
        return
    # While the client took its time to say hello, an idle table may have left memory.
    live = await _table(websocket, table_id, hub) if live.evicted else live
    if live is None:
        return
    client, since = hello
    try:
        await live.join(client, since)
    except ProtocolError as exc:
        await _refuse(websocket, exc.code, exc.message)
        return
    sender = asyncio.create_task(_sender(websocket, client))
    strikes = 0
    try:
        while not sender.done():
            payload = await _receive(websocket)
            # one allowance per seat, however many connections hold its token; per party for spectators
            if not messages.allow((live.id, client.seat) if client.seat is not None else ("watch", client.party)):
                strikes += 1
                if strikes > config.strikes:  # not a burst but abuse: say so, then close
                    client.send(error("abuse", "too many messages over the limit: this connection is closed"))
                    break
                client.send(error("rate_limited", f"slow down: at most {config.rate:g} messages a second"))
                continue
            ref = None
            try:
                msg = parse(payload, config.max_message)
                ref = msg.get("id")
                await _dispatch(live, client, msg, ref, admission, talk)
            except ProtocolError as exc:
                client.send(error(exc.code, exc.message, ref))
            except Exception:  # a bug: the connection says so and lives on
                log.exception("table %s: failed on a message", table_id)
                client.send(error("internal", "the server failed on that message; reconnect if things look "
                                  "wrong", ref))
    except WebSocketDisconnect:
        pass
    finally:
        client.close()
        await live.drop(client)
        with suppress(asyncio.CancelledError, TimeoutError):
            await asyncio.wait_for(sender, 1.0)


async def _dispatch(live: LiveTable, client: Client, msg: dict[str, Any], ref: Any, admission: Admission,
                    talk: Buckets) -> None:
    kind = msg["type"]
    if kind == "act":
        await live.attempt(client, msg.get("action"), ref)
    elif kind == "rematch":
        await live.request_rematch(client, admission.admit, msg.get("accept", True) is not False)
    elif kind == "leave":
        await live.leave(client)
    elif kind == "ping":
        client.send({"type": "pong", "id": ref})
    elif kind == "host":
        await live.host_command(client, msg)
    elif kind == "chat":
        if not talk.allow(client.party):  # one allowance per party, whatever its tables and seats
            raise ProtocolError("rate_limited", f"slow down: at most {talk.burst:g} chat lines at once, then "
                                                f"one every {1 / talk.rate:g} seconds")
        await live.say(client, msg.get("text"))
    elif kind == "name":
        await live.name_seat(client, msg.get("name"))
    else:  # hello
        raise ProtocolError("already_said_hello", "this connection has already said hello")
