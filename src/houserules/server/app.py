"""The FastAPI application: the HTTP API (create, list and inspect tables),
the WebSocket endpoint every seat and spectator plays through, and the
static browser client.

HTTP is only for things that happen once (creating a table, the lobby's
lists); everything during a game goes over the table's WebSocket so that the
server can push views and events the moment they exist.
"""

from __future__ import annotations

import asyncio
import gc
import json
import logging
import sqlite3
from collections.abc import AsyncIterator, Callable, Mapping
from contextlib import asynccontextmanager, suppress
from dataclasses import dataclass, field
from pathlib import Path
from typing import Annotated, Any

from fastapi import Body, FastAPI, Header, HTTPException, Request, WebSocket, WebSocketDisconnect
from fastapi.exception_handlers import http_exception_handler
from fastapi.responses import FileResponse, HTMLResponse, Response
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, Field, JsonValue
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.routing import Match, Route

from ..bots import LEVELS, POLICY, bot_kinds, default_bot
from ..engine import registry
from ..engine.registry import FirstGame, GameSpec
from ..engine.core import GameError
from ..rules_pages import as_html, doc_text, markdown_html
from .gate import Gate, party
from .limits import Admission, Buckets
from .live import IDLE, MAX_TABLES, Client, Hub, LiveTable, Unavailable, encode
from .protocol import MAX_MESSAGE, ProtocolError, error, parse
from .replays import frames, keep, kept
from .stores import join_cluster, open_store

WEB = Path(__file__).resolve().parent.parent / "web"
#: a spectator link's fragment starts with this, then the table's spectator key
WATCH_PREFIX = "w."
log = logging.getLogger("houserules.server")


@dataclass
class ServerConfig:
    """How a server runs; the ``serve`` command's options map onto these."""

    #: a SQLite file's path, or postgresql://USER@HOST/DB (stores.py)
    db: Path | str
    bot_delay: float = 0.4
    sync: str = "normal"
    rate: float = 20.0
    burst: float = 40.0
    max_message: int = MAX_MESSAGE
    hello_timeout: float = 10.0
    #: rate-limited messages a connection may send before it is closed
    strikes: int = 200
    #: chat lines a second one party may say (in all, at every table), after a burst of ``chat_burst``
    chat_rate: float = 0.5
    chat_burst: float = 5.0
    #: seconds a disconnected player's seat waits before a stand-in bot plays it
    grace: float = 45.0
    #: seconds a connected person may sit on a decision at a table without a turn clock before a
    #: bot makes it for them (0 or None: for ever)
    idle: float | None = IDLE
    #: new tables per client address: a burst of ``create_burst``, then ``create_rate`` a minute
    create_rate: float = 10.0
    create_burst: float = 20.0
    #: unfinished tables (created in the last day) the server holds at most
    max_open_tables: int = 1000
    #: ... and one party (an address's network: gate.party) at most
    max_open_per_party: int = 20
    #: largest HTTP request body (bytes); larger ones are answered 413
    max_body: int = 64 * 1024
    #: tables held in memory; idle ones beyond this leave it and are reloaded on demand
    max_tables: int = MAX_TABLES
    #: the address the server was asked to listen on (a name there is a Host it answers to)
    host: str = "127.0.0.1"
    #: origins (https://name[:port]) whose pages may use the server besides its own, e.g. behind a proxy
    allow_origins: tuple[str, ...] = ()
    #: further host names the server answers to (a proxy's name for it); IP addresses and localhost always
    allow_hosts: tuple[str, ...] = ()
    #: trained policies offered as bots, by game and name (``bots.policy.shelf`` of ``--policies DIR``)
    policies: Mapping[str, Mapping[str, str]] = field(default_factory=dict)


# --- HTTP shapes (they make the OpenAPI schema at /openapi.json) -------------
class ErrorDetail(BaseModel):
    detail: str = Field(description="what was wrong, for people")


#: every error answer the HTTP API gives, for the OpenAPI schema; each endpoint lists its own
HTTP_ERRORS: dict[int, str] = {
    400: "the request is not acceptable (the detail says why): unknown game, bad options or seats, "
         "a Host header that does not name this server",
    403: "the request came from a web page of another origin (see `--allow-origin`), or a private table's "
         "replay was asked for without one of the table's secrets",
    404: "no such table (or game)",
    409: "the game is not over yet: its replay opens when it is",
    413: "the request body is larger than the server accepts",
    429: "too many new tables from this address: slow down and try again soon",
    500: "the table is stored but no longer replays on this server (other tables are not affected)",
    503: "the server cannot take this now: its storage failed (full or read-only disk, damaged file), or it "
         "holds as many open tables as it can; nothing changed",
}


