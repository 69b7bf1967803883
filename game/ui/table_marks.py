"""What the table draws over itself to say what is going on: the marker at the seat to move, the ring round
the card that wins a finished trick, and the legend of the special queens in play."""

from __future__ import annotations

import math
from collections.abc import Sequence

import pygame

from game.engine.cards import STANDARD_DECK, parse_card, player_card_name
from game.engine.hearts import SPECIAL_QUEENS
from game.engine.language import gettext

from . import theme
from .assets import text, wrapped
from .cards import CardArt
from .widgets import panel


def turn_marker(plate: pygame.Rect, towards: tuple[int, int], size: int, bob: float,
                avoid: Sequence[pygame.Rect] = (), window: pygame.Rect | None = None) -> list[tuple[float, float]]:
    """A triangle beside a name plate, pointing at the plate; ``bob`` (0 to 1) moves it to and fro a little so the
    eye finds it. On the side facing the middle of the table, where it covers none of the ``avoid`` areas (the
    cards, the other plates) anywhere in its bob; else on the far side, below the plate or above it, the first
    that is clear and inside ``window`` (at five seats at 800x500 the north-west plate's marker lay over the
    trick's top left card, whose corner says what it is); if none is, facing the middle."""
    facing = -1 if towards[0] < plate.left else 1
    sides = [(facing, 0), (-facing, 0), (0, 1), (0, -1)]  # which way from the plate: across, or down
    swing = size * 0.25
    for side in sides:
        # the whole bob, and the marker's outline round it
        reach = pygame.Rect(_bounds(_triangle(plate, side, size, -swing))).union(
            _bounds(_triangle(plate, side, size, swing))).inflate(4, 4)
        if reach.collidelist(list(avoid)) < 0 and (window is None or window.contains(reach)):
            break
    else:
        side = sides[0]
    return _triangle(plate, side, size, swing * math.sin(bob * 2 * math.pi))


def _triangle(plate: pygame.Rect, side: tuple[int, int], size: int, shift: float) -> list[tuple[float, float]]:
    """The marker on one ``side`` of the plate (-1 or 1 across, or down), ``shift`` further out than 4 px."""
    across, down = side
    if across:
        tip_x = (plate.left if across < 0 else plate.right) + across * (4 + shift)
        back = tip_x + across * size
        return [(tip_x, plate.centery), (back, plate.centery - size * 0.6), (back, plate.centery + size * 0.6)]
    tip_y = (plate.top if down < 0 else plate.bottom) + down * (4 + shift)
    back = tip_y + down * size
    return [(plate.centerx, tip_y), (plate.centerx - size * 0.6, back), (plate.centerx + size * 0.6, back)]


def _bounds(points: list[tuple[float, float]]) -> pygame.Rect:
    xs, ys = [x for x, _ in points], [y for _, y in points]
    return pygame.Rect(math.floor(min(xs)), math.floor(min(ys)), math.ceil(max(xs) - min(xs)) + 1,
                       math.ceil(max(ys) - min(ys)) + 1)


def draw_turn_marker(surface: pygame.Surface, points: list[tuple[float, float]]) -> pygame.Rect:
    area = pygame.draw.polygon(surface, theme.GOLD, points)
    pygame.draw.polygon(surface, theme.FELT_DARK, points, width=2)
    return area


def draw_winner(surface: pygame.Surface, card: pygame.Rect, art: CardArt, line: str, px: int,
                below: pygame.Rect, room: int) -> None:
    """The winning card of a finished trick ringed in gold, and who takes it said under the whole trick
    (``below``), where it covers no card, in lines no wider than ``room`` (the taller trick of five and six seats
    brings it down between the seats' name plates)."""
    surface.blit(art.outline(card.width, theme.GOLD), card)
    labels = [text(part, px, theme.GOLD, bold=True) for part in wrapped(line, px, room, True)]
    back = pygame.Rect(0, 0, max(label.get_width() for label in labels), sum(label.get_height() for label in labels))
    back = back.move(below.centerx - back.width // 2, below.bottom + 6).inflate(12, 4)
    back.clamp_ip(surface.get_rect())
    pygame.draw.rect(surface, theme.FELT_DARK, back, border_radius=6)
    y = back.y + 2
    for label in labels:
        surface.blit(label, label.get_rect(midtop=(back.centerx, y)))
        y += label.get_height()


def queen_line(queen: str) -> str:
    """A special queen in the engine's words: "Q♠ Most Evil: 26 points"."""
    title, effect = SPECIAL_QUEENS[queen]
    return gettext("{card} {title}: {effect}").format(card=player_card_name(parse_card(queen, STANDARD_DECK),
                                                                             STANDARD_DECK),
                                                       title=gettext(title), effect=gettext(effect))


def queen_legend(queens: tuple[str, ...], px: int, room: int | None = None) -> list[pygame.Surface]:
    """The lines of the special queens in play: one each, or as many as each needs to fit ``room`` pixels."""
    return [text(line, px, theme.INK) for queen in queens
            for line in ((queen_line(queen),) if room is None else wrapped(queen_line(queen), px, room))]


def draw_queen_legend(surface: pygame.Surface, queens: tuple[str, ...], topright: tuple[int, int], px: int,
                      avoid: list[pygame.Rect]) -> pygame.Rect:
    """A small panel listing the special queens in play, its top right corner at ``topright`` or lower, below
    any of the ``avoid`` areas (the seats) it would cover; its lines wrapped to the room right of the seats at the
    top, so that it stays in the corner."""
    title = text(gettext("Special queens"), px, theme.GOLD, bold=True)
    top_band = [area.right for area in avoid if area.top < topright[1] + px * 8 and area.right < topright[0]]
    room = max(title.get_width(), topright[0] - max(top_band, default=0) - 32)
    lines = queen_legend(queens, px, room)
    rect = pygame.Rect(0, 0, max(s.get_width() for s in [title, *lines]) + 20,
                       title.get_height() + sum(s.get_height() for s in lines) + 14)
    rect.topright = topright
    while (hit := rect.collidelist(avoid)) >= 0:
        rect.top = avoid[hit].bottom + 6
    panel(surface, rect)
    y = rect.y + 6
    for line in [title, *lines]:
        surface.blit(line, (rect.x + 10, y))
        y += line.get_height()
    return rect
