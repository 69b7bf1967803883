"""The game window's loop: events, update, draw and flip, with the frame times it took. Frames come at 60 a second
while something moves, at the pace a scene asks for while it awaits work done elsewhere (a computer's decision, the
network), and otherwise only after input: a still window sleeps (scene.py: ``next_frame``).

The app makes the services the scenes share (game/ui/services.py) and opens scenes by name; an autoplay driver,
if any, acts on the scenes from outside like a player (game/ui/autoplay.py).
"""

from __future__ import annotations

import logging
import random
import statistics
import time

import pygame

from game import runtime
from game.ai.worker import AIWorker
from game.store import HistoryStore, HouseRulesStore, SaveStore, Settings, SettingsStore, StatsStore
from game.store.seats import SeatStore

from . import assets
from .autoplay import Autoplay
from .scene import Scene, SceneStack
from .scenes import SCENES
from .services import Director, Services
from .window import Window

log = logging.getLogger(__name__)

FPS = 60
STILL_WAKE = 1.0  # seconds: a still window asks its scenes again this often (it draws nothing unless input came)
INPUT_SECONDS = 0.01  # a still window looks for input this often
# a frame that took less than this leaves room before the next for a piece of work ahead (the slowest, a classic
# court card's face, 6 to 13 ms); a slower frame leaves the work for a later one
WARM_BEFORE = 0.004
WORK_DONE = pygame.event.custom_type()  # posted from the thread whose work finished beside the window: a frame now


class App:
    def __init__(self, settings: Settings | None = None, autoplay: Autoplay | None = None,
                 search_process: bool = True) -> None:
        settings = settings or Settings()
        self.window = Window(settings)
        self.worker = AIWorker(search_process=search_process)
        self.stack = SceneStack()
        self.scenes = Director(self.stack, SCENES)
        self.services = Services(settings, self.window, self.worker, self.scenes, SettingsStore(), HouseRulesStore(),
                                 SaveStore(), StatsStore(), new_seed=lambda: random.SystemRandom().randrange(10**9),
                                 seats=SeatStore(), history=HistoryStore())
        self.scenes.services = self.services
        self.window.relayout = self._relayout
        self.autoplay = autoplay
        if autoplay is not None:
            autoplay.configure(self.services)
        self.clock = pygame.time.Clock()
        self.frame_times: list[float] = []
        self.thinking_frames: list[float] = []  # the frames during which a computer seat was deciding
        runtime.set_waker(self.wake)

    @staticmethod
    def wake() -> None:
        """Work beside the window finished (called from its thread): an event, so that the window draws a frame for
        it at once however still it is (pygame 2's event queue takes events posted from any thread)."""
        try:
            pygame.event.post(pygame.event.Event(WORK_DONE))
        except pygame.error:  # the window closed meanwhile: nothing to wake
            pass

    @property
    def settings(self) -> Settings:
        return self.services.settings

    @property
    def size(self) -> tuple[int, int]:
        return self.window.size

    @property
    def screen(self) -> pygame.Surface:
        return self.window.screen

    @property
    def running(self) -> bool:
        return self.scenes.running

    @running.setter
    def running(self, value: bool) -> None:
        self.scenes.running = value

    def open(self, name: str, **options: object) -> Scene | None:
        """Open a scene by name over the current ones and return it."""
        return self.scenes.push(name, **options)

    def quit(self) -> None:
        self.scenes.quit()

    def _relayout(self) -> None:
        for scene in self.stack.scenes:
            scene.layout()

    def frame(self, dt: float) -> None:
        """One frame: events, update, draw, flip."""
        for event in pygame.event.get():
            if event.type == pygame.QUIT:
                self.quit()
            elif not self.window.handle_event(event):
                self.stack.handle_event(event)
            if not self.running:
                return
        self.stack.update(dt)
        if self.autoplay is not None:
            self.autoplay.update(self.scenes, dt)
        if not self.stack.scenes:
            self.quit()
        if not self.running:
            return
        self.stack.draw(self.screen)
        if self.autoplay is not None:
            self.autoplay.after_draw(self.screen, self.stack.top, dt)
        pygame.display.flip()

    def rest(self, due: float | None) -> bool:
        """Wait until the next frame is due (``due``: the scenes' ``next_frame``): at once while something moves,
        after that time while a scene awaits work done elsewhere, and otherwise until input comes, card faces being
        drawn ahead meanwhile. False when nothing came and nothing is due (then no frame is drawn)."""
        if due == 0:
            return True
        deadline = time.monotonic() + (STILL_WAKE if due is None else due)
        while time.monotonic() < deadline:
            if pygame.event.peek():
                return True
            if not self.stack.warm():
                # pygame.event.wait would look for input every millisecond (a few % of a core): this is calmer
                time.sleep(INPUT_SECONDS)
        return due is not None

    def run(self, first: str = "menu", **options: object) -> int:
        """Open the scene ``first`` (with its ``options``) and run frames until the window closes."""
        self.open(first, **options)
        previous = time.perf_counter()  # when the frame before began
        shown = False  # the first frame is drawn at once
        try:
            while self.running:
                due = 0 if self.autoplay is not None or not shown else self.stack.next_frame()
                shown = True
                if not self.rest(due):
                    continue
                start = time.perf_counter()
                # after a still spell nothing was under way: the frame moves things on by one frame, not the sleep
                self.frame(1 / FPS if due is None else min(start - previous, 0.1))
                previous = start
                if time.perf_counter() - start < WARM_BEFORE:
                    self.stack.warm()  # the frame is on screen: the time left until the next one does work ahead
                self.clock.tick(FPS)
                self.frame_times.append((time.perf_counter() - start) * 1000)  # to when the next frame may begin
                if self.worker.busy:
                    self.thinking_frames.append(self.frame_times[-1])
        finally:
            self.close()
        return 0

    def close(self) -> None:
        runtime.set_waker(None)
        self.final_size = self.size
        if self.window.resized and self.autoplay is None:  # the next start opens the window at its size now
            self.services.settings_store.save(self.settings)
        self.stack.clear()
        self.services.stop_hosting()
        if not self.worker.close(timeout=1.0):
            log.warning("the computer players' thread did not stop within 1 s")
        assets.clear()  # fonts die with pygame.quit(); a later App must load them again
        pygame.quit()

    def frame_report(self) -> str:
        return (f"all frames: {_frame_figures(self.frame_times[5:])}\n"  # the first frames include loading
                f"frames while a computer was thinking: {_frame_figures(self.thinking_frames)}")


def _frame_figures(times: list[float]) -> str:
    times = sorted(times) or [0.0]
    p99 = times[min(len(times) - 1, int(len(times) * 0.99))]
    return f"{len(times)}, p50 {statistics.median(times):.1f} ms, p99 {p99:.1f} ms, worst {times[-1]:.1f} ms"
