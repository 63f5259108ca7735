"""Live tables: the running games the server holds in memory, and the hub
that creates them, finds them and brings them back from the store.

A ``LiveTable`` wraps the engine's ``Table`` and adds what a networked game
needs: seats claimed by secret tokens, the connected clients, a lock so one
decision is judged at a time, and the rule that an accepted action is
committed to the store *before* anyone is told about it. What leaves for a
client is built only from the game's ``view``, its legal actions and
``Event.for_seat``: never a state.

Time: each table keeps its own clock, read from the server's monotonic
clock only. It reads 0 when play begins, stands still while the table is
paused or waiting, and after a restart resumes where the record's last
moment left it (downtime is nobody's fault). A scheduler per table sleeps
until ``Table.wake_at`` (the rules' deadline or a turn clock's expiry,
whichever is first) and then lets ``Table.due`` act, so no table waits on
an absent person: a seat whose player has been disconnected longer than the
grace period is played by a stand-in bot until the player comes back, and
at a table without a turn clock a connected person who sits on one decision
for the idle limit has it made by a bot (``idle_due``). At start-up the hub
brings back every table in play (``Hub.resume``), so nothing waits for
someone to connect.

Everything that reads or shows the table (updates, the HTTP summary,
scheduling, a stand-in arriving) does so under the table's lock: a move
being made in a worker thread is seen only once it is stored.
"""

from __future__ import annotations

import asyncio
import hmac
import json
import logging
import secrets
import sqlite3
import time
from collections import OrderedDict
from collections.abc import Callable, Coroutine, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

from ..bots import POLICY, check_spec, make, shown_bot
from ..clock import parse_clock, parse_on_timeout
from ..engine import registry
from ..engine.core import Action, GameError
from ..engine.options import stored as options_stored
from ..table import Table, bot_name, default_bot, person_name
from .chat import Chat
from .protocol import PROTOCOL, ProtocolError, error
from .rematch import KEY as REMATCH_KEY
from .rematch import Offer, without_offer
from .store import StoredSeat, StoredTable, token_hash
from .store_pg import Conflict
from .stores import TableStore

if TYPE_CHECKING:
    from .cluster import Cluster

log = logging.getLogger("houserules.server")

#: the most events a (re)connecting client is sent at once; older ones are summarised by ``events_from``
EVENT_WINDOW = 500
#: messages waiting for a slow client before it is dropped (it reconnects and catches up)
SEND_QUEUE = 256
NAME_LIMIT = 40
#: acks a connection remembers, so that an ``act`` re-sent with the same id is answered, not replayed
ACKS_REMEMBERED = 64
#: tables kept in memory by default; idle ones beyond this are dropped and reloaded on demand
MAX_TABLES = 1000
#: seconds a connected person may sit on a decision at a table without a turn clock (see ``idle_due``)
IDLE = 120.0


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
    #: when its person has said who they are (``LiveTable.name_seat``), not when its link is opened
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


@dataclass
class Acks:
    """The acks a seat was sent, so that an ``act`` re-sent with the same id and action (by any of
    the seat's connections: a client that reconnected cannot tell whether its message arrived) is
    answered with the same ack, not played again. The newest ACKS_REMEMBERED are kept."""

    sent: OrderedDict[tuple[str, str], dict[str, Any]] = field(default_factory=OrderedDict)

    def get(self, ref: Any, raw: Any) -> dict[str, Any] | None:
        return self.sent.get(_act_key(ref, raw)) if ref is not None else None

    def remember(self, ref: Any, raw: Any, ack: dict[str, Any]) -> None:
        if ref is None:
            return
        self.sent[_act_key(ref, raw)] = ack
        while len(self.sent) > ACKS_REMEMBERED:
            self.sent.popitem(last=False)


def encode(msg: dict[str, Any]) -> str:
    """A message as the text sent on the wire."""
    return json.dumps(msg, separators=(",", ":"))


def _act_key(ref: Any, raw: Any) -> tuple[str, str]:
    """An ``act`` message's identity: its id (1 and "1" differ) and its action as sent."""
    return json.dumps(ref), json.dumps(raw, sort_keys=True, separators=(",", ":"))


def _secret_matches(secret: Any, digest: str | None) -> bool:
    return (digest is not None and isinstance(secret, str) and len(secret) <= 256
            and hmac.compare_digest(token_hash(secret), digest))


