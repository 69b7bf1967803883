"""The card pictures: every card of both decks draws at the table's sizes, cards tell apart, and caching holds."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.engine.cards import ROOK_DECK, STANDARD_DECK, card_names, full_deck  # noqa: E402
from game.ui.card_sketch import CARD_RATIO  # noqa: E402
from game.ui.cards import CardArt  # noqa: E402

ROOK_CARDS = card_names(full_deck(ROOK_DECK, 1, True), ROOK_DECK)
STANDARD_CARDS = card_names(full_deck(STANDARD_DECK, 2, True), STANDARD_DECK)


@pytest.fixture(scope="module", autouse=True)
def fonts():
    pygame.font.init()  # fonts only: the cards must draw without a window


def pixels(surface: pygame.Surface) -> bytes:
    return pygame.image.tobytes(surface, "RGBA")


def test_both_decks_are_complete():
    assert len(ROOK_CARDS) == 57 and "ROOK" in ROOK_CARDS and "Y14" in ROOK_CARDS
    assert len(STANDARD_CARDS) == 53 and "JK" in STANDARD_CARDS and "TC" in STANDARD_CARDS


@pytest.mark.parametrize("width", [50, 70, 140])
def test_every_card_draws_card_shaped_with_rounded_corners(width):
    art = CardArt()
    size = (width, round(width * CARD_RATIO))
    for name in ROOK_CARDS + STANDARD_CARDS:
        face = art.face(name, width)
        assert face.get_size() == size, name
        assert face.get_flags() & pygame.SRCALPHA, name
        assert face.get_at((0, 0)).a == 0, f"{name}: the corner is rounded off"
        assert face.get_at((width // 2, size[1] // 2)).a == 255, name
    assert art.back(width).get_size() == size
    assert art.outline(width, (255, 225, 90)).get_size() == size


def test_every_card_looks_different():
    art = CardArt()
    looks = {pixels(art.face(name, 70)) for name in ROOK_CARDS + STANDARD_CARDS}
    looks.add(pixels(art.back(70)))
    assert len(looks) == len(ROOK_CARDS) + len(STANDARD_CARDS) + 1


@pytest.mark.parametrize("name", ["G5", "Y12", "QD", "2C"])
def test_colour_blind_marks_change_the_face(name):
    assert pixels(CardArt(marks=True).face(name, 70)) != pixels(CardArt(marks=False).face(name, 70))


def test_pictures_are_cached():
    art = CardArt()
    assert art.face("G14", 70) is art.face("G14", 70)
    assert art.back(70) is art.back(70)
    assert art.outline(70, "#ffe15a") is art.outline(70, (255, 225, 90))
    assert CardArt(marks=False).face("G14", 70) is not art.face("G14", 70)


@pytest.mark.parametrize("marks", [True, False])
def test_red_and_green_show_their_colours_in_the_corner(marks):
    """Colour is the first cue: the index corner of R7 is redder than G7's, and G7's greener."""
    art = CardArt(marks)
    corner = pygame.Rect(4, 4, 16, 18)  # the number of the index
    red = pygame.transform.average_color(art.face("R7", 70), corner)
    green = pygame.transform.average_color(art.face("G7", 70), corner)
    assert red[0] - red[1] > 10 and green[1] - green[0] > 10
    assert red[0] > green[0] and green[1] > red[1]


def test_outline_is_a_ring():
    ring = CardArt().outline(70, (90, 200, 255))
    assert ring.get_at((35, 50)).a == 0
    assert tuple(ring.get_at((35, 1))) == (90, 200, 255, 255)


@pytest.mark.parametrize("name", ["G15", "X5", "1C", "", "rookie"])
def test_unknown_cards_are_refused(name):
    with pytest.raises(ValueError, match="is not a card"):
        CardArt().face(name, 70)


@pytest.mark.parametrize("marks", [True, False])
def test_special_queens_are_their_own_cards_distinct_from_plain_queens(marks):
    """Book 002: the Royal queens "look different than the standard Queens and have special names"."""
    royal, plain = CardArt(marks, specials=("QS", "QC", "QH", "QD")), CardArt(marks)
    looks = {pixels(royal.face(queen, 70)) for queen in ("QS", "QC", "QH", "QD")}
    assert len(looks) == 4
    for queen in ("QS", "QC", "QH", "QD"):
        special, ordinary = royal.face(queen, 70), plain.face(queen, 70)
        assert pixels(special) != pixels(ordinary)
        # at a glance: the paper in the middle of the card is gold, not the plain card's white
        middle = special.get_at((8, special.get_height() // 2))
        assert middle.b < middle.r - 40 and ordinary.get_at((8, ordinary.get_height() // 2)).b > 220
    assert pixels(royal.face("KS", 70)) == pixels(plain.face("KS", 70))  # only the queens in play change


def test_a_subset_of_special_queens_leaves_the_others_plain():
    some, plain = CardArt(specials=("QD",)), CardArt()
    assert pixels(some.face("QD", 70)) != pixels(plain.face("QD", 70))
    assert pixels(some.face("QS", 70)) == pixels(plain.face("QS", 70))


def test_every_card_back_is_drawn_and_they_differ():
    from game.store.settings import CARD_BACKS
    from game.ui.card_backs import BACKS
    assert set(BACKS) == set(CARD_BACKS)
    looks = {pixels(CardArt(back=name).back(70)) for name in CARD_BACKS}
    assert len(looks) == len(CARD_BACKS) >= 3
