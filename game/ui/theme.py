"""Colours and sizes shared by the scenes, all derived from the window size so everything scales.

The table's colours come in several themes (the ``table_colour`` setting): ``use`` puts one in the module's
names (FELT, PANEL, BUTTON, ...), which every scene reads as it draws, so a change shows at once everywhere.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class TableColours:
    felt: tuple[int, int, int]
    felt_dark: tuple[int, int, int]
    panel: tuple[int, int, int, int]
    button: tuple[int, int, int]
    button_hover: tuple[int, int, int]


# the names are those of game.store.settings.TABLE_COLOURS (tests/test_ui_themes.py keeps them in step)
TABLES = {
    "green": TableColours((30, 90, 58), (22, 68, 44), (16, 40, 28, 255), (52, 110, 80), (70, 140, 100)),
    "blue": TableColours((28, 66, 108), (19, 47, 80), (12, 28, 50, 255), (48, 88, 138), (66, 112, 168)),
    "wine": TableColours((104, 34, 48), (78, 24, 35), (44, 14, 22, 255), (132, 52, 68), (160, 70, 88)),
    "slate": TableColours((58, 64, 70), (42, 46, 52), (24, 27, 31, 255), (78, 88, 98), (100, 112, 124)),
}

INK = (245, 243, 235)
INK_DIM = (190, 200, 190)
GOLD = (240, 200, 80)
WARN = (255, 140, 110)
BUTTON_OFF = (60, 70, 64)
SHADE = (0, 0, 0, 150)
LEGAL = (255, 225, 90)
SELECTED = (90, 200, 255)
RECEIVED = (170, 120, 255)

# the table colours in use, put here by ``use``
FELT: tuple[int, int, int]
FELT_DARK: tuple[int, int, int]
PANEL: tuple[int, int, int, int]
BUTTON: tuple[int, int, int]
BUTTON_HOVER: tuple[int, int, int]


def use(table_colour: str) -> None:
    """Draw with the table colours of that name from now on."""
    global FELT, FELT_DARK, PANEL, BUTTON, BUTTON_HOVER
    colours = TABLES[table_colour]
    FELT, FELT_DARK, PANEL = colours.felt, colours.felt_dark, colours.panel
    BUTTON, BUTTON_HOVER = colours.button, colours.button_hover


use("green")  # until the settings say otherwise


BODY_TEXT = 15  # pixels: the least size of body text (the smallest window's); smaller text is never under 14


def card_width(size: tuple[int, int], scale: float = 1.0) -> int:
    """The table's card width: about 72 px at 1280x720."""
    width, height = size
    return max(36, int(min(width / 17.8, height / 10) * scale))


def text_size(size: tuple[int, int], step: int = 0) -> int:
    """Body text about 20 px at 720 high, and never under BODY_TEXT; ``step`` makes it bigger or smaller."""
    return max(BODY_TEXT, int(size[1] / 36)) + 4 * step
