"""Settings, house rules, How to play and statistics in the window, driven by posted clicks (SDL dummy driver)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import pygame
import pytest

from game.engine.language import gettext
from game.engine.rules import preset_families
from game.store import HouseRulesStore, Settings, SettingsStore, StatsStore
from game.table.local import LocalTable
from game.ui.app import App
from game.ui.assets import font, wrapped
from game.ui.card_sketch import card_size
from game.ui.scenes.dialogs import BidScene, PauseScene
from game.ui.scenes.how_to_play import HowToPlayScene
from game.ui.scenes.menu import MenuScene
from game.ui.scenes.settings import FormScene, HouseRulesScene, SettingsScene
from game.ui.scenes.setup import SetupScene
from game.ui.scenes.statistics import StatisticsScene
from game.ui.scenes.table import TableScene
from tests.support.kinds import of_kind
from tests.support.language import LANGUAGES
from tests.support.ui_helpers import (
    FAST,
    MakeApp,
    button,
    click,
    frames,
    from_menu,
    post,
    row_buttons,
    settle,
    step,
    top_scene,
)
from tests.support.ui_record import Recorder


@pytest.fixture
def app() -> Iterator[App]:
    app = App(Settings(sound=False, computer_pause=0.0, trick_pause=0.2, animation_speed=4.0, coach=False),
              search_process=False)  # the first-hand coach has tests of its own
    yield app
    app.close()


LONG_MESSAGE = ("/home/sam/.config/Trickhouse/settings.yaml: window_width: 'big' is not a number; it was kept as "
                "settings.yaml.bad and the defaults are used")


@pytest.mark.parametrize("size", [(800, 500), (1280, 720), (1024, 900), (1920, 1080), (2560, 1080)])
@pytest.mark.parametrize("message", ["", "short", LONG_MESSAGE])
def test_the_menu_buttons_sit_below_the_cards_and_above_the_message(app: App, size: tuple[int, int],
                                                                    message: str) -> None:
    """Seen under Xvfb: at 1280x720 the sample cards reached behind New game; at 800x500 a bad file's message ran
    off both sides of the window. The message takes as many rows as it needs, each within the window."""
    post(pygame.VIDEORESIZE, w=size[0], h=size[1], size=size)
    app.services.notice = message
    menu = of_kind(MenuScene, app.open("menu"))
    step(app)
    assert app.size == size
    card_bottom = menu.cards_top + card_size(menu.card_width)[1]
    first, last = menu.buttons[0].rect, menu.buttons[-1].rect
    rows = wrapped(message, menu.px - 2, size[0] - 20) if message else ("",)
    assert all(font(menu.px - 2).size(row)[0] <= size[0] - 20 for row in rows)
    message_top = size[1] - 10 - len(rows) * font(menu.px - 2).get_linesize()
    assert first.top > card_bottom and last.bottom < message_top
    assert all(a.rect.bottom < b.rect.top for a, b in zip(menu.buttons, menu.buttons[1:]))
    assert first.height >= menu.px * 1.5  # still a button a mouse can hit


def test_settings_change_at_once_and_are_saved(app: App) -> None:
    menu = of_kind(MenuScene, app.open("menu"))
    settle(app, 2)
    click(app, next(b for b in menu.buttons if b.label == "Settings").rect.center)
    scene = app.stack.top
    assert isinstance(scene, SettingsScene)
    click(app, row_buttons(scene, "Colour-blind marks")[1].rect.center)
    click(app, row_buttons(scene, "Card size")[1].rect.center)
    assert app.settings.marks is False and app.services.art.marks is False
    assert app.settings.card_scale == pytest.approx(1.1)
    saved, problem = SettingsStore().load()
    assert problem == "" and saved.marks is False and saved.card_scale == app.settings.card_scale
    click(app, scene.buttons[0].rect.center)  # Back
    assert app.stack.top is menu  # back on the menu, which does not start a saved game by itself


def test_house_rule_changes_are_saved_refused_with_the_engines_reason_and_reset(app: App) -> None:
    scene = of_kind(HouseRulesScene, app.open("house-rules", preset="rook-classic"))
    settle(app, 2)
    click(app, row_buttons(scene, "Lowest first bid")[1].rect.center)
    store = HouseRulesStore()
    assert store.load("rook-classic")[1] == {"min_bid": 75}
    click(app, row_buttons(scene, "Bid step")[1].rect.center)  # steps of 10 would leave 75 off the ladder
    assert scene.error == "Not allowed: The lowest first bid, 75, is not a multiple of the bid step, 10"
    assert store.load("rook-classic")[1] == {"min_bid": 75} and scene.rules.bid_step == 5
    setup = of_kind(SetupScene, app.open("setup", preset="rook-classic"))
    assert setup.rules.min_bid == 75 and "Lowest first bid" in setup.house_note
    app.stack.pop(setup)
    click(app, next(b for b in scene.buttons if b.label == "Reset to preset").rect.center)
    assert not store.path("rook-classic").exists() and scene.rules.min_bid == 70


@pytest.mark.parametrize("preset, rows", [
    # Beginner (000, 001): no auction, so no bidding rule, no cap and no declarer to lead; the nest is out of play
    ("rook-beginner", ["Target score", "Fixed number of hands", "Rook Bird rank", "Rook Bird at any time",
                       "Nest goes to"]),
    # Original Rook (003): "minus the Rook Bird card", "There is no nest"; every player for themselves
    ("rook-original-4p", ["Target score", "Fixed number of hands", "Lowest first bid", "Bid step", "Highest bid",
                          "First bidder must bid", "First lead", "If everyone passes", "Score cap"]),
    # 2-player Hearts (002, decision 19): the lowest clubs, not the 2 of clubs, begin each half
    ("hearts-2p", ["Target score", "Fixed number of hands", "Hold hand", "Queen of spades breaks hearts",
                   "Points on the first trick", "Hearts must be broken", "Queen of spades led any time",
                   "Shooting the moon", "Special queens"]),
])
def test_the_house_rules_screen_offers_only_what_changes_the_game(app: App, preset: str, rows: list[str]) -> None:
    """Issue 32, item 9: the Rook Bird's rank and privilege without the Bird, the nest's destination without a nest,
    bidding rules without an auction, "declarer leads" on Beginner and "2 of clubs leads" on 2-player Hearts change
    nothing, so they are not offered (the engine's ``Rules.house_fields``)."""
    scene = of_kind(HouseRulesScene, app.open("house-rules", preset=preset))
    settle(app, 2)
    assert [row.label for row in scene.rows] == rows


FORMS: list[tuple[str, dict[str, object]]] = [("settings", {})] + [("house-rules", {"preset": preset})
                                                                   for preset in preset_families()]


def rows_read(scene: FormScene, recorder: Recorder) -> dict[int, list[str]]:
    """The lines the last frame drew on each row shown, by the row's index: its name, then its description's lines.
    A row's lines are the text left of its controls over its band (a line run over from the row above is read on
    this one); each must lie within the band, left of the controls, which sit centred on the row, and above the
    error line."""
    error_top = scene.buttons[0].rect.top - 6 - font(scene.px - 4, True).get_height()
    width = scene.size[0]
    read = {}
    for i in range(scene.shown):
        band = pygame.Rect(0, scene.top + i * scene.row_height, width, scene.row_height)
        controls = [control for control in scene.controls if band.colliderect(control.rect)]
        assert controls and all(abs(control.rect.centery - band.centery) <= 1 for control in controls)
        edge = min(control.rect.left for control in controls)
        lines = [op for op in recorder.texts() if band.colliderect(op.rect) and op.rect.centerx < edge]
        assert all(band.contains(op.rect) and op.rect.right < edge and op.rect.bottom <= error_top for op in lines), \
            [(op.label, tuple(op.rect)) for op in lines]
        read[scene.first + i] = [op.label for op in lines]
    return read


@contextmanager
def form_window(monkeypatch: pytest.MonkeyPatch, language: str,
                size: tuple[int, int]) -> Iterator[tuple[App, Recorder]]:
    """A window in ``language`` at ``size``, what each frame draws recorded; closed afterwards."""
    monkeypatch.setenv("LANGUAGE", language)
    app = App(FAST, search_process=False)
    try:
        recorder = Recorder(monkeypatch, app)
        post(pygame.VIDEORESIZE, w=size[0], h=size[1], size=size)
        yield app, recorder
    finally:
        app.close()


@pytest.mark.parametrize("size", [(800, 500), (1280, 720)], ids=["800x500", "1280x720"])
@pytest.mark.parametrize("language", LANGUAGES)
def test_every_rows_description_is_drawn_whole_within_its_row(monkeypatch: pytest.MonkeyPatch, language: str,
                                                              size: tuple[int, int]) -> None:
    """Seen at 800x500 in German: "Die Sprache aller Bildschirme; System folgt der Sprache des C…", with the rest
    nowhere to read. Settings and the house rules of every preset, scrolled with the wheel from the first row to the
    last: each row's description is drawn whole, wrapped onto as many lines as it needs, never cut."""
    with form_window(monkeypatch, language, size) as (app, recorder):
        for name, options in FORMS:
            scene = of_kind(FormScene, app.open(name, **options))
            step(app)
            read = rows_read(scene, recorder)
            while scene.first + scene.shown < len(scene.rows):
                first = scene.first
                post(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False)
                step(app)
                assert scene.first == first + 1
                read |= rows_read(scene, recorder)
            assert sorted(read) == list(range(len(scene.rows)))  # the last row too
            for index, row in enumerate(scene.rows):
                label, *lines = read[index]
                assert label == row.label and " ".join(lines) == row.effect(), (name, options, read[index])
                assert not any(line.endswith("…") for line in lines)
            app.stack.pop(scene)


@pytest.mark.parametrize("language", LANGUAGES)
def test_rows_that_scroll_reach_down_to_the_line_above_the_buttons(monkeypatch: pytest.MonkeyPatch,
                                                                   language: str) -> None:
    """Seen at 800x500 in French and English: Settings showed six whole rows and left a band as tall as most of a row
    empty above the buttons. Where the rows scroll, those shown share the room down to the error line above the
    buttons, less than a line of a description from it."""
    with form_window(monkeypatch, language, (800, 500)) as (app, _):
        for name, options in FORMS:
            scene = of_kind(FormScene, app.open(name, **options))
            step(app)
            if scene.shown < len(scene.rows):
                error_top = scene.buttons[0].rect.top - 6 - font(scene.px - 4, True).get_height()
                band = error_top - (scene.top + scene.shown * scene.row_height)
                assert 0 <= band < font(scene.px - 7).get_linesize(), (name, options, band)
            app.stack.pop(scene)


STEPS_PER_ROW = 16  # clicks on a row's > at most: a choice comes back to where it began by then (the special queens
# after 16)
NUMBER_STEPS = 4  # and on a number's: its further values are only a digit wider, far narrower than a choice's words


def values_drawn(scene: FormScene, recorder: Recorder, index: int) -> list[str]:
    """The lines the last frame drew between row ``index``'s < and > buttons; each must lie whole within the gap,
    touching neither button, and within its row."""
    minus, plus = row_buttons(scene, scene.rows[index].label)
    band = pygame.Rect(0, scene.top + (index - scene.first) * scene.row_height, scene.size[0], scene.row_height)
    lines = [op for op in recorder.texts() if band.colliderect(op.rect) and minus.rect.right < op.rect.centerx <
             plus.rect.left]
    assert all(minus.rect.right < op.rect.left and op.rect.right < plus.rect.left and band.contains(op.rect)
               for op in lines), (scene.rows[index].label, [(op.label, tuple(op.rect)) for op in lines],
                                  tuple(minus.rect), tuple(plus.rect))
    return [op.label for op in lines]


# the smallest window, where the gap is narrowest for the words: every value too wide at a larger size ("Links vom
# Alleinspieler" at 1280x720 and 1920x1080) is too wide here (each larger size adds 30 to 45 s of clicking)
@pytest.mark.parametrize("size", [(800, 500)], ids=["800x500"])
@pytest.mark.parametrize("language", LANGUAGES)
def test_every_value_of_every_row_is_drawn_whole_between_its_buttons(monkeypatch: pytest.MonkeyPatch,
                                                                     language: str, size: tuple[int, int]) -> None:
    """Seen at 800x500 in German: House rules for Hearts, "Wahl des Spielers" ran under its row's < and >
    buttons ("Links vom Alleinspieler" even at 1920x1080). Settings and the house rules of every preset, each row
    stepped with its > button through its values: each is drawn whole between the buttons, clear of both (wrapped
    where its words are wider than the gap). The window's size, full screen and the language are not stepped, as
    they change the window itself; their values are checked as they are."""
    with form_window(monkeypatch, language, size) as (app, recorder):
        for name, options in FORMS:
            scene = of_kind(FormScene, app.open(name, **options))
            step(app)
            fixed = {gettext("Language"), gettext("Window size"), gettext("Full screen")} if name == "settings" \
                else set()
            for index, row in enumerate(scene.rows):
                if row.typed is not None:
                    continue
                seen = [row.value()]
                row_buttons(scene, row.label)  # scrolled into view
                step(app)
                assert " ".join(values_drawn(scene, recorder, index)) == seen[0]
                for _ in range(0 if row.label in fixed else STEPS_PER_ROW):
                    click(app, row_buttons(scene, scene.rows[index].label)[1].rect.center)
                    assert scene.first <= index < scene.first + scene.shown  # still in view, taller or not
                    value = scene.rows[index].value()
                    assert " ".join(values_drawn(scene, recorder, index)) == value, (name, options, value)
                    if value in seen:  # round again, or refused, or at its end
                        break
                    seen.append(value)
                    if len(seen) > NUMBER_STEPS and all(value[:1].isdigit() for value in seen):
                        break
                if isinstance(scene, HouseRulesScene):
                    scene.reset()  # the next row steps from the book's rules
            app.stack.pop(scene)


def test_a_choice_steps_only_through_what_changes_the_game(app: App) -> None:
    """Beginner has no declarer (no auction, 000), so the nest cannot go to one; Classic Rook has no dummy to lead
    (decision 22 is the 2-player game's), so the first lead never offers it to be refused."""
    def stepped(preset: str, label: str, field: str) -> list[str]:
        """The values of a choice after each of three clicks on its >, each taken without a refusal."""
        scene = of_kind(HouseRulesScene, app.open("house-rules", preset=preset))
        settle(app, 2)
        seen = []
        for _ in range(3):
            click(app, row_buttons(scene, label)[1].rect.center)
            assert scene.error == ""
            seen.append(getattr(scene.rules, field))
        return seen

    assert stepped("rook-beginner", "Nest goes to", "nest_to") == ["last_trick", "nobody", "last_trick"]
    assert stepped("rook-classic", "First lead", "first_lead") == ["declarer_left", "declarer", "dealer_left"]


def test_a_score_cap_steps_from_off_to_the_first_cap_a_side_can_pass_and_back(app: App) -> None:
    """Issue 32, item 8: a cap no side can pass on its way to the target is refused (Classic Rook: 120 points a hand
    and a target of 300), so > from Off goes to the first cap allowed, 180, and < from there back to Off; a target
    out of reach of the 500 game's cap is refused with the reason (004: 430 and 180 reach 610)."""
    scene = of_kind(HouseRulesScene, app.open("house-rules", preset="rook-classic"))
    settle(app, 2)
    click(app, row_buttons(scene, "Score cap")[1].rect.center)
    assert scene.rules.cap == 180 and scene.error == ""
    click(app, row_buttons(scene, "Score cap")[1].rect.center)
    assert scene.rules.cap == 190
    click(app, row_buttons(scene, "Score cap")[0].rect.center)
    click(app, row_buttons(scene, "Score cap")[0].rect.center)
    assert scene.rules.cap == 0 and HouseRulesStore().load("rook-classic")[1] == {}
    five_hundred = of_kind(HouseRulesScene, app.open("house-rules", preset="rook-500"))
    settle(app, 2)
    for target in (550, 600, 600):
        click(app, row_buttons(five_hundred, "Target score")[1].rect.center)
        assert five_hundred.rules.target == target
    assert five_hundred.error == ("Not allowed: Nobody could reach 650: scores stop at the score cap, 430, and one "
                                  "hand has only 180 points (430 + 180 = 610)")


def test_royal_queens_house_rule_steps_through_subsets(app: App) -> None:
    scene = of_kind(HouseRulesScene, app.open("house-rules", preset="hearts-royal"))
    settle(app, 2)
    before = scene.rules.royal_queens
    click(app, row_buttons(scene, "Special queens")[1].rect.center)
    assert scene.rules.royal_queens != before
    assert HouseRulesStore().load("hearts-royal")[0].royal_queens == scene.rules.royal_queens


def test_how_to_play_shows_a_house_rule_changed_a_moment_ago_marked_as_such(app: App) -> None:
    """Issue 25, item 2: 'with the house rules in force marked as such'. A house rule changed on the house-rules
    screen is on the How to play page when it is opened next (from the main menu), marked; the others are not."""
    HouseRulesStore().save("rook-classic", {"min_bid": 80})
    page = of_kind(HowToPlayScene, app.open("how-to-play"))
    settle(app, 2)
    lines = [line for line, *_ in page.lines]
    marked = [line for line in lines if line.startswith("House rule: ")]
    assert marked and marked[0].startswith("House rule: The first bid is at least 80")
    assert "The dealer deals 9 cards to each player. 5 cards go face down in the middle: the nest." in " ".join(lines)
    click(app, page.chooser.next.rect.center)  # the next game, without house rules
    assert page.page != "rook-classic" and not any(line.startswith("House rule: ") for line, *_ in page.lines)


@pytest.mark.parametrize("preset, family", [("hearts-classic", "Hearts"), ("hearts-royal-5p", "Hearts"),
                                            ("rook-500", "Rook")])
def test_house_rules_opened_from_a_table_show_the_game_played_there(make_app: MakeApp, preset: str,
                                                                    family: str) -> None:
    """Seen by a player: Menu, Settings, House rules at a Hearts table showed Classic Rook's rules. Opened from a
    table, the house rules are those of the game played there (its family's tab chosen); from the main menu, the
    first game's, as before."""
    app, _, table = make_app(preset, humans=1)
    settle(app, 2)
    click(app, table.menu_button.rect.center)
    pause = top_scene(app, PauseScene)
    click(app, button(pause, "Settings").rect.center)
    settings = top_scene(app, SettingsScene)
    click(app, button(settings, "House rules").rect.center)
    rules = top_scene(app, HouseRulesScene)
    assert rules.preset == preset and rules.book.name == preset
    assert [tab.label for tab in rules.chooser.tabs if tab.chosen] == [family]
    app.stack.clear()
    from_menu(app, "Settings")
    click(app, button(top_scene(app, SettingsScene), "House rules").rect.center)
    assert top_scene(app, HouseRulesScene).preset == "rook-classic"


def test_a_finished_hand_counts_in_the_statistics(make_app: MakeApp, monkeypatch: pytest.MonkeyPatch) -> None:
    app, session, table = make_app("hearts-classic", humans=1, seed=3)
    from tests.support.ui_helpers import play_by_mouse
    play_by_mouse(monkeypatch, app, session, table, pick_bid=lambda hand: False)
    table_counts = StatsStore().load()[0]["hearts-classic"]["P0"]
    assert table_counts["hands"] == 1 and table_counts["points"] == session.hand.points()[0]
    scene = of_kind(StatisticsScene, app.open("statistics"))
    step(app)
    assert scene.rows[0][:2] == ["Classic Hearts", "P0"]  # the game as New game names it (issue 25)


def test_a_finished_hand_resumed_from_its_save_is_not_counted_again(make_app: MakeApp,
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    """Quit on the score sheet, Continue: the sheet comes back, the statistics still hold the hand once."""
    from game.ui.scenes.scoring import ScoreScene
    from tests.support.ui_helpers import play_by_mouse
    app, session, table = make_app("hearts-classic", humans=1, seed=3)
    app.services.keep_matches = True
    play_by_mouse(monkeypatch, app, session, table, pick_bid=lambda hand: False)
    assert StatsStore().load()[0]["hearts-classic"]["P0"]["hands"] == 1
    app.stack.clear()
    menu = of_kind(MenuScene, app.open("menu"))
    click(app, next(b for b in menu.buttons if b.label == "Continue").rect.center)
    for _ in frames(60):
        if isinstance(app.stack.top, ScoreScene):
            break
        step(app)
    else:
        raise AssertionError("the score sheet did not come back")
    assert of_kind(LocalTable, top_scene(app, ScoreScene).table).session.hand.is_done
    assert StatsStore().load()[0]["hearts-classic"]["P0"]["hands"] == 1


def test_continue_resumes_the_saved_match_exactly(app: App) -> None:
    """Issue 6: the match is saved after every action; Continue resumes it, whose turn included."""
    from game.engine import Match, load_rules
    from game.store import SaveStore
    from game.table.session import SeatPlan, Session
    rules = load_rules("rook-classic")
    session = Session(Match(rules, seed=9), [SeatPlan(f"P{i}", i == 0, "easy") for i in range(4)])
    app.open("table", session=session)
    for _ in frames():  # the human passes in the auction, so that the computers play on
        if len(session.hand.actions) >= 3 and session.hand.to_move != 0:
            break
        if isinstance(top := app.stack.top, BidScene):
            click(app, top.pass_.rect.center)
        else:
            step(app)
    else:
        raise AssertionError("the auction did not get going")
    saved = SaveStore().load(Session.from_json)[0]
    assert saved is not None and saved.hand.record() == session.hand.record()
    app.stack.clear()
    menu = of_kind(MenuScene, app.open("menu"))
    click(app, next(b for b in menu.buttons if b.label == "Continue").rect.center)
    table = next(scene for scene in app.stack.scenes if isinstance(scene, TableScene))
    resumed = of_kind(LocalTable, table.table).session
    assert resumed.hand.record() == saved.hand.record()
    assert resumed.hand.to_move == saved.hand.to_move and resumed.humans == [0]


def test_a_bad_save_is_named_on_the_menu_and_kept_aside(app: App) -> None:
    from game.store import SaveStore
    store = SaveStore()
    store.path.parent.mkdir(parents=True, exist_ok=True)
    store.path.write_text("{broken")
    menu = of_kind(MenuScene, app.open("menu"))
    click(app, next(b for b in menu.buttons if b.label == "Continue").rect.center)
    assert app.stack.top is menu
    assert str(store.path) in app.services.notice and "match.json.bad" in app.services.notice
    assert not next(b for b in menu.buttons if b.label == "Continue").enabled


def test_leaving_full_screen_returns_to_the_size_before_and_settings_shows_the_real_size() -> None:
    """Issue 32, item 14: "leaving full screen returns to 1280x720 instead of the size before, while Settings still
    says 1280x720". The window dragged to 1000x640: Settings says so; F11 and F11 again (and Alt+Enter) come back to
    it; the size is kept for the next start."""
    app = App(Settings(sound=False), search_process=False)
    try:
        settings = of_kind(SettingsScene, app.open("settings"))
        post(pygame.VIDEORESIZE, w=1000, h=640, size=(1000, 640))
        step(app)
        assert app.size == (1000, 640)
        size = next(row for row in settings.rows if row.label == "Window size")  # below Language
        assert size.value() == "1000 x 640"
        for mod in (0, pygame.KMOD_ALT):
            key = pygame.K_F11 if not mod else pygame.K_RETURN
            post(pygame.KEYDOWN, key=key, mod=mod, unicode="", scancode=0)
            step(app)
            assert app.window.fullscreen and app.settings.fullscreen
            post(pygame.KEYDOWN, key=key, mod=mod, unicode="", scancode=0)
            step(app)
            assert not app.window.fullscreen and app.size == (1000, 640)
            assert size.value() == "1000 x 640"
        click(app, row_buttons(settings, "Window size")[1].rect.center)  # the next size up from the window's own
        assert app.size == (1280, 720) and size.value() == "1280 x 720"
        post(pygame.VIDEORESIZE, w=900, h=560, size=(900, 560))
        step(app)
    finally:
        app.close()  # the size is saved as the window closes
    saved, _ = SettingsStore().load()
    assert (saved.window_width, saved.window_height) == (900, 560) and not saved.fullscreen
