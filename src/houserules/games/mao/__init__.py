"""Mao (maʊ): seed 003, the shedding game whose only told rule is that no other
rule can be told. The software is the dealer: it judges every rule in play and
names each penalty exactly as the seed words it, never a reason.

Anything may be attempted at any moment (play, draw, say, knock, point, touch
or show your cards, call a penalty); the rules decide what it costs. Time is
part of the rules (delay of game, a reasonable time for a required phrase or
knock, repeated penalties for held or shown cards): the rules see it only as
values the table gives them (``advance``) and say when they next need waking
(``deadline``). The full clause list is docs/rules/mao.md.

Modules: ``rulebook`` (every rule as a declarative record, the rule sets),
``speech`` (how words and penalty names compare), ``state`` (data, options,
deal), ``judge`` (what an attempt is: fine, impossible, or which penalty),
``flow`` (carrying attempts out, duties, time, assessments), ``view`` (what a
seat may know), ``game`` (the Game protocol object ``GAME``, and ``MOVES``: each
kind of attempt declared once, its check, effect and words); for people and
programs, ``bots``, ``terminal``, ``words``, ``encoding`` (fixed-size numbers for
learning programs) and ``web/``. The Extension (a
match whose winners write rules): ``language`` (the rule language, and
``explain``, the rule in plain words), ``rulecheck``, ``match`` (the game
registered here: plain Mao unless ``extension``), ``library`` (bots' rules),
``editor`` (guided questions), ``preview`` (the browser editor's answers).
"""

from __future__ import annotations

from ...engine.registry import FirstGame, GameSpec, lazy_exports

SPEC = GameSpec(
    name="mao",
    title="Mao",
    players=(2, 12),
    summary="The game whose rules are secret: the dealer names each penalty but never the rule; learn them as you go and empty your hand.",
    game="houserules.games.mao.match:GAME",  # Mao, and with extension=true a match
    # ``heuristic`` is the dealer under the name every game's best hand-written bot has, so that
    # ``houserules ladder GAME --bots random,heuristic,ismcts:200`` runs on every game
    bots={"dealer": "houserules.games.mao.bots:Knower", "learner": "houserules.games.mao.bots:Learner",
          "heuristic": "houserules.games.mao.bots:Knower", "perfect": "houserules.games.mao.bots:Perfect"},
    terminal="houserules.games.mao.terminal:RENDERER",
    words="houserules.games.mao.words:WORDS",
    encoding="houserules.games.mao.encoding:ENCODING",
    commands="houserules.games.mao.commands:app",
    web=True,
    playout="dealer",  # random Mao is endless talking: ismcts:200 plays its playouts as the dealer
    preview="houserules.games.mao.preview:preview",  # the browser's rule editor: a rule in plain words
    preview_body="houserules.games.mao.preview:BODY",
    aliases=("mao", "mau", "maʊ"),  # the first names the command group: houserules mao ...
    # a beginner at Mao learns the rules as it plays, as a newcomer does; the club player (the dealer)
    # forgets a duty and slips a play now and then, as a fun opponent does; the strong one never errs,
    # which beats the dealer more often than a search does (bench/RESULTS.md, "Bot levels apart")
    levels={"beginner": "learner", "strong": "perfect"},
    search="ismcts:40",  # a bare ismcts: the budget issue 30 measured at under half a second a move
    order=4,
    compiled=("judge", "rulebook", "flow"),
    compiled_hot=("judge",),
    # H-reveal: the rules in play are secret: seats, spectators and the HTTP API learn how many, not which
    secret_options=("rules", "house"),
    reveal_option="reveal",
    # no table chat: at Mao, speech is part of the game (the rules judge what a seat says)
    chat=False,
    first_game=FirstGame({"delay_s": 12, "grace_s": 6, "reveal": True},
                         "Nobody may tell you the rules of Mao: you learn them from the dealer's penalties. A first "
                         "game gives you 12 seconds for each turn instead of 5, a little longer to say what a card "
                         "asks, and tells every rule in full words when the game ends."),
    # the Extension: a match of two games, a written rule in play from the start
    variants=({"extension": True, "games": 2, "max_turns": 150, "house": [{"id": "eights-again", "on": "play",
                                                        "if": ["card.rank == 8"], "effects": ["again"]}]},
              # every trigger, who and act of the rule language the table judges
              {"rules": "all", "max_turns": 150, "house": [
                  {"id": "thanks", "on": "penalty", "if": ["penalty == talking"], "must": [
                      {"who": "player", "do": "say", "phrase": "Thank you", "failure": "ingratitude"}]},
                  {"id": "knock-in", "on": "turnstart", "must": [
                      {"who": "player", "do": "knock", "times": 1, "failure": "failure to knock in"}],
                   "wrong_time": "knocking out of turn"},
                  {"id": "hush", "on": "play", "if": ["card.rank == Q"], "must": [
                      {"who": "everyone", "do": "silent", "failure": "breaking the silence"}]},
                  {"id": "jack-point", "on": "play", "if": ["card.rank == J"], "must": [
                      {"who": "next", "do": "point", "failure": "failure to point"}], "wrong_time": "pointing about"},
                  {"id": "heavy", "on": "hand", "if": ["hand.size == 8"], "penalty": "heavy hand"},
                  {"id": "no-seven", "on": "phrase", "if": ["said == seven"], "penalty": "forbidden word"},
                  {"id": "greedy", "on": "draw", "effects": ["draw:1"]}]}),
)

#: the package's main objects, imported on first use so that listing games stays cheap
_LAZY = {"GAME": "game", "Mao": "game", "MaoState": "state", "MaoView": "view"}
__getattr__ = lazy_exports(__name__, _LAZY)


__all__ = ["SPEC", *_LAZY]
