"""Issue 32, item 10: "How to play does not teach the controls (drag, click twice, arrow keys and Enter, H, U, L, Esc,
the bid keys): add a Controls page. Going from Classic Rook to Classic Hearts takes 7 clicks through 20 presets:
choose the family first." The page is written from the one list the scenes bind their keys from
(game/ui/controls.py), and every key a button answers during a hand is on it. Driven by real pygame events."""

from __future__ import annotations

from collections.abc import Callable

import pygame
import pytest

from game.engine import Hand, load_rules
from game.engine.rules import preset_families
from game.table.controller import TableController
from game.table.local import LocalTable
from game.ui import controls
from game.ui.app import App
from game.ui.game_chooser import family_presets
from game.ui.scenes.dialogs import CardPickScene
from game.ui.scenes.how_to_play import CONTROLS, HowToPlayScene
from game.ui.scenes.scoring import ScoreScene
from game.ui.scenes.settings import HouseRulesScene
from game.ui.scenes.setup import SetupScene
from game.ui.scenes.table import TableScene
from game.ui.widgets import Button
from tests.support.deals import position_where, table_session
from tests.support.kinds import of_kind
from tests.support.ui_helpers import (
    FAST,
    SIZES,
    MakeApp,
    OpenScreen,
    OpenWindow,
    Size,
    answer_dialog,
    click,
    frames,
    play_hand,
    post,
    settled,
    step,
    to_turn,
    top_scene,
)
from tests.support.ui_record import layout_faults


def page_text(page: HowToPlayScene) -> str:
    return " ".join(line for line, *_ in page.lines)


@pytest.mark.parametrize("size", SIZES)
def test_the_controls_page_says_every_control_in_a_players_words(screen: OpenScreen, size: Size) -> None:
    """The Controls tab of How to play: each control of the game's list, what to press or do and what it does
    (drag, click twice, the arrow keys and Enter, H, U, L, Esc, the bid keys, F11 and Alt+Enter), readable and
    clear of other text at every size."""
    app, opened, recorder = screen("how-to-play", size)
    page = of_kind(HowToPlayScene, opened)
    tab = next(button for button in page.chooser.tabs if button.label == "Controls")
    click(app, tab.rect.center)
    assert page.page == CONTROLS and page.rules is None
    said = page_text(page)
    for title, group in controls.SECTIONS:
        assert title in said
        for control in group:
            assert control.how in said and control.does.split(" ")[0] in said
    for words in ("Drag a card to the middle", "Click a card, then click it again", "Left arrow or Right arrow",
                  "Enter, keypad Enter or Space", "H", "U", "L", "Esc", "Up arrow", "Down arrow", "P", "1 to 9",
                  "F11 or Alt+Enter"):
        assert words in [control.how for _, group in controls.SECTIONS for control in group], words
    # the audit: the table's Claim the rest button was the one missing from the page
    assert "Claim the rest:" in said and controls.CLAIM in dict(controls.SECTIONS)["At the table"]
    for _ in range(10):  # to the end of the page
        post(pygame.KEYDOWN, key=pygame.K_PAGEDOWN, mod=0, unicode="", scancode=0)
        step(app)
    assert layout_faults(recorder.ops, size) == []


KEYS_ON_THE_PAGE = {key.code for _, group in controls.SECTIONS for control in group for key in control.keys}


@pytest.mark.parametrize("preset", ["rook-classic", "hearts-classic", "rook-500-5p"])
def test_every_key_a_button_answers_during_a_hand_is_on_the_controls_page(window: OpenWindow,
                                                                          preset: str) -> None:  # noqa: F811
    """No second list that can drift: through a whole hand (the auction, the nest, trump, the called card, the
    pass, the play) and its score sheet and menu, every key of a button drawn enabled is one the Controls page
    names."""
    rules = load_rules(preset)
    app, table, recorder = window(table_session(Hand.deal(rules, seed=11, dealer=rules.players - 1)))
    bound: dict[int, set[str]] = {}

    def note_keys() -> None:
        for op in recorder.live_buttons():
            if op.button is not None and op.button.key is not None:
                bound.setdefault(op.button.key, set()).add(op.label)

    play_hand(app, table, note_keys)
    assert isinstance(app.stack.top, ScoreScene)
    step(app)
    note_keys()
    click(app, app.stack.top.next.rect.center)
    post(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0)
    step(app)
    note_keys()
    assert {"Hint", "Menu", "Resume"} <= set().union(*bound.values())
    assert {pygame.key.name(key): labels for key, labels in bound.items() if key not in KEYS_ON_THE_PAGE} == {}


def test_the_table_plays_by_the_keys_the_page_names(make_app: MakeApp) -> None:
    """The page's PICK and PLAY keys are the ones that choose and play a card."""
    app, session, table = make_app("hearts-classic", humans=1, seed=2)
    for _ in range(400):
        step(app)
        if table.viewer_controls_play() and settled(table):
            break
        if app.stack.top is not table:
            top = top_scene(app, CardPickScene)
            top.chosen = top.cards[: top.count]
            click(app, top.done.rect.center)
    assert table.viewer_controls_play()
    played = len(session.hand.actions)
    post(pygame.KEYDOWN, key=controls.PICK.keys[1].code, mod=0, unicode="", scancode=0)
    step(app)
    assert table.selected is not None
    post(pygame.KEYDOWN, key=controls.PLAY.keys[-1].code, mod=0, unicode=" ", scancode=0)
    step(app)
    assert len(session.hand.actions) == played + 1


