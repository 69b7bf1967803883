"""The score sheet after each hand, with the chart of the totals, and the end of the match."""

from __future__ import annotations

import math
import random
from collections.abc import Callable

import pygame

from game.engine.language import N_, gettext, ngettext
from game.engine.refusals import Refusal
from game.engine.results import HandResult
from game.engine.words import said_of

from .. import controls, theme
from ..assets import text, wrapped
from ..card_sketch import star_points
from ..chart import LINE_COLOURS, draw_chart, score_series
from ..scene import Scene
from ..services import Services, Table
from ..sheet import below, chart_target, comparison_rows, draw_sheet, sheet_rows, stacked
from ..widgets import Button, layout_row, panel, press_any, shade

# the copy button's label before and after a copy
# TRANSLATORS: short: five buttons share a row on a window 800 pixels wide
COPY_NOTES = (N_("Copy code"), N_("Copied"), N_("Cannot copy"))


# TRANSLATORS: short: five buttons share a row on a window 800 pixels wide
def review_buttons(services: Services, table: Table, label: str = N_("Review hand")) -> list[Button]:
    """Review the hand just finished, where this screen knows its whole deal (none at a table on
    another computer, which knows only its own seat's view)."""
    subject = table.review_subject()
    if subject is None:
        return []
    record, seats, names = subject
    number = table.hand_number
    return [Button(gettext(label), lambda: services.scenes.push(
        "review", record=record, seats=seats, names=names, number=number), key=controls.REVIEW.key)]


