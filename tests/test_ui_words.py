"""Words a player reads (issue 25, item 1): every text the window draws, on every screen, speaks in a player's words:
10♥, Q♠, Red 14, the Rook Bird, "pass 2♣, A♥, Q♠", "Lowest first bid", "Classic partnership Rook", never the engine's
notation (R10, QS, ROOK, pass-cards, min_bid, dealer_left, rook-classic), which stays for files, logs, the protocol
and tests. The patterns are tests/support/notation.py's; the text is what tests/support/ui_record.py records each
frame draws.

Driven through the window with posted events: a hand of each family to its score sheet, the person at the screen
asking for a Hint and trying a card the rules refuse; every other dialog with its Hint; the game-over screen, the
review of a hand with its hindsight, the history with a match in it, How to play for every preset, the house rules
of every preset with every row stepped both ways, the settings, New game through every preset, Join game refused,
and the lobby of a hosted table.

Each of these runs in every language the game ships (issue 35: "the existing text tests run in each language: no
untranslated text"), the system's language set to it as a player's would be: no line drawn holds a word of the
English source that the language's catalog never uses (tests/support/language.py).
"""

from __future__ import annotations

import errno
import socket
import ssl
from collections.abc import Callable, Iterator
from typing import Any, Protocol

import pygame
import pytest
from websockets.datastructures import Headers
from websockets.exceptions import InvalidStatus, InvalidURI
from websockets.http11 import Response

from game.engine import Hand, load_rules
from game.engine.language import gettext
from game.engine.rules import preset_names
from game.net.client import reach_problem
from game.store import HouseRulesStore, SettingsStore
from game.table.controller import TableController
from game.table.local import LocalTable
from game.table.session import Session
from game.ui.app import App
from game.ui.autoplay import Autoplay
from game.ui.scene import Scene
from game.ui.scenes.dialogs import Dialog
from game.ui.scenes.history import HistoryScene
from game.ui.scenes.how_to_play import HowToPlayScene
from game.ui.scenes.join import JoinScene
from game.ui.scenes.lobby import LobbyScene
from game.ui.scenes.review import ReviewScene
from game.ui.scenes.scoring import ScoreScene
from game.ui.scenes.settings import HouseRulesScene, SettingsScene
from game.ui.scenes.setup import SetupScene
from game.ui.scenes.table import TableScene
from tests.support.deals import finished_session, normal_hand, table_session
from tests.support.kinds import of_kind
from tests.support.language import LANGUAGES, untranslated
from tests.support.notation import notation_faults
from tests.support.ui_helpers import DIALOGS, FAST, Size, answer_dialog, click, frames, post, settled, step, top_scene
from tests.support.ui_record import Recorder


class Reader:
    """Every line the window draws while a test drives it, each with the scene that drew it, in ``language``."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch, app: App, language: str = "en") -> None:
        self.app = app
        self.language = language
        self.recorder = Recorder(monkeypatch, app)
        self.lines: dict[str, str] = {}

    def step(self, count: int = 1) -> None:
        for _ in range(count):
            step(self.app)
            for op in self.recorder.texts():
                self.lines.setdefault(op.label, op.scene)

    def faults(self) -> list[str]:
        return [f"{fault} (drawn by {self.lines[line]})" for line in self.lines
                for fault in notation_faults([line]) + untranslated([line], self.language)]


@pytest.fixture(params=LANGUAGES)
def language(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> str:
    """The system's language for the windows a test opens (the settings leave it to the system, as a player's
    do)."""
    code: str = request.param
    monkeypatch.setenv("LANGUAGE", code)
    return code


class OpenReader(Protocol):
    """The ``reader`` fixture: a window of a size whose every line drawn is read; closed after the test."""
    def __call__(self, size: Size = (1280, 720)) -> Reader: ...


@pytest.fixture
def reader(monkeypatch: pytest.MonkeyPatch, language: str) -> Iterator[OpenReader]:
    apps = []

    def open_reader(size: Size = (1280, 720)) -> Reader:
        app = App(FAST, search_process=False)
        app.services.keep_matches = False
        apps.append(app)
        post(pygame.VIDEORESIZE, w=size[0], h=size[1], size=size)
        return Reader(monkeypatch, app, language)

    yield open_reader
    for app in apps:
        app.close()


def wait_for(reader: Reader, ready: Callable[[], bool], seconds: float = 30) -> None:
    for _ in frames(seconds):
        if ready():
            return
        reader.step()
    raise AssertionError("waited in vain")


def ask_hint(reader: Reader, table: TableScene, shown: Callable[[], bool]) -> None:
    """The table's Hint pressed, and frames until it is shown."""
    click(reader.app, table.hint_button.rect.center)
    wait_for(reader, shown)
    reader.step()


