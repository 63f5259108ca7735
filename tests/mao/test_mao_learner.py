"""The learning bot (``learner``): shown a penalty after something happened, it does the act
next time that thing happens to it — for every trigger, act and who of the rule language
(issue 13, H-ext-bots). Each test feeds it a table's public log, as its view shows it."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from houserules.cards import parse_card
from houserules.engine.core import Action
from houserules.engine.referee import act
from houserules.games.mao import rulebook as rb
from houserules.games.mao.game import GAME as PLAIN
from houserules.games.mao.learner import Learner, reading
from houserules.games.mao.view import MaoView

ME = 0


def _base() -> MaoView:
    state = PLAIN.new(PLAIN.options({"players": 4, "rules": "base"}), 3)
    act(PLAIN, state, Action(state.dealer, "say", arg=rb.START))
    return PLAIN.view(state, ME)


BASE = _base()


class Table:
    """A log a learner watches; ``ask`` shows it the view and takes its answer."""

    def __init__(self, learner: Learner | None = None):
        self.learner = learner or Learner(1)
        self.log: list[tuple[Any, ...]] = []

    def add(self, kind: str, seat: int, *rest: Any) -> Table:
        self.log.append((len(self.log), kind, seat, *rest))
        return self

    def play(self, seat: int, card: str, left: int = 4) -> Table:
        return self.add("play", seat, card, left)

    def ask(self, turn: int = 2, **fields: Any) -> Action | None:
        view = replace(BASE, log=tuple(self.log), turn=turn, drawn=False, **fields)
        return self.learner.choose(view, [])

    def answers(self, turn: int = 2, **fields: Any) -> list[Action]:
        """Everything it does now (it is asked until it waits)."""
        out = []
        for _ in range(8):
            a = self.ask(turn, **fields)
            if a is None or a.kind in ("play", "draw"):
                break
            out.append(a)
            self.add(a.kind, a.seat, a.arg)
        return out


def test_names_read_as_duties() -> None:
    assert reading("failure to say have a nice day") == ("say", "have a nice day")
    assert reading("failure to knock twice") == ("knock", 2)
    assert reading("failure to knock 3 times for hearts") == ("knock", 3)
    assert reading("failure to point") == ("point", 0)
    assert reading("improper ailment of the jack of clovers") == ("hail", "")
    assert reading(rb.TALKING) is None and reading("heavy hand") is None


def test_a_penalty_given_obliges_what_followed_it() -> None:
    """Trigger ``penalty``: after penalties of two names, another seat was given "failure to say
    thank you dealer"; the learner, given any penalty, says it (and not after a play)."""
    t = Table()
    t.add("penalty", 1, rb.DELAY).add("penalty", 1, "failure to say thank you dealer")
    t.add("penalty", 2, rb.IMPROPER_PLAY).add("penalty", 2, "failure to say thank you dealer")
    assert t.answers() == []
    t.play(3, "4C")
    assert t.answers() == []  # a play asks nothing of it
    t.add("penalty", ME, rb.NOT_YOUR_TURN)
    assert t.answers() == [Action(ME, "say", arg="thank you dealer")]


def test_a_turn_starting_obliges_a_knock() -> None:
    """Trigger ``turnstart``, act ``knock``: a seat whose turn began after a play was given
    "failure to knock at your turn"; when its own turn starts, the learner knocks first."""
    t = Table()
    t.play(1, "4C").add("penalty", 2, "failure to knock at your turn")
    t.play(2, "9C").add("penalty", 3, "failure to knock at your turn")
    assert t.answers(turn=3) == []
    t.play(3, "9D")
    assert t.answers(turn=ME) == [Action(ME, "knock", arg=1)]


def test_a_hand_reaching_a_size_obliges_a_phrase() -> None:
    """Trigger ``hand``: a hand of seven cards (after a penalty card) was given "failure to say
    heavy"; when its own hand reaches seven, the learner says it (at six it does not)."""
    t = Table()
    assert t.answers(hand_sizes=(5, 5, 5, 5)) == []
    t.add("penalty", 1, rb.NOT_YOUR_TURN).add("penalty", 1, rb.DELAY).add("penalty", 1, "failure to say heavy")
    t.add("penalty", 2, rb.DELAY).add("penalty", 2, rb.NOT_YOUR_TURN).add("penalty", 2, "failure to say heavy")
    assert t.answers(hand_sizes=(5, 8, 8, 5)) == []
    t.add("penalty", ME, rb.DELAY)
    assert t.answers(hand_sizes=(6, 8, 8, 5)) == []
    t.add("penalty", ME, rb.DELAY)
    assert t.answers(hand_sizes=(7, 8, 8, 5)) == [Action(ME, "say", arg="heavy")]


