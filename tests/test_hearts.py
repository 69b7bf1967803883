"""One test per rule sentence of the Hearts book (002) and per Hearts decision of RULES.md, on hand-built deals.

Each test quotes the sentence or names the decision it checks.
"""

from collections.abc import Callable

import pytest

from game.engine import Hand, IllegalAction, Match, Rules, load_rules
from game.engine.hearts import HeartsHand, pass_direction, pass_receiver
from game.engine.results import HandResult
from tests.support.deals import ALL_HEARTS, build_deal, hand_with, play_all
from tests.support.kinds import hearts_part, of_kind

CLASSIC = load_rules("hearts-classic")
ROYAL = load_rules("hearts-royal")
ALONE = HandResult(points=(), score_change=(), sides=((0,), (1,), (2,), (3,)))  # the last hand of a match
# No passing, so play rules can be tested from the deal as written.
HOLD = CLASSIC.changed({"pass_cycle": ["hold"]})
HOLD_ROYAL = ROYAL.changed({"pass_cycle": ["hold"]})
# Seat 0 (left of dealer 3) leads whatever it likes.
FREE_LEAD = HOLD.changed({"two_clubs_leads": False})


def play_to_end(hand: Hand, pick: Callable[[list[str]], str] = lambda legal: legal[0]) -> Hand:
    while not hand.is_done:
        hand.apply(pick(hand.legal_actions()))
    return hand


# --- Preparation and dealing ---

def test_dealer_deals_them_all_out_so_each_player_has_13_cards() -> None:
    """002: "The dealer shuffles the cards and deals them all out, so each player has a hand of 13 cards." """
    hand = of_kind(HeartsHand, Hand.deal(CLASSIC, seed=1))
    sizes = [len(hand.view(seat).hand) for seat in range(4)]
    assert sizes == [13, 13, 13, 13]
    assert len({card for seat in range(4) for card in hand.view(seat).hand}) == 52


def test_same_seed_deals_the_same_hand_and_another_seed_another() -> None:
    a, b, c = Hand.deal(CLASSIC, seed=5), Hand.deal(CLASSIC, seed=5), Hand.deal(CLASSIC, seed=6)
    assert a.deal_text() == b.deal_text()
    assert a.deal_text() != c.deal_text()


# --- Part I: passing ---

def test_players_pass_three_cards_before_play() -> None:
    """002: "choose three cards in your hand to give to another player." """
    hand = of_kind(HeartsHand, Hand.deal(CLASSIC, seed=2, dealer=3))
    assert hand.phase == "pass"
    assert hand.to_move == 0
    mine = hand.view(0).hand
    assert "Pass exactly 3 cards" in (hand.check(f"pass-cards {mine[0]} {mine[1]}") or "")
    assert "Pass exactly 3 cards" in (hand.check(f"pass-cards {' '.join(mine[:4])}") or "")
    assert hand.check(f"pass-cards {' '.join(mine[:3])}") is None


def test_a_player_can_pass_only_cards_in_their_own_hand() -> None:
    hand = of_kind(HeartsHand, hand_with(CLASSIC, {0: "AS KS QS", 1: "2C"}, dealer=3))
    with pytest.raises(IllegalAction, match="2♣ is not in your hand"):
        hand.apply("pass-cards AS KS 2C")
    assert hand.actions == [] and hand.to_move == 0


@pytest.mark.parametrize("number, direction", [(0, "left"), (1, "across"), (2, "right"), (3, "left"), (5, "right")])
def test_passing_goes_left_across_right_and_repeats(number: int, direction: str) -> None:
    """002: "On the first hand ... left ... second hand ... across ... third hand ... right ... This pattern
    repeats (Left, Across, Right)"; decision 15: no hold hand."""
    assert pass_direction(CLASSIC, number) == direction
    assert hearts_part(Hand.deal(CLASSIC, seed=3, number=number).view(0)).pass_direction == direction


@pytest.mark.parametrize("direction, offset", [("left", 1), ("across", 2), ("right", 3)])
def test_passed_cards_reach_the_player_in_the_direction(direction: str, offset: int) -> None:
    """002: "all players pass their three cards to the person on their left (getting three cards from the
    person on their right)" and likewise across and to the right."""
    number = ["left", "across", "right"].index(direction)
    hands = {0: "AS KS QS", 1: "AD KD QD", 2: "AC KC QC", 3: "AH KH QH"}
    hand = of_kind(HeartsHand, hand_with(CLASSIC, hands, dealer=3, number=number))
    play_all(hand, "pass-cards AS KS QS, pass-cards AD KD QD, pass-cards AC KC QC, pass-cards AH KH QH")
    passed = {0: {"AS", "KS", "QS"}, 1: {"AD", "KD", "QD"}, 2: {"AC", "KC", "QC"}, 3: {"AH", "KH", "QH"}}
    for giver, cards in passed.items():
        taker = (giver + offset) % 4
        view = hand.view(giver)  # the seat a dialog names before the pass, from the view
        assert pass_receiver(hearts_part(view).pass_direction, view.seat, view.players) == taker
        assert cards <= set(hand.view(taker).hand)
        assert set(hearts_part(hand.view(taker)).received) == cards
        assert not cards & set(hand.view(giver).hand)


