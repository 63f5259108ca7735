"""The base game's flow (docs/rules/bpoker.md, BP-1 and BP-3): hands, turns, declaring, winning.

A hand (deal) starts with an ante from every stash; turns go round in the
direction of play. A turn begins (the 3's trigger, then the win check, then
the refill of the viewing hand), the player may scrap his table before his
first play, plays cards one at a time until his table reaches its maximum
or he passes, then declares his 5-card poker hand. Whoever's declared hand
still beats every other declared hand when his turn comes round wins the
hand and the pot; so does a 9♦ at face value. Every player's cards then go
back to the bottom of his stash. The game ends after ``hands`` hands, when
one player is left with cards, or at a turn cap (the reason is recorded).
"""

from __future__ import annotations

from ...engine.core import Ending, Event, event
from ...engine.words import plural
from . import declare
from .cards import card_name, parse_card
from .effects_high import nine_stands_and_wins, standing_nine, usable_jacks
from .hands import describe
from .joint import neutralizers
from .looks import changed, forget_all, moved
from .machine import ask, player_of, push, run, step
from .play import NOBODY, enter
from .reactions import guard, spent
from .state import DECLARE, OVER, TURN, BState, Frame
from .targets import opponents
from .tiles import BLACK_HOLE, WHITE_HOLE, kept_on_scrap, live_sets
from .unit import triggers
from .zones import (
    correct_number,
    counted,
    fee,
    from_stash,
    lift,
    live_values,
    maximum,
    pay,
)


# --- entry points ------------------------------------------------------------------------
def start(state: BState) -> list[Event]:
    """A dealt state: the first hand begins."""
    return begin_hand(state) + run(state, idle)


def begin_hand(state: BState) -> list[Event]:
    """Ante (BP-1.3) and the first turn, left of the dealer (BP-1.4)."""
    n = state.players
    state.out = [not state.stash[s] for s in range(n)]
    state.in_hand = [not o for o in state.out]
    if sum(state.in_hand) <= 1:
        return game_over(state, Ending.LAST_STANDING, "only one player has cards")
    events = [event("hand", state.dealer, {"hand": state.hand_no, "seats": tuple(state.live())})]
    for s in state.live():
        got = from_stash(state, s, state.options["ante"])
        state.pot.extend(got)
    state.hand_turns = 0
    push(state, "turn.begin", state.next_seat(state.dealer, 1))
    return events


def idle(state: BState) -> list[Event] | None:
    """Nothing is being resolved: cards-to-be-played are played, a full table ends the turn,
    a single possible declaration is made; else the seat to act decides (None)."""
    if state.over:
        return None
    for s in [state.turn, *opponents(state, state.turn)] if any(state.ctbp) else ():  # most often none
        if state.ctbp[s]:
            opts = [card_name(c) for c in state.ctbp[s]] + [f"use:{card_name(j)}" for j in usable_jacks(state, s)]
            return ask(state, s, "BP-2.4", f"play one of seat {s}'s cards-to-be-played", opts, "ctbp.play",
                       plays=True)
    t = state.turn
    if not state.in_hand[t]:
        return next_turn(state)
    if state.phase == TURN and not state.played and not state.turn_over and empty_handed(state, t):
        return nothing_to_do(state, t)
    if state.phase == TURN and (state.turn_over or (state.played and counted(state, t) >= maximum(state, t))):
        state.phase = DECLARE
        return [event("turn-over", t, {})]
    if state.phase == DECLARE:
        hands = declare.options(state, t, 2)  # is there only one?
        if len(hands) == 1:
            return apply_declare(state, t, hands[0])
    return None


def empty_handed(state: BState, seat: int) -> bool:
    """No card anywhere (stash, viewing hand, cards-to-be-played, table): the turn holds no decision."""
    return not (state.stash[seat] or state.viewing[seat] or state.ctbp[seat] or state.tables[seat])


def nothing_to_do(state: BState, seat: int) -> list[Event]:
    """**House rule** BP-H41: a player with no cards left is not asked to pass and declare
    nothing turn after turn; the turn passes by itself, said once until he has cards again."""
    events = [] if seat in state.emptied else [event("no-cards", seat, {"clause": "BP-H41"})]
    state.emptied |= {seat}
    if state.declared[seat]:
        state.declared[seat] = ()
        events.append(event("declared", seat, {"cards": (), "hand": describe(declare.declared_key(state, seat))}))
    return events + next_turn(state)


