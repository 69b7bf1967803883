"""The match history: the last 50 finished matches, newest first (when, the game, the final scores, who won). A
match chosen shows its hands, each with its scores and deal code, a Review (the ``review`` scene, for the match's
human seats) and Play this deal (the deal played again at a table of its own, compared with how it went)."""

from __future__ import annotations

import logging
from concurrent.futures import Future
from typing import TYPE_CHECKING

import pygame

from game.engine.language import N_, gettext
from game.engine.words import player_name
from game.runtime import in_background
from game.store import PastMatch
from game.store.files import first_line
from game.store.history import finished_text
from game.table.local import shared_code
from game.table.session import Session

from .. import theme
from ..assets import Colour, text, wrapped
from ..scene import AWAIT_SECONDS, Scene
from ..sheet import draw_cell, match_scores, sheet_layout, sheet_rows
from ..widgets import Button, layout_row, press_any

if TYPE_CHECKING:
    from ..services import Services

log = logging.getLogger(__name__)
SCROLL_KEYS = {pygame.K_UP: -1, pygame.K_DOWN: 1, pygame.K_PAGEUP: -10, pygame.K_PAGEDOWN: 10}


def winners(session: Session) -> str:
    return " & ".join(dict.fromkeys(player_name(session.name(seat)) for seat in session.match.winners))


