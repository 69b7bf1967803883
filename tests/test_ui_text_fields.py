"""Issue 32, item 13: "A name field keeps the old text when clicked and Ctrl+A does nothing ('WesSam')". Every field
a player types in (the seats' names and the server and deal code on New game, the address, code and name on Join
game, the player names, the port in Settings) selects its text when clicked, so typing replaces it, and Ctrl+A,
Backspace, Delete, Home, End, Left and Right work as in any text field. Driven by real pygame events."""

from __future__ import annotations

import pygame
import pytest

from game.ui.app import App
from game.ui.scenes.join import JoinScene
from game.ui.scenes.settings import NamesScene, SettingsScene
from game.ui.scenes.setup import SetupScene
from game.ui.text_field import TextEdit
from tests.support.kinds import of_kind
from tests.support.ui_helpers import OpenScreen, click, post, step
from tests.support.ui_record import layout_faults

CTRL = pygame.KMOD_CTRL


def key(app: App | None, code: int, mod: int = 0) -> None:
    post(pygame.KEYDOWN, key=code, mod=mod, unicode="", scancode=0)
    if app is not None:
        step(app)


def typed(app: App, words: str) -> None:
    for ch in words:
        post(pygame.KEYDOWN, key=pygame.key.key_code(ch) if ch.isalnum() else 0, mod=0, unicode=ch, scancode=0)
        post(pygame.TEXTINPUT, text=ch)  # SDL sends both for a printable key
    step(app)


def event(code: int, mod: int = 0) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=code, mod=mod, unicode="", scancode=0)


def test_the_editing_keys_work_as_in_any_text_field() -> None:
    edit = TextEdit("Wes", 16)
    assert edit.selection == (0, 3), "all selected to begin with"
    edit.handle(pygame.event.Event(pygame.TEXTINPUT, text="Sam"))
    assert edit.text == "Sam" and edit.caret == 3
    edit.handle(event(pygame.K_HOME))
    edit.handle(pygame.event.Event(pygame.TEXTINPUT, text="A "))
    assert edit.text == "A Sam" and edit.caret == 2
    edit.handle(event(pygame.K_DELETE))
    assert edit.text == "A am"
    edit.handle(event(pygame.K_END))
    edit.handle(event(pygame.K_BACKSPACE))
    assert edit.text == "A a" and edit.caret == 3
    edit.handle(event(pygame.K_LEFT))
    edit.handle(event(pygame.K_LEFT))
    edit.handle(event(pygame.K_RIGHT))
    assert edit.caret == 2
    edit.handle(event(pygame.K_LEFT, pygame.KMOD_SHIFT))
    assert edit.selection == (1, 2)
    edit.handle(event(pygame.K_BACKSPACE))
    assert edit.text == "Aa"
    edit.handle(event(pygame.K_a, CTRL))
    assert edit.selection == (0, 2)
    edit.handle(event(pygame.K_BACKSPACE))
    assert edit.text == "" and edit.caret == 0
    edit.handle(event(pygame.K_BACKSPACE))  # nothing left: nothing happens
    edit.handle(event(pygame.K_DELETE))
    assert edit.text == ""


def test_a_field_keeps_its_limit_and_lets_in_only_what_it_takes() -> None:
    edit = TextEdit("47474", 5, str.isdigit)
    edit.handle(pygame.event.Event(pygame.TEXTINPUT, text="5a0x1234567"))
    assert edit.text == "50123"
    edit.handle(event(pygame.K_END))
    edit.handle(pygame.event.Event(pygame.TEXTINPUT, text="9"))
    assert edit.text == "50123"


@pytest.fixture
def app(quiet_app: App) -> App:
    return quiet_app


def test_a_seats_name_on_new_game_is_replaced_by_what_is_typed(app: App) -> None:
    """The issue's case: a seat named Wes, clicked, "Sam" typed, Enter: the seat is Sam."""
    setup = of_kind(SetupScene, app.open("setup", preset="hearts-classic"))
    step(app)
    setup.seats[1].name = "Wes"
    setup.layout()
    click(app, setup.seat_buttons[3].rect.center)  # seat 1's name
    typed(app, "Sam")
    assert setup.seats[1].name == "Sam"
    key(app, pygame.K_RETURN)
    assert setup.seats[1].name == "Sam" and setup.editing is None
    assert app.stack.top is setup, "the keys typed were no shortcuts"
    click(app, setup.seat_buttons[3].rect.center)
    key(app, pygame.K_END)
    typed(app, "my")
    key(app, pygame.K_HOME)
    key(app, pygame.K_DELETE)
    key(app, pygame.K_TAB)
    assert setup.seats[1].name == "ammy"


