// A Mao match in the browser (the Extension): the score, the rules you wrote or were
// told, and, when you won, the rule editor: rules offered (the library's), or a form
// that builds one from menus; the server (POST /api/games/mao/preview, preview.py) says
// it in plain words with the same function every screen uses and tries it on a sample
// hand with the judge's own test before it is sent. Rule text is always text nodes,
// never HTML; the server checks every rule again and refuses a bad one with where and why.

import { h } from "../../dom.js";
import { cardFace } from "../../cards.js";

const RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"];
const SAMPLE_TOP = "7H";
const SAMPLE = ["7S", "8H", "KD", "2C", "10H", "7C"];
// menus: the rule language's own words; the server says the result in plain words (preview.py)
const TRIGGERS = { play: "a card is played", last: "a play leaves one card", draw: "a player draws in their turn",
  turnstart: "a turn starts", penalty: "a penalty is given" };
const CARD_TRIGGERS = new Set(["play", "last"]);
const THINGS = { rank: RANKS, suit: ["clubs", "diamonds", "hearts", "spades"], colour: ["red", "black"],
  "same rank as below": null, "same suit as below": null, "same colour as below": null };
const WHO = ["player", "next", "everyone"];
const DOES = ["say", "knock", "point", "silent", "skip", "reverse", "again", "draw:1", "penalty"];
const PREVIEW = "/api/games/mao/preview";

// the form survives the table's redraws while one winner writes (the page redraws on every update)
let form = null;

function select(id, label, values, value, words = null) {
  return h("select", { id, "aria-label": label },
    ...values.map((v) => h("option", { value: v, selected: v === value }, words ? words[v] : v)));
}

function condition(thing, value) {
  if (thing === "same rank as below") return "card.rank == below.rank";
  if (thing === "same suit as below") return "card.suit == below.suit";
  if (thing === "same colour as below") return "card.colour == below.colour";
  return `card.${thing} == ${value}`;
}

function ruleOf(f) {
  const r = { id: f.id, on: f.on };
  if (CARD_TRIGGERS.has(f.on)) r.if = [condition(f.thing, f.value)];
  const ob = { who: f.who, do: f.does, failure: f.name };
  if (f.does === "say") { r.must = [{ ...ob, phrase: f.phrase }]; r.wrong_time = "talking"; }
  else if (f.does === "knock") r.must = [{ ...ob, times: 1, improper: "improper knocking" }];
  else if (f.does === "point" || f.does === "silent") r.must = [ob];
  else if (f.does === "penalty") r.penalty = f.name;
  else r.effects = [f.does];
  return r;
}