@pytest.mark.parametrize("scene", ["how-to-play", "house-rules", "setup"])
def test_from_classic_rook_to_classic_hearts_is_one_click(scene: str) -> None:
    """The family first: its tab shows its classic game; < and > then go through that family's games only, and
    round to the first again."""
    app = App(FAST, search_process=False)
    try:
        opened = app.open(scene, preset="rook-classic")
        step(app)

        def shown() -> str:
            if isinstance(opened, HowToPlayScene):
                return opened.page
            assert isinstance(opened, HouseRulesScene | SetupScene)
            return opened.preset

        def chooser_buttons() -> tuple[list[Button], Button]:
            if isinstance(opened, SetupScene):
                return opened.family_buttons, opened.next
            assert isinstance(opened, HowToPlayScene | HouseRulesScene)
            return opened.chooser.tabs, opened.chooser.next

        tabs, _ = chooser_buttons()
        click(app, next(tab for tab in tabs if tab.label == "Hearts").rect.center)
        assert shown() == "hearts-classic"
        hearts = family_presets()["hearts"]
        seen = [shown()]
        for _ in hearts:
            click(app, chooser_buttons()[1].rect.center)
            seen.append(shown())
        assert seen[-1] == "hearts-classic" and sorted(seen[:-1]) == sorted(hearts)
        assert all(preset_families()[preset] == "hearts" for preset in seen)
        tabs, _ = chooser_buttons()
        click(app, next(tab for tab in tabs if tab.label == "Rook").rect.center)
        assert shown() == "rook-classic"
    finally:
        app.close()


def press(app: App, table: TableScene, key: int) -> str:
    """The line the table says after ``key`` is pressed."""
    table.message = ""
    post(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0)
    step(app)
    return table.message


def test_a_key_whose_button_is_not_there_says_why(make_app: MakeApp) -> None:
    """H, U, L and C answer also when their button is not drawn, with why it is not there, where they did nothing
    and said nothing: there is nothing to undo, no trick has been played yet, it is not your turn (Hint, Claim), a
    claim is made on your lead (RULES.md: Claim the rest, on your lead); under the pass dialog, which would cover
    the line, they still say nothing."""
    app, session, table = make_app("hearts-classic", humans=1, seed=2)
    for _ in frames(20):  # the deal, then the pass dialog
        if table.open_dialog() is not None and settled(table):
            break
        step(app)
    assert table.open_dialog() is not None and press(app, table, controls.UNDO.key) == "", "under the pass dialog"
    to_turn(app, lambda: table.viewer_controls_play() and settled(table))
    assert session.hand.to_move == 0 and not session.hand.tricks and session.hand.trick, "following in trick 1"
    assert not table.last_button.enabled
    assert press(app, table, controls.LAST_TRICK.key) == "No trick has been played yet"
    assert not table.claim_button.enabled
    assert press(app, table, controls.CLAIM.key) == "You may claim the rest only on your lead"
    assert not table.undo_button.enabled and press(app, table, controls.UNDO.key) == "Nothing to undo"

    local = table.table
    assert isinstance(local, LocalTable)
    local.controller.pause = lambda: 60.0  # the next computer waits: a moment that is not the viewer's turn
    post(pygame.KEYDOWN, key=controls.PICK.keys[1].code, mod=0, unicode="", scancode=0)
    post(pygame.KEYDOWN, key=controls.PLAY.keys[-1].code, mod=0, unicode=" ", scancode=0)
    to_turn(app, lambda: settled(table) and session.hand.to_move != 0)
    assert not table.hint_button.enabled and press(app, table, controls.HINT.key) == "It is not your turn"
    assert press(app, table, controls.CLAIM.key) == "It is not your turn"


def test_c_on_your_lead_with_the_rest_not_decided_says_so(window: OpenWindow) -> None:  # noqa: F811
    """RULES.md, the claim: "allowed only when every way to play the rest of the hand" comes to the same result. On
    the viewer's lead early in a hand, C says the remaining tricks are not certain yet."""
    hand = position_where("hearts-classic", lambda h: h.phase == "play" and h.to_move == 0 and not h.trick and
                          len(h.tricks) == 2)
    app, table, _ = window(table_session(hand))
    to_turn(app, lambda: table.viewer_controls_play() and settled(table))
    assert not table.claim_button.enabled
    assert press(app, table, controls.CLAIM.key) == "The remaining tricks are not certain yet"


def test_undo_s_key_at_a_hot_seat_table_says_undo_is_for_games_against_the_computer(make_app: MakeApp) -> None:
    """Hot-seat has no Undo button; its key said nothing."""
    app, _, table = make_app("hearts-classic", humans=2, seed=2)
    for _ in frames(60):  # the passes and hand-offs answered, to a person's card
        if app.stack.top is table and table.viewer_controls_play() and settled(table):
            break
        if not answer_dialog(app):
            step(app)
    assert app.stack.top is table and not table.undo_button.enabled
    assert press(app, table, controls.UNDO.key) == "Undo is for games against the computer"


def test_hint_at_a_table_without_hints_is_off_and_its_key_says_why(blank_window: Callable[..., App]) -> None:
    """A table made without a hint player (TableController's ``hint`` None: no hints at this table) drew Hint
    enabled on the viewer's turn, and a press said nothing. The button is drawn off there, and H says why."""
    app = blank_window()
    hand = position_where("hearts-classic", lambda h: h.phase == "play" and h.to_move == 0 and not h.trick and
                          len(h.tricks) == 2)
    local = LocalTable(TableController(table_session(hand), app.services.worker))  # no hint player
    table = of_kind(TableScene, app.open("table", table=local))
    to_turn(app, lambda: table.viewer_controls_play() and settled(table))
    assert not table.hint_button.enabled
    assert press(app, table, controls.HINT.key) == "This table gives no hints"
    click(app, table.hint_button.rect.center)
    assert table.message == "This table gives no hints" and local.controller.hint_decision is None
