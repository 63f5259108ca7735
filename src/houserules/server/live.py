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

from .acting import Acting
from .hosting import Hosting


class LiveTable(Acting, Hosting):
    """One game being played: its Table, its seats' owners and its connections. Each part has a
    module of its own: table_state (what it holds, who is who, its clock), sending (what its
    connections are sent), storing (its store, and the other processes' news), moving (time,
    idle limits, bots), presence (connections, grace periods, stand-ins), rematching, acting
    (a person's acts, words, leaving) and hosting (the host's commands)."""
