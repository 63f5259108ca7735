"""Mao at a table of people (issue 22, "The table"): what each screen offers and says."""

from __future__ import annotations

import io

from rich.console import Console

from houserules.engine import get_game
from houserules.engine.core import Action
from houserules.games.mao import rulebook as rb
from houserules.games.mao.bots import Knower
from houserules.games.mao.terminal import RENDERER, quick_phrases
from houserules.games.mao.view import revealed
from houserules.table import BOT_NAMES, Table
from houserules.tui import move_line
from houserules.tui.loop import Numbers

GAME = get_game("mao")


def started(players: int = 3, seed: int = 2, **options):
    state = GAME.new(GAME.options({"players": players, **options}), seed)
    GAME.apply(state, Action(state.dealer, "say", arg=rb.START))
    return state


def _text(renderable) -> str:
    out = io.StringIO()
    Console(file=out, width=120).print(renderable)
    return out.getvalue()


def test_a_point_of_order_waits_for_the_dealer_and_every_screen_says_so() -> None:
    """Item 8: the dealer (a person) is offered Sustained / Overruled and told why; the seat
    whose turn it is is not told "your move" while the table waits for the ruling."""
    state = started()
    asker = (state.dealer + 2) % 3
    GAME.apply(state, Action(asker, "say", arg=rb.POINT_OF_ORDER))
    assert GAME.to_act(state) == (state.dealer,)
    assert GAME.offer(state, state.dealer) == [Action(state.dealer, "say", arg=rb.SUSTAINED),
                                                Action(state.dealer, "say", arg=rb.OVERRULED)]
    assert GAME.offer(state, state.turn) == []
    names = ["Ann", "Bo", "Cyd"]
    dealer_panel = _text(RENDERER.render(GAME.view(state, state.dealer), names))
    assert f"{names[asker]} raised a point of order: waiting for you to rule" in dealer_panel
    other = _text(RENDERER.render(GAME.view(state, state.turn), names))
    assert f"waiting for {names[state.dealer]} to rule" in other
    menu = RENDERER.menu(GAME.view(state, state.dealer), [])
    assert [a.arg for a in menu if a.kind == "say"][:2] == [rb.SUSTAINED, rb.OVERRULED]
    GAME.apply(state, Action(state.dealer, "say", arg=rb.SUSTAINED))
    if state.paused:  # the dealer adjourns (the words are offered)
        assert GAME.offer(state, state.dealer) == [Action(state.dealer, "say", arg=rb.ADJOURNED)]


def test_quick_phrases_never_offer_a_player_the_dealers_sentences() -> None:
    """Item 10: the start, rulings and adjourning were offered to every player once said."""
    state = started()
    player = (state.dealer + 1) % 3
    for words in (rb.SUSTAINED, rb.OVERRULED, rb.ADJOURNED, "Good call.", "Merry Christmas"):
        GAME.apply(state, Action(player, "say", arg=words))
    phrases = quick_phrases(GAME.view(state, player))
    assert phrases[0] == rb.POINT_OF_ORDER and "Merry Christmas" in phrases
    dealers = {rb.START, rb.SUSTAINED, rb.OVERRULED, rb.ADJOURNED, *rb.RULINGS}
    assert not dealers & set(phrases), phrases


def test_the_menu_keeps_its_numbers_until_the_person_acts() -> None:
    """Item 9: an item that goes keeps its number unused, a new one gets the next number."""
    a, b, c, d = (Action(0, "play", i) for i in range(4))
    numbers = Numbers()
    assert numbers.number([a, b, c]) == [(1, a), (2, b), (3, c)]
    assert numbers.number([a, d, c]) == [(1, a), (3, c), (4, d)]  # b left; c is still 3
    numbers.reset()
    assert numbers.number([a, d, c]) == [(1, a), (2, d), (3, c)]


def test_a_bot_leaves_the_drawer_their_time_to_play() -> None:
    """Item 9: after a draw the next seat may begin its turn (H-draw); a bot waits instead, so a
    person can draw, then play."""
    state = started()
    drawer = state.turn
    GAME.apply(state, Action(drawer, "draw"))
    follower = state.step(drawer)
    assert follower in GAME.to_act(state)
    legal = [x for x in GAME.legal(state) if x.seat == follower]
    assert Knower(1, error=0.0).choose(GAME.view(state, follower), legal) is None


def test_the_reveal_tells_each_rule_in_full_words() -> None:
    """Item 10: the reveal said paragraph titles ("Delay of game, Ailments"): now sentences."""
    state = GAME.new(GAME.options({"players": 3, "rules": "all", "delay_s": 12}), 1)
    words = revealed(state)
    assert any(w.startswith("Delay of game: taking more than 12 seconds") for w in words)
    assert any(w.startswith("Knocking: When a card is played and the card's suit is hearts") for w in words)
    assert all(len(w.split()) >= 8 for w in words), words


