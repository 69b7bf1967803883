"""Who sits where, and who plays with whom: the small table map on the New game screen.

Seats go round the table as at the game (the viewer at the bottom, the next seats clockwise); the partnerships
are the engine's (``side_of``), drawn as a line across the table between partners, each side in its colour.
"""

from __future__ import annotations

import math

import pygame

from game.engine import Hand

from . import theme
from .assets import text
from .chart import LINE_COLOURS


def seat_angle(seat: int, viewer: int, n: int) -> float:
    """The direction of a seat from the middle of the table: the viewer straight down, the others clockwise."""
    return math.pi / 2 + 2 * math.pi * ((seat - viewer) % n) / n


def partnerships(hand: Hand) -> list[tuple[int, ...]]:
    """The seats that score together in ``hand`` (a first hand), as the engine says; [] when everyone plays
    alone or the sides are known only once the auction is over."""
    side_of = getattr(hand, "side_of", None)  # Hearts has no sides
    if side_of is None:
        return []
    sides = sorted({tuple(sorted(side_of(seat))) for seat in range(hand.players)})
    return sides if any(len(side) > 1 for side in sides) else []


def seat_points(rect: pygame.Rect, n: int, viewer: int) -> list[tuple[int, int]]:
    return [(round(rect.centerx + rect.width * 0.36 * math.cos(seat_angle(seat, viewer, n))),
             round(rect.centery + rect.height * 0.36 * math.sin(seat_angle(seat, viewer, n)))) for seat in range(n)]


def side_colour(sides: list[tuple[int, ...]], seat: int):
    return next((LINE_COLOURS[i] for i, side in enumerate(sides) if seat in side), theme.INK)


def draw_seat_map(surface: pygame.Surface, rect: pygame.Rect, names: list[str], viewer: int,
                  sides: list[tuple[int, ...]], px: int):
    pygame.draw.ellipse(surface, theme.FELT_DARK, rect.inflate(-rect.width // 3, -rect.height // 3))
    points = seat_points(rect, len(names), viewer)
    for side in sides:
        for a, b in zip(side, side[1:]):
            pygame.draw.line(surface, side_colour(sides, a), points[a], points[b], 3)
    for seat, (name, point) in enumerate(zip(names, points)):
        label = text(name[:12], px, side_colour(sides, seat), bold=True)
        area = label.get_rect(center=point).inflate(10, 4)
        area.clamp_ip(rect)
        pygame.draw.rect(surface, theme.FELT_DARK, area, border_radius=6)
        pygame.draw.rect(surface, side_colour(sides, seat), area, width=1, border_radius=6)
        surface.blit(label, label.get_rect(center=area.center))
