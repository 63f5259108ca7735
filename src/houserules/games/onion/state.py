"""The Cripple Mr Onion state, its options, and literal states for scenarios.

One state is a whole *match*: rounds are played until one player has chips
left or the set number of rounds is reached (CMO-1.3). Within a round the
``phase`` says which decision is pending and ``turn`` whose it is; the
pending decision's data (the Dealer's named bid, the raises near the Pot,
the extra bets, the auction's high bid) lives in the state, never in a
caller. The pack is a list whose end is its top.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from enum import StrEnum
from typing import Any, Final

from ...cards import CardError
from ...engine.chips import Ledger
from ...engine.clone import Seeded
from ...engine.core import STRICT, GameError, OptionsError
from ...engine.house import option as house
from ...engine.house.option import book_of
from ...engine.literal import check_keys
from ...engine.options import Option, Schema, dealer, mode, players, read_options
from ...engine.seniority import seniority
from .cards import DECK_SIZE, allocate, name
from ...engine.house.compiled import source_of
from .house import table_for
from .housecheck import limits_fit
from .solver import Arrangement, RunningFlush
from .table import HouseTable
from .vocabulary import VOCABULARY


class Phase(StrEnum):
    """The decision pending (CMO-4 .. CMO-5); ``phases.PHASES`` says what each allows."""

    DRAW = "draw"  # discard up to four, or fold by discarding five
    NAME = "name"  # the Dealer names the amount of a betting part
    ANSWER = "answer"  # a player matches (and may raise) or folds
    COVER = "cover"  # the Dealer matches the collective raise or folds
    BUY = "buy"  # a player buys a face-down card or stops
    EXTRA = "extra"  # a player makes an extra bet
    CONSIDER = "consider"  # the Dealer matches the extra bets or passes the Dealership
    OFFER = "offer"  # a player accepts the Dealership (matching the extra bets) or passes
    AUCTION = "auction"  # the Dealership is auctioned after the Dealer folded
    SPECIALS = "specials"  # a player declares special cards before the showdown (CMO-8.2)
    CHOOSE = "choose"  # a player keeps one of two cards in a special card's place (#4i, #5i)
    REVEAL = "reveal"  # a player discloses a card (#10ii)
    SHOWDOWN = "showdown"  # a player declares an arrangement
    CRIPPLE = "cripple"  # a player may cripple an Onion declared after their turn, or pass (#0)
    OVER = "over"


class OnionKind(StrEnum):
    """The kinds of action; the values are the JSON words."""

    DISCARD = "discard"
    FOLD = "fold"
    BET = "bet"
    MATCH = "match"
    RAISE = "raise"
    BUY = "buy"
    STOP = "stop"
    EXTRA = "extra"
    PASS = "pass"
    ACCEPT = "accept"
    BID = "bid"
    DECLINE = "decline"
    SPECIAL = "special"
    DONE = "done"
    CHOOSE = "choose"
    REVEAL = "reveal"
    DECLARE = "declare"


#: each kind by its word: a dict look-up, where ``OnionKind(word)`` is a call into the enum machinery
#: on every action checked and carried out (the hot path of a game)
KIND_OF: dict[str, OnionKind] = {k.value: k for k in OnionKind}


#: makes an ``Action`` from its fields in one C call (docs/engine.md, "Compiled")
new: Final = tuple.__new__


#: betting parts: 1-3 the first round (3 without raising), 4-5 the two last parts
FIRST_PARTS = (1, 2, 3)
LAST_PARTS = (4, 5)
NO_RAISE_PARTS = (3,)


ALL_MODIFIERS = tuple(range(12))


def validate_options(raw: Mapping[str, Any]) -> dict[str, Any]:
    """Defaults filled in and every option checked against its record; the chips must pay an ante.
    A house book the table cannot play is refused (CMO-HR7), a betting limit above the table's
    largest raise too, and the table it plays by is made here (kept by its content), so that a
    server, which validates options off its event loop, never makes one on it."""
    opts = read_options(OPTIONS, raw, "Cripple Mr Onion")
    if opts["chips"] < opts["stake"]:
        raise OptionsError("chips must cover at least one Stake (the ante)")
    house.refuse(opts, VOCABULARY)
    book = book_of(opts, VOCABULARY)
    if book is not None:
        limits_fit(book, opts["max_raise"])
    table_for(source_of(opts))
    return opts


def parse_modifiers(value: Any) -> tuple[int, ...]:
    """The ``modifiers`` option: ``"all"``, ``"none"``, ``"1,4,11"``, a number or a list."""
    if value in (None, "", "none", False):
        return ()
    if value == "all":
        return ALL_MODIFIERS
    if isinstance(value, str):
        value = [v for v in value.replace(" ", "").split(",") if v]
    if isinstance(value, int) and not isinstance(value, bool):
        value = [value]
    try:
        got = sorted({int(v) for v in value})
    except (TypeError, ValueError):
        raise OptionsError(f"modifiers must be 'all', 'none' or numbers 0-11, got {value!r}") from None
    if any(not 0 <= m <= 11 for m in got):
        raise OptionsError(f"modifiers are numbered 0 to 11, got {got}")
    return tuple(got)


OPTIONS: Schema = (
    players(2, 7, "CMO-1.1"),
    Option("stake", 1, "int", "Stake", "The ante each player pays into the Pot every round; every bet is a "
           "whole number of Stakes, and a bought card costs one.", "CMO-1.2", 1),
    Option("max_raise", 5, "int", "Largest raise", "The most a bet or raise may be, in Stakes.", "CMO-1.2", 1),
    Option("chips", 100, "int", "Starting chips", "How many chips each player starts the match with.", "CMO-1.3", 1),
    Option("rounds", 50, "int", "Rounds", "The match ends after this many rounds, or sooner when only one "
           "player has chips left; the most chips win.", "CMO-1.3", 1),
    dealer("CMO-4.1", default=0),
    Option("modifiers", (), "list", "Modifiers", "The optional rules #0–#11 in play: all, none, or numbers "
           "such as 1,4.", "CMO-7", advanced=True, read=lambda value: list(parse_modifiers(value))),
    Option("cripple", True, "bool", "Crippling", "A long running flush may cripple an Onion (modifier #0, the "
           "base game's and the game's name); off leaves it out unless the modifiers list 0.", "CMO-7.0",
           advanced=True),
    Option("reform", False, "bool", "Re-form after devaluing", "After a devaluing card (the Lady, Fate, the "
           "Sender of Eight, Death), a player whose shown arrangement lost value may arrange again, once.",
           "CMO-8.1", advanced=True),
    Option("declaration_round", False, "bool", "Declaration round", "Before the showdown everyone is asked in "
           "turn, from the Elder round to the Dealer, who declares special cards.", "CMO-8.2", advanced=True),
    mode(STRICT, penalties=False),
    house.option(VOCABULARY),
)


class OnionState(Seeded):
    """Everything about one match of Cripple Mr Onion, hidden cards included."""

    __slots__ = (
        "options", "mode", "seed", "players", "stake", "max_raise", "ledger",
        "out", "folded", "hands", "face_up", "deck", "discards", "dealer", "order",
        "phase", "turn", "queue", "part", "bid", "bought", "offer_from", "high_bid",
        "bidders", "resume", "declared", "round", "rounds", "over", "last", "winners",
        # modifiers (CMO-7): the round's situation
        "mods", "wild_round", "null_played", "specials", "set_aside", "fate_revoked", "fate_user", "rewild",
        "zeroed", "lady_user", "lady_wild", "fool", "js_wild", "offered", "interrupted", "revealed",
        "devaluations", "epoch", "reformed", "cripples", "circuit_declared", "wild_rounds", "house",
    )

    def __init__(self, options: Mapping[str, Any], seed: int, rng: random.Random,
                 table: HouseTable | None = None) -> None:
        super().__init__(rng)
        n = options["players"]
        self.options = dict(options)
        #: the rules this table plays by (the groupings' ranking, the amounts): the seed's, or its
        #: house book's (issue 36); shared by copies, never changed
        self.house: HouseTable = table_for(source_of(options)) if table is None else table
        self.mode: str = options["mode"]
        self.seed = seed
        self.players: int = n
        self.stake: int = options["stake"]
        self.max_raise: int = options["max_raise"]
        self.ledger = Ledger([options["chips"]] * n)
        self.out: list[bool] = [False] * n  # out of the match: cannot pay the ante
        self.folded: list[bool] = [False] * n  # out of this round
        self.hands: list[list[int]] = [[] for _ in range(n)]
        self.face_up: list[list[int]] = [[] for _ in range(n)]  # dealt face up: seen by all
        self.deck: list[int] = []  # top is the end
        self.discards: list[int] = []
        self.dealer: int = options["dealer"]
        self.order: list[int] = []  # this round's seniority: Dealer, Elder, ..., Younger
        self.phase = Phase.DRAW
        self.turn = 0
        self.queue: list[int] = []  # seats still to act in this phase, next first
        self.part = 0  # the betting part in progress (FIRST_PARTS, LAST_PARTS)
        self.bid = 0  # the amount the Dealer named for this part
        self.bought = 0  # cards the buying player has bought so far
        self.offer_from = -1  # the Dealer who passed the Dealership (CMO-5.4)
        self.high_bid = 0  # the auction's highest bid (CMO-5.7)
        self.bidders: list[int] = []  # seats still in the auction, in asking order
        self.resume = ""  # the stage the auction interrupted, to resume after it
        self.declared: list[Arrangement | None] = [None] * n  # showdown arrangements
        self.round = 0
        self.rounds: int = options["rounds"]
        self.over = False
        self.last: dict[str, Any] | None = None  # how the previous round ended
        self.winners: tuple[int, ...] = ()
        self.mods: frozenset[int] = frozenset(options.get("modifiers", ()))
        self.wild_round = False  # eights are wild this round (#1ii)
        self.null_played = False  # a null eight was played at this round's showdown (#1ii)
        self.wild_rounds = 0  # rounds of wild eights so far in the match (#1ii), for statistics
        self.reset_specials()

    def reset_specials(self) -> None:
        """The per-round situation the special cards create, cleared at each deal."""
        n = self.players
        self.specials: dict[int, int] = {}  # special card -> the seat that declared it
        self.set_aside: list[list[int]] = [[] for _ in range(n)]  # the Lady/Fate, replaced (#4i, #5i)
        self.fate_revoked = False  # Fate ended the wild eights (#5ii)
        self.fate_user = -1
        self.rewild: list[bool] = [False] * n  # the Lady made these seats' eights wild again (#5ii)
        self.zeroed: list[bool] = [False] * n  # aces worth zero (#5i)
        self.lady_user = -1  # who declared and replaced the Lady (#4i)
        self.lady_wild = False  # the Lady devalues aces (#4ii)
        self.fool = False  # bagels and Onions change places (#11)
        self.js_wild = False  # the Jack of Staves is wild (#10ii)
        self.offered: list[int] = []  # the two cards a player chooses between (#4i, #5i)
        #: the decision a special card interrupted: (phase, queue, turn)
        self.interrupted: tuple[Phase, list[int], int] = (Phase.OVER, [], 0)
        self.revealed: list[list[int]] = [[] for _ in range(n)]  # cards disclosed (#10ii)
        self.devaluations = 0  # devaluing special cards declared so far (CMO-8.1)
        self.epoch: list[int] = [0] * n  # devaluations when each seat declared its arrangement
        self.reformed: list[bool] = [False] * n
        self.cripples: list[RunningFlush | None] = [None] * n  # running flushes declared to cripple (#0)
        self.circuit_declared = False  # a special card was declared in this circuit of the declaration round

    @property
    def marks(self) -> bool:
        """Whether the marked special cards are told apart (written ``QS*``): with modifiers."""
        return bool(self.mods)

    @property
    def in_round(self) -> list[int]:
        """The seats still in this round, in seniority order."""
        return [s for s in self.order if not self.folded[s]]

    def copy(self) -> OnionState:
        """An independent copy (search bots; checking that refusals change nothing): the lists,
        the ledger and the specials copied, the rest (ints, tuples, enums, arrangements) shared;
        every field by name (bench/RESULTS.md, "Cheap copies")."""
        new = OnionState(self.options, self.seed, self._rng, self.house)
        self.share_rng(new)
        new.mode = self.mode
        new.players = self.players
        new.stake = self.stake
        new.max_raise = self.max_raise
        new.ledger = self.ledger.copy()
        new.out = self.out[:]
        new.folded = self.folded[:]
        new.hands = [h[:] for h in self.hands]
        new.face_up = [h[:] for h in self.face_up]
        new.deck = self.deck[:]
        new.discards = self.discards[:]
        new.dealer = self.dealer
        new.order = self.order[:]
        new.phase = self.phase
        new.turn = self.turn
        new.queue = self.queue[:]
        new.part = self.part
        new.bid = self.bid
        new.bought = self.bought
        new.offer_from = self.offer_from
        new.high_bid = self.high_bid
        new.bidders = self.bidders[:]
        new.resume = self.resume
        new.declared = self.declared[:]
        new.round = self.round
        new.rounds = self.rounds
        new.over = self.over
        new.last = self.last
        new.winners = self.winners
        new.mods = self.mods
        new.wild_round = self.wild_round
        new.null_played = self.null_played
        new.wild_rounds = self.wild_rounds
        new.specials = dict(self.specials)
        new.set_aside = [h[:] for h in self.set_aside]
        new.fate_revoked = self.fate_revoked
        new.fate_user = self.fate_user
        new.rewild = self.rewild[:]
        new.zeroed = self.zeroed[:]
        new.lady_user = self.lady_user
        new.lady_wild = self.lady_wild
        new.fool = self.fool
        new.js_wild = self.js_wild
        new.offered = self.offered[:]
        new.interrupted = (self.interrupted[0], self.interrupted[1][:], self.interrupted[2])
        new.revealed = [h[:] for h in self.revealed]
        new.devaluations = self.devaluations
        new.epoch = self.epoch[:]
        new.reformed = self.reformed[:]
        new.cripples = self.cripples[:]
        new.circuit_declared = self.circuit_declared
        return new

    def snapshot(self) -> tuple[Any, ...]:
        """Every field as plain data, for equality checks in tests."""
        led = self.ledger
        return (
            tuple(led.chips), led.pot, tuple(led.staked), tuple(self.out), tuple(self.folded),
            tuple(tuple(h) for h in self.hands), tuple(tuple(h) for h in self.face_up),
            tuple(self.deck), tuple(self.discards), self.dealer, tuple(self.order), self.phase,
            self.turn, tuple(self.queue), self.part, self.bid, self.bought, self.offer_from,
            self.high_bid, tuple(self.bidders), self.resume, tuple(map(repr, self.declared)), self.round,
            self.over, repr(self.last), self.winners, self.rng.getstate(),
            self.wild_round, self.null_played, tuple(sorted(self.specials.items())),
            tuple(map(tuple, self.set_aside)), self.fate_revoked, self.fate_user, tuple(self.rewild),
            tuple(self.zeroed), self.lady_user, self.lady_wild, self.fool, self.js_wild, tuple(self.offered),
            repr(self.interrupted), tuple(map(tuple, self.revealed)), self.devaluations, tuple(self.epoch),
            tuple(self.reformed), repr(self.cripples), self.circuit_declared, self.wild_rounds,
        )

    def all_cards(self) -> list[int]:
        """Every card in every zone (hands, pack, discards)."""
        out = [c for h in self.hands for c in h]
        for zone in (self.deck, self.discards, self.offered):
            out.extend(zone)
        for aside in self.set_aside:
            out.extend(aside)
        return out


def seniority_order(state: OnionState) -> list[int]:
    """Dealer, Elder, ..., Younger among the players still in the match (CMO-4.1)."""
    return seniority(state.dealer, state.players, [not o for o in state.out])


def offer_cost(state: OnionState, seat: int) -> int:
    """To take the Dealership a player matches everyone else's extra bets (CMO-5.4)."""
    staked = state.ledger.staked
    return sum(staked) - staked[seat]


