"""Rook: one test per rule sentence of the Rook books (000, 001, 003, 004) and per Rook decision of RULES.md,
on hand-built deals. Each test quotes the sentence or names the decision it pins."""

import random

import pytest

from game.ai import make_player
from game.engine import Hand, IllegalAction, Match, load_rules, rook
from game.engine import cards as C
from game.engine.hand import DONE
from game.engine.results import HandResult
from game.engine.rook import RookHand
from tests.support.deals import BEGINNER_EXAMPLE, build_deal, hand_with, play_all, ready_to_play, result_of, win_auction
from tests.support.kinds import of_kind, rook_part

PARTNERSHIPS = HandResult(points=(), score_change=(), sides=((0, 2), (1, 3)))  # a last hand of a partnership game
ALONE = HandResult(points=(), score_change=(), sides=((0,), (1,), (2,), (3,)))  # ... where everyone played alone


def names(hand: Hand, mask: C.CardSet) -> set[str]:
    return set(hand.rules.card_names(mask))


def legal_cards(hand: Hand) -> set[str]:
    return {text.split()[1] for text in hand.legal_actions()}


def finish_with_captures(hand: RookHand, captured: dict[int, str]) -> None:
    """End the hand with these cards captured by each seat (the rest of the deck out of play): pins the scoring
    rules alone, without playing tricks."""
    hand.held = [0] * hand.n
    hand.nest = hand.discards = hand.aside = 0
    hand.taken = [hand.rules.parse_cards(captured.get(seat, "")) for seat in range(hand.n)]
    hand.phase, hand.turn = DONE, -1


COUNTER_CARDS_120 = "B5 B10 B14 G5 G10 G14 R5 R10 R14 Y5 Y10 Y14 ROOK"


# --- decks, deals, counters ---

@pytest.mark.parametrize("preset, size, total", [
    ("rook-classic", 41, 120), ("rook-beginner", 41, 24), ("rook-intermediate", 41, 24), ("rook-2p", 44, 100),
    ("rook-3p", 44, 100), ("rook-5p", 56, 100), ("rook-6p", 56, 100), ("rook-original-4p", 56, 100),
    ("rook-original-3p", 40, 100), ("rook-500", 57, 180), ("rook-500-standard-deck", 53, 180),
    ("rook-500-5p", 57, 180)])
def test_each_preset_has_the_books_deck_and_hand_total(preset: str, size: int, total: int) -> None:
    """001 "a total of 41 cards" / "If you captured all Counters you would score 120 points"; 000 stars; 001 2-player
    "a total of 44 cards"; "Total points for each hand are 100"; 004 "the total number of points per hand to 180"."""
    rules = load_rules(preset)
    assert rules.deck_size == size
    assert rules.points_in_deck == total


def test_classic_counters_are_5_10_14_and_the_rook_bird() -> None:
    """001 "Each 5 5 Points, Each 10 10 Points, Each 14 10 Points, Rook Bird Card 20 Points"."""
    rules = load_rules("rook-classic")
    points = {rules.card_name(c): rules.card_points[c] for c in C.cards_in(rules.deck_mask) if rules.card_points[c]}
    assert points == {**{f"{s}{r}": v for s in "BGRY" for r, v in ((5, 5), (10, 10), (14, 10))}, "ROOK": 20}


def test_500_counts_the_1s_as_15_and_the_standard_deck_kings_and_aces() -> None:
    """004 "1 ... 15"; "Kings are worth 10 and aces are worth 15"; "Use a joker for the Rook"."""
    rules = load_rules("rook-500")
    assert rules.card_points[rules.parse_card("Y1")] == 15
    standard = load_rules("rook-500-standard-deck")
    assert [standard.card_points[standard.parse_card(c)] for c in ("KS", "AH", "JK", "5C", "TD", "QD")] == \
        [10, 15, 20, 5, 10, 0]


def test_the_nest_is_dealt_one_card_after_each_round_until_full(monkeypatch: pytest.MonkeyPatch) -> None:
    """001 "Deal around the table until everyone has received his or her first card, then place one card facedown in
    the center of the table as the first nest card. Repeat until there are five cards in the nest, then deal out the
    remaining cards." Unshuffled, the deck is dealt in its listed order, starting at the dealer's left."""
    monkeypatch.setattr(C, "shuffled", lambda cards, rng: list(cards))
    rules = load_rules("rook-classic")
    hand = of_kind(RookHand, Hand.deal(rules, dealer=3))
    deck = C.card_list(rules.deck_mask)
    rounds = [deck[i * 5:(i + 1) * 5] for i in range(5)]  # a card to seats 0, 1, 2, 3, then one to the nest
    for i, cards in enumerate(rounds):
        for step, card in enumerate(cards[:4]):
            seat = (3 + 1 + step) % 4
            assert hand.held[seat] >> card & 1, f"round {i + 1}: seat {seat} should hold {rules.card_name(card)}"
    assert hand.nest == C.mask_of(r[4] for r in rounds)
    assert hand.nest_order[0] == rounds[4][4], "the last card placed is the top of the nest"


def test_two_and_three_player_games_put_five_of_the_last_eight_in_the_nest_and_three_aside() -> None:
    """001 2 players: "At the end, take the remaining eight cards, put five into a nest, and put the other three aside,
    out of play." The cards aside score for nobody."""
    for preset in ("rook-2p", "rook-3p"):
        hand = of_kind(RookHand, Hand.deal(load_rules(preset), seed=5))
        assert hand.nest.bit_count() == 5 and hand.aside.bit_count() == 3
        assert all(mask.bit_count() == 12 for mask in hand.held)


def test_a_deal_with_a_wrong_nest_size_is_refused() -> None:
    rules = load_rules("rook-classic")
    deal = build_deal(rules, {})
    deal["hands"][0].append(deal["nest"].pop())
    with pytest.raises(ValueError, match="9 cards each"):
        Hand.from_deal(rules, deal)


# --- the auction ---

def test_bidding_example_b_takes_the_bid_at_95() -> None:
    """001/000 Bidding example: "A, on the dealer's left, ... bids 70. B bids 80. C ... passes. D bids 85. Player A
    then ... bids 90. B ... bids 95. C, having already passed, may not bid again. Next, D passes. Now A passes. B takes
    the bid at 95, then collects the nest." With the dealer at seat 0: A is 1, B 2, C 3, D 0."""
    hand = of_kind(RookHand, hand_with("rook-classic", {}, dealer=0))
    for seat, action in [(1, "bid 70"), (2, "bid 80"), (3, "pass"), (0, "bid 85"), (1, "bid 90"), (2, "bid 95"),
                         (0, "pass"), (1, "pass")]:
        assert hand.to_move == seat, f"{action}: seat {hand.to_move} is to move, not {seat}"
        hand.apply(action)
    assert (hand.phase, hand.declarer, hand.contract, hand.to_move) == ("nest", 2, 95, 2)
    assert hand.held[2].bit_count() == 14, "the declarer collects the five nest cards"
    assert [(seat, bid.text) for seat, bid in rook_part(hand.view(1)).bids[:3]] == \
        [(1, "bid 70"), (2, "bid 80"), (3, "pass")]


def test_opening_bid_must_be_at_least_70() -> None:
    """001 "Your opening bid must be at least 70 points." """
    hand = of_kind(RookHand, hand_with("rook-classic", {}))
    with pytest.raises(IllegalAction, match="at least 70"):
        hand.apply("bid 65")
    assert hand.bids == []


def test_bids_must_be_divisible_by_5() -> None:
    """001 "Bids must be divisible by 5, such as 70, 75, 80." """
    hand = of_kind(RookHand, hand_with("rook-classic", {}))
    assert hand.check("bid 72") == "Bids go up by 5: bid 70, 75, 80, ... or pass"
    assert "bid 72" not in hand.legal_actions() and "bid 75" in hand.legal_actions()


