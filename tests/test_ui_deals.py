"""Issue 18 in the window, driven by posted events (SDL dummy driver): the deal code on the score sheet and its Copy
button, Play a deal code on New game (a bad code refused in words, a good one dealt exactly), Play this deal again
with its comparison, and the match history screen (kept at game over, its hands' Review and Play this deal, and a
damaged history file named)."""

from __future__ import annotations

import concurrent.futures
import json
from collections.abc import Callable

import pygame
import pytest

from game.engine import Hand, Match, Rules, deal_code, hand_from_code, load_rules
from game.store import HistoryStore
from game.table.session import SeatPlan, Session
from game.ui.app import App
from game.ui.scene import Scene
from game.ui.scenes.history import HistoryScene, PastMatchScene
from game.ui.scenes.menu import MenuScene
from game.ui.scenes.review import ReviewScene
from game.ui.scenes.scoring import ScoreScene
from game.ui.scenes.setup import SetupScene
from game.ui.scenes.table import TableScene
from game.ui.theme import WARN
from tests.support.deals import finished_session
from tests.support.kinds import of_kind
from tests.support.ui_helpers import (
    FAST,
    button,
    click,
    frames,
    local_table,
    post,
    step,
    to_game_over,
    top_scene,
    type_text,
)


def press(app: App, key: int, mod: int = 0) -> None:
    post(pygame.KEYDOWN, key=key, mod=mod, unicode="", scancode=0)
    step(app)



def until(app: App, ready: Callable[[], bool]) -> Scene | None:
    for _ in frames(120):
        if ready():
            return app.stack.top
        step(app)
    raise AssertionError(f"never got there; the top scene is {top_scene(app, Scene).name}")


def warn_pixels(app: App, rect: pygame.Rect) -> int:
    """How many pixels of the warning colour the window shows inside ``rect``."""
    screen = app.screen
    return sum(screen.get_at((x, y))[:3] == WARN for x in range(rect.left, rect.right, 1)
               for y in range(rect.top, rect.bottom, 1))


def computers_table(preset: str, seed: int, rules: Rules | None = None) -> tuple[App, Session, TableScene]:
    app = App(FAST, search_process=False)
    rules = rules or load_rules(preset)
    session = Session(Match(rules, seed=seed), [SeatPlan(f"P{i}", False, "easy") for i in range(rules.players)])
    return app, session, of_kind(TableScene, app.open("table", session=session))


# --- Play a deal code on New game ---

def test_a_bad_deal_code_is_refused_in_words_on_new_game() -> None:
    app = App(FAST, search_process=False)
    try:
        setup = of_kind(SetupScene, app.open("setup", preset="hearts-classic"))
        step(app)
        good = deal_code(Hand.deal(load_rules("hearts-classic"), seed=1))
        mistyped = good[:-1] + ("0" if good[-1] != "0" else "1")
        click(app, setup.code_button.rect.center)
        assert setup.editing == "code"
        type_text(app, mistyped)
        press(app, pygame.K_RETURN)
        try:
            hand_from_code(mistyped)
        except ValueError as err:
            reason = str(err)
        assert setup.error == reason[0].upper() + reason[1:] and setup.deal is None
        step(app)
        w, h = app.size
        assert warn_pixels(app, pygame.Rect(0, h - setup.px * 5, w, setup.px * 2)) > 50, "the refusal is shown"
        click(app, setup.start.rect.center)  # Start with the bad code: still refused, no table
        assert app.stack.top is setup and setup.error == reason[0].upper() + reason[1:]
    finally:
        app.close()


