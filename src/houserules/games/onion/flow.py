"""Carrying out Cripple Mr Onion: the round from shuffle to showdown, the
Dealership changing hands, and the match around the rounds.

Every function appends to an event list and mutates the state in place;
whether an action is legal has already been settled by ``rules``. The
stages of a round follow CMO-4 .. CMO-5 in order; ``proceed`` names the
stage that has just finished and starts the next, so that the Dealership
auction (which interrupts whatever stage the Dealer folded in) can resume
the round where it left off.

The functions named ``on_<phase>_<kind>`` carry out one kind of action in
one phase, all with one signature (state, action, its resolved argument,
events): ``phases.PHASES`` lists them, one record per phase.
"""

from __future__ import annotations

from typing import Any

from ...cards import shuffle
from ...engine.core import Action, Event, event
from ...engine.seniority import left_of
from . import groupings as G
from . import modifiers, solver
from .cards import canonical, full_deck, names
from .ranking import place_of
from .state import LAST_PARTS, NO_RAISE_PARTS, OnionState, Phase, offer_cost, seniority_order

FIRST_HALF = 5


# --- the match ----------------------------------------------------------------
def start_round(state: OnionState, events: list[Event]) -> None:
    """Shuffle, cut, ante and deal the first five cards (CMO-4.1 .. CMO-4.3).
    After a round in which everybody folded, the Pot carried over is the
    ante and nobody antes again (CMO-5.4, CMO-5.8)."""
    led = state.ledger
    for s in range(state.players):
        if not state.out[s] and led.chips[s] < state.stake:
            state.out[s] = True  # CMO-1.3: cannot pay the ante
            events.append(event("out", s, {"chips": led.chips[s]}))
    active = [s for s in range(state.players) if not state.out[s]]
    if len(active) <= 1 or state.round >= state.rounds:
        end_match(state, events, "one player left" if len(active) <= 1 else "round limit")
        return
    state.round += 1
    if state.out[state.dealer]:
        state.dealer = left_of(state.dealer, state.players, [not o for o in state.out])
    state.order = seniority_order(state)
    state.folded = [False] * state.players
    state.hands = [[] for _ in range(state.players)]
    state.face_up = [[] for _ in range(state.players)]
    state.declared = [None] * state.players
    state.part = state.bid = state.bought = state.high_bid = 0
    state.offer_from = -1
    state.bidders = []
    state.wild_round = modifiers.on(state, 1) and state.null_played  # #1ii: the round after a null eight
    state.wild_rounds += state.wild_round
    state.null_played = False
    state.reset_specials()
    deck = full_deck()
    shuffle(state.rng, deck)
    cut = state.rng.randrange(1, len(deck))  # the Younger's cut (CMO-H2)
    state.deck = deck[cut:] + deck[:cut]
    state.discards = []
    order = state.order
    events.append(event("round", None, {"round": state.round, "dealer": order[0], "elder": order[1],
                                        "younger": order[-1], "cut": cut}))
    if state.last is None or state.last["winner"] is not None:  # a carried Pot "becomes the ante" (CMO-5.8)
        for s in order:
            led.pay(s, state.stake)
        events.append(event("ante", None, {"stake": state.stake, "pot": led.pot}))
    for first, rest in ((2, 3), (3, 2)):  # CMO-4.3: 2 to the Dealer, 3 to the others; then 3 and 2
        deal(state, order[0], first)
        for s in order[1:]:
            deal(state, s, rest)
    for s in order:
        events.append(event("deal", s, {"count": FIRST_HALF}, {"cards": names(state.hands[s], state.marks)}))
        modifiers.on_dealt(state, s, state.hands[s], events)
    state.phase = Phase.DRAW
    state.queue = order[1:] + order[:1]  # Elder to Younger, the Dealer last (CMO-4.4)
    state.turn = state.queue[0]


def deal(state: OnionState, seat: int, count: int, face_up: bool = False) -> list[int]:
    cards = [state.deck.pop() for _ in range(count)]
    state.hands[seat].extend(cards)
    if face_up:
        state.face_up[seat].extend(cards)
    return cards


