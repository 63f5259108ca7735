"""Mao as fixed-size numbers (engine/encoding.py), for learning programs.

Mao is spoken: a seat may say anything. The index space holds what the table
can ask of a seat, from closed lists the game knows (``T`` = 12 seat slots,
counted from the acting seat; ``Q`` phrases, ``P`` penalty names, both
below), in blocks:

* ``play`` card (52), ``draw`` (1), ``wait`` (1: let the table's clock run on
  to the rules' next deadline, engine/encoding.py: a duty's reasonable time
  or delay of game runs out; offered whenever the rules have a deadline; at
  an open table, ``attempts``, it is a pass: envs/common.py);
* ``say`` one of the ``Q`` phrases: the procedure (the start, point of order,
  sustained, overruled, adjourned, paused, the three rulings) and every
  phrase a rule can oblige, filled in for every card (all hail the jack of
  hearts ...) with its accepted other wordings: the built-in rules, the
  library and the composer's parts that bots write in a match, and the
  table's own ``house`` rules (their duties' phrases, and the phrases that
  trigger them, ``said == ...``); each as written ("Merry Christmas") and as
  heard (``speech.loose``: "merry christmas"), because the legal list may
  offer both at once (a duty's phrase, and the same words still accepted
  late for an earlier one); any other wording goes to its heard form;
* ``knock`` 1-9 times (9), ``point`` at a seat (T), ``touch`` and ``show``
  (2 each: let go, take hold);
* ``call`` a penalty on a seat: T x ``P`` (every penalty name of the seed,
  of the library and of the table's house rules);
* ``write`` (a match, the Extension), with the witness as a seat slot: add a
  library rule (8 x T), add a composed rule, by its condition and its duty or
  effect (40 x T), remove a rule by its id (the built-in rules that may go,
  the library's, ``house-1``..``house-50``, the table's house rules; x T);
  ``read`` (1: the witness has read the rule just written).

Free speech, knocks and points that no rule lists are legal at a real table
but never listed as decisions (``judge.candidates``). An environment's mask
is the legal list by default (the agent plays as the ``dealer`` bot does,
reading the rules from what breaks nothing); ``action`` names the attempt
behind any index for a view, so an environment with ``attempts`` can offer
every attempt a person could make and let the referee penalise the wrong
ones (docs/programs.md).

Observation, from the seat's view only: its hand (52 counts), the top three
cards of the play pile (3 x 52, the top first), the cards others hold up
(52); per seat counted from this one (T): hand size / 10, holding,
showing, penalties / 10; whose turn, the dealer and who raised a point of
order (relative one-hots); direction, drawn, started, paused, over, a
correction pending, whether this seat may take a turn action, the draw and
play pile sizes / 52, seconds to the turn's deadline / 10; the last 8
public happenings (kind, seat, card, phrase, penalty, target, knocks; the
newest first); the rules revealed (by paragraph); a match's game, wins and
writer.
"""

from __future__ import annotations

import json
from bisect import bisect_right
from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import Any

from ...cards import DECK_SIZE, parse_card
from ...engine.core import Action, GameError
from ...engine.encoding import COUNT, SIGN, UNIT, WAIT, Encoding, EncodingBase, Features, Piece, blocks
from . import language
from . import rulebook as rb
from .library import _DO, _WHEN, LIBRARY
from .rulebook import BASE, RULE_IDS, RULES, TITLES, Rule, fill
from .speech import loose
from .view import PILE_SHOWN, MaoView

SEATS = 12
KNOCKS = 9
LOG = 8
LOG_KINDS = ("play", "draw", "say", "knock", "point", "call", "penalty", "returned")
PROCEDURE = (rb.START, rb.POINT_OF_ORDER, rb.SUSTAINED, rb.OVERRULED, rb.ADJOURNED, rb.PAUSED_ORIGINAL,
             *rb.RULINGS)