@step("ctbp.play")
def _ctbp_play(state: BState, f: Frame) -> list[Event]:
    choice = f.data[0]
    if choice.startswith("use:"):
        push(state, "J.use", f.seat, parse_card(choice[4:]))
        return []
    card = parse_card(choice)
    state.ctbp[f.seat].remove(card)
    state.transit.append(card)
    if f.seat == state.turn:
        state.played += 1
    chooser = player_of(state, f.seat)  # a controller's choice is treated as forced by him (L735-737)
    enter(state, f.seat, card, chooser if chooser != f.seat else NOBODY)
    return []


# --- a turn ---------------------------------------------------------------------------------
@step("turn.begin")
def _turn_begin(state: BState, f: Frame) -> list[Event]:
    """The beginning of a turn, in one place (BP-3.1): the triggers of "the beginning of your / any
    turn" first — the 3's exemption, then every Black and White Hole's payments — and only when
    those payments are made, the win check and the refill (``turn.check``). The payments are
    scheduled here and run before ``turn.check`` because the stack runs the last frame pushed
    first; so a turn whose player wins at the win check still collects them (L1096-1098; house
    rule BP-H35), and a viewing hand is refilled from what the stash holds after paying."""
    seat = f.seat
    state.turn, state.phase, state.played, state.turn_over = seat, TURN, 0, False
    state.exempt, state.ring = frozenset(), []
    if not empty_handed(state, seat):
        state.emptied -= {seat}
    events = [event("turn", seat, {"hand": state.hand_no})]
    if any((r := state.house.rule_for(v)) is not None and r.turn_start for v in live_values(state, seat)):
        state.exempt = frozenset(c for s in state.tables[seat] for c in s.cards)
        events.append(event("exempt", seat, {"count": len(state.exempt), "clause": "BP-3"}))
    push(state, "turn.check", seat)
    return events + holes(state)


@step("turn.check")
def _turn_check(state: BState, f: Frame) -> list[Event]:
    """After the turn's triggers: the win check (BP-3.1), a standing 9♦ (BP-H26), else the refill."""
    seat = f.seat
    if state.no_win:
        state.no_win = False
    elif wins(state, seat):
        push(state, "hand.win", seat, "best hand")
        return []
    elif (nine := standing_nine(state, seat)) is not None:
        return nine_stands_and_wins(state, seat, nine)
    return refill(state, seat)


def holes(state: BState) -> list[Event]:
    """The beginning of any turn (L1093-1109): each Black Hole's owner is paid 2 cards by each other
    player; each White Hole's owner pays each other player 2 (fees, so 8s, Js and J+J+J change them).
    Each hole is a step of its own, run in seat order before the win check (the stack runs the last
    pushed first)."""
    due = [(owner, kind, clause) for owner in state.live()
           for kind, clause in ((BLACK_HOLE, "BP-P.7H"), (WHITE_HOLE, "BP-P.7C"))
           for _ in live_sets(state, owner, kind)]
    for owner, kind, clause in reversed(due):
        push(state, "hole", owner, kind, clause)
    return []


@step("hole")
def _hole(state: BState, f: Frame) -> list[Event]:
    """A Black Hole's trigger is an effect on the others' stashes "as though it were an immediate
    effect of a card that was just played" (L164-166), so each may stop it with Magic (L686-690);
    a White Hole only gives them cards."""
    kind, clause = f.data
    events = [event("hole", f.seat, {"clause": clause})]
    if kind != BLACK_HOLE:
        return events + _hole_pays(state, f.seat, kind, clause, set())
    return events + guard(state, opponents(state, f.seat), "hole.pay", f.seat, kind, clause, clause=clause,
                          card="Black Hole", says=f"seat {f.seat}'s Black Hole: each other player pays seat "
                                               f"{f.seat} a fee of 2")


@step("hole.pay")
def _hole_pay(state: BState, f: Frame) -> list[Event]:
    kind, clause, answers = f.data
    exempt, events = spent(state, answers)
    return events + _hole_pays(state, f.seat, kind, clause, exempt)


def _hole_pays(state: BState, owner: int, kind: str, clause: str, exempt: set[int]) -> list[Event]:
    for other in reversed(opponents(state, owner)):
        if other not in exempt:
            payer, payee = (other, owner) if kind == BLACK_HOLE else (owner, other)
            pay(state, payer, fee(state, payer, 2), payee, clause)
    return []