def test_bots_have_names() -> None:
    """Item 10: not "dealer bot 1", "dealer bot 2" …"""
    table = Table.create("mao", {"players": 4}, 1, {1: "dealer", 2: "dealer", 3: "dealer"}, {0: "You"})
    assert [s.name for s in table.seats] == ["You", *BOT_NAMES[1:4]]


def test_the_terminal_turn_clock_ticks_while_the_person_types() -> None:
    """Item 9: the panel's "turn clock 5 s" was the number when the panel was drawn; the line
    above the prompt is now written again in place (the cursor and the typing left alone)."""
    from houserules.tui.loop import Ticker

    state = started(seed=4)
    view = GAME.view(state, state.turn)
    names = ["Ann", "Bo", "Cyd"]
    assert RENDERER.ticker(view, names, 0.0) == "⏱ 5 s left: your turn"
    assert RENDERER.ticker(view, names, 3.2) == "⏱ 2 s left: your turn"
    other = GAME.view(state, state.step(state.turn))
    assert RENDERER.ticker(other, names, 1.0).endswith(f"{names[state.turn]}'s turn")
    now = [0.0]
    ticker = Ticker()
    ticker.line = lambda: RENDERER.ticker(view, names, now[0])
    out = io.StringIO()
    ticker.redraw(out)
    now[0] = 4.0
    ticker.redraw(out)
    assert out.getvalue() == ("\x1b7\x1b[1A\r\x1b[2K⏱ 5 s left: your turn\x1b8"
                              "\x1b7\x1b[1A\r\x1b[2K⏱ 1 s left: your turn\x1b8")


def test_the_next_extension_game_waits_until_the_witness_has_read_the_new_rule() -> None:
    """Item 10, H-ext-read: the new game was dealt and started (a bot dealer says the start at
    once) while the witness was still reading the rule they must remember."""
    import json

    from houserules.engine.referee import act
    from houserules.games.mao.match import GAME as MATCH

    state = MATCH.new(MATCH.options({"players": 3, "extension": True, "games": 2}), 4)
    act(MATCH, state, Action(state.dealer, "say", arg=rb.START))
    top = state.discard[-1]
    state.hands[state.turn] = [top + 4 if top + 4 < 52 else top - 4]  # the next rank of the same suit: the last card
    winner = state.turn
    act(MATCH, state, Action(winner, "play", state.hands[winner][0]))
    assert state.match.writer == winner, "the play won the game"
    witness = (winner + 1) % 3
    rule = {"id": "lucky", "on": "play", "if": ["card.rank == 7"],
            "must": [{"who": "player", "do": "say", "phrase": "Lucky", "failure": "failure to say lucky"}]}
    act(MATCH, state, Action(winner, "write", arg=("add", "", json.dumps(rule, sort_keys=True), witness)))
    assert MATCH.to_act(state) == (witness,) and MATCH.offer(state, witness) == [Action(witness, "read")]
    assert MATCH.offer(state, winner) == [] and MATCH.deadline(state) is None
    refused = act(MATCH, state, Action(winner, "say", arg=rb.START))
    assert [e.kind for e in refused] == ["refused"] and not state.started
    view = MATCH.view(state, witness)
    assert view.match["reading"] == witness and "Lucky" in view.match["witnessing"][0]["words"]
    menu = RENDERER.menu(view, MATCH.legal(state))
    assert menu == [Action(witness, "read")] and "I have read the new rule" in move_line(MATCH, RENDERER, menu[0], view)
    names = ["Ann", "Bo", "Cyd"]
    assert f"Waiting for {names[witness]} to read the new rule" in _text(RENDERER.render(MATCH.view(state, winner), names))
    events = act(MATCH, state, Action(witness, "read"))
    assert [e.kind for e in events] == ["read"] and MATCH.to_act(state) == (winner,)
    act(MATCH, state, Action(winner, "say", arg=rb.START))
    assert state.started


def _improper(table: Table, seat: int) -> Action:
    """A card ``seat`` holds that may not be played on the top card (any set: not same suit, rank or colour)."""
    from houserules.cards import RANK, SUIT

    top = table.state.discard[-1]
    card = next(c for c in table.state.hands[seat] if SUIT[c] != SUIT[top] and RANK[c] != RANK[top]
                and (SUIT[c] in (1, 2)) != (SUIT[top] in (1, 2)))
    return Action(seat, "play", card)


