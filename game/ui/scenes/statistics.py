"""Statistics per preset and per human name."""

from __future__ import annotations

import pygame

from game.engine.language import N_, gettext
from game.engine.rules import preset_families, preset_titles
from game.engine.words import player_name

from .. import theme
from ..assets import text
from ..scene import Scene
from ..sheet import draw_sheet
from ..widgets import Button, layout_row, press_any

HEADER = [N_("Game"), N_("Player"), N_("Matches"), N_("Won"), N_("Hands"), N_("Points/hand"), N_("Made"), N_("Set"),
          N_("Moons")]  # translated where drawn


def stats_rows(table: dict[str, dict[str, dict[str, int]]]) -> list[list[str]]:
    """The statistics as the store keeps them ({preset: {name: {count: n}}}), a row per game and player."""
    rows = []
    for preset in sorted(table):
        for name, counts in sorted(table[preset].items()):
            hands = counts.get("hands", 0)
            average = f"{counts.get('points', 0) / hands:.1f}" if hands else "-"
            rook = preset_families().get(preset) == "rook"  # which counts the game has: contracts, or moons
            title = preset_titles().get(preset, preset)  # a game's name as New game shows it
            rows.append([title, player_name(name), str(counts.get("matches", 0)), str(counts.get("wins", 0)),
                         str(hands), average,
                         str(counts.get("contracts_made", 0)) if rook else "-",
                         str(counts.get("contracts_set", 0)) if rook else "-",
                         "-" if rook else str(counts.get("moons", 0))])
    return rows


class StatisticsScene(Scene):
    name = "statistics"

    def enter(self) -> None:
        table, problem = self.services.stats.load()
        self.rows = stats_rows(table)
        self.problem = problem

    def layout(self) -> None:
        w, h = self.size
        self.px = theme.text_size(self.size)
        self.back = Button(gettext("Back"), lambda: self.stack.pop(self), key=pygame.K_ESCAPE)
        height = int(self.px * 1.9)
        layout_row([self.back], (w // 2, h - height), height, 0, min_width=self.px * 7)

    def handle_event(self, event: pygame.event.Event) -> bool:
        return press_any([self.back], event)

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(theme.FELT)
        w, h = surface.get_size()
        title = text(gettext("Statistics"), self.px + 6, theme.GOLD, bold=True)
        surface.blit(title, title.get_rect(midtop=(w // 2, 10)))
        if self.rows:
            draw_sheet(surface, pygame.Rect(int(w * 0.04), int(self.px * 3), int(w * 0.92), h),
                       [gettext(word) for word in HEADER], self.rows,
                       self.px - 4)
        else:
            empty = text(gettext("No games finished yet: statistics count the human players' hands and matches"),
                         self.px - 2, theme.INK_DIM)
            surface.blit(empty, empty.get_rect(center=(w // 2, h // 2)))
        if self.problem:
            line = text(self.problem[:150], self.px - 6, theme.WARN)
            surface.blit(line, line.get_rect(midbottom=(w // 2, self.back.rect.top - 6)))
        self.back.draw(surface, self.px - 2)
