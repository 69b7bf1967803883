"""Colours and sizes shared by the scenes, all derived from the window size so everything scales."""

from __future__ import annotations

FELT = (30, 90, 58)
FELT_DARK = (22, 68, 44)
INK = (245, 243, 235)
INK_DIM = (190, 200, 190)
GOLD = (240, 200, 80)
WARN = (255, 140, 110)
PANEL = (16, 40, 28, 225)
BUTTON = (52, 110, 80)
BUTTON_HOVER = (70, 140, 100)
BUTTON_OFF = (60, 70, 64)
SHADE = (0, 0, 0, 150)
LEGAL = (255, 225, 90)
SELECTED = (90, 200, 255)
RECEIVED = (170, 120, 255)


def card_width(size: tuple[int, int], scale: float = 1.0) -> int:
    """The table's card width: about 72 px at 1280x720."""
    width, height = size
    return max(36, int(min(width / 17.8, height / 10) * scale))


def text_size(size: tuple[int, int], step: int = 0) -> int:
    """Body text about 20 px at 720 high; ``step`` makes it bigger or smaller."""
    return max(12, int(size[1] / 36) + 4 * step)
