"""Driving the game window in tests: the SDL dummy driver and real pygame events posted to the running scenes."""

from __future__ import annotations

import os
import random
import time
from collections.abc import Callable, Iterator
from typing import Any, Protocol, TypeVar

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.engine import Hand, Match, load_rules  # noqa: E402
from game.store import Settings  # noqa: E402
from game.table.controller import TableController  # noqa: E402
from game.table.local import LocalTable  # noqa: E402
from game.table.session import SeatPlan, Session  # noqa: E402
from game.ui.app import App  # noqa: E402
from game.ui.cards import CardArt  # noqa: E402
from game.ui.scene import Scene  # noqa: E402
from game.ui.scenes.dialogs import BidScene, CardPickScene, ChoiceScene, Dialog, HandOffScene  # noqa: E402
from game.ui.scenes.join import JoinScene  # noqa: E402
from game.ui.scenes.lobby import LobbyScene  # noqa: E402
from game.ui.scenes.menu import MenuScene  # noqa: E402
from game.ui.scenes.scoring import GameOverScene, ScoreScene  # noqa: E402
from game.ui.scenes.settings import FormScene  # noqa: E402
from game.ui.scenes.table import TableScene  # noqa: E402
from game.ui.widgets import Button  # noqa: E402
from tests.support.deals import hand_with, position_where, table_session  # noqa: E402
from tests.support.kinds import of_kind  # noqa: E402
from tests.support.net_helpers import LOOPBACK, Player  # noqa: E402
from tests.support.ui_record import Recorder  # noqa: E402

# the first-hand coach's tips are for people (tests/test_ui_coach.py has them on)
FAST = Settings(trick_pause=0.05, computer_pause=0.0, animation_speed=20.0, sound=False, coach=False)
FRAME = 1 / 30
Size = tuple[int, int]  # a window's width and height
SceneT = TypeVar("SceneT", bound=Scene)


class MakeApp(Protocol):
    """The ``make_app`` fixture (tests/conftest.py): ``open_table``, the window closed after the test."""
    def __call__(self, preset: str, humans: int, seed: int = 5) -> tuple[App, Session, TableScene]: ...


class OpenWindow(Protocol):
    """The ``window`` fixture (tests/conftest.py): a window at a size on a session, its frames recorded, its
    settings FAST's with ``settings`` (any of Settings' fields, each a value of its own type) changed."""
    def __call__(self, session: Session, size: Size = (1280, 720),
                 **settings: Any) -> tuple[App, TableScene, Recorder]: ...


class OpenScreen(Protocol):
    """The ``screen`` fixture (tests/conftest.py): a scene opened by name at a size, its frames recorded."""
    def __call__(self, name: str, size: Size = (1280, 720), **options: object) -> tuple[App, Scene, Recorder]: ...


def top_scene(app: App, kind: type[SceneT]) -> SceneT:
    """The scene on top, of the kind the test expects there."""
    return of_kind(kind, app.stack.top)


def step(app: App, dt: float = FRAME) -> None:
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


def frames(seconds: float = 60.0) -> Iterator[None]:
    """Loop until a wall-clock deadline (not a frame count: how many frames a hand takes depends on the machine's
    speed, since claims are checked a few milliseconds a frame): ``seconds`` is a generous wait on a quiet
    machine, allowed ``HANG_SLACK`` times over. Use with ``for ... else: raise``."""
    deadline = time.monotonic() + seconds * HANG_SLACK
    while time.monotonic() < deadline:
        yield


def post(kind: int, **fields: object) -> None:
    pygame.event.post(pygame.event.Event(kind, fields))


def click(app: App, pos: tuple[int, int]) -> None:
    post(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)
    post(pygame.MOUSEBUTTONUP, pos=pos, button=1)
    step(app)


class WithButtons(Protocol):
    """A screen of buttons (the menu, the score sheet, game over, the lobby)."""
    buttons: list[Button]


def button(scene: WithButtons, label: str) -> Button:
    """The button of ``scene`` labelled ``label``."""
    return next(b for b in scene.buttons if b.label == label)


def from_menu(app: App, label: str) -> MenuScene:
    """The main menu opened (over whatever is open), a frame drawn, and its button ``label`` clicked; the menu."""
    menu = of_kind(MenuScene, app.open("menu"))
    step(app)
    click(app, next(b for b in menu.buttons if b.label == label).rect.center)
    return menu


def drag(app: App, start: tuple[int, int], end: tuple[int, int], steps: int = 5) -> None:
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


def settle(app: App, count: int = 40) -> None:
    for _ in range(count):
        step(app)


def choose_cards(app: App, scene: CardPickScene, cards: list[str]) -> None:
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
    table = of_kind(TableScene, app.open("table", session=session))
    return app, session, table


def go_on_from_claim(app: App) -> bool:
    """A claim shown on the table on top is looked at and gone on from with its button, as a player does (issue 32,
    item 4: it stays until then); True if there was one."""
    top = app.stack.top
    if not isinstance(top, TableScene) or not top.showing_claim:
        return False
    click(app, top.go_on_button.rect.center)
    return True


