"""Card rules 1 to 7 (seed 000, L210-580): one record and a few steps per card.

Each record names its clause (docs/rules/bpoker.md); each step is small and
ends by scheduling what follows or by asking a seat (machine.ask). Shared
helpers for naming targets live in ``targets``.
"""

from __future__ import annotations

from ...engine.core import Event, event
from .cards import (
    BLACK1,
    CLUBS,
    DIAMONDS,
    HEARTS,
    RED1,
    SPADES,
    card_name,
    is_red,
    parse_card,
    spoken,
)
from .catalogue import ANY, CardRule, card_rule
from .declare import best_formable, declared_key
from .looks import moved, saw, traded
from .machine import ask, player_of, push, step
from .play import NOBODY, Ctx, enter, forced_by_opponent, replay
from .reactions import guard, magic_stops, spent
from .state import TURN, BState, Frame, Slot
from .targets import (
    name_seat,
    opponents,
    own_slot,
    parse_seat,
    slot_named,
)
from .tiles import immune
from .zones import can_pay, carry, face, fee, find, from_stash, lift, pay, targetable, value


# --- 1s (L210-275) -----------------------------------------------------------------------
@step("1B")
def _one_black(state: BState, f: Frame) -> list[Event]:
    """1 of Black: the 1 goes to the pot; two stash cards go to your cards-to-be-played."""
    ctx: Ctx = f.data[0]
    events = lift(state, ctx.card)
    state.pot.append(ctx.card)
    got = from_stash(state, f.seat, 2)
    state.ctbp[f.seat].extend(got)
    return events + [event("to-be-played", f.seat, {"count": len(got), "from": "stash"})]


@step("1R")
def _one_red(state: BState, f: Frame) -> list[Event]:
    """1 of Red: a random card from any player's stash, played as if he had forced it on you."""
    choices = [name_seat(s) for s in state.live() if state.stash[s]]
    return ask(state, f.seat, "BP-1R", "take a random card from whose stash", choices, "1R.guard", f.data[0])


@step("1R.guard")
def _one_red_guard(state: BState, f: Frame) -> list[Event]:
    ctx, choice = f.data
    victim = parse_seat(choice)
    return guard(state, [victim], "1R.take", f.seat, ctx, victim, clause="BP-1R", card=ctx.said,
                 says=f"seat {f.seat}'s {ctx.said} takes a random card of seat {victim}'s stash")


@step("1R.take")
def _one_red_take(state: BState, f: Frame) -> list[Event]:
    _, victim, answers = f.data
    stop = magic_stops(state, f.seat, answers, "BP-1R")
    if stop is not None:
        return stop
    stash = state.stash[victim]
    i = state.rng.randrange(len(stash))
    card = stash.pop(i)
    if i < state.sideways[victim]:
        state.sideways[victim] -= 1
    state.transit.append(card)
    enter(state, f.seat, card, victim)
    return [event("took-random", f.seat, {"from": victim, "card": card_name(card)})]


def _split_sizes(n: int) -> list[str]:
    return [str(k) for k in range(n + 1)]


@step("1C")
def _one_clubs(state: BState, f: Frame) -> list[Event]:
    """1♣: the player on your left splits your stash in two; you put one pile in the pot."""
    left = state.left_of(f.seat)
    return ask(state, left, "BP-1C", f"split seat {f.seat}'s stash: how many cards in the first pile",
               _split_sizes(len(state.stash[f.seat])), "1C.split", f.data[0], owner=f.seat)


@step("1C.split")
def _one_clubs_split(state: BState, f: Frame) -> list[Event]:
    ctx, k = f.data
    return ask(state, f.seat, "BP-1C", "which pile goes to the pot", ("first", "second"), "1C.put", ctx, int(k),
               auto=False)


def _piles(cards: list[int], k: int) -> tuple[list[int], list[int]]:
    """A face-down pile split: the first pile is the top ``k`` cards."""
    return cards[len(cards) - k:], cards[:len(cards) - k]


