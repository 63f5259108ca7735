// The lobby's "House rules" (issue 36), for any game whose /api/games entry says "house": a table may
// take rules of its own. Everything shown comes from the server: the game's vocabulary (what a rule
// may say, with its words: GET /api/games/GAME/house), the books it ships, each rule said in words
// (.../house/books), and the verdict on the book being made (POST .../house/check: each rule said in
// words, then refused with where and why, or accepted with its warnings and a smoke run of bot games).
// This file words no rule and knows no game: Mao's Extension editor (games/mao/web/match.js),
// generalised to any vocabulary. The book is the JSON box's text: picking a shipped book and adding a
// written rule edit it, and so may whoever prefers JSON; Create sends it as the `house` option.
// Rule text is always put in text nodes, never read as HTML.

import { h } from "./dom.js";

const FORMAT = { format: "houserules-rules", version: 2 };
const loaded = new Map(); // game name -> Promise of {vocab, books}
const api = (game, part = "") => `/api/games/${encodeURIComponent(game)}/house${part}`;

function load(game) {
  if (!loaded.has(game)) {
    const get = async (url) => {
      const r = await fetch(url);
      if (!r.ok) throw new Error(`${url}: ${r.status}`);
      return r.json();
    };
    const both = Promise.all([get(api(game)), get(api(game, "/books"))]).then(([vocab, books]) => ({ vocab, books }));
    both.catch(() => loaded.delete(game)); // asked again next time
    loaded.set(game, both);
  }
  return loaded.get(game);
}

/** Ask the server's verdict on ``sent`` ({book} or {text}) at a table of ``players``; a failure reads as a refusal. */
async function verdictOf(game, sent, players) {
  try {
    const r = await fetch(api(game, "/check"), { method: "POST", headers: { "content-type": "application/json" },
      body: JSON.stringify({ ...sent, players }) });
    const body = await r.json();
    if (r.ok) return body;
    return { accepted: false, rules: [], refusal: { where: "book", why: typeof body.detail === "string" ? body.detail : `the server said ${r.status}` } };
  } catch {
    return { accepted: false, rules: [], refusal: { where: "book", why: "the server could not be asked" } };
  }
}

/** One question at a time, the last one asked winning: ``run`` is called ``wait`` ms after the last ask. */
function asker(run, wait = 250) {
  let timer = null;
  let asked = 0;
  return () => {
    clearTimeout(timer);
    const mine = ++asked;
    timer = setTimeout(() => run(() => mine === asked), wait);
  };
}

/** A rule's words without its title in front ("Sevens give: When …" -> "When …"), the title shown apart. */
const without = (title, words) => (words.startsWith(`${title}: `) ? words.slice(title.length + 2) : words);
/** A rule said ({id, title, words}) as its title in bold, then what it does. */
export const ruleWords = (r) => [h("b", {}, r.title), ": ", without(r.title, r.words)];
const refusalLine = (r) => `${r.line ? `line ${r.line}: ` : ""}${r.where}: ${r.why}`;
const plural = (n, one, many = `${one}s`) => `${n.toLocaleString()} ${n === 1 ? one : many}`;

/** The verdict in a sentence or two: refused with where and why, or accepted with its warnings and smoke run. */
function verdictLines(v) {
  if (!v.accepted) return [h("b", {}, "Refused: "), refusalLine(v.refusal)];
  const out = [h("b", {}, v.warnings.length ? `Accepted, with ${plural(v.warnings.length, "warning")}.` : "Accepted.")];
  for (const w of v.warnings) out.push(h("span", { class: "house-warning" }, ` Careful: ${w}.`));
  const s = v.smoke;
  if (s) {
    const limit = s.turn_limit ? `ran to the turn limit (${plural(s.turn_limit, "turn")})` : `ended after ${plural(s.rounds, "round")}`;
    const ended = s.at_limit ? `${s.at_limit} of them ${limit} without a winner` : "every one ended with a winner";
    out.push(h("span", { class: "house-smoke" }, ` Tried in ${plural(s.games, "game")} between bots at ${s.players} seats: ${ended}; `
      + `the house rules fired ${plural(s.fired, "time")}.`));
  }
  return out;
}

/**
 * The "House rules" section of the New table form for ``game`` (an /api/games entry with ``house``), headed
 * with the ``house`` option's own words (``option``: its schema record). ``book()`` is what Create sends:
 * {value} (null: no house rules) or {error}; ``setPlayers(n)`` judges the book again at a table of n.
 */
