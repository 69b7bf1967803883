"""Drawing a card's picture: a sketch layer drawn large and smoothly scaled down (pygame.draw does not antialias),
text cropped to its ink, and the shapes the faces are made of (stars, diamonds, hearts)."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

import pygame

from game.ui import assets

CARD_RATIO = 1.45  # height / width
SS = 4  # pygame.draw does not antialias: shapes are drawn this many times larger and smoothly scaled down

RGB = tuple[int, int, int]
Point = tuple[float, float]
EDGE: RGB = (45, 45, 45)

# pygame.Rect anchors and where they land when the surface is turned half round
OPPOSITE = {"topleft": "bottomright", "bottomright": "topleft", "topright": "bottomleft", "bottomleft": "topright",
             "midtop": "midbottom", "midbottom": "midtop", "midleft": "midright", "midright": "midleft",
             "center": "center"}


def card_size(width: int) -> tuple[int, int]:
    return width, round(width * CARD_RATIO)


class Sketch:
    """One card being drawn. Shapes go on a layer SS times larger that is smoothly scaled down at the end; text
    is blitted after that, at the final size, where the font's own antialiasing is sharper than a downscale."""

    def __init__(self, width: int, clear: RGB = EDGE, height: int | None = None) -> None:
        """A card ``width`` pixels wide (or any picture ``height`` pixels tall)."""
        self.width, self.height = card_size(width) if height is None else (width, height)
        self.layer = pygame.Surface((self.width * SS, self.height * SS), pygame.SRCALPHA)
        self.layer.fill((*clear, 0))  # transparent pixels in the edge's colour, so the scaled rim does not darken
        self.labels: list[tuple[pygame.Surface, pygame.Rect]] = []
        self.turned = False  # drawing the bottom-right index: every point goes half round the card's centre

    def both_ends(self, draw: Callable[[], None]) -> None:
        """Draw an index at the top-left and again upside down at the bottom-right, as printed cards have it."""
        draw()
        self.turned = True
        draw()
        self.turned = False

    def _xy(self, x: float, y: float) -> Point:
        if self.turned:
            x, y = self.width - x, self.height - y
        return x * SS, y * SS

    def polygon(self, colour: RGB, points: Sequence[Point]) -> None:
        pygame.draw.polygon(self.layer, colour, [self._xy(x, y) for x, y in points])

    def circle(self, colour: RGB, centre: Point, radius: float, width: float = 0) -> None:
        pygame.draw.circle(self.layer, colour, self._xy(*centre), radius * SS, stroke(width))

    def line(self, colour: RGB, start: Point, end: Point, width: float) -> None:
        pygame.draw.line(self.layer, colour, self._xy(*start), self._xy(*end), stroke(width))
        for point in (start, end):  # round the ends
            self.circle(colour, point, width / 2)

    def rect(self, colour: RGB, box: tuple[float, float, float, float], radius: float, width: float = 0) -> None:
        x, y, w, h = box
        if self.turned:
            x, y = self.width - x - w, self.height - y - h
        area = pygame.Rect(round(x * SS), round(y * SS), round(w * SS), round(h * SS))
        pygame.draw.rect(self.layer, colour, area, stroke(width), border_radius=max(0, round(radius * SS)))

    def ellipse(self, colour: RGB, centre: Point, radii: Point, width: float = 0) -> None:
        (cx, cy), (rx, ry) = centre, radii
        area = pygame.Rect(0, 0, round(2 * rx * SS), round(2 * ry * SS))
        area.center = tuple(round(v) for v in self._xy(cx, cy))
        pygame.draw.ellipse(self.layer, colour, area, stroke(width))

    def label(self, ink: pygame.Surface, anchor: str, at: Point) -> None:
        """Text (or any final-size surface) placed by a pygame.Rect anchor such as ``"topleft"``."""
        x, y = at
        if self.turned:
            ink = pygame.transform.rotate(ink, 180)
            anchor, x, y = OPPOSITE[anchor], self.width - x, self.height - y
        self.labels.append((ink, ink.get_rect(**{anchor: (round(x), round(y))})))

    def finish(self) -> pygame.Surface:
        card = pygame.transform.smoothscale(self.layer, (self.width, self.height))
        for ink, area in self.labels:
            card.blit(ink, area)
        return card