def test_the_deal_code_and_server_fields_select_all_and_take_ctrl_a(app: App) -> None:
    setup = of_kind(SetupScene, app.open("setup", preset="rook-classic"))
    step(app)
    click(app, setup.code_button.rect.center)
    typed(app, "WRONG")
    key(app, pygame.K_a, CTRL)
    typed(app, "ab")
    key(app, pygame.K_LEFT)
    key(app, pygame.K_BACKSPACE)
    assert setup.code == "b"
    key(app, pygame.K_ESCAPE)
    assert app.stack.top is setup and setup.editing is None, "Esc leaves the field, not the screen"
    click(app, setup.seat_buttons[1].rect.center)  # seat 0: Human -> Computer -> Online
    click(app, setup.seat_buttons[1].rect.center)
    step(app)
    assert setup.server_button is not None
    click(app, setup.server_button.rect.center)
    typed(app, "192.0.2.9")
    click(app, setup.server_button.rect.center)
    assert setup.server == "192.0.2.9" and setup.editing is None
    click(app, setup.server_button.rect.center)
    typed(app, "host.example")
    key(app, pygame.K_RETURN)
    assert setup.server == "host.example"


def test_join_fields_select_all_when_clicked(app: App) -> None:
    app.settings.last_address = "192.0.2.1"
    join = of_kind(JoinScene, app.open("join"))
    step(app)
    assert join.editing == "code"
    click(app, join.fields["address"].rect.center)
    typed(app, "192.0.2.77")
    assert join.values["address"] == "192.0.2.77"
    key(app, pygame.K_TAB)
    typed(app, "k7qp2m")
    key(app, pygame.K_HOME)
    key(app, pygame.K_DELETE)
    assert join.values["code"] == "7qp2m"
    click(app, join.fields["name"].rect.center)
    typed(app, "Sam")
    assert join.values["name"] == "Sam" and app.stack.top is join


def test_player_names_and_the_port_select_all_when_clicked(app: App) -> None:
    names = of_kind(NamesScene, app.open("names"))
    step(app)
    click(app, names.fields[1].rect.center)
    typed(app, "Sam")
    key(app, pygame.K_RETURN)
    assert app.settings.names[1] == "Sam"
    click(app, names.fields[2].rect.center)
    key(app, pygame.K_a, CTRL)
    key(app, pygame.K_DELETE)
    key(app, pygame.K_TAB)
    assert app.settings.names[2] == "Player 3", "a name left empty is the seat's own"
    app.stack.pop(names)
    app.settings.online_port = 47474
    settings = of_kind(SettingsScene, app.open("settings"))
    step(app)
    post(pygame.MOUSEWHEEL, x=0, y=-len(settings.rows), flipped=False)  # down to the last row
    step(app)
    field = next(button for button in settings.controls if button.label == "47474")
    click(app, field.rect.center)
    typed(app, "50123")
    key(app, pygame.K_RETURN)
    assert app.settings.online_port == 50123


@pytest.mark.parametrize("size", [(800, 500), (1280, 720)])
def test_a_field_being_typed_in_keeps_its_text_and_caret_inside(screen: OpenScreen, size: tuple[int, int]) -> None:
    """A long address typed into the server field: the text shown and the caret stay inside the field."""
    app, page, recorder = screen("join", size)
    join = of_kind(JoinScene, page)
    click(app, join.fields["address"].rect.center)
    typed(app, "a-very-long-host-name.somewhere.example.org:47474")
    field = join.fields["address"]
    shown = [op for op in recorder.texts() if op.label == join.values["address"]]
    assert shown and all(field.rect.contains(op.rect) for op in shown)
    assert layout_faults(recorder.ops, size) == []
