// Mao at the browser table. Nothing here knows a rule: the board shows the
// play pile, your hand (click a card to play it — any card, the dealer
// judges), a chat line with quick phrases (what has been said aloud at this
// table, and "Point of order."), a knock button, "touch my cards" and "show
// my hand" toggles, a pointing menu, a correction ("call"), the turn clock when
// the view carries one, and the pause banner. The log's lines (penalties called
// by the dealer among them) come from the server in the game's words (words.py).
// Speech is always text, never HTML.

import { h, keyButton } from "../../dom.js";
import { cardBack, cardFace, cardRow, cardText, parseCard } from "../../cards.js";
import { matchPanel } from "./match.js";

const SUIT_ORDER = "CDHS";
const RANK_ORDER = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"];
const sortKey = (name) => {
  const c = parseCard(name);
  return SUIT_ORDER.indexOf(c.suit) * 13 + RANK_ORDER.indexOf(c.rank);
};
const POINT_OF_ORDER = "Point of order.";
const START = "The game of maʊ has now started."; // the dealer's first words (rulebook.START)
const draft = { text: "" }; // the chat line survives redraws
let clockTimer = null;

/** The person looking deals, and the game waits for them to start it. */
const dealing = (view, seat) => seat === view.dealer && !view.started && !view.over;

function quickPhrases(view, seat) {
  const out = dealing(view, seat) ? [START] : [];
  for (const entry of [...view.log].reverse()) {
    if (entry[1] === "say" && !out.includes(entry[3]) && out.length < 4) out.push(entry[3]);
  }
  if (!out.includes(POINT_OF_ORDER)) out.push(POINT_OF_ORDER);
  return out;
}

function turnClock(view) {
  const el = h("span", { class: "chip", id: "turn-clock", "aria-live": "off" });
  if (clockTimer) clearInterval(clockTimer);
  if (view.turn_deadline === null || view.over) return "";
  const until = Date.now() + (view.turn_deadline - view.clock) * 1000;
  const tick = () => {
    const left = Math.max(0, (until - Date.now()) / 1000);
    el.textContent = `turn clock ${left.toFixed(0)} s`;
  };
  tick();
  clockTimer = setInterval(tick, 500);
  return el;
}

function chatLine(view, seat, act) {
  const input = h("input", {
    id: "chat", name: "chat", maxlength: "200", autocomplete: "off", "data-focus": "chat",
    placeholder: "say something aloud…", "aria-label": "say something to the table", value: draft.text,
  });
  input.addEventListener("input", () => { draft.text = input.value; });
  input.addEventListener("keydown", (e) => e.stopPropagation()); // typing is not a table key
  const say = (text) => {
    if (!text.trim()) return;
    draft.text = "";
    act({ action: "say", text });
  };
  const form = h("form", { class: "chat", id: "chat-form" }, input, h("button", { type: "submit" }, "Say"));
  form.addEventListener("submit", (e) => { e.preventDefault(); say(input.value); });
  const quick = h("div", { class: "quick", "aria-label": "quick phrases" },
    ...quickPhrases(view, seat).map((p) => h("button", { type: "button", class: "ghost quick-phrase", onclick: () => say(p) }, p)));
  return h("section", { class: "talk" }, form, quick);
}

function gestures(view, seat, names, act) {
  const others = [...Array(view.players).keys()].filter((s) => s !== seat);
  const target = h("select", { id: "target", "aria-label": "which player" },
    ...others.map((s) => h("option", { value: String(s) }, names[s])));
  const penalty = h("input", { id: "call-name", maxlength: "100", placeholder: "penalty name (optional)", "aria-label": "penalty to call" });
  penalty.addEventListener("keydown", (e) => e.stopPropagation());
  const point = h("button", { type: "button", class: "ghost", id: "point",
    onclick: () => act({ action: "point", arg: Number(target.value) }) }, "Point at");
  const call = h("button", { type: "button", class: "ghost", id: "call", onclick: () => {
    act({ action: "call", arg: { seat: Number(target.value), penalty: penalty.value } }); // unnamed: the dealer names it
  } }, "Call penalty");
  return h("section", { class: "gestures" }, target, point, penalty, call);
}

