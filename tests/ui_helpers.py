"""Driving the game window in tests: the SDL dummy driver and real pygame events posted to the running scenes."""

from __future__ import annotations

import os
import time

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

from game.engine import Match, load_rules  # noqa: E402
from game.table.local import LocalTable  # noqa: E402
from game.table.session import SeatPlan, Session  # noqa: E402
from game.ui.app import App, Settings  # noqa: E402
from game.ui.scenes.dialogs import CardPickScene  # noqa: E402
from game.ui.scenes.scoring import GameOverScene, ScoreScene  # noqa: E402
from game.ui.scenes.table import TableScene  # noqa: E402

FAST = Settings(trick_pause=0.05, computer_pause=0.0, animation_speed=20.0, sound=False)
FRAME = 1 / 30


def step(app: App, dt: float = FRAME):
    """One frame, then a short wait, as the real loop sleeps between frames: frames run back to back keep the other
    threads (the AI worker, the network, the search for tables) from the interpreter on a slow machine (seen in CI:
    Easy overran its budget and fell back; a table's welcome sat unread for 20 s). While a computer is thinking, or
    a table over the network is quiet, the wait is for its answer."""
    app.frame(dt)
    for scene in reversed(app.stack.scenes):
        if isinstance(scene, TableScene):
            scene.table.wait(0.05 if isinstance(scene.table, LocalTable) else 0.005)
            break
    time.sleep(0.001)


HANG_SLACK = 5  # a machine running other work beside the suite is several times slower: a wait only stops a hang


def frames(seconds: float = 60.0):
    """Loop until a wall-clock deadline (not a frame count: how many frames a hand takes depends on the machine's
    speed, since claims are checked a few milliseconds a frame): ``seconds`` is a generous wait on a quiet
    machine, allowed ``HANG_SLACK`` times over. Use with ``for ... else: raise``."""
    deadline = time.monotonic() + seconds * HANG_SLACK
    while time.monotonic() < deadline:
        yield


def post(kind, **fields):
    pygame.event.post(pygame.event.Event(kind, **fields))


def click(app: App, pos):
    post(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)
    post(pygame.MOUSEBUTTONUP, pos=pos, button=1)
    step(app)


def from_menu(app: App, label: str):
    """The main menu opened (over whatever is open), a frame drawn, and its button ``label`` clicked; the menu."""
    menu = app.open("menu")
    step(app)
    click(app, next(b for b in menu.buttons if b.label == label).rect.center)
    return menu


def drag(app: App, start, end, steps: int = 5):
    post(pygame.MOUSEBUTTONDOWN, pos=start, button=1)
    step(app)
    for i in range(1, steps + 1):
        point = (start[0] + (end[0] - start[0]) * i // steps, start[1] + (end[1] - start[1]) * i // steps)
        post(pygame.MOUSEMOTION, pos=point, rel=(0, 0), buttons=(1, 0, 0))
        step(app)
    post(pygame.MOUSEBUTTONUP, pos=end, button=1)
    step(app)


def to_game_over(app: App) -> GameOverScene:
    """Run frames, going on from each score sheet with its button, until the game-over screen (computers only)."""
    for _ in frames():
        top = app.stack.top
        if isinstance(top, GameOverScene):
            return top
        if isinstance(top, ScoreScene):
            click(app, top.next.rect.center)
        else:
            step(app)
    raise AssertionError("the match did not end")


def settle(app: App, count: int = 40):
    for _ in range(count):
        step(app)


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
    app.services.keep_matches = False  # a test that needs the save says so
    rules = load_rules(preset)
    seats = [SeatPlan(f"P{i}", i < humans, "easy") for i in range(rules.players)]
    session = Session(Match(rules, seed=seed), seats)
    table = app.open("table", session=session)
    return app, session, table


def go_on_from_claim(app: App) -> bool:
    """A claim shown on the table on top is looked at and gone on from with its button, as a player does (issue 32,
    item 4: it stays until then); True if there was one."""
    top = app.stack.top
    if not isinstance(top, TableScene) or not top.showing_claim:
        return False
    click(app, top.go_on_button.rect.center)
    return True


def to_turn(app: App, ready) -> None:
    """Run frames, passing the first cards offered whenever cards are to be chosen, until ``ready()``."""
    for _ in frames(60):
        if ready():
            return
        top = app.stack.top
        if isinstance(top, CardPickScene):
            choose_cards(app, top, top.cards[: top.count])
        elif not go_on_from_claim(app):
            step(app)
    raise AssertionError("the turn did not come")