def test_you_cannot_look_at_the_cards_you_are_receiving_before_you_pass() -> None:
    """002: "You cannot look at the cards you are receiving before you pass. Everyone selects their cards at once
    and passes them at the same time." """
    hand = of_kind(HeartsHand, hand_with(CLASSIC, {0: "AS KS QS", 1: "AD KD QD"}, dealer=3))
    hand.apply("pass-cards AS KS QS")
    view = hand.view(1)
    assert not {"AS", "KS", "QS"} & set(view.hand)
    assert hearts_part(view).received == ()
    assert "AS" not in str(view)
    assert hearts_part(hand.view(0)).passing == ("QS", "KS", "AS")


# --- Part II: playing 13 tricks ---

def test_whoever_has_the_two_of_clubs_must_lead_it() -> None:
    """002: "Whoever has the 2♣ must lead with that card as the first card of the first trick"; decision 16."""
    hand = of_kind(HeartsHand, hand_with(HOLD, {2: "2C AS"}))
    assert hand.phase == "play" and hand.to_move == 2
    assert hand.legal_actions() == ["play 2C"]
    with pytest.raises(IllegalAction, match="The 2 of clubs leads the first trick"):
        hand.apply("play AS")


def test_play_proceeds_clockwise() -> None:
    """002: "Play proceeds clockwise"."""
    hand = of_kind(HeartsHand, hand_with(HOLD, {2: "2C"}))
    seats = []
    for _ in range(4):
        seats.append(hand.to_move)
        hand.apply(hand.legal_actions()[0])
    assert seats == [2, 3, 0, 1]


# Pam (0) leads 8C, Rachel (1) must play her club, Andrea (2) has no clubs, Julie (3) holds only QC.
PAM_EXAMPLE = {
    0: "8C 2C 4C 5C 6C 7C 9C TC JC KC AC 2D 3D",
    1: "3C 4D 5D 6D 7D 8D 9D TD JD QD KD AD 2S",
    2: ALL_HEARTS,
    3: "QC 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS",
}


def test_book_example_the_highest_card_of_the_suit_led_wins() -> None:
    """002: "Pam leads with the 8♣. Rachel ... must play one. She plays the 3♣. Andrea has no clubs and can play
    any card. She plays the King♥. Julie has only one club, the Queen♣, and must play it. Julie played the highest
    club, the Queen, and wins the trick." """
    hand = of_kind(HeartsHand,
                   Hand.from_deal(FREE_LEAD, {"hands": [PAM_EXAMPLE[s].split() for s in range(4)]}, dealer=3))
    hand.apply("play 8C")
    with pytest.raises(IllegalAction, match="You must follow clubs"):
        hand.apply("play AD")
    hand.apply("play 3C")
    assert set(hand.legal_actions()) == {f"play {c}" for c in ALL_HEARTS.split()}
    hand.apply("play KH")
    assert hand.legal_actions() == ["play QC"]
    hand.apply("play QC")
    assert hand.tricks[-1][2] == 3
    assert hand.points() == [0, 0, 0, 1]


def test_whoever_wins_the_trick_leads_the_next() -> None:
    """002: "Whoever wins the trick plays the first card of the next trick." """
    hand = of_kind(HeartsHand,
                   Hand.from_deal(FREE_LEAD, {"hands": [PAM_EXAMPLE[s].split() for s in range(4)]}, dealer=3))
    play_all(hand, "play 8C, play 3C, play KH, play QC")
    assert hand.to_move == 3 and hand.trick == []


def test_aces_are_high() -> None:
    """002: "Aces are high cards in Hearts." """
    hand = of_kind(HeartsHand, hand_with(FREE_LEAD, {0: "KC", 1: "AC", 2: "2C", 3: "3C"}, dealer=3))
    play_all(hand, "play KC, play AC, play 2C, play 3C")
    assert hand.tricks[-1][2] == 1


def test_there_is_no_trump_suit() -> None:
    """002: "There is no trump suit in Hearts – the suit led always wins the trick." """
    hand = of_kind(HeartsHand,
                   hand_with(FREE_LEAD, {0: "2D", 1: "AS", 2: "AC", 3: "3D"}, void={1: "D", 2: "D"}, dealer=3))
    play_all(hand, "play 2D, play AS, play AC, play 3D")
    assert hand.tricks[-1][2] == 3


def test_hearts_may_not_be_led_before_they_are_broken() -> None:
    """002: "You can only lead with a heart providing one of the following has happened"; decision 16."""
    hand = of_kind(HeartsHand, hand_with(FREE_LEAD, {0: "AH 2D"}, dealer=3))
    with pytest.raises(IllegalAction, match="Hearts are not broken"):
        hand.apply("play AH")
    assert "play AH" not in hand.legal_actions()


def test_a_heart_played_on_another_suit_breaks_hearts() -> None:
    """002: "A heart has been played (in a trick when someone couldn't follow the lead suit)"."""
    hand = of_kind(HeartsHand,
                   hand_with(FREE_LEAD, {0: "2D 3H", 1: "2H", 2: "4D", 3: "5D 9H"}, void={1: "D"}, dealer=3))
    assert "Hearts are not broken" in (hand.check("play 3H") or "")
    play_all(hand, "play 2D")
    assert not hand.broken
    play_all(hand, "play 2H, play 4D, play 5D")
    assert hand.broken
    assert hand.to_move == 3
    assert hand.check("play 9H") is None


def test_the_queen_of_spades_breaks_hearts() -> None:
    """002: "The Queen of spades has been played"; the book's version box: "Playing the Queen of spades does break
    hearts." """
    hand = of_kind(HeartsHand,
                   hand_with(FREE_LEAD, {0: "2D AH", 1: "QS 3H", 2: "4D", 3: "5D AS"}, void={1: "D"}, dealer=3))
    play_all(hand, "play 2D, play QS, play 4D, play 5D")
    assert hand.broken
    assert hand.tricks[-1][2] == 3


