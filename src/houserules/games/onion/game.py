"""The Cripple Mr Onion game object: the engine's ``Game`` protocol wired to
the rules, the flow, the view, and the JSON vocabularies of actions and
scenario files."""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable, Mapping, Sequence
from typing import Any

from ...cards import shuffle
from ...engine.actions import Field, named, whole
from ...engine.base import GameBase, multiset
from ...engine.core import Action, Ending, Event, Illegal, Result
from ...engine.moves import Move, Moves, Said
from ...engine.words import card
from ...engine.protocol import Game
from . import flow, modifiers, phases, rules
from .cards import CRANK, CSUIT, DECK_SIZE, SPECIAL, allocate, canonical, name, names
from .state import OPTIONS, OnionState, Phase, literal_state, validate_options
from .state import OnionKind as K
from .view import OnionView, view
from .vocabulary import VOCABULARY


def _card_list(value: Any) -> tuple[int, ...]:
    if not isinstance(value, list):
        raise TypeError("cards are a list of card names, e.g. [\"5H\", \"KC\"]")
    if not all(isinstance(v, str) for v in value):
        raise TypeError("each card is named by a string such as \"5H\"")
    return tuple(allocate(value))


def _groupings(value: Any) -> tuple[tuple[str, tuple[int, ...]], ...]:
    if not isinstance(value, list) or not all(isinstance(g, Mapping) for g in value):
        raise TypeError("groupings are a list of {\"name\": ..., \"cards\": [...]} objects")
    return tuple((str(g["name"]), _card_list(g["cards"])) for g in value)


def _is_cards(value: Any) -> bool:
    return isinstance(value, Sequence) and not isinstance(value, str) and \
        all(whole(c) and 0 <= c < DECK_SIZE for c in value)


_AMOUNT = Field("amount", "arg", lambda a: a if whole(a) else _not_chips(a), lambda a: a, whole, '"amount": 3')
_CARDS = Field("cards", "arg", _card_list, lambda cs: names(canonical(cs), marks=True), _is_cards,
               '"cards": ["5H", "KC"]')
_GROUPINGS = Field("groupings", "arg", _groupings,
                   lambda gs: [{"name": k, "cards": names(cards, marks=True)} for k, cards in gs],
                   lambda gs: isinstance(gs, tuple) and all(isinstance(g, tuple) and len(g) == 2 and _is_cards(g[1])
                                                            for g in gs),
                   '"groupings": [{"name": "quartet", "cards": ["5H", "5C", "5D", "5S"]}]')
_CARD = Field("card", "card", named(lambda t: allocate([t])[0]), lambda c: name(c, marks=True),
              lambda c: whole(c) and 0 <= c < DECK_SIZE, '"card": "QS"')


def _not_chips(value: Any) -> int:
    raise TypeError(f"an amount is a whole number of chips, not {value!r}")


def _check(state: OnionState, action: Action) -> Illegal | None:
    return rules.resolve_arg(state, action)[0]


def _carry_out(state: OnionState, action: Action) -> list[Event]:
    """Every kind goes through the phase table (phases.PHASES): what a kind does depends
    on the phase it is made in (a ``match`` answers the Dealer, covers raises or takes
    the Dealership), so the table, not the kind, names the handler."""
    illegal, arg = rules.resolve_arg(state, action)
    if illegal is not None:
        raise ValueError(f"illegal action {action}: {illegal.reason}")
    return phases.apply(state, action, arg)


def _cards(cards: Sequence[int], v: OnionView) -> str:
    """The cards in a move's words, by rank: with the special copies' ``*`` only when modifiers are
    in play, as the hand is shown (without them a marked copy is just the card)."""
    marks = bool(v.modifiers)
    return " ".join(card(name(c, marks)) for c in sorted(cards, key=lambda c: (CRANK[c], CSUIT[c])))


def _chips(n: int) -> str:
    return f"{n} chip{'' if n == 1 else 's'}"


