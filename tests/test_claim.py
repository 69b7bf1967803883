"""Claims (game/engine/claim.py): the rest of the play is settled only when no legal play can change the
hand's result (the points, and everything else the score depends on)."""

from __future__ import annotations

import random

import pytest

from game.engine import Hand, claim, load_rules
from game.engine.claim import settled
from game.engine.hearts import HeartsHand
from game.engine.results import HandResult
from tests.support.deals import ALL_HEARTS, playout_action
from tests.support.kinds import of_kind


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


def playout_results(hand: Hand, rng: random.Random) -> tuple[HandResult | None, ...]:
    """The trick play finished at random, then the hand's result for each way it can end (each moon reward)."""
    hand = hand.copy()
    while hand.phase == "play":
        hand.push(hand.random_action(rng))
    ends = [hand] if hand.is_done else []
    for action in ([] if hand.is_done else hand.legal_ids()):
        ends.append(hand.copy())
        ends[-1].push(action)
    return tuple(end.result() for end in ends)


@pytest.mark.parametrize("preset", ["hearts-classic", "hearts-royal-3p", "rook-classic", "rook-500", "rook-2p"])
def test_last_trick_is_always_settled(preset: str) -> None:
    """With one card each the last trick is forced: its outcome cannot change."""
    rules = load_rules(preset)
    checked = 0
    for seed in range(8):
        hand = advance_to_cards_left(Hand.deal(rules, seed=seed), 1, random.Random(seed))
        if hand.phase == "play":  # not a hand thrown in after every seat passed
            assert settled(hand)
            checked += 1
    assert checked >= 4


@pytest.mark.parametrize("preset", ["hearts-classic", "hearts-royal", "hearts-5p", "rook-classic", "rook-500",
                                    "rook-6p", "rook-500-5p"])
def test_settled_means_every_playout_gives_the_same_result(preset: str) -> None:
    """Property: whenever a position is called settled, random playouts from it all end with the same result (the
    points, and everything else the score depends on: score changes, the contract made or set, the moon shooter,
    each moon reward); and some positions are not settled (the check is not trivially true)."""
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
            assert len({playout_results(hand, rng) for _ in range(30)}) == 1
    assert seen[False] > 0


@pytest.mark.parametrize("preset", ["hearts-classic", "rook-classic", "rook-500-5p"])
def test_the_quick_play_outs_never_change_the_answer(preset: str, monkeypatch: pytest.MonkeyPatch) -> None:
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


def test_a_hearts_ending_with_a_heart_still_out_can_be_unsettled() -> None:
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


def test_settled_gives_up_within_its_node_limit() -> None:
    """At the first lead of a whole hand nothing can be told cheaply: the answer is False, not a guess."""
    hand = Hand.deal(load_rules("hearts-classic"), seed=1)
    while hand.phase != "play":
        hand.push(playout_action(hand, random.Random(1)))
    assert not settled(hand, node_limit=200)


def test_only_trick_play_is_claimed() -> None:
    hand = Hand.deal(load_rules("rook-classic"), seed=1)
    assert hand.phase == "bid"
    assert not settled(hand)


def near_the_end(preset: str, held: dict[int, str], taken: dict[int, str], leader: int) -> HeartsHand:
    """A Hearts hand at the start of a trick near its end, built directly: each seat holds ``held`` and has taken
    ``taken`` (seat 0 also every card named by neither, which score nothing here), and ``leader`` leads."""
    rules = load_rules(preset)
    hand = of_kind(HeartsHand, Hand.deal(rules, seed=0))
    hand.held = [rules.parse_cards(held.get(seat, "").split()) for seat in range(hand.n)]
    hand.taken = [rules.parse_cards(taken.get(seat, "").split()) for seat in range(hand.n)]
    hand.taken[0] |= rules.deck_mask & ~sum(hand.held) & ~sum(hand.taken)
    hand.played = rules.deck_mask & ~sum(hand.held)
    hand.tricks_in_sub_hand = rules.hand_size - hand.held[leader].bit_count()
    hand.chosen, hand.phase, hand.turn = [0] * hand.n, "play", leader
    return hand


def test_a_claim_cannot_take_a_royal_moon_away() -> None:
    """002 Royal Hearts: taking every heart and the Queen of spades shoots the moon, whose reward is "16" with the
    Queens of diamonds and clubs (RULES.md decisions 17 and 18). Seat 0 has taken all 13 hearts and the Queen of
    diamonds and holds A and 2 of diamonds: leading the ace it takes the Queens of spades and clubs too and shoots
    the moon; leading the 2, seat 1's king takes them and nobody shoots. Both end with the points 16, 0, 0, 0, but
    not with the same score, so the rest is not settled and nobody may claim it."""
    hand = near_the_end("hearts-royal", held={0: "AD 2D", 1: "KD QS", 2: "QC 3C", 3: "4C 5C"},
                        taken={0: ALL_HEARTS + " QD"}, leader=0)
    ends = {}
    for lead in ("AD", "2D"):
        line = of_kind(HeartsHand, hand.copy())
        line.apply(f"play {lead}")
        while line.phase == "play":  # every other play is forced or makes no difference
            line.apply(line.legal_actions()[0])
        ends[lead] = line
    assert ends["AD"].points() == ends["2D"].points() == [16, 0, 0, 0]
    assert ends["AD"].moon_shooter() == 0 and ends["2D"].moon_shooter() is None
    assert not settled(hand)
