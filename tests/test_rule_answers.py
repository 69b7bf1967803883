"""The engine's answers that the computer players, the review and the window ask instead of working them out again
(issue 33): which cards beat a card, what each card counts for its taker, the counters, and who scores with a
declarer. Each is checked on hand-built positions quoting its book, and against the engine's own play and scoring
over random hands of every preset."""

from __future__ import annotations

import random

import pytest

from game.engine import Hand, load_rules, preset_names
from game.engine import cards as C
from game.engine.hand import family_class
from game.engine.hearts import HeartsHand
from game.engine.rook import RookHand
from tests.support.deals import hand_with, play_all, playout_action, ready_to_play
from tests.support.kinds import of_kind


def cards(hand: Hand, mask: int) -> str:
    return hand.rules.cards_text(mask)


def finished(preset: str, seed: int) -> Hand:
    hand = Hand.deal(load_rules(preset), seed=seed, dealer=seed % load_rules(preset).players)
    rng = random.Random(seed)
    while not hand.is_done:
        hand.push(playout_action(hand, rng))
    return hand


# --- which cards beat a card ---

def test_a_rook_card_is_beaten_by_the_higher_cards_of_the_suit_led_and_by_every_trump() -> None:
    """000 Classic: "The highest card of the color led wins the trick, unless a trump card is played; then the
    highest trump wins"; decision 1: the Rook Bird is the highest trump. A card of neither suit cannot win, so every
    card that can beats it."""
    hand = of_kind(RookHand, ready_to_play(hand_with("rook-classic", {}, dealer=3), 0, "red"))
    green = 1
    trumps = "ROOK R5 R6 R7 R8 R9 R10 R11 R12 R13 R14"
    assert cards(hand, hand.beaters[green][hand.rules.parse_card("G10")]) == \
        cards(hand, hand.rules.parse_cards(f"G11 G12 G13 G14 {trumps}".split()))
    assert cards(hand, hand.beaters[green][hand.rules.parse_card("B6")]) == \
        cards(hand, hand.rules.parse_cards(f"G5 G6 G7 G8 G9 G10 G11 G12 G13 G14 {trumps}".split()))
    assert hand.beaters[hand.trump_suit][C.BIRD] == 0


def test_in_reverse_order_the_lower_cards_beat_and_the_rook_stays_the_lowest_trump() -> None:
    """Decision 20 (004: "as well as if the cards rank in ascending order ("normal") or descending order
    (reverse)"): the 2 is highest and the 1 lowest; "Regardless of the order, the Rook is always the lowest ranked
    trump"."""
    hand = ready_to_play(hand_with("rook-500", {}, dealer=3), 0, "red", order="reverse")
    rules = hand.rules
    green, red = 1, 2
    reds = " ".join(f"R{rank}" for rank in range(1, 15))
    assert cards(hand, hand.beaters[green][rules.parse_card("G5")]) == \
        cards(hand, rules.parse_cards(f"G2 G3 G4 ROOK {reds}".split()))
    assert cards(hand, hand.beaters[red][C.BIRD]) == cards(hand, rules.parse_cards(reds.split()))


def test_at_no_trump_the_rook_alone_beats_a_card_of_another_suit() -> None:
    """Decision 21 (004: "When there is no trump, the Rook is the only trump card"): 1s high, and the Rook wins
    any trick it is played to."""
    hand = ready_to_play(hand_with("rook-500", {}, dealer=3), 0, "none")
    assert cards(hand, hand.beaters[1][hand.rules.parse_card("G14")]) == "ROOK G1"


def test_a_hearts_card_is_beaten_by_the_higher_cards_of_the_suit_led() -> None:
    """002: "The highest card of the suit led wins the trick" ("There is no trump suit")."""
    hand = Hand.deal(load_rules("hearts-classic"), seed=1)
    rules = hand.rules
    assert cards(hand, hand.beaters[C.HEARTS][rules.parse_card("TH")]) == "JH QH KH AH"
    assert cards(hand, hand.beaters[C.HEARTS][rules.parse_card("AS")]) == cards(hand, C.SUIT_MASKS[C.HEARTS])



# --- what a card counts ---