def decide(reader: Reader, table: TableScene, hinted: set[str]) -> None:
    """The person at the screen decides, asking for a Hint the first time each kind of decision comes, and trying a
    card the rules refuse when there is one."""
    app = reader.app
    top = app.stack.top
    if isinstance(top, Dialog) and top.name not in hinted:
        hinted.add(top.name)
        ask_hint(reader, table, lambda: bool(top.hint))
    if answer_dialog(app):
        return
    if table.viewer_controls_play() and settled(table):
        view = table.view()
        if "play" not in hinted:
            hinted.add("play")
            ask_hint(reader, table, lambda: table.message.startswith(gettext("Hint: {choice}").split("{")[0]))
        refused = [card for card in view.hand if card not in view.plays()]
        if refused and "refused" not in hinted:
            hinted.add("refused")
            table.play(refused[0])
            reader.step()
            assert table.message, "a refused card is said why"
        table.act(view.play(next(iter(view.plays()))))
        reader.step()
    else:
        reader.step()


@pytest.mark.parametrize("preset,number", [("rook-classic", 0), ("hearts-royal", 0), ("rook-500-standard-deck", 0),
                                           ("rook-500-5p", 0), ("hearts-5p", 2)])
def test_a_hand_at_the_table_speaks_a_players_words(reader: OpenReader, preset: str, number: int) -> None:
    """Issue 25: 'Hint: play R10', '2H is not in your hand'. A whole hand at the window, the person asking for a
    Hint at each kind of decision, trying a card the rules refuse and looking at the last trick: no line drawn
    holds engine notation, the score sheet's included (the 5-player 500 game with its called card, and the third
    hand of 5-player Hearts, which passes two to the left)."""
    read = reader()
    rules = load_rules(preset)
    hand = Hand.deal(rules, seed=11, dealer=rules.players - 1, number=number)
    table = of_kind(TableScene, read.app.open("table", session=table_session(hand)))
    hinted: set[str] = set()
    for _ in frames(120):
        if isinstance(read.app.stack.top, ScoreScene):
            break
        decide(read, table, hinted)
        if table.view().tricks and not table.reviewing and "last" not in hinted:
            hinted.add("last")
            table.toggle_review()
            read.step()
            table.toggle_review()
    else:
        raise AssertionError("the hand did not reach its score sheet")
    read.step(3)
    assert {"play", "refused"} <= hinted
    assert read.faults() == [], "\n".join(read.faults())


@pytest.mark.parametrize("phase", list(DIALOGS))
def test_every_dialog_and_its_hint_speak_a_players_words(reader: OpenReader, phase: str) -> None:
    """Each decision's dialog with its Hint: the bid, the nest, trump, the rank order, the called card, the card laid
    aside, the Hearts pass, choosing a hand and the moon."""
    read = reader()
    table = of_kind(TableScene, read.app.open("table", session=table_session(DIALOGS[phase]())))
    wait_for(read, lambda: isinstance(read.app.stack.top, Dialog))
    dialog = top_scene(read.app, Dialog)
    ask_hint(read, table, lambda: bool(dialog.hint))
    assert read.faults() == [], "\n".join(read.faults())


def test_game_over_and_the_pause_menu_speak_a_players_words(reader: OpenReader) -> None:
    read = reader()
    session = finished_session(3, "rook-classic", target=100)
    read.app.open("game-over", table=LocalTable(TableController(session, read.app.worker)))
    read.step(5)
    read.app.open("pause", table=LocalTable(TableController(session, read.app.worker)))
    read.step(3)
    assert read.faults() == [], "\n".join(read.faults())


