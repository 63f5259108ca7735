"""The Cripple Mr Onion game object: the engine's ``Game`` protocol wired to
the rules, the flow, the view, and the JSON vocabularies of actions and
scenario files."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import Any

from ...cards import CardError
from ...engine.core import Action, Event, GameError, Illegal, Result, require_keys
from ...engine.referee import refusal
from . import flow, phases, rules
from .cards import allocate, name, names
from .state import OnionKind, OnionState, literal_state, validate_options
from .view import OnionView, view


class CrippleMrOnion:
    """Cripple Mr Onion, seed 002: see docs/rules/cripple-mr-onion.md."""

    name = "cripple-mr-onion"
    title = "Cripple Mr Onion"

    def options(self, raw: Mapping[str, Any]) -> dict[str, Any]:
        return validate_options(raw)

    def new(self, options: Mapping[str, Any], seed: int) -> OnionState:
        state = OnionState(validate_options(options), seed, random.Random(seed))
        flow.start_round(state, [])
        return state

    def seats(self, state: OnionState) -> int:
        return state.players

    def to_act(self, state: OnionState) -> tuple[int, ...]:
        return () if state.over else (state.turn,)

    legal = staticmethod(rules.legal)
    check = staticmethod(rules.check)

    def apply(self, state: OnionState, action: Action) -> list[Event]:
        illegal, arg = rules.resolve_arg(state, action)
        if illegal is not None:
            raise GameError(f"illegal action {action}: {illegal.reason}")
        return phases.apply(state, action, arg)

    def penalise(self, state: OnionState, action: Action, illegal: Illegal) -> list[Event]:
        """The seed names no penalties: an illegal attempt is refused in every mode."""
        return [refusal(action, illegal)]

    def view(self, state: OnionState, seat: int | None) -> OnionView:
        return view(state, seat)

    def result(self, state: OnionState) -> Result | None:
        if not state.over:
            return None
        reason = "one player left" if sum(not o for o in state.out) <= 1 else "round limit: most chips"
        return Result(state.winners, reason, tuple(float(c) for c in state.ledger.chips))

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

    # --- JSON -----------------------------------------------------------
    def action_to_json(self, action: Action) -> dict[str, Any]:
        """Cards are named with the special copy's ``*`` always, so that a record
        replays the very copies played; without modifiers the ``*`` changes nothing."""
        out: dict[str, Any] = {"seat": action.seat, "action": action.kind}
        if action.kind in rules.AMOUNT_KINDS:
            out["amount"] = action.arg
        elif action.kind == "discard":
            out["cards"] = names(action.arg, marks=True)
        elif action.kind == "declare":
            out["groupings"] = [{"name": k, "cards": names(cards, marks=True)} for k, cards in action.arg]
        elif action.kind in rules.CARD_KINDS:
            out["card"] = name(action.card, marks=True)
        return out

    def action_from_json(self, obj: Mapping[str, Any]) -> Action:
        if not isinstance(obj, Mapping):
            raise GameError("an action is a JSON object")
        require_keys(obj, ("seat", "action", "amount", "cards", "groupings", "card"), "action")
        named = obj.get("action")
        if not isinstance(named, str) or named not in rules.KINDS:
            raise GameError(f"unknown action {named!r}; Cripple Mr Onion actions: {', '.join(rules.KINDS)}")
        kind = OnionKind(named)
        seat = obj.get("seat")
        if not isinstance(seat, int) or isinstance(seat, bool):
            raise GameError("an action needs its seat as a whole number")
        wants = "amount" if kind in rules.AMOUNT_KINDS else "cards" if kind == "discard" else \
            "groupings" if kind == "declare" else "card" if kind in rules.CARD_KINDS else None
        extra = sorted(k for k in ("amount", "cards", "groupings", "card") if k in obj and k != wants)
        if extra:
            raise GameError(f"{kind!r} takes no {', '.join(extra)}")
        if wants and wants not in obj:
            raise GameError(f"{kind!r} needs \"{wants}\"")
        try:
            if wants == "amount":
                amount = obj["amount"]
                if not isinstance(amount, int) or isinstance(amount, bool):
                    raise GameError("amount must be a whole number of chips")
                return Action(seat, kind, arg=amount)
            if wants == "cards":
                return Action(seat, kind, arg=tuple(allocate(obj["cards"])))
            if wants == "card":
                return Action(seat, kind, allocate([str(obj["card"])])[0])
            if wants == "groupings":
                return Action(seat, kind, arg=tuple((str(g["name"]), tuple(allocate(g["cards"])))
                                                    for g in obj["groupings"]))
        except (CardError, KeyError, TypeError) as exc:
            raise GameError(f"{kind!r}: {exc}") from None
        return Action(seat, kind)

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


GAME = CrippleMrOnion()