class ScoreScene(Scene):
    name = "score-sheet"
    transparent = True

    def __init__(self, services: Services, table: Table, on_next: Callable[[], None],
                 first_time: HandResult | None = None, play_again: Callable[[], None] | None = None,
                 claim: str = "") -> None:
        """``first_time``: this table plays a deal again, and the sheet compares this try with how it went then;
        ``play_again``: the hand's deal can be played again from here (a table whose match runs here); ``claim``:
        how the hand ended, when a claim ended it ("North claimed the rest: North took 2 tricks and you took 1
        trick")."""
        super().__init__(services)
        self.table = table  # game/table/local.py or game/net/client.py
        self.on_next = on_next
        self.claim = claim
        self.first_time = first_time
        self.play_again = play_again
        self.code = table.deal_code()  # to share: friends play the same cards with "Play a deal code"
        self.copy_note = COPY_NOTES[0]
        self.title = self.heading(table.results()[-1])  # worked out once: results() replays every hand's result
        self.sheet: tuple[list[str], list[list[str]], list[list[str]] | None]
        if first_time is None:
            self.sheet = sheet_rows(table)
            self.series = score_series(table)
        else:
            self.sheet = (*comparison_rows(table, first_time), None)

    def heading(self, result: HandResult) -> str:
        if self.first_time is not None:
            return gettext("This deal again: this try against the first time")
        if result.declarer >= 0:
            return said_of(self.table.name(result.declarer), gettext("{name} bid {points}: made") if result.made else
                           gettext("{name} bid {points}: set"), gettext("You bid {points}: made") if result.made else
                           gettext("You bid {points}: set"), points=result.contract)
        if result.moon_shooter >= 0:
            return said_of(self.table.name(result.moon_shooter), gettext("{name} shot the moon!"),
                           gettext("You shot the moon!"))
        return gettext("Score sheet")

    def layout(self) -> None:
        w, h = self.size
        self.px = px = theme.text_size(self.size)
        # TRANSLATORS: short: five buttons share a row on a window 800 pixels wide
        label = gettext("Back") if self.first_time else gettext("See the result") if self.table.match_over else \
            gettext("Next hand")
        self.next = Button(label, self.go_on, key=controls.NEXT.key)
        self.buttons = [*review_buttons(self.services, self.table), self.next]
        if self.play_again is not None:
            # TRANSLATORS: short: five buttons share a row on a window 800 pixels wide
            again = gettext("Try again") if self.first_time else gettext("Play again")
            self.buttons.insert(0, Button(again, self.again, key=controls.AGAIN.key))
        if self.code:
            self.buttons.insert(0, Button(gettext(self.copy_note), self.copy_code, key=controls.COPY.key,
                                          labels=tuple(gettext(note) for note in COPY_NOTES)))
        # the way out, as at the table (whose own Menu is shaded under the sheet)
        self.menu = Button(gettext("Menu"), self.open_menu, key=controls.MENU.key)
        self.buttons.insert(0, self.menu)
        # the panel is as tall as what it shows: the title and the deal code, the sheet, the chart under it (up to
        # 38% of the window) and the buttons, at most 84% of the window
        height = int(px * 2)
        # one row of buttons, or two where their labels are too long for one (Spanish at 800x500)
        tight = sum(button.width_for(height) for button in self.buttons) + 6 * (len(self.buttons) - 1)
        two_rows = tight > int(w * 0.84) - 24
        head, foot = 80 + (px + 4) * len(self.notes()), height * 2 + (height + 6 if two_rows else 0)
        most = int(h * 0.84)
        sheet, chart = stacked(most - head - foot, len(self.sheet[1]), px - 2,
                               int(h * 0.38) if self.first_time is None else None)
        panel_height = min(most, head + sheet + (10 + chart if chart else 0) + foot)
        self.rect = pygame.Rect(int(w * 0.08), (h - panel_height) // 2, int(w * 0.84), panel_height)
        bottom = self.rect.bottom - height
        if two_rows:  # the way out (Menu) and the first ones above, going on below
            half = (len(self.buttons) + 1) // 2
            layout_row(self.buttons[:half], (w // 2, bottom - height - 6), height, 6)
            layout_row(self.buttons[half:], (w // 2, bottom), height, 6)
        else:
            layout_row(self.buttons, (w // 2, bottom), height, 10, min_width=height * 4)
            if self.buttons[-1].rect.right - self.buttons[0].rect.left > self.rect.width - 24:  # a small window
                layout_row(self.buttons, (w // 2, bottom), height, 6)
        self.sheet_rect, self.chart_rect = below(self.rect.inflate(-40, 0), self.rect.y + head, sheet, chart)

    def go_on(self) -> None:
        self.stack.pop(self)
        self.on_next()

    def open_menu(self) -> None:
        """The menu over the game, over the sheet (which Resume comes back to)."""
        self.services.scenes.push("pause", table=self.table)

    def again(self) -> None:
        if self.first_time is not None:  # this try gives way to the next
            self.stack.pop(self)
        assert self.play_again is not None  # its button is there only then
        self.play_again()

    def copy_code(self) -> None:
        """The deal code to the clipboard, to paste into a message to friends."""
        assert self.code is not None  # its button is there only then
        try:
            pygame.scrap.put_text(self.code)
            self.copy_note = COPY_NOTES[1]
        except pygame.error:  # a system without a clipboard SDL can reach: the code stays shown to type out
            self.copy_note = COPY_NOTES[2]
        self.layout()

    def handle_event(self, event: pygame.event.Event) -> bool:
        press_any(self.buttons, event)
        return True

    def notes(self) -> list[tuple[str, tuple[int, int, int]]]:
        """The lines under the heading, each with its colour: how a claim ended the hand (in as many lines as the
        panel's width takes: it names who took each trick), and the deal code."""
        claim = wrapped(self.claim, self.px, int(self.size[0] * 0.84) - 40) if self.claim else ()
        return [*((line, theme.GOLD) for line in claim),
                *([(gettext("Deal code  {code}").format(code=self.code), theme.INK)] if self.code else [])]

    def draw(self, surface: pygame.Surface) -> None:
        shade(surface)
        panel(surface, self.rect)
        heading = text(self.title, self.px + 6, theme.GOLD, bold=True)
        surface.blit(heading, heading.get_rect(midtop=(self.rect.centerx, self.rect.y + 14)))
        for i, (note, colour) in enumerate(self.notes()):
            line = text(note, self.px, colour)
            surface.blit(line, line.get_rect(midtop=(self.rect.centerx,
                                                     self.rect.y + 24 + self.px + 6 + i * (self.px + 4))))
        header, rows, short_rows = self.sheet
        draw_sheet(surface, self.sheet_rect, header, rows, self.px - 2, short_rows, first_whole=True)
        if self.chart_rect is not None:
            draw_chart(surface, self.chart_rect, self.series, chart_target(self.table.rules), self.px - 6)
        for button in self.buttons:
            button.draw(surface, self.px)


CELEBRATION_SECONDS = 4.0  # how long the confetti falls at game over
CONFETTI = 90  # pieces


class GameOverScene(Scene):
    """The match is over: the winners cheered (a gold star either side of their names, confetti falling for a
    moment), the final sheet and chart, and Rematch (the same seats, names, levels and rules, a new match),
    New game, Main menu and the review of the last hand."""
    name = "game-over"

    def __init__(self, services: Services, table: Table, rematch: Callable[[], None] | None = None,
                 again: str = N_("Rematch")) -> None:
        """``rematch``: a new match can be started with the same players (a table whose match ran here), under the
        button ``again`` (marked for the catalog, translated where it is shown)."""
        super().__init__(services)
        self.table = table
        self.rematch = rematch
        self.again = again
        self.sheet = sheet_rows(table)
        self.series = score_series(table)
        winners = [table.name(seat) for seat in table.winners]
        self.title = said_of(winners, gettext("{name} wins!"), gettext("You win!"), gettext("{names} win!")) \
            if winners else gettext("The match is over")
        hands = len(self.sheet[1])
        self.subtitle = ngettext("after {count} hand", "after {count} hands", hands).format(count=hands)
        self.age = 0.0
        # where each piece of confetti starts and how it falls: the same every time (a seeded generator)
        rng = random.Random(len(self.sheet[1]))
        self.confetti = [(rng.random(), rng.uniform(-0.6, 0), rng.uniform(0.18, 0.35), rng.uniform(0, 6.3),
                          rng.choice(LINE_COLOURS + [theme.GOLD])) for _ in range(CONFETTI)]

    def layout(self) -> None:
        w, h = self.size
        self.px = px = theme.text_size(self.size)
        self.buttons = [*([Button(gettext(self.again), self.start_rematch, key=controls.NEXT.key)]
                          if self.rematch else []),
                        Button(gettext("New game"), self.new_game, key=None if self.rematch else controls.NEXT.key),
                        Button(gettext("Main menu"), self.to_menu),
                        *review_buttons(self.services, self.table, N_("Review the last hand"))]
        height = int(px * 2)
        layout_row(self.buttons, (w // 2, h - height), height, 16, min_width=int(px * 7))
        if self.buttons[-1].rect.right - self.buttons[0].rect.left > w - 16:  # a small window: closer together
            layout_row(self.buttons, (w // 2, h - height), height, 6)
        if self.buttons[-1].rect.right - self.buttons[0].rect.left > w - 16:  # still too wide (Spanish): two rows
            half = (len(self.buttons) + 1) // 2
            layout_row(self.buttons[:half], (w // 2, h - 2 * height - 6), height, 6)
            layout_row(self.buttons[half:], (w // 2, h - height), height, 6)
        self.title_y = int(h * 0.02 + px * 1.6)
        top = self.title_y + int(px * 3.4)  # under the title and the line below it
        room = self.buttons[0].rect.top - px - top
        area = pygame.Rect(int(w * 0.08), top, int(w * 0.84), room)
        sheet, chart = stacked(room, len(self.sheet[1]), px - 2, room)
        self.sheet_rect, self.chart_rect = below(area, top, sheet, chart)

    def update(self, dt: float) -> None:
        self.age += dt

    def next_frame(self) -> float | None:
        return 0 if self.age < CELEBRATION_SECONDS else None

    def start_rematch(self) -> None:
        self.leave_table()
        assert self.rematch is not None  # its button is there only then
        self.rematch()

    def new_game(self) -> None:
        self.leave_table()
        self.services.scenes.replace("setup", preset=self.table.rules.name)

    def to_menu(self) -> None:
        self.leave_table()
        self.services.scenes.replace("menu")

    def leave_table(self) -> None:
        """The match is over: a table on another computer is left, a table this game hosts ends (as the pause
        menu's Main menu does)."""
        self.table.close()
        self.services.stop_hosting(Refusal("match-over"))

    def handle_event(self, event: pygame.event.Event) -> bool:
        return press_any(self.buttons, event)

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(theme.FELT)
        w, h = surface.get_size()
        self.draw_confetti(surface)
        title = text(self.title, self.px * 2, theme.GOLD, bold=True)
        spot = title.get_rect(center=(w // 2, self.title_y))
        surface.blit(title, spot)
        star = self.px * 1.6
        for x in (spot.left - star, spot.right + star):
            pygame.draw.polygon(surface, theme.GOLD, star_points((x, spot.centery), star * 1.3))
        line = text(self.subtitle, self.px, theme.INK_DIM)
        surface.blit(line, line.get_rect(midtop=(w // 2, spot.bottom + self.px // 3)))
        header, rows, short_rows = self.sheet
        draw_sheet(surface, self.sheet_rect, header, rows, self.px - 2, short_rows, first_whole=True)
        if self.chart_rect is not None:  # a window too small for any chart has none (as on the score sheet)
            draw_chart(surface, self.chart_rect, self.series, chart_target(self.table.rules), self.px - 6)
        for button in self.buttons:
            button.draw(surface, self.px)

    def draw_confetti(self, surface: pygame.Surface) -> None:
        """Confetti falling from the top for the first moments, behind everything else on the screen."""
        if self.age >= CELEBRATION_SECONDS:
            return
        w, h = surface.get_size()
        size = max(4, self.px // 3)
        for x, start, speed, turn, colour in self.confetti:
            y = (start + speed * self.age) * h * 1.4
            if 0 <= y < h:
                sway = math.sin(turn + self.age * 3) * size * 2
                piece = pygame.Rect(0, 0, size, max(2, int(size * abs(math.cos(turn + self.age * 5)))))
                piece.center = (int(x * w + sway), int(y))
                pygame.draw.rect(surface, colour, piece)
