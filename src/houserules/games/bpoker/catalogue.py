"""The card catalogue: one record per card rule, looked up by the value in effect.

Why records: every card's rule is one small entry naming its clause on the
rules page, its immediate effect (the first step the resolution machine
runs), its continuous modifiers (read live from the tables, never ticked)
and its marks. Part 2's pairs, sets and joint effects add records of their
own beside these; nothing dispatches on card names in an if-ladder.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from importlib import import_module
from typing import Any, Final

ANY: Final = -1  # a rule for every suit of a rank (5, 6, 8)
_BLACK1, _RED1 = 4, 5  # cards.BLACK1, cards.RED1: the 1 of a colour, no suit's
#: every value a card rule is looked up by: the 52 cards' faces, the 1 of Black (a Joker) and of
#: Red, and the 1 of each suit (a Joker after two 5s of one suit, L219-221)
VALUES: Final = (*((r, s) for r in range(2, 15) for s in range(4)), (1, _BLACK1), (1, _RED1),
                 *((1, s) for s in range(4)))


def code(value: tuple[int, int]) -> int:
    """A value as one whole number (rank * 8 + suit): what a house book keeps (``like:9S``)."""
    return value[0] * 8 + value[1]


def decode(n: int) -> tuple[int, int]:
    """The value ``code`` made ``n`` from."""
    r, s = divmod(int(n), 8)
    return r, s


@dataclass(frozen=True)
class CardRule:
    """One card's rule. ``step``: its immediate effect (None: it has none);
    ``cont``: continuous modifiers as (what, amount) — ``viewing`` (the correct
    number), ``max`` (the table maximum), ``fee`` (the owner's fees);
    ``turn_start``: it has the 3's beginning-of-your-turn trigger."""

    clause: str
    title: str
    step: str | None
    cont: tuple[tuple[str, int], ...] = ()
    turn_start: bool = False


RULES: Final[dict[tuple[int, int], CardRule]] = {}
#: ``modifier``'s amount of each value, by what it modifies: asked for every live card at nearly
#: every decision (the table maximum, the correct number, fees), so worked out once per value
#: (issue 26); ``card_rule`` forgets it, so a rule registered later is never missed
_AMOUNTS: Final[dict[str, dict[tuple[int, int], int]]] = {}


def card_rule(rank: int, suits: tuple[int, ...], rule: CardRule) -> CardRule:
    """Register ``rule`` for ``rank`` in each of ``suits`` (``(ANY,)``: every suit)."""
    for s in suits:
        if (rank, s) in RULES:
            raise ValueError(f"two rules for {(rank, s)}")
        RULES[(rank, s)] = rule
    _AMOUNTS.clear()
    return rule


def registered() -> Mapping[tuple[int, int], CardRule]:
    """Every card rule: the effects modules register theirs as they load (loaded here, by name,
    when nothing has loaded them yet: the house checks may run before the game is)."""
    if not RULES:
        for module in ("effects_low", "effects_high"):
            import_module(f"{__package__}.{module}")
    return RULES


def rule_for(value: tuple[int, int]) -> CardRule | None:
    """The rule a card with ``value`` (rank, suit) in effect follows."""
    return RULES.get(value) or RULES.get((value[0], ANY))


def modifier(values: list[tuple[int, int]], what: str) -> int:
    """The sum of the continuous ``what`` modifiers of ``values`` (the live cards of a table)."""
    amounts = _AMOUNTS.setdefault(what, {})
    total = 0
    for v in values:
        n = amounts.get(v)
        if n is None:
            r = rule_for(v)
            n = sum(x for w, x in r.cont if w == what) if r is not None else 0
            amounts[v] = n
        total += n
    return total


# --- what each card does, in a line ------------------------------------------------------------
#: One short line per card rule and per set (by clause id), for a player about to commit: the
#: terminal's menu and the browser's card tooltips read it through ``says`` and the view; the
#: rules page says the same at length. ``{nine}`` is filled in from option ``nine_diamonds``.
SAYS: dict[str, str] = {
    "BP-1B": "goes to the pot; 2 cards of your stash become cards you must play",
    "BP-1R": "take a random card from anyone's stash and play it as if forced on you",
    "BP-1C": "the player on your left splits your stash; one pile goes to the pot",
    "BP-1D": "the player on your left splits the pot; one pile goes to your stash",
    "BP-1H": "every wild on every table goes to the pot",
    "BP-1S": "look at every viewing hand; swap yours with one, or keep it",
    "BP-2S": "trade it for an unprotected card of an opponent's table",
    "BP-2H": "trade it for an opponent's unprotected table card, which you then play",
    "BP-2D": "trade it for two unprotected cards of one opponent, or any one card",
    "BP-2C": "trade it for an opponent's table card, or pay 3 and swap declared hands",
    "BP-3": "becomes wild: face down, any card in your poker hand",
    "BP-3C": "must be in your declared hand (a wild of yours lets you discard both, any time)",
    "BP-4": "your viewing hand holds one more card",
    "BP-4C": "your viewing hand holds one card fewer",
    "BP-4D": "your table holds one more card; pay 3 to discard it and replay a table card",
    "BP-5": "play another card at once, one lower (red 5) or higher (black 5); all pay 1",
    "BP-6": "Shaft: force a card of your viewing hand onto any table",
    "BP-7": "every other player pays you 2 cards",
    "BP-7C": "you pay every other player 2 cards",
    "BP-7D": "every other player pays you 4 cards",
    "BP-8": "pay 1: it becomes wild; pay 2: keep it; else discard it and break a tile. Your fees -1",
    "BP-9": "discard an unprotected card of an opponent's table",
    "BP-9D": "wins you the hand {nine} (a card that is only a 9♦ in effect: discard any opponent's table card)",
    "BP-9C": "the next player discards one of your other unprotected table cards",
    "BP-10H": "Dump: your viewing hand becomes cards you must play",
    "BP-10S": "your viewing hand to the pot; you may force a table card on another player",
    "BP-10C": "Card of Death: you lose the hand, unless you have a no-effect card (then they return)",
    "BP-10D": "protected; discard it for Magic: a card coming onto your table lands with no effect, "
              "or an opponent's card does nothing to you",
    "BP-J": "the next card anybody plays has no effect; your fees +1",
    "BP-JC": "the next card anybody plays has no effect; your fees +2",
    "BP-QD": "goes to the next player's table; you see his viewing hand",
    "BP-QH": "goes to the previous player's table; you see his viewing hand",
    "BP-QC": "goes to the next player's table with another card of your table, which he plays",
    "BP-QS": "goes to the previous player's table with another card of your table, which he plays",
    "BP-KH": "one card of your table to the pot; every other player discards a table card",
    "BP-KD": "goes to the pot; you discard one unprotected card from each opponent's table",
    "BP-KS": "discard your declared hand",
    "BP-KC": "Bomb: every effective card of your table goes to the pot",
    "BP-A": "ends your turn",
    "BP-AC": "ends your turn; your cards to be played land without effects",
    "BP-P.JK": "each Joker resolves in turn as a 1 of Black",
    "BP-P.JJ7": "f_poker: a small poker game for its own pot",
    "BP-P.2": "the 2♦'s trade, and what you take is played",
    "BP-P.3": "you cannot have a 5-card poker hand (you declare 4)",
    "BP-P.4": "take one card of your table back into your viewing hand",
    "BP-P.4D": "your declared cards on your table become cards you must play",
    "BP-P.4DDD": "every effective card of your table becomes cards you must play",
    "BP-P.5": "the card keeps its face but takes the 5s' suit in effect",
    "BP-P.6": "a Shafting Unit: not counted, not scrapped; turn a 6 sideways to force a card",
    "BP-P.7H": "Black Hole: every turn each other player pays you 2 cards",
    "BP-P.7C": "White Hole: every turn you pay each other player 2 cards",
    "BP-P.9D": "swap everything (hand, table, stash) with a player you choose",
    "BP-P.10D": "a lock: any {rank} coming to your table is discarded without effect",
    "BP-P.JJ": "Shield: every card of your table becomes no-effect",
    "BP-P.JJJ": "every fee anyone pays is doubled (tripled if one suit)",
    "BP-P.Q": "reverses the direction of play",
    "BP-P.KC": "Atomic Bomb: every table and the discard pile go into the pot",
    "BP-P.A": "ends your turn and skips the next player",
}

NINE = {"wins": "at once", "stands": "if it is still on your table when your next turn begins"}


def says(clause: str, options: Mapping[str, Any], rank: str = "card of the second card's rank") -> str:
    """The line for ``clause`` (a card rule's or a set's), for a table with ``options``;
    ``rank``: the rank a 10♦ + card set locks."""
    nine = NINE.get(str(options.get("nine_diamonds")), NINE["wins"])
    return SAYS.get(clause, "").replace("{nine}", nine).replace("{rank}", rank)


def card_says(value: tuple[int, int], options: Mapping[str, Any]) -> str:
    """What a card of ``value`` does when played with effect ("" for a card with no rule)."""
    rule = rule_for(value)
    return says(rule.clause, options) if rule is not None else ""
