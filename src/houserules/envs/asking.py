"""Whom the environments ask, in an order every seat may know.

Every environment names the seat to act (PettingZoo's agent selection, the
moments a Gymnasium learner is asked, OpenSpiel's player to move at every
node), and every program reads it. Where the rules ask a seat because of
cards only it sees, that name would tell everyone those cards. The
environments' table (``common.EncodedGame``, which all of them share) then
asks in its own order, one that depends only on what every seat sees, and a
seat the rules do not ask is offered only the answer that says nothing
(``passing``):

* **King Taco's NOPE window** asks only the seats that hold a NOPE and can
  pay for it (KT-H13). At every moment the rules could open one (a card
  goes on the open stack and the turn passes, or a NOPE lands) the table
  asks every seat that may publicly NOPE (still in, 3 mana or more, two
  cards or more, not the player of the top card, not the seat the stack
  waits on before any NOPE), in the rules' order. A ``pass`` changes
  nothing until the last of them has answered; then every seat the window
  still asks passes at once, so the stack resolves (a NOPE war) or waits
  on its decider at the same step whoever held a NOPE. A NOPE goes to the
  rules at once (everyone sees it) and asks anew.
* **King Taco's auction** asks only the seats holding a number card to
  discard one (KT-9.5). The table asks every other seat still in, in the
  rules' order: the seat the rules ask discards, the others pass.
* **Mao after a draw** asks the drawer only if it holds a card it may play.
  The table asks the drawer first whenever the rules ask only it and the
  next seat: its choices are the rules' (a play, a phrase), if it is asked,
  and ``wait``, which here lets the next seat go on without time passing
  (the rules' ``wait`` runs the clock to the next deadline, which only a
  drawer holding a playable card could then do).

What the table cannot hide is what the views show: a NOPE war nobody can
answer resolves at once, and an auction ends at its last number card;
every seat sees that (KT-H13 names it the one tell a real table has too).
The rules are not changed: the table answers for them in the order it
asks, and a runner gives a bot's pass without asking the bot, so bots
decide exactly as where the rules alone ask. An ``Asking`` reads the state
only where every seat may (the public fields named in each class) and the
rules' own ``to_act``.
"""

from __future__ import annotations

from typing import Any

from ..engine.core import Action
from ..engine.encoding import WAIT
from ..engine.protocol import Game
from ..games.king_taco.cards import COST, NOPE
from ..games.king_taco.turns import seats_from

#: the seats the table asks before the rules go on, in order, and what it remembers of the moment
Moment = tuple[tuple[int, ...], Any]


class Asking:
    """A game whose rules ask nobody in secret: the table asks whom the rules ask."""

    #: the kind of action that says nothing while the table asks
    passing = "pass"
    #: whether a seat the rules ask may say nothing too (else it answers as the rules ask)
    declines = False

    def moment(self, game: Game[Any, Any], state: Any, mark: Any, queue: tuple[int, ...]) -> Moment:
        """After the rules moved: the seats to ask, in order, before the rules go on (``queue``:
        those still to ask), and the mark the next call gets (what moment this was)."""
        return (), mark

    def close(self, game: Game[Any, Any], state: Any) -> list[Action]:
        """Every seat asked has answered: what the rules hear from the seats they still ask."""
        return []


class KingTaco(Asking):
    """King Taco's NOPE windows and auction (module doc). Reads the open stack, the top card's
    seat, the turn, the turn count, mana, hand sizes, who is out and whether an auction runs."""

    def moment(self, game: Game[Any, Any], state: Any, mark: Any, queue: tuple[int, ...]) -> Moment:
        if state.over:
            return (), None
        if state.auction is not None:
            starter = state.auction_starter
            here: tuple[Any, ...] = ("auction", starter, state.turns)
            return (queue, mark) if here == mark else (tuple(s for s in seats_from(state, starter) if s != starter), here)
        stack = state.stack
        if state.pending is not None or not stack.cards:
            return (), None if not stack.cards else mark
        here = (state.turns, len(stack.cards))  # a turn passed with the stack open, or a card (a NOPE) went on it
        if here == mark:
            return queue, mark
        top = stack.top_seat
        decider = state.turn if stack.negators == 0 else -1
        mana, hands = state.mana.values, state.hands
        return tuple(s for s in seats_from(state, top)
                     if s not in (top, decider) and mana[s] >= COST[NOPE] and len(hands[s]) > 1), here

    def close(self, game: Game[Any, Any], state: Any) -> list[Action]:
        return [Action(seat, self.passing) for seat in state.window.seats]


class Mao(Asking):
    """Mao: after a draw the drawer is asked first, whatever it holds (module doc). Reads whether
    the turn's seat drew and the rules' ``to_act``: the next seat, after the drawer if it is
    asked. (Seats owing duties and the dealer come first in ``to_act`` and are asked as the
    rules ask them; a drawer and its next seat both owing one look like the draw's ask, and
    the drawer's ``wait`` then lets the next go first.)"""

    passing = WAIT
    declines = True

    def moment(self, game: Game[Any, Any], state: Any, mark: Any, queue: tuple[int, ...]) -> Moment:
        if state.live and state.drawn:
            after = state.step(state.turn)
            if game.to_act(state) in ((after,), (state.turn, after)):
                return (state.turn,), mark
        return (), mark


ASKING: dict[str, Asking] = {"king-taco": KingTaco(), "mao": Mao()}
PLAIN = Asking()


def asking(game: str) -> Asking:
    """The order of asking for ``game`` (its registry name)."""
    return ASKING.get(game, PLAIN)
