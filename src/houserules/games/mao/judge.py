"""The dealer's eye: what an attempt at a Mao table is, before anything happens.

Each kind of attempt has its check here (``check_play`` ... ``check_call``,
declared with the kind's effect in ``game.MOVES``). A check answers for one
attempt: None (nothing wrong), an ``Illegal`` with no penalty (impossible: a
card you do not hold, empty speech), or an ``Illegal`` naming the one penalty
the dealer assesses for it. ``hear`` classifies speech, and ``flow`` uses the
same answers to carry the attempt out, so judging and doing cannot disagree.
Reasons name the penalty only: at a Mao table nobody explains a rule, and
neither does an error message.

``candidates`` is every attempt worth asking about (free speech aside: it
cannot be listed); the game's ``legal`` is those that break nothing, judged
with one ``Memo``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final, NamedTuple, Protocol

from ...cards import DECK_SIZE
from ...engine.core import Action, Illegal
from . import rulebook as rb
from .discussion import reveals
from .rulebook import applies, fill, rules_for
from .speech import MAX_SPEECH, loose, parts, within, words
from .state import Duty, MaoState, Window

GAME_OVER = Illegal("M-end", "the game is over")
NOT_HELD = Illegal("M-turn", "you do not hold that card")
#: an example of free speech, put to the judge by fuzzers (legal where speech is free, never listed)
CHAT = "Hello"
START, ADJOURNED = loose(rb.START), loose(rb.ADJOURNED)
SUSTAINED, OVERRULED = loose(rb.SUSTAINED), loose(rb.OVERRULED)
POINT_OF_ORDER, PAUSED_ORIGINAL = loose(rb.POINT_OF_ORDER), loose(rb.PAUSED_ORIGINAL)
THIRTEEN = loose("13 points")
RULINGS = tuple(loose(r) for r in rb.RULINGS)

#: builds an ``Action`` from its four fields in one C call (``candidates`` makes some twenty-five
#: a decision: docs/engine.md, "Compiled")
new: Final = tuple.__new__


def penalty(rule: str, name: str) -> Illegal:
    """A violation: the reason a player is told is the penalty's name and nothing more."""
    return Illegal(f"M-{rule}", name, name)


def source(illegal: Illegal | None) -> str:
    """The rule id a penalty was given under (``M-knocking1`` -> ``knocking1``)."""
    return illegal.rule[2:] if illegal is not None else ""


def refuse(rule: str, reason: str) -> Illegal:
    return Illegal(f"M-{rule}", reason)


#: the clause every answer a seat is told cites: penalties are given under Penalties, and
#: impossible attempts are refused under H-input; the rule behind either is never told
TOLD_PENALTY, TOLD_REFUSAL = "M-penalties", "H-input"


def public(illegal: Illegal | None) -> Illegal | None:
    """``illegal`` as a seat may be told it (a refusal in strict mode, the server's error):
    the penalty's name or why the attempt is impossible, under a clause that says nothing
    of the rule behind it (a written rule's id would name it: ``M-sevens-quack``)."""
    if illegal is None:
        return None
    return illegal._replace(rule=TOLD_REFUSAL if illegal.penalty is None else TOLD_PENALTY)


# --- the turn -------------------------------------------------------------------------
def turn_action(state: MaoState, seat: int, kind: str) -> bool:
    """Whether ``seat`` may take a turn action (``play`` or ``draw``) now. After a draw
    the drawer may still play, and the next player may begin their turn (M-turn, H-draw)."""
    if not state.live:
        return False
    if seat == state.turn:
        return kind == "play" or not state.drawn
    return state.drawn and seat == state.step(state.turn)


def allowed(state: MaoState, card: int, memo: Memo | None = None) -> bool:
    """Whether ``card`` may be played on the top card (M-playcards and any rule that allows more).
    Asked of every card in the hand of the seat to play at every decision: the answer for each
    pair of cards is kept (``MaoState.allowed_on``)."""
    below = state.discard[-1]
    got = state.allowed_on.get((card, below))
    if got is None:
        ctx = {"card": card, "below": below}
        got = state.allowed_on[card, below] = any(applies(r, ctx) for r in (memo or Memo(state)).rules("allow"))
    return got


