// The showdown of Cripple Mr Onion: a declared arrangement drawn as its
// groupings, each by name with its cards; and the arrangement editor, where
// a person sorts their own ten cards into groupings (starting from the
// solver's best) and declares them. The server judges the declaration: a
// grouping the cards do not form is refused with the reason.

import { h, keyButton } from "../../dom.js";
import { cardFace, cardRow } from "../../cards.js";
import { GROUPINGS, GROUPING_HELP } from "./words.js";

/** A grouping's name, with what it is as its tooltip. */
function groupingName(name, ...rest) {
  const help = GROUPING_HELP[name];
  return h("span", { class: "gname", title: help ? `${name}: ${help}` : null }, name, ...rest);
}

/** One grouping: its name over its cards. */
function grouping(name, cards, extra = "") {
  return h("div", { class: "grouping", "data-grouping": name }, groupingName(name, extra), cardRow(cards, { cls: "cards small" }));
}

/** A declared arrangement (view.declared[seat], a declare event): its groupings, unused cards, a cripple, a shift. */
export function arrangement(a) {
  if (!a) return "";
  if (a.running_flush) {
    return h("div", { class: "arrangement" }, grouping(`${a.running_flush.length}-card running flush`, a.running_flush.cards, " — cripples!"));
  }
  const parts = (a.groupings || []).map((g) => grouping(g.name, g.cards));
  if (!parts.length) parts.push(h("span", { class: "gname" }, "no grouping"));
  if (a.shift) parts.push(h("span", { class: "shift" }, `Great A'Tuin moves eight points from ${a.shift.down} to ${a.shift.up}`));
  if (a.unused && a.unused.length) parts.push(grouping("unused", a.unused));
  return h("div", { class: "arrangement" }, ...parts);
}

/** The legal declaration's groupings as the editor's starting point: hand indices per grouping. */
function fromDeclaration(action, hand) {
  const free = hand.map((_, i) => i);
  const take = (name) => {
    const j = free.findIndex((i) => hand[i] === name);
    return j < 0 ? null : free.splice(j, 1)[0];
  };
  const groups = [];
  let shift = null;
  for (const g of action.groupings) {
    if (g.name === "shift") shift = g;
    else groups.push({ name: g.name, cards: g.cards.map(take).filter((i) => i !== null) });
  }
  return { groups, shift };
}

/** The declare action for the editor's groupings. */
function declaration(seat, edit, hand) {
  const groupings = edit.groups.map((g) => ({ name: g.name, cards: g.cards.map((i) => hand[i]) }));
  if (edit.shift) groupings.push(edit.shift);
  return { seat, action: "declare", groupings };
}

/**
 * The showdown prompt's body for this seat: the solver's best (one click
 * to declare it), a crippling running flush if one is offered, and the
 * editor. ``hand`` is the seat's cards in the order the board draws them.
 */
export function showdownControls(ctx, hand) {
  const { legal, ui, act, redraw, seat } = ctx;
  const declares = legal.filter((a) => a.action === "declare");
  const best = declares.find((a) => !a.groupings.some((g) => /running flush/.test(g.name))) || declares[0];
  const cripple = declares.find((a) => a !== best);
  if (!best) return { body: [], choice: null };
  if (!ui.edit) {
    const shown = best.groupings.filter((g) => g.name !== "shift");
    return {
      body: [
        h("div", { class: "arrangement best" }, ...shown.map((g) => grouping(g.name, g.cards)),
          shown.length ? "" : h("span", { class: "gname" }, "no grouping: your cards form nothing")),
        h("div", { class: "controls" },
          keyButton("Declare the best arrangement", "s", () => act(best), { id: "declare-best" }),
          cripple ? keyButton(`Cripple: declare the ${cripple.groupings[0].name}`, "k", () => act(cripple), { id: "declare-cripple" }) : "",
          keyButton("Sort my own cards…", "o", () => { ui.edit = { ...fromDeclaration(best, hand), picked: [] }; redraw(); },
            { class: "ghost", id: "edit-arrangement" }))],
      choice: null,
    };
  }
  const edit = ui.edit;
  const grouped = new Set(edit.groups.flatMap((g) => g.cards));
  const choose = h("select", { "aria-label": "grouping", id: "grouping-name" },
    ...GROUPINGS.map((n) => h("option", { value: n, title: GROUPING_HELP[n] || null }, n)));
  if (edit.name) choose.value = edit.name;
  choose.addEventListener("change", () => { edit.name = choose.value; });
  const body = [
    h("p", { class: "muted-light" }, "Pick cards in your hand, name the grouping they form, add it. Cards left out count for nothing."),
    h("div", { class: "arrangement editing" }, ...edit.groups.map((g, gi) => h("div", { class: "grouping", "data-grouping": g.name },
      groupingName(g.name, " ",
        h("button", { type: "button", class: "ghost remove", title: "take these cards back", "aria-label": `remove ${g.name}`,
          onclick: () => { edit.groups.splice(gi, 1); redraw(); } }, "✕")),
      h("div", { class: "cards small" }, ...g.cards.map((i) => cardFace(hand[i]))))),
    edit.shift ? h("span", { class: "shift" }, "Great A'Tuin's shift is kept") : ""),
    h("div", { class: "controls" }, choose,
      keyButton(`Add ${edit.picked.length ? edit.picked.length : ""} picked as a grouping`, "g", () => {
        edit.groups.push({ name: choose.value, cards: [...edit.picked] });
        edit.name = choose.value;
        edit.picked = [];
        redraw();
      }, { disabled: edit.picked.length < 2, id: "add-grouping" }),
      keyButton("Declare my arrangement", "s", () => act(declaration(seat, edit, hand)), { id: "declare-own" }),
      keyButton("Back to the best", "o", () => { ui.edit = null; redraw(); }, { class: "ghost" })),
  ];
  const choice = (name, i) => (grouped.has(i) ? { cls: "grouped", title: "in a grouping" } : {
    run: () => {
      const k = edit.picked.indexOf(i);
      if (k < 0) edit.picked.push(i);
      else edit.picked.splice(k, 1);
      redraw();
    },
    cls: edit.picked.includes(i) ? "picked" : "",
    title: "pick for a grouping",
  });
  return { body, choice };
}