def _move(kind: K, fields: tuple[Field, ...], clause: str, label: Said, cost: Said = "",
          button: bool = True) -> Move[OnionState]:
    return Move(kind, fields, _check, _carry_out, clause, label, cost, button)


def _grouped(a: Action, v: OnionView) -> str:
    return "Declare " + ("; ".join(f"{kind} {_cards(cards, v)}" for kind, cards in a.arg) or "nothing")


#: Cards are named in JSON with the special copy's ``*`` always, so that a record
#: replays the very copies played; without modifiers the ``*`` changes nothing, and
#: the words a person reads leave it out. A discard
#: is a set of cards and two unmarked copies of a card are the same card, so its
#: JSON lists the cards in one canonical order: two discards are the same action
#: exactly when they read the same. Amounts are chosen with a chooser and cards
#: picked on the table, so only the yes/no moves are buttons.
MOVES: Moves[OnionState] = Moves("Cripple Mr Onion", (
    _move(K.DISCARD, (_CARDS,), "CMO-4.4",
          lambda a, v: f"Discard {_cards(a.arg, v)}" if a.arg else "Keep all five", button=False),
    _move(K.FOLD, (), "CMO-4.4", lambda a, v: "Fold (throw away all five)" if v.phase == "draw" else "Fold",
          "you are out of this round; chips already in the Pot stay there"),
    _move(K.BET, (_AMOUNT,), "CMO-4.5", lambda a, v: f"Bet {a.arg}", button=False),
    _move(K.MATCH, (), "CMO-4.5",
          lambda a, v: f"Match {v.bid if v.phase == 'answer' else sum(v.staked)}"),
    _move(K.RAISE, (_AMOUNT,), "CMO-4.5", lambda a, v: f"Match {v.bid} and raise {a.arg}", button=False),
    _move(K.BUY, (), "CMO-5.2", "Buy a face-down card", lambda a, v: _chips(v.stake)),
    _move(K.STOP, (), "CMO-5.2", "Stop buying"),
    _move(K.EXTRA, (_AMOUNT,), "CMO-5.3", lambda a, v: f"Extra bet {a.arg}", button=False),
    _move(K.PASS, (), "CMO-5.3", lambda a, v: "Pass the Dealership" if v.phase == "consider" else "Pass"),
    _move(K.ACCEPT, (), "CMO-5.4", "Take the Dealership", lambda a, v: _chips(v.offer_cost)),
    _move(K.BID, (_AMOUNT,), "CMO-5.7", lambda a, v: f"Bid {a.arg} for the Dealership", button=False),
    _move(K.DECLINE, (), "CMO-5.7", "Decline"),
    _move(K.SPECIAL, (_CARD,), "CMO-8.2",
          lambda a, v: f"Declare {SPECIAL.get(a.card, 'a special card')} {card(name(a.card, marks=True))}"),
    _move(K.DONE, (), "CMO-8.2", "No more special cards"),
    _move(K.CHOOSE, (_CARD,), "CMO-7.4", lambda a, v: f"Keep {card(name(a.card, marks=True))}", button=False),
    _move(K.REVEAL, (_CARD,), "CMO-7.10", lambda a, v: f"Disclose {card(name(a.card, marks=True))}", button=False),
    _move(K.DECLARE, (_GROUPINGS,), "CMO-5.6", _grouped, button=False),
), rules.GAME_OVER)
CODEC = MOVES.codec


