"""The card pictures: every card of both decks draws at the table's sizes in both looks of the standard deck,
cards tell apart, and caching holds."""

import os
from pathlib import Path

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame  # noqa: E402

from game.engine.cards import ROOK_DECK, STANDARD_DECK, card_names, full_deck  # noqa: E402
from game.store.settings import CARD_FACES  # noqa: E402
from game.ui import assets, cards  # noqa: E402
from game.ui.card_sketch import CARD_RATIO  # noqa: E402
from game.ui.cards import CardArt  # noqa: E402

ROOK_CARDS = card_names(full_deck(ROOK_DECK, 1, True), ROOK_DECK)
STANDARD_CARDS = card_names(full_deck(STANDARD_DECK, 2, True), STANDARD_DECK)


@pytest.fixture(scope="module", autouse=True)
def fonts() -> None:
    pygame.font.init()  # fonts only: the cards must draw without a window


def pixels(surface: pygame.Surface) -> bytes:
    return pygame.image.tobytes(surface, "RGBA")


def test_both_decks_are_complete() -> None:
    assert len(ROOK_CARDS) == 57 and "ROOK" in ROOK_CARDS and "Y14" in ROOK_CARDS
    assert len(STANDARD_CARDS) == 53 and "JK" in STANDARD_CARDS and "TC" in STANDARD_CARDS


