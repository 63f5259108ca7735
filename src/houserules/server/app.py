"""The FastAPI application: the HTTP API (create, list and inspect tables),
the WebSocket endpoint every seat and spectator plays through, and the
static browser client.

HTTP is only for things that happen once (creating a table, the lobby's
lists); everything during a game goes over the table's WebSocket so that the
server can push views and events the moment they exist. The endpoints live in
api_games.py, api_house.py, api_tables.py and ws.py; this module assembles them.
"""

from __future__ import annotations

import gc
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

from fastapi import FastAPI, Request
from fastapi.exception_handlers import http_exception_handler
from fastapi.responses import FileResponse, Response
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.routing import Match, Route

from ..engine import registry
from ..rules_pages import images
from . import api_games, api_house, api_tables, ws
from .config import ServerConfig
from .gate import Gate
from .hub import Hub
from .limits import Admission, Buckets
from .stores import join_cluster, open_store

WEB = Path(__file__).resolve().parent.parent / "web"

__all__ = ["ServerConfig", "create_app"]
#: the endpoints, in the order the schema lists them
ROUTERS = (api_games.catalogue, api_tables.router, api_games.router, api_house.router, ws.router)


def create_app(config: ServerConfig) -> FastAPI:
    """The houserules server for ``config``; the store opens when the app starts."""
    # No Swagger UI or ReDoc: they load their scripts from a CDN. /docs is the
    # protocol page, served from this server alone; /openapi.json stays.
    app = FastAPI(title="houserules", version="1", lifespan=_lifespan, docs_url=None, redoc_url=None,
                  description="Play house-rule card games with friends: tables over HTTP, play over a "
                              "WebSocket at /ws/{table} (see docs/protocol.md).")
    app.state.config = config
    app.add_exception_handler(StarletteHTTPException, _http_error)
    app.add_middleware(Gate, served_host=config.host, allow_origins=config.allow_origins,
                       allow_hosts=config.allow_hosts, max_body=config.max_body)
    for router in ROUTERS:
        app.include_router(router)
    _pages(app)
    return app


@asynccontextmanager
async def _lifespan(app: FastAPI) -> AsyncIterator[None]:
    """Open the store and the hub of live tables; bring back the tables in play; close all at the end."""
    config: ServerConfig = app.state.config
    store = open_store(config.db, config.sync)
    app.state.hub = Hub(store, config.bot_delay, config.grace, config.max_tables, config.idle or None,
                        config.policies)
    app.state.admission = Admission(app.state.hub.io, config.create_rate, config.create_burst, config.max_open_tables,
                                    config.max_open_per_party, config.max_open_per_network, app.state.hub.make_room)
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
        app.state.hub.io.close()  # the store's calls under way end, then the store closes


async def _http_error(request: Request, exc: Exception) -> Response:
    """FastAPI's answer, except that a 405's ``Allow`` lists every method the path takes:
    Starlette names only those of the first route that matched the path (``/api/tables``
    is two routes, GET and POST)."""
    assert isinstance(exc, StarletteHTTPException)
    if exc.status_code == 405:
        allowed: set[str] = set()
        for route in [*request.app.router.routes, *(r for router in ROUTERS for r in router.routes)]:
            if isinstance(route, Route) and route.matches(request.scope)[0] is not Match.NONE:
                allowed |= route.methods or set()
        exc.headers = {**(exc.headers or {}), "Allow": ", ".join(sorted(allowed))}
    return await http_exception_handler(request, exc)


def _pages(app: FastAPI) -> None:
    """The browser client: its one page under every path a person opens, and its static files
    (each game's browser module from its own package)."""

    @app.get("/", include_in_schema=False)
    @app.get("/t/{table_id}", include_in_schema=False)
    @app.get("/replay/{table_id}", include_in_schema=False)
    @app.get("/rules/{game}", include_in_schema=False)
    async def page(table_id: str | None = None, game: str | None = None) -> FileResponse:
        return FileResponse(WEB / "index.html")

    pictures = images()
    if pictures is not None:  # a rules page at /rules/GAME shows img/NAME.png: /rules/img/NAME.png
        app.mount("/rules/img", StaticFiles(directory=pictures), name="rules-img")
    for spec in registry.specs().values():  # each game's browser module lives in its own package
        if spec.web:
            app.mount(f"/static/games/{spec.name}", StaticFiles(directory=spec.folder / "web"), name=spec.name)
    app.mount("/static", StaticFiles(directory=WEB), name="static")