def test_a_good_deal_code_starts_a_match_on_exactly_that_deal_with_the_seats_as_set() -> None:
    """A hearts-classic code of the third hand, with a house rule, typed on a Rook setup: the game switches to the
    code's preset and rules, and the match's first hand is the code's deal, dealer and number."""
    rules = load_rules("hearts-classic").changed({"moon": "add"})
    code = deal_code(Hand.deal(rules, seed=8, dealer=3, number=2))
    app = App(FAST, search_process=False)
    try:
        setup = of_kind(SetupScene, app.open("setup", preset="rook-classic"))
        step(app)
        click(app, setup.seat_buttons[4].rect.center)  # seat 1: Computer -> Online -> ... make it Human
        click(app, setup.seat_buttons[4].rect.center)
        assert [plan.human for plan in setup.seats] == [True, True, False, False]
        click(app, setup.code_button.rect.center)
        type_text(app, code.lower())  # case and dashes do not matter
        press(app, pygame.K_RETURN)
        assert setup.error == "" and setup.preset == "hearts-classic" and setup.rules == rules
        assert setup.first_hand.rules == rules, "the table map is drawn for the code's rules"
        assert setup.house_note == "Deal code: hand 3, East deals"
        assert setup.code_button.label == code.lower()
        click(app, setup.start.rect.center)
        table = app.stack.scenes[0]
        assert isinstance(table, TableScene)
        hand, wanted = local_table(table).session.hand, hand_from_code(code)
        assert hand.deal_text() == wanted.deal_text() and hand.dealer == 3 and hand.number == 2
        assert hand.rules == rules and not hand.actions
        assert [plan.human for plan in local_table(table).session.seats] == [True, True, False, False]
    finally:
        app.close()


def test_a_deal_code_dealt_by_the_player_says_you_deal() -> None:
    """The audit: the code of a hand You deal read "Deal code: hand 1, You deals". The person at the screen is
    "you", with the verb that agrees (game/engine/words.py, ``said_of``), as everywhere else."""
    app = App(FAST, search_process=False)
    try:
        setup = of_kind(SetupScene, app.open("setup", preset="rook-classic"))
        step(app)
        click(app, setup.code_button.rect.center)
        type_text(app, "8C000-HEHVZ-DG6SX-MG6Z4-CNK3C-9P")  # the audit's: Classic Hearts, hand 1, seat 0 deals
        press(app, pygame.K_RETURN)
        assert setup.error == "" and setup.seats[0].name == "You"
        assert setup.house_note == "Deal code: hand 1, you deal"
        step(app)
    finally:
        app.close()


# --- the score sheet: the deal code, and the deal played again ---

def test_the_score_sheet_shows_the_deal_code_and_copies_it() -> None:
    app, session, table = computers_table("rook-classic", seed=4)
    try:
        sheet = of_kind(ScoreScene, until(app, lambda: isinstance(app.stack.top, ScoreScene)))
        assert sheet.code == deal_code(session.hand) and hand_from_code(sheet.code).deal_text() == \
            session.hand.deal_text()
        before = [(b.label, tuple(b.rect)) for b in sheet.buttons]
        click(app, button(sheet, "Copy code").rect.center)
        assert pygame.scrap.get_text() == sheet.code and button(sheet, "Copied")
        # issue 32, item 15: "Copy code makes the score sheet's buttons jump sideways"
        assert [tuple(b.rect) for b in sheet.buttons] == [rect for _, rect in before]
    finally:
        app.close()


def test_play_this_deal_again_deals_the_same_cards_and_compares_the_two_results() -> None:
    """The replay is a table of its own over the score sheet: the same deal, dealer and seats; the match, its save
    and its scores are untouched; the replay's sheet shows the first time and this try, then Back returns."""
    app, session, table = computers_table("hearts-classic", seed=6)
    app.services.keep_matches = True
    try:
        sheet = of_kind(ScoreScene, until(app, lambda: isinstance(app.stack.top, ScoreScene)))
        first = session.hand
        saved = app.services.saves.path.read_bytes()
        click(app, button(sheet, "Play again").rect.center)
        again = app.stack.top
        assert isinstance(again, TableScene) and again is not table and again.first_time == first.result()
        replay = local_table(again).session.hand
        assert replay.deal_text() == first.deal_text() and replay.dealer == first.dealer
        assert replay.number == first.number and not replay.actions
        assert [plan.name for plan in local_table(again).session.seats] == [plan.name for plan in session.seats]
        controller = local_table(again).controller
        assert controller.save is None and controller.records is None, \
            "a deal played again is neither saved, counted nor kept in the history"
        compared = of_kind(ScoreScene, until(app, lambda: isinstance(top := app.stack.top, ScoreScene) and
                                             top.first_time is not None))
        header, rows, _ = compared.sheet
        assert header == [""] + [plan.name for plan in session.seats]
        this_try, first_time = local_table(again).session.hand.result(), first.result()
        assert this_try is not None and first_time is not None
        for label, row, result in (("The first time", rows[0], first_time), ("This try", rows[1], this_try)):
            assert row == [label] + [f"{result.side_points(s)} pts  {result.score_change[s]:+d}" for s in range(4)]
        changes = [this_try.score_change[s] - first_time.score_change[s] for s in range(4)]
        assert rows[2] == ["Difference"] + [f"{change:+d}" for change in changes]
        assert compared.code == sheet.code
        click(app, button(compared, "Back").rect.center)
        assert app.stack.top is sheet and session.hand is first and not session.match.history
        assert app.services.saves.path.read_bytes() == saved, "the match's save is untouched"
        click(app, button(sheet, "Next hand").rect.center)
        assert len(session.match.history) == 1 and session.hand is not first
    finally:
        app.close()


