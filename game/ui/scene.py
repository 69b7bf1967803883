"""The scene stack that owns the window.

Each scene has a small lifecycle: ``enter`` when pushed, ``pause``/``resume`` when another scene covers it or
leaves it, ``exit`` when popped; every frame the top scene gets ``handle_event`` for each event, and every scene
from the lowest opaque one up gets ``update(dt)`` and then ``draw(surface)``, which changes nothing (so the table
keeps animating under a dialog). An overlay sets
``transparent`` so the scene below still draws, and ``pass_events`` if the scene below should also receive the
events it does not consume (``handle_event`` returns True when it consumed one). A scene that goes with the one
below it rather than covering it (a lesson's notes over its table) sets ``companion``: the table under it plays on.

The window draws a frame only when something changes: after input, and when a scene says through ``next_frame``
that it changes by itself (something moves, or it awaits work done elsewhere). ``warm`` does work ahead of need
(drawing card faces into the cache) a piece at a time, after a quick frame and while the window is still.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

if TYPE_CHECKING:  # services.py imports this module
    from .services import Services

AWAIT_SECONDS = 0.05  # how often a scene awaiting work done elsewhere looks again (20 frames a second)


class Scene:
    name = "scene"
    transparent = False
    pass_events = False
    companion = False
    stack: SceneStack

    def __init__(self, services: Services) -> None:
        self.services = services  # what the scene may use (game/ui/services.py): it reaches nothing else

    @property
    def size(self) -> tuple[int, int]:
        """The window's size now."""
        return self.services.window.size

    @property
    def shot_name(self) -> str:
        """The name of this scene's screenshot in autoplay (a scene with several looks names each)."""
        return self.name

    def layout(self) -> None:
        """Place controls for the window's current size (after enter, and on every resize)."""

    def enter(self) -> None:
        """Pushed onto the stack."""

    def exit(self) -> None:
        """Popped off the stack."""

    def pause(self) -> None:
        """Another scene was pushed over this one."""

    def resume(self) -> None:
        """The scene over this one left."""

    def handle_event(self, event: pygame.event.Event) -> bool:
        """React to one event; True if consumed."""
        return False

    def update(self, dt: float) -> None:
        """Advance by ``dt`` seconds."""

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the scene; must not change it."""

    def next_frame(self) -> float | None:
        """How soon this scene changes by itself, in seconds: 0 while something moves (frames at the full rate),
        a short while when it awaits work done elsewhere (a computer's decision, the network, a file read on a
        thread) and must look again, None when only input changes it. Work that finishes on another thread between
        a frame and this question wakes the window itself (game/runtime.py: ``finished``)."""
        return None

    def warm(self) -> bool:
        """Do one small piece of work ahead of need; True while there is more."""
        return False


class SceneStack:
    def __init__(self) -> None:
        self.scenes: list[Scene] = []

    @property
    def top(self) -> Scene | None:
        return self.scenes[-1] if self.scenes else None

    def push(self, scene: Scene) -> None:
        if self.scenes:
            self.scenes[-1].pause()
        scene.stack = self
        self.scenes.append(scene)
        scene.enter()
        scene.layout()

    def pop(self, scene: Scene | None = None) -> Scene:
        """Pop the top scene (or check that ``scene`` is the top one, so a late callback pops nothing else)."""
        if scene is not None and self.top is not scene:
            raise ValueError(f"{scene.name} is not the top scene")
        leaving = self.scenes.pop()
        leaving.exit()
        if self.scenes:
            self.scenes[-1].resume()
        return leaving

    def replace(self, scene: Scene) -> None:
        leaving = self.scenes.pop()
        leaving.exit()
        scene.stack = self
        self.scenes.append(scene)
        scene.enter()
        scene.layout()

    def clear(self) -> None:
        while self.scenes:
            self.scenes.pop().exit()

    def handle_event(self, event: pygame.event.Event) -> None:
        for scene in reversed(self.scenes):
            if scene.handle_event(event) or not scene.pass_events:
                return

    def _shown(self) -> list[Scene]:
        start = len(self.scenes) - 1
        while start > 0 and self.scenes[start].transparent:
            start -= 1
        return self.scenes[max(start, 0):]

    def update(self, dt: float) -> None:
        for scene in self._shown():
            scene.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        for scene in self._shown():
            scene.draw(surface)

    def next_frame(self) -> float | None:
        """The soonest any scene on show changes by itself (see ``Scene.next_frame``)."""
        times = [due for due in (scene.next_frame() for scene in self._shown()) if due is not None]
        return min(times, default=None)

    def warm(self) -> bool:
        """One piece of work ahead of need, for the first scene on show that has some; True while any has more."""
        return any(scene.warm() for scene in reversed(self._shown()))
