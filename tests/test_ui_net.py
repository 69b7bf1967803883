"""Network play in the window (SDL dummy driver, loopback only), driven by posted events: a game hosts a table
from New game with an Online seat, shows the join code, a player joins from another client, the host starts and
plays cards by dragging them; and a window joins a table by its address and code from Join game."""

from __future__ import annotations

import sqlite3
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, NoReturn

import pygame
import pytest
import trustme

from game.engine import Match
from game.engine.language import use_language
from game.net import discovery
from game.net import messages as M
from game.net import runner as runner_module
from game.net.discovery import Announcement, Browser
from game.net.host import NetHost
from game.store import Settings
from game.store.certificates import CertificateStore
from game.store.files import data_dir
from game.ui import assets as assets
from game.ui import table_painter
from game.ui.app import App
from game.ui.assets import Colour
from game.ui.scene import Scene
from game.ui.scenes.dialogs import BidScene, CardPickScene, ChoiceScene, ConfirmScene, PauseScene
from game.ui.scenes.join import JoinScene
from game.ui.scenes.lobby import LobbyScene
from game.ui.scenes.menu import MenuScene
from game.ui.scenes.scoring import ScoreScene
from game.ui.scenes.setup import SetupScene
from game.ui.scenes.table import MESSAGE_SECONDS, TableScene
from tests.support.deals import audit_position, table_session
from tests.support.kinds import hearts_part, of_kind
from tests.support.net_helpers import (
    LOOPBACK,
    FakeInfo,
    FakeZeroconf,
    Player,
    ServerThread,
    WriteCounts,
    play_until,
    tls_server_context,
)
from tests.support.ui_helpers import (
    button,
    choose_cards,
    click,
    drag,
    frames,
    join_by_address,
    open_join,
    post,
    press_join,
    run_until,
    step,
    top_scene,
    type_text,
)


def quick_settings(**more: Any) -> Settings:
    """Quick play without the first-hand coach's tips (tests/test_ui_coach.py has them)."""
    return Settings(sound=False, computer_pause=0.0, trick_pause=0.2, animation_speed=4.0, coach=False, **more)


@pytest.fixture
def app() -> Iterator[App]:
    app = App(quick_settings(online_port=0), search_process=False)
    yield app
    app.close()




def run_for(app: App, seconds: float, others: tuple[Player, ...] = ()) -> None:
    """Frames for ``seconds`` (at least), the other players answering as they come."""
    later = time.monotonic() + seconds
    run_until(app, lambda: time.monotonic() > later, others)


def shows(drawn: list[str], sentence: str) -> bool:
    """The window drew ``sentence``, in one line or wrapped over several (its lines are drawn bottom first)."""
    lines = [line for line in drawn if line and line in sentence]
    return any(" ".join(reversed(lines[start:start + count])) == sentence
               for count in range(1, 4) for start in range(len(lines)))


@contextmanager
def at_a_server_table(folder: Path, preset: str) -> Iterator[tuple[App, TableScene, Player]]:
    """A window joined by address to a table of ``preset`` on a server of its own, in seat 1; Ann elsewhere owns it
    (seat 0) and has started the match, computers in the other seats: the window, its table and Ann."""
    server = ServerThread(folder)
    owner = Player(server.port, "create", {"name": "Ann", "preset": preset,
                                           "seats": ["me", "online", "computer", "computer"]})
    app = App(quick_settings(), search_process=False)
    try:
        join_by_address(app, server.port, owner)
        owner.client.send(M.Start())
        run_until(app, lambda: any(isinstance(scene, TableScene) for scene in app.stack.scenes), (owner,))
        yield app, next(scene for scene in app.stack.scenes if isinstance(scene, TableScene)), owner
    finally:
        app.close()
        owner.close()
        server.stop()


