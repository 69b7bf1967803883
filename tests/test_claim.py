"""Claims (game/engine/claim.py): the rest of the play is settled only when no legal play can change the points."""

from __future__ import annotations

import random

import pytest

from game.engine import Hand, claim, load_rules
from game.engine.claim import settled
from tests.deals import playout_action


def advance_to_cards_left(hand: Hand, cards_left: int, rng: random.Random) -> Hand:
    while not hand.is_done and not (hand.phase == "play" and not hand.trick
                                    and hand.held[hand.to_move].bit_count() <= cards_left):
        hand.push(playout_action(hand, rng))
    return hand


def playout_points(hand: Hand, rng: random.Random) -> tuple[int, ...]:
    hand = hand.copy()
    while hand.phase == "play":
        hand.push(hand.random_action(rng))
    return tuple(hand.points())


@pytest.mark.parametrize("preset", ["hearts-classic", "hearts-royal-3p", "rook-classic", "rook-500", "rook-2p"])
def test_last_trick_is_always_settled(preset):
    """With one card each the last trick is forced: its outcome cannot change."""
    rules = load_rules(preset)
    checked = 0
    for seed in range(8):
        hand = advance_to_cards_left(Hand.deal(rules, seed=seed), 1, random.Random(seed))
        if hand.phase == "play":  # not a hand thrown in after every seat passed
            assert settled(hand)
            checked += 1
    assert checked >= 4


@pytest.mark.parametrize("preset", ["hearts-classic", "hearts-5p", "rook-classic", "rook-500", "rook-6p"])
def test_settled_means_every_playout_gives_the_same_points(preset):
    """Property: whenever a position is called settled, random playouts from it all end with the same points;
    and some positions are not settled (the check is not trivially true)."""
    rules = load_rules(preset)
    seen = {True: 0, False: 0}
    for seed in range(40):
        rng = random.Random(seed)
        hand = advance_to_cards_left(Hand.deal(rules, seed=seed), 3, rng)
        if hand.phase != "play":
            continue
        verdict = settled(hand)
        seen[verdict] += 1
        if verdict:
            assert len({playout_points(hand, rng) for _ in range(30)}) == 1
    assert seen[False] > 0


@pytest.mark.parametrize("preset", ["hearts-classic", "rook-classic", "rook-500-5p"])
def test_the_quick_play_outs_never_change_the_answer(preset, monkeypatch):
    """The random play-outs tried first only find "not settled" sooner: at every trick start of whole hands the
    answer is the one the full search gives alone (and both answers occur)."""
    rules = load_rules(preset)
    answers = {True: 0, False: 0}
    for seed in range(6):
        rng = random.Random(seed)
        hand = Hand.deal(rules, seed=seed)
        while not hand.is_done:
            if hand.phase == "play" and not hand.trick:
                quick = settled(hand)
                monkeypatch.setattr(claim, "PLAY_OUTS", 0)
                assert settled(hand) == quick, hand.record()
                monkeypatch.undo()
                answers[quick] += 1
            hand.push(playout_action(hand, rng))
    assert answers[True] and answers[False]


def test_a_hearts_ending_with_a_heart_still_out_can_be_unsettled():
    """Points still out that different plays can give to different seats: not settled."""
    rules = load_rules("hearts-classic")
    rng = random.Random(3)
    found = False
    for seed in range(60):
        hand = advance_to_cards_left(Hand.deal(rules, seed=seed), 2, rng)
        if hand.phase == "play" and len({playout_points(hand, rng) for _ in range(40)}) > 1:
            assert not settled(hand)
            found = True
    assert found


def test_settled_gives_up_within_its_node_limit():
    """At the first lead of a whole hand nothing can be told cheaply: the answer is False, not a guess."""
    hand = Hand.deal(load_rules("hearts-classic"), seed=1)
    while hand.phase != "play":
        hand.push(playout_action(hand, random.Random(1)))
    assert not settled(hand, node_limit=200)


def test_only_trick_play_is_claimed():
    hand = Hand.deal(load_rules("rook-classic"), seed=1)
    assert hand.phase == "bid"
    assert not settled(hand)