export function houseRules(game, option, players) {
  const body = h("div", { class: "house-body" }, h("p", { class: "muted" }, "Loading the house rules…"));
  const element = h("fieldset", { class: "house-rules", id: "house-rules", "data-option": "house" },
    h("legend", { class: "option-name" }, option.label), h("small", { class: "option-words" }, option.help), body);
  // Enter in a field of the rule being written is not "Create table"
  element.addEventListener("keydown", (e) => { if (e.key === "Enter" && e.target.tagName === "INPUT") e.preventDefault(); });
  const json = h("textarea", { id: "house-json", rows: 8, spellcheck: "false", "aria-label": "the house rules as JSON",
    placeholder: '{"rules": [{"id": "…", "title": "…", "on": "…", "if": […], "effects": […]}]}' });
  const state = { players, refresh: () => {} };
  load(game.name).then(({ vocab, books }) => { state.refresh = build(body, game, vocab, books, json, state); })
    .catch(() => body.replaceChildren(h("p", { class: "muted" }, "The house rules could not be loaded: create the table without them, or reload the page.")));
  const book = () => {
    const text = json.value.trim();
    if (!text) return { value: null };
    try {
      return { value: JSON.parse(text) };
    } catch (err) {
      return { error: `the JSON box is not JSON (${err.message})` };
    }
  };
  return { element, book, setPlayers: (n) => { state.players = n; state.refresh(); } };
}

/** The section's parts, once the vocabulary and the books are here; returns the book's re-check. */
function build(body, game, vocab, books, json, state) {
  const verdict = h("p", { class: "house-verdict", id: "house-verdict", role: "status" });
  const inForce = h("ol", { class: "house-in-force", id: "house-in-force", "aria-label": "house rules at this table" });
  const rulesNow = () => { // the rules of the JSON box, or null when it is not a book
    const text = json.value.trim();
    if (!text) return [];
    try {
      const v = JSON.parse(text);
      return Array.isArray(v) ? v : v && Array.isArray(v.rules) ? v.rules : null;
    } catch {
      return null;
    }
  };
  const picks = books.map((b) => pickBox(b));
  const sync = () => { // a shipped book is ticked while every rule of it is in the book
    const ids = new Set((rulesNow() || []).map((r) => r && r.id));
    picks.forEach((p) => { p.box.checked = p.book.book.rules.every((r) => ids.has(r.id)); });
  };
  const check = asker(async (current) => {
    const text = json.value.trim();
    if (!text) {
      verdict.className = "house-verdict none";
      verdict.replaceChildren("No house rules: the game is played by its own rules.");
      inForce.replaceChildren();
      return;
    }
    verdict.className = "house-verdict asking";
    const v = await verdictOf(game.name, { text }, state.players);
    if (!current()) return;
    verdict.className = `house-verdict ${v.accepted ? "accepted" : "refused"}`;
    verdict.replaceChildren(...verdictLines(v));
    inForce.replaceChildren(...v.rules.map((r, i) => h("li", { "data-rule": r.id }, ...ruleWords(r), " ",
      h("button", { type: "button", class: "ghost house-remove", "aria-label": `remove ${r.title}`, onclick: () => edit((rules) => rules.filter((_, k) => k !== i)) }, "Remove"))));
  });
  const changed = () => { sync(); check(); };
  const setRules = (rules) => {
    json.value = rules.length ? JSON.stringify({ ...FORMAT, game: game.name, rules }, null, 2) : "";
    changed();
  };
  const edit = (change) => { // a change to the rules, unless the JSON box holds something else than a book
    const rules = rulesNow();
    if (rules === null) {
      verdict.className = "house-verdict refused";
      verdict.replaceChildren(h("b", {}, "First make the JSON box a book again: "), "it is not one now.");
      sync();
      return;
    }
    setRules(change(rules));
  };
  function pickBox(b) {
    const box = h("input", { type: "checkbox", "aria-label": b.title });
    box.addEventListener("change", () => {
      const ids = new Set(b.book.rules.map((r) => r.id));
      edit((rules) => (box.checked ? [...rules.filter((r) => !ids.has(r && r.id)), ...b.book.rules] : rules.filter((r) => !ids.has(r && r.id))));
    });
    const words = b.rules.length === 1 ? [": ", without(b.rules[0].title, b.rules[0].words)]
      : [h("ul", {}, ...b.rules.map((r) => h("li", {}, r.words)))];
    return { book: b, box, element: h("label", { class: "house-book", "data-book": b.name }, box, h("span", {}, h("b", {}, b.title), ...words)) };
  }
  json.addEventListener("input", changed);
  body.replaceChildren(
    picks.length ? h("div", { class: "house-books", id: "house-books" }, h("p", { class: "house-head" }, "Rules many tables play:"),
      ...picks.map((p) => p.element)) : "",
    writer(game, vocab, state, (rule) => edit((rules) => [...rules, rule])),
    h("details", { class: "house-json" }, h("summary", {}, "The book as JSON (for those who prefer it)"), json),
    h("p", { class: "house-head" }, "At this table:"), inForce, verdict);
  changed();
  return check;
}