def play_my_turns(app: App, table: TableScene, others: list[Player], seconds: float = 60.0, tricks: int = 3,
                  until: Callable[[], bool] | None = None) -> None:
    """Frames until ``tricks`` tricks were played (or ``until()``), the window's player playing by dragging a legal
    card, choosing cards in dialogs and passing in auctions; the others answer as they come."""
    for _ in frames(seconds):
        for other in others:
            other.step()
        view = table.view()
        if (until() if until is not None else len(view.tricks) >= tricks):
            return
        top = app.stack.top
        if isinstance(top, ScoreScene):  # everyone passed: the hand was thrown in
            click(app, top.next.rect.center)
        elif isinstance(top, BidScene):
            click(app, top.pass_.rect.center if top.passing is not None else top.bid.rect.center)
        elif isinstance(top, CardPickScene):
            choose_cards(app, top, top.cards[: top.count])
        elif isinstance(top, ChoiceScene):  # trump, order and the like: the first choice
            click(app, top.buttons[0].rect.center)
        elif table.viewer_controls_play():
            legal = list(view.plays())
            rects = dict(table.card_rects(table.playing_seat()))
            drag(app, rects[legal[0]].center, table.place.centre)
        else:
            step(app)
    view, at = table.view(), table.table
    seats = [(at.name(seat), at.status(seat)) for seat in range(at.rules.players)]
    raise AssertionError(f"the tricks were not played in time: {top_scene(app, Scene).name}, phase {view.phase}, "
                         f"to move {view.to_move}, viewer {table.viewer}, seats {seats}, "
                         f"busy {table.busy()}, deal {table.deal is not None}, legal {view.legal}")


def test_a_game_hosts_a_table_shows_its_code_and_plays_with_a_player_elsewhere(app: App) -> None:
    setup = of_kind(SetupScene, app.open("setup", preset="rook-classic"))
    step(app)
    click(app, setup.seat_buttons[3 * 2 + 1].rect.center)  # North: Computer -> Online
    assert setup.seat_buttons[3 * 2 + 1].label == "Online"
    click(app, setup.start.rect.center)
    run_until(app, lambda: isinstance(app.stack.top, LobbyScene))
    lobby = top_scene(app, LobbyScene)
    assert lobby.name == "lobby" and lobby.table.owner and len(lobby.table.code) == 6
    assert lobby.addresses and all(a.endswith(f":{hosting(app).port}") for a in lobby.addresses)
    assert {b.label for b in lobby.seat_buttons} == {"Computer"}, "the owner gives a waiting seat to a computer"
    guest = Player(hosting(app).port, "hello", {"name": "Bo", "code": lobby.table.code}, seed=3)
    run_until(app, lambda: len(lobby.table.seats) == 4 and lobby.table.seats[2].taken)
    assert guest.welcome.seat == 2
    click(app, lobby.start_button.rect.center)
    run_until(app, lambda: any(isinstance(scene, TableScene) for scene in app.stack.scenes), (guest,))
    table = next(scene for scene in app.stack.scenes if isinstance(scene, TableScene))
    step(app)
    assert table.table.name(2) == "Bo" and not table.undo_button.enabled
    play_my_turns(app, table, [guest], tricks=2)
    assert len(guest.table.view().tricks) >= 1, "the other player saw the same tricks"
    assert table.view().tricks[0] == guest.table.view().tricks[0]
    # the host leaves: the other player is told, and the table is kept to be hosted again
    app.services.stop_hosting()
    play_until([guest], lambda: guest.closed)
    assert guest.closed == "The host ended the table"


def browser_of(join: JoinScene) -> Browser:
    """The Join screen's search for tables on the local network (asserted: it searches)."""
    assert join.browser is not None
    return join.browser


def hosting(app: App) -> NetHost:
    """The table this game hosts (asserted: it hosts one)."""
    assert app.services.host is not None, "no table is hosted"
    return app.services.host


def hosting_with_a_guest(app: App, preset: str, seat: int, name: str) -> tuple[LobbyScene, Player]:
    """``preset`` (four seats) hosted from New game with ``seat`` online, and a player elsewhere called ``name`` in
    that seat: the host's lobby and the other player."""
    setup = of_kind(SetupScene, app.open("setup", preset=preset))
    step(app)
    click(app, setup.seat_buttons[3 * seat + 1].rect.center)  # Computer -> Online
    click(app, setup.start.rect.center)
    run_until(app, lambda: isinstance(app.stack.top, LobbyScene))
    lobby = top_scene(app, LobbyScene)
    guest = Player(hosting(app).port, "hello", {"name": name, "code": lobby.table.code}, seed=3)
    run_until(app, lambda: len(lobby.table.seats) == 4 and lobby.table.seats[seat].taken, (guest,))
    return lobby, guest


def hosted_with_a_guest(app: App) -> Player:
    """Classic Hearts hosted from New game with North online, a player elsewhere in that seat, and Start pressed:
    the other player."""
    lobby, guest = hosting_with_a_guest(app, "hearts-classic", 2, "Bo")
    click(app, lobby.start_button.rect.center)
    return guest


