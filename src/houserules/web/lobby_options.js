// The lobby's options in words: each game option as a labelled control with
// a sentence saying what it does. The words come from the game's own schema
// (engine/options.py), sent by the server with the game (/api/games: option_words);
// this file words no option itself. Options a newcomer never needs (the deal's
// engine settings: first dealer, turn limits, deck recipes) go under "Advanced".

import { h } from "./dom.js";

/** The table's clock choices: label and the API's "clock" value (null: no clock). */
export const TABLE_CLOCKS = [
  { label: "No clock (friendly)", clock: null },
  { label: "30 seconds a move", clock: { move_s: 30 } },
  { label: "1 minute a move", clock: { move_s: 60 } },
  { label: "5 minutes each, +5 s a move", clock: { bank_s: 300, increment_s: 5 } },
  { label: "15 minutes each, +10 s a move", clock: { bank_s: 900, increment_s: 10 } },
];

// An option with its default in words (by_default) is shown empty: that default depends on the
// table (the player count, which the form does not fix: "First dealer 3" at a table of three)
// and an empty field keeps it.

/** An option's words: the schema's record, or (for a key the schema does not know) its key. */
const wordsFor = (game, key) => (game.option_words || []).find((o) => o.key === key)
  || { key, label: key.replace(/_/g, " "), help: "", advanced: true, choices: [], by_default: null };

const isStructured = (value) => value !== null && typeof value === "object";
/** A list of plain words or numbers, shown and typed comma-separated ("standard,christmas"), not as JSON. */
export const isPlainList = (value) => Array.isArray(value) && value.every((v) => ["string", "number"].includes(typeof v));

/**
 * The control for one option of ``game`` (an /api/games entry): {element, advanced}, and for an option
 * naming a seat ("First dealer") ``seats(n)``, which offers the n seats of the table as people count
 * them, from Seat 1 (the value sent stays the seat's number from 0). Its input is named ``opt-KEY``.
 */
export function optionField(game, key, value) {
  const { label, help, advanced, by_default: byDefault, type } = wordsFor(game, key);
  const choices = wordsFor(game, key).choices.map((c) => [c.value, c.words]);
  const words = byDefault && type !== "seat" ? `${help} Left empty: ${byDefault}.` : help;
  const name = `opt-${key}`;
  let input;
  let seats;
  if (type === "seat") {
    input = h("select", { name, "data-default": "empty" });
    seats = (n) => {
      const chosen = input.value;
      input.replaceChildren(h("option", { value: "" }, byDefault || "the last seat"),
        ...Array.from({ length: n }, (_, i) => h("option", { value: String(i) }, `Seat ${i + 1}`)));
      input.value = Number(chosen) < n ? chosen : "";
    };
  } else if (choices.some(([v]) => v === value)) {
    input = h("select", { name }, ...choices.map(([v, said]) => h("option", { value: v }, said)));
    input.value = value;
  } else if (byDefault) {
    input = h("input", { name, type: typeof value === "number" ? "number" : "text", value: "", placeholder: "default",
      title: `empty: ${byDefault}`, "data-default": "empty" });
  } else if (isPlainList(value)) {
    input = h("input", { name, type: "text", value: value.join(","), placeholder: "none", title: "comma-separated" });
  } else if (isStructured(value)) {
    input = h("input", { name, type: "text", class: "json", value: JSON.stringify(value), title: "JSON, or a plain word" });
  } else if (typeof value === "boolean") {
    input = h("input", { type: "checkbox", name });
    input.checked = value;
  } else {
    input = h("input", { name, type: typeof value === "number" ? "number" : "text", value: value ?? "",
      placeholder: value === null ? "default" : "" });
  }
  const element = h("label", { class: "option", "data-option": key }, h("span", { class: "option-name" }, label), input,
    words ? h("small", { class: "option-words" }, words) : "");
  return { element, advanced: !!advanced, seats };
}
