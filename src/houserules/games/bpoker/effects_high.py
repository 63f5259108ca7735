"""Card rules 8 to A (seed 000, L583-921): one record and a few steps per card."""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from ...engine.core import Event, event
from .cards import CLUBS, DIAMONDS, HEARTS, SPADES, card_name, parse_card
from .catalogue import ANY, CardRule, card_rule
from .declare import best_formable, declared_key
from .effects_low import make_wild
from .looks import changed, moved, saw
from .machine import ask, push, step
from .pairs import set_rule
from .play import NOBODY, Ctx, cards_of, enter, forced_by_opponent
from .reactions import guard, magic_stops, spent
from .state import TURN, BState, Frame, Slot
from .targets import name_seat, opponents, own_slot, parse_seat, slot_options
from .tiles import immune
from .unit import sideways_sixes, unsideways
from .zones import break_up, can_pay, face, fee, find, lift, pay, targetable, value


def _discard_card(state: BState, seat: int, card: int, clause: str) -> list[Event]:
    events = lift(state, card)
    state.discard.append(card)
    return events + [event("discarded", seat, {"card": card_name(card), "clause": clause})]


# --- 8 (L583-601) ------------------------------------------------------------------------
@step("8")
def _eight(state: BState, f: Frame) -> list[Event]:
    """Fee 1: the 8 becomes wild; fee 2: keep it; no fee: discard it and break up a tile."""
    card = f.data[0].card
    wild, keep = fee(state, f.seat, 1, card), fee(state, f.seat, 2, card)
    priced = (("wild", wild), ("keep", keep))
    opts = [o for o, n in priced if can_pay(state, f.seat, n)] + ["discard"]
    held = tuple((o, "BP-F.4", f"your stash cannot pay a fee of {n}") for o, n in priced if o not in opts)
    prompt = f"8: wild for {wild}, keep for {keep} (if the stash can pay), or discard it"
    return ask(state, f.seat, "BP-8", prompt, opts, "8.choice", f.data[0], auto=False, withheld=held)


@step("8.choice")
def _eight_choice(state: BState, f: Frame) -> list[Event]:
    ctx, choice = f.data
    if choice == "wild":
        push(state, "8.wild", f.seat, ctx)
        pay(state, f.seat, fee(state, f.seat, 1, ctx.card), "pot", "BP-8")
        return []
    if choice == "keep":
        pay(state, f.seat, fee(state, f.seat, 2, ctx.card), "pot", "BP-8")
        return []
    events = _discard_card(state, f.seat, ctx.card, "BP-8") if own_slot(state, f.seat, ctx.card) else []
    return events + ask(state, f.seat, "BP-8", "break up which tile", breakable(state), "8.break", ctx)


def breakable(state: BState) -> list[str]:
    """The tiles an unpaid 8 may break up (L594-595): any table's, but not a no-effect one, since the
    8's rule does not say it applies to no-effect cards (L110-113), nor a 6+6+6 of one suit (L1057-1058)."""
    return [card_name(s.top) for t in state.tables for s in t if len(s.cards) > 1 and not s.ne and not immune(s, 8)]


@step("8.wild")
def _eight_wild(state: BState, f: Frame) -> list[Event]:
    return make_wild(state, f.seat, f.data[0].card)


@step("8.break")
def _eight_break(state: BState, f: Frame) -> list[Event]:
    """The tile's owner, if an opponent, may stop its breaking with Magic (L686-690)."""
    ctx, choice = f.data
    where = find(state, parse_card(choice))
    if where is None:
        return []
    return guard(state, [where[0]], "8.do", f.seat, ctx, choice, clause="BP-8", card=ctx.said,
                 says=f"seat {f.seat}'s {ctx.said} breaks up the tile {choice} on seat {where[0]}'s table")


@step("8.do")
def _eight_do(state: BState, f: Frame) -> list[Event]:
    _, choice, answers = f.data
    where = find(state, parse_card(choice))
    stop = magic_stops(state, f.seat, answers, "BP-8", "stopped by Magic", failed=where is None)
    if stop is not None:
        return stop
    assert where is not None  # a missing tile stopped the effect above
    return break_up(state, where[0], where[1])


card_rule(8, (ANY,), CardRule("BP-8", "8", "8", (("fee", -1),)))