def to_turn(app: App, ready: Callable[[], bool]) -> None:
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


def played_table(preset: str, names: list[str], hands: int) -> LocalTable:
    """A table whose match has ``hands`` finished hands, played at random (no computer asked, so no worker)."""
    rules = load_rules(preset)
    session = Session(Match(rules, seed=3), [SeatPlan(name, True) for name in names])
    rng = random.Random(3)
    for number in range(hands):
        hand = session.match.hand
        while not hand.is_done:
            hand.push(hand.random_action(rng))
        if number < hands - 1:
            session.match.next_hand()
    return idle_table(session)


def local_table(scene: TableScene) -> LocalTable:
    """The table of a match played in this window (a table scene may play at one on another computer)."""
    return of_kind(LocalTable, scene.table)


def idle_table(session: Session) -> LocalTable:
    """A table at ``session`` whose computers are never asked (its match is over, or a test only reads what it
    shows): it has no worker."""
    return LocalTable(TableController(session, worker=None))


SIZES = [(800, 500), (1280, 720), (1920, 1080)]


LONG_NAMES = ["Bartholomew Longname", "Maximiliana Longname", "Christopherson Long", "Alexandrina Longname",
              "Wilhelmina Longname", "Konstantinos Long"]


def settled(table: TableScene) -> bool:
    """Nothing moves on the table: what is drawn is what a player looks at."""
    motion = table.motion
    return not motion.flights and not motion.collecting and table.deal is None and table.drag is None


def answer_dialog(app: App) -> bool:
    """The dialog on top answered as a quick player would (the first cards or choice offered, the lowest bid, the
    hand-off taken, a claim gone on from); False if no dialog is on top."""
    top = app.stack.top
    if isinstance(top, CardPickScene):
        top.chosen = top.cards[: top.count]
        click(app, top.done.rect.center)
    elif isinstance(top, BidScene):
        click(app, (top.bid if top.bid.enabled else top.pass_).rect.center)
    elif isinstance(top, ChoiceScene):
        click(app, top.buttons[0].rect.center)
    elif isinstance(top, HandOffScene):
        click(app, (5, 5))
    else:
        return go_on_from_claim(app)
    return True


def play_hand(app: App, table: TableScene, on_frame: Callable[[], None], seconds: float = 120) -> None:
    """Play the hand at the screen to its score sheet, calling ``on_frame()`` after each frame."""
    for _ in frames(seconds):
        if isinstance(app.stack.top, ScoreScene):
            on_frame()
            return
        decide(app, table)
        on_frame()
    raise AssertionError("the hand did not reach its score sheet")


def waiting_for_seat_0(phase: str) -> Callable[[Hand], bool]:
    return lambda hand: hand.phase == phase and hand.to_move == 0


def moon_position() -> Hand:
    """Hearts without passing, seat 0 holding every club: it leads clubs and takes every trick, so it shoots the
    moon and chooses its reward (RULES.md decision 17)."""
    rules = load_rules("hearts-classic").changed({"pass_cycle": ["hold"]})
    hand = hand_with(rules, {0: "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC"})
    rng = random.Random(1)
    while hand.phase == "play":
        hand.push(hand.random_action(rng))
    assert hand.phase == "moon" and hand.to_move == 0
    return hand


DIALOGS: dict[str, Callable[[], Hand]] = {
    "bid": lambda: position_where("rook-classic", waiting_for_seat_0("bid")),
    "nest": lambda: position_where("rook-classic", waiting_for_seat_0("nest")),
    "trump": lambda: position_where("rook-classic", waiting_for_seat_0("trump")),
    "order": lambda: position_where("rook-500", waiting_for_seat_0("order")),
    "call": lambda: position_where("rook-500-5p", waiting_for_seat_0("call")),
    "lay-aside": lambda: position_where("rook-original-3p", waiting_for_seat_0("lay-aside"), dealer=2),
    "pass": lambda: position_where("hearts-classic", waiting_for_seat_0("pass")),
    "choose": lambda: position_where("hearts-2p", waiting_for_seat_0("choose")),
    "moon": moon_position,
}


def open_dialog(window: OpenWindow, phase: str, size: Size = (1280, 720)) -> tuple[App, TableScene, Recorder, Dialog]:
    app, table, recorder = window(table_session(DIALOGS[phase](), names=LONG_NAMES), size)
    for _ in frames(30):
        step(app)
        top = app.stack.top
        if isinstance(top, Dialog):
            return app, table, recorder, top
    raise AssertionError(f"no dialog for {phase}")


def run_until(app: App, ready: Callable[[], object], others: tuple[Player, ...] = (), seconds: float = 20.0) -> None:
    """Frames, the other players answering as they come, until ``ready()`` or ``seconds`` have passed (the caller
    asserts what it waited for)."""
    for _ in frames(seconds):
        for other in others:
            other.step()
        step(app)
        if ready():
            return