def end_match(state: OnionState, events: list[Event], reason: str) -> None:
    """The match is over: the most chips win (CMO-1.3)."""
    chips = state.ledger.chips
    top = max(chips)
    state.winners = tuple(s for s in range(state.players) if chips[s] == top)
    state.over = True
    state.phase = Phase.OVER
    state.queue = []
    events.append(event("over", None, {"reason": reason, "winners": list(state.winners), "chips": list(chips)}))


def end_round(state: OnionState, events: list[Event], winner: int | None, how: str) -> None:
    """The Pot goes to the winner, who becomes the Dealer; or it carries over (CMO-5.6)."""
    led = state.ledger
    led.collect()
    data: dict[str, Any] = {"how": how, "round": state.round}
    if winner is None:
        data["pot"] = led.pot  # becomes the ante of the next round
        events.append(event("carry", None, data))
    else:
        data["pot"] = led.award(winner)
        state.dealer = winner
        events.append(event("win", winner, data))
    state.last = {"winner": winner, **data}
    start_round(state, events)


# --- moving on ------------------------------------------------------------------
def proceed(state: OnionState, events: list[Event], finished: str) -> None:
    """Start the stage after ``finished``; a player left alone takes the Pot (CMO-H4)."""
    alone = state.in_round
    if len(alone) == 1:
        end_round(state, events, alone[0], "everyone else folded")
        return
    if finished == "draw":
        begin_part(state, events, 1)
    elif finished in ("part1", "part2", "part4"):
        begin_part(state, events, int(finished[-1]) + 1)
    elif finished == "part3":
        begin_second_five(state, events)
    elif finished == "consider":
        begin_part(state, events, LAST_PARTS[0])
    else:  # part5
        begin_showdown(state)


def next_turn(state: OnionState) -> bool:
    """Move to the next seat of the queue; False when the queue is empty."""
    if state.queue:
        state.queue.pop(0)
    if state.queue:
        state.turn = state.queue[0]
        return True
    return False


def fold(state: OnionState, seat: int, events: list[Event]) -> None:
    state.folded[seat] = True
    state.discards.extend(state.hands[seat])
    state.hands[seat] = []
    state.face_up[seat] = []
    events.append(event("fold", seat))


# --- the draw (CMO-4.4) -----------------------------------------------------------
def on_draw_discard(state: OnionState, action: Action, cards: list[int], events: list[Event]) -> None:
    seat = action.seat
    hand = state.hands[seat]
    for c in cards:
        hand.remove(c)
    put = canonical(cards)  # one order whichever order they were named in: the reshuffle depends on it
    state.discards.extend(put)
    new = deal(state, seat, len(cards))
    events.append(event("draw", seat, {"count": len(cards)}, {"discarded": names(put, state.marks),
                                                              "cards": names(new, state.marks)}))
    modifiers.on_dealt(state, seat, new, events)
    drawn(state, events)


def on_draw_fold(state: OnionState, action: Action, arg: None, events: list[Event]) -> None:
    """Folding by discarding all five; the Dealer, who draws last, folds into the auction."""
    if action.seat == state.order[0]:
        dealer_folds(state, events, "draw")
        return
    fold(state, action.seat, events)
    if not alone(state, events):
        drawn(state, events)


def drawn(state: OnionState, events: list[Event]) -> None:
    if not next_turn(state):
        proceed(state, events, "draw")


# --- betting parts (CMO-4.5, CMO-5.5) -----------------------------------------------
def begin_part(state: OnionState, events: list[Event], part: int) -> None:
    state.part = part
    state.bid = 0
    dealer_decides(state, Phase.NAME)
    events.append(event("part", None, {"part": part}))


def on_name_bet(state: OnionState, action: Action, amount: int, events: list[Event]) -> None:
    dealer = state.order[0]
    limited = bool(state.house.fires)
    if limited:
        announce(state, "bet", dealer, events)
    state.ledger.pay(dealer, amount)
    state.bid = amount
    events.append(event("bet", dealer, {"amount": amount, "part": state.part}))
    if limited and state.part not in NO_RAISE_PARTS:
        announce(state, "raise", None, events)
    state.phase = Phase.ANSWER
    state.queue = [s for s in state.in_round if s != dealer]
    state.turn = state.queue[0]


#: the stage before each part of the betting: where a round resumes when the Dealer folded naming it
BEFORE_PART = {1: "draw", 2: "part1", 3: "part2", 4: "consider", 5: "part4"}


