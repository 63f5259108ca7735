// King Taco's cards drawn with CSS and small SVG icons: a coloured card
// (or a black WILD with the six colours round its oval), its symbol in the
// middle and in two corners, and the mana an effect costs as pips. Names
// are the game's notation: "red:3", "blue:skip", "wild:+=2", "wild".

import { h } from "../../dom.js";
import { COST, EFFECT_WORDS } from "./effects.js";

export { COST, EFFECT_WORDS };

export const COLOURS = ["red", "yellow", "green", "cyan", "blue", "magenta"];

/** What each effect does, in a few words (the tooltip on its icon). */
export const EFFECT_HELP = {
  inverse: "reverses the direction of play and turns the matching rule upside down for a round",
  "+=2": "the next player draws 2 (stackable)", "all++": "every other player draws 1 (stackable)",
  skip: "the next player loses a turn", rage: "for a round, any card may be played",
  calm: "for a round, no WILDs may be played", lock: "the next player names the colour and symbol to follow for a round",
  "go-fishing": "for a round nobody plays on the pile: ask another player for a card instead",
  shield: "protects its player from the others' effects for a round", curse: "stops a player being shielded",
  nope: "cancels the effect under it; may be played even out of turn", x2: "doubles the effect under it",
  "--": "lets its player discard a card", harvest: "for a round, collects the mana the others would gain",
};

// Effects drawn as text rather than an icon.
const TEXT = { "+=2": "+2", "all++": "++", x2: "×2", "--": "−−", nope: "NOPE" };

// Icons on a 24×24 grid: [stroked paths, filled paths].
const ICONS = {
  inverse: [["M4 8h14", "M14 4l4 4-4 4", "M20 16H6", "M10 12l-4 4 4 4"], []],
  skip: [["M12 4a8 8 0 1 0 0.01 0z", "M6.5 17.5 17.5 6.5"], []],
  rage: [[], ["M12 2c1 4 6 6.5 6 12a6 6 0 0 1-12 0c0-3.5 2-5 2.5-8 1.2 1.2 2 2.6 2 4.5 1.6-2 2-5.5 1.5-8.5z"]],
  calm: [["M3 8c2-2 4-2 6 0s4 2 6 0 4-2 6 0", "M3 13c2-2 4-2 6 0s4 2 6 0 4-2 6 0", "M3 18c2-2 4-2 6 0s4 2 6 0 4-2 6 0"], []],
  lock: [["M8 11V8a4 4 0 0 1 8 0v3", "M5 11h14v10H5z"], ["M12 14.5a1.5 1.5 0 1 0 0.01 0z"]],
  "go-fishing": [["M2 12c4-6 11-6 15 0-4 6-11 6-15 0z", "M17 12l5-4v8z"], ["M7 10.5a1.2 1.2 0 1 0 0.01 0z"]],
  shield: [["M12 3l8 3v6c0 5-3.5 8-8 9.5C7.5 20 4 17 4 12V6z"], []],
  curse: [["M12 3l8 3v6c0 5-3.5 8-8 9.5C7.5 20 4 17 4 12V6z", "M3 3l18 18"], []],
  harvest: [["M12 22V6", "M12 20c-3-1-4-3-4-5 2 0 4 1 4 3", "M12 20c3-1 4-3 4-5-2 0-4 1-4 3",
    "M12 14c-3-1-4-3-4-5 2 0 4 1 4 3", "M12 14c3-1 4-3 4-5-2 0-4 1-4 3"], ["M12 2c1.5 1.5 1.5 3.5 0 5-1.5-1.5-1.5-3.5 0-5z"]],
};

const SVG = "http://www.w3.org/2000/svg";