def test_with_a_person_dealing_bots_wait_for_the_penalty_before_playing_on() -> None:
    """Issue 37, item 7: the penalty comes with the act it answers. With a person dealing, advice
    is theirs to assess: the bots leave them the reasonable time (grace_s) before the next turn is
    played (it came two seconds and three bot moves later); once it has passed, play goes on."""
    for assesses in (True, False):
        table = Table.create("mao", {"players": 3, "judge": "dealer", "dealer": 0, "grace_s": 3.0}, 4,
                             {2: "dealer"}, {0: "Ann", 1: "Bo"})
        table.submit(Action(0, "say", arg=rb.START), 0.0)
        table.submit(_improper(table, 1), 1.0)
        assert table.view(0).advice == ((1, "improper play"),)
        assert table.to_act() == (0,) and table.bot_to_act() is None  # Cy (a bot, to play) waits for Ann
        plays = lambda: [e.kind for e in table.log].count("play")  # noqa: E731
        if assesses:  # one tap: the penalty comes before Cy moves
            table.submit(Action(0, "call", arg=(1, "improper play")), 2.0)
            assert [e.data["name"] for e in table.log if e.kind == "penalty"] == ["improper play"]
            table.advance(t=2.0)
            assert plays() == 2 and table.view(0).advice == ()
        else:
            table.due(3.9)
            table.advance(t=3.9)
            assert plays() == 1
            table.due(4.0)
            table.advance(t=4.0)
            assert plays() == 2 and table.view(0).advice == ()  # a turn played after it, the time up: M-penalties-d


def test_the_dealers_rules_say_what_the_seed_says() -> None:
    """Issue 37, item 5: the rules a person judging reads (and the reveal) state each rule as the
    seed does: Pointing is at the player whose turn it is, not at anyone; Talking is allowed while
    the game is paused (not "during a point of order"); Discussion keeps Deal, Turn, End and itself
    free, lets a rule be named by its penalty or paragraph, and forbids revealing a detail; the
    Extension frees the base rules and the setup and play instructions too."""
    words = {w.split(":")[0]: w for w in revealed(GAME.new(GAME.options({"players": 3, "judge": "dealer"}), 1))}
    assert "the player whose turn it is" in words["Pointing"] and "anyone" not in words["Pointing"]
    assert "“gesturing”" in words["Pointing"]
    assert "while the game is paused" in words["Talking"] and "point of order" not in words["Talking"]
    discussion = words["Discussion of rules"]
    for said in ("Deal, Turn, End and this rule", "before the game", "while the game is paused",
                 "by the penalty assessed or by its paragraph's name", "reveal a detail of a rule"):
        assert said in discussion, (said, discussion)
    assert "while the game is paused" in words["Touching cards"] and "not the dealer" in words["Touching cards"]
    match = get_game("mao")
    told = {w.split(":")[0]: w for w in revealed(match.new(match.options({"players": 3, "extension": True}), 1))}
    assert "the base rules, the setup and play instructions" in told["Discussion of rules"]


def test_quick_phrases_offer_what_a_player_may_plausibly_owe_not_everyone_elses_hails() -> None:
    """Issue 37, item 7: at a table of bots the quick phrases filled with other players' hails;
    now a phrase that names a card is offered only for the card this seat played last, and what
    its own penalties said it failed to say is offered too. Nothing tells a rule: it is all in
    the log this seat has seen."""
    from houserules.cards import parse_card

    state = started(judge="dealer")
    me, other = (state.dealer + 1) % 3, (state.dealer + 2) % 3
    for text in ("All hail the king of clovers", "All hail the queen of knaves", "maʊ", "nice one"):
        GAME.apply(state, Action(other, "say", arg=text))
    assert quick_phrases(GAME.view(state, me)) == [rb.POINT_OF_ORDER, "maʊ", "nice one"]
    jack = parse_card("JD")
    for hand in state.hands:
        if jack in hand:
            hand.remove(jack)
    state.draw = [c for c in state.draw if c != jack]
    state.hands[me].append(jack)
    state.turn = me
    GAME.apply(state, Action(me, "play", jack))
    GAME.apply(state, Action(other, "say", arg="All hail the jack of diamonds"))
    GAME.apply(state, Action(state.dealer, "call", arg=(me, "failure to say subway")))
    GAME.apply(state, Action(state.dealer, "call", arg=(other, "failure to say Merry Christmas")))
    assert quick_phrases(GAME.view(state, me)) == [rb.POINT_OF_ORDER, "maʊ", "nice one",
                                                   "All hail the jack of diamonds", "subway"]
    assert "Merry Christmas" not in quick_phrases(GAME.view(state, me))  # another seat's penalty
    assert GAME.view(state, None).to_json()["quick"] == []


def test_every_screen_says_who_ends_a_pause() -> None:
    """H-pause: with a person dealing only their words end a pause, and the terminal says so (it
    said a quiet spell would); with the software dealing, a quiet spell ends it too."""
    for judge, said in (("dealer", "Ann adjourns it"), ("software", "after a quiet spell")):
        state = started(judge=judge)
        GAME.apply(state, Action(state.dealer, "say", arg=rb.POINT_OF_ORDER))
        player = (state.dealer + 1) % 3
        names = ["Bo", "Cy", "Di"]
        names[state.dealer] = "Ann"
        assert said in _text(RENDERER.render(GAME.view(state, player), names))
        assert GAME.view(state, player).to_json()["dealer_judges"] == (judge == "dealer")
