"""A connection as the tables see it (``Client``: its seat, its queue of messages) and the
errors every part of the server raises for people: ``Unavailable`` (HTTP) and ``not_saved``."""

from __future__ import annotations

import asyncio
import json
from dataclasses import dataclass, field
from typing import Any

from .protocol import ProtocolError

#: messages waiting for a slow client before it is dropped (it reconnects and catches up)
SEND_QUEUE = 256


class Unavailable(Exception):
    """A table or the store cannot be used right now. ``status`` is the HTTP answer;
    the message is for people and never holds a seat's hidden cards."""

    def __init__(self, message: str, status: int = 503):
        super().__init__(message)
        self.status = status


def not_saved(what: str) -> ProtocolError:
    """The error for a write the store refused (full or read-only disk, damaged file)."""
    return ProtocolError("not_saved", f"the server could not save {what} (its storage failed): "
                                      "nothing changed; try again later")


@dataclass(eq=False)
class Client:
    """One connection as a table sees it: its seat (None: spectator) and how
    far through the event log it has been sent."""

    seat: int | None
    #: messages to write, in order: a dict, or text already encoded (one update shared by many
    #: connections is encoded once); None closes the connection
    queue: asyncio.Queue[dict[str, Any] | str | None] = field(default_factory=lambda: asyncio.Queue(SEND_QUEUE))
    cursor: int = 0
    #: the connection proved it holds the host's secret (it may pause, resume, replace absent players)
    host: bool = False
    #: who is behind the connection's address (gate.party), for the limits one party must not exhaust
    party: str = "?"
    #: the page asks its person's name (hello ``naming``): a seat the host left unnamed sits down
    #: when its person has said who they are (``Acting.name_seat``), not when its link is opened
    naming: bool = False

    def send(self, msg: dict[str, Any] | str) -> None:
        """Queue a message; a client too slow to keep up is cut off (None tells its sender to close)."""
        try:
            self.queue.put_nowait(msg)
        except asyncio.QueueFull:
            while not self.queue.empty():
                self.queue.get_nowait()
            self.close()

    def close(self) -> None:
        """Ask this connection's sender to close the socket (the client reconnects)."""
        try:
            self.queue.put_nowait(None)
        except asyncio.QueueFull:
            self.queue.get_nowait()
            self.queue.put_nowait(None)


def encode(msg: dict[str, Any]) -> str:
    """A message as the text sent on the wire."""
    return json.dumps(msg, separators=(",", ":"))
