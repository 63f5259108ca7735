// Cripple Mr Onion at the browser table: the Pot, the Stake and the round's
// stage; every seat's chips, stake, role (Dealer, Elder, Younger), face-up
// cards and face-down count; your hand; and each decision asked in a prompt
// with the controls it needs: cards to pick for the draw, an amount bounded
// by the legal ones for bets, raises, extra bets and bids, the showdown with
// the solver's best arrangement or your own. Finished rounds are summed up
// from the log: who won what, and every declared arrangement by name.

import { amountPicker, chip, h, keyButton, prompt } from "../../dom.js";
import { cardBack, cardFace, cardRow, cardText, parseCard } from "../../cards.js";
import { PHASES, SPECIALS, howText } from "./words.js";
import { arrangement, showdownControls } from "./showdown.js";

const RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"];
const order = (a, b) => {
  const x = parseCard(a), y = parseCard(b);
  if (!x || !y) return String(a).localeCompare(String(b));
  return RANKS.indexOf(x.rank) - RANKS.indexOf(y.rank) || "CDHS".indexOf(x.suit) - "CDHS".indexOf(y.suit) || (x.marked - y.marked);
};
const sum = (xs) => (xs || []).reduce((a, b) => a + b, 0);
const plural = (n, word) => `${n} ${word}${n === 1 ? "" : "s"}`;
const amounts = (legal, kind) => legal.filter((a) => a.action === kind).map((a) => a.amount);
const find = (legal, kind, amount) => legal.find((a) => a.action === kind && a.amount === amount);

function roles(view, seat) {
  const out = [];
  if (seat === view.dealer) out.push("Dealer");
  if (seat === view.elder && seat !== view.dealer) out.push("Elder");
  if (seat === view.younger && seat !== view.dealer && seat !== view.elder) out.push("Younger");
  return out;
}