def test_the_host_is_asked_before_leaving_ends_the_table_for_everyone(app: App) -> None:
    """Issue 32, item 17: "the host choosing Main menu ends the table for everyone without asking". Esc, Main menu:
    the host is told what happens and asked; Stay keeps the table going for the other player; End the table ends it
    for them, saying so, and keeps it to be hosted again."""
    guest = hosted_with_a_guest(app)
    run_until(app, lambda: any(isinstance(scene, TableScene) for scene in app.stack.scenes), (guest,))
    table = next(scene for scene in app.stack.scenes if isinstance(scene, TableScene))
    for leaving in ("Main menu", "Quit"):
        click(app, table.menu_button.rect.center)
        menu = top_scene(app, PauseScene)
        click(app, next(b for b in menu.buttons if b.label == leaving).rect.center)
        question = top_scene(app, ConfirmScene)
        assert question.name == "confirm" and "ends for everyone playing at it" in question.question
        assert [label for label, _ in question.answers] == ["End the table", "Stay at the table"]
        post(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="\x1b", scancode=0)  # Esc: stay
        step(app)
        assert app.stack.top is menu and app.services.host is not None and app.running
        click(app, menu.buttons[0].rect.center)  # Resume
    run_until(app, lambda: False, (guest,), seconds=0.5)
    assert guest.closed == "", "the other player still plays"
    click(app, table.menu_button.rect.center)
    click(app, button(top_scene(app, PauseScene), "Main menu").rect.center)
    click(app, button(top_scene(app, ConfirmScene), "End the table").rect.center)
    assert top_scene(app, Scene).name == "menu" and app.services.host is None
    play_until([guest], lambda: guest.closed)
    assert guest.closed == "The host ended the table"
    assert any(b.label == "Host again" for b in top_scene(app, MenuScene).buttons)


def test_at_a_network_table_everyone_gets_the_pass_dialog_at_once(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 32, item 17: "in a Hearts pass the host got no pass dialog until the other player had passed (at a
    table everyone passes at once)". The dealer is the host, so the engine takes the other player's pass before
    the host's: the host's dialog opens while the other player is still choosing; the cards the host chose leave
    the hand at once, said to go to the player on the left; once the other player passes, they change hands."""
    from game.net import runner
    from game.ui.scenes.dialogs import CardPickScene
    monkeypatch.setattr(runner, "Match", lambda rules: Match(rules, seed=14))  # the host (seat 0) deals
    guest = hosted_with_a_guest(app)
    run_until(app, lambda: isinstance(app.stack.top, CardPickScene))  # the other player does nothing meanwhile
    dialog = app.stack.top
    assert isinstance(dialog, CardPickScene), "the host waits for the other player before passing"
    table = next(scene for scene in app.stack.scenes if isinstance(scene, TableScene))
    view = table.view()
    assert view.phase == "pass" and view.to_move != 0 and view.dealer == 0 and view.cards_to_choose == 3
    assert dialog.title.startswith("You: pass 3 cards to")
    chosen = dialog.cards[:3]
    choose_cards(app, dialog, chosen)
    assert table.table.held == tuple(chosen) and not set(chosen) & set(table.cards_of(0))
    assert table.view().phase == "pass", "the other player has not passed yet"
    run_until(app, lambda: table.view().phase == "play", (guest,))
    assert sorted(hearts_part(table.view()).passed) == sorted(chosen) and table.table.held == ()
    assert len(table.cards_of(0)) == 13



def test_a_window_joins_a_table_by_address_and_code() -> None:
    server = ServerThread()
    owner = Player(server.port, "create", {"name": "Ann", "preset": "hearts-classic",
                                           "seats": ["me", "online", "computer", "computer"]})
    app = App(quick_settings(), search_process=False)
    try:
        join_by_address(app, server.port, owner)
        assert app.services.seats.token(f"{LOOPBACK}:{server.port}", owner.table.code), "the seat's token is kept"
        owner.client.send(M.Start())
        run_until(app, lambda: any(isinstance(scene, TableScene) for scene in app.stack.scenes), (owner,))
        table = next(scene for scene in app.stack.scenes if isinstance(scene, TableScene))
        assert table.viewer == 1 and table.table.name(0) == "Ann"
        play_my_turns(app, table, [owner], tricks=2)
        assert owner.table.view().tricks[:1] == table.view().tricks[:1]
    finally:
        app.close()
        owner.close()
        server.stop()


def test_new_game_asks_a_dedicated_server_for_the_table(app: App) -> None:
    """Issue 17: "every table is created by a client that asks for a preset and house rules": with an Online seat
    and a server's address typed in "Table on", Start asks that server for the table; the lobby shows the server's
    address and the table's code, and a player elsewhere joins with them."""
    server = ServerThread()
    try:
        setup = of_kind(SetupScene, app.open("setup", preset="hearts-classic"))
        step(app)
        click(app, setup.seat_buttons[3 * 1 + 1].rect.center)  # West: Computer -> Online
        assert setup.server_button is not None and setup.server_button.label == "This computer"
        click(app, setup.server_button.rect.center)
        type_text(app, f"{LOOPBACK}:{server.port}")
        post(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0)
        step(app)
        assert setup.server_button.label == f"{LOOPBACK}:{server.port}"
        click(app, setup.start.rect.center)
        run_until(app, lambda: isinstance(app.stack.top, LobbyScene))
        lobby = top_scene(app, LobbyScene)
        assert lobby.name == "lobby" and lobby.table.owner and app.services.host is None
        assert lobby.addresses == [f"{LOOPBACK}:{server.port}"]
        assert server.call(lambda: list(server.server.tables)) == [lobby.table.code]
        assert app.services.seats.token(f"{LOOPBACK}:{server.port}", lobby.table.code), "the seat's token is kept"
        assert app.services.settings.last_server == f"{LOOPBACK}:{server.port}"
        guest = Player(server.port, "hello", {"name": "Bo", "code": lobby.table.code}, seed=3)
        run_until(app, lambda: len(lobby.table.seats) == 4 and lobby.table.seats[1].taken, (guest,))
        assert guest.welcome.seat == 1 and lobby.table.seats[1].name == "Bo"
        assert [seat.name for seat in lobby.table.seats[2:]] == ["North", "East"], "the computers' names"
        guest.close()
    finally:
        server.stop()