def on_name_fold(state: OnionState, action: Action, arg: None, events: list[Event]) -> None:
    """A Dealer who cannot pay the least bet the table asks (a house book's, CMO-HR5) folds; the
    Dealership is auctioned and the part begins again under the new Dealer (CMO-5.7)."""
    announce(state, "bet", state.order[0], events)
    dealer_folds(state, events, BEFORE_PART[state.part])


def announce(state: OnionState, kind: str, seat: int | None, events: list[Event]) -> None:
    """The house rules limiting ``kind`` now (at this part and round) fire: their ``house`` events,
    before the decision they limit (CMO-HR6)."""
    fires = state.house.fires.get(kind)
    if fires:
        for f in fires:
            if f.holds(state.part, state.round):
                events.append(event("house", seat, f.said))


def on_answer_match(state: OnionState, action: Action, amount: int | None, events: list[Event]) -> None:
    """A player matches the Dealer's bid, and with ``raise`` raises near the Pot."""
    seat, led = action.seat, state.ledger
    led.pay(seat, state.bid)
    raised = amount or 0
    if raised:
        led.stake(seat, raised)  # near the Pot: only the Dealer must match it
    events.append(event(action.kind, seat, {"amount": state.bid, "raise": raised}))
    answered(state, events)


def on_answer_fold(state: OnionState, action: Action, arg: None, events: list[Event]) -> None:
    fold(state, action.seat, events)
    if not alone(state, events):
        answered(state, events)


def answered(state: OnionState, events: list[Event]) -> None:
    """After a player matched, raised or folded: the next player, or the
    Dealer facing the collective raise, or the next stage."""
    if next_turn(state):
        return
    if sum(state.ledger.staked):
        dealer_decides(state, Phase.COVER)
        return
    proceed(state, events, f"part{state.part}")


def dealer_decides(state: OnionState, phase: Phase) -> None:
    """The next decision is the Dealer's alone."""
    state.phase = phase
    state.turn = state.order[0]
    state.queue = [state.order[0]]


def on_cover_match(state: OnionState, action: Action, arg: None, events: list[Event]) -> None:
    """The Dealer matches the collective raise (CMO-4.5)."""
    led, dealer = state.ledger, state.order[0]
    events.append(event("match", dealer, {"amount": led.cover_all(dealer)}))
    proceed(state, events, f"part{state.part}")


def on_cover_fold(state: OnionState, action: Action, arg: None, events: list[Event]) -> None:
    """The Dealer folds rather than match the collective raise (CMO-4.5)."""
    state.ledger.return_stakes()  # raises were only near the Pot (CMO-H5)
    dealer_folds(state, events, f"part{state.part}")


# --- the second five cards (CMO-5.1 .. CMO-5.3) -------------------------------------
def begin_second_five(state: OnionState, events: list[Event]) -> None:
    dealer = state.order[0]
    cards = deal(state, dealer, FIRST_HALF)
    events.append(event("deal", dealer, {"count": FIRST_HALF}, {"cards": names(cards, state.marks)}))
    modifiers.on_dealt(state, dealer, cards, events)
    state.queue = [s for s in state.in_round if s != dealer]
    begin_buying(state)


def begin_buying(state: OnionState) -> None:
    state.phase = Phase.BUY
    state.bought = 0
    state.turn = state.queue[0]


def on_buy_buy(state: OnionState, action: Action, arg: None, events: list[Event]) -> None:
    seat = action.seat
    state.ledger.pay(seat, state.stake)
    card = deal(state, seat, 1)
    state.bought += 1
    events.append(event("buy", seat, {"price": state.stake, "bought": state.bought},
                        {"cards": names(card, state.marks)}))
    modifiers.on_dealt(state, seat, card, events)
    if state.bought == FIRST_HALF:
        on_buy_stop(state, action, None, events)


def on_buy_stop(state: OnionState, action: Action, arg: None, events: list[Event]) -> None:
    """The rest of the ten cards are dealt face up and stay so (CMO-5.2)."""
    seat = action.seat
    up = deal(state, seat, FIRST_HALF - state.bought, face_up=True)
    events.append(event("face-up", seat, {"cards": names(up, state.marks), "bought": state.bought}))
    modifiers.on_dealt(state, seat, up, events)
    state.phase = Phase.EXTRA