class CrippleMrOnion(GameBase[OnionState, OnionView]):
    """Cripple Mr Onion, seed 002: see docs/rules/cripple-mr-onion.md."""

    name = "cripple-mr-onion"
    title = "Cripple Mr Onion"
    codec = CODEC
    moves = MOVES
    option_schema = OPTIONS
    vocabulary = VOCABULARY

    def options(self, raw: Mapping[str, Any]) -> dict[str, Any]:
        return validate_options(raw)

    def new(self, options: Mapping[str, Any], seed: int) -> OnionState:
        state = OnionState(validate_options(options), seed, random.Random(seed))
        flow.start_round(state, [])
        return state

    def to_act(self, state: OnionState) -> tuple[int, ...]:
        return () if state.over else (state.turn,)

    def legal(self, state: OnionState) -> list[Action]:
        return rules.legal(state)


    def view(self, state: OnionState, seat: int | None) -> OnionView:
        return view(state, seat)

    def result(self, state: OnionState) -> Result | None:
        if not state.over:
            return None
        chips = tuple(float(c) for c in state.ledger.chips)
        if sum(not o for o in state.out) <= 1:
            return Result(state.winners, Ending.LAST_STANDING, chips, "one player left")
        return Result(state.winners, Ending.PLAYED_OUT, chips, "round limit: most chips")

    # --- hints for search: a match is scored round by round ------------------------
    def stage(self, state: OnionState) -> int:
        """Rounds played: a playout may stop when a round ends (a match is up to 50)."""
        return state.round

    def standing(self, state: OnionState) -> tuple[float, ...]:
        """Each seat's share of the chips in play: its stake in the match's win."""
        chips = state.ledger.chips
        total = sum(chips) or 1
        return tuple(c / total for c in chips)

    # --- the contract's own questions -------------------------------------------
    def attempts(self, state: OnionState) -> list[Action]:
        """Every kind for every seat, amounts around the allowed ones, the seat's
        cards and a few it does not hold, alone and as a discard."""
        out: list[Action] = []
        top = state.max_raise * state.stake + state.high_bid + 2
        for seat in range(state.players):
            cards = sorted(set(state.hands[seat]) | set(state.offered) | {0, 51, 52, 103})
            for kind in rules.KINDS:
                if kind in rules.AMOUNT_KINDS:
                    out += [Action(seat, kind, arg=a) for a in range(-1, top + 1)]
                elif kind == "discard":  # in the sorted order legal lists; check reads a discard as a set
                    hand = tuple(sorted(state.hands[seat]))
                    out += [Action(seat, kind, arg=hand[:n]) for n in range(min(len(hand), 6))]
                    out.append(Action(seat, kind, arg=(103, 103)))
                elif kind in rules.CARD_KINDS:
                    out += [Action(seat, kind, c) for c in cards]
                elif kind != "declare":
                    out.append(Action(seat, kind))
        return out

    def conserved(self, state: OnionState) -> Hashable:
        return multiset(state.all_cards()), state.ledger.total()

    def determinize(self, state: OnionState, seat: int, rng: random.Random) -> OnionState:
        """Redeal what ``seat`` cannot see: the pack, the face-down discards, cards
        offered to someone else, and each other seat's cards that it has not shown
        (redrawn in place, so what is face up or disclosed stays put)."""
        twin = self.copy(state)
        zones = [twin.deck, twin.discards]
        if not (state.phase == Phase.CHOOSE and state.turn == seat):
            zones.append(twin.offered)
        unseen = {other: set(modifiers.undisclosed(state, other)) for other in range(state.players)
                  if other != seat and state.declared[other] is None}
        pool = [c for z in zones for c in z] + [c for o, cs in unseen.items() for c in state.hands[o] if c in cs]
        shuffle(rng, pool)
        fresh = iter(pool)
        for zone in zones:
            zone[:] = [next(fresh) for _ in zone]
        for other, cs in unseen.items():
            twin.hands[other] = [next(fresh) if c in cs else c for c in twin.hands[other]]
        return twin

    def game_stats(self, state: OnionState, events: list[Event]) -> dict[str, Any]:
        """Per-match figures the simulator sums: how rounds ended, the winning
        groupings, the chips each seat won or lost, and what the modifiers did:
        special cards declared (by card; ``forced`` when the rules declared
        them), running flushes declared to cripple and the rounds they won,
        rounds of wild eights."""
        start = state.options["chips"]
        winning: dict[str, int] = {}
        ends = {"showdown": 0, "folded": 0, "carried": 0}
        counts = {"auctions": 0, "passes": 0, "accepted": 0, "cards_bought": 0, "cripples": 0, "cripple_wins": 0}
        specials: dict[str, int] = {"total": 0, "forced": 0}
        for e in events:
            k, data = e.kind, e.data or {}
            if k == "win":
                how = data["how"]
                if how == "everyone else folded":
                    ends["folded"] += 1
                else:
                    ends["showdown"] += 1
                    winning[how] = winning.get(how, 0) + 1
                    counts["cripple_wins"] += how.endswith("running flush")
            elif k == "carry":
                ends["carried"] += 1
            elif k == "auction":
                counts["auctions"] += 1
            elif k == "pass" and "cost" in data:
                counts["passes"] += 1
            elif k == "accept":
                counts["accepted"] += 1
            elif k == "buy":
                counts["cards_bought"] += 1
            elif k == "cripple":
                counts["cripples"] += 1
            elif k == "special":
                specials[data["as"]] = specials.get(data["as"], 0) + 1
                specials["total"] += 1
                specials["forced"] += bool(data.get("forced"))
        flows = {f"seat{s}": state.ledger.chips[s] - start for s in range(state.players)}
        return {"turns": state.round, "rounds": state.round, "round_ends": ends, "winning_grouping": winning,
                "chip_flow": flows, "specials": specials, "wild_rounds": state.wild_rounds, **counts}

    # --- scenarios --------------------------------------------------------
    def scenario_state(self, options: Mapping[str, Any], state: Mapping[str, Any], seed: int) -> OnionState:
        return literal_state(options, state, seed)

    def scenario_expect(self, state: OnionState, key: str, value: Any) -> str | None:
        got: Any
        want: Any = value
        led = state.ledger
        simple: dict[str, Callable[[], Any]] = {
            "chips": lambda: list(led.chips), "pot": lambda: led.pot, "staked": lambda: list(led.staked),
            "phase": lambda: state.phase, "turn": lambda: state.turn, "dealer": lambda: state.dealer,
            "elder": lambda: state.order[1], "younger": lambda: state.order[-1], "order": lambda: state.order,
            "part": lambda: state.part, "bid": lambda: state.bid, "round": lambda: state.round,
            "over": lambda: state.over, "winners": lambda: list(state.winners), "high_bid": lambda: state.high_bid,
            "folded": lambda: [s for s in range(state.players) if state.folded[s]],
            "out": lambda: [s for s in range(state.players) if state.out[s]],
            "hand_sizes": lambda: [len(h) for h in state.hands], "deck_size": lambda: len(state.deck),
            "bought": lambda: state.bought, "bidders": lambda: state.bidders,
            "last_winner": lambda: state.last and state.last["winner"],
            "last_how": lambda: state.last and state.last["how"],
            "legal": lambda: sorted({a.kind for a in rules.legal(state)}),
            "queue": lambda: state.queue,
            "wild_round": lambda: state.wild_round, "fool": lambda: state.fool, "js_wild": lambda: state.js_wild,
            "specials": lambda: {name(c, True): s for c, s in state.specials.items()},
            "zeroed": lambda: [s for s in range(state.players) if state.zeroed[s]],
            "set_aside": lambda: {str(s): names(a, True) for s, a in enumerate(state.set_aside) if a},
            "offered": lambda: names(state.offered),
        }
        if key in simple:
            got = simple[key]()
        elif key in ("hands", "face_up"):
            zone = state.hands if key == "hands" else state.face_up
            items = value.items() if isinstance(value, Mapping) else enumerate(value)
            for seat, cards in items:
                g = sorted(names(zone[int(seat)]))
                w = sorted(names(allocate(cards)))
                if g != w:
                    return f"{key}[{seat}]: expected {w}, got {g}"
            return None
        elif key == "declared":
            got = {str(s): a.top for s, a in enumerate(state.declared) if a is not None}
        elif key == "total_chips":
            got = led.total()
        else:
            raise KeyError(key)
        return None if got == want else f"{key}: expected {want}, got {got}"


#: typed as the protocol, so that mypy holds the class to the whole contract
GAME: Game[OnionState, OnionView] = CrippleMrOnion()