class RowsPage(Scene):
    """Rows of text in columns under a title, as many as the window holds (the wheel, the arrow keys and Page
    Up/Down scroll the rest), each row with its own buttons at its right end; Back (Esc) leaves."""

    heading = ""
    subtitle = ""
    empty = ""

    def __init__(self, services: Services) -> None:
        super().__init__(services)
        self.first = 0  # the first row shown
        self.header: list[str] = []
        self.cells: list[list[str]] = []
        self.note = ""  # a problem to show, in one line
        self.pointer = (-1, -1)

    def row_buttons(self, index: int) -> list[Button]:
        return []

    def open(self, index: int) -> None:
        """A click on a row, away from its buttons."""

    def layout(self) -> None:
        w, h = self.size
        self.px = px = theme.text_size(self.size)
        height = int(px * 1.9)
        self.back = Button(gettext("Back"), lambda: self.stack.pop(self), key=pygame.K_ESCAPE)
        layout_row([self.back], (w // 2, h - height), height, 0, min_width=px * 7)
        self.lines: list[tuple[str, int, Colour, int]] = []
        y = 10  # the title, and under it the subtitle and a problem, each if there is one
        # the headings are translated where drawn (a page's own, made with the language in force, stay as they are)
        for line, size, colour in ((gettext(self.heading), px + 6, theme.GOLD),
                                   (gettext(self.subtitle), px - 2, theme.INK),
                                   (self.note, px - 4, theme.WARN)):
            for row in wrapped(line, size, w - 20) if line else ():  # a long file path takes more rows
                self.lines.append((row, size, colour, y))
                y += int(size * 1.4)
        self.header_y = y + px // 3
        top = self.header_y + int(px * 1.5)
        self.per_page = max(1, (self.back.rect.top - 8 - top) // height)
        self.first = max(0, min(self.first, len(self.cells) - self.per_page))
        self.rows: list[tuple[int, pygame.Rect, list[Button]]] = []
        self.buttons = [self.back]
        text_right = int(w * 0.97)
        for index in range(self.first, min(len(self.cells), self.first + self.per_page)):
            rect = pygame.Rect(int(w * 0.03), top + (index - self.first) * height, int(w * 0.94), height - 4)
            controls = self.row_buttons(index)
            if controls:
                layout_row(controls, (0, rect.centery), height - 8, 6)
                shift = rect.right - 4 - controls[-1].rect.right
                for button in controls:
                    button.rect.x += shift
                text_right = controls[0].rect.left - px // 2
            self.rows.append((index, rect, controls))
            self.buttons += controls
        # the columns as wide as their text, the text made smaller if they do not fit (as on the score sheet)
        left = int(w * 0.03) + px // 2
        self.cell_px, _, lefts, self.widths = sheet_layout(self.header, self.cells, text_right - left, px - 4,
                                                           last=max(1, len(self.cells)))
        self.lefts = [left + x for x in lefts]

    def scroll(self, rows: int) -> None:
        self.first += rows
        self.layout()

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.pointer = event.pos
        if press_any(self.buttons, event):
            return True
        if event.type == pygame.MOUSEWHEEL:
            self.scroll(-event.y)
        elif event.type == pygame.KEYDOWN and event.key in SCROLL_KEYS:
            self.scroll(SCROLL_KEYS[event.key])
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for index, rect, _ in self.rows:
                if rect.collidepoint(event.pos):
                    self.open(index)
        return True

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(theme.FELT)
        w, px = surface.get_width(), self.px
        for line, size, colour, y in self.lines:
            label = text(line, size, colour, bold=colour is theme.GOLD)
            surface.blit(label, label.get_rect(midtop=(w // 2, y)))
        if not self.cells:
            empty = text(gettext(self.empty), px - 2, theme.INK_DIM)
            surface.blit(empty, empty.get_rect(center=(w // 2, surface.get_height() // 2)))
        else:
            self.draw_cells(surface, self.header, self.header_y, theme.GOLD)
            below = self.header_y + int(self.cell_px * 1.4)
            pygame.draw.line(surface, theme.GOLD, (int(w * 0.03), below), (int(w * 0.97), below), 1)
        for index, rect, controls in self.rows:
            if rect.collidepoint(self.pointer):
                pygame.draw.rect(surface, theme.FELT_DARK, rect, border_radius=6)
            self.draw_cells(surface, self.cells[index], rect.centery - self.cell_px * 2 // 3, theme.INK)
            for button in controls:
                button.draw(surface, px - 4)
        if len(self.cells) > self.per_page:
            label = text(gettext("{first}-{last} of {count}  (scroll for more)").format(
                first=self.first + 1, last=min(len(self.cells), self.first + self.per_page), count=len(self.cells)),
                px - 6, theme.INK_DIM)
            surface.blit(label, label.get_rect(midright=(self.back.rect.left - px, self.back.rect.centery)))
        self.back.draw(surface, px - 2)

    def draw_cells(self, surface: pygame.Surface, cells: list[str], y: int, colour: Colour) -> None:
        for value, left, width in zip(cells, self.lefts, self.widths):
            # a cut text's ellipsis clear of the next column, as on the score sheet
            draw_cell(surface, value, (left, y), self.cell_px, width - self.cell_px // 2, colour,
                      bold=colour is theme.GOLD)


class HistoryScene(RowsPage):
    name = "history"
    heading = N_("Match history")
    empty = N_("No finished matches yet: each match is kept here once it is over (the last 50)")

    def __init__(self, services: Services) -> None:
        super().__init__(services)
        self.header = [gettext("Finished"), gettext("Game"), gettext("Final scores"), gettext("Won by")]
        self.past: list[PastMatch[Session]] = []
        # the history being read beside the window: the matches and a problem
        self.reading: Future[tuple[list[PastMatch[Session]], str]] | None = None
        self.cells_read = False

    def enter(self) -> None:
        # every hand of 50 matches is replayed to check it: about half a second, so on a thread of its own
        if self.reading is None:
            self.empty = N_("Reading the history ...")
            budget = self.services.settings.hard_budget
            history = self.services.history
            self.reading = in_background(history.load, lambda data: Session.from_history(data, budget))

    def what_was_read(self) -> tuple[list[PastMatch[Session]], str]:
        """The history read (the matches and a problem), or what went wrong, said rather than left hanging."""
        history = self.services.history
        assert self.reading is not None  # asked once the reading has begun
        try:
            return self.reading.result()
        except OSError as err:  # the folder cannot be read (or the bad file not kept aside)
            return [], f"{history.path}: {err}"
        except Exception as err:  # noqa: BLE001  (a fault in the game, not the file: said and logged)
            log.exception("reading the match history", exc_info=err)
            return [], gettext("The history could not be shown: a fault in the game ({fault}); {path} is left as it "
                               "was").format(fault=f"{type(err).__name__}: {first_line(err)}", path=history.path)

    def update(self, dt: float) -> None:
        if self.reading is None or not self.reading.done() or self.cells_read:
            return
        self.cells_read = True
        self.past, self.note = self.what_was_read()
        self.empty = type(self).empty
        self.cells = [[finished_text(past.finished), past.session.rules.player_title,
                       match_scores(past.session), winners(past.session)] for past in self.past]
        if self.cells:
            self.subtitle = N_("Choose a match to see its hands, review them or play a deal again")
        self.layout()

    def next_frame(self) -> float | None:
        """The history is being read beside the window (see ``enter``) until its cells are shown."""
        return AWAIT_SECONDS if self.reading is not None and not self.cells_read else None

    def open(self, index: int) -> None:
        self.services.scenes.push("past-match", past=self.past[index])


class PastMatchScene(RowsPage):
    """One match of the history, hand by hand: the auction (Rook), each score column's change and total, and the
    deal code."""
    name = "past-match"

    def __init__(self, services: Services, past: PastMatch[Session]) -> None:
        super().__init__(services)
        self.session = session = past.session
        match = session.match
        self.hands = match.history + [match.hand]
        self.heading = gettext("{game}, finished {when}").format(game=session.rules.player_title,
                                                                 when=finished_text(past.finished))
        self.subtitle = gettext("{scores}  ·  won by {winners}").format(scores=match_scores(session),
                                                                        winners=winners(session))
        header, _, short_rows = sheet_rows(session)  # the score sheet's rows, each cell the change and the total
        self.header = header + [gettext("Deal code")]
        self.cells = [row + [shared_code(hand) or "-"] for row, hand in zip(short_rows, self.hands)]

    def row_buttons(self, index: int) -> list[Button]:
        return [Button(gettext("Review"), lambda: self.review(index)),
                Button(gettext("Play this deal"), lambda: self.play(index))]

    def review(self, index: int) -> None:
        """The review of this hand for the match's human seats (every seat's, if none was human)."""
        record, seats, names = self.session.review_subject(self.hands[index])
        self.services.scenes.push("review", record=record, seats=seats, names=names, number=index + 1)

    def play(self, index: int) -> None:
        hand = self.hands[index]
        self.services.scenes.push("table", session=self.session.deal_again(hand), first_time=hand.result())
