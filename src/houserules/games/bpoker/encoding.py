"""bpoker as fixed-size numbers (engine/encoding.py), for learning programs.

A card is its id (``D`` = 54 x ``decks`` ids: each copy is its own card, as
in the rules). Seats are counted from the acting seat (``T`` = 6 slots).
Choices of several cards are subsets of places, ranked in blocks by size
(``engine.encoding.Subsets``): places are positions in a zone the seat sees,
sorted by card id. Sizes follow the options (``V`` = 2 x ``viewing`` + 6
places of the viewing hand, at most 30; ``C`` = 2 x ``table_max`` + 6 places
of the seat's own table, at most 24; ``S`` = ``table_max`` + 6 slots of an
opponent's table; ``J`` = the game's Jokers, at most 10). Actions, in blocks:

* ``play`` card (D), ``use`` card (D), ``pass``, ``scrap``;
* ``pair``: a set of 2 or 3 cards of the viewing hand (V places, sizes 2-3),
  then a set of Jokers only (places among the Jokers in the viewing hand,
  sizes 3-J, so every Joker set however large);
* ``declare``: 0-5 places of the seat's table cards (all the cards on its
  table, sorted: every declaration of five of them, of all of them when
  fewer, of four under 3♣ + 3♣). A table has no fixed bound (sets overshoot
  the maximum, opponents force cards onto it): random play with the default
  maximum of 7 reached 17 cards once in 300 games, and C is 20 there; a
  declaration using a card beyond the C-th place has no index, and an
  environment leaves it out (``EncodedGame.unindexed`` counts such);
* ``choose``, by the form of the offered word: a word (skip, pass, keep,
  wild, discard, demand, declared, accept, decline, end-turn, sideways,
  first, second, stand, fold, C, S and the reactions magic, tunnel,
  reflect); a card (D); a card forced onto a seat, ``QS>seat:2`` (D x T); a
  seat, ``seat:2`` (T); a declared hand, ``hands:seat:2`` (T); a J to use,
  ``use:JD`` (D); two slots of one opponent's table, ``KS+JD`` (T x the pairs
  of its S slots, by table order); cards to change in f_poker,
  ``draw:4C+9H`` (1-3 places of the f-hand, sorted); a number, the split of
  a stash or the pot (0..D).

Observation, from the seat's view only (card faces: 54 kinds, copies
counted together): its viewing hand, cards-to-be-played and f-hand, a
controlled seat's viewing hand and which seat that is; per seat counted from
this one (T): the faces on its table and in its declared hand, its slots,
wilds, no-effect and protected slots, stash, sideways, viewing and
cards-to-be-played counts, correct number, maximum, counted, in the hand,
out, hands won, f-hand size, in f_poker, folded; the discard and the cards
in transit; whose turn, the dealer, who is asked, who controls whom
(relative one-hots); the clause of the pending question (one-hot over every
card rule's, set's and reaction's clause and the turn's own questions: what
is being asked, the options being in the mask); the phase,
direction, plays this turn, pot and f_pot,
the hand number, turns, an armed J, and whether this seat is asked or may
react.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ...engine.core import Action, GameError
from ...engine.encoding import COUNT, SIGN, UNIT, Encoding, EncodingBase, Features, Piece, Subsets, blocks
from . import catalogue, game  # noqa: F401  (importing the game registers every card rule in the catalogue)
from .cards import PER_DECK, is_joker, parse_card
from .fpoker import F_HAND
from .pairs import SETS
from .reactions import REACTIONS
from .state import DECLARE, FPOKER, OVER, TURN
from .view import BView

SEATS = 6
WORDS = tuple(dict.fromkeys(("skip", "pass", "keep", "wild", "discard", "demand", "declared", "accept", "decline",
                             "end-turn", "sideways", "first", "second", "stand", "fold", "C", "S",
                             *(r.name for r in REACTIONS))))
PHASES = (TURN, DECLARE, FPOKER, OVER)
SCALE = 0.1
#: the clauses a question can come from: every card rule, set and reaction, and the turn's own questions
#: (cards-to-be-played, refill, the 5's price and Joker, fees, f_poker, J and 3♣ uses, Control); one more
#: slot for a clause not listed here
CLAUSES = tuple(sorted({r.clause for r in catalogue.RULES.values()} | {s.clause for s in SETS}
                       | {r.clause for r in REACTIONS}
                       | {"BP-10D.C", "BP-2.4", "BP-3.2", "BP-5.F", "BP-5.J", "BP-F.2", "BP-FP.2", "BP-J.D",
                          "BP-JE.N"}))


class BPokerEncoding(EncodingBase):
    """One table's index space (its sizes follow the options: ``bound``)."""

    sized_with = "default options"

    def __init__(self, options: Mapping[str, Any] | None = None):
        o = {"decks": 3, "jokers": 2, "viewing": 5, "table_max": 7, **(options or {})}
        self.cards = PER_DECK * int(o["decks"])
        self.viewing = Subsets(min(2 * int(o["viewing"]) + 6, 30), (2, 3))
        jokers = max(3, min(int(o["decks"]) * int(o["jokers"]), 10))
        self.jokers = Subsets(jokers, range(3, jokers + 1))
        self.table = Subsets(min(2 * int(o["table_max"]) + 6, 24), range(6))
        self.slots = Subsets(int(o["table_max"]) + 6, (2,))
        self.fhand = Subsets(F_HAND, (1, 2, 3))
        d = self.cards
        self.at, self.size = blocks([
            ("play", d), ("use", d), ("pass", 1), ("scrap", 1), ("pair", self.viewing.size),
            ("jokers", self.jokers.size), ("declare", self.table.size), ("word", len(WORDS)), ("card", d), ("force", d * SEATS), ("seat", SEATS),
            ("hands", SEATS), ("use:", d), ("two", SEATS * self.slots.size), ("draw", self.fhand.size),
            ("number", d + 1)])

    def bound(self, options: Mapping[str, Any]) -> BPokerEncoding:
        return BPokerEncoding(options)

    def observation_size(self, options: Mapping[str, Any]) -> int:
        return len(self.observe(_blank(int(options["players"]))))

    def action_size(self, options: Mapping[str, Any]) -> int:
        return self.size

    def action_blocks(self, options: Mapping[str, Any]) -> dict[str, int]:
        """Where each form of decision's indices start (the action features' blocks)."""
        return dict(self.at)

    # --- observations ------------------------------------------------------------------
    def observe(self, view: BView) -> list[float]:
        return self.features(view).values

    def fields(self, options: Mapping[str, Any]) -> list[Piece]:
        return self.features(_blank(int(options["players"]))).pieces

    def features(self, view: BView) -> Features:
        d, seat = view.data, view.seat or 0
        n = int(d["players"])
        copies = self.cards // PER_DECK  # a face is in the game once per deck
        f = Features()
        for zone in ("viewing", "ctbp", "f_hand"):
            f.counts(_faces(d[zone] or ()), PER_DECK, name=zone, most=copies)
        seen = d["seen_viewing"][0] if d["seen_viewing"] else None
        f.counts(_faces(seen["viewing"] if seen else ()), PER_DECK, name="controlled viewing", most=copies)
        f.relative_seat(seen["seat"] if seen else None, seat, n, SEATS, "controlled seat")
        for i in range(SEATS):
            table = d["tables"][(seat + i) % n] if i < n else []
            f.counts(_faces(c for slot in table for c in slot["cards"]), PER_DECK, name=f"table[{i}]", most=copies)
            f.counts(_faces(d["declared"][(seat + i) % n] if i < n else ()), PER_DECK, name=f"declared[{i}]",
                     most=copies)
            for name, count in (("slots", len(table)), ("wilds", sum("wild" in s for s in table)),
                                ("no effect", sum("ne" in s for s in table)),
                                ("protected", sum("protected" in s for s in table))):
                f.scalar(f"table[{i}].{name}", SCALE * count, COUNT)
        for key in ("stash_sizes", "sideways", "viewing_sizes", "ctbp_sizes", "correct", "maximum", "counted",
                    "hands_won", "f_hand_sizes"):
            f.per_seat([float(x) for x in d[key]], seat, SEATS, SCALE, key.replace("_", " "), COUNT)
        for key in ("out", "f_players", "f_folded"):
            f.per_seat([float(s in d[key]) for s in range(n)], seat, SEATS, name=key.replace("_", " "), bounds=UNIT)
        f.per_seat([float(x) for x in d["in_hand"]], seat, SEATS, name="in hand", bounds=UNIT)
        f.counts(_faces(d["discard"]), PER_DECK, SCALE, name="discard", most=copies)
        f.counts(_faces(d["transit"]), PER_DECK, name="transit", most=copies)
        ask, control = d["ask"], d["control"]
        f.relative_seat(d["turn"], seat, n, SEATS, "turn")
        f.relative_seat(d["dealer"], seat, n, SEATS, "dealer")
        f.relative_seat(ask["seat"] if ask else None, seat, n, SEATS, "asked")
        f.relative_seat(control[0] if control else None, seat, n, SEATS, "controller")
        f.relative_seat(control[1] if control else None, seat, n, SEATS, "controlled")
        f.one_hot(None if not ask else CLAUSES.index(ask["clause"]) if ask["clause"] in CLAUSES else len(CLAUSES),
                  len(CLAUSES) + 1, "question clause")
        f.one_hot(PHASES.index(d["phase"]) if d["phase"] in PHASES else None, len(PHASES), "phase")
        f.scalar("direction", d["direction"], SIGN)
        f.scalar("played", d["played"] * SCALE, COUNT)
        f.scalar("pot", d["pot_size"] / 100, COUNT)
        f.scalar("f pot", d["f_pot_size"] / 100, COUNT)
        f.scalar("hand number", d["hand"] / max(1, d["hands"]), COUNT)
        f.scalar("turns", d["turns"] / 1000, COUNT)
        f.scalar("armed J", d["armed_j"], UNIT)
        f.scalar("reacting", d["reacting"], UNIT)
        f.scalar("this seat asked", bool(ask and ask["seat"] == view.seat), UNIT)
        f.scalar("over", d["over"], UNIT)
        return f

    # --- actions -----------------------------------------------------------------------
    def index(self, view: BView, action: Action) -> int:
        kind, seat = action.kind, view.seat or 0
        if kind in ("play", "use"):
            return self.at[kind] + self._card(action.card)
        if kind in ("pass", "scrap"):
            return self.at[kind]
        if kind == "pair":
            hand = sorted(_ids(view.data["viewing"] or ()))
            cards = tuple(action.arg)
            if all(is_joker(c) for c in cards):
                jokers = [c for c in hand if is_joker(c)]
                return self.at["jokers"] + self.jokers.rank(_places(jokers, cards))
            return self.at["pair"] + self.viewing.rank(_places(hand, cards))
        if kind == "declare":
            table = sorted(_ids(c for slot in view.data["tables"][seat] for c in slot["cards"]))
            return self.at["declare"] + self.table.rank(_places(table, action.arg))
        if kind == "choose":
            try:
                return self._choice(view, str(action.arg), seat)
            except ValueError as exc:  # a word no option has (a card name that is none, a seat that is none)
                raise GameError(f"choice {action.arg!r} is outside the index space ({exc})") from None
        raise GameError(f"{action} is outside the index space")

    def _choice(self, view: BView, word: str, seat: int) -> int:
        n = int(view.data["players"])
        if word in WORDS:
            return self.at["word"] + WORDS.index(word)
        if word.isdigit() and int(word) <= self.cards:
            return self.at["number"] + int(word)
        if word.startswith("seat:"):
            return self.at["seat"] + (_seat(word) - seat) % n
        if word.startswith("hands:"):
            return self.at["hands"] + (_seat(word[len("hands:"):]) - seat) % n
        if word.startswith("use:"):
            return self.at["use:"] + self._card(parse_card(word[len("use:"):]))
        if word.startswith("draw:"):
            hand = sorted(_ids(view.data["f_hand"] or ()))
            return self.at["draw"] + self.fhand.rank(_places(hand, _ids(word[len("draw:"):].split("+"))))
        if ">" in word:
            card, target = word.split(">")
            return self.at["force"] + self._card(parse_card(card)) * SEATS + (_seat(target) - seat) % n
        if "+" in word:
            return self.at["two"] + self._two(view, word, seat, n)
        return self.at["card"] + self._card(parse_card(word))

    def _card(self, card: int) -> int:
        if not 0 <= card < self.cards:
            raise GameError(f"card {card} is outside this table's decks")
        return card

    def _two(self, view: BView, word: str, seat: int, n: int) -> int:
        """Two slots of one opponent's table (a 2♦'s take), by their places on that table."""
        wanted = _ids(word.split("+"))
        for s, table in enumerate(view.data["tables"]):
            tops = [parse_card(slot["cards"][-1]) for slot in table]
            if all(c in tops for c in wanted):
                return ((s - seat) % n) * self.slots.size + self.slots.rank(tops.index(c) for c in wanted)
        raise GameError(f"{word!r} names no two slots of one table")