# --- 9s (L603-634) -----------------------------------------------------------------------
def _nine_pick(state: BState, f: Frame, keep: Callable[[Slot], bool], clause: str) -> list[Event]:
    opts = slot_options(state, opponents(state, f.seat), keep)
    return ask(state, f.seat, clause, "discard which card of an opponent's table", opts, "9.guard", f.data[0], clause)


@step("9")
def _nine(state: BState, f: Frame) -> list[Event]:
    """9♥ 9♠: discard a card (not protected, not no-effect) from an opponent's table."""
    return _nine_pick(state, f, targetable, "BP-9")


@step("9D")
def _nine_diamonds(state: BState, f: Frame) -> list[Event]:
    """9♦ at face value: you win (L617-618); in effect only: discard any card of an opponent's table.
    "If the card's face value is 9♦" asks what the card is, not whether a 5 touched it: a 9♦ played
    on 5s whose shifts cancel (a red 5, then a black 6) is a 9♦ in effect and at face value, and wins."""
    ctx: Ctx = f.data[0]
    if face(ctx.card) == (9, DIAMONDS):
        if state.options.get("nine_diamonds") == "stands":  # BP-H26: the 9♦ it played wins at the win check
            state.nines = (*state.nines, (f.seat, ctx.card))
            return [event("nine-stands", f.seat, {"clause": "BP-H26"})]
        return guard(state, opponents(state, f.seat), "9D.win", f.seat, ctx, clause="BP-9D", card=ctx.said,
                     says=f"seat {f.seat}'s {ctx.said} wins the hand")
    return _nine_pick(state, f, lambda s: not immune(s, 9), "BP-9D")


def standing_nine(state: BState, seat: int) -> int | None:
    """BP-H26 (option ``nine_diamonds=stands``): the 9♦ that ``seat`` *played* at face value and
    that still lies on its table as a 9♦ (alone, or the last card of a 5-tile whose shifts cancel),
    upright and with effect: it wins the hand when the seat's
    turn begins (None: there is none). Only a played 9♦ stands: one put on the table by a 2's
    trade, or returned to effect by a J, a 10♣ or a broken tile, was never played, and has no
    immediate effect (L283-284, L762-767, L87-92), so it wins nothing; ``zones.lift`` forgets a
    9♦ that leaves its table, and a Shield (J + J) the 9♦s it makes no-effect."""
    for owner, card in state.nines:
        if owner == seat:
            slot = next((s for s in state.tables[seat] if s.top == card), None)
            if slot is not None and not slot.ne and not slot.wild and value(slot) == (9, DIAMONDS):
                return card
    return None


def nine_stands_and_wins(state: BState, seat: int, card: int) -> list[Event]:
    """The standing 9♦ wins as one played at face value does: it goes to the discard and its
    player wins the hand (L617-618)."""
    events = _discard_card(state, seat, card, "BP-9D")
    push(state, "hand.win", seat, "9♦")
    return events


@step("9D.win")
def _nine_diamonds_win(state: BState, f: Frame) -> list[Event]:
    ctx, answers = f.data
    stop = magic_stops(state, f.seat, answers, "BP-9D")
    if stop is not None:
        return stop
    events: list[Event] = []
    if own_slot(state, f.seat, ctx.card) is not None:
        events += _discard_card(state, f.seat, ctx.card, "BP-9D")
    push(state, "hand.win", f.seat, "9♦")
    return events


@step("9.guard")
def _nine_guard(state: BState, f: Frame) -> list[Event]:
    ctx, clause, choice = f.data
    where = find(state, parse_card(choice))
    assert where is not None
    what = "the tile " + choice if len(where[1].cards) > 1 else choice
    return guard(state, [where[0]], "9.do", f.seat, ctx, clause, choice, clause=clause, card=ctx.said,
                 says=f"seat {f.seat}'s {ctx.said} discards {what} from seat {where[0]}'s table")


@step("9.do")
def _nine_do(state: BState, f: Frame) -> list[Event]:
    _, clause, choice, answers = f.data
    card = parse_card(choice)
    where = find(state, card)
    stop = magic_stops(state, f.seat, answers, clause, "stopped", failed=where is None)
    if stop is not None:
        return stop
    assert where is not None  # a missing card stopped the effect above
    if clause == "BP-9D":  # a tile is one protected card (L65-66): the 9♦ in effect takes it whole
        return _discard_slot(state, where[0], where[1], clause)
    return _discard_card(state, where[0], card, clause)