class LiveTable:
    """One game being played: its Table, its seats' owners and its connections."""

    def __init__(self, hub: Hub, stored: StoredTable, table: Table):
        self.hub = hub
        self.id = stored.id
        self.table = table
        self.seats = stored.seats
        self.rematch = stored.rematch
        self.clients: set[Client] = set()
        self.lock = asyncio.Lock()
        self.bots_task: asyncio.Task[None] | None = None
        self.evicted = False
        self.settings = stored.settings
        #: the table's clock: ``base`` seconds, plus the server's time since ``flowing`` while it runs
        self.base = table.last_t
        self.flowing: float | None = None
        self.wake_task: asyncio.Task[None] | None = None
        #: seats whose player is disconnected, and when the grace period for each ends (server time)
        self.grace: dict[int, asyncio.TimerHandle] = {}
        #: where in the log each stand-in started playing (told to the player when they are back)
        self.stood_in: dict[int, int] = {}
        #: what each seat's acts were answered with (any of its connections may re-send one)
        self.acks: dict[int, Acks] = {}
        #: on the table's clock: when each seat the table waits on began to owe its decision, and
        #: when each person last acted (or sat down): for the idle limit (``idle_due``)
        self.owing: dict[int, float] = {}
        self.heard: dict[int, float] = {}
        self.spec = registry.spec(table.game.name)
        #: what the people at the table said (chat.py), read from the store when first wanted
        self.chat = Chat(self.id, hub.store)
        self._flow()

    # --- who is who ---------------------------------------------------------
    @property
    def owner(self) -> bool:
        """This process keeps the table's time (its clocks, bots and stand-ins): always with
        one process, else while it holds the table's lock (cluster.py)."""
        cluster = self.hub.cluster
        return cluster is None or cluster.owns(self.id)

    def elsewhere(self) -> frozenset[int]:
        """Seats connected to other server processes (none with one process)."""
        cluster = self.hub.cluster
        return cluster.elsewhere(self.id) if cluster is not None else frozenset()

    @property
    def started(self) -> bool:
        """Play begins once every person's seat has been joined at least once."""
        return all(s.bot is not None or s.joined for s in self.seats)

    @property
    def status(self) -> str:
        if self.table.over:
            return "over"
        if not self.started:
            return "waiting"
        return "paused" if self.paused else "playing"

    @property
    def paused(self) -> bool:
        return bool(self.settings.get("paused"))

    @property
    def listed(self) -> bool:
        return bool(self.settings.get("listed"))

    def seat_for(self, token: str) -> int | None:
        """The seat this token was issued for, if any (compared in constant time)."""
        digest = token_hash(token)
        for i, s in enumerate(self.seats):
            if s.token_hash is not None and hmac.compare_digest(s.token_hash, digest):
                return i
        return None

    def is_host(self, secret: Any) -> bool:
        return _secret_matches(secret, self.settings.get("host_hash"))

    def may_watch(self, key: Any) -> bool:
        """Spectators need the table's spectator key, unless the table is listed."""
        return self.listed or _secret_matches(key, self.settings.get("watch_hash"))

    def public_seats(self) -> list[dict[str, Any]]:
        present = {c.seat for c in self.clients} | self.elsewhere()
        stood_in = self.hub.cluster.stand_ins(self.id) if self.hub.cluster is not None else frozenset()
        return [{"seat": i, "name": s.name, "bot": s.bot and shown_bot(s.bot), "joined": s.bot is not None or s.joined,
                 "connected": s.bot is not None or i in present,
                 "stand_in": self.table.seats[i].stand_in is not None or i in stood_in,
                 "stand_in_in": self.stand_in_due(i)}
                for i, s in enumerate(self.seats)]

    def stand_in_due(self, seat: int) -> float | None:
        """Seconds until a stand-in bot sits down at ``seat`` (its player is away and the grace
        period runs), else None: every page counts it down, so nobody is surprised by the bot.
        Known where the grace period runs (the table's owner, in a cluster)."""
        handle = self.grace.get(seat)
        if handle is None:
            return None
        try:
            now = asyncio.get_running_loop().time()
        except RuntimeError:  # asked from outside the server's loop (a test's thread)
            return None
        return round(max(0.0, handle.when() - now), 1)

    # --- time ----------------------------------------------------------------
    def now(self) -> float:
        """The table's clock: seconds of play so far (it stands still while waiting or paused)."""
        if self.flowing is None:
            return self.base
        return round(self.base + (time.monotonic() - self.flowing), 3)  # milliseconds: records stay readable

    def _flow(self) -> None:
        """Start or stop the table's clock as the table starts, pauses, resumes or ends."""
        run = self.started and not self.paused and not self.table.over
        if run and self.flowing is None:
            self.flowing = time.monotonic()
        elif not run and self.flowing is not None:
            self.base = self.now()
            self.flowing = None

    def clock_json(self) -> dict[str, Any] | None:
        """The turn clock as every client is shown it: time left now, by the server's clock."""
        clock = self.table.clock
        if clock is None:
            return None
        out = clock.to_json(self.now() if self.status == "playing" or self.paused else None)
        out["on_timeout"] = self.table.on_timeout
        out["paused"] = self.paused
        return out

    def schedule(self) -> None:
        """Sleep until the table next needs waking (the rules' deadline, a clock's expiry, or a
        person sitting on a decision for the idle limit)."""
        self._flow()
        if self.wake_task is not None and not self.wake_task.done():
            self.wake_task.cancel()
        self.wake_task = None
        now = self.now()
        owing = self.table.to_act() if self.status == "playing" else ()
        self.owing = {s: self.owing.get(s, now) for s in owing}
        when = self.table.wake_at()
        idle = self.idle_due()
        if idle is not None and (when is None or idle[0] < when):
            when = idle[0]
        if when is None or self.flowing is None or self.evicted or not self.owner:
            return
        self.wake_task = asyncio.create_task(self._wake(max(0.0, when - self.now())))

    async def _wake(self, delay: float) -> None:
        await asyncio.sleep(delay)
        async with self.lock:
            if self.evicted or self.flowing is None:
                return
            try:
                self._catch_up()
            except ProtocolError:
                return  # logged; the table was dropped from memory and comes back from the store
            self.broadcast()
            self.wake_task = None
            self.schedule()
            self.kick_bots()

    def _catch_up(self) -> None:
        """Under the lock: carry out everything due by now, and store it before anyone is told."""
        self._sync()
        if self.flowing is None:
            return
        before = len(self._actions())
        try:
            self.table.due(self.now())
            self._nudge_idle()
        except Exception:
            log.exception("table %s: the engine failed on a deadline; reloading from the store", self.id)
            self.hub.evict(self, "the server failed keeping this table's time")
            raise ProtocolError("internal", "the server could not keep this table's time") from None
        self._persist(before)

    def public_options(self) -> dict[str, Any]:
        """The options as anyone may know them: a game's secret ones (Mao's rules) only counted
        until the reveal (``GameSpec.public_options``)."""
        return self.spec.public_options(self.table.options, self.table.over)

    def idle_due(self) -> tuple[float, int] | None:
        """When a person at a table without a turn clock will have sat on their decision for
        the idle limit (``Hub.idle``), and which seat, soonest first: a person connected but
        away from the screen, whom no grace period covers (theirs is for the disconnected)."""
        if self.hub.idle is None or self.table.clock is not None or self.status != "playing":
            return None
        due = [(max(since, self.heard.get(s, 0.0)) + self.hub.idle, s) for s, since in self.owing.items()
               if self.seats[s].bot is None and self.table.seats[s].stand_in is None and not self.absent(s)]
        return min(due) if due else None

    def _nudge_idle(self) -> None:
        """Under the lock: a bot makes the decision of each person who has sat on it for the
        idle limit, recorded as their time running out; their next decision is theirs again."""
        for _ in range(len(self.seats)):
            due = self.idle_due()
            now = self.now()
            if due is None or due[0] > now or self.table.over:
                return
            self.table.nudge(due[1], now)
            self.owing[due[1]] = now  # a decision still owed after it waits another idle period

    def summary(self) -> dict[str, Any]:
        """Public facts about the table (for the lobby and the HTTP API). Call it under the
        table's lock: a move being made in a worker thread is not stored yet."""
        record = self.table.record
        return {"id": self.id, "game": self.table.game.name, "title": self.table.game.title,
                "options": self.public_options(), "status": self.status, "seats": self.public_seats(),
                "actions": len(record.actions) if record else 0,
                "result": record.result if record else None, "rematch": self.rematch,
                "rematch_offer": self.rematch_offer(), "clock": self.clock_json(), "listed": self.listed}

    # --- what a client is sent ------------------------------------------------
    def welcome(self, client: Client) -> dict[str, Any]:
        out = {"type": "welcome", "protocol": PROTOCOL, "table": self.id, "game": self.table.game.name,
               "title": self.table.game.title, "seat": client.seat, "options": self.public_options(),
               "host": client.host, "chat": self.spec.chat}
        if client.seat is not None and client.seat in self.stood_in:
            out["stood_in_from"] = self.stood_in[client.seat]  # the events the stand-in bot played
        if self.wants_name(client):
            out["name_wanted"] = True
        return out

    def wants_name(self, client: Client) -> bool:
        """Whether this connection's person is to say their name before they sit down: their page
        asks (``Client.naming``) and the host left their seat unnamed, and they have not sat down."""
        seat = client.seat
        return (client.naming and seat is not None and not self.seats[seat].joined
                and self.seats[seat].name == person_name(seat))

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
                self.hub.store.update_seat(self.id, seat, named)
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

    def update(self, seat: int | None, start: int, seats: list[dict[str, Any]]) -> dict[str, Any]:
        """The update for ``seat`` (None: a spectator): its view, its legal actions and the
        events from ``start`` (``seats``: the public seats, made once per broadcast)."""
        t = self.table
        mine = seat is not None and self.status == "playing" and t.seats[seat].player is None
        legal: list[Action] = []
        if mine and seat is not None:
            legal = t.offer(seat)
        # free actions only: the seat may act, but the game does not wait for it (docs/engine.md);
        # judged by who is on the clock, which tells nobody a secret (Mao: who owes a duty)
        free = bool(legal) and seat not in t.on_the_clock()
        view = t.view(seat)
        names = [s["name"] for s in seats]
        return {
            "type": "update", "table": self.id, "status": self.status, "seats": seats,
            "view": view.to_json(),
            "legal": [t.game.action_to_json(a) for a in legal], "free": free,
            # each legal action's words, in the game's one wording (engine.moves), index for index
            "said": [t.game.words(a, view).named(names).to_json() for a in legal],
            "events_from": start, "events": t.events_for(seat, start), "next": len(t.log),
            "actions": len(t.record.actions) if t.record else 0,
            "result": t.record.result if t.record else None, "rematch": self.rematch,
            "rematch_offer": self.rematch_offer(), "clock": self.clock_json(),
        }

    def broadcast(self) -> None:
        """Every connection its update. Connections of the same seat (or spectators) that hold the
        same events get the same bytes, built and encoded once: 300 spectators cost one view,
        one event list and one encoding, not 300. Under the table's lock, after the store has
        what it shows (nothing is shown before it is stored)."""
        seats = self.public_seats()
        made: dict[tuple[int | None, int], str] = {}
        end = len(self.table.log)
        for c in list(self.clients):
            key = (c.seat, c.cursor)
            text = made.get(key)
            if text is None:
                text = made[key] = encode(self.update(c.seat, c.cursor, seats))
            c.cursor = end
            c.send(text)

    # --- connections ----------------------------------------------------------
    async def join(self, client: Client, since: int) -> None:
        """A client says hello: it is sent the table and what it missed since event ``since``.
        Under the table's lock: a move being judged in a worker thread is never seen half made."""
        async with self.lock:
            self._join(client, since)
            self.kick_bots()
            if self._watch_absences():  # play began with someone away: everyone sees their countdown
                self.broadcast()

    def _join(self, client: Client, since: int) -> None:
        seat = client.seat
        if seat is not None and not self.seats[seat].joined and not self.wants_name(client):
            joined = replace(self.seats[seat], joined=True)
            try:
                self.hub.store.update_seat(self.id, seat, joined)
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
        if seat is not None:
            self.stood_in.pop(seat, None)
        self._announce()
        self.schedule()
        self.broadcast()
        lines = self.chat.recent() if self.spec.chat else []
        if lines:  # the recent talk, for a page that (re)opens the table
            client.send({"type": "chat", "history": True, "lines": lines})

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
            line = self.chat.add(seat, self.seats[seat].name, text)
        except sqlite3.Error:
            log.exception("table %s: could not store a chat line", self.id)
            raise not_saved("that line") from None
        self._tell_chat([line])

    def _tell_chat(self, lines: list[dict[str, Any]]) -> None:
        if lines:
            text = encode({"type": "chat", "lines": lines})
            for c in list(self.clients):
                c.send(text)

    async def drop(self, client: Client) -> None:
        """A connection closed: the others see the seat as disconnected (and, after
        the grace period, a stand-in bot plays it). A finished table nobody
        watches leaves memory (the store keeps it). Under the lock: a bot's move
        being made in a worker thread is not stored yet, and must not be shown."""
        if client in self.clients:
            async with self.lock:
                self.clients.discard(client)
                self._announce()
                self._watch_absences()  # first: the others' update carries the countdown to the stand-in
                if not self.evicted:
                    self.broadcast()
        if not self.clients and self.table.over and self.hub.tables.get(self.id) is self:
            del self.hub.tables[self.id]
            self.evicted = True
            self.stop()

    @property
    def idle(self) -> bool:
        """Nobody connected and nothing running or due (no bot moving, no clock or deadline to
        wake for, no seat's grace period): the table may leave memory (the store has it all)."""
        busy = any(task is not None and not task.done() for task in (self.bots_task, self.wake_task))
        return not self.clients and not busy and not self.grace and not self.lock.locked()

    # --- leavers --------------------------------------------------------------
    def absent(self, seat: int) -> bool:
        return (self.seats[seat].bot is None and all(c.seat != seat for c in self.clients)
                and seat not in self.elsewhere())

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
        return started

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
        if self.table.seats[seat].stand_in is not None:
            self.table.seats[seat].stand_in = None
            self._announce_stand_ins()

    # --- the host ---------------------------------------------------------------
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
                self._catch_up()
                settings = {**self.settings, "paused": do == "pause"}
                self.hub.store.set_settings(self.id, settings)
                self.settings = settings
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
                        self.hub.store.update_seat(self.id, seat, joined)
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

    # --- acting -----------------------------------------------------------------
    def _may_act(self, client: Client) -> int:
        seat = client.seat
        if seat is None:
            raise ProtocolError("spectator", "spectators watch; open your seat's invite link to play")
        if self.seats[seat].bot is not None:
            raise ProtocolError("left", "you left this seat; a bot plays it now")
        return seat

    async def attempt(self, client: Client, raw: Any, ref: Any = None) -> None:
        """A seat's attempt at an action: the client is sent its ``ack`` once
        the store has committed the action, then everyone gets an update.
        ProtocolError otherwise; nothing changes on error except what the
        rulebook's table-mode penalties say.

        An ``act`` this seat has already had acknowledged (the same id and the
        same action, on this connection or an earlier one of the seat's) is
        answered with that same ack and not played again: a client re-sends
        when it cannot tell whether its message arrived, often after
        reconnecting. A new action under an old id is a new attempt."""
        seat = self._may_act(client)
        done = self.acks.get(seat, Acks()).get(ref, raw)
        if done is not None:
            client.send(done)
            return
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
        game = self.table.game
        try:
            action = game.action_from_json({**raw, "seat": seat})
        except (GameError, TypeError, ValueError, KeyError) as exc:
            raise ProtocolError("bad_action", str(exc)) from None
        async with self.lock:
            self._check_live()
            done = self.acks.get(seat, Acks()).get(ref, raw)  # sent again while the first was judged
            if done is not None:
                client.send(done)
                return
            if self.table.over:
                raise ProtocolError("game_over", "the game is over")
            self._catch_up()  # a clock that ran out before this attempt arrived acts first
            if self.table.over:
                raise ProtocolError("game_over", "the game is over")
            before = len(self._actions())
            try:  # rules work runs off the event loop: a slow judgement freezes no other table
                events = await asyncio.to_thread(self.table.submit, action, self.now())
            except Exception:
                log.exception("table %s: the engine failed on an action; reloading from the store", self.id)
                self.hub.evict(self, "the server failed on the last move")
                raise ProtocolError("internal", "the server could not judge that action; it was not played") from None
            if len(events) == 1 and events[0].kind == "refused":
                data = events[0].data or {}
                raise ProtocolError("refused", f"{data.get('reason', 'not allowed')} [{data.get('rule', '?')}]")
            self._persist(before)
            # the seat's own penalties only: its act may close others' duties (their penalties are in the log)
            penalties = [e.data.get("name") for e in events if e.kind == "penalty" and e.data and e.seat == seat]
            ack = {"type": "ack", "id": ref, "actions": len(self._actions()), "penalties": penalties}
            self.acks.setdefault(seat, Acks()).remember(ref, raw, ack)
            client.send(ack)
            self.broadcast()
            # under the lock: no other move is being made in a worker thread while the state is read
            self.schedule()
            self.kick_bots()

    async def leave(self, client: Client) -> None:
        """The player gets up: a bot takes the seat so the others can play on,
        and the seat's token stops working."""
        seat = self._may_act(client)
        kind = default_bot(self.table.game.name)
        async with self.lock:
            self._check_live()
            stored = StoredSeat(f"{self.seats[seat].name} (left, {kind} bot)", kind, None, True)
            try:
                self.hub.store.update_seat(self.id, seat, stored)
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
                self._make_rematch(offer)  # the last person the offer waited for got up: a bot accepts
            self.broadcast()
            self.kick_bots()

    async def request_rematch(self, client: Client, admit: Callable[[str], str], accept: bool = True) -> str | None:
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
                    tag = admit(client.party)
                except Unavailable as exc:
                    raise ProtocolError("no_rematch", str(exc)) from None
                offer = Offer(seat, (seat,), party=tag)
            else:
                offer = offer.accept(seat)
            if not offer.open or offer.waiting(self.people()):
                settings = {**self.settings, REMATCH_KEY: offer.stored()}
                try:
                    self.hub.store.set_settings(self.id, settings)
                except sqlite3.Error:
                    log.exception("table %s: could not store its rematch offer", self.id)
                    raise not_saved("the rematch offer") from None
                self.settings = settings
                self.broadcast()
                return None
            self._make_rematch(offer)
        return self.rematch

    def _make_rematch(self, offer: Offer) -> None:
        """Under the lock, once every person seated has accepted: the new table, stored and told."""
        seats = [StoredSeat(s.name, s.bot, s.token_hash, s.bot is not None) for s in self.seats]
        new = self.hub.new_table(self.table.game.name, self.table.options, seats,
                                 settings={**without_offer(self.settings), "paused": False, "party": offer.party})
        try:
            self.hub.store.set_rematch(self.id, new)
        except sqlite3.Error:
            log.exception("table %s: could not store its rematch", self.id)
            raise not_saved("the rematch") from None
        self.rematch = new.id
        for c in self.clients:
            c.send({"type": "rematch", "table": self.rematch})
        self.broadcast()

    def people(self) -> list[int]:
        """The seats a person holds (a seat whose player left is a bot's now)."""
        return [i for i, s in enumerate(self.seats) if s.bot is None]

    def rematch_offer(self) -> dict[str, Any] | None:
        """The rematch offer as everyone is shown it (None: nobody has offered one)."""
        offer = Offer.of(self.settings)
        return offer.public(self.people()) if offer is not None and self.rematch is None else None

    # --- bots -------------------------------------------------------------------
    def kick_bots(self) -> None:
        """Start this table's bot runner if a bot has a decision and none is running."""
        if not self.owner or (self.bots_task is not None and not self.bots_task.done()):
            return
        if self.status == "playing" and self.table.bot_to_act() is not None:
            self.bots_task = asyncio.create_task(self._run_bots())

    async def _run_bots(self) -> None:
        """Bots play until a person must decide; each move is stored before it is shown.

        With a delay, one move per pause so people can follow; without, every
        pending bot move at once."""
        delay = self.hub.bot_delay
        while True:
            await asyncio.sleep(delay)
            async with self.lock:
                try:
                    self._sync()
                except ProtocolError:
                    return
                if self.evicted or self.status != "playing" or self.table.bot_to_act() is None:
                    return
                before = len(self._actions())
                try:  # a bot may think for a while (a search bot): off the event loop
                    await asyncio.to_thread(self._bot_moves, bool(delay))
                except Exception:
                    log.exception("table %s: a bot failed; reloading from the store", self.id)
                    self.hub.evict(self, "a bot failed to move")
                    return
                try:
                    self._persist(before)
                except ProtocolError:
                    return
                self.broadcast()
                self.schedule()

    def _bot_moves(self, one: bool) -> None:
        """Under the lock, in a worker thread: what is due, then one bot move or every pending one."""
        self.table.due(self.now())
        if self.table.bot_to_act() is None:
            return
        if one:
            self.table.step_bot(self.now())
        else:
            self.table.advance(t=self.now())

    def stop(self) -> None:
        """Cancel this table's timers (it is leaving memory; another process may own it now)."""
        if self.wake_task is not None:
            self.wake_task.cancel()
        for handle in self.grace.values():
            handle.cancel()
        self.grace.clear()
        if self.hub.cluster is not None:
            self.hub.cluster.release(self.id)

    # --- several server processes (cluster.py) -------------------------------------
    def _announce(self) -> None:
        if self.hub.cluster is not None:
            self.hub.cluster.announce(self.id, [c.seat for c in self.clients if c.seat is not None])

    def _announce_stand_ins(self) -> None:
        """The owner tells the other processes which seats its stand-ins play (they show it)."""
        if self.hub.cluster is not None and self.owner:
            self.hub.cluster.announce_stand_ins(
                self.id, [i for i, s in enumerate(self.table.seats) if s.stand_in is not None])

    def _sync(self) -> None:
        """Under the lock: replay the actions another process stored since this copy was made
        (nothing to do with one process). A copy that cannot catch up is reloaded."""
        cluster = self.hub.cluster
        if cluster is None or self.evicted:
            return
        try:
            new = cluster.store.actions_since(self.id, len(self._actions()))
            for raw in new:
                self.table.replay_entry(raw)
        except Exception:
            log.exception("table %s: could not catch up with the store; reloading it", self.id)
            self.hub.evict(self, "the server is catching up with this table")
            raise ProtocolError("reload", "the table is being reloaded; reconnect") from None
        if new:
            self._moved_on()

    def _moved_on(self) -> None:
        """Moves came from another process: this copy's clock goes on from the newest stored moment."""
        self.base = max(self.now(), self.table.last_t)
        if self.flowing is not None:
            self.flowing = time.monotonic()

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
                stored = cluster.store.load(self.id, since=len(self._actions()))
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
                self.hub.evict(self, "the server is catching up with this table")
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
                self._tell_chat(self.chat.news())
            if adopted:  # as after a restart: the clock resumes from the last stored moment
                self.base, self.flowing = self.table.last_t, None
            else:
                self._moved_on()
            self.broadcast()
        self.schedule()
        self.kick_bots()
        self._watch_absences()

    def presence_changed(self) -> None:
        """Who is connected at other processes changed: a player back there gets up their
        stand-in; one gone starts their grace period (at the owner)."""
        if self.evicted:
            return
        if self.owner:
            for seat in self.elsewhere():
                if seat in self.grace or self.table.seats[seat].stand_in is not None:
                    self._back(seat)
                    self.stood_in.pop(seat, None)
            self._watch_absences()
        self.broadcast()

    # --- the store ----------------------------------------------------------------
    def _actions(self) -> list[dict[str, Any]]:
        assert self.table.record is not None
        return self.table.record.actions

    def _check_live(self) -> None:
        if self.evicted:
            raise ProtocolError("reload", "the table is being reloaded; reconnect")

    def _persist(self, before: int) -> None:
        """Commit the actions accepted since ``before``. If the store fails the
        table is dropped from memory (it is ahead of the disk) and rebuilt
        from the store on next use, so nothing unsaved is ever shown."""
        new = self._actions()[before:]
        if not new:
            return
        record = self.table.record
        try:
            self.hub.store.append(self.id, before, new, record.result if record else None)
        except sqlite3.Error as exc:
            if isinstance(exc, Conflict):  # another server process stored this move's number first
                self.hub.evict(self, "another move reached this table first")
                raise ProtocolError("not_saved", "another move reached the table first: yours was not played; "
                                                 "look again and retry") from None
            log.exception("table %s: could not store actions %d..; dropping it from memory", self.id, before)
            self.hub.evict(self, "the server could not save the last move (its storage failed)")
            raise not_saved("that action") from None