def test_a_player_with_only_hearts_may_lead_hearts() -> None:
    """002: "You have a hand of all hearts and you have the lead." """
    hand = of_kind(HeartsHand, hand_with(FREE_LEAD, {0: ALL_HEARTS}, dealer=3))
    assert hand.check("play 2H") is None
    assert len(hand.legal_actions()) == 13


def test_the_queen_of_spades_may_be_led_before_hearts_are_broken() -> None:
    """002: "You can lead the Queen♠ before hearts have been broken." Decision 16."""
    hand = of_kind(HeartsHand, hand_with(FREE_LEAD, {0: "QS 2H"}, dealer=3))
    assert hand.check("play QS") is None


def test_a_player_must_follow_suit_if_able_and_may_slough_if_not() -> None:
    """002: "The person to the left must follow suit, if able ... If not, she may play any suit" """
    hand = of_kind(HeartsHand, hand_with(FREE_LEAD, {0: "5S", 1: "9S AD", 2: "AC KD"}, void={2: "S"}, dealer=3))
    hand.apply("play 5S")
    assert all(a.endswith("S") for a in hand.legal_actions())
    with pytest.raises(IllegalAction, match="You must follow spades"):
        hand.apply("play AD")
    hand.apply("play 9S")
    assert len(hand.legal_actions()) == 13


def test_penalty_cards_may_be_played_on_the_first_trick() -> None:
    """Version box: "You can play a penalty card (a heart or the Queen of spades) on the first trick." Decision 16."""
    hand = of_kind(HeartsHand, hand_with(HOLD, {0: "2C", 1: "QS AH"}, void={1: "C"}))
    hand.apply("play 2C")
    assert hand.check("play QS") is None and hand.check("play AH") is None


def test_illegal_action_is_refused_with_a_reason_and_the_hand_is_unchanged() -> None:
    """Decision 10: the engine never accepts an illegal play; a rejected action explains why."""
    hand = of_kind(HeartsHand, hand_with(HOLD, {0: "2C"}))
    before = hand.record()
    for text in ("play 3C", "bid 85", "play XX", "play", "dance", "pass-cards 2C"):
        with pytest.raises(IllegalAction) as err:
            hand.apply(text)
        assert str(err.value)
        assert hand.record() == before


def test_a_card_not_in_hand_is_refused() -> None:
    hand = of_kind(HeartsHand, hand_with(HOLD, {0: "2C", 1: "AS"}))
    with pytest.raises(IllegalAction, match="A♠ is not in your hand"):
        hand.apply("play AS")


# --- Part III: scoring ---

def test_each_heart_is_one_point_and_the_queen_of_spades_thirteen() -> None:
    """002: "players are penalized 1 point for every heart they take and 13 points for taking the Queen of spades"
    ... "the total number of points is always 26"."""
    hand = of_kind(HeartsHand, hand_with(FREE_LEAD, {0: "2S 3H", 1: "QS 4H", 2: "AS", 3: "KS"}, dealer=3))
    play_all(hand, "play 2S, play QS, play AS, play KS")
    assert hand.points() == [0, 0, 13, 0]
    play_to_end(hand)
    assert sum(hand.points()) == 26
    assert hand.score_delta() == hand.points()


def moon_hand(rules: Rules, scores: list[int] | None = None) -> Hand:
    """Seat 0 holds all thirteen clubs: it leads the 2C, nobody else can follow, so it wins every trick and takes
    every heart and the Queen of spades whatever anyone plays."""
    return hand_with(rules, {0: "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC"}, scores=scores)


def shoot(hand: Hand) -> Hand:
    """Play the hand out, stopping at the shooter's choice if the rules ask for one."""
    while hand.phase == "play":
        hand.apply(hand.legal_actions()[-1])
    return hand


def test_shooting_the_moon_subtracts_26_from_the_shooter() -> None:
    """002: "if you can get all 26 penalty points ... You can subtract 26 from your score sheet score." """
    hand = of_kind(HeartsHand, shoot(moon_hand(HOLD, scores=[40, 10, 20, 30])))
    assert hand.moon_shooter() == 0
    assert hand.phase == "moon" and hand.to_move == 0
    assert hand.legal_actions() == ["moon subtract", "moon add"]
    hand.apply("moon subtract")
    assert hand.score_delta() == [-26, 0, 0, 0]


def test_shooting_the_moon_can_add_26_to_every_other_player() -> None:
    """002: "You can choose to have all other players add 26 to their scores." """
    hand = of_kind(HeartsHand, shoot(moon_hand(HOLD, scores=[40, 10, 20, 30])))
    hand.apply("moon add")
    assert hand.score_delta() == [0, 26, 26, 26]


def test_the_moon_subtraction_never_goes_below_zero() -> None:
    """002: "(You can never go below 0 but you can pick this option to subtract down to 0.)" """
    hand = of_kind(HeartsHand, shoot(moon_hand(HOLD, scores=[10, 0, 0, 0])))
    hand.apply("moon subtract")
    assert hand.score_delta() == [-10, 0, 0, 0]


