"""Buttons and small controls drawn with the shipped font."""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache

import pygame

from . import theme
from .assets import text


class Button:
    def __init__(self, label: str, action: Callable[[], None], enabled: bool = True, key: int | None = None):
        self.label = label
        self.action = action
        self.enabled = enabled
        self.key = key
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.hover = False
        self.chosen = False  # drawn highlighted (the current choice of a list)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.hover = self.rect.collidepoint(event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.rect.collidepoint(event.pos):
            if self.enabled:
                self.action()
            return True
        elif event.type == pygame.KEYDOWN and self.key is not None and event.key == self.key and self.enabled:
            self.action()
            return True
        return False

    def draw(self, surface: pygame.Surface, size: int):
        if self.enabled:
            colour = theme.GOLD if self.chosen else theme.BUTTON_HOVER if self.hover else theme.BUTTON
        else:
            colour = theme.BUTTON_OFF
        pygame.draw.rect(surface, colour, self.rect, border_radius=max(4, self.rect.height // 5))
        pygame.draw.rect(surface, theme.FELT_DARK, self.rect, width=2, border_radius=max(4, self.rect.height // 5))
        ink = theme.FELT_DARK if self.chosen and self.enabled else theme.INK if self.enabled else theme.INK_DIM
        label = text(self.label, size, ink, bold=True)
        surface.blit(label, label.get_rect(center=self.rect.center))


def press_any(buttons: list[Button], event: pygame.event.Event) -> bool:
    """Give the event to the buttons in turn; True once one consumed it."""
    return any(button.handle_event(event) for button in buttons)


def layout_row(buttons: list[Button], center: tuple[int, int], height: int, gap: int, min_width: int = 0):
    """Place buttons side by side, centred on ``center``, each as wide as its label needs."""
    widths = [max(min_width, int(len(b.label) * height * 0.42) + height) for b in buttons]
    x = center[0] - (sum(widths) + gap * (len(buttons) - 1)) // 2
    for button, width in zip(buttons, widths):
        button.rect = pygame.Rect(x, center[1] - height // 2, width, height)
        x += width + gap


def layout_column(buttons: list[Button], center: tuple[int, int], width: int, height: int, gap: int):
    y = center[1] - (len(buttons) * height + (len(buttons) - 1) * gap) // 2
    for button in buttons:
        button.rect = pygame.Rect(center[0] - width // 2, y, width, height)
        y += height + gap


# translucent layers are made once per size: a new full-window alpha surface every frame costs milliseconds
@lru_cache(maxsize=32)
def _panel_layer(size: tuple[int, int], colour: tuple[int, int, int, int]) -> pygame.Surface:
    layer = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(layer, colour, layer.get_rect(), border_radius=14)
    return layer


@lru_cache(maxsize=4)
def _shade_layer(size: tuple[int, int]) -> pygame.Surface:
    layer = pygame.Surface(size, pygame.SRCALPHA)
    layer.fill(theme.SHADE)
    return layer


def panel(surface: pygame.Surface, rect: pygame.Rect):
    """A translucent dark panel with a thin gold edge, for dialogs over the table."""
    surface.blit(_panel_layer(rect.size, theme.PANEL), rect.topleft)
    pygame.draw.rect(surface, theme.GOLD, rect, width=2, border_radius=14)


def shade(surface: pygame.Surface):
    surface.blit(_shade_layer(surface.get_size()), (0, 0))
