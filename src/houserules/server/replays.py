"""A finished game, move by move, for the browser's replay page (issue 25).

The server keeps every table as its seed, options and record (store.py);
a replay is that record carried out again through the referee, one entry
at a time, and after each entry the game's ``view`` and the new events as
one viewer may see them: a frame. So a replay shows exactly what its viewer
could have seen at the table at that moment, never more:

- **Who may open it** is who may open the table: anyone if the table is
  listed, else the holder of its spectator key, its host's secret or a
  seat's token (the secret travels in ``Authorization: Bearer``, never in
  the address).
- **What it shows**: a seat's token shows that seat's view (its own hand);
  everyone else gets the spectator's view.
- **Hands stay hidden after the game.** The frames are the game's own views,
  and no game's view shows another seat's hand when it is over; what the
  rules themselves laid open (Onion's showdown, Mao's reveal of its rules
  where the table chose it) is shown when it was. A folded hand stays a
  secret kept by folding, in the replay as at the table.

A replay opens once the game is over (before, the table itself is the way to
watch). Frames are built in a worker thread, never on the event loop, and a
few recent ones are kept.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Sequence
from typing import Any

from ..clock import parse_clock
from ..engine.options import stored as options_stored
from ..engine.replay import timed
from ..table import Table

#: replays kept built (per table and viewer); a finished game's frames never change
KEPT = 16
_built: OrderedDict[tuple[str, int | None, int], dict[str, Any]] = OrderedDict()


def frames(game: str, options: dict[str, Any], seed: int, names: Sequence[str], actions: Sequence[dict[str, Any]],
           settings: dict[str, Any], seat: int | None) -> list[dict[str, Any]]:
    """The frames of a record as ``seat`` (None: a spectator) sees it: the deal, then one frame per
    entry that shows something (a moment the rules were woken and nothing happened is left out).
    Each is ``{"entry": how many record entries are carried out, "view": ..., "events": [...]}``."""
    with options_stored():  # checked when the table was made
        table = Table.create(game, options, seed, {}, dict(enumerate(names)),
                             parse_clock(settings.get("clock")), settings.get("on_timeout", "bot"))
        table.keep_refusals = False
        out = [{"entry": 0, "view": table.view(seat).to_json(), "events": table.events_for(seat, 0)}]
        for i, raw in enumerate(actions):
            start = len(table.log)
            table.replay_entry(raw)
            events = table.events_for(seat, start)
            if not events and timed(raw)[1] is None:
                continue
            out.append({"entry": i + 1, "view": table.view(seat).to_json(), "events": events})
    return out


def kept(table_id: str, seat: int | None, entries: int) -> dict[str, Any] | None:
    """A replay built before for this table, viewer and record length."""
    key = (table_id, seat, entries)
    found = _built.get(key)
    if found is not None:
        _built.move_to_end(key)
    return found


def keep(table_id: str, seat: int | None, entries: int, replay: dict[str, Any]) -> None:
    _built[(table_id, seat, entries)] = replay
    while len(_built) > KEPT:
        _built.popitem(last=False)