def test_taking_25_points_is_not_shooting_the_moon() -> None:
    """002: "Remember that taking 25 points adds 25 to your score. You must take all 26 points to shoot the moon." """
    hand = of_kind(HeartsHand, Hand.deal(HOLD, seed=1))
    hand.taken = [HOLD.parse_cards(f"QS {ALL_HEARTS}".replace("2H", "").split()), HOLD.parse_cards(["2H"]), 0, 0]
    assert hand.moon_shooter() is None
    assert hand.points() == [25, 1, 0, 0]
    assert hand.score_delta() == [25, 1, 0, 0]


def test_only_the_one_seat_with_every_point_taken_so_far_may_still_shoot_the_moon() -> None:
    """002: "if you can get all 26 penalty points" and "You must take all 26 points to shoot the moon": once a
    seat has taken a heart or the Queen of spades, no other seat can; once two have, nobody can. The seat's view
    (what a computer player is given) says the same."""
    hand = of_kind(HeartsHand, hand_with(FREE_LEAD, {0: "2S 3H 2D", 1: "QS 4H 3D", 2: "AS 5H 4D", 3: "KS 6H AD"},
                                         dealer=3))
    assert hand.moon_takers() == [] and all(hand.may_shoot_moon(seat) for seat in range(4))
    play_all(hand, "play 2S, play QS, play AS, play KS")
    assert hand.moon_takers() == [2]
    assert [hand.may_shoot_moon(seat) for seat in range(4)] == [False, False, True, False]
    seen = hand.seen_by(1)
    assert seen.moon_takers() == [2] and not seen.may_shoot_moon(1) and seen.may_shoot_moon(2)
    play_all(hand, "play 4D, play AD, play 2D, play 3D")
    assert hand.moon_takers() == [2]
    play_all(hand, "play 6H, play 3H, play 4H, play 5H")
    assert hand.moon_takers() == [2, 3] and not any(hand.may_shoot_moon(seat) for seat in range(4))


def test_royal_queens_of_diamonds_and_clubs_taken_by_another_seat_leave_the_moon_open() -> None:
    """Decision 17: the Royal moon needs every heart and the Queen of spades, not the other queens: its reward
    counts them where the shooter took them ("42 with the Queen of diamonds, 26 with the Queen of clubs"), and
    "Another player who took the Queen of diamonds still gets -10". So another seat taking either leaves every
    seat free to shoot."""
    rules = HOLD_ROYAL.changed({"two_clubs_leads": False})
    hand = of_kind(HeartsHand, hand_with(rules, {0: "2D 2C QS", 1: "QD QC 3S", 2: "AD 3C 4S", 3: "KD AC 2S"},
                                         dealer=3))
    play_all(hand, "play 2D, play QD, play AD, play KD")  # seat 2 takes the Queen of diamonds
    play_all(hand, "play 3C, play AC, play 2C, play QC")  # seat 3 the Queen of clubs
    assert hand.moon_takers() == [] and all(hand.may_shoot_moon(seat) for seat in range(4))
    play_all(hand, "play 2S, play QS, play 3S, play 4S")  # seat 0 takes the Queen of spades
    assert hand.moon_takers() == [0] and [hand.may_shoot_moon(seat) for seat in range(4)] == [True] + [False] * 3


@pytest.mark.parametrize("mode, delta", [("add", [0, 26, 26, 26]), ("subtract", [-26, 0, 0, 0])])
def test_house_rule_fixes_the_moon_reward(mode: str, delta: list[int]) -> None:
    """Decision 17 (house: always add / always subtract): no choice is asked."""
    hand = of_kind(HeartsHand, shoot(moon_hand(HOLD.changed({"moon": mode}), scores=[50, 50, 50, 50])))
    assert hand.is_done
    assert hand.score_delta() == delta


# --- Ending the game ---

def test_the_game_ends_when_someone_reaches_100_and_the_fewest_points_win() -> None:
    """002: "The game is over when, at the end of the hand, one or more players have taken enough points to reach
    100 or more. The person with the fewest points is the winner." Decision 7."""
    from game.engine.hearts import HeartsHand
    assert HeartsHand.match_outcome(CLASSIC, [99, 40, 60, 80], 9, ALONE) is None
    assert HeartsHand.match_outcome(CLASSIC, [100, 40, 60, 80], 9, ALONE) == [1]


def test_equal_lowest_scores_share_the_win() -> None:
    """002: "If two or more players are tied with matching low scores, then the game is a tie among those players." """
    from game.engine.hearts import HeartsHand
    assert HeartsHand.match_outcome(CLASSIC, [104, 40, 40, 80], 9, ALONE) == [1, 2]


def test_house_fixed_number_of_hands_ends_the_match() -> None:
    """Decision 8 (house): play N hands; in Hearts the lowest total wins."""
    from game.engine.hearts import HeartsHand
    rules = CLASSIC.changed({"fixed_hands": 3})
    assert HeartsHand.match_outcome(rules, [10, 5, 20, 30], 2, ALONE) is None
    assert HeartsHand.match_outcome(rules, [10, 5, 20, 30], 3, ALONE) == [1]


# --- Royal Hearts ---

def royal_points(cards_taken_by_seat0: str, rules: Rules = ROYAL) -> int:
    from game.engine.hearts import penalty_points
    return penalty_points(rules, rules.parse_cards(cards_taken_by_seat0.split()))


def test_royal_queen_of_spades_is_worth_26() -> None:
    """002: "The Queen of spades is worth 26 points in Royal Hearts (instead of 13)." Decision 18."""
    assert royal_points("QS") == 26
    assert royal_points("QS", CLASSIC) == 13


