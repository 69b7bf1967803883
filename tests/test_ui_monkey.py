"""The monkey: tens of thousands of random mouse, keyboard, resize and window events sent to the real window (SDL
dummy driver) across every scene, during computer turns and animations, for each family of games. Nothing may
raise, no hidden card may be drawn for the wrong seat in hot-seat play, and once the monkey stops and the computer
takes every seat the match always reaches its end (no stuck scene)."""

from __future__ import annotations

import random

import pygame
import pytest

from game.ai import make_player
from game.engine import Hand, Match, load_rules
from game.store import Settings
from game.table.lesson import LessonTable
from game.table.session import SeatPlan, Session
from game.ui.app import App
from game.ui.cards import CardArt
from game.ui.scene import Scene
from game.ui.scenes.dialogs import BidScene, CardPickScene, ChoiceScene, HandOffScene
from game.ui.scenes.menu import MenuScene
from game.ui.scenes.scoring import GameOverScene, ScoreScene
from game.ui.scenes.table import TableScene
from tests.support.kinds import hearts_part, of_kind, rook_part
from tests.support.ui_helpers import click, drag, frames, go_on_from_claim, local_table, post, step, top_scene

KEYS = [pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN, pygame.K_RETURN, pygame.K_SPACE, pygame.K_h,
        pygame.K_u, pygame.K_l, pygame.K_p, pygame.K_n, pygame.K_c, pygame.K_r, pygame.K_s, pygame.K_t,
        pygame.K_ESCAPE, pygame.K_BACKSPACE, pygame.K_TAB, pygame.K_1, pygame.K_2, pygame.K_a, pygame.K_F11]
WINDOW_EVENTS = [pygame.WINDOWFOCUSLOST, pygame.WINDOWFOCUSGAINED, pygame.WINDOWMINIMIZED, pygame.WINDOWRESTORED,
                 pygame.WINDOWENTER, pygame.WINDOWLEAVE]


def random_event(rng: random.Random, size: tuple[int, int]) -> pygame.event.Event:
    w, h = size
    pos = (rng.randrange(-20, w + 20), rng.randrange(-20, h + 20))
    roll = rng.random()
    if roll < 0.30:
        return pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(rng.random() < 0.5, 0, 0))
    if roll < 0.52:
        return pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=rng.choice([1, 1, 1, 2, 3, 4, 5]))
    if roll < 0.74:
        return pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=rng.choice([1, 1, 1, 3]))
    if roll < 0.88:
        key = rng.choice(KEYS)
        return pygame.event.Event(pygame.KEYDOWN, key=key, mod=rng.choice([0, 0, pygame.KMOD_ALT]), unicode="",
                                  scancode=0)
    if roll < 0.92:
        return pygame.event.Event(pygame.TEXTINPUT, text=rng.choice(["a", "Z", "é", " ", "7", "ß"]))
    if roll < 0.95:
        return pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=rng.choice([-1, 1]), flipped=False)
    if roll < 0.97:
        width, height = rng.randrange(300, 1500), rng.randrange(200, 950)
        return pygame.event.Event(pygame.VIDEORESIZE, w=width, h=height, size=(width, height))
    return pygame.event.Event(rng.choice(WINDOW_EVENTS))


class Privacy:
    """Every face drawn must be one the seat shown at the table may see (as in tests/test_ui_play.py), checked on
    the CardArt class so it holds when the settings make a new CardArt."""

    def __init__(self, app: App, monkeypatch: pytest.MonkeyPatch) -> None:
        self.faults: list[str] = []
        self._key: tuple[Hand, object, int, Scene | None] | None = None  # the position the faces were allowed for
        self._allowed: set[str] = set()
        original = CardArt.face
        watch = self

        def face(art: CardArt, name: str, width: int) -> pygame.Surface:
            watch.check(app, name)
            return original(art, name, width)

        monkeypatch.setattr(CardArt, "face", face)

    def check(self, app: App, name: str) -> None:
        tables = [scene for scene in app.stack.scenes if isinstance(scene, TableScene)]
        top = app.stack.top
        if not tables or not local_table(tables[-1]).session.hot_seat:
            return  # the menu and the other pages draw sample cards of their own; one human sees only their own
        if isinstance(top, HandOffScene):
            self.faults.append(f"{name} drawn behind the hand-off screen")
        elif name not in self.allowed(tables[-1], top):
            self.faults.append(f"{name} drawn for seat {tables[-1].viewer}")

    def allowed(self, table: TableScene, top: Scene | None) -> set[str]:
        """What the shown seat may see now (worked out once per position: faces are drawn many times a frame)."""
        hand = local_table(table).session.hand
        key = (hand, hand.position_key, table.viewer, top)
        if key != self._key:
            view = table.view()
            allowed = set(hand.rules.card_names(hand.played)) | set(view.hand)
            if view.rook is not None:
                allowed.update(rook_part(view).dummy_cards + rook_part(view).discarded)
            if view.hearts is not None:
                allowed.update(hearts_part(view).received + hearts_part(view).passed)
            if isinstance(top, CardPickScene):
                allowed.update(top.cards)
            self._key, self._allowed = key, allowed
        return self._allowed


def current_table(app: App) -> TableScene | None:
    tables = [scene for scene in app.stack.scenes if isinstance(scene, TableScene)]
    return tables[-1] if tables else None


