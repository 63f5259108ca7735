// King Taco at the browser table: the pile with what may be played on it,
// the open stack and what it will do, lifespans, goto and the auction, each
// seat's cards, mana and markers, and your hand with the legal cards lifted.
// Choices (a WILD's colour, the lock, discards, go fishing, NOPE or pass)
// are asked in a prompt above the hand. Everything comes from this seat's
// view; who else is asked to NOPE is never in it, so it is never shown.

import { h, cardWords, chip, keyButton, prompt } from "../../dom.js";
import { cardBack, cardRow } from "../../cards.js";
import { handOrder, icon, parseTaco, swatch, tacoFace, tacoText } from "./cards.js";
import { COST, effect } from "./effects.js";
import { PENDING, conditionText, stackEffect } from "./words.js";

const MANA_CAP = 4;
const plural = (n, word) => `${n} ${word}${n === 1 ? "" : "s"}`;
// fields this module draws; any other field of the view is listed under "more" (views may grow)
const KNOWN = new Set(["game", "seat", "players", "hand", "hand_sizes", "out", "mana", "top", "top_colour", "draw_size",
  "turn", "direction", "condition", "lock", "condition_turns", "fishing_turns", "harvester", "harvest_turns",
  "harvest_delay", "shields", "curses", "timeouts", "owed", "stack", "stack_kind", "stack_count", "stack_life",
  "stack_closed", "asked", "forced", "pending", "pending_seat", "pending_count", "auction", "goto", "mode", "over",
  "winner", "turns"]);
const FISH_KEYS = ["a", "s", "d", "f", "g", "h", "j"];

// --- status -------------------------------------------------------------------
function status(view, names) {
  const out = [chip(view.direction === -1 ? "↺ reversed" : "↻ in seat order", "", { title: "direction of play" })];
  const cond = view.condition || "default";
  if (cond !== "default") {
    const kind = cond.replace("inverted ", "");
    out.push(chip([kind === "default" ? icon("inverse") : icon(kind) || "", ` ${cond}`,
      view.condition_turns ? ` · ${plural(view.condition_turns, "turn")} left` : ""], "magenta", { id: "condition" }));
  }
  if (view.fishing_turns) out.push(chip([icon("go-fishing"), ` go fishing · ${plural(view.fishing_turns, "turn")} left`], "warn"));
  if (typeof view.harvester === "number") {
    out.push(chip([icon("harvest"), ` ${names[view.harvester]} harvests · ${plural(view.harvest_turns, "turn")} left`], "warn"));
  } else if (view.harvest_delay) {
    out.push(chip([icon("harvest"), ` a harvest starts in ${plural(view.harvest_delay, "turn")}`]));
  }
  out.push(chip(`auction: 1 in ${view.goto} to win`, "", { id: "goto",
    title: "when a hand empties, the auction's top scorer wins the game with this chance (goto)" }),
    chip(`${view.mode} mode`), chip(`turn ${view.turns + 1}`));
  return h("div", { class: "chips" }, ...out);
}

function piles(view, names) {
  const top = tacoFace(view.top);
  const wildColour = parseTaco(view.top).colour === "wild" && view.top_colour && view.top_colour !== "wild";
  return h("div", { class: "piles" },
    h("figure", { class: "pile", id: "draw-pile" }, cardBack(view.draw_size), h("figcaption", {}, "draw pile")),
    h("figure", { class: "pile", id: "discard" }, wildColour && view.pending !== "wild colour" ? h("div", { class: `ring c-${view.top_colour}` }, top) : top,
      h("figcaption", {}, view.pending === "wild colour" ? "its colour is being chosen"
        : wildColour ? ["counts as ", swatch(view.top_colour), " ", view.top_colour] : "top card")),
    view.stack && view.stack.length ? stack(view, names) : "",
    h("p", { class: "playable-now", id: "playable" }, h("b", {}, "Playable now: "), conditionText(view)));
}

function stack(view, names) {
  const cards = view.stack.map(({ card, seat }) => h("div", { class: "stacked" }, tacoFace(card), h("span", { class: "by" }, names[seat])));
  const what = [h("b", {}, `${effect(view.stack_kind)} stack`), ` · ${plural(view.stack.length, "card")}`];
  const does = stackEffect(view);
  if (does) what.push(` · ${does}`);
  if (view.stack_closed) what.push(" · only NOPE now");
  if (typeof view.turn === "number" && !view.over) what.push(` · waits on ${names[view.turn]}`);
  return h("figure", { class: "pile stack", id: "stack" }, h("div", { class: "cards small fan" }, ...cards), h("figcaption", {}, ...what));
}

function auction(view, names) {
  if (!Array.isArray(view.auction)) return "";
  const lowest = /inverted/.test(view.condition || "");
  return h("section", { class: "auction", id: "auction" },
    h("h3", {}, "Auction"),
    h("p", {}, `Points: ${view.auction.map((p, s) => `${names[s]} ${p}`).join(", ")}. `,
      `The ${lowest ? "lowest" : "highest"} must try to win, at 1 in ${view.goto}.`));
}

