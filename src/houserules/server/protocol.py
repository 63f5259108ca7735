"""The WebSocket protocol's envelope: what a client may send, the limits on
it, and the shape of every error. The meaning of each message lives in
``live`` (tables) and ``app`` (connections); docs/protocol.md describes it
for client authors.

Errors are built here only from fixed words and from what the client itself
sent or the referee said about its own attempt, so an error can never carry
another seat's hidden cards.
"""

from __future__ import annotations

import json
import math
import time
from dataclasses import dataclass, field
from typing import Any

PROTOCOL = 1
#: message types a client may send
CLIENT_TYPES = ("hello", "act", "rematch", "leave", "ping", "host", "chat", "name")
#: the longest name a seat takes (the host's form, or a person's own ``name`` message)
NAME_LIMIT = 40
#: the largest text frame the server reads (bytes); larger ones get ``too_big``
MAX_MESSAGE = 4096


class ProtocolError(Exception):
    """A message the server will not act on; ``code`` is stable, ``message`` is for people."""

    def __init__(self, code: str, message: str):
        super().__init__(message)
        self.code = code
        self.message = message


def error(code: str, message: str, ref: Any = None) -> dict[str, Any]:
    """An ``error`` message; ``ref`` echoes the client's message ``id`` so it can match them."""
    out: dict[str, Any] = {"type": "error", "code": code, "message": message}
    if ref is not None:
        out["id"] = ref
    return out


def parse(text: str | bytes | None, max_size: int = MAX_MESSAGE) -> dict[str, Any]:
    """A client message as a dict with a known ``type``, or ProtocolError saying why not."""
    if text is None:
        raise ProtocolError("bad_frame", "send JSON in text frames")
    if isinstance(text, bytes):
        raise ProtocolError("bad_frame", "send JSON in text frames, not binary ones")
    if len(text.encode()) > max_size:
        raise ProtocolError("too_big", f"a message may be at most {max_size} bytes")
    try:
        msg = json.loads(text)
    except (json.JSONDecodeError, RecursionError):
        raise ProtocolError("bad_json", "the message is not valid JSON") from None
    if not isinstance(msg, dict):
        raise ProtocolError("bad_message", "a message is a JSON object with a \"type\"")
    kind = msg.get("type")
    if kind not in CLIENT_TYPES:
        raise ProtocolError("unknown_type", f"unknown message type; known types: {', '.join(CLIENT_TYPES)}")
    ref = msg.get("id")
    if ref is not None and not _valid_ref(ref):
        raise ProtocolError("bad_message", "\"id\" must be a number or a short string")
    return msg


def _valid_ref(ref: Any) -> bool:
    """A number (an integer, or a float such as 3.0: JSON says "a number") of at most 2**53 in
    size, or a string of up to 64 characters."""
    number = isinstance(ref, (int, float)) and not isinstance(ref, bool) and math.isfinite(ref)
    return (number and abs(ref) < 2**53) or (isinstance(ref, str) and len(ref) <= 64)


@dataclass
class RateLimit:
    """A token bucket per connection: ``rate`` messages a second, bursts up to ``burst``."""

    rate: float = 20.0
    burst: float = 40.0
    tokens: float = field(init=False)
    stamp: float = field(init=False, default_factory=time.monotonic)

    def __post_init__(self) -> None:
        self.tokens = self.burst

    def allow(self) -> bool:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens >= 1:
            self.tokens -= 1
            return True
        return False
