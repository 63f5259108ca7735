"""What a person at a live table does: an attempt at an action (judged off the event loop,
stored, acknowledged, then shown; a re-sent act answered, not replayed), a line of chat, and
getting up (a bot takes the seat)."""

from __future__ import annotations

import asyncio
import logging
import sqlite3
from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from ..bots import make
from ..engine.core import Action, GameError
from ..table import default_bot
from .clients import Client, not_saved
from .protocol import NAME_LIMIT, ProtocolError
from .rematch import Offer
from .rematching import Rematching
from .storing import Answered
from .store import StoredSeat, act_key

log = logging.getLogger("houserules.server")


class Acting(Rematching):
    """A person's acts, words and leaving."""

    async def attempt(self, client: Client, raw: Any, ref: Any = None) -> None:
        """A seat's attempt at an action: the client is sent its ``ack`` once
        the store has committed the action, then everyone gets an update.
        ProtocolError otherwise; nothing changes on error except what the
        rulebook's table-mode penalties say.

        An ``act`` this seat has already had acknowledged (the same id and the
        same action, on any connection of the seat's, before a restart or at
        another server process) is answered with that same ack and not played
        again: the ack is stored with the move (store.act_key), and the
        database's uniqueness decides between two processes storing it at
        once. A client re-sends when it cannot tell whether its message
        arrived, often after reconnecting. A new action under an old id is a
        new attempt."""
        seat = self._may_act(client)
        if not self.started:
            raise ProtocolError("not_started", "the game starts when every seat has joined")
        if self.paused:
            raise ProtocolError("paused", "the host has paused the table")
        if not isinstance(raw, Mapping):
            raise ProtocolError("bad_action", "an \"act\" message carries an \"action\" object")
        self.heard[seat] = self.now()  # an attempt, even a refused one: the person is at the table
        named = raw.get("seat", seat)
        if type(named) is not int or named != seat:
            raise ProtocolError("not_your_seat", f"you sit as {self.seats[seat].name}; you cannot act for another seat")
        try:
            action = self.table.game.action_from_json({**raw, "seat": seat})
        except (GameError, TypeError, ValueError, KeyError) as exc:
            raise ProtocolError("bad_action", str(exc)) from None
        key = act_key(seat, ref, raw) if ref is not None else None
        async with self.lock:
            self._check_live()
            done = await self._answered(key)  # sent again: after a restart, at another process, or while judged
            if done is not None:
                client.send(done)
                return
            if self.table.over:
                raise ProtocolError("game_over", "the game is over")
            await self._catch_up()  # a clock that ran out before this attempt arrived acts first
            if self.table.over:
                raise ProtocolError("game_over", "the game is over")
            await self._judge(client, action, ref, key)

    async def _answered(self, key: str | None) -> dict[str, Any] | None:
        """The stored ack of the act ``key``, if it was already carried out (by any process)."""
        if key is None:
            return None
        try:
            return await self.hub.io.read(self.hub.store.ack, self.id, key)
        except sqlite3.Error:
            log.exception("table %s: could not look an act up in the store", self.id)
            raise not_saved("that action") from None

    async def _judge(self, client: Client, action: Action, ref: Any, key: str | None) -> None:
        """Under the lock: judge the attempt (off the event loop), store it with its ack, send the
        ack, then show the move to everyone. A re-send that another process stored first is
        answered with that one's ack."""
        seat = action.seat
        before = len(self._actions())
        seen = self._seen()
        try:  # rules work runs off the event loop: a slow judgement freezes no other table
            events = await asyncio.to_thread(self.table.submit, action, self.now())
        except Exception:
            log.exception("table %s: the engine failed on an action; reloading from the store", self.id)
            self.evict("the server failed on the last move")
            raise ProtocolError("internal", "the server could not judge that action; it was not played") from None
        if len(events) == 1 and events[0].kind == "refused":
            await self._persist(before)  # what came first (silent answers) is kept; the attempt is not
            data = events[0].data or {}
            raise ProtocolError("refused", f"{data.get('reason', 'not allowed')} [{data.get('rule', '?')}]")
        # the seat's own penalties only: its act may close others' duties (their penalties are in the log)
        penalties = [e.data.get("name") for e in events if e.kind == "penalty" and e.data and e.seat == seat]
        ack = {"type": "ack", "id": ref, "actions": self.table.shown_actions, "penalties": penalties}
        try:
            await self._persist(before, (key, ack) if key is not None else None)
        except Answered as first:  # the same act, stored first at another process
            client.send(first.ack)
            return
        client.send(ack)
        self._show(seen, seat)
        # under the lock: no other move is being made in a worker thread while the state is read
        self.schedule()
        self.kick_bots()

    async def say(self, client: Client, text: Any) -> None:
        """A person at the table says a line in its chat (chat.py): stored, then sent to every
        connection of this table, seats and spectators alike."""
        if not self.spec.chat:
            raise ProtocolError("no_chat", f"{self.table.game.title} has no table chat: what a player says "
                                           "is part of the game")
        if client.seat is None:
            raise ProtocolError("spectator", "spectators read the chat; the people at the table talk")
        seat = self._may_act(client)
        self._check_live()
        try:
            line = await self.chat.add(seat, self.seats[seat].name, text)
        except sqlite3.Error:
            log.exception("table %s: could not store a chat line", self.id)
            raise not_saved("that line") from None
        self._tell_chat([line])

    async def name_seat(self, client: Client, name: Any) -> None:
        """A person whose seat the host left unnamed says who they are (a ``name`` message), and
        sits down: the game begins once everyone has (issue 39: a friend who joined by invite
        stayed "player 2" all game)."""
        said = name.strip()[:NAME_LIMIT] if isinstance(name, str) else ""
        if not said or not said.isprintable():
            raise ProtocolError("bad_name", f"a name is up to {NAME_LIMIT} printable characters")
        async with self.lock:
            self._check_live()
            seat = client.seat
            if seat is None or not self.wants_name(client):
                raise ProtocolError("named", "only a person whose seat has no name yet says it, before play")
            named = replace(self.seats[seat], name=said, joined=True)
            try:
                await self.hub.io.run(self.hub.store.update_seat, self.id, seat, named)
            except sqlite3.Error:
                log.exception("table %s: could not store seat %d's name", self.id, seat)
                raise not_saved("your name") from None
            self.seats[seat] = named
            self.table.seats[seat].name = said
            self.heard[seat] = self.now()
            self.schedule()
            self.broadcast()
            self.kick_bots()
            self._watch_absences()

    async def leave(self, client: Client) -> None:
        """The player gets up: a bot takes the seat so the others can play on,
        and the seat's token stops working."""
        seat = self._may_act(client)
        kind = default_bot(self.table.game.name)
        async with self.lock:
            self._check_live()
            stored = StoredSeat(f"{self.seats[seat].name} (left, {kind} bot)", kind, None, True)
            try:
                await self.hub.io.run(self.hub.store.update_seat, self.id, seat, stored)
            except sqlite3.Error:
                log.exception("table %s: could not store that seat %d left", self.id, seat)
                raise not_saved("that you left") from None
            self.seats[seat] = stored
            self.table.seats[seat].bot = make(self.table.game.name, kind, self.table.seed * 31 + seat)
            self._back(seat)
            for c in self.clients:
                if c.seat == seat:
                    c.seat = None
                    c.send(self.welcome(c))
            offer = Offer.of(self.settings)
            if self.rematch is None and offer is not None and offer.open and not offer.waiting(self.people()):
                await self._make_rematch(offer)  # the last person the offer waited for got up: a bot accepts
            self.broadcast()
            self.kick_bots()
