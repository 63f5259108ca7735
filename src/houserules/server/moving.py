"""What keeps a live table moving with nobody acting: a scheduler that sleeps until the rules'
deadline, a turn clock's expiry, the idle limit or a secret question's unshown deadline, and
the runner that lets bots (and stand-ins) play, each move stored before it is shown."""

from __future__ import annotations

import asyncio
import logging

from .protocol import ProtocolError
from .storing import Storing

log = logging.getLogger("houserules.server")

#: seconds a connected person may sit on a decision at a table without a turn clock (see ``idle_due``)
IDLE = 120.0
#: seconds a person asked in secret (a NOPE window) has to answer before they say nothing (``answer_due``)
ANSWER = 10.0


class Moving(Storing):
    """A live table's time and bots."""

    # --- time ---------------------------------------------------------------------
    def schedule(self) -> None:
        """Sleep until the table next needs waking (the rules' deadline, a clock's expiry, or a
        person sitting on a decision for the idle limit)."""
        self._flow()
        if self.wake_task is not None and not self.wake_task.done():
            self.wake_task.cancel()
        self.wake_task = None
        now = self.now()
        playing = self.status == "playing"
        # the idle limit follows only whom everyone sees the table wait on (never a secret)
        self.owing = {s: self.owing.get(s, now) for s in (self.table.on_the_clock() if playing else ())}
        self.asked = {s: self.asked.get(s, now) for s in (self.table.asked_in_secret() if playing else ())}
        times = [x for x in (self.table.wake_at(), self.idle_due(), self.answer_due()) if x is not None]
        when = min(times) if times else None
        if when is None or self.flowing is None or self.evicted or not self.owner:
            return
        self.wake_task = asyncio.create_task(self._wake(max(0.0, when - self.now())))

    async def _wake(self, delay: float) -> None:
        await asyncio.sleep(delay)
        async with self.lock:
            if self.evicted or self.flowing is None:
                return
            seen = self._seen()
            try:
                await self._catch_up()
            except ProtocolError:
                return  # logged; the table was dropped from memory and comes back from the store
            self._show(seen)
            self.wake_task = None
            self.schedule()
            self.kick_bots()

    async def _catch_up(self) -> None:
        """Under the lock: carry out everything due by now, and store it before anyone is told."""
        await self._sync()
        if self.flowing is None:
            return
        before = len(self._actions())
        try:
            self.table.due(self.now())
            self._nudge_idle()
            self._hush_due()
        except Exception:
            log.exception("table %s: the engine failed on a deadline; reloading from the store", self.id)
            self.evict("the server failed keeping this table's time")
            raise ProtocolError("internal", "the server could not keep this table's time") from None
        await self._persist(before)

    def answer_due(self) -> float | None:
        """When the first person asked in secret (a NOPE window) will have said nothing for
        ``Hub.answer`` seconds: their unshown deadline, which no screen shows (a bot or a
        stand-in answers at once). Then the table gives their ``Game.silence`` for them."""
        due = [since + self.hub.answer for s, since in self.asked.items() if self.table.seats[s].player is None]
        return min(due) if due and self.status == "playing" else None

    def _hush_due(self) -> None:
        """Under the lock: every person asked in secret whose unshown deadline has passed says nothing."""
        now = self.now()
        late = tuple(s for s, since in self.asked.items() if since + self.hub.answer <= now)
        if late and not self.table.over:
            self.table.hush(now, late)

    def idle_due(self) -> float | None:
        """When a person at a table without a turn clock will have sat on their decision for
        the idle limit (``Hub.idle``), soonest first: a person connected but away from the
        screen, whom no grace period covers (theirs is for the disconnected). Only a seat
        everyone sees the table wait on (``on_the_clock``) is timed so: an idle note never
        names a seat asked in secret."""
        late = self._idle_seat()
        return late[0] if late is not None else None

    def _idle_seat(self) -> tuple[float, int] | None:
        if self.hub.idle is None or self.table.clock is not None or self.status != "playing":
            return None
        due = [(max(since, self.heard.get(s, 0.0)) + self.hub.idle, s) for s, since in self.owing.items()
               if self.seats[s].bot is None and self.table.seats[s].stand_in is None and not self.absent(s)]
        return min(due) if due else None

    def _nudge_idle(self) -> None:
        """Under the lock: a bot makes the decision of each person who has sat on it for the
        idle limit, recorded as their time running out; their next decision is theirs again."""
        for _ in range(len(self.seats)):
            due = self._idle_seat()
            now = self.now()
            if due is None or due[0] > now or self.table.over:
                return
            self.table.nudge(due[1], now)
            self.owing[due[1]] = now  # a decision still owed after it waits another idle period

    # --- bots ---------------------------------------------------------------------
    def kick_bots(self) -> None:
        """Start this table's bot runner if a bot has a decision and none is running."""
        if not self.owner or (self.bots_task is not None and not self.bots_task.done()):
            return
        if self.status == "playing" and self.table.bot_to_act() is not None:
            self.bots_task = asyncio.create_task(self._run_bots())

    async def _run_bots(self) -> None:
        """Bots play until a person must decide; each move is stored before it is shown.

        One move per pause (``Hub.bot_delay``) so people can follow, and the table's lock is
        let go between moves even without a pause: a stand-in never holds the table for a
        whole game, and a person coming back takes their seat at the next move."""
        delay = self.hub.bot_delay
        while True:
            await asyncio.sleep(delay)
            async with self.lock:
                try:
                    await self._sync()
                except ProtocolError:
                    return
                if self.evicted or self.status != "playing" or self.table.bot_to_act() is None:
                    return
                before = len(self._actions())
                seen = self._seen()
                try:  # a bot may think for a while (a search bot): off the event loop
                    await asyncio.to_thread(self._bot_move)
                except Exception:
                    log.exception("table %s: a bot failed; reloading from the store", self.id)
                    self.evict("a bot failed to move")
                    return
                try:
                    await self._persist(before)
                except ProtocolError:
                    return
                self._show(seen)
                self.schedule()

    def _bot_move(self) -> None:
        """Under the lock, in a worker thread: what is due, then one bot move that anyone else
        sees: a bot's silent answer in a NOPE window takes no pause of its own, or the pause
        would tell that it was asked."""
        self.table.due(self.now())
        while self.table.bot_to_act() is not None and not self.table.over:
            shown = self.table.shown_actions, len(self.table.log)
            self.table.step_bot(self.now())
            if (self.table.shown_actions, len(self.table.log)) != shown:
                return
