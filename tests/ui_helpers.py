"""Driving the game window in tests: the SDL dummy driver and real pygame events posted to the running scenes."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

from game.engine import Match, load_rules  # noqa: E402
from game.ui.app import App, Settings  # noqa: E402
from game.ui.scenes.dialogs import CardPickScene  # noqa: E402
from game.ui.scenes.table import TableScene  # noqa: E402
from game.ui.session import SeatPlan, Session  # noqa: E402

FAST = Settings(trick_pause=0.05, computer_pause=0.0, animation_speed=20.0, sound=False)
FRAME = 1 / 30


def post(kind, **fields):
    pygame.event.post(pygame.event.Event(kind, **fields))


def click(app: App, pos):
    post(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)
    post(pygame.MOUSEBUTTONUP, pos=pos, button=1)
    app.frame(FRAME)


def drag(app: App, start, end, steps: int = 5):
    post(pygame.MOUSEBUTTONDOWN, pos=start, button=1)
    app.frame(FRAME)
    for i in range(1, steps + 1):
        point = (start[0] + (end[0] - start[0]) * i // steps, start[1] + (end[1] - start[1]) * i // steps)
        post(pygame.MOUSEMOTION, pos=point, rel=(0, 0), buttons=(1, 0, 0))
        app.frame(FRAME)
    post(pygame.MOUSEBUTTONUP, pos=end, button=1)
    app.frame(FRAME)


def settle(app: App, frames: int = 40):
    for _ in range(frames):
        app.frame(FRAME)


def choose_cards(app: App, scene: CardPickScene, cards: list[str]):
    """Drag each card into the box, then press Done."""
    for card in cards:
        rect = dict(scene.hand_rects())[card]
        drag(app, rect.center, scene.box.center)
    assert scene.chosen == cards
    click(app, scene.done.rect.center)


def open_table(preset: str, humans: int, seed: int = 5) -> tuple[App, Session, TableScene]:
    """A window with a table: the first ``humans`` seats human, the rest Easy computers."""
    app = App(FAST, search_process=False)
    rules = load_rules(preset)
    seats = [SeatPlan(f"P{i}", i < humans, "easy") for i in range(rules.players)]
    session = Session(Match(rules, seed=seed), seats)
    table = TableScene(session)
    app.push(table)
    return app, session, table