def _ids(names: Any) -> list[int]:
    return [parse_card(x) for x in names]


def _faces(names: Any) -> list[int]:
    return [c % PER_DECK for c in _ids(names)]


def _places(zone: Sequence[int], cards: Sequence[int]) -> list[int]:
    """Where each of ``cards`` is in ``zone`` (GameError when one is not there)."""
    try:
        return [zone.index(c) for c in cards]
    except ValueError:
        raise GameError("a card of that choice is not where the index space looks for it") from None


def _seat(word: str) -> int:
    return int(word.split(":", 1)[1])


def _blank(players: int) -> BView:
    """A view with every field at rest: what sizes the observation."""
    seats = [0] * players
    return BView(0, {
        "players": players, "hand": 1, "hands": 1, "dealer": 0, "turn": 0, "direction": 1, "phase": TURN,
        "played": 0, "stash_sizes": seats, "sideways": seats, "viewing_sizes": seats, "ctbp_sizes": seats,
        "viewing": [], "ctbp": [], "seen_viewing": [], "tables": [[] for _ in seats], "declared": [[] for _ in seats],
        "correct": seats, "maximum": seats, "counted": seats, "pot_size": 0, "discard": [], "transit": [],
        "ask": None, "reacting": False, "armed_j": False, "control": None, "in_hand": [True] * players, "out": [],
        "hands_won": seats, "f_pot_size": 0, "f_players": [], "f_folded": [], "f_hand_sizes": seats, "f_hand": [],
        "turns": 0, "over": False})


ENCODING: Encoding = BPokerEncoding()  # typed as the protocol: mypy holds the class to it
