"""House rules for every game: one rule language, declared per game as a vocabulary of records.

A table writes its own rules as data (a *book*: ``{"format": "houserules-rules", "version": 2,
"game": "shedding", "rules": [...]}``); they are read and checked before the first card, said
in plain words generated from the rule itself, and compiled by the game into its own tables,
so that the seed's rules and a table's are enforced by the same code (docs/engine.md, "Add a
house-rule vocabulary"). Modules, each one job:

- ``text``: reading what people write safely (text, numbers, objects, lists, ids), and
  ``RuleError``, which says where (``rules[2].if[0]``) and why;
- ``kinds``: the kinds of value a condition compares (ranks, suits, colours, counts, text);
- ``conditions``: ``"left op right"`` read, written back, said and evaluated;
- ``vocabulary``: the records a game declares (``Trigger``, ``Subject``, ``Effect``, ``Seed``,
  ``Vocabulary``) and what a book is read into (``HouseRule``, ``Book``);
- ``book``: a book read from JSON or a file, written back canonically, said in words;
- ``check``: the step-budgeted checker and its verdict, kept by content;
- ``option``: the ``house`` option;
- ``compiled``: what a game's compiled table of a book shares with every other game's (its
  key, its cache, pickled as its book).

Mao's language (games/mao/language.py), older than this package, reads its own version-1
books with these same parts, and version-2 books naming ``mao``.
"""
