"""Learn Rook and Learn Hearts: a lesson's table (game/table/lesson.py) with the lesson's notes over it.

The notes are a panel in the corner the four seats leave free (right of the seat at the top, above the seat on the
right), so they never cover a card. They show what the lesson says at each moment, a page at a time with Next
(Enter); the table holds the other seats' plays until the last page has been shown. On the learner's turn they show
what the lesson asks, and its choice with the reason once the learner chooses otherwise or asks for a Hint. Once
the hand is over and the last words are read, the notes close and the table goes on to its score sheet.

The notes go with the table rather than cover it (``companion``): the table keeps playing under them, and what they
do not use (a drag, the table's buttons) goes on to it.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.engine.language import N_, gettext
from game.engine.lessons import LESSONS
from game.review import hint_player
from game.table.lesson import LessonTable, Note, lesson_table

from .. import theme
from ..assets import font, text, wrapped
from ..scene import Scene
from ..services import Services
from ..table_layout import TableLayout
from ..widgets import Button, layout_row, panel, press_any

# the learner's turn to play, when the lesson asks nothing
PLAY_ASK = N_("Drag a card to the middle of the table, or click it twice.")


MadeFor = tuple[tuple[Note, ...], str, tuple[int, int, int], tuple[int, int]]  # notes, kind, moment, panel size


@dataclass(frozen=True)
class Page:
    """What the panel shows at once: a heading and its lines ("" between paragraphs)."""
    heading: str
    lines: tuple[str, ...]


def open_lesson(services: Services, lesson: str) -> LessonNotes:
    """The lesson's table, opened over what is open, and its notes over the table."""
    settings = services.settings
    table = lesson_table(LESSONS[lesson], services.worker, settings.names[0],
                         pause=lambda: settings.computer_pause / settings.animation_speed, hint=hint_player)
    services.scenes.push("table", table=table)
    return LessonNotes(services, table)