def _discard_slot(state: BState, seat: int, slot: Slot, clause: str) -> list[Event]:
    """A table card to the discard, a tile whole: "A tile is considered one protected card" for
    the cards that may take protected ones (L65-66; the 9♦ in effect, L619-621, and the K♥'s
    discard, L841-844, as the 2♦ takes one, L303-306). The last-card rule of L1208-1214 is for joint
    effects only."""
    events: list[Event] = []
    for c in list(slot.cards):
        events += _discard_card(state, seat, c, clause)
    return events


@step("9C")
def _nine_clubs(state: BState, f: Frame) -> list[Event]:
    """9♣: the next player in the direction of play discards one of your other table cards."""
    ctx: Ctx = f.data[0]
    chooser = state.next_seat(f.seat)
    opts = [card_name(s.top) for s in state.tables[f.seat] if targetable(s) and ctx.card not in s.cards]
    return ask(state, chooser, "BP-9C", f"discard which card of seat {f.seat}'s table", opts, "9C.do", ctx,
               owner=f.seat)


@step("9C.do")
def _nine_clubs_do(state: BState, f: Frame) -> list[Event]:
    return _discard_card(state, f.seat, parse_card(f.data[1]), "BP-9C")


card_rule(9, (HEARTS, SPADES), CardRule("BP-9", "9♥ 9♠ (the Standard 9 Rule)", "9"))
card_rule(9, (DIAMONDS,), CardRule("BP-9D", "9♦", "9D"))
card_rule(9, (CLUBS,), CardRule("BP-9C", "9♣", "9C"))


# --- 10s (L636-752) ----------------------------------------------------------------------
@step("10H")
def _ten_hearts(state: BState, f: Frame) -> list[Event]:
    """Dump: the viewing hand joins the cards-to-be-played."""
    moved = len(state.viewing[f.seat])
    state.ctbp[f.seat].extend(state.viewing[f.seat])
    state.viewing[f.seat] = []
    changed(state, f.seat)
    return [event("to-be-played", f.seat, {"count": moved, "from": "viewing hand"})]


@step("10S")
def _ten_spades(state: BState, f: Frame) -> list[Event]:
    """Your viewing hand to the pot; you may force one of your other table cards onto another table."""
    ctx: Ctx = f.data[0]
    lost = len(state.viewing[f.seat])
    state.pot.extend(state.viewing[f.seat])
    state.viewing[f.seat] = []
    changed(state, f.seat)
    events = [event("to-pot", f.seat, {"count": lost, "from": "viewing hand"})]
    opts = [f"{card_name(s.top)}>{name_seat(t)}" for s in state.tables[f.seat] if not s.ne and ctx.card not in s.cards
            for t in opponents(state, f.seat)]
    if not opts:
        return events
    return events + ask(state, f.seat, "BP-10S", f"force a card of seat {f.seat}'s table onto", ["skip", *opts],
                        "10S.force",
                        ctx, auto=False)


@step("10S.force")
def _ten_spades_force(state: BState, f: Frame) -> list[Event]:
    _, choice = f.data
    if choice == "skip":
        return []
    name, target = choice.split(">")
    card = parse_card(name)
    events = lift(state, card)
    state.transit.append(card)
    enter(state, parse_seat(target), card, f.seat)
    return events + [event("forced", f.seat, {"card": name, "onto": parse_seat(target)})]


@step("10C")
def _ten_clubs(state: BState, f: Frame) -> list[Event]:
    """Card of Death: no no-effect cards — you lose the hand; else they all return to normal."""
    ctx: Ctx = f.data[0]
    sideways = [s for s in state.tables[f.seat] if s.ne]
    if sideways:
        for s in sideways:
            s.ne = False
        return [event("restored", f.seat, {"cards": tuple(card_name(s.top) for s in sideways)})]
    push(state, "hand.lost", f.seat, ctx.card)
    return []


@step("10D")
def _ten_diamonds(state: BState, f: Frame) -> list[Event]:
    """Control (L699-744): a 10♦ forced onto another player's table gives its forcer his hand."""
    ctx: Ctx = f.data[0]
    if not forced_by_opponent(f.seat, ctx.forcer):
        return []
    state.control = (ctx.forcer, f.seat, ctx.card)
    events = [event("control", ctx.forcer, {"of": f.seat})]
    opts = [card_name(c) for c in state.viewing[f.seat]]
    if not opts:
        state.control = None
        return events + [event("released", ctx.forcer, {"of": f.seat})]
    return events + ask(state, ctx.forcer, "BP-10D.C",
                        f"play which of seat {f.seat}'s cards onto seat {f.seat}'s table", opts,
                        "control.play", ctx, owner=f.seat)


