// bpoker at the browser table: every seat's zones at a glance (stash,
// viewing hand, cards-to-be-played, sideways cards, its table with wilds
// face down beside their origin and no-effect cards turned sideways, its
// declared hand), the pot, and for this seat its viewing hand with the
// playable cards lit. A question of the resolution machine (a target, a
// value, a Magic or Tunnel window) is asked in a prompt with one button per
// offered answer; the 5-card declaration is a row of buttons, one per legal
// declaration, each saying the hand it makes. f_poker (Joker + Joker + 7) is
// drawn as a phase of its own: the f_pot, every player's f-hand, the paused
// hand folded away below. Everything comes from this seat's view (view.py).

import { h, chip, keyButton, prompt, named } from "../../dom.js";
import { cardBack, cardFace, cardRow, cardText as stdText } from "../../cards.js";

const plural = (n, word) => `${n} ${word}${n === 1 ? "" : "s"}`;
const KEYS = "asdfghjklzxcvbnm";

/** "QS#2" is the second deck's Q♠: the face of "QS", the name kept for tests and clicks. */
const base = (name) => String(name).replace(/#\d+$/, "");
const isJoker = (name) => base(name) === "JK";

function face(name) {
  const card = isJoker(name) ? cardFace("Joker") : cardFace(base(name));
  card.dataset.card = name;
  if (isJoker(name)) card.classList.add("joker");
  return card;
}

function cardText(name) {
  return isJoker(name) ? "Joker" : stdText(base(name));
}

const CARD = /^(10|[2-9AJQK])[SHDC](#\d+)?$|^JK(#\d+)?$/;
const cap = (text) => text.charAt(0).toUpperCase() + text.slice(1);

/** A choice's word: a card name is said as the card, two cards as both (a pair), an f_poker
 * draw as the cards changed, any other word as it stands. */
function choiceText(choice, names, seat) {
  if (CARD.test(choice)) return cardText(choice);
  const forced = choice.match(/^(.+)>seat:(\d+)$/);  // "5H>seat:1": force the card onto that seat's table
  if (forced) return `${cardText(forced[1])} onto ${seatWords(`seat ${forced[2]}'s`, names, seat)} table`;
  const both = choice.split("+");
  if (both.length === 2 && both.every((c) => CARD.test(c))) return both.map(cardText).join(" + ");
  if (choice.startsWith("draw:")) return `Change ${choice.slice(5).split("+").map(cardText).join(" ")}`;
  return named(choice, names); // "seat:2": that seat's name
}

// --- what a card does (the catalogue's words, sent in the view: says, set_says, now) ---
/** A card's name (such as "QC#2") in words: what it does, or what happens to it instead at
 * this moment (a J just played, a 10♦ lock). */
function tip(view, key) {
  const says = (view.says || {})[key];
  const now = (view.now || {})[key];
  const five = (view.on_five || {})[key];  // asked which card goes on a 5: what it does at its value in effect
  if (now) return says ? `${now} (else: ${says})` : now;
  return five || says || "";
}

/** Words the rules wrote with seats as "seat N" ("discard a card of seat 1's table"): the reader's
 * own seat is "your" / "you", every other seat its player's name. */
function seatWords(text, names, seat) {
  return String(text).replace(/\bseat (\d+)('s)?/g, (w, n, s) => (Number(n) === seat ? (s ? "your" : "you")
    : `${names[Number(n)] ?? w}${s || ""}`));
}

const cardTip = (view, name) => {
  const words = tip(view, name);
  return words ? `${cardText(name)}: ${words}` : cardText(name);
};

/** Hovering, focusing or long-pressing (a phone) a card of ``row`` shows what it does in ``info``;
 * a long press never plays the card. */
function explain(row, info, view) {
  let timer = null;
  let pressed = false;
  const show = (card) => { info.textContent = cardTip(view, card.dataset.card); info.hidden = false; };
  for (const card of row.querySelectorAll("[data-card]")) {
    card.addEventListener("pointerenter", () => show(card));
    card.addEventListener("focus", () => show(card));
    card.addEventListener("pointerdown", () => {
      clearTimeout(timer);
      timer = setTimeout(() => { pressed = true; show(card); }, 450);
    });
    for (const end of ["pointerup", "pointerleave", "pointercancel"]) card.addEventListener(end, () => clearTimeout(timer));
    card.addEventListener("contextmenu", (e) => e.preventDefault());
  }
  row.addEventListener("click", (e) => {  // capture: before the card's own click plays it
    if (pressed) { pressed = false; e.stopPropagation(); e.preventDefault(); }
  }, true);
}

// --- seats ----------------------------------------------------------------------------
function slot(sl, view) {
  const side = sl.sideways || [];  // a 6+6+6's 6s turned sideways to shaft (still in the tile)
  const cards = sl.cards.map((c) => {
    const f = face(c);
    if (sl.wild) f.classList.add("wild-down");
    if (sl.ne || side.includes(c)) f.classList.add("sideways");
    f.title = cardTip(view, c);
    return f;
  });
  const notes = [];
  if (sl.wild) notes.push(`wild, face down${sl.as ? ` as ${sl.as}` : ""}`);
  else if (sl.as) notes.push(`as ${sl.as}`);
  if (isUnit(sl)) notes.push(`shafting unit${side.length ? `, ${side.length} of 3 used` : ""}`);
  if (sl.ne) notes.push("no effect");
  if (sl.protected) notes.push("protected");
  return h("figure", { class: `slot${sl.wild ? " wild" : ""}${sl.ne ? " ne" : ""}` },
    h("div", { class: "cards small" }, ...cards), notes.length ? h("figcaption", {}, notes.join(" · ")) : "");
}

/** The Discreationary Shafting Unit: three 6s kept as one tile. */
const isUnit = (sl) => sl.cards.length === 3 && !sl.as && sl.cards.every((c) => base(c).startsWith("6"));

function seatZones(view, names, s) {
  const mine = s === view.seat;
  const out = !view.in_hand[s] || (view.out || []).includes(s);
  const counts = h("div", { class: "chips" },
    chip(`stash ${view.stash_sizes[s]}`, "", { title: "face-down stash" }),
    chip(`viewing ${view.viewing_sizes[s]}/${view.correct[s]}`, "", { title: "viewing hand / its correct number" }),
    view.ctbp_sizes[s] ? chip(`to play ${view.ctbp_sizes[s]}`, "warn") : "",
    view.sideways[s] ? chip(`sideways ${view.sideways[s]}`, "", { title: "sideways cards in the stash" }) : "",
    chip(`table ${view.counted[s]}/${view.maximum[s]}`, "", { title: "table cards that count / the table's maximum" }),
    view.hands_won[s] ? chip(`won ${view.hands_won[s]}`, "magenta") : "",
    out ? chip("out of this hand", "warn") : "");
  const table = view.tables[s].length ? h("div", { class: "bp-table" }, ...view.tables[s].map((sl) => slot(sl, view)))
    : h("p", { class: "empty" }, "table empty");
  const declared = view.declared[s].length
    ? h("p", { class: "declared" }, h("b", {}, `declared: ${view.declared_hand[s] || ""}`), " · ",
      view.declared[s].map(cardText).join(" "))
    : "";
  const turn = view.turn === s && !view.over;
  return h("section", { class: `bp-seat${mine ? " mine" : ""}${turn ? " bp-turn" : ""}`, "data-seat": s },
    h("h3", {}, names[s] ?? `seat ${s + 1}`, mine ? " (you)" : "", turn ? " · to play" : "",
      view.dealer === s ? " · dealer" : ""), counts, table, declared);
}

/** The moments of a turn worth a word on the felt (a plain turn needs none: its seat says "to play"). */
const PHASE_WORDS = { declare: "declaring a poker hand", fpoker: "f_poker under way" };

function status(view) {
  const out = [chip(`hand ${view.hand} of ${view.hands}`), chip(`pot ${view.pot_size}`, "magenta", { id: "pot", "data-count": "pot" }),
    chip(view.direction === -1 ? "↺ reversed" : "↻ in seat order"), PHASE_WORDS[view.phase] ? chip(PHASE_WORDS[view.phase]) : "",
    chip(`turn ${view.turns + 1}`)];
  if (view.discard.length) out.push(chip(`discard ${view.discard.length}`, "", { title: view.discard.map(cardText).join(" ") }));
  if (view.transit.length) out.push(chip(`in transit: ${view.transit.map(cardText).join(" ")}`, "warn"));
  return h("div", { class: "chips" }, ...out);
}

// --- what you are asked -----------------------------------------------------------------
function ask(ctx) {
  const { view, legal, said, names, seat, act } = ctx;
  const choose = legal.filter((a) => a.action === "choose");
  if (view.ask && view.ask.seat !== seat && !view.over) {
    return h("p", { class: "waiting-for" }, `${names[view.ask.seat]} is asked: ${seatWords(view.ask.prompt, names, seat)}…`);
  }
  if (!choose.length) return "";
  if (view.reacting && !view.ask) {  // a reaction window says what it is for, and each answer what it does
    const words = (a) => (said || [])[legal.indexOf(a)] || { label: a.choice, note: "" };
    // on a card of your own choosing, letting it be is the usual answer: it comes first (and on the first key)
    if (view.about && view.about.clause === "BP-10D.M") choose.sort((a, b) => (b.choice === "pass") - (a.choice === "pass"));
    const answers = choose.map((a, i) => keyButton([words(a).label.replace(/ \([a-z]+\)$/, ""),
      words(a).note ? h("small", { class: "says" }, seatWords(words(a).note, names, seat)) : ""], KEYS[i] || "", () => act(a),
    { class: "choice", "data-choice": a.choice }));
    const about = view.about ? cap(seatWords(view.about.says, names, seat)) : "A card is coming";
    return prompt(`${about}.`, "You may answer it now, or let it be.", answers, { urgent: true, id: "ask" });
  }
  const buttons = choose.map((a, i) => keyButton(choiceText(a.choice, names, seat), KEYS[i] || "", () => act(a),
    { class: "choice", "data-choice": a.choice, title: CARD.test(a.choice) ? cardTip(view, a.choice) : null }));
  const title = view.ask ? seatWords(view.ask.prompt, names, seat) : "Choose";
  return prompt(cap(title), "", buttons, { urgent: !!(view.ask && view.turn !== seat), id: "ask" });
}

// the poker categories from the best down, as hands.py names them, and the ranks from the lowest up
const CATEGORIES = ["five", "straight flush", "four", "full house", "flush", "straight", "three", "two pair", "pair",
  "high card", "no cards"];
const RANKS = ["1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"];

/** How strong a named hand is, for ordering (smaller first): a full hand before a short one,
 *  then the category, then its first rank; an unnamed hand last. */
function strength(hand) {
  if (!hand) return [2, 0, 0];
  const category = CATEGORIES.findIndex((c) => hand.startsWith(c));
  const rank = hand.slice(category < 0 ? 0 : CATEGORIES[category].length).match(/\b(10|[1-9JQKA])s?\b/);
  return [hand.includes("(short hand)") ? 1 : 0, category < 0 ? CATEGORIES.length : category,
    -(rank ? RANKS.indexOf(rank[1]) : -1)];
}

const byStrength = (a, b) => {
  const x = strength(a.hand), y = strength(b.hand);
  return x[0] - y[0] || x[1] - y[1] || x[2] - y[2] || a.i - b.i;
};

function declaration(ctx) {
  const { view, legal, act } = ctx;
  const named = new Map((view.declarations || []).map((d) => [d.cards.join(" "), d.hand]));
  // the strongest hand first (and on the first key): twenty declarations in the server's order hid it
  const decl = legal.filter((a) => a.action === "declare")
    .map((a, i) => ({ a, i, hand: named.get(a.cards.join(" ")) })).sort(byStrength).map((d) => d.a);
  if (!decl.length) return "";
  const buttons = decl.map((a, i) => {
    const hand = named.get(a.cards.join(" "));
    const label = [hand ? `Declare: ${cap(hand)}` : "Declare", h("small", { class: "decl-cards" }, a.cards.map(cardText).join(" ") || "no cards")];
    return keyButton(label, KEYS[i] || "", () => act(a), { class: "declare-choice", "data-cards": a.cards.join(" "), "data-hand": hand || null });
  });
  return prompt("Declare your 5-card hand", `From your table: ${plural(decl.length, "legal declaration")}; a wild takes its best value.`,
    buttons, { id: "declare" });
}

function hand(ctx) {
  const { view, legal, act } = ctx;
  if (!Array.isArray(view.viewing)) return "";
  const plays = new Map(legal.filter((a) => a.action === "play").map((a) => [a.card, a]));
  const choice = (name) => (plays.has(name) ? { run: () => act(plays.get(name)), title: `Play ${cardTip(view, name)}` }
    : { title: cardTip(view, name) });
  const info = h("p", { class: "card-info", id: "card-info", "aria-live": "polite" },
    "Point at a card (or press and hold it) to see what it does.");
  const row = cardRow(view.viewing, { face, choice, cls: "hand cards", label: "your viewing hand", focus: "hand" });
  explain(row, info, view);
  const parts = [h("h3", {}, `Your viewing hand · ${plural(view.viewing.length, "card")}`), row];
  if (view.ctbp && view.ctbp.length) {
    const due = cardRow(view.ctbp, { face, choice: (name) => ({ title: cardTip(view, name) }), cls: "cards small" });
    explain(due, info, view);
    parts.push(h("h3", {}, "Cards to be played"), due);
  }
  parts.push(info);
  for (const seen of view.seen_viewing || []) {
    parts.push(h("h3", {}, `Viewing hand you control (${ctx.names[seen.seat]})`), cardRow(seen.viewing, { face, cls: "cards small" }));
  }
  for (const seen of view.looked || []) {  // what a look showed, kept through every change seen card by card (BP-H34)
    parts.push(h("h3", {}, `Viewing hand you looked at (${ctx.names[seen.seat]})`), cardRow(seen.viewing, { face, cls: "cards small" }));
  }
  if (view.f_hand && view.f_hand.length) parts.push(h("h3", {}, "Your f_poker hand"), cardRow(view.f_hand, { face, cls: "cards" }));
  return h("section", { class: "my-hand" }, ...parts);
}

/** f_poker (Joker + Joker + 7), a separate phase: its f_pot, and each player's f-hand — this
 * seat's face up, the others' as backs — with who has folded and who is deciding. */
function fpoker(view, names) {
  if (!view.f_players || !view.f_players.length) return "";
  const folded = view.f_folded || [];
  const players = view.f_players.map((s) => {
    const mine = s === view.seat && Array.isArray(view.f_hand);
    const cards = mine ? cardRow(view.f_hand, { face, cls: "cards small" })
      : h("div", { class: "cards small" }, ...Array.from({ length: view.f_hand_sizes[s] }, () => cardBack()));
    const state = folded.includes(s) ? "folded" : view.ask && view.ask.seat === s ? "deciding" : plural(view.f_hand_sizes[s], "card");
    return h("div", { class: `bp-fplayer${folded.includes(s) ? " folded" : ""}`, "data-seat": s },
      chip(`${names[s]} · ${state}`, folded.includes(s) ? "" : "warn"), cards);
  });
  return h("section", { class: "bp-fpoker", id: "fpoker" }, h("h3", {}, `f_poker · f_pot ${view.f_pot_size}`),
    h("p", {}, "The hand is paused: each player stands, draws 1–3 or folds once; the best f-hand takes the f_pot."),
    h("div", { class: "bp-fplayers" }, ...players));
}

/** The scores, with what a score is: the cards in each stash when the game ends (BP-1.6). */
function scores(view, names) {
  const order = view.stash_sizes.map((_, s) => s).sort((a, b) => view.stash_sizes[b] - view.stash_sizes[a]);
  return h("div", { class: "bp-scores" },
    h("p", {}, "A score is the cards in a player's stash when the game ends; the most cards win."),
    h("ol", {}, ...order.map((s) => h("li", { "data-seat": s }, `${names[s]}: ${plural(view.stash_sizes[s], "card")} in stash`
      + (view.hands_won[s] ? ` · ${plural(view.hands_won[s], "hand")} won` : "")))));
}

function result(view, names) {
  if (!view.over) return "";
  return h("p", { class: "bp-result" }, `Over: ${view.winners.map((s) => names[s]).join(", ") || "nobody"} won`,
    view.reason ? ` (${view.reason})` : "", ".");
}

export default {
  board(ctx) {
    const { view, names } = ctx;
    const seats = Array.from({ length: view.players }, (_, s) => seatZones(view, names, s));
    if (view.phase === "fpoker") {  // its own phase: the paused hand is folded away below
      return h("div", { class: "board bpoker in-fpoker" }, status(view), fpoker(view, names), ask(ctx),
        h("details", { class: "bp-paused" }, h("summary", {}, "The paused hand (every table)"),
          h("div", { class: "bp-seats" }, ...seats)), result(view, names));
    }
    return h("div", { class: "board bpoker" }, status(view), fpoker(view, names), ask(ctx), declaration(ctx), hand(ctx),
      h("div", { class: "bp-seats" }, ...seats), result(view, names));
  },
  toAct(view) {
    if (view.over) return [];
    if (view.ask) return [view.ask.seat];
    if (view.reacting && typeof view.seat === "number") return [view.seat];
    return [view.turn];
  },
  seatNote(view, seat) {
    return `stash ${view.stash_sizes[seat]} · viewing ${view.viewing_sizes[seat]}/${view.correct[seat]} · table ${view.counted[seat]}/${view.maximum[seat]}`;
  },
  resultDetail({ view, names }) {
    return scores(view, names);
  },
  cardText,
  keys: { p: "pass" },
  help: [["p", "pass"], ["a s d f…", "answer a question / declare (1st, 2nd… button)"], ["1–9", "play the 1st…9th lit card"]],
};
