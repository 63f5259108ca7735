"""How a server runs: ``ServerConfig``, onto which the ``serve`` command's options map."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import TypedDict

from .hub import MAX_TABLES
from .moving import IDLE
from .protocol import MAX_MESSAGE


class UvicornSettings(TypedDict):
    """What uvicorn is told besides the app, host and port."""

    ws_max_size: int
    log_level: str


#: how uvicorn runs the app (``houserules serve``, and the servers the tests run in a thread):
#: a websocket frame of at most 64 KiB, uvicorn's own log for warnings only
UVICORN: UvicornSettings = {"ws_max_size": 64 * 1024, "log_level": "warning"}


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
    #: ... and one person at most (an address's network, gate.party, unless an invite link proved who)
    max_open_per_party: int = 20
    #: ... and one network (gate.party) at most, however many people it holds
    max_open_per_network: int = 100
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