def test_a_bid_is_at_least_5_higher_than_the_last() -> None:
    """001 "Either bid at least 5 points higher than the last bidder or say, 'I pass.'" """
    hand = of_kind(RookHand, hand_with("rook-classic", {}))
    hand.apply("bid 80")
    assert hand.check("bid 80") == "Bid at least 85 or pass"
    assert hand.legal_actions()[:2] == ["bid 85", "bid 90"]


def test_no_bid_above_the_points_in_a_hand() -> None:
    """001 "If you captured all Counters you would score 120 points": the classic maximum is 120."""
    hand = of_kind(RookHand, hand_with("rook-classic", {}))
    assert hand.check("bid 125") == "The highest bid is 120"
    assert hand.legal_actions()[-2:] == ["bid 120", "pass"]


def test_having_passed_a_player_may_not_bid_again() -> None:
    """001 "Having passed, you may not bid again for that hand.": the auction skips players who passed."""
    hand = of_kind(RookHand, hand_with("rook-classic", {}, dealer=0))
    play_all(hand, "pass, bid 70, bid 75")  # seat 1 passes
    assert hand.to_move == 0
    hand.apply("bid 80")
    assert hand.to_move == 2, "seat 1 passed for good and is not asked again"


def test_everyone_passing_throws_the_hand_in_and_the_same_dealer_redeals() -> None:
    """RULES.md decision 5: "Everyone passes: the hand is thrown in and the same dealer redeals."; 004 "If no one
    bids, the hand is thrown in and re-dealt." """
    match = Match(load_rules("rook-classic"), seed=3)
    dealer = match.hand.dealer
    for _ in range(4):
        match.apply("pass")
    assert match.hand.is_done and of_kind(RookHand, match.hand).thrown_in and match.hand.score_delta() == [0, 0, 0, 0]
    assert not match.is_over
    assert match.next_hand().dealer == dealer
    assert match.hands_played == 0


def test_house_rule_dealer_must_take_the_minimum_when_all_pass() -> None:
    """RULES.md decision 5 (house): the dealer must take the minimum bid."""
    rules = load_rules("rook-classic").changed({"all_pass": "dealer_takes_minimum"})
    hand = of_kind(RookHand, hand_with(rules, {}, dealer=2))
    play_all(hand, "pass, pass, pass, pass")
    assert (hand.phase, hand.declarer, hand.contract) == ("nest", 2, 70)


def test_intermediate_has_one_bid_each_the_dealer_last_and_one_star_more() -> None:
    """000 Intermediate: "Each player makes one bid ... The player to the left of the dealer bids first. ... The next
    player clockwise may either pass or bid at least one higher than the previous bid. The dealer bids last."
    (RULES.md decision 6)."""
    hand = of_kind(RookHand, hand_with("rook-intermediate", {}, dealer=0))
    hand.apply("bid 5")
    assert hand.check("bid 5") == "Bid at least 6 or pass"
    hand.apply("bid 6")
    hand.apply("pass")
    assert hand.to_move == 0
    hand.apply("bid 9")
    assert (hand.phase, hand.declarer, hand.contract) == ("nest", 0, 9), "the dealer's bid ends the auction"


def test_house_rule_intermediate_the_first_bidder_may_not_pass() -> None:
    """000 Intermediate: "Each player makes *one bid*" (RULES.md decision 6, house): the first bidder, left of the
    dealer, must bid; the others may still pass."""
    rules = load_rules("rook-intermediate").changed({"first_bid_required": True})
    hand = of_kind(RookHand, hand_with(rules, {}, dealer=0))
    assert "pass" not in hand.legal_actions() and hand.legal_actions()[0] == "bid 1"
    assert hand.check("pass") == "The first bidder may not pass: bid at least 1"
    with pytest.raises(IllegalAction):
        hand.apply("pass")
    hand.apply("bid 3")
    assert "pass" in hand.legal_actions()
    hand.apply("pass")
    assert load_rules("rook-intermediate").sentence("first_bid_required") == "The first bidder may pass"


def test_house_bid_step_is_one_rule_for_listing_checking_and_applying_bids() -> None:
    """000 Intermediate "bid at least one higher than the previous bid", with the house bid step of 5: the bids the
    engine lists are the only ones it accepts (bid 1, 6, 11, ...; a bid of 2 is refused by check and apply alike)."""
    rules = load_rules("rook-intermediate").changed({"bid_step": 5})
    hand = of_kind(RookHand, hand_with(rules, {}, dealer=0))
    assert [a for a in hand.legal_actions() if a.startswith("bid")][:3] == ["bid 1", "bid 6", "bid 11"]
    assert hand.check("bid 2") == "Bids go up by 5: bid 1, 6, 11, ... or pass"
    with pytest.raises(IllegalAction, match="Bids go up by 5"):
        hand.apply("bid 2")
    hand.apply("bid 6")
    assert [a for a in hand.legal_actions() if a.startswith("bid")][:2] == ["bid 11", "bid 16"]
    assert hand.check("bid 12") is not None and hand.check("bid 16") is None


def test_intermediate_first_bid_is_at_least_one_star() -> None:
    hand = of_kind(RookHand, hand_with("rook-intermediate", {}))
    assert hand.check("bid 0") == "The opening bid is at least 1"
    assert "bid 24" in hand.legal_actions() and hand.check("bid 25") == "The highest bid is 24"


def test_500_bids_run_from_75_to_180_and_the_forehand_starts() -> None:
    """004 "The minimum bid is 75, and each subsequent bid must be a higher multiple of 5 but not higher than 180.
    ... The forehand starts the auction, which continues until all but one player has passed." """
    hand = of_kind(RookHand, hand_with("rook-500", {}, dealer=1))
    assert hand.to_move == 2
    assert hand.check("bid 70") == "The opening bid is at least 75"
    assert hand.check("bid 185") == "The highest bid is 180"
    play_all(hand, "bid 75, pass, pass")
    assert hand.to_move == 1
    hand.apply("pass")
    assert (hand.phase, hand.declarer, hand.contract) == ("nest", 2, 75)


def test_original_rook_has_no_minimum_bid_and_a_maximum_of_100() -> None:
    """003 "The maximum bid, therefore, is 100 points. ... There is no minimum bid." (RULES.md: the smallest bid is
    one step.)"""
    hand = of_kind(RookHand, hand_with("rook-original-4p", {}))
    assert hand.legal_actions()[:2] == ["bid 5", "bid 10"] and hand.legal_actions()[-2] == "bid 100"
    assert hand.check("bid 105") == "The highest bid is 100"


def test_two_player_minimum_bid_is_50_and_the_non_dealer_bids_first() -> None:
    """001 2 players: "The minimum bid is 50 points."; RULES.md decision 22: "the non-dealer bids first"."""
    for dealer in (0, 1):
        hand = of_kind(RookHand, hand_with("rook-2p", {}, dealer=dealer))
        assert hand.to_move == 1 - dealer
        assert hand.check("bid 45") == "The opening bid is at least 50"


# --- the nest ---

def test_the_declarer_lays_back_exactly_five_cards() -> None:
    """001 "The highest bidder adds the five cards in the nest to his/her hand, then lays down any five cards"."""
    hand = of_kind(RookHand, hand_with("rook-classic", {1: "G5 G6 G7 G8 G9 G10 G11 G12 G13"}, nest="B5 B6 B7 B8 B9"))
    win_auction(hand, 1)
    assert hand.check("discard G5 G6 G7 G8") == "Lay back exactly 5 cards"
    assert hand.check("discard G5 G6 G7 G8 Y14") == "Yellow 14 is not in your hand"
    assert hand.check("trump green") == "First lay back exactly 5 cards to the nest"
    hand.apply("discard G5 G10 B5 B6 B7")  # counters may be buried
    assert hand.held[1].bit_count() == 9 and hand.phase == "trump"
    assert rook_part(hand.view(1)).discarded == ("B5", "B6", "B7", "G5", "G10")
    assert rook_part(hand.view(0)).discarded == ()


