"""Issue 24 and 25: each game declares its options once, as ``engine.options.Option`` records, and
every screen (the lobby, ``houserules options``, the rules page) reads its words from there. Held
here for every registered game, so that a new game's options are worded the day it is added."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from houserules.engine import registry
from houserules.engine.core import OptionsError
from houserules.rules_pages import for_players

ROOT = Path(__file__).parent.parent
GAMES = registry.names()
ROW = re.compile(r"^\|\s*([A-Z][A-Z0-9]*-[A-Za-z0-9][A-Za-z0-9.-]*)\s*\|", re.M)


@pytest.mark.parametrize("name", GAMES)
def test_every_option_has_a_label_and_help_in_words(name: str) -> None:
    """Issue 25: "every option has help in words" (bpoker's and Onion's cripple had none)."""
    for o in registry.get(name).option_schema:
        assert o.label.strip() and o.label[0].isupper(), (name, o.key)
        assert len(o.help.split()) >= 4 and o.help.rstrip().endswith("."), (name, o.key, o.help)
        assert o.allowed() and o.default_words(), (name, o.key)


@pytest.mark.parametrize("name", GAMES)
def test_every_options_clause_is_on_its_rules_page(name: str) -> None:
    """An option names the clause that sets it; that clause (or its section) is on the game's page."""
    ids = set(ROW.findall((ROOT / "docs" / "rules" / f"{name}.md").read_text(encoding="utf-8")))
    for o in registry.get(name).option_schema:
        if o.clause:
            assert o.clause in ids or any(i.startswith(o.clause + ".") for i in ids), (name, o.key, o.clause)


@pytest.mark.parametrize("name", GAMES)
def test_the_schema_is_the_options(name: str) -> None:
    """The options a game fills in are the ones it declares, in the declared order (the lobby shows
    them so); validated options read again are unchanged; every default is accepted."""
    g = registry.get(name)
    opts = g.options({})
    assert list(opts) == [o.key for o in g.option_schema]
    assert g.options(opts) == opts
    with pytest.raises(OptionsError, match="unknown .* option"):
        g.options({"no_such_option": 1})


@pytest.mark.parametrize("name", GAMES)
def test_seats_follow_from_the_options_without_dealing(name: str) -> None:
    g = registry.get(name)
    low, high = registry.spec(name).players
    for n in sorted({low, high}):
        opts = g.options({"players": n})
        assert g.seats_for(opts) == g.seats(g.new(opts, 0)) == n


def test_king_tacos_goto_says_what_the_seed_says() -> None:
    """Issue 25: Goto was described as how often "the Goto card may move the play". The seed: when an
    auction's top scorer tries to win, the chance is 1 in goto; a miss lowers goto by one (KT-9.8, 9.9)."""
    goto = next(o for o in registry.get("king-taco").option_schema if o.key == "goto")
    assert "1 in Goto" in goto.help and "lowers Goto by 1" in goto.help and "card" not in goto.help
    assert goto.clause == "KT-9.8"


def test_refusals_name_the_option_and_what_it_accepts() -> None:
    """One line each, naming the option (the messages tests and people already know are kept)."""
    cases = (("shedding", {"hand_size": 6}, "hand_size must be 5 or 7 (S-1.2), got 6"),
             ("shedding", {"players": 9}, "players must be 2 to 5 (S-1.1), got 9"),
             ("bpoker", {"nine_diamonds": "maybe"}, "nine_diamonds must be one of wins, stands (BP-9D)"),
             ("bpoker", {"hands": 0}, "hands must be 1 to 100 (BP-H32), got 0"),
             ("cripple-mr-onion", {"cripple": "yes"}, "cripple must be true or false (CMO-7.0), got 'yes'"),
             ("cripple-mr-onion", {"chips": 1, "stake": 2}, "chips must cover at least one Stake"),
             ("mao", {"delay_s": 0}, "delay_s must be a number of seconds from 0.5 to 120 (M-delay), got 0"),
             ("mao", {"games": 51}, "games must be 1 to 50 (M-extension), got 51"),
             ("mao", {"players": 12, "decks": 1}, "12 players need more than 1 deck(s)"),
             ("king-taco", {"goto": 0}, "goto must be a whole number of at least 1 (KT-9.8), got 0"))
    for name, raw, says in cases:
        with pytest.raises(OptionsError) as caught:
            registry.get(name).options(raw)
        assert says in str(caught.value) and "\n" not in str(caught.value), (name, raw, str(caught.value))


@pytest.mark.parametrize("name", GAMES)
def test_the_rules_page_lists_the_options_in_the_schemas_words(name: str) -> None:
    page = for_players(name).split("\n## The rules clause by clause", 1)[0]
    assert "## Options" in page
    for o in registry.get(name).option_schema:
        assert f"(`{o.key}`;" in page and o.help in page, (name, o.key)