@step("1C.put")
def _one_clubs_put(state: BState, f: Frame) -> list[Event]:
    _, k, which = f.data
    first, second = _piles(state.stash[f.seat], min(k, len(state.stash[f.seat])))
    gone, kept = (first, second) if which == "first" else (second, first)
    state.stash[f.seat] = kept
    state.sideways[f.seat] = min(state.sideways[f.seat], len(kept))
    state.pot.extend(gone)
    return [event("to-pot", f.seat, {"count": len(gone), "from": "stash"})]


@step("1D")
def _one_diamonds(state: BState, f: Frame) -> list[Event]:
    """1♦: the player on your left splits the pot in two; you add one pile to your stash."""
    left = state.left_of(f.seat)
    return ask(state, left, "BP-1D", "split the pot: how many cards in the first pile",
               _split_sizes(len(state.pot)), "1D.split", f.data[0], owner=f.seat)


@step("1D.split")
def _one_diamonds_split(state: BState, f: Frame) -> list[Event]:
    ctx, k = f.data
    return ask(state, f.seat, "BP-1D", "which pile do you take", ("first", "second"), "1D.take", ctx, int(k),
               auto=False)


@step("1D.take")
def _one_diamonds_take(state: BState, f: Frame) -> list[Event]:
    _, k, which = f.data
    first, second = _piles(state.pot, min(k, len(state.pot)))
    took, left = (first, second) if which == "first" else (second, first)
    state.pot = left
    state.stash[f.seat].extend(took)
    return [event("from-pot", f.seat, {"count": len(took)})]


@step("1H")
def _one_hearts(state: BState, f: Frame) -> list[Event]:
    """1♥: every wild on every table goes to the pot, no-effect or tiled (L261-263); an opponent
    whose wilds it would take may stop that with Magic (L686-690)."""
    ctx: Ctx = f.data[0]
    victims = [s for s in opponents(state, f.seat) if any(x.wild for x in state.tables[s])]
    return guard(state, victims, "1H.go", f.seat, ctx, clause="BP-1H", card=ctx.said,
                 says=f"seat {f.seat}'s {ctx.said}: every wild on every table goes to the pot")


@step("1H.go")
def _one_hearts_go(state: BState, f: Frame) -> list[Event]:
    exempt, events = spent(state, f.data[1])
    wilds = [s.top for seat, t in enumerate(state.tables) if seat not in exempt for s in t if s.wild]
    for card in wilds:
        events += lift(state, card)
        state.pot.append(card)
    return events + [event("wilds-to-pot", f.seat, {"cards": tuple(card_name(c) for c in wilds)})]


@step("1S")
def _one_spades(state: BState, f: Frame) -> list[Event]:
    """1♠: look at every viewing hand; trade yours with one of them, or keep it."""
    seen = tuple((s, tuple(card_name(c) for c in state.viewing[s])) for s in state.live() if s != f.seat)
    for s, _ in seen:
        saw(state, f.seat, s)
    events = [event("looked", f.seat, {"at": tuple(s for s, _ in seen)}, {"hands": seen})]
    choices = ["keep"] + [name_seat(s) for s, _ in seen]
    return events + ask(state, f.seat, "BP-1S", "trade viewing hands with", choices, "1S.guard", f.data[0])


@step("1S.guard")
def _one_spades_guard(state: BState, f: Frame) -> list[Event]:
    ctx, choice = f.data
    if choice == "keep":
        return []
    other = parse_seat(choice)
    return guard(state, [other], "1S.trade", f.seat, ctx, other, clause="BP-1S", card=ctx.said,
                 says=f"seat {f.seat}'s {ctx.said} trades viewing hands with seat {other}")


@step("1S.trade")
def _one_spades_trade(state: BState, f: Frame) -> list[Event]:
    _, other, answers = f.data
    stop = magic_stops(state, f.seat, answers, "BP-1S")
    if stop is not None:
        return stop
    state.viewing[f.seat], state.viewing[other] = state.viewing[other], state.viewing[f.seat]
    traded(state, f.seat, other)
    return [event("traded-viewing", f.seat, {"with": other})]


