"""The lessons (issue 35): the Rook rule book's example hand rebuilt card by card and replayed through the engine
trick by trick as the book tells it (book 000, "BEGINNER GAMEPLAY EXAMPLE", pages 7-16), the book's sentences that
leave only that deal, and the Hearts lesson's hand showing what it is written to show (book 002's rules)."""

from __future__ import annotations

import itertools
import random
import re

import pytest

from game.engine import Hand, load_rules
from game.engine import actions as A
from game.engine import cards as C
from game.engine.hand import DealText
from game.engine.hearts import HeartsHand
from game.engine.lessons import CARD_MARK, HEARTS_LESSON, LESSONS, ROOK_LESSON, Lesson, heading_for
from game.engine.rules import Rules
from tests.support.deals import BEGINNER_EXAMPLE
from tests.support.kinds import hearts_part, of_kind

JOHN, LINDSAY, ROB, CHRISTEN = range(4)
SEATS = {"John": JOHN, "Lindsay": LINDSAY, "Rob": ROB, "Christen": CHRISTEN}

# The book's tricks as it tells them: who plays what in order, who takes the trick and its points, in its words.
BOOK_TRICKS = [
    ("John Y8, Lindsay Y6, Rob Y14, Christen Y12", "Rob", 2, "Rob takes the trick, worth two points."),
    ("Rob R7, Christen R13, John R8, Lindsay R6", "Christen", 0, "Christen takes the trick, capturing no points."),
    ("Christen R9, John R11, Lindsay R10, Rob B10", "Rob", 4, "Rob takes the trick, for four points."),
    ("Rob G13, Christen G6, John G14, Lindsay G11", "John", 2, "John takes the trick, worth two points."),
    ("John R5, Lindsay B6, Rob G9, Christen B7", "Christen", 1, "Christen takes the trick, worth one point."),
    ("Christen B12, John B5, Lindsay B14, Rob ROOK", "Rob", 7, "Rob takes the trick, capturing seven points!"),
    ("Rob Y13, Christen G12, John Y9, Lindsay Y7", "Rob", 0, "Rob takes the trick, capturing no points."),
    ("Rob Y5, Christen B9, John Y10, Lindsay B11", "Lindsay", 3, "Lindsay takes the trick, capturing three points."),
    # "Lindsay leads with her last card, the Black 13. All other players in turn play their last cards."
    ("Lindsay B13, Rob *, Christen *, John *", "Lindsay", 3, "Lindsay takes the trick, capturing three points."),
]
FINAL_TALLY = {"Christen": 1, "John": 2, "Lindsay": 6, "Rob": 13}  # "Christen scored one point." ... "Rob scored 13"


def book_plays(last_cards: dict[str, str]) -> list[tuple[int, str]]:
    """Every play of the book in order, the last trick's unnamed cards ("*") filled from ``last_cards``."""
    plays = []
    for line, _, _, _ in BOOK_TRICKS:
        for play in line.split(", "):
            name, card = play.split()
            plays.append((SEATS[name], last_cards[name] if card == "*" else card))
    return plays


LESSON_LAST_CARDS = {"John": "G5", "Rob": "Y11", "Christen": "G10"}


def test_the_lessons_script_is_the_books_plays() -> None:
    """The lesson plays exactly the book's cards in the book's order (the last trick's three as the deal has them)."""
    assert [(step.seat, step.action) for step in ROOK_LESSON.steps] == \
        [(seat, f"play {card}") for seat, card in book_plays(LESSON_LAST_CARDS)]


def test_the_books_hand_replays_trick_by_trick_through_the_engine() -> None:
    """"Christen deals out the cards, including the 5-card nest." ... "It's the Black 8, so Black is trump for this
    hand." Each of the book's tricks, played through the engine from the rebuilt deal, goes to the player the book
    says with the points it says, and the final tally is the book's."""
    hand = ROOK_LESSON.hand()
    assert hand.dealer == CHRISTEN and hand.to_move == JOHN  # "Since Christen dealt, John plays the first card."
    view = hand.view(JOHN)
    assert view.rook is not None and view.rook.trump_card == "B8" and view.rook.trump == "black"
    plays = iter(book_plays(LESSON_LAST_CARDS))
    for line, winner, points, quote in BOOK_TRICKS:
        before = hand.points()
        for _ in range(4):
            seat, card = next(plays)
            assert hand.to_move == seat, line
            hand.apply(f"play {card}")  # refused (IllegalAction) if the seat does not hold it or must follow
        leader, _, taken_by = hand.tricks[-1]
        assert taken_by == SEATS[winner], quote
        assert hand.points()[taken_by] - before[taken_by] == points, quote
    assert hand.is_done
    assert {name: hand.points()[seat] for name, seat in SEATS.items()} == FINAL_TALLY


