"""Dialogs and screens that look finished (issue 25, item 6): the trump dialog shows the colours as tiles, the
Hearts pass dialog names the player the cards go to, the score sheet has no empty band between the hands and the
chart, and game over cheers the winners and offers Rematch, the same players in the same seats."""

from __future__ import annotations

import re

import pygame
import pytest

from game.engine import Hand, load_rules
from game.engine.words import said_of
from game.table.session import SeatPlan, Session
from game.ui.app import App
from game.ui.scenes.dialogs import CardPickScene, HandOffScene, PauseScene, TrumpScene
from game.ui.scenes.how_to_play import HowToPlayScene
from game.ui.scenes.scoring import CELEBRATION_SECONDS, GameOverScene, ScoreScene
from game.ui.scenes.settings import SettingsScene
from game.ui.scenes.table import TableScene
from game.ui.sheet import CHART_GAP, sheet_height
from tests.support.deals import finished_session, position_where, table_session
from tests.support.kinds import hearts_part, of_kind
from tests.support.ui_helpers import (
    FAST,
    LONG_NAMES,
    SIZES,
    OpenWindow,
    Size,
    choose_cards,
    click,
    frames,
    local_table,
    open_dialog,
    played_table,
    post,
    step,
    to_game_over,
    top_scene,
    waiting_for_seat_0,
)
from tests.support.ui_record import Recorder, layout_faults


def test_the_pass_dialog_names_the_player_the_cards_go_to(window: OpenWindow) -> None:
    """Book 002: "all players pass their three cards to the person on their left": the dialog says who that is,
    by name, the seat being the engine's answer from the view (``hearts.pass_receiver``)."""
    app, table, recorder, dialog = open_dialog(window, "pass")
    view = table.view()
    assert hearts_part(view).pass_direction == "left" and view.seat == 0
    assert dialog.title == f"{LONG_NAMES[0]}: pass 3 cards to {LONG_NAMES[1]} (to the left)"
    assert dialog.title in {op.label for op in recorder.texts()}


@pytest.mark.parametrize("preset, labels", [("rook-classic", ["Black", "Green", "Red", "Yellow"]),
                                            ("rook-500-standard-deck",
                                             ["Clubs", "Diamonds", "Hearts", "Spades", "No trump"])])
@pytest.mark.parametrize("size", [(1280, 720), (800, 500)])
def test_trump_is_named_by_a_tile_of_each_colour_offered(window: OpenWindow, preset: str, labels: list[str],
                                                         size: tuple[int, int]) -> None:
    """Each trump the engine offers is a tile showing the colour (or suit) with its name under it, in a panel no
    bigger than they need; a click on a tile names it."""
    hand = position_where(preset, waiting_for_seat_0("trump"))
    app, table, recorder = window(table_session(hand, names=LONG_NAMES[:4]), size)
    for _ in frames(30):
        step(app)
        if isinstance(app.stack.top, TrumpScene):
            break
    dialog = top_scene(app, TrumpScene)
    assert [button.label for button in dialog.buttons] == labels
    pictures = {pygame.image.tobytes(button.picture, "RGBA") for button in dialog.buttons
                if button.picture is not None}  # (a tile without its picture leaves the count short)
    assert len(pictures) == len(labels)
    tiles = dialog.buttons[0].rect.unionall([button.rect for button in dialog.buttons])
    assert dialog.rect.contains(tiles) and dialog.rect.height <= tiles.height + 6 * dialog.px
    assert layout_faults(recorder.ops, size) == []
    click(app, dialog.buttons[1].rect.center)
    assert table.view().trump == labels[1].lower()


