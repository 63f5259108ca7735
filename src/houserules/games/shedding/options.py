"""Shedding's options as a schema (S-1.1, S-1.2, H-17, H-18), and its house rules (HR-1).

Each option is declared once (``engine.options.Option``); the lobby, ``houserules options
shedding`` and the rules page read these records. ``house`` is a book in the one house-rule
language, read and checked against Shedding's vocabulary (``vocabulary``): refused in one
line when the table cannot play it, at this table's size.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...engine.core import STRICT
from ...engine.house import option as house
from ...engine.options import Option, Schema, dealer, max_turns, mode, players, read_options
from ...engine.house.compiled import source_of
from .house import table_for
from .vocabulary import VOCABULARY

HAND_SIZES = (5, 7)
OPTIONS: Schema = (
    players(2, 5, "S-1.1"),
    Option("hand_size", 5, "choice", "Cards dealt", "How many cards each player is dealt: 5 or 7.", "S-1.2",
           choices=tuple((n, f"{n} cards") for n in HAND_SIZES)),
    mode(STRICT),
    dealer("H-17"),
    max_turns(10_000),
    house.option(VOCABULARY),
)


def validate_options(raw: Mapping[str, Any]) -> dict[str, Any]:
    """Defaults filled in and every option checked against its record (S-1.1, S-1.2); a house
    book the table cannot play refused (HR-15), and the table it plays by made here (kept by
    its content), so that a server, which validates options off its event loop, never makes
    one on it."""
    opts = read_options(OPTIONS, raw, "Shedding")
    house.refuse(opts, VOCABULARY)
    table_for(source_of(opts))
    return opts
