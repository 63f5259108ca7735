"""What a live table's connections are sent: the welcome, each seat's update (built from the
game's view, offers and ``Event.for_seat`` only, never a state), the public summary, and the
broadcast that sends them once the store has what they show."""

from __future__ import annotations

from typing import Any

from ..engine.core import Action
from ..engine.house.form import said
from .clients import Client, encode
from .protocol import PROTOCOL
from .table_state import TableState


class Sending(TableState):
    """A live table's messages to its connections."""

    def summary(self) -> dict[str, Any]:
        """Public facts about the table (for the lobby and the HTTP API). Call it under the
        table's lock: a move being made in a worker thread is not stored yet."""
        record = self.table.record
        return {"id": self.id, "game": self.table.game.name, "title": self.table.game.title,
                "options": self.public_options(), "status": self.status, "seats": self.public_seats(),
                "actions": self.table.shown_actions,
                "result": record.result if record else None, "rematch": self.rematch,
                "rematch_offer": self.rematch_offer(), "clock": self.clock_json(), "listed": self.listed}

    def welcome(self, client: Client) -> dict[str, Any]:
        out = {"type": "welcome", "protocol": PROTOCOL, "table": self.id, "game": self.table.game.name,
               "title": self.table.game.title, "seat": client.seat, "options": self.public_options(),
               "host": client.host, "chat": self.spec.chat}
        if client.seat is not None and client.seat in self.stood_in:
            out["stood_in_from"] = self.stood_in[client.seat]  # the events the stand-in bot played
        if self.wants_name(client):
            out["name_wanted"] = True
        vocab = self.table.game.vocabulary
        if vocab is not None:  # a table's house rules are public (issue 36): each in words, for every screen
            out["house"] = said(self.table.options, vocab)
        return out

    def update(self, seat: int | None, start: int, seats: list[dict[str, Any]]) -> dict[str, Any]:
        """The update for ``seat`` (None: a spectator): its view, its legal actions and the
        events from ``start`` (``seats``: the public seats, made once per broadcast)."""
        t = self.table
        mine = seat is not None and self.status == "playing" and t.seats[seat].player is None
        legal: list[Action] = []
        if mine and seat is not None:
            legal = t.offer(seat)
        # free actions only: the seat may act, but the game does not wait for it (docs/engine.md);
        # judged by who is on the clock, which tells nobody a secret (Mao: who owes a duty), and by
        # the seat's own secret question (a NOPE window asks it, and it knows)
        free = bool(legal) and seat not in t.on_the_clock() and seat not in t.asked_in_secret()
        view = t.view(seat)
        names = [s["name"] for s in seats]
        return {
            "type": "update", "table": self.id, "status": self.status, "seats": seats,
            "view": view.to_json(),
            "legal": [t.game.action_to_json(a) for a in legal], "free": free,
            # each legal action's words, in the game's one wording (engine.moves), index for index
            "said": [t.game.words(a, view).named(names).to_json() for a in legal],
            "events_from": start, "events": t.events_for(seat, start), "next": len(t.log),
            "actions": t.shown_actions,
            "result": t.record.result if t.record else None, "rematch": self.rematch,
            "rematch_offer": self.rematch_offer(), "clock": self.clock_json(),
        }

    def _seen(self) -> tuple[int, int, frozenset[int]]:
        """What everyone has been shown, to compare after a change (``_show``): the count of
        actions shown, the log's length, and the seats asked in secret."""
        return self.table.shown_actions, len(self.table.log), frozenset(self.table.asked_in_secret())

    def _show(self, seen: tuple[int, int, frozenset[int]], actor: int | None = None) -> None:
        """Broadcast what changed since ``seen``: to everyone, unless all that happened is that
        seats asked in secret answered without a word (a NOPE window's passes); then only
        those seats are told, so nobody else learns even that something happened."""
        if (self.table.shown_actions, len(self.table.log)) != seen[:2]:
            self.broadcast()
        else:
            self.broadcast(seen[2] | {actor} if actor is not None else seen[2])

    def broadcast(self, only: frozenset[int] | None = None) -> None:
        """Every connection its update (``only``: the connections of these seats). Connections of
        the same seat (or spectators) that hold the same events get the same bytes, built and
        encoded once: 300 spectators cost one view, one event list and one encoding, not 300.
        Under the table's lock, after the store has what it shows (nothing is shown before it
        is stored)."""
        seats = self.public_seats()
        made: dict[tuple[int | None, int], str] = {}
        end = len(self.table.log)
        for c in list(self.clients):
            if only is not None and c.seat not in only:
                continue
            key = (c.seat, c.cursor)
            text = made.get(key)
            if text is None:
                text = made[key] = encode(self.update(c.seat, c.cursor, seats))
            c.cursor = end
            c.send(text)

    def _tell_chat(self, lines: list[dict[str, Any]]) -> None:
        if lines:
            text = encode({"type": "chat", "lines": lines})
            for c in list(self.clients):
                c.send(text)
