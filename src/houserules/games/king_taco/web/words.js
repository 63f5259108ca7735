// King Taco in words: the playability condition and what a stack will do,
// from the view. (The event log's sentences come with the events, from the
// game's one wording in words.py.) Only what the seat's own view holds is told.

import { parseTaco, tacoText } from "./cards.js";
import { effect } from "./effects.js";

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



