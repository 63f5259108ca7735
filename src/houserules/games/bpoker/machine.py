"""The resolution machine: a stack of steps, one pending choice, one reaction window.

Why a stack of named steps and not nested calls: a card's effect may need a
choice from a player (which card to take, where to force), may trigger other
cards' effects (a forced 5 wants its follow-up, a forced card may be
tunnelled), and may be answered out of turn (10♦ Magic). Every one of those
is a decision, so the rules must stop, wait for an action, and resume where
they were — and a state must stay copyable plain data. So the work still to
do is a stack of ``Frame``s (a step's name, the seat it acts for, its data);
``run`` pops and runs them until one asks a question (``ask``: one seat
chooses among named options; ``window``: several seats may react) or the
stack is empty (then ``idle``, the turn flow, says what happens next).

Order (BP-R, with an example on the rules page): the last frame pushed runs
first, so an effect that triggers another effect finishes the inner one
before it continues ("each resolved completely before the next").
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, Final

from ...engine.core import Event, event
from .state import Ask, BState, Frame, frame, new_tuple

StepFn = Callable[[BState, Frame], list[Event]]
STEPS: Final[dict[str, StepFn]] = {}


def step(name: str) -> Callable[[StepFn], StepFn]:
    """Register a step under ``name`` (names are part of the state, so keep them stable)."""

    def register(fn: StepFn) -> StepFn:
        if name in STEPS:
            raise ValueError(f"step {name!r} registered twice")
        STEPS[name] = fn
        return fn

    return register


def push(state: BState, name: str, seat: int, *data: Any) -> None:
    """Schedule ``name``: it runs after every frame pushed later (a stack)."""
    state.frames.append(frame(name, seat, data))


def ask(state: BState, seat: int, clause: str, prompt: str, options: Sequence[str], then: str,
        *data: Any, owner: int | None = None, auto: bool = True, plays: bool = False,
        private: bool = False, withheld: tuple[tuple[str, str, str], ...] = ()) -> list[Event]:
    """Seat ``seat`` must choose one of ``options``; ``then`` runs with ``data + (choice,)``.

    A choice with one option is made for the seat (``auto``; BP-R.4) and a
    choice with none is not asked (the effect it belongs to is lost, L135).
    ``owner`` is the seat ``then`` acts for when another seat chooses (9♣).
    ``private``: the answer is told only to the chooser. ``withheld``: options the rules
    hold back now, each with the clause and reason a refusal of it names.
    ``plays``: the choice is which card the seat plays, so a controller of
    that seat's hand makes it instead (10♦ Control, L716-718).
    """
    opts = tuple(dict.fromkeys(options))
    you = seat if owner is None else owner
    if not opts:
        return []
    if auto and len(opts) == 1:
        push(state, then, you, *data, opts[0])
        return []
    chooser = player_of(state, seat) if plays else seat
    state.ask = new_tuple(Ask, (chooser, clause, prompt, opts, then, data, you, private, withheld))
    return [event("asked", chooser, {"clause": clause, "prompt": prompt})]


def player_of(state: BState, seat: int) -> int:
    """Who chooses which cards ``seat`` plays (and where, after a 6): its controller while its hand
    is controlled (10♦ Control, L716-718), else itself. A card the controller so chooses is
    "treated as though you had forced that card onto the table onto which it is played" (L735-737),
    so the steps that bring it into play name this seat as its forcer: a reflection returns it to
    the controller, and the forcer's rights (a 5's follow-up, a K♠'s demand) are his."""
    return state.control[0] if state.control is not None and state.control[1] == seat else seat


def window(state: BState, offers: Mapping[int, Sequence[str]], then: str, seat: int, *data: Any,
           about: tuple[str, str, str] = ("", "", "")) -> list[Event]:
    """Ask every seat in ``offers`` (in that order) whether to react; ``then`` runs with
    ``data + (answers,)`` once all have answered, answers a tuple of (seat, reaction).
    ``about``: what they would react to — the clause, the card and what it does, in words with
    seats as "seat N" — so that a person asked knows what the question is for (the view shows it)."""
    live = {s: tuple(o) for s, o in offers.items() if o}
    state.frames.append(frame(then, seat, data))
    if not live:
        return _close(state)
    state.window.open(live)
    state.offers = {s: (*o, "pass") for s, o in live.items()}
    state.answers = {}
    state.about = about
    clause, card, says = about
    return [event("window", None, {"seats": tuple(live), "clause": clause, "card": card, "about": says})]


def _close(state: BState) -> list[Event]:
    cont = state.frames.pop()
    answers = tuple(sorted((s, a) for s, a in state.answers.items() if a != "pass"))
    state.frames.append(frame(cont.step, cont.seat, cont.data + (answers,)))
    state.window.close()
    state.offers, state.answers, state.about = {}, {}, None
    return []


def options_for(state: BState, seat: int) -> tuple[str, ...]:
    """What ``seat`` may answer now (empty when it is asked nothing)."""
    if state.ask is not None:
        return state.ask.options if state.ask.seat == seat else ()
    if seat in state.window:
        return state.offers.get(seat, ())
    return ()


def answer(state: BState, seat: int, choice: str) -> list[Event]:
    """Record ``seat``'s answer (already checked to be one of its options)."""
    if state.ask is not None:
        a, state.ask = state.ask, None
        push(state, a.then, a.owner, *a.data, choice)
        if a.private:
            return [event("chose", seat, {"clause": a.clause}, {"choice": choice})]
        return [event("chose", seat, {"clause": a.clause, "choice": choice})]
    state.window.answer(seat)
    state.answers[seat] = choice
    events = [event("reacted" if choice != "pass" else "passed", seat, {"reaction": choice})]
    if not state.window:
        events += _close(state)
    return events


def run(state: BState, idle: Callable[[BState], list[Event] | None]) -> list[Event]:
    """Run frames until a question is pending, the game is over, or ``idle`` has nothing to do
    (``idle`` returns None when the state waits for a free action of the seat to act)."""
    events: list[Event] = []
    for _ in range(100_000):
        if state.over or state.ask is not None or state.window:
            return events
        if state.frames:
            f = state.frames.pop()
            events += STEPS[f.step](state, f)
            continue
        more = idle(state)
        if more is None:
            return events
        events += more
    raise RuntimeError("the resolution machine did not settle")
