"""Buttons and small controls drawn with the shipped font."""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache

import pygame

from . import theme
from .assets import font, text


class Button:
    def __init__(self, label: str, action: Callable[..., object], enabled: bool = True, key: int | None = None,
                 when: Callable[[], bool] | None = None, picture: pygame.Surface | None = None,
                 labels: tuple[str, ...] = ()) -> None:
        """``when``: the button is enabled exactly while this says so, asked each time it is drawn or pressed
        (for a state that changes under it, so it can never be drawn enabled and not work, or the reverse);
        ``picture``: drawn above the label (a tile to choose, such as a trump colour); ``labels``: every other
        label it may show, so that it is laid out as wide as the longest and never moves when its label changes.
        ``action`` is called with no arguments (typed loosely: a lambda in a loop binds its item as a default
        argument)."""
        self.label = label
        self.labels = labels
        self.action = action
        self._enabled = enabled
        self.when = when
        self.key = key
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.hover = False
        self.chosen = False  # drawn highlighted (the current choice of a list)
        self.picture = picture

    @property
    def enabled(self) -> bool:
        return self._enabled if self.when is None else self.when()

    @enabled.setter
    def enabled(self, value: bool) -> None:
        self._enabled = value

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

    def width_for(self, height: int, text_size: int | None = None) -> int:
        """How wide this button is laid out at this height: as its longest label needs, measured in the font of
        ``text_size`` (the size it is drawn at), or without it guessed from the label's length."""
        labels = (self.label, *self.labels)
        if text_size is not None:
            return max(font(text_size, bold=True).size(label)[0] for label in labels) + height
        return int(max(len(label) for label in labels) * height * 0.42) + height

    def shown_label(self, size: int) -> str:
        """The label as drawn at this text size."""
        return self.label

    def draw(self, surface: pygame.Surface, size: int) -> None:
        if self.enabled:
            colour = theme.GOLD if self.chosen else theme.BUTTON_HOVER if self.hover else theme.BUTTON
        else:
            colour = theme.BUTTON_OFF
        pygame.draw.rect(surface, colour, self.rect, border_radius=max(4, self.rect.height // 5))
        pygame.draw.rect(surface, theme.FELT_DARK, self.rect, width=2, border_radius=max(4, self.rect.height // 5))
        ink = theme.FELT_DARK if self.chosen and self.enabled else theme.INK if self.enabled else theme.INK_DIM
        label = text(self.shown_label(size), size, ink, bold=True)
        if self.picture is None:
            surface.blit(label, label.get_rect(center=self.rect.center))
            return
        # the picture in the middle of the room above the label, which sits at the bottom
        spot = label.get_rect(midbottom=(self.rect.centerx, self.rect.bottom - max(3, size // 4)))
        room = pygame.Rect(self.rect.x, self.rect.y, self.rect.width, spot.top - self.rect.y)
        surface.blit(self.picture, self.picture.get_rect(center=room.center))
        surface.blit(label, spot)


def press_any(buttons: list[Button], event: pygame.event.Event) -> bool:
    """Give the event to the buttons in turn; True once one consumed it."""
    return any(button.handle_event(event) for button in buttons)


def layout_row(buttons: list[Button], center: tuple[int, int], height: int, gap: int, min_width: int = 0,
               text_size: int | None = None) -> None:
    """Place buttons side by side, centred on ``center``, each as wide as it needs (``Button.width_for``, measured
    in the font of ``text_size`` where given) and at least ``min_width``."""
    widths = [max(min_width, b.width_for(height, text_size)) for b in buttons]
    x = center[0] - (sum(widths) + gap * (len(buttons) - 1)) // 2
    for button, width in zip(buttons, widths):
        button.rect = pygame.Rect(x, center[1] - height // 2, width, height)
        x += width + gap


def layout_column(buttons: list[Button], center: tuple[int, int], width: int, height: int, gap: int) -> None:
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


@lru_cache(maxsize=8)
def _shade_layer(size: tuple[int, int]) -> pygame.Surface:
    layer = pygame.Surface(size, pygame.SRCALPHA)
    layer.fill(theme.SHADE)
    return layer


def panel(surface: pygame.Surface, rect: pygame.Rect) -> None:
    """A dark panel with a thin gold edge, for dialogs over the table; opaque, so nothing drawn below it (a line
    of the table, a card) shows through what it says."""
    surface.blit(_panel_layer(rect.size, theme.PANEL), rect.topleft)
    pygame.draw.rect(surface, theme.GOLD, rect, width=2, border_radius=14)


def shade(surface: pygame.Surface, down_to: int | None = None) -> None:
    """Darken what is drawn so far, the whole window or its top down to ``down_to``."""
    w, h = surface.get_size()
    surface.blit(_shade_layer((w, h if down_to is None else max(0, min(h, down_to)))), (0, 0))