def forbidden(state: MaoState, seat: int, card: int, memo: Memo | None = None) -> Illegal | None:
    """A written rule's penalty for playing ``card`` now (a rule whose trigger, a play or a
    play leaving one card, is itself penalised), or None."""
    d = state.discard
    ctx = {"card": card, "below": d[-1], "below2": d[-2] if len(d) > 1 else None}
    triggers = ("play", "last") if len(state.hands[seat]) == 2 else ("play",)
    m = memo or Memo(state)
    for trigger in triggers:
        for rule in m.rules(trigger):
            if rule.penalty is not None and applies(rule, ctx):
                return Illegal(f"M-{rule.id}", fill(rule.penalty, card), fill(rule.penalty, card))
    return None


def play_context(state: MaoState) -> dict[str, int | None]:
    """The cards a rule sees when the top card has just been played."""
    d = state.discard
    return {"card": d[-1], "below": d[-2] if len(d) > 1 else None, "below2": d[-3] if len(d) > 2 else None}


def firing(state: MaoState, triggers: tuple[str, ...], ctx: Mapping[str, Any]) -> list[rb.Rule]:
    """The rules in play on ``triggers`` that apply to ``ctx``, in the seed's order, then the
    written ones."""
    return [r for r in rb.RULES + state.house
            if r.trigger in triggers and (r.id in state.rules or r.group == "house") and applies(r, ctx)]


def make_duties(state: MaoState, trigger: tuple[str, ...], card: int | None,
                ctx: Mapping[str, Any]) -> list[tuple[str, Duty]]:
    """The obligations the rules in play put on someone for this event, in the seed's
    order, each with whom it binds (``player``, ``next`` or ``everyone``)."""
    return duties_of(state, firing(state, trigger, ctx), card)


def duties_of(state: MaoState, rules: Sequence[rb.Rule], card: int | None) -> list[tuple[str, Duty]]:
    out: list[tuple[str, Duty]] = []
    for rule in rules:
        for ob in rule.must:
            text = fill(ob.phrase, card)
            keys = {loose(text)} | {loose(a) for a in ob.also} if ob.act == "say" else set()
            tries = [words(ob.prefix)] if ob.prefix else []
            if rule.id == "ailments" and card is not None:
                if fill("{name} of {suit}", card) == "queen of knaves" and not state.original:
                    keys.add(THIRTEEN)  # M-ailments
                else:  # M-set-c, and any other face card: "13 points" in its place is a wrong hail, not talking
                    tries.append(words(THIRTEEN))
            out.append((ob.who, Duty(ob.act, text, frozenset(keys), fill(ob.failure, card),
                                     fill(ob.improper, card) if ob.improper else None,
                                     tuple(t for t in tries if t), ob.count, rule.id)))
    return out


def said_rules(state: MaoState, text: str) -> list[rb.Rule]:
    """The written ``phrase`` rules that ``text`` sets off: said whole, or one of its sentences."""
    rules = [r for r in state.house if r.trigger == "phrase"]
    if not rules:
        return []
    heard = (text, *parts(text))
    return [r for r in rules if any(applies(r, {"said": h}) for h in heard)]


def wrong_time(state: MaoState, act: str, heard: str = "") -> Illegal | None:
    """Doing ``act`` when no duty asks for it: the first rule in play with that act and a
    wrong-time name gives it (a phrase only when ``heard`` is one of its words: the seed's own
    phrases out of time are plain talking); None: free."""
    for rule in state.house if act == "say" else rb.RULES + state.house:
        if rule.wrong_time is None or not (rule.id in state.rules or rule.group == "house"):
            continue
        for ob in rule.must:
            if ob.act == act and (act != "say" or heard in phrase_keys(ob)):
                return penalty(rule.id, rule.wrong_time)
    return None


