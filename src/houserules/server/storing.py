"""A live table and its store: every accepted action committed before anyone is told of it,
and, with several server processes, catching up with what the others stored (cluster.py)."""

from __future__ import annotations

import asyncio
import logging
import sqlite3
import time
from typing import Any

from .clients import not_saved
from .protocol import ProtocolError
from .sending import Sending
from .store import Act, Conflict

log = logging.getLogger("houserules.server")


class Answered(Exception):
    """The act being stored was stored first at another process: ``ack`` is its answer."""

    def __init__(self, ack: dict[str, Any]):
        super().__init__("answered")
        self.ack = ack


class Storing(Sending):
    """A live table's writes to its store, and its news from the other processes."""

    async def _persist(self, before: int, act: Act | None = None) -> None:
        """Commit the actions accepted since ``before`` (the last with the person's ``act`` and
        its ack, if any). If the store fails the table is dropped from memory (it is ahead of
        the disk) and rebuilt from the store on next use, so nothing unsaved is ever shown."""
        new = self._actions()[before:]
        if not new:
            return
        record = self.table.record
        try:
            await self.hub.io.run(self.hub.store.append, self.id, before, new, record.result if record else None, act)
        except sqlite3.Error as exc:
            if isinstance(exc, (Conflict, sqlite3.IntegrityError)):  # another process stored it first
                first = await self._first_answer(act)
                self.evict("another move reached this table first")
                if first is not None:  # this very act: stored there first, its answer is ours
                    raise Answered(first) from None
                raise ProtocolError("not_saved", "another move reached the table first: yours was not played; "
                                                 "look again and retry") from None
            log.exception("table %s: could not store actions %d..; dropping it from memory", self.id, before)
            self.evict("the server could not save the last move (its storage failed)")
            raise not_saved("that action") from None

    async def _first_answer(self, act: Act | None) -> dict[str, Any] | None:
        """The stored ack of ``act`` (None: not stored, or no act), once another process won."""
        if act is None:
            return None
        try:
            return await self.hub.io.read(self.hub.store.ack, self.id, act[0])
        except sqlite3.Error:
            return None

    async def _sync(self) -> None:
        """Under the lock: replay the actions another process stored since this copy was made
        (nothing to do with one process). A copy that cannot catch up is reloaded."""
        cluster = self.hub.cluster
        if cluster is None or self.evicted:
            return
        try:
            new = await self.hub.io.read(cluster.store.actions_since, self.id, len(self._actions()))
            for raw in new:
                self.table.replay_entry(raw)
        except Exception:
            log.exception("table %s: could not catch up with the store; reloading it", self.id)
            self.evict("the server is catching up with this table")
            raise ProtocolError("reload", "the table is being reloaded; reconnect") from None
        if new:
            self._moved_on()

    def _moved_on(self) -> None:
        """Moves came from another process: this copy's clock goes on from the newest stored moment."""
        self.base = max(self.now(), self.table.last_t)
        if self.flowing is not None:
            self.flowing = time.monotonic()

    def _announce(self) -> None:
        if self.hub.cluster is not None:
            self.hub.cluster.announce(self.id, [c.seat for c in self.clients if c.seat is not None])

    def _announce_stand_ins(self) -> None:
        """The owner tells the other processes which seats its stand-ins play, and when each
        running grace period ends (wall-clock time): their pages show both, countdown included."""
        if self.hub.cluster is not None and self.owner:
            loop, now = asyncio.get_running_loop(), time.time()
            due = {seat: now + max(0.0, handle.when() - loop.time()) for seat, handle in self.grace.items()}
            self.hub.cluster.announce_stand_ins(
                self.id, [i for i, s in enumerate(self.table.seats) if s.stand_in is not None], due)
