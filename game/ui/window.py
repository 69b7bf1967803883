"""The window and what is drawn the way the settings say: the screen, full screen or not, the card art, the
table's colours and the sounds. Settings changed in the Settings screen take effect here at once."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.engine.language import use_language
from game.store import Settings

from . import theme
from .cards import CardArt
from .controls import FULL_SCREEN
from .icon import draw_icon
from .sound import Sounds

MIN_SIZE = (800, 500)


class Window:
    def __init__(self, settings: Settings) -> None:
        # only what the game uses: pygame.init() would also start the mixer, and with it SDL's search for a sound
        # device, before Sounds has chosen where SDL may look (game/ui/sound.py)
        pygame.display.init()
        pygame.font.init()
        pygame.display.set_caption("Trickhouse")
        pygame.display.set_icon(draw_icon(64))  # before the window opens: some systems take it only then
        self.settings = settings
        use_language(settings.language)  # the engine speaks the player's language (the system's, unless chosen)
        theme.use(settings.table_colour)
        self.fullscreen = settings.fullscreen
        self.screen = self._open()
        self.art = CardArt(marks=settings.marks, back=settings.card_back, faces=settings.card_faces)
        self.sounds = Sounds(settings.sound)
        self.relayout: Callable[[], None] = lambda: None  # the app lays its scenes out again through this
        self.resized = False  # the player changed the window's size by dragging its edge

    @property
    def size(self) -> tuple[int, int]:
        return self.screen.get_size()

    def _open(self) -> pygame.Surface:
        if self.fullscreen:
            return pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        return pygame.display.set_mode((self.settings.window_width, self.settings.window_height), pygame.RESIZABLE)

    def toggle_fullscreen(self) -> None:
        self.settings.fullscreen = not self.fullscreen
        self.apply_settings(resize=True)

    def apply_settings(self, resize: bool = False) -> None:
        """Take changed settings into use at once: the language, the card marks, faces and backs, the table colours,
        sound, and (``resize``) the window; every scene is laid out again, its words in the language now in force."""
        use_language(self.settings.language)
        self.art = CardArt(marks=self.settings.marks, back=self.settings.card_back, faces=self.settings.card_faces)
        theme.use(self.settings.table_colour)
        self.sounds.enabled = self.settings.sound
        if resize:
            self.fullscreen = self.settings.fullscreen
            self.screen = self._open()
        self.relayout()

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Resizing and full screen; True if the event was the window's own."""
        if event.type == pygame.VIDEORESIZE and not self.fullscreen:
            width, height = max(MIN_SIZE[0], event.w), max(MIN_SIZE[1], event.h)
            if (width, height) != self.size:
                self.screen = pygame.display.set_mode((width, height), pygame.RESIZABLE)
            # the settings keep the size the window has out of full screen: Settings shows it, and leaving full
            # screen comes back to it
            if (width, height) != (self.settings.window_width, self.settings.window_height):
                self.settings.window_width, self.settings.window_height = width, height
                self.resized = True
            self.relayout()
            return True
        if event.type == pygame.WINDOWSIZECHANGED:
            self.relayout()
            return False
        if FULL_SCREEN.pressed(event):
            self.toggle_fullscreen()
            return True
        return False
