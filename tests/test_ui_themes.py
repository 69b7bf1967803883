"""Themes (table colours, card faces and backs) chosen in Settings by posted clicks, and the window's icon and
title."""

from __future__ import annotations

import struct
import sys
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from game.store import Settings, SettingsStore
from game.store.settings import TABLE_COLOURS
from game.ui import icon, theme
from game.ui.app import App
from game.ui.scenes.settings import SettingsScene
from tests.support.kinds import of_kind
from tests.support.ui_helpers import click, row_buttons, step


@pytest.fixture
def app() -> Iterator[App]:
    app = App(Settings(sound=False), search_process=False)
    yield app
    app.close()
    theme.use("green")  # the module's colours outlive the window


def test_every_table_colour_has_its_colours() -> None:
    assert set(theme.TABLES) == set(TABLE_COLOURS) and len(TABLE_COLOURS) >= 3


def test_table_colours_and_card_backs_change_at_once_and_are_kept(app: App) -> None:
    scene = of_kind(SettingsScene, app.open("settings"))
    step(app)
    green = tuple(app.screen.get_at((2, app.size[1] // 2)))[:3]
    click(app, row_buttons(scene, "Table colours")[1].rect.center)
    assert app.settings.table_colour == TABLE_COLOURS[1]
    assert tuple(app.screen.get_at((2, app.size[1] // 2)))[:3] == theme.TABLES[TABLE_COLOURS[1]].felt != green
    back_before = pygame.image.tobytes(app.services.art.back(70), "RGBA")
    click(app, row_buttons(scene, "Card backs")[1].rect.center)
    assert app.settings.card_back == "circles" and app.services.art.back_design == "circles"
    assert pygame.image.tobytes(app.services.art.back(70), "RGBA") != back_before
    saved, problem = SettingsStore().load()
    assert problem == "" and (saved.table_colour, saved.card_back) == (TABLE_COLOURS[1], "circles")


def test_card_faces_change_at_once_and_are_kept(app: App) -> None:
    """Classic (printed, with court figures) or simple standard faces: the table's art changes at once."""
    scene = of_kind(SettingsScene, app.open("settings"))
    step(app)
    assert app.settings.card_faces == "classic"
    classic = pygame.image.tobytes(app.services.art.face("KS", 70), "RGBA")
    click(app, row_buttons(scene, "Card faces")[1].rect.center)
    assert app.settings.card_faces == "simple" and app.services.art.faces == "simple"
    assert pygame.image.tobytes(app.services.art.face("KS", 70), "RGBA") != classic
    assert SettingsStore().load() == (app.settings, "")


@pytest.mark.parametrize("line, said", [("card_back: paisley", "card_back: 'paisley' is not allowed"),
                                        ("card_faces: fancy", "card_faces: 'fancy' is not allowed; use one of "
                                                              "classic, simple")])
def test_a_bad_theme_in_the_settings_file_is_named_and_the_defaults_used(line: str, said: str) -> None:
    store = SettingsStore()
    store.path.parent.mkdir(parents=True, exist_ok=True)
    store.path.write_text(line + "\n")
    settings, problem = store.load()
    assert settings == Settings() and said in problem and str(store.path) in problem
    assert store.path.with_name("settings.yaml.bad").exists()


def test_the_window_has_the_games_name_and_icon(monkeypatch: pytest.MonkeyPatch) -> None:
    icons: list[pygame.Surface] = []
    monkeypatch.setattr(pygame.display, "set_icon", icons.append)
    app = App(Settings(sound=False), search_process=False)
    try:
        assert pygame.display.get_caption()[0] == "Trickhouse"
        assert len(icons) == 1
        assert pygame.image.tobytes(icons[0], "RGBA") == pygame.image.tobytes(icon.draw_icon(64), "RGBA")
    finally:
        app.close()


@pytest.mark.parametrize("platform, suffix, magic", [("linux", ".png", b"\x89PNG"), ("win32", ".ico", b"\0\0\1\0"),
                                                      ("darwin", ".icns", b"icns")])
def test_the_build_writes_the_same_icon_for_each_system(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, platform: str,
                                                        suffix: str, magic: bytes) -> None:
    pygame.font.init()
    monkeypatch.setattr(sys, "platform", platform)  # the sys the icon module reads
    path = icon.write_icon_file(tmp_path)
    data = path.read_bytes()
    assert path.suffix == suffix and data.startswith(magic)
    png = (tmp_path / "trickhouse.png").read_bytes()
    assert data.endswith(png)
    if suffix == ".ico":  # the one entry points at the PNG that follows the 22-byte header
        assert struct.unpack("<II", data[14:22]) == (len(png), 22)
    picture = pygame.image.load(str(tmp_path / "trickhouse.png"))
    assert picture.get_size() == (256, 256)