def wins(state: BState, seat: int) -> bool:
    """The win check (BP-3.1): a declared five-card hand strictly higher than every other one."""
    mine = declare.declared_key(state, seat)
    return bool(mine[0]) and all(mine > declare.declared_key(state, o) for o in opponents(state, seat))


def refill(state: BState, seat: int) -> list[Event]:
    """Draw from the top of the stash (upright cards only) up to the correct number; return any
    excess to the top of the stash, one card at a time, the player choosing (BP-3.2)."""
    want = correct_number(state, seat) - len(state.viewing[seat])
    if want > 0:
        got = from_stash(state, seat, min(want, len(state.stash[seat]) - state.sideways[seat]))
        state.viewing[seat].extend(got)
        if got and any(state.looks):  # as in ``play``: nothing to forget when nobody remembers
            changed(state, seat)
        return [event("drew", seat, {"count": len(got)}, {"cards": tuple(card_name(c) for c in got)})] if got else []
    if want < 0:
        return ask(state, seat, "BP-3.2", f"return a card to seat {seat}'s stash",
                   [card_name(c) for c in state.viewing[seat]], "refill.return", private=True)
    return []


@step("refill.return")
def _refill_return(state: BState, f: Frame) -> list[Event]:
    card = parse_card(f.data[0])
    state.viewing[f.seat].remove(card)
    changed(state, f.seat)
    state.stash[f.seat].append(card)
    return [event("returned", f.seat, {"count": 1})] + refill(state, f.seat)


def next_turn(state: BState) -> list[Event]:
    """The next seat in the direction of play begins, unless a cap ends the hand or the game. An A + A
    skips him, unless the turn would come straight back to its player, who "may not regain the turn
    until after the next time his turn begins" (L1192-1193; C5, house rule BP-H31)."""
    state.turns += 1
    state.hand_turns += 1
    if state.turns >= state.options["max_turns"]:
        return game_over(state, Ending.TURN_LIMIT, f"turn limit ({state.options['max_turns']} turns)")
    if state.hand_turns >= state.options["hand_turns"]:
        return [event("hand-cap", None, {"turns": state.hand_turns})] + end_hand(state)
    nxt = state.next_seat(state.turn)
    events: list[Event] = []
    if state.skip:
        state.skip, state.nines = False, ()
        if state.next_seat(nxt) == state.turn:  # two players left: the skip would give the turn straight back
            events.append(event("no-regain", state.turn, {"clause": "BP-H31"}))
        else:
            events.append(event("skipped", nxt, {"clause": "BP-P.A"}))
            nxt = state.next_seat(nxt)
    push(state, "turn.begin", nxt)
    return events


@step("fp.resume")
def _fp_resume(state: BState, f: Frame) -> list[Event]:
    """After f_poker the turn of its winner begins (L961-962), counted as any turn (the caps)."""
    hand = state.hand_no
    events = next_turn(state)
    if state.hand_no == hand and not state.over and state.frames and state.frames[-1].step == "turn.begin":
        state.frames[-1] = Frame("turn.begin", f.seat)
    return events


def apply_declare(state: BState, seat: int, cards: tuple[int, ...]) -> list[Event]:
    """Declare (or redeclare) the 5-card poker hand (BP-4.6); the 3♣ obligation is in the options."""
    state.declared[seat] = tuple(sorted(cards))
    key = declare.declared_key(state, seat)
    events = [event("declared", seat, {"cards": tuple(card_name(c) for c in state.declared[seat]),
                                       "hand": describe(key)})]
    return events + next_turn(state)


# --- free actions of the seat whose turn it is ------------------------------------------
def play(state: BState, seat: int, card: int) -> list[Event]:
    state.viewing[seat].remove(card)
    if any(state.looks):  # looks.py is interpreted; most often nobody remembers a hand (issue 26)
        moved(state, seat, out=(card,))
    state.transit.append(card)
    state.played += 1
    enter(state, seat, card)  # Magic may meet your own play too (L683-686)
    return run(state, idle)


def end_turn(state: BState, seat: int) -> list[Event]:
    state.phase = DECLARE
    return [event("pass", seat, {})] + run(state, idle)


