"""Limits one party cannot exhaust for everyone else (issue 23, item 6).

A *party* is who is behind a client address (``gate.party``: an IPv4 /24, an
IPv6 /64, all of loopback as one): a person with a few addresses is still
one party. So:

- **New tables** (created over HTTP, or as a rematch over the WebSocket) come
  from one rate-limited bucket per party, and a party may hold at most
  ``per_party`` unfinished tables (created in the last day) of the server's
  ``max_open``. Filling the whole server then takes ``max_open / per_party``
  different networks, not a few loopback addresses.
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
from collections.abc import Hashable
from dataclasses import dataclass, field

from .clients import Unavailable
from .protocol import RateLimit
from .stores import Offloaded

log = logging.getLogger("houserules.server")
#: rate buckets remembered at most; the least recently used are forgotten (a forgotten one starts full)
BUCKETS = 10_000
#: a day: unfinished tables older than this no longer count against anyone
OPEN_WINDOW = 86400.0


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
    per_party: int
    buckets: Buckets = field(init=False)

    def __post_init__(self) -> None:
        self.buckets = Buckets(self.rate / 60, self.burst)

    async def admit(self, party: str) -> str:
        """The party's tag to store with its new table; Unavailable (429 or 503) if it may not
        create one now."""
        if not self.buckets.allow(party):
            raise Unavailable(f"too many new tables: at most {self.rate:g} a minute; try again soon", 429)
        tag = party_tag(party)
        since = time.time() - OPEN_WINDOW
        try:
            everyone = await self.io.run(self.io.store.open_count, since)
            theirs = await self.io.run(self.io.store.open_count, since, tag)
        except sqlite3.Error:
            log.exception("could not count the open tables")
            raise Unavailable("the server could not read its storage; try again later") from None
        if theirs >= self.per_party:
            raise Unavailable(f"you have {theirs} unfinished tables here, as many as one person may; finish "
                              "or leave some, or try again tomorrow", 429)
        if everyone >= self.max_open:
            raise Unavailable("this server has as many open tables as it can hold; try again later")
        return tag