export default {
  board({ view, legal, seat, names, act }) {
    const parts = [];
    if (view.paused) parts.push(h("div", { class: "banner pause", id: "pause-banner", role: "status" }, "PAUSED — point of order"));
    else if (view.point_of_order !== null && view.point_of_order !== undefined) {
      parts.push(h("div", { class: "banner", id: "order-banner", role: "status" },
        `${view.point_of_order === seat ? "You" : names[view.point_of_order]} raised a point of order: awaiting the dealer's ruling`));
    } else if (dealing(view, seat)) {
      parts.push(h("div", { class: "banner", id: "deal-banner", role: "status" },
        `You deal: start the game by saying “${START}” (a quick phrase below)`));
    } else if (!view.started) parts.push(h("div", { class: "banner", role: "status" }, "Waiting for the dealer to start the game"));
    const chips = [h("span", { class: "chip" }, view.direction === 1 ? "↻" : "↺"), turnClock(view)];
    parts.push(h("div", { class: "chips" }, ...chips));
    parts.push(h("div", { class: "piles" },
      h("figure", { class: "pile", id: "draw-pile" }, cardBack(view.draw_size), h("figcaption", {}, "draw pile")),
      h("figure", { class: "pile", id: "discard" }, h("div", { class: "cards small" }, ...view.pile.map(cardFace)),
        h("figcaption", {}, "play pile"))));
    for (const [s, cards] of Object.entries(view.shown)) {
      if (Number(s) !== seat) parts.push(h("p", { class: "shown" }, `${names[Number(s)]} shows: `, ...cards.map(cardFace)));
    }
    if (view.hand && !view.over) {
      // any card may be attempted at any moment: the dealer judges it
      const hand = cardRow([...view.hand].sort((a, b) => sortKey(a) - sortKey(b)), {
        cls: "hand cards", label: "your hand", focus: "hand",
        choice: (name) => ({ run: () => act({ action: "play", card: name }), lit: false, title: `play ${cardText(name)}` }),
      });
      const holding = view.holding.includes(seat);
      const showing = Object.keys(view.shown).includes(String(seat));
      const hands = h("div", { class: "controls", id: "table-acts" },
        keyButton("Knock", "k", () => act({ action: "knock", arg: 1 }), { id: "knock" }),
        keyButton(holding ? "Let go of my cards" : "Touch my cards", "t", () => act({ action: "touch", arg: !holding }), { id: "touch" }),
        h("label", { class: "toggle" }, h("input", { type: "checkbox", id: "show-hand", checked: showing,
          onchange: () => act({ action: "show", arg: !showing }) }), " show my hand"));
      parts.push(h("section", { class: "my-hand" }, h("h3", {}, "Your hand"), hand), hands);
      parts.push(chatLine(view, seat, act), gestures(view, seat, names, act));
    }
    if (view.over && view.rules) {
      parts.push(h("section", { class: "reveal", id: "reveal" }, h("h3", {}, "The rules in play were"),
        h("ul", {}, ...view.rules.map((r) => h("li", {}, r)))));
    }
    if (view.match) parts.push(matchPanel({ view, legal, seat, names, act })); // the Extension: match.js
    return h("div", { class: "board mao" }, ...parts);
  },
  isButton: (a) => a.action === "draw",
  actionLabel: (a) => (a.action === "draw" ? "Draw" : a.action),
  toAct: (view) => (view.over || !view.started ? [] : [view.turn]),
  seatNote(view, seat) {
    const n = view.hand_sizes[seat];
    const notes = [`${n} card${n === 1 ? "" : "s"}`];
    if (view.penalties[seat]) notes.push(`${view.penalties[seat]} penalt${view.penalties[seat] === 1 ? "y" : "ies"}`);
    if (seat === view.dealer) notes.push("dealer");
    return notes.join(" · ");
  },
  keys: { d: "draw" },
  help: [["d", "draw"], ["k", "knock once (press again to knock again)"], ["t", "touch or let go of your cards"]],
};
