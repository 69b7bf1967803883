"""How to play (issue 25, item 2): a page per game for someone who has never played, its facts read from the rules,
so that it follows every house rule and never says what the engine does not do; and the one line New game and the
history show for a game."""

from __future__ import annotations

import re

import pytest

from game.engine import Hand, load_rules, preset_names
from game.engine.guide import how_to_play, summary
from game.engine.rules import Rules, RulesError
from tests.support.notation import notation_faults
from tests.support.rules import every_value

# house rules the house-rules screen offers for a game whose engine never reads them (so the page rightly says
# nothing of them): two players lead their lowest clubs (decision 19), Beginner has no bidding, and a deck without
# the Rook Bird has no bird to rank, nor a game without a nest a nest to give
UNREAD = {"hearts-2p": ("two_clubs_leads",), "hearts-royal-2p": ("two_clubs_leads",),
          "rook-beginner": ("min_bid", "bid_step", "max_bid", "all_pass"), "rook-original-3p": ("nest_to",),
          "rook-original-4p": ("nest_to",)}


def page(rules: Rules) -> str:
    return "\n".join(p.text for section in how_to_play(rules) for p in section.paragraphs)


def stating(rules: Rules, name: str) -> set[str]:
    """The paragraphs that say they state the house rule ``name``."""
    return {p.text for section in how_to_play(rules) for p in section.paragraphs if name in p.house}


@pytest.mark.parametrize("preset", preset_names())
def test_every_game_has_a_page_a_newcomer_can_read(preset: str) -> None:
    """The object, the deal, the play, scoring and winning for every game (bidding, the nest and trump where the game
    has them, passing in Hearts), in a player's words, and a one-line summary."""
    rules = load_rules(preset)
    headings = [section.heading for section in how_to_play(rules)]
    assert {"The object", "The cards and the deal", "The play", "Scoring", "Winning"} <= set(headings)
    if rules.family == "rook":
        assert "Trump" in headings and ("The nest" in headings) == bool(rules.nest_size)
        assert "Bidding" in headings
    else:
        assert ("Passing" in headings) == bool(rules.pass_count)
    assert not notation_faults(page(rules).splitlines() + [summary(rules)])
    assert all(p.text.endswith((".", ":")) and p.text[0].isupper() for s in how_to_play(rules) for p in s.paragraphs)


@pytest.mark.parametrize("preset", preset_names())
def test_the_page_states_the_numbers_the_rules_hold(preset: str) -> None:
    """Players, cards dealt, the nest, the bids, the points in a hand, the passing and the target, each as the rule
    fields (and the engine's sums of them) have it."""
    rules = load_rules(preset)
    text = page(rules)
    players = ("two", "three", "four", "five", "six")[rules.players - 2]
    assert text.startswith(f"{players.capitalize()} players")
    if rules.players == 2 and rules.family == "hearts":
        assert f"Four hands of {rules.hand_size} are dealt" in text
    else:
        assert f"{rules.hand_size} cards" in text
    assert f"{rules.deck_size} cards" in text
    assert f"{rules.target} points" in text and str(rules.target) in summary(rules)
    if rules.family == "rook":
        assert f"{rules.points_in_deck} points in a hand" in text
        if rules.nest_size:
            assert f"{rules.nest_size} cards go face down in the middle: the nest" in text
        if rules.has_auction:
            assert f"The first bid is at least {rules.min_bid}, and bids go up by {rules.bid_step}, to at most" \
                   f"{' the' if not rules.max_bid else ''} {rules.highest_bid}" in text
    elif rules.pass_count:
        assert f"passes {rules.pass_count} cards" in text


def test_the_page_follows_every_house_rule() -> None:
    """Issue 25: 'It must never state a fact the rule fields contradict: add a test that changes house rules and
    checks the page follows.' Every house rule of every game, set to each value it may take: the page changes, in
    the paragraphs that say they state that rule (the ones the page marks as a house rule)."""
    checked = 0
    for preset in preset_names():
        book = load_rules(preset)
        for name in book.house_fields():
            before = stating(book, name)
            if name in UNREAD.get(preset, ()) or name.startswith("bird_") and not book.bird:
                continue
            for value in every_value(book, name):
                if value == getattr(book, name):
                    continue
                try:
                    rules = book.changed({name: value})
                except RulesError:
                    continue
                assert stating(rules, name) != before, f"{preset}: {name} = {value!r} changes nothing the page says"
                checked += 1
    assert checked > 150