@pytest.mark.parametrize("preset", preset_names())
def test_a_cards_value_is_what_its_taker_scores_for_it_alone(preset: str) -> None:
    """Each card alone, taken by a seat, comes to its value in the engine's own scoring (Rook: the counters' points
    or stars; Hearts: penalty points, the special queens' too, decision 18)."""
    rules = load_rules(preset)
    hand = Hand.deal(rules, seed=1)
    values = hand.card_values(rules)
    for card in C.cards_in(rules.deck_mask):
        hand.taken = [1 << card] + [0] * (hand.n - 1)
        assert hand.points()[0] == values[card], rules.card_name(card)
    assert not any(values[card] for card in range(64) if not rules.deck_mask >> card & 1)


def test_royal_queens_are_valued_by_the_house_rule_that_makes_them_special() -> None:
    """Decision 18 (house: any subset of the four special queens; the others are plain)."""
    royal = load_rules("hearts-royal")
    some = royal.changed({"royal_queens": ["QD"]})
    queens = [royal.parse_card(name) for name in ("QS", "QH", "QD", "QC")]
    assert [HeartsHand.card_values(royal)[q] for q in queens] == [26, 2, -10, 0]
    assert [HeartsHand.card_values(some)[q] for q in queens] == [13, 1, -10, 0]


@pytest.mark.parametrize("preset", preset_names())
def test_the_counters_are_the_cards_whose_taker_changes_the_score(preset: str) -> None:
    """The counters named by each preset (Rook: "Counters" of 000, the 1s of 004; Hearts: the hearts, the Queen of
    spades and the special queens): a seat that takes any other card scores nothing for it."""
    rules = load_rules(preset)
    counters = family_class(rules).counters(rules)
    values = family_class(rules).card_values(rules)
    assert counters & ~rules.deck_mask == 0
    others = C.cards_in(rules.deck_mask & ~counters)
    assert not any(values[card] for card in others)
    if rules.family == "rook":
        assert counters == C.mask_of(card for card in C.cards_in(rules.deck_mask) if values[card])


def test_the_rook_5p_deck_counts_no_1s_and_the_500_deck_does() -> None:
    """000 5/6 players use the 1s to 14s with the Classic counters; 004: "1 ... 15" points."""
    five, five_hundred = load_rules("rook-5p"), load_rules("rook-500")
    assert "Y1" not in five.card_names(RookHand.counters(five))
    assert "Y1" in five_hundred.card_names(RookHand.counters(five_hundred))


# --- who scores with the declarer ---

@pytest.mark.parametrize("preset", [name for name in preset_names() if load_rules(name).has_auction])
def test_the_declaring_side_has_as_many_players_as_the_rules_say(preset: str) -> None:
    """Partners (000 Classic), the declarer against the rest (001 3-player, the dummy game), alone (5 and 6
    players, Original) and a called partner (004 5 players: "If the declarer calls a card in their own hand or in
    the nest, they play alone")."""
    rules = load_rules(preset)
    for seed in range(6):
        result = finished(preset, seed).final_result()
        if result.declarer < 0:
            continue
        size = len(result.declaring_side())
        players = [seat for seat in result.declaring_side() if seat < rules.players]  # not the rook-2p dummy
        assert len(players) == rules.declaring_side_size or (rules.sides == "called" and size == 1), seed


def test_a_seat_knows_its_partner_from_the_deal_and_a_called_partner_once_the_card_is_played() -> None:
    """000: "Partners sit opposite each other"; decision 13: the called card's holder "does not reveal themselves,
    except through playing the called card" (004)."""
    hand = hand_with("rook-classic", {}, dealer=3)
    assert hand.side_known_to(0) == {0, 2}
    called = ready_to_play(hand_with("rook-500-5p", {1: "R1"}, dealer=4), 0, "red", call="R1")
    assert called.side_known_to(0) == {0} and called.side_known_to(1) == {0, 1}
    assert called.to_move == 1  # 004: "The player to the left of the declarer leads the first trick"
    play_all(called, "play R1")
    assert called.side_known_to(0) == {0, 1} and called.side_known_to(2) == {2, 3, 4}
