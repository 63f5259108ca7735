"""What a live table holds (its ``Table``, seats, connections, lock, timers) and the facts anyone
may read of it: who sits where, whether play has begun, the table's own clock, what a seat's
secret proves. The layers above (sending, storing, moving, presence, acting) build on it."""

from __future__ import annotations

import asyncio
import hmac
import time
from collections.abc import Coroutine, Mapping
from typing import TYPE_CHECKING, Any, Protocol

from ..bots import shown_bot
from ..engine import registry
from ..table import Table, person_name
from .chat import Chat
from .clients import Client
from .protocol import ProtocolError, error
from .rematch import Offer
from .store import StoredSeat, StoredTable, token_hash
from .stores import Offloaded, TableStore

if TYPE_CHECKING:
    from .cluster import Cluster


class TableHub(Protocol):
    """What a live table asks of the hub that holds it (hub.Hub)."""

    store: TableStore
    #: the store's calls off the event loop (``await hub.io.run(hub.store.append, ...)``)
    io: Offloaded
    cluster: Cluster | None
    bot_delay: float
    grace: float
    idle: float | None
    answer: float

    def spawn(self, work: Coroutine[Any, Any, None]) -> None: ...

    def forget(self, live: TableState) -> bool:
        """Drop ``live`` from memory if it is the copy held; whether it was."""
        ...

    def new_table(self, game_name: str, options: Mapping[str, Any], seats: list[StoredSeat],
                  seed: int | None = None, settings: Mapping[str, Any] | None = None) -> StoredTable: ...


def _secret_matches(secret: Any, digest: str | None) -> bool:
    return (digest is not None and isinstance(secret, str) and len(secret) <= 256
            and hmac.compare_digest(token_hash(secret), digest))


class TableState:
    """What a live table holds, and the facts anyone may read of it."""

    def __init__(self, hub: TableHub, stored: StoredTable, table: Table):
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
        #: a paused table whose host is away: when it resumes by itself (``Presence._watch_host``)
        self.host_away: asyncio.TimerHandle | None = None
        #: where in the log each stand-in started playing (told to the player when they are back)
        self.stood_in: dict[int, int] = {}
        #: on the table's clock: when each seat the table waits on began to owe its decision, and
        #: when each person last acted (or sat down): for the idle limit (``idle_due``)
        self.owing: dict[int, float] = {}
        self.heard: dict[int, float] = {}
        #: on the table's clock: when each seat asked in secret was asked (its unshown deadline runs)
        self.asked: dict[int, float] = {}
        self.spec = registry.spec(table.game.name)
        #: what the people at the table said (chat.py), read from the store when first wanted
        self.chat = Chat(self.id, hub.io)
        self._flow()

    # --- who is who ---------------------------------------------------------------
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

    def wants_name(self, client: Client) -> bool:
        """Whether this connection's person is to say their name before they sit down: their page
        asks (``Client.naming``) and the host left their seat unnamed, and they have not sat down."""
        seat = client.seat
        return (client.naming and seat is not None and not self.seats[seat].joined
                and self.seats[seat].name == person_name(seat))

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
        Where the grace period runs (the table's owner, in a cluster) from its timer; at the
        other processes from the moment the owner announced (``Cluster.grace_due``)."""
        handle = self.grace.get(seat)
        if handle is None:
            due = self.hub.cluster.grace_due(self.id).get(seat) if self.hub.cluster is not None else None
            return None if due is None else round(max(0.0, due - time.time()), 1)
        try:
            now = asyncio.get_running_loop().time()
        except RuntimeError:  # asked from outside the server's loop (a test's thread)
            return None
        return round(max(0.0, handle.when() - now), 1)

    def absent(self, seat: int) -> bool:
        return (self.seats[seat].bot is None and all(c.seat != seat for c in self.clients)
                and seat not in self.elsewhere())

    def people(self) -> list[int]:
        """The seats a person holds (a seat whose player left is a bot's now)."""
        return [i for i, s in enumerate(self.seats) if s.bot is None]

    def rematch_offer(self) -> dict[str, Any] | None:
        """The rematch offer as everyone is shown it (None: nobody has offered one)."""
        offer = Offer.of(self.settings)
        return offer.public(self.people()) if offer is not None and self.rematch is None else None

    def public_options(self) -> dict[str, Any]:
        """The options as anyone may know them: a game's secret ones (Mao's rules) only counted
        until the reveal (``GameSpec.public_options``)."""
        return self.spec.public_options(self.table.options, self.table.over)

    def _may_act(self, client: Client) -> int:
        seat = client.seat
        if seat is None:
            raise ProtocolError("spectator", "spectators watch; open your seat's invite link to play")
        if self.seats[seat].bot is not None:
            raise ProtocolError("left", "you left this seat; a bot plays it now")
        return seat

    # --- the table's clock --------------------------------------------------------
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

    # --- in memory ----------------------------------------------------------------
    def _actions(self) -> list[dict[str, Any]]:
        assert self.table.record is not None
        return self.table.record.actions

    def _check_live(self) -> None:
        if self.evicted:
            raise ProtocolError("reload", "the table is being reloaded; reconnect")

    def stop(self) -> None:
        """Cancel this table's timers (it is leaving memory; another process may own it now)."""
        if self.wake_task is not None:
            self.wake_task.cancel()
        for handle in self.grace.values():
            handle.cancel()
        self.grace.clear()
        if self.host_away is not None:
            self.host_away.cancel()
            self.host_away = None
        if self.hub.cluster is not None:
            self.hub.cluster.release(self.id)

    def evict(self, why: str) -> None:
        """Forget this table, whose memory may be ahead of the store; its clients
        are told ``why`` in a ``reload`` error, then closed (once the current
        handler has queued its error for the client that tried), and
        reconnect to get the table as the store has it."""
        self.evicted = True
        self.stop()
        self.hub.forget(self)
        clients = list(self.clients)
        self.clients.clear()
        notice = error("reload", f"{why}; reconnect to continue from what the server has saved")

        def close_all() -> None:
            for c in clients:
                c.send(notice)
                c.close()

        asyncio.get_running_loop().call_soon(close_all)
