"""Property tests over random legal playouts of every preset: cards are conserved, hand sizes are right,
points add up as the rules say, records replay exactly, and views never show another seat's hidden cards."""

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.engine import Hand, IllegalAction, Match, load_rules, preset_names
from game.engine import cards as C
from game.engine.hearts import HEARTS_MASK, QUEEN_OF

PRESETS = preset_names()


def words_in(value) -> set[str]:
    """Every space-separated word of every string in a JSON-ready value."""
    if isinstance(value, str):
        return set(value.split())
    if isinstance(value, dict):
        return set().union(*(words_in(v) for v in value.values())) if value else set()
    if isinstance(value, list):
        return set().union(*(words_in(v) for v in value)) if value else set()
    return set()


def check_conservation(hand: Hand):
    seen = 0
    for name, mask in hand.piles().items():
        assert not seen & mask, f"{hand.rules.cards_text(seen & mask)} is in two piles (one is {name})"
        seen |= mask
    assert seen == hand.rules.deck_mask, "cards went missing or appeared"


def known_to(hand: Hand, seat: int) -> C.CardSet:
    """Cards of other seats that ``seat`` legitimately knows about (cards it passed them, in Hearts)."""
    return getattr(hand, "passed", [0] * hand.n)[seat] | getattr(hand, "chosen", [0] * hand.n)[seat]


def check_views_hide_hidden_cards(hand: Hand):
    for seat in range(hand.n):
        words = words_in(hand.view(seat))
        for other in range(hand.n):
            if other == seat:
                continue
            hidden = hand.held[other] | getattr(hand, "chosen", [0] * hand.n)[other]
            hidden |= getattr(hand, "later", [0] * hand.n)[other] if hasattr(hand, "later") else 0
            hidden &= ~known_to(hand, seat)
            leaked = words & set(hand.rules.card_names(hidden))
            assert not leaked, f"seat {seat} sees {leaked} of seat {other}"
        # a seat's own face-down second hand (2-player Hearts) is unknown to it as well
        if getattr(hand, "two_player", False):
            unseen = hand.later[seat] | hand.face_down[seat]
            assert not words & set(hand.rules.card_names(unseen))


def check_hand_sizes(hand: Hand):
    rules = hand.rules
    if rules.family == "hearts" and hand.phase == "play" and not hand.trick:
        played = hand.tricks_in_sub_hand
        assert [m.bit_count() for m in hand.held] == [rules.hand_size - played] * hand.n


def check_points_total(hand: Hand):
    rules = hand.rules
    points = hand.points()
    if rules.family != "hearts":
        return
    if not rules.royal_queens:
        assert sum(points) == 26
        return
    # Royal, every queen in play: 13 hearts, the QH taker's hearts again, QS 26 unless its taker has QC, QD -10
    assert set(rules.royal_queens) == {"QS", "QC", "QH", "QD"}
    owner = {name: next(s for s in range(hand.n) if hand.taken[s] >> card & 1) for name, card in QUEEN_OF.items()}
    expected = 13 + (hand.taken[owner["QH"]] & HEARTS_MASK).bit_count() - 10
    expected += 0 if owner["QS"] == owner["QC"] else 26
    assert sum(points) == expected


def check_refusals_agree_with_legal_actions(hand: Hand, rng: random.Random):
    legal = set(hand.legal_ids())
    if hand.phase == "play":
        for card in C.card_list(hand.rules.deck_mask):
            assert (hand.refusal(card) is None) == (card in legal)
    before = hand.record()
    wrong = rng.choice(C.card_list(hand.rules.deck_mask))
    if wrong not in legal:
        with pytest.raises(IllegalAction):
            hand.apply_id(wrong)
        assert hand.record() == before


def check_replay(hand: Hand):
    record = json.loads(json.dumps(hand.record()))
    twin = Hand.from_record(record)
    assert twin.record() == record
    assert twin.phase == hand.phase and twin.to_move == hand.to_move
    assert twin.points() == hand.points()
    assert [twin.view(s) for s in range(hand.n)] == [hand.view(s) for s in range(hand.n)]


def random_playout(preset: str, seed: int):
    rules = load_rules(preset)
    rng = random.Random(seed)
    hand = Hand.deal(rules, seed=seed, dealer=seed % rules.players, number=seed % 5)
    replay_at = rng.randrange(10, 40)
    steps = 0
    while not hand.is_done:
        check_conservation(hand)
        check_hand_sizes(hand)
        check_views_hide_hidden_cards(hand)
        check_refusals_agree_with_legal_actions(hand, rng)
        action = hand.random_action(rng)
        assert action in hand.legal_ids()
        hand.apply(hand.action_text(action))
        steps += 1
        if steps == replay_at:
            check_replay(hand)
    check_conservation(hand)
    check_points_total(hand)
    check_replay(hand)
    assert hand.legal_ids() == [] and hand.to_move == -1
    return hand


@pytest.mark.parametrize("preset", PRESETS)
@settings(max_examples=12, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**32))
def test_random_playouts_keep_every_invariant(preset, seed):
    random_playout(preset, seed)


@pytest.mark.parametrize("preset", PRESETS)
def test_every_preset_plays_full_matches_through_the_public_surface(preset):
    rules = load_rules(preset)
    rng = random.Random(preset)
    match = Match(rules, seed=preset)
    while True:
        hand = match.hand
        while not hand.is_done:
            match.apply(rng.choice(hand.legal_actions()) if hand.phase != "pass" else
                        hand.action_text(hand.random_action(rng)))
        if match.is_over:
            break
        match.next_hand()
    assert match.winners
    restored = Match.from_json(json.loads(json.dumps(match.to_json())))
    assert restored.scores == match.scores and restored.winners == match.winners and restored.is_over