card_rule(1, (BLACK1,), CardRule("BP-1B", "1 of Black (a Joker)", "1B"))
card_rule(1, (RED1,), CardRule("BP-1R", "1 of Red", "1R"))
card_rule(1, (CLUBS,), CardRule("BP-1C", "1♣", "1C"))
card_rule(1, (DIAMONDS,), CardRule("BP-1D", "1♦", "1D"))
card_rule(1, (HEARTS,), CardRule("BP-1H", "1♥", "1H"))
card_rule(1, (SPADES,), CardRule("BP-1S", "1♠", "1S"))


# --- 2s (L277-324) -------------------------------------------------------------------------
def _two_options(state: BState, seat: int, variant: str) -> list[str]:
    """What a 2 may take (L283-307): a 2♥ no 2♥ (L296), nor a card a house book has follow the
    2♥'s rule (BP-HR2: a card following it may not take one that does, by face as the chapter's)."""
    opts: list[str] = []
    rule = state.house.rule_for
    for opp in opponents(state, seat):
        table = state.tables[opp]
        if "D" in variant:
            opts += [card_name(s.top) for s in table if not immune(s, 2)]  # protected, no-effect too; no 6+6+6
            free = [s for s in table if targetable(s)]
            opts += [f"{card_name(a.top)}+{card_name(b.top)}" for i, a in enumerate(free) for b in free[i + 1:]]
        else:
            opts += [card_name(s.top) for s in table
                     if targetable(s) and not (variant == "H" and _clause(rule(face(s.top))) == "BP-2H")]
    return opts


def _clause(rule: CardRule | None) -> str:
    return "" if rule is None else rule.clause


def _two(variant: str, clause: str) -> str:
    name = f"2{variant}"

    @step(name)
    def start(state: BState, f: Frame) -> list[Event]:
        opts = _two_options(state, f.seat, variant)
        if variant == "C" and state.declared[f.seat] and can_pay(state, f.seat, fee(state, f.seat, 3)):
            opts += [f"hands:{name_seat(s)}" for s in opponents(state, f.seat) if state.declared[s]]
        if not opts:
            return [event("lost", f.seat, {"clause": clause, "why": "nothing to trade for"})]
        return ask(state, f.seat, clause, "trade the 2 for", ["skip", *opts], "2.guard", f.data[0], variant,
                   auto=False)

    return name


@step("2.guard")
def _two_guard(state: BState, f: Frame) -> list[Event]:
    ctx, variant, choice = f.data
    if choice == "skip":
        return []
    if choice.startswith("hands:"):
        victim = parse_seat(choice[len("hands:"):])
        push(state, "2C.hands", f.seat, ctx, victim)
        pay(state, f.seat, fee(state, f.seat, 3), "pot", "BP-2C")
        return []
    first = find(state, parse_card(choice.split("+")[0]))
    assert first is not None
    taking = " and ".join(spoken(parse_card(c)) for c in choice.split("+"))
    return guard(state, [first[0]], "2.swap", f.seat, ctx, variant, choice, clause="BP-2", card=ctx.said,
                 says=f"seat {f.seat}'s {ctx.said} takes {taking} from seat {first[0]}'s table")


@step("2.swap")
def _two_swap(state: BState, f: Frame) -> list[Event]:
    """Put the 2 on his table and what it takes on yours (L283-284); a 2♥'s take is played (L294-295)."""
    ctx, variant, choice, answers = f.data
    taken = [parse_card(c) for c in choice.split("+")]
    where = find(state, taken[0])
    gone = where is None or own_slot(state, f.seat, ctx.card) is None
    stop = magic_stops(state, f.seat, answers, "BP-2", "the trade was stopped", failed=gone)
    if stop is not None:
        return stop
    assert where is not None  # a missing card stopped the trade above
    victim = where[0]
    events = lift(state, ctx.card)
    state.tables[victim].append(Slot([ctx.card]))
    for card in taken:
        slot = find(state, card)
        assert slot is not None
        if "H" in variant and len(slot[1].cards) > 1:  # 2♥+2♦ took a tile: it is replayed whole (L67-68, L969)
            events += carry(state, card, f.seat) + replay(state, f.seat, slot[1])
        elif "H" in variant:  # a 2♥ or 2♥+2♦: what it takes is played (L294-295, L967-972), so Magic may meet it
            events += lift(state, card)
            state.transit.append(card)
            enter(state, f.seat, card)
        else:  # put on your table, marks and all: a wild, a sideways card, a whole tile (L283-284, L303-306)
            events += carry(state, card, f.seat)
    return events + [event("traded", f.seat, {"gave": card_name(ctx.card), "to": victim,
                                              "took": tuple(card_name(c) for c in taken)})]