def on_extra_extra(state: OnionState, action: Action, amount: int, events: list[Event]) -> None:
    announce(state, "extra", action.seat, events)
    state.ledger.stake(action.seat, amount)
    events.append(event("extra", action.seat, {"amount": amount}))
    if next_turn(state):
        begin_buying(state)
        return
    dealer_decides(state, Phase.CONSIDER)


def on_consider_match(state: OnionState, action: Action, arg: None, events: list[Event]) -> None:
    """The Dealer matches the extra bets (CMO-5.3)."""
    dealer = state.order[0]
    events.append(event("match", dealer, {"amount": state.ledger.cover_all(dealer), "extra": True}))
    proceed(state, events, "consider")


def on_consider_pass(state: OnionState, action: Action, arg: None, events: list[Event]) -> None:
    """The Dealer passes the Dealership left (CMO-5.4)."""
    dealer = state.order[0]
    state.offer_from = dealer
    state.queue = [s for s in state.in_round if s != dealer]
    state.phase = Phase.OFFER
    state.turn = state.queue[0]
    events.append(event("pass", dealer, {"cost": offer_cost(state, state.turn)}))


def on_offer_accept(state: OnionState, action: Action, arg: None, events: list[Event]) -> None:
    seat, led = action.seat, state.ledger
    cost = offer_cost(state, seat)
    led.pay(seat, cost)
    led.collect()  # the acceptor's own extra bet is lost to the Pot
    events.append(event("accept", seat, {"amount": cost}))
    become_dealer(state, seat, events)
    proceed(state, events, "consider")


def on_offer_pass(state: OnionState, action: Action, arg: None, events: list[Event]) -> None:
    events.append(event("pass", action.seat))
    if next_turn(state):
        return
    # full circle: everybody folds, the Pot carries over, the Dealer stays (CMO-5.4); nobody
    # matched the extra bets, so each goes back to its player (**House rule** CMO-H8)
    state.ledger.return_stakes()
    state.dealer = state.offer_from
    end_round(state, events, None, "the Dealership went full circle")


def become_dealer(state: OnionState, seat: int, events: list[Event]) -> None:
    state.dealer = seat
    state.order = seniority_order(state)
    events.append(event("dealer", seat, {"elder": state.order[1], "younger": state.order[-1]}))


# --- the Dealership auction (CMO-5.7) ---------------------------------------------
def dealer_folds(state: OnionState, events: list[Event], finished: str) -> None:
    dealer = state.order[0]
    fold(state, dealer, events)
    left = state.in_round
    if len(left) == 1:
        end_round(state, events, left[0], "everyone else folded")
        return
    state.bidders = left
    state.high_bid = 0
    state.resume = finished
    state.queue = []
    state.phase = Phase.AUCTION
    state.turn = left[0]
    events.append(event("auction", None, {"bidders": tuple(left)}))  # a copy: the auction pops bidders
    announce(state, "bid", None, events)


def on_auction_bid(state: OnionState, action: Action, amount: int, events: list[Event]) -> None:
    seat, led, bidders = action.seat, state.ledger, state.bidders
    led.stake(seat, amount - led.staked[seat])
    state.high_bid = amount
    events.append(event("bid", seat, {"amount": amount}))
    auction_goes_on(state, events, bidders[(bidders.index(seat) + 1) % len(bidders)])


def on_auction_decline(state: OnionState, action: Action, arg: None, events: list[Event]) -> None:
    seat, bidders = action.seat, state.bidders
    at = bidders.index(seat)
    paid = state.ledger.collect_one(seat)  # a decliner's own bid goes into the Pot
    bidders.pop(at)
    events.append(event("decline", seat, {"paid": paid}))
    auction_goes_on(state, events, bidders[at % len(bidders)] if bidders else -1)


def auction_goes_on(state: OnionState, events: list[Event], nxt: int) -> None:
    """After a bid or a decline: nobody left (the Pot carries over), one bidder
    left holding the high bid (the new Dealer, and the round resumes), or the
    next bidder ``nxt``."""
    led, bidders = state.ledger, state.bidders
    if not bidders:
        state.dealer = state.order[0]
        end_round(state, events, None, "nobody bid for the Dealership")
        return
    if len(bidders) == 1 and led.staked[bidders[0]] == state.high_bid and state.high_bid:
        winner = bidders[0]
        led.collect_one(winner)
        events.append(event("auction-won", winner, {"amount": state.high_bid}))
        finished, state.resume = state.resume, ""
        state.bidders = []
        state.high_bid = 0
        become_dealer(state, winner, events)
        proceed(state, events, finished)
        return
    state.turn = nxt


