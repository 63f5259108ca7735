// Mao at the browser table. Nothing here knows a rule: the board shows the
// play pile, your hand (click a card to play it — any card, the dealer
// judges), a chat line with quick phrases ("Point of order." and what you may
// plausibly owe from what you have seen: the view's, phrases.py), a knock button, "touch my cards" and "show
// my hand" toggles, a pointing menu, a correction ("call"), the turn clock when
// the view carries one, and the pause banner. A person who deals and judges
// (judge: dealer) also gets the dealer's desk: the software's advice, each a
// one-tap penalty with its name filled in, and the rules in play (the view
// carries both to that seat only). The log's lines (penalties called by the
// dealer among them) come from the server in the game's words (words.py), and
// so do the words of each offer (game.MOVES): none is a button below the board
// (Draw sits beside the hand, the dealer's rulings in the banner). On a wide
// screen the pile and hand sit on the left and the desk, the chat and the
// gestures on the right, so all of it is on a laptop's first screen.
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
// what a person is typing or has picked survives redraws (every act at the table redraws it):
// the chat line, and the player and penalty name of a call
const draft = { text: "", target: "", penalty: "" };
let clockTimer = null;

/** The person looking deals, and the game waits for them to start it. */
const dealing = (view, seat) => seat === view.dealer && !view.started && !view.over;

/** To the dealer, the words the table waits for (the offer); then "Point of order." and what this
 * seat may plausibly say from what it has seen (the view's quick phrases, phrases.py): never the
 * dealer's own sentences, nor somebody else's hail. */
function quickPhrases(view, legal) {
  const dealers = legal.filter((a) => a.action === "say").map((a) => a.text); // to the dealer: what the table waits for
  return [...dealers, POINT_OF_ORDER, ...(view.quick || [])];
}

/** Who the table waits for, as every player can see it: the dealer while the game has not
 * started, a point of order or a correction awaits a ruling, or a pause runs; else the turn. */
function waitsFor(view) {
  const m = view.match;
  if (m && !m.over && m.reading !== null && m.reading !== undefined) return [m.reading]; // the witness reads
  if (m && !m.over && m.writer !== null) return [m.writer]; // the winner writes
  if (view.over) return [];
  if (!view.started || view.point_of_order !== null || view.correction || view.paused) return [view.dealer];
  const next = (view.turn + view.direction + view.players) % view.players;
  return view.drawn ? [view.turn, next] : [view.turn];
}

/** Between games of a match: the witness reads the rule just written (its words, and the button
 * that lets the next game start); every other screen says whom the table waits for. */
function reading(view, seat, names, act) {
  const m = view.match;
  if (!m || m.over || m.reading === null || m.reading === undefined) return "";
  if (m.reading !== seat) {
    return h("div", { class: "banner", id: "read-rule", role: "status" }, `Waiting for ${names[m.reading]} to read the new rule.`);
  }
  const told = m.witnessing[m.witnessing.length - 1];
  return h("div", { class: "banner pause", id: "read-rule", role: "status" },
    h("span", {}, told ? `${names[told.author]}'s new rule, told to you (remember it): ${told.words}` : "A new rule was told to you."),
    h("button", { type: "button", class: "ruling-word", id: "read-button", onclick: () => act({ action: "read" }) },
      "I have read it"));
}

/** Whether a pause has been quiet for its quiet spell (H-pause): a person dealing is reminded. */
const quietSpellOver = (view) => view.paused && view.adjourn_at !== null && view.clock >= view.adjourn_at;

/** What a pause banner says: to the dealer, that they adjourn (reminded after a quiet spell); to the
 * others, who ends it (a person dealing, or the software after a quiet spell). */
function pauseText(view, seat, names) {
  if (seat === view.dealer) {
    return quietSpellOver(view) ? "PAUSED — the table has been quiet: adjourn when you are ready to play on"
      : "PAUSED — point of order. Talk freely; adjourn when you are ready to play on";
  }
  return view.dealer_judges ? `PAUSED — point of order. Talk freely; play resumes when ${names[view.dealer]} adjourns`
    : "PAUSED — point of order. Talk freely; play resumes when the dealer adjourns or after a quiet spell";
}