COMPOSED = tuple((when, json.dumps(do, sort_keys=True)) for when in _WHEN for do in _DO)
MATCH_GAMES = 50
REMOVABLE = tuple(dict.fromkeys([r for r in RULE_IDS if r not in BASE] + [str(r["id"]) for r in LIBRARY]
                                + [f"house-{n}" for n in range(1, MATCH_GAMES + 1)]))
REVEALED = tuple(dict.fromkeys(TITLES.values()))


def _rules(house: Sequence[Mapping[str, Any]]) -> list[Rule]:
    """Every rule whose words an agent may need: built in, the library's, composed, the table's."""
    raw = [*LIBRARY, *({"id": "composed", "on": "play", **do} for do in _DO), *house]
    return list(RULES) + [language.rule({**r, "group": "house"}) for r in raw]


def _lists(house: Sequence[Mapping[str, Any]]) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The phrases (``Q``: as written, and as heard) and penalty names (``P``, as heard) for a
    table with these house rules."""
    phrases = [*PROCEDURE, "13 points"]
    names = [loose(n) for n in rb.every_penalty()]
    for rule in _rules(house):
        for ob in rule.must:
            if ob.act == "say":
                phrases += [fill(t, c) for t in (ob.phrase, *ob.also) for c in range(DECK_SIZE)]
            names += [loose(fill(t, c)) for t in (ob.failure, ob.improper or "") if t for c in range(DECK_SIZE)]
        names += [loose(t) for t in (rule.penalty, rule.wrong_time) if t]
        phrases += [str(c.right) for c in rule.when if c.left == "said"]  # a house rule's trigger phrase
    phrases += [loose(p) for p in phrases]
    return tuple(sorted(set(phrases))), tuple(sorted(set(names) - {""}))


class _Layout:
    """Where each kind's block of indices starts, for one table's phrases and names."""

    def __init__(self, house: Sequence[Mapping[str, Any]]):
        self.phrases, self.names = _lists(house)
        self.phrase_at = {p: i for i, p in enumerate(self.phrases)}
        self.name_at = {n: i for i, n in enumerate(self.names)}
        self.removable = REMOVABLE + tuple(str(r["id"]) for r in house if r["id"] not in REMOVABLE)
        self.at, self.size = blocks([
            ("play", DECK_SIZE), ("draw", 1), (WAIT, 1), ("say", len(self.phrases)), ("knock", KNOCKS),
            ("point", SEATS), ("touch", 2), ("show", 2), ("call", SEATS * len(self.names)),
            ("add", len(LIBRARY) * SEATS), ("compose", len(COMPOSED) * SEATS), ("remove", len(self.removable) * SEATS),
            ("read", 1)])
        self.kinds = sorted(self.at, key=self.at.__getitem__)  # the blocks in order, for the way back
        self.starts = [self.at[k] for k in self.kinds]

    def phrase(self, text: str) -> int | None:
        """A phrase's place: as written if it is listed so, else as heard (None: not listed)."""
        at = self.phrase_at.get(text)
        return self.phrase_at.get(loose(text)) if at is None else at


def layout(options: Mapping[str, Any]) -> _Layout:
    return _layout(json.dumps(list(options.get("house", [])), sort_keys=True))


@lru_cache(maxsize=64)
def _layout(house_json: str) -> _Layout:
    return _Layout(json.loads(house_json))