# --- the showdown (CMO-5.6) ---------------------------------------------------------
def from_the_elder(state: OnionState) -> None:
    """The players still in are asked in turn from the Elder, the Dealer last."""
    left = state.in_round
    state.queue = left[1:] + left[:1]
    state.turn = state.queue[0]


def begin_showdown(state: OnionState) -> None:
    """From the Elder onward, the Dealer last; first a round of special-card
    declarations if the amendment is played (CMO-8.2)."""
    from_the_elder(state)
    declaring = modifiers.uses_specials(state) and state.options["declaration_round"]
    state.phase = Phase.SPECIALS if declaring else Phase.SHOWDOWN


def on_special(state: OnionState, action: Action, arg: None, events: list[Event]) -> None:
    """A special card declared, in the declaration round or at a showdown turn (CMO-6)."""
    modifiers.declare_special(state, action.seat, action.card, events)


def on_specials_done(state: OnionState, action: Action, arg: None, events: list[Event]) -> None:
    """A player is done declaring. The declaration round goes round again
    while anyone declared in it, so that one card may answer another (Fate
    after the Lady, the Lady after Fate; **House rule** CMO-H20)."""
    if next_turn(state):
        return
    again, state.circuit_declared = state.circuit_declared, False
    from_the_elder(state)
    if not again:
        state.phase = Phase.SHOWDOWN


def on_choose(state: OnionState, action: Action, card: int, events: list[Event]) -> None:
    modifiers.choose(state, action.seat, card, events)


def on_reveal(state: OnionState, action: Action, card: int, events: list[Event]) -> None:
    modifiers.reveal(state, action.seat, card, events)


def on_declare(state: OnionState, action: Action, declared: solver.Arrangement | solver.RunningFlush,
               events: list[Event]) -> None:
    """An arrangement shown, or a running flush declared to cripple instead (#0)."""
    seat = action.seat
    if isinstance(declared, solver.RunningFlush):
        state.cripples[seat] = declared  # #0: instead of an arrangement
        state.declared[seat] = solver.Arrangement((), (), 0, declared)
        events.append(event("cripple", seat, {"length": declared.length,
                                              "cards": names(declared.cards, state.marks),
                                              "hand": names(canonical(state.hands[seat]), state.marks)}))
    else:
        state.declared[seat] = declared
        events.append(event("declare", seat, {**declared.to_json(state.marks),
                                              "hand": names(canonical(state.hands[seat]), state.marks)}))
    state.epoch[seat] = state.devaluations
    showdown_turn_done(state, events)


def on_cripple_pass(state: OnionState, action: Action, arg: None, events: list[Event]) -> None:
    """A player asked in the cripple window does not cripple (CMO-H19)."""
    events.append(event("pass", action.seat))
    showdown_turn_done(state, events)


def showdown_turn_done(state: OnionState, events: list[Event]) -> None:
    """After a declaration (or a pass in the cripple window): the next player;
    then the reforms, then the cripple window, then the Pot."""
    if next_turn(state) or reform_turns(state) or cripple_turns(state):
        return
    settle(state, events)


def reform_turns(state: OnionState) -> bool:
    """CMO-8.1 (amendment): a player whose arrangement a later special card
    devalued may sort their cards again, once."""
    if not state.options["reform"] or state.phase != Phase.SHOWDOWN:
        return False
    again = [s for s in state.in_round if state.cripples[s] is None and not state.reformed[s]
             and state.epoch[s] < state.devaluations and affected(state, s)]
    if not again:
        return False
    for s in again:
        state.reformed[s] = True
    state.queue = again
    state.turn = again[0]
    return True


def shown(state: OnionState, seat: int) -> solver.Arrangement:
    """The arrangement ``seat`` has declared (asked only once it has)."""
    declared = state.declared[seat]
    assert declared is not None, f"seat {seat} has not declared"
    return declared