def test_a_player_who_joined_clicks_sit_here_and_moves_to_a_waiting_seat() -> None:
    """Issue 17: "Pick a free seat": the lobby shows Sit here beside each waiting seat to a player who joined (the
    owner gets Computer there instead); clicking it moves them, and the owner's lobby shows it too."""
    server = ServerThread()
    owner = Player(server.port, "create", {"name": "Ann", "preset": "hearts-classic",
                                           "seats": ["me", "online", "online", "computer"]})
    app = App(quick_settings(), search_process=False)
    try:
        lobby = join_by_address(app, server.port, owner)
        run_until(app, lambda: lobby.seat_buttons[2].enabled, seconds=10)
        assert lobby.table.viewer == 1
        assert [b.label for b in lobby.seat_buttons] == ["Sit here"] * 4
        assert [b.enabled for b in lobby.seat_buttons] == [False, False, True, False], "only the waiting seat"
        click(app, lobby.seat_buttons[2].rect.center)
        def moved() -> bool:  # "seated", then "seats": both the lobby's and the owner's
            return lobby.table.viewer == 2 and lobby.table.seats[2].taken and len(owner.table.seats) == 4 \
                and owner.table.seats[2].taken

        run_until(app, moved, (owner,), seconds=10)
        assert lobby.table.viewer == 2 and owner.table.seats[2].name == lobby.table.seats[2].name == "You"
        assert (owner.table.name(2), lobby.table.name(2)) == ("Player 3", "You"), "You only on its own screen"
        assert not owner.table.seats[1].taken, "the seat left is waiting again"
        assert [b.enabled for b in lobby.seat_buttons] == [False, True, False, False]
        assert app.stack.top is lobby
    finally:
        app.close()
        owner.close()
        server.stop()


