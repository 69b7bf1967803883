"""Playing cards: Rook and standard faces, the back, and the ring that highlights a card.

The standard deck has two looks (the ``card_faces`` setting): "classic", Adrian Kennard's public-domain printed
faces with their court figures (SVG files in assets/cards/classic, each read once at twice the largest size asked
and scaled down for every face), and "simple", drawn here from shapes like everything else; the Rook deck, the Royal
Hearts queens and the backs are always drawn here.

Cards are named as in RULES.md (``G14``, ``ROOK``, ``QS``, ``JK``). Every surface has per-pixel alpha and rounded
corners and is cached, so asking again each frame is cheap; callers must not draw on them. Nothing here touches
the display: it works under the dummy video driver once ``pygame.font`` is initialised.
"""

from __future__ import annotations

import logging
from functools import lru_cache
from pathlib import Path

import pygame

from game.engine.cards import (
    BIRD,
    DECKS,
    ROOK_DECK,
    STANDARD_RANKS,
    SUIT_LETTERS,
    SUIT_NAMES,
    parse_card,
    rank_of,
    suit_of,
)
from game.engine.hand import family_class
from game.engine.hearts import SPECIAL_QUEENS
from game.engine.language import gettext, language
from game.engine.rules import Rules
from game.ui import assets
from game.ui.card_backs import BACKS
from game.ui.card_sketch import EDGE, RGB, SS, Point, Sketch, cropped_text, diamond_points, heart, star_points

PAPER: RGB = (251, 248, 240)
BLACK: RGB = (26, 26, 26)
GREEN: RGB = (31, 138, 59)
RED: RGB = (198, 40, 40)
GOLD: RGB = (212, 160, 0)  # the yellow suit: dark enough to read on white, with an outline to be sure
GOLD_EDGE: RGB = (110, 78, 0)
ROOK_INKS: dict[str, RGB] = {"B": BLACK, "G": GREEN, "R": RED, "Y": GOLD}
SUIT_INKS: dict[str, RGB] = {"C": BLACK, "D": RED, "H": RED, "S": BLACK}
ROYAL_PAPER: RGB = (247, 229, 170)
BIRD_SKY: RGB = (196, 228, 228)
BACK_RED: RGB = (122, 22, 32)
BACK_GILT: RGB = (222, 186, 110)
PRINTED_RATIO = 336 / 240  # the classic faces' drawings are 1.4 times as tall as wide; the game's cards are 1.45

log = logging.getLogger(__name__)


class CardArt:
    """The card pictures; ``marks`` adds the colour-blind marks (a shape per Rook colour; on the simple standard
    faces, the suit's letter: the classic faces tell the suits apart by their shapes alone, as printed cards do);
    ``back`` names the pattern on the backs (BACKS); ``faces`` the standard deck's look ("classic" or "simple");
    ``specials`` are the Royal Hearts queens in play (the rule field ``royal_queens``), each drawn as its own card
    with its name and what it does; ``counters`` the Rook cards that score, each marked with a star above and below
    its number (``for_rules`` takes both from a game's rules)."""

    def __init__(self, marks: bool = True, back: str = "lattice", specials: tuple[str, ...] = (),
                 faces: str = "classic", counters: tuple[str, ...] = ()) -> None:
        self.marks = marks
        self.back_design = back
        self.specials = frozenset(specials)
        self.faces = faces
        self.counters = frozenset(counters)

    def for_rules(self, rules: Rules) -> CardArt:
        """The same pictures for a game under ``rules``: its special queens and its counters, as the engine names
        them (``Hand.counters``)."""
        counters = tuple(rules.card_names(family_class(rules).counters(rules)))
        return CardArt(self.marks, self.back_design, rules.royal_queens, self.faces, counters)

    def face(self, name: str, width: int) -> pygame.Surface:
        """A card face up, ``width`` pixels wide and ``card_size(width)`` in all; ValueError for an unknown name."""
        return _face(name, width, self.marks, name in self.specials, self.faces, name in self.counters,
                     _words(name in self.specials))

    def prepare(self, name: str, width: int) -> None:
        """Draw a face into the cache ahead of need (a face costs milliseconds, a classic court card read from its
        file 6 to 13 ms; a new hand drawn all at once would cost frames)."""
        _face(name, width, self.marks, name in self.specials, self.faces, name in self.counters,
              _words(name in self.specials))

    def swatch(self, deck: str, trump: str, size: int) -> pygame.Surface:
        """A square tile for naming ``trump`` (a colour or suit as the engine names it, or "none"): a Rook colour is
        a tile of that colour (carrying its colour-blind mark, with marks), a standard suit its symbol on paper."""
        return _swatch(deck, trump, size, self.marks)

    def back(self, width: int) -> pygame.Surface:
        """A card face down; both decks share it."""
        return _back(width, self.back_design)

    def outline(self, width: int, colour: RGB | str) -> pygame.Surface:
        """A ring the size of a card, transparent inside, to blit over a legal or selected card."""
        return _outline(width, tuple(pygame.Color(colour))[:3])