def test_only_the_declarer_sees_which_cards_came_from_the_nest_and_only_during_the_exchange() -> None:
    hand = of_kind(RookHand, hand_with("rook-classic", {1: "G5 G6 G7 G8 G9 G10 G11 G12 G13"}, nest="B5 B6 B7 B8 B9"))
    assert rook_part(hand.view(1)).from_nest == ()  # the auction: nobody has seen the nest
    win_auction(hand, 1)
    assert hand.phase == "nest" and rook_part(hand.view(1)).from_nest == ("B5", "B6", "B7", "B8", "B9")
    assert all(rook_part(hand.view(seat)).from_nest == () for seat in (0, 2, 3))
    hand.apply("discard G5 G6 B5 B6 B7")
    assert rook_part(hand.view(1)).from_nest == ()


def test_the_player_who_takes_the_last_trick_captures_the_nest() -> None:
    """001 "The player who takes the last trick captures the nest and scores any Counters found in it." """
    hand = of_kind(RookHand, hand_with("rook-classic", {}))
    ready_to_play(hand, 1, "black")
    rng = random.Random(4)
    while not hand.is_done:
        hand.push(hand.random_action(rng))
    last_winner = hand.tricks[-1][2]
    assert hand.taken[last_winner] & hand.extras["nest"] == hand.extras["nest"]


@pytest.mark.parametrize("where", ["declarer", "nobody"])
def test_house_rule_where_the_nest_goes(where: str) -> None:
    """RULES.md decision 4 (house): the nest goes to whoever takes the last trick, the declarer, or nobody."""
    rules = load_rules("rook-classic").changed({"nest_to": where})
    hand = of_kind(RookHand, hand_with(rules, {}, nest="ROOK B5 B10 B14 G5"))
    ready_to_play(hand, 3, "black")
    rng = random.Random(1)
    while not hand.is_done:
        hand.push(hand.random_action(rng))
    nest = hand.extras["nest"]
    if where == "declarer":
        assert hand.taken[3] & nest == nest
    else:
        assert not any(taken & nest for taken in hand.taken) and hand.discards == nest
        assert sum(hand.points()) == 120 - 50


# --- trump ---

def test_the_declarer_names_a_colour_and_classic_has_no_no_trump() -> None:
    """001 "the high bidder announces trump color"."""
    hand = of_kind(RookHand, hand_with("rook-classic", {}))
    win_auction(hand, 1)
    hand.apply("discard " + " ".join(hand.rules.card_names(hand.extras["nest"])))
    assert hand.legal_actions() == ["trump black", "trump green", "trump red", "trump yellow"]
    assert hand.check("trump none") == "These rules have no no-trump: name a colour"
    hand.apply("trump red")
    assert rook_part(hand.view(0)).trump == "red" and hand.phase == "play"


def test_500_declarer_names_trump_or_no_trump_and_the_order() -> None:
    """004 "the declarer announces the trump suit, or no trump, as well as if the cards rank in ascending order
    ("normal") or descending order (reverse)"."""
    hand = of_kind(RookHand, hand_with("rook-500", {}))
    win_auction(hand, 2)
    hand.apply("discard " + " ".join(hand.rules.card_names(hand.extras["nest"])))
    assert "trump none" in hand.legal_actions()
    hand.apply("trump none")
    assert hand.phase == "order" and hand.legal_actions() == ["order normal", "order reverse"]
    assert hand.check("play Y1") == "Choose the rank order: normal or reverse"
    hand.apply("order reverse")
    assert rook_part(hand.view(1)).trump == "none" and rook_part(hand.view(1)).order == "reverse"


def test_beginner_trump_is_the_colour_of_the_nest_top_card() -> None:
    """000 "just turn over the top card of the nest, and that color will be trump." There is no auction."""
    hand = of_kind(RookHand, hand_with("rook-beginner", {}, nest="G7 ROOK B5 B6 B7"))
    assert hand.phase == "play" and hand.to_move == 1
    assert rook_part(hand.view(2)).trump == "green" and rook_part(hand.view(2)).trump_card == "G7"


def test_beginner_rook_on_top_of_the_nest_goes_to_the_bottom() -> None:
    """000 "If the top card of the nest is the Rook Bird card, place it on the bottom of the nest and turn over a new
    top card." """
    hand = of_kind(RookHand, hand_with("rook-beginner", {}, nest="ROOK Y9 B5 B6 B7"))
    assert rook_part(hand.view(0)).trump == "yellow" and rook_part(hand.view(0)).trump_card == "Y9"
    assert [hand.rules.card_name(c) for c in hand.nest_order] == \
        ["Y9", "B5", "B6", "B7", "ROOK"]


# --- the Rook Bird, Hasbro presets (decision 1) ---

def test_the_rook_may_be_played_at_any_time_even_when_able_to_follow() -> None:
    """001 "You may play the Rook Bird card at any time, regardless of the color led and regardless of the other
    cards in your hand. It is the only card that has this privilege." """
    hand = of_kind(RookHand, hand_with("rook-classic", {1: "G5", 2: "G6 ROOK B7"}))
    ready_to_play(hand, 1, "black")
    hand.apply("play G5")
    assert legal_cards(hand) == {"ROOK"} | {c for c in names(hand, hand.held[2]) if c.startswith("G")}
    assert "B7" not in legal_cards(hand), "trump is no privilege: the player can follow green"
    assert hand.check("play B7") == "You must follow green"


def test_when_the_rook_is_led_the_others_must_play_trump() -> None:
    """001 "If the Rook Bird card is led, all other players must play a trump, if they have one." """
    hand = of_kind(RookHand, hand_with("rook-classic", {1: "ROOK", 2: "B5 G6"}))
    ready_to_play(hand, 1, "black")
    hand.apply("play ROOK")
    assert legal_cards(hand) == {c for c in names(hand, hand.held[2]) if c.startswith("B")}
    assert hand.check("play G6") == "You must follow trump (black)"


def test_trump_led_with_the_rook_as_the_only_trump_it_must_be_played() -> None:
    """001 "If trump color is led and you have no other trump card, you must play the Rook Bird." """
    hand = of_kind(RookHand, hand_with("rook-classic", {1: "B5", 2: "ROOK"}, void={2: "B"}))
    ready_to_play(hand, 1, "black")
    hand.apply("play B5")
    assert legal_cards(hand) == {"ROOK"}


def test_the_rook_takes_any_trick_it_is_played_to() -> None:
    """001 "The Rook Bird takes any trick on which it is played --- it trumps trump!" """
    hand = of_kind(RookHand, hand_with("rook-classic", {1: "B14", 2: "ROOK", 3: "B13"}, void={2: "B"}))
    ready_to_play(hand, 1, "black")
    play_all(hand, "play B14, play ROOK, play B13")
    hand.apply("play " + sorted(legal_cards(hand))[0])
    assert hand.tricks[0][2] == 2


def test_house_rule_rook_lowest_trump_without_privilege() -> None:
    """RULES.md decision 1 (house): Rook highest / lowest trump; play-any-time privilege on or off."""
    rules = load_rules("rook-classic").changed({"bird_rank": "low", "bird_privilege": False})
    hand = of_kind(RookHand, hand_with(rules, {1: "G5", 2: "G6 ROOK", 3: "B5"}, void={3: "G", 0: "G"}))
    ready_to_play(hand, 1, "black")
    hand.apply("play G5")
    assert "ROOK" not in legal_cards(hand)
    play_all(hand, "play G6, play B5")
    hand.apply("play " + sorted(legal_cards(hand))[0])
    trick = hand.tricks[0]
    assert trick[2] in (3, 0) and trick[2] != 2


