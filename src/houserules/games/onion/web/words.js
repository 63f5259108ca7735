// Cripple Mr Onion in words: the stage of the round, the special cards'
// names, the groupings. (The event log's sentences come with the events,
// from the game's one wording in words.py.)

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

/** What each grouping is, in a few words (the tooltip on its name). */
export const GROUPING_HELP = {
  bagel: "two cards making 20 (two pictures, a picture and a ten, two tens, or a nine and an Ace)",
  "double bagel": "two bagels together", "triple bagel": "three bagels together",
  "lesser bagel": "four bagels together", "great bagel": "five bagels together",
  "two-card onion": "two cards making 21: a picture or a ten with an Ace",
  "broken flush": "three or more cards making 16 to 21, all but one of one suit",
  "three-card onion": "three cards making 21", flush: "three or more cards of one suit making 16 to 21",
  "four-card onion": "four cards making 21", "broken royal": "a 6, a 7 and an 8 of any suits",
  "five-card onion": "five cards making 21", royal: "three 7s", "six-card onion": "six cards making 21",
  "wild royal": "three wild eights (only when eights are wild)", "seven-card onion": "seven cards making 21",
  "elephants' double onion": "four nines or tens declared with the Queen of Coins (modifier #7); any other double onion beats it",
  "double onion": "two pontoons (a picture with an Ace of 11)", "triple onion": "three pontoons",
  "lesser onion": "four pontoons", octavo: "eight eights when eights are wild (modifier #3): a lesser onion that cannot be crippled",
  "great onion": "five pontoons: the best grouping",
  "nine-card running flush": "nine cards in a row of one suit: cripples a great onion played before it (modifier #0)",
  "ten-card running flush": "ten cards in a row of one suit: cripples a great or lesser onion (modifier #0)",
  unused: "cards in no grouping: they count for nothing",
};

/** How a round was won, after "wins the Pot of N": "with a double onion", "(everyone else folded)". */
export function howText(how) {
  return GROUPINGS.includes(how) ? `with a ${how}` : how === "nothing" ? "with nothing at all" : `(${how})`;
}

