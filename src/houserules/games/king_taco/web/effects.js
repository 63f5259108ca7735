// King Taco's effects as the game says them and what they cost. Written by
// houserules.games.king_taco.words.web_effects() from cards.EFFECT_WORDS and
// cards.COST_BY_EFFECT (tests/king_taco/test_kt_words.py checks it is current): edit those.

/** Mana each effect costs (KT-8.1); numbers and the plain WILD cost nothing. */
export const COST = {"inverse": 1, "+=2": 1, "all++": 2, "skip": 2, "rage": 1, "calm": 1, "lock": 2, "go-fishing": 3, "shield": 1, "curse": 1, "nope": 3, "x2": 2, "--": 1, "harvest": 4};

/** How each effect is called in words. */
export const EFFECT_WORDS = {"inverse": "inverse", "+=2": "+= 2", "all++": "all ++", "skip": "skip", "rage": "rage", "calm": "calm", "lock": "lock", "go-fishing": "go fishing", "shield": "shield", "curse": "curse", "nope": "NOPE", "x2": "x2", "--": "--", "harvest": "harvest", "null": ""};

/** An effect's symbol as said ("+= 2"); any other symbol (a number) as it is. */
export const effect = (symbol) => EFFECT_WORDS[symbol] ?? symbol;