def test_royal_queen_of_clubs_cancels_the_queen_of_spades() -> None:
    """002: "If you take both the Queen of spades AND the Queen of clubs, then the Queen of spades is worth 0. The
    Queen of clubs by herself gives no bonus or penalty." """
    assert royal_points("QS QC") == 0
    assert royal_points("QC") == 0
    assert royal_points("QS QC 2H") == 1


def test_royal_queen_of_hearts_doubles_the_hearts_of_her_taker_only() -> None:
    """002: "Whoever has the Queen of hearts (and only that person) doubles the penalty points of all hearts she
    took ... including the broken-hearted Queen herself." """
    assert royal_points("QH 2H 3H") == 6
    assert royal_points("2H 3H") == 2


def test_royal_queen_of_diamonds_is_minus_ten_but_no_score_goes_below_zero() -> None:
    """002: "The Queen of diamonds is worth -10 points ... However, no player may go below 0 on the score sheet." """
    assert royal_points("QD 2H") == -9
    hand = of_kind(HeartsHand, Hand.deal(HOLD_ROYAL, seed=1, scores=[3, 50, 0, 20]))
    hand.taken = [ROYAL.parse_cards(["QD"]), ROYAL.parse_cards(["QD"]) ^ ROYAL.parse_cards(["QD", "2H"]), 0,
                  ROYAL.parse_cards(f"QS {ALL_HEARTS}".replace("2H", "").split())]
    assert hand.points() == [-10, 1, 0, 50]
    assert hand.score_delta() == [-3, 1, 0, 50]


@pytest.mark.parametrize("extra, reward", [("", 52), ("QD", 42), ("QC", 26), ("QD QC", 16)])
def test_royal_moon_reward_table(extra: str, reward: int) -> None:
    """002 table "IF YOU TAKE ... THEN YOUR REWARD IS" 52 / 42 / 26 / 16 (decision 17: the third row means the
    Queen of clubs)."""
    assert royal_points(f"QS {ALL_HEARTS} {extra}") == reward


def test_royal_moon_shooter_rewarded_and_another_player_with_the_queen_of_diamonds_still_gets_minus_ten() -> None:
    """002: "If you shoot the moon and another player takes the Queen♦, then that player still gets the -10 point
    bonus off her score." """
    rules = HOLD_ROYAL.changed({"moon": "add"})
    hand = of_kind(HeartsHand, hand_with(rules, {0: f"{ALL_HEARTS}", 1: "QS", 2: "QD", 3: "2C"}, scores=[0, 0, 30, 0]))
    hand.taken[0] = rules.parse_cards(f"QS {ALL_HEARTS}".split())
    hand.taken[2] = rules.parse_cards(["QD"])
    assert hand.moon_shooter() == 0 and hand.moon_reward() == 52
    assert hand.score_delta() == [0, 52, 52 - 10, 52]


def test_royal_house_rule_plays_with_a_subset_of_the_queens() -> None:
    """002 "Other variations": "put in only one, two, or three of the Royal Hearts Queens"; decision 18."""
    rules = ROYAL.changed({"royal_queens": ["QD"]})
    assert royal_points("QS", rules) == 13
    assert royal_points("QD", rules) == -10
    assert royal_points("QH 2H", rules) == 2


# --- 3 and 5 players ---

def test_three_players_remove_the_two_of_diamonds_deal_17_and_pass_4() -> None:
    """002: "Remove the 2♦ from the deck, leaving 51 cards. Deal each player 17 cards ... pass 4 cards"."""
    rules = load_rules("hearts-3p")
    hand = of_kind(HeartsHand, Hand.deal(rules, seed=1))
    views = [hand.view(s) for s in range(3)]
    assert [len(v.hand) for v in views] == [17, 17, 17]
    assert all("2D" not in v.hand for v in views)
    assert views[hand.to_move].cards_to_choose == 4


def test_three_players_pass_left_then_right() -> None:
    """Decision 15: 3 players left, right."""
    rules = load_rules("hearts-3p")
    assert [pass_direction(rules, n) for n in range(4)] == ["left", "right", "left", "right"]


def test_five_players_remove_two_twos_deal_10_and_pass_2() -> None:
    """002: "Remove the 2♦ and the 2♠ from the deck, leaving 50 cards. Deal each player 10 cards ... pass 2"."""
    rules = load_rules("hearts-5p")
    hand = of_kind(HeartsHand, Hand.deal(rules, seed=1))
    cards = [c for s in range(5) for c in hand.view(s).hand]
    assert len(cards) == 50 and "2D" not in cards and "2S" not in cards
    assert hand.view(hand.to_move).cards_to_choose == 2


def test_five_players_pass_left_right_two_left_two_right() -> None:
    """Decision 15: 5 players left, right, two to the left, two to the right."""
    rules = load_rules("hearts-5p")
    assert [pass_direction(rules, n) for n in range(5)] == ["left", "right", "left2", "right2", "left"]
    hand = of_kind(HeartsHand,
                   hand_with(rules, {0: "AS KS", 1: "AD KD", 2: "AC KC", 3: "AH KH", 4: "QH JH"}, dealer=4, number=2))
    play_all(hand, "pass-cards AS KS, pass-cards AD KD, pass-cards AC KC, pass-cards AH KH, pass-cards QH JH")
    assert {"AS", "KS"} <= set(hand.view(2).hand)
    assert {"QH", "JH"} <= set(hand.view(1).hand)


