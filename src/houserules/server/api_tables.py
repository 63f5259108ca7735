"""The HTTP API's tables: create one (its invites, spectator link and host secret), list the
listed ones, a table's public summary, and a finished game's replay."""

from __future__ import annotations

import asyncio
import logging
import sqlite3
from typing import Annotated, Any

from fastapi import APIRouter, Header, HTTPException, Request

from ..engine import registry
from ..engine.core import GameError
from ..engine.house.form import said
from .clients import Unavailable
from .gate import party
from .hub import Hub
from .limits import person
from .live import LiveTable
from .replays import frames, keep, kept
from .store import token_hash
from .schemas import GATE_ERRORS, Created, CreateTable, Invite, Replay, TableListItem, TableSummary, errors

#: a spectator link's fragment starts with this, then the table's spectator key
WATCH_PREFIX = "w."
log = logging.getLogger("houserules.server")
router = APIRouter()


# Every endpoint is ``async``: it runs on the event loop's one thread, like the WebSocket
# handlers, so the hub and the SQLite connection are never used from two threads at once
# (a plain ``def`` would run in a thread pool).
def hub(request: Request) -> Hub:
    return request.app.state.hub  # type: ignore[no-any-return]


async def live_or_404(request: Request, table_id: str) -> LiveTable:
    try:
        live = await hub(request).fetch(table_id)
    except Unavailable as exc:
        raise HTTPException(exc.status, str(exc)) from None
    if live is None:
        raise HTTPException(404, f"no table {table_id!r}")
    return live


def bearer(authorization: str | None) -> str | None:
    """The secret of an ``Authorization: Bearer SECRET`` header (None: none, or too long to be one)."""
    secret = authorization[7:].strip() if authorization and authorization[:7].lower() == "bearer " else None
    return secret if secret and len(secret) <= 256 else None


async def may_create(request: Request, authorization: str | None) -> dict[str, str]:
    """A burst of new tables from one party is fine; a flood gets 429, and so does a person
    holding ``max_open_per_party`` unfinished ones (a network ``max_open_per_network``); a
    server holding ``max_open_tables`` closes the one untouched longest, else says 503. A
    seat's token as ``Authorization: Bearer TOKEN`` proves who the person is (limits.py). The
    tags to store with the table."""
    hub_, secret = hub(request), bearer(authorization)
    try:
        seat = await hub_.io.read(hub_.store.seat_of, token_hash(secret)) if secret else None
    except sqlite3.Error:
        seat = None  # counted as the address: the limits still hold
    try:
        tags: dict[str, str] = await request.app.state.admission.admit(
            party(request.client.host if request.client else None), person(*seat) if seat else None)
    except Unavailable as exc:
        raise HTTPException(exc.status, str(exc)) from None
    return tags


@router.post("/api/tables", response_model=Created, status_code=201, responses=errors(*GATE_ERRORS, 413, 429, 503))
async def create_table(body: CreateTable, request: Request,
                       authorization: Annotated[str | None, Header()] = None) -> Created:
    """Create a table; the answer holds one invite (with its secret token) per person's seat,
    the spectator link and the host's secret. ``Authorization: Bearer TOKEN`` with a seat's
    invite token (of any table here) counts the table against that person, not the address."""
    tags = await may_create(request, authorization)
    try:
        g = registry.get(body.game)
        # The options may hold a rule book to check (Mao): in a worker thread, never on the
        # loop; its verdict is kept, so the checks of hub().create below only look it up.
        opts = await asyncio.to_thread(g.options, body.options)
        specs = [s.model_dump() for s in body.seats] if body.seats is not None else None
        if specs is None:
            specs = [{} for _ in range(g.seats_for(opts))]
        stored, tokens, keys = await hub(request).create(body.game, body.options, specs, body.seed,
                                                   clock=body.clock, on_timeout=body.on_timeout,
                                                   listed=body.listed, party=tags)
    except GameError as exc:
        raise HTTPException(400, str(exc)) from None
    except Unavailable as exc:
        raise HTTPException(exc.status, str(exc)) from None
    invites = [Invite(seat=i, name=stored.seats[i].name, token=t, path=f"/t/{stored.id}#{t}")
               for i, t in tokens.items()]
    return Created(table=stored.id, game=stored.game, invites=invites,
                   spectate=f"/t/{stored.id}#{WATCH_PREFIX}{keys['watch']}", host=keys["host"])


@router.get("/api/tables", response_model=list[TableListItem], responses=errors(*GATE_ERRORS, 503))
async def list_tables(request: Request, limit: int = 50) -> list[dict[str, Any]]:
    """The newest listed tables (public facts only); private tables (the default) are not listed."""
    try:
        store = hub(request).store
        return await hub(request).io.read(store.recent, max(1, min(limit, 200)))
    except sqlite3.Error:
        log.exception("could not list the tables")
        raise HTTPException(503, "the server could not read its storage; try again later") from None


@router.get("/api/tables/{table_id}", response_model=TableSummary,
            responses=errors(*GATE_ERRORS, 404, 410, 500, 503))
async def table_summary(request: Request, table_id: str) -> dict[str, Any]:
    """Public facts about one table: its seats, status and result."""
    live = await live_or_404(request, table_id)
    async with live.lock:  # a move being made is shown once it is stored
        return live.summary()


@router.get("/api/tables/{table_id}/replay", response_model=Replay,
            responses=errors(*GATE_ERRORS, 404, 409, 410, 500, 503))
async def table_replay(request: Request, table_id: str,
                       authorization: Annotated[str | None, Header()] = None) -> dict[str, Any]:
    """A finished game, move by move, as its viewer could see it at the table (server/replays.py).
    A private table's replay needs one of its secrets as ``Authorization: Bearer SECRET``: a seat's
    token (that seat's view), the spectator key or the host's secret (the spectator's view)."""
    live = await live_or_404(request, table_id)
    secret = bearer(authorization)
    seat = live.seat_for(secret) if secret else None
    if seat is None and not (live.may_watch(secret) or live.is_host(secret)):
        raise HTTPException(403, "this table is private: its replay opens with the table's spectator link "
                                 "or a seat's invite")
    async with live.lock:
        if not live.table.over:
            raise HTTPException(409, "the game is not over yet: its replay opens when it is")
        actions = list(live.table.record.actions) if live.table.record else []
        names = [s.name for s in live.seats]
        vocab = live.table.game.vocabulary
        summary = {"table": live.id, "game": live.table.game.name, "title": live.table.game.title, "seat": seat,
                   "seats": names, "options": live.public_options(),
                   "house": said(live.table.options, vocab) if vocab is not None else [],
                   "result": live.table.record.result if live.table.record else None, "listed": live.listed}
    replay: dict[str, Any] | None = kept(live.id, seat, len(actions))
    if replay is None:
        stored = live.table
        try:  # the whole record carried out again: in a worker thread, never on the loop
            made = await asyncio.to_thread(frames, stored.game.name, stored.options, stored.seed, names,
                                           actions, live.settings, seat)
        except Exception:
            log.exception("table %s: its record does not replay", live.id)
            raise HTTPException(500, f"table {live.id}'s game no longer replays on this server") from None
        replay = {**summary, "frames": made}
        keep(live.id, seat, len(actions), replay)
    return replay
