"""Carrying out what happens at a Mao table, and the dealer's assessments.

Each kind of attempt has its effect here (``attempt_play`` ... ``attempt_call``,
declared with the kind's check in ``game.MOVES``). It does the attempt (legal,
or penalised in table mode) as it would happen at a real table (a card played
out of turn is taken back, a card drawn out of turn is kept, an improper play
stays on the pile, speech is heard by all), and then the one penalty it earned
is assessed. ``advance`` is time: every deadline passed, in order (duties not
done in a reasonable time, delay of game, cards held or shown too long).
Every penalty is ``assess``: the top card of the draw pile and the penalty's
name, nothing more.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any, Protocol

from ...cards import card_name
from ...engine.core import Action, Event, Illegal
from . import rulebook as rb
from .discussion import named_rules
from .judge import (Heard, duties_of, firing, hear, knock_improper, knock_window, make_duties, play_context,
                    point_window, said_rules, source, turn_action)
from .speech import loose
from .state import Advice, Duty, MaoState, Window

LOG_KEEP = 40
ADVICE_KEEP = 12


def note(state: MaoState, *entry: Any) -> None:
    """Add a public happening to the recent log views show (bots learn from it)."""
    n = state.log[-1][0] + 1 if state.log else 0
    state.log.append((n, *entry))
    if len(state.log) > LOG_KEEP:
        del state.log[0]


def restock(state: MaoState, events: list[Event]) -> None:
    """M-shuffling: the moment the draw pile runs out, the play pile but its top card,
    shuffled, becomes the draw pile (if the play pile has only its top card then, as soon
    as another lands on it). So no rule ever sees a card below the top that is already
    back in the draw pile (Subway), and nobody waits for a card to be needed."""
    if state.draw or len(state.discard) < 2:
        return
    rest = state.discard[:-1]
    del state.discard[:-1]
    state.rng.shuffle(rest)
    state.draw = rest
    events.append(Event("reshuffle", None, {"cards": len(rest)}))


def take_card(state: MaoState, events: list[Event]) -> int | None:
    """The top card of the draw pile (None when there is none), the pile restocked at once
    if that was its last."""
    restock(state, events)
    card = state.draw.pop() if state.draw else None
    restock(state, events)
    return card


def assess(state: MaoState, seat: int, name: str, events: list[Event], judged: bool = False,
           rule: str = "") -> int | None:
    """M-penalties: the top card of the draw pile to ``seat``, and the penalty's name;
    the card given (None when no card is left). When a person judges (H-dealer) the
    software only advises them, unless ``judged`` (a person's own assessment). ``rule``:
    the rule it is given under (a written ``penalty`` rule's own penalties set off no other)."""
    if state.by_dealer and not judged:
        state.advice.append(Advice(seat, name, state.turn_no, state.clock + state.grace_s))
        del state.advice[:-ADVICE_KEEP]
        return None
    card = take_card(state, events)
    secret = {}
    if card is not None:
        state.hands[seat].append(card)
        secret = {"card": card_name(card)}
    state.penalties[seat] += 1
    if rule:
        state.given[rule] = state.given.get(rule, 0) + 1
    learnt(state, seat, (rule,) if rule else named_rules(state, name))
    events.append(Event("penalty", seat, {"name": name}, secret))
    note(state, "penalty", seat, name)
    given_penalty(state, seat, name, rule, events)
    return card


def learnt(state: MaoState, seat: int, rules: Iterable[str]) -> None:
    """``seat`` was penalised under ``rules``: it knows they exist (M-discussion)."""
    known = state.aware[seat]
    if not known.issuperset(rules):
        state.aware[seat] = known.union(rules)


def forget(state: MaoState) -> None:
    """Advice that can no longer be assessed leaves the dealer's view (H-dealer)."""
    if state.advice:
        state.advice = [a for a in state.advice if not a.stale(state)]


def given_penalty(state: MaoState, seat: int, name: str, rule: str, events: list[Event]) -> None:
    """Written ``penalty`` rules act on a penalty given, unless a ``penalty`` rule gave it
    (H-ext-chains: a penalty rule never sets off another, so nothing runs without end)."""
    if state.over or not any(r.trigger == "penalty" for r in state.house):
        return
    if any(r.id == rule and r.trigger == "penalty" for r in state.house):
        return
    fire(state, firing(state, ("penalty",), {"penalty": name}), seat, None, events, own_penalty=True)


def fire(state: MaoState, rules: Sequence[rb.Rule], seat: int, card: int | None, events: list[Event], *,
         own_penalty: bool) -> Window | None:
    """``rules`` act for ``seat`` (whom their trigger concerns): their duties fall due, their
    own penalty is given (unless the attempt's judgement already gave it), their cards are
    drawn. Turn-order effects belong to plays (``play``). Returns ``seat``'s own window."""
    w = open_duties(state, seat, duties_of(state, rules, card))
    for r in rules:
        if own_penalty and r.penalty is not None:
            assess(state, seat, rb.fill(r.penalty, card), events, rule=r.id)
        for effect in r.effects:
            if effect.startswith("draw:"):
                given(state, seat, int(effect[5:]), events)
    return w


def reach(state: MaoState, before: Sequence[int], events: list[Event]) -> None:
    """Written ``hand`` rules: a hand that holds another number of cards (one or more: none
    has won) than before an attempt or a deadline was carried out has reached it. The cards a
    hand rule gives are another change, judged the same way; every rule fires once per size,
    and sizes only grow in such a chain, so it ends."""
    if not any(r.trigger == "hand" for r in state.house):
        return
    for _ in range(len(state.house) * state.players + 1):
        now = [len(h) for h in state.hands]
        moved = [s for s in range(state.players) if now[s] != before[s] and now[s] > 0]
        if state.over or not moved:
            return
        before = now
        for s in moved:
            fire(state, firing(state, ("hand",), {"hand": now[s]}), s, None, events, own_penalty=True)


def end(state: MaoState, seat: int | None, events: list[Event]) -> None:
    """M-end: no cards and no penalty for that play; the software says the closing sentence."""
    state.over = True
    state.winner = seat
    state.windows.clear()
    state.advice.clear()
    events.append(Event("ended", seat, {"said": rb.ENDED if seat is not None else "turn limit"}))


# --- windows of duties ------------------------------------------------------------------
def settle(state: MaoState, w: Window, events: list[Event]) -> None:
    """Close ``w`` once every duty in it is done (or botched and penalised)."""
    if all(d.done for d in w.duties) and w in state.windows:
        state.windows.remove(w)
        if w.wins and not state.hands[w.seat]:
            end(state, w.seat, events)


def close(state: MaoState, w: Window, events: list[Event]) -> None:
    """The window's time is up (or another turn began): each duty not done is one
    penalty (M-penalties-a); knocks are judged together (M-knocking2). A window already
    gone (the game ended while others were being closed) is nothing to judge."""
    if w not in state.windows:
        return
    state.windows.remove(w)
    until = state.clock + state.grace_s
    knocks_judged = w.knock_judged
    for d in w.duties:
        if d.done or d.act == "silent":  # a silence kept is done when its time is up
            continue
        if d.act == "say":
            assess(state, w.seat, d.failure, events, rule=d.rule)
            state.late.extend((w.seat, k, until) for k in sorted(d.keys))
        elif d.act == "point":
            assess(state, w.seat, d.failure, events, rule=d.rule)
            state.late.append((w.seat, "point", until))
        elif not knocks_judged:
            if w.knocked == 0:
                assess(state, w.seat, d.failure, events, rule=d.rule)
            else:
                wrong = knock_improper(w)
                assess(state, w.seat, str(wrong.penalty), events, rule=source(wrong))
                knocks_judged = True
            state.late.append((w.seat, "knock", until))
    if w.wins and not state.hands[w.seat]:
        end(state, w.seat, events)


def close_before(state: MaoState, turn_no: int, events: list[Event]) -> None:
    """M-penalties-d: once another turn is played, earlier duties are judged now."""
    for w in [w for w in state.windows if w.turn_no < turn_no]:
        close(state, w, events)


def open_window(state: MaoState, seat: int, duties: list[Duty]) -> Window | None:
    if not duties:
        return None
    w = Window(seat, state.turn_no, state.clock + state.grace_s, duties)
    state.windows.append(w)
    return w


def open_duties(state: MaoState, seat: int, duties: Sequence[tuple[str, Duty]]) -> Window | None:
    """Each duty in a window of every seat it binds (``player``: ``seat``; ``next``: the next
    seat; ``everyone``: each seat, ``seat`` first, then in the direction of play), each seat
    its own copy; ``seat``'s own window (or None)."""
    if not duties:
        return None
    order = [state.step(seat, i) for i in range(state.players)]
    mine = None
    for s in order:
        binds = [d.copy() for who, d in duties
                 if who == "everyone" or (who == "player" and s == seat) or (who == "next" and s == order[1])]
        w = open_window(state, s, binds)
        if s == seat:
            mine = w
    return mine


# --- the turn -----------------------------------------------------------------------------
def next_turn(state: MaoState, seat: int, events: list[Event], *, skip: int = 1) -> None:
    state.turn = state.step(seat, skip)
    state.turn_no += 1
    state.drawn = False
    state.turn_at = state.clock
    if state.turn_no >= state.max_turns:
        end(state, None, events)
    else:
        turn_starts(state, events)


def turn_starts(state: MaoState, events: list[Event]) -> None:
    """A turn starts: written ``turnstart`` rules bind the player whose turn it is."""
    if any(r.trigger == "turnstart" for r in state.house):
        fire(state, firing(state, ("turnstart",), {}), state.turn, None, events, own_penalty=True)


def begin(state: MaoState, seat: int, events: list[Event]) -> None:
    """``seat`` takes a turn action: a drawer who has not played has passed (H-draw);
    duties of earlier turns are judged."""
    if seat != state.turn:
        events.append(Event("pass", state.turn))
        next_turn(state, state.turn, events)
    close_before(state, state.turn_no, events)


def play(state: MaoState, seat: int, card: int, improper: str | None, events: list[Event], under: str = "") -> None:
    """A card lands on the play pile; ``improper``: the penalty its play earns (it stays there),
    under the rule ``under``."""
    begin(state, seat, events)
    if state.over:
        return
    state.hands[seat].remove(card)
    state.discard.append(card)
    events.append(Event("play", seat, {"card": card_name(card)}))
    note(state, "play", seat, card_name(card), len(state.hands[seat]))
    ctx = play_context(state)  # the pile as the card landed (its penalty card may restock the draw pile)
    if improper:
        assess(state, seat, improper, events, rule=under)
    trigger = ("play", "last") if len(state.hands[seat]) == 1 and not improper else ("play",)
    w = open_duties(state, seat, make_duties(state, trigger, card, ctx))
    skip = 1
    for rule in firing(state, trigger, ctx):
        if rule.effects:
            for effect in rule.effects:
                if effect == "reverse":
                    state.direction = -state.direction
                elif effect == "skip":
                    skip += 1
                elif effect == "again":
                    skip = 0
                elif effect == "next:dealer":
                    skip = ((state.dealer - seat) * state.direction) % state.players
                elif effect.startswith("draw:"):
                    given(state, seat, int(effect[5:]), events)
    next_turn(state, seat, events, skip=skip)
    if not state.hands[seat] and not state.over:
        if w is None or all(d.act == "silent" for d in w.duties):  # a silence owes nothing to wait for
            end(state, seat, events)
        else:
            w.wins = True


def given(state: MaoState, seat: int, n: int, events: list[Event]) -> None:
    """A house rule's ``draw:N``: ``seat`` takes ``n`` cards (not a penalty; none when none is left)."""
    cards = [c for c in (take_card(state, events) for _ in range(n)) if c is not None]
    state.hands[seat].extend(cards)
    events.append(Event("draw", seat, {"in_turn": False, "count": len(cards)},
                        {"cards": tuple(card_name(c) for c in cards)}))


def draw(state: MaoState, seat: int, in_turn: bool, events: list[Event]) -> None:
    if in_turn:
        begin(state, seat, events)
        if state.over:
            return
    card = take_card(state, events)
    if card is not None:
        state.hands[seat].append(card)
    events.append(Event("draw", seat, {"in_turn": in_turn, "count": int(card is not None)},
                        {"card": card_name(card)} if card is not None else {}))
    note(state, "draw", seat)
    if in_turn:
        state.drawn = True
        state.draw_at = state.clock
        fire(state, firing(state, ("draw",), {}), seat, None, events, own_penalty=False)  # its penalty: judged


# --- pauses (M-pauses, M-set-b) -----------------------------------------------------------
def pause(state: MaoState, events: list[Event]) -> None:
    state.paused = True
    state.asked = None
    state.paused_at = state.quiet_at = state.clock
    if "touching" in state.rules:
        for s in range(state.players):
            if state.holding[s] and s != state.dealer:
                state.hold_due[s] = state.clock + state.grace_s
    events.append(Event("paused"))


def resume(state: MaoState, events: list[Event], said: str = "") -> None:
    """The pause ends; ``said``: the words the dealer adjourns it with after a quiet spell
    (H-pause); a person's own words were already heard."""
    state.paused = False
    state.turn_at = state.draw_at = state.clock
    state.hold_due = [None] * state.players
    events.append(Event("resumed", None, {"said": said} if said else {}))


def quiet(state: MaoState, events: list[Event]) -> None:
    """A pause nobody has spoken in for a quiet spell (H-pause): the software dealer adjourns it
    (in the original set: resumes it); a person dealing is reminded, and only their words adjourn
    (M-pauses: "when the dealer says, 'Meeting adjourned.'")."""
    said = rb.START if state.original else rb.ADJOURNED
    if not state.by_dealer:
        resume(state, events, said)
        return
    state.reminded = state.quiet_at
    events.append(Event("quiet", state.dealer, {"seconds": state.clock - state.quiet_at, "said": said}))


def rule(state: MaoState, ruling: str, events: list[Event]) -> None:
    """H-dealer: the dealer rules on a correction. Good call: the card stays with the
    violator. Bad call: it goes to the caller as "bad call". No call: back on the draw pile."""
    assert state.correction is not None
    caller, target, card = state.correction
    state.correction = None
    if ruling == loose(rb.RULINGS[0]) or card is None or card not in state.hands[target]:
        events.append(Event("ruling", None, {"ruling": rb.GOOD_CALL if ruling == loose(rb.RULINGS[0])
                                             else ruling}))
        return
    state.hands[target].remove(card)
    if ruling == loose(rb.RULINGS[1]):
        state.hands[caller].append(card)
        state.penalties[caller] += 1
        learnt(state, caller, ("corrections",))
        events.append(Event("penalty", caller, {"name": rb.BAD_CALL}, {"card": card_name(card)}))
        note(state, "penalty", caller, rb.BAD_CALL)
        given_penalty(state, caller, rb.BAD_CALL, "corrections", events)
    else:
        state.draw.append(card)
        events.append(Event("ruling", None, {"ruling": rb.NO_CALL}))


# --- speech and knocks ----------------------------------------------------------------------
def say(state: MaoState, seat: int, text: str, events: list[Event]) -> None:
    heard: Heard = hear(state, seat, text)
    spoken = text.strip()
    state.quiet_at = state.clock  # in a pause, the quiet spell starts again (H-pause)
    events.append(Event("say", seat, {"said": spoken}))
    note(state, "say", seat, spoken)
    what = heard.what
    if what == "start":
        state.started = True
        state.turn_at = state.clock
        state.hold_due = [None] * state.players
        events.append(Event("started", None, {"turn": state.turn}))
        turn_starts(state, events)
    elif what == "pause":
        if seat == state.dealer or state.original:
            pause(state, events)
        else:
            state.asked = seat
    elif what == "sustained":
        pause(state, events)
    elif what == "overruled":
        state.asked = None
        state.turn_at = state.draw_at = state.clock  # the turn's time starts again (H-pause)
    elif what == "resume":
        resume(state, events)
    elif what == "ruling":
        rule(state, loose(text), events)
    touched = [(state.windows[wi], state.windows[wi].duties[di]) for wi, di in heard.duties]
    for _, d in touched:
        d.done = True
    if heard.penalty is not None and heard.penalty.penalty is not None:
        assess(state, seat, heard.penalty.penalty, events, rule=source(heard.penalty))
    for w in dict.fromkeys(w for w, _ in touched):
        settle(state, w, events)
    said = said_rules(state, text)
    if said and not state.over:  # written phrase rules: their own penalty was the speech's (judge.hear)
        fire(state, said, seat, None, events, own_penalty=False)


def knock(state: MaoState, seat: int, n: int, wrong: Illegal | None, events: list[Event]) -> None:
    penalised = wrong is not None
    events.append(Event("knock", seat, {"count": n}))
    note(state, "knock", seat, n)
    w = knock_window(state, seat) if state.started else None
    if w is not None:
        w.knocked += n
        if penalised or w.knocked == w.knocks_needed:
            w.knock_judged = penalised
            for d in w.duties:
                if d.act == "knock":
                    d.done = True
    if wrong is not None:
        assess(state, seat, str(wrong.penalty), events, rule=source(wrong))
    if w is not None:
        settle(state, w, events)


# --- each kind of attempt carried out (the records in ``game.MOVES`` hold them) ---------------
class CarryingOut(Protocol):
    """A kind's effect: carry out ``a`` and return the events. ``illegal`` is the check's
    answer: None for a legal attempt, or the penalty it earns (table mode)."""

    def __call__(self, state: MaoState, a: Action, illegal: Illegal | None = None, /) -> list[Event]: ...


Doing = Callable[[MaoState, Action, Illegal | None, list[Event]], None]


def attempt(doing: Doing) -> CarryingOut:
    """A kind's effect from what it does: after it, written ``hand`` rules see the hands it
    changed, and the draw pile is restocked if it ran out."""
    def carried_out(state: MaoState, a: Action, illegal: Illegal | None = None, /) -> list[Event]:
        events: list[Event] = []
        before = [len(h) for h in state.hands]
        doing(state, a, illegal, events)
        reach(state, before, events)
        restock(state, events)
        forget(state)
        return events
    carried_out.__name__, carried_out.__doc__ = doing.__name__, doing.__doc__
    return carried_out


def moving_on(state: MaoState, seat: int, events: list[Event]) -> bool:
    """H-duties: moving on to a turn action ends what ``seat`` owed; nothing else does.
    Whether the game goes on after the windows closed."""
    for w in [w for w in state.windows if w.seat == seat]:
        close(state, w, events)
    return not state.over


def named(illegal: Illegal | None) -> str | None:
    """The penalty the judge found (None: none, or an attempt refused as impossible)."""
    return illegal.penalty if illegal is not None else None


def charge(state: MaoState, seat: int, illegal: Illegal | None, events: list[Event]) -> None:
    """The penalty the attempt earned, if any, under the rule the judge found."""
    name = named(illegal)
    if name is not None:
        assess(state, seat, name, events, rule=source(illegal))


@attempt
def attempt_play(state: MaoState, a: Action, illegal: Illegal | None, events: list[Event]) -> None:
    """A card played: out of turn it is taken back, else it lands (an improper play stays)."""
    s, name = a.seat, named(illegal)
    if not moving_on(state, s, events):
        return
    if name != rb.NOT_YOUR_TURN:
        play(state, s, a.card, name, events, source(illegal))
        return
    events.append(Event("returned", s, {"card": card_name(a.card)}))
    note(state, "returned", s, card_name(a.card))
    charge(state, s, illegal, events)


@attempt
def attempt_draw(state: MaoState, a: Action, illegal: Illegal | None, events: list[Event]) -> None:
    """A card drawn: in turn it is the turn's draw; out of turn it is kept, and penalised."""
    if moving_on(state, a.seat, events):
        draw(state, a.seat, turn_action(state, a.seat, "draw"), events)
        charge(state, a.seat, illegal, events)


@attempt
def attempt_say(state: MaoState, a: Action, illegal: Illegal | None, events: list[Event]) -> None:
    """Speech, heard by all (``say`` hears it again: what it means and what it earns)."""
    say(state, a.seat, a.arg, events)


@attempt
def attempt_knock(state: MaoState, a: Action, illegal: Illegal | None, events: list[Event]) -> None:
    """Knocks, heard by all: counted toward the knocks a rule asks for, judged when wrong."""
    knock(state, a.seat, a.arg, illegal if named(illegal) is not None else None, events)


@attempt
def attempt_point(state: MaoState, a: Action, illegal: Illegal | None, events: list[Event]) -> None:
    """A point: the one a rule asks for does its duty; any other is only seen."""
    s = a.seat
    pointed = point_window(state, s) if state.started and named(illegal) is None else None
    events.append(Event("point", s, {"at": a.arg}))
    note(state, "point", s, a.arg)
    if pointed is not None:
        for d in pointed.duties:
            if d.act == "point":
                d.done = True
        settle(state, pointed, events)
    charge(state, s, illegal, events)


@attempt
def attempt_touch(state: MaoState, a: Action, illegal: Illegal | None, events: list[Event]) -> None:
    """Taking hold of one's cards, or letting go; held against a rule, the penalty repeats in time."""
    s, name = a.seat, named(illegal)
    state.holding[s] = a.arg
    state.hold_due[s] = state.clock + state.grace_s if name else None
    if a.arg and not name and state.paused and "touching" in state.rules and s != state.dealer:
        state.hold_due[s] = state.paused_at + state.grace_s  # held into the pause's last moments
    events.append(Event("touch", s, {"holding": a.arg}))
    charge(state, s, illegal, events)


@attempt
def attempt_show(state: MaoState, a: Action, illegal: Illegal | None, events: list[Event]) -> None:
    """Showing one's hand, or hiding it; shown against a rule, the penalty repeats in time."""
    s, name = a.seat, named(illegal)
    state.showing[s] = a.arg
    state.show_due[s] = state.clock + state.grace_s if name else None
    shown = tuple(card_name(c) for c in state.hands[s]) if a.arg else ()
    events.append(Event("show", s, {"shown": a.arg, "cards": shown}))
    charge(state, s, illegal, events)


@attempt
def attempt_call(state: MaoState, a: Action, illegal: Illegal | None, events: list[Event]) -> None:
    """A correction said aloud: the dealer's is an assessment (H-dealer), anyone else's awaits
    a ruling; judged by the software, a Band-Aid that stands, or a bad call."""
    s, (target, said) = a.seat, a.arg
    state.quiet_at = state.clock  # a call is said aloud (H-pause)
    events.append(Event("call", s, {"at": target, "penalty": said}))
    note(state, "call", s, target, said)
    if state.by_dealer:  # H-dealer: the dealer's call is an assessment; anyone else's awaits a ruling
        card = assess(state, target, said, events, judged=True)
        state.advice = [a for a in state.advice if (a.seat, loose(a.name)) != (target, loose(said))]
        if s != state.dealer:
            state.correction = (s, target, card)
    elif named(illegal) is None:  # a Band-Aid that stands
        assess(state, target, rb.BAND_AID, events, rule="bandaid")
        state.show_due[target] = state.clock + state.grace_s
    else:
        assess(state, s, rb.BAD_CALL, events, rule="corrections")


# --- time ------------------------------------------------------------------------------------
def due(state: MaoState) -> tuple[float, tuple[Any, ...]] | None:
    """The next deadline and what happens then, or None."""
    if state.over:
        return None
    best: tuple[float, tuple[Any, ...]] | None = None

    def consider(t: float | None, what: tuple[Any, ...]) -> None:
        nonlocal best
        if t is not None and (best is None or t < best[0]):
            best = (t, what)

    for w in state.windows:
        consider(w.due, ("window", w))
    for a in state.advice:  # the table waits for a person dealing to assess it, a reasonable time
        if a.waiting:
            consider(a.until, ("advice",))
    if not (state.by_dealer and state.reminded == state.quiet_at):
        consider(state.adjourn_at, ("adjourn",))
    if state.timed:
        if state.drawn:
            consider(state.draw_at + state.delay_s, ("pass",))
        else:
            consider(state.turn_at + state.delay_s, ("delay",))
    for s in range(state.players):
        if state.holding[s]:
            consider(state.hold_due[s], ("hold", s))
        if state.showing[s] and "bandaid" in state.rules:
            consider(state.show_due[s], ("show", s))
    return best


def advance(state: MaoState, now: float) -> list[Event]:
    """Act on every deadline up to ``now``, in order; the clock then reads ``now``."""
    events: list[Event] = []
    while True:
        nxt = due(state)
        if nxt is None or nxt[0] > now:
            break
        t, what = nxt
        state.clock = max(state.clock, t)
        before = [len(h) for h in state.hands]
        tick(state, t, what, events)
        reach(state, before, events)
        restock(state, events)
    state.clock = max(state.clock, now)
    state.late = [x for x in state.late if x[2] >= state.clock]
    forget(state)
    return events


def tick(state: MaoState, t: float, what: tuple[Any, ...], events: list[Event]) -> None:
    """What one deadline does (``due``)."""
    kind = what[0]
    if kind == "window":
        close(state, what[1], events)
    elif kind == "delay":
        assess(state, state.turn, rb.DELAY, events, rule="delay")
        state.turn_at = t
    elif kind == "pass":
        events.append(Event("pass", state.turn))
        next_turn(state, state.turn, events)
        state.turn_at = t
    elif kind == "advice":  # the dealer's reasonable time to assess it is over: the table plays on
        state.advice = [a._replace(waiting=False) if a.until <= t else a for a in state.advice]
    elif kind == "adjourn":  # H-pause: a quiet spell; the dealer adjourns (in the original set: resumes)
        quiet(state, events)
    elif kind == "hold":
        assess(state, what[1], rb.TOUCHING, events, rule="touching")
        state.hold_due[what[1]] = t + state.grace_s
    else:
        assess(state, what[1], rb.BAND_AID, events, rule="bandaid")
        state.show_due[what[1]] = t + state.grace_s
