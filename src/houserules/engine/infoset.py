"""The information-set root a search bot is handed instead of the real state.

A bot sees a view and the legal actions, never a state (DESIGN principle 4).
A search bot (ISMCTS) must nevertheless *play the game forward*, which the
``Game`` protocol does on states. ``stand_in`` is the door between the two:
the runner, which holds the real state, hands the bot one state drawn from
the seat's information set, and the bot searches on redeals of that.

Why a stand-in reveals nothing the seat does not know:

* ``game.determinize(state, seat, rng)`` redraws every card ``seat`` cannot
  see, consistently with what it has seen; the conformance suite proves
  that the seat's view (and a spectator's) of the result is identical to
  its view of the real state. So what the stand-in keeps is what the seat
  knows; what it redraws is a fresh arrangement of the unseen cards.
* The arrangement is drawn with a generator seeded from a digest of the
  real state (plus a salt from the bot), which the bot cannot compute: it
  cannot undo the shuffle to recover the real order of the unseen cards.
  A bot that owned the generator could (the shuffle is a known permutation
  of the real order), which is why the runner, not the bot, samples.
* The state's own generator and seed would tell the future (the next
  reshuffle) and the past (the seed deals the whole game). The stand-in
  gets a fresh generator and a zero seed, so chance in the bot's searches
  is its own.

The bot then redeals the stand-in with its own generator as often as it
likes: a redeal of a uniform sample of the information set is another
uniform sample of it, so it searches exactly the positions the seat cannot
tell apart from the real one.
"""

from __future__ import annotations

import hashlib
import random
from typing import Any

from .protocol import Game


def _private_rng(game: Game[Any, Any], state: Any, seat: int, salt: int) -> random.Random:
    """A generator the bot cannot reproduce: seeded from the real state's full snapshot."""
    digest = hashlib.blake2b(repr((game.snapshot(state), seat, salt)).encode(), digest_size=16).digest()
    return random.Random(int.from_bytes(digest, "big"))


def forget_chance(state: Any, rng: random.Random) -> None:
    """Give ``state`` a fresh generator from ``rng`` and no seed, so it predicts no real shuffle."""
    if hasattr(type(state), "rng") or hasattr(state, "rng"):  # the class first: reading a shared one twins it
        fresh = random.Random(0)
        fresh.seed(rng.getrandbits(64))
        state.rng = fresh
    if hasattr(state, "seed"):
        state.seed = 0


def stand_in(game: Game[Any, Any], state: Any, seat: int, salt: int) -> Any:
    """A state from ``seat``'s information set, drawn at random: what a search bot gets."""
    rng = _private_rng(game, state, seat, salt)
    twin = game.determinize(state, seat, rng)
    forget_chance(twin, rng)
    return twin


def redeal(game: Game[Any, Any], root: Any, seat: int, rng: random.Random) -> Any:
    """Another state of the same information set, drawn with the bot's own generator."""
    twin = game.determinize(root, seat, rng)
    forget_chance(twin, rng)
    return twin
