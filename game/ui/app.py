"""The window: owns the scene stack, the clock, the shared card art, sounds and the AI worker."""

from __future__ import annotations

import logging
import statistics
import time
from dataclasses import dataclass, field
from pathlib import Path

import pygame

from game.ai.worker import AIWorker
from game.store import Settings

from . import assets, theme
from .cards import CardArt
from .icon import draw_icon
from .scene import Scene, SceneStack
from .sound import Sounds

log = logging.getLogger(__name__)

MIN_SIZE = (800, 500)
FPS = 60
SCREENSHOT_AFTER = 0.15  # seconds a scene is up before its screenshot, so its animations have settled


@dataclass
class Autoplay:
    """``--autoplay``: every seat a computer, a fixed number of hands, screenshots of each scene."""
    preset: str
    hands: int
    level: str = "hard"
    screenshots: Path | None = None
    seed: int = 1
    save: bool = False  # save after every action like a real game (crash tests use it)
    hands_done: int = 0
    shot_names: set[str] = field(default_factory=set)


class App:
    def __init__(self, settings: Settings | None = None, autoplay: Autoplay | None = None,
                 search_process: bool = True):
        pygame.init()
        pygame.display.set_caption("Trickhouse")
        pygame.display.set_icon(draw_icon(64))  # before the window opens: some systems take it only then
        self.settings = settings or Settings()
        theme.use(self.settings.table_colour)
        self.fullscreen = self.settings.fullscreen
        self.screen = self._open_window()
        self.autoplay = autoplay
        self.art = CardArt(marks=self.settings.marks, back=self.settings.card_back)
        self.sounds = Sounds(self.settings.sound)
        self.worker = AIWorker(search_process=search_process)
        self.stack = SceneStack()
        self.clock = pygame.time.Clock()
        self.running = True
        self.frame_times: list[float] = []
        self.thinking_frames: list[float] = []  # the frames during which a computer seat was deciding
        self.thinking = False  # set by the table each frame
        self.message = ""  # one line shown at the bottom of the menu (e.g. a save file that could not be read)
        self._shot_name, self._shot_age = "", 0.0

    @property
    def size(self) -> tuple[int, int]:
        return self.screen.get_size()

    def push(self, scene: Scene):
        scene.app = self
        self.stack.push(scene)

    def replace(self, scene: Scene):
        scene.app = self
        self.stack.replace(scene)

    def quit(self):
        self.running = False

    def _open_window(self) -> pygame.Surface:
        if self.fullscreen:
            return pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        return pygame.display.set_mode((self.settings.window_width, self.settings.window_height), pygame.RESIZABLE)

    def toggle_fullscreen(self):
        self.settings.fullscreen = not self.fullscreen
        self.apply_settings(resize=True)

    def apply_settings(self, resize: bool = False):
        """Take changed settings into use at once: the card marks and backs, the table colours, sound, and
        (``resize``) the window."""
        self.art = CardArt(marks=self.settings.marks, back=self.settings.card_back)
        theme.use(self.settings.table_colour)
        self.sounds.enabled = self.settings.sound
        if resize:
            self.fullscreen = self.settings.fullscreen
            self.screen = self._open_window()
        self._relayout()

    def _relayout(self):
        for scene in self.stack.scenes:
            scene.layout()

    def _handle_window_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.QUIT:
            self.quit()
            return True
        if event.type == pygame.VIDEORESIZE and not self.fullscreen:
            width, height = max(MIN_SIZE[0], event.w), max(MIN_SIZE[1], event.h)
            if (width, height) != self.size:
                self.screen = pygame.display.set_mode((width, height), pygame.RESIZABLE)
            self._relayout()
            return True
        if event.type == pygame.WINDOWSIZECHANGED:
            self._relayout()
            return False
        if event.type == pygame.KEYDOWN and (event.key == pygame.K_F11 or
                                             (event.key == pygame.K_RETURN and event.mod & pygame.KMOD_ALT)):
            self.toggle_fullscreen()
            return True
        return False

    def frame(self, dt: float):
        """One frame: events, update, draw, flip."""
        for event in pygame.event.get():
            if not self._handle_window_event(event):
                self.stack.handle_event(event)
            if not self.running:
                return
        self.stack.update(dt)
        if not self.stack.scenes:
            self.running = False
            return
        self.stack.draw(self.screen)
        self._autoplay_screenshot(dt)
        pygame.display.flip()

    def _autoplay_screenshot(self, dt: float):
        """With --screenshots: one PNG per scene (the table, one per phase) once it has been up for a moment."""
        if self.autoplay is None or self.autoplay.screenshots is None or not self.stack.scenes:
            return
        name = self.stack.top.shot_name
        if name != self._shot_name:
            self._shot_name, self._shot_age = name, 0.0
            return
        self._shot_age += dt
        if self._shot_age >= SCREENSHOT_AFTER:
            self.screenshot(name)

    def run(self, first: Scene) -> int:
        self.push(first)
        self.clock.tick()
        last = time.perf_counter()
        try:
            while self.running:
                self.frame(min(self.clock.get_time() / 1000, 0.1))
                self.clock.tick(FPS)
                now = time.perf_counter()
                self.frame_times.append((now - last) * 1000)  # from one frame's start to the next
                if self.thinking:
                    self.thinking_frames.append(self.frame_times[-1])
                last = now
        finally:
            self.close()
        return 0

    def close(self):
        self.final_size = self.size
        self.stack.clear()
        if not self.worker.close(timeout=1.0):
            log.warning("the computer players' thread did not stop within 1 s")
        assets.font.cache_clear()  # fonts die with pygame.quit(); a later App must load them again
        assets.text.cache_clear()
        pygame.quit()

    def screenshot(self, name: str):
        """In autoplay with --screenshots, save the window once per scene name."""
        autoplay = self.autoplay
        if autoplay is None or autoplay.screenshots is None or name in autoplay.shot_names:
            return
        autoplay.shot_names.add(name)
        autoplay.screenshots.mkdir(parents=True, exist_ok=True)
        path = autoplay.screenshots / f"{len(autoplay.shot_names):02d}-{name}.png"
        pygame.image.save(self.screen, str(path))

    def frame_report(self) -> str:
        return (f"all frames: {_frame_figures(self.frame_times[5:])}\n"  # the first frames include loading
                f"frames while a computer was thinking: {_frame_figures(self.thinking_frames)}")


def _frame_figures(times: list[float]) -> str:
    times = sorted(times) or [0.0]
    p99 = times[min(len(times) - 1, int(len(times) * 0.99))]
    return f"{len(times)}, p50 {statistics.median(times):.1f} ms, p99 {p99:.1f} ms, worst {times[-1]:.1f} ms"