@pytest.mark.parametrize("hands", [1, 3])
@pytest.mark.parametrize("size", SIZES)
def test_the_score_sheet_has_no_empty_band(monkeypatch: pytest.MonkeyPatch, hands: int, size: Size) -> None:
    """After the first hand the sheet has one row: the chart starts right under it and the panel ends right under
    the buttons (the panel is as tall as what it shows), and no text meets other text or leaves the window. Seen
    under Xvfb at 800x500: the five buttons of a table whose match runs here (Menu, Copy code, Play again, Review
    hand, See the result) ran past both sides of the panel; they stay inside it, in two rows where one is too
    wide."""
    table = played_table("rook-classic", ["You", "West", "North", "East"], hands)
    app = App(FAST, search_process=False)
    try:
        recorder = Recorder(monkeypatch, app)
        scene = of_kind(ScoreScene, app.open("score-sheet", table=table, on_next=lambda: None,
                                                  play_again=lambda: None))
        post(pygame.VIDEORESIZE, w=size[0], h=size[1], size=size)
        step(app)
        assert isinstance(scene, ScoreScene) and scene.chart_rect is not None
        assert scene.sheet_rect.height == sheet_height(hands, scene.px - 2)
        assert scene.chart_rect.top == scene.sheet_rect.bottom + CHART_GAP
        assert scene.rect.bottom - max(button.rect.bottom for button in scene.buttons) < scene.px * 2
        assert scene.next.rect.top > scene.chart_rect.bottom
        assert len(scene.buttons) == 5 and all(scene.rect.contains(button.rect) for button in scene.buttons)
        assert all(a.rect.right < b.rect.left or a.rect.bottom < b.rect.top
                   for a, b in zip(scene.buttons, scene.buttons[1:]))
        assert layout_faults(recorder.ops, size) == []
    finally:
        app.close()