@step("2C.hands")
def _two_clubs_hands(state: BState, f: Frame) -> list[Event]:
    ctx, victim = f.data
    return guard(state, [victim], "2C.demand", f.seat, ctx, victim, clause="BP-2C", card=ctx.said,
                 says=f"seat {f.seat}'s {ctx.said} trades declared hands with seat {victim}")


@step("2C.demand")
def _two_clubs_demand(state: BState, f: Frame) -> list[Event]:
    """The receiver may make you declare a higher hand before it passes (L317-320)."""
    ctx, victim, answers = f.data
    stop = magic_stops(state, f.seat, answers, "BP-2C")
    if stop is not None:
        return stop
    key, _ = best_formable(state, f.seat)
    if key > declared_key(state, f.seat):
        return ask(state, victim, "BP-2C", f"make seat {f.seat} pass the best hand seat {f.seat} could form instead",
                            ("demand", "accept"), "2C.swap", ctx, victim, owner=f.seat, auto=False)
    push(state, "2C.swap", f.seat, ctx, victim, "accept")
    return []


def _hand_to(state: BState, cards: set[int], src: int, dst: int) -> list[Event]:
    """A 5-card poker hand traded (L313-316) goes to the other table marks and all: a wild stays
    wild, a sideways card sideways, a tile whose cards all go stays a tile (``zones.carry``); a
    card that leaves part of a tile goes alone and the rest of the tile is broken up (L72-74)."""
    events: list[Event] = []
    for slot in list(state.tables[src]):
        inside = [c for c in slot.cards if c in cards]
        if len(inside) == len(slot.cards):
            events += carry(state, slot.top, dst)
            continue
        for c in inside:
            events += lift(state, c)
            state.tables[dst].append(Slot([c]))
    return events


@step("2C.swap")
def _two_clubs_swap(state: BState, f: Frame) -> list[Event]:
    _, victim, choice = f.data
    mine = best_formable(state, f.seat)[1] if choice == "demand" else state.declared[f.seat]
    theirs = state.declared[victim]
    events: list[Event] = []
    for cards, src, dst in ((mine, f.seat, victim), (theirs, victim, f.seat)):
        events += _hand_to(state, set(cards), src, dst)
    state.declared[f.seat], state.declared[victim] = tuple(sorted(theirs)), tuple(sorted(mine))
    return events + [event("traded-hands", f.seat, {"with": victim, "gave": tuple(card_name(c) for c in mine),
                                                    "took": tuple(card_name(c) for c in theirs)})]


card_rule(2, (SPADES,), CardRule("BP-2S", "2♠ (the Standard 2 Rule)", _two("S", "BP-2S")))
card_rule(2, (HEARTS,), CardRule("BP-2H", "2♥", _two("H", "BP-2H")))
card_rule(2, (DIAMONDS,), CardRule("BP-2D", "2♦", _two("D", "BP-2D")))
card_rule(2, (CLUBS,), CardRule("BP-2C", "2♣", _two("C", "BP-2C")))
_two("DH", "BP-P.2")  # 2♥ + 2♦: the 2♦'s options, the 2♥'s replay (pairs.py)


# --- 3s (L326-352) -------------------------------------------------------------------------
def make_wild(state: BState, seat: int, card: int) -> list[Event]:
    """The card becomes wild: face down on its owner's table (L43-45). A card-in-effect leaves
    its 5-tile to do so and the rest of the tile is broken up (BP-H18)."""
    slot = own_slot(state, seat, card)
    if slot is None:
        return []
    events: list[Event] = []
    if len(slot.cards) > 1:
        events += lift(state, card)
        state.tables[seat].append(Slot([card], wild=True))
    else:
        slot.wild, slot.eff = True, None
    return events + [event("wild", seat, {"card": card_name(card)})]