def phrase_keys(ob: rb.Obligation) -> frozenset[str]:
    """Every wording of an obligation's phrase, heard loosely, for every card it may name."""
    if "{" not in ob.phrase:
        return frozenset({loose(ob.phrase), *(loose(a) for a in ob.also)})
    return frozenset({loose(fill(ob.phrase, c)) for c in range(DECK_SIZE)} | {loose(a) for a in ob.also})


def windows_of(state: MaoState, seat: int) -> list[Window]:
    return [w for w in state.windows if w.seat == seat]


def late_keys(state: MaoState, seat: int) -> set[str]:
    """What ``seat`` may still say or do, ignored, just after failing to (M-penalties-c)."""
    if not state.late:
        return set()
    return {k for s, k, until in state.late if s == seat and state.clock <= until}


#: the phrases a seat owes, as words, with where each is owed (window, duty), longest first,
#: by their first word (a phrase can be said from a word only if it starts with that word)
Owed = dict[str, list[tuple[tuple[str, ...], int, int]]]
#: the words a seat may still say late, longest first, by their first word
Late = dict[str, list[tuple[str, ...]]]


class LateRead:
    """Every seat's late keys at one moment (``late_keys``), and what the judge makes of them:
    the phrases among them as words, longest first, and those that said alone are ignored.
    ``late_read`` keeps the last one while the list and the clock stay the same: in a long game
    the list holds dozens of entries and changes only when a duty is failed or the clock moves,
    while ``legal`` and ``apply`` ask at every decision."""

    __slots__ = ("late", "_phrases", "_whole", "_late_words", "_ignorable")

    def __init__(self, state: MaoState):
        late: dict[int, set[str]] = {s: set() for s in range(state.players)}
        clock = state.clock
        for s, k, until in state.late:
            if clock <= until:
                late[s].add(k)
        self.late = late
        self._phrases: dict[int, dict[str, tuple[str, ...]]] = {}
        self._whole: dict[int, set[tuple[str, ...]]] = {}
        self._late_words: dict[int, Late] = {}
        self._ignorable: dict[int, set[str]] = {}

    def phrases(self, seat: int) -> dict[str, tuple[str, ...]]:
        """The late keys of ``seat`` that are words to say (a knock or point is an act), each
        with its words."""
        got = self._phrases.get(seat)
        if got is None:
            got = self._phrases[seat] = {k: words(k) for k in self.late.get(seat, ()) if k != "knock" and k != "point"}
        return got

    def whole(self, seat: int) -> set[tuple[str, ...]]:
        got = self._whole.get(seat)
        if got is None:
            got = self._whole[seat] = {kw for kw in self.phrases(seat).values() if kw}
        return got

    def ignorable(self, seat: int) -> set[str]:
        """The phrases that, said alone, are ignored when nothing else can hear them (``Memo.ignored``)."""
        got = self._ignorable.get(seat)
        if got is None:
            got = self._ignorable[seat] = {k for k, kw in self.phrases(seat).items() if kw and len(k) <= MAX_SPEECH}
        return got

    def late_words(self, seat: int) -> Late:
        got = self._late_words.get(seat)
        if got is None:
            got = self._late_words[seat] = {}
            for kw in sorted(self.whole(seat), key=len, reverse=True):
                got.setdefault(kw[0], []).append(kw)
        return got


#: the last ``LateRead`` and what it was read from (the clock, the seats, the list's entries)
_kept: tuple[tuple[float, int, tuple[tuple[int, str, float], ...]], LateRead] | None = None


def late_read(state: MaoState) -> LateRead:
    """The late keys of every seat now, read again only when they may have changed (what it
    holds depends on nothing else, so one kept for another state with the same list serves)."""
    global _kept
    key = (state.clock, state.players, tuple(state.late))
    kept = _kept
    if kept is not None and kept[0] == key:
        return kept[1]
    read = LateRead(state)
    _kept = (key, read)
    return read


