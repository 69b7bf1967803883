"""Issue 22: "nothing a player has not chosen to end is ever deleted". Every way the window can start another
match, walked with posted events (SDL dummy driver) while an unfinished match is saved: New game and Play a deal
code ask first, naming the match (its game, hand and scores), and keep it unless the player ends it; the game-over
screen's New game and Rematch replace only a finished match; Play this deal (the history) and Play again (the score
sheet, tests/test_ui_deals.py) never touch the save; hosting a new table asks before ending the table hosted last;
joining a table and Continue leave the save to the match it holds. The last test finds every caller in the source
that can replace a save, so that a new one cannot go unwalked."""

from __future__ import annotations

import ast
import concurrent.futures
import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pygame
import pytest

from game.engine import Hand, Match, deal_code, hand_from_code, load_rules
from game.net.database import TableDatabase
from game.net.host import end_hosted_tables, hosted_tables, kept_sessions
from game.net.lobby import SeatRecord, TableRecord
from game.net.tables import TABLE_FORMAT
from game.store import HistoryStore, SaveStore
from game.store.files import UnfinishedMatch, data_dir, write_atomic
from game.table.session import SeatPlan, Session
from game.ui.app import App
from game.ui.autoplay import Autoplay
from game.ui.scene import Scene
from game.ui.scenes.dialogs import ConfirmScene
from game.ui.scenes.history import HistoryScene, PastMatchScene
from game.ui.scenes.lobby import LobbyScene
from game.ui.scenes.scoring import GameOverScene, ScoreScene
from game.ui.scenes.setup import SetupScene
from game.ui.scenes.table import TableScene
from tests.support.deals import finished_session, playout_action
from tests.support.kinds import of_kind
from tests.support.net_helpers import Player, ServerThread
from tests.support.ui_helpers import (
    FAST,
    button,
    click,
    frames,
    from_menu,
    join_by_address,
    local_table,
    post,
    run_until,
    step,
    to_game_over,
    top_scene,
)

GAME = Path(__file__).resolve().parents[1] / "game"
NAMES = ["Ann", "Bo", "Cy", "Di"]


def unfinished_rook(seed: int = 3) -> Session:
    """A rook-classic match between computers named Ann, Bo, Cy and Di, two hands played and the third begun."""
    rules = load_rules("rook-classic")
    session = Session(Match(rules, seed=seed), [SeatPlan(name, False, "easy") for name in NAMES])
    rng = random.Random(seed)
    while len(session.match.history) < 2 or len(session.hand.actions) < 3:
        if session.hand.is_done:
            session.match.next_hand()
        session.hand.push(playout_action(session.hand, rng))
    assert not session.match.is_over and any(session.match.scores)
    return session


def question(session: Session, whose: str, instead: str) -> str:
    """What the player is asked about an ``unfinished_rook`` match, written out here: Ann & Cy against Bo & Di in
    rook-classic, on the third hand."""
    scores = session.match.scores
    return (f"{whose}: Classic partnership Rook, hand 3, Ann & Cy {scores[0]}, Bo & Di {scores[1]}. End it and "
            f"{instead}?")


def said(confirm: ConfirmScene) -> str:
    """The question as read (no-break spaces keep a side's names and score on one line)."""
    read: str = confirm.question.replace("\u00a0", " ")
    return read


def saved(session: Session) -> bytes:
    """The match saved as the game saves it (by a game run before this one); the file's bytes."""
    store = SaveStore()
    store.save(session.to_json(), session)
    return store.path.read_bytes()


@dataclass
class Kept:
    session: Session
    content: bytes  # the save's bytes


@pytest.fixture
def kept() -> Kept:
    """An unfinished match in the save (see ``unfinished_rook``)."""
    session = unfinished_rook()
    return Kept(session, saved(session))


@pytest.fixture
def app() -> Iterator[App]:
    app = App(FAST, search_process=False)
    yield app
    app.close()


def the_save() -> Session:
    """The match in the save, as Continue resumes it."""
    session, problem = SaveStore().load(Session.from_json)
    assert session is not None, problem
    return session


def untouched(kept: Kept) -> bool:
    return SaveStore().path.read_bytes() == kept.content


def press(app: App, key: int) -> None:
    post(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0)
    step(app)


def new_game(app: App) -> SetupScene:
    """Main menu, New game: the setup screen."""
    from_menu(app, "New game")
    setup = top_scene(app, SetupScene)
    assert setup.name == "setup"
    return setup


