// Cripple Mr Onion in words: the stage of the round, the special cards'
// names, the groupings. They are written once, in Python (games/onion/glossary.py),
// and fetched once when this module loads; the event log's sentences come with
// the events, from the game's one wording in words.py.

const glossary = await (await fetch("/api/games/cripple-mr-onion/glossary")).json();

/** What happens in each phase, as a person reads it. */
export const PHASES = glossary.phases;
/** The marked special cards (modifiers #4–#11) by name. */
export const SPECIALS = glossary.specials;
/** Every grouping a declaration may name, weakest first (rules page, CMO-2 and CMO-7). */
export const GROUPINGS = glossary.groupings;
/** What each grouping is, in a few words (the tooltip on its name). */
export const GROUPING_HELP = glossary.grouping_help;

/** How a round was won, after "wins the Pot of N": "with a double onion", "(everyone else folded)". */
export function howText(how) {
  return GROUPINGS.includes(how) ? `with a ${how}` : how === "nothing" ? "with nothing at all" : `(${how})`;
}

