"""One source of legality: each phase's legal set answers ``in``, ``len``, iteration and a random member alike,
and ``check``, ``apply``, ``refusal``, ``legal_actions`` and random playouts agree with it for every action,
legal or not, at every moment of random play of every preset (python-chess's ``legal_moves``: ``in`` is
``is_legal``)."""

import itertools
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.engine import Hand, IllegalAction, load_rules, preset_names
from game.engine import actions as A
from game.engine import cards as C
from game.engine.legal import Bids, CardSubsets, Listed, OneCard

PRESETS = preset_names()


def probes(hand: Hand, rng: random.Random) -> list[A.Action]:
    """Actions worth asking about now, most of them illegal: every kind with payloads near the legal ones."""
    rules = hand.rules
    held = hand.held[hand.turn] if hand.turn >= 0 else 0
    deck = C.card_list(rules.deck_mask)
    out = [rng.choice(deck) for _ in range(4)]  # plays
    out += [A.make(kind, rng.choice(deck)) for kind in (A.CALL, A.LAY_ASIDE)]
    for kind in (A.DISCARD, A.PASS_CARDS):
        for size in {rules.nest_size, rules.pass_count, 1, 3}:
            out.append(A.make(kind, C.random_subset(held or rules.deck_mask, min(size, max(1, held.bit_count())),
                                                    rng)))
        out.append(A.make(kind, C.random_subset(rules.deck_mask, rules.nest_size or 2, rng)))
    out += [A.bid(value) for value in rng.sample(range(0, rules.highest_bid + 12), 8)]
    out += [A.PASS_ACTION, A.trump(rng.randrange(5)), A.make(A.ORDER, rng.randrange(2)),
            A.make(A.CHOOSE_HAND, rng.randrange(1, 3)), A.make(A.MOON, rng.randrange(2))]
    return out


def check_the_legal_set(hand: Hand, rng: random.Random):
    legal = hand.legal
    listed = list(itertools.islice(legal, 400))  # a pass from 17 cards has 2,380 members: a sample of them will do
    assert len(listed) == len(set(listed)) and len(listed) == min(400, len(legal)), "iteration and count disagree"
    assert all(action in legal for action in listed)
    if listed:
        assert legal.random(rng) in legal
        assert hand.random_action(rng) in legal
    if len(legal) <= 400:
        assert hand.legal_actions() == [hand.action_text(a) for a in sorted(listed)]
    before = hand.record()
    for action in probes(hand, rng) + listed[:3]:
        legal_now = action in legal
        reason = hand.refusal(action)
        assert (reason is None) == legal_now, (hand.phase, hand.action_text(action), reason)
        assert (hand.check(hand.action_text(action)) is None) == legal_now
        if not legal_now:
            assert reason and not reason[0].islower(), "a refusal is a sentence for the player"
            with pytest.raises(IllegalAction):
                hand.apply(hand.action_text(action))
    assert hand.record() == before, "a refused action changes nothing"


@pytest.mark.parametrize("preset", PRESETS)
@settings(max_examples=6, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**32))
def test_check_apply_legal_actions_and_playouts_agree_with_the_legal_set(preset, seed):
    rng = random.Random(seed)
    rules = load_rules(preset)
    hand = Hand.deal(rules, seed=seed, dealer=seed % rules.players)
    while not hand.is_done:
        check_the_legal_set(hand, rng)
        hand.push(hand.random_action(rng))
    assert len(hand.legal) == 0 and hand.refusal(A.PASS_ACTION) == "The hand is over"


def test_house_rules_change_the_legal_sets_too():
    """The house options that shape legality (a bid step, the first bidder bound to bid, the extra card kept, no
    nest scoring) keep every query agreeing."""
    rng = random.Random(5)
    for preset, changes in (("rook-intermediate", {"bid_step": 5}), ("rook-intermediate", {"first_bid_required": True}),
                            ("rook-classic", {"first_bid_required": True, "bid_step": 10, "min_bid": 80}),
                            ("rook-original-3p", {"extra_card_kept": True}), ("rook-500", {"nest_to": "nobody"})):
        rules = load_rules(preset).changed(changes)
        for seed in range(4):
            hand = Hand.deal(rules, seed=seed, dealer=seed % rules.players)
            while not hand.is_done:
                check_the_legal_set(hand, rng)
                hand.push(hand.random_action(rng))


def test_a_nest_discard_is_judged_without_listing_the_discards():
    """python-chess: "legal_moves is a lazy view". Testing one 5-card discard from 14 cards must not build the 2,002
    of them: the set answers from the hand and the size."""
    discards = CardSubsets(A.DISCARD, C.mask_of(range(1, 15)), 5)
    assert len(discards) == 2002
    assert A.make(A.DISCARD, C.mask_of([1, 3, 5, 7, 9])) in discards
    assert A.make(A.DISCARD, C.mask_of([1, 3, 5, 7, 20])) not in discards  # a card not held
    assert A.make(A.DISCARD, C.mask_of([1, 3, 5, 7])) not in discards  # too few
    assert A.make(A.PASS_CARDS, C.mask_of([1, 3, 5, 7, 9])) not in discards  # another kind of action


def test_each_kind_of_legal_set_counts_what_it_lists():
    rng = random.Random(1)
    sets = [Listed((A.trump(0), A.trump(2))), OneCard(A.CALL, C.mask_of([3, 17, 40])),
            OneCard(A.PLAY, C.mask_of([2, 5])), CardSubsets(A.PASS_CARDS, C.mask_of(range(18, 26)), 3),
            Bids(True, 70, 11, 5), Bids(False, 1, 24, 5), Bids(True, 125, 0, 5)]
    for legal in sets:
        listed = list(legal)
        assert len(listed) == len(legal) == len(set(listed))
        assert {legal.random(rng) for _ in range(400)} == set(listed)
    assert A.bid(75) in sets[4] and A.bid(72) not in sets[4] and A.bid(125) not in sets[4]
    assert A.PASS_ACTION not in sets[5] and A.bid(6) in sets[5] and A.bid(2) not in sets[5]
    assert list(sets[6]) == [A.PASS_ACTION]
