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