/** The banner of a ruling the table waits for; the dealer gets the words to rule with (the offer). */
function ruling(view, seat, names, legal, act) {
  const dealer = seat === view.dealer ? "you" : names[view.dealer];
  let text = "";
  if (view.point_of_order !== null && !view.over) {
    const who = view.point_of_order === seat ? "You" : names[view.point_of_order];
    text = `${who} raised a point of order: waiting for ${dealer} to rule`;
  } else if (view.correction && !view.over) {
    text = `${names[view.correction[0]]} called a penalty on ${names[view.correction[1]]}: waiting for ${dealer} to rule`;
  } else if (view.paused) {
    text = pauseText(view, seat, names);
  } else return "";
  const words = legal.filter((a) => a.action === "say");
  const remind = quietSpellOver(view) ? " remind" : "";
  return h("div", { class: "banner pause ruling", id: "pause-banner", role: "status" }, h("span", {}, text),
    words.length ? h("span", { class: "controls rulings" }, ...words.map((a, i) => keyButton(a.text.replace(/\.$/, ""),
      i === 0 ? "y" : i === 1 ? "n" : "", () => act(a), { class: `ruling-word${remind}` }))) : "");
}

/** The dealer's desk, for a person who deals and judges (the view's advice and rules are theirs
 * alone): what the software would assess, each a one-tap penalty with its name filled in (key p
 * for the first), and the rules in play to judge the rest by. Advice leaves once it is called or
 * can no longer be assessed (the server drops it). */
function desk(view, names, act) {
  if (!view.advice || view.over) return "";
  const items = view.advice.map(([target, name], i) => h("li", {},
    keyButton(`${names[target]}: ${name}`, i === 0 ? "p" : "",
      () => act({ action: "call", arg: { seat: target, penalty: name } }), { class: "penalise", "data-seat": String(target) })));
  return h("section", { class: "desk", id: "dealer-desk", "aria-label": "the dealer's desk" },
    h("h3", {}, "You judge"),
    h("p", { class: "desk-note" }, items.length ? "The software would assess these (one tap gives the penalty):"
      : "Nothing for the software to assess now; call what you see below."),
    items.length ? h("ul", { class: "advice" }, ...items) : "",
    view.rules ? h("details", { class: "rules-in-play", id: "rules-in-play" },
      h("summary", {}, `The rules in play (${view.rules.length})`),
      h("ul", {}, ...view.rules.map((r) => h("li", {}, r)))) : "");
}

function turnClock(view) {
  const el = h("span", { class: "chip", id: "turn-clock", "aria-live": "off" });
  if (clockTimer) clearInterval(clockTimer);
  if (view.turn_deadline === null || view.over) return "";
  const until = Date.now() + (view.turn_deadline - view.clock) * 1000;
  const tick = () => {
    const left = Math.max(0, (until - Date.now()) / 1000);
    el.textContent = `turn clock ${Math.ceil(left)} s`;
    el.classList.toggle("low", left <= 2);
  };
  tick();
  clockTimer = setInterval(tick, 250);
  return el;
}

function chatLine(view, legal, act) {
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
    ...quickPhrases(view, legal).map((p) => h("button", { type: "button", class: "ghost quick-phrase", onclick: () => say(p) }, p)));
  return h("section", { class: "talk" }, form, quick);
}

function gestures(view, seat, names, act) {
  const others = [...Array(view.players).keys()].filter((s) => s !== seat);
  const target = h("select", { id: "target", "aria-label": "which player", "data-focus": "target" },
    ...others.map((s) => h("option", { value: String(s) }, names[s])));
  if (others.map(String).includes(draft.target)) target.value = draft.target;
  target.addEventListener("change", () => { draft.target = target.value; });
  const penalty = h("input", { id: "call-name", maxlength: "100", placeholder: "penalty name (optional)",
    "aria-label": "penalty to call", "data-focus": "call-name", value: draft.penalty });
  penalty.addEventListener("input", () => { draft.penalty = penalty.value; });
  penalty.addEventListener("keydown", (e) => e.stopPropagation());
  const point = h("button", { type: "button", class: "ghost", id: "point",
    onclick: () => act({ action: "point", arg: Number(target.value) }) }, "Point at");
  const call = h("button", { type: "button", class: "ghost", id: "call", onclick: () => {
    draft.penalty = "";
    act({ action: "call", arg: { seat: Number(target.value), penalty: penalty.value } }); // unnamed: the dealer names it
  } }, "Call penalty");
  return h("section", { class: "gestures" }, target, point, penalty, call);
}