class Hub:
    """The live tables, by id: loaded from the store on first use, and dropped
    again (least recently used first) when more than ``max_tables`` are held
    and some are idle, so looking at thousands of tables cannot fill memory."""

    def __init__(self, store: TableStore, bot_delay: float = 0.0, grace: float = 45.0, max_tables: int = MAX_TABLES,
                 idle: float | None = IDLE, policies: Mapping[str, Mapping[str, str]] | None = None):
        self.store = store
        #: trained policies this server offers as bots, by game and name (``serve --policies DIR``)
        self.policies = policies or {}
        self.bot_delay = bot_delay
        #: seconds a disconnected person's seat waits before a stand-in bot plays it
        self.grace = grace
        #: seconds a connected person may sit on a decision at a table without a turn clock before
        #: a bot makes it for them (None: for ever)
        self.idle = idle
        self.max_tables = max_tables
        #: oldest use first
        self.tables: OrderedDict[str, LiveTable] = OrderedDict()
        #: work started from timers (a stand-in arriving), held so that it is not collected mid-way
        self.tasks: set[asyncio.Task[None]] = set()
        #: this process's part among several on one PostgreSQL database (None: the only process)
        self.cluster: Cluster | None = None

    def spawn(self, work: Coroutine[Any, Any, None]) -> None:
        """Run ``work`` on the event loop as a task of its own."""
        task = asyncio.get_running_loop().create_task(work)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    # --- what the cluster asks (cluster.Members) -----------------------------------
    def held(self) -> list[str]:
        return list(self.tables)

    def connected(self, table_id: str) -> list[int]:
        live = self.tables.get(table_id)
        return sorted({c.seat for c in live.clients if c.seat is not None}) if live else []

    def changed(self, table_id: str, adopted: bool) -> None:
        live = self.tables.get(table_id)
        if live is not None:
            self.spawn(live.refresh(adopted))

    def presence_changed(self, table_id: str) -> None:
        live = self.tables.get(table_id)
        if live is not None:
            live.presence_changed()

    def stand_in(self, table_id: str, seat: int) -> None:
        """The host asked at another process for a stand-in at this process's table."""
        live = self.tables.get(table_id)
        if live is not None and 0 <= seat < len(live.seats) and live.absent(seat):
            self.spawn(live._stand_in_later(seat))  # under the table's lock, as every stand-in

    def policy(self, game: str, seat: int, spec: str) -> str:
        """The bot spec of a policy this server offers by name (``policy:NAME``, stored with its
        file's path); a path, or a name not offered, is refused: a table made over the network
        never makes the server read a file of a stranger's choosing."""
        name = spec.strip()[len(POLICY):]
        offered = self.policies.get(game, {})
        if name not in offered:
            names = ", ".join(f"{POLICY}{n}" for n in sorted(offered)) or "none (houserules serve --policies DIR)"
            raise GameError(f"seat {seat}: no trained policy {name!r} for {game} on this server; offered: {names}")
        return POLICY + offered[name]

    def new_table(self, game_name: str, options: Mapping[str, Any], seats: list[StoredSeat],
                  seed: int | None = None, settings: Mapping[str, Any] | None = None) -> StoredTable:
        """A table ready to store (not yet stored); checks the game, options and seats."""
        game = registry.get(game_name)
        opts = game.options(options)
        seed = secrets.randbelow(2**31) if seed is None else seed
        n = game.seats_for(opts)
        if len(seats) != n:
            raise GameError(f"{game.title} with these options has {n} seats; {len(seats)} were described")
        seats = [replace(s, bot=self.policy(game.name, i, s.bot)) if s.bot and s.bot.strip().startswith(POLICY)
                 else s for i, s in enumerate(seats)]
        for i, s in enumerate(seats):
            if s.bot is not None:
                try:
                    check_spec(game.name, s.bot)
                except GameError as exc:
                    raise GameError(f"seat {i}: {exc}") from None
        return StoredTable(_new_id(), game.name, opts, seed, seats, [], settings=dict(settings or {}))

    def create(self, game_name: str, options: Mapping[str, Any], seats: Sequence[Mapping[str, Any]],
               seed: int | None = None, clock: Any = None, on_timeout: Any = None,
               listed: bool = False, party: str | None = None) -> tuple[StoredTable, dict[int, str], dict[str, str]]:
        """Store a new table; returns it, a fresh secret token per person's seat and
        the table's own secrets: ``host`` (pause, resume, replace) and ``watch`` (spectate)."""
        clock_spec = parse_clock(clock)
        timeout = parse_on_timeout(on_timeout)
        secrets_ = {"host": secrets.token_urlsafe(18), "watch": secrets.token_urlsafe(12)}
        settings = {"clock": clock_spec.to_json() if clock_spec else None, "on_timeout": timeout, "listed": bool(listed),
                    "paused": False, "host_hash": token_hash(secrets_["host"]),
                    "watch_hash": token_hash(secrets_["watch"]), "party": party}
        tokens: dict[int, str] = {}
        stored_seats = []
        for i, spec in enumerate(seats):
            bot = spec.get("bot") or None
            default = bot_name(i) if bot else person_name(i)
            name = str(spec.get("name") or default).strip()[:NAME_LIMIT] or default
            if bot is None:
                tokens[i] = secrets.token_urlsafe(18)
            stored_seats.append(StoredSeat(name, bot, token_hash(tokens[i]) if i in tokens else None))
        stored = self.new_table(game_name, options, stored_seats, seed, settings)
        try:
            self.store.create(stored)
        except sqlite3.Error:
            log.exception("could not store a new %s table", stored.game)
            raise Unavailable("the server could not store the table (its storage failed); try again later") \
                from None
        return stored, tokens, secrets_

    def get(self, table_id: str) -> LiveTable | None:
        """The live table, rebuilt from the store (options, seed, actions replayed) if not in
        memory; None if there is no such table. Unavailable if it cannot be read or replayed:
        that table is refused, every other one is served as usual."""
        live = self.tables.get(table_id)
        if live is not None:
            self.tables.move_to_end(table_id)
            return live
        try:
            stored = self.store.load(table_id)
        except (sqlite3.Error, ValueError):
            log.exception("table %s: could not be read from the store", table_id)
            raise Unavailable(f"table {table_id} cannot be read from the server's storage right now") from None
        if stored is None:
            return None
        table = _replayed(stored)
        if self.cluster is not None:
            self.cluster.claim(table_id)
        live = self.tables[table_id] = LiveTable(self, stored, table)
        self._trim(live)
        return live

    async def resume(self) -> None:
        """At start-up: bring back every table being played, so that its bots move, its clocks
        run and its absent players' grace periods start as if the server had not stopped
        (the table's clock does not count the downtime). Tables are replayed one at a time,
        the server answering meanwhile; one that cannot be is left for the log."""
        try:
            ids = self.store.in_play(self.max_tables)
        except sqlite3.Error:
            log.exception("could not list the tables in play")
            return
        for table_id in ids:
            await asyncio.sleep(0)
            try:
                live = self.get(table_id)
            except Unavailable:
                continue  # logged by get
            if live is not None and not live.evicted:
                live.schedule()
                live.kick_bots()
                live._watch_absences()

    def _trim(self, keep: LiveTable) -> None:
        """Drop the least recently used idle tables (never ``keep``, the one just loaded)
        while more than ``max_tables`` are held."""
        excess = len(self.tables) - self.max_tables
        for live in list(self.tables.values()):
            if excess <= 0:
                return
            if live.idle and live is not keep:
                del self.tables[live.id]
                live.evicted = True
                live.stop()
                excess -= 1

    def evict(self, live: LiveTable, why: str) -> None:
        """Forget a table whose memory may be ahead of the store; its clients
        are told ``why`` in a ``reload`` error, then closed (once the current
        handler has queued its error for the client that tried), and
        reconnect to get the table as the store has it."""
        live.evicted = True
        live.stop()
        if self.tables.get(live.id) is live:
            del self.tables[live.id]
        clients = list(live.clients)
        live.clients.clear()
        notice = error("reload", f"{why}; reconnect to continue from what the server has saved")

        def close_all() -> None:
            for c in clients:
                c.send(notice)
                c.close()

        asyncio.get_running_loop().call_soon(close_all)