def affected(state: OnionState, seat: int) -> bool:
    """Whether the special cards declared since ``seat`` declared made its
    arrangement worth less ("the people whose hands are affected", CMO-8.1)."""
    declared = shown(state, seat)
    return rejudge(state, seat, declared).value < declared.value


def cripple_turns(state: OnionState) -> bool:
    """#0: a running flush "may be used to cripple a Great Onion ... if played
    after a Great Onion": once every arrangement is shown, each player who
    has not crippled and may (mostly one whose turn came before the Onion
    was declared) is asked, from the Elder round to the Dealer, to cripple
    or pass
    (**House rule** CMO-H19)."""
    if state.phase == Phase.CRIPPLE:
        return False
    left = state.in_round
    asked = [s for s in left[1:] + left[:1]
             if state.cripples[s] is None and modifiers.cripple_option(state, s) is not None]
    if not asked:
        return False
    state.phase = Phase.CRIPPLE
    state.queue = asked
    state.turn = asked[0]
    return True


def settle(state: OnionState, events: list[Event]) -> None:
    """Judge the declarations under the round's final situation and pay the Pot."""
    left = state.in_round
    for s in left:
        if state.cripples[s] is None and state.epoch[s] < state.devaluations:
            state.declared[s] = rejudge(state, s, shown(state, s))  # **House rule** CMO-H16
    if any(g.nulls for s in left for g in shown(state, s).groupings):
        state.null_played = True  # #1ii: eights are wild next round
    showing = [s for s in left if state.cripples[s] is None]
    best_seat = max(showing, key=lambda s: shown(state, s).value) if showing else None  # seniority wins ties
    top = shown(state, best_seat).groupings[:1] if best_seat is not None else ()
    # #0: a running flush beats the Onion it cripples, and so everybody, unless the best hand is
    # one it cannot cripple (the Octavo, #3); ten cards beat nine, then seniority (CMO-H17)
    flushes = {s: flush for s in left if (flush := state.cripples[s]) is not None
               and (not top or modifiers.cripples(state, flush, top[0]))}
    ranked(state, showing, events)
    if flushes:
        winner = max(flushes, key=lambda s: flushes[s].length)
        end_round(state, events, winner, f"{flushes[winner].length}-card running flush")
        return
    assert best_seat is not None
    end_round(state, events, best_seat, shown(state, best_seat).top or "nothing")


def ranked(state: OnionState, showing: list[int], events: list[Event]) -> None:
    """The house rules that moved a grouping one of ``showing`` shows fire, as the hands are
    compared (CMO-HR3): their ``house`` events, before the Pot is paid."""
    if not state.house.moves:
        return
    places = {place_of(g.kind) for s in showing for g in shown(state, s).groupings}
    for said, moved in state.house.moves:
        if moved & places:
            events.append(event("house", None, said))


def rejudge(state: OnionState, seat: int, a: solver.Arrangement) -> solver.Arrangement:
    """What is left of arrangement ``a`` under the round's final rules
    (**House rule** CMO-H16): each grouping still real stays (judged with the
    player's Great A'Tuin shift or Elephants, if those still stand), and
    while the whole is not (the Lady's budget of elevens) the weakest goes."""
    rules = modifiers.rules_for(state, seat)
    hand = state.hands[seat]

    def judged(declared: list[tuple[str, tuple[int, ...]]]) -> solver.Arrangement | str:
        return solver.judge_any(hand, declared, rules)

    declared = list(a.declaration())
    atuin = [d for d in declared if d[0] in (solver.SHIFT, G.ELEPHANTS)]
    if atuin and not isinstance(judged(atuin), solver.Arrangement):
        atuin = []
    kept = [d for d in declared if d not in atuin and isinstance(judged(atuin + [d]), solver.Arrangement)]
    again = judged(atuin + kept)
    while not isinstance(again, solver.Arrangement) and kept:
        kept.pop()  # the weakest
        again = judged(atuin + kept)
    return again if isinstance(again, solver.Arrangement) else solver.Arrangement((), tuple(hand), 0)


def alone(state: OnionState, events: list[Event]) -> bool:
    """A player left alone in the round takes the Pot at once (CMO-H4)."""
    left = state.in_round
    if len(left) == 1:
        end_round(state, events, left[0], "everyone else folded")
        return True
    return False
