"""Match play: dealer rotation from a seeded first dealer, scores from hand results, and saves that restore
exactly or are refused with a reason."""

import json
import random
from collections.abc import Callable
from typing import Any

import pytest

from game.engine import Hand, Match, load_rules

CLASSIC = load_rules("hearts-classic")


def finish_hand(match: Match, rng: random.Random) -> None:
    hand = match.hand
    while not hand.is_done:
        hand.push(hand.random_action(rng))


def test_the_first_dealer_is_drawn_from_the_match_seed() -> None:
    """RULES.md: "The first dealer of a match is drawn at random (from the match seed)"."""
    dealers = {Match(CLASSIC, seed=s).first_dealer for s in range(40)}
    assert dealers == {0, 1, 2, 3}
    assert Match(CLASSIC, seed=7).first_dealer == Match(CLASSIC, seed=7).first_dealer


def test_the_same_seed_deals_the_same_match() -> None:
    a, b = Match(CLASSIC, seed="x"), Match(CLASSIC, seed="x")
    assert a.hand.deal_text() == b.hand.deal_text()


def test_the_deal_passes_left() -> None:
    """RULES.md: "the deal then passes left"."""
    rng = random.Random(1)
    match = Match(CLASSIC, seed=3)
    dealers = [match.hand.dealer]
    for _ in range(5):
        finish_hand(match, rng)
        match.next_hand()
        dealers.append(match.hand.dealer)
    assert dealers == [(dealers[0] + i) % 4 for i in range(6)]


def test_next_hand_needs_a_finished_hand() -> None:
    match = Match(CLASSIC, seed=3)
    with pytest.raises(ValueError, match="not finished"):
        match.next_hand()


def test_a_deal_taken_back_leaves_the_finished_hand_in_play_and_comes_again_the_same() -> None:
    """A network table whose store cannot keep the next deal takes it back (issue 31: stored, then told): the hand
    that ended is the hand in play again, and dealt again the same cards come; a hand with plays in it, or the
    first, cannot be taken back."""
    rng = random.Random(2)
    match = Match(CLASSIC, seed=3)
    with pytest.raises(ValueError, match="only a hand just dealt"):
        match.take_back_deal()
    finish_hand(match, rng)
    finished = match.hand
    dealt = match.next_hand().deal_text()
    match.take_back_deal()
    assert match.hand is finished and match.history == []
    assert match.next_hand().deal_text() == dealt
    match.hand.push(match.hand.random_action(rng))
    with pytest.raises(ValueError, match="only a hand just dealt"):
        match.take_back_deal()


def test_a_finished_hands_result_is_asked_for_only_once_it_is_done() -> None:
    hand = Match(load_rules("hearts-classic"), seed=3).hand
    assert hand.result() is None
    with pytest.raises(ValueError, match="not finished"):
        hand.final_result()
    rng = random.Random(3)
    while not hand.is_done:
        hand.push(hand.random_action(rng))
    assert hand.final_result() == hand.result() and sum(hand.final_result().points) == 26


def test_a_saved_match_mid_hand_restores_exactly() -> None:
    rng = random.Random(2)
    match = Match(CLASSIC, seed=11)
    finish_hand(match, rng)
    match.next_hand()
    for _ in range(17):
        match.hand.push(match.hand.random_action(rng))
    data = json.loads(json.dumps(match.to_json()))
    restored = Match.from_json(data)
    assert restored.to_json() == match.to_json()
    assert restored.hand.to_move == match.hand.to_move and restored.hand.phase == match.hand.phase
    assert restored.scores == match.scores


def saved_match() -> dict[str, Any]:
    rng = random.Random(5)
    match = Match(CLASSIC, seed=12)
    for _ in range(2):
        finish_hand(match, rng)
        match.next_hand()
    return match.to_json()


@pytest.mark.parametrize("tamper, reason", [
    (lambda d: d.update(format="other"), "not a match"),
    (lambda d: d.update(hands=[]), "at least one hand"),
    (lambda d: d["hands"][1].update(scores=[0, 0, 0, 0]), "do not follow"),
    (lambda d: d["hands"][1].update(dealer=(d["hands"][1]["dealer"] + 1) % 4), "dealt by seat"),
    (lambda d: d["hands"][1]["actions"].__setitem__(20, "play ZZ"), "cannot be replayed"),
    (lambda d: d["hands"][0]["actions"].pop(), "unfinished"),
    (lambda d: d["hands"][0]["deal"]["hands"][0].pop(), "deal"),
    (lambda d: d["rules"].update(target="a lot"), "target"),
    (lambda d: d["hands"][2].update(rules={**d["hands"][2]["rules"], "target": 50}), "other rules"),
])
def test_a_damaged_save_is_refused_with_a_reason(tamper: Callable[[dict[str, Any]], object], reason: str) -> None:
    data = saved_match()
    tamper(data)
    with pytest.raises(ValueError, match=reason):
        Match.from_json(data)


def test_a_match_played_to_the_end_cannot_continue() -> None:
    rng = random.Random(3)
    match = Match(CLASSIC.changed({"fixed_hands": 1}), seed=1)
    finish_hand(match, rng)
    assert match.is_over and match.winners
    with pytest.raises(ValueError, match="over"):
        match.next_hand()


def test_a_match_can_start_from_a_given_deal_and_numbers_its_hands_on_from_it() -> None:
    """A deal code's hand, or a deal played again: the match's first hand is exactly that deal, its dealer and its
    number (Hearts: the passing direction); later hands are dealt as usual, numbered on, and the save restores."""
    rng = random.Random(4)
    source = Match(CLASSIC, seed=9)
    for _ in range(2):
        finish_hand(source, rng)
        source.next_hand()
    third = source.hand
    fresh = Hand.from_deal(CLASSIC, third.deal_text(), third.dealer, third.number)
    match = Match.starting_with(fresh, seed=1)
    assert match.hand.deal_text() == third.deal_text() and match.hand.dealer == third.dealer
    assert match.hand.number == 2 and match.hand.legal_actions() == third.legal_actions()
    assert match.first_dealer == third.dealer and match.scores == [0, 0, 0, 0]
    finish_hand(match, rng)
    match.next_hand()
    assert match.hand.number == 3 and match.hand.dealer == (third.dealer + 1) % 4
    again = Match.from_json(json.loads(json.dumps(match.to_json())))
    assert again.to_json() == match.to_json() and again.first_number == 2
    finish_hand(again, rng)
    assert again.next_hand().number == 4


def test_a_match_starts_only_from_a_fresh_deal_at_nought() -> None:
    played = Match(CLASSIC, seed=2).hand
    played.apply(played.legal_actions()[0])
    with pytest.raises(ValueError):
        Match.starting_with(played)
    with pytest.raises(ValueError):
        Match.starting_with(Hand.deal(CLASSIC, seed=1, scores=[5, 0, 0, 0]))