def _blank(width: int) -> Sketch:
    """The card itself: paper inside a thin dark rim with rounded corners."""
    sketch = Sketch(width)
    w, h = sketch.width, sketch.height
    rim = max(1.0, w / 60)
    sketch.rect(EDGE, (0, 0, w, h), w * 0.08)
    sketch.rect(PAPER, (rim, rim, w - 2 * rim, h - 2 * rim), w * 0.08 - rim)
    return sketch


def _read(name: str) -> tuple[str, int]:
    """The deck and engine card code of a card name."""
    for deck in DECKS:
        try:
            return deck, parse_card(name, deck)
        except ValueError:
            continue
    raise ValueError(f"'{name}' is not a card of the Rook deck or the standard deck")


def _words(special: bool) -> str:
    """The language a face's words are in (a special queen's name and effect), part of the drawing's cache key; ""
    for a face without words."""
    return language() if special else ""


@lru_cache(maxsize=1024)
def _face(name: str, width: int, marks: bool, special: bool, faces: str, counter: bool,
          words: str = "") -> pygame.Surface:  # ``words``: only the cache's key (``_words``)
    deck, card = _read(name)
    if deck == ROOK_DECK:
        return _rook_bird(width) if card == BIRD else _rook_face(SUIT_LETTERS[deck][suit_of(card)], rank_of(card),
                                                                   width, marks, counter)
    if special and name in SPECIAL_QUEENS:
        return _royal_queen(name, width, marks)
    printed = _printed_face(name, width) if faces == "classic" else None
    if printed is not None:
        return printed
    if card == BIRD:
        return _joker(width)
    return _standard_face(SUIT_LETTERS[deck][suit_of(card)], rank_of(card), width, marks)


def _printed_drawing(name: str, size: tuple[int, int]) -> pygame.Surface | None:
    """A classic face's drawing (assets/cards/classic) at ``size``, or None, said once in the log, if its file is
    missing or cannot be read (the simple face is drawn instead: a damaged installation still plays). A drawing is
    read from its file once, at twice the largest size asked so far, and every size is that scaled down by half or
    more: reading a court card costs 4 to 13 ms, scaling it well under one, and the table asks each face at three
    sizes. Scaled down by half or more it is as sharp as read at its size (scaled by 0.8, the indices blurred)."""
    path = assets.asset_path("cards", "classic", f"{name}.svg")
    drawing = _DRAWINGS.get(path)
    if drawing is None or drawing.get_width() < 2 * size[0] or drawing.get_height() < 2 * size[1]:
        try:
            drawing = pygame.image.load_sized_svg(str(path), (2 * size[0], 2 * size[1]))
        except (pygame.error, OSError) as err:
            if name not in _UNREADABLE:
                _UNREADABLE.add(name)
                log.warning("%s: %s; the simple face is drawn instead", path, err)
            return None
        _DRAWINGS[path] = drawing
    return pygame.transform.smoothscale(drawing, size)


