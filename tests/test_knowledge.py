"""What a seat knows, in the engine (OpenSpiel's ``ResampleFromInfostate``): a hand resampled for a seat shows that
seat exactly the view it had, moves only cards the seat cannot see, keeps every place's size and every revealed
void; the information set names the seat's cards, the face-up ones and the hidden places."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.engine import Hand, load_rules, preset_names
from tests.support.deals import hand_with

PRESETS = preset_names()


@pytest.mark.parametrize("preset", PRESETS)
@settings(max_examples=10, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**32))
def test_a_resampled_hand_shows_the_seat_the_same_view(preset, seed):
    rng = random.Random(seed)
    rules = load_rules(preset)
    hand = Hand.deal(rules, seed=seed, dealer=seed % rules.players)
    moved = 0
    while not hand.is_done:
        seat = rng.randrange(rules.players)
        info = hand.information(seat)
        world = hand.resample(seat, rng)
        assert world.view(seat) == hand.view(seat), f"seat {seat} can tell the world apart at {hand.phase}"
        assert world.held[seat] == hand.held[seat] and world.record()["actions"] == hand.record()["actions"]
        for other in range(hand.n):
            changed = world.held[other] ^ hand.held[other]
            assert not changed & ~info.unseen, "only cards hidden from the seat may move"
            if other != seat:
                assert not world.held[other] & info.voids[other] & info.unseen, "a revealed void was broken"
            moved |= changed
        hand.push(hand.random_action(rng))
    assert moved or rules.players == 2, "the resamples must actually move hidden cards"


def test_the_information_set_names_hidden_places_and_their_sizes():
    """Rook 2 players: the seat sees its cards and the dummy's face-up half; the other player's hand, the dummy's
    face-down half, the nest and the three cards aside are hidden, each with its size (001)."""
    hand = hand_with("rook-2p", {}, dealer=0)
    info = hand.information(0)
    assert info.hand == hand.held[0] and info.public == hand.public_cards() != 0
    places = {(place.place, place.seat): (place.size, place.known) for place in info.hidden}
    assert places == {("held", 1): (12, 0), ("held", 2): (12, hand.public_cards()), ("nest", -1): (5, 0),
                      ("aside", -1): (3, 0)}
    assert info.unseen == hand.rules.deck_mask & ~hand.held[0] & ~hand.public_cards()


def test_cards_the_seat_passed_stay_where_it_sent_them():
    """Hearts (002 "Passing 3 Cards"): the cards a player passed are known to be in the receiver's hand."""
    hand = hand_with("hearts-classic", {0: "2S 3S 4S"}, dealer=3)
    rng = random.Random(1)
    while hand.phase == "pass":
        hand.apply("pass-cards 2S 3S 4S" if hand.to_move == 0 else hand.action_text(hand.random_action(rng)))
    info = hand.information(0)
    sent = hand.rules.parse_cards("2S 3S 4S")
    assert info.sent == sent and next(p for p in info.hidden if p.seat == 1).known == sent
    for _ in range(20):
        assert hand.resample(0, rng).held[1] & sent == sent


def test_the_secret_partner_moves_with_the_called_card():
    """004 5 players: "the player who holds the card is their partner ... This player does not reveal themselves,
    except through playing the called card." A world for a defender puts the partner wherever the called card lies
    in it (in the declarer's discards, the declarer plays alone: decision 13); the partner itself knows."""
    hand = hand_with("rook-500-5p", {3: "Y1"}, dealer=0)
    rng = random.Random(4)
    while hand.phase != "play":
        if hand.phase == "bid":
            hand.apply("bid 75" if hand.to_move == 1 else "pass")
        elif hand.phase == "call":
            hand.apply("call Y1")
        else:
            hand.push(hand.random_action(rng))
    partners = set()
    for _ in range(30):
        world = hand.resample(0, rng)
        holder = next((s for s in range(5) if world.held[s] >> hand.rules.parse_card("Y1") & 1), -1)
        assert world.partner == (holder if holder != 1 else -1)
        partners.add(world.partner)
        assert hand.resample(3, rng).partner == 3
    assert len(partners) > 1


