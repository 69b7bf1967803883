"""The score chart on the score sheet and the game-over screen: each side's (or player's) total after every hand,
and the target, as lines drawn with pygame."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from . import theme
from .assets import Colour, fitted, font, text
from .sheet import ScoredMatch

# a colour and a marker shape per line, so that the lines tell apart without their colours too
LINE_COLOURS = [(90, 200, 255), (255, 140, 110), (150, 230, 120), (205, 150, 255), (245, 243, 235), (255, 190, 90)]
MARKERS = ("circle", "square", "triangle", "diamond", "circle", "square")


def score_series(table: ScoredMatch) -> list[tuple[str, list[int]]]:
    """For each score column of a table's match (its name): the total before the first hand and after every
    finished one."""
    totals = table.totals()
    return [(name, [0] + [after[seats[0]] for after in totals]) for name, seats in table.score_columns()]


def plot_area(rect: pygame.Rect, px: int, names: list[str]) -> pygame.Rect:
    """The part of the chart's rect inside the axes: room on the left for the scores, below for the hand numbers,
    and on the right for the longest of the ``names`` (up to half the chart)."""
    widest = max((text(name, px, theme.INK, bold=True).get_width() for name in names), default=0)
    right = min(max(px * 7, widest + px * 2), rect.width // 2)
    return pygame.Rect(rect.x + px * 3, rect.y + px // 2, rect.width - px * 3 - right, rect.height - px * 2)


def chart_lines(rect: pygame.Rect, px: int, series: list[tuple[str, list[int]]], target: int | None
                ) -> tuple[list[list[tuple[int, int]]], Callable[[float], int]]:
    """Each line's points in window pixels, and a function from a score to its height in the window."""
    area = plot_area(rect, px, [name for name, _ in series])
    values = [v for _, line in series for v in line] + ([target] if target else []) + [0]
    low, high = min(values), max(values)
    high = high if high > low else low + 1
    hands = max(1, max(len(line) for _, line in series) - 1)

    def y_of(score: float) -> int:
        return round(area.bottom - (score - low) / (high - low) * area.height)

    lines = [[(round(area.x + i * area.width / hands), y_of(v)) for i, v in enumerate(line)] for _, line in series]
    return lines, y_of


def draw_chart(surface: pygame.Surface, rect: pygame.Rect, series: list[tuple[str, list[int]]], target: int | None,
               px: int) -> None:
    area = plot_area(rect, px, [name for name, _ in series])
    lines, y_of = chart_lines(rect, px, series, target)
    pygame.draw.line(surface, theme.INK_DIM, area.bottomleft, area.topleft, 1)
    pygame.draw.line(surface, theme.INK_DIM, (area.x, y_of(0)), (area.right, y_of(0)), 1)
    zero = text("0", px, theme.INK_DIM)
    surface.blit(zero, zero.get_rect(midright=(area.x - 4, y_of(0))))
    if target:
        y = y_of(target)
        for x in range(area.x, area.right, 12):  # dashed
            pygame.draw.line(surface, theme.GOLD, (x, y), (min(x + 6, area.right), y), 2)
        label = text(str(target), px, theme.GOLD, bold=True)
        surface.blit(label, label.get_rect(midright=(area.x - 4, y)))
    hands = len(lines[0]) - 1 if lines else 0
    for i in range(hands + 1):
        if hands <= 12 or i % ((hands + 11) // 12) == 0:
            number = text(str(i), px, theme.INK_DIM)
            surface.blit(number, number.get_rect(midtop=(lines[0][i][0], area.bottom + 4)))
    step = font(px, bold=True).get_linesize()  # the names' own height (never under the smallest text's)
    label_y = label_heights([points[-1][1] for points in lines], step, rect.top + step // 2, rect.bottom - step // 2)
    room = rect.right - area.right - px - 4
    for index, ((name, _), points) in enumerate(zip(series, lines)):
        colour, marker = LINE_COLOURS[index % len(LINE_COLOURS)], MARKERS[index % len(MARKERS)]
        if len(points) > 1:
            pygame.draw.lines(surface, colour, False, points, 3)
        for point in points:
            _marker(surface, marker, colour, point, max(3, px // 4))
        label = text(fitted(name, px, room, bold=True), px, colour, bold=True)
        surface.blit(label, label.get_rect(midleft=(area.right + px, label_y[index])))


def label_heights(ends: list[int], step: int, top: int, bottom: int) -> list[int]:
    """Where the name at the end of each line goes: beside its line's end, moved apart where lines end close
    together, and kept between ``top`` and ``bottom`` (pushed up from the bottom, then down from the top)."""
    order = sorted(range(len(ends)), key=lambda i: ends[i])
    heights = [0] * len(ends)
    last = None
    for i in order:
        heights[i] = max(ends[i], top) if last is None else max(ends[i], last + step)
        last = heights[i]
    below = bottom + step
    for i in reversed(order):
        heights[i] = min(heights[i], below - step)
        below = heights[i]
    above = top - step
    for i in order:
        heights[i] = max(heights[i], above + step)
        above = heights[i]
    return heights


def _marker(surface: pygame.Surface, shape: str, colour: Colour, at: tuple[int, int], r: int) -> None:
    x, y = at
    if shape == "circle":
        pygame.draw.circle(surface, colour, at, r)
    elif shape == "square":
        pygame.draw.rect(surface, colour, (x - r, y - r, 2 * r, 2 * r))
    elif shape == "triangle":
        pygame.draw.polygon(surface, colour, [(x, y - r - 1), (x + r + 1, y + r), (x - r - 1, y + r)])
    else:
        pygame.draw.polygon(surface, colour, [(x, y - r - 1), (x + r + 1, y), (x, y + r + 1), (x - r - 1, y)])