def errors(*codes: int) -> dict[int | str, dict[str, Any]]:
    """The ``responses`` entry documenting these error answers, all ``{"detail": ...}``."""
    return {code: {"model": ErrorDetail, "description": HTTP_ERRORS[code]} for code in codes}


#: what any request may be answered before an endpoint sees it (gate.py; 413 only where there is a body)
GATE_ERRORS = (400, 403)


class OptionChoice(BaseModel):
    value: Any
    words: str


class OptionInfo(BaseModel):
    """One option in words, from the game's schema (``engine.options.Option``): the lobby draws its
    form from these and nothing else."""

    key: str
    label: str
    help: str = Field(description="one sentence saying what the option does")
    type: str = Field(description="bool, int, number, choice, seat, list, json or text")
    clause: str = Field(description="the rules-page clause that sets it (empty: none)")
    low: float | None = None
    high: float | None = None
    unit: str = ""
    choices: list[OptionChoice] = Field(description="the named values of a choice, with their words")
    advanced: bool = Field(description="shown under the lobby's Advanced (what a newcomer never needs)")
    by_default: str | None = Field(description="the default in words where it depends on the table (the player "
                                               "count): the lobby leaves the option empty, which keeps it")
    allowed: str = Field(description="what it accepts, in words")
    default: str = Field(description="the default, in words")


class FirstGameInfo(BaseModel):
    options: dict[str, Any] = Field(description="the options a first table sets (the rest keep their defaults)")
    pitch: str = Field(description="why, in a sentence or two")


class GameInfo(BaseModel):
    name: str
    title: str
    bots: list[str] = Field(description="bot kinds that can fill a seat (a search bot also takes a budget: ismcts:200, ismcts:0.5s)")
    levels: dict[str, str] = Field(description="the strengths a person picks a bot by (beginner, club, strong), "
                                               "each a bot spec that may fill a seat, with what it means in words")
    default_bot: str = Field(description="the bot a seat gets unless someone chooses another (a strength: club)")
    options: dict[str, Any] = Field(description="the game's options with their defaults")
    option_words: list[OptionInfo] = Field(description="each option in words, in the order of options")
    seats: int = Field(description="seats with the default options")
    client_module: bool = Field(description="the browser has a rendering module for it (else a generic one)")
    first_game: FirstGameInfo | None = Field(None, description="settings the lobby offers a newcomer's first table")




class SeatSpec(BaseModel):
    name: str | None = Field(None, max_length=80)
    bot: str | None = Field(None, description="a bot spec (a kind, or ismcts:ITERATIONS / ismcts:SECONDSs), or null for a person")


#: the schema names the games (aliases are accepted too), so that a request it allows names one
GAME_NAMES: list[JsonValue] = [name for name in registry.names()]


class CreateTable(BaseModel):
    game: str = Field(json_schema_extra={"enum": GAME_NAMES})
    options: dict[str, Any] = Field(default_factory=dict)
    seats: list[SeatSpec] | None = Field(None, description="one per seat; default: every seat a person")
    seed: int | None = Field(None, ge=0, lt=2**63, description="deal seed (random if omitted)")
    clock: Any = Field(None, description='{"move_s": 30} or {"bank_s": 300, "increment_s": 5}; '
                                                            "absent: no clock")
    on_timeout: Any = Field(None, description='"bot" (default: a bot moves for the seat) or "forfeit"')
    listed: bool = Field(False, description="list the table in GET /api/tables (private otherwise)")


class Invite(BaseModel):
    seat: int
    name: str
    token: str = Field(description="the seat's secret: whoever holds it plays the seat")
    path: str = Field(description="the invite link's path; the token travels in the #fragment")


class Created(BaseModel):
    table: str
    game: str
    invites: list[Invite]
    spectate: str = Field(description="the spectator link's path; its secret key travels in the #fragment")
    host: str = Field(description="the host's secret: pause, resume, hand an absent player's seat to a bot")