def test_a_table_found_on_the_network_fills_in_the_address_and_code(monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 17: "pick a table found on the local network": the Join screen lists what its browser found (told
    here by a stand-in for zeroconf, so no multicast is needed); a click fills in the address and code, and Join
    takes the seat."""
    monkeypatch.setattr(discovery.Browser, "start", lambda browser: None)
    server = ServerThread()
    owner = Player(server.port, "create", {"name": "Ann", "preset": "hearts-classic",
                                           "seats": ["me", "online", "computer", "computer"]})
    app = App(quick_settings(), search_process=False)
    try:
        join = open_join(app)
        assert join.found_buttons == []
        network = FakeZeroconf()
        said = Announcement(owner.table.code, "Hearts", "Ann", 1)
        network.tell(browser_of(join), f"Trickhouse {owner.table.code}._trickhouse._tcp.local.", "Added",
                     FakeInfo(LOOPBACK, server.port, said.to_txt()))
        network.tell(browser_of(join), "Trickhouse server on club._trickhouse._tcp.local.", "Added",
                     FakeInfo("192.0.2.9", 47474, Announcement(host="club").to_txt()))
        step(app)
        assert [b.label for b in join.found_buttons] == ["Hearts · Ann's table · 1 seat free",
                                                         "Table server on club (ask its players for a join code)"]
        click(app, join.found_buttons[1].rect.center)
        assert join.values["address"] == "192.0.2.9:47474" and join.values["code"] == "" and join.editing == "code"
        click(app, join.found_buttons[0].rect.center)
        assert join.values["address"] == f"{LOOPBACK}:{server.port}" and join.values["code"] == owner.table.code
        lobby = press_join(app, join, owner)
        assert lobby.table.code == owner.table.code and lobby.table.viewer == 1
    finally:
        app.close()
        owner.close()
        server.stop()


def test_only_the_computer_that_hosts_a_table_calls_it_your_table(monkeypatch: pytest.MonkeyPatch,
                                                                  tmp_path: Path) -> None:
    """Issue 32, item 17: "another computer's Join list calls the host's table 'Classic Hearts · your table'". A
    host who kept the name You announces a table: on another computer it is someone's table; on the computer that
    hosts it, it is your table."""
    monkeypatch.setattr(discovery.Browser, "start", lambda browser: None)
    app = App(Settings(sound=False), search_process=False)
    host = NetHost(0, 30.0, folder=tmp_path, address=LOOPBACK)
    owner = Player(host.port, "create", {"name": "You", "preset": "hearts-classic",
                                         "seats": ["me", "online", "computer", "computer"]})
    said = Announcement(owner.table.code, "Classic Hearts", "You", 1).to_txt()
    name = f"Trickhouse {owner.table.code}._trickhouse._tcp.local."
    try:
        for hosting, whose in ((False, "someone's table"), (True, "your table")):
            app.services.host = host if hosting else None
            join = open_join(app)
            FakeZeroconf().tell(browser_of(join), name, "Added", FakeInfo(LOOPBACK, host.port, said))
            step(app)
            assert [b.label for b in join.found_buttons] == [f"Classic Hearts · {whose} · 1 seat free"]
            app.stack.pop(join)  # (Back would end the hosting too)
    finally:
        app.services.host = None
        app.close()
        owner.close()
        host.stop()


def test_without_multicast_a_game_still_hosts_and_a_window_still_joins_by_address(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    """Issue 17: discovery is optional. When zeroconf cannot start, the hosting game's table goes on unannounced,
    the Join screen says that typing the address always works, and joining by address does."""
    def no_multicast() -> NoReturn:
        raise OSError("No multicast here")

    monkeypatch.setattr(discovery, "start_zeroconf", no_multicast)
    host = NetHost(0, 30.0, folder=tmp_path, address=LOOPBACK)
    owner = Player(host.port, "create", {"name": "Ann", "preset": "hearts-classic",
                                         "seats": ["me", "online", "computer", "computer"]})
    app = App(quick_settings(), search_process=False)
    try:
        join = open_join(app)
        run_until(app, lambda: browser_of(join).unavailable, seconds=5)
        assert browser_of(join).unavailable == "No multicast here" and join.found_buttons == []
        app.stack.pop(join)
        lobby = join_by_address(app, host.port, owner)
        assert lobby.table.viewer == 1
        assert "not announced on the local network (No multicast here)" in caplog.text
    finally:
        app.close()
        owner.close()
        host.stop()


def test_a_table_left_from_the_lobby_is_hosted_again_from_the_menu(app: App) -> None:
    """Issue 17: "the match is saved on the host so it can be hosted again": Leave ends the hosted table (on a
    thread of its own), the menu offers Host again at once, and it opens the same table."""
    setup = of_kind(SetupScene, app.open("setup", preset="rook-classic"))
    step(app)
    click(app, setup.seat_buttons[3 * 2 + 1].rect.center)  # North: Computer -> Online
    click(app, setup.start.rect.center)
    run_until(app, lambda: isinstance(app.stack.top, LobbyScene))
    lobby = top_scene(app, LobbyScene)
    code = lobby.table.code
    click(app, lobby.leave_button.rect.center)
    menu = top_scene(app, MenuScene)
    assert menu.name == "menu" and app.services.host is None
    click(app, button(menu, "Host again").rect.center)
    run_until(app, lambda: isinstance(app.stack.top, LobbyScene))
    again = top_scene(app, LobbyScene)
    assert again.name == "lobby" and again.table.code == code and again.table.owner


def test_a_hosted_tables_database_from_a_newer_game_is_named_and_nothing_is_hosted(app: App) -> None:
    """Issue 23: the hosted table's database written by a newer game: Start says so in one line naming the file
    (the window goes on, no table is hosted) and the file is left as it is; Host again says the same."""
    from game.net.database import SCHEMA_VERSION, TableDatabase
    from game.store.files import data_dir

    folder = data_dir() / "hosted"
    TableDatabase(folder).close()
    connection = sqlite3.connect(folder / "tables.sqlite3")
    connection.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    connection.close()
    before = (folder / "tables.sqlite3").read_bytes()
    setup = of_kind(SetupScene, app.open("setup", preset="hearts-classic"))
    step(app)
    click(app, setup.seat_buttons[3 * 1 + 1].rect.center)  # West: Computer -> Online
    click(app, setup.start.rect.center)
    assert "newer Trickhouse" in setup.error and "tables.sqlite3" in setup.error, setup.error
    assert app.stack.top is setup and app.services.host is None
    menu = of_kind(MenuScene, app.open("menu"))
    menu.host_again()
    assert "newer Trickhouse" in app.services.notice and app.services.host is None
    assert (folder / "tables.sqlite3").read_bytes() == before


def join_over_tls(app: App, port: int, code: str) -> JoinScene:
    """From the menu, Join game with wss://, the table's address and its code typed in, and Join pressed."""
    join = open_join(app)
    for field, words in (("address", f"wss://{LOOPBACK}:{port}"), ("code", code)):
        click(app, join.fields[field].rect.center)
        for _ in join.values[field]:  # what the screen remembered from last time
            post(pygame.KEYDOWN, key=pygame.K_BACKSPACE, mod=0)
        type_text(app, words)
    assert join.values["address"] == f"wss://{LOOPBACK}:{port}" and join.values["code"] == code
    click(app, join.join_button.rect.center)
    return join


def test_the_join_screen_asks_about_a_certificates_fingerprint_keeps_the_answer_and_refuses_a_changed_one(
        app: App) -> None:
    """Issue 31 ("TLS"): a wss:// table whose certificate no authority vouches for. The whole way a player goes:
    the question with the fingerprint (nothing else on the screen answers until it is answered), Yes joins and
    keeps the fingerprint for the address; later, another certificate at that address is refused with a warning,
    and forgetting the old one asks the question again."""
    context, seen = tls_server_context(trustme.CA())
    server = ServerThread(tls=context)
    owner = Player(server.port, "create", {"name": "Ann", "preset": "hearts-classic",
                                           "seats": ["me", "online", "computer", "computer"]}, pinned=seen)
    where = f"wss://{LOOPBACK}:{server.port}"
    store = CertificateStore(data_dir())
    try:
        join = join_over_tls(app, server.port, owner.table.code)
        run_until(app, lambda: join.asking is not None, (owner,))
        assert join.asking is not None and join.asking.fingerprint == seen
        assert not join.join_button.enabled and store.fingerprint(where) is None, "not trusted until the player says"
        click(app, join.trust_button.rect.center)
        run_until(app, lambda: isinstance(app.stack.top, LobbyScene), (owner,))
        assert top_scene(app, Scene).name == "lobby" and store.fingerprint(where) == seen
        lobby = top_scene(app, LobbyScene)
        run_until(app, lambda: len(lobby.table.seats) == 4 and lobby.table.seats[1].taken, (owner,))
        assert app.services.seats.token(where, owner.table.code), "the seat's token is kept under the wss address"
        lobby.leave()

        store.trust(where, ":".join(["AB"] * 32))  # as if the player had trusted another certificate there
        join = join_over_tls(app, server.port, owner.table.code)
        run_until(app, lambda: join.changed != "", (owner,))
        assert join.changed == where and "different certificate" in join.error and join.asking is None
        assert store.fingerprint(where) == ":".join(["AB"] * 32), "a changed certificate is not trusted by itself"
        click(app, join.forget_button.rect.center)
        assert store.fingerprint(where) is None and not join.changed
        click(app, join.join_button.rect.center)
        run_until(app, lambda: join.asking is not None, (owner,))
        assert join.asking is not None and join.asking.fingerprint == seen
        click(app, join.distrust_button.rect.center)
        assert join.asking is None and "not trusted" in join.error and store.fingerprint(where) is None
    finally:
        owner.close()
        server.stop()


def test_a_table_whose_server_cannot_save_shows_the_pause_in_plain_words_until_it_can(
        tmp_path: Path, failing_writes: WriteCounts, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 31, item 3: when the server cannot save, a player in the window is told so in a sentence, above
    their hand, for as long as play is paused (not a line that goes after a few seconds); once it can, the window
    says play goes on and the line goes."""
    drawn: list[str] = []
    draw_text = assets.text  # the painter's own (it draws its text with the one text helper)

    def text(words: str, size: int, colour: Colour, bold: bool = False) -> pygame.Surface:
        drawn.append(words)
        return draw_text(words, size, colour, bold)

    monkeypatch.setattr(table_painter, "text", text)
    with at_a_server_table(tmp_path, "hearts-classic") as (app, table, owner):
        play_my_turns(app, table, [owner], tricks=1)
        failing_writes["fail_from"] = failing_writes["writes"] + 1
        play_my_turns(app, table, [owner], until=lambda: table.table.paused != "")
        assert table.table.paused == "The server cannot save the game: play is paused until it can"
        for _ in range(3):  # shown frame after frame, well past the few seconds a message is shown
            drawn.clear()
            run_for(app, MESSAGE_SECONDS / 2, (owner,))
            assert shows(drawn, table.table.paused), drawn[-5:]
        failing_writes["fail_from"] = None
        run_until(app, lambda: shows(drawn, "The server can save again: play goes on"), (owner,), 60)
        assert table.table.paused == "" and shows(drawn, "The server can save again: play goes on")
        drawn.clear()
        run_for(app, MESSAGE_SECONDS + 0.5, (owner,))
        assert drawn and not shows(drawn, "The server cannot save the game")
        play_my_turns(app, table, [owner], tricks=2)  # play goes on


def test_a_player_at_a_network_table_claims_the_rest_with_the_button(tmp_path: Path,
                                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    """Claim the rest at a network table, as at a table here (RULES.md: a claim is allowed only when every way to
    play the rest comes to the same result): the window's player, on lead with the rest decided (the audit's hand,
    its last three tricks), is offered Claim the rest once the server has said so, presses it, and the rest is
    played out and shown under the line saying who claimed. The server deals the audit's hand instead of a new one."""
    monkeypatch.setattr(runner_module, "Match", lambda rules: table_session(audit_position(False)).match)
    with at_a_server_table(tmp_path, "rook-classic") as (app, table, owner):
        assert table.viewer == 1 and len(table.view().tricks) == 6
        run_until(app, lambda: table.offered().claim, (owner,))
        assert table.offered().claim and table.claim_button.enabled, "Claim the rest is offered"
        click(app, table.claim_button.rect.center)
        run_until(app, lambda: table.showing_claim, (owner,))
        assert table.claim_made is not None and table.claim_made.asked and table.claim_made.seat == 1
        assert table.claim_words() == "You claim the rest: Ann takes all 3 tricks", "said as the tricks fell"


@pytest.fixture
def said_aloud(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """Every line the lobby draws and every trick's winner line the table draws, as the window shows them; the
    language in force is the system's again afterwards (a window may speak another)."""
    from game.ui import table_marks
    from game.ui.scenes import lobby as lobby_module
    lines: list[str] = []
    draw_text, draw_winner = assets.text, table_marks.draw_winner  # the lobby draws with the one text helper

    def text(words: str, size: int, colour: Colour, bold: bool = False) -> pygame.Surface:
        lines.append(words)
        return draw_text(words, size, colour, bold)

    def winner(surface: pygame.Surface, card: pygame.Rect, art: Any, line: str, *rest: Any) -> None:
        lines.append(line)
        draw_winner(surface, card, art, line, *rest)

    monkeypatch.setattr(lobby_module, "text", text)
    monkeypatch.setattr(table_marks, "draw_winner", winner)
    yield lines
    use_language()


def until_the_other_takes_a_trick(app: App, table: TableScene, other: Player, seat: int, line: str,
                                  said: list[str]) -> None:
    """Play on until ``seat`` (the other player's) has taken a trick and the window has said ``line`` of it."""
    play_my_turns(app, table, [other],
                  until=lambda: any(trick.winner == seat for trick in table.view().tricks))
    run_until(app, lambda: line in said, (other,))
    assert line in said, said[-10:]


@pytest.mark.parametrize(("language", "guest", "other"), [("", "You", "Player 2"), ("de", "Du", "Spieler 2")])
def test_a_host_who_kept_the_name_you_is_you_only_on_its_own_screen(
        said_aloud: list[str], monkeypatch: pytest.MonkeyPatch, language: str, guest: str, other: str) -> None:
    """The fault the lead met: "You" (the person at this screen) named someone else. A host who left the default
    name hosts Classic Rook with West online, and a player elsewhere who kept theirs joins: the host's game sends
    its name as kept ("You", even in German), so the other player's screen names it by its seat; on the host's
    screen the other player, who sent "You" (or, from an older German game, "Du"), is "Player 2" in the lobby, on
    their plate, when they take a trick and on the score sheet, and "You" is only the host."""
    # the audit's hand: the host leads yellows, and West trumps each of them
    monkeypatch.setattr(runner_module, "Match", lambda rules: table_session(audit_position(True)).match)
    app = App(quick_settings(online_port=0, language=language), search_process=False)
    player: Player | None = None
    try:
        lobby, player = hosting_with_a_guest(app, "rook-classic", 1, guest)
        run_until(app, lambda: len(player.table.seats) == 4 and player.table.seats[1].taken, (player,))
        assert [seat.name for seat in player.table.seats[:2]] == ["You", guest], "the host's name is sent as kept"
        you, here = ("You", "here") if not language else ("Du", "da")
        seat = "Seat {number}: {name}  ·  {state}" if not language else "Platz {number}: {name}  ·  {state}"
        assert seat.format(number=1, name=you, state=here) in said_aloud
        assert seat.format(number=2, name=other, state=here) in said_aloud
        assert player.table.name(0) == ("Player 1" if not language else "Spieler 1"), "the other screen's host"
        click(app, lobby.start_button.rect.center)
        run_until(app, lambda: any(isinstance(scene, TableScene) for scene in app.stack.scenes), (player,))
        table = next(scene for scene in app.stack.scenes if isinstance(scene, TableScene))
        assert [table.table.name(seat) for seat in range(2)] == [you, other]
        columns = [names for names, _ in table.table.score_columns()]
        assert columns[0].startswith(f"{you} & ") and columns[1].startswith(f"{other} & "), columns
        takes = "{name} takes the trick" if not language else "{name} macht den Stich"
        until_the_other_takes_a_trick(app, table, player, 1, takes.format(name=other), said_aloud)
    finally:
        app.close()
        if player is not None:
            player.close()


@pytest.mark.parametrize("host", ["You", "Du"])
def test_a_german_player_who_joins_with_the_name_left_as_du_sends_you_and_names_the_host_by_its_seat(
        said_aloud: list[str], monkeypatch: pytest.MonkeyPatch, host: str) -> None:
    """The joiner's side of the fault: a German player joins with the name field as it was prefilled ("Du"). The
    server is sent "You" as kept, and the host, who kept their default name too ("You", or "Du" from an older
    German game), is "Spieler 1" in the joiner's lobby, at the table and when they take a trick: "Du" is only the
    joiner."""
    # the audit's hand: the joiner leads yellows, and the host trumps each of them
    monkeypatch.setattr(runner_module, "Match", lambda rules: table_session(audit_position(False)).match)
    server = ServerThread()
    owner = Player(server.port, "create", {"name": host, "preset": "rook-classic",
                                           "seats": ["me", "online", "computer", "computer"]})
    app = App(quick_settings(language="de"), search_process=False)
    try:
        join = of_kind(JoinScene, app.open("join"))
        step(app)
        assert join.values["name"] == "Du", "the name field is prefilled in German"
        click(app, join.fields["address"].rect.center)
        type_text(app, f"{LOOPBACK}:{server.port}")
        click(app, join.fields["code"].rect.center)
        type_text(app, owner.table.code.lower())
        lobby = press_join(app, join, owner)
        run_until(app, lambda: len(owner.table.seats) == 4 and owner.table.seats[1].taken, (owner,))
        assert owner.table.seats[1].name == "You", "the joiner's name is sent as kept, not as German shows it"
        run_until(app, lambda: "Platz 1: Spieler 1  ·  da" in said_aloud, (owner,))
        assert "Platz 1: Spieler 1  ·  da" in said_aloud and "Platz 2: Du  ·  da" in said_aloud
        assert lobby.table.name(0) == "Spieler 1"
        owner.client.send(M.Start())
        run_until(app, lambda: any(isinstance(scene, TableScene) for scene in app.stack.scenes), (owner,))
        table = next(scene for scene in app.stack.scenes if isinstance(scene, TableScene))
        assert [table.table.name(seat) for seat in range(2)] == ["Spieler 1", "Du"]
        until_the_other_takes_a_trick(app, table, owner, 0, "Spieler 1 macht den Stich", said_aloud)
    finally:
        app.close()
        owner.close()
        server.stop()