// --- writing a rule from the vocabulary ---------------------------------------------------------------
function select(cls, label, choices, value) {
  const s = h("select", { class: cls, "aria-label": label }, ...choices.map(([v, words]) => h("option", { value: v }, words)));
  s.value = value;
  return s;
}

const slug = (title) => title.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-+|-+$/g, "").slice(0, 32) || "my-rule";
const firstValue = (reading) => (reading.values ? reading.values[0].value : reading.low ?? "");

/** A new condition on ``reading``: its first operator and first value. */
const freshCondition = (reading) => ({ reading: reading.name, op: reading.ops[0].op, value: String(firstValue(reading)) });
const conditionText = (c) => `${c.reading} ${c.op} ${Array.isArray(c.value) ? c.value.join(",") : c.value}`;

/** The guided form: when (a trigger), if (conditions), then (effects), a named penalty, the seed's entries
 * it replaces, its title and id; the rule said back and judged by the server before it is added. */
function writer(game, vocab, state, add) {
  const f = { title: "My rule", id: "my-rule", idTyped: false, on: vocab.triggers[0].name, conds: [], effects: [], penalty: null, replaces: [] };
  const readings = Object.fromEntries(vocab.readings.map((r) => [r.name, r]));
  const first = vocab.triggers[0].reads[0];
  if (first) f.conds.push(freshCondition(readings[first])); // a rule is mostly about some cards, not every one
  const effects = Object.fromEntries(vocab.effects.map((e) => [e.name, e]));
  const trigger = () => vocab.triggers.find((t) => t.name === f.on);
  const rows = h("div", { class: "house-rows" });
  const said = h("p", { class: "house-said", id: "house-said", role: "status" }, "…");
  const addButton = h("button", { type: "button", id: "house-add", disabled: true }, "Add this rule");
  const ruleOf = () => {
    const r = { id: f.id, title: f.title, on: f.on };
    if (f.conds.length) r.if = f.conds.map(conditionText);
    if (f.effects.length) r.effects = f.effects.map((e) => (takes(effects[e.name]) ? `${e.name}:${e.n}` : e.name));
    if (f.penalty) r.penalty = { ...f.penalty };
    if (f.replaces.length) r.replaces = [...f.replaces];
    return r;
  };
  const ask = asker(async (current) => {
    if (!details.open) return; // asked when opened: a lobby visit costs the server no check
    said.className = "house-said asking";
    const v = await verdictOf(game.name, { book: { ...FORMAT, game: game.name, rules: [ruleOf()] } }, state.players);
    if (!current()) return;
    said.className = `house-said ${v.accepted ? "accepted" : "refused"}`;
    said.replaceChildren(...(v.rules.length ? [h("span", { class: "house-words" }, v.rules[0].words), " "] : []), ...verdictLines(v));
    addButton.disabled = !v.accepted;
  });
  addButton.addEventListener("click", () => {
    add(ruleOf());
    f.idTyped = false; // the next rule gets a name of its own
    f.title = "My next rule";
    f.id = slug(f.title);
    draw();
  });
  const fit = () => { // what the trigger cannot carry goes
    const t = trigger();
    f.conds = f.conds.filter((c) => t.reads.includes(c.reading));
    if (t.needs_if && !f.conds.length && t.reads.length) f.conds.push(freshCondition(readings[t.reads[0]]));
    f.effects = f.effects.filter((e) => t.effects.some((x) => x.name === e.name));
    if (t.acts && !f.effects.length && t.effects.length && !f.penalty) f.effects.push({ name: t.effects[0].name, n: firstArgument(effects[t.effects[0].name]) });
    if (!t.penalty) f.penalty = null;
    // a moment whose rules can only cost a penalty (a player going out) starts with one
    if (t.acts && !t.effects.length && t.penalty && !f.penalty && !f.replaces.length) f.penalty = { name: f.title.toLowerCase(), cards: vocab.penalty.low };
  };
  const draw = () => {
    fit();
    rows.replaceChildren(...writerRows(f, vocab, trigger(), readings, effects, draw, ask));
    ask();
  };
  const details = h("details", { class: "house-writer", id: "house-writer" }, h("summary", {}, "Write a rule of your own"),
    rows, said, h("div", { class: "row" }, addButton));
  details.addEventListener("toggle", () => { if (details.open) ask(); });
  draw();
  return details;
}

