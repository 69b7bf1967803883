"""Where the game's own files are (``assets/``, ``config/``), and the fonts and text it draws with.

Needs ``pygame.font.init()`` (or ``pygame.init()``) before ``font`` or ``text``; no window is needed.

No text a player reads is drawn smaller than SMALLEST_TEXT, whatever size a screen asks for (issue 32: at 800x500
the name plates' second line was 8 px): ``font`` gives at least that size, so what a screen
measures is what it draws, and its layout makes room for it. A card's own marks are drawn at the card's scale
(``card_text``): they are part of its picture.
"""

from __future__ import annotations

import sys
from functools import lru_cache
from pathlib import Path

import pygame

# A PyInstaller build unpacks assets/ and config/ into its _MEIPASS folder; a checkout keeps them at the repo root.
ROOT = Path(getattr(sys, "_MEIPASS", "")) if getattr(sys, "frozen", False) else Path(__file__).resolve().parents[2]

Colour = tuple[int, int, int] | tuple[int, int, int, int] | str
SMALLEST_TEXT = 14  # pixels: the least size of any text a player reads


def asset_path(*parts: str) -> Path:
    """A file under ``assets/``: ``asset_path("fonts", "DejaVuSans.ttf")``."""
    return ROOT.joinpath("assets", *parts)


@lru_cache(maxsize=128)
def typeface(size: int, bold: bool = False) -> pygame.font.Font:
    """DejaVu Sans at any pixel size; the game ships its font so text looks the same on every system."""
    return pygame.font.Font(asset_path("fonts", "DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf"), size)


@lru_cache(maxsize=128)
def font(size: int, bold: bool = False) -> pygame.font.Font:
    """The font of text a player reads: ``size`` pixels, or SMALLEST_TEXT if that is more."""
    return typeface(max(SMALLEST_TEXT, size), bold)


@lru_cache(maxsize=512)
def text(string: str, size: int, colour: Colour, bold: bool = False) -> pygame.Surface:
    """Antialiased text on a transparent surface, cached: labels are redrawn every frame. Do not draw on it."""
    return font(size, bold).render(string, True, colour)


@lru_cache(maxsize=512)
def card_text(string: str, size: int, colour: Colour, bold: bool = False) -> pygame.Surface:
    """Text of a card's picture (its indices, a special queen's words) at exactly ``size`` pixels, however small."""
    return typeface(size, bold).render(string, True, colour)


def clear() -> None:
    """Forget the fonts and the text drawn with them: fonts die with pygame.quit(), a later window loads them again."""
    for cached in (typeface, font, text, card_text, wrapped, fitted):
        cached.cache_clear()


@lru_cache(maxsize=64)
def wrapped(string: str, size: int, width: int, bold: bool = False, on_card: bool = False) -> tuple[str, ...]:
    """``string`` broken at spaces into lines no wider than ``width`` pixels in that font (a word longer than that,
    such as a long file path, gets a line of its own); ``on_card``: at exactly ``size``, as ``card_text`` draws
    it."""
    measure = (typeface if on_card else font)(size, bold).size
    lines: list[str] = []
    for word in string.split(" "):
        if lines and measure(f"{lines[-1]} {word}")[0] <= width:
            lines[-1] = f"{lines[-1]} {word}"
        else:
            lines.append(word)
    return tuple(lines)


@lru_cache(maxsize=256)
def fitted(string: str, size: int, width: int, bold: bool = False) -> str:
    """``string`` as it fits in ``width`` pixels: whole if it fits, else cut at the end with an ellipsis (a long
    name on a small window)."""
    measure = font(size, bold).size
    if measure(string)[0] <= width:
        return string
    while string and measure(string.rstrip() + "…")[0] > width:
        string = string[:-1]
    return string.rstrip() + "…"
