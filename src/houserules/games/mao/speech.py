"""Words said at a Mao table, and the names of penalties, compared the forgiving way.

People type "All hail the Queen of Knaves!", "all hail the queen of knaves",
"maʊ" or "mao"; penalty names come with straight or curly quotes and a final
period or none. One function, ``loose``, decides what counts as the same
words, and everything that compares speech or penalty names uses it: the
dealer judging a phrase, a correction naming a penalty, a scenario file's
expectations (through ``Mao.penalty_key``).
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

#: the longest thing one may say at once (a sentence, not a speech)
MAX_SPEECH = 200

_QUOTES = re.compile(r"[\"'`´‘’‚‛“”„‟«»]")
_SPACES = re.compile(r"\s+")
_TRAILING = ".!?,;:… "


@lru_cache(maxsize=8192)
def loose(text: str) -> str:
    """``text`` reduced to what a listener hears: case, quotes, commas, spacing and
    trailing punctuation dropped, "maʊ" and "mao" the same word."""
    t = unicodedata.normalize("NFKC", text).lower().replace("maʊ", "mao")
    t = _QUOTES.sub("", t).replace(",", " ")
    return _SPACES.sub(" ", t).strip().rstrip(_TRAILING).strip()


@lru_cache(maxsize=2048)
def parts(text: str) -> tuple[str, ...]:
    """One utterance split into its sentences ("All hail the jack of hearts. Subway."),
    each reduced by ``loose``; empty pieces dropped."""
    pieces = re.split(r"[.!?;]+", unicodedata.normalize("NFKC", text))
    return tuple(p for p in (loose(x) for x in pieces) if p)


_WORD = re.compile(r"\w+(?:-\w+)*")


@lru_cache(maxsize=8192)
def words(text: str) -> tuple[str, ...]:
    """``text`` as the words a listener hears, in order (``loose``, then every mark between
    words dropped): how duty phrases are found in an utterance however it is punctuated."""
    return tuple(_WORD.findall(loose(text)))


def within(needle: tuple[str, ...], hay: tuple[str, ...]) -> bool:
    """Whether the words ``needle`` are said, in a row, somewhere in ``hay``."""
    n = len(needle)
    return n > 0 and any(hay[i:i + n] == needle for i in range(len(hay) - n + 1))