/** The rows of the guided form for the rule ``f`` being written (redrawn whole on every change of shape). */
function writerRows(f, vocab, t, readings, effects, draw, ask) {
  const line = (label, ...parts) => h("div", { class: "house-line" }, h("span", { class: "house-label" }, label), h("div", { class: "house-parts" }, ...parts));
  const when = select("house-on", "when", vocab.triggers.map((x) => [x.name, x.words]), f.on);
  when.addEventListener("change", () => { f.on = when.value; draw(); });
  const out = [line("When", when)];
  const conds = f.conds.map((c, i) => conditionRow(c, t, readings, draw, ask, () => { f.conds.splice(i, 1); draw(); }));
  const moreIf = f.conds.length < vocab.limits.conditions && t.reads.length
    ? h("button", { type: "button", class: "ghost house-more", id: "house-more-if", onclick: () => { f.conds.push(freshCondition(readings[t.reads[0]])); draw(); } }, "+ a condition")
    : "";
  out.push(line("If", ...conds, moreIf || (t.reads.length ? "" : h("span", { class: "muted" }, "(this moment reads nothing)"))));
  if (t.effects.length) {
    const rows = f.effects.map((e, i) => effectRow(e, t, effects, draw, ask, () => { f.effects.splice(i, 1); draw(); }));
    const more = f.effects.length < vocab.limits.effects
      ? h("button", { type: "button", class: "ghost house-more", id: "house-more-then", onclick: () => { f.effects.push({ name: t.effects[0].name, n: firstArgument(effects[t.effects[0].name]) }); draw(); } }, "+ an effect")
      : "";
    out.push(line("Then", ...rows, more));
  }
  if (t.penalty) out.push(line("Penalty", penaltyRow(f, vocab, t, draw, ask)));
  if (vocab.seed.length) {
    const seed = h("details", { class: "house-seed", id: "house-seed" }, h("summary", {}, f.replaces.length
      ? `the game's own ${f.replaces.join(" and ")}, switched off` : "nothing: the game's own rules all stay (open to switch one off)"),
    ...vocab.seed.map((s) => {
      const box = h("input", { type: "checkbox", class: "house-replaces", value: s.clause });
      box.checked = f.replaces.includes(s.clause);
      box.addEventListener("change", () => { f.replaces = box.checked ? [...f.replaces, s.clause] : f.replaces.filter((c) => c !== s.clause); f.seedOpen = true; draw(); });
      return h("label", { class: "house-choice" }, box, ` ${s.words} (${s.clause})`);
    }));
    seed.open = !!f.seedOpen;
    seed.addEventListener("toggle", () => { f.seedOpen = seed.open; });
    out.push(line("Instead of", seed));
  }
  out.push(line("Its name", nameInputs(f, vocab, ask)));
  return out;
}

function conditionRow(c, t, readings, draw, ask, remove) {
  const readable = t.reads.map((n) => readings[n]);
  const reading = readings[c.reading];
  const what = select("house-reading", "what it reads", readable.map((r) => [r.name, r.words]), c.reading);
  what.addEventListener("change", () => { Object.assign(c, freshCondition(readings[what.value])); draw(); });
  const op = select("house-op", "compared how", reading.ops.map((o) => [o.op, o.words]), c.op);
  op.addEventListener("change", () => {
    const many = op.value === "in";
    if (many && !Array.isArray(c.value)) c.value = reading.values ? [c.value].filter((v) => reading.values.some((x) => x.value === v)) : c.value;
    if (!many && Array.isArray(c.value)) c.value = c.value[0] ?? String(firstValue(reading));
    if (!many && reading.values && !reading.values.some((x) => x.value === c.value) && !t.reads.includes(c.value)) c.value = String(firstValue(reading));
    c.op = op.value;
    draw();
  });
  return h("div", { class: "house-cond" }, what, " ", op, " ", valueControl(c, reading, t, readings, ask),
    h("button", { type: "button", class: "ghost house-drop", "aria-label": "remove this condition", onclick: remove }, "×"));
}

/** What a condition compares with: one of the reading's values (or, compared with "is"/"is not", another
 * reading of the same kind at this moment), several of them ("in"), a number within bounds, or text. */
