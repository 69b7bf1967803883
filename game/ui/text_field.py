"""Typing into a field (a name, an address, a join code, a port) as in any text field: the text is all selected
when the field is clicked, so what is typed replaces it; Ctrl+A selects it all again; Backspace and Delete remove
the selection or the character before or after the caret; Left, Right, Home and End move the caret (with Shift
they select); Ctrl+V pastes and Ctrl+C copies.

``TextEdit`` is the text being typed and where its caret is; ``TextField`` is the field on the screen, a button
that shows its value and, while it is typed in, its caret and selection. The scene that owns a field says what
Enter, Tab and Esc do (set the value, go to the next field, leave it as it was)."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from . import theme
from .assets import fitted, font, text
from .widgets import Button

MOVES = {pygame.K_LEFT, pygame.K_RIGHT, pygame.K_HOME, pygame.K_END}


class TextEdit:
    """Text being typed: at most ``limit`` characters, each one ``allowed`` lets in (a port takes digits only)."""

    def __init__(self, value: str, limit: int, allowed: Callable[[str], bool] = str.isprintable) -> None:
        self.limit = limit
        self.allowed = allowed
        self.text = value[:limit]
        self.anchor = 0  # the selection runs from the anchor to the caret: the whole text, to begin with
        self.caret = len(self.text)

    @property
    def selection(self) -> tuple[int, int]:
        """Where the selected text starts and ends (the same place when nothing is selected)."""
        return min(self.anchor, self.caret), max(self.anchor, self.caret)

    def select_all(self) -> None:
        self.anchor, self.caret = 0, len(self.text)

    def insert(self, typed: str) -> None:
        """``typed`` in place of the selection (or at the caret), as much of it as is allowed and fits."""
        start, end = self.selection
        kept = "".join(ch for ch in typed if self.allowed(ch))
        kept = kept[: max(0, self.limit - (len(self.text) - (end - start)))]
        self.text = self.text[:start] + kept + self.text[end:]
        self.anchor = self.caret = start + len(kept)

    def delete(self, forward: bool) -> None:
        """The selection removed, or else the character after the caret (``forward``, Delete) or before it."""
        start, end = self.selection
        if start == end:
            start, end = (start, min(len(self.text), end + 1)) if forward else (max(0, start - 1), end)
        self.text = self.text[:start] + self.text[end:]
        self.anchor = self.caret = start

    def move(self, key: int, selecting: bool) -> None:
        """The caret moved by Left, Right, Home or End; with Shift the selection grows or shrinks with it, without
        Shift a selection ends at its own edge (as Left and Right do in any text field)."""
        start, end = self.selection
        if key == pygame.K_HOME:
            caret = 0
        elif key == pygame.K_END:
            caret = len(self.text)
        elif not selecting and start != end:
            caret = start if key == pygame.K_LEFT else end
        else:
            caret = max(0, self.caret - 1) if key == pygame.K_LEFT else min(len(self.text), self.caret + 1)
        self.caret = caret
        if not selecting:
            self.anchor = caret

    def handle(self, event: pygame.event.Event) -> bool:
        """Typing and the editing keys; True if the event changed or moved something here (Enter, Tab and Esc are
        the scene's)."""
        if event.type == pygame.TEXTINPUT:
            self.insert(event.text)
            return True
        if event.type != pygame.KEYDOWN:
            return False
        ctrl, shift = event.mod & pygame.KMOD_CTRL, event.mod & pygame.KMOD_SHIFT
        if event.key == pygame.K_a and ctrl:
            self.select_all()
        elif event.key == pygame.K_v and ctrl:
            self.insert(paste().strip())
        elif event.key == pygame.K_c and ctrl:
            start, end = self.selection
            copy(self.text[start:end] or self.text)
        elif event.key in (pygame.K_BACKSPACE, pygame.K_DELETE):
            self.delete(forward=event.key == pygame.K_DELETE)
        elif event.key in MOVES:
            self.move(event.key, bool(shift))
        else:
            return False
        return True


def paste() -> str:
    """What the clipboard holds, or nothing where SDL cannot reach one."""
    try:
        return pygame.scrap.get_text() or ""
    except pygame.error:
        return ""


def copy(value: str) -> None:
    try:
        pygame.scrap.put_text(value)
    except pygame.error:  # no clipboard SDL can reach: nothing to copy to
        pass


class TextField(Button):
    """A field showing its value, clicked to type in it; ``edit`` while it is being typed in (the scene starts and
    ends that), when it shows the text being typed with its caret and selection."""

    def __init__(self, label: str, action: Callable[..., object], edit: TextEdit | None = None,
                 room_for: str = "") -> None:
        """``room_for``: a text the field is laid out wide enough to show whole (else the scene's width)."""
        super().__init__(edit.text if edit is not None else label, action)
        self.edit = edit
        self.chosen = edit is not None
        self.room_for = room_for

    def width_for(self, height: int, text_size: int | None = None) -> int:
        """A field is as wide as its scene lays it out, whatever it holds: a long value scrolls inside it (so its
        text is not measured: ``text_size`` is unused)."""
        return int(len(self.room_for) * height * 0.42) + height if self.room_for else 0

    def shown_label(self, size: int) -> str:
        """The value, cut short with an ellipsis where the field is too narrow for it."""
        return fitted(self.label, size, self.rect.width - 2 * max(6, size // 2), bold=True)

    def draw(self, surface: pygame.Surface, size: int) -> None:
        edit = self.edit
        if edit is None:
            super().draw(surface, size)
            return
        self.label = edit.text
        rect = self.rect
        radius = max(4, rect.height // 5)
        pygame.draw.rect(surface, theme.GOLD, rect, border_radius=radius)
        pygame.draw.rect(surface, theme.FELT_DARK, rect, width=2, border_radius=radius)
        measure = font(size, bold=True).size
        room = rect.inflate(-2 * max(6, size // 2), 0)
        whole, to_caret = measure(edit.text)[0], measure(edit.text[: edit.caret])[0]
        # centred when it fits; else moved along so that the caret stays inside the field
        left = room.centerx - whole // 2 if whole <= room.width else \
            room.x - max(0, min(whole - room.width, to_caret - room.width // 2))
        start, end = edit.selection
        if start != end:
            marked = pygame.Rect(left + measure(edit.text[:start])[0], rect.y + 4,
                                 measure(edit.text[start:end])[0], rect.height - 8).clip(room)
            pygame.draw.rect(surface, theme.SELECTED, marked)
        if edit.text:
            label = text(edit.text, size, theme.FELT_DARK, bold=True)
            spot = label.get_rect(midleft=(left, rect.centery))
            if whole <= room.width:
                surface.blit(label, spot)
            else:  # only the part inside the field
                surface.blit(label, (room.x, spot.y), pygame.Rect(room.x - left, 0, room.width, spot.height))
        caret_x = max(room.x, min(room.right, left + to_caret))
        pygame.draw.line(surface, theme.FELT_DARK, (caret_x, rect.y + 5), (caret_x, rect.bottom - 6), 2)
