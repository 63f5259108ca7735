"""The acks a seat was sent, so that an ``act`` re-sent with the same id is answered, not replayed."""

from __future__ import annotations

import json
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Any

#: acks a connection remembers, so that an ``act`` re-sent with the same id is answered, not replayed
ACKS_REMEMBERED = 64


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


def _act_key(ref: Any, raw: Any) -> tuple[str, str]:
    """An ``act`` message's identity: its id (1 and "1" differ) and its action as sent."""
    return json.dumps(ref), json.dumps(raw, sort_keys=True, separators=(",", ":"))
