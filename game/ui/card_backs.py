"""The patterns on the backs of the cards (the ``card_back`` setting): each paints the panel inside a back's gilt
margin, given ``w``: the card's width on that surface (backs are drawn larger and scaled down, see game/ui/cards.py)."""

from __future__ import annotations

from collections.abc import Callable

import pygame

RED_GROUND = (122, 22, 32)
RED_LINES = (160, 52, 60)


def _lattice(panel: pygame.Surface, w: int) -> None:
    """Red with gold-red diagonals both ways."""
    panel.fill(RED_GROUND)
    pw, ph = panel.get_size()
    step, line = w * 0.11, max(1, round(w / 70))
    for i in range(-int(ph / step) - 1, int(pw / step) + 2):  # diagonals both ways, from every start that shows
        x = i * step
        pygame.draw.line(panel, RED_LINES, (x, 0), (x + ph, ph), line)
        pygame.draw.line(panel, RED_LINES, (x, ph), (x + ph, 0), line)


def _circles(panel: pygame.Surface, w: int) -> None:
    """Deep blue with rows of rings, every other row shifted half a ring."""
    panel.fill((22, 48, 110))
    pw, ph = panel.get_size()
    step, line = w * 0.16, max(1, round(w / 70))
    for row in range(int(ph / step) + 2):
        for col in range(int(pw / step) + 2):
            centre = ((col + row % 2 / 2) * step, row * step * 0.87)
            pygame.draw.circle(panel, (70, 110, 190), centre, step * 0.42, line)
            pygame.draw.circle(panel, (150, 180, 230), centre, step * 0.1)


def _tartan(panel: pygame.Surface, w: int) -> None:
    """Dark green crossed by wide and narrow bands, as a tartan."""
    panel.fill((20, 84, 52))
    pw, ph = panel.get_size()
    step = w * 0.22
    for i in range(int(max(pw, ph) / step) + 2):
        for colour, offset, thick in (((12, 56, 34), 0.0, 0.35), ((200, 170, 60), 0.55, 0.05)):
            at, size = round((i + offset) * step), max(1, round(step * thick))
            band = pygame.Surface((size, ph), pygame.SRCALPHA)
            band.fill((*colour, 170))
            panel.blit(band, (at, 0))
            panel.blit(pygame.transform.rotate(band, 90), (0, at))


# the card backs by the names of game.store.settings.CARD_BACKS: each paints the panel inside the card's margin
BACKS: dict[str, Callable[[pygame.Surface, int], None]] = {"lattice": _lattice, "circles": _circles,
                                                           "tartan": _tartan}