def keep_going(app: App, need_table: bool) -> None:
    """The monkey may quit or leave for the menu: come back the way a player would (start again, Continue). A
    lesson it opened from the menu (Learn to play) is left the same way: the match's table is the one it plays at."""
    app.running = True
    if not app.stack.scenes:
        app.open("menu")
    table = current_table(app)
    if need_table and (table is None or isinstance(table.table, LessonTable)):
        app.stack.clear()
        menu = of_kind(MenuScene, app.open("menu"))
        menu.continue_match()


STUCK_FRAMES = 60  # frames without an action before the monkey makes one move on purpose


def nudge(app: App) -> None:
    """One move made on purpose, with real events, as a player would: random clicks almost never drag three
    chosen cards into the passing box and press Done, and without this the monkey could spend all its events in
    the first dialog and never reach the tricks."""
    top, table = app.stack.top, current_table(app)
    if isinstance(top, HandOffScene):
        click(app, (app.size[0] // 2, app.size[1] // 2))
    elif isinstance(top, CardPickScene):
        for card in top.remaining()[: top.count - len(top.chosen)]:
            drag(app, dict(top.hand_rects())[card].center, top.box.center)
        click(app, top.done.rect.center)
    elif isinstance(top, BidScene):
        click(app, (top.pass_ if top.pass_.enabled else top.bid).rect.center)
    elif isinstance(top, ChoiceScene):
        click(app, top.buttons[0].rect.center)
    elif go_on_from_claim(app):
        pass
    elif table is not None and top is table and table.viewer_controls_play():
        card = local_table(table).session.hand.legal_actions()[0].split()[1]
        drag(app, dict(table.card_rects(table.playing_seat()))[card].center, table.place.centre)
    elif top is not table:  # the pause menu, the last trick, a page opened from the pause menu: Esc goes back
        post(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0)
        step(app)


def monkey(app: App, rng: random.Random, events: int, need_table: bool) -> tuple[set[str], int, bool]:
    """Send ``events`` random events, a few a frame; the names of the scenes the monkey saw, how many moves it made
    on purpose (at a table, when no action had been taken for a while), and whether a card was ever played (Undo,
    one of the keys it presses, may take the plays back again)."""
    sent = nudges = 0
    played = False
    visited = {top_scene(app, Scene).name}  # the first events go to the scene it starts on
    last, still = None, 0
    while sent < events:
        for _ in range(rng.randrange(1, 12)):
            pygame.event.post(random_event(rng, app.size))
            sent += 1
        step(app)
        keep_going(app, need_table)
        visited.add(top_scene(app, Scene).name)
        table = current_table(app)
        match = local_table(table).session.match if table else None
        position = (match.hand, match.hand.position_key) if match else None
        played = played or bool(match and (match.hand.played or match.history))
        still = still + 1 if position == last else 0
        last = position
        if need_table and still > STUCK_FRAMES:
            nudge(app)
            keep_going(app, need_table)
            nudges += 1
            still = 0
    return visited, nudges, played


@pytest.mark.parametrize("preset, events", [
    ("rook-classic", 12000), ("hearts-classic", 12000), ("rook-2p", 3000), ("rook-500-5p", 3000),
    ("hearts-2p", 3000),
])
def test_monkey_never_breaks_the_window_and_the_match_always_ends(preset: str, events: int,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    rng = random.Random(f"monkey {preset}")
    app = App(Settings(sound=False, computer_pause=0.0, trick_pause=0.2, animation_speed=4.0), search_process=False)
    privacy = Privacy(app, monkeypatch)
    rules = load_rules(preset)
    humans = 2 if rules.players > 2 else 1
    seats = [SeatPlan(f"P{i}", i < humans, "easy") for i in range(rules.players)]
    session = Session(Match(rules, seed=7), seats)
    app.services.saves.save(session.to_json(), session)  # the menu offers it under Continue
    app.open("menu")
    try:
        # first from the main menu (settings, house rules, rules, statistics, setup, Continue ...), then at a table
        pages, _, _ = monkey(app, rng, events // 5, need_table=False)
        keep_going(app, need_table=True)
        play, _, played = monkey(app, rng, events - events // 5, need_table=True)
        assert not privacy.faults, privacy.faults[:3]
        assert {"menu", "table"} <= pages | play and len(pages | play) >= 4, pages | play  # it got around
        # the match's own table: a deal being played again (the score sheet's A) sits over it for one hand
        table = next(scene for scene in app.stack.scenes if isinstance(scene, TableScene) and not scene.first_time)
        assert played, "the monkey never got as far as playing a card"
        # the monkey stops: the computer takes every seat and must bring the match to its end
        session = local_table(table).session
        for seat, plan in enumerate(session.seats):
            plan.human = False
            session.players[seat] = make_player("easy")
        app.stack.clear()
        app.stack.push(table)
        for _ in frames():
            top = app.stack.top
            if isinstance(top, GameOverScene):
                break
            if isinstance(top, ScoreScene):
                top.go_on()
            elif top is table and session.hand.is_done and not table.busy():
                table.next_hand()  # its score sheet, already shown, went with the monkey's scenes (under a replay)
            else:
                step(app, 0.25)  # long frames: every animation ends at once, the rules are what is tested here
        else:
            raise AssertionError(f"stuck in {top_scene(app, Scene).name} at {session.hand.phase}")
        assert session.match.is_over and session.match.winners
    finally:
        app.close()