@step("control.play")
def _control_play(state: BState, f: Frame) -> list[Event]:
    ctx, choice = f.data
    card = parse_card(choice)
    state.viewing[f.seat].remove(card)
    moved(state, f.seat, out=(card,))
    state.transit.append(card)
    push(state, "control.release", f.seat, ctx.forcer)
    enter(state, f.seat, card, ctx.forcer)
    return []


@step("control.release")
def _control_release(state: BState, f: Frame) -> list[Event]:
    state.control = None
    return [event("released", f.data[0], {"of": f.seat})]


card_rule(10, (HEARTS,), CardRule("BP-10H", "10♥ (Dump)", "10H"))
card_rule(10, (SPADES,), CardRule("BP-10S", "10♠", "10S"))
card_rule(10, (CLUBS,), CardRule("BP-10C", "10♣ (Card of Death)", "10C"))
card_rule(10, (DIAMONDS,), CardRule("BP-10D", "10♦ (Magic and Control)", "10D"))


# --- Js (L754-785) ---------------------------------------------------------------------
@step("J")
def _jack(state: BState, f: Frame) -> list[Event]:
    """The next card played by anybody is a no-effect card (L757-758)."""
    state.armed_j = True
    return [event("j-armed", f.seat, {})]


card_rule(11, (HEARTS, SPADES, DIAMONDS), CardRule("BP-J", "J♥ J♠ J♦", "J", (("fee", 1),)))
card_rule(11, (CLUBS,), CardRule("BP-JC", "J♣", "J", (("fee", 2),)))


def restorable(state: BState, jack: int) -> list[str]:
    """J's discard effect (L762-767): any no-effect card on any table but the J itself, or a
    sideways 6 of a 6+6+6 (L1074-1076)."""
    return [card_name(s.top) for t in state.tables for s in t if s.ne and s.top != jack] + \
        [card_name(c) for c in sideways_sixes(state)]


def usable_jacks(state: BState, seat: int) -> list[int]:
    """The no-effect Js on ``seat``'s table whose discard effect may be used now (a 5-tile with a
    J in effect too: a tile's effect is its last card-in-effect's, L416-419; it discards that card)."""
    return [s.top for s in state.tables[seat]
            if s.ne and (len(s.cards) == 1 or s.eff is not None) and value(s)[0] == 11 and restorable(state, s.top)]


@step("J.use")
def _jack_use(state: BState, f: Frame) -> list[Event]:
    jack = f.data[0]
    events = _discard_card(state, f.seat, jack, "BP-J.D")
    return events + ask(state, f.seat, "BP-J.D", "return which no-effect card to normal", restorable(state, jack),
                        "J.restore")


@step("J.restore")
def _jack_restore(state: BState, f: Frame) -> list[Event]:
    if parse_card(f.data[0]) in sideways_sixes(state):
        return unsideways(state, parse_card(f.data[0]))
    where = find(state, parse_card(f.data[0]))
    if where is None:
        return []
    where[1].ne = False
    return [event("restored", f.seat, {"cards": (f.data[0],)})]


# --- Qs (L787-832) ---------------------------------------------------------------------
#: the rules whose cards are never passed with a Q♣/Q♠ (L816): theirs
PASSING: Final = ("BP-QC", "BP-QS")


def _companions(state: BState, seat: int, queen: int) -> list[Slot]:
    """What may be passed with a Q♣/Q♠ (L811-817): a card of your table, protected yes, no-effect
    no, not a Q♣ or Q♠ (a tile by its last card), nor a card a house book has follow a Q♣'s or Q♠'s
    rule (BP-HR2: by face, as the chapter's exception, so that no pass can pass on for ever)."""
    rule = state.house.rule_for
    return [s for s in state.tables[seat]
            if not s.ne and queen not in s.cards and getattr(rule(face(s.top)), "clause", "") not in PASSING]