# --- trick play ---

def test_the_player_left_of_the_dealer_leads_first_in_the_hasbro_games() -> None:
    """001 "the player to the left of the dealer (who may or may not be the highest bidder) leads"."""
    hand = of_kind(RookHand, hand_with("rook-classic", {}, dealer=2))
    ready_to_play(hand, 1, "green")
    assert hand.to_move == 3


def test_500_the_player_left_of_the_declarer_leads_first() -> None:
    """004 "The player to the left of the declarer leads the first trick." (RULES.md decision 3)."""
    hand = of_kind(RookHand, hand_with("rook-500", {}, dealer=0))
    ready_to_play(hand, 2, "green")
    assert hand.to_move == 3


def test_house_rule_the_declarer_leads_first() -> None:
    rules = load_rules("rook-classic").changed({"first_lead": "declarer"})
    hand = of_kind(RookHand, hand_with(rules, {}, dealer=0))
    ready_to_play(hand, 3, "green")
    assert hand.to_move == 3


def test_players_must_follow_the_colour_led() -> None:
    """001 "If you have a card of the color led, you must play that color." """
    hand = of_kind(RookHand, hand_with("rook-classic", {1: "Y5", 2: "Y6 R7"}))
    ready_to_play(hand, 1, "black")
    hand.apply("play Y5")
    before = hand.record()
    with pytest.raises(IllegalAction, match="You must follow yellow"):
        hand.apply("play R7")
    assert hand.record() == before
    assert hand.check("play Y14") == "Yellow 14 is not in your hand"


def test_a_player_who_cannot_follow_may_play_any_card() -> None:
    """001 "If you can't follow suit, you may throw away a worthless card, play the Rook Bird card or play a
    trump." """
    hand = of_kind(RookHand, hand_with("rook-classic", {1: "Y5"}, void={2: "Y"}))
    ready_to_play(hand, 1, "black")
    hand.apply("play Y5")
    assert legal_cards(hand) == names(hand, hand.held[2])


def test_highest_of_the_colour_led_wins_unless_trumped() -> None:
    """001 "the highest card of the color led takes the trick unless this trick is trumped, in which case the highest
    trump takes the trick." """
    hand = of_kind(RookHand, hand_with("rook-classic", {1: "Y5", 2: "Y13", 3: "R14", 0: "Y6"}, void={3: "Y"}))
    ready_to_play(hand, 1, "black")
    play_all(hand, "play Y5, play Y13, play R14, play Y6")
    assert hand.tricks[0][2] == 2, "R14 is off-colour and no trump"
    hand2 = hand_with("rook-classic", {1: "Y5", 2: "Y13", 3: "B6", 0: "B7"}, void={3: "Y", 0: "Y"})
    ready_to_play(hand2, 1, "black")
    play_all(hand2, "play Y5, play Y13, play B6, play B7")
    assert hand2.tricks[0][2] == 0


def test_the_winner_of_a_trick_leads_the_next() -> None:
    """001 "The person who takes the trick makes the next lead." """
    hand = of_kind(RookHand, hand_with("rook-classic", {1: "Y5", 2: "Y13", 3: "Y6", 0: "Y7"}))
    ready_to_play(hand, 1, "black")
    play_all(hand, "play Y5, play Y13, play Y6, play Y7")
    assert hand.to_move == 2 and hand.view(0).tricks[0].winner == 2


def test_500_ones_rank_above_the_14s() -> None:
    """004 "The 1s are high, ranking above the 14s." """
    hand = of_kind(RookHand, hand_with("rook-500", {1: "Y14", 2: "Y1", 3: "Y13", 0: "Y12"}))
    ready_to_play(hand, 0, "black")
    play_all(hand, "play Y14, play Y1, play Y13, play Y12")
    assert hand.tricks[0][2] == 2


def test_500_rook_is_the_lowest_trump_below_the_2() -> None:
    """004 "It is the lowest ranked trump card, below the 2." (RULES.md decision 2): it still beats a card of the
    colour led."""
    hand = of_kind(RookHand, hand_with("rook-500", {1: "Y14", 2: "ROOK", 3: "B2", 0: "Y13"}, void={2: "Y", 3: "Y"}))
    ready_to_play(hand, 0, "black")
    play_all(hand, "play Y14, play ROOK")
    hand.apply("play B2")
    hand.apply("play Y13")
    assert hand.tricks[0][2] == 3
    hand2 = hand_with("rook-500", {1: "Y14", 2: "ROOK", 3: "Y2", 0: "Y13"}, void={2: "Y"})
    ready_to_play(hand2, 0, "black")
    play_all(hand2, "play Y14, play ROOK, play Y2, play Y13")
    assert hand2.tricks[0][2] == 2, "the lowest trump still beats the colour led"


def test_500_rook_has_no_privilege() -> None:
    """RULES.md decision 2: "It has no play-any-time privilege." """
    hand = of_kind(RookHand, hand_with("rook-500", {1: "Y14", 2: "ROOK Y2"}))
    ready_to_play(hand, 0, "black")
    hand.apply("play Y14")
    assert hand.check("play ROOK") == "You must follow yellow"


def test_500_no_trump_rook_is_the_only_trump_and_any_card_may_follow_its_lead() -> None:
    """004 "When there is no trump, the Rook is the only trump card, and when it is led to a trick the other players
    may follow with any card." (RULES.md decision 21)."""
    hand = of_kind(RookHand, hand_with("rook-500", {1: "ROOK Y5", 2: "Y1"}))
    ready_to_play(hand, 0, "none")
    hand.apply("play ROOK")
    assert legal_cards(hand) == names(hand, hand.held[2])
    rest = [sorted(legal_cards(hand))[0]]
    hand.apply("play " + rest[0])
    while len(hand.tricks) == 0:
        hand.apply("play " + sorted(legal_cards(hand))[0])
    assert hand.tricks[0][2] == 1, "the Rook wins any trick it is played to"


def test_500_no_trump_rook_only_when_void_in_the_colour_led() -> None:
    """RULES.md decision 21: "it may be played only when leading or when void in the colour led"."""
    hand = of_kind(RookHand, hand_with("rook-500", {1: "Y5", 2: "ROOK Y6", 3: "G5"}, void={3: "Y"}))
    ready_to_play(hand, 0, "none")
    hand.apply("play Y5")
    assert hand.check("play ROOK") == "You must follow yellow"


def test_500_reverse_order_turns_the_ranking_over_and_the_rook_stays_lowest_trump() -> None:
    """RULES.md decision 20: "the 2 is highest, then 3, ..., 14, and the 1 lowest ... The Rook stays the lowest
    trump. Counter values do not change." """
    hand = of_kind(RookHand, hand_with("rook-500", {1: "Y1", 2: "Y14", 3: "Y2", 0: "Y3"}))
    ready_to_play(hand, 0, "black", order="reverse")
    play_all(hand, "play Y1, play Y14, play Y2, play Y3")
    assert hand.tricks[0][2] == 3
    assert hand.points()[3] == 25
    hand2 = hand_with("rook-500", {1: "Y1", 2: "ROOK", 3: "B14", 0: "Y3"}, void={2: "Y", 3: "Y"})
    ready_to_play(hand2, 0, "black", order="reverse")
    play_all(hand2, "play Y1, play ROOK, play B14, play Y3")
    assert hand2.tricks[0][2] == 3, "B14 (a low trump in reverse) still beats the Rook"