_DRAWINGS: dict[Path, pygame.Surface] = {}  # each classic drawing read so far, by its file, at twice the largest size
_UNREADABLE: set[str] = set()


def _printed_face(name: str, width: int) -> pygame.Surface | None:
    """A classic face on the game's own card (paper, rim, rounded corners), the drawing centred: the printed
    cards are a little less tall than the game's."""
    tall = round(width * PRINTED_RATIO)
    sketch = _blank(width)
    if name == "JK":  # the jester has no index: the simple joker's letters at both ends, the jester between them
        return _jester(sketch)
    drawing = _printed_drawing(name, (width, tall))
    if drawing is None:
        return None
    card = sketch.finish()
    card.blit(drawing, (0, round((card.get_height() - tall) / 2)))
    return card


def _jester(sketch: Sketch) -> pygame.Surface | None:
    w, h = sketch.width, sketch.height
    _joker_index(sketch)
    size = round(w * 0.62)  # clear of the letters at the corners
    drawing = _printed_drawing("JK", (size, round(size * PRINTED_RATIO)))
    if drawing is None:
        return None
    card = sketch.finish()
    card.blit(drawing, drawing.get_rect(center=(w // 2, h // 2)))
    return card


# --- shapes, each given by its centre and its height ------------------------------------------------------------

def _rook_mark(sketch: Sketch, letter: str, centre: Point, size: float, ink: RGB | None = None) -> None:
    """The colour-blind mark of a Rook colour: black square, green triangle, red circle, yellow diamond (all in
    ``ink`` instead, on a tile of the colour itself)."""
    cx, cy = centre
    half = size / 2
    if letter == "B":
        side = half * 0.82
        sketch.polygon(ink or BLACK, [(cx - side, cy - side), (cx + side, cy - side), (cx + side, cy + side),
                                      (cx - side, cy + side)])
    elif letter == "G":
        sketch.polygon(ink or GREEN, [(cx, cy - half), (cx + half * 1.1, cy + half * 0.9),
                                      (cx - half * 1.1, cy + half * 0.9)])
    elif letter == "R":
        sketch.circle(ink or RED, centre, half * 0.92)
    elif ink is not None:
        sketch.polygon(ink, diamond_points(centre, size * 1.12))
    else:
        sketch.polygon(GOLD_EDGE, diamond_points(centre, size * 1.12))
        sketch.polygon(GOLD, diamond_points(centre, size * 0.9))


def _pip(sketch: Sketch, suit: str, centre: Point, size: float) -> None:
    """A suit symbol drawn from shapes (font glyphs for suits vary too much between fonts)."""
    cx, cy = centre
    colour = SUIT_INKS[suit]
    if suit == "H":
        heart(sketch, colour, (cx, cy + size * 0.03), size)
    elif suit == "D":
        sketch.polygon(colour, diamond_points(centre, size))
    elif suit == "S":
        heart(sketch, colour, (cx, cy - size * 0.1), size * 0.82, flip=-1)
        sketch.polygon(colour, [(cx, cy + size * 0.05), (cx + size * 0.17, cy + size * 0.5),
                                (cx - size * 0.17, cy + size * 0.5)])
    else:
        radius = size * 0.21
        for dx, dy in [(0, -0.27), (-0.25, 0.07), (0.25, 0.07)]:
            sketch.circle(colour, (cx + dx * size, cy + dy * size), radius)
        sketch.circle(colour, (cx, cy), size * 0.1)
        sketch.polygon(colour, [(cx, cy - size * 0.05), (cx + size * 0.17, cy + size * 0.5),
                                (cx - size * 0.17, cy + size * 0.5)])


# --- faces -------------------------------------------------------------------------------------------------------

def _rook_face(letter: str, number: int, width: int, marks: bool, counter: bool) -> pygame.Surface:
    sketch = _blank(width)
    w, h = sketch.width, sketch.height
    colour = ROOK_INKS[letter]
    outline = GOLD_EDGE if letter == "Y" else None
    pad, gap = w * 0.075, w * 0.04
    corner = cropped_text(str(number), round(w * 0.3), colour, outline)
    tag = cropped_text(letter, round(w * 0.16), colour, outline)
    # one column for 1-digit and 2-digit numbers
    axis = pad + cropped_text("0", round(w * 0.3), colour, outline).get_width() / 2

    def index() -> None:
        sketch.label(corner, "topleft", (pad, pad))
        if marks:
            size = w * 0.16
            _rook_mark(sketch, letter, (pad + corner.get_width() + gap + size / 2, pad + corner.get_height() / 2), size)
            sketch.label(tag, "midtop", (axis, pad + corner.get_height() + gap))

    sketch.both_ends(index)
    # the centre: the number large on a tint of its colour, which tells the colours apart at a glance
    centre = (w / 2, h / 2)
    red, green, blue, _ = pygame.Color(colour).lerp(PAPER, 0.85)
    tint = (red, green, blue)
    sketch.ellipse(tint, centre, (w * 0.31, h * 0.165))
    sketch.ellipse(colour, centre, (w * 0.31, h * 0.165), width=max(1.0, w / 45))
    sketch.label(cropped_text(str(number), round(w * 0.32), colour, outline), "center", centre)
    if counter:  # a star above and below the oval marks the cards that score
        star = w * 0.11
        sketch.both_ends(lambda: sketch.polygon(colour, star_points((w / 2, h * 0.335 - star * 0.7), star)))
    return sketch.finish()


def _standard_face(suit: str, rank: int, width: int, marks: bool) -> pygame.Surface:
    sketch = _blank(width)
    w, h = sketch.width, sketch.height
    colour = SUIT_INKS[suit]
    rank_text = "10" if rank == 10 else STANDARD_RANKS[rank - 2]
    pad, gap = w * 0.075, w * 0.035
    corner = cropped_text(rank_text, round(w * 0.28), colour)
    tag = cropped_text(suit, round(w * 0.15), colour)
    pip = w * 0.16
    axis = pad + cropped_text("8", round(w * 0.28), colour).get_width() / 2  # "10" overhangs it, as printed

    def index() -> None:
        sketch.label(corner, "topleft", (pad, pad))
        _pip(sketch, suit, (axis, pad + corner.get_height() + gap + pip / 2), pip)
        if marks:
            sketch.label(tag, "midtop", (axis, pad + corner.get_height() + 2 * gap + pip))

    sketch.both_ends(index)
    # the centre: the rank over a big suit symbol
    big = cropped_text(rank_text, round(w * 0.24), colour)
    symbol = w * 0.4
    top = h / 2 - (big.get_height() + gap + symbol) / 2
    sketch.label(big, "midtop", (w / 2, top))
    _pip(sketch, suit, (w / 2, top + big.get_height() + gap + symbol / 2), symbol)
    return sketch.finish()


def _royal_queen(name: str, width: int, marks: bool) -> pygame.Surface:
    """A special queen of Royal Hearts (book 002: they "look different than the standard Queens and have special
    names"): gold paper in a gold frame, a crown, its name and what taking it does; a small one-line index at both
    ends leaves the middle for the words."""
    suit = name[1]
    sketch = _blank(width)
    w, h = sketch.width, sketch.height
    colour = SUIT_INKS[suit]
    sketch.rect(ROYAL_PAPER, (w * 0.03, w * 0.03, w * 0.94, h - w * 0.06), w * 0.06)
    sketch.rect(GOLD_EDGE, (w * 0.05, w * 0.05, w * 0.9, h - w * 0.1), w * 0.05, width=max(1.0, w / 40))
    pad = w * 0.09
    rank = cropped_text("Q", round(w * 0.2), colour)
    tag = cropped_text(suit, round(w * 0.12), colour) if marks else None
    pip = rank.get_height() * 0.8

    def index() -> None:
        sketch.label(rank, "topleft", (pad, pad))
        _pip(sketch, suit, (pad + rank.get_width() + w * 0.03 + pip / 2, pad + rank.get_height() / 2), pip)
        if tag is not None:
            sketch.label(tag, "topleft", (pad + rank.get_width() + w * 0.06 + pip, pad + rank.get_height() * 0.2))

    sketch.both_ends(index)
    top = pad + rank.get_height() + w * 0.05
    crown = w * 0.13
    cx, y = w / 2, top + crown
    points = [(cx - crown * 1.3, y), (cx - crown * 1.3, y - crown * 0.7), (cx - crown * 0.65, y - crown * 0.25),
              (cx, y - crown), (cx + crown * 0.65, y - crown * 0.25), (cx + crown * 1.3, y - crown * 0.7),
              (cx + crown * 1.3, y)]
    sketch.polygon(GOLD_EDGE, points)
    sketch.polygon(GOLD, [(x, yy + crown * 0.12) for x, yy in points[1:-1]] + [(cx + crown * 1.1, y - crown * 0.1),
                                                                               (cx - crown * 1.1, y - crown * 0.1)])
    title, effect = (gettext(said) for said in SPECIAL_QUEENS[name])
    y += w * 0.04
    room = w * 0.84
    for line, size, ink, bold in [(line, round(w * 0.135), colour, True) for line in assets.wrapped(title, round(
            w * 0.15), room, on_card=True)] + [(line, round(w * 0.115), BLACK, False) for line in assets.wrapped(
            effect, round(w * 0.12), room, on_card=True)]:
        label = assets.card_text(line, size, ink, bold)
        if label.get_width() > room:  # a long word at a small size: narrower, never past the frame
            label = pygame.transform.smoothscale(label, (round(room), label.get_height()))
        sketch.label(label, "midtop", (w / 2, y))
        y += label.get_height() * 0.92
    return sketch.finish()


def _joker_index(sketch: Sketch) -> None:
    """JOKER down the corner at both ends, where a hand held fanned shows it."""
    w = sketch.width
    pad = w * 0.075
    letters = [cropped_text(c, round(w * 0.15), RED) for c in "JOKER"]
    step = max(ink.get_height() for ink in letters) + w * 0.03

    def index() -> None:
        for i, ink in enumerate(letters):
            sketch.label(ink, "midtop", (pad + w * 0.06, pad + i * step))

    sketch.both_ends(index)


def _joker(width: int) -> pygame.Surface:
    sketch = _blank(width)
    w, h = sketch.width, sketch.height
    _joker_index(sketch)
    sketch.polygon(BLACK, star_points((w / 2, h / 2), w * 0.62))
    sketch.polygon(GOLD, star_points((w / 2, h / 2), w * 0.5))
    sketch.polygon(RED, star_points((w / 2, h / 2), w * 0.2))
    return sketch.finish()


def _rook_bird(width: int) -> pygame.Surface:
    sketch = _blank(width)
    w, h = sketch.width, sketch.height
    inset = w * 0.05
    sketch.rect(BIRD_SKY, (inset, inset, w - 2 * inset, h - 2 * inset), w * 0.05)
    word = cropped_text("ROOK", round(w * 0.2), BLACK)
    sketch.both_ends(lambda: sketch.label(word, "midtop", (w / 2, inset + w * 0.05)))
    # a rook standing on a branch, facing left; u is the bird's size
    cx, cy, u = w / 2, h / 2 + w * 0.02, w * 0.36

    def at(x: float, y: float) -> Point:
        return cx + x * u, cy + y * u

    branch = (92, 64, 44)
    sketch.line(branch, at(-1.0, 0.72), at(1.0, 0.62), u * 0.1)
    sketch.line(BLACK, at(-0.1, 0.35), at(-0.18, 0.68), u * 0.07)
    sketch.line(BLACK, at(0.15, 0.35), at(0.12, 0.66), u * 0.07)
    sketch.polygon(BLACK, [at(0.35, 0.05), at(1.05, 0.5), at(0.95, 0.62), at(0.3, 0.35)])  # tail
    sketch.polygon(BLACK, [at(-0.62, -0.25), at(-0.25, -0.3), at(0.45, -0.05), at(0.55, 0.2), at(0.1, 0.42),
                           at(-0.3, 0.35), at(-0.6, 0.05)])  # body
    sketch.circle(BLACK, at(-0.52, -0.38), u * 0.24)  # head
    sketch.polygon((60, 60, 60), [at(-0.88, -0.45), at(-0.7, -0.5), at(-0.66, -0.3)])  # pale bill of a rook
    sketch.polygon(BLACK, [at(-0.2, -0.18), at(0.55, -0.02), at(0.85, 0.3), at(0.2, 0.22)])  # wing
    sketch.line((70, 70, 70), at(-0.1, -0.08), at(0.6, 0.12), u * 0.03)
    sketch.circle(BIRD_SKY, at(-0.58, -0.44), u * 0.05)  # eye
    return sketch.finish()


@lru_cache(maxsize=32)
def _swatch(deck: str, trump: str, size: int, marks: bool) -> pygame.Surface:
    sketch = Sketch(size, height=size)
    middle, radius = (size / 2, size / 2), size * 0.16
    letter = SUIT_LETTERS[deck][SUIT_NAMES[deck].index(trump)] if trump in SUIT_NAMES[deck] else ""
    if deck == ROOK_DECK and letter:
        sketch.rect(GOLD_EDGE if letter == "Y" else EDGE, (0, 0, size, size), radius)
        sketch.rect(ROOK_INKS[letter], (size * 0.04, size * 0.04, size * 0.92, size * 0.92), radius * 0.8)
        if marks:
            _rook_mark(sketch, letter, middle, size * 0.42, PAPER)
        return sketch.finish()
    sketch.rect(EDGE, (0, 0, size, size), radius)
    sketch.rect(PAPER, (size * 0.04, size * 0.04, size * 0.92, size * 0.92), radius * 0.8)
    if not letter:  # no trump: a ring struck through
        grey = (120, 120, 120)
        sketch.circle(grey, middle, size * 0.3, width=size * 0.07)
        sketch.line(grey, (size * 0.29, size * 0.71), (size * 0.71, size * 0.29), size * 0.07)
    else:
        _pip(sketch, letter, middle, size * 0.6)
    return sketch.finish()


@lru_cache(maxsize=32)
def _back(width: int, design: str) -> pygame.Surface:
    sketch = _blank(width)
    w, h = sketch.width, sketch.height
    margin = w * 0.07
    panel = pygame.Surface((round((w - 2 * margin) * SS), round((h - 2 * margin) * SS)), pygame.SRCALPHA)
    BACKS[design](panel, w * SS)
    # keep the pattern inside the panel's rounded corners: alpha is the minimum of the panel's and this mask's
    mask = pygame.Surface(panel.get_size(), pygame.SRCALPHA)
    pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=round(w * 0.05 * SS))
    panel.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    sketch.layer.blit(panel, (round(margin * SS), round(margin * SS)))
    frame = w * 0.05
    sketch.rect(BACK_GILT, (margin + frame, margin + frame, w - 2 * (margin + frame), h - 2 * (margin + frame)),
                w * 0.03, width=max(1.0, w / 80))
    sketch.polygon(BACK_GILT, diamond_points((w / 2, h / 2), w * 0.34, wide=0.8))
    sketch.polygon(BACK_RED, diamond_points((w / 2, h / 2), w * 0.26, wide=0.8))
    sketch.polygon(BACK_GILT, diamond_points((w / 2, h / 2), w * 0.12, wide=0.8))
    return sketch.finish()


@lru_cache(maxsize=32)
def _outline(width: int, colour: RGB) -> pygame.Surface:
    sketch = Sketch(width, clear=colour)
    w, h = sketch.width, sketch.height
    sketch.rect(colour, (0, 0, w, h), w * 0.08, width=max(2.0, w / 22))
    return sketch.finish()