def _pairs(slots: list[Slot]) -> list[str]:
    """Two of them that make a valid card pair, ``A+B`` (L817-820)."""
    return [f"{card_name(a.top)}+{card_name(b.top)}" for i, a in enumerate(slots) for b in slots[i + 1:]
            if set_rule(tuple(sorted((a.top, b.top)))) is not None]


def _queen(sign: int, companion: bool, clause: str) -> str:
    name = f"Q{sign:+d}{'c' if companion else ''}"

    @step(name)
    def start(state: BState, f: Frame) -> list[Event]:
        ctx: Ctx = f.data[0]
        receiver = state.next_seat(f.seat, state.direction * sign)
        if receiver == f.seat or own_slot(state, f.seat, ctx.card) is None:
            return [event("lost", f.seat, {"clause": clause, "why": "nobody to pass to"})]
        if not companion:  # Magic's second use (L686-690) may stop a Q♦/Q♥ coming to a table, and the look
            return guard(state, [receiver], f"{name}.guard", f.seat, ctx, receiver, clause=clause, card=ctx.said,
                         says=f"seat {f.seat}'s {ctx.said} goes onto seat {receiver}'s table, and seat {f.seat} "
                              f"looks at seat {receiver}'s viewing hand")
        slots = _companions(state, f.seat, ctx.card)
        if not slots:
            return _pass_queen(state, f.seat, ctx, receiver, ())
        two = fee(state, f.seat, 2)
        pairs = _pairs(slots) if can_pay(state, f.seat, two) else []
        prompt = "pass which card with the Q" + (f" (or, for a fee of {two}, a pair: A+B)" if pairs else "")
        return ask(state, f.seat, clause, prompt, [card_name(s.top) for s in slots] + pairs, f"{name}.pass", ctx,
                   receiver)

    @step(f"{name}.guard")
    def guarded(state: BState, f: Frame) -> list[Event]:
        ctx, receiver, answers = f.data
        stop = magic_stops(state, f.seat, answers, clause, "stopped by Magic")
        if stop is not None:  # the effect does not occur: the Q stays on its player's table, no look
            return stop
        return _pass_queen(state, f.seat, ctx, receiver, ())

    @step(f"{name}.pass")
    def with_card(state: BState, f: Frame) -> list[Event]:
        ctx, receiver, choice = f.data
        cards = tuple(parse_card(c) for c in choice.split("+"))
        if len(cards) == 2:  # a fee of 2 to the pot first (L817-818), then the pair goes
            push(state, "Q.pair", f.seat, ctx, receiver, cards)
            pay(state, f.seat, fee(state, f.seat, 2), "pot", "BP-QC.2")
            return []
        return _pass_queen(state, f.seat, ctx, receiver, cards)

    return name


@step("Q.pair")
def _queen_pair(state: BState, f: Frame) -> list[Event]:
    ctx, receiver, cards = f.data
    if any(own_slot(state, f.seat, c) is None for c in cards):
        return [event("lost", f.seat, {"clause": "BP-QC.2", "why": "the pair left the table"})]
    return _pass_queen(state, f.seat, ctx, receiver, cards)


def _pass_queen(state: BState, seat: int, ctx: Ctx, receiver: int, companion: tuple[int, ...]) -> list[Event]:
    """The Q goes to his table, not played and not forced (L793-795); a Q♣/Q♠'s card (or pair) is
    treated as played by him (L815, L819-820), then a Q-in-effect is played there at its face
    value (L454-472, L1230-1231). A Reflector sends the card and the Q back (``play``)."""
    slot = own_slot(state, seat, ctx.card)
    if slot is None:
        return [event("lost", seat, {"clause": "BP-QC", "why": "the Q left the table"})]
    in_effect = slot.eff is not None
    events = lift(state, ctx.card)
    if in_effect:
        state.transit.append(ctx.card)
        push(state, "land", receiver, ctx.card, NOBODY, False)
    else:
        state.tables[receiver].append(Slot([ctx.card]))
    events.append(event("handed", seat, {"card": card_name(ctx.card), "to": receiver}))
    if ctx.suit in (DIAMONDS, HEARTS):
        saw(state, seat, receiver)
        events.append(event("looked", seat, {"at": (receiver,)},
                            {"hands": ((receiver, tuple(card_name(c) for c in state.viewing[receiver])),)}))
    for c in companion:
        events += lift(state, c)
        state.transit.append(c)
        events.append(event("handed", seat, {"card": card_name(c), "to": receiver}))
    if companion:
        enter(state, receiver, companion if len(companion) > 1 else companion[0], seat, via=ctx.card)
    return events


