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
from tests.support.deals import playout_action

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
    """Cards of other seats that ``seat`` legitimately knows about: cards it passed them (Hearts), cards lying face
    up (the rook-2p dummy, Beginner's trump card)."""
    known = getattr(hand, "passed", [0] * hand.n)[seat] | getattr(hand, "chosen", [0] * hand.n)[seat]
    if hand.rules.family == "rook":
        known |= hand.public_cards()
        if hand.called >= 0:
            known |= 1 << hand.called  # the called card is announced; who holds it stays secret
    return known


def hidden_from(hand: Hand, seat: int) -> C.CardSet:
    """Cards ``seat`` must not see: other seats' hands, and in Rook the nest, the discards (but for the declarer),
    the cards set aside and another player's laid-aside card, until the hand is over."""
    hidden = 0
    for other in range(hand.n):
        if other != seat:
            hidden |= hand.held[other] | getattr(hand, "chosen", [0] * hand.n)[other]
            hidden |= getattr(hand, "later", [0] * hand.n)[other]
    if getattr(hand, "two_player", False):
        hidden |= hand.later[seat] | hand.face_down[seat]  # one's own face-down second hand is unknown too
    if hand.rules.family == "rook" and not hand.is_done:
        hidden |= hand.nest | hand.aside
        if seat != hand.declarer:
            hidden |= hand.discards
        if seat != hand.next_seat(hand.dealer):
            hidden |= hand.laid_aside
    return hidden & ~known_to(hand, seat)


def check_views_hide_hidden_cards(hand: Hand):
    for seat in range(hand.rules.players):
        view = hand.view(seat).to_json()  # every card the seat is shown, as the protocol carries it
        # the legal list may name any card of the deck (500's call): it is checked to be the engine's own list
        legal = view.pop("legal")
        choosing_cards = hand.phase in ("nest", "pass")  # their legal set is every combination: not listed
        assert legal == (hand.legal_actions() if hand.to_move == seat and not choosing_cards else [])
        leaked = words_in(view) & set(hand.rules.card_names(hidden_from(hand, seat)))
        assert not leaked, f"seat {seat} sees {leaked}"
        if hand.rules.family == "rook" and hand.rules.sides == "called" and hand.partner >= 0:
            # decision 13: the secret partner is known to itself, and to all once the called card is played
            played = any(hand.called in cards for _, cards, _ in hand.tricks) or hand.called in hand.trick
            assert view["partner"] == (hand.partner if seat == hand.partner or played else -1)


def check_hand_sizes(hand: Hand):
    rules = hand.rules
    if rules.family == "hearts" and hand.phase == "play" and not hand.trick:
        played = hand.tricks_in_sub_hand
        assert [m.bit_count() for m in hand.held] == [rules.hand_size - played] * hand.n
    if rules.family == "rook" and hand.phase == "play" and not hand.trick:
        assert [m.bit_count() for m in hand.held] == [rules.hand_size - len(hand.tricks)] * hand.n


def check_points_total(hand: Hand):
    rules = hand.rules
    points = hand.points()
    if rules.family == "rook" and hand.thrown_in:
        assert sum(points) == 0 and not hand.tricks
        return
    if rules.family == "rook":
        # every counter is captured except those left out of play: the cards aside, and a nest nobody takes
        out_of_play = hand.nest | hand.discards | hand.aside
        assert sum(points) + sum(rules.card_points[c] for c in C.cards_in(out_of_play)) == rules.points_in_deck
        assert not (hand.nest | hand.discards) or rules.nest_to == "nobody"
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
            match.apply(hand.action_text(playout_action(hand, rng)))
        if match.is_over:
            break
        match.next_hand()
    assert match.winners
    restored = Match.from_json(json.loads(json.dumps(match.to_json())))
    assert restored.scores == match.scores and restored.winners == match.winners and restored.is_over
