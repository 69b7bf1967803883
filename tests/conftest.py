"""Shared fixtures."""

from __future__ import annotations

import dataclasses
import ssl
from collections.abc import Callable, Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import pygame
import pytest

from game.net import database as database_module
from game.net import messages as M
from game.net import protocol as P
from game.net import schema
from game.net import server as net_server
from game.net.protocol import Limits
from game.runtime import leave_objects_to_the_os
from game.store import Settings
from game.table.session import Session
from game.ui.app import App
from game.ui.scene import Scene
from game.ui.scenes.table import TableScene
from tests.support.kinds import of_kind
from tests.support.net_helpers import FailingConnection, ServerThread, ServeTables, WriteCounts
from tests.support.ui_helpers import FAST, MakeApp, OpenScreen, OpenWindow, Size, open_table, post, step
from tests.support.ui_record import Recorder


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The tiers (issue 33, item 6) follow the module's name, so a new module is in the right tier without a list to
    keep: ``test_ui_*`` open the game window (SDL's dummy driver) and are marked ``window``; ``test_net*`` serve
    tables on the loopback address and are marked ``network``. Slow modules say so themselves (``pytestmark``).
    ``python3 dev.py test --quick`` runs what is none of these: the engine, the rules, the computer players, the
    table without a window, the store and the review."""
    for item in items:
        if item.path.name.startswith("test_ui_"):
            item.add_marker(pytest.mark.window)
        elif item.path.name.startswith("test_net"):
            item.add_marker(pytest.mark.network)


def pytest_unconfigure(config: pytest.Config) -> None:
    """The last hook: the test process exits as the game's do (game/runtime.py, leave_objects_to_the_os), without
    the interpreter's last garbage collection, which crashed after every test had passed (exit code 134 or 250)."""
    leave_objects_to_the_os()


@pytest.fixture(autouse=True)
def user_folders(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every test gets its own empty user folders: nothing a test saves reaches the real ones."""
    monkeypatch.setenv("TRICKHOUSE_CONFIG_DIR", str(tmp_path / "user-config"))
    monkeypatch.setenv("TRICKHOUSE_DATA_DIR", str(tmp_path / "user-data"))


@pytest.fixture(autouse=True)
def fast_settings_kept() -> Iterator[None]:
    """A window opened on FAST uses that very object as its settings: what a test changes in them (a card size, a
    theme) is put back afterwards, so no later test runs under it (seen: cards half as big again in a layout
    test that ran after one that enlarged them)."""
    before = dataclasses.asdict(FAST)
    yield
    for name, value in before.items():
        setattr(FAST, name, value)


@pytest.fixture
def blank_window() -> Iterator[Callable[..., App]]:
    """Open game windows of a size, with no scene open yet and matches not saved (FAST settings unless others are
    given), and close them afterwards."""
    apps: list[App] = []

    def open_window(size: tuple[int, int] = (1280, 720), settings: Settings | None = None) -> App:
        app = App(settings or FAST, search_process=False)
        app.services.keep_matches = False
        apps.append(app)
        post(pygame.VIDEORESIZE, w=size[0], h=size[1], size=size)
        return app

    yield open_window
    for app in apps:
        app.close()


@pytest.fixture
def make_app() -> Iterator[MakeApp]:
    """Open game windows for a test (see ``open_table``) and close them afterwards."""
    apps: list[App] = []

    def make(preset: str, humans: int, seed: int = 5) -> tuple[App, Session, TableScene]:
        opened = open_table(preset, humans, seed)
        apps.append(opened[0])
        return opened

    yield make
    for app in apps:
        app.close()


@pytest.fixture
def quiet_app() -> Iterator[App]:
    """A game window on the quick settings that keeps no match (a test that needs the save says so); closed
    afterwards."""
    from game.ui.app import App
    app = App(FAST, search_process=False)
    app.services.keep_matches = False
    yield app
    app.close()


@pytest.fixture
def screen(monkeypatch: pytest.MonkeyPatch, quiet_app: App) -> OpenScreen:
    """Open a scene by name in a game window of a size, its frames recorded (tests/support/ui_record.py): ``(app, scene,
    recorder)``; closed afterwards."""

    def open_screen(name: str, size: Size = (1280, 720), **options: object) -> tuple[App, Scene, Recorder]:
        recorder = Recorder(monkeypatch, quiet_app)
        scene = of_kind(Scene, quiet_app.open(name, **options))
        post(pygame.VIDEORESIZE, w=size[0], h=size[1], size=size)
        step(quiet_app)
        return quiet_app, scene, recorder

    return open_screen


@pytest.fixture(autouse=True)
def protocol_checked(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Issue 23: every message a server sends in any test of the suite is checked, as it is written, against the
    protocol's strict form (game/net/schema.py: the message classes, the schema's source); one that does not match
    it fails the test during which it was sent."""
    wrong: list[str] = []
    original = net_server.Client.send

    def send(client: net_server.Client, message: M.AnyServerMessage) -> None:
        kind = message.__struct_config__.tag
        wrong.extend(f"{kind}: {problem}" for problem in schema.problems(P.encode(message)))
        return original(client, message)

    monkeypatch.setattr(net_server.Client, "send", send)
    yield
    assert not wrong, f"{len(wrong)} problems with messages against the protocol, such as {wrong[:5]}"


@pytest.fixture
def window(monkeypatch: pytest.MonkeyPatch) -> Iterator[OpenWindow]:
    """Open a window on a session at a size, its frames recorded: one window at a time, as in the game (a second
    closes the first), and the last is closed afterwards."""
    apps: list[App] = []

    # settings: any of Settings' fields, each a value of its own type
    def open_window(session: Session, size: Size = (1280, 720), **settings: Any) -> tuple[App, TableScene, Recorder]:
        if apps:
            apps.pop().close()
        app = App(replace(FAST, **settings), search_process=False)
        apps.append(app)
        app.services.keep_matches = False
        recorder = Recorder(monkeypatch, app)
        table = of_kind(TableScene, app.open("table", session=session))
        post(pygame.VIDEORESIZE, w=size[0], h=size[1], size=size)
        step(app)
        assert app.size == size
        return app, table, recorder

    yield open_window
    for app in apps:
        app.close()


@pytest.fixture
def served() -> Iterator[ServeTables]:
    """Table servers on threads of their own, on the loopback address; stopped after the test."""
    servers: list[ServerThread] = []

    def start(folder: Path | None = None, limits: Limits | None = None,
              tls: ssl.SSLContext | None = None) -> ServerThread:
        servers.append(ServerThread(folder, limits, tls))
        return servers[-1]

    yield start
    for server in servers:
        server.stop()


@pytest.fixture
def failing_writes(monkeypatch: pytest.MonkeyPatch) -> WriteCounts:
    """The servers' databases fail their writes from the n-th on (``fail_from``), until it is set to None."""
    counts = WriteCounts(writes=0, fail_from=None, failed=0)
    real_connect = database_module.connect
    monkeypatch.setattr(database_module, "connect", lambda path: FailingConnection(real_connect(path), counts))
    return counts
