// Cripple Mr Onion in words: the stage of the round, the special cards'
// names, and one line of the event log per event (the terminal's wording).

import { cardText } from "../../cards.js";
import fallback from "../fallback.js";

/** What happens in each phase, as a person reads it. */
export const PHASES = {
  draw: "the draw: discard up to four, or fold by discarding five",
  name: "the Dealer names the bet",
  answer: "match the Dealer's bet (raising if you like) or fold",
  cover: "the Dealer must match the collective raise or fold",
  buy: "buy face-down cards at one Stake each, or stop (the rest come face up)",
  extra: "extra bets (the Dealer alone must match)",
  consider: "the Dealer matches the extra bets or passes the Dealership",
  offer: "the Dealership is offered: take it by matching the extra bets, or pass",
  auction: "the Dealership is auctioned",
  specials: "special cards are declared before the showdown",
  choose: "a replacement card is chosen",
  reveal: "cards nobody has seen are disclosed",
  showdown: "the showdown: each player declares an arrangement",
  cripple: "a running flush may cripple an Onion shown after its holder's turn",
  over: "the match is over",
};

/** The marked special cards (modifiers #4–#11) by name. */
export const SPECIALS = {
  "QS*": "the Lady", "KH*": "Fate", "QD*": "Great A'Tuin", "JS*": "the Archchancellor", "KC*": "Death",
  "JD*": "the Sender of Eight", "JC*": "the Fool",
};

/** Every grouping a declaration may name, weakest first (rules page, CMO-2 and CMO-7). */
export const GROUPINGS = [
  "bagel", "double bagel", "triple bagel", "lesser bagel", "great bagel", "two-card onion", "broken flush",
  "three-card onion", "flush", "four-card onion", "broken royal", "five-card onion", "royal", "six-card onion",
  "wild royal", "seven-card onion", "elephants' double onion", "double onion", "triple onion", "lesser onion",
  "octavo", "great onion", "nine-card running flush", "ten-card running flush",
];

export const cardsText = (cards) => (cards || []).map(cardText).join(" ");

/** A declared arrangement in one line: "double onion K♣ A♦ Q♥ A♠; flush 2♦ 6♦ K♦". */
export function arrangementText(a) {
  if (a.running_flush) return `a ${a.running_flush.length}-card running flush ${cardsText(a.running_flush.cards)}`;
  const parts = (a.groupings || []).map((g) => `${g.name} ${cardsText(g.cards)}`);
  return parts.length ? parts.join("; ") : "nothing";
}

/** How a round was won, after "wins the Pot of N": "with a double onion", "(everyone else folded)". */
export function howText(how) {
  return GROUPINGS.includes(how) ? `with a ${how}` : how === "nothing" ? "with nothing at all" : `(${how})`;
}

const plural = (n, word) => `${n} ${word}${n === 1 ? "" : "s"}`;

/** One line of the log, or null to leave the event out. */
export function eventText(e, names) {
  const who = typeof e.seat === "number" ? names[e.seat] : "";
  switch (e.event) {
    case "round": return `— Round ${e.round}: ${names[e.dealer]} deals, ${names[e.elder]} is Elder, ${names[e.younger]} Younger —`;
    case "ante": return `everyone antes ${e.stake}; the Pot holds ${e.pot}`;
    case "deal": return `${who} is dealt ${e.count}${e.cards ? ": " + cardsText(e.cards) : ""}`;
    case "draw": return `${who} ${e.count ? `discards ${e.count} and draws ${e.count}` : "keeps all five"}${e.cards && e.count
      ? ` (out: ${cardsText(e.discarded)}; in: ${cardsText(e.cards)})` : ""}`;
    case "fold": return `${who} folds`;
    case "part": return `betting, part ${e.part}`;
    case "bet": return `${who} bets ${e.amount}`;
    case "match": return `${who} matches ${e.amount}${e.raise ? ` and raises ${e.raise}` : ""}${e.extra ? " (the extra bets)" : ""}`;
    case "raise": return `${who} matches ${e.amount} and raises ${e.raise}`;
    case "buy": return `${who} buys a face-down card${e.cards ? ": " + cardsText(e.cards) : ""}`;
    case "face-up": return e.cards && e.cards.length ? `${who} is dealt face up: ${cardsText(e.cards)}` : null;
    case "extra": return `${who} makes an extra bet of ${e.amount}`;
    case "pass": return "cost" in e ? `${who} passes the Dealership` : `${who} passes`;
    case "accept": return `${who} takes the Dealership, paying ${e.amount}`;
    case "dealer": return `${who} is now Dealer`;
    case "auction": return "the Dealer folded: the Dealership is auctioned";
    case "bid": return `${who} bids ${e.amount} for the Dealership`;
    case "decline": return `${who} declines${e.paid ? ` (pays ${e.paid} into the Pot)` : ""}`;
    case "auction-won": return `${who} wins the Dealership for ${e.amount}`;
    case "declare": return `${who} declares ${arrangementText(e)}`;
    case "cripple": return `${who} cripples with a ${e.length}-card running flush ${cardsText(e.cards)}`;
    case "win": return `${who} wins the Pot of ${e.pot} ${howText(e.how)}`;
    case "carry": return `everybody folds (${e.how}): the Pot of ${e.pot} carries over`;
    case "out": return `${who} is out of chips`;
    case "over": return `the match is over (${e.reason})`;
    case "special": return `${who} declares ${e.as} ${cardText(e.card)}${e.forced ? " (it must be)" : ""}`;
    case "offered": return `${who} is offered ${plural(e.count, "card")}${e.cards ? ": " + cardsText(e.cards) : ""}`;
    case "replaced": return `${who} replaces ${cardText(e.card)}${e.kept ? ` with ${cardText(e.kept)}` : ""}`;
    case "wild": return `${cardText(e.card)} is wild for the rest of the round`;
    case "reveal": return `${who} discloses ${cardText(e.card)}`;
    default: return fallback.eventText(e, names);
  }
}