@step("3W")
def _three_wild(state: BState, f: Frame) -> list[Event]:
    return make_wild(state, f.seat, f.data[0].card)


card_rule(3, (HEARTS, SPADES, DIAMONDS), CardRule("BP-3", "3♥ 3♠ 3♦", "3W", turn_start=True))
card_rule(3, (CLUBS,), CardRule("BP-3C", "3♣", None))


# --- 4s (L354-385) -------------------------------------------------------------------------
@step("4D")
def _four_diamonds(state: BState, f: Frame) -> list[Event]:
    """4♦: you may pay a fee of 3 to the pot and discard the 4♦ to replay a card of your table."""
    ctx: Ctx = f.data[0]
    mine = own_slot(state, f.seat, ctx.card)
    opts = [card_name(s.top) for s in state.tables[f.seat] if not s.ne and s is not mine]
    if not opts or mine is None or not can_pay(state, f.seat, fee(state, f.seat, 3)):
        return []
    return ask(state, f.seat, "BP-4D", f"replay a card for a fee of {fee(state, f.seat, 3)}", ["skip", *opts],
               "4D.pay", ctx, auto=False)


@step("4D.pay")
def _four_diamonds_pay(state: BState, f: Frame) -> list[Event]:
    ctx, choice = f.data
    if choice == "skip":
        return []
    push(state, "4D.replay", f.seat, ctx, choice)
    pay(state, f.seat, fee(state, f.seat, 3), "pot", "BP-4D")
    return []


@step("4D.replay")
def _four_diamonds_replay(state: BState, f: Frame) -> list[Event]:
    ctx, choice = f.data
    events: list[Event] = []
    if own_slot(state, f.seat, ctx.card) is not None:
        events += lift(state, ctx.card)
        state.discard.append(ctx.card)
    slot = slot_named(state, f.seat, choice)
    if slot is None or slot.ne:
        return events + [event("lost", f.seat, {"clause": "BP-4D", "why": "the card is gone"})]
    return events + replay(state, f.seat, slot)


card_rule(4, (HEARTS, SPADES), CardRule("BP-4", "4♥ 4♠ (the Standard 4 Rule)", None, (("viewing", 1),)))
card_rule(4, (CLUBS,), CardRule("BP-4C", "4♣", None, (("viewing", -1),)))
card_rule(4, (DIAMONDS,), CardRule("BP-4D", "4♦", "4D", (("max", 1),)))


# --- 5s (L387-503) -------------------------------------------------------------------------
def _shift_so_far(slot: Slot) -> int:
    """How far a tile has already shifted its last card (a 5-in-effect inside a chain, L435-440)."""
    if slot.eff is None or len(slot.cards) < 2:
        return 0
    d = (slot.eff[0] - face(slot.top)[0]) % 14
    return d - 14 if d > 7 else d


@step("5")
def _five(state: BState, f: Frame) -> list[Event]:
    """A 5: everyone pays a fee of 1 to the pot, then its player must play the next card (L391-428)."""
    ctx: Ctx = f.data[0]
    slot = own_slot(state, f.seat, ctx.card)
    if slot is None:
        return []
    delta = _shift_so_far(slot) + (-1 if is_red(ctx.suit) else 1)
    return guard(state, opponents(state, f.seat), "5.fees", f.seat, ctx, delta, clause="BP-5.4", card=ctx.said,
                 says=f"seat {f.seat}'s {ctx.said}: each player pays a fee of 1 to the pot")


@step("5.fees")
def _five_fees(state: BState, f: Frame) -> list[Event]:
    """Each player pays the 5's fee (L428), but one who stopped it with Magic (L686-690); then the
    card on the 5 is played."""
    ctx, delta, answers = f.data
    exempt, events = spent(state, answers)
    push(state, "5.follow", f.seat, ctx, delta)
    order = [f.seat, *opponents(state, f.seat)]
    for s in reversed(order):
        if s not in exempt:
            pay(state, s, fee(state, s, 1), "pot", "BP-5.4")
    return events