def test_the_notation_patterns_catch_what_the_issue_quotes_and_pass_a_players_sentence() -> None:
    """The check itself: each line the issue quotes is caught, and the same said in a player's words passes."""
    quoted = ["Hint: play R10", "pass-cards TC AD TH", "#22 trick 5 play AH", "Rook (rook-classic)",
              "2H is not in your hand", "min_bid: 70 is more than the highest bid", "Which deck: rook",
              "RULES.md decisions 1, 3", "First lead: dealer_left", "Nest to: last_trick", "QS may not be led",
              "ROOK is the highest trump", "JK", "lay-aside Y6", "choose-hand 1", "trump none",
              "[Errno 111] Connect call failed ('192.168.1.20', 47474)"]
    assert [line for line in quoted if not notation_faults([line])] == []
    words = ["Hint: play Red 10", "pass 10♣, A♦, 10♥", "Decision 22, trick 5: play A♥", "Classic partnership Rook",
             "2♥ is not in your hand", "The lowest first bid is more than the highest bid", "Rook cards",
             "The player left of the dealer leads the first trick", "The Queen of spades may not be led",
             "The Rook Bird is the highest trump", "the joker", "lay Yellow 6 aside", "choose hand 1", "No trump",
             "Nobody is hosting a table at 192.168.1.20:47474. Is the host's game open on its lobby?",
             "Deal code 8CMG0-ZBV5B-FT4ZC-TY0NY-86EST-3X", "Deal code 8CMG0-ZBV5B-FT4ZC-TY0NY-86EST-QS",
             "S3-0 bid 85", "1280 x 720", "Hand 2 of 12", "Seat 3", "Bids go up by 5"]
    assert notation_faults(words) == []


def test_the_review_of_a_hand_and_its_hindsight_speak_a_players_words(reader: OpenReader) -> None:
    """Issue 25: '#22 trick 5 play AH', 'pass-cards TC AD TH' in the review. Every decision of a reviewed hand (a
    Rook hand: bids, the nest, trump and the play; and a Hearts hand with its pass), and the hindsight of one."""
    read = reader()
    for preset in ("rook-classic", "hearts-classic"):
        read_review(read, normal_hand(preset, 1).record())
    assert read.faults() == [], "\n".join(read.faults())


def read_review(read: Reader, record: dict[str, Any]) -> None:
    """Every decision of a hand's review, and the hindsight of a costly one, both of its lines."""
    scene = of_kind(ReviewScene, read.app.open("review", record=record, seats=[0, 1, 2, 3],
                                               names=["You", "West", "North", "East"], number=1, worlds=3,
                                               measure_worlds=6))
    wait_for(read, lambda: scene.review is not None or bool(scene.problem), 60)
    assert not scene.problem, scene.problem
    review = scene.review
    assert review is not None
    for index in range(len(review.decisions)):
        scene.go(index)
        read.step()
    costly = next(i for i, d in enumerate(review.decisions) if d.judged and d.best != d.action)
    scene.go(costly)
    read.step()
    click(read.app, scene.what_if.rect.center)
    wait_for(read, lambda: scene.hindsight is not None and scene.hindsight.finished)
    read.step(2)
    click(read.app, scene.line_buttons[0].rect.center)
    read.step()
    scene.close_hindsight()
    assert scene.keeping is not None
    scene.keeping.result(300)
    read.app.stack.pop(scene)


def test_the_history_with_a_match_in_it_speaks_a_players_words(reader: OpenReader) -> None:
    """Issue 25: 'Rook (rook-classic)' in the history: a finished match listed, and its hands."""
    read = reader()
    session = finished_session(3, "rook-classic", target=100)
    read.app.services.history.add(session.to_json(), Session.from_json)
    history = of_kind(HistoryScene, read.app.open("history"))
    wait_for(read, lambda: bool(history.cells))
    read.step()
    click(read.app, history.rows[0][1].midleft)
    read.step(2)
    assert top_scene(read.app, Scene).name == "past-match"
    assert read.faults() == [], "\n".join(read.faults())


def test_how_to_play_speaks_a_players_words_for_every_preset(reader: OpenReader) -> None:
    """Issue 25, item 2: 'Which deck: rook', 'RULES.md decisions 1, 3', 'dealer_left' on the Rules page. How to play,
    every preset, scrolled to its end."""
    read = reader()
    page = of_kind(HowToPlayScene, read.app.open("how-to-play"))
    read.step()
    seen = []
    for tab in page.chooser.tabs:  # each family, then the controls
        click(read.app, tab.rect.center)
        first = page.page
        while True:
            seen.append(page.page)
            for _ in range(20):  # a page at a time to the end
                post(pygame.KEYDOWN, key=pygame.K_PAGEDOWN, mod=0, unicode="", scancode=0)
                read.step()
                if page.scroll == max(0, page.height - page.area.height):
                    break
            else:
                raise AssertionError(f"{page.page}: the page did not scroll to its end")
            post(pygame.KEYDOWN, key=pygame.K_RIGHT, mod=0, unicode="", scancode=0)
            read.step()
            if page.page == first:  # round the family's games and back
                break
    assert sorted(seen) == sorted(preset_names() + ["controls"])
    assert read.faults() == [], "\n".join(read.faults())


