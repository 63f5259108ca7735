// The lobby's options in words: each game option as a labelled control with
// a sentence saying what it does. Options a newcomer never needs (the deal's
// engine settings: first dealer, turn limits, deck recipes) go under
// "Advanced". An option this file has no words for is still shown, by its key.

import { h } from "./dom.js";

/** The table's clock choices: label and the API's "clock" value (null: no clock). */
export const TABLE_CLOCKS = [
  { label: "No clock (friendly)", clock: null },
  { label: "30 seconds a move", clock: { move_s: 30 } },
  { label: "1 minute a move", clock: { move_s: 60 } },
  { label: "5 minutes each, +5 s a move", clock: { bank_s: 300, increment_s: 5 } },
  { label: "15 minutes each, +10 s a move", clock: { bank_s: 900, increment_s: 10 } },
];

// [label, sentence, advanced?, default in words?]; a game's own words win over the shared ones.
// An option with its default in words is shown empty (that default for the table's player count,
// which the lobby cannot know: "First dealer 3" at a table of three) and an empty field keeps it.
const SHARED = {
  players: ["Players", "How many seats at the table (people and bots)."],
  hand_size: ["Cards dealt", "How many cards each player starts with."],
  mode: ["Mistakes", "Strict refuses a move the rules do not allow; table lets you make it and take the rulebook's penalty."],
  dealer: ["First dealer", "Which seat deals first (seat numbers start at 0); empty: the last seat.", true, "the last seat"],
  max_turns: ["Turn limit", "A safety stop: the game ends as a draw after this many turns.", true],
  seed: ["Deal seed", "The same seed deals the same cards.", true],
};
const GAMES = {
  "king-taco": {
    goto: ["Goto", "How many times the Goto card may move the play before the game ends.", true],
    deck: ["Deck", "The deck's recipe: colours, numbers and effect cards, as JSON.", true],
  },
  mao: {
    rules: ["Rules in play", "standard (the default), base, all, original, or a mix of set names and the seed's paragraph ids, e.g. standard,christmas. Nobody is told."],
    reveal: ["Reveal the rules afterwards", "When the game is over, everyone sees which rules were in play."],
    delay_s: ["Delay of game", "Seconds a player has to play before the dealer hurries them.", true],
    grace_s: ["Reasonable time", "Seconds the dealer allows before judging a failure to act.", true],
    decks: ["Decks", "52-card decks shuffled together; empty: one per six players.", true, "one per six players"],
    extension: ["Match (the Extension)", "Play a series of games: each winner deals the next and first adds, changes or removes one rule, in secret, telling one other player as a witness. The software enforces every rule."],
    games: ["Games in the match", "How many games a match lasts (with the Extension on); the most games won wins the match."],
    judge: ["Who judges", "The software deals and judges, or a person at the dealer seat judges, with the software's advice.", true],
    house: ["Written rules", "House rules in the rule language (JSON), in play from the start; houserules mao rules check FILE says them in words.", true],
  },
  "cripple-mr-onion": {
    dealer: ["First dealer", "Which seat deals first (seat numbers start at 0).", true],
    stake: ["Stake", "The ante each player pays into the pot every round."],
    max_raise: ["Largest raise", "The most a bet may be raised, in Stakes."],
    chips: ["Starting chips", "How many chips each player starts the match with."],
    rounds: ["Rounds", "The match ends after this many rounds (or when one player has all the chips)."],
    modifiers: ["Modifiers", "The optional rules #0–#11 in play: all, none, or numbers such as 1,4.", true],
    reform: ["Re-form after devaluing", "Players whose shown hands lose value may sort again once.", true],
    declaration_round: ["Declaration round", "Before the showdown everyone is asked in turn who declares special cards.", true],
  },
};

// options with a few named values: a menu instead of a text field ([value, words])
const CHOICES = {
  mode: [["strict", "strict: illegal moves are refused"], ["table", "table: illegal moves cost the rulebook's penalty"]],
  judge: [["software", "the software"], ["dealer", "a person at the dealer seat"]],
};

const isStructured = (value) => value !== null && typeof value === "object";
/** A list of plain words or numbers, shown and typed comma-separated ("standard,christmas"), not as JSON. */
export const isPlainList = (value) => Array.isArray(value) && value.every((v) => ["string", "number"].includes(typeof v));

/** The control for one option: {element, advanced}. Its input is named ``opt-KEY``. */
export function optionField(game, key, value) {
  const [label, words, advanced, byDefault] = (GAMES[game] || {})[key] || SHARED[key] || [key.replace(/_/g, " "), "", true];
  const name = `opt-${key}`;
  let input;
  const choices = CHOICES[key];
  if (choices && choices.some(([v]) => v === value)) {
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
  return { element, advanced: !!advanced };
}