@step("5.follow")
def _five_follow(state: BState, f: Frame) -> list[Event]:
    """Who picks the follow-up: a forcer (or a controller) may pay the price to pick it (L481-495, L721-732)."""
    ctx, delta = f.data
    if own_slot(state, f.seat, ctx.card) is None:
        return [event("lost", f.seat, {"clause": "BP-5", "why": "the 5 left the table"})]
    payer = ctx.forcer if forced_by_opponent(f.seat, ctx.forcer) else None
    if payer is None and state.control is not None and state.control[1] == f.seat:
        payer = state.control[0]
    opts = ["decline"]
    if payer is not None and state.viewing[payer]:
        if payer == state.turn and state.phase == TURN and not state.turn_over:
            opts.append("end-turn")
        elif payer != state.turn and len(state.stash[payer]) > state.sideways[payer]:
            opts.append("sideways")
    if payer is None or len(opts) == 1:
        push(state, "5.own", f.seat, ctx, delta)
        return []
    return ask(state, payer, "BP-5.F", "pay to choose the card played on the 5", opts, "5.price", ctx, delta,
               owner=f.seat, auto=False)


@step("5.price")
def _five_price(state: BState, f: Frame) -> list[Event]:
    ctx, delta, choice = f.data
    if choice == "decline":
        push(state, "5.own", f.seat, ctx, delta)
        return []
    payer = ctx.forcer if forced_by_opponent(f.seat, ctx.forcer) else state.control[0] if state.control else f.seat
    if choice == "end-turn":
        state.turn_over = True
    else:
        state.sideways[payer] += 1
    events = [event("five-price", payer, {"price": choice, "on": f.seat})]
    opts = [card_name(c) for c in state.viewing[payer]]
    return events + ask(state, payer, "BP-5.F", "force which card onto the 5", opts, "5.forced", ctx, delta,
                        payer, owner=f.seat)


@step("5.forced")
def _five_forced(state: BState, f: Frame) -> list[Event]:
    ctx, delta, payer, choice = f.data
    card = parse_card(choice)
    state.viewing[payer].remove(card)
    moved(state, payer, out=(card,))
    return _follow_with(state, f.seat, ctx, delta, card, payer)


@step("5.own")
def _five_own(state: BState, f: Frame) -> list[Event]:
    """Cards-to-be-played first, else the viewing hand (BP-H21); no card: the effect is lost."""
    ctx, delta = f.data
    source = state.ctbp[f.seat] or state.viewing[f.seat]
    if not source:
        return [event("lost", f.seat, {"clause": "BP-5", "why": "no card to play on the 5"})]
    return ask(state, f.seat, "BP-5", "play which card on the 5", [card_name(c) for c in source], "5.next",
               ctx, delta)


@step("5.next")
def _five_next(state: BState, f: Frame) -> list[Event]:
    ctx, delta, choice = f.data
    card = parse_card(choice)
    if card in state.ctbp[f.seat]:  # cards-to-be-played first (BP-H21): public, their count is shown
        state.ctbp[f.seat].remove(card)
    else:
        state.viewing[f.seat].remove(card)
        moved(state, f.seat, out=(card,))
    return _follow_with(state, f.seat, ctx, delta, card, NOBODY)


def _follow_with(state: BState, seat: int, ctx: Ctx, delta: int, card: int, forcer: int) -> list[Event]:
    """The card goes onto the 5. One its player plays himself is a card being played on his table,
    so Magic may meet it (L683-686); one forced with the 5 was judged with it, as one forced card
    (L497-501): it opens no window of its own (BP-R.2)."""
    slot = own_slot(state, seat, ctx.card)
    state.transit.append(card)
    if slot is not None:  # else the 5 has gone meanwhile: the card is played alone
        if slot.eff is None:
            slot.eff = value(slot)
        state.follow = (seat, slot.cards[0], delta)
    enter(state, seat, card, forcer, react=forcer == NOBODY)
    return []


