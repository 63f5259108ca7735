"""What a seat learned by looking at another seat's viewing hand (1♠, Q♦/Q♥), and for how long.

A look (BP-1S, BP-QD, BP-QH) shows the looker the owner's viewing hand in a
secret event; ``state.looks[looker]`` keeps it, ``{owner: cards}``, so that a
search bot's sampler (``BPoker.determinize``) and the looker's own view can
use it. Without it the sampler would redeal a hand its seat has just seen.

The rule is exact, not a guess. Every change of a viewing hand happens
through a public happening, and each place in the rules that makes one says
what everyone saw of it: a card played or forced from the hand, or taken
into it from a table, is seen card by card, so a memory of the hand is kept
less or plus that card (``moved``); a card drawn from or returned to the
stash is not, nor a hand dumped, paid to the pot, lost or ended, so the
memory is dropped (``changed``). Whether a memory still holds is decided by
what everyone saw, never by comparing the real cards: it leaks nothing.

A trade of viewing hands (1♠, 9♦+10♣) is seen by all: any memory of the two
hands follows the cards to their new owner, and each trader now knows the
hand it gave away.
"""

from __future__ import annotations

from .state import BState


def saw(state: BState, looker: int, owner: int) -> None:
    """``looker`` has just looked at ``owner``'s viewing hand."""
    if looker != owner:
        state.looks[looker][owner] = tuple(sorted(state.viewing[owner]))


def changed(state: BState, owner: int) -> None:
    """``owner``'s viewing hand has changed in a way nobody else saw card by card (a card drawn,
    returned to the stash, or the whole hand gone): nobody knows it by a look any more."""
    for memory in state.looks:
        memory.pop(owner, None)


def moved(state: BState, owner: int, out: tuple[int, ...] = (), into: tuple[int, ...] = ()) -> None:
    """Cards everyone saw left (``out``: played, forced) or joined (``into``: taken from a table)
    ``owner``'s viewing hand: whoever knew the hand still knows it, less or plus those cards."""
    for memory in state.looks:
        cards = memory.get(owner)
        if cards is not None:
            rest = list(cards)
            for c in out:
                rest.remove(c)
            memory[owner] = tuple(sorted(rest + list(into)))


def traded(state: BState, a: int, b: int) -> None:
    """``a`` and ``b`` have traded viewing hands (already swapped in the state)."""
    for memory in state.looks:
        of_a, of_b = memory.pop(a, None), memory.pop(b, None)
        if of_a is not None:
            memory[b] = of_a
        if of_b is not None:
            memory[a] = of_b
    for looker, owner in ((a, b), (b, a)):
        state.looks[looker].pop(looker, None)  # its own hand: seen anyway
        saw(state, looker, owner)


def forget_all(state: BState) -> None:
    """Every viewing hand has gone (the end of a hand)."""
    for memory in state.looks:
        memory.clear()


def redrawn(state: BState, seat: int) -> None:
    """After a redeal for ``seat`` (``BPoker.determinize``): every other seat's memory now holds
    the hand in its place, so the sample keeps who knows what without keeping what they saw."""
    for looker, memory in enumerate(state.looks):
        if looker != seat:
            for owner in memory:
                memory[owner] = tuple(sorted(state.viewing[owner]))


def known(state: BState, seat: int) -> dict[int, tuple[int, ...]]:
    """The viewing hands ``seat`` knows by a look: owner -> cards (sorted ids)."""
    return state.looks[seat]
