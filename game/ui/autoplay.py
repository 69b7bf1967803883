"""``--autoplay``: a driver that sits outside the scenes and plays like a person at the window, so the scenes have
no autoplay of their own. It clicks New game, shows the preset asked for and makes every seat a computer of the
level asked for, clicks Start, clicks Next hand on each score sheet after a moment to read it, and closes the
window after the hands asked for (or at game over). With ``screenshots`` it saves a PNG of each scene (the
table, one per phase) once it has been up for a moment. Asked whether to end a match in progress (with ``save``,
when one is saved), it keeps it and stops: it never ends a match a player has not chosen to end."""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from pathlib import Path

import pygame

from game.engine.language import gettext
from game.engine.rules import preset_families

from .scene import Scene
from .scenes.dialogs import ConfirmScene
from .scenes.setup import SetupScene
from .services import Director, Services
from .setting_words import choice_words
from .widgets import Button

log = logging.getLogger(__name__)

READ_SECONDS = {"menu": 0.8, "setup": 0.8, "score-sheet": 1.5, "game-over": 1.5,  # how long each is looked at
                "confirm": 0.8}
SCREENSHOT_AFTER = 0.15  # seconds a scene is up before its screenshot, so its animations have settled


def buttons_of(scene: Scene) -> list[Button]:
    """The buttons a scene shows, as a person would find them on the screen."""
    found: list[Button] = []
    for value in vars(scene).values():
        if isinstance(value, Button):
            found.append(value)
        elif isinstance(value, list):
            found += [item for item in value if isinstance(item, Button)]
    return found


@dataclass
class Autoplay:
    preset: str
    hands: int
    level: str = "hard"
    screenshots: Path | None = None
    seed: int = 1
    save: bool = False  # save after every action like a real game (crash tests use it)
    hands_done: int = 0
    shot_names: set[str] = field(default_factory=set)
    _looked_at: Scene | None = None
    _looked_for: float = 0.0
    _shot_name: str = ""
    _shot_age: float = 0.0

    def configure(self, services: Services) -> None:
        """The match seed is the one asked for; matches are saved only when asked; nothing is counted."""
        services.new_seed = lambda: self.seed
        services.keep_matches = self.save
        services.count_statistics = False

    def update(self, scenes: Director, dt: float) -> None:
        """One frame: act on the scene on top once it has been looked at long enough."""
        top = scenes.top
        if top is not self._looked_at:
            self._looked_at, self._looked_for = top, 0.0
        self._looked_for += dt
        if top is None:
            return
        by_label = {button.label: button for button in buttons_of(top)}
        if isinstance(top, SetupScene) and self._set_up(top, by_label):
            self._looked_for = 0.0  # changed what it shows: looked at afresh
            return
        if self._looked_for < READ_SECONDS.get(top.name, float("inf")):
            return
        self._looked_for = float("-inf")  # one act a look: the next waits for the scene it leads to
        if top.name in ("menu", "setup"):
            self.click(by_label[gettext("New game") if top.name == "menu" else gettext("Start")])
        elif top.name == "score-sheet":
            if gettext("Next hand") in by_label:
                self.hands_done += 1
                if self.hands_done >= self.hands:
                    scenes.quit()
                    return
            self.click(by_label.get(gettext("Next hand")) or by_label[gettext("See the result")])
        elif top.name == "game-over":
            scenes.quit()
        elif isinstance(top, ConfirmScene):
            log.warning("autoplay stops, keeping the match in progress saved here: %s", top.question)
            scenes.quit()

    def _set_up(self, setup: SetupScene, by_label: dict[str, Button]) -> bool:
        """Show the preset and make every seat a computer of the level, a click a frame; False once it is so."""
        family = preset_families()[self.preset].capitalize()
        rows = [setup.seat_buttons[i:i + 3] for i in range(0, len(setup.seat_buttons), 3)]
        humans = [kind for _, kind, _ in rows if kind.label == gettext("Human")]
        levels = [level for _, _, level in rows if level.label != choice_words(self.level)]
        if not setup.preset.startswith(family.lower()):
            self.click(by_label[family])
        elif setup.preset != self.preset:
            self.click(by_label[">"])
        elif humans or levels:
            self.click((humans or levels)[0])
        else:
            return False
        return True

    def click(self, button: Button) -> None:
        """A real click on the button, handled with the next frame's events; what the window shows changes, so its
        screenshot waits until it has settled again."""
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=button.rect.center, button=1))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=button.rect.center, button=1))
        self._shot_age = 0.0

    def after_draw(self, screen: pygame.Surface, top: Scene | None, dt: float) -> None:
        """With ``screenshots``: one PNG per scene look once it has been up for a moment."""
        if self.screenshots is None or top is None:
            return
        name = top.shot_name
        if name != self._shot_name:
            self._shot_name, self._shot_age = name, 0.0
            return
        self._shot_age += dt
        if self._shot_age >= SCREENSHOT_AFTER and name not in self.shot_names:
            self.shot_names.add(name)
            self.screenshots.mkdir(parents=True, exist_ok=True)
            pygame.image.save(screen, str(self.screenshots / f"{len(self.shot_names):02d}-{name}.png"))
