"""King Taco's strong player: the club heuristic's moves judged by rollouts up to the next auction.

``rollout:N`` (``bots.rollout.Rollout``) plays every legal move on the same ``N`` redeals of
the cards its seat cannot see, the club heuristic (``bots.KingTacoHeuristic``) playing on for
every seat, and takes the move that scores most. A playout stops at the first auction's try
(KT-9.6 to KT-9.9) and scores its odds, not its roll: the trying player wins one time in
``goto``; a failed try leaves the race to the players still in, counted here as even. So a
playout's score says who gets to try, and when, which is what a player's moves change; the
roll, which no move changes, adds nothing to tell two moves apart.

Why even after a failed try: in heuristic play, the player whose try failed (it drew 7 cards
when it was the one who went out, and lost its mana) went on to win 43% to 48% of two-seat
games (31% and 21% at three and four seats; 10,000 games each, goto 3 to 1 after the
failure), close to an even share: bench/RESULTS.md, "Bot levels apart".
"""

from __future__ import annotations

from ...bots.rollout import Rollout
from ...engine.core import Event
from .state import KingTacoState


class KingTacoRollout(Rollout):
    name = "rollout"

    def settle(self, state: KingTacoState, events: list[Event]) -> list[float] | None:
        """At a try: the trying player's chance to win (1 in ``goto``, and an even share of the
        rest), an even share of the rest to each other player still in; else None (play on)."""
        for e in events:
            if e.kind == "goto" and e.seat is not None:
                goto: int = e.data["goto"]
                players = state.players - sum(state.out)
                rest = (1.0 - 1.0 / goto) / players
                scores = [0.0 if out else rest for out in state.out]
                scores[e.seat] += 1.0 / goto
                return scores
        return None