@pytest.mark.parametrize("preset,changes,says", [
    ("rook-classic", {"min_bid": 80, "bid_step": 10, "max_bid": 110}, "The first bid is at least 80, and bids go up by "
                                                                       "10, to at most 110."),
    ("rook-classic", {"bird_rank": "low"}, "the Rook Bird is always a trump, the lowest one"),
    ("rook-classic", {"bird_privilege": False}, "the Rook Bird follows the rules of any trump"),
    ("rook-classic", {"first_lead": "declarer"}, "The declarer leads the first trick."),
    ("rook-classic", {"nest_to": "nobody"}, "Nobody takes the nest: its counters are out of play."),
    ("rook-classic", {"all_pass": "dealer_takes_minimum"}, "the dealer must take the bid at 70"),
    ("rook-classic", {"target": 500}, "The first side to reach 500 points"),
    ("rook-classic", {"fixed_hands": 1}, "The match is exactly 1 hand; the highest total wins."),
    ("rook-classic", {"rotating_partners": True}, "exactly 12 hands, new partners every 4"),
    ("rook-classic", {"first_bid_required": True}, "The first bidder may not pass."),
    ("rook-500", {"cap": 400}, "between 400 and 500: it is set back to 400"),
    ("rook-500", {"fixed_hands": 12}, "The match is at most 12 hands: a declaring side that makes its bid and "
                                      "reaches 500 points wins at once"),
    ("rook-original-3p", {"extra_card_kept": True}, "keep it in hand through the play"),
    ("hearts-classic", {"two_clubs_leads": False}, "The player left of the dealer leads the first trick"),
    ("hearts-classic", {"qs_breaks_hearts": False}, "until a heart has been played"),
    ("hearts-classic", {"penalty_on_first_trick": False}, "No heart and not the Queen of spades may be played on the "
                                                          "first trick"),
    ("hearts-classic", {"hearts_must_be_broken": False}, "Hearts may be led at any time."),
    ("hearts-classic", {"qs_leads_any_time": False}, "The Queen of spades may not be led before hearts are broken"),
    ("hearts-classic", {"moon": "add"}, "26 points are added to every other player's score"),
    ("hearts-classic", {"hold_hand": True}, "to the left, across, to the right, no pass (hold), then round again"),
    ("hearts-classic", {"royal_queens": ["QD"]}, "The Queen of diamonds, Best Friend, is worth -10 points"),
    ("hearts-royal", {"royal_queens": []}, "the Queen of spades 13 points: 26 points in all"),
])
def test_a_house_rule_changed_is_said_on_the_page(preset: str, changes: dict[str, object], says: str) -> None:
    """Decisions 1-5, 8, 9, 12, 14-18 (house): each house rule as the page states it once changed."""
    text = page(load_rules(preset).changed(changes))
    assert says.lower() in text.lower(), text


def test_what_the_page_says_of_the_queen_and_the_moon_is_what_the_engine_scores() -> None:
    """002 "Each heart is worth 1 point and the Queen of spades is worth 13 points (... the total number of points is
    always 26)"; decision 18: the Royal Queen of spades 26. The figures on the page are the engine's scores."""
    for preset, queen in (("hearts-classic", 13), ("hearts-royal", 26)):
        rules = load_rules(preset)
        hand = Hand.deal(rules, seed=1)
        hand.taken[0] = 1 << rules.parse_card("QS")
        assert hand.points()[0] == queen and f"{queen} points" in page(rules)


def test_a_game_in_one_line() -> None:
    """Issue 25: 'New game shows one line per preset ("Classic partnership Rook: bid for trump and the nest; first
    side to 300")', from the rules in force."""
    rules = load_rules("rook-classic")
    line = f"{rules.title}: {summary(rules)}"
    assert line == "Classic partnership Rook: bid for trump and the nest; first side to 300"
    assert summary(rules.changed({"target": 500})).endswith("first side to 500")
    assert summary(load_rules("rook-beginner")) == "trump from the top of the nest, no bidding; first player to 40"
    assert summary(load_rules("hearts-classic").changed({"fixed_hands": 3})).endswith("3 hands, lowest total wins")
    # decision 23: under a cap, the target still ends a match of a fixed length
    assert summary(load_rules("rook-500").changed({"rotating_partners": True})).endswith(
        "12 hands, new partners every 4 unless a side reaches 500 first")
    assert len({summary(load_rules(preset)) for preset in preset_names()}) >= 12
    assert all(re.fullmatch(r"[a-z0-9].*; .+", summary(load_rules(preset))) for preset in preset_names())


@pytest.mark.parametrize("auction", ["open", "single"])
@pytest.mark.parametrize("preset", [name for name in preset_names() if load_rules(name).has_auction])
def test_the_bidding_speaks_to_the_reader_without_mixing_in_each_player(preset: str, auction: str) -> None:
    """Seen by a player on How to play, Rook: "each player bids the number of points you and your partner expect"
    mixed "each player" with "you" in one sentence. The turn order is said of the players, and what to bid to the
    reader, as the rest of the page says the rules ("You must play a card of the colour led"); each auction (open,
    and one bid each, decision 6) with and without partners and the dummy (decision 22)."""
    rules = load_rules(preset).changed({"auction": auction})
    bidding = next(section for section in how_to_play(rules) if section.heading == "Bidding")
    sentences = [sentence for paragraph in bidding.paragraphs for sentence in re.split(r"(?<=[.;])\s+",
                                                                                      paragraph.text)]
    assert any(re.search(r"\bOn your turn, bid the number of points you (and your partner )?expect", sentence)
               for sentence in sentences)
    assert not [sentence for sentence in sentences
                if re.search(r"\b(each|a|every) player\b", sentence, re.I) and re.search(r"\byour?\b", sentence)]
