"""The score sheet after each hand, with the chart of the totals, and the end of the match."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from .. import theme
from ..assets import text
from ..chart import draw_chart, score_series
from ..scene import Scene
from ..sheet import chart_target, draw_sheet, sheet_rows, split
from ..widgets import Button, layout_row, panel, press_any, shade


def review_buttons(services, table, label: str = "Review this hand") -> list[Button]:
    """"Review this hand" for the hand just finished, where this screen knows its whole deal (none at a table on
    another computer, which knows only its own seat's view)."""
    subject = table.review_subject()
    if subject is None:
        return []
    record, seats, names = subject
    number = table.hand_number
    return [Button(label, lambda: services.scenes.push(
        "review", record=record, seats=seats, names=names, number=number), key=pygame.K_r)]


class ScoreScene(Scene):
    name = "score-sheet"
    transparent = True

    def __init__(self, services, table, on_next: Callable[[], None]):
        super().__init__(services)
        self.table = table  # game/table/local.py or game/net/client.py
        self.on_next = on_next
        self.sheet = sheet_rows(table)
        self.series = score_series(table)

    def layout(self):
        w, h = self.size
        self.px = theme.text_size(self.size)
        self.rect = pygame.Rect(int(w * 0.08), int(h * 0.08), int(w * 0.84), int(h * 0.8))
        label = "See the result" if self.table.match_over else "Next hand"
        self.next = Button(label, self.go_on, key=pygame.K_RETURN)
        self.buttons = [*review_buttons(self.services, self.table), self.next]
        height = int(self.px * 2)
        layout_row(self.buttons, (w // 2, self.rect.bottom - height), height, 10, min_width=height * 4)
        # below the title, above the button: the sheet, and under it the chart
        top = self.rect.y + 80
        self.sheet_rect, self.chart_rect = split(pygame.Rect(self.rect.x + 20, top, self.rect.width - 40,
                                                             self.next.rect.top - 8 - top))

    def go_on(self):
        self.stack.pop(self)
        self.on_next()

    def handle_event(self, event: pygame.event.Event) -> bool:
        press_any(self.buttons, event)
        return True

    def draw(self, surface: pygame.Surface):
        shade(surface)
        panel(surface, self.rect)
        result, _ = self.table.results()[-1]
        title = "Score sheet"
        if result.declarer >= 0:
            title = f"{self.table.name(result.declarer)} bid {result.contract}: {'made' if result.made else 'set'}"
        elif result.moon_shooter >= 0:
            title = f"{self.table.name(result.moon_shooter)} shot the moon!"
        heading = text(title, self.px + 6, theme.GOLD, bold=True)
        surface.blit(heading, heading.get_rect(midtop=(self.rect.centerx, self.rect.y + 14)))
        header, rows, short_rows = self.sheet
        draw_sheet(surface, self.sheet_rect, header, rows, self.px - 2, short_rows)
        draw_chart(surface, self.chart_rect, self.series, chart_target(self.table.rules), self.px - 6)
        for button in self.buttons:
            button.draw(surface, self.px)


class GameOverScene(Scene):
    name = "game-over"

    def __init__(self, services, table):
        super().__init__(services)
        self.table = table
        self.sheet = sheet_rows(table)
        self.series = score_series(table)

    def layout(self):
        w, h = self.size
        self.px = theme.text_size(self.size)
        self.sheet_rect, self.chart_rect = split(pygame.Rect(int(w * 0.1), int(h * 0.2), int(w * 0.8), int(h * 0.6)))
        self.buttons = [Button("New game", self.new_game, key=pygame.K_RETURN), Button("Main menu", self.to_menu),
                        *review_buttons(self.services, self.table, "Review the last hand")]
        layout_row(self.buttons, (w // 2, int(h * 0.85)), int(self.px * 2), 16, min_width=int(self.px * 8))

    def new_game(self):
        self.services.scenes.replace("setup", preset=self.table.rules.name)

    def to_menu(self):
        self.services.scenes.replace("menu")

    def handle_event(self, event: pygame.event.Event) -> bool:
        return press_any(self.buttons, event)

    def draw(self, surface: pygame.Surface):
        surface.fill(theme.FELT)
        w, h = surface.get_size()
        names = [self.table.name(s) for s in self.table.winners]
        line = " and ".join(dict.fromkeys(names)) + (" win!" if len(names) > 1 else " wins!")
        title = text(line, self.px * 2, theme.GOLD, bold=True)
        surface.blit(title, title.get_rect(center=(w // 2, int(h * 0.12))))
        header, rows, short_rows = self.sheet
        draw_sheet(surface, self.sheet_rect, header, rows, self.px - 2, short_rows)
        draw_chart(surface, self.chart_rect, self.series, chart_target(self.table.rules), self.px - 6)
        for button in self.buttons:
            button.draw(surface, self.px)