function editor(view, seat, names, act) {
  const m = view.match;
  if (!form || form.game !== m.game || form.seat !== seat) {
    form = { game: m.game, seat, op: "add", on: "play", thing: "rank", value: "7", who: "player", does: "say",
      phrase: "Lucky", name: "failure to say lucky", id: "my-rule", witness: String((seat + 1) % view.players) };
  }
  const f = form;
  const others = [...Array(view.players).keys()].filter((s) => s !== seat).map(String);
  if (!others.includes(f.witness)) f.witness = others[0];
  const words = h("p", { class: "rule-words", id: "rule-words", role: "status" }, "…");
  const warnings = h("p", { class: "rule-warnings", id: "rule-warnings" });
  const sample = h("div", { class: "cards small rule-sample", id: "rule-sample" });
  const save = h("button", { type: "button", id: "rule-save", disabled: true,
    onclick: () => act({ action: "write", arg: { op: f.op === "add" ? "add" : "modify",
      ...(f.op === "add" ? {} : { id: f.op }), rule: ruleOf(f), witness: Number(f.witness) } }) }, "Save the rule");
  const valueBox = h("span", { class: "rule-value" });
  let asked = 0;
  const ask = async () => { // the one renderer: the server's words (language.explain) and the judge's test
    const mine = ++asked;
    let answer;
    try {
      const res = await fetch(PREVIEW, { method: "POST", headers: { "content-type": "application/json" },
        body: JSON.stringify({ rule: ruleOf(f), top: SAMPLE_TOP, hand: SAMPLE }) });
      answer = await res.json();
      if (!res.ok) answer = { ok: false, error: answer.detail || `the server said ${res.status}` };
    } catch (err) {
      answer = { ok: false, error: "the server could not be asked" };
    }
    if (mine !== asked) return; // a newer question is on its way
    words.textContent = answer.ok ? answer.words : `Not a rule yet: ${answer.error}`;
    words.classList.toggle("rule-error", !answer.ok);
    warnings.textContent = answer.ok && answer.warnings.length ? `Careful: ${answer.warnings.join("; ")}` : "";
    save.disabled = !answer.ok;
    const fires = answer.ok ? answer.applies : null;
    sample.replaceChildren(h("span", {}, fires ? "Tried on " : "Sample hand (this rule does not look at a card played) on ",
      cardFace(SAMPLE_TOP), ": "),
      ...SAMPLE.map((c, i) => h("span", { class: fires && fires[i] ? "fires" : "quiet",
        title: fires ? (fires[i] ? "the rule applies" : "the rule does not apply") : "" },
        cardFace(c), fires && fires[i] ? " ✓" : "")));
  };
  const redraw = () => {
    const values = CARD_TRIGGERS.has(f.on) ? THINGS[f.thing] : null;
    const parts = [];
    if (CARD_TRIGGERS.has(f.on)) {
      const thing = select("rule-thing", "about the card", Object.keys(THINGS), f.thing);
      thing.onchange = (e) => { f.thing = e.target.value; f.value = (THINGS[f.thing] || [""])[0]; redraw(); };
      parts.push(" and ", thing);
      if (values) {
        const value = select("rule-value", "value", values, f.value);
        value.onchange = (e) => { f.value = e.target.value; ask(); };
        parts.push(" is ", value);
      }
    }
    valueBox.replaceChildren(...parts);
    phraseBox.hidden = f.does !== "say";
    penaltyBox.hidden = !["say", "knock", "point", "silent", "penalty"].includes(f.does);
    ask();
  };
  const input = (id, key, label) => {
    const e = h("input", { id, value: f[key], maxlength: "100", "aria-label": label });
    e.addEventListener("keydown", (ev) => ev.stopPropagation()); // typing is not the table's shortcuts
    e.oninput = () => { f[key] = e.value; ask(); };
    return e;
  };
  const change = (id, label, values, key, wordsOf = null, then = ask) => {
    const e = select(id, label, values, f[key], wordsOf);
    e.onchange = (ev) => { f[key] = ev.target.value; then(); };
    return e;
  };
  const phraseBox = h("span", {}, " phrase ", input("rule-phrase", "phrase", "phrase"));
  const penaltyBox = h("span", {}, " penalty ", input("rule-penalty", "name", "penalty name"));
  const ops = { add: "add a rule", ...Object.fromEntries((m.current || []).map((c) => [c.rule.id, `change ${c.rule.id}`])) };
  redraw();
  return h("section", { class: "rule-editor", id: "rule-editor" }, h("h4", {}, "Write your own"),
    h("p", {}, change("rule-op", "add or change", Object.keys(ops), "op", ops), ": when ",
      change("rule-on", "when", Object.keys(TRIGGERS), "on", TRIGGERS, redraw), valueBox),
    h("p", {}, "then ", change("rule-who", "who", WHO, "who"), " ", change("rule-does", "what happens", DOES, "does", null, redraw)),
    h("p", {}, "name ", input("rule-id", "id", "rule name"), phraseBox, penaltyBox),
    words, warnings, sample,
    h("p", {}, "tell it to ", change("rule-witness", "witness", others, "witness",
      Object.fromEntries(others.map((s) => [s, names[Number(s)]])), () => {}), " ", save));
}

export function matchPanel({ view, legal, said, seat, names, act }) {
  const m = view.match;
  const parts = [h("h3", {}, `Match: game ${m.game} of ${m.games}`),
    h("p", {}, "wins: " + m.wins.map((w, s) => `${names[s]} ${w}`).join(", ") + ` · ${m.changes} rule change(s)`)];
  for (const r of m.mine) parts.push(h("p", { class: "my-rule" }, `Your rule (told to ${names[r.witness]}): ${r.words}`));
  for (const r of m.witnessing) parts.push(h("p", { class: "told-rule" }, `${names[r.author]}'s rule, told to you: ${r.words}`));
  if (m.writer === seat && !m.over) {
    parts.push(h("p", { class: "banner" }, "You won: write the next rule."));
    if (m.current) {
      parts.push(h("ul", { id: "rules-in-play" }, ...m.current.map((c) => h("li", {},
        c.words.startsWith(`${c.rule.id}:`) ? c.words : `${c.rule.id} — ${c.words}`))));
    }
    // each offer in the record's words, sent with it (said): the rule in plain words and its witness by name
    const offers = (legal || []).map((a, i) => [a, (said || [])[i]]).filter(([a]) => a.action === "write");
    parts.push(h("div", { class: "offers" }, ...offers.map(([a, w]) => h("button", { type: "button", class: "ghost write-offer",
      onclick: () => act({ action: "write", arg: a.arg }) }, w ? w.label : a.action))));
    parts.push(editor(view, seat, names, act));
  }
  if (m.revealed) {
    parts.push(h("ul", { id: "match-reveal" }, ...m.revealed.map((r) => h("li", {},
      `${names[r.author]} (witness ${names[r.witness]}), game ${r.game}, ${r.penalties} penalties: ${r.words}`))));
  }
  return h("section", { class: "match", id: "match" }, ...parts);
}