def test_a_phrase_said_obliges_everyone() -> None:
    """Trigger ``phrase``, who ``everyone``: after one seat said "Hello", two other seats were
    given "failure to knock for hello"; when someone says it again, the learner knocks."""
    t = Table()
    t.add("say", 1, "Hello").add("penalty", 2, "failure to knock for hello")
    t.add("say", 3, "Good day")
    assert t.answers() == []
    t.add("say", 3, "Hello")
    assert t.answers() == [Action(ME, "knock", arg=1)]


def test_the_next_seat_points_after_a_jack() -> None:
    """Act ``point``, who ``next``: the seat after a jack's player was given "failure to point";
    the learner points when the seat before it plays a jack, not when it plays one itself."""
    t = Table()
    t.play(1, "JC").add("penalty", 2, "failure to point")
    t.play(2, "JH").add("penalty", 3, "failure to point")
    t.play(ME, "JS")
    assert t.answers(turn=1) == []
    t.play(1, "4S").play(2, "5S").play(3, "JS")
    assert t.answers(turn=ME) == [Action(ME, "point", arg=1)]


def test_everyone_hails_a_king() -> None:
    """Who ``everyone``: after kings, seats that did not play them were given "failure to say
    long live the king" too; the learner says it when anyone plays a king."""
    t = Table()
    t.play(1, "KC").add("penalty", 3, "failure to say long live the king")
    t.play(2, "KD").add("penalty", 2, "failure to say long live the king")
    t.play(3, "KH").add("penalty", 1, "failure to say long live the king")
    t.add("say", ME, "long live the king")  # (it said it then: its own hypothesis is not refuted)
    t.play(1, "4H")
    assert t.answers() == []
    t.play(2, "KS")
    assert t.answers() == [Action(ME, "say", arg="long live the king")]


def test_speaking_after_a_queen_teaches_silence() -> None:
    """Act ``silent``: seats that spoke just after a queen were penalised "breaking the silence";
    the learner then keeps a phrase it is not sure of to itself after a queen (another learner,
    not shown the silence, says it)."""
    lesson = [("play", 3, "4C", 4), ("penalty", ME, "failure to say your go")]
    silence = [("play", 1, "QC", 4), ("say", 3, "Hi"), ("penalty", 3, "breaking the silence"),
               ("play", 2, "QD", 4), ("say", 1, "Oh"), ("penalty", 1, "breaking the silence")]
    told, untold = Table(), Table()
    for entry in lesson + silence:
        told.add(*entry)
    for entry in lesson:
        untold.add(*entry)
    for t in (told, untold):
        assert t.answers(turn=2) == []
        t.play(3, "QH")  # the seat before it plays a queen: its turn starts
    assert untold.answers(turn=ME) == [Action(ME, "say", arg="your go")]
    assert told.answers(turn=ME) == []


def test_a_penalty_for_acting_refutes_the_belief() -> None:
    """A knock that earned a penalty at once ("knocking out of turn") refutes the hypothesis
    acted on: the next time that happens, it does not knock."""
    t = Table()
    t.play(1, "4C").add("penalty", 2, "failure to knock at your turn")
    t.play(3, "5C")
    assert t.ask(turn=ME) == Action(ME, "knock", arg=1)
    t.add("knock", ME, 1).add("penalty", ME, "knocking out of turn")  # the dealer's answer to that knock
    t.play(ME, "6C").play(1, "7C").play(2, "8C").play(3, "9C")
    assert t.answers(turn=ME) == []


def test_a_forbidden_word_is_never_said() -> None:
    """Trigger ``phrase`` with its own penalty: a seat that said "seven" was penalised at once;
    a learner that believes it owes "seven" keeps it to itself."""
    t = Table()
    t.play(1, "7C", 4).add("penalty", ME, "failure to say seven")
    t.add("say", 2, "seven").add("penalty", 2, "forbidden word")
    t.add("say", 3, "Seven!").add("penalty", 3, "forbidden word")
    t.play(ME, "7D")
    t.play(1, "4D")
    assert t.answers(turn=ME) == []