def test_standard_deck_reverse_order_puts_the_2_highest_and_the_ace_lowest() -> None:
    """RULES.md decision 20: "(standard deck: 2 highest, ace lowest)"."""
    hand = of_kind(RookHand, hand_with("rook-500-standard-deck", {1: "AH", 2: "2H", 3: "KH", 0: "3H"}))
    ready_to_play(hand, 0, "spades", order="reverse")
    play_all(hand, "play AH, play 2H, play KH, play 3H")
    assert hand.tricks[0][2] == 2


# --- scoring ---

def test_scoring_example_a_set_partnership_loses_its_bid() -> None:
    """001/000 Scoring example: "The partnership that took the bid at 95 ... captured only 75 points in Counters. The
    full 95 points are deducted from their score (or they're given -95, if it's the first hand); they do not score
    the 75 points they captured. Their opponents, who captured the remaining Counters, score 45 points." """
    hand = of_kind(RookHand, hand_with("rook-classic", {}, dealer=0))
    for action in ["bid 70", "bid 80", "pass", "bid 85", "bid 90", "bid 95", "pass", "pass"]:
        hand.apply(action)
    hand.apply("discard " + " ".join(hand.rules.card_names(hand.extras["nest"])))
    hand.apply("trump green")
    finish_with_captures(hand, {2: "ROOK B5 B10 B14 G5 G10 G14", 0: "Y5", 1: "Y10 Y14 R5", 3: "R10 R14"})
    assert hand.points() == [5, 25, 70, 20]
    assert hand.contract_made() is False
    assert hand.score_delta() == [-95, 45, -95, 45]


def test_a_partnership_that_makes_its_bid_scores_every_counter() -> None:
    """001 "If they capture more than their bid, full credit is given for all Counters. If your partnership did not
    win the bid, you still receive points for your Counters." """
    hand = of_kind(RookHand, hand_with("rook-classic", {}))
    ready_to_play(hand, 1, "green", bid=80)
    finish_with_captures(hand, {1: "ROOK B5 B10 B14 G5 G10 G14", 3: "Y5 Y10", 0: "Y14 R5", 2: "R10 R14"})
    assert hand.score_delta() == [35, 85, 35, 85]


def test_intermediate_failed_bid_scores_zero_and_the_others_their_stars() -> None:
    """000 Intermediate: "If this player did not score enough points, then he/she scores zero points for the hand."
    (RULES.md decision 6)."""
    hand = of_kind(RookHand, hand_with("rook-intermediate", {}))
    ready_to_play(hand, 2, "green", bid=10)
    finish_with_captures(hand, {2: "ROOK B5 B10", 0: "G14", 1: "Y5", 3: "R10"})
    assert hand.points() == [2, 1, 7, 2]
    assert hand.score_delta() == [2, 1, 0, 2]


def test_five_players_score_individually_and_a_set_declarer_loses_the_bid() -> None:
    """001 5 or 6 players: "Scoring: See the Partnership Game." Every player scores their own counters."""
    hand = of_kind(RookHand, hand_with("rook-5p", {}))
    ready_to_play(hand, 3, "green", bid=40)
    finish_with_captures(hand, {3: "Y5 Y10", 0: "G14", 4: "Y1 G10"})
    assert hand.score_delta() == [10, 0, 0, -40, 10]


def test_three_players_the_two_defenders_combine_their_counters() -> None:
    """001 3 players: "the person who wins the bid plays against the other two players, who automatically become
    partners. These two players' scores are combined at the end of the hand." """
    hand = of_kind(RookHand, hand_with("rook-3p", {}))
    ready_to_play(hand, 0, "green", bid=50)
    finish_with_captures(hand, {0: "B5 B10 B14 G5 G10 G14 R5", 1: "R10 R14", 2: "Y5"})
    assert hand.score_delta() == [55, 25, 25]


def test_500_opponents_always_score_and_the_declarers_lose_the_bid_if_set() -> None:
    """004 "If the declarer's team took at least as many points in tricks as their bid, then they score the points
    that they took. Otherwise, they lose the value of their bid. The opposing team always scores the points they took
    in tricks." """
    hand = of_kind(RookHand, hand_with("rook-500", {}))
    ready_to_play(hand, 1, "green", bid=120)
    finish_with_captures(hand, {1: "Y1 Y5 Y10 Y14 G1", 3: "G5", 0: "R1 R14", 2: "B1"})
    assert hand.score_delta() == [40, -120, 40, -120]


def test_500_scores_are_capped_at_430() -> None:
    """004 "Scores are capped at 430; neither team can have a score between 430 and 500." (RULES.md decision 12)."""
    hand = of_kind(RookHand, hand_with("rook-500", {}, scores=[400, 300, 400, 300]))
    ready_to_play(hand, 1, "green", bid=75)
    finish_with_captures(hand, {0: "Y1 Y5 Y10 Y14", 1: "G1 G5 G10 G14 R1 R5 R10 R14"})
    assert hand.score_delta() == [30, 80, 30, 80], "the opponents stop at 430; the declarers reach 380"


def test_500_declarers_who_make_their_bid_and_reach_500_win() -> None:
    """004 "If the declaring team would have 500 or more points after winning a hand, they score the points and win
    the game." """
    rules = load_rules("rook-500")
    hand = of_kind(RookHand, hand_with(rules, {}, scores=[420, 300, 420, 300]))
    ready_to_play(hand, 0, "green", bid=75)
    finish_with_captures(hand, {0: "Y1 Y5 Y10 Y14 G1 G5 G10 G14"})
    assert hand.score_delta() == [80, 0, 80, 0]
    assert hand.match_outcome(rules, [500, 300, 500, 300], 5, result_of(hand)) == [0, 2]


def test_500_five_players_the_declaring_side_reaching_500_together_both_win() -> None:
    """004 "The team that scores 500 points first wins." The declarer and the called partner score alike, so they
    often reach 500 together with equal scores: RULES.md decision 12, "every player of that side who has 500 or more
    shares the win ... and the match never continues past it"."""
    rules = load_rules("rook-500-5p")
    for before, after in (([100, 415, 300, 415, 100], [100, 500, 300, 500, 100]),  # equal: both win
                          ([100, 420, 300, 425, 100], [100, 505, 300, 510, 100])):  # 505 and 510: both win too
        hand = of_kind(RookHand, hand_with(rules, {3: "Y1"}, dealer=0, scores=before))
        ready_to_play(hand, 1, "green", bid=75, call="Y1")
        finish_with_captures(hand, {1: "G1 G5 G10 G14 R1", 3: "B1 B5 B10"})
        result = result_of(hand)
        assert result.made and result.declaring_side() == (1, 3)
        scores = [b + d for b, d in zip(before, result.score_change)]
        assert scores == after
        assert rook.RookHand.match_outcome(rules, scores, 9, result) == [1, 3]


def test_500_five_players_a_declarer_who_calls_their_own_card_wins_alone() -> None:
    """004 "If the declarer calls a card in their own hand ... they play alone"; decision 12: the declaring side,
    here the declarer alone, wins at once."""
    rules = load_rules("rook-500-5p")
    hand = of_kind(RookHand, hand_with(rules, {1: "Y1"}, dealer=0, scores=[100, 420, 300, 420, 100]))
    ready_to_play(hand, 1, "green", bid=75, call="Y1")
    finish_with_captures(hand, {1: "G1 G5 G10 G14 R1 B1 B5 B10"})
    scores = [b + d for b, d in zip([100, 420, 300, 420, 100], result_of(hand).score_change)]
    assert rook.RookHand.match_outcome(rules, scores, 9, result_of(hand)) == [1]


