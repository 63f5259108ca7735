// The generic rendering of any game: its view JSON as labelled fields (lists
// of cards drawn as cards) and every legal action as a button. A game is
// playable in the browser with this alone; its own module (games/NAME.js)
// makes it look like the game.
//
// A game module's default export may define any of these; whatever it
// leaves out is taken from here (see docs/protocol.md, "Browser game modules"):
//   board(ctx) -> Element       the table: piles, status, your hand. ctx = {view, legal, seat, names, act}
//   everyButton                 true: every legal action gets a button, its board offering none
//   toAct(view) -> [seat]       whose decision it is
//   seatNote(view, seat)        what to show beside a seat's name (card counts, chips)
//   cardText(name)              a card named in a sentence of the game's words, as text
//   keys {key: action kind}     keyboard shortcuts for the buttons; help [[key, text]] for the help page

import { h } from "../dom.js";
import { cardFace, cardText, parseCard } from "../cards.js";

// Fields drawn as cards: a list of standard card names anywhere, and a seat's
// "hand" or the "top" card whatever the game calls its cards.
const CARD_FIELDS = new Set(["hand", "top", "run", "stack", "discard"]);
const looksLikeCards = (key, v) => Array.isArray(v) && v.length > 0 && v.every((c) => typeof c === "string") &&
  (CARD_FIELDS.has(key) || v.every((c) => parseCard(c)));
const looksLikeCard = (key, v) => typeof v === "string" && (parseCard(v) || (CARD_FIELDS.has(key) && v.length <= 24));

export default {
  board({ view, legal, act }) {
    const playable = new Map(legal.filter((a) => typeof a.card === "string").map((a) => [a.card, a]));
    const fields = h("dl", { class: "fields" });
    for (const [key, value] of Object.entries(view)) {
      let shown;
      if (looksLikeCards(key, value)) {
        shown = h("div", { class: key === "hand" ? "hand cards" : "cards" }, ...value.map((c) => {
          const card = cardFace(c);
          const action = key === "hand" && playable.get(c);
          if (action) {
            card.classList.add("legal");
            card.addEventListener("click", () => act(action));
          }
          return card;
        }));
      } else if (looksLikeCard(key, value)) {
        shown = cardFace(value);
      } else {
        shown = h("code", {}, JSON.stringify(value));
      }
      fields.append(h("dt", {}, key.replace(/_/g, " ")), h("dd", {}, shown));
    }
    return h("div", { class: "board generic" }, fields);
  },
  everyButton: true,
  toAct(view) {
    if (view.over) return [];
    if (Array.isArray(view.to_act)) return view.to_act;
    return typeof view.turn === "number" ? [view.turn] : [];
  },
  seatNote(view, seat) {
    const sizes = view.hand_sizes;
    return Array.isArray(sizes) && typeof sizes[seat] === "number" ? `${sizes[seat]} cards` : "";
  },
  cardText,
  keys: {},
  help: [],
};