function valueControl(c, reading, t, readings, ask) {
  if (c.op === "in" && reading.values) {
    return h("span", { class: "house-values" }, ...reading.values.map((v) => {
      const box = h("input", { type: "checkbox", value: v.value });
      box.checked = c.value.includes(v.value);
      box.addEventListener("change", () => { c.value = reading.values.map((x) => x.value).filter((x) => (x === v.value ? box.checked : c.value.includes(x))); ask(); });
      return h("label", { class: "house-choice" }, box, ` ${v.words || v.value}`);
    }));
  }
  if (reading.values) {
    const others = c.op === "in" ? [] : reading.compare.filter((n) => t.reads.includes(n)).map((n) => [n, readings[n].words]);
    const choices = [...reading.values.map((v) => [v.value, v.words || v.value]), ...others];
    if (!choices.some(([v]) => v === c.value)) c.value = choices[0][0]; // compared with a reading this moment lacks
    const s = select("house-value", "value", choices, c.value);
    s.addEventListener("change", () => { c.value = s.value; ask(); });
    return s;
  }
  const number = reading.low !== null && c.op !== "in";
  const input = h("input", { class: "house-value", "aria-label": "value", type: number ? "number" : "text", value: c.value,
    title: number ? `${reading.low} to ${reading.high}` : null, placeholder: c.op === "in" ? "1,2,3" : "" });
  input.addEventListener("input", () => { c.value = input.value.trim(); ask(); });
  return h("span", {}, input, reading.unit ? ` ${reading.unit}` : "");
}

/** Whether an effect takes an argument (a number, ``draw:2``, or a value, ``like:9S``), and its first. */
const takes = (effect) => effect.high > 0 || !!effect.values;
const firstArgument = (effect) => (effect.values ? effect.values[0].value : effect.low);

function effectRow(e, t, effects, draw, ask, remove) {
  const what = select("house-effect", "what happens", t.effects.map((x) => [x.name, x.words]), e.name);
  what.addEventListener("change", () => { e.name = what.value; e.n = firstArgument(effects[e.name]); draw(); });
  const bounds = effects[e.name];
  let n = "";
  if (bounds.values) { // its argument is one of the values the vocabulary names (a grouping, a card)
    const which = select("house-arg", "which", bounds.values.map((v) => [v.value, v.words || v.value]), e.n);
    which.addEventListener("change", () => { e.n = which.value; ask(); });
    return h("div", { class: "house-effect-row" }, what, " … = ", which,
      h("button", { type: "button", class: "ghost house-drop", "aria-label": "remove this effect", onclick: remove }, "×"));
  }
  if (bounds.high > 0) {
    n = h("input", { type: "number", class: "house-n", "aria-label": "N", value: e.n, title: `${bounds.low} to ${bounds.high}` });
    n.addEventListener("input", () => { e.n = Number(n.value); ask(); });
  }
  return h("div", { class: "house-effect-row" }, what, n ? [" N = ", n] : "",
    h("button", { type: "button", class: "ghost house-drop", "aria-label": "remove this effect", onclick: remove }, "×"));
}

function penaltyRow(f, vocab, t, draw, ask) {
  const on = h("input", { type: "checkbox", id: "house-penalty" });
  on.checked = !!f.penalty;
  on.addEventListener("change", () => { f.penalty = on.checked ? { name: f.title.toLowerCase(), cards: vocab.penalty.low } : null; draw(); });
  const parts = [h("label", { class: "house-choice" }, on, " a named penalty")];
  if (f.penalty) {
    const name = h("input", { id: "house-penalty-name", "aria-label": "the penalty's name", value: f.penalty.name, maxlength: vocab.limits.name });
    name.addEventListener("input", () => { f.penalty.name = name.value; ask(); });
    const cards = h("input", { type: "number", id: "house-penalty-cards", "aria-label": "cards", value: f.penalty.cards,
      title: `${vocab.penalty.low} to ${vocab.penalty.high}` });
    cards.addEventListener("input", () => { f.penalty.cards = Number(cards.value); ask(); });
    parts.push(" named ", name, " of ", cards, " card(s)");
  }
  return h("span", {}, ...parts);
}

function nameInputs(f, vocab, ask) {
  const title = h("input", { id: "house-title", "aria-label": "the rule's title", value: f.title, maxlength: vocab.limits.title });
  const id = h("input", { id: "house-id", "aria-label": "the rule's id", value: f.id, maxlength: 32 });
  title.addEventListener("input", () => {
    f.title = title.value;
    if (!f.idTyped) id.value = f.id = slug(f.title);
    ask();
  });
  id.addEventListener("input", () => { f.id = id.value.trim(); f.idTyped = true; ask(); });
  return h("span", { class: "house-names" }, title, h("label", { class: "house-id muted" }, "id ", id));
}