def test_a_seen_hand_shows_the_seat_what_it_knows_and_refuses_the_rest():
    """Issue 24: computer players receive the seat's information, never the live hand. Rook 2 players (001): the
    seat sees its own cards and the dummy's face-up half, nothing of the other player's hand; the deal, the
    record, the nest and another seat's view are refused by name."""
    hand = hand_with("rook-2p", {}, dealer=0)
    seen = hand.seen_by(0)
    assert seen.held[0] == hand.held[0] and seen.held[1] == 0 and seen.held[2] == hand.public_cards() != 0
    assert seen.hand_sizes() == hand.hand_sizes() == (12, 12, 12)
    assert seen.view(0) == hand.view(0) and seen.legal_ids() == hand.legal_ids() and seen.phase == hand.phase
    for name in ("dealt", "extras", "actions", "record", "nest", "aside", "copy"):
        with pytest.raises(AttributeError, match=f"seat 0 may not see the hand's '{name}'"):
            getattr(seen, name)
    with pytest.raises(AttributeError, match="as seat 1"):
        seen.view(1)
    with pytest.raises(AttributeError, match="as seat 1"):
        seen.resample(1, random.Random(1))
    world = seen.resample(0, random.Random(1))
    assert world.view(0) == hand.view(0) and world.held[1] | world.nest != hand.held[1] | hand.nest


def test_a_seen_hand_knows_where_the_seats_passed_cards_went():
    """Hearts (002 "Passing 3 Cards"): after the pass the seat knows its three cards are in the receiver's hand,
    and nothing else of the others' hands."""
    hand = hand_with("hearts-classic", {0: "2S 3S 4S"}, dealer=3)
    rng = random.Random(1)
    while hand.phase == "pass":
        hand.apply("pass-cards 2S 3S 4S" if hand.to_move == 0 else hand.action_text(hand.random_action(rng)))
    sent = hand.rules.parse_cards("2S 3S 4S")
    seen = hand.seen_by(0)
    assert seen.held[0] == hand.held[0] and seen.held[1] == sent and seen.held[2] == seen.held[3] == 0


@pytest.mark.parametrize("preset", PRESETS)
@settings(max_examples=8, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**32))
def test_the_voids_kept_with_a_position_are_those_its_tricks_show(preset, seed):
    """``voids()`` keeps what the finished tricks showed with the position and adds the tricks since: through copies,
    take-backs, worlds dealt for a seat and 2-player Hearts' new hands it must answer what going over every trick of
    the hand answers."""
    rng = random.Random(seed)
    rules = load_rules(preset)
    hand = Hand.deal(rules, seed=seed, dealer=seed % rules.players)
    left_behind = []  # positions copied from, with their voids then
    while not hand.is_done:
        if not left_behind or rng.random() < 0.3:  # the first position always: a hand may be thrown in at once
            left_behind.append((hand, hand.voids()))
            hand = hand.copy()
        hand.apply_id(hand.random_action(rng))
        if len(hand.actions) > 2 and rng.random() < 0.1:
            hand.pop()
        hand.voids()  # kept with the position, then checked against a look at every trick
        afresh = hand.copy()
        afresh._voids_memo = None
        assert hand.voids() == afresh.voids(), f"{preset} after {len(hand.actions)} actions"
        world = hand.resample(rng.randrange(rules.players), rng)
        if not world.is_done:
            world.push(world.random_action(rng))
        afresh = world.copy()
        afresh._voids_memo = None
        assert world.voids() == afresh.voids(), f"{preset}: a world dealt after {len(hand.actions)} actions"
    assert left_behind
    for earlier, voids in left_behind:  # positions left behind are not changed by the play of their copies
        afresh = earlier.copy()
        afresh._voids_memo = None
        assert earlier.voids() == voids == afresh.voids()