def the_table(app: App) -> TableScene:
    """The table a match was started at (a dialog may be over it)."""
    tables = [scene for scene in app.stack.scenes if isinstance(scene, TableScene)]
    assert len(tables) == 1, [scene.name for scene in app.stack.scenes]
    return tables[0]


def asked(app: App) -> ConfirmScene:
    """The question on top, drawn."""
    top = top_scene(app, Scene)
    assert top.name == "confirm", f"no question: {top.name} is on top"
    confirm = of_kind(ConfirmScene, top)
    step(app)
    assert [b.label for b in confirm.buttons] == ["End it", "Keep it"]
    return confirm


def test_new_game_asks_naming_the_match_and_keeps_it_unless_the_player_ends_it(app: App, kept: Kept) -> None:
    setup = new_game(app)
    click(app, setup.start.rect.center)
    confirm = asked(app)
    assert said(confirm) == question(kept.session, "Your match in progress", "start a new match")
    click(app, button(confirm, "Keep it").rect.center)
    assert app.stack.top is setup and untouched(kept)
    assert setup.note == "Kept: Continue on the main menu takes you back to it"
    click(app, setup.start.rect.center)
    asked(app)
    press(app, pygame.K_ESCAPE)  # Esc keeps it too
    assert app.stack.top is setup and untouched(kept)
    assert not any(isinstance(scene, TableScene) for scene in app.stack.scenes)
    click(app, setup.start.rect.center)
    click(app, button(asked(app), "End it").rect.center)
    table = the_table(app)
    now = the_save()
    assert now.match.seed == local_table(table).session.match.seed != kept.session.match.seed, "the new match is saved"
    assert [p.name for p in now.seats] == ["You", "West", "North", "East"]


def test_play_a_deal_code_asks_too_and_keeps_the_match_unless_it_is_ended(app: App, kept: Kept) -> None:
    code = deal_code(Hand.deal(load_rules("hearts-classic"), seed=8, dealer=1, number=1))
    setup = new_game(app)
    click(app, setup.code_button.rect.center)
    post(pygame.TEXTINPUT, text=code)
    step(app)
    press(app, pygame.K_RETURN)
    assert setup.deal is not None and setup.error == ""
    click(app, setup.start.rect.center)
    click(app, button(asked(app), "Keep it").rect.center)
    assert app.stack.top is setup and untouched(kept) and setup.deal is not None
    click(app, setup.start.rect.center)
    confirm = asked(app)
    assert said(confirm) == question(kept.session, "Your match in progress", "start a new match")
    click(app, button(confirm, "End it").rect.center)
    hand = local_table(the_table(app)).session.hand
    assert hand.deal_text() == hand_from_code(code).deal_text()
    assert the_save().hand.deal_text() == hand.deal_text()


def over_in_the_window(app: App) -> GameOverScene:
    """A hearts match between computers named Ann to Di that ends in the window (its last card still to play when
    it opens), so that the save holds a finished match: its game-over screen."""
    ended = finished_session(1)
    record = ended.hand.record()
    ended.match.hand = Hand.from_record({**record, "actions": record["actions"][:-1]})
    app.open("table", session=Session(ended.match, [SeatPlan(name, False, "easy") for name in NAMES]))
    over = to_game_over(app)
    assert the_save().match.is_over
    return over


def test_game_over_then_new_game_replaces_the_finished_match_without_asking(app: App) -> None:
    """The save holds a finished match: the game-over screen's New game, then Start, begins the next one at
    once."""
    over = over_in_the_window(app)
    click(app, button(over, "New game").rect.center)
    setup = top_scene(app, SetupScene)
    assert setup.name == "setup" and setup.preset == "hearts-classic"
    click(app, setup.start.rect.center)
    table = the_table(app)  # nothing to ask: the match was over
    now = the_save()
    assert now.match.seed == local_table(table).session.match.seed and not now.match.is_over


def test_game_over_then_rematch_replaces_the_finished_match_without_asking(app: App) -> None:
    """Rematch begins the next match at once, the same computers in the same seats, and the new match's first save
    replaces the finished one."""
    over = over_in_the_window(app)
    click(app, button(over, "Rematch").rect.center)
    table = the_table(app)
    assert app.stack.top is table  # nothing to ask: the match was over
    for _ in frames(30):
        step(app)
        now = the_save()
        if not now.match.is_over:
            break
    assert now.match.seed == local_table(table).session.match.seed and [plan.name for plan in now.seats] == NAMES