class LessonNotes(Scene):
    name = "lesson"
    transparent = True
    pass_events = True
    companion = True

    def __init__(self, services: Services, table: LessonTable) -> None:
        super().__init__(services)
        self.table = table
        self.pages: list[Page] = []
        self.page = 0
        self.made_for: MadeFor | None = None  # what the pages were made for: what they say, when, and the panel's size
        self.kind = ""  # what the pages are: the lesson's unread words, the learner's turn, or words kept

    def enter(self) -> None:
        self.table.notes_open = True

    def exit(self) -> None:
        self.table.notes_open = False

    @property
    def shot_name(self) -> str:
        return "lesson"

    # --- where the notes go ---

    def layout(self) -> None:
        w, h = self.size
        self.px = theme.text_size(self.size)
        self.body = max(12, self.px - 4)
        self.heading = max(12, self.px - 2)
        place = TableLayout(self.size, self.services.settings.card_scale, self.table.view().seating)
        around = place.around
        top, right = place.seat_box(around[len(around) // 2]), place.seat_box(around[-1])
        gap = max(6, self.px // 2)
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.rect.left = min(top.right + gap, int(w * 0.62))
        self.rect.width = w - 8 - self.rect.left
        self.rect.top = 8
        self.rect.height = max(self.px * 6, right.top - gap - self.rect.top)
        self.gap = gap
        self.next_button = Button(gettext("Next"), self.next_page, key=pygame.K_RETURN, when=lambda: self.showing())
        layout_row([self.next_button], (0, 0), int(self.px * 1.5), 0, min_width=self.px * 4)
        self.text_area = pygame.Rect(self.rect.x + gap + 4, self.rect.y + gap, self.rect.width - 2 * gap - 8,
                                     self.rect.height - 3 * gap - 4 - self.next_button.rect.height)
        self.box = self.rect.copy()  # the panel as drawn: as tall as its longest page needs
        self.made_for = None

    # --- what the notes say ---

    def said(self) -> tuple[list[Note], str] | None:
        """What the panel shows now and what it is: the lesson's unread words ("unread"), the learner's turn
        ("ask"); None to keep the words last shown (read, while the hand follows the script), [] for nothing."""
        table = self.table
        if table.unread():
            return table.notes(), "unread"
        ask = table.ask()
        if ask is not None:
            if not ask.paragraphs:  # a dialog says what to do; at a card to play, the lesson says how
                return ([Note(ask.heading, (gettext(PLAY_ASK),))] if table.view().phase == "play" else []), "ask"
            return [ask], "ask"
        return None if table.following() else ([], "")

    def refresh(self) -> None:
        said = self.said()
        if said is None:
            self.kind = "kept" if self.pages else ""
            return
        notes, kind = said
        key = (tuple(notes), kind, self.table.moment(), self.rect.size)
        if key != self.made_for:
            self.made_for, self.pages, self.page = key, self.paginate(notes), 0
            self.fit_box()
        self.kind = kind

    def fit_box(self) -> None:
        """The panel as tall as its longest page needs (within its corner), Next at its bottom right."""
        rows = max((len(page.lines) for page in self.pages), default=0)
        height = font(self.heading, True).get_linesize() + 4 + rows * font(self.body).get_linesize()
        self.box = self.rect.copy()
        self.box.height = min(self.rect.height, height + 3 * self.gap + 4 + self.next_button.rect.height)
        self.next_button.rect.bottomright = (self.box.right - self.gap, self.box.bottom - self.gap)

    def paginate(self, notes: list[Note]) -> list[Page]:
        """The notes flowed into pages that fit the panel, each under its note's heading: whole paragraphs to a page
        while they fit, a paragraph longer than a page over as many as it needs, shared evenly (no last line alone)."""
        area = self.text_area
        line = font(self.body).get_linesize()
        rows = max(1, (area.height - font(self.heading, True).get_linesize() - 4) // line)
        pages: list[Page] = []
        for note in notes:
            lines: list[str] = []
            for paragraph in note.paragraphs:
                words = list(wrapped(paragraph, self.body, area.width))
                if lines and len(lines) + 1 + len(words) > rows:  # the paragraph starts the next page
                    pages.append(Page(note.heading, tuple(lines)))
                    lines = []
                lines += ([""] if lines else []) + words
                while len(lines) > rows:  # a paragraph longer than a page (it starts one): its lines shared evenly
                    share = -(-len(lines) // -(-len(lines) // rows))
                    pages.append(Page(note.heading, tuple(lines[:share])))
                    lines = lines[share:]
            pages.append(Page(note.heading, tuple(lines)))
        return pages

    def showing(self) -> bool:
        """Next has something to do: another page, or the last page of words unread."""
        return bool(self.pages) and self.kind != "kept" and (self.kind == "unread" or self.page < len(self.pages) - 1)

    def next_page(self) -> None:
        if self.page < len(self.pages) - 1:
            self.page += 1
            return
        if self.kind == "unread":
            self.table.mark_read()
            self.refresh()
            self.close_if_over()

    def close_if_over(self) -> None:
        """The hand is over and its words are read: the notes close, and the table shows its score sheet."""
        if self.table.view().to_move < 0 and not self.table.unread() and self.stack.top is self:
            self.stack.pop(self)

    # --- the scene ---

    def update(self, dt: float) -> None:
        self.refresh()
        self.close_if_over()

    def handle_event(self, event: pygame.event.Event) -> bool:
        if press_any([self.next_button], event):
            return True
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) and self.pages and \
                self.box.collidepoint(event.pos):
            return True  # a click on the notes does not reach the table below
        return False

    def draw(self, surface: pygame.Surface) -> None:
        if not self.pages:
            return
        panel(surface, self.box)
        page = self.pages[min(self.page, len(self.pages) - 1)]
        area = self.text_area
        # TRANSLATORS: a lesson note's heading on one of its pages, as "Trick 6: Lindsay (2/3)"
        heading = (gettext("{heading} ({page}/{pages})").format(heading=page.heading, page=self.page + 1,
                                                                pages=len(self.pages))
                   if len(self.pages) > 1 else page.heading)
        title = text(heading, self.heading, theme.GOLD, bold=True)
        surface.blit(title, area.topleft)
        y = area.y + font(self.heading, True).get_linesize() + 4
        for row in page.lines:
            if row:
                surface.blit(text(row, self.body, theme.INK_DIM if self.kind == "kept" else theme.INK), (area.x, y))
            y += font(self.body).get_linesize()
        if self.showing():
            self.next_button.draw(surface, self.body)
