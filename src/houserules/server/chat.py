"""Table chat: what the people at a table say to each other beside the game (issue 25).

Only at a game where talk is free (``GameSpec.chat``; not Mao, whose speech
is part of the play and judged by its rules). The people seated talk; the
chat goes to the table's connections only (its seats and its spectators,
who read it). A line is plain text: control characters and runs of spaces
become one space, at most ``MAX_CHARS`` characters, never markup (clients
show it as text). Each party has its own allowance of lines (limits.py,
``ServerConfig.chat_rate``), besides the table's message limit.

Lines are stored with the table (the store's ``chat`` rows), so that a
player who reconnects, or a server that restarted, shows the recent ones:
the newest ``RECENT`` are sent with every welcome.
"""

from __future__ import annotations

import logging
import re
import sqlite3
import time
from dataclasses import dataclass
from typing import Any

from .protocol import ProtocolError
from .store import Conflict
from .stores import Offloaded

log = logging.getLogger("houserules.server")
#: the longest line, in characters
MAX_CHARS = 300
#: lines a table keeps in memory and sends to a connection that says hello
RECENT = 50
#: control characters and the invisible marks that reorder or hide text: each becomes a space
_UNSEEN = re.compile("[\x00-\x1f\x7f-\x9f\u200b-\u200f\u2028-\u202e\u2060-\u2069\ufeff]")


def plain(text: str) -> str:
    """``text`` on one line: control characters and the marks that reorder or hide text as
    spaces, runs of spaces as one (chat lines and seat names alike)."""
    return " ".join(_UNSEEN.sub(" ", text).split())


def clean(text: Any) -> str:
    """The line as it will be kept: plain text on one line; ProtocolError if empty or too long."""
    if not isinstance(text, str):
        raise ProtocolError("bad_chat", 'a "chat" message carries its "text" as a string')
    line = plain(text)
    if not line:
        raise ProtocolError("bad_chat", "that line is empty")
    if len(line) > MAX_CHARS:
        raise ProtocolError("too_long", f"a chat line may be at most {MAX_CHARS} characters")
    return line


@dataclass
class Chat:
    """One table's recent lines, read from the store the first time they are wanted (its calls
    off the event loop: stores.Offloaded)."""

    table_id: str
    io: Offloaded
    lines: list[dict[str, Any]] | None = None

    async def recent(self) -> list[dict[str, Any]]:
        """The newest lines, oldest first (none if the store cannot be read: the game goes on)."""
        if self.lines is None:
            try:
                self.lines = await self.io.read(self.io.store.chat, self.table_id, RECENT)
            except sqlite3.Error:
                log.exception("table %s: could not read its chat", self.table_id)
                return []
        return self.lines

    async def add(self, seat: int, name: str, text: Any) -> dict[str, Any]:
        """Store a line said by ``seat`` and return it; ProtocolError for a bad line or a store
        that failed (sqlite3.Error is left to the caller's ``not_saved``)."""
        line = {"seat": seat, "name": name, "text": clean(text), "at": round(time.time(), 3)}
        for attempt in (1, 2):
            lines = await self.recent()
            stored = {"n": (lines[-1]["n"] + 1) if lines else 0, **line}
            try:
                await self.io.run(self.io.store.add_chat, self.table_id, stored)
            except Conflict:  # another server process stored that number first: read again, once
                self.lines = None
                if attempt == 2:
                    raise
                continue
            # kept in the lines as they are now: news from another process may have been read meanwhile
            lines = self.lines if self.lines is not None else lines
            if all(known["n"] != stored["n"] for known in lines):
                lines.append(stored)
                lines.sort(key=lambda known: int(known["n"]))
                del lines[:-RECENT]
            self.lines = lines
            return stored
        raise AssertionError("unreachable")

    async def news(self) -> list[dict[str, Any]]:
        """Lines another server process stored since this copy last looked (cluster.py)."""
        known = self.lines[-1]["n"] if self.lines else -1
        try:
            fresh = await self.io.read(self.io.store.chat, self.table_id, RECENT)
        except sqlite3.Error:
            log.exception("table %s: could not read its chat", self.table_id)
            return []
        self.lines = fresh
        return [line for line in fresh if line["n"] > known]
