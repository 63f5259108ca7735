"""The King Taco state, its options and the deal.

A flat object of lists and ints so that ``legal``/``apply`` stay fast and
``copy`` is cheap. Piles are lists whose *end* is the top. The general
mechanisms come from the engine (``EffectStack``, ``Lifespans``,
``ReactionWindow``, ``SeatPool`` for mana); this module only holds them.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any, Final

from ...cards import shuffle
from ...engine.clone import Seeded
from ...engine.core import STRICT, Event, OptionsError
from ...engine.house import option as house
from ...engine.lifespan import Lifespans
from ...engine.options import Option, Schema, dealer, max_turns, mode, players, read_options
from ...engine.resource import SeatPool
from ...engine.stack import EffectStack
from ...engine.window import ReactionWindow
from .cards import COLOUR, IS_NUMBER, KINDS, SYMBOLS, DeckFacts, deck_facts, validate_deck
from .cards import MANA_CAP as MANA_CAP  # the cap is the seed's (cards); bots read it here
from .housetable import HouseTable, nothing
from .vocabulary import VOCABULARY

MAX_SEATS: Final = 8

# playability conditions (seed "Playability Conditions"); LOCK and DEFAULT may be inverted
DEFAULT: Final = 0
RAGE: Final = 1
CALM: Final = 2
LOCK: Final = 3
CONDITION_NAMES = ("default", "rage", "calm", "lock")

# pending decisions (every decision is an action)
WILD_COLOUR: Final = 0
LOCK_COLOUR: Final = 1
LOCK_SYMBOL: Final = 2
DISCARD: Final = 3
AUCTION_DISCARD: Final = 4
TARGET: Final = 5  # a house rule's target:draw: the player names who draws (KT-HR-7)
PENDING_NAMES = ("wild colour", "lock colour", "lock symbol", "discard", "auction discard", "target")

# lifespan keys
COND: Final = "condition"
FISHING_SPAN: Final = "go fishing"
HARVEST_SPAN: Final = "harvest"
HARVEST_DELAY: Final = "harvest delay"


def shield_key(seat: int) -> tuple[str, int]:
    return ("shield", seat)


def curse_key(seat: int) -> tuple[str, int]:
    return ("curse", seat)


OPTIONS: Schema = (
    players(2, MAX_SEATS, "KT-H1"),
    Option("hand_size", 7, "int", "Cards dealt", "How many cards each player is dealt (the seed's game: 7).",
           "KT-H1", 1, 20),
    mode(STRICT),
    dealer("KT-H1"),
    Option("goto", 4, "int", "Goto",
           "When a player empties their hand, the auction's top scorer tries to win with a 1 in Goto chance; "
           "each failed try lowers Goto by 1 (never below 1).", "KT-9.8", 1, advanced=True),
    max_turns(3000),
    Option("deck", None, "json", "Deck",
           "The deck's recipe as JSON: colours, numbers, effects, plain_wilds, wild_effects.", "KT-1.2",
           advanced=True, by_default="the seed's 126 cards", read=validate_deck),
    house.option(VOCABULARY),
)


def validate_options(raw: Mapping[str, Any]) -> dict[str, Any]:
    """Defaults filled in and every option checked against its record; the deck must deal the table."""
    return checked_options(raw)[0]


def checked_options(raw: Mapping[str, Any]) -> tuple[dict[str, Any], DeckFacts]:
    """``validate_options``, and the facts of the deck they name: a new game needs both, and
    reading them is a ``json.dumps`` of the deck (issue 26)."""
    opts = read_options(OPTIONS, raw, "King Taco")
    house.refuse(opts, VOCABULARY)
    n, hand = opts["players"], opts["hand_size"]
    facts = deck_facts(opts["deck"])
    cards = facts.cards
    if not any(IS_NUMBER[c] for c in cards):
        raise OptionsError("deck needs number cards: the first discard is a number card (KT-H2)")
    if len(cards) < n * hand + 2:
        raise OptionsError(f"deck has {len(cards)} cards: too few to deal {hand} to {n} players and start a pile")
    return opts, facts


#: a table without house rules (until the game sets the one it deals with)
NO_HOUSE: Final = nothing(KINDS, SYMBOLS)

#: ``KingTacoStack.mode`` of an all++ or skip stack: everyone draws / everyone is timed out
EVERYONE: Final = 1
SKIP_ALL: Final = 2

#: a stack's own fields beyond the cards (``KingTacoStack``'s slots, named once for its copy and snapshot)
_TALLIES = ("kind", "count", "life", "extra", "recipient", "inverts", "allpp", "mode", "spare",
            "self_skips", "owed", "immediate", "delay", "dir0")


class KingTacoStack(EffectStack):
    """An open King Taco stack: the cards, and what they add up to so far.

    ``kind`` is the base's symbol (a ``--`` stack pushed below zero becomes a
    ``+=2`` stack, KT-7.13.5). The tallies are filled by ``stacking.push``
    and read by ``stacking.resolve``.
    """

    __slots__ = _TALLIES

    def __init__(self) -> None:
        super().__init__()
        self.reset(0, 1)

    def reset(self, kind: int, direction: int) -> None:
        self.kind = kind
        self.count = 0  # cards to draw / discard, turns of timeout
        self.life = 0  # lifespan in rounds
        self.extra = 0  # and turns beyond them: += 2 on rage, calm or lock adds 2 turns (KT-7.5.4)
        self.recipient = -1  # discarder, shield holder, harvester
        self.inverts = 0  # inverses stacked on rage/calm/lock/inverse
        self.allpp = 0  # all++ cards in a draw stack: others draw this many each
        self.mode = 0  # all++: EVERYONE / SKIP_ALL ; skip: EVERYONE once all++ is on it
        self.spare = -1  # the seat an "everyone" timeout spares
        self.self_skips: list[int] = []
        self.owed: list[tuple[int, int]] = []  # (seat, cards) drawn at that seat's next turn
        self.immediate: list[tuple[int, int]] = []  # (seat, cards) drawn when the stack triggers
        self.delay = 0  # harvest: rounds before it starts
        self.dir0 = direction  # direction before the stack, restored if it is NOPEd

    def clear(self) -> None:
        super().clear()
        self.reset(0, 1)

    def begin(self, kind: int, direction: int, card: int, seat: int) -> None:
        """Empty the stack and put ``card`` at its base, played by ``seat``."""
        self.cards = [card]
        self.seats = [seat]
        self.closed = False
        self.negators = 0
        self.reset(kind, direction)

    def copy(self) -> KingTacoStack:
        new = KingTacoStack()
        self.copy_into(new)
        for name in _TALLIES:
            setattr(new, name, getattr(self, name))
        new.self_skips = self.self_skips[:]
        new.owed = self.owed[:]
        new.immediate = self.immediate[:]
        return new

    def snapshot(self) -> tuple[Any, ...]:
        return super().snapshot() + tuple(
            tuple(v) if isinstance(v, list) else v for v in (getattr(self, n) for n in _TALLIES))


class KingTacoState(Seeded):
    """Everything about one game of King Taco, hidden parts included."""

    __slots__ = (
        "options", "mode", "seed", "players", "facts", "colours", "lock_symbols", "deck_size",
        "hands", "draw", "discard", "top_colour", "turn", "direction", "out", "mana", "timeout",
        "owed", "forced", "barred", "cond", "inverted", "lock_colour", "lock_symbol", "spans", "harvester",
        "harvest_next", "stack", "window", "pending", "pending_seat", "pending_count", "queue", "auction_asked",
        "last_card", "auction", "auction_starter", "goto", "winner", "over", "turns", "max_turns", "house",
        "opening",
    )

    def __init__(self, options: Mapping[str, Any], seed: int, rng: random.Random,
                 facts: DeckFacts | None = None):
        """``facts``: the deck's, when the caller has them (the deal, a copy); else read from
        ``options`` (a ``json.dumps`` of the deck, once per state)."""
        super().__init__(rng)
        self.options = dict(options)
        self.mode: str = options["mode"]
        self.seed = seed
        n: int = options["players"]
        self.players = n
        if facts is None:
            facts = deck_facts(options["deck"])
        #: the deck's facts, kept for a copy
        self.facts = facts
        #: the colours in the game (WILD and lock colours are chosen among them)
        self.colours: tuple[int, ...] = facts.colours
        #: symbols a lock may name: every non-NOPE symbol of the game's non-WILD cards (KT-3.4)
        self.lock_symbols: tuple[int, ...] = facts.lock_symbols
        self.deck_size = len(facts.cards)
        self.hands: list[list[int]] = [[] for _ in range(n)]
        self.draw: list[int] = []
        self.discard: list[int] = []
        self.top_colour = 0  # the colour the top card counts as (a WILD's chosen colour)
        self.turn = 0
        self.direction = 1
        self.out = [False] * n  # NOPEd out of the game (KT-7.11.6)
        self.mana = SeatPool(n, MANA_CAP)
        self.timeout = [0] * n  # turns still to be lost
        self.owed = [0] * n  # cards to draw at the start of that seat's next turn
        #: the seat to act drew owed cards as its turn began (KT-H28): it may stack on or NOPE the
        #: stack waiting on it, but once it allows the stack its turn ends (KT-2.3)
        self.forced = False
        #: cards the player whose turn it is could have stacked on the stack it allowed: it may not
        #: start a new stack with them this turn (KT-5.4)
        self.barred: tuple[int, ...] = ()
        self.cond = DEFAULT
        self.inverted = False
        self.lock_colour = 0
        self.lock_symbol = 0
        self.spans = Lifespans()
        self.harvester: int | None = None
        self.harvest_next: tuple[int, int] | None = None  # (seat, rounds) of a delayed harvest
        self.stack = KingTacoStack()
        self.window = ReactionWindow()
        self.pending: int | None = None
        self.pending_seat = 0
        self.pending_count = 0
        self.queue: list[int] = []  # seats still to make an auction discard
        #: the seats this auction has asked for a discard, in order (the one asked now last): every
        #: seat saw that the others it came past held no number card (a redeal keeps that)
        self.auction_asked: list[int] = []
        self.last_card: list[int | None] = [None] * n
        self.auction: list[int] | None = None  # auction points while an auction runs
        self.auction_starter = 0
        self.goto: int = options["goto"]
        self.winner: int | None = None
        self.over = False
        self.turns = 0
        self.max_turns: int = options["max_turns"]
        #: what the table's house rules do (``house.table_for``): set by the game as it deals, shared by copies
        self.house: HouseTable = NO_HOUSE
        #: the events of the first turn's start, carried out as the game deals and told with the first
        #: action's (``engine.house.opening``): empty once told, or when no house rule fired
        self.opening: tuple[Event, ...] = ()

    @property
    def active(self) -> int:
        """How many players are still in the game (a round is this many turns)."""
        n = 0
        for gone in self.out:
            if not gone:
                n += 1
        return n

    def copy(self) -> KingTacoState:
        """An independent copy (search bots; checking that refusals change nothing): the lists
        and the objects holding them copied, the rest (ints, tuples) shared; every field by name,
        (bench/RESULTS.md, "Cheap copies")."""
        new = KingTacoState(self.options, self.seed, self._rng, self.facts)
        self.share_rng(new)
        new.mode = self.mode
        new.players = self.players
        new.colours = self.colours
        new.lock_symbols = self.lock_symbols
        new.deck_size = self.deck_size
        new.hands = [h[:] for h in self.hands]
        new.draw = self.draw[:]
        new.discard = self.discard[:]
        new.top_colour = self.top_colour
        new.turn = self.turn
        new.direction = self.direction
        new.out = self.out[:]
        new.mana = self.mana.copy()
        new.timeout = self.timeout[:]
        new.owed = self.owed[:]
        new.forced = self.forced
        new.barred = self.barred
        new.cond = self.cond
        new.inverted = self.inverted
        new.lock_colour = self.lock_colour
        new.lock_symbol = self.lock_symbol
        new.spans = self.spans.copy()
        new.harvester = self.harvester
        new.harvest_next = self.harvest_next
        new.stack = self.stack.copy()
        new.window = self.window.copy()
        new.pending = self.pending
        new.pending_seat = self.pending_seat
        new.pending_count = self.pending_count
        new.queue = self.queue[:]
        new.auction_asked = self.auction_asked[:]
        new.last_card = self.last_card[:]
        new.auction = None if self.auction is None else self.auction[:]
        new.auction_starter = self.auction_starter
        new.goto = self.goto
        new.winner = self.winner
        new.over = self.over
        new.turns = self.turns
        new.max_turns = self.max_turns
        new.house = self.house
        new.opening = self.opening
        return new

    def snapshot(self) -> tuple[Any, ...]:
        """Every field as plain data, for equality checks in tests."""
        return (
            tuple(tuple(h) for h in self.hands), tuple(self.draw), tuple(self.discard), self.top_colour,
            self.turn, self.direction, tuple(self.out), tuple(self.mana.values), tuple(self.timeout),
            tuple(self.owed), self.forced, self.barred, self.cond, self.inverted, self.lock_colour, self.lock_symbol,
            self.spans.snapshot(), self.harvester, self.harvest_next, self.stack.snapshot(),
            tuple(self.window.seats), self.pending, self.pending_seat, self.pending_count, tuple(self.queue),
            tuple(self.auction_asked), tuple(self.last_card), None if self.auction is None else tuple(self.auction),
            self.auction_starter, self.goto, self.winner, self.over, self.turns, len(self.opening),
            self.rng.getstate(),
        )

    def all_cards(self) -> list[int]:
        """Every card in every zone (hands, draw pile, discard pile with the open stack)."""
        out = [c for h in self.hands for c in h]
        out.extend(self.draw)
        out.extend(self.discard)
        return out


def deal(options: Mapping[str, Any], seed: int, facts: DeckFacts | None = None) -> KingTacoState:
    """Shuffle, deal one card at a time from the dealer's left, turn up the
    first number card as the first discard (KT-H2); the dealer's left starts.
    A deal that leaves no number card to turn up is a misdeal, dealt again
    (KT-H2: a deck with few numbers can put them all in the hands).
    ``facts``: the deck's, when the caller has read them (``checked_options``)."""
    rng = random.Random(seed)
    if facts is None:
        facts = deck_facts(options["deck"])
    state = KingTacoState(options, seed, rng, facts)
    n = state.players
    dealer = options["dealer"]
    deck: list[int] = []
    while not any(IS_NUMBER[c] for c in deck):  # the options leave two cards or more undealt
        deck = list(facts.cards)
        shuffle(rng, deck)
        state.hands = [[] for _ in range(n)]
        for _ in range(options["hand_size"]):
            for i in range(1, n + 1):
                state.hands[(dealer + i) % n].append(deck.pop())
    turned = []
    while not IS_NUMBER[deck[-1]]:
        turned.append(deck.pop())
    start = deck.pop()
    state.discard = turned + [start]  # cards turned before the first number lie under it, dead
    state.draw = deck
    state.top_colour = COLOUR[start]
    state.turn = (dealer + 1) % n
    return state