def test_the_lessons_deal_is_the_one_the_engines_tests_rebuilt() -> None:
    """tests/test_rook.py plays the same example (its deal in tests/support/deals.py), Christen at seat 0: the same
    cards in each hand and the nest, Black 8 on top."""
    hands = [set(words.split()) for words in BEGINNER_EXAMPLE["hands"]]  # Christen, John, Lindsay, Rob
    assert [set(cards) for cards in ROOK_LESSON.deal["hands"]] == [hands[1], hands[2], hands[3], hands[0]]
    assert ROOK_LESSON.deal["nest"] == BEGINNER_EXAMPLE["nest"].split()


# --- the deal the book's sentences leave ---

UNNAMED = ["Y11", "R12", "R14", "G5", "G7", "G8", "G10", "B8"]  # the cards the book never has anyone play


def held_at(hand: Hand, seat: int, before_trick: int, plays: list[tuple[int, str]]) -> set[str]:
    """The cards ``seat`` holds when trick ``before_trick`` (from 1) begins, replaying ``plays`` on a copy."""
    replay = Hand.from_deal(hand.rules, hand.deal_text(), hand.dealer)
    for _, card in plays[: 4 * (before_trick - 1)]:
        replay.apply(f"play {card}")
    return set(replay.rules.card_names(replay.held[seat]))


def colour(cards: set[str], letter: str) -> set[str]:
    return {card for card in cards if card[0] == letter and card[1:].isdigit()}  # the Rook Bird has no colour


def fits_the_book(rules: Rules, last: dict[str, str], nest: list[str]) -> bool:
    """Whether a deal with these last cards and this nest is the book's: every play legal, every trick and the tally
    as the book tells them, and every sentence it says about a hand true."""
    plays = book_plays(last)
    hands: list[list[str]] = [[], [], [], []]
    for seat, card in plays:
        hands[seat].append(card)
    try:
        hand = Hand.from_deal(rules, DealText(hands=hands, nest=nest), CHRISTEN)
        for seat, card in plays:
            if hand.to_move != seat:
                return False
            hand.apply(f"play {card}")
    except ValueError:  # a card played where it must not be (IllegalAction), or the deal is no deal
        return False
    view = hand.view(JOHN)
    if view.rook is None or view.rook.trump != "black":  # "It's the Black 8, so Black is trump"
        return False
    if [taken_by for _, _, taken_by in hand.tricks] != [SEATS[winner] for _, winner, _, _ in BOOK_TRICKS]:
        return False
    if {name: hand.points()[seat] for name, seat in SEATS.items()} != FINAL_TALLY:
        return False
    start = Hand.from_deal(rules, DealText(hands=hands, nest=nest), CHRISTEN)
    trumps = {"B5", "B6", "B7", "B8", "B9", "B10", "B11", "B12", "B13", "B14", "ROOK"}
    claims = [
        # "He has only one trump, the 5"
        held_at(start, JOHN, 1, plays) & trumps == {"B5"},
        # "He has only one trump, the 10 ... his only Red card, the 7" (the book does not count his Rook Bird)
        colour(held_at(start, ROB, 2, plays), "B") == {"B10"} and colour(held_at(start, ROB, 2, plays), "R") == {"R7"},
        # "Christen plays her lowest Green card, the 6."
        min(int(card[1:]) for card in colour(held_at(start, CHRISTEN, 4, plays), "G")) == 6,
        # "Although there are several possible leads for John, he finally decides to "dump" his only Red card, the 5."
        colour(held_at(start, JOHN, 5, plays), "R") == {"R5"},
        # "Rob can't follow suit, so he decides to "dump" his only Green card, the 9."
        colour(held_at(start, ROB, 5, plays), "G") == {"G9"},
        # "Rob has only Yellow cards left."
        held_at(start, ROB, 7, plays) == colour(held_at(start, ROB, 7, plays), "Y"),
        # "Christen can't follow suit and is saving her only trump."
        len(held_at(start, CHRISTEN, 7, plays) & trumps) == 1,
        # "Not wanting to lose her Green counter, Christen trumps in with her Black 9."
        bool(held_at(start, CHRISTEN, 8, plays) & {"G5", "G10", "G14"}),
    ]
    return all(claims)


