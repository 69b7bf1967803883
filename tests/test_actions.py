"""Action text of RULES.md: every action prints and parses exactly, and bad text gets a reason."""

import pytest

from game.engine import actions as A
from game.engine.cards import ROOK_DECK, STANDARD_DECK

ROOK_TEXTS = ["bid 85", "pass", "discard G5 G6 R10 Y6 B7", "trump green", "trump none", "order normal",
              "order reverse", "call R14", "play G14", "play ROOK", "lay-aside Y6"]
STANDARD_TEXTS = ["pass-cards 2C AH QS", "choose-hand 1", "choose-hand 2", "moon subtract", "moon add", "play QS",
                  "trump spades", "play JK"]


@pytest.mark.parametrize("text", ROOK_TEXTS)
def test_rook_action_text_round_trips(text: str) -> None:
    action = A.parse_action(text, ROOK_DECK)
    again = A.action_text(action, ROOK_DECK)
    assert A.parse_action(again, ROOK_DECK) == action
    assert sorted(again.split()) == sorted(text.split())


@pytest.mark.parametrize("text", STANDARD_TEXTS)
def test_standard_action_text_round_trips(text: str) -> None:
    assert A.action_text(A.parse_action(text, STANDARD_DECK), STANDARD_DECK) == text


def test_card_actions_print_their_cards_in_canonical_order() -> None:
    """RULES.md: "discard G5 R10 Y6 B7 G6" is accepted in any order and printed in one canonical order."""
    assert A.action_text(A.parse_action("discard G5 R10 Y6 B7 G6", ROOK_DECK), ROOK_DECK) == "discard B7 G5 G6 R10 Y6"


def test_playing_a_card_is_the_card_code_itself() -> None:
    assert A.parse_action("play G14", ROOK_DECK) == 16 + 14
    assert A.kind_of(A.parse_action("play G14", ROOK_DECK)) == A.PLAY


@pytest.mark.parametrize("text, reason", [
    ("", "empty"), ("dance", "not an action"), ("bid", "takes one word"), ("bid eighty", "not a number"),
    ("trump purple", "not a trump"), ("play G99", "not a Rook card"), ("pass now", "nothing after"),
    ("order sideways", "normal or reverse"), ("discard", "names cards"), ("discard G5 G5", "named twice"),
    ("moon up", "subtract or add"), ("choose-hand 3", "1 or 2"),
])
def test_bad_action_text_is_refused_with_a_reason(text: str, reason: str) -> None:
    with pytest.raises(A.ActionTextError, match=reason):
        A.parse_action(text, ROOK_DECK)


def test_non_text_is_refused() -> None:
    with pytest.raises(A.ActionTextError):
        A.parse_action(None, ROOK_DECK)  # type: ignore[arg-type]  # not text, as a damaged file may hold


PLAYERS_WORDS = [
    ("play G14", ROOK_DECK, "play Green 14"),
    ("play ROOK", ROOK_DECK, "play the Rook Bird"),
    ("discard G5 G6 R10 Y6 B7", ROOK_DECK, "lay Black 7, Green 5, Green 6, Red 10, Yellow 6 in the nest"),
    ("trump green", ROOK_DECK, "choose green as trump"),
    ("trump none", ROOK_DECK, "choose no trump"),
    ("call R14", ROOK_DECK, "call Red 14"),
    ("lay-aside Y6", ROOK_DECK, "lay Yellow 6 aside"),
    ("bid 85", ROOK_DECK, "bid 85"),
    ("pass", ROOK_DECK, "pass"),
    ("order reverse", ROOK_DECK, "play the reverse order (2 high)"),
    ("pass-cards 2C TH QS", STANDARD_DECK, "pass 2♣, 10♥, Q♠"),
    ("play JK", STANDARD_DECK, "play the joker"),
    ("choose-hand 2", STANDARD_DECK, "choose hand 2"),
    ("moon add", STANDARD_DECK, "add to everyone else's score"),
]


@pytest.mark.parametrize("text, deck, words", PLAYERS_WORDS)
def test_an_action_in_a_players_words(text: str, deck: str, words: str) -> None:
    """Text a player reads names cards as players do (10♥, Red 14, the Rook Bird), never in the notation."""
    assert A.action_words(A.parse_action(text, deck), deck) == words
