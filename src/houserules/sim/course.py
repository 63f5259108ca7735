"""How one game went, read while it is played: how many decisions were real choices, and who led.

``houserules compare`` asks of a house rule not only how long games last and who wins, but
whether players have more to decide, and whether the lead changes hands or the game is decided
early. A ``Course`` is told of every action a bot takes (the state after it, and how many legal
choices the bot had) and keeps, without storing the game:

* **decisions**: actions taken, and how many of them had more than one legal choice;
* **lead changes**: the leader is the seat the game's ``standing`` (engine/base.py: each seat's
  share of the win as the game stands) puts alone in first place; a change is a new sole leader
  different from the last one (a tie between two leaders changes nothing until one is alone
  ahead again);
* **when the winner took the lead for good**: the action count from which the winner was never
  behind again (alone or tied in first place at every reading after it), as a share of the
  game's actions: 0 when the winner was never behind, near 1 when it came from behind at the end.

Where the standing is read: after every action, except in a game played in **stages** (its
``stage`` changes during the game: Onion's rounds, bpoker's hands), where it is read as each stage
begins and at the end. There the standing is the game's own score between stages (chips,
stashes), and mid-stage it would flicker with every bet put in the Pot. A game without a
standing (None) has no lead measures.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from ..engine.protocol import Game


@dataclass
class Lead:
    """Readings of the standing at points of the game: the sole leader's changes, and since when
    each seat has been in first place (alone or tied) without a break."""

    leader: int | None = None
    changes: int = 0
    since: dict[int, int] = field(default_factory=dict)
    readings: int = 0

    def read(self, standing: Sequence[float], at: int) -> None:
        """The standing at action count ``at``."""
        best = max(standing)
        first = [s for s, x in enumerate(standing) if x == best]
        self.since = {s: self.since.get(s, at) for s in first}
        if len(first) == 1:
            if self.leader is not None and first[0] != self.leader:
                self.changes += 1
            self.leader = first[0]
        self.readings += 1

    def taken_at(self, winner: int, actions: int) -> float:
        """The share of the game played before ``winner`` was never behind again (1 when it was
        behind at the last reading)."""
        if winner not in self.since:
            return 1.0
        return self.since[winner] / actions if actions else 0.0


class Course:
    """Told of every action of one game (``acted``); read at its end (``measures``)."""

    def __init__(self, game: Game[Any, Any], state: Any):
        self.game = game
        self.actions = 0  # the bots' decisions: each is one action
        self.choices = 0  # decisions with more than one legal choice
        self.stage = game.stage(state)
        self.staged = False  # whether the stage ever changed
        self.every = Lead()  # read after every action
        self.stages = Lead()  # read as each stage begins
        standing = game.standing(state)
        self.standings = standing is not None
        if standing is not None:
            self.every.read(standing, 0)
            self.stages.read(standing, 0)

    def acted(self, state: Any, choices: int) -> None:
        """A bot acted, choosing among ``choices`` legal actions; ``state`` is the state after it."""
        self.actions += 1
        self.choices += choices > 1
        if not self.standings:
            return
        standing = self.game.standing(state)
        if standing is None:
            return
        self.every.read(standing, self.actions)
        stage = self.game.stage(state)
        if stage != self.stage or not self.game.to_act(state):
            self.stage, self.staged = stage, self.staged or stage != self.stage
            self.stages.read(standing, self.actions)

    def measures(self, winners: Sequence[int], turns: int | None) -> dict[str, float]:
        """``decisions_with_choice`` (a share), and where the game has a standing,
        ``lead_changes`` (per 100 turns; per 100 actions where the game counts no turns) and,
        when someone won, ``lead_taken_at`` (a share of the game; 1 when nobody won)."""
        out: dict[str, float] = {}
        if self.actions:
            out["decisions_with_choice"] = self.choices / self.actions
        if self.standings and self.every.readings:
            lead = self.stages if self.staged else self.every
            per = turns if turns else self.actions
            out["lead_changes"] = 100.0 * lead.changes / per if per else 0.0
            out["lead_taken_at"] = min(lead.taken_at(w, self.actions) for w in winners) if winners else 1.0
        return out