def scrap(state: BState, seat: int) -> list[Event]:
    """Scrap (BP-3.3): the whole table to the discard before the first play of the turn."""
    kept = [s for s in state.tables[seat] if kept_on_scrap(s)]
    cards = [c for s in state.tables[seat] if not kept_on_scrap(s) for c in s.cards]
    state.tables[seat] = kept
    state.discard.extend(cards)
    state.declared[seat] = ()
    return [event("scrapped", seat, {"cards": tuple(card_name(c) for c in cards)})] + run(state, idle)


def use(state: BState, seat: int, card: int) -> list[Event]:
    """A free effect of your own turn: a no-effect J's restore, a 3♣'s Neutralization, or turning a
    6 of your 6+6+6 sideways to shaft (BP-P.6T)."""
    kind = "unit.use" if card in triggers(state, seat) else "neutralize" if card in neutralizers(state, seat) \
        else "J.use"
    push(state, kind, seat, card)
    return run(state, idle)


def declare_hand(state: BState, seat: int, cards: tuple[int, ...]) -> list[Event]:
    return apply_declare(state, seat, cards) + run(state, idle)


# --- the end of a hand and of the game ------------------------------------------------
@step("hand.win")
def _hand_win(state: BState, f: Frame) -> list[Event]:
    won = len(state.pot)
    state.stash[f.seat].extend(state.pot)
    state.pot = []
    state.hands_won[f.seat] += 1
    return [event("won-hand", f.seat, {"how": f.data[0], "pot": won})] + end_hand(state)


@step("hand.lost")
def _hand_lost(state: BState, f: Frame) -> list[Event]:
    """10♣ (L660-662): the 10♣ to your stash; viewing hand, table and cards-to-be-played to the pot."""
    seat, ten = f.seat, f.data[0]
    events: list[Event] = []
    if any(ten in s.cards for s in state.tables[seat]):
        events += lift(state, ten)
        state.stash[seat].append(ten)
    cards = state.viewing[seat] + state.ctbp[seat] + [c for s in state.tables[seat] for c in s.cards]
    state.pot.extend(cards)
    state.viewing[seat], state.ctbp[seat], state.tables[seat], state.declared[seat] = [], [], [], ()
    changed(state, seat)
    state.in_hand[seat] = False
    events.append(event("lost-hand", seat, {"to_pot": len(cards)}))
    left = state.live()
    if len(left) == 1:
        push(state, "hand.win", left[0], "last player in the hand")
    return events


def end_hand(state: BState) -> list[Event]:
    """Every seat's cards go to the bottom of its stash; sideways stash cards to the discard (BP-3.6)."""
    for s in range(state.players):
        side = state.stash[s][:state.sideways[s]]
        state.discard.extend(side)
        back = state.viewing[s] + state.ctbp[s] + [c for slot in state.tables[s] for c in slot.cards]
        state.stash[s] = back + state.stash[s][state.sideways[s]:]
        state.sideways[s] = 0
        state.viewing[s], state.ctbp[s], state.tables[s], state.declared[s] = [], [], [], ()
    state.discard.extend(state.transit)
    state.transit = []
    forget_all(state)
    _reset(state)
    state.hand_no += 1
    if state.hand_no > state.options["hands"]:
        return game_over(state, Ending.PLAYED_OUT, f"{plural(state.options['hands'], 'hand')} played")
    state.dealer = (state.dealer + 1) % state.players
    return begin_hand(state)


def _reset(state: BState) -> None:
    state.frames, state.ask, state.follow, state.control = [], None, None, None
    state.window.close()
    state.offers, state.answers, state.about = {}, {}, None
    state.armed_j, state.turn_over, state.ring, state.exempt = False, False, [], frozenset()
    state.skip, state.nines = False, ()
    state.emptied = frozenset()


def game_over(state: BState, how: Ending, reason: str) -> list[Event]:
    """The most cards in stash wins (BP-1.6); a tie shares the win. ``reason``: ``how`` in the words
    the game has always said it with (its numbers)."""
    _reset(state)
    state.over, state.phase, state.reason, state.ending = True, OVER, reason, how
    size = [len(state.stash[s]) for s in range(state.players)]
    top = max(size)
    state.winners = tuple(s for s in range(state.players) if size[s] == top)
    return [event("over", None, {"reason": reason, "winners": state.winners, "stashes": tuple(size)})]