@pytest.mark.parametrize("changes", [{"fixed_hands": 12}, {"rotating_partners": True}])
def test_500_declarers_reaching_500_win_at_once_even_in_a_match_of_a_fixed_length(changes: dict[str, object]) -> None:
    """004 "If the declaring team would have 500 or more points after winning a hand, they score the points and win
    the game" (RULES.md decision 23): with a fixed number of hands or rotating partners, reaching 500 that way
    still ends the match, so no later hand's cap pulls the winners back to 430 while they defend (the match went
    on, and partners at 660 who defended were set to 430)."""
    rules = load_rules("rook-500").changed(changes)
    # partners 0 and 2 (hands 1-4)
    hand = of_kind(RookHand, hand_with(rules, {}, dealer=3, number=3, scores=[420, 300, 420, 300]))
    ready_to_play(hand, 0, "green", bid=75)
    finish_with_captures(hand, {0: "Y1 Y5 Y10 Y14 G1 G5 G10 G14"})
    scores = [b + d for b, d in zip([420, 300, 420, 300], result_of(hand).score_change)]
    assert scores == [500, 300, 500, 300]
    assert rook.RookHand.match_outcome(rules, scores, 5, result_of(hand)) == [0, 2]
    # with rotating partners each player keeps a score: a declaring side's player short of 500 does not win
    rotating = load_rules("rook-500").changed({"rotating_partners": True})
    assert rook.RookHand.match_outcome(rotating, [505, 300, 430, 300], 5, PARTNERSHIPS) == [0]


def test_500_match_of_a_fixed_length_plays_on_to_its_last_hand_below_500() -> None:
    """Decision 8 with the cap (decision 23): nobody at 500, the match plays all its hands and the higher total then
    wins; the cap holds every score at 430 meanwhile (004: "neither team can have a score between 430 and 500")."""
    rules = load_rules("rook-500").changed({"fixed_hands": 6})
    assert rook.RookHand.match_outcome(rules, [430, 300, 430, 300], 5, PARTNERSHIPS) is None
    assert rook.RookHand.match_outcome(rules, [430, 300, 430, 300], 6, PARTNERSHIPS) == [0, 2]


def test_500_defenders_always_score_what_they_took_below_the_cap_in_a_whole_match() -> None:
    """004 "The opposing team always scores the points they took in tricks" and "Scores are capped at 430": over a
    whole match of 12 fixed hands between Normal players, who reach 500 well before the last hand, no side's score
    ever goes down in a hand it defended, and the match ends at once when a side reaches 500."""
    rules = load_rules("rook-500").changed({"fixed_hands": 12})
    normal = make_player("normal")
    for seed in range(3):
        match = Match(rules, seed=seed)
        while True:
            while not match.hand.is_done:
                match.hand.push(normal.decide(match.hand))
            result = match.hand.final_result()
            before = match.hand.scores
            for seat, change in enumerate(result.score_change):
                assert change >= 0 or seat in result.declaring_side(), (seed, before, result.score_change)
                assert before[seat] + change <= rules.cap or seat in result.declaring_side()
            if match.is_over:
                break
            assert max(match.scores) < rules.target
            match.next_hand()
        outcome = match.outcome()
        assert max(match.scores) >= rules.target and outcome is not None and outcome.hands < 12


def test_500_declarers_short_of_500_are_capped_too() -> None:
    """RULES.md decision 12: a team's score never ends a hand between 430 and 499, declarers included."""
    hand = of_kind(RookHand, hand_with("rook-500", {}, scores=[400, 300, 400, 300]))
    ready_to_play(hand, 0, "green", bid=75)
    finish_with_captures(hand, {0: "Y1 Y5 Y10 Y14 G1 G5 G10 G14"})
    assert hand.score_delta() == [30, 0, 30, 0], "480 would lie between 430 and 500"


def test_two_players_the_dummy_counters_go_to_the_non_bidder() -> None:
    """001 2 players: "the Counters scored by the bidder are compared to the Counters scored by the other player and
    the dummy hand combined." """
    hand = of_kind(RookHand, hand_with("rook-2p", {}, dealer=0))
    ready_to_play(hand, 0, "green", bid=50)
    finish_with_captures(hand, {0: "G5 G10 G14 Y5 Y10 Y14", 1: "R5", 2: "R10 R14"})
    assert hand.score_delta() == [50, 25]


def test_500_five_players_each_scores_the_teams_points() -> None:
    """004 5 players: "Scoring is the same except that each player individually scores the points their team
    made." """
    hand = of_kind(RookHand, hand_with("rook-500-5p", {3: "Y1"}, dealer=0))
    ready_to_play(hand, 1, "green", bid=75, call="Y1")
    assert hand.partner == 3
    finish_with_captures(hand, {1: "G1 G5 G10 G14 R1", 3: "B1 B5", 0: "Y5", 2: "Y10", 4: "Y14"})
    assert hand.score_delta() == [25, 75, 25, 75, 25]


def test_500_five_players_calling_ones_own_card_plays_alone() -> None:
    """004 "If the declarer calls a card in their own hand or in the nest, they play alone against the other
    four." """
    hand = of_kind(RookHand, hand_with("rook-500-5p", {1: "Y1"}, dealer=0))
    ready_to_play(hand, 1, "green", bid=75, call="Y1")
    assert hand.partner == -1
    finish_with_captures(hand, {1: "G1 G5 G10 G14 R1", 3: "B1 B5", 0: "Y5"})
    assert hand.score_delta() == [25, -75, 25, 25, 25]


def test_500_five_players_the_partner_stays_secret_until_the_called_card_is_played() -> None:
    """004 "This player does not reveal themselves, except through playing the called card." """
    hand = of_kind(RookHand, hand_with("rook-500-5p", {3: "Y1 Y2"}, dealer=0, void={2: "Y"}))
    ready_to_play(hand, 1, "green", call="Y1")
    assert [rook_part(hand.view(s)).partner for s in range(5)] == [-1, -1, -1, 3, -1]
    assert rook_part(hand.view(0)).called == "Y1"
    while "play Y1" not in hand.legal_actions() or hand.to_move != 3:
        hand.apply(hand.legal_actions()[0] if hand.to_move != 3 else
                   next(a for a in hand.legal_actions() if a != "play Y1"))
    hand.apply("play Y1")
    assert [rook_part(hand.view(s)).partner for s in range(5)] == [3] * 5


# --- the match ---

def test_the_first_partnership_to_300_wins() -> None:
    """001 "To be the first partnership to reach 300 points"."""
    rules = load_rules("rook-classic")
    assert rook.RookHand.match_outcome(rules, [290, 250, 290, 250], 6, PARTNERSHIPS) is None
    assert rook.RookHand.match_outcome(rules, [310, 250, 310, 250], 6, PARTNERSHIPS) == [0, 2]


def test_both_sides_over_300_the_higher_total_wins_and_a_tie_plays_another_hand() -> None:
    """001 "If both sides exceed 300 points at the end of the same hand, the higher total wins. In the case of a tie,
    play another hand to determine the winner." (RULES.md decision 7)."""
    rules = load_rules("rook-classic")
    assert rook.RookHand.match_outcome(rules, [310, 325, 310, 325], 6, PARTNERSHIPS) == [1, 3]
    assert rook.RookHand.match_outcome(rules, [320, 320, 320, 320], 6, PARTNERSHIPS) is None


def test_beginner_game_is_won_at_40_and_a_tie_is_played_again() -> None:
    """000 "Keep playing until one player reaches 40 at the end of a hand ... In case of a tie, just play again!" """
    rules = load_rules("rook-beginner")
    assert rook.RookHand.match_outcome(rules, [41, 40, 12, 3], 3, ALONE) == [0]
    assert rook.RookHand.match_outcome(rules, [41, 41, 12, 3], 3, ALONE) is None


