"""The kinds of King Taco action, as a ``StrEnum``: each value is the word the
JSON form, replay files and scenario files use (``{"action": "play"}``), so
members compare and serialise as those strings while the code names them."""

from __future__ import annotations

from enum import StrEnum


class Kind(StrEnum):
    """King Taco's actions: the JSON ``action`` words."""

    PLAY = "play"  # a card on the pile: a free turn's play, or a stack on the open stack (KT-2.1, KT-5)
    DRAW = "draw"  # nothing playable: draw one (KT-2.2); under go fishing with no one to fish (KT-H15)
    ALLOW = "allow"  # let the open stack trigger (KT-5.3, KT-H3)
    NOPE = "nope"  # a NOPE on the open stack, in turn or out of it (KT-7.11)
    PASS = "pass"  # a NOPE window: no NOPE from this seat (KT-H13)
    COLOUR = "colour"  # a WILD's colour or a lock's (KT-3.7, KT-3.4)
    SYMBOL = "symbol"  # a lock's symbol (KT-3.4)
    DISCARD = "discard"  # a -- discard (KT-7.13) or an auction discard (KT-9.5)
    FISH = "fish"  # go fishing: name a card and a player (KT-H15)
    TARGET = "target"  # a house rule's target:draw: name the player who draws (KT-HR-7)


#: the kinds that name a card of the actor's hand
CARD_KINDS = frozenset({Kind.PLAY, Kind.NOPE, Kind.DISCARD, Kind.FISH})