def test_long_names_on_the_score_sheet_are_cut_with_an_ellipsis_and_the_scores_shown_whole(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Seen at 800x500 with five long names: the sheet narrowed every column alike, so the headings were cut
    mid-letter with nothing to say so ("Han" for Hand) while the score columns had room to spare. Now the names give
    up their room first and end with an ellipsis, and the hand's number and every score are drawn whole."""
    table = played_table("hearts-5p", LONG_NAMES[:5], 3)
    app = App(FAST, search_process=False)
    try:
        recorder = Recorder(monkeypatch, app)
        of_kind(ScoreScene, app.open("score-sheet", table=table, on_next=lambda: None, play_again=lambda: None))
        post(pygame.VIDEORESIZE, w=800, h=500, size=(800, 500))
        step(app)
        drawn = [op.label for op in recorder.texts()]
        scores = [f"{change:+d} = {total}" for result, totals in zip(table.results(), table.totals())
                  for change, total in zip(result.score_change, totals)]
        assert all(score in drawn for score in scores), (scores, drawn)
        assert "Hand" in drawn
        cut = [label for label in drawn if label.endswith("…")]
        assert len(cut) == 5 and all(LONG_NAMES[seat].startswith(label[:-1]) for seat, label in enumerate(cut)), cut
        assert layout_faults(recorder.ops, (800, 500)) == []
    finally:
        app.close()


def match_to_end_in_the_window() -> Session:
    """A hearts match (house rule: to 10 points) with its last card still to play, by a computer: two people
    hot-seat, two computers of different levels."""
    ended = finished_session(1)
    record = ended.hand.record()
    ended.match.hand = Hand.from_record({**record, "actions": record["actions"][:-1]})
    last = ended.hand.to_move
    people = [seat for seat in range(4) if seat != last][:2]
    seats = [SeatPlan(name, seat in people, level) for seat, (name, level)
             in enumerate(zip(["Ann", "Bo", "Cy", "Di"], ["normal", "hard", "easy", "hard"]))]
    return Session(ended.match, seats)


def test_game_over_cheers_the_winners_then_keeps_still() -> None:
    """The winners named in the title, confetti falling for a moment (frames at the full rate), then a still
    screen that draws only on input."""
    app = App(FAST, search_process=False)
    try:
        session = match_to_end_in_the_window()
        app.open("table", session=session)
        over = to_game_over(app)
        assert over.title == said_of([session.name(seat) for seat in session.match.winners], "{name} wins!",
                                     "You win!", "{names} win!")
        assert over.title in {"Ann wins!", "Bo wins!", "Cy wins!", "Di wins!"} or " and " in over.title
        assert over.next_frame() == 0
        over.update(CELEBRATION_SECONDS)
        assert over.next_frame() is None
    finally:
        app.close()


def test_rematch_keeps_the_seats_names_levels_and_house_rules() -> None:
    """Issue 25: "today New game forgets the hot-seat players". Rematch starts a new match at once (the old one is
    over, so nothing is asked) with every seat as it was: its name, person or computer, and level, under the same
    rules, house rules included."""
    app = App(FAST, search_process=False)
    try:
        session = match_to_end_in_the_window()
        assert session.rules.target == 10 != load_rules("hearts-classic").target  # a house rule
        app.open("table", session=session)
        over = to_game_over(app)
        assert isinstance(over, GameOverScene) and over.buttons[0].label == "Rematch"
        click(app, over.buttons[0].rect.center)
        table = next(scene for scene in app.stack.scenes if isinstance(scene, TableScene))
        again = local_table(table).session
        assert again is not session and again.match.history == [] and not again.match.is_over
        assert again.seats == session.seats and again.seats[0] is not session.seats[0]
        assert again.rules == session.rules and again.hot_seat
        assert isinstance(app.stack.top, HandOffScene) or app.stack.top is table
    finally:
        app.close()


def test_game_over_without_a_rematch_offers_new_game_first() -> None:
    """Rematch starts a match here, so the table scene gives one only to a table whose match ran here; a table on
    another computer opens game over without it, and New game comes first, on Enter."""
    app = App(FAST, search_process=False)
    try:
        table = played_table("hearts-classic", ["Ann", "Bo", "Cy", "Di"], 1)
        over = of_kind(GameOverScene, app.open("game-over", table=table))
        assert "Rematch" not in [button.label for button in over.buttons]
        assert over.buttons[0].label == "New game" and over.buttons[0].key == pygame.K_RETURN
    finally:
        app.close()


@pytest.mark.parametrize("preset", ["hearts-classic", "rook-classic", "rook-6p", "hearts-royal"])
@pytest.mark.parametrize("size", SIZES)
def test_the_last_trick_leaves_the_trick_being_played_in_view(window: OpenWindow, preset: str, size: Size) -> None:
    """Issue 32, item 12: "Last trick covers the current trick (East's card hidden while it is open)". With the
    last trick open (L), every card of the trick in progress is drawn and nothing is drawn over it, and the panel's
    text stays clear, with the longest names."""
    rules = load_rules(preset)
    hand = position_where(preset, lambda h: h.phase == "play" and h.to_move == 0 and len(h.trick) == rules.players - 1
                          and len(h.tricks) >= 1)
    app, table, recorder = window(table_session(hand, names=LONG_NAMES[: rules.players]), size)
    for _ in frames(30):
        step(app)
        if table.viewer_controls_play() and not table.motion.busy:
            break
    post(pygame.KEYDOWN, key=pygame.K_l, mod=0, unicode="l", scancode=0)
    step(app)
    assert table.reviewing
    ops = recorder.ops
    playing = {card for _, card in table.view().trick}
    shown = [(i, op) for i, op in enumerate(ops) if op.kind == "card" and op.label in playing]
    assert {op.label for _, op in shown} == playing
    panels = [later for later in ops if later.kind == "cover" and later.scene == "table"]
    assert panels, "the last trick's panel is drawn"
    for i, op in shown:
        over = [later for later in ops[i + 1:] if later.rect.colliderect(op.rect) and
                (later.kind == "cover" or later.kind == "card" and later.label not in playing)]
        assert not over, f"{op.label} of the trick in progress is covered by {over}"
    last = {card for _, card in table.view().tricks[-1].cards}
    assert last <= {op.label for op in recorder.cards()}
    assert layout_faults(ops, size) == []


@pytest.mark.parametrize("size", SIZES)
def test_cards_received_in_a_pass_are_named_with_who_passed_them(window: OpenWindow, size: Size) -> None:
    """Issue 32, item 16: "Cards received in a Hearts pass are outlined in violet without a word". Book 002: "all
    players pass their three cards to the person on their left", so the player on the right passed them: the table
    says so in the engine's names for the cards, in the violet of their outline, until the player first plays."""
    app, table, recorder, opened = open_dialog(window, "pass", size)
    dialog = of_kind(CardPickScene, opened)
    choose_cards(app, dialog, dialog.cards[: dialog.count])
    for _ in frames(30):
        step(app)
        if table.view().phase == "play" and not table.motion.busy:
            break
    view = table.view()
    assert hearts_part(view).pass_direction == "left" and view.seat == 0 and len(hearts_part(view).received) == 3
    rules = table.table.rules
    line = f"{LONG_NAMES[3]} passed you {rules.player_cards_text(hearts_part(view).received)}"
    assert re.fullmatch(rf"{LONG_NAMES[3]} passed you (\d+|[JQKA])[♣♦♥♠], .+, .+", line), line
    above_hand = sorted((op for op in recorder.texts() if op.label in line and abs(op.rect.centerx - size[0] // 2) < 4
                         and table.place.centre[1] < op.rect.top < op.rect.bottom < table.place.hand_top()),
                        key=lambda op: op.rect.y)
    assert " ".join(op.label for op in above_hand) == line  # on as many rows as the room above the hand needs
    assert layout_faults(recorder.ops, size) == []
    for _ in frames(60):  # once the player has played, the cards and the line are theirs like any other
        if table.viewer_controls_play():
            table.act(f"play {next(choice.card for choice in table.view().legal)}")
            step(app)
            break
        step(app)
    step(app)
    assert "passed you" not in " ".join(op.label for op in recorder.texts())


@pytest.mark.parametrize("size", SIZES)
def test_the_menu_is_a_panel_that_opens_how_to_play_and_settings_over_the_table(window: OpenWindow, size: Size) -> None:
    """Issue 32, item 11: "The in-game Esc menu is three buttons floating over the bid dialog with no panel, and
    offers neither How to play nor Settings." Esc over the bid dialog: a panel behind every button of the menu,
    with How to play (this table's game, under its rules) and Settings, each opened over the table and coming back
    to the menu, then Resume back to the dialog; the text stays clear at every size."""
    app, table, recorder, dialog = open_dialog(window, "bid", size)
    post(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="\x1b", scancode=0)
    step(app)
    menu = app.stack.top
    assert isinstance(menu, PauseScene)
    assert [b.label for b in menu.buttons] == ["Resume", "How to play", "Settings", "Main menu", "Quit"]
    panels = [op.rect for op in recorder.ops if op.kind == "cover" and op.scene == "pause"]
    assert panels and all(panels[-1].contains(button.rect) for button in menu.buttons)
    assert {op.label for op in recorder.live_buttons()} == {b.label for b in menu.buttons}
    assert layout_faults(recorder.ops, size) == []

    click(app, menu.buttons[1].rect.center)  # How to play
    page = app.stack.top
    assert isinstance(page, HowToPlayScene) and page.rules is table.table.rules and "your table" in page.title
    step(app)
    assert layout_faults(recorder.ops, size) == []
    post(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="\x1b", scancode=0)
    step(app)
    assert app.stack.top is menu

    click(app, menu.buttons[2].rect.center)  # Settings: larger cards, and the table under it follows
    settings = app.stack.top
    assert isinstance(settings, SettingsScene)
    card_width = table.place.cw
    row = next(i for i, r in enumerate(settings.rows) if r.label == "Card size") - settings.first
    click(app, settings.controls[2 * row + 1].rect.center)
    post(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="\x1b", scancode=0)
    step(app)
    assert app.stack.top is menu and table.place.cw > card_width
    click(app, menu.buttons[0].rect.center)
    assert app.stack.top is dialog