card_rule(12, (DIAMONDS,), CardRule("BP-QD", "Q♦", _queen(1, False, "BP-QD")))
card_rule(12, (HEARTS,), CardRule("BP-QH", "Q♥", _queen(-1, False, "BP-QH")))
card_rule(12, (CLUBS,), CardRule("BP-QC", "Q♣", _queen(1, True, "BP-QC")))
card_rule(12, (SPADES,), CardRule("BP-QS", "Q♠", _queen(-1, True, "BP-QS")))


# --- Ks (L834-897) ---------------------------------------------------------------------
@step("KH")
def _king_hearts(state: BState, f: Frame) -> list[Event]:
    """K♥: one card of your table to the pot; each other player discards a table card as a fee.
    The card you pot is an unprotected, effective one, the K♥ itself included (A15): the text
    lets the *other* players' discards take protected cards (L841-844), not yours (L197-199)."""
    ctx: Ctx = f.data[0]
    opts = [card_name(s.top) for s in state.tables[f.seat]
            if (targetable(s) and not immune(s, 13)) or s.top == ctx.card]
    return ask(state, f.seat, "BP-KH", f"put which card of seat {f.seat}'s table in the pot", opts, "KH.pot",
               f.data[0])


@step("KH.pot")
def _king_hearts_pot(state: BState, f: Frame) -> list[Event]:
    ctx, choice = f.data
    card = parse_card(choice)
    events = lift(state, card)
    state.pot.append(card)
    events.append(event("to-pot", f.seat, {"count": 1, "from": "table"}))
    return events + guard(state, opponents(state, f.seat), "KH.fees", f.seat, ctx, clause="BP-KH", card=ctx.said,
                          says=f"seat {f.seat}'s {ctx.said}: each other player discards a card of his table")


@step("KH.fees")
def _king_hearts_fees(state: BState, f: Frame) -> list[Event]:
    exempt, events = spent(state, f.data[1])
    for s in reversed(opponents(state, f.seat)):
        if s not in exempt:
            push(state, "KH.discard", s, fee(state, s, 1))
    return events


@step("KH.discard")
def _king_hearts_discard(state: BState, f: Frame) -> list[Event]:
    """He chooses any card of his table but the no-effect ones, protected ones included (L840-845:
    "even protected cards may be discarded in this manner"); nothing if only no-effect cards."""
    n = f.data[0]
    opts = [card_name(s.top) for s in state.tables[f.seat] if not s.ne and not immune(s, 13)]
    if n <= 0 or not opts:
        return []
    return ask(state, f.seat, "BP-KH", f"discard a card of seat {f.seat}'s table (K♥ fee, {n} to go)", opts,
               "KH.took", n)


@step("KH.took")
def _king_hearts_took(state: BState, f: Frame) -> list[Event]:
    n, choice = f.data
    if n > 1:
        push(state, "KH.discard", f.seat, n - 1)
    slot = own_slot(state, f.seat, parse_card(choice))
    return _discard_slot(state, f.seat, slot, "BP-KH") if slot is not None else []


@step("KD")
def _king_diamonds(state: BState, f: Frame) -> list[Event]:
    """K♦: into the pot; then one unprotected, effective card from each opponent's table to the discard."""
    ctx: Ctx = f.data[0]
    events: list[Event] = []
    if own_slot(state, f.seat, ctx.card) is not None:
        events += lift(state, ctx.card)
        state.pot.append(ctx.card)
        events.append(event("to-pot", f.seat, {"count": 1, "from": "table"}))
    victims = [s for s in opponents(state, f.seat) if any(targetable(x) for x in state.tables[s])]
    return events + guard(state, victims, "KD.each", f.seat, ctx, tuple(victims), clause="BP-KD", card=ctx.said,
                          says=f"seat {f.seat}'s {ctx.said}: seat {f.seat} discards a card of each opponent's table")


@step("KD.each")
def _king_diamonds_each(state: BState, f: Frame) -> list[Event]:
    _ctx, victims, answers = f.data
    exempt, events = spent(state, answers)
    for v in reversed(victims):
        if v not in exempt:
            push(state, "KD.one", f.seat, v)
    return events


