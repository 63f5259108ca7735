// Playing cards drawn with CSS: a face from a card's name ("QS", "10H"),
// or a back. Names this module does not know (a game's own cards, such as
// "red:skip") become a plain labelled card, so every game can show its cards.

import { h } from "./dom.js";

const SUITS = { S: "♠", H: "♥", D: "♦", C: "♣" };
const RED = new Set(["H", "D"]);
const PIPS = { A: 1, 2: 2, 3: 3, 4: 4, 5: 5, 6: 6, 7: 7, 8: 8, 9: 9, 10: 10 };
// Where each pip sits, as a printed deck lays them out: [x, y] in percent of
// the pip area, which stays clear of the corner indices (style.css); pips in
// the lower half are printed upside down.
const L = 0, C = 50, R = 100, T = 0, B = 100;
const LAYOUT = {
  2: [[C, T], [C, B]],
  3: [[C, T], [C, 50], [C, B]],
  4: [[L, T], [R, T], [L, B], [R, B]],
  5: [[L, T], [R, T], [C, 50], [L, B], [R, B]],
  6: [[L, T], [R, T], [L, 50], [R, 50], [L, B], [R, B]],
  7: [[L, T], [R, T], [C, 25], [L, 50], [R, 50], [L, B], [R, B]],
  8: [[L, T], [R, T], [C, 25], [L, 50], [R, 50], [C, 75], [L, B], [R, B]],
  9: [[L, T], [R, T], [L, 33.3], [R, 33.3], [C, 50], [L, 66.7], [R, 66.7], [L, B], [R, B]],
  10: [[L, T], [R, T], [C, 16.7], [L, 33.3], [R, 33.3], [L, 66.7], [R, 66.7], [C, 83.3], [L, B], [R, B]],
};

/**
 * Split "10H" into {rank: "10", suit: "H", marked: false}; null for a name
 * that is not a standard card. A trailing "*" names a game's marked copy
 * ("QS*", Cripple Mr Onion's special cards): ``marked`` is then true.
 */
export function parseCard(name) {
  const m = /^(10|[2-9AJQK])([SHDC])(\*?)$/.exec(String(name));
  return m ? { rank: m[1], suit: m[2], marked: m[3] === "*" } : null;
}

/** The card as text with its suit symbol: "Q♠" (a marked copy "Q♠*"). */
export function cardText(name) {
  const c = parseCard(name);
  return c ? c.rank + SUITS[c.suit] + (c.marked ? "*" : "") : String(name);
}

const el = (tag, cls, text) => h(tag, { class: cls }, text);

/** A face-up card element for ``name``; ``data-card`` carries the name for tests and styling. */
export function cardFace(name) {
  const c = parseCard(name);
  const card = el("div", "card face");
  card.dataset.card = name;
  if (!c) {
    card.classList.add("custom");
    card.append(el("span", "label", String(name)));
    card.setAttribute("aria-label", String(name));
    return card;
  }
  const symbol = SUITS[c.suit];
  if (RED.has(c.suit)) card.classList.add("red");
  if (c.marked) {
    card.classList.add("marked");
    card.append(el("span", "mark-star", "★"));
  }
  card.setAttribute("aria-label", cardText(name));
  for (const where of ["tl", "br"]) {
    const corner = el("span", `corner ${where}`);
    corner.append(el("b", "", c.rank), el("i", "", symbol));
    card.append(corner);
  }
  const middle = el("div", "middle");
  const pips = PIPS[c.rank];
  if (pips === 1) {
    middle.append(el("span", "pip ace", symbol));
  } else if (pips) {
    middle.classList.add("pips", `n${pips}`);
    for (const [x, y] of LAYOUT[pips]) {
      const pip = el("span", y > 50 ? "pip flip" : "pip", symbol);
      pip.style.left = `${x}%`;
      pip.style.top = `${y}%`;
      middle.append(pip);
    }
  } else {
    middle.classList.add("court");
    middle.append(el("span", "court-rank", c.rank), el("span", "court-suit", symbol));
  }
  card.append(middle);
  return card;
}

/** A face-down card (a pile, another seat's hand). */
export function cardBack(label) {
  const card = el("div", "card back");
  if (label !== undefined) card.append(el("span", "count", String(label)));
  return card;
}

/**
 * A row of face-up cards, such as a hand. ``face(name)`` draws each card
 * (cardFace by default; a game may draw its own). ``choice(name, i)`` says
 * what a card does now: null for nothing, or ``{run, title, lit, cls}``.
 * A card with a ``run`` is clicked, or reached with Tab and pressed with
 * Enter or Space; ``lit`` (the default) lifts it as a legal play (class
 * ``legal``, which the 1–9 keys press in order); ``cls`` adds classes such
 * as ``picked`` (with or without a ``run``). ``focus`` names the row so
 * that focus survives a redraw.
 */
export function cardRow(cards, { face = cardFace, choice = () => null, cls = "cards", label, focus = "card" } = {}) {
  const row = h("div", { class: cls, "aria-label": label || null });
  cards.forEach((name, i) => {
    const card = face(name);
    const c = choice(name, i);
    if (c && c.cls) card.classList.add(...c.cls.split(" "));
    if (c && c.title) card.title = c.title;
    if (c && c.run) {
      if (c.lit !== false) card.classList.add("legal");
      card.classList.add("playable");
      card.tabIndex = 0;
      card.dataset.focus = `${focus}-${i}`;
      card.setAttribute("role", "button");
      card.addEventListener("click", c.run);
      card.addEventListener("keydown", (e) => {
        if (e.key === "Enter" || e.key === " ") {
          e.preventDefault();
          e.stopPropagation(); // the table's own keys must not act on it too
          c.run();
        }
      });
    }
    row.append(card);
  });
  return row;
}