/** The latest goto roll in the log, told until the game ends. */
function lastGoto(events, names) {
  const e = [...events].reverse().find((x) => x.event === "goto");
  if (!e) return "";
  return h("p", { class: "last-goto", id: "last-goto" }, `Last auction: ${names[e.seat]} tried to win at 1 in ${e.goto} and `,
    e.won ? h("b", {}, "won") : "failed", e.won ? "." : `; ${names[e.starter] ?? "the starter"} drew 7, and the next try wins at 1 in ${Math.max(1, e.goto - 1)}.`);
}

// --- seats ----------------------------------------------------------------------
function manaPips(n) {
  return h("span", { class: "mana", title: `${n} mana`, "aria-label": `${n} mana` },
    ...Array.from({ length: Math.max(MANA_CAP, n) }, (_, i) => h("i", { class: i < n ? "on" : "" })));
}

function seatNote(view, seat) {
  if ((view.out || []).includes(seat)) return h("span", { class: "kt-seat out" }, "NOPEd out");
  const n = (view.hand_sizes || [])[seat] ?? 0;
  const marks = [];
  const turns = (list, what, ic) => {
    const t = (list || [])[seat];
    if (t) marks.push(h("span", { class: `mark ${what}`, title: `${what}: ${plural(t, "turn")} left` }, icon(ic), ` ${t}`));
  };
  turns(view.shields, "shield", "shield");
  turns(view.curses, "curse", "curse");
  if ((view.timeouts || [])[seat]) marks.push(h("span", { class: "mark timeout" }, `timed out ×${view.timeouts[seat]}`));
  if ((view.owed || [])[seat]) marks.push(h("span", { class: "mark owed" }, `owes ${view.owed[seat]}`));
  if (view.harvester === seat) marks.push(h("span", { class: "mark harvest", title: "harvesting" }, icon("harvest")));
  return h("span", { class: "kt-seat" }, h("span", {}, plural(n, "card")), manaPips((view.mana || [])[seat] ?? 0), ...marks);
}

// --- what you are asked -------------------------------------------------------------
function colourChoice(legal, act) {
  return legal.filter((a) => a.action === "colour").map((a) => keyButton([swatch(a.colour), ` ${a.colour}`], a.colour[0],
    () => act(a), { class: `colour-choice c-${a.colour}`, "data-colour": a.colour }));
}

function symbolChoice(legal, act) {
  return legal.filter((a) => a.action === "symbol").map((a, i) => keyButton([icon(a.symbol) || "", ` ${effect(a.symbol)}`],
    i < 9 ? String(i + 1) : "", () => act(a), { class: "symbol-choice", "data-symbol": a.symbol }));
}

function fishTargets(ctx) {
  const { legal, names, ui, act } = ctx;
  const targets = legal.filter((a) => a.action === "fish" && a.card === ui.fish);
  const what = effect(parseTaco(ui.fish).symbol);
  return targets.map((a, i) => keyButton(`Ask ${names[a.target]} for a ${what}`, FISH_KEYS[i], () => act(a),
    { class: "fish-target", "data-target": a.target }));
}

/** The question this seat must answer now, if any, as a prompt; else a line on whose move it is. */
function ask(ctx) {
  const { view, legal, names, seat, act } = ctx;
  const kinds = new Set(legal.map((a) => a.action));
  const pending = view.pending;
  if (pending && view.pending_seat !== seat) {
    return h("p", { class: "waiting-for" }, `${names[view.pending_seat]} chooses ${PENDING[pending] || pending}…`);
  }
  if (!legal.length) return "";
  if (kinds.has("colour") && pending === "lock colour") {
    return prompt("Define the lock: its colour", "The lock was applied to you: choose the colour it lets through.", colourChoice(legal, act), { id: "ask" });
  }
  if (kinds.has("colour")) {
    return prompt("Choose your WILD's colour", "The next card must match it.", colourChoice(legal, act), { id: "ask" });
  }
  if (kinds.has("symbol")) {
    return prompt("Define the lock: its symbol", "Cards of the lock's colour or of this symbol (or a WILD) may be played.",
      symbolChoice(legal, act), { id: "ask" });
  }
  if (kinds.has("discard") && pending === "auction discard") {
    return prompt("Auction: discard a number card", "Its value is added to your auction points. Click a lit card.", [], { id: "ask" });
  }
  if (kinds.has("discard")) {
    return prompt(`Discard ${view.pending_count > 1 ? `${view.pending_count} cards` : "a card"}`,
      "Your -- lets you shed cards under the pile. Click a lit card for each.", [], { id: "ask" });
  }
  if (kinds.has("pass")) {
    return prompt("NOPE?", `You may NOPE the ${effect(view.stack_kind)} stack now: click a NOPE card (3 mana), or pass.`, [], { urgent: true, id: "ask" });
  }
  if (kinds.has("allow")) {
    const does = stackEffect(view);
    const can = [kinds.has("play") && "stack a lit card on it", kinds.has("nope") && "NOPE it"].filter(Boolean);
    const text = view.forced ? "You were made to draw this turn: you can only allow the stack."
      : `${can.length ? `You may ${can.join(" or ")}, or allow it` : "You cannot stack on it: allow it"}${does ? ` (${does})` : ""}.`;
    return prompt(`The ${effect(view.stack_kind)} stack waits on you`, text, [], { id: "ask" });
  }
  if (kinds.has("fish")) {
    return prompt("Go fishing", ctx.ui.fish ? `Whom do you ask for a ${effect(parseTaco(ctx.ui.fish).symbol)}?`
      : "Pick a card of your hand, then the player to ask for its symbol. A catch gives them your card.", ctx.ui.fish ? fishTargets(ctx) : [],
    { id: "ask" });
  }
  if (kinds.has("draw")) return prompt("Nothing you hold is playable", view.fishing_turns ? "No one can be fished: draw a card."
    : "Draw a card (you lose 1 mana).", [], { id: "ask" });
  return h("p", { class: "waiting-for" }, "Your turn: play a lit card.");
}

