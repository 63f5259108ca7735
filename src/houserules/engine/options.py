"""Options every game shares: the checks that do not depend on the game.

``players``, ``mode``, ``dealer`` and ``max_turns`` mean the same in every
game; ``common_options`` fills a game's defaults and checks those, naming the
bad option and what is allowed, so that a game's own validator only checks
what is its own.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any

from .core import MODES, OptionsError

#: the largest option value a file may hold (``-o key=@FILE``): a Mao rule book, the largest
#: option there is, is limited to this too (``games/mao/language.MAX_FILE``)
OPTION_FILE_BYTES = 64 * 1024

_STORED: ContextVar[bool] = ContextVar("stored_options", default=False)


@contextmanager
def stored() -> Iterator[None]:
    """Options (and actions) read back from a server's store, inside this block: they were
    checked when the table was created or the action accepted. A game's validator still reads
    them, but may skip a check that costs more than reading (a Mao rule book's verdict, issue
    23): a table loads in the time its record takes to replay, and a table stored under older
    rules still loads."""
    token = _STORED.set(True)
    try:
        yield
    finally:
        _STORED.reset(token)


def is_stored() -> bool:
    """Whether the options being read are a store's (``stored``)."""
    return _STORED.get()


def common_options(raw: Mapping[str, Any], defaults: Mapping[str, Any], title: str,
                   players: tuple[int, int], clause: str) -> dict[str, Any]:
    """Defaults filled in and the shared options checked; ``players`` is the
    allowed (min, max) and ``clause`` the rules-page id that sets it."""
    unknown = sorted(set(raw) - set(defaults))
    if unknown:
        raise OptionsError(f"unknown {title} option(s): {', '.join(unknown)}; known: {', '.join(defaults)}")
    opts = {**defaults, **raw}
    n = opts["players"]
    low, high = players
    if not isinstance(n, int) or isinstance(n, bool) or not low <= n <= high:
        raise OptionsError(f"players must be {low} to {high} ({clause}), got {n!r}")
    if opts.get("mode") not in MODES:
        raise OptionsError(f"mode must be one of {', '.join(MODES)}, got {opts.get('mode')!r}")
    if "dealer" in defaults:
        if opts["dealer"] is None:
            opts["dealer"] = n - 1
        if not isinstance(opts["dealer"], int) or not 0 <= opts["dealer"] < n:
            raise OptionsError(f"dealer must be a seat 0..{n - 1}, got {opts['dealer']!r}")
    if "max_turns" in defaults and (not isinstance(opts["max_turns"], int) or opts["max_turns"] < 1):
        raise OptionsError(f"max_turns must be a positive whole number, got {opts['max_turns']!r}")
    return opts