class SeatPublic(BaseModel):
    seat: int
    name: str
    bot: str | None
    joined: bool
    connected: bool
    stand_in: bool = Field(False, description="a bot plays this person's seat until they are back")
    stand_in_in: float | None = Field(None, description="the person is away: seconds until a stand-in bot plays "
                                                       "their seat (null when none is coming)")


class TableSummary(BaseModel):
    id: str
    game: str
    title: str
    options: dict[str, Any]
    status: str = Field(description="waiting (for seats to join), playing or over")
    seats: list[SeatPublic]
    actions: int
    result: dict[str, Any] | None
    rematch: str | None
    rematch_offer: Any = Field(None, description="after the game: a rematch someone offered: {by, accepted, declined, "
                                                 "waiting} (seats); null when nobody has")
    clock: Any = Field(None, description="the turn clock and each deciding seat's time left")
    listed: bool = False


class Replay(BaseModel):
    table: str
    game: str
    title: str
    seat: int | None = Field(description="whose view the frames are (null: a spectator's)")
    seats: list[str] = Field(description="the seats' names")
    options: dict[str, Any] = Field(description="the options as anyone may know them once the game is over")
    result: dict[str, Any] | None
    listed: bool = Field(description="the table is listed: its replay opens for anyone, without a secret")
    frames: list[dict[str, Any]] = Field(description='the deal, then each moment that showed something: {"entry": '
                                                     'record entries carried out, "view": ..., "events": [...]}')


class TableListItem(BaseModel):
    id: str
    game: str
    created: float
    over: bool