def test_house_rule_a_fixed_number_of_hands() -> None:
    """001 "Some players may prefer to decide how many hands they will play, then declare as winners the partnership
    that has the higher score" (RULES.md decision 8)."""
    rules = load_rules("rook-classic").changed({"fixed_hands": 3})
    assert rook.RookHand.match_outcome(rules, [400, 0, 400, 0], 2, PARTNERSHIPS) is None
    assert rook.RookHand.match_outcome(rules, [90, 100, 90, 100], 3, PARTNERSHIPS) == [1, 3]


def test_house_rule_rotating_partners_every_four_hands() -> None:
    """001 "they should change partners after every four hands, and record each individual score separately. Thus,
    at the end of 12 hands, each player will have played game hands with each of the other players." (decision 9)"""
    rules = load_rules("rook-classic").changed({"rotating_partners": True})
    partners = []
    for number in (0, 3, 4, 7, 8, 11):
        hand = of_kind(RookHand, Hand.deal(rules, seed=1, number=number))
        partners.append(sorted(hand.side_of(0)))
    assert partners == [[0, 2], [0, 2], [0, 1], [0, 1], [0, 3], [0, 3]]


@pytest.mark.parametrize("rotating", [False, True])
def test_partners_sit_opposite_each_other_in_every_hand(rotating: bool) -> None:
    """000 "Partners sit opposite each other"; 003 partners are "seated diagonally across from each other"; 001
    "change partners after every four hands" (RULES.md decision 9): rotating partners change chairs, so that in
    every hand a seat's partner sits across the table and the next to play after it is an opponent, in the auction
    and in every trick."""
    rules = load_rules("rook-classic").changed({"rotating_partners": rotating})
    for number in range(12):
        hand = of_kind(RookHand, Hand.deal(rules, seed=number, dealer=number % 4, number=number))
        for seat in range(4):
            around = hand.seats_clockwise_from(seat)
            assert hand.side_of(seat) == {seat, around[2]}, f"hand {number + 1}: seat {seat}'s partner is not across"
            assert hand.view(seat).seating == tuple(around)
        assert hand.to_move == hand.seats_clockwise_from(hand.dealer)[1], "the dealer's left bids first"
        first = hand.to_move
        hand.apply("bid 70")
        assert hand.to_move == hand.seats_clockwise_from(first)[1], "the bidding goes on to the left"
        ready_to_play(hand, first, "green")
        leader = hand.to_move
        hand.apply_id(C.card_list(hand.legal_mask())[0])
        assert hand.to_move == hand.seats_clockwise_from(leader)[1] not in hand.side_of(leader)


def test_house_rule_rotating_partners_deal_passes_left_at_the_table_they_sit_at() -> None:
    """001 "At the start of each hand, the player to the left of the previous dealer deals" with rotating partners
    (RULES.md decision 9): at the table of the new hand, after the players changed chairs; so each player deals once
    in every four hands."""
    rules = load_rules("rook-classic").changed({"rotating_partners": True})
    match = Match(rules, seed=5)
    rng = random.Random(5)
    dealers = []
    while True:
        while not match.hand.is_done:
            match.hand.push(match.hand.random_action(rng) if match.hand.phase != "bid" or
                            of_kind(RookHand, match.hand).bids else match.hand.parse_action("bid 70"))
        dealers.append(match.hand.dealer)
        if match.is_over:
            break
        before = match.hand
        match.next_hand()
        assert match.hand.dealer == match.hand.seats_clockwise_from(before.dealer)[1]
    assert len(dealers) == 12
    assert all(sorted(dealers[block:block + 4]) == [0, 1, 2, 3] for block in (0, 4, 8))


def test_house_rule_rotating_partners_play_exactly_12_hands_of_individual_scores() -> None:
    """001 "at the end of 12 hands, each player will have played game hands with each of the other players" (RULES.md
    decision 9): the match is exactly 12 hands whatever the scores (a thrown-in hand does not count), each player
    keeps a score of their own, and the highest individual total wins."""
    rules = load_rules("rook-classic").changed({"rotating_partners": True, "target": 50})
    match = Match(rules, seed=3)
    assert match.score_columns == ((0,), (1,), (2,), (3,))
    player = make_player("normal")  # plays well enough that the scores pass the target long before 12 hands
    while True:
        while not match.hand.is_done:
            match.apply(match.hand.action_text(player.decide(match.hand)))
        if match.is_over:
            break
        assert match.hands_played + (not of_kind(RookHand, match.hand).thrown_in) < 12, "the match went past 12 hands"
        match.next_hand()
    outcome = match.outcome()
    assert match.hands_played + 1 == 12 and outcome is not None and outcome.hands == 12
    assert max(match.scores) > rules.target, "the target alone would have ended it sooner"
    assert match.winners == [s for s in range(4) if match.scores[s] == max(match.scores)]
    with pytest.raises(Exception, match="rotating partners play exactly 12 hands"):
        rules.changed({"fixed_hands": 6})


def test_the_deal_passes_left() -> None:
    """001 "At the start of each hand, the player to the left of the previous dealer deals." """
    match = Match(load_rules("rook-classic"), seed=11)
    first = match.hand.dealer
    rng = random.Random(0)
    while not match.hand.is_done:
        match.apply(match.hand.action_text(match.hand.random_action(rng)))
    if not of_kind(RookHand, match.hand).thrown_in:
        assert match.next_hand().dealer == (first + 1) % 4


# --- Original Rook (003, decision 14) ---

def test_original_three_player_left_of_dealer_lays_an_extra_card_aside_before_the_auction() -> None:
    """003 "the person to the left of the dealer will end the hand with one extra card" (RULES.md decision 14: "lays
    one card aside; that card goes to whoever takes the last trick")."""
    hand = of_kind(RookHand, hand_with("rook-original-3p", {1: "Y14"}, dealer=0))
    assert hand.phase == "lay-aside" and hand.to_move == 1 and hand.held[1].bit_count() == 14
    assert hand.check("bid 5") == "First lay one card aside: it goes to whoever takes the last trick"
    hand.apply("lay-aside Y14")
    assert hand.phase == "bid" and hand.to_move == 1 and hand.held[1].bit_count() == 13
    assert rook_part(hand.view(1)).laid_aside == ("Y14",) and rook_part(hand.view(0)).laid_aside == ()
    rng = random.Random(2)
    while not hand.is_done:
        hand.push(hand.random_action(rng) if hand.phase != "bid" or hand.bids else hand.parse_action("bid 5"))
    if not hand.thrown_in:
        assert hand.taken[hand.tricks[-1][2]] >> hand.rules.parse_card("Y14") & 1
        assert sum(hand.points()) == 100


def test_house_rule_original_three_player_keeps_the_extra_card_to_the_end() -> None:
    """003 "the person to the left of the dealer will end the hand with one extra card" read literally (RULES.md
    decision 14, house): no card is laid aside; that player holds 14 cards through the play, ends the hand with one
    unplayed card, and its counters go to whoever takes the last trick."""
    rules = load_rules("rook-original-3p").changed({"extra_card_kept": True})
    hand = of_kind(RookHand, hand_with(rules, {1: "Y14"}, dealer=0))
    assert hand.phase == "bid" and hand.held[1].bit_count() == 14
    assert not any(a.startswith("lay-aside") for a in hand.legal_actions())
    rng = random.Random(3)
    while hand.phase == "bid":
        hand.apply("bid 5" if not hand.bids else "pass")
    while hand.phase != "play":
        hand.push(hand.random_action(rng))
    while hand.phase == "play":
        seat = hand.turn
        held = hand.held[seat]
        # the extra player never plays the Y14, so it is the card left at the end
        options = [c for c in C.card_list(hand.legal_mask()) if c != rules.parse_card("Y14")] or \
            C.card_list(hand.legal_mask())
        hand.apply_id(rng.choice(options))
        assert hand.held[seat].bit_count() == held.bit_count() - 1
    assert len(hand.tricks) == 13 and not any(hand.held)
    last = hand.tricks[-1][2]
    assert hand.taken[last] >> rules.parse_card("Y14") & 1, "the extra card goes to the last trick's taker"
    assert sum(hand.points()) == 100