class Memo:
    """What judging many attempts at one state reads again and again, read once: ``legal``
    puts some sixty candidates to the judge, and each would otherwise scan the late keys (a
    list that only shrinks when the clock moves), the phrases owed and the rules of a trigger
    anew. Good only while the state does not change: ``legal`` makes one and drops it, and a
    lone ``check`` makes its own. The late keys come from ``late_read``."""

    __slots__ = ("state", "_read", "_open", "_owed", "_ignored", "_rules")

    def __init__(self, state: MaoState):
        self.state = state
        self._read: LateRead | None = None
        self._open: dict[int, list[tuple[tuple[str, ...], int, int]]] | None = None
        self._owed: dict[int, Owed] = {}
        self._ignored: dict[int, set[str]] = {}
        self._rules: dict[str, tuple[rb.Rule, ...]] = {}

    def read(self) -> LateRead:
        got = self._read
        if got is None:
            got = self._read = late_read(self.state)
        return got

    def late(self, seat: int) -> set[str]:
        """``late_keys`` of ``seat`` (not to be changed by the caller)."""
        return self.read().late.get(seat) or set()

    def rules(self, trigger: str) -> tuple[rb.Rule, ...]:
        """``rules_for`` the state's rules in play and ``trigger``."""
        got = self._rules.get(trigger)
        if got is None:
            got = self._rules[trigger] = rules_for(self.state.rules, trigger, self.state.house)
        return got

    def owed(self, seat: int) -> Owed:
        """The open phrase duties of ``seat`` as words, longest first, by their first word
        (``_scan``; an empty phrase left out: it is never said). Every seat's are read in one
        pass over the windows (most seats owe nothing)."""
        got = self._owed.get(seat)
        if got is None:
            if self._open is None:
                self._open = {}
                for wi, w in enumerate(self.state.windows):
                    for di, d in enumerate(w.duties):
                        if d.act == "say" and not d.done:
                            self._open.setdefault(w.seat, []).extend((words(k), wi, di) for k in d.keys)
            owed = sorted(self._open.get(seat, ()), key=lambda x: -len(x[0]))
            got = self._owed[seat] = {}
            for o in owed:
                if o[0]:
                    got.setdefault(o[0][0], []).append(o)
        return got

    def phrases(self, seat: int) -> dict[str, tuple[str, ...]]:
        """The late keys of ``seat`` that are words to say, each with its words (not to be changed)."""
        return self.read().phrases(seat)

    def whole(self, seat: int) -> set[tuple[str, ...]]:
        """The words of each phrase ``seat`` may still say late (none empty)."""
        return self.read().whole(seat)

    def ignored(self, seat: int) -> set[str]:
        """The late keys of ``seat`` that, said alone, are ignored and break nothing, without
        asking ``hear``: in a started game with no written rules (none hears the words) and
        nothing owed now (nothing else to find in them); a knock or point is no phrase."""
        got = self._ignored.get(seat)
        if got is None:
            state = self.state
            quick = state.started and not state.house and not self.owed(seat)
            got = self._ignored[seat] = self.read().ignorable(seat) if quick else set()
        return got

    def late_words(self, seat: int) -> Late:
        """The phrases of ``whole``, longest first, by their first word (``_scan``)."""
        return self.read().late_words(seat)


# --- speech -----------------------------------------------------------------------------
class Heard(NamedTuple):
    """What the dealer heard: ``what`` it was, the penalty it earns (or None), and the
    open duties it fulfils or botches (indexes into ``state.windows`` and their duties)."""

    what: str
    penalty: Illegal | None = None
    duties: tuple[tuple[int, int], ...] = ()


