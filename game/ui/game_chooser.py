"""Choosing a game as a player thinks of it: the family first (Rook or Hearts), then one of that family's presets,
its classic game first, stepped through with < and >. New game, How to play and House rules choose this way, so
going from Classic Rook to Classic Hearts is one click, not a walk through every preset."""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache

import pygame

from game.engine.rules import preset_families

from .widgets import Button, layout_row

FAMILIES = ("rook", "hearts")


@lru_cache(maxsize=1)
def family_presets() -> dict[str, tuple[str, ...]]:
    """Each family's presets, its classic game first (the one a new player expects), then by name."""
    families = preset_families()
    return {family: tuple(sorted((p for p, of in families.items() if of == family),
                                 key=lambda p: (p != f"{family}-classic", p))) for family in FAMILIES}


def stepped(preset: str, delta: int) -> str:
    """The preset ``delta`` places on from ``preset`` among its family's, round and round."""
    names = family_presets()[preset_families()[preset]]
    return names[(names.index(preset) + delta) % len(names)]


class GameChooser:
    """A button for each family (and any ``pages`` after them, such as How to play's Controls), and < and > to
    step through the chosen family's presets; ``choose`` is told each preset or page chosen."""

    def __init__(self, current: str, choose: Callable[[str], None], pages: tuple[tuple[str, str], ...] = (),
                 step_keys: bool = False) -> None:
        """``current``: the preset (or page) shown; ``pages``: (page, label) shown as tabs after the families;
        ``step_keys``: the Left and Right arrows step too."""
        self.current = current
        self.choose = choose
        self.pages = pages
        families = preset_families()
        tabs = [(family, family.capitalize()) for family in FAMILIES] + list(pages)
        self.tabs = [Button(label, lambda page=page: self.pick(page)) for page, label in tabs]
        for button, (page, _) in zip(self.tabs, tabs):
            button.chosen = page == families.get(current, current)
        on_preset = current in families
        self.previous = Button("<", lambda: self.step(-1), enabled=on_preset,
                               key=pygame.K_LEFT if step_keys else None)
        self.next = Button(">", lambda: self.step(1), enabled=on_preset, key=pygame.K_RIGHT if step_keys else None)

    @property
    def buttons(self) -> list[Button]:
        return [*self.tabs, self.previous, self.next]

    def layout(self, centre_x: int, tabs_y: int, steps_y: int, height: int, apart: int, tab_width: int) -> None:
        """The tabs in a row centred at ``tabs_y``, and < and > ``apart`` pixels apart at ``steps_y`` (the preset's
        title goes between them)."""
        layout_row(self.tabs, (centre_x, tabs_y), height, 12, min_width=tab_width)
        layout_row([self.previous, self.next], (centre_x, steps_y), height, apart, min_width=height)

    def pick(self, page: str) -> None:
        """A family's tab shows its classic game; another tab, its page."""
        presets = family_presets()
        self.choose(presets[page][0] if page in presets else page)

    def step(self, delta: int) -> None:
        if self.current in preset_families():
            self.choose(stepped(self.current, delta))