def test_the_learner_keeps_learning_across_a_match() -> None:
    """A match of learners: the learner's beliefs outlive a game, and written rules cost fewer
    penalties in their later games than in their first (issue 13: do players learn?)."""
    from houserules.sim import SimConfig, simulate

    opts = {"players": 4, "extension": True, "games": 5}
    tally, _ = simulate(SimConfig("mao", 6, opts, ("learner",) * 4, seed=11))
    stats = tally.stats
    first = stats["rule_penalties_by_age.age1"] / stats["rule_exposure_by_age.games.age1"]
    later = sum(stats.get(f"rule_penalties_by_age.age{a}", 0) for a in (2, 3, 4)) / sum(
        stats.get(f"rule_exposure_by_age.games.age{a}", 0) for a in (2, 3, 4))
    assert later < first, (first, later)


def test_learners_are_judged_in_the_simulator() -> None:
    """The simulator sends a learner's attempts through the referee: its improper plays are
    penalised (they used to be applied unjudged)."""
    from houserules.sim import SimConfig, simulate

    tally, _ = simulate(SimConfig("mao", 4, {"players": 3, "rules": "base"}, ("learner",) * 3, seed=2))
    assert tally.penalties[rb.IMPROPER_PLAY] > 0


def test_the_learner_remembers_across_deals() -> None:
    learner = Learner(1)
    t = Table(learner)
    t.play(1, "4C").add("penalty", 2, "failure to knock at your turn")
    t.answers(turn=3)
    assert "failure to knock at your turn" in learner.beliefs
    fresh = replace(BASE, log=(), dealer=1, started=False)
    learner.choose(fresh, [])
    assert "failure to knock at your turn" in learner.beliefs and learner.mem.seen == -1
    assert parse_card("4C") is not None


def test_a_play_on_a_card_it_never_saw_does_not_unteach_a_knock() -> None:
    """Issue 22 item 12: the learner that first looks after the game's first play knew nothing
    below it, and that play ("failure to knock once" on it) wiped "when the suit changes" from
    its belief: it knocked after every play, and "improper knocking" rose game after game. It
    now knows the flipped card (the view's pile less the plays in the log), and a play whose
    card below it does not know teaches nothing about plays."""
    learner = Learner(1)
    pile = (parse_card("3H"), parse_card("9C"))  # the flipped 3H, then seat 1's 9C
    Table(learner).play(1, "9C").ask(pile=pile)
    assert learner.mem.pile == list(pile)
    t = Table(Learner(1))
    t.play(ME, "5S").play(1, "5C").add("penalty", 1, "failure to knock once")
    t.play(2, "6C").play(3, "6D").add("penalty", 3, "failure to knock once")
    t.ask()
    belief = t.learner.beliefs["failure to knock once"]
    assert "diffsuit" in belief.kinds["me:play"]
    t.learner.mem.pile = []  # as if it came in late: the next play's card below is unknown
    t.play(ME, "7D").add("penalty", ME, "failure to knock once")
    t.ask()
    assert "diffsuit" in t.learner.beliefs["failure to knock once"].kinds["me:play"]


def test_the_learner_learns_the_knocks_of_every_rule_set() -> None:
    """With ``--rules all`` its penalties per game rose on seed 1 (2.13 a game over the first 15
    of 30 games, 2.20 over the last 15, nearly all "improper knocking"); now they fall."""
    from houserules.games.mao.bots import learning_curve

    curve = learning_curve(30, {"players": 4, "rules": "all"}, 1)
    assert sum(curve[15:]) < 0.5 * sum(curve[:15]), curve


def test_mao_learn_plays_a_series_per_seed_and_tells_their_mean(tmp_path) -> None:
    from typer.testing import CliRunner

    from houserules.cli import app

    plot = tmp_path / "curve.png"
    out = CliRunner().invoke(app, ["mao", "learn", "-n", "4", "--seeds", "2", "--block", "2", "--plot", str(plot)],
                             env={"COLUMNS": "200"})
    assert out.exit_code == 0, out.output
    assert "seed 0: penalties per game" in out.output and "seed 1: penalties per game" in out.output
    assert "mean of 2 seeds, penalties per game, by 2 games: 1-2:" in out.output
    assert plot.stat().st_size > 1000
    bad = CliRunner().invoke(app, ["mao", "learn", "--seeds", "0"])
    assert bad.exit_code == 2 and "--seeds 1 to 50" in bad.output