// --- status -----------------------------------------------------------------------
function status(view, names) {
  const out = [
    chip(`Round ${view.round} of ${view.rounds}`, "", { id: "round" }),
    chip(`Pot ${view.pot}`, "pot", { id: "pot" }),
    chip(`Stake ${view.stake} · raises up to ${plural(view.max_raise, "Stake")}`),
  ];
  if (view.phase === "answer" && view.bid) out.push(chip(`bet to match ${view.bid}`, "warn"));
  if (view.phase === "auction") out.push(chip(`high bid ${view.high_bid}`, "warn"));
  if (view.part && ["name", "answer", "cover"].includes(view.phase)) out.push(chip(`betting part ${view.part}`));
  out.push(chip(`pack ${view.deck_size}`));
  const mods = view.modifiers || [];
  if (mods.length) out.push(chip(mods.length === 12 ? "every modifier (#0–#11)" : `modifiers ${mods.map((m) => `#${m}`).join(", ")}`));
  if (view.wild_round) out.push(chip("eights are wild", "magenta"));
  if (view.fool) out.push(chip("the Fool: bagels and Onions change places", "magenta"));
  for (const [card, seat] of Object.entries(view.specials || {})) {
    out.push(chip(`${SPECIALS[card] || "special"} ${cardText(card)} · ${names[seat]}`, "magenta"));
  }
  return h("div", { class: "chips" }, ...out,
    h("p", { class: "stage", id: "stage" }, h("b", {}, "Now: "), PHASES[view.phase] || view.phase));
}

// --- the other seats ---------------------------------------------------------------
function seatRow(view, seat, names) {
  const up = (view.face_up || [])[seat] || [];
  const revealed = (view.revealed || [])[seat] || [];
  const down = Math.max(0, ((view.hand_sizes || [])[seat] ?? 0) - up.length - revealed.length);
  const aside = (view.set_aside || [])[seat] || [];
  const declared = (view.declared || {})[String(seat)];
  const gone = (view.out || []).includes(seat) ? "out" : (view.folded || []).includes(seat) ? "folded" : "";
  return h("div", { class: `seat-row${gone ? " gone" : ""}${view.turn === seat && !view.over ? " to-act" : ""}`, "data-seat": seat },
    h("div", { class: "who" }, h("b", {}, names[seat]), ...roles(view, seat).map((r) => chip(r, "role")), gone ? chip(gone, "warn") : ""),
    h("div", { class: "cards small" }, ...[...up].sort(order).map((c) => face(c)),
      ...revealed.map((c) => face(c, "disclosed")),
      down ? cardBack(down) : ""),
    aside.length ? h("div", { class: "aside" }, "set aside: ", aside.map(cardText).join(" ")) : "",
    declared ? arrangement(declared) : "");
}

function face(name, cls) {
  const card = cardFace(name);
  if (cls) {
    card.classList.add(cls);
    card.title = cls;
  }
  return card;
}

// --- the round just finished ---------------------------------------------------------
const opened = new Set(); // rounds whose summary a person opened (kept across redraws)

/** The last finished round in the log: how it ended and every arrangement declared. */
export function lastRound(events, names, { open = false } = {}) {
  const end = findLast(events, (e) => e.event === "win" || e.event === "carry");
  if (end < 0) return "";
  const e = events[end];
  const start = findLast(events.slice(0, end), (x) => x.event === "round" && x.round === e.round);
  const shown = events.slice(Math.max(0, start), end).filter((x) => x.event === "declare" || x.event === "cripple");
  const title = e.event === "win" ? `Round ${e.round}: ${names[e.seat]} won the Pot of ${e.pot} ${howText(e.how)}`
    : `Round ${e.round}: nobody won (${e.how}); the Pot of ${e.pot} carries over`;
  const details = h("details", { class: "last-round", id: "last-round", open: open || opened.has(e.round) },
    h("summary", { onclick: () => (details.open ? opened.delete(e.round) : opened.add(e.round)) }, title),
    ...shown.map((d) => h("div", { class: `declared${d.seat === e.seat && e.event === "win" ? " winner" : ""}`, "data-seat": d.seat },
      h("b", {}, names[d.seat]), d.event === "cripple"
        ? arrangement({ running_flush: { length: d.length, cards: d.cards } }) : arrangement(d))),
    shown.length ? "" : h("p", {}, "No one showed their cards."));
  return details;
}

function findLast(xs, f) {
  for (let i = xs.length - 1; i >= 0; i--) if (f(xs[i])) return i;
  return -1;
}

// --- your decision -----------------------------------------------------------------
/** The prompt for this seat's decision and how its hand cards behave meanwhile. */
function decide(ctx, hand) {
  const { view, legal, ui, act, redraw } = ctx;
  const kinds = new Set(legal.map((a) => a.action));
  const none = { box: "", choice: () => null };
  if (!legal.length) return none;
  const picker = (kind, label, key) => amountPicker({ amounts: amounts(legal, kind), state: ui, name: kind, label, key, redraw,
    onPick: (n) => act(find(legal, kind, n)) });
  switch (view.phase) {
    case "draw": {
      ui.picked = ui.picked || [];
      const picked = ui.picked;
      const names = picked.map((i) => hand[i]).sort(order);
      const discard = legal.find((a) => a.action === "discard" && a.cards.length === names.length
        && [...a.cards].sort(order).every((c, i) => c === names[i]));
      const label = picked.length ? `Discard ${picked.length} and draw ${picked.length}` : "Keep all five";
      return {
        box: prompt("The draw", "Pick up to four cards to throw away; you are dealt as many. Fold to throw away all five.",
          [keyButton(label, "d", () => discard && act(discard), { id: "discard", disabled: !discard })], { id: "ask" }),
        choice: (name, i) => {
          const k = picked.indexOf(i);
          if (k < 0 && picked.length >= 4) return null;
          return { run: () => { if (k < 0) picked.push(i); else picked.splice(k, 1); redraw(); },
            cls: k < 0 ? "" : "picked", title: k < 0 ? "throw this away" : "keep this" };
        },
      };
    }
    case "name":
      return { box: prompt("You are the Dealer: name the bet", "Everyone must match it or fold. Zero is allowed.",
        [picker("bet", (n) => `Bet ${n}`, "b")], { id: "ask" }), choice: () => null };
    case "answer":
      return { box: prompt(`Match ${view.bid} or fold`, kinds.has("raise") ? "You may raise as well: only the Dealer must match raises."
        : "No raising in this part.", kinds.has("raise") ? [picker("raise", (n) => `Match and raise ${n}`, "r")] : [], { id: "ask" }),
      choice: () => null };
    case "extra":
      return { box: prompt("Your extra bet", "The Dealer alone must match the extra bets, or pass the Dealership.",
        [picker("extra", (n) => (n ? `Extra bet ${n}` : "No extra bet"), "b")], { id: "ask" }), choice: () => null };
    case "auction":
      return { box: prompt("Bid for the Dealership", `The high bid is ${view.high_bid}. Declining puts your own bid in the Pot.`,
        kinds.has("bid") ? [picker("bid", (n) => `Bid ${n}`, "b")] : [], { id: "ask" }), choice: () => null };
    case "cover":
      return { box: prompt("Cover the raises?", `Match ${sum(view.staked)} or fold.`, [], { id: "ask" }), choice: () => null };
    case "buy":
      return { box: prompt("Buy face-down cards?", `Each costs ${view.stake}; ${plural(view.bought, "card")} bought. The rest of your second five come face up.`,
        [], { id: "ask" }), choice: () => null };
    case "consider":
      return { box: prompt("The extra bets", `Match them (${sum(view.staked)}) or pass the Dealership to the Elder.`, [], { id: "ask" }),
        choice: () => null };
    case "offer":
      return { box: prompt("Take the Dealership?", `Pay ${view.offer_cost} (the others' extra bets) to become Dealer, or pass it on.`,
        [], { id: "ask" }), choice: () => null };
    case "specials":
      return { box: prompt("Special cards", "Declare a special card now, or say you have no more.", [], { id: "ask" }), choice: () => null };
    case "choose": {
      const offered = legal.filter((a) => a.action === "choose");
      return { box: prompt("Keep one of these", "The other is discarded.", [cardRow(offered.map((a) => a.card), {
        cls: "hand cards offered", label: "the cards offered", focus: "offered", choice: (name, i) => ({ run: () => act(offered[i]), title: `keep ${cardText(name)}` }) })],
      { id: "ask" }), choice: () => null };
    }
    case "reveal": {
      const can = new Map(legal.filter((a) => a.action === "reveal").map((a) => [a.card, a]));
      return { box: prompt("Disclose a card", "Show one card of your hand that nobody has seen.", [], { id: "ask" }),
        choice: (name) => (can.has(name) ? { run: () => act(can.get(name)), title: `disclose ${cardText(name)}` } : null) };
    }
    case "cripple": {
      const cripple = legal.find((a) => a.action === "declare");
      return { box: prompt("Cripple the Onion?", "An Onion was shown after your turn: your running flush may cripple it. Or pass.",
        cripple ? [keyButton(`Cripple: declare the ${cripple.groupings[0].name}`, "k", () => act(cripple), { id: "declare-cripple" })] : [],
        { id: "ask" }), choice: () => null };
    }
    case "showdown": {
      const { body, choice } = showdownControls(ctx, hand);
      return { box: prompt("Showdown: declare your arrangement", "", body, { id: "ask" }), choice: choice || (() => null) };
    }
    default:
      return none;
  }
}

// --- your hand -----------------------------------------------------------------------
function myHand(ctx, hand, choice) {
  const { view } = ctx;
  const up = [...((view.face_up || [])[view.seat] || [])];
  const isUp = hand.map((name) => {
    const k = up.indexOf(name);
    if (k < 0) return false;
    up.splice(k, 1);
    return true;
  });
  const declared = (view.declared || {})[String(view.seat)];
  return h("section", { class: "my-hand" },
    h("h3", {}, `Your hand · ${plural(hand.length, "card")}`, isUp.some(Boolean) ? h("span", { class: "muted-light" }, " (outlined: face up, everyone sees them)") : ""),
    cardRow(hand, { cls: "hand cards", label: "your hand", focus: "hand", choice: (name, i) => {
      const c = choice(name, i) || {};
      const cls = [c.cls, isUp[i] && "public"].filter(Boolean).join(" ");
      const title = [c.title, SPECIALS[name], isUp[i] && "face up"].filter(Boolean).join(" · ");
      return { ...c, cls, title };
    } }),
    declared ? h("div", { class: "mine-declared" }, h("b", {}, "You declared"), arrangement(declared)) : "");
}

/**
 * Without modifiers the view names cards plainly ("QS") while actions always
 * mark the special copy ("QS*"): read the actions the view's way, and send
 * each one as it came.
 */
function plainly(ctx) {
  if ((ctx.view.modifiers || []).length) return ctx;
  const strip = (c) => String(c).replace(/\*$/, "");
  const legal = ctx.legal.map((a) => ({
    ...a, sent: a,
    ...(a.card ? { card: strip(a.card) } : {}),
    ...(a.cards ? { cards: a.cards.map(strip) } : {}),
    ...(a.groupings ? { groupings: a.groupings.map((g) => ({ ...g, cards: g.cards.map(strip) })) } : {}),
  }));
  return { ...ctx, legal, act: (a) => ctx.act(a.sent || a) };
}

export default {
  board(raw) {
    const ctx = plainly(raw);
    const { view, names, events } = ctx;
    const hand = Array.isArray(view.hand) ? [...view.hand].sort(order) : null;
    const { box, choice } = decide(ctx, hand || []);
    const others = (view.face_up || []).map((_, s) => s).filter((s) => s !== view.seat);
    return h("div", { class: "board onion" },
      status(view, names),
      lastRound(events || [], names, { open: view.phase === "draw" && !view.over }),
      h("div", { class: "seat-rows" }, ...others.map((s) => seatRow(view, s, names))),
      box,
      hand ? myHand(ctx, hand, choice) : "");
  },
  toAct: (view) => (view.over ? [] : [view.turn]),
  seatNote(view, seat) {
    const staked = (view.staked || [])[seat];
    const gone = (view.out || []).includes(seat) ? "out" : (view.folded || []).includes(seat) ? "folded" : "";
    return h("span", { class: "cmo-seat" }, `${(view.chips || [])[seat] ?? 0} chips`, staked ? ` · staked ${staked}` : "",
      ...roles(view, seat).map((r) => chip(r, "role")), gone ? chip(gone, "warn") : "");
  },
  resultDetail({ view, names, events }) {
    const chips = view.chips || [];
    const ranked = chips.map((c, s) => [c, s]).sort((a, b) => b[0] - a[0]);
    return h("div", { class: "standings" },
      h("ol", {}, ...ranked.map(([c, s]) => h("li", {}, `${names[s]}: ${c} chips`))),
      lastRound(events || [], names, { open: false }));
  },
  keys: { m: "match", f: "fold", b: "buy", s: "stop", p: "pass", a: "accept", n: "decline", e: "done" },
  help: [["d", "the draw: discard the picked cards (none: keep all five)"], ["f", "fold"], ["m", "match"],
    ["− / +", "less / more (bet, raise, extra bet, bid)"], ["b", "bet, extra bet or bid the amount shown; buy a card"],
    ["r", "match and raise the amount shown"], ["s", "stop buying; at the showdown, declare"], ["p", "pass"],
    ["a", "accept the Dealership"], ["n", "decline to bid"], ["e", "no more special cards"],
    ["o", "showdown: sort your own cards (or back to the best)"], ["g", "showdown: add the picked cards as a grouping"],
    ["k", "showdown: cripple with a running flush"]],
};
