"""The bpoker state: every zone of every seat, the resolution stack and the pending questions.

Zones (docs/rules/bpoker.md, BP-2): per seat a face-down ordered **stash**
(index 0 is the bottom; ``sideways[s]`` bottom cards are turned sideways,
L490-494), a private **viewing hand**, **cards-to-be-played** (ctbp), a
public **table** of slots and a **declared** 5-card poker hand (card ids on
that table); shared: the face-down **pot**, the face-up **discard** pile and
the **f_pot** (empty until f_poker, part 2).

A table slot is a single card or a tile (``cards`` left to right) with its
marks: ``wild`` (face down, L43), ``ne`` (no-effect, sideways, L117) and,
for a 5-tile, ``eff``: the value in effect of its last card (L416-420); for a
6+6+6, ``side``: its 6s turned sideways by the unit's trigger (L1062-1067).

The resolution machine (``machine.py``) keeps its work here as plain data:
``frames`` (a stack of steps still to run), ``ask`` (one seat's pending
choice) and ``window`` with ``offers`` (seats that may react now) and
``about`` (what they would react to, in words).

``looks`` is private knowledge kept in the state because no zone holds it:
per seat, the viewing hands it saw by a look and can still follow (looks.py).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any, Final, NamedTuple

from ...cards import shuffle
from ...engine.clone import Seeded, remade
from ...engine.core import Ending
from ...engine.house import option as house
from ...engine.options import Option, Schema, max_turns, mode, players, read_options
from ...engine.window import ReactionWindow
from .cards import MAX_DECKS, deck
from ...engine.house.compiled import source_of
from .house import HouseCards, table_for
from .vocabulary import VOCABULARY

PLAYERS: Final = (3, 6)
OPTIONS: Schema = (
    players(*PLAYERS, "BP-1.1"),
    mode("strict", penalties=False),
    Option("decks", 3, "int", "Decks", "Standard decks shuffled together and dealt face down into the stashes "
           "(three 4♦ need three decks).", "BP-1.2", 1, MAX_DECKS, advanced=True),
    Option("jokers", 2, "int", "Jokers per deck", "How many Jokers each deck holds.", "BP-1.2", 0, 2, advanced=True),
    Option("viewing", 5, "int", "Viewing hand", "How many cards your viewing hand is refilled to at the start of "
           "your turn, before the 4s change that number.", "BP-2.3", 1, 12, advanced=True),
    Option("table_max", 7, "int", "Table maximum", "How many cards your table holds at most (the 4♦ adds one); "
           "at or over it you may not play from your viewing hand.", "BP-2.5", 5, 20, advanced=True),
    Option("ante", 1, "int", "Ante", "How many cards each player pays from his stash into the pot when a hand "
           "begins.", "BP-1.3", 0, 10, advanced=True),
    Option("hands", None, "int", "Hands", "The game ends after this many hands (or sooner, when one player is left "
           "with cards); the most stash cards win.", "BP-H32", 1, 100, advanced=True, by_default="one per player"),
    Option("hand_turns", None, "int", "Turns in a hand", "A hand that lasts this many turns ends without a winner, "
           "and its pot stays for the next hand.", "BP-H33", 3, 1000, advanced=True,
           by_default="ten rounds (10 × players)"),
    max_turns(200, 100_000, "BP-1.6", ends="the game ends after this many turns, and the most stash cards win"),
    Option("nine_diamonds", "wins", "choice", "The 9♦", "When a 9♦ played at face value wins the hand: at once "
           "(the chapter's rule), or only if it still stands when its player's next turn begins.", "BP-9D",
           choices=(("wins", "wins at once"), ("stands", "wins if it still stands at its player's next turn")),
           advanced=True),
    house.option(VOCABULARY),
)
TURN: Final = "turn"
DECLARE: Final = "declare"
OVER: Final = "over"
FPOKER: Final = "fpoker"


class Frame(NamedTuple):
    """One step still to run: ``step`` names a function in ``machine.STEPS``;
    ``seat`` is the player the step acts for ("you" in the card's text)."""

    step: str
    seat: int
    data: tuple[Any, ...] = ()


class Ask(NamedTuple):
    """A choice one seat must make before anything else happens."""

    seat: int
    clause: str
    prompt: str
    options: tuple[str, ...]
    then: str
    data: tuple[Any, ...] = ()
    owner: int = -1  # the seat the continuation acts for ("you"); the chooser may differ (9♣)
    private: bool = False  # the answer names a card others may not see (a card put back on the stash)
    withheld: tuple[tuple[str, str, str], ...] = ()  # (option, clause, why) not offered now, for refusals


#: makes a named tuple from its fields in one C call (docs/engine.md, "Compiled")
new_tuple: Final = tuple.__new__
#: the class as a constant
_FRAME: Final = Frame


def frame(step: str, seat: int, data: tuple[Any, ...] = ()) -> Frame:
    """``Frame(step, seat, data)``, made as the tuple it is (``new_tuple``)."""
    return new_tuple(_FRAME, (step, seat, data))


class Slot:
    """A card or tile on a table, with its marks."""

    __slots__ = ("cards", "eff", "ne", "side", "wild")

    def __reduce__(self) -> tuple[Any, ...]:
        return remade(self, self.cards)  # pickled or copied (engine.clone)

    def __init__(self, cards: list[int], wild: bool = False, ne: bool = False,
                 eff: tuple[int, int] | None = None, side: tuple[int, ...] = ()):
        self.cards = cards
        self.wild = wild
        self.ne = ne
        self.eff = eff
        self.side = side  # a 6+6+6's 6s turned sideways by its trigger (L1062-1067), not no-effect

    @property
    def top(self) -> int:
        """The card that names the slot: a tile's last card (L1208-1214)."""
        return self.cards[-1]

    def copy(self) -> Slot:
        return Slot(self.cards[:], self.wild, self.ne, self.eff, self.side)

    def snapshot(self) -> tuple[Any, ...]:
        return (tuple(self.cards), self.wild, self.ne, self.eff, self.side)


def validate_options(raw: Mapping[str, Any]) -> dict[str, Any]:
    """Defaults filled in and every option checked against its record; the caps left to the
    player count get theirs."""
    opts = read_options(OPTIONS, raw, "bpoker")
    if opts["hands"] is None:  # BP-H32: every seat deals once
        opts["hands"] = opts["players"]
    if opts["hand_turns"] is None:  # BP-H33: ten rounds
        opts["hand_turns"] = 10 * opts["players"]
    house.refuse(opts, VOCABULARY)  # a house book the table cannot play (BP-HR5); its card rules made here,
    table_for(source_of(opts))  # off a server's event loop, and kept by their content
    return opts


class BState(Seeded):
    """Everything about one bpoker game."""

    __slots__ = (
        "about",
        "answers",
        "armed_j",
        "ask",
        "control",
        "ctbp",
        "dealer",
        "declared",
        "direction",
        "discard",
        "emptied",
        "ending",
        "exempt",
        "fhands",
        "folded",
        "follow",
        "fplayers",
        "fpot",
        "frames",
        "hand_no",
        "hand_turns",
        "house",
        "hands_won",
        "in_hand",
        "looks",
        "mode",
        "nines",
        "no_win",
        "offers",
        "options",
        "out",
        "over",
        "phase",
        "played",
        "players",
        "pot",
        "reason",
        "ring",
        "seed",
        "sideways",
        "skip",
        "stash",
        "tables",
        "transit",
        "turn",
        "turn_over",
        "turns",
        "viewing",
        "window",
        "winners",
    )

    def __init__(self, options: Mapping[str, Any], seed: int, rng: random.Random, cards: HouseCards | None = None):
        super().__init__(rng)
        self.options = dict(options)
        #: the card rules this table plays by: the chapter's, or its house book's (issue 36); shared
        self.house: HouseCards = table_for(source_of(options)) if cards is None else cards
        self.mode: str = options["mode"]
        self.seed = seed
        n = self.players = int(options["players"])
        self.stash: list[list[int]] = [[] for _ in range(n)]
        self.sideways = [0] * n
        self.viewing: list[list[int]] = [[] for _ in range(n)]
        self.ctbp: list[list[int]] = [[] for _ in range(n)]
        self.tables: list[list[Slot]] = [[] for _ in range(n)]
        self.declared: list[tuple[int, ...]] = [() for _ in range(n)]
        self.pot: list[int] = []
        self.discard: list[int] = []
        self.fpot: list[int] = []
        self.fhands: list[list[int]] = [[] for _ in range(n)]  # f_poker's private hands (fpoker.py)
        self.looks: list[dict[int, tuple[int, ...]]] = [{} for _ in range(n)]  # what each seat saw by a look (looks.py)
        self.fplayers: tuple[int, ...] = ()  # f_poker's players, the first player first
        self.folded: tuple[int, ...] = ()  # who has folded in f_poker
        self.transit: list[int] = []  # cards being played, forced or passed right now (face up, BP-2.8)
        self.dealer = 0
        self.turn = 1 % n
        self.direction = 1  # +1: play goes left (seat + 1), -1: right
        self.phase = TURN
        self.frames: list[Frame] = []
        self.ask: Ask | None = None
        self.window = ReactionWindow()
        self.offers: dict[int, tuple[str, ...]] = {}
        self.answers: dict[int, str] = {}
        #: what the open reaction window is about, for the people asked: (clause, card, words with
        #: seats as "seat N"), or None (``machine.window``)
        self.about: tuple[str, str, str] | None = None
        self.armed_j = False  # a J was played: the next card played is no-effect (BP-J)
        self.follow: tuple[int, int, int] | None = None  # (owner, the 5-tile's first card, shift) (BP-5)
        self.exempt: frozenset[int] = frozenset()  # cards not counted toward the maximum this turn (BP-3.T)
        self.played = 0  # plays made by the active seat this turn
        self.skip = False  # an A + A ended the next player's turn before it began (BP-P.A)
        self.turn_over = False  # an A, A♣ or the 5-forcing price ended the turn (BP-A, BP-5.F)
        self.control: tuple[int, int, int] | None = None  # (controller, controlled, the 10♦) (BP-10D.C)
        self.ring: list[int] = []  # seats given the shaft power in the current chain (BP-6.R)
        self.in_hand = [True] * n
        self.out = [False] * n
        self.hand_no = 1
        self.hand_turns = 0
        self.turns = 0
        self.over = False
        self.winners: tuple[int, ...] = ()
        self.reason = ""
        self.ending: Ending | None = None  # how the game ended, once it has (its words: ``reason``)
        self.hands_won = [0] * n
        self.no_win = False
        self.nines: tuple[tuple[int, int], ...] = ()  # (seat, 9♦) played at face value, standing (BP-H26)
        self.emptied: frozenset[int] = frozenset()  # seats told they have no cards left (BP-H41)

    def hands_played(self) -> int:
        """The hand being played, or at the game's end the number of hands played: the counter
        ``hand_no`` has then moved on to a hand that never began, unless a turn limit stopped the
        game in the middle of one (so a finished game never reads "hand 5 of 4")."""
        if self.over and self.ending is not Ending.TURN_LIMIT:
            return self.hand_no - 1
        return self.hand_no

    # --- copying and comparing -----------------------------------------------
    def copy(self) -> BState:
        """An independent copy (search bots; checking that refusals change nothing): the lists,
        dicts and slots copied, the rest (ints, tuples, frames, asks) shared; every field by
        name (bench/RESULTS.md, "Cheap copies")."""
        new = BState(self.options, self.seed, self._rng, self.house)
        self.share_rng(new)
        new.mode = self.mode
        new.players = self.players
        new.stash = [z[:] for z in self.stash]
        new.sideways = self.sideways[:]
        new.viewing = [z[:] for z in self.viewing]
        new.ctbp = [z[:] for z in self.ctbp]
        new.tables = [[s.copy() for s in t] for t in self.tables]
        new.declared = self.declared[:]
        new.pot = self.pot[:]
        new.discard = self.discard[:]
        new.fpot = self.fpot[:]
        new.fhands = [z[:] for z in self.fhands]
        new.looks = [dict(m) for m in self.looks]
        new.fplayers = self.fplayers
        new.folded = self.folded
        new.transit = self.transit[:]
        new.dealer = self.dealer
        new.turn = self.turn
        new.direction = self.direction
        new.phase = self.phase
        new.frames = self.frames[:]
        new.ask = self.ask
        new.window = self.window.copy()
        new.offers = dict(self.offers)
        new.answers = dict(self.answers)
        new.about = self.about
        new.armed_j = self.armed_j
        new.follow = self.follow
        new.exempt = self.exempt
        new.played = self.played
        new.skip = self.skip
        new.turn_over = self.turn_over
        new.control = self.control
        new.ring = self.ring[:]
        new.in_hand = self.in_hand[:]
        new.out = self.out[:]
        new.hand_no = self.hand_no
        new.hand_turns = self.hand_turns
        new.turns = self.turns
        new.over = self.over
        new.winners = self.winners
        new.reason = self.reason
        new.ending = self.ending
        new.hands_won = self.hands_won[:]
        new.no_win = self.no_win
        new.nines = self.nines
        new.emptied = self.emptied
        return new

    def snapshot(self) -> tuple[Any, ...]:
        return (
            tuple(map(tuple, self.stash)), tuple(self.sideways), tuple(map(tuple, self.viewing)),
            tuple(map(tuple, self.ctbp)), tuple(tuple(s.snapshot() for s in t) for t in self.tables),
            tuple(self.declared), tuple(self.pot), tuple(self.discard), tuple(self.fpot), tuple(self.transit), self.dealer,
            self.turn, self.direction, self.phase, tuple(self.frames), self.ask, tuple(self.window.seats),
            tuple(sorted(self.offers.items())), tuple(sorted(self.answers.items())), self.armed_j, self.follow,
            self.exempt, self.played, self.turn_over, self.control, tuple(self.ring), tuple(self.in_hand),
            tuple(self.out), self.hand_no, self.hand_turns, self.turns, self.over, self.winners, self.reason,
            tuple(self.hands_won), self.no_win, self.skip, tuple(map(tuple, self.fhands)), self.fplayers,
            self.folded, tuple(tuple(sorted(m.items())) for m in self.looks), self.nines, self.rng.getstate(),
            tuple(sorted(self.emptied)), self.about,
        )

    def all_cards(self) -> list[int]:
        out = [c for z in self.stash for c in z] + [c for z in self.viewing for c in z]
        out += [c for z in self.ctbp for c in z] + [c for t in self.tables for s in t for c in s.cards]
        out += [c for z in self.fhands for c in z]
        return out + self.pot + self.discard + self.fpot + self.transit

    # --- seats -----------------------------------------------------------------
    def next_seat(self, seat: int, direction: int | None = None) -> int:
        """The next seat still in the hand in ``direction`` (default: the direction of play)."""
        d = self.direction if direction is None else direction
        s = seat
        for _ in range(self.players):
            s = (s + d) % self.players
            if self.in_hand[s] and not self.out[s]:
                return s
        return seat

    def left_of(self, seat: int) -> int:
        """"The player on your left" — fixed, whatever the direction (L245)."""
        return self.next_seat(seat, 1)

    def live(self) -> list[int]:
        """Seats still in the hand."""
        return [s for s in range(self.players) if self.in_hand[s] and not self.out[s]]


def deal(options: Mapping[str, Any], seed: int) -> BState:
    """Shuffle, deal every card into the stashes (BP-1.2), ante, and begin the first turn."""
    state = BState(options, seed, random.Random(seed))
    cards = deck(options["decks"], options["jokers"])
    shuffle(state.rng, cards)
    n = state.players
    share = len(cards) // n
    for s in range(n):
        state.stash[s] = cards[s * share:(s + 1) * share]
    state.pot = cards[n * share:]
    state.dealer = 0
    return state
