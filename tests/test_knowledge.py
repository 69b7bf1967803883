"""What a seat knows, in the engine (OpenSpiel's ``ResampleFromInfostate``): a hand resampled for a seat shows that
seat exactly the view it had, moves only cards the seat cannot see, keeps every place's size and every revealed
void; the information set names the seat's cards, the face-up ones and the hidden places. Over random play of every
preset: test_conformance.py."""

import random

import pytest

from game.engine import preset_names
from game.engine.rook import RookHand
from tests.support.deals import hand_with
from tests.support.kinds import of_kind

PRESETS = preset_names()



def test_the_information_set_names_hidden_places_and_their_sizes() -> None:
    """Rook 2 players: the seat sees its cards and the dummy's face-up half; the other player's hand, the dummy's
    face-down half, the nest and the three cards aside are hidden, each with its size (001)."""
    hand = hand_with("rook-2p", {}, dealer=0)
    info = hand.information(0)
    assert info.hand == hand.held[0] and info.public == hand.public_cards() != 0
    places = {(place.place, place.seat): (place.size, place.known) for place in info.hidden}
    assert places == {("held", 1): (12, 0), ("held", 2): (12, hand.public_cards()), ("nest", -1): (5, 0),
                      ("aside", -1): (3, 0)}
    assert info.unseen == hand.rules.deck_mask & ~hand.held[0] & ~hand.public_cards()


def test_cards_the_seat_passed_stay_where_it_sent_them() -> None:
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


def test_the_secret_partner_moves_with_the_called_card() -> None:
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
        world = of_kind(RookHand, hand.resample(0, rng))
        holder = next((s for s in range(5) if world.held[s] >> hand.rules.parse_card("Y1") & 1), -1)
        assert world.partner == (holder if holder != 1 else -1)
        partners.add(world.partner)
        assert of_kind(RookHand, hand.resample(3, rng)).partner == 3
    assert len(partners) > 1


def test_a_seen_hand_shows_the_seat_what_it_knows_and_refuses_the_rest() -> None:
    """Issue 24: computer players receive the seat's information, never the live hand. Rook 2 players (001): the
    seat sees its own cards and the dummy's face-up half, nothing of the other player's hand; the deal, the
    record, the nest and another seat's view are refused by name."""
    hand = of_kind(RookHand, hand_with("rook-2p", {}, dealer=0))
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
    world = of_kind(RookHand, seen.resample(0, random.Random(1)))
    assert world.view(0) == hand.view(0) and world.held[1] | world.nest != hand.held[1] | hand.nest


def test_a_seen_hand_knows_where_the_seats_passed_cards_went() -> None:
    """Hearts (002 "Passing 3 Cards"): after the pass the seat knows its three cards are in the receiver's hand,
    and nothing else of the others' hands."""
    hand = hand_with("hearts-classic", {0: "2S 3S 4S"}, dealer=3)
    rng = random.Random(1)
    while hand.phase == "pass":
        hand.apply("pass-cards 2S 3S 4S" if hand.to_move == 0 else hand.action_text(hand.random_action(rng)))
    sent = hand.rules.parse_cards("2S 3S 4S")
    seen = hand.seen_by(0)
    assert seen.held[0] == hand.held[0] and seen.held[1] == sent and seen.held[2] == seen.held[3] == 0


