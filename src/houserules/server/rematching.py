"""A finished live table's rematch: the offer (rematch.py), each person's answer, and the new
table once everyone seated has accepted."""

from __future__ import annotations

import logging
import sqlite3
from collections.abc import Awaitable, Callable

from .clients import Client, Unavailable, not_saved
from .limits import person
from .presence import Presence
from .protocol import ProtocolError
from .rematch import KEY as REMATCH_KEY
from .rematch import Offer, without_offer
from .store import StoredSeat

log = logging.getLogger("houserules.server")


class Rematching(Presence):
    """A live table's rematch offer and its new table."""

    async def request_rematch(self, client: Client, admit: Callable[[str, str | None], Awaitable[dict[str, str]]],
                              accept: bool = True) -> str | None:
        """The seat offers a rematch, or answers the open offer (rematch.py): the new table (the
        same game, options and seats, with the same tokens) is made, once per table, when every
        person seated has accepted; a decline ends the offer. Making an offer is asking for a new
        table like any other: ``admit`` (limits.Admission) may refuse the asking party (too many
        new tables, or the server full), and returns its tag for the table. The new table's id
        once it exists, else None."""
        seat = self._may_act(client)
        if not self.table.over:
            raise ProtocolError("not_over", "a rematch can start once this game is over")
        async with self.lock:
            self._check_live()
            if self.rematch is not None:
                client.send({"type": "rematch", "table": self.rematch})
                return self.rematch
            offer = Offer.of(self.settings)
            if not accept:
                if offer is None or not offer.open:
                    raise ProtocolError("no_offer", "there is no rematch offer to decline")
                offer = offer.decline(seat)
            elif offer is None or not offer.open:
                try:
                    tags = await admit(client.party, person(self.id, seat))  # the seat's token proves who
                except Unavailable as exc:
                    raise ProtocolError("no_rematch", str(exc)) from None
                offer = Offer(seat, (seat,), party=tags["party"], network=tags["network"])
            else:
                offer = offer.accept(seat)
            if not offer.open or offer.waiting(self.people()):
                settings = {**self.settings, REMATCH_KEY: offer.stored()}
                try:
                    await self.hub.io.run(self.hub.store.set_settings, self.id, settings)
                except sqlite3.Error:
                    log.exception("table %s: could not store its rematch offer", self.id)
                    raise not_saved("the rematch offer") from None
                self.settings = settings
                self.broadcast()
                return None
            await self._make_rematch(offer)
        return self.rematch

    async def _make_rematch(self, offer: Offer) -> None:
        """Under the lock, once every person seated has accepted: the new table, stored and told."""
        seats = [StoredSeat(s.name, s.bot, s.token_hash, s.bot is not None) for s in self.seats]
        new = self.hub.new_table(self.table.game.name, self.table.options, seats,
                                 settings={**without_offer(self.settings), "paused": False, "party": offer.party,
                                           "network": offer.network})
        try:
            await self.hub.io.run(self.hub.store.set_rematch, self.id, new)
        except sqlite3.Error:
            log.exception("table %s: could not store its rematch", self.id)
            raise not_saved("the rematch") from None
        self.rematch = new.id
        for c in self.clients:
            c.send({"type": "rematch", "table": self.rematch})
        self.broadcast()