/** An effect's icon as an inline SVG (currentColor), or null for effects drawn as text. */
export function icon(symbol, cls = "icon") {
  const paths = ICONS[symbol];
  if (!paths) return null;
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("viewBox", "0 0 24 24");
  svg.setAttribute("class", cls);
  svg.setAttribute("aria-hidden", "true");
  if (EFFECT_HELP[symbol]) { // a tooltip saying what the effect does
    const title = document.createElementNS(SVG, "title");
    title.textContent = `${EFFECT_WORDS[symbol] ?? symbol}: ${EFFECT_HELP[symbol]}`;
    svg.append(title);
  }
  const [stroked, filled] = paths;
  for (const d of stroked) svg.append(path(d, "none", "currentColor"));
  for (const d of filled) svg.append(path(d, "currentColor", "none"));
  return svg;
}

function path(d, fill, stroke) {
  const p = document.createElementNS(SVG, "path");
  p.setAttribute("d", d);
  p.setAttribute("fill", fill);
  p.setAttribute("stroke", stroke);
  return p;
}

/** "red:3" → {colour: "red", symbol: "3"}; "wild" → {colour: "wild", symbol: "null"}. */
export function parseTaco(name) {
  const text = String(name);
  if (text === "wild") return { colour: "wild", symbol: "null" };
  const i = text.indexOf(":");
  return i < 0 ? { colour: "wild", symbol: text } : { colour: text.slice(0, i), symbol: text.slice(i + 1) };
}

/** A card in words: "red 3", "WILD +=2", "WILD". */
export function tacoText(name) {
  const { colour, symbol } = parseTaco(name);
  const what = EFFECT_WORDS[symbol] ?? symbol;
  return colour === "wild" ? `WILD${what ? " " + what : ""}` : `${colour} ${what}`;
}

/** The symbol drawn small (corners, chips): an icon or a short text. */
export function symbolMark(symbol, cls = "icon") {
  if (symbol === "null") return h("span", { class: "txt" }, "W");
  return icon(symbol, cls) || h("span", { class: "txt", title: EFFECT_HELP[symbol] ? `${EFFECT_WORDS[symbol]}: ${EFFECT_HELP[symbol]}` : null },
    TEXT[symbol] ?? symbol);
}

/** A King Taco card face; ``data-card`` carries its name, like cards.js' faces. */
export function tacoFace(name) {
  const { colour, symbol } = parseTaco(name);
  const card = h("div", { class: `card face taco c-${colour}`, "data-card": name, "aria-label": tacoText(name) });
  const number = /^\d+$/.test(symbol);
  for (const where of ["tl", "br"]) card.append(h("span", { class: `corner ${where}` }, symbolMark(symbol)));
  const big = symbol === "null" ? h("span", { class: "wild-word" }, "WILD")
    : icon(symbol, "icon big") || h("span", { class: `big-text${number ? " number" : ""}${symbol === "nope" ? " nope" : ""}` },
      TEXT[symbol] ?? symbol);
  card.append(h("div", { class: "oval" }, big));
  const cost = COST[symbol];
  if (cost) card.append(h("span", { class: "cost", title: `costs ${cost} mana` }, ...Array.from({ length: cost }, () => h("i"))));
  return card;
}

/** A colour as a round swatch (the WILD colour on the pile, colour choices). */
export function swatch(colour) {
  return h("span", { class: `swatch c-${colour}`, "aria-hidden": "true" });
}

/** Sort order for a hand: by colour (WILDs last), then numbers, then effects in the game's order. */
const SYMBOL_ORDER = ["1", "2", "3", "4", "5", "6", "7", "8", "9", "null", ...Object.keys(COST)];
export function handOrder(a, b) {
  const x = parseTaco(a), y = parseTaco(b);
  const cx = x.colour === "wild" ? 99 : COLOURS.indexOf(x.colour), cy = y.colour === "wild" ? 99 : COLOURS.indexOf(y.colour);
  return cx - cy || SYMBOL_ORDER.indexOf(x.symbol) - SYMBOL_ORDER.indexOf(y.symbol) || (a < b ? -1 : a > b ? 1 : 0);
}