# --- 2 players (decision 19) ---

TWO = load_rules("hearts-2p")


def two_player_hand(hands: dict[int, str], dealer: int = 1) -> Hand:
    return Hand.from_deal(TWO, build_deal(TWO, hands), dealer=dealer)


def test_two_players_deal_four_hands_and_choose_one_blind() -> None:
    """002: "deal them all out, facedown, into four hands ... Each player takes two hands of cards and selects one of
    them without looking at the other one." Decision 19: seats 0 and 1 take hands (0, 2) and (1, 3)."""
    hand = of_kind(HeartsHand, two_player_hand({2: "AS"}))
    assert hand.phase == "choose" and hand.to_move == 0
    assert hand.view(0).hand == () and hand.view(1).hand == ()
    hand.apply("choose-hand 2")
    assert "AS" in hand.view(0).hand and len(hand.view(0).hand) == 13
    hand.apply("choose-hand 1")
    assert hand.phase == "pass"


def test_two_players_trade_three_cards() -> None:
    """002: "You then trade three cards (like the regular "across" pass)"."""
    hand = of_kind(HeartsHand, two_player_hand({0: "AS KS QS", 1: "AH KH QH"}))
    play_all(hand, "choose-hand 1, choose-hand 1, pass-cards AS KS QS, pass-cards AH KH QH")
    assert {"AS", "KS", "QS"} <= set(hand.view(1).hand)
    assert {"AH", "KH", "QH"} <= set(hand.view(0).hand)


def test_two_players_play_their_lowest_club_on_the_first_trick_and_the_lower_club_leads() -> None:
    """002: "On the first trick, both players play their lowest club." Decision 19: "the holder of the lower club
    leads"."""
    rules = TWO.changed({"pass_cycle": ["hold"]})
    hand = Hand.from_deal(rules, build_deal(rules, {0: "3C 9C", 1: "5C 6C", 2: "2C"}, void={0: "C", 1: "C"}),
                          dealer=0)
    play_all(hand, "choose-hand 1, choose-hand 1")
    assert hand.phase == "play" and hand.to_move == 0
    assert hand.legal_actions() == ["play 3C"]
    hand.apply("play 3C")
    assert hand.legal_actions() == ["play 5C"]
    with pytest.raises(IllegalAction, match="lowest club"):
        hand.apply("play 6C")


def test_two_players_without_clubs_play_any_card_and_the_non_dealer_leads() -> None:
    """002: "If a player does not have a club, she may play any card." Decision 19: "the non-dealer if neither has
    a club"."""
    rules = TWO.changed({"pass_cycle": ["hold"]})
    clubs = "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC"
    hand = of_kind(HeartsHand,
                   Hand.from_deal(rules, build_deal(rules, {2: clubs}, void={0: "C", 1: "C", 3: "C"}), dealer=1))
    play_all(hand, "choose-hand 1, choose-hand 1")
    assert hand.phase == "play" and hand.to_move == 0
    assert len(hand.legal_actions()) == 13


def test_two_players_hearts_must_be_broken_again_in_the_second_hand_and_both_halves_score_together() -> None:
    """002: "In this second hand, hearts cannot be led until a heart has been played again in this hand" and
    "After both hands have been played, players score for all the tricks they took in both hands." """
    rules = TWO.changed({"pass_cycle": ["hold"]})
    hand = of_kind(HeartsHand, Hand.deal(rules, seed=11, dealer=1))
    play_all(hand, "choose-hand 1, choose-hand 2")
    while hand.sub_hand == 0:
        hand.apply(hand.legal_actions()[-1])
    assert len(hand.tricks) == 13
    assert hand.broken is False
    assert len(hand.view(0).hand) == 13
    play_to_end(hand, pick=lambda legal: legal[0])
    assert len(hand.tricks) == 26
    assert sum(hand.points()) == 26


def test_two_players_shoot_the_moon_only_with_every_point_of_both_halves() -> None:
    """002: "In order to shoot the moon, you must take all the points in both hands, not just one." """
    rules = TWO.changed({"pass_cycle": ["hold"], "moon": "add"})
    hand = of_kind(HeartsHand, Hand.deal(rules, seed=3, dealer=1))
    play_all(hand, "choose-hand 1, choose-hand 1")
    play_to_end(hand)
    everything = rules.parse_cards(f"QS {ALL_HEARTS}".split())
    shooter = hand.moon_shooter()
    takers = [seat for seat in range(2) if hand.taken[seat] & everything]
    assert (shooter is not None) == (len(takers) == 1)


def test_two_players_a_penalty_card_taken_in_the_first_half_closes_the_moon_in_the_second() -> None:
    """Decision 19: "shooting the moon needs every point of both sub-hands", so a seat that took a heart or the
    Queen of spades in the first half is still the one that stops the other's moon in the second."""
    rules = TWO.changed({"pass_cycle": ["hold"]})
    hand = of_kind(HeartsHand, Hand.deal(rules, seed=11, dealer=1))
    play_all(hand, "choose-hand 1, choose-hand 2")
    while hand.sub_hand == 0:
        hand.apply(hand.legal_actions()[-1])
    first_half_takers = hand.moon_takers()
    assert len(first_half_takers) == 1  # this deal and play: one seat took every penalty card of the first half
    taker = first_half_takers[0]
    assert hand.may_shoot_moon(taker) and not hand.may_shoot_moon(1 - taker)
    hand.apply(hand.legal_actions()[0])  # the second half's first card: nothing taken in it yet
    assert hand.sub_hand == 1 and hand.moon_takers() == [taker] and not hand.may_shoot_moon(1 - taker)