def join_by_address(app: App, port: int, owner: Player) -> LobbyScene:
    """From the menu, Join game with the table's address and code typed in; the lobby it opens."""
    join = open_join(app)
    click(app, join.fields["address"].rect.center)
    type_text(app, f"{LOOPBACK}:{port}")
    click(app, join.fields["code"].rect.center)
    type_text(app, owner.table.code.lower())
    return press_join(app, join, owner)


def key(app: App, name: int) -> None:
    post(pygame.KEYDOWN, key=name, mod=0, unicode="")
    step(app)


def play_by_mouse(monkeypatch: pytest.MonkeyPatch, app: App, session: Session, table: TableScene,
                  pick_bid: Callable[[Hand], bool]) -> dict[str, int]:
    """Answer every scene with the mouse until the hand's score sheet appears; count what was done, and check
    after every step that no hidden card was drawn for the wrong person."""
    done = {"drags": 0, "handoffs": 0, "dialogs": 0}
    watch = FaceWatch(monkeypatch, app, table)
    for _ in frames():
        watch.check()
        top = app.stack.top
        if isinstance(top, ScoreScene):
            return done
        if isinstance(top, HandOffScene):
            click(app, (640, 360))
            done["handoffs"] += 1
        elif go_on_from_claim(app):
            pass
        elif isinstance(top, BidScene):
            button = top.bid if pick_bid(session.hand) else top.pass_
            click(app, button.rect.center)
            done["dialogs"] += 1
        elif isinstance(top, CardPickScene):
            choose_cards(app, top, top.cards[: top.count])
            done["dialogs"] += 1
        elif isinstance(top, ChoiceScene):
            click(app, top.buttons[0].rect.center)
            done["dialogs"] += 1
        elif table.viewer_controls_play():
            legal = [a.split()[1] for a in session.hand.legal_actions()]
            rects = dict(table.card_rects(table.playing_seat()))
            before = len(session.hand.actions)
            drag(app, rects[legal[0]].center, table.place.centre)
            # the card dragged was played (a computer may already have played after it within the same frame)
            played = session.hand.actions[before:before + 1]
            assert played == [session.hand.parse_action(f"play {legal[0]}")], table.message
            done["drags"] += 1
        else:
            step(app)
    raise AssertionError("the hand did not finish")


def decide(app: App, table: TableScene) -> None:
    """The person at the screen decides as a quick player would: the first choice offered, the lowest bid."""
    if answer_dialog(app):
        return
    if table.viewer_controls_play():
        card = next(choice.card for choice in table.view().legal)
        table.act(f"play {card}")
        step(app)
    else:
        step(app)


class FaceWatch:
    """Checks every card face as it is drawn: never behind the hand-off screen, and only a card the seat shown at
    the table may see at that moment (its hand, the dummy's face-up cards, cards played, cards it passed, received
    or laid back, or the cards a dialog offers it, such as the called-card list). Every card art's faces are
    watched (the table and each dialog draw with art of their own, made for the game's rules)."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch, app: App, table: TableScene) -> None:
        self.faults: list[str] = []
        art_face = CardArt.face

        def face(art: CardArt, name: str, width: int) -> pygame.Surface:
            top = app.stack.top
            if isinstance(top, HandOffScene):
                self.faults.append(f"{name} drawn while the hand-off screen was up")
            else:
                view = table.view()
                allowed = set(view.hand)
                allowed.update(card for _, card in view.trick)
                allowed.update(card for trick in view.tricks for _, card in trick.cards)
                if view.rook is not None:
                    allowed.update(view.rook.dummy_cards + view.rook.discarded)
                if view.hearts is not None:
                    allowed.update(view.hearts.passed + view.hearts.received)
                if isinstance(top, CardPickScene):
                    allowed.update(top.cards)
                if name not in allowed:
                    self.faults.append(f"{name} drawn face up for seat {table.viewer}")
            return art_face(art, name, width)

        monkeypatch.setattr(CardArt, "face", face)

    def check(self) -> None:
        assert not self.faults, self.faults[:3]


def type_text(app: App, words: str) -> None:
    for ch in words:
        post(pygame.TEXTINPUT, text=ch)
    step(app)


def open_join(app: App) -> JoinScene:
    """From the menu, Join game."""
    from_menu(app, "Join game")
    return top_scene(app, JoinScene)


def press_join(app: App, join: JoinScene, owner: Player) -> LobbyScene:
    """Join pressed: the lobby it opens."""
    click(app, join.join_button.rect.center)
    run_until(app, lambda: isinstance(app.stack.top, LobbyScene), (owner,))
    lobby = top_scene(app, LobbyScene)
    assert not lobby.table.owner and not lobby.start_button.enabled
    return lobby


def row_buttons(scene: FormScene, label: str) -> tuple[Button, Button]:
    """The (<, >) buttons of a form's row (Settings, House rules) whose label starts with ``label``, scrolled into
    view."""
    index = next(i for i, row in enumerate(scene.rows) if row.label.startswith(label))
    if not scene.first <= index < scene.first + scene.shown:
        scene.scroll(index - scene.first)
    index -= scene.first
    return scene.controls[2 * index], scene.controls[2 * index + 1]