def stroke(width: float) -> int:
    """pygame.draw's line width on the large layer; 0 (fill) stays 0, a thin line never vanishes."""
    return max(1, round(width * SS)) if width else 0


def cropped_text(string: str, size: int, colour: RGB, outline: RGB | None = None) -> pygame.Surface:
    """Bold text cropped to its inked pixels, so layout aligns what the eye sees. Characters are set closer than
    the font sets them, as card indices are ("10" must fit a narrow corner); ``outline`` rings the text (gold on
    white needs one to read)."""
    if outline is not None:
        ring, inked = cropped_text(string, size, outline), cropped_text(string, size, colour)
        o = max(1, round(size / 20))
        out = pygame.Surface((inked.get_width() + 2 * o, inked.get_height() + 2 * o), pygame.SRCALPHA)
        out.fill((*outline, 0))
        for dx in range(-o, o + 1):
            for dy in range(-o, o + 1):
                if dx * dx + dy * dy <= o * o + o:
                    out.blit(ring, (o + dx, o + dy))
        out.blit(inked, (o, o))
        return out
    glyphs = [assets.card_text(c, size, colour, True) for c in string]
    boxes = [glyph.get_bounding_rect() for glyph in glyphs]
    top, bottom = min(box.top for box in boxes), max(box.bottom for box in boxes)
    spacing = max(1, round(size * 0.06))
    out = pygame.Surface((sum(box.width for box in boxes) + spacing * (len(boxes) - 1), bottom - top), pygame.SRCALPHA)
    out.fill((*colour, 0))
    x = 0
    for glyph, box in zip(glyphs, boxes):
        out.blit(glyph, (x, box.top - top), box)  # each glyph keeps its height above the baseline
        x += box.width + spacing
    return out


def star_points(centre: Point, size: float) -> list[Point]:
    """Five points, one straight up; the corners alternate between the outer and the inner radius."""
    cx, cy = centre
    radii = (size / 2, size * 0.225)
    return [(cx + radii[i % 2] * math.sin(math.pi * i / 5), cy - radii[i % 2] * math.cos(math.pi * i / 5))
            for i in range(10)]


def diamond_points(centre: Point, size: float, wide: float = 0.72) -> list[Point]:
    cx, cy = centre
    return [(cx, cy - size / 2), (cx + size * wide / 2, cy), (cx, cy + size / 2), (cx - size * wide / 2, cy)]


def tangent(lobe: Point, radius: float, tip: Point, side: int) -> Point:
    """Where a line from ``tip`` touches the circle round ``lobe`` on its outer ``side`` (-1 left, 1 right)."""
    dx, dy = tip[0] - lobe[0], tip[1] - lobe[1]
    base = math.atan2(dy, dx)
    turn = math.acos(radius / math.hypot(dx, dy))
    candidates = [(lobe[0] + radius * math.cos(a), lobe[1] + radius * math.sin(a)) for a in (base + turn, base - turn)]
    return max(candidates, key=lambda p: p[0] * side)


def heart(sketch: Sketch, colour: RGB, centre: Point, size: float, flip: int = 1) -> None:
    """A heart; ``flip=-1`` stands it on its lobes, the body of a spade."""
    cx, cy = centre
    radius = size * 0.27
    lobes = [(cx - size * 0.235, cy - flip * size * 0.2), (cx + size * 0.235, cy - flip * size * 0.2)]
    tip = (cx, cy + flip * size * 0.5)
    for lobe in lobes:
        sketch.circle(colour, lobe, radius)
    sketch.polygon(colour, [tangent(lobes[0], radius, tip, -1), lobes[0], lobes[1],
                            tangent(lobes[1], radius, tip, 1), tip])
