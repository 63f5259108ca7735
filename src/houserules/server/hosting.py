"""The host's commands at a live table: pause, resume, and handing an absent player's seat to a
stand-in bot (which any seated player may do too once play has begun)."""

from __future__ import annotations

import logging
import sqlite3
from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from .clients import Client, not_saved
from .presence import Presence
from .protocol import ProtocolError

log = logging.getLogger("houserules.server")


class Hosting(Presence):
    """A live table's host commands."""

    async def host_command(self, client: Client, msg: Mapping[str, Any]) -> None:
        """The host pauses or resumes the table, or has a bot play an absent player's seat.
        Any player seated at the table may do the last one too, once play has begun: a friend
        who dropped should not hold everyone up until the host notices (issue 25). The message
        counts against the seat's allowance like every other (limits.Buckets, per seat)."""
        do = msg.get("do")
        seated = client.seat is not None and self.seats[client.seat].bot is None
        if not client.host and not (do == "replace" and seated):
            raise ProtocolError("not_host", "only the host (who created the table) may do that")
        async with self.lock:
            self._check_live()
            if self.table.over:
                raise ProtocolError("game_over", "the game is over")
            if do in ("pause", "resume"):
                await self._catch_up()
                settings = {**self.settings, "paused": do == "pause"}
                await self.hub.io.run(self.hub.store.set_settings, self.id, settings)
                self.settings = settings
                self._watch_host()
                self.schedule()
            elif do == "replace":
                seat = msg.get("seat")
                if type(seat) is not int or not 0 <= seat < len(self.seats):
                    raise ProtocolError("bad_seat", "name the seat to replace by its number")
                if not self.absent(seat):
                    raise ProtocolError("not_absent", "only an absent player's seat can be handed to a bot")
                if not client.host and not self.started:
                    raise ProtocolError("not_host", "only the host may start the game without a player")
                handle = self.grace.pop(seat, None)
                if handle is not None:
                    handle.cancel()
                if not self.seats[seat].joined:  # never came: the seat is taken, so play can begin
                    joined = replace(self.seats[seat], joined=True)
                    try:
                        await self.hub.io.run(self.hub.store.update_seat, self.id, seat, joined)
                    except sqlite3.Error:
                        log.exception("table %s: could not store that seat %d was handed to a bot", self.id, seat)
                        raise not_saved("that the seat was handed to a bot") from None
                    self.seats[seat] = joined
                if self.owner:
                    self.stand_in(seat)
                elif self.hub.cluster is not None:  # stand-ins play where the table's bots do
                    self.hub.cluster.stand_in_at_owner(self.id, seat)
                self.schedule()
                self._watch_absences()
            else:
                raise ProtocolError("bad_message", 'a host message says "do": "pause", "resume" or "replace"')
            self.broadcast()
            self.kick_bots()