@pytest.mark.parametrize("kept", [False, True])
def test_original_three_player_refuses_a_deal_whose_extra_card_is_not_left_of_the_dealer(kept: bool) -> None:
    """003 "the person to the left of the dealer will end the hand with one extra card" (RULES.md decision 14, with
    its house rule too): a deal, a hand record or a deal code giving the 14th card to anyone else is refused with
    the reason, before any card is played (kept to the end, such a hand ended with a card never played and scored
    90 of the 100 points)."""
    rules = load_rules("rook-original-3p").changed({"extra_card_kept": kept})
    deal = build_deal(rules, {}, dealer=0)  # seat 1, left of the dealer, holds 14 cards
    assert Hand.from_deal(rules, deal, dealer=0).held[1].bit_count() == 14
    for dealer in (1, 2):  # the same cards dealt by a seat whose left is not seat 1
        with pytest.raises(ValueError, match=f"seat {(dealer + 1) % 3}, left of the dealer, gets 14 cards and the "
                                             f"others 13; hand [01] has 1[34]"):
            Hand.from_deal(rules, deal, dealer=dealer)
        record = {**Hand.from_deal(rules, deal, dealer=0).record(), "dealer": dealer}
        with pytest.raises(ValueError, match="left of the dealer, gets 14 cards"):
            Hand.from_record(record)


def test_original_four_player_deals_14_cards_and_no_nest() -> None:
    """003 "Each player is dealt 14 cards. There is no nest." After the auction the declarer names trump at once."""
    hand = of_kind(RookHand, hand_with("rook-original-4p", {}, dealer=3))
    assert all(mask.bit_count() == 14 for mask in hand.held) and hand.nest == 0
    win_auction(hand, 2)
    assert hand.phase == "trump" and hand.to_move == 2


# --- the 2-player dummy (001, decision 22) ---

def test_two_player_dummy_is_half_face_up_during_the_auction_and_all_face_up_after_trump() -> None:
    """001 "Deal half of the dummy hand cards faceup and the other half facedown." ... "After trump is called, turn
    the facedown half of the dummy hand faceup"."""
    hand = hand_with("rook-2p", {2: "Y4 Y5 Y6 Y7 Y8 Y9 G4 G5 G6 G7 G8 G9"}, dealer=0,
                     dummy_up="Y4 Y5 Y6 Y7 Y8 Y9")
    assert set(rook_part(hand.view(0)).dummy_cards) == {"Y4", "Y5", "Y6", "Y7", "Y8", "Y9"} \
        == set(rook_part(hand.view(1)).dummy_cards)
    win_auction(hand, 0)
    hand.apply("discard " + " ".join(hand.rules.card_names(hand.extras["nest"])))
    assert len(rook_part(hand.view(1)).dummy_cards) == 6
    hand.apply("trump green")
    assert len(rook_part(hand.view(0)).dummy_cards) == 12


def test_two_player_dummy_leads_first_and_the_non_bidder_plays_it() -> None:
    """001 "The player who did not win the bid will play the dummy hand ... The dummy hand leads the first card."
    """
    for declarer in (0, 1):
        hand = of_kind(RookHand, hand_with("rook-2p", {2: "Y4"}, dealer=1))
        ready_to_play(hand, declarer, "green")
        assert hand.turn == 2 and hand.to_move == 1 - declarer
        assert legal_cards(hand) == names(hand, hand.held[2])
        hand.apply("play Y4")
        assert hand.view(0).trick == ((2, "Y4"),)


def test_two_player_the_dummy_sits_on_the_dealers_right_whoever_deals() -> None:
    """001: "deal out 12 cards into three piles – one for your opponent, one for you, and a dummy hand that is to
    your right" (RULES.md decision 22): play goes dummy, dealer, non-dealer every hand, whichever player deals."""
    for dealer in (0, 1):
        hand = of_kind(RookHand, hand_with("rook-2p", {2: "Y4", 0: "Y5", 1: "Y6"}, dealer=dealer))
        assert hand.seats_clockwise_from(2) == (2, dealer, 1 - dealer)
        ready_to_play(hand, 0, "green")
        play_all(hand, "play Y4")
        assert hand.turn == dealer
        play_all(hand, f"play Y{5 + dealer}")
        assert hand.turn == 1 - dealer
        play_all(hand, f"play Y{6 - dealer}")
        assert [seat for seat, _ in hand.view(0).tricks[0].cards] == [2, dealer, 1 - dealer]


def test_two_player_only_a_player_deals() -> None:
    """RULES.md decision 22: "only a player deals (never the dummy seat)": a deal the engine accepts is one it can
    replay, so the dummy's seat is refused as dealer with a clear message."""
    rules = load_rules("rook-2p")
    with pytest.raises(ValueError, match="dealer 2 is not a player"):
        Hand.deal(rules, seed=1, dealer=2)
    for dealer in (0, 1):
        hand = of_kind(RookHand, Hand.deal(rules, seed=1, dealer=dealer))
        assert Hand.from_record(hand.record()).dealer == dealer


def test_two_player_refusals_name_the_dummy() -> None:
    hand = of_kind(RookHand, hand_with("rook-2p", {2: "Y4", 0: "Y5"}, dealer=1))
    ready_to_play(hand, 0, "green")
    assert hand.check("play Y5") == "Yellow 5 is not in the dummy's hand"


# --- the Beginner worked example (000, the deal in tests/support/deals.py) ---


def test_beginner_gameplay_example_trick_by_trick() -> None:
    """000 BEGINNER GAMEPLAY EXAMPLE: "The top card of the nest is turned faceup. It's the Black 8, so Black is trump
    ... Christen scored one point. John scored two points. Lindsay scored six points. Rob scored 13 points." Every
    trick's winner is the book's: Rob, Christen, Rob, John, Christen, Rob, Rob, Lindsay, Lindsay."""
    rules = load_rules("rook-beginner")
    deal = {"hands": [h.split() for h in BEGINNER_EXAMPLE["hands"]], "nest": BEGINNER_EXAMPLE["nest"].split()}
    hand = of_kind(RookHand, Hand.from_deal(rules, deal, dealer=0))
    assert rook_part(hand.view(1)).trump == "black" and hand.to_move == 1
    for trick in BEGINNER_EXAMPLE["tricks"]:
        for card in trick.split():
            hand.apply(f"play {card}")
    assert [winner for _, _, winner in hand.tricks] == [3, 0, 3, 1, 0, 3, 3, 2, 2]
    assert hand.points() == [1, 2, 6, 13]
    assert hand.score_delta() == [1, 2, 6, 13]


def test_beginner_example_rob_must_play_the_rook_when_trump_is_led() -> None:
    """000 trick 6: "Since trump was led and Rob has no Black cards, he *must* play his Rook"."""
    rules = load_rules("rook-beginner")
    deal = {"hands": [h.split() for h in BEGINNER_EXAMPLE["hands"]], "nest": BEGINNER_EXAMPLE["nest"].split()}
    hand = of_kind(RookHand, Hand.from_deal(rules, deal, dealer=0))
    for trick in BEGINNER_EXAMPLE["tricks"][:5]:
        play_all(hand, ", ".join(f"play {c}" for c in trick.split()))
    play_all(hand, "play B12, play B5, play B14")
    assert hand.legal_actions() == ["play ROOK"]
