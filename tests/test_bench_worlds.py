"""The worlds benchmark (``bench worlds``): Hard's choices valued by a search of many more worlds, position by
position, to see where more work changes the choice."""

from __future__ import annotations

from bench.worlds import _measure, position
from game.ai.search import distinct_plays


def test_a_position_is_a_play_whose_cards_do_not_all_take_the_same_tricks_and_the_same_each_time() -> None:
    found = [hand for hand in (position(number) for number in range(6)) if hand is not None]
    assert found
    for hand in found:
        assert hand.phase == "play" and len(distinct_plays(hand.seen_by(hand.to_move))) >= 2
    again = position(next(number for number in range(6) if position(number) is not None))
    assert again is not None and again.record() == found[0].record()


def test_each_player_is_measured_on_the_same_decision_and_none_beats_the_reference() -> None:
    """Regret is the reference's best value less that of the player's card: never below 0."""
    number = next(number for number in range(6) if position(number) is not None)
    row = _measure((number, 12, ["hard:work=2000,taper=0", "hard:work=2000,taper=100"]))
    assert row is not None
    assert len(row["regret"]) == len(row["cards"]) == len(row["seconds"]) == 2
    assert all(regret >= -1e-9 for regret in row["regret"])
    assert all(cards > 0 for cards in row["cards"])
    assert 0 <= row["stage"] <= 3