card_rule(5, (ANY,), CardRule("BP-5", "5", "5"))


# --- 6s (L505-555) -------------------------------------------------------------------------
@step("6")
def _six(state: BState, f: Frame) -> list[Event]:
    """Shaft: force a card of your viewing hand onto any table (L509-512)."""
    ctx: Ctx = f.data[0]
    if state.ring == [-1]:
        state.ring = []
        return [event("ring-no-shaft", f.seat, {})]
    if not ctx.forced:
        state.ring = []
    opts = [f"{card_name(c)}>{name_seat(t)}" for c in state.viewing[f.seat] for t in state.live()]
    if not opts:
        return [event("lost", f.seat, {"clause": "BP-6", "why": "no viewing hand"})]
    return ask(state, f.seat, "BP-6", "force a card onto a table", opts, "6.force", ctx, plays=True)


@step("6.force")
def _six_force(state: BState, f: Frame) -> list[Event]:
    _, choice = f.data
    name, target_name = choice.split(">")
    card, target = parse_card(name), parse_seat(target_name)
    state.viewing[f.seat].remove(card)
    moved(state, f.seat, out=(card,))
    state.transit.append(card)
    forcer = player_of(state, f.seat)  # a controller's choice is his forcing (L735-737)
    events = [event("forced", forcer, {"card": card_name(card), "onto": target})]
    if target != f.seat and face(card)[0] == 6:
        state.ring.append(target)
        if set(state.ring) >= set(state.live()):
            state.ring = [-1]
            push(state, "ring.split", f.seat)
            events.append(event("ring", f.seat, {"last": target}))
    enter(state, target, card, forcer)
    return events


@step("ring.split")
def _ring_split(state: BState, f: Frame) -> list[Event]:
    """The Ring Rule (L531-552): the splitter splits the pot into one pile per player; each takes
    one, from the splitter's left going left. Piles differ by at most one card (BP-H22)."""
    state.ring = []
    seats = state.live()
    n = len(seats)
    start = state.left_of(state.dealer)
    order = [s for s in [(start + i) % state.players for i in range(state.players)] if s in seats]
    size, extra = divmod(len(state.pot), n)
    got = []
    for i, s in enumerate(order):
        k = size + (1 if i < extra else 0)
        pile = state.pot[len(state.pot) - k:] if k else []
        del state.pot[len(state.pot) - k:]
        state.stash[s].extend(pile)
        got.append((s, k))
    return [event("ring-split", state.dealer, {"piles": tuple(got)})]


card_rule(6, (ANY,), CardRule("BP-6", "6 (Shaft)", "6"))


# --- 7s (L557-581) -------------------------------------------------------------------------
def _collect(amount: int) -> str:
    name = f"7.{amount}"

    @step(name)
    def start(state: BState, f: Frame) -> list[Event]:
        ctx: Ctx = f.data[0]
        return guard(state, opponents(state, f.seat), f"{name}.pay", f.seat, ctx, clause="BP-7", card=ctx.said,
                     says=f"seat {f.seat}'s {ctx.said}: each other player pays seat {f.seat} a fee of {amount}")

    @step(f"{name}.pay")
    def collect(state: BState, f: Frame) -> list[Event]:
        exempt, events = spent(state, f.data[1])
        for s in reversed(opponents(state, f.seat)):
            if s not in exempt:
                pay(state, s, fee(state, s, amount), f.seat, "BP-7")
        return events

    return name


@step("7C")
def _seven_clubs(state: BState, f: Frame) -> list[Event]:
    """7♣: you pay each player a two-card fee."""
    for s in reversed(opponents(state, f.seat)):
        pay(state, f.seat, fee(state, f.seat, 2), s, "BP-7C")
    return []


card_rule(7, (HEARTS, SPADES), CardRule("BP-7", "7♥ 7♠ (the Standard 7 Rule)", _collect(2)))
card_rule(7, (CLUBS,), CardRule("BP-7C", "7♣", "7C"))
card_rule(7, (DIAMONDS,), CardRule("BP-7D", "7♦", _collect(4)))