def test_play_this_deal_from_the_history_never_touches_the_save(app: App, kept: Kept) -> None:
    past = finished_session(2)
    past = Session(past.match, [SeatPlan(name, False, "easy") for name in NAMES])
    HistoryStore().add(past.to_json(), Session.from_json, finished="2026-11-20T18:05")
    from_menu(app, "History")
    history = top_scene(app, HistoryScene)
    assert history.reading is not None
    concurrent.futures.wait([history.reading], 30)
    step(app)
    click(app, history.rows[0][1].center)
    hands = app.stack.top
    assert isinstance(hands, PastMatchScene)
    click(app, hands.rows[0][2][1].rect.center)  # Play this deal, on the first hand
    again = app.stack.top
    assert isinstance(again, TableScene) and again.first_time is not None
    for _ in frames(120):
        if isinstance(sheet := app.stack.top, ScoreScene):
            break
        step(app)
    else:
        raise AssertionError("the deal was not played out")
    assert sheet.first_time is not None, "the comparison with the first time"
    click(app, button(sheet, "Back").rect.center)
    assert app.stack.top is hands and untouched(kept)


def hosted_last(session: Session) -> list[dict[str, Any]]:
    """The table this game hosted last, kept as its server keeps it (in the hosted tables' database), with
    ``session``'s match; what the database holds of it."""
    seats = [SeatRecord("online" if seat == 0 else "computer", name, "hash") for seat, name in enumerate(NAMES)]
    table = TableRecord("K7QX2M", "rook-classic", {}, seats, 120.0, owner=0, started=True)
    database = TableDatabase(data_dir() / "hosted")
    try:
        database.create(table.code, table.preset, table.changes, table.keep, table.owner, table.seats_json())
        database.save_play(table.code, table.seats_json(), session.match, (0, 0))
    finally:
        database.close()
    return kept_matches()


def kept_matches() -> list[dict[str, Any]]:
    """Every match the hosted tables' database keeps, as saved."""
    return [session.match.to_json() for session in kept_sessions(data_dir() / "hosted")]


def earlier_games_table(code: str, session: Session) -> dict[str, object]:
    """A hosted table as an earlier game saved it, one JSON file a table (hosting imports such files once)."""
    seats = [{"kind": "computer", "name": name, "token": None, "level": "normal"} for name in NAMES]
    return {"format": TABLE_FORMAT, "code": code, "preset": session.rules.name, "changes": {}, "keep": 120.0,
            "owner": 0, "seats": seats[:session.rules.players], "started": True, "session": session.to_json()}


def test_hosting_a_new_table_asks_before_ending_the_table_hosted_last(app: App, kept: Kept) -> None:
    hosted = unfinished_rook(seed=5)
    content = hosted_last(hosted)
    app.settings.online_port = 0
    setup = new_game(app)
    click(app, setup.seat_buttons[3 * 2 + 1].rect.center)  # North: Computer -> Online
    click(app, setup.start.rect.center)
    confirm = asked(app)
    assert said(confirm) == question(hosted, "The table you hosted last", "host a new table")
    click(app, button(confirm, "Keep it").rect.center)
    assert app.stack.top is setup and app.services.host is None and kept_matches() == content
    assert setup.note == "Kept: Host again on the main menu takes you back to it"
    click(app, setup.start.rect.center)
    click(app, button(asked(app), "End it").rect.center)
    run_until(app, lambda: isinstance(app.stack.top, LobbyScene))
    assert top_scene(app, LobbyScene).name == "lobby" and "K7QX2M" not in hosted_tables(), \
        "the table hosted last has ended"
    assert untouched(kept), "the match saved here is none of hosting's business"


def test_a_new_hosted_table_never_ends_an_unfinished_one_unless_the_player_agreed() -> None:
    """Under the window: hosting anew refuses (UnfinishedMatch) to end a hosted match that is not over unless told
    ``ending``; a table file that cannot be used is kept aside, a finished match ends."""
    folder = data_dir() / "hosted"
    folder.mkdir(parents=True)
    (folder / "DAMAGE.json").write_text("{damaged")
    write_atomic(folder / "OVER22.json", earlier_games_table("OVER22", finished_session(3)))
    end_hosted_tables(folder, ending=False)
    assert hosted_tables() == [] and (folder / "DAMAGE.json.bad").read_text() == "{damaged"
    content = hosted_last(unfinished_rook())
    with pytest.raises(UnfinishedMatch):
        end_hosted_tables(folder, ending=False)
    assert kept_matches() == content
    end_hosted_tables(folder, ending=True)
    assert hosted_tables() == []