def _scan(state: MaoState, seat: int, text: str,
          memo: Memo | None = None) -> tuple[list[tuple[int, int]], bool, tuple[str, ...]]:
    """Every open phrase duty of ``seat`` said in ``text``, however it is punctuated (H-speech):
    the duties it fulfils (indexes into ``state.windows`` and their duties, one each), whether
    it also said again a duty already failed (ignored: M-penalties-c), and the words left over.
    Read from the start, at each word the longest phrase owed that is said from there."""
    m = memo or Memo(state)
    owed = m.owed(seat)
    said = words(text)
    if not owed and said in m.whole(seat):
        return [], True, ()  # a late phrase said alone, nothing owed: the scan's answer, at once
    late = m.late_words(seat)
    found: list[tuple[int, int]] = []
    ignored = False
    rest: list[str] = []
    i = 0
    while i < len(said):
        word = said[i]
        owed_here = owed.get(word)
        hit = owed_here and next(((kw, (wi, di)) for kw, wi, di in owed_here
                                  if (wi, di) not in found and said[i:i + len(kw)] == kw), None)
        if hit:
            found.append(hit[1])
            i += len(hit[0])
            continue
        late_here = late.get(word)
        again = late_here and next((kw for kw in late_here if said[i:i + len(kw)] == kw), None)
        if again:
            ignored = True
            i += len(again)
            continue
        rest.append(word)
        i += 1
    return found, ignored, tuple(rest)


def _free(state: MaoState, seat: int, heard: str) -> Heard:
    """Speech where talking is allowed (before the start, in a pause): discussion of the rules
    is still not, and the software hears it where words tell a secret detail (``discussion``)."""
    if reveals(state, seat, heard):
        return Heard("discussion", penalty("discussion", rb.DISCUSSION))
    return Heard("free")


def hear(state: MaoState, seat: int, text: str, memo: Memo | None = None) -> Heard:
    """Classify ``text`` said by ``seat`` now. One utterance earns one penalty, the most
    particular: a written phrase rule's own (a forbidden word), else breaking a silence owed
    (unless the words are ``QUIET``), else what the speech itself earns. The speech still means
    what it says (a start starts, a point of order is asked)."""
    heard = _hear(state, seat, text, memo)
    for rule in said_rules(state, text) if state.house else ():
        if rule.penalty is not None:
            return heard._replace(penalty=penalty(rule.id, rule.penalty))
    if heard.what not in QUIET:
        hush = silence(state, seat)
        if hush is not None:
            return heard._replace(penalty=hush)
    return heard


#: speech that never breaks a silence: a duty done, a late duty ignored, the table's procedure
#: (the start, a point of order and its ruling, adjourning, a ruling on a correction), as none of it is talking
QUIET = ("duty", "late", "start", "pause", "sustained", "overruled", "resume", "ruling")


def silence(state: MaoState, seat: int) -> Illegal | None:
    """The penalty for ``seat`` speaking now, if a rule has it keep silent."""
    for w in state.windows:
        if w.seat == seat:
            for d in w.duties:
                if d.act == "silent":
                    return penalty(d.rule, d.failure)
    return None


def _hear(state: MaoState, seat: int, text: str, memo: Memo | None = None) -> Heard:
    heard = loose(text)
    if not state.started:
        if seat == state.dealer and heard == START:
            return Heard("start")
        return _free(state, seat, heard)
    found, ignored, rest = _scan(state, seat, text, memo)
    if not found and not ignored:
        return _said(state, seat, heard, parts(text))
    if not rest:
        return Heard("duty", duties=tuple(found)) if found else Heard("late")
    left = " ".join(rest)  # Penalties (a): what is left over earns one penalty at most
    other = _said(state, seat, left, (left,))
    return other._replace(duties=tuple(found) + other.duties)


def _said(state: MaoState, seat: int, heard: str, sentences: tuple[str, ...]) -> Heard:
    """Speech in a started game that does no duty: the table's procedure, a phrase botched,
    or talking (``sentences``: its sentences, for a written rule's phrase said out of time)."""
    if state.correction is not None and seat == state.dealer and heard in RULINGS:
        return Heard("ruling")
    if state.paused:
        resume = START if state.original else ADJOURNED
        if heard == resume and (state.original or seat == state.dealer):
            return Heard("resume")
        return _free(state, seat, heard)
    if state.asked is not None and seat == state.dealer and heard in (SUSTAINED, OVERRULED):
        return Heard("sustained" if heard == SUSTAINED else "overruled")
    pause = PAUSED_ORIGINAL if state.original else POINT_OF_ORDER
    if heard == pause and state.asked is None:
        return Heard("pause")
    tried = words(heard)
    for wi, w in enumerate(state.windows):
        if w.seat != seat:
            continue
        for di, d in enumerate(w.duties):
            if d.act == "say" and not d.done and d.improper and any(within(t, tried) for t in d.tries):
                return Heard("botched", penalty(d.rule, d.improper), ((wi, di),))
    for said in (heard, *sentences):  # a written rule's phrase out of time: its own name for it
        wrong = wrong_time(state, "say", said)
        if wrong is not None:
            return Heard("talking", wrong)
    return Heard("talking", penalty("talking", rb.TALKING))


