// A Mao match in the browser (the Extension): the score, the rules you wrote or were
// told, and, when you won, the rule editor: rules offered (the library's), or a form
// that builds one from menus, says it in plain words and tries it on a sample hand
// before it is sent. Rule text is always text nodes, never HTML; the server checks
// every rule again (language.py) and refuses a bad one with where and why.

import { h } from "../../dom.js";
import { cardFace, parseCard } from "../../cards.js";

const RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"];
const SUITS = { C: "clubs", D: "diamonds", H: "hearts", S: "spades" };
const RED = new Set(["D", "H"]);
const SAMPLE_TOP = "7H";
const SAMPLE = ["7S", "8H", "KD", "2C", "10H", "7C"];
const THINGS = { rank: RANKS, suit: Object.values(SUITS), colour: ["red", "black"],
  "same rank as below": null, "same suit as below": null, "same colour as below": null };
const DOES = ["say", "knock", "skip", "reverse", "again", "draw:1", "penalty"];

function select(id, label, values, value) {
  return h("select", { id, "aria-label": label }, ...values.map((v) => h("option", { value: v, selected: v === value }, v)));
}

function condition(thing, value) {
  if (thing === "same rank as below") return "card.rank == below.rank";
  if (thing === "same suit as below") return "card.suit == below.suit";
  if (thing === "same colour as below") return "card.colour == below.colour";
  return `card.${thing} == ${value}`;
}

function fires(thing, value, card, below) {
  const c = parseCard(card), b = parseCard(below);
  const colour = (x) => (RED.has(x.suit) ? "red" : "black");
  if (thing === "rank") return c.rank === value;
  if (thing === "suit") return SUITS[c.suit] === value;
  if (thing === "colour") return colour(c) === value;
  if (thing === "same rank as below") return c.rank === b.rank;
  if (thing === "same suit as below") return c.suit === b.suit;
  return colour(c) === colour(b);
}

function editor(view, seat, names, act) {
  const f = { thing: "rank", value: "7", does: "say", phrase: "Lucky", name: "failure to say lucky", id: "my-rule" };
  const others = [...Array(view.players).keys()].filter((s) => s !== seat);
  const words = h("p", { class: "rule-words", id: "rule-words", role: "status" });
  const sample = h("div", { class: "cards small", id: "rule-sample" });
  const valueBox = h("span", {});
  const witness = select("rule-witness", "witness", others.map(String), String(others[0]));
  const rule = () => {
    const r = { id: f.id, on: "play", if: [condition(f.thing, f.value)] };
    if (f.does === "say") { r.must = [{ who: "player", do: "say", phrase: f.phrase, failure: f.name }]; r.wrong_time = "talking"; }
    else if (f.does === "knock") r.must = [{ who: "player", do: "knock", times: 1, failure: f.name, improper: "improper knocking" }];
    else if (f.does === "penalty") r.penalty = f.name;
    else r.effects = [f.does];
    return r;
  };
  const redraw = () => {
    const what = THINGS[f.thing] ? `its ${f.thing} is ${f.value}` : `it has the ${f.thing.replace("as below", "as the card below")}`;
    const then = { say: `the player must say “${f.phrase}”, else “${f.name}”`, knock: `the player must knock once, else “${f.name}”`,
      skip: "the next player is skipped", reverse: "play reverses", again: "the player plays again",
      "draw:1": "the player draws a card", penalty: `that play is “${f.name}”` }[f.does];
    words.textContent = `When a card is played and ${what}: ${then}.`;
    sample.replaceChildren(h("span", {}, "on ", cardFace(SAMPLE_TOP), ": "),
      ...SAMPLE.map((c) => h("span", { class: fires(f.thing, f.value, c, SAMPLE_TOP) ? "fires" : "quiet",
        title: fires(f.thing, f.value, c, SAMPLE_TOP) ? "the rule applies" : "the rule does not apply" }, cardFace(c),
        fires(f.thing, f.value, c, SAMPLE_TOP) ? " ✓" : "")));
    const values = THINGS[f.thing];
    valueBox.replaceChildren(values ? select("rule-value", "value", values, f.value) : "");
    if (values) valueBox.firstChild.onchange = (e) => { f.value = e.target.value; redraw(); };
  };
  const input = (id, key, label) => {
    const e = h("input", { id, value: f[key], maxlength: "100", "aria-label": label });
    e.addEventListener("keydown", (ev) => ev.stopPropagation());
    e.oninput = () => { f[key] = e.value; redraw(); };
    return e;
  };
  const thing = select("rule-thing", "about the card", Object.keys(THINGS), f.thing);
  thing.onchange = (e) => { f.thing = e.target.value; f.value = (THINGS[f.thing] || [""])[0]; redraw(); };
  const does = select("rule-does", "what happens", DOES, f.does);
  does.onchange = (e) => { f.does = e.target.value; redraw(); };
  redraw();
  const save = h("button", { type: "button", id: "rule-save",
    onclick: () => act({ action: "write", arg: { op: "add", rule: rule(), witness: Number(witness.value) } }) }, "Save the rule");
  return h("section", { class: "rule-editor", id: "rule-editor" }, h("h4", {}, "Write your own"),
    h("p", {}, "When a card is played and ", thing, " ", valueBox, " then ", does),
    h("p", {}, "name ", input("rule-id", "id", "rule name"), " phrase ", input("rule-phrase", "phrase", "phrase"),
      " penalty ", input("rule-penalty", "name", "penalty name")),
    words, sample, h("p", {}, "tell it to ", witness, " ", save));
}

export function matchPanel({ view, legal, seat, names, act }) {
  const m = view.match;
  const parts = [h("h3", {}, `Match: game ${m.game} of ${m.games}`),
    h("p", {}, "wins: " + m.wins.map((w, s) => `${names[s]} ${w}`).join(", ") + ` · ${m.changes} rule change(s)`)];
  for (const r of m.mine) parts.push(h("p", { class: "my-rule" }, `Your rule (told to ${names[r.witness]}): ${r.words}`));
  for (const r of m.witnessing) parts.push(h("p", { class: "told-rule" }, `${names[r.author]}'s rule, told to you: ${r.words}`));
  if (m.writer === seat && !m.over) {
    parts.push(h("p", { class: "banner" }, "You won: write the next rule."));
    if (m.current) parts.push(h("ul", { id: "rules-in-play" }, ...m.current.map((c) => h("li", {}, `${c.rule.id}: ${c.words}`))));
    const offers = (legal || []).filter((a) => a.action === "write");
    parts.push(h("div", { class: "offers" }, ...offers.map((a) => h("button", { type: "button", class: "ghost write-offer",
      onclick: () => act({ action: "write", arg: a.arg }) },
      a.arg.op === "remove" ? `remove ${a.arg.id}` : `add ${a.arg.rule.title || a.arg.rule.id}`))));
    parts.push(editor(view, seat, names, act));
  }
  if (m.revealed) {
    parts.push(h("ul", { id: "match-reveal" }, ...m.revealed.map((r) => h("li", {},
      `${names[r.author]} (witness ${names[r.witness]}), game ${r.game}, ${r.penalties} penalties: ${r.words}`))));
  }
  return h("section", { class: "match", id: "match" }, ...parts);
}
