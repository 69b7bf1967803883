"""How to play, one page per game for someone who has never played it: the object, the deal, bidding, the nest,
trump, the play, scoring and winning, as game/engine/guide.py writes it from the rules in force (so a house rule
changed a moment ago shows at once, marked as a house rule). The page scrolls: the wheel, the arrow keys, Page
Up/Down, Home and End; < and > go through the games."""

from __future__ import annotations

import pygame

from game.engine import preset_names
from game.engine.guide import how_to_play, summary

from .. import theme
from ..assets import font, text, wrapped
from ..scene import Scene
from ..widgets import Button, layout_row, press_any

HOUSE_RULE = "House rule: "
SCROLL_KEYS = {pygame.K_UP: -1, pygame.K_DOWN: 1}
PAGE_KEYS = {pygame.K_PAGEUP: -1, pygame.K_PAGEDOWN: 1}


class HowToPlayScene(Scene):
    name = "how-to-play"

    def __init__(self, services, preset: str = "rook-classic"):
        super().__init__(services)
        self.names = preset_names()
        self.preset = preset
        self.scroll = 0  # pixels of the page scrolled past the top of its area
        self.lines: list[tuple[str, int, tuple, bool, int]] = []  # (text, size, colour, bold, y on the page)
        self.height = 0  # of the whole page

    def enter(self):
        self.read(self.preset)

    def resume(self):
        self.read(self.preset)  # the house rules may have changed meanwhile

    def read(self, preset: str):
        """The game's rules as the player has them (the house rules kept for it), and which of them are house
        rules the player changed."""
        self.preset = preset
        self.rules, changes, self.problem = self.services.house_rules.load(preset)
        self.changed = set(changes)
        if hasattr(self, "area"):
            self.write()

    def layout(self):
        w, h = self.size
        self.px = px = theme.text_size(self.size)
        height = int(px * 1.9)
        self.buttons = [Button("< Previous game", lambda: self.step(-1), key=pygame.K_LEFT),
                        Button("Back", lambda: self.stack.pop(self), key=pygame.K_ESCAPE),
                        Button("Next game >", lambda: self.step(1), key=pygame.K_RIGHT)]
        layout_row(self.buttons, (w // 2, h - height // 2 - 8), height, 16, min_width=height * 2)
        top = 14 + font(px + 6, True).get_linesize() + px // 2
        self.area = pygame.Rect(int(w * 0.05), top, int(w * 0.88), self.buttons[0].rect.top - 10 - top)
        self.write()

    def write(self):
        """The page as lines at the window's size, each with its place from the page's top."""
        px, width = self.px, self.area.width
        body, heading = max(13, px - 2), px + 2
        lines, y = [], 0

        def add(line: str, size: int, colour, bold: bool = False):
            nonlocal y
            for part in wrapped(line, size, width):
                lines.append((part, size, colour, bold, y))
                y += font(size, bold).get_linesize()

        add(f"In short: {summary(self.rules)}.", body, theme.INK_DIM)
        if self.problem:
            add(self.problem, body, theme.WARN)
        if self.changed:
            add("Your house rules are in force here; each is marked as a house rule.", body, theme.GOLD)
        for section in how_to_play(self.rules):
            y += body // 2
            add(section.heading, heading, theme.GOLD, bold=True)
            for paragraph in section.paragraphs:
                house = bool(self.changed & set(paragraph.house))
                add((HOUSE_RULE if house else "") + paragraph.text, body, theme.GOLD if house else theme.INK)
                y += body // 3
        self.lines, self.height = lines, y
        self.scroll_by(0)

    def scroll_by(self, pixels: int):
        self.scroll = max(0, min(self.scroll + pixels, self.height - self.area.height))

    def step(self, delta: int):
        self.read(self.names[(self.names.index(self.preset) + delta) % len(self.names)])
        self.scroll = 0

    def handle_event(self, event: pygame.event.Event) -> bool:
        line = font(self.px).get_linesize()
        if event.type == pygame.MOUSEWHEEL:
            self.scroll_by(-event.y * 3 * line)
            return True
        if event.type == pygame.KEYDOWN and event.key in SCROLL_KEYS:
            self.scroll_by(SCROLL_KEYS[event.key] * 2 * line)
            return True
        if event.type == pygame.KEYDOWN and event.key in PAGE_KEYS:
            self.scroll_by(PAGE_KEYS[event.key] * (self.area.height - line))
            return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_HOME, pygame.K_END):
            self.scroll = 0 if event.key == pygame.K_HOME else self.height
            self.scroll_by(0)
            return True
        return press_any(self.buttons, event)

    def draw(self, surface: pygame.Surface):
        surface.fill(theme.FELT)
        w, _ = surface.get_size()
        px = self.px
        title = text(f"How to play: {self.rules.title}", px + 6, theme.GOLD, bold=True)
        surface.blit(title, title.get_rect(midtop=(w // 2, 10)))
        area = self.area
        for line, size, colour, bold, y in self.lines:
            top = area.y + y - self.scroll
            if top >= area.y and top + font(size, bold).get_linesize() <= area.bottom:  # whole lines only
                surface.blit(text(line, size, colour, bold=bold), (area.x, top))
        if self.height > area.height:  # where the part shown is in the whole page
            track = pygame.Rect(area.right + int(w * 0.02), area.y, 6, area.height)
            pygame.draw.rect(surface, theme.FELT_DARK, track, border_radius=3)
            thumb = track.copy()
            thumb.height = max(20, track.height * area.height // self.height)
            thumb.y = track.y + (track.height - thumb.height) * self.scroll // max(1, self.height - area.height)
            pygame.draw.rect(surface, theme.INK_DIM, thumb, border_radius=3)
        for button in self.buttons:
            button.draw(surface, px)
