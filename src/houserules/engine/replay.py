"""Game records and replay.

A record is small: the game, its options, the seed and the actions taken
(attempts included: in table mode a penalised attempt is part of the story).
Because all randomness lives in the state, re-running those actions on
``new(options, seed)`` must give the same events and result; ``replay``
confirms it, and a bug report is just a record file.

Time is recorded too, for the games and tables that care: an action made at
a known moment carries ``"t"`` (seconds on the table's clock), and a moment
when the table woke the rules with no action is an entry ``{"tick": t}``.
Replaying them gives the rules the same times, so every timed penalty and
every clock comes back the same. A table with a turn clock says so in the
record's ``table`` (``{"clock": ..., "on_timeout": ...}``), and a seat that
ran out of time is noted as ``{"timeout": seat, "t": t}`` (the move a bot
made for it follows) or, if it forfeited, ``{"forfeit": seat, "t": t}``.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from . import jsonfile, registry
from .core import Event, GameError, Result
from .protocol import Game
from .referee import act

FORMAT = "houserules-record/1"


def events_digest(events: Iterable[Event]) -> str:
    """A short fingerprint of a sequence of events, secrets included.

    Refusals are left out: they change nothing, and records keep only the
    attempts that counted. So are the table's notes that a seat's clock ran
    out (``timeout``): the move made for it is in the record."""
    h = hashlib.sha256()
    for e in events:
        if e.kind in ("refused", "timeout"):
            continue
        h.update(json.dumps(e.to_json(), sort_keys=True, separators=(",", ":")).encode())
        h.update(b"\n")
    return h.hexdigest()[:16]


@dataclass
class GameRecord:
    """What is needed to replay a game, growing as the game is played."""

    game: str
    options: dict[str, Any]
    seed: int
    actions: list[dict[str, Any]] = field(default_factory=list)
    result: dict[str, Any] | None = None
    digest: str | None = None
    #: how the table kept time, if it did: {"clock": ..., "on_timeout": ...}
    table: dict[str, Any] | None = None

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "format": FORMAT,
            "game": self.game,
            "options": self.options,
            "seed": self.seed,
            "actions": self.actions,
        }
        if self.table is not None:
            out["table"] = self.table
        if self.result is not None:
            out["result"] = self.result
        if self.digest is not None:
            out["digest"] = self.digest
        return out

    def save(self, path: str | Path) -> Path:
        path = Path(path)
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_suffix(path.suffix + ".tmp")
        tmp.write_text(json.dumps(self.to_json(), indent=1))
        tmp.replace(path)
        return path

    @classmethod
    def from_json(cls, obj: Mapping[str, Any]) -> GameRecord:
        """A record from its JSON; GameError saying which field is missing or of the wrong type."""
        if not isinstance(obj, Mapping):
            raise GameError(f"not a game record: a record is a JSON object, not {jsonfile.type_name(obj)}")
        what = "game record"
        return cls(
            game=jsonfile.member(obj, "game", str, what),
            options=dict(jsonfile.member(obj, "options", dict, what)),
            seed=jsonfile.member(obj, "seed", int, what),
            actions=jsonfile.objects(list(jsonfile.member(obj, "actions", list, what)), "action"),
            result=jsonfile.member(obj, "result", (dict, type(None)), what, None),
            digest=jsonfile.member(obj, "digest", (str, type(None)), what, None),
            table=jsonfile.member(obj, "table", (dict, type(None)), what, None),
        )

    @classmethod
    def load(cls, path: str | Path) -> GameRecord:
        """The record in ``path``; GameError (naming the file) for anything that is not one."""
        obj = jsonfile.load_object(path, "game record")
        try:
            return cls.from_json(obj)
        except GameError as exc:
            raise GameError(f"{path}: {exc}") from None


def timed(raw: Any) -> tuple[float | None, dict[str, Any] | None]:
    """A record entry split into its moment and its action: ``(t, action)``, or
    ``(t, None)`` for a ``{"tick": t}`` entry. GameError for a bad moment."""
    if not isinstance(raw, Mapping):
        raise GameError("a record entry is a JSON object")
    entry = dict(raw)
    key = "tick" if "tick" in entry else "t"
    now = entry.pop(key, None)
    if now is not None and (isinstance(now, bool) or not isinstance(now, (int, float)) or not 0 <= now < float("inf")):
        raise GameError(f"{key!r} is a number of seconds, 0 or more")
    if key == "tick":
        if now is None or entry:
            raise GameError("a tick entry has only 'tick'")
        return float(now), None
    return (None if now is None else float(now)), entry


@dataclass
class ReplayReport:
    """What a replay found: the result it reached and whether it agrees with the record."""

    result: Result | None
    digest: str
    actions: int
    problems: list[str]

    @property
    def ok(self) -> bool:
        return not self.problems


def same_result(recorded: Mapping[str, Any], got: Mapping[str, Any] | None) -> bool:
    """Whether a replayed result is the recorded one: in every key the record holds (one made
    before results said ``how`` holds none, and replays as it did)."""
    return got is not None and all(k in got and got[k] == v for k, v in recorded.items())


def replay(record: GameRecord) -> ReplayReport:
    """Re-run a record from its seed and compare the result (and digest, if recorded)."""
    game = registry.get(record.game)
    state = game.new(game.options(record.options), record.seed)
    events: list[Event] = []
    problems: list[str] = []
    forfeited: Result | None = None
    for i, raw in enumerate(record.actions):
        try:
            if forfeited is not None:
                raise GameError("the game was already over (a seat forfeited)")
            now, entry = timed(raw)
            if entry is None:
                events.extend(game.advance(state, now if now is not None else 0.0))
                continue
            if "forfeit" in entry or "timeout" in entry:
                key = "forfeit" if "forfeit" in entry else "timeout"
                seat = entry[key]
                if type(seat) is not int or not 0 <= seat < game.seats(state):
                    raise GameError(f"a {key} entry names a seat")
                if key == "timeout":
                    events.append(Event("timeout", seat, {"by": "bot"}))
                    continue
                forfeited = game.forfeit(state, seat)
                if forfeited is None:
                    raise GameError(f"seat {entry['forfeit']!r} cannot forfeit here")
                events.append(Event("forfeit", entry["forfeit"], {"reason": "out of time"}))
                continue
            action = game.action_from_json(entry)
        except GameError as exc:
            problems.append(f"action {i}: {exc}")
            break
        events.extend(act(game, state, action, now=now))
    result = forfeited or game.result(state)
    got = result.to_json() if result else None
    if record.result is not None and not same_result(record.result, got):
        problems.append(f"result differs: recorded {record.result}, replayed {got}")
    digest = events_digest(events)
    if record.digest is not None and digest != record.digest:
        problems.append(f"events differ: recorded digest {record.digest}, replayed {digest}")
    return ReplayReport(result, digest, len(record.actions), problems)
