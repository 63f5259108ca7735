"""A rematch is an offer, not a jump (issue 25).

After a game one player offers a rematch; every other person at the table
sees the offer and accepts or declines it. The new table is made only when
every person seated accepts (a bot's seat always does, and so does a seat
whose player left: a bot plays it now). A decline is shown to everyone and
ends the offer (anyone may offer again). Nobody is moved to a table they did
not accept: whoever does not answer stays at the finished table, and so
does everyone else, since the new table does not exist until all said yes.

The offer lives in the table's settings (``rematch_offer``), stored like the
pause, so that it survives a restart and every server process sees it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

#: the settings key the offer is stored under
KEY = "rematch_offer"


@dataclass(frozen=True)
class Offer:
    """Who offered, who accepted so far, and who declined (the offer then stands ended)."""

    by: int
    accepted: tuple[int, ...]
    declined: int | None = None
    #: the offering party's tags (limits.Admission): the new table counts against who asked for it
    party: str | None = None
    network: str | None = None

    @classmethod
    def of(cls, settings: Mapping[str, Any]) -> Offer | None:
        raw = settings.get(KEY)
        if not isinstance(raw, Mapping):
            return None
        return cls(int(raw["by"]), tuple(int(s) for s in raw.get("accepted", ())), raw.get("declined"),
                   raw.get("party"), raw.get("network"))

    @property
    def open(self) -> bool:
        return self.declined is None

    def stored(self) -> dict[str, Any]:
        return {"by": self.by, "accepted": list(self.accepted), "declined": self.declined, "party": self.party,
                "network": self.network}

    def accept(self, seat: int) -> Offer:
        return self if seat in self.accepted else replace(self, accepted=(*self.accepted, seat))

    def decline(self, seat: int) -> Offer:
        return replace(self, declined=seat)

    def waiting(self, people: Sequence[int]) -> list[int]:
        """The people who have not answered yet (none: the rematch can start)."""
        return [s for s in people if s not in self.accepted]

    def public(self, people: Sequence[int]) -> dict[str, Any]:
        """The offer as every client is shown it (the party's tag stays on the server)."""
        return {"by": self.by, "accepted": sorted(self.accepted), "declined": self.declined,
                "waiting": self.waiting(people) if self.open else []}


def without_offer(settings: Mapping[str, Any]) -> dict[str, Any]:
    """The settings a rematch table inherits: the old table's offer is not the new table's."""
    return {k: v for k, v in settings.items() if k != KEY}