def test_house_rules_and_their_refusals_speak_a_players_words(reader: OpenReader) -> None:
    """Issue 25: 'min_bid: 70 is more than ...'. The house rules of every preset, every row stepped down and up
    (refusals included), then put back."""
    read = reader()
    scene = of_kind(HouseRulesScene, read.app.open("house-rules"))
    read.step()
    for preset in preset_names():
        scene.switch(preset)
        read.step()
        for index in range(len(scene.rows)):
            for delta in (-1, 1):  # a step down (refused at the bottom of a range), and back
                scene.change(scene.rows[index], delta)
                read.step()
        scene.reset()
        read.step()
    assert read.faults() == [], "\n".join(read.faults())


def test_new_game_settings_and_the_menu_speak_a_players_words(reader: OpenReader) -> None:
    """New game through every preset of both families (and a deal code that does not check out), the settings,
    the player names, the statistics and the main menu."""
    read = reader()
    setup = of_kind(SetupScene, read.app.open("setup"))
    read.step()
    for family in setup.family_buttons:
        click(read.app, family.rect.center)
        for _ in setup.presets[setup.family]:
            click(read.app, setup.next.rect.center)
            read.step()
    click(read.app, setup.code_button.rect.center)
    for letter in "8CMG0-ZBV5B":
        post(pygame.TEXTINPUT, text=letter)
    post(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r", scancode=0)
    read.step(2)
    assert setup.error
    read.app.stack.pop(setup)
    read.app.services.stats.add("rook-classic", "You", {"hands": 3, "points": 150, "matches": 1, "wins": 1})
    for name in ("settings", "names", "statistics", "menu"):
        read.app.open(name)
        read.step(2)
    assert read.faults() == [], "\n".join(read.faults())


def test_joining_a_table_nobody_hosts_is_refused_in_a_players_words(reader: OpenReader) -> None:
    """Issue 25, item 4: '[Errno 111] Connect call failed ...' becomes 'Nobody is hosting a table at ...'."""
    read = reader()
    with socket.socket() as probe:  # a port nothing listens at
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    join = of_kind(JoinScene, read.app.open("join"))
    read.step()
    join.values.update(address=f"127.0.0.1:{port}", code="ABC123")
    click(read.app, join.join_button.rect.center)
    wait_for(read, lambda: join.client is None)
    read.step()
    assert join.error == gettext("Nobody is hosting a table at {where}. Is the host's game open on its lobby?").format(
        where=f"127.0.0.1:{port}")
    assert read.faults() == [], "\n".join(read.faults())


def test_the_lobby_of_a_hosted_table_speaks_a_players_words(reader: OpenReader) -> None:
    """New game with an Online seat hosts a table: its lobby, with the join code and where to reach it."""
    read = reader()
    read.app.settings.online_port = 0  # any free port: other tests and games on this machine host tables too
    setup = of_kind(SetupScene, read.app.open("setup", preset="hearts-classic"))
    read.step()
    click(read.app, setup.seat_buttons[3 * 2 + 1].rect.center)  # a seat: Computer -> Online
    click(read.app, setup.start.rect.center)
    wait_for(read, lambda: isinstance(read.app.stack.top, LobbyScene))
    read.step(3)
    assert read.faults() == [], "\n".join(read.faults())


def test_a_table_that_cannot_be_reached_is_said_in_a_players_words() -> None:
    """Issue 25, item 4: the system's words for a failed connection become what happened and what to try."""
    host, port = "192.168.1.20", 47474
    refused = ConnectionRefusedError(111, "Connect call failed ('192.168.1.20', 47474)")
    assert reach_problem(refused, host, port) == \
        "Nobody is hosting a table at 192.168.1.20:47474. Is the host's game open on its lobby?"
    assert reach_problem(OSError("Multiple exceptions: [Errno 111] Connect call failed ('::1', 47474, 0, 0), "
                                 "[Errno 111] Connect call failed ('127.0.0.1', 47474)"), "localhost", port) \
        .startswith("Nobody is hosting a table at localhost:47474")
    said = [reach_problem(socket.gaierror(-2, "Name or service not known"), "tabel.local", port),
            reach_problem(TimeoutError(), host, port),
            reach_problem(OSError(errno.EHOSTUNREACH, "No route to host"), host, port),
            reach_problem(InvalidURI("ws://[::1", "bad"), "[::1", port),
            reach_problem(InvalidStatus(Response(404, "Not Found", Headers())), host, port),
            reach_problem(ConnectionResetError(errno.ECONNRESET, "Connection reset by peer"), host, port),
            reach_problem(ssl.SSLError(1, "wrong version number"), host, port)]
    assert said == ["No computer called tabel.local was found: check the address",
                    "No answer from 192.168.1.20:47474: check the address, and that the host's firewall (or router, "
                    "over the internet) lets the game in",
                    "192.168.1.20 cannot be reached from this computer: check the address and the network",
                    "[::1:47474 is not an address a table can have: type it as 192.168.1.20 or 192.168.1.20:47474",
                    "Something at 192.168.1.20:47474 answered, but it is not a Trickhouse table: check the port (a "
                    "server that serves TLS needs wss:// before its address)",
                    "The table at 192.168.1.20:47474 could not be reached: connection reset by peer",
                    "The table at 192.168.1.20:47474 could not be reached securely: check the address (wss:// only "
                    "for a table that serves it)"]
    assert notation_faults(said) == []


def test_a_port_already_in_use_is_said_with_what_to_do(reader: OpenReader) -> None:
    """Issue 25, item 4: hosting at a port another program holds says so, and where to choose another."""
    read = reader()
    with socket.socket() as holder:
        holder.bind(("0.0.0.0", 0))
        holder.listen()
        port = holder.getsockname()[1]
        read.app.settings.online_port = port
        setup = of_kind(SetupScene, read.app.open("setup", preset="hearts-classic"))
        read.step()
        click(read.app, setup.seat_buttons[3 * 2 + 1].rect.center)  # a seat: Computer -> Online
        click(read.app, setup.start.rect.center)
        read.step()
    assert setup.error == gettext("Port {port} is already in use on this computer (another program, or another game "
                                  "hosting a table): choose another port in Settings").format(port=port)
    assert read.faults() == []


def test_the_port_is_typed_not_stepped(reader: OpenReader) -> None:
    """Issue 25, item 4: 'the port is typed, not stepped by +1'. Click it, type, Enter; a port no table can use is
    refused with the range, and Esc leaves it as it was."""
    read = reader()
    settings = of_kind(SettingsScene, read.app.open("settings"))
    read.step()
    post(pygame.MOUSEWHEEL, x=0, y=-len(settings.rows), flipped=False)  # the last row, in a small window too
    read.step()
    row = next(row for row in settings.rows if row.label == gettext("Port for tables you host"))
    field = next(button for button in settings.controls if button.label == str(read.app.settings.online_port))
    assert row.typed is not None and not [b for b in settings.controls if b.rect.centery == field.rect.centery
                                          and b.label in "<>"]

    def type_port(keys: str, end: int = pygame.K_RETURN) -> None:
        field = next(button for button in settings.controls if button.label == str(read.app.settings.online_port))
        click(read.app, field.rect.center)
        for key in keys:
            post(pygame.TEXTINPUT, text=key)
        post(pygame.KEYDOWN, key=end, mod=0, unicode="", scancode=0)
        read.step()

    type_port("50123")
    assert read.app.settings.online_port == 50123 and "online_port: 50123" in SettingsStore().path.read_text()
    type_port("80")
    assert read.app.settings.online_port == 50123 and \
        settings.error == gettext("A port is a number from {low} to {high}").format(low=1024, high=65535)
    type_port("4999", end=pygame.K_ESCAPE)
    assert read.app.settings.online_port == 50123
    assert read.faults() == []


@pytest.mark.parametrize("preset,target", [("rook-classic", 100), ("hearts-classic", 30)])
def test_a_whole_match_played_by_autoplay_speaks_a_players_words(monkeypatch: pytest.MonkeyPatch, language: str,
                                                                 preset: str, target: int) -> None:
    """Issue 25: 'a test renders every scene through a full autoplay of each family'. ``--autoplay`` plays a whole
    match like a person at the window (the menu, New game, every hand with its score sheet, game over), the target
    lowered by a house rule so that the match is short: nothing any of its frames drew holds engine notation."""
    HouseRulesStore().save(preset, {"target": target})
    autoplay = Autoplay(preset, hands=100, level="easy")
    app = App(FAST, autoplay=autoplay, search_process=False)
    read = Reader(monkeypatch, app, language)
    try:
        app.open("menu")
        seen = set()
        for _ in frames(240):
            if not app.running:
                break
            seen.add(top_scene(app, Scene).name)
            read.step()
        else:
            raise AssertionError(f"the match did not end; it was at {top_scene(app, Scene).name}")
    finally:
        app.close()
    assert {"menu", "setup", "table", "score-sheet", "game-over"} <= seen and autoplay.hands_done >= 1
    assert read.faults() == [], "\n".join(read.faults())
