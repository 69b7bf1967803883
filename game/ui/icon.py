"""The game's icon: a Queen of hearts and the Rook Bird fanned on the felt, drawn by the program like the cards.

The window sets it at start (``App``) and the desktop build writes it as the executable's icon (build.spec,
through ``write_icon_file``), so both show the same picture. Needs ``pygame.font`` (the cards' text); no window.
"""

from __future__ import annotations

import struct
import sys
from pathlib import Path

import pygame

from .card_sketch import CARD_RATIO
from .cards import CardArt
from .theme import TABLES

FELT = TABLES["green"].felt  # whatever table colours the player chose: the icon stays one picture


def draw_icon(size: int = 256) -> pygame.Surface:
    icon = pygame.Surface((size, size), pygame.SRCALPHA)
    pygame.draw.rect(icon, FELT, icon.get_rect(), border_radius=size // 6)
    art = CardArt(marks=False)
    width = round(size * 0.5)
    for name, angle, dx in (("ROOK", 14, -0.13), ("QH", -12, 0.13)):
        card = pygame.transform.rotozoom(art.face(name, width), angle, 1)
        icon.blit(card, card.get_rect(center=(size * (0.5 + dx), size * 0.5 + width * CARD_RATIO * 0.02)))
    return icon


def write_icon_file(folder: Path) -> Path:
    """The icon as this system's executables want it: .ico (Windows), .icns (macOS), .png elsewhere; each holds
    the same 256-pixel PNG."""
    folder.mkdir(parents=True, exist_ok=True)
    png = folder / "trickhouse.png"
    pygame.image.save(draw_icon(256), str(png))
    data = png.read_bytes()
    if sys.platform == "win32":  # one image, stored as PNG (Windows Vista and later read these)
        path = folder / "trickhouse.ico"
        path.write_bytes(struct.pack("<HHH", 0, 1, 1) + struct.pack("<BBBBHHII", 0, 0, 0, 0, 1, 32, len(data), 22)
                         + data)
        return path
    if sys.platform == "darwin":  # 'ic08' is the 256-pixel PNG entry
        path = folder / "trickhouse.icns"
        path.write_bytes(b"icns" + struct.pack(">I", 16 + len(data)) + b"ic08" + struct.pack(">I", 8 + len(data))
                         + data)
        return path
    return png