@pytest.mark.parametrize("faces", CARD_FACES)
@pytest.mark.parametrize("width", [50, 70, 140])
def test_every_card_draws_card_shaped_with_rounded_corners(width: int, faces: str) -> None:
    art = CardArt(faces=faces)
    size = (width, round(width * CARD_RATIO))
    for name in ROOK_CARDS + STANDARD_CARDS:
        face = art.face(name, width)
        assert face.get_size() == size, name
        assert face.get_flags() & pygame.SRCALPHA, name
        assert face.get_at((0, 0)).a == 0, f"{name}: the corner is rounded off"
        assert face.get_at((width // 2, size[1] // 2)).a == 255, name
    assert art.back(width).get_size() == size
    assert art.outline(width, (255, 225, 90)).get_size() == size


@pytest.mark.parametrize("faces", CARD_FACES)
def test_every_card_looks_different(faces: str) -> None:
    art = CardArt(faces=faces)
    looks = {pixels(art.face(name, 70)) for name in ROOK_CARDS + STANDARD_CARDS}
    looks.add(pixels(art.back(70)))
    assert len(looks) == len(ROOK_CARDS) + len(STANDARD_CARDS) + 1


def test_the_card_faces_setting_changes_the_standard_deck_only() -> None:
    """Classic and simple are two looks of the standard deck; the Rook deck has one."""
    classic, simple = CardArt(faces="classic"), CardArt(faces="simple")
    assert all(pixels(classic.face(name, 70)) != pixels(simple.face(name, 70)) for name in STANDARD_CARDS)
    assert all(pixels(classic.face(name, 70)) == pixels(simple.face(name, 70)) for name in ROOK_CARDS)


def cards_in(folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The card drawings are looked for in ``folder`` (the fonts where they are)."""
    real = assets.asset_path
    monkeypatch.setattr(assets, "asset_path", lambda *parts: folder.joinpath(*parts) if parts[0] == "cards"
                        else real(*parts))


def plain_drawing_in(folder: Path, name: str, colour: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The card drawings are looked for in ``folder``, where card ``name``'s is a plain rectangle of ``colour``."""
    drawings = folder / "cards" / "classic"
    drawings.mkdir(parents=True)
    (drawings / f"{name}.svg").write_text('<svg xmlns="http://www.w3.org/2000/svg" viewBox="-120 -168 240 336" '
                                          'width="240" height="336"><rect x="-120" y="-168" width="240" '
                                          f'height="336" fill="{colour}"/></svg>')
    cards_in(folder, monkeypatch)


def test_classic_faces_are_drawn_from_their_files_at_each_size(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A classic face is its SVG file (assets/cards/classic) drawn at the size asked for, on the game's card: a
    file changed to a plain blue drawing gives a blue card at every size, inside the card's rounded corners."""
    plain_drawing_in(tmp_path, "7D", "#0000ff", monkeypatch)
    cards._face.cache_clear()
    try:
        for width in (52, 77, 131):
            face = CardArt(faces="classic").face("7D", width)
            assert face.get_size() == (width, round(width * CARD_RATIO))
            assert tuple(face.get_at((width // 2, face.get_height() // 2))) == (0, 0, 255, 255)
            assert face.get_at((0, 0)).a == 0
    finally:
        cards._face.cache_clear()


def test_a_classic_drawing_is_read_once_and_scaled_down_for_smaller_faces(tmp_path: Path,
                                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    """Reading a court card's file costs up to 13 ms, and the table draws each face at three sizes ahead of need
    (frames of a loaded machine went over 20 ms): the file is read at twice the largest size asked, and every face
    is that drawing scaled down, still the file's picture; a larger face asked later reads the file again."""
    plain_drawing_in(tmp_path, "KD", "#00ff00", monkeypatch)
    reads: list[tuple[int, int]] = []
    real_read = pygame.image.load_sized_svg

    def read(path: str, size: tuple[int, int]) -> pygame.Surface:
        reads.append(size)
        return real_read(path, size)

    monkeypatch.setattr(pygame.image, "load_sized_svg", read)
    cards._face.cache_clear()
    try:
        for width in (90, 72, 76):
            face = CardArt(faces="classic").face("KD", width)
            assert face.get_size() == (width, round(width * CARD_RATIO))
            middle = face.get_at((width // 2, face.get_height() // 2))
            assert middle.r < 8 and middle.g > 247 and middle.b < 8 and middle.a == 255  # scaling rounds a little
        assert reads == [(180, 2 * round(90 * cards.PRINTED_RATIO))]
        CardArt(faces="classic").face("KD", 120)
        assert reads[1:] == [(240, 2 * round(120 * cards.PRINTED_RATIO))]
    finally:
        cards._face.cache_clear()


def test_a_classic_face_that_cannot_be_read_is_drawn_simple_and_said_once(tmp_path: Path,
                                                                          monkeypatch: pytest.MonkeyPatch,
                                                                          caplog: pytest.LogCaptureFixture) -> None:
    """A damaged installation still plays: the missing file is named once in the log, the simple face drawn."""
    cards_in(tmp_path, monkeypatch)
    cards._face.cache_clear()
    try:
        with caplog.at_level("WARNING"):
            faces = [CardArt(faces="classic").face("9S", width) for width in (60, 70)]
        assert [pixels(face) for face in faces] == [pixels(CardArt(faces="simple").face("9S", w)) for w in (60, 70)]
        assert len([r for r in caplog.records if "9S.svg" in r.getMessage()]) == 1
    finally:
        cards._face.cache_clear()


def test_every_standard_card_has_its_classic_drawing() -> None:
    folder = assets.asset_path("cards", "classic")
    assert sorted(path.stem for path in folder.glob("*.svg")) == sorted(STANDARD_CARDS)
    assert (assets.asset_path("cards", "LICENSE-CC0.txt")).read_text().startswith("Creative Commons Legal Code")


@pytest.mark.parametrize("name", ["G5", "Y12", "QD", "2C"])
def test_colour_blind_marks_change_the_face(name: str) -> None:
    """Marks are a shape per Rook colour and, on the simple standard faces, the suit's letter (the classic faces
    tell the suits apart by their printed shapes)."""
    assert pixels(CardArt(marks=True, faces="simple").face(name, 70)) != \
        pixels(CardArt(marks=False, faces="simple").face(name, 70))


def test_pictures_are_cached() -> None:
    art = CardArt()
    assert art.face("G14", 70) is art.face("G14", 70)
    assert art.back(70) is art.back(70)
    assert art.outline(70, "#ffe15a") is art.outline(70, (255, 225, 90))
    assert CardArt(marks=False).face("G14", 70) is not art.face("G14", 70)


@pytest.mark.parametrize("marks", [True, False])
def test_red_and_green_show_their_colours_in_the_corner(marks: bool) -> None:
    """Colour is the first cue: the index corner of R7 is redder than G7's, and G7's greener."""
    art = CardArt(marks)
    corner = pygame.Rect(4, 4, 16, 18)  # the number of the index
    red = pygame.transform.average_color(art.face("R7", 70), corner)
    green = pygame.transform.average_color(art.face("G7", 70), corner)
    assert red[0] - red[1] > 10 and green[1] - green[0] > 10
    assert red[0] > green[0] and green[1] > red[1]


def test_outline_is_a_ring() -> None:
    ring = CardArt().outline(70, (90, 200, 255))
    assert ring.get_at((35, 50)).a == 0
    assert tuple(ring.get_at((35, 1))) == (90, 200, 255, 255)


@pytest.mark.parametrize("name", ["G15", "X5", "1C", "", "rookie"])
def test_unknown_cards_are_refused(name: str) -> None:
    with pytest.raises(ValueError, match="is not a card"):
        CardArt().face(name, 70)


@pytest.mark.parametrize("marks", [True, False])
def test_special_queens_are_their_own_cards_distinct_from_plain_queens(marks: bool) -> None:
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


def test_a_subset_of_special_queens_leaves_the_others_plain() -> None:
    some, plain = CardArt(specials=("QD",)), CardArt()
    assert pixels(some.face("QD", 70)) != pixels(plain.face("QD", 70))
    assert pixels(some.face("QS", 70)) == pixels(plain.face("QS", 70))


def test_every_card_back_is_drawn_and_they_differ() -> None:
    from game.store.settings import CARD_BACKS
    from game.ui.card_backs import BACKS
    assert set(BACKS) == set(CARD_BACKS)
    looks = {pixels(CardArt(back=name).back(70)) for name in CARD_BACKS}
    assert len(looks) == len(CARD_BACKS) >= 3


def test_the_stars_mark_the_counters_of_the_game_being_played() -> None:
    """Each preset names its counters and the cards mark exactly those: 004 counts the 1s ("1 ... 15"), the 5 and
    6-player games of 000 play the 1s but count only 5s, 10s and 14s; Beginner counts stars on the same cards."""
    from game.engine import load_rules

    plain = CardArt()
    for preset, counting, not_counting in (("rook-500", ["Y1", "G5", "R10", "B14"], ["Y2", "G13"]),
                                           ("rook-5p", ["G5", "R10", "B14"], ["Y1", "G13"]),
                                           ("rook-beginner", ["G5", "R10", "B14"], ["G6"])):
        art = CardArt().for_rules(load_rules(preset))
        for name in counting:
            assert pixels(art.face(name, 70)) != pixels(plain.face(name, 70)), (preset, name)
        for name in not_counting:
            assert pixels(art.face(name, 70)) == pixels(plain.face(name, 70)), (preset, name)
    # the special queens come from the same rules
    royal = CardArt().for_rules(load_rules("hearts-royal"))
    assert pixels(royal.face("QD", 70)) != pixels(plain.face("QD", 70))