def test_the_books_sentences_leave_only_the_lessons_deal() -> None:
    """The book names 33 of the 41 cards. Every way to give John, Rob and Christen their unnamed last card from the
    other eight, with the rest in the nest (any of them on top), is tried: only the lesson's deal plays every trick,
    every "must follow" and the final tally as the book does and makes every sentence about a hand true."""
    rules = load_rules("rook-beginner")
    found = []
    for john, rob, christen in itertools.permutations(UNNAMED, 3):
        rest = [card for card in UNNAMED if card not in (john, rob, christen)]
        for top in rest:
            nest = [top] + [card for card in rest if card != top]
            if fits_the_book(rules, {"John": john, "Rob": rob, "Christen": christen}, nest):
                found.append((john, rob, christen, top))
    assert found == [("G5", "Y11", "G10", "B8")]
    assert ROOK_LESSON.deal["nest"][0] == "B8" and set(ROOK_LESSON.deal["nest"]) == set(UNNAMED) - {"G5", "Y11", "G10"}


# --- the Hearts lesson ---

def play_script(lesson: Lesson, count: int | None = None) -> Hand:
    hand = lesson.hand()
    for step in lesson.steps[:count]:
        assert hand.to_move == step.seat, step
        hand.apply(step.action)
    return hand


def test_the_hearts_lesson_shows_the_pass_following_suit_hearts_broken_the_queen_and_the_moon() -> None:
    """Book 002: "Passing 3 Cards" (this first hand, to the left), "Whoever has the 2♣ must lead with that card",
    following suit, hearts broken once "A heart has been played", the Queen of spades taken, and shooting the moon:
    "if you can get all 26 penalty points ... you have shot the moon"."""
    hand = of_kind(HeartsHand, HEARTS_LESSON.hand())
    assert hand.phase == "pass" and hearts_part(hand.view(0)).pass_direction == "left"
    kinds: list[str] = []
    for step in HEARTS_LESSON.steps:
        kinds += [event.kind for event in hand.apply(step.action)]
    view = hearts_part(hand.view(0))
    assert set(view.received) == {"AH", "KH", "QH"} and set(view.passed) == {"AS", "KS", "JH"}
    first = hand.tricks[0]
    assert first.__class__ is tuple and first[1][0] == hand.rules.parse_card("2C")  # Andrea leads the 2 of clubs
    assert all(card >> 4 == 0 for card in first[1])  # everyone follows suit with a club
    assert kinds.count("hearts-broken") == 1 and kinds.count("queen-taken") == 1
    assert [winner for _, _, winner in hand.tricks] == [0, 0, 0, 0]
    # after the script the learner holds only hearts and nobody else holds one: every way to play on is the moon
    assert hand.view(0).hand and all(card.endswith("H") for card in hand.view(0).hand)
    assert not any(hand.held[seat] & C.SUIT_MASKS[C.HEARTS] for seat in (1, 2, 3))
    rng = random.Random(35)
    for _ in range(20):
        play_out = of_kind(HeartsHand, hand.copy())
        while play_out.phase == "play":
            play_out.push(play_out.random_action(rng))
        assert play_out.phase == "moon" and play_out.moon_shooter() == 0
    while hand.phase == "play":
        hand.apply(hand.legal_actions()[0])
    moon = HEARTS_LESSON.next_step(hand)
    assert moon is not None and moon.seat == 0
    hand.apply(moon.action)
    assert hand.is_done and HEARTS_LESSON.followed(hand)
    assert hand.score_delta() == [0, 26, 26, 26]


# --- following the script, and leaving it ---