export default {
  board({ view, legal, said, seat, names, act }) {
    const parts = [];
    const waiting = reading(view, seat, names, act) || ruling(view, seat, names, legal, act);
    if (waiting) parts.push(waiting);
    else if (dealing(view, seat)) {
      const start = legal.find((a) => a.action === "say");
      parts.push(h("div", { class: "banner", id: "deal-banner", role: "status" },
        h("span", {}, "You deal: start the game by saying "),
        start ? keyButton(`“${START}”`, "s", () => act(start), { class: "ruling-word", id: "start-game" }) : `“${START}”`));
    } else if (!view.started) parts.push(h("div", { class: "banner", role: "status" }, "Waiting for the dealer to start the game"));
    const chips = [h("span", { class: "chip" }, view.direction === 1 ? "↻" : "↺"), turnClock(view)];
    parts.push(h("div", { class: "chips" }, ...chips));
    const main = [], side = [desk(view, names, act)];
    main.push(h("div", { class: "piles" },
      h("figure", { class: "pile", id: "draw-pile" }, cardBack(view.draw_size), h("figcaption", {}, "draw pile")),
      h("figure", { class: "pile", id: "discard" }, h("div", { class: "cards small" }, ...view.pile.map(cardFace)),
        h("figcaption", {}, "play pile"))));
    for (const [s, cards] of Object.entries(view.shown)) {
      if (Number(s) !== seat) main.push(h("p", { class: "shown" }, `${names[Number(s)]} shows: `, ...cards.map(cardFace)));
    }
    if (view.hand && !view.over) {
      // any card may be attempted at any moment: the dealer judges it
      const hand = cardRow([...view.hand].sort((a, b) => sortKey(a) - sortKey(b)), {
        cls: "hand cards", label: "your hand", focus: "hand",
        choice: (name) => ({ run: () => act({ action: "play", card: name }), lit: false, title: `play ${cardText(name)}` }),
      });
      // the 1–9 keys play the 1st…9th card of the hand (any card may be attempted: none is "lit")
      [...hand.children].slice(0, 9).forEach((card, i) => { card.dataset.key = String(i + 1); });
      const holding = view.holding.includes(seat);
      const showing = Object.keys(view.shown).includes(String(seat));
      const hands = h("div", { class: "controls", id: "table-acts" },
        keyButton("Draw", "d", () => act({ action: "draw" }), { id: "draw" }),
        keyButton("Knock", "k", () => act({ action: "knock", arg: 1 }), { id: "knock" }),
        keyButton(holding ? "Let go of my cards" : "Touch my cards", "t", () => act({ action: "touch", arg: !holding }), { id: "touch" }),
        h("label", { class: "toggle" }, h("input", { type: "checkbox", id: "show-hand", checked: showing,
          onchange: () => act({ action: "show", arg: !showing }) }), " show my hand"));
      main.push(h("section", { class: "my-hand" }, h("h3", {}, "Your hand"), hands, hand));
      side.push(chatLine(view, legal, act), gestures(view, seat, names, act));
    }
    parts.push(h("div", { class: "mao-table" }, h("div", { class: "mao-main" }, ...main),
      h("div", { class: "mao-side" }, ...side)));
    if (view.over && view.rules) {
      parts.push(h("section", { class: "reveal", id: "reveal" }, h("h3", {}, "The rules in play were"),
        h("ul", {}, ...view.rules.map((r) => h("li", {}, r)))));
    }
    if (view.match) parts.push(matchPanel({ view, legal, said, seat, names, act })); // the Extension: match.js
    return h("div", { class: "board mao" }, ...parts);
  },
  toAct: waitsFor,
  seatNote(view, seat) {
    const n = view.hand_sizes[seat];
    const notes = [`${n} card${n === 1 ? "" : "s"}`];
    if (view.penalties[seat]) notes.push(`${view.penalties[seat]} penalt${view.penalties[seat] === 1 ? "y" : "ies"}`);
    if (seat === view.dealer) notes.push("dealer");
    return notes.join(" · ");
  },
  keys: {},
  help: [["d", "draw"],
    ["k", "knock once (press again to knock again)"], ["t", "touch or let go of your cards"],
    ["y / n", "the dealer's ruling on a point of order (Sustained / Overruled)"],
    ["p", "a person who judges: give the first penalty the software advises"]],
};
