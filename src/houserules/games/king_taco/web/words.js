// King Taco in words: the playability condition, what a stack will do, and
// one line of the event log per event (the terminal's wording, in
// sentences). Only what the seat's own view and events hold is told.

import { EFFECT_WORDS, parseTaco, tacoText } from "./cards.js";
import fallback from "../fallback.js";

const effect = (symbol) => EFFECT_WORDS[symbol] ?? symbol;
const plural = (n, word) => `${n} ${word}${n === 1 ? "" : "s"}`;

/** What may be played on the pile now, in a sentence. */
export function conditionText(view) {
  if (view.pending === "wild colour") return "it depends on the colour being chosen for the WILD";
  if (view.fishing_turns) return "go fishing: nothing goes on the pile; ask a player for a symbol";
  const top = parseTaco(view.top);
  const colour = view.top_colour || top.colour;
  const symbol = top.symbol === "null" ? null : effect(top.symbol);
  const lock = /^lock/.test(view.pending || "") ? null : view.lock; // while it is being defined, the old one means nothing
  switch (view.condition) {
    case "rage": return "rage: any card may be played";
    case "calm": return "calm: any card but a WILD";
    case "lock": return lock ? `lock: ${lock.colour} or ${effect(lock.symbol)}, or a WILD` : "lock: its colour and symbol are being chosen";
    case "inverted lock": return lock ? `inverted lock: neither ${lock.colour} nor ${effect(lock.symbol)}; no WILD`
      : "inverted lock: its colour and symbol are being chosen";
    case "inverted default": return `inverted: not ${colour}${symbol ? ` and not ${symbol}` : ""}; no WILD`;
    default: return `${colour}${symbol ? ` or ${symbol}` : ""}, or a WILD`;
  }
}

/** A pending choice (the view's ``pending``) in words. */
export const PENDING = {
  "wild colour": "the WILD's colour", "lock colour": "the lock's colour", "lock symbol": "the lock's symbol",
  discard: "cards to discard", "auction discard": "a number card to discard for the auction",
};

/** What the open stack holds: its count ("4 cards to draw") or its lifespan ("lasts 2 rounds"). */
export function stackEffect(view) {
  const n = view.stack_count;
  if (n) {
    switch (view.stack_kind) {
      case "+=2": return `${plural(n, "card")} to draw`;
      case "all++": return `${plural(n, "card")} each to draw`;
      case "skip": return `${plural(n, "turn")} of timeout`;
      case "--": return `${plural(n, "card")} to discard`;
      default: return `count ${n}`;
    }
  }
  return view.stack_life ? `lasts ${plural(view.stack_life, "round")}` : "";
}

const WHY = {
  "cannot play": " (nothing playable)", stack: " (the stack)", x2: " (x2)", goto: " (the goto failed)",
  "go fish": " (go fish)", owed: " (owed)",
};

const EXPIRED = { condition: "the playability condition ends", harvest: "the harvest ends", "go fishing": "go fishing ends" };

/** One line of the log, or null to leave the event out. */
export function eventText(e, names) {
  const who = typeof e.seat === "number" ? names[e.seat] : "";
  switch (e.event) {
    case "play": return `${who} ${e.stack ? "stacks" : "plays"} ${tacoText(e.card)}`;
    case "draw": return `${who} draws ${e.count}${WHY[e.why] ?? ""}${e.cards && e.cards.length ? ": " + e.cards.map(tacoText).join(", ") : ""}`;
    case "fizzle": return `${tacoText(e.card)} has no effect: ${who} lacks the mana (+1 mana instead)`;
    case "effect":
      if (e.effect === "x2") return `${who}'s x2 alone: draws 1 and gains 1 mana`;
      if (e.effect === "harvest") return `${who} harvests everyone's mana for ${plural(e.rounds, "round")}`;
      return `${who}: ${effect(e.effect)}`;
    case "nope": return `${who} NOPEs with ${tacoText(e.card)}${e.nopes > 1 ? ` (${e.nopes} NOPEs on the stack)` : ""}`;
    case "allow": return `${who} allows the stack`;
    case "triggered": return `the ${effect(e.effect)} stack triggers (${plural(e.depth, "card")})`;
    case "cancelled": return `the ${effect(e.effect)} stack is NOPEd: no effect`;
    case "colour": return `${who} names ${e.colour}`;
    case "lock": return `${e.inverted ? "inverted lock" : "lock"}: ${e.colour} / ${effect(e.symbol)}`;
    case "discard": return `${who} discards ${tacoText(e.card)}${e.auction ? " for the auction" : ""}`;
    case "fish": return `${who} asks ${names[e.target]} for a ${effect(e.symbol)}: ${e.caught ? "caught!" : "go fish"}`;
    case "given": return e.card ? `you hand ${tacoText(e.card)} to ${names[e.target]}` : null;
    case "received": return e.card ? `${names[e.source]} hands you ${tacoText(e.card)}` : null;
    case "harvest": return `${who} harvests ${e.mana} mana from ${names[e.source]}${e.incinerated ? ` (${e.incinerated} burnt)` : ""}`;
    case "expired": return typeof e.seat === "number" ? `${who}'s ${e.effect} ends` : EXPIRED[e.effect] ?? `${e.effect} ends`;
    case "timeout": return `${who} is timed out${e.left ? ` (${e.left} more)` : ""}`;
    case "nope-out": return `${who} NOPEs themself out of the game!`;
    case "auction": return `${who} empties their hand: auction! Points ${(e.points || []).map((p, s) => `${names[s]} ${p}`).join(", ")}`;
    case "goto": return `${who} tries to win at 1 in ${e.goto}: ${e.won ? "succeeds!" : "fails"}`;
    case "turn": return `— ${who}'s turn —`;
    case "reshuffle": return `the discard pile is shuffled into the draw pile (${e.cards} cards)`;
    case "win": return `${who} wins (${e.how})!`;
    case "over": return `the game ends: ${e.reason}`;
    default: return fallback.eventText(e, names);
  }
}