def test_a_different_card_leaves_the_script_and_the_lesson_says_where() -> None:
    """The lesson's steps come while the hand follows its script; the learner's own card ends them."""
    hand = ROOK_LESSON.hand()
    assert ROOK_LESSON.next_step(hand) is ROOK_LESSON.steps[0] and ROOK_LESSON.last_step(hand) is None
    hand.apply("play Y8")
    assert ROOK_LESSON.last_step(hand) is ROOK_LESSON.steps[0] and ROOK_LESSON.followed(hand)
    hand.apply("play Y6")
    hand.apply("play Y14")
    hand.apply("play Y12")
    hand.apply("play R7")
    hand.apply("play R13")
    hand.apply("play R11")  # the book's John plays the Red 8 here
    assert ROOK_LESSON.left_at(hand) == 7 and not ROOK_LESSON.followed(hand)
    assert ROOK_LESSON.next_step(hand) is None and ROOK_LESSON.last_step(hand) is None
    hand.pop()
    assert ROOK_LESSON.followed(hand) and ROOK_LESSON.next_step(hand) is ROOK_LESSON.steps[6]


def test_a_moon_reward_other_than_the_lessons_leaves_the_script() -> None:
    hand = play_script(HEARTS_LESSON)
    while hand.phase == "play":
        hand.apply(hand.legal_actions()[0])
    hand.apply("moon subtract")
    assert not HEARTS_LESSON.followed(hand)


# --- what the lessons say ---

# cards the rules themselves name, whoever holds them (book 002: "Whoever has the 2♣ must lead with that card",
# "the Queen of spades is worth 13 points")
RULE_CARDS = {"2C", "QS"}


def marked_cards(text: str, rules: Rules) -> set[str]:
    return {rules.card_name(rules.parse_card(match.group(2))) for match in CARD_MARK.finditer(text)}


def seen_by_learner(hand: Hand, seat: int) -> set[str]:
    """The cards the learner can see: their own, every card played, what they pass or passed and what they received."""
    view = hand.view(seat)
    seen = set(view.hand) | {card for _, card in view.trick} | \
        {card for trick in view.tricks for _, card in trick.cards}
    if view.hearts is not None:
        seen |= set(view.hearts.passing) | set(view.hearts.passed) | set(view.hearts.received)
    return seen


@pytest.mark.parametrize("lesson", list(LESSONS.values()), ids=list(LESSONS))
def test_the_lessons_own_sentences_name_only_cards_the_learner_can_see(lesson: Lesson) -> None:
    """Issue 35: "Explanations never show a hidden card to the player before the book's text does." Every card the
    program's sentences name is the learner's, or played, passed or received, when the sentence is shown: an ask
    and a choice before the step, what is said after it (the book's quotations name cards in its own words)."""
    hand = lesson.hand()
    shown = []
    for step in lesson.steps:
        shown.append((step.ask + " " + step.choice, seen_by_learner(hand, lesson.learner)))
        hand.apply(step.action)
        shown += [(said, seen_by_learner(hand, lesson.learner)) for said in step.said]
    for text, seen in shown:
        assert marked_cards(text, lesson.rules) <= seen | RULE_CARDS, text


@pytest.mark.parametrize("lesson", list(LESSONS.values()), ids=list(LESSONS))
def test_each_choice_names_the_cards_of_its_action(lesson: Lesson) -> None:
    """The lesson's choice for a learner's step names the very cards it plays or passes, with the naming function:
    "The book's John leads the Yellow 8: a safe card." Every learner's step has one; no other step has."""
    for step in lesson.steps + lesson.after:
        action = lesson.action_of(step)
        if step.seat != lesson.learner:
            assert not step.choice and not step.ask
            continue
        cards = set(lesson.rules.card_names(A.payload_of(action))) if A.kind_of(action) == A.PASS_CARDS else \
            {lesson.rules.card_name(A.payload_of(action))} if A.kind_of(action) == A.PLAY else set()
        assert step.choice and cards <= marked_cards(step.choice, lesson.rules), step
        named = lesson.choice_text(step)
        assert "[" not in named and all(lesson.rules.player_card_name(card) in named for card in cards)
        assert not re.search(r"\b[BGRY]\d+\b|\b[2-9TJQKA][CDHS]\b", named), named  # no notation left


def test_headings_name_the_trick_and_the_player() -> None:
    hand = play_script(ROOK_LESSON, 5)
    assert heading_for(ROOK_LESSON, hand, ROOK_LESSON.steps[4], "You") == "Trick 2: Rob"
    hearts = play_script(HEARTS_LESSON, 1)
    assert heading_for(HEARTS_LESSON, hearts, HEARTS_LESSON.steps[0], "Sam") == "The pass"
    assert HEARTS_LESSON.name_of(0, "Sam") == "Sam" and ROOK_LESSON.name_of(0, "Sam") == "John"