# --- knocking ---------------------------------------------------------------------------
def knock_window(state: MaoState, seat: int) -> Window | None:
    """The open window of ``seat`` that still expects knocks, if any."""
    for w in state.windows:
        if w.seat == seat and not w.knock_judged and any(d.act == "knock" and not d.done for d in w.duties):
            return w
    return None


def point_window(state: MaoState, seat: int) -> Window | None:
    """The open window of ``seat`` that still expects a point, if any."""
    for w in state.windows:
        if w.seat == seat and any(d.act == "point" and not d.done for d in w.duties):
            return w
    return None


def knock_improper(w: Window) -> Illegal:
    """A wrong count of knocks in ``w``: the first knock duty's name for doing it wrongly,
    else its failure (the knocks due were not knocked)."""
    duties = [d for d in w.duties if d.act == "knock"]
    d = next((d for d in duties if d.improper), duties[0])
    return penalty(d.rule, d.improper or d.failure)


# --- each kind of attempt's check (the records in ``game.MOVES`` hold them) ----------------
class Judging(Protocol):
    """A kind's check: None if the attempt breaks nothing, else the refusal or the penalty (see
    the module docstring). ``memo``: what ``legal`` has read of this state already (a lone
    check reads what it needs itself)."""

    def __call__(self, state: MaoState, a: Action, memo: Memo | None = None, /) -> Illegal | None: ...


def check_play(state: MaoState, a: Action, memo: Memo | None = None) -> Illegal | None:
    s = a.seat
    if a.card not in state.hands[s]:
        return NOT_HELD
    if not turn_action(state, s, "play"):
        return penalty("out", rb.NOT_YOUR_TURN)
    m = memo or Memo(state)
    if not allowed(state, a.card, m):
        return penalty("playcards", rb.IMPROPER_PLAY)
    return forbidden(state, s, a.card, m)


def check_draw(state: MaoState, a: Action, memo: Memo | None = None) -> Illegal | None:
    if not turn_action(state, a.seat, "draw"):
        return penalty("out", rb.NOT_YOUR_TURN)
    costly = next((r for r in (memo or Memo(state)).rules("draw") if r.penalty is not None), None)
    return None if costly is None else penalty(costly.id, str(costly.penalty))


def check_say(state: MaoState, a: Action, memo: Memo | None = None) -> Illegal | None:
    s, text = a.seat, a.arg
    if not text.strip():
        return refuse("talking", "say something (the text is empty)")
    if len(text) > MAX_SPEECH:
        return refuse("talking", f"that is too long to say at once (at most {MAX_SPEECH} characters)")
    m = memo or Memo(state)
    if m.ignored(s) and words(text) in m.whole(s):
        return None  # what ``hear`` finds at once: a late phrase alone, ignored and quiet (most of legal's speech)
    return hear(state, s, text, m).penalty


def check_knock(state: MaoState, a: Action, memo: Memo | None = None) -> Illegal | None:
    n = a.arg
    if not 1 <= n <= 9:
        return refuse("knocking1", "knock 1 to 9 times")
    if state.started:
        w = knock_window(state, a.seat)
        if w is not None:
            return None if w.knocked + n <= w.knocks_needed else knock_improper(w)
        if "knock" in (memo or Memo(state)).late(a.seat):  # a late knock is ignored, unless knocks are owed now
            return None
    return wrong_time(state, "knock")


