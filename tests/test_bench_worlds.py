"""The worlds benchmark (``bench worlds``): Hard's choices valued by a search of many more worlds, position by
position, to see where more work changes the choice."""

from __future__ import annotations

import pytest

from bench.worlds import _measure, position, run
from game.ai.search import distinct_plays


def test_a_position_is_a_play_whose_cards_do_not_all_take_the_same_tricks_and_the_same_each_time() -> None:
    found = [hand for hand in (position(number) for number in range(6)) if hand is not None]
    assert found
    for hand in found:
        assert hand.phase == "play" and len(distinct_plays(hand.seen_by(hand.to_move))) >= 2
    again = position(next(number for number in range(6) if position(number) is not None))
    assert again is not None and again.record() == found[0].record()


@pytest.mark.parametrize("early", [True, False])
def test_each_player_is_measured_on_the_same_decision_and_the_taper_spends_its_work_by_the_cards_left(
        early: bool) -> None:
    """Regret is the reference's best value less that of the player's card (never below 0), and each player's own
    cards played out are counted: the taper plays out more than the flat search early in the hand (over half the
    cards still to play) and less late, on the same decision."""
    def left(number: int) -> int:
        hand = position(number)
        return 0 if hand is None else sum(hand.hand_sizes())

    number = next(n for n in range(200) if (left(n) > 40 if early else 0 < left(n) < 16))
    row = _measure((number, 12, ["hard:work=2000,taper=0", "hard:work=2000,taper=100"]))
    assert row is not None
    assert len(row["regret"]) == len(row["cards"]) == len(row["seconds"]) == 2
    assert all(regret >= -1e-9 for regret in row["regret"])
    flat, tapered = row["cards"]
    assert (tapered > flat) if early else (tapered < flat), row["cards"]


def test_a_search_of_fixed_worlds_is_refused_and_no_position_is_said_plainly(
        capsys: pytest.CaptureFixture[str]) -> None:
    number = next(n for n in range(6) if position(n) is not None)
    with pytest.raises(AssertionError, match="no halving search"):
        _measure((number, 4, ["hard:worlds=4"]))
    assert run(0, 4, ["hard"], 0, 1) == 1
    assert "No decision to measure" in capsys.readouterr().out
