"""Limits one party cannot exhaust for everyone else (issue 23, item 6).

A *party* is who is behind a client address (``gate.party``: an IPv4 /24, an
IPv6 /64, all of loopback as one): a person with a few addresses is still
one party. So:

- **New tables** (created over HTTP, or as a rematch over the WebSocket) come
  from one rate-limited bucket per party, and a person may hold at most
  ``per_party`` unfinished tables (created in the last day), a network at
  most ``per_network``, of the server's ``max_open``. A person is the party,
  unless an invite link proves who they are (a seat's token, sent with the
  request or held by the connection asking for a rematch): then friends on
  one home network each have their own allowance, up to the network's.
- **A full server** closes the unfinished table nobody has touched longest
  (no move stored, nobody joining, nobody connected, nothing running) to
  make room (``Hub.make_room``), rather than refuse everyone: a flood of new
  tables pushes out the flood's own older ones, never a game being played.
- **Messages** over the WebSocket are counted per seat (however many
  connections hold its token) and, for spectators, per party: twenty
  connections to one seat share one seat's allowance.
- **Chat lines** (chat.py) come from a bucket of their own per party, over
  all its tables and seats (``ServerConfig.chat_rate``, ``chat_burst``).

The party's network is stored with a table only as a short hash, next to the
other settings, so that its unfinished tables can be counted after a restart.
"""

from __future__ import annotations

import hashlib
import logging
import sqlite3
import time
from collections import OrderedDict
from collections.abc import Awaitable, Callable, Hashable
from dataclasses import dataclass, field

from .clients import Unavailable
from .protocol import RateLimit
from .stores import Offloaded

log = logging.getLogger("houserules.server")
#: rate buckets remembered at most; the least recently used are forgotten (a forgotten one starts full)
BUCKETS = 10_000
#: a day: unfinished tables older than this no longer count against anyone
OPEN_WINDOW = 86400.0


def person(table_id: str, seat: int) -> str:
    """Who holds a seat's invite link, as the limits count people (``Admission.admit``)."""
    return f"person:{table_id}:{seat}"


def party_tag(party: str) -> str:
    """A party as stored with its tables: a short hash (the database keeps no address)."""
    return hashlib.sha256(f"party:{party}".encode()).hexdigest()[:16]


@dataclass
class Buckets:
    """Token buckets by key, each ``rate`` a second with bursts of ``burst``; the least
    recently used are forgotten beyond BUCKETS, so memory stays bounded."""

    rate: float
    burst: float
    held: OrderedDict[Hashable, RateLimit] = field(default_factory=OrderedDict)

    def allow(self, key: Hashable) -> bool:
        bucket = self.held.get(key)
        if bucket is None:
            bucket = self.held[key] = RateLimit(self.rate, self.burst)
            while len(self.held) > BUCKETS:
                self.held.popitem(last=False)
        else:
            self.held.move_to_end(key)
        return bucket.allow()


@dataclass
class Admission:
    """Whether a party may create one more table now (see the module docstring)."""

    #: the store, its calls off the event loop
    io: Offloaded
    #: new tables a minute per party, after a burst of ``burst``
    rate: float
    burst: float
    max_open: int
    #: unfinished tables one person may hold (an address's party, unless an invite proved who they are)
    per_party: int
    #: ... and one network (an address's party), however many people it holds
    per_network: int
    #: when the server is full: close the table untouched longest that nobody uses (``Hub.make_room``),
    #: whether one was
    make_room: Callable[[], Awaitable[bool]] | None = None
    buckets: Buckets = field(init=False)

    def __post_init__(self) -> None:
        self.buckets = Buckets(self.rate / 60, self.burst)

    async def admit(self, party: str, person: str | None = None) -> dict[str, str]:
        """The tags to store with the party's new table (``party``: the person's, or the
        address's; ``network``: the address's); Unavailable (429 or 503) if it may not create
        one now. ``person`` names who an invite link proved the asker to be."""
        if not self.buckets.allow(party):
            raise Unavailable(f"too many new tables: at most {self.rate:g} a minute; try again soon", 429)
        network = party_tag(party)
        tag = party_tag(person) if person is not None else network
        since = time.time() - OPEN_WINDOW
        store = self.io.store
        try:
            theirs = await self.io.read(store.open_count, since, tag)
            ours = await self.io.read(store.open_count, since, None, network)
            everyone = await self.io.read(store.open_count, since)
        except sqlite3.Error:
            log.exception("could not count the open tables")
            raise Unavailable("the server could not read its storage; try again later") from None
        if theirs >= self.per_party:
            raise Unavailable(f"you have {theirs} unfinished tables here, as many as one person may; finish "
                              "or leave some, or try again tomorrow", 429)
        if ours >= self.per_network:
            raise Unavailable(f"your network has {ours} unfinished tables here, as many as one network may "
                              "hold; finish or leave some, or try again tomorrow", 429)
        if everyone >= self.max_open and not (self.make_room is not None and await self.make_room()):
            raise Unavailable("this server has as many open tables as it can hold, all in use; try again later")
        return {"party": tag, "network": network}