def check_point(state: MaoState, a: Action, memo: Memo | None = None) -> Illegal | None:
    s = a.seat
    if not 0 <= a.arg < state.players:
        return refuse("pointing", "there is no such seat")
    if state.started and point_window(state, s) is not None:
        return None  # a point a rule asks for is never "pointing"
    if state.live and a.arg == state.turn and s != state.turn:
        return penalty("pointing", rb.POINTING)
    if state.started and "point" in (memo or Memo(state)).late(s):
        return None
    return wrong_time(state, "point")


def check_touch(state: MaoState, a: Action, memo: Memo | None = None) -> Illegal | None:
    s = a.seat
    if a.arg == state.holding[s]:
        return refuse("touching", "you are already holding your cards" if a.arg else "you are not holding your cards")
    if a.arg and "touching" in state.rules and s != state.dealer and (
            not state.started or (state.paused and state.clock >= state.paused_at + state.grace_s)):
        return penalty("touching", rb.TOUCHING)
    return None


def check_show(state: MaoState, a: Action, memo: Memo | None = None) -> Illegal | None:
    if a.arg == state.showing[a.seat]:
        return refuse("bandaid", "your hand is already shown" if a.arg else "your hand is not shown")
    return penalty("bandaid", rb.BAND_AID) if a.arg and "bandaid" in state.rules else None


def check_call(state: MaoState, a: Action, memo: Memo | None = None) -> Illegal | None:
    s, (target, name) = a.seat, a.arg
    if state.by_dealer and s == state.dealer and 0 <= target < state.players:
        return None  # H-dealer: the dealer assesses what they see fit (M-discretion)
    if not 0 <= target < state.players or target == s:
        return refuse("corrections", "call a penalty on another seat")
    if state.by_dealer and state.correction is not None:
        return refuse("corrections", "a correction is awaiting the dealer's ruling")
    if state.by_dealer:
        return None  # H-dealer: the dealer will rule on it
    if "bandaid" in state.rules and state.showing[target] and (
            loose(name) == loose(rb.BAND_AID) or not names_penalty(name)):
        return None  # M-bandaid: anyone may assess it, and it stands (unnamed: the dealer names it)
    return penalty("corrections", rb.BAD_CALL)


PENALTY_KEYS = frozenset(loose(n) for n in rb.every_penalty())


def names_penalty(name: str) -> bool:
    """Whether a call names a penalty (the original set's "failure to say" + one too). One
    that names none (or no name at all) is a penalty card given without its name: the dealer
    names the penalty the card stands for (M-corrections), so it is judged, never refused."""
    heard = loose(name)
    return heard in PENALTY_KEYS or (heard.startswith("failure to say ")
                                     and heard[len("failure to say "):] in PENALTY_KEYS)


def candidates(state: MaoState, every_card: bool = False, memo: Memo | None = None,
               turns_only: bool = False) -> list[Action]:
    """The attempts that matter to the game now, for every seat: turn actions, duties,
    the dealer's procedure, pauses, putting right what is being penalised, a Band-Aid
    call. Free acts (chat, pointing at a seat whose turn it is not, touching your
    cards in play, a knock where no rule cares) are legal too but never listed: they
    change nothing, and a menu of them would drown the decisions. ``every_card``
    adds plays of cards not held (for fuzzers); ``turns_only`` leaves out the plays and
    draws of a seat that may not take that turn action now (each would be a penalty, and
    ``legal`` wants none of them: some thirty a decision, judged for nothing)."""
    out: list[Action] = []
    n = state.players
    m = memo or Memo(state)
    most = max([3] + [o.count for r in state.house for o in r.must if o.act == "knock"])
    live, turn, drawn = state.live, state.turn, state.drawn
    after = state.step(turn) if live and drawn else -1  # after a draw, the next player may begin (H-draw)
    owing = {w.seat for w in state.windows}
    anyone = _anyones_words(state)
    shown = [t for t in range(n) if state.showing[t]]
    for s in range(n):
        if not turns_only or (live and (s == turn or s == after)):
            cards = range(DECK_SIZE) if every_card else dict.fromkeys(state.hands[s])
            out.extend(new(Action, (s, "play", c, None)) for c in cards)
        if not turns_only or (live and ((s == turn and not drawn) or s == after)):
            out.append(new(Action, (s, "draw", None, None)))
        mine = _dealers_words(state) if s == state.dealer else []
        mine += anyone
        if s in owing:
            mine += _owed_words(state, s)
        mine.extend(sorted(m.phrases(s)))  # late acts (a knock, a point) are not words to say
        out.extend(new(Action, (s, "say", None, t)) for t in dict.fromkeys(mine))
        if s in owing:
            _owed_acts(state, s, most, out)
        if state.holding[s]:
            out.append(new(Action, (s, "touch", None, False)))
        if state.showing[s]:
            out.append(new(Action, (s, "show", None, False)))
        out.extend(new(Action, (s, "call", None, (t, rb.BAND_AID))) for t in shown if t != s)
    return out


