"""The shared grammar of the games' words: the reader's own lines in the second person."""

from __future__ import annotations

from houserules.engine.words import plain, second_person


def test_the_readers_own_lines_read_in_the_second_person() -> None:
    assert second_person("You plays [[5H]]") == "You play [[5H]]"
    assert second_person("— You's turn —") == "— your turn —"
    assert second_person("You holds their cards up: [[KH]].") == "You hold your cards up: [[KH]]."
    assert second_person("You NOPEs themself out of the game!") == "You NOPE yourself out of the game!"
    assert second_person("Ann holds their cards up.") == "Ann holds their cards up."
    assert plain("Ann plays [[QS]]") == "Ann plays QS"


def test_every_verb_of_the_readers_line_agrees_and_you_inside_a_sentence_is_lower_case() -> None:
    # seen at the table: "You play 3♥ and takes it back", "You won, and writes the next rule"
    assert second_person("You plays [[3H]] and takes it back.") == "You play [[3H]] and take it back."
    assert second_person("You won, and writes the next rule.") == "You won, and write the next rule."
    assert second_person("You adds a rule and tells Bo.") == "You add a rule and tell Bo."
    assert second_person("You matches 3 and raises 2") == "You match 3 and raise 2"
    # a plural noun after "and" is not a verb; another player's verbs are theirs
    assert second_person("You trades tables and stashes with Bo.") == "You trade tables and stashes with Bo."
    assert second_person("Bo plays [[5H]] and draws 2.") == "Bo plays [[5H]] and draws 2."
    # "You" inside a sentence, and a line that opens with the reader's card
    assert second_person("[[AC]] comes into play on You's table, as if You played it") == \
        "[[AC]] comes into play on your table, as if you played it"
    assert second_person("The game has started; You to play.") == "The game has started; you to play."
    assert second_person("You's A♣ ends every effect in progress.") == "Your A♣ ends every effect in progress."
    assert second_person("[bold]You's turn:[/] play a card") == "[bold]Your turn:[/] play a card"
    assert second_person("— You's turn —") == "— your turn —"
    assert second_person("Dealer: You, talking.") == "Dealer: You, talking."


def test_words_said_aloud_are_never_rewritten() -> None:
    assert second_person("Bo: “I love You and tells”") == "Bo: “I love You and tells”"
    assert second_person("You: “You plays”") == "You: “You plays”"