// --- your hand --------------------------------------------------------------------
function handChoice(ctx) {
  const { view, legal, said, act, ui, redraw } = ctx;
  const byCard = new Map();
  legal.forEach((a, i) => { if (typeof a.card === "string" && !byCard.has(a.card)) byCard.set(a.card, [a, said[i]]); });
  const mana = (view.mana || [])[view.seat] ?? 0;
  // what the card does, in the game's one wording (the terminal menu says the same)
  const says = (w) => cardWords(w.cost ? `${w.label} — ${w.cost}` : w.label, tacoText);
  return (name) => {
    if (!byCard.has(name)) return null;
    const [a, w] = byCard.get(name);
    if (a.action === "fish") {
      return { run: () => { ui.fish = name; redraw(); }, cls: ui.fish === name ? "picked" : "", title: `ask for a ${effect(parseTaco(name).symbol)}` };
    }
    const out = a.action === "play" && parseTaco(name).symbol === "nope" && !(view.stack || []).length && mana >= 3;
    return { run: () => act(a), cls: out ? "danger" : "", title: says(w) };
  };
}

function hand(ctx) {
  const { view } = ctx;
  if (!Array.isArray(view.hand)) return "";
  const cards = [...view.hand].sort(handOrder);
  const mana = (view.mana || [])[view.seat] ?? 0;
  const lit = handChoice(ctx);
  // an effect you cannot pay for has no effect when played (and gives 1 mana): its cost shows it
  // (a card you may play says so in its own words)
  const choice = (name) => {
    const c = lit(name);
    const cost = COST[parseTaco(name).symbol] || 0;
    if (cost <= mana) return c;
    const why = `costs ${cost} mana, you have ${mana}: played now it has no effect (+1 mana)`;
    return { ...(c || {}), cls: [c && c.cls, "broke"].filter(Boolean).join(" "), title: (c && c.title) || why };
  };
  return h("section", { class: "my-hand" },
    h("h3", {}, `Your hand · ${plural(cards.length, "card")} · `, manaPips(mana)),
    cardRow(cards, { face: tacoFace, choice, cls: "hand cards", label: "your hand", focus: "hand" }));
}

function more(view) {
  const extra = Object.entries(view).filter(([k]) => !KNOWN.has(k));
  if (!extra.length) return "";
  return h("details", { class: "more" }, h("summary", {}, "more"),
    h("dl", { class: "fields" }, ...extra.flatMap(([k, v]) => [h("dt", {}, k.replace(/_/g, " ")), h("dd", {}, h("code", {}, JSON.stringify(v)))])));
}

export default {
  board(ctx) {
    const { view, names, events } = ctx;
    return h("div", { class: "board king-taco" }, status(view, names), piles(view, names), auction(view, names),
      lastGoto(events || [], names), ask(ctx), hand(ctx), more(view));
  },
  toAct(view) {
    if (view.over) return [];
    if (view.pending && typeof view.pending_seat === "number") return [view.pending_seat];
    if (view.asked && typeof view.seat === "number") return [view.seat];
    return [view.turn];
  },
  seatNote,
  cardText: tacoText,
  resultDetail({ events, names }) {
    const e = [...(events || [])].reverse().find((x) => x.event === "goto" && x.won);
    return e ? h("p", {}, `${names[e.seat]} won the auction with a 1 in ${e.goto} chance.`) : "";
  },
  keys: { d: "draw", a: "allow", p: "pass" },
  help: [["d", "draw a card"], ["a", "allow the stack"], ["p", "pass (no NOPE)"],
    ["r y g c b m", "choose a colour (WILD, lock)"], ["1–9", "choose the lock's symbol"],
    ["a s d f…", "go fishing: ask the 1st, 2nd… player"]],
};