# --- the match history ---

def read_history(app: App) -> HistoryScene:
    """The History screen, once its thread has read the file and a frame has shown what it found."""
    history = top_scene(app, HistoryScene)
    assert history.reading is not None, "read on a thread of its own, not the UI thread"
    concurrent.futures.wait([history.reading], 30)  # the reading's answer, or its fault, which the screen says
    step(app)
    return history


def test_game_over_keeps_the_match_and_the_history_lists_it_with_review_and_play_buttons() -> None:
    """A short match of computers ends in the window; the history (menu, History) lists it with an older match
    whose seat 0 was a person; that match's hands offer Review (the review scene, for seat 0, with the hand's
    record, its names and number) and Play this deal (a table of its own on that deal, compared with how it went)."""
    rules = load_rules("hearts-classic").changed({"target": 20})
    app, session, table = computers_table("hearts-classic", seed=4, rules=rules)
    older = finished_session(2, target=40)
    HistoryStore().add(older.to_json(), Session.from_json, finished="2026-11-20T18:05")
    try:
        over = to_game_over(app)
        writing = local_table(table).controller.history_writing
        assert writing is not None
        writing.result(300)
        click(app, button(over, "Main menu").rect.center)
        menu = app.stack.top
        assert isinstance(menu, MenuScene)
        click(app, button(menu, "History").rect.center)
        history = read_history(app)
        assert isinstance(history, HistoryScene) and history.note == ""
        assert len(history.cells) == 2 and history.cells[1][0] == "2026-11-20 18:05"
        newest = history.cells[0]
        assert newest[1] == "Classic Hearts"  # as New game names it (issue 25)
        scores = session.match.scores
        assert newest[2] == ",  ".join(f"P{seat} {scores[seat]}" for seat in range(4))
        assert newest[3] == " & ".join(f"P{seat}" for seat in session.match.winners)
        click(app, history.rows[1][1].center)  # the older match
        past = app.stack.top
        assert isinstance(past, PastMatchScene) and len(past.cells) == len(older.match.history) + 1
        hands = older.match.history + [older.hand]
        assert len(hands) >= 2
        assert [row[-1] for row in past.cells] == [deal_code(hand) for hand in hands]
        _, _, (review, play) = past.rows[1]
        click(app, review.rect.center)
        reviewing = top_scene(app, ReviewScene)
        assert reviewing.name == "review" and reviewing.record == hands[1].record() and reviewing.job.seats == [0]
        assert reviewing.names == [older.name(seat) for seat in range(4)] and reviewing.number == 2
        post(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0)  # Cancel: the analysis stops, back to the hands
        step(app)
        assert app.stack.top is past
        click(app, play.rect.center)
        again = app.stack.top
        assert isinstance(again, TableScene) and again.first_time == hands[1].result()
        assert local_table(again).session.hand.deal_text() == hands[1].deal_text()
        assert local_table(again).session.hand.dealer == hands[1].dealer
    finally:
        app.close()


