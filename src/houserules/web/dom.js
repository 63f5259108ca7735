// Tiny DOM helpers shared by the screens and the game modules.

/**
 * Build an element: h("button", {class: "x", onclick: f}, "text", child…).
 * Attributes starting with "on" become listeners; false/null/"" children are
 * skipped and arrays of children are spread.
 */
export function h(tag, attrs = {}, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k.startsWith("on") && typeof v === "function") e.addEventListener(k.slice(2), v);
    else if (v === true) e.setAttribute(k, "");
    else if (v !== false && v !== null && v !== undefined) e.setAttribute(k, v);
  }
  for (const c of children.flat(Infinity)) {
    if (c === null || c === undefined || c === false || c === "") continue;
    e.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return e;
}

/**
 * A sentence of the rules' words with each seat number ("seat 2", a choice's "seat:2") written as
 * that seat's name: the rules count seats from 0, people read names (``names``, by seat).
 */
export function named(text, names) {
  return String(text).replace(/\bseat[: ](\d+)\b/g, (w, n) => names[Number(n)] ?? w);
}

/**
 * A person's name, as it wraps on a narrow screen: between its words (and after a hyphen), never inside
 * one; a word too long for its box ends in "…", the whole name in the tooltip. Names are up to 40
 * characters, and "Featherstonehaugh-Cholmondeley" broke mid-word in a phone's seat box.
 */
export function personName(name) {
  const words = String(name).split(/\s+|(?<=-)/).filter(Boolean);
  return h("span", { class: "person-name", title: name }, ...words.flatMap((w, i) => [
    i && !words[i - 1].endsWith("-") ? " " : "", h("span", { class: "word" }, w)]));
}

/** A button that copies ``text`` to the clipboard (or selects it where that is not allowed). */
export function copyButton(text) {
  const b = h("button", { type: "button", class: "ghost" }, "Copy");
  b.addEventListener("click", async () => {
    try {
      await navigator.clipboard.writeText(text);
      b.textContent = "Copied";
    } catch {
      b.previousElementSibling?.select?.();
      b.textContent = "Select & copy";
    }
  });
  return b;
}

/** A short status label on the felt ("Pot 12", "rage · 3 turns left"); ``cls`` adds a look (warn, magenta…). */
export function chip(content, cls = "", attrs = {}) {
  return h("span", { ...attrs, class: ["chip", cls].filter(Boolean).join(" ") }, content);
}

/**
 * A button the keyboard can press too: ``key`` (one key, or several
 * separated by spaces) goes in ``data-key``, which the table screen
 * clicks when that key is pressed, and is shown on the button.
 */
export function keyButton(label, key, onclick, attrs = {}) {
  const shown = key ? key.split(" ")[0] : "";
  return h("button", { type: "button", ...attrs, "data-key": key || null, onclick },
    label, shown ? h("kbd", {}, shown) : "");
}

/**
 * A box on the table that asks the person something: a title, a line that
 * explains, and the controls to answer with. ``urgent`` draws it in red
 * (an out-of-turn question that closes when answered).
 */
export function prompt(title, text, controls = [], { urgent = false, id } = {}) {
  return h("section", { class: `prompt${urgent ? " urgent" : ""}`, id: id || null, role: "group", "aria-label": title },
    h("h3", {}, title), text ? h("p", {}, text) : "",
    controls.length ? h("div", { class: "controls" }, ...controls) : "");
}

/**
 * An amount chooser bounded by the legal amounts: − and + step through
 * ``amounts`` (keys - and +), the confirm button plays the chosen one.
 * ``state`` is an object that keeps the choice between redraws (ctx.ui);
 * ``label(n)`` is the confirm button's text for amount n.
 */
export function amountPicker({ amounts, state, label, onPick, redraw, key, name = "amount" }) {
  const sorted = [...new Set(amounts)].sort((a, b) => a - b);
  if (!sorted.includes(state[name])) state[name] = sorted[0];
  const i = sorted.indexOf(state[name]);
  const step = (d) => {
    state[name] = sorted[Math.max(0, Math.min(sorted.length - 1, i + d))];
    redraw();
  };
  return h("div", { class: "amount", "data-amount": state[name] },
    keyButton("−", "- _", () => step(-1), { class: "ghost step", disabled: i === 0, "aria-label": "less" }),
    h("output", { class: "value", "aria-live": "polite" }, String(state[name])),
    keyButton("+", "+ =", () => step(1), { class: "ghost step", disabled: i === sorted.length - 1, "aria-label": "more" }),
    keyButton(label(state[name]), key, () => onPick(state[name]), { class: "confirm" }));
}

/** A sentence of the game's words with each [[CARD]] token written as the game writes cards. */
export function cardWords(text, cardText) {
  return text.replace(/\[\[([^\[\]]+)\]\]/g, (_, name) => cardText(name));
}
