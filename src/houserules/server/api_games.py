"""The HTTP API's game pages: what the server can host (``/api/games``), each game's own read-only
answers for its browser module (preview, glossary), its rules page, and the protocol page."""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated, Any

from fastapi import APIRouter, Body, HTTPException, Request
from fastapi.responses import HTMLResponse

from ..bots import LEVELS, POLICY, bot_kinds, default_bot
from ..engine import registry
from ..engine.core import GameError
from ..engine.registry import FirstGame, GameSpec
from ..rules_pages import as_html, doc_text, markdown_html
from .schemas import GATE_ERRORS, FirstGameInfo, GameInfo, OptionInfo, errors

#: ``/api/games`` (first in the schema, as the lobby reads it first); ``router``: the rest
catalogue = APIRouter()
router = APIRouter()


@catalogue.get("/api/games", response_model=list[GameInfo], responses=errors(*GATE_ERRORS))
async def games(request: Request) -> list[GameInfo]:
    """Every game the server can host, with its bots and default options."""
    policies = request.app.state.config.policies
    out = []
    for name in registry.names():
        g = registry.get(name)
        opts = g.options({})
        offered = [*bot_kinds(name), *(f"{POLICY}{p}" for p in sorted(policies.get(name, {})))]
        out.append(GameInfo(name=name, title=g.title, bots=offered, default_bot=default_bot(name),
                            levels=dict(LEVELS),
                            options=opts,
                            option_words=[OptionInfo(**o.to_json()) for o in g.option_schema],
                            seats=g.seats_for(opts), client_module=registry.spec(name).web,
                            first_game=first_game(registry.spec(name).first_game),
                            house=g.vocabulary is not None))
    return out


def first_game(preset: FirstGame | None) -> FirstGameInfo | None:
    return None if preset is None else FirstGameInfo(options=dict(preset.options), pitch=preset.pitch)


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


@router.post("/api/games/{game}/preview", responses=errors(*GATE_ERRORS, 400, 404, 413),
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


@router.get("/api/games/{game}/glossary", responses=errors(*GATE_ERRORS, 404))
async def glossary(game: str) -> dict[str, Any]:
    """A game's names for what is on its table (``GameSpec.glossary``): its browser module
    reads them here, so that no phrase is written a second time in JavaScript."""
    words: dict[str, Any] = registry.load(declared(game, lambda spec: spec.glossary, "glossary"))
    return words


@router.get("/api/rules/{game}", responses=errors(*GATE_ERRORS, 404))
async def rules(game: str) -> dict[str, str]:
    """A game's "How to play" page for players: plain words first, then every clause (HTML)."""
    try:
        return {"game": registry.get(game).name, "title": registry.get(game).title, "html": as_html(game)}
    except GameError as exc:
        raise HTTPException(404, str(exc)) from None


@router.get("/docs", include_in_schema=False, response_class=HTMLResponse)
async def docs() -> str:
    """The protocol for client authors, as a page that needs nothing from the internet."""
    text = doc_text("protocol.md") or "# houserules\n\nThe HTTP API's schema is at [/openapi.json](/openapi.json).\n"
    return ('<!doctype html><html lang="en"><head><meta charset="utf-8"><title>houserules: protocol</title>'
            '<meta name="viewport" content="width=device-width, initial-scale=1">'
            '<link rel="stylesheet" href="/static/style.css"></head><body><main class="panel rules-page">'
            '<p><a href="/">houserules</a> · <a href="/openapi.json">OpenAPI schema</a></p>'
            + markdown_html(text) + "</main></body></html>")
