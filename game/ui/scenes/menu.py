"""The main menu."""

from __future__ import annotations

import pygame

from game.store import SaveStore
from game.table.session import Session

from .. import theme
from ..assets import font, text, wrapped
from ..cards import card_size
from ..scene import Scene
from ..widgets import Button, layout_column, press_any

AUTOPLAY_SECONDS = 0.8


class MenuScene(Scene):
    name = "menu"

    def __init__(self):
        self.shown_for = 0.0

    def layout(self):
        w, h = self.app.size
        self.px = theme.text_size(self.app.size)
        store = SaveStore()
        self.buttons = [
            Button("New game", self.new_game, key=pygame.K_n),
            Button("Continue", self.continue_match, enabled=store.exists(), key=pygame.K_c),
            Button("Rules", self.rules_page, key=pygame.K_r),
            Button("Settings", self.settings, key=pygame.K_s),
            Button("Statistics", self.statistics, key=pygame.K_t),
            Button("Quit", self.app.quit, key=pygame.K_q),
        ]
        # title, subtitle, the four sample cards, then the buttons in the room left above the message line
        self.title_y = int(h * 0.16)
        self.cards_top = self.title_y + self.px * 4
        self.card_width = theme.card_width(self.app.size)
        top = self.cards_top + card_size(self.card_width)[1] + self.px * 4 // 5
        gap = 10 if h >= 600 else 6
        rows = len(wrapped(self.app.message, self.px - 2, w - 20)) if self.app.message else 1
        room = h - 10 - rows * font(self.px - 2).get_linesize() - self.px // 2 - top
        height = min(int(self.px * 2.1), (room - gap * (len(self.buttons) - 1)) // len(self.buttons))
        column = len(self.buttons) * height + gap * (len(self.buttons) - 1)
        layout_column(self.buttons, (w // 2, top + column // 2), int(self.px * 12), height, gap)

    def new_game(self):
        from .setup import SetupScene
        self.app.push(SetupScene())

    def continue_match(self):
        session, problem = SaveStore().load(lambda data: Session.from_json(data, self.app.settings.hard_budget))
        if session is None:
            self.app.message = problem or "There is no saved game"
            self.layout()
            return
        from .table import TableScene
        self.app.push(TableScene(session, save=save_session))

    def settings(self):
        from .settings import SettingsScene
        self.app.push(SettingsScene())

    def statistics(self):
        from .statistics import StatisticsScene
        self.app.push(StatisticsScene())

    def resume(self):
        """Back from a scene above: a game may have been saved since (Continue)."""
        self.layout()

    def rules_page(self):
        from .rules_page import RulesScene
        self.app.push(RulesScene())

    def update(self, dt: float):
        self.shown_for += dt
        if self.app.autoplay is not None and self.shown_for > AUTOPLAY_SECONDS and self.stack.top is self:
            from .setup import SetupScene
            self.app.push(SetupScene(self.app.autoplay.preset))

    def handle_event(self, event: pygame.event.Event) -> bool:
        return press_any(self.buttons, event)

    def draw(self, surface: pygame.Surface):
        surface.fill(theme.FELT)
        w, h = surface.get_size()
        title = text("Trickhouse", self.px * 4, theme.GOLD, bold=True)
        surface.blit(title, title.get_rect(center=(w // 2, self.title_y)))
        sub = text("Rook and Hearts, every variant in the rule books", self.px, theme.INK_DIM)
        surface.blit(sub, sub.get_rect(center=(w // 2, self.title_y + self.px * 3)))
        art, cw = self.app.art, self.card_width
        for i, card in enumerate(["ROOK", "G14", "QS", "AH"]):
            face = art.face(card, cw)
            surface.blit(face, (w // 2 - 2 * cw - 30 + i * (cw + 20), self.cards_top))
        for button in self.buttons:
            button.draw(surface, self.px)
        if self.app.message:  # one message, on as many rows as a narrow window needs, from the bottom up
            size = self.px - 2
            bottom = h - 10
            for row in reversed(wrapped(self.app.message, size, w - 20)):
                line = text(row, size, theme.WARN)
                surface.blit(line, line.get_rect(midbottom=(w // 2, bottom)))
                bottom -= line.get_height()


def save_session(session: Session):
    """Saved after every action; a finished match is kept until the next one starts."""
    SaveStore().save(session.to_json())