# --- house rules (decisions 15 and 16) ---

def test_house_hold_hand_adds_a_hand_without_passing_to_the_cycle() -> None:
    """Decision 15 (house: add a hold hand to the cycle)."""
    rules = CLASSIC.changed({"hold_hand": True})
    assert [pass_direction(rules, n) for n in range(5)] == ["left", "across", "right", "hold", "left"]
    hand = of_kind(HeartsHand, Hand.deal(rules, seed=1, number=3))
    assert hand.phase == "play"


def test_house_rule_without_the_two_of_clubs_lead_the_player_left_of_the_dealer_leads() -> None:
    """Decision 16 (house): the 2 of clubs need not lead."""
    hand = of_kind(HeartsHand, hand_with(FREE_LEAD, {3: "2C", 2: "AS KD"}, dealer=1))
    assert hand.to_move == 2
    assert hand.check("play AS") is None and hand.check("play KD") is None


def test_house_rule_queen_of_spades_does_not_break_hearts() -> None:
    """Decision 16 (house): the Queen of spades need not break hearts."""
    rules = FREE_LEAD.changed({"qs_breaks_hearts": False})
    hand = of_kind(HeartsHand, hand_with(rules, {0: "2D AH", 1: "QS 3H", 2: "4D", 3: "5D AS"}, void={1: "D"}, dealer=3))
    play_all(hand, "play 2D, play QS, play 4D, play 5D")
    assert not hand.broken


def test_house_rule_no_penalty_cards_on_the_first_trick() -> None:
    """Decision 16 (house): penalty cards may be kept off the first trick."""
    rules = HOLD.changed({"penalty_on_first_trick": False})
    hand = of_kind(HeartsHand, hand_with(rules, {0: "2C", 1: "QS AH 2D"}, void={1: "C"}))
    hand.apply("play 2C")
    with pytest.raises(IllegalAction, match="first trick"):
        hand.apply("play QS")
    assert hand.check("play 2D") is None


def test_house_rule_hearts_may_be_led_before_broken() -> None:
    """Decision 16 (house): hearts may be led at any time."""
    rules = FREE_LEAD.changed({"hearts_must_be_broken": False})
    hand = of_kind(HeartsHand, hand_with(rules, {0: "AH 2D"}, dealer=3))
    assert hand.check("play AH") is None


def test_house_rule_queen_of_spades_may_not_be_led_before_hearts_are_broken() -> None:
    """Decision 16 (house): the Queen of spades may be held back from the lead until hearts are broken."""
    rules = FREE_LEAD.changed({"qs_leads_any_time": False})
    hand = of_kind(HeartsHand, hand_with(rules, {0: "QS 2D"}, dealer=3))
    with pytest.raises(IllegalAction, match="The Queen of spades may not be led"):
        hand.apply("play QS")


# --- match play ---

def test_a_hearts_match_rotates_the_dealer_and_the_passing_direction() -> None:
    match = Match(CLASSIC, seed=4)
    first = match.hand.dealer
    directions = []
    for number in range(4):
        hand = of_kind(HeartsHand, match.hand)
        assert hand.dealer == (first + number) % 4
        directions.append(hand.direction)
        play_to_end(hand)
        match.next_hand()
    assert directions == ["left", "across", "right", "left"]


def test_a_hearts_match_adds_the_hand_scores_and_ends_at_100() -> None:
    match = Match(CLASSIC, seed=9)
    totals = [0, 0, 0, 0]
    while True:
        play_to_end(match.hand)
        totals = [t + d for t, d in zip(totals, match.hand.score_delta())]
        assert match.scores == totals
        if match.is_over:
            break
        assert max(totals) < 100
        match.next_hand()
    assert max(totals) >= 100
    assert match.winners == [s for s in range(4) if totals[s] == min(totals)]


def test_a_hands_worth_to_a_seat_is_its_score_against_the_others_average() -> None:
    """The margin the computers maximise and the review reports: a seat's score change against the average of the
    players not on its side (Hearts: fewer penalty points is better; partners: the other side only)."""
    hearts = HandResult(points=(2, 20, 0, 4), score_change=(2, 20, 0, 4), sides=((0,), (1,), (2,), (3,)),
                        lower_is_better=True)
    assert hearts.others_average(0) == 8 and hearts.margin(0) == 6
    partners = HandResult(points=(70, 50, 70, 50), score_change=(70, -80, 70, -80), sides=((0, 2), (1, 3)))
    assert partners.others_average(0) == -80 and partners.margin(0) == 150 and partners.margin(1) == -150