# --- literal states for scenario files ----------------------------------------
STATE_KEYS = ("hands", "face_up", "deck", "chips", "pot", "staked", "dealer", "phase", "turn", "queue",
              "part", "bid", "bought", "folded", "out", "round", "high_bid", "bidders", "offer_from", "resume",
              "wild_round", "specials")


def literal_state(options: Mapping[str, Any], obj: Mapping[str, Any], seed: int) -> OnionState:
    """A state written out in a scenario file.

    ``hands`` lists every seat's cards (``face_up`` the ones among them dealt
    face up); ``deck`` is listed top first and the rest of the 104 cards go
    to the discards. ``phase``/``turn``/``queue`` say which decision is
    pending; the Dealer's seniority order is derived from ``dealer``."""
    check_keys(obj, STATE_KEYS, "Cripple Mr Onion")
    state = OnionState(options, seed, random.Random(seed))
    n = state.players
    taken: list[int] = []

    def cards(value: Any, what: str) -> list[int]:
        try:
            got = allocate(value, marks=bool(state.mods), taken=taken)
        except (CardError, TypeError, AttributeError) as exc:
            raise GameError(f"state.{what}: {exc}") from None
        taken.extend(got)
        return got

    hands = obj.get("hands")
    if not isinstance(hands, list) or len(hands) != n:
        raise GameError(f"state.hands must list {n} hands (options.players)")
    state.hands = [cards(h, f"hands[{i}]") for i, h in enumerate(hands)]
    for seat, up in dict(obj.get("face_up", {})).items():
        wanted = [name(c) for c in allocate(up)]
        held = state.hands[int(seat)]
        got = []
        for w in wanted:
            match = [c for c in held if name(c) == w and c not in got]
            if not match:
                raise GameError(f"state.face_up[{seat}]: {w} is not in that hand")
            got.append(match[0])
        state.face_up[int(seat)] = got
    state.deck = list(reversed(cards(obj.get("deck", []), "deck")))
    state.discards = [c for c in range(DECK_SIZE) if c not in set(taken)]
    if "chips" in obj:
        chips = list(obj["chips"])
        if len(chips) != n:
            raise GameError(f"state.chips must list {n} amounts")
        state.ledger.chips = [int(c) for c in chips]
    state.ledger.pot = int(obj.get("pot", 0))
    if "staked" in obj:
        state.ledger.staked = [int(c) for c in obj["staked"]]
    state.dealer = int(obj.get("dealer", options["dealer"]))
    for seat in obj.get("folded", []):
        state.folded[int(seat)] = True
    for seat in obj.get("out", []):
        state.out[int(seat)] = True
    state.order = seniority_order(state)
    try:
        state.phase = Phase(obj.get("phase", Phase.DRAW))
    except ValueError:
        raise GameError(f"state.phase: no such phase {obj.get('phase')!r}; phases: {', '.join(Phase)}") from None
    state.queue = [int(s) for s in obj.get("queue", [])]
    state.turn = int(obj.get("turn", state.queue[0] if state.queue else state.order[1 % len(state.order)]))
    state.part = int(obj.get("part", 0))
    state.bid = int(obj.get("bid", 0))
    state.bought = int(obj.get("bought", 0))
    state.round = int(obj.get("round", 1))
    state.high_bid = int(obj.get("high_bid", 0))
    state.bidders = [int(s) for s in obj.get("bidders", [])]
    state.offer_from = int(obj.get("offer_from", -1))
    state.resume = str(obj.get("resume", ""))
    state.wild_round = bool(obj.get("wild_round", False))
    for text, seat in dict(obj.get("specials", {})).items():
        card = allocate([text], marks=True, taken=[c for c in range(DECK_SIZE) if c not in state.hands[int(seat)]])
        state.specials[card[0]] = int(seat)
    return state
