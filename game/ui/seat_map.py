"""Who sits where, and who plays with whom: the small table map on the New game screen.

Seats go round the table as at the game (the viewer at the bottom, the next seats clockwise, in the engine's
order); the partnerships are the engine's score columns that hold more than one seat, drawn as a line across the
table between partners, each side in its colour.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import pygame

from game.engine import Rules, score_columns

from . import theme
from .assets import text
from .chart import LINE_COLOURS


def seat_angle(seat: int, around: Sequence[int]) -> float:
    """The direction of a seat from the middle of the table: the first seat of ``around`` (the viewer, as
    ``Hand.seats_clockwise_from`` gives them) straight down, the others clockwise."""
    return math.pi / 2 + 2 * math.pi * around.index(seat) / len(around)


def partnerships(rules: Rules) -> list[tuple[int, ...]]:
    """The partnerships of a match under these rules, as the engine keeps their scores; [] when every player keeps
    a score of their own (sides chosen by the auction are not known before it)."""
    return [seats for seats in score_columns(rules) if len(seats) > 1]


def seat_points(rect: pygame.Rect, around: Sequence[int]) -> list[tuple[int, int]]:
    """Where each seat (by number) sits on the map."""
    return [(round(rect.centerx + rect.width * 0.36 * math.cos(seat_angle(seat, around))),
             round(rect.centery + rect.height * 0.36 * math.sin(seat_angle(seat, around))))
            for seat in range(len(around))]


def side_colour(sides: list[tuple[int, ...]], seat: int) -> tuple[int, int, int]:
    return next((LINE_COLOURS[i] for i, side in enumerate(sides) if seat in side), theme.INK)


def draw_seat_map(surface: pygame.Surface, rect: pygame.Rect, names: list[str], around: Sequence[int],
                  sides: list[tuple[int, ...]], px: int) -> None:
    pygame.draw.ellipse(surface, theme.FELT_DARK, rect.inflate(-rect.width // 3, -rect.height // 3))
    points = seat_points(rect, around)
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
