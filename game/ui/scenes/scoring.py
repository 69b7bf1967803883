"""The score sheet after each hand, with the chart of the totals, and the end of the match."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.engine.results import HandResult
from game.engine.words import says

from .. import theme
from ..assets import text
from ..chart import draw_chart, score_series
from ..scene import Scene
from ..sheet import chart_target, comparison_rows, draw_sheet, sheet_rows, split
from ..widgets import Button, layout_row, panel, press_any, shade


def review_buttons(services, table, label: str = "Review hand") -> list[Button]:
    """Review the hand just finished, where this screen knows its whole deal (none at a table on
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

    def __init__(self, services, table, on_next: Callable[[], None], first_time: HandResult | None = None,
                 play_again: Callable[[], None] | None = None):
        """``first_time``: this table plays a deal again, and the sheet compares this try with how it went then;
        ``play_again``: the hand's deal can be played again from here (a table whose match runs here)."""
        super().__init__(services)
        self.table = table  # game/table/local.py or game/net/client.py
        self.on_next = on_next
        self.first_time = first_time
        self.play_again = play_again
        self.code = table.deal_code()  # to share: friends play the same cards with "Play a deal code"
        self.copy_note = "Copy code"
        self.title = self.heading(table.results()[-1])  # worked out once: results() replays every hand's result
        if first_time is None:
            self.sheet = sheet_rows(table)
            self.series = score_series(table)
        else:
            self.sheet = (*comparison_rows(table, first_time), None)

    def heading(self, result: HandResult) -> str:
        if self.first_time is not None:
            return "This deal again: this try against the first time"
        if result.declarer >= 0:
            return f"{self.table.name(result.declarer)} bid {result.contract}: {'made' if result.made else 'set'}"
        if result.moon_shooter >= 0:
            return f"{self.table.name(result.moon_shooter)} shot the moon!"
        return "Score sheet"

    def layout(self):
        w, h = self.size
        self.px = theme.text_size(self.size)
        self.rect = pygame.Rect(int(w * 0.08), int(h * 0.08), int(w * 0.84), int(h * 0.8))
        label = "Back" if self.first_time else "See the result" if self.table.match_over else "Next hand"
        self.next = Button(label, self.go_on, key=pygame.K_RETURN)
        self.buttons = [*review_buttons(self.services, self.table), self.next]
        if self.play_again is not None:
            again = "Try again" if self.first_time else "Play again"  # short: four buttons share the row
            self.buttons.insert(0, Button(again, self.again, key=pygame.K_a))
        if self.code:
            self.buttons.insert(0, Button(self.copy_note, self.copy_code, key=pygame.K_c))
        height = int(self.px * 2)
        layout_row(self.buttons, (w // 2, self.rect.bottom - height), height, 10, min_width=height * 4)
        # below the title and the deal code, above the buttons: the sheet, and under it the chart
        top = self.rect.y + 80 + (self.px + 4 if self.code else 0)
        area = pygame.Rect(self.rect.x + 20, top, self.rect.width - 40, self.next.rect.top - 8 - top)
        self.sheet_rect, self.chart_rect = split(area) if self.first_time is None else (area, None)

    def go_on(self):
        self.stack.pop(self)
        self.on_next()

    def again(self):
        if self.first_time is not None:  # this try gives way to the next
            self.stack.pop(self)
        self.play_again()

    def copy_code(self):
        """The deal code to the clipboard, to paste into a message to friends."""
        try:
            pygame.scrap.put_text(self.code)
            self.copy_note = "Copied"
        except pygame.error:  # a system without a clipboard SDL can reach: the code stays shown to type out
            self.copy_note = "Cannot copy"
        self.layout()

    def handle_event(self, event: pygame.event.Event) -> bool:
        press_any(self.buttons, event)
        return True

    def draw(self, surface: pygame.Surface):
        shade(surface)
        panel(surface, self.rect)
        heading = text(self.title, self.px + 6, theme.GOLD, bold=True)
        surface.blit(heading, heading.get_rect(midtop=(self.rect.centerx, self.rect.y + 14)))
        if self.code:
            line = text(f"Deal code  {self.code}", self.px, theme.INK)
            surface.blit(line, line.get_rect(midtop=(self.rect.centerx, self.rect.y + 24 + self.px + 6)))
        header, rows, short_rows = self.sheet
        draw_sheet(surface, self.sheet_rect, header, rows, self.px - 2, short_rows)
        if self.chart_rect is not None:
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
        self.leave_table()
        self.services.scenes.replace("setup", preset=self.table.rules.name)

    def to_menu(self):
        self.leave_table()
        self.services.scenes.replace("menu")

    def leave_table(self):
        """The match is over: a table on another computer is left, a table this game hosts ends (as the pause
        menu's Main menu does)."""
        self.table.close()
        self.services.stop_hosting("The match is over")

    def handle_event(self, event: pygame.event.Event) -> bool:
        return press_any(self.buttons, event)

    def draw(self, surface: pygame.Surface):
        surface.fill(theme.FELT)
        w, h = surface.get_size()
        winners = [self.table.name(s) for s in self.table.winners]
        line = says(winners, "wins!") if winners else "The match is over"
        title = text(line, self.px * 2, theme.GOLD, bold=True)
        surface.blit(title, title.get_rect(center=(w // 2, int(h * 0.12))))
        header, rows, short_rows = self.sheet
        draw_sheet(surface, self.sheet_rect, header, rows, self.px - 2, short_rows)
        draw_chart(surface, self.chart_rect, self.series, chart_target(self.table.rules), self.px - 6)
        for button in self.buttons:
            button.draw(surface, self.px)