def test_joining_a_table_and_continue_leave_the_save_to_its_own_match(app: App, kept: Kept) -> None:
    server = ServerThread()
    owner = Player(server.port, "create", {"name": "Ann", "preset": "hearts-classic",
                                           "seats": ["me", "online", "computer", "computer"]})
    try:
        join_by_address(app, server.port, owner)
        assert untouched(kept)
        app.stack.clear()
        from_menu(app, "Continue")
        the_table(app)
        run_until(app, lambda: not untouched(kept))  # the computers play on, saved after every action
        resumed = the_save()
        before = kept.session
        assert resumed.match.seed == before.match.seed and resumed.match.history[0].record() == \
            before.match.history[0].record() and len(resumed.hand.actions) > len(before.hand.actions)
    finally:
        owner.close()
        server.stop()


@pytest.mark.timeout(60)
def test_autoplay_told_to_save_keeps_a_match_in_progress_and_stops(kept: Kept,
                                                                   caplog: pytest.LogCaptureFixture) -> None:
    """``--autoplay --save`` plays like a person at the window, but never ends a match a person has saved."""
    App(FAST, autoplay=Autoplay("hearts-classic", hands=1, level="easy", save=True), search_process=False).run("menu")
    assert untouched(kept)
    assert "autoplay stops, keeping the match in progress saved here" in caplog.text


# --- every caller, found in the source ---

class Calls(ast.NodeVisitor):
    """Every call in a module, with the function it is made in (the innermost) and the names made there with
    SaveStore(...)."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.where: list[ast.FunctionDef | ast.AsyncFunctionDef] = []
        self.found: list[tuple[str, ast.Call, set[str]]] = []
        self.visit(ast.parse(path.read_text()))

    def visit_FunctionDef(self, node: ast.FunctionDef | ast.AsyncFunctionDef) -> None:
        self.where.append(node)
        self.generic_visit(node)
        self.where.pop()

    visit_AsyncFunctionDef = visit_FunctionDef

    def visit_Call(self, node: ast.Call) -> None:
        if self.where:
            function = self.where[-1]
            made = {target.id for assign in ast.walk(function) if isinstance(assign, ast.Assign)
                    and isinstance(assign.value, ast.Call) and getattr(assign.value.func, "id", None) == "SaveStore"
                    for target in assign.targets if isinstance(target, ast.Name)}
            self.found.append((f"{self.path.relative_to(GAME.parent)}:{function.name}", node, made))
        self.generic_visit(node)


CALLS = [call for path in sorted(GAME.rglob("*.py")) for call in Calls(path).found]


def callers(test: Callable[[ast.Call, set[str]], bool]) -> set[str]:
    return {where for where, call, made in CALLS if test(call, made)}


def named(call: ast.Call) -> str | None:
    return getattr(call.func, "attr", None) or getattr(call.func, "id", None)


def saves_a_match(call: ast.Call, made: set[str]) -> bool:
    """A call of a SaveStore's save: on ``services.saves``, or on a name made with SaveStore(...) there."""
    receiver = getattr(call.func, "value", None)
    return named(call) == "save" and (isinstance(receiver, ast.Attribute) and receiver.attr == "saves"
                                      or isinstance(receiver, ast.Name) and receiver.id in made)


def test_every_caller_that_can_replace_a_saved_match_is_walked_by_a_test() -> None:
    """The store refuses to put a new match over an unfinished one unless the caller says the player agreed
    (``ending``), and so does hosting a new table over the one hosted last. These are all the places in the game
    that save a match, make a save store, start hosting or say ``ending``, each walked above (the services' save
    of a table played here keeps the match it plays, Continue's or New game's; the benchmarks are not the game and
    never touch a player's folders). A new one fails here until a test walks it."""
    assert callers(saves_a_match) == {"game/ui/scenes/setup.py:play", "game/ui/services.py:save_match"}
    assert callers(lambda call, made: named(call) == "SaveStore") == {"game/ui/app.py:__init__"}
    assert callers(lambda call, made: named(call) in ("start_hosting", "NetHost", "end_hosted_tables")) == {
        "game/ui/scenes/setup.py:host_here", "game/ui/scenes/menu.py:host_again",
        "game/ui/services.py:start_hosting", "game/net/host.py:__init__"}
    # (a text's ``.format(ending=...)``, such as How to play's "{ending} unless a side reaches {target} first", fills
    # a placeholder: it is no store's flag)
    assert callers(lambda call, made: named(call) != "format" and any(k.arg == "ending" for k in call.keywords)) == {
        "game/ui/scenes/setup.py:play", "game/ui/scenes/setup.py:host_here", "game/ui/services.py:start_hosting"}
