"""Cripple Mr Onion's phases as data: one record per phase, and the one
transition function.

A phase (``state.Phase``) is the decision pending. Its record says which
kinds of action it allows, in the order ``rules.legal`` lists them, the
function of ``flow`` that carries out each, and what a player who tries
anything else at that time is told, with the clause (CMO-4 .. CMO-8 of
docs/rules/cripple-mr-onion.md). ``rules`` answers "what may I do" from
these records and ``apply`` carries out an action through them, so the
two read one table.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, NamedTuple

from ...engine.core import Action, Event, Illegal
from . import flow
from .state import KIND_OF
from .state import OnionKind as K
from .state import OnionState, Phase

#: carries out one legal action: (state, action, its argument resolved by ``rules``, events)
Handler = Callable[[OnionState, Action, Any, list[Event]], None]


class PhaseRule(NamedTuple):
    """One phase: the kinds of action it allows with the handler of each, and
    why any other kind is refused at this time."""

    moves: Mapping[K, Handler]
    wrong_time: Illegal


PHASES: Mapping[Phase, PhaseRule] = {
    Phase.DRAW: PhaseRule(
        {K.DISCARD: flow.on_draw_discard, K.FOLD: flow.on_draw_fold},
        Illegal("CMO-4.4", "now is the draw: discard up to four cards, or fold by discarding five")),
    Phase.NAME: PhaseRule(
        {K.BET: flow.on_name_bet, K.FOLD: flow.on_name_fold},
        Illegal("CMO-4.5", "the Dealer names the amount of this part of the betting")),
    Phase.ANSWER: PhaseRule(
        {K.MATCH: flow.on_answer_match, K.RAISE: flow.on_answer_match, K.FOLD: flow.on_answer_fold},
        Illegal("CMO-4.5", "match the Dealer's bid (and raise if you like) or fold")),
    Phase.COVER: PhaseRule(
        {K.MATCH: flow.on_cover_match, K.FOLD: flow.on_cover_fold},
        Illegal("CMO-4.5", "the Dealer must match the collective raise or fold")),
    Phase.BUY: PhaseRule(
        {K.BUY: flow.on_buy_buy, K.STOP: flow.on_buy_stop},
        Illegal("CMO-5.2", "buy a face-down card or stop buying")),
    Phase.EXTRA: PhaseRule(
        {K.EXTRA: flow.on_extra_extra},
        Illegal("CMO-5.3", "make your extra bet (zero allowed)")),
    Phase.CONSIDER: PhaseRule(
        {K.MATCH: flow.on_consider_match, K.PASS: flow.on_consider_pass},
        Illegal("CMO-5.3", "the Dealer matches the extra bets or passes the Dealership")),
    Phase.OFFER: PhaseRule(
        {K.ACCEPT: flow.on_offer_accept, K.PASS: flow.on_offer_pass},
        Illegal("CMO-5.4", "accept the Dealership by matching the extra bets, or pass it on")),
    Phase.AUCTION: PhaseRule(
        {K.BID: flow.on_auction_bid, K.DECLINE: flow.on_auction_decline},
        Illegal("CMO-5.7", "bid for the Dealership or decline")),
    Phase.SPECIALS: PhaseRule(
        {K.SPECIAL: flow.on_special, K.DONE: flow.on_specials_done},
        Illegal("CMO-8.2", "declare a special card, or say you are done")),
    Phase.CHOOSE: PhaseRule(
        {K.CHOOSE: flow.on_choose},
        Illegal("CMO-7.4", "keep one of the two cards offered")),
    Phase.REVEAL: PhaseRule(
        {K.REVEAL: flow.on_reveal},
        Illegal("CMO-7.10", "disclose one card nobody has seen")),
    Phase.SHOWDOWN: PhaseRule(
        {K.DECLARE: flow.on_declare, K.SPECIAL: flow.on_special},
        Illegal("CMO-5.6", "declare your arrangement")),
    Phase.CRIPPLE: PhaseRule(
        {K.DECLARE: flow.on_declare, K.PASS: flow.on_cripple_pass},
        Illegal("CMO-7.0", "cripple with your running flush, or pass")),
    Phase.OVER: PhaseRule({}, Illegal("CMO-1.3", "the match is over")),
}


def apply(state: OnionState, action: Action, arg: Any) -> list[Event]:
    """Carry out a legal action; ``arg`` is its argument resolved against the
    seat's hand by ``rules`` (cards held, an arrangement judged)."""
    events: list[Event] = []
    PHASES[state.phase].moves[KIND_OF[action.kind]](state, action, arg, events)
    return events