@pytest.mark.parametrize("content", [
    '{"format": "trickhouse-history/1", "matches": "lots"}',
    # a match that is not over (a history keeps finished matches only): its hands have no results to show
    json.dumps({"format": "trickhouse-history/1", "matches": [{"finished": "2026-11-24T09:00", "saved": Session(
        Match(load_rules("hearts-classic"), seed=1), [SeatPlan("A", True)] * 4).to_json()}]}),
])
def test_a_damaged_history_file_shows_an_empty_history_and_names_the_file(content: str) -> None:
    store = HistoryStore()
    store.path.parent.mkdir(parents=True, exist_ok=True)
    store.path.write_text(content)
    app = App(FAST, search_process=False)
    try:
        app.open("history")
        history = read_history(app)
        assert history.cells == [] and str(store.path) in history.note and "history.json.bad" in history.note
        assert "\n" not in history.note
        assert warn_pixels(app, pygame.Rect(0, 0, app.size[0], history.header_y)) > 50, "the problem is shown"
        press(app, pygame.K_ESCAPE)
        assert not app.stack.scenes or app.stack.top is not history
    finally:
        app.close()


def test_one_bad_match_leaves_the_others_on_the_history_screen_with_one_line_naming_it() -> None:
    """Issue 22: a match of the history that no longer restores is set aside alone; the screen lists the others."""
    store = HistoryStore()
    for seed in range(3):
        store.add(finished_session(seed).to_json(), Session.from_json, finished=f"2026-11-2{seed}T09:00")
    data = json.loads(store.path.read_text())
    data["matches"][0]["saved"]["seats"] = "nobody"
    store.path.write_text(json.dumps(data))
    app = App(FAST, search_process=False)
    try:
        app.open("history")
        history = read_history(app)
        assert [row[0] for row in history.cells] == ["2026-11-21 09:00", "2026-11-20 09:00"]
        assert str(store.path) in history.note and "history.json.bad" in history.note and "\n" not in history.note
        assert "2026-11-22 09:00" in history.note
        assert warn_pixels(app, pygame.Rect(0, 0, app.size[0], history.header_y)) > 50, "the problem is shown"
    finally:
        app.close()


def test_a_fault_in_the_game_while_reading_the_history_is_said_and_the_file_left_alone(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 22: a bug (here a TypeError restoring a match) is no damaged file: the screen says the game is at
    fault, and history.json stays as it was, every match in it."""
    store = HistoryStore()
    store.add(finished_session(1).to_json(), Session.from_json)
    content = store.path.read_bytes()

    def bug(data: object, budget: float = 1.0) -> Session:
        raise TypeError("a bug in the game")

    monkeypatch.setattr(Session, "from_history", bug)
    app = App(FAST, search_process=False)
    try:
        app.open("history")
        history = read_history(app)
        assert history.cells == [] and "a fault in the game" in history.note and "TypeError" in history.note
        assert store.path.read_bytes() == content and not list(store.path.parent.glob("*.bad"))
    finally:
        app.close()


def test_a_long_history_scrolls_with_the_wheel_and_the_page_keys() -> None:
    store = HistoryStore()
    store.add(finished_session(3).to_json(), Session.from_json, finished="2026-11-23T09:00")
    data = json.loads(store.path.read_text())
    data["matches"] = [{**data["matches"][0], "finished": f"2026-11-23T09:{50 - i:02d}"} for i in range(50)]
    store.path.write_text(json.dumps(data))
    app = App(FAST, search_process=False)
    try:
        app.open("history")
        history = read_history(app)
        assert len(history.cells) == 50 and history.first == 0 and len(history.rows) == history.per_page < 50
        post(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False)
        step(app)
        assert history.first == 1 and history.rows[0][0] == 1
        press(app, pygame.K_PAGEDOWN)
        assert history.first == 11
        for _ in range(10):
            press(app, pygame.K_PAGEDOWN)
        assert history.first == 50 - history.per_page and history.rows[-1][0] == 49, "no further than the last"
        click(app, history.rows[-1][1].center)
        assert isinstance(app.stack.top, PastMatchScene) and app.stack.top.heading.endswith("2026-11-23 09:01")
    finally:
        app.close()