def _replayed(stored: StoredTable) -> Table:
    """The stored table's game, replayed; Unavailable if its actions no longer replay (the
    rules changed under it, or the file was edited). The reason goes to the log only: it may
    name a seat's cards."""
    bots = {i: s.bot for i, s in enumerate(stored.seats) if s.bot}
    names = {i: s.name for i, s in enumerate(stored.seats)}
    try:
        clock = parse_clock(stored.settings.get("clock"))
        with options_stored():  # checked when stored: a rule book is not checked again
            table = Table.restore(stored.game, stored.options, stored.seed, bots, names, stored.actions,
                                  keep_refusals=False, clock=clock, on_timeout=stored.settings.get("on_timeout", "bot"))
        if table.record is None or len(table.record.actions) != len(stored.actions):
            raise GameError(f"{len(table.record.actions) if table.record else 0} of its "
                            f"{len(stored.actions)} stored actions replay")
    except Exception as exc:  # noqa: BLE001 (whatever the engine raises on old or edited actions)
        log.error("table %s: its stored game no longer replays: %s: %s", stored.id, type(exc).__name__, exc)
        raise Unavailable(f"table {stored.id} is stored but its game no longer replays on this server "
                          "(the server's log says why); other tables are not affected", 500) from None
    return table


def _new_id() -> str:
    """A short table id, easy to read aloud (no 0/o/1/l)."""
    alphabet = "abcdefghijkmnpqrstuvwxyz23456789"
    return "".join(secrets.choice(alphabet) for _ in range(10))