class MaoEncoding(EncodingBase):
    """The index space of a table without house rules; ``bound`` gives a table's own."""

    sized_with = "no house rules"

    names_actions = True

    def __init__(self, lay: _Layout | None = None):
        self.lay = lay or layout({})

    def bound(self, options: Mapping[str, Any]) -> MaoEncoding:
        """The encoding for a table with these options: its house rules' phrases and names
        join the lists (a view does not carry the options, so the env binds them once)."""
        return MaoEncoding(layout(options))

    def observation_size(self, options: Mapping[str, Any]) -> int:
        return len(self.observe(_blank(int(options["players"]))))

    def action_size(self, options: Mapping[str, Any]) -> int:
        return self.lay.size

    def action_blocks(self, options: Mapping[str, Any]) -> dict[str, int]:
        """Where each kind of attempt's indices start (the action features' blocks)."""
        return dict(self.lay.at)

    def observe(self, view: MaoView) -> list[float]:
        return self.features(view).values

    def fields(self, options: Mapping[str, Any]) -> list[Piece]:
        return self.features(_blank(int(options["players"]))).pieces

    def features(self, view: MaoView) -> Features:
        lay = self.lay
        seat, n = view.seat or 0, view.players
        f = Features()
        f.counts(view.hand or (), DECK_SIZE, name="hand")
        for i in range(PILE_SHOWN):
            f.one_hot(view.pile[-1 - i] if i < len(view.pile) else None, DECK_SIZE, f"pile[{i}]")
        f.counts((c for s, cards in view.shown if s != seat for c in cards), DECK_SIZE, name="shown")
        shown = {s for s, _ in view.shown}
        f.per_seat([float(x) for x in view.hand_sizes], seat, SEATS, 0.1, "hand sizes", COUNT)
        f.per_seat([float(x) for x in view.holding], seat, SEATS, name="holding", bounds=UNIT)
        f.per_seat([float(s in shown) for s in range(n)], seat, SEATS, name="showing", bounds=UNIT)
        f.per_seat([float(x) for x in view.penalties], seat, SEATS, 0.1, "penalties", COUNT)
        f.relative_seat(view.turn, seat, n, SEATS, "turn")
        f.relative_seat(view.dealer, seat, n, SEATS, "dealer")
        f.relative_seat(view.asked, seat, n, SEATS, "point of order")
        left = 0.0 if view.turn_deadline is None else max(0.0, view.turn_deadline - view.clock) / 10
        f.scalar("direction", view.direction, SIGN)
        for name, flag in (("drawn", view.drawn), ("started", view.started), ("paused", view.paused),
                           ("over", view.over), ("correction", view.correction is not None),
                           ("live turn", view.live_turn(seat))):
            f.scalar(name, flag, UNIT)
        f.scalar("draw pile", view.draw_size / DECK_SIZE, COUNT)
        f.scalar("play pile", view.discard_size / DECK_SIZE, COUNT)
        f.scalar("time left", left, COUNT)
        for i in range(LOG):
            entry = view.log[-1 - i] if i < len(view.log) else None
            _entry(f, entry, seat, n, lay, f"log[{i}]")
        f.counts((REVEALED.index(t) for t in view.rules or () if t in REVEALED), len(REVEALED), name="rules revealed",
                 most=1)
        match = view.match
        f.scalar("match", match is not None, UNIT)
        f.scalar("match game", match["game"] / max(1, match["games"]) if match else 0.0, UNIT)
        f.per_seat([float(w) / max(1, match["games"]) for w in match["wins"]] if match else [0.0] * n,
                   seat, SEATS, name="match wins", bounds=UNIT)
        f.relative_seat(match["writer"] if match else None, seat, n, SEATS, "writer")
        return f

    def penalty_cards(self, view: MaoView) -> tuple[int, ...]:
        """Each seat's penalty cards, which every player can count (a shaped reward's input)."""
        return view.penalties

    def action(self, view: MaoView, index: int) -> Action | None:
        return _action(self.lay, view, index)

    def index(self, view: MaoView, action: Action) -> int:
        lay = self.lay
        seat, n, kind, arg = view.seat or 0, view.players, action.kind, action.arg
        if kind == "play" and 0 <= int(action.card) < DECK_SIZE:
            return lay.at[kind] + int(action.card)
        if kind in ("draw", WAIT, "read"):
            return lay.at[kind]
        if kind == "say":
            at = lay.phrase(arg)
            if at is None:
                raise GameError(f"{arg!r} is not a phrase of the index space (free speech has no index)")
            return lay.at[kind] + at
        if kind == "knock" and 1 <= int(arg) <= KNOCKS:
            return lay.at[kind] + int(arg) - 1
        if kind == "point":
            return lay.at[kind] + (int(arg) - seat) % n
        if kind in ("touch", "show"):
            return lay.at[kind] + int(bool(arg))
        if kind == "call":
            target, name = arg
            if loose(name) not in lay.name_at:
                raise GameError(f"{name!r} is not a penalty name of the index space")
            return lay.at[kind] + lay.name_at[loose(name)] * SEATS + (int(target) - seat) % n
        if kind == "write":
            return _write_index(lay, arg, seat, n)
        raise GameError(f"{action} is outside the index space")


