"""Who is at a live table: connections joining and leaving, a disconnected person's grace
period and the stand-in bot that plays their seat until they are back, and the same news
from other server processes."""

from __future__ import annotations

import asyncio
import logging
import sqlite3
from dataclasses import replace

from ..bots import make
from ..table import default_bot
from .clients import Client, not_saved
from .moving import Moving

log = logging.getLogger("houserules.server")

#: the most events a (re)connecting client is sent at once; older ones are summarised by ``events_from``
EVENT_WINDOW = 500


class Presence(Moving):
    """A live table's connections and absences."""

    # --- connections --------------------------------------------------------------
    async def join(self, client: Client, since: int) -> None:
        """A client says hello: it is sent the table and what it missed since event ``since``.
        Under the table's lock: a move being judged in a worker thread is never seen half made."""
        async with self.lock:
            await self._join(client, since)
            self.kick_bots()
            if self._watch_absences():  # play began with someone away: everyone sees their countdown
                self.broadcast()

    async def _join(self, client: Client, since: int) -> None:
        seat = client.seat
        if seat is not None and not self.seats[seat].joined and not self.wants_name(client):
            joined = replace(self.seats[seat], joined=True)
            try:
                await self.hub.io.run(self.hub.store.update_seat, self.id, seat, joined)
            except sqlite3.Error:
                log.exception("table %s: could not store that seat %d joined", self.id, seat)
                raise not_saved("that you joined") from None
            self.seats[seat] = joined
        if seat is not None:
            self._back(seat)
            self.heard[seat] = self.now()
        n = len(self.table.log)
        client.cursor = since if 0 <= since <= n else 0
        client.cursor = max(client.cursor, n - EVENT_WINDOW)
        client.send(self.welcome(client))
        self.clients.add(client)
        self._watch_host()
        if seat is not None:
            self.stood_in.pop(seat, None)
        self._announce()
        self.schedule()
        self.broadcast()
        lines = await self.chat.recent() if self.spec.chat else []
        if lines:  # the recent talk, for a page that (re)opens the table
            client.send({"type": "chat", "history": True, "lines": lines})

    async def drop(self, client: Client) -> None:
        """A connection closed: the others see the seat as disconnected (and, after
        the grace period, a stand-in bot plays it). A finished table nobody
        watches leaves memory (the store keeps it). Under the lock: a bot's move
        being made in a worker thread is not stored yet, and must not be shown."""
        if client in self.clients:
            async with self.lock:
                self.clients.discard(client)
                self._announce()
                self._watch_host()
                self._watch_absences()  # first: the others' update carries the countdown to the stand-in
                if not self.evicted:
                    self.broadcast()
        if not self.clients and self.table.over and self.hub.forget(self):
            self.evicted = True
            self.stop()

    @property
    def idle(self) -> bool:
        """Nobody connected and nothing running or due (no bot moving, no clock or deadline to
        wake for, no seat's grace period): the table may leave memory (the store has it all)."""
        busy = any(task is not None and not task.done() for task in (self.bots_task, self.wake_task))
        waits = self.grace or self.host_away is not None
        return not self.clients and not busy and not waits and not self.lock.locked()

    # --- leavers ------------------------------------------------------------------
    def _watch_absences(self) -> bool:
        """Start the grace period of every person's seat nobody holds (once play has begun);
        whether one started. At a game whose rules charge time (Mao's delay of game) there is
        none: every moment absent would cost the seat a penalty, so the stand-in sits down at once."""
        if not self.started or self.table.over or self.evicted or not self.owner:
            return False
        loop = asyncio.get_running_loop()
        grace = 0.0 if self.table.rules_keep_time else self.hub.grace
        started = False
        for seat in range(len(self.seats)):
            if self.absent(seat) and seat not in self.grace and self.table.seats[seat].stand_in is None:
                self.grace[seat] = loop.call_later(grace, self._grace_over, seat)
                started = True
        if started:
            self._announce_stand_ins()  # the other processes' pages count down too
        return started

    def _watch_host(self) -> None:
        """A paused table whose host has no connection goes on after the grace period, as a
        stand-in sits down for an absent player: a host who paused and left holds nobody up
        for ever. The host coming back (or resuming, or the game ending) ends the wait."""
        hosted = any(c.host for c in self.clients)
        if not self.paused or hosted or self.table.over or self.evicted or not self.owner:
            if self.host_away is not None:
                self.host_away.cancel()
                self.host_away = None
            return
        if self.host_away is None:
            self.host_away = asyncio.get_running_loop().call_later(
                self.hub.grace, lambda: self.hub.spawn(self._resume_unhosted()))

    async def _resume_unhosted(self) -> None:
        """The host's grace period ended with the table still paused and the host away: it resumes."""
        async with self.lock:
            self.host_away = None
            if not self.paused or any(c.host for c in self.clients) or self.evicted or self.table.over:
                return
            settings = {**self.settings, "paused": False}
            try:
                await self.hub.io.run(self.hub.store.set_settings, self.id, settings)
            except sqlite3.Error:
                log.exception("table %s: could not store that it resumed without its host", self.id)
                return
            self.settings = settings
            self.schedule()
            self.broadcast()
            self.kick_bots()
            self._watch_absences()

    def _grace_over(self, seat: int) -> None:
        self.grace.pop(seat, None)
        self.hub.spawn(self._stand_in_later(seat))

    async def _stand_in_later(self, seat: int) -> None:
        """The grace period ended: a stand-in arrives, under the lock (see ``drop``)."""
        async with self.lock:
            self.stand_in(seat)

    def stand_in(self, seat: int) -> None:
        """Under the lock: a bot plays ``seat`` until its player comes back with their token."""
        handle = self.grace.pop(seat, None)
        if handle is not None:  # the host did not wait for the grace period to end
            handle.cancel()
        if self.evicted or self.table.over or not self.absent(seat) or self.table.seats[seat].stand_in:
            return
        kind = default_bot(self.table.game.name)
        self.table.seats[seat].stand_in = make(self.table.game.name, kind, self.table.seed * 31 + seat)
        self.stood_in.setdefault(seat, len(self.table.log))
        self._announce_stand_ins()
        self.broadcast()
        self.kick_bots()

    def _back(self, seat: int) -> None:
        """The seat's player is connected again: their grace period ends and their stand-in gets up."""
        handle = self.grace.pop(seat, None)
        if handle is not None:
            handle.cancel()
        stood = self.table.seats[seat].stand_in is not None
        self.table.seats[seat].stand_in = None
        if handle is not None or stood:  # the other processes' pages stop counting down
            self._announce_stand_ins()

    # --- several server processes (cluster.py) ------------------------------------
    async def presence_changed(self) -> None:
        """Who is connected at other processes changed: a player back there gets up their
        stand-in; one gone starts their grace period (at the owner). Under the lock, as every
        broadcast: a bot's move being made in a worker thread is not stored yet."""
        async with self.lock:
            if self.evicted:
                return
            if self.owner:
                for seat in self.elsewhere():
                    if seat in self.grace or self.table.seats[seat].stand_in is not None:
                        self._back(seat)
                        self.stood_in.pop(seat, None)
                self._watch_absences()
            self.broadcast()

    async def refresh(self, adopted: bool) -> None:
        """Another process stored a change (or this one just took the table over): catch up
        with the store's moves, seats and settings, tell this process's connections, and,
        as the owner, keep the table's time from here."""
        async with self.lock:
            if self.evicted:
                return
            cluster = self.hub.cluster
            if cluster is None:
                return
            try:
                stored = await self.hub.io.read(cluster.store.load, self.id, len(self._actions()))
            except sqlite3.Error:
                log.exception("table %s: could not be read to catch up", self.id)
                return
            if stored is None:
                return
            try:
                for raw in stored.actions:
                    self.table.replay_entry(raw)
            except Exception:
                log.exception("table %s: its stored moves do not replay on this copy; reloading it", self.id)
                self.evict("the server is catching up with this table")
                return
            for i, seat in enumerate(stored.seats):
                self.table.seats[i].name = seat.name  # a person named themselves at another process
                if seat.bot is not None and self.seats[i].bot is None:  # the player left at another process
                    self.table.seats[i].bot = make(self.table.game.name, seat.bot, self.table.seed * 31 + i)
                    self._back(i)
            if stored.rematch is not None and self.rematch is None:  # asked for at another process
                for c in self.clients:
                    c.send({"type": "rematch", "table": stored.rematch})
            self.seats, self.settings, self.rematch = stored.seats, stored.settings, stored.rematch
            if self.spec.chat and self.chat.lines is not None:  # a line said at another process
                self._tell_chat(await self.chat.news())
            if adopted:  # as after a restart: the clock resumes from the last stored moment
                self.base, self.flowing = self.table.last_t, None
            else:
                self._moved_on()
            self.broadcast()
        self.schedule()
        self.kick_bots()
        self._watch_absences()
        self._watch_host()