def _anyones_words(state: MaoState) -> list[str]:
    """What any seat may say now: a point of order, or the original set's restart."""
    if state.live and state.asked is None:
        return [rb.PAUSED_ORIGINAL if state.original else rb.POINT_OF_ORDER]
    if state.paused and state.original:
        return [rb.START]
    return []


def _dealers_words(state: MaoState) -> list[str]:
    """The dealer's procedure, each where it belongs: the start, a ruling on a point of order or a
    correction, the end of a pause."""
    mine: list[str] = []
    if not state.started:
        mine.append(rb.START)
    elif state.asked is not None:
        mine += [rb.SUSTAINED, rb.OVERRULED]
    if state.correction is not None:
        mine += list(rb.RULINGS)
    elif state.paused and not state.original:
        mine.append(rb.ADJOURNED)
    return mine


def _owed_words(state: MaoState, s: int) -> list[str]:
    """What seat ``s``'s open duties to speak ask it to say, each way it may be heard."""
    mine: list[str] = []
    for w in windows_of(state, s):
        for d in w.duties:
            if d.act == "say" and not d.done:
                mine.append(d.text)
                mine.extend(sorted(k for k in d.keys if k != loose(d.text)))
    return mine


def _owed_acts(state: MaoState, s: int, most: int, out: list[Action]) -> None:
    """A knock (of up to ``most``) or a point where seat ``s`` owes one: a knock no duty asks for
    is penalised, or ignored."""
    if knock_window(state, s) is not None:
        out.extend(new(Action, (s, "knock", None, k)) for k in range(1, most + 1))
    if point_window(state, s) is not None:
        out.append(new(Action, (s, "point", None, (s + 1) % state.players)))


def legal(state: MaoState, checks: Mapping[str, Judging]) -> list[Action]:
    """The game's ``legal``: the candidates that break nothing, each judged by its kind's check
    (``checks``, from ``game.MOVES``) with one memo. Here rather than in ``game`` so that it runs
    compiled (``game`` is not)."""
    if state.over:
        return []
    memo = Memo(state)
    ignored = [memo.ignored(s) for s in range(state.players)]  # most of the speech listed: late keys
    return [a for a in candidates(state, memo=memo, turns_only=True)
            if (a.kind == "say" and a.arg in ignored[a.seat]) or checks[a.kind](state, a, memo) is None]


def noise(state: MaoState) -> list[Action]:
    """Free acts and mistakes a fuzzer puts to the judge besides ``candidates``."""
    out: list[Action] = []
    n = state.players
    for s in range(n):
        out += [Action(s, "say", arg=CHAT), Action(s, "say", arg="All hail the queen of knaves"),
                Action(s, "say", arg=rb.POINT_OF_ORDER), Action(s, "knock", arg=1)]
        out += [Action(s, "point", arg=t) for t in range(n)]
        out += [Action(s, kind, arg=v) for kind in ("touch", "show") for v in (True, False)]
        out += [Action(s, "call", arg=((s + 1) % n, rb.TALKING)), Action(s, "call", arg=((s + 1) % n, rb.BAND_AID))]
    return out