@step("KD.one")
def _king_diamonds_one(state: BState, f: Frame) -> list[Event]:
    victim = f.data[0]
    opts = slot_options(state, [victim], targetable)
    return ask(state, f.seat, "BP-KD", f"discard which card of seat {victim}'s table", opts, "KD.took", victim)


@step("KD.took")
def _king_diamonds_took(state: BState, f: Frame) -> list[Event]:
    return _discard_card(state, f.data[0], parse_card(f.data[1]), "BP-KD")


@step("KS")
def _king_spades(state: BState, f: Frame) -> list[Event]:
    """K♠: discard your declared hand; a forcer may make you form a higher one and discard that."""
    ctx: Ctx = f.data[0]
    if forced_by_opponent(f.seat, ctx.forcer) and best_formable(state, f.seat)[0] > declared_key(state, f.seat):
        return ask(state, ctx.forcer, "BP-KS", f"make seat {f.seat} discard the best hand seat {f.seat} could form instead",
                   ("demand", "declared"),
                   "KS.do", ctx, owner=f.seat, auto=False)
    push(state, "KS.do", f.seat, ctx, "declared")
    return []


@step("KS.do")
def _king_spades_do(state: BState, f: Frame) -> list[Event]:
    _, choice = f.data
    cards = best_formable(state, f.seat)[1] if choice == "demand" else state.declared[f.seat]
    events: list[Event] = []
    for c in cards:
        if find(state, c) is not None:
            events += _discard_card(state, f.seat, c, "BP-KS")
    state.declared[f.seat] = ()
    return events


@step("KC")
def _king_clubs(state: BState, f: Frame) -> list[Event]:
    """Bomb: every card of your table but the no-effect ones goes to the pot, protected too (not a
    6+6+6, L1043-1044)."""
    gone = [c for s in state.tables[f.seat] if not s.ne and not immune(s, 13) for c in s.cards]
    events: list[Event] = []
    for c in gone:
        events += lift(state, c)
        state.pot.append(c)
    return events + [event("to-pot", f.seat, {"count": len(gone), "from": "table"})]


card_rule(13, (HEARTS,), CardRule("BP-KH", "K♥", "KH"))
card_rule(13, (DIAMONDS,), CardRule("BP-KD", "K♦ (the Somewhat-Less-Than-Entirely-Concise King Rule)", "KD"))
card_rule(13, (SPADES,), CardRule("BP-KS", "K♠", "KS"))
card_rule(13, (CLUBS,), CardRule("BP-KC", "K♣ (Bomb)", "KC"))


# --- As (L899-921) ---------------------------------------------------------------------
@step("A")
def _ace(state: BState, f: Frame) -> list[Event]:
    """If it is your turn, it is over (L905-906)."""
    if state.turn == f.seat and state.phase == TURN:
        state.turn_over = True
        return [event("turn-ends", f.seat, {"clause": "BP-A"})]
    return []


@step("AC")
def _ace_clubs(state: BState, f: Frame) -> list[Event]:
    """A♣: as an A; your cards-to-be-played go on your table without immediate effects, and the card
    effects you are processing end at once (L913-916)."""
    events = _ace(state, f)
    for c in state.ctbp[f.seat]:
        state.tables[f.seat].append(Slot([c]))
    placed = len(state.ctbp[f.seat])
    state.ctbp[f.seat] = []
    dropped = [fr for fr in state.frames if fr.seat == f.seat and fr.step not in BOOKKEEPING]
    state.frames = [fr for fr in state.frames if fr not in dropped]
    for fr in dropped:  # a card (or set) on its way to this table arrives, without effects
        if fr.step in ("enter", "land", "P.enter", "P.land"):
            for c in cards_of(fr.data[0]):
                if c in state.transit:
                    state.transit.remove(c)
                    state.tables[fr.seat].append(Slot([c]))
    return events + [event("ace-clubs", f.seat, {"placed": placed, "ended": len(dropped)})]


#: frames that are the game's own bookkeeping, not card effects an A♣ can end
BOOKKEEPING: Final = frozenset(("control.release", "ring.split", "hand.win", "hand.lost", "turn.begin", "turn.check"))


card_rule(14, (DIAMONDS, HEARTS, SPADES), CardRule("BP-A", "A♦ A♥ A♠", "A"))
card_rule(14, (CLUBS,), CardRule("BP-AC", "A♣", "AC"))
