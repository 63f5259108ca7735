"""The HTTP API's shapes (they make the OpenAPI schema at /openapi.json) and its error answers."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, Field, JsonValue

from ..engine import registry


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
    410: "the table was closed to make room for new ones (nobody had touched it for longest while the server "
         "was full)",
    413: "the request body is larger than the server accepts",
    429: "too many new tables from this address, or unfinished ones held by this person or network: slow down, "
         "finish some, or try again soon",
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
    house: bool = Field(False, description="the game has a house-rule vocabulary: a table may write its own rules "
                                           "(GET /api/games/{game}/house), given as the house option")




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
    house: list[dict[str, str]] = Field([], description='the house rules the game was played by, each in words: '
                                                         '[{"id", "title", "words"}] (none without a book)')
    result: dict[str, Any] | None
    listed: bool = Field(description="the table is listed: its replay opens for anyone, without a secret")
    frames: list[dict[str, Any]] = Field(description='the deal, then each moment that showed something: {"entry": '
                                                     'record entries carried out, "view": ..., "events": [...]}')


class TableListItem(BaseModel):
    id: str
    game: str
    created: float
    over: bool