def create_app(config: ServerConfig) -> FastAPI:
    """The houserules server for ``config``; the store opens when the app starts."""

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        store = open_store(config.db, config.sync)
        app.state.hub = Hub(store, config.bot_delay, config.grace, config.max_tables, config.idle or None,
                            config.policies)
        app.state.admission = Admission(store, config.create_rate, config.create_burst, config.max_open_tables,
                                        config.max_open_per_party)
        app.state.messages = Buckets(config.rate, config.burst)
        app.state.talk = Buckets(config.chat_rate, config.chat_burst)
        cluster = join_cluster(store, app.state.hub)
        # Everything imported so far lives as long as the server: move it out
        # of the collector's sight, so that full collections (which stop the
        # event loop, and so every table) scan only the games' own objects.
        gc.collect()
        gc.freeze()
        app.state.hub.spawn(app.state.hub.resume())  # tables in play go on without waiting for anyone
        try:
            yield
        finally:
            for task in list(app.state.hub.tasks):
                task.cancel()
            if cluster is not None:
                cluster.close()
            store.close()

    # No Swagger UI or ReDoc: they load their scripts from a CDN. /docs is the
    # protocol page, served from this server alone; /openapi.json stays.
    app = FastAPI(title="houserules", version="1", lifespan=lifespan, docs_url=None, redoc_url=None,
                  description="Play house-rule card games with friends: tables over HTTP, play over a "
                              "WebSocket at /ws/{table} (see docs/protocol.md).")

    # Every endpoint is ``async``: it runs on the event loop's one thread,
    # like the WebSocket handlers, so the hub and the SQLite connection are
    # never used from two threads at once (a plain ``def`` would run in a
    # thread pool).
    def hub() -> Hub:
        return app.state.hub  # type: ignore[no-any-return]

    def live_or_404(table_id: str) -> LiveTable:
        try:
            live = hub().get(table_id)
        except Unavailable as exc:
            raise HTTPException(exc.status, str(exc)) from None
        if live is None:
            raise HTTPException(404, f"no table {table_id!r}")
        return live

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, exc: StarletteHTTPException) -> Response:
        """FastAPI's answer, except that a 405's ``Allow`` lists every method the path takes:
        Starlette names only those of the first route that matched the path (``/api/tables``
        is two routes, GET and POST)."""
        if exc.status_code == 405:
            allowed: set[str] = set()
            for route in app.router.routes:
                if isinstance(route, Route) and route.matches(request.scope)[0] is not Match.NONE:
                    allowed |= route.methods or set()
            exc.headers = {**(exc.headers or {}), "Allow": ", ".join(sorted(allowed))}
        return await http_exception_handler(request, exc)

    app.add_middleware(Gate, served_host=config.host, allow_origins=config.allow_origins,
                       allow_hosts=config.allow_hosts, max_body=config.max_body)

    @app.get("/api/games", response_model=list[GameInfo], responses=errors(*GATE_ERRORS))
    async def games() -> list[GameInfo]:
        """Every game the server can host, with its bots and default options."""
        out = []
        for name in registry.names():
            g = registry.get(name)
            opts = g.options({})
            offered = [*bot_kinds(name), *(f"{POLICY}{p}" for p in sorted(config.policies.get(name, {})))]
            out.append(GameInfo(name=name, title=g.title, bots=offered, default_bot=default_bot(name),
                                levels=dict(LEVELS),
                                options=opts,
                                option_words=[OptionInfo(**o.to_json()) for o in g.option_schema],
                                seats=g.seats_for(opts), client_module=registry.spec(name).web,
                                first_game=first_game(registry.spec(name).first_game)))
        return out

    def first_game(preset: FirstGame | None) -> FirstGameInfo | None:
        return None if preset is None else FirstGameInfo(options=dict(preset.options), pitch=preset.pitch)

    def may_create(request: Request) -> str:
        """A burst of new tables from one party is fine; a flood gets 429, and so does a party
        holding ``max_open_per_party`` unfinished ones; the server holds at most
        ``max_open_tables`` (503). The party's tag, to store with the table."""
        try:
            tag: str = app.state.admission.admit(party(request.client.host if request.client else None))
        except Unavailable as exc:
            raise HTTPException(exc.status, str(exc)) from None
        return tag

    @app.post("/api/tables", response_model=Created, status_code=201, responses=errors(*GATE_ERRORS, 413, 429, 503))
    async def create_table(body: CreateTable, request: Request) -> Created:
        """Create a table; the answer holds one invite (with its secret token) per person's seat,
        the spectator link and the host's secret."""
        tag = may_create(request)
        try:
            g = registry.get(body.game)
            # The options may hold a rule book to check (Mao): in a worker thread, never on the
            # loop; its verdict is kept, so the checks of hub().create below only look it up.
            opts = await asyncio.to_thread(g.options, body.options)
            specs = [s.model_dump() for s in body.seats] if body.seats is not None else None
            if specs is None:
                specs = [{} for _ in range(g.seats_for(opts))]
            stored, tokens, keys = hub().create(body.game, body.options, specs, body.seed,
                                                clock=body.clock, on_timeout=body.on_timeout, listed=body.listed,
                                                party=tag)
        except GameError as exc:
            raise HTTPException(400, str(exc)) from None
        except Unavailable as exc:
            raise HTTPException(exc.status, str(exc)) from None
        invites = [Invite(seat=i, name=stored.seats[i].name, token=t, path=f"/t/{stored.id}#{t}")
                   for i, t in tokens.items()]
        return Created(table=stored.id, game=stored.game, invites=invites,
                       spectate=f"/t/{stored.id}#{WATCH_PREFIX}{keys['watch']}", host=keys["host"])

    @app.get("/api/tables", response_model=list[TableListItem], responses=errors(*GATE_ERRORS, 503))
    async def list_tables(limit: int = 50) -> list[dict[str, Any]]:
        """The newest listed tables (public facts only); private tables (the default) are not listed."""
        try:
            return hub().store.recent(max(1, min(limit, 200)))
        except sqlite3.Error:
            log.exception("could not list the tables")
            raise HTTPException(503, "the server could not read its storage; try again later") from None

    @app.get("/api/tables/{table_id}", response_model=TableSummary, responses=errors(*GATE_ERRORS, 404, 500, 503))
    async def table_summary(table_id: str) -> dict[str, Any]:
        """Public facts about one table: its seats, status and result."""
        live = live_or_404(table_id)
        async with live.lock:  # a move being made is shown once it is stored
            return live.summary()

    @app.get("/api/tables/{table_id}/replay", response_model=Replay,
             responses=errors(*GATE_ERRORS, 404, 409, 500, 503))
    async def table_replay(table_id: str, authorization: Annotated[str | None, Header()] = None) -> dict[str, Any]:
        """A finished game, move by move, as its viewer could see it at the table (server/replays.py).
        A private table's replay needs one of its secrets as ``Authorization: Bearer SECRET``: a seat's
        token (that seat's view), the spectator key or the host's secret (the spectator's view)."""
        live = live_or_404(table_id)
        secret = authorization[7:].strip() if authorization and authorization[:7].lower() == "bearer " else None
        seat = live.seat_for(secret) if secret and len(secret) <= 256 else None
        if seat is None and not (live.may_watch(secret) or live.is_host(secret)):
            raise HTTPException(403, "this table is private: its replay opens with the table's spectator link "
                                     "or a seat's invite")
        async with live.lock:
            if not live.table.over:
                raise HTTPException(409, "the game is not over yet: its replay opens when it is")
            actions = list(live.table.record.actions) if live.table.record else []
            names = [s.name for s in live.seats]
            summary = {"table": live.id, "game": live.table.game.name, "title": live.table.game.title, "seat": seat,
                       "seats": names, "options": live.public_options(),
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

    def declared(game: str, part: Callable[[GameSpec], str | None], what: str) -> str:
        """The ``"module:attribute"`` a game's spec names for ``what``: 404 for a game this server
        does not have, or one that declares none."""
        try:
            target = part(registry.spec(game))
        except GameError as exc:
            raise HTTPException(404, str(exc)) from None
        if target is None:
            raise HTTPException(404, f"{game} has no {what}")
        return target

    @app.post("/api/games/{game}/preview", responses=errors(*GATE_ERRORS, 400, 404, 413),
              openapi_extra={"requestBody": {"required": True, "content": {"application/json": {"schema": {
                  "anyOf": [registry.load(s.preview_body) for s in registry.specs().values() if s.preview_body],
                  "description": "the game's own (GameSpec.preview_body)"}}}}})
    def preview(game: str, body: Annotated[Any, Body()] = None) -> dict[str, Any]:
        """A game's own read-only answer for its browser module (``GameSpec.preview``; Mao: a rule
        being written, in plain words and tried on a sample hand). Nothing is stored or changed.
        A plain ``def``: the work runs in a worker thread, never on the event loop."""
        target = declared(game, lambda spec: spec.preview, "preview")
        try:
            answer: dict[str, Any] = registry.load(target)(body)
        except GameError as exc:
            raise HTTPException(400, str(exc)) from None
        return answer

    @app.get("/api/games/{game}/glossary", responses=errors(*GATE_ERRORS, 404))
    async def glossary(game: str) -> dict[str, Any]:
        """A game's names for what is on its table (``GameSpec.glossary``): its browser module
        reads them here, so that no phrase is written a second time in JavaScript."""
        words: dict[str, Any] = registry.load(declared(game, lambda spec: spec.glossary, "glossary"))
        return words

    @app.get("/api/rules/{game}", responses=errors(*GATE_ERRORS, 404))
    async def rules(game: str) -> dict[str, str]:
        """A game's "How to play" page for players: plain words first, then every clause (HTML)."""
        try:
            return {"game": registry.get(game).name, "title": registry.get(game).title, "html": as_html(game)}
        except GameError as exc:
            raise HTTPException(404, str(exc)) from None

    @app.get("/docs", include_in_schema=False, response_class=HTMLResponse)
    async def docs() -> str:
        """The protocol for client authors, as a page that needs nothing from the internet."""
        text = doc_text("protocol.md") or "# houserules\n\nThe HTTP API's schema is at [/openapi.json](/openapi.json).\n"
        return ('<!doctype html><html lang="en"><head><meta charset="utf-8"><title>houserules: protocol</title>'
                '<meta name="viewport" content="width=device-width, initial-scale=1">'
                '<link rel="stylesheet" href="/static/style.css"></head><body><main class="panel rules-page">'
                '<p><a href="/">houserules</a> · <a href="/openapi.json">OpenAPI schema</a></p>'
                + markdown_html(text) + "</main></body></html>")

    @app.websocket("/ws/{table_id}")
    async def play(websocket: WebSocket, table_id: str) -> None:
        await websocket.accept()
        await _serve_connection(websocket, table_id, hub(), config, app.state.messages, app.state.admission,
                                app.state.talk)

    @app.get("/", include_in_schema=False)
    @app.get("/t/{table_id}", include_in_schema=False)
    @app.get("/replay/{table_id}", include_in_schema=False)
    @app.get("/rules/{game}", include_in_schema=False)
    async def page(table_id: str | None = None, game: str | None = None) -> FileResponse:
        return FileResponse(WEB / "index.html")

    for spec in registry.specs().values():  # each game's browser module lives in its own package
        if spec.web:
            app.mount(f"/static/games/{spec.name}", StaticFiles(directory=spec.folder / "web"), name=spec.name)
    app.mount("/static", StaticFiles(directory=WEB), name="static")
    return app


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
        live = hub.get(table_id)
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
