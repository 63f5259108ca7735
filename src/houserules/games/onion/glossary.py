"""Cripple Mr Onion's names for what is on the table, written once for every screen.

The terminal reads these tables directly; the browser fetches them once
(``GET /api/games/cripple-mr-onion/glossary``, from ``GameSpec.glossary``), so
a phase or a grouping is never named in two places that could drift apart.
"""

from __future__ import annotations

from .cards import SPECIAL, name
from .groupings import KINDS, NINE_CARD_RUNNING_FLUSH, TEN_CARD_RUNNING_FLUSH

#: what happens in each phase (``state.Phase``), as a person reads it
PHASES = {
    "draw": "the draw: discard up to four, or fold by discarding five",
    "name": "the Dealer names the bet",
    "answer": "match the Dealer's bet (raising if you like) or fold",
    "cover": "the Dealer must match the collective raise or fold",
    "buy": "buy face-down cards at one Stake each, or stop (the rest come face up)",
    "extra": "extra bets (the Dealer alone must match)",
    "consider": "the Dealer matches the extra bets or passes the Dealership",
    "offer": "the Dealership is offered: take it by matching the others' extra bets, or pass",
    "auction": "the Dealership is auctioned",
    "specials": "special cards are declared before the showdown",
    "choose": "a replacement card is chosen: keep one of the two offered",
    "reveal": "cards nobody has seen are disclosed",
    "showdown": "the showdown: each player declares an arrangement",
    "cripple": "a running flush may cripple an Onion shown after its holder's turn",
    "over": "the match is over",
}

#: every grouping a declaration may name, weakest first (CMO-2, CMO-7)
GROUPINGS = (*KINDS, NINE_CARD_RUNNING_FLUSH, TEN_CARD_RUNNING_FLUSH)

#: what each grouping is, in a few words (the browser's tooltip on its name)
GROUPING_HELP = {
    "bagel": "two cards making 20 (two pictures, a picture and a ten, two tens, or a nine and an Ace)",
    "double bagel": "two bagels together", "triple bagel": "three bagels together",
    "lesser bagel": "four bagels together", "great bagel": "five bagels together",
    "two-card onion": "two cards making 21: a picture or a ten with an Ace",
    "broken flush": "three or more cards making 16 to 21, all but one of one suit",
    "three-card onion": "three cards making 21", "flush": "three or more cards of one suit making 16 to 21",
    "four-card onion": "four cards making 21", "broken royal": "a 6, a 7 and an 8 of any suits",
    "five-card onion": "five cards making 21", "royal": "three 7s", "six-card onion": "six cards making 21",
    "wild royal": "three wild eights (only when eights are wild)", "seven-card onion": "seven cards making 21",
    "elephants' double onion": "four nines or tens declared with the Queen of Coins (modifier #7); "
                               "any other double onion beats it",
    "double onion": "two pontoons (a picture with an Ace of 11)", "triple onion": "three pontoons",
    "lesser onion": "four pontoons",
    "octavo": "eight eights when eights are wild (modifier #3): a lesser onion that cannot be crippled",
    "great onion": "five pontoons: the best grouping",
    "nine-card running flush": "nine cards in a row of one suit: cripples a great onion played before it (modifier #0)",
    "ten-card running flush": "ten cards in a row of one suit: cripples a great or lesser onion (modifier #0)",
    "unused": "cards in no grouping: they count for nothing",
}

#: the marked special cards (modifiers #4-#11) by their names in the game's notation
SPECIALS = {name(c, marks=True): said for c, said in SPECIAL.items()}

GLOSSARY = {"phases": PHASES, "groupings": list(GROUPINGS), "grouping_help": GROUPING_HELP, "specials": SPECIALS}
