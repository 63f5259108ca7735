"""The small shared pieces betting games use: seat order and the chip ledger."""

import pytest

from houserules.engine.chips import Ledger
from houserules.engine.seniority import left_of, seniority


def test_seniority_skips_absent_seats_and_starts_at_the_head() -> None:
    present = [True, False, True, True]
    assert seniority(2, 4, present) == [2, 3, 0]
    assert left_of(3, 4, present) == 0
    assert left_of(0, 4, present) == 2
    assert left_of(0, 4, present, steps=2) == 3
    with pytest.raises(ValueError):
        left_of(0, 2, [False, False])


def test_ledger_conserves_chips() -> None:
    led = Ledger([10, 10, 10])
    led.pay(0, 3)
    led.stake(1, 2)
    led.stake(2, 4)
    assert led.total() == 30
    assert led.cover_all(0) == 6 and led.pot == 15 and led.staked == [0, 0, 0]
    led.stake(1, 1)
    led.return_stakes()
    assert led.chips == [1, 8, 6]
    assert led.award(2) == 15 and led.chips[2] == 21 and led.total() == 30
    with pytest.raises(ValueError):
        led.pay(0, 2)
