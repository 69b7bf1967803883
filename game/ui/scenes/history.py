"""The match history: the last 50 finished matches, newest first (when, the game, the final scores, who won). A
match chosen shows its hands, each with its scores and deal code, a Review (the ``review`` scene, for the match's
human seats) and Play this deal (the deal played again at a table of its own, compared with how it went)."""

from __future__ import annotations

import pygame

from game.table.controller import TableController
from game.table.local import LocalTable, shared_code
from game.table.session import Session

from .. import theme
from ..assets import text
from ..scene import Scene
from ..sheet import sheet_rows
from ..widgets import Button, layout_row, press_any

SCROLL_KEYS = {pygame.K_UP: -1, pygame.K_DOWN: 1, pygame.K_PAGEUP: -10, pygame.K_PAGEDOWN: 10}


def when(finished: str) -> str:
    return finished.replace("T", " ")


def final_scores(session: Session) -> str:
    scores = session.match.scores
    return ",  ".join(f"{names} {scores[seats[0]]}" for names, seats in session.score_columns())


def winners(session: Session) -> str:
    return " & ".join(dict.fromkeys(session.name(seat) for seat in session.match.winners))


class RowsPage(Scene):
    """Rows of text in columns under a title, as many as the window holds (the wheel, the arrow keys and Page
    Up/Down scroll the rest), each row with its own buttons at its right end; Back (Esc) leaves."""

    heading = ""
    subtitle = ""
    empty = ""

    def __init__(self, services):
        super().__init__(services)
        self.first = 0  # the first row shown
        self.header: list[str] = []
        self.shares: list[float] = []  # each column's share of the text's width
        self.cells: list[list[str]] = []
        self.note = ""  # a problem to show, in one line
        self.pointer = (-1, -1)

    def row_buttons(self, index: int) -> list[Button]:
        return []

    def open(self, index: int):
        """A click on a row, away from its buttons."""

    def layout(self):
        w, h = self.size
        self.px = px = theme.text_size(self.size)
        height = int(px * 1.9)
        self.back = Button("Back", lambda: self.stack.pop(self), key=pygame.K_ESCAPE)
        layout_row([self.back], (w // 2, h - height), height, 0, min_width=px * 7)
        self.header_y = int(px * 2.4) + px * (bool(self.subtitle) + bool(self.note))
        top = self.header_y + int(px * 1.5)
        self.per_page = max(1, (self.back.rect.top - 8 - top) // height)
        self.first = max(0, min(self.first, len(self.cells) - self.per_page))
        self.rows: list[tuple[int, pygame.Rect, list[Button]]] = []
        self.buttons = [self.back]
        self.text_right = int(w * 0.97)
        for index in range(self.first, min(len(self.cells), self.first + self.per_page)):
            rect = pygame.Rect(int(w * 0.03), top + (index - self.first) * height, int(w * 0.94), height - 4)
            controls = self.row_buttons(index)
            if controls:
                layout_row(controls, (0, rect.centery), height - 8, 6)
                shift = rect.right - 4 - controls[-1].rect.right
                for button in controls:
                    button.rect.x += shift
                self.text_right = controls[0].rect.left - px // 2
            self.rows.append((index, rect, controls))
            self.buttons += controls

    def columns(self) -> list[tuple[int, int]]:
        """Each column's left edge and width in the window."""
        left = int(self.size[0] * 0.03) + self.px // 2
        width = self.text_right - left
        edges, x = [], float(left)
        for share in self.shares:
            edges.append((int(x), int(width * share) - self.px // 2))
            x += width * share
        return edges

    def scroll(self, rows: int):
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

    def draw(self, surface: pygame.Surface):
        surface.fill(theme.FELT)
        w, px = surface.get_width(), self.px
        y = 10
        for line, size, colour in ((self.heading, px + 6, theme.GOLD), (self.subtitle, px - 2, theme.INK),
                                   (self.note, px - 4, theme.WARN)):
            if line:
                label = text(line, size, colour, bold=colour is theme.GOLD)
                surface.blit(label, label.get_rect(midtop=(w // 2, y)), pygame.Rect(0, 0, w - 16, size * 2))
                y += int(size * 1.35)
        columns = self.columns()
        if not self.cells:
            empty = text(self.empty, px - 2, theme.INK_DIM)
            surface.blit(empty, empty.get_rect(center=(w // 2, surface.get_height() // 2)))
        else:
            self.draw_cells(surface, self.header, columns, self.header_y, theme.GOLD)
            pygame.draw.line(surface, theme.GOLD, (int(w * 0.03), self.header_y + int(px * 1.3)),
                             (int(w * 0.97), self.header_y + int(px * 1.3)), 1)
        for index, rect, controls in self.rows:
            if rect.collidepoint(self.pointer):
                pygame.draw.rect(surface, theme.FELT_DARK, rect, border_radius=6)
            self.draw_cells(surface, self.cells[index], columns, rect.centery - px * 2 // 3, theme.INK)
            for button in controls:
                button.draw(surface, px - 4)
        if len(self.cells) > self.per_page:
            shown = f"{self.first + 1}-{min(len(self.cells), self.first + self.per_page)} of {len(self.cells)}"
            label = text(f"{shown}  (scroll for more)", px - 6, theme.INK_DIM)
            surface.blit(label, label.get_rect(midright=(self.back.rect.left - px, self.back.rect.centery)))
        self.back.draw(surface, px - 2)

    def draw_cells(self, surface: pygame.Surface, cells: list[str], columns, y: int, colour):
        for value, (left, width) in zip(cells, columns):
            label = text(value, self.px - 4, colour, bold=colour is theme.GOLD)
            surface.blit(label, (left, y), pygame.Rect(0, 0, max(0, width), label.get_height()))


class HistoryScene(RowsPage):
    name = "history"
    heading = "Match history"
    empty = "No finished matches yet: each match is kept here once it is over (the last 50)"

    def enter(self):
        budget = self.services.settings.hard_budget
        self.past, self.note = self.services.history.load(lambda data: Session.from_json(data, budget))
        self.header = ["Finished", "Game", "Final scores", "Won by"]
        self.shares = [0.16, 0.2, 0.46, 0.18]
        self.cells = [[when(past.finished), past.session.rules.title, final_scores(past.session),
                       winners(past.session)] for past in self.past]
        if self.cells:
            self.subtitle = "Choose a match to see its hands, review them or play a deal again"

    def open(self, index: int):
        self.services.scenes.push("past-match", past=self.past[index])


class PastMatchScene(RowsPage):
    """One match of the history, hand by hand: the score sheet's rows and each hand's deal code."""
    name = "past-match"

    def __init__(self, services, past):
        super().__init__(services)
        self.session = session = past.session
        match = session.match
        self.hands = match.history + [match.hand]
        self.heading = f"{session.rules.title}, finished {when(past.finished)}"
        self.subtitle = f"{final_scores(session)}  ·  won by {winners(session)}"
        header, _, short_rows = sheet_rows(LocalTable(TableController(session, worker=None)))
        self.header = header + ["Deal code"]
        self.cells = [row + [shared_code(hand) or "-"] for row, hand in zip(short_rows, self.hands)]
        scores = len(header) - 1
        self.shares = [0.07] + [0.6 / scores] * scores + [0.33]

    def row_buttons(self, index: int) -> list[Button]:
        return [Button("Review", lambda: self.review(index)), Button("Play this deal", lambda: self.play(index))]

    def review(self, index: int):
        """The review of this hand for the match's human seats (every seat's, if none was human)."""
        self.services.scenes.push("review", record=self.hands[index].record(), seats=self.session.humans or None)

    def play(self, index: int):
        hand = self.hands[index]
        self.services.scenes.push("table", session=self.session.deal_again(hand), first_time=hand.result())
