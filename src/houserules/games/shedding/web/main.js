// Shedding at the browser table: the draw pile and discard pile, this
// turn's run, draw pressure, direction, a Queen to cover, and your hand with
// the cards you may play lifted and lit.

import { h } from "../../dom.js";
import { cardBack, cardFace, cardRow, cardText, parseCard } from "../../cards.js";

const SUIT_ORDER = "CDHS";
const RANK_ORDER = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"];
const sortKey = (name) => {
  const c = parseCard(name);
  return SUIT_ORDER.indexOf(c.suit) * 13 + RANK_ORDER.indexOf(c.rank);
};

function chips(view) {
  const out = [h("span", { class: "chip" }, view.direction === 1 ? "↻ to higher seats" : "↺ to lower seats")];
  if (view.pending_draw) out.push(h("span", { class: "chip warn", id: "pending" }, `draw pressure +${view.pending_draw}`));
  if (view.queen_to_cover && !view.over) out.push(h("span", { class: "chip magenta" }, "Queen on top: cover it or decline"));
  out.push(h("span", { class: "chip" }, `${view.mode} mode`), h("span", { class: "chip" }, `turn ${view.turns + 1}`));
  return h("div", { class: "chips" }, ...out);
}

export default {
  board({ view, legal, act }) {
    const playable = new Map(legal.filter((a) => a.action === "play").map((a) => [a.card, a]));
    // In table mode a person may attempt any card on their turn; the rulebook judges it.
    const mayAttempt = view.mode === "table" && legal.length > 0;
    const piles = h("div", { class: "piles" },
      h("figure", { class: "pile", id: "draw-pile", "data-pile": "draw" }, cardBack(view.draw_size), h("figcaption", {}, "draw pile")),
      h("figure", { class: "pile", id: "discard", "data-pile": "discard" }, cardFace(view.top),
        h("figcaption", {}, "discard (", h("span", { "data-count": "discard" }, String(view.discard_size)), ")")),
      view.run.length ? h("figure", { class: "pile run" }, h("div", { class: "cards small" }, ...view.run.map(cardFace)),
        h("figcaption", {}, "played this turn")) : "");
    const parts = [chips(view), piles];
    if (view.hand) {
      const hand = cardRow([...view.hand].sort((a, b) => sortKey(a) - sortKey(b)), {
        cls: "hand cards", label: "your hand", focus: "hand",
        choice(name) {
          const action = playable.get(name);
          const attempt = action || (mayAttempt && { action: "play", card: name });
          if (!attempt) return null;
          return { run: () => act(attempt), lit: Boolean(action),
            title: action ? `play ${cardText(name)}` : `try ${cardText(name)} (not legal now: the table will judge it)` };
        },
      });
      parts.push(h("section", { class: "my-hand" }, h("h3", {}, "Your hand"), hand));
    }
    return h("div", { class: "board shedding" }, ...parts);
  },
  toAct: (view) => (view.over ? [] : [view.turn]),
  seatNote(view, seat) {
    const n = view.hand_sizes[seat];
    if (n === 0) return "no cards left"; // gone out: a declaration of the last card is past
    return `${n} card${n === 1 ? "" : "s"}${view.declared.includes(seat) ? " · last card!" : ""}`;
  },
  keys: { d: "draw", e: "end", x: "decline", l: "declare" },
  help: [["d", "draw"], ["e", "end run"], ["x", "decline to cover a Queen"], ["l", "declare your last card"]],
};
