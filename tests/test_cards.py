"""Card notation of RULES.md: ``card_name``/``parse_card`` round trips and refusals."""

import pytest

from game.engine import cards as C


def test_every_rook_card_round_trips_through_its_name() -> None:
    """RULES.md: "colour letter + number: B black, G green, R red, Y yellow; G14, R5, Y1. The Rook Bird is ROOK." """
    deck = C.full_deck(C.ROOK_DECK, 1, True)
    names = C.card_names(deck, C.ROOK_DECK)
    assert len(names) == 57
    assert {"G14", "R5", "Y1", "B7", "ROOK"} <= set(names)
    assert all(C.card_name(C.parse_card(n, C.ROOK_DECK), C.ROOK_DECK) == n for n in names)


def test_every_standard_card_round_trips_through_its_name() -> None:
    """RULES.md: "rank 2-9, T, J, Q, K, A + suit C D H S: QS, 2C, TH. The joker is JK." """
    deck = C.full_deck(C.STANDARD_DECK, 2, True)
    names = C.card_names(deck, C.STANDARD_DECK)
    assert len(names) == 53
    assert {"QS", "2C", "TH", "AD", "JK"} <= set(names)
    assert all(C.card_name(C.parse_card(n, C.STANDARD_DECK), C.STANDARD_DECK) == n for n in names)


def test_lower_case_card_text_is_read() -> None:
    assert C.parse_card("qs", C.STANDARD_DECK) == C.parse_card("QS", C.STANDARD_DECK)
    assert C.parse_card("rook", C.ROOK_DECK) == C.BIRD


@pytest.mark.parametrize("text, deck", [("G15", C.ROOK_DECK), ("G0", C.ROOK_DECK), ("X5", C.ROOK_DECK),
                                        ("QS", C.ROOK_DECK), ("1C", C.STANDARD_DECK), ("G14", C.STANDARD_DECK),
                                        ("10H", C.STANDARD_DECK), ("", C.STANDARD_DECK), ("ROOK", C.STANDARD_DECK)])
def test_unknown_cards_are_refused_with_a_reason(text: str, deck: str) -> None:
    with pytest.raises(ValueError, match="is not a"):
        C.parse_card(text, deck)


def test_several_cards_print_in_one_canonical_order() -> None:
    """RULES.md: "An action naming several cards accepts them in any order; the engine prints them in one
    canonical order." """
    a = C.parse_cards("QS 2C AH", C.STANDARD_DECK)
    b = C.parse_cards(["AH", "QS", "2C"], C.STANDARD_DECK)
    assert a == b
    assert C.cards_text(a, C.STANDARD_DECK) == "2C AH QS"


def test_naming_a_card_twice_is_refused() -> None:
    with pytest.raises(ValueError, match="named twice"):
        C.parse_cards("QS QS", C.STANDARD_DECK)


def test_decks_have_the_sizes_of_the_rule_books() -> None:
    """RULES.md preset table: 41 (5-14 + Rook), 44 (4-14), 56 (1-14), 57 (1-14 + Rook), 52 standard."""
    assert C.full_deck(C.ROOK_DECK, 5, True).bit_count() == 41
    assert C.full_deck(C.ROOK_DECK, 4, False).bit_count() == 44
    assert C.full_deck(C.ROOK_DECK, 1, False).bit_count() == 56
    assert C.full_deck(C.ROOK_DECK, 1, True).bit_count() == 57
    assert C.full_deck(C.STANDARD_DECK, 2, False).bit_count() == 52


def test_random_card_and_shuffle_cover_every_card() -> None:
    import random
    rng = random.Random(1)
    mask = C.parse_cards("2C 5D QS AH", C.STANDARD_DECK)
    drawn = {C.random_card(mask, rng) for _ in range(200)}
    assert drawn == set(C.card_list(mask))
    deck = C.card_list(C.full_deck(C.STANDARD_DECK, 2, False))
    shuffled = C.shuffled(deck, rng)
    assert sorted(shuffled) == deck and shuffled != deck
    firsts = {C.shuffled(deck, rng)[0] for _ in range(2000)}
    assert len(firsts) == 52
