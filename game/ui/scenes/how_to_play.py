"""How to play, one page per game for someone who has never played it: the object, the deal, bidding, the nest,
trump, the play, scoring and winning, as game/engine/guide.py writes it from the rules in force (so a house rule
changed a moment ago shows at once, marked as a house rule); and a page of the controls, written from the game's
one list of them (game/ui/controls.py). A game is chosen by its family first (Rook, Hearts), then < and > (or the
Left and Right arrows) go through that family's games. The page scrolls: the wheel, the Up and Down arrows, Page
Up/Down, Home and End.

Opened from a table's menu, it shows that table's game under the rules it is played by."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.engine.guide import how_to_play, summary
from game.engine.language import N_, gettext
from game.engine.rules import Rules, load_rules

from .. import controls, theme
from ..assets import font, text, wrapped
from ..game_chooser import GameChooser
from ..scene import Scene
from ..widgets import Button, layout_row, press_any

if TYPE_CHECKING:
    from ..services import Services

HOUSE_RULE = N_("House rule: {paragraph}")
CONTROLS = "controls"  # the page of the game's controls
SCROLL_KEYS = {pygame.K_UP: -1, pygame.K_DOWN: 1}
PAGE_KEYS = {pygame.K_PAGEUP: -1, pygame.K_PAGEDOWN: 1}
Colour = tuple[int, int, int]


class HowToPlayScene(Scene):
    name = "how-to-play"

    def __init__(self, services: Services, preset: str = "rook-classic", rules: Rules | None = None) -> None:
        """``preset``: the page to open, a preset's or CONTROLS; ``rules``: the rules of the table it is opened from
        (house rules and all), shown on that game's page."""
        super().__init__(services)
        self.table_rules = rules
        self.page = rules.name if rules is not None else preset
        self.scroll = 0  # pixels of the page scrolled past the top of its area
        # (text, size, colour, bold, x from the area's left, y from the page's top)
        self.lines: list[tuple[str, int, Colour, bool, int, int]] = []
        self.height = 0  # of the whole page
        self.rules: Rules | None = None
        self.changed: set[str] = set()
        self.problem = ""

    def enter(self) -> None:
        self.read(self.page)

    def resume(self) -> None:
        self.read(self.page)  # the house rules may have changed meanwhile

    def read(self, page: str) -> None:
        """The page's game under the rules the player has for it (the house rules kept for it, or the table's), and
        which of them are house rules; nothing to read for the Controls page."""
        self.page = page
        self.problem = ""
        if page == CONTROLS:
            self.rules, self.changed = None, set()
        elif self.table_rules is not None and page == self.table_rules.name:
            book = load_rules(page)
            self.rules = self.table_rules
            self.changed = {name for name in book.house_fields() if getattr(book, name) != getattr(self.rules, name)}
        else:
            self.rules, changes, self.problem = self.services.house_rules.load(page)
            self.changed = set(changes)
        if hasattr(self, "px"):
            self.layout()

    @property
    def title(self) -> str:
        if self.rules is None:
            return gettext("How to play: the controls")
        if self.rules is self.table_rules:
            return gettext("How to play: {game}  (your table)").format(game=self.rules.player_title)
        return gettext("How to play: {game}").format(game=self.rules.player_title)

    def choose(self, page: str) -> None:
        self.scroll = 0
        self.read(page)

    def layout(self) -> None:
        w, h = self.size
        self.px = px = theme.text_size(self.size)
        height = int(px * 1.9)
        self.chooser = GameChooser(self.page, self.choose, pages=((CONTROLS, gettext("Controls")),), step_keys=True)
        title_width = font(px + 6, True).size(self.title)[0]
        tabs_y = 10 + height // 2
        self.title_y = tabs_y + height // 2 + 10 + height // 2
        self.chooser.layout(w // 2, tabs_y, self.title_y, height, min(w - 2 * height - 24, title_width + 2 * px),
                            px * 7)
        self.back = Button(gettext("Back"), lambda: self.stack.pop(self), key=controls.BACK.key)
        layout_row([self.back], (w // 2, h - height // 2 - 8), height, 16, min_width=height * 3)
        self.buttons = [*self.chooser.buttons, self.back]
        top = self.title_y + height // 2 + px // 2
        self.area = pygame.Rect(int(w * 0.05), top, int(w * 0.88), self.back.rect.top - 10 - top)
        self.write()

    def write(self) -> None:
        """The page as lines at the window's size, each with its place on the page."""
        px, width = self.px, self.area.width
        body, heading = max(13, px - 2), px + 2
        lines: list[tuple[str, int, Colour, bool, int, int]] = []
        y = 0

        def add(line: str, size: int, colour: Colour, bold: bool = False, x: int = 0, room: int = width) -> int:
            """The line wrapped into ``room`` from ``x``; the y below it."""
            below = y
            for part in wrapped(line, size, room):
                lines.append((part, size, colour, bold, x, below))
                below += font(size, bold).get_linesize()
            return below

        if self.rules is None:
            # each control on a row: what to press or do, then what it does
            how = min(int(width * 0.4), max(font(body, True).size(control.how)[0] for _, group in controls.SECTIONS
                                            for control in group))
            for title, group in controls.SECTIONS:
                y += body // 2
                y = add(gettext(title), heading, theme.GOLD, bold=True)
                for control in group:
                    y = max(add(control.how, body, theme.INK, True, room=how),
                            add(control.said, body, theme.INK_DIM, x=how + body, room=width - how - body))
                    y += body // 4
        else:
            y = add(gettext("In short: {summary}.").format(summary=summary(self.rules)), body, theme.INK_DIM)
            if self.problem:
                y = add(self.problem, body, theme.WARN)
            if self.changed:
                y = add(gettext("Your house rules are in force at your table; each is marked as a house rule.")
                        if self.rules is self.table_rules else
                        gettext("Your house rules are in force here; each is marked as a house rule."), body,
                        theme.GOLD)
            for section in how_to_play(self.rules):
                y += body // 2
                y = add(section.heading, heading, theme.GOLD, bold=True)
                for paragraph in section.paragraphs:
                    house = bool(self.changed & set(paragraph.house))
                    y = add(gettext(HOUSE_RULE).format(paragraph=paragraph.text) if house else paragraph.text, body,
                            theme.GOLD if house else theme.INK)
                    y += body // 3
        self.lines, self.height = lines, y
        self.scroll_by(0)

    def scroll_by(self, pixels: int) -> None:
        self.scroll = max(0, min(self.scroll + pixels, self.height - self.area.height))

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

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(theme.FELT)
        w, _ = surface.get_size()
        px = self.px
        title = text(self.title, px + 6, theme.GOLD, bold=True)
        surface.blit(title, title.get_rect(center=(w // 2, self.title_y)))
        area = self.area
        for line, size, colour, bold, x, y in self.lines:
            top = area.y + y - self.scroll
            if top >= area.y and top + font(size, bold).get_linesize() <= area.bottom:  # whole lines only
                surface.blit(text(line, size, colour, bold=bold), (area.x + x, top))
        if self.height > area.height:  # where the part shown is in the whole page
            track = pygame.Rect(area.right + int(w * 0.02), area.y, 6, area.height)
            pygame.draw.rect(surface, theme.FELT_DARK, track, border_radius=3)
            thumb = track.copy()
            thumb.height = max(20, track.height * area.height // self.height)
            thumb.y = track.y + (track.height - thumb.height) * self.scroll // max(1, self.height - area.height)
            pygame.draw.rect(surface, theme.INK_DIM, thumb, border_radius=3)
        for button in self.buttons:
            if button.enabled or button not in (self.chooser.previous, self.chooser.next):
                button.draw(surface, px)