def _action(lay: _Layout, view: MaoView, index: int) -> Action | None:
    """The attempt ``index`` names for the seat of ``view`` (None: a wait, a write, or a seat slot
    past the table): the way back without a legal list, for environments that offer attempts."""
    seat, n = view.seat or 0, view.players
    kind = lay.kinds[bisect_right(lay.starts, index) - 1]
    i = index - lay.at[kind]
    if kind == "play":
        return Action(seat, kind, i)
    if kind in ("draw", "read"):
        return Action(seat, kind)
    if kind == "say":
        return Action(seat, kind, arg=lay.phrases[i])
    if kind == "knock":
        return Action(seat, kind, arg=i + 1)
    if kind == "point" and i < n:
        return Action(seat, kind, arg=(seat + i) % n)
    if kind in ("touch", "show"):
        return Action(seat, kind, arg=bool(i))
    if kind == "call" and i % SEATS < n:
        return Action(seat, kind, arg=((seat + i % SEATS) % n, lay.names[i // SEATS]))
    return None


def _write_index(lay: _Layout, arg: tuple[str, str, str, int], seat: int, n: int) -> int:
    op, rid, text, witness = arg
    who = (witness - seat) % n
    if op == "remove" and rid in lay.removable:
        return lay.at["remove"] + lay.removable.index(rid) * SEATS + who
    if op == "add":
        rule = json.loads(text)
        ids = [str(r["id"]) for r in LIBRARY]
        if rule.get("id") in ids and dict(LIBRARY[ids.index(rule["id"])]) == rule:
            return lay.at["add"] + ids.index(rule["id"]) * SEATS + who
        do = json.dumps({k: v for k, v in rule.items() if k not in ("id", "title", "on", "if")}, sort_keys=True)
        key = (rule.get("if", [None])[0], do)
        if rule.get("on") == "play" and len(rule.get("if", ())) == 1 and key in COMPOSED:
            return lay.at["compose"] + COMPOSED.index(key) * SEATS + who
    raise GameError("that rule change is outside the index space (library, composed and removals only)")


def _entry(f: Features, entry: tuple[Any, ...] | None, seat: int, n: int, lay: _Layout, at: str) -> None:
    """One public happening, ``(number, kind, seat, ...)`` as the flow notes it (None: no entry);
    its pieces are named after ``at``."""
    kind, who, rest = (entry[1], entry[2], entry[3:]) if entry else (None, None, ())
    f.one_hot(LOG_KINDS.index(kind) if kind in LOG_KINDS else None, len(LOG_KINDS), f"{at}.kind")
    f.relative_seat(who, seat, n, SEATS, f"{at}.seat")
    f.one_hot(parse_card(rest[0]) if kind in ("play", "returned") else None, DECK_SIZE, f"{at}.card")
    f.one_hot(lay.phrase(rest[0]) if kind == "say" else None, len(lay.phrases), f"{at}.phrase")
    name = rest[0] if kind == "penalty" else rest[1] if kind == "call" else None
    f.one_hot(None if name is None else lay.name_at.get(loose(name)), len(lay.names), f"{at}.penalty")
    f.relative_seat(rest[0] if kind in ("point", "call") else None, seat, n, SEATS, f"{at}.target")
    f.scalar(f"{at}.knocks", rest[0] / KNOCKS if kind == "knock" else 0.0, UNIT)


def _blank(players: int) -> MaoView:
    return MaoView(0, players, (), (0,) * players, (), (0,), 0, 0, 0, 0, 1, False, False, False, None, None, None, 0.0,
                   (False,) * players, (0,) * players, (), False, None, None, None, None)


ENCODING: Encoding = MaoEncoding()  # typed as the protocol: mypy holds the class to it
