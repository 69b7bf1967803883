"""Issue 32, item 10: "How to play does not teach the controls (drag, click twice, arrow keys and Enter, H, U, L, Esc,
the bid keys): add a Controls page. Going from Classic Rook to Classic Hearts takes 7 clicks through 20 presets:
choose the family first." The page is written from the one list the scenes bind their keys from
(game/ui/controls.py), and every key a button answers during a hand is on it. Driven by real pygame events."""

from __future__ import annotations

import pygame
import pytest

from game.engine import Hand, load_rules
from game.engine.rules import preset_families
from game.ui import controls
from game.ui.app import App
from game.ui.game_chooser import family_presets
from game.ui.scenes.dialogs import CardPickScene
from game.ui.scenes.how_to_play import CONTROLS, HowToPlayScene
from game.ui.scenes.scoring import ScoreScene
from game.ui.scenes.settings import HouseRulesScene
from game.ui.scenes.setup import SetupScene
from game.ui.widgets import Button
from tests.support.deals import table_session
from tests.support.kinds import of_kind
from tests.support.ui_helpers import (
    FAST,
    SIZES,
    MakeApp,
    OpenScreen,
    OpenWindow,
    Size,
    click,
    play_hand,
    post,
    settled,
    step,
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
