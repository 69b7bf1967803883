"""The engine's refusals as values (issue 35: "every dialog, message and refusal speak the chosen language", at a
network table too): a refusal is a reason and what it names in RULES.md notation, and ``Refusal.words`` is the one
place its sentence is written, in the language in force. Every reason has words in every language the game ships;
what a refusal names is said as a player names it; a reason this engine does not know, or one naming what the deck
has not (a newer or a hostile server's), has none, and nothing in it is taken for a placeholder.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from game.engine.language import use_language
from game.engine.refusals import REASONS, Refusal
from game.net.reasons import REASONS as SERVER_REASONS
from game.net.reasons import said
from tests.support.deals import hand_with
from tests.support.language import LANGUAGES


@pytest.fixture
def speaking() -> Iterator[None]:
    yield
    use_language()


def example(reason: str) -> tuple[Refusal, str]:
    """A refusal of ``reason`` with something in each field its sentence may name, and its deck."""
    if reason in ("pass-first", "pass-exactly"):
        return Refusal(reason, number=3, word="left"), "standard"
    return Refusal(reason, cards=("R14", "Y5"), number=120, step=5, word="red", detail="That is not an action"), "rook"


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_reason_has_words_in_every_language(language: str, speaking: None) -> None:
    """Each reason's sentence, the engine's and a table server's own (game/net/reasons.py, said by the same
    function), is said with every placeholder filled: none left over, none the program leaves empty. No reason is
    both the engine's and the server's."""
    use_language(language)
    assert not set(REASONS) & set(SERVER_REASONS)
    for reason in (*REASONS, *SERVER_REASONS):
        why, deck = example(reason)
        words = said(why, deck)
        assert words and "{" not in words and words[0] == words[0].upper(), (reason, words)


def test_a_refusal_names_cards_suits_and_directions_as_a_player_does(speaking: None) -> None:
    """Book 002: "you must follow suit"; RULES.md: cards stay in notation in the protocol (QS), and a player reads
    Q♠, Red 14, the Rook."""
    use_language("de")
    assert Refusal("follow-suit", word="hearts").words("standard") == "Du musst Herz bedienen"
    assert Refusal("card-not-held", cards=("QS",)).words("standard") == "Q♠ ist nicht in deinem Blatt"
    assert Refusal("pass-first", number=3, word="left").words("standard") == \
        "Wähle zuerst 3 Karten zum Weitergeben nach links"
    use_language("fr")
    assert Refusal("follow-trump", word="rook").words("rook") == "Vous devez jouer atout (le Rook)"
    assert Refusal("cards-not-held", cards=("R14",)).words("rook") == "Rouge 14 n'est pas dans votre main"


def test_a_refusal_from_elsewhere_that_this_engine_cannot_say_has_no_words() -> None:
    """A newer server's reason, cards of another deck or too many, a suit of the other deck, no deck known: no
    words (the screen says something else); an action text's problem is shown as it is, never filled in."""
    assert Refusal("a-newer-reason").words("rook") is None
    assert Refusal("card-not-held", cards=("QS",)).words("rook") is None
    assert Refusal("cards-not-held", cards=("R1",) * 65).words("rook") is None
    assert Refusal("follow-suit", word="spades").words("rook") is None
    assert Refusal("follow-suit", word="green").words(None) is None
    assert Refusal("follow-suit", word="green").words("a-deck") is None
    assert Refusal("unreadable", detail="'{card}' is not an action").words("rook") == "'{card}' is not an action"
    assert Refusal("unreadable", detail="x" * 5000).words(None) == "x" * 200
    assert Refusal("unreadable").words(None) is None


def test_the_engine_refuses_with_its_reasons(speaking: None) -> None:
    """The hand gives its reasons as values (``why_not``) and says them (``refusal``, ``check``) with their words:
    Hearts, book 002, "The player holding the 2 of clubs ... leads it to start the first trick"."""
    use_language("en")
    hand = hand_with("hearts-classic", {0: "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC"}, number=0)
    while hand.phase == "pass":
        hand.apply(hand.view(hand.to_move).choose_cards(hand.view(hand.to_move).hand[:3]))
    leader = hand.to_move
    assert "2C" in hand.view(leader).hand
    other = next(card for card in hand.view(leader).hand if card != "2C")
    assert hand.why_not_text(f"play {other}") == Refusal("two-of-clubs-leads")
    assert hand.check(f"play {other}") == "The 2 of clubs leads the first trick"
    assert hand.why_not_text("play") == Refusal("unreadable", detail="'play' takes one word, as in 'play G14'")