def quiet_and_moon(players: int) -> tuple[HandResult, HandResult]:
    """A hand of ``players`` in which seat 0 took 13 and the others shared the other 13, and one seat 0 shot."""
    sides = tuple((seat,) for seat in range(players))
    others = [13 // (players - 1)] * (players - 1)
    others[0] += 13 - sum(others)
    quiet = HandResult(points=(13, *others), score_change=(13, *others), sides=sides, lower_is_better=True)
    moon = HandResult(points=(26,) + (0,) * (players - 1), score_change=(0,) + (26,) * (players - 1), sides=sides,
                      moon_shooter=0, lower_is_better=True)
    return quiet, moon


@pytest.mark.parametrize("preset", ["hearts-2p", "hearts-3p", "hearts-classic", "hearts-5p"])
def test_a_hearts_hand_is_worth_to_the_computers_its_share_of_the_points_left_the_moon_counted_whole(
        preset: str) -> None:
    """``HeartsHand.worth``, what Hard's share setting plays for: xinxin's share of the points a seat did not take,
    among everyone's, in points. With every point taken and no moon, minus the seat's own points, ranked as the
    margin ranks them; a moon another shoots costs the seat all 26 (the margin shares it out: the others took 26
    too), one it shoots is worth (players - 2) x 26 (2-player: no more than a hand without a point, as the other
    takes all 26 either way)."""
    rules = load_rules(preset)
    players = rules.players
    hand = Hand.deal(rules, seed=1)
    quiet, moon = quiet_and_moon(players)
    assert [hand.worth(quiet, seat) for seat in range(players)] == [-points for points in quiet.score_change]
    assert hand.worth(moon, 0) == (players - 2) * 26
    assert all(hand.worth(moon, seat) == -26 for seat in range(1, players))
    # the margin ranks quiet hands alike: for one seat, fewer points is better by both
    better = HandResult(points=(12, *quiet.points[1:-1], quiet.points[-1] + 1),
                        score_change=(12, *quiet.score_change[1:-1], quiet.score_change[-1] + 1), sides=quiet.sides,
                        lower_is_better=True)
    assert hand.worth(better, 0) > hand.worth(quiet, 0) and better.margin(0) > quiet.margin(0)


def test_the_most_points_one_player_can_take_count_the_special_queens() -> None:
    """Decision 18: the Royal Queen of spades counts 26 and the Queen of hearts doubles the hearts (52 in all),
    the Queen of diamonds -10 and the Queen of clubs cancelling the Queen of spades are better left: the scale of
    a Royal hand's worth. A Rook hand is worth its margin."""
    royal = load_rules("hearts-royal")
    assert HeartsHand.most_points(load_rules("hearts-classic")) == 26
    assert HeartsHand.most_points(royal.changed({"royal_queens": ["QS", "QH"]}, "the test")) == 52
    assert HeartsHand.most_points(royal.changed({"royal_queens": ["QD", "QC"]}, "the test")) == 26
    assert HeartsHand.most_points(royal.changed({"royal_queens": []}, "the test")) == 26
    rook = Hand.deal(load_rules("rook-classic"), seed=1)
    partners = HandResult(points=(70, 50, 70, 50), score_change=(70, -80, 70, -80), sides=((0, 2), (1, 3)))
    assert rook.worth(partners, 0) == partners.margin(0) == 150


@pytest.mark.parametrize("preset, scoring", [
    ("hearts-classic", "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH QS"),
    # decision 18: the special queens change the score too (QC cancels the Queen of spades, QD -10)
    ("hearts-royal", "QC QD 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH QS"),
])
def test_only_hearts_the_queen_of_spades_and_the_special_queens_decide_a_hands_score(preset: str, scoring: str) -> None:
    """Book 002 scoring: one point a heart, 13 for the Queen of spades (Royal: the special queens too); who takes any
    other card changes nothing, and the counters of a Rook game count nothing here."""
    rules = load_rules(preset)
    hand = of_kind(HeartsHand, Hand.deal(rules, seed=1))
    assert rules.cards_text(hand.scoring_cards()) == rules.cards_text(rules.parse_cards(scoring.split()))
    assert set(rules.card_points) == {0}


def test_a_pass_may_be_checked_ahead_of_the_seats_turn() -> None:
    """Book 002, "Passing 3 Cards": everyone chooses before the cards change hands. The seats still to choose are
    the engine's answer, the seat to move first; a seat's pass is legal ahead of its turn when the cards are its
    own, and refused in the same words as on its turn otherwise; a seat that chose, or a phase that is not a pass,
    has nothing to check ahead."""
    hand = of_kind(HeartsHand, Hand.deal(load_rules("hearts-classic"), seed=1, dealer=3))
    assert hand.to_move == 0 and hand.deciding_at_once() == (0, 1, 2, 3)
    views = [hand.view(seat) for seat in range(4)]
    assert [view.cards_to_choose for view in views] == [3, 3, 3, 3]
    ahead = views[2].choose_cards(views[2].hand[:3])
    assert hand.why_not_for(2, ahead) is None and hand.check(ahead) is not None  # seat 2's cards, not seat 0's
    stray = views[2].choose_cards([*views[2].hand[:2], views[1].hand[0]])
    card = hand.rules.player_card_name(views[1].hand[0])
    assert said_for(hand, 2, stray) == f"{card} is not in your hand"
    assert said_for(hand, 2, "play 2C") == "First choose 3 cards to pass to the left"
    hand.apply(views[0].choose_cards(views[0].hand[:3]))
    assert hand.deciding_at_once() == (1, 2, 3) and hand.view(0).cards_to_choose == 0
    assert said_for(hand, 0, views[0].choose_cards(views[0].hand[3:6])) == "It is not your turn"
    while hand.phase == "pass":
        hand.apply(hand.view(hand.to_move).choose_cards(hand.view(hand.to_move).hand[:3]))
    assert hand.deciding_at_once() == () and said_for(hand, 1, "play 2C") == "It is not your turn"


def said_for(hand: Hand, seat: int, action: str) -> str:
    """Why ``seat``'s action would be refused now, in words (asserted: it would be)."""
    why = hand.why_not_for(seat, action)
    assert why is not None, f"{action} is legal for seat {seat}"
    return hand.said(why)
